"""Sessions: every session of the source or workspace, sortable and filterable."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Label, ProgressBar, Select, Static

from inspector.engine.wording import plural
from inspector.formats.terminal import visible
from inspector.service.store import SessionRow
from inspector.tui.colors import TokenScale, heat_style
from inspector.tui.messages import LoadProgress, ReportsWorkerErrors, SessionsLoaded
from inspector.tui.widgets.footer import KeyFooter
from inspector.tui.widgets.table import RowTable

if TYPE_CHECKING:
    from textual.worker import Worker

    from inspector.tui.app import InspectorApp

WINDOWS = (("32k", 32_768), ("128k", 128_000), ("200k", 200_000), ("400k", 400_000), ("1M", 1_000_000))

# What tells sessions apart comes first, so it stays on screen at any width; the id
# (long: format prefix + name + hash) is last and cut, the detail line has it whole.
COLUMNS = (
    ("title", "title"),
    ("messages", "messages"),
    ("tokens", "tokens"),
    ("window", "% window"),
    ("format", "format"),
    ("activity", "last activity"),
    ("id", "id"),
)
ID_WIDTH = 24



def window_label(tokens: int) -> str:
    """A context window as people write it: 128k, 1M, 200k, 32,768."""
    if tokens % 1_000_000 == 0:
        return f"{tokens // 1_000_000}M"
    if tokens % 1000 == 0:
        return f"{tokens // 1000}k"
    return f"{tokens:,}"


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


@dataclass
class RowsArrived(Message):
    """Rows loaded so far (posted in batches while a big source loads)."""

    rows: list[SessionRow]


def _when(ts: datetime | None) -> str:
    return ts.strftime("%Y-%m-%d %H:%M") if ts else "–"


class SessionsScreen(ReportsWorkerErrors, Screen[None]):
    """The sessions of the store: a filterable, sortable table with tokens against a window."""

    AUTO_FOCUS = "#sessions-table"

    BINDINGS = [
        Binding("enter", "open", "Open", id="sessions.open", show=True),
        Binding("slash", "filter", "Filter", id="sessions.filter"),
        Binding("escape", "clear_filter", "Clear filter", id="sessions.clear_filter", show=False),
        Binding("s", "cycle_sort", "Sort", id="sessions.sort"),
        Binding("w", "cycle_window", "Window", id="sessions.window"),
        Binding("R", "reload", "Reload", id="sessions.reload"),
        Binding("q", "app.quit", "Quit", id="sessions.quit"),
    ]

    def __init__(self) -> None:
        super().__init__(id="sessions")
        self.rows: list[SessionRow] = []
        self.sort_key = "tokens"
        self.sort_reverse = True
        self.window = 128_000
        self.loaded = False
        self.load_error: str | None = None  # why the last load failed
        self._arrived: list[SessionRow] = []

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """The filter, the window choice, the table and the status line."""
        yield Header()
        with Horizontal(id="sessions-bar"):
            yield Input(placeholder="filter: id, title, format…  (/)", id="sessions-filter")
            yield Label("window", id="window-label")
            yield Select(self._window_options(), value=self._default_window(), allow_blank=False,
                         id="sessions-window")
        yield ProgressBar(total=None, show_eta=False, id="sessions-progress")
        yield Static("", id="sessions-status")
        yield Static("", id="sessions-detail")
        table: DataTable[Any] = RowTable(cursor_type="row", zebra_stripes=True, id="sessions-table")
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        yield table
        yield KeyFooter()

    def _default_window(self) -> int:
        # The one window of the app's config: the session view plans against the same.
        self.window = self.inspector.config.context_window
        return self.window

    def _window_options(self) -> list[tuple[str, int]]:
        values = sorted({v for _, v in WINDOWS} | {self.inspector.config.context_window})
        return [(window_label(v), v) for v in values]

    def on_screen_resume(self) -> None:
        """Follow a window changed in a session's screen."""
        # The session view may have changed the window (a knob, a preset, another model).
        want = self.inspector.config.context_window
        if want != self.window:
            select = self.query_one("#sessions-window", Select)
            with select.prevent(Select.Changed):
                select.set_options(self._window_options())
                select.value = want
            self.window = want
            self.refresh_table()

    def on_mount(self) -> None:
        """Start loading the sessions (the worker once the screen is painted)."""
        self.title = "inspector"
        self.sub_title = self.inspector.data.label
        self.load(after_paint=True)

    # ------------------------------------------------------------------ loading

    def action_reload(self) -> None:
        """Load the sessions again."""
        self.load()

    def load(self, *, after_paint: bool = False) -> None:
        """Load the sessions (on a worker), the table filled as rows arrive.

        Args:
            after_paint: start the worker after the next refresh: on the app's first
                screen, the worker (the token counter's encoding, a demo's import) held
                the interpreter lock the first frame needed (bench/run.py
                `tui_first_frame_vs_textual`).
        """
        bar = self.query_one("#sessions-progress", ProgressBar)
        bar.display = True
        bar.update(total=None, progress=0)
        self.load_error = None
        self.query_one("#sessions-status", Static).update("loading…")
        if after_paint:
            self.call_after_refresh(self._load)
        else:
            self._load()

    @work(thread=True, exclusive=True, group="sessions-load", exit_on_error=False, description="sessions-load")
    def _load(self) -> None:
        start = time.perf_counter()
        app = self.inspector
        counter = app.counter()

        batch: list[SessionRow] = []
        last = [time.perf_counter()]

        def progress(done: int, total: int, what: str) -> None:
            self.post_message(LoadProgress(done, total, what))

        def each(row: SessionRow) -> None:
            batch.append(row)
            now = time.perf_counter()
            if now - last[0] > 0.25:  # a few updates a second, not one message per row
                last[0] = now
                self.post_message(RowsArrived(list(batch)))

        rows = app.data.list_sessions(counter, progress, each)
        self.post_message(SessionsLoaded(rows, counter.name, time.perf_counter() - start))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A load that failed ends loading: the error stays on the status line (the
        toast goes), the progress bar goes, and `R` tries again."""
        from textual.worker import WorkerState

        super().on_worker_state_changed(event)
        if event.worker.group == "sessions-load" and event.state == WorkerState.ERROR:
            self.load_error = str(event.worker.error)
            self.loaded = True
            self.query_one("#sessions-progress", ProgressBar).display = False
            self.refresh_table()

    def on_load_progress(self, message: LoadProgress) -> None:
        """Show how far loading is."""
        bar = self.query_one("#sessions-progress", ProgressBar)
        bar.update(total=message.total or None, progress=message.done)
        self.query_one("#sessions-status", Static).update(
            Text(f"loading {message.done:,}/{message.total:,} {message.what}"))

    def on_rows_arrived(self, message: RowsArrived) -> None:
        """Show the rows so far."""
        if self.loaded:
            return  # a late batch after the full list
        self.rows = message.rows
        self.refresh_table()

    def on_sessions_loaded(self, message: SessionsLoaded) -> None:
        """Show every row and the counter that counted them."""
        self.rows = message.rows
        self.loaded = True
        self._counter_name = message.counter
        self._seconds = message.seconds
        self.query_one("#sessions-progress", ProgressBar).display = False
        self.refresh_table()
        self.inspector.sessions_loaded(self.rows)

    def _status(self, shown: list[SessionRow]) -> None:
        if not self.loaded:
            return  # the progress line is showing
        if self.load_error is not None:
            self.query_one("#sessions-status", Static).update(Text(
                f"load failed: {visible(self.load_error)}  —  R: try again · q: quit", style="bold red"))
            return
        total = sum(r.tokens for r in shown)
        count = plural(len(shown), "session")
        if len(shown) != len(self.rows):
            count = f"{len(shown):,} of {plural(len(self.rows), 'session')}"
        seconds = getattr(self, "_seconds", 0.0)
        self.query_one("#sessions-status", Static).update(Text(
            f"{count} · {total:,} tokens ({getattr(self, '_counter_name', '')})"
            + (f" · loaded in {seconds:.2f}s" if self.inspector.show_timings else "")
            + "  —  enter: open · /: filter · s: sort · w: window · q: quit"))

    # ------------------------------------------------------------------ table

    def visible_rows(self) -> list[SessionRow]:
        """The rows the filter keeps, in the chosen order."""
        query = self.query_one("#sessions-filter", Input).value.strip().lower()
        rows = self.rows
        if query:
            terms = query.split()
            rows = [r for r in rows if all(t in f"{r.id} {r.title} {r.format} {r.source}".lower() for t in terms)]
        key = self.sort_key
        if key == "window":
            key = "tokens"
        if key == "activity":
            def sort_value(r: SessionRow) -> float | str:
                return r.last_activity.timestamp() if r.last_activity else 0.0
        else:
            def sort_value(r: SessionRow) -> float | str:
                v = getattr(r, key)
                return v.lower() if isinstance(v, str) else v
        return sorted(rows, key=sort_value, reverse=self.sort_reverse)

    def refresh_table(self) -> None:
        """Fill the table again, keeping the selected session."""
        table = self.query_one("#sessions-table", DataTable)
        selected = self.selected_id()
        table.clear()
        rows = self.visible_rows()
        scale = TokenScale(max((r.tokens for r in self.rows), default=2))
        # The title takes what the four numbers and the cut id leave.
        title_width = max(16, min(60, self.size.width - 52)) if self.size.width else 40
        for r in rows:
            share = r.tokens / self.window if self.window else 0.0
            share_style = "bold red" if share > 1 else ("yellow" if share > 0.6 else "")
            table.add_row(
                Text(_cut(visible(r.title or r.id), title_width)), Text(f"{r.messages:,}", justify="right"),
                Text(f"{r.tokens:,}", style=heat_style(scale.step(r.tokens)), justify="right"),
                Text(f"{share:.1%}", style=share_style, justify="right"), Text(r.format),
                _when(r.last_activity), Text(_cut(visible(r.id), ID_WIDTH), style="dim"),
                key=r.id,
            )
        for key, label in COLUMNS:
            if key == "window":
                label = f"% of {window_label(self.window)}" if self.size.width >= 120 else label
            arrow = (" ▼" if self.sort_reverse else " ▲") if key == self.sort_key else ""
            column = table.columns[key]  # type: ignore[index]
            column.label = Text(label + arrow)
            # the label set after the rows: widen the column to it, or the arrow and the
            # window's "k" were cut off ("% of 128")
            column.content_width = max(column.content_width, column.label.cell_len)
        if selected is not None and selected in {r.id for r in rows}:
            table.move_cursor(row=table.get_row_index(selected))
        table.refresh()
        self._status(rows)
        self._show_detail()

    def _show_detail(self) -> None:
        """The selected session whole: its full id, format and source."""
        sid = self.selected_id()
        row = next((r for r in self.rows if r.id == sid), None)
        detail = self.query_one("#sessions-detail", Static)
        if row is None:
            detail.update("")
            return
        text = Text()
        text.append(visible(row.id), style="bold")
        text.append(f"  ·  {row.format}  ·  {plural(row.tool_calls, 'tool call')}")
        if row.versions:
            text.append(f"  ·  {plural(row.versions, 'version')}")
        if row.source:
            text.append(f"  ·  {visible(row.source)}", style="dim")
        detail.update(text)

    @on(DataTable.RowHighlighted, "#sessions-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_resize(self) -> None:
        """Draw the table again at the new width."""
        if self.rows:
            self.refresh_table()

    def selected_id(self) -> str | None:
        """The id of the session under the cursor, or None."""
        table = self.query_one("#sessions-table", DataTable)
        if not table.row_count:
            return None
        try:
            return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        except Exception:
            return None

    @on(Input.Changed, "#sessions-filter")
    def _filter(self, event: Input.Changed) -> None:
        self.refresh_table()

    @on(Input.Submitted, "#sessions-filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        self.query_one("#sessions-table").focus()

    @on(Select.Changed, "#sessions-window")
    def _window(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK:
            self.window = int(str(event.value))
            app = self.inspector
            if app.config.context_window != self.window:
                # One window for the list and the session view: it is the config's.
                app.config = app.config.with_values({"tokens.context_window": self.window})
            self.refresh_table()

    @on(DataTable.HeaderSelected)
    def _header(self, event: DataTable.HeaderSelected) -> None:
        key = str(event.column_key.value)
        if key == self.sort_key:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_key, self.sort_reverse = key, key in ("tokens", "messages", "window", "activity")
        self.refresh_table()

    @on(DataTable.RowSelected, "#sessions-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self.inspector.open_session(str(event.row_key.value))

    def action_open(self) -> None:
        """Open the session under the cursor."""
        sid = self.selected_id()
        if sid:
            self.inspector.open_session(sid)

    def action_filter(self) -> None:
        """Focus the filter."""
        self.query_one("#sessions-filter", Input).focus()

    def action_clear_filter(self) -> None:
        """Clear the filter, or go back to discovery when it is empty."""
        inp = self.query_one("#sessions-filter", Input)
        if inp.value:
            inp.value = ""
        elif len(self.app.screen_stack) > 2:  # opened from discovery: back to it
            self.app.pop_screen()
            return
        self.query_one("#sessions-table").focus()

    def action_cycle_sort(self) -> None:
        """Sort by the next column."""
        keys = [k for k, _ in COLUMNS]
        self.sort_key = keys[(keys.index(self.sort_key) + 1) % len(keys)]
        self.sort_reverse = self.sort_key in ("tokens", "messages", "window", "activity")
        self.refresh_table()

    def action_cycle_window(self) -> None:
        """Use the next context window."""
        values = [v for _, v in self._window_options()]
        nxt = values[(values.index(self.window) + 1) % len(values)] if self.window in values else values[0]
        self.query_one("#sessions-window", Select).value = nxt
