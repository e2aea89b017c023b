"""Versions of a session: view one, or go back to the config that made it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from inspector.formats.terminal import visible
from inspector.service.store import VersionRow
from inspector.tui.messages import ReportsWorkerErrors, VersionsLoaded
from inspector.tui.widgets.footer import KeyFooter
from inspector.tui.widgets.table import RowTable

if TYPE_CHECKING:
    from inspector.tui.app import InspectorApp


class VersionsScreen(ReportsWorkerErrors, ModalScreen[Any]):
    """Dismisses with the config of a version to restore it, or None."""

    BINDINGS = [
        Binding("escape,q", "dismiss_none", "Close", id="versions.close"),
        Binding("enter", "view", "View messages", id="versions.view"),
        Binding("r", "restore", "Restore its config", id="versions.restore"),
    ]

    def __init__(self, session_id: str) -> None:
        super().__init__()
        self.session_id = session_id
        self.rows: list[VersionRow] = []

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """The table of versions."""
        with Vertical(id="versions-dialog", classes="dialog"):
            yield Static(Text(f"Versions of {visible(self.session_id)}", style="bold"), classes="dialog-title")
            table: DataTable[Any] = RowTable(cursor_type="row", id="versions-table")
            for key, label in (("id", "version"), ("created", "created"), ("preset", "preset"),
                               ("tokens", "tokens before → after"), ("messages", "messages"),
                               ("summarizer", "summarizer"), ("label", "label")):
                table.add_column(label, key=key)
            yield table
            yield Static("enter: view messages · r: restore its config into the tuner · esc: close",
                         id="versions-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Start loading the versions."""
        self.query_one(DataTable).focus()
        self._load()

    @work(thread=True, exclusive=True, group="versions", exit_on_error=False, description="versions")
    def _load(self) -> None:
        self.post_message(VersionsLoaded(self.session_id, self.inspector.data.list_versions(self.session_id)))

    def on_versions_loaded(self, message: VersionsLoaded) -> None:
        """List the versions, newest first."""
        self.rows = message.rows
        table = self.query_one(DataTable)
        table.clear()
        for r in message.rows:
            tokens = (f"{r.tokens_before:,} → {r.tokens_after:,}"
                      if r.tokens_before is not None and r.tokens_after is not None else "–")
            table.add_row(Text(visible(r.id)), r.created_at.strftime("%Y-%m-%d %H:%M:%S") if r.created_at else "–",
                          Text(visible(r.preset or "")), tokens, f"{r.messages:,}", Text(visible(r.summarizer or "")),
                          Text(visible(r.label or "")), key=r.id)
        if not message.rows:
            self.query_one("#versions-help", Static).update("no versions yet: press a on the session to apply")

    def _selected(self) -> str | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    def action_dismiss_none(self) -> None:
        """Close without restoring."""
        self.dismiss(None)

    @on(DataTable.RowSelected)
    def _row(self, event: DataTable.RowSelected) -> None:
        self.action_view()

    def action_view(self) -> None:
        """Show the messages of the version under the cursor."""
        vid = self._selected()
        if vid is None:
            return
        from inspector.tui.screens.preview import ContextScreen

        stored = self.inspector.data.load_version(vid)
        self.app.push_screen(ContextScreen.for_messages(f"version {vid} · {visible(self.session_id)}", stored.messages,
                                                        self.inspector.counter()))

    def action_restore(self) -> None:
        """Restore the config of the version under the cursor."""
        vid = self._selected()
        if vid is None:
            return
        stored = self.inspector.data.load_version(vid)
        self.dismiss(stored.config)
