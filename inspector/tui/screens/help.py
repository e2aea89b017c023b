"""Help: every key binding with its id (remap ids in the settings' [keybindings])."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from inspector.tui.widgets.table import RowTable

if TYPE_CHECKING:
    from textual.app import App


def readable_keys(keys: str) -> str:
    """Key names as people write them: `question_mark` → `?`, `slash` → `/`.

    Args:
        keys: a binding's comma-separated keys (`f1,question_mark`, `ctrl+y`).

    Returns:
        The same keys, readable, separated by ", ".
    """
    from textual.keys import format_key

    out = []
    for key in keys.split(","):
        *modifiers, name = key.strip().split("+")
        out.append("+".join([*modifiers, format_key(name)]))
    return ", ".join(out)


def sections() -> list[tuple[str, Any]]:
    """(section name, class) of every screen and widget with bindings, in the order help
    lists them: the app's, then each screen followed by the widgets it holds."""
    from inspector.tui.app import InspectorApp
    from inspector.tui.screens.apply import ApplyScreen
    from inspector.tui.screens.breakdown import BreakdownScreen
    from inspector.tui.screens.export import ExportScreen, SaveConfigScreen
    from inspector.tui.screens.preview import ContextScreen, PreviewScreen
    from inspector.tui.screens.replay import ReplayScreen, SweepScreen
    from inspector.tui.screens.session import SessionScreen
    from inspector.tui.screens.sessions import SessionsScreen
    from inspector.tui.screens.versions import VersionsScreen
    from inspector.tui.widgets.heatmap import Heatmap
    from inspector.tui.widgets.knobs import TuningPanel
    from inspector.tui.widgets.profile import Profile
    from inspector.tui.widgets.slider import Slider

    return [("app", InspectorApp), ("sessions", SessionsScreen), ("session", SessionScreen),
            ("heatmap", Heatmap), ("minimap", Profile), ("tuning panel", TuningPanel), ("slider", Slider),
            ("tables", RowTable),
            ("breakdown", BreakdownScreen), ("preview", PreviewScreen), ("context", ContextScreen),
            ("replay", ReplayScreen), ("sweep", SweepScreen), ("apply", ApplyScreen), ("export", ExportScreen),
            ("save config", SaveConfigScreen), ("versions", VersionsScreen), ("help", HelpScreen)]


def section_of(screen: object) -> str:
    """The help section of a screen (the one help opens at), "app" for any other."""
    return next((where for where, cls in sections() if type(screen) is cls), "app")


def binding_rows(app: App[object]) -> list[tuple[str, str, str, str]]:
    """(where, id, keys, description) for every binding with an id, keymap applied."""
    keymap = getattr(app, "_keymap", {}) or {}
    rows = []
    for where, cls in sections():
        for b in getattr(cls, "BINDINGS", ()):
            if not isinstance(b, Binding) or not b.id:
                continue
            keys = keymap.get(b.id, b.key)
            rows.append((where, b.id, readable_keys(keys), b.description))
    return rows


class HelpScreen(ModalScreen[None]):
    """Every binding, by screen; opens at the section of the screen it was called from."""

    BINDINGS = [Binding("escape,q,f1", "app.pop_screen", "Close", id="help.close")]

    def __init__(self, where: str = "app") -> None:
        super().__init__()
        self.where = where

    def compose(self) -> ComposeResult:
        """The table of every key, where it works, its id and what it does."""
        with Vertical(id="help-dialog", classes="dialog"):
            yield Static("Keys — remap any id in settings.toml [keybindings] or INSPECTOR_KEYBINDINGS",
                         classes="dialog-title")
            table: DataTable[Any] = RowTable(cursor_type="row", zebra_stripes=True, id="help-table")
            table.add_columns("where", "id", "keys", "does")
            for row in binding_rows(self.app):
                table.add_row(*row)
            yield table
            yield Static("ctrl+p: command palette (actions, presets, sessions, themes)", classes="muted")

    def on_mount(self) -> None:
        """Focus the table on the rows of the screen the help was opened from."""
        table = self.query_one(DataTable)
        table.focus()
        first = next((k for k, row in enumerate(binding_rows(self.app)) if row[0] == self.where), 0)
        table.move_cursor(row=first, animate=False)
        self.call_after_refresh(table.scroll_to, y=first, animate=False)

    def current_section(self) -> str:
        """The section of the row under the cursor (tests)."""
        table = self.query_one(DataTable)
        return str(table.get_row_at(table.cursor_row)[0])
