"""Help: every key binding with its id (remap ids in the settings' [keybindings])."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static


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


def binding_rows(app) -> list[tuple[str, str, str, str]]:
    """(where, id, keys, description) for every binding with an id, keymap applied."""
    from inspector.tui.app import InspectorApp
    from inspector.tui.screens.apply import ApplyScreen
    from inspector.tui.screens.export import ExportScreen, SaveConfigScreen
    from inspector.tui.screens.preview import ContextScreen, PreviewScreen
    from inspector.tui.screens.session import SessionScreen
    from inspector.tui.screens.sessions import SessionsScreen
    from inspector.tui.screens.versions import VersionsScreen
    from inspector.tui.widgets.heatmap import Heatmap
    from inspector.tui.widgets.slider import Slider

    keymap = getattr(app, "_keymap", {}) or {}
    rows = []
    for where, cls in (("app", InspectorApp), ("sessions", SessionsScreen), ("session", SessionScreen),
                       ("heatmap", Heatmap), ("slider", Slider), ("preview", PreviewScreen),
                       ("context", ContextScreen), ("apply", ApplyScreen), ("export", ExportScreen),
                       ("save config", SaveConfigScreen), ("versions", VersionsScreen)):
        for b in cls.BINDINGS:
            if not isinstance(b, Binding) or not b.id:
                continue
            keys = keymap.get(b.id, b.key)
            rows.append((where, b.id, readable_keys(keys), b.description))
    return rows


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,q,f1", "app.pop_screen", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog", classes="dialog"):
            yield Static("Keys — remap any id in settings.toml [keybindings] or INSPECTOR_KEYBINDINGS",
                         classes="dialog-title")
            table: DataTable = DataTable(cursor_type="row", zebra_stripes=True, id="help-table")
            table.add_columns("where", "id", "keys", "does")
            for row in binding_rows(self.app):
                table.add_row(*row)
            yield table
            yield Static("ctrl+p: command palette (actions, presets, sessions, themes)", classes="muted")

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
