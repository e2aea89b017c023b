"""Sessions: every session of the source or workspace, sortable and filterable."""

from __future__ import annotations

import time
from datetime import datetime
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Label, ProgressBar, Select, Static

from inspector.formats.terminal import visible
from inspector.tui.colors import TokenScale, heat_style
from inspector.tui.data import SessionRow
from inspector.tui.messages import LoadProgress, ReportsWorkerErrors, SessionsLoaded

if TYPE_CHECKING:
    from inspector.tui.app import InspectorApp

WINDOWS = (("32k", 32_768), ("128k", 128_000), ("200k", 200_000), ("400k", 400_000), ("1M", 1_000_000))

COLUMNS = (
    ("id", "id"),
    ("title", "title"),
    ("format", "format"),
    ("messages", "messages"),
    ("tokens", "tokens"),
    ("window", "% window"),
    ("activity", "last activity"),
)


def _when(ts: datetime | None) -> str:
    return ts.strftime("%Y-%m-%d %H:%M") if ts else "–"


class SessionsScreen(ReportsWorkerErrors, Screen):
    AUTO_FOCUS = "#sessions-table"

    BINDINGS = [
        Binding("enter", "open", "Open", id="sessions.open", show=True),
        Binding("slash", "filter", "Filter", id="sessions.filter"),
        Binding("escape", "clear_filter", "Clear filter", id="sessions.clear_filter", show=False),
        Binding("s", "cycle_sort", "Sort", id="sessions.sort"),
        Binding("w", "cycle_window", "Window", id="sessions.window"),
        Binding("R", "reload", "Reload", id="sessions.reload"),
    ]

    def __init__(self) -> None:
        super().__init__(id="sessions")
        self.rows: list[SessionRow] = []
        self.sort_key = "tokens"
        self.sort_reverse = True
        self.window = 128_000
        self.loaded = False

    @property
    def inspector(self) -> InspectorApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="sessions-bar"):
            yield Input(placeholder="filter: id, title, format…  (/)", id="sessions-filter")
            yield Label("window", id="window-label")
            yield Select([(name, value) for name, value in WINDOWS], value=self._default_window(),
                         allow_blank=False, id="sessions-window")
        yield ProgressBar(total=None, show_eta=False, id="sessions-progress")
        yield Static("", id="sessions-status")
        table: DataTable = DataTable(cursor_type="row", zebra_stripes=True, id="sessions-table")
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        yield table
        yield Footer()

    def _default_window(self) -> int:
        want = self.inspector.config.context_window
        values = [v for _, v in WINDOWS]
        self.window = want if want in values else min(values, key=lambda v: abs(v - want))
        return self.window

    def on_mount(self) -> None:
        self.title = "inspector"
        self.sub_title = self.inspector.data.label
        self.load()

    # ------------------------------------------------------------------ loading

    def action_reload(self) -> None:
        self.load()

    def load(self) -> None:
        bar = self.query_one("#sessions-progress", ProgressBar)
        bar.display = True
        bar.update(total=None, progress=0)
        self.query_one("#sessions-status", Static).update("loading…")
        self._load()

    @work(thread=True, exclusive=True, group="sessions-load", exit_on_error=False)
    def _load(self) -> None:
        start = time.perf_counter()
        app = self.inspector
        counter = app.counter()

        def progress(done: int, total: int, what: str) -> None:
            self.post_message(LoadProgress(done, total, what))

        rows = app.data.list_sessions(counter, progress)
        self.post_message(SessionsLoaded(rows, counter.name, time.perf_counter() - start))

    def on_load_progress(self, message: LoadProgress) -> None:
        bar = self.query_one("#sessions-progress", ProgressBar)
        bar.update(total=message.total or None, progress=message.done)
        self.query_one("#sessions-status", Static).update(
            f"loading {message.done}/{message.total} {message.what}")

    def on_sessions_loaded(self, message: SessionsLoaded) -> None:
        self.rows = message.rows
        self.loaded = True
        self.query_one("#sessions-progress", ProgressBar).display = False
        total = sum(r.tokens for r in self.rows)
        self.query_one("#sessions-status", Static).update(
            f"{len(self.rows)} session(s) · {total:,} tokens ({message.counter})"
            + (f" · loaded in {message.seconds:.2f}s" if self.inspector.show_timings else "")
            + "  —  enter: open · /: filter · s: sort · w: window")
        self.refresh_table()
        self.inspector.sessions_loaded(self.rows)

    # ------------------------------------------------------------------ table

    def visible_rows(self) -> list[SessionRow]:
        query = self.query_one("#sessions-filter", Input).value.strip().lower()
        rows = self.rows
        if query:
            terms = query.split()
            rows = [r for r in rows if all(t in f"{r.id} {r.title} {r.format} {r.source}".lower() for t in terms)]
        key = self.sort_key
        if key == "window":
            key = "tokens"
        if key == "activity":
            def sort_value(r: SessionRow):
                return r.last_activity.timestamp() if r.last_activity else 0.0
        else:
            def sort_value(r: SessionRow):
                v = getattr(r, key)
                return v.lower() if isinstance(v, str) else v
        return sorted(rows, key=sort_value, reverse=self.sort_reverse)

    def refresh_table(self) -> None:
        table = self.query_one("#sessions-table", DataTable)
        selected = self.selected_id()
        table.clear()
        rows = self.visible_rows()
        scale = TokenScale(max((r.tokens for r in self.rows), default=2))
        for r in rows:
            share = r.tokens / self.window if self.window else 0.0
            share_style = "bold red" if share > 1 else ("yellow" if share > 0.6 else "")
            table.add_row(
                Text(visible(r.id)), Text(visible(r.title or "")[:40]), r.format, Text(f"{r.messages:,}", justify="right"),
                Text(f"{r.tokens:,}", style=heat_style(scale.step(r.tokens)), justify="right"),
                Text(f"{share:.1%}", style=share_style, justify="right"), _when(r.last_activity),
                key=r.id,
            )
        for key, label in COLUMNS:
            arrow = (" ▼" if self.sort_reverse else " ▲") if key == self.sort_key else ""
            table.columns[key].label = Text(label + arrow)  # type: ignore[index]
        if selected is not None and selected in {r.id for r in rows}:
            table.move_cursor(row=table.get_row_index(selected))
        table.refresh()

    def selected_id(self) -> str | None:
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
            self.window = int(event.value)  # type: ignore[arg-type]
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
        sid = self.selected_id()
        if sid:
            self.inspector.open_session(sid)

    def action_filter(self) -> None:
        self.query_one("#sessions-filter", Input).focus()

    def action_clear_filter(self) -> None:
        inp = self.query_one("#sessions-filter", Input)
        if inp.value:
            inp.value = ""
        self.query_one("#sessions-table").focus()

    def action_cycle_sort(self) -> None:
        keys = [k for k, _ in COLUMNS]
        self.sort_key = keys[(keys.index(self.sort_key) + 1) % len(keys)]
        self.sort_reverse = self.sort_key in ("tokens", "messages", "window", "activity")
        self.refresh_table()

    def action_cycle_window(self) -> None:
        values = [v for _, v in WINDOWS]
        nxt = values[(values.index(self.window) + 1) % len(values)] if self.window in values else values[1]
        self.query_one("#sessions-window", Select).value = nxt
