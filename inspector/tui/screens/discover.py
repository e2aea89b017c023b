"""Discovery: the session stores of this machine (`service.discovery`), grouped by tool
and project, newest first; counts filled in as a worker reads each store; enter opens
one (its sessions screen; esc comes back here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from inspector.formats.terminal import visible
from inspector.tui.messages import ReportsWorkerErrors
from inspector.tui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from inspector.service.discovery import Found
    from inspector.tui.app import InspectorApp

COLUMNS = (("tool", "tool"), ("project", "project"), ("modified", "modified"), ("sessions", "sessions"),
           ("messages", "messages"), ("tokens", "~tokens"), ("path", "file"))


@dataclass
class StoresFound(Message):
    """The stores on this machine are found (their sizes still to fill)."""

    found: list[Found]


@dataclass
class StoreFilled(Message):
    """One store's size and sessions are known."""

    index: int
    found: Found


class DiscoverScreen(ReportsWorkerErrors, Screen[None]):
    """The session stores found on this machine, to open one."""

    AUTO_FOCUS = "#discover-table"
    BINDINGS = [
        Binding("enter", "open", "Open", id="discover.open", show=True),
        Binding("R", "rescan", "Rescan", id="discover.rescan"),
        Binding("q", "app.quit", "Quit", id="discover.quit"),
    ]

    def __init__(self) -> None:
        super().__init__(id="discover")
        self.found: list[Found] = []
        self.filled = 0

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """The status line and the table of stores."""
        yield Header()
        yield Static("looking for sessions…", id="discover-status")
        table: DataTable[Any] = DataTable(cursor_type="row", zebra_stripes=True, id="discover-table")
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        yield table
        yield KeyFooter()

    def on_mount(self) -> None:
        """Start looking for stores."""
        self.title = "inspector"
        self.sub_title = "sessions on this machine"
        self._scan()

    def action_rescan(self) -> None:
        """Look for stores again."""
        self._scan()

    @work(thread=True, exclusive=True, group="discover", exit_on_error=False, description="discover")
    def _scan(self) -> None:
        from inspector.service.discovery import discover, fill

        found = discover()
        self.post_message(StoresFound(found))
        for k, f in enumerate(found):  # newest first: what the user most likely opens fills first
            self.post_message(StoreFilled(k, fill(f)))

    def on_stores_found(self, message: StoresFound) -> None:
        """List the stores found."""
        self.found = message.found
        self.filled = 0
        table = self.query_one("#discover-table", DataTable)
        table.clear()
        for k, f in enumerate(self.found):
            table.add_row(Text(f.tool_name), Text(visible(f.project)),
                          f.modified.astimezone().strftime("%Y-%m-%d %H:%M"), "…", "…", "…",
                          Text(visible(f.path.name), style="dim"), key=str(k))
        self._status()

    def on_store_filled(self, message: StoreFilled) -> None:
        """Fill in one store's row."""
        f = message.found
        self.filled += 1
        table = self.query_one("#discover-table", DataTable)
        key = str(message.index)
        if f.error:
            table.update_cell(key, "sessions", Text("error", style="red"))
        else:
            for col, value in (("sessions", f.sessions), ("messages", f.messages), ("tokens", f.tokens)):
                table.update_cell(key, col, Text(f"{value or 0:,}", justify="right"))
        self._status()

    def _status(self) -> None:
        n = len(self.found)
        text = (f"{n:,} session stores" + (f" · counting {self.filled:,}/{n:,}" if self.filled < n else "")
                + "  —  enter: open · R: rescan · q: quit") if n else (
            "no sessions found (Claude Code, Codex, the llm CLI, or databases in this directory)")
        self.query_one("#discover-status", Static).update(Text(text))

    def selected(self) -> Found | None:
        """The store under the cursor, or None."""
        table = self.query_one("#discover-table", DataTable)
        if not table.row_count:
            return None
        row = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.found[int(str(row))]

    def action_open(self) -> None:
        """Open the store under the cursor."""
        f = self.selected()
        if f is not None:
            self.inspector.open_store(f.path)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Open the store chosen."""
        self.action_open()
