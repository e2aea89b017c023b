"""The session screen's keys: where focus goes, and the screens it opens (preview,
context, apply, export, replay, breakdown, versions). `SessionScreen` is this screen
with the heatmap, the plan and the tuning."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from inspector.tui.widgets.heatmap import Heatmap
from inspector.tui.widgets.knobs import Knob, TuningPanel
from inspector.tui.widgets.profile import Profile

if TYPE_CHECKING:
    from inspector.tui.app import InspectorApp


class SessionKeys(Screen[None]):
    """The keys of the session screen (`SessionScreen` holds what they act on)."""

    BINDINGS = [
        Binding("f2", "focus_tuning", "Tune", id="session.focus_tuning", priority=True),
        Binding("escape,q", "back", "Back", id="session.back"),
        Binding("p", "preview", "Preview", id="session.preview"),
        Binding("c", "context", "Context", id="session.context"),
        Binding("a", "apply", "Apply", id="session.apply"),
        Binding("e", "export", "Export", id="session.export"),
        Binding("S", "save_config", "Save config", id="session.save_config"),
        Binding("v", "versions", "Versions", id="session.versions"),
        Binding("t", "token_boundaries", "Tokens", id="session.token_boundaries"),
        Binding("f3", "focus_heatmap", "Heatmap", id="session.focus_heatmap", show=False),
        Binding("w", "warnings", "Warnings", id="session.warnings", show=False),
        Binding("ctrl+r", "reset", "Reset config", id="session.reset", show=False),
        Binding("ctrl+z", "undo", "Undo preset", id="session.undo", show=False),
        Binding("r", "replay", "Replay", id="session.replay"),
        Binding("b", "breakdown", "Breakdown", id="session.breakdown"),
        Binding("m", "minimap", "Minimap", id="session.minimap", show=False),
    ]

    session_id: str
    session: Any
    counter: Any
    show_tokens: bool
    plan_expanded: bool

    if TYPE_CHECKING:  # what SessionScreen provides
        config: Any
        plan: Any

        def set_config(self, config: Any) -> None:
            """Replace the config tuned."""

        def _show_detail(self, index: int) -> None: ...

        def action_warnings(self) -> None:
            """Show the plan's warnings."""

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    # ------------------------------------------------------------------ focus

    def _panel(self) -> TuningPanel | None:
        # By id: Textual caches that lookup; a query walked the whole screen (~2 ms,
        # three times per knob move).
        return self.query_one_optional("#tuning", TuningPanel)

    def _in_panel(self, widget: Widget | None) -> bool:
        panel = self._panel()
        while widget is not None:
            if widget is panel:
                return True
            widget = widget.parent if isinstance(widget.parent, Widget) else None
        return False

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Close the tuning overlay or the minimap when focus goes elsewhere, and show what is focused."""
        if self.has_class("-tuning") and not self._in_panel(event.widget):
            self.remove_class("-tuning")  # a click on the table closes the overlay
        if not isinstance(event.widget, Profile):
            self.remove_class("-minimap")
        self._focus_line(event.widget)

    def _focus_line(self, widget: Widget | None) -> None:
        """Name what has focus: the knob with its description and defaults, or the table."""
        line = self.query_one("#focus-line", Static)
        knob = widget
        while knob is not None and not isinstance(knob, Knob):
            knob = knob.parent if isinstance(knob.parent, Widget) else None
        if isinstance(knob, Knob):
            line.update(Text(knob.help_line))
        elif isinstance(widget, Profile):
            line.update(Text("minimap: ← → choose a column · enter jumps there · click works too · esc back"))
        elif self._in_panel(widget):
            line.update(Text("tuning panel: tab / shift+tab move between knobs · esc back to the table"))
        else:
            heatmap = self.query_one(Heatmap)
            if heatmap.only is not None:
                line.update(Text(f"showing {heatmap.only_label} ({heatmap.shown:,} messages) · esc shows all · "
                                 "b breakdown"))
            else:
                line.update(Text("↑↓ · s sort · ] largest · b breakdown · m minimap · f2 tune · ? help"))


    def action_focus_tuning(self) -> None:
        """f2: to the panel (shown over the table when narrow), and back again."""
        panel = self._panel()
        if panel is None:
            return
        if self._in_panel(self.focused):
            self.action_focus_heatmap()
            return
        self.add_class("-tuning")
        knobs = panel.query(Knob)
        if knobs:
            knobs.first().query("Slider, Switch, Select").first().focus()

    def action_focus_heatmap(self) -> None:
        """Focus the heatmap (the overlays closed)."""
        self.remove_class("-tuning")
        self.remove_class("-minimap")
        self.query_one(Heatmap).focus()

    def action_minimap(self) -> None:
        """m: the minimap by keyboard (shown for it on a short terminal), and back."""
        profile = self.query_one(Profile)
        if profile.has_focus:
            self.action_focus_heatmap()
            return
        self.add_class("-minimap")
        self.call_after_refresh(profile.focus)

    @on(Profile.Jump)
    def _jump(self, event: Profile.Jump) -> None:
        heatmap = self.query_one(Heatmap)
        heatmap.move_to(event.index)
        heatmap.focus()

    def action_sort(self) -> None:
        """Change the heatmap's order."""
        self.query_one(Heatmap).action_sort()

    def action_largest(self) -> None:
        """Go to the largest message."""
        heatmap = self.query_one(Heatmap)
        heatmap.action_largest(1)
        heatmap.focus()

    def action_back(self) -> None:
        """Leave the knob or minimap, clear a filter, or go back to the sessions."""
        if self._in_panel(self.focused) or isinstance(self.focused, Profile):
            self.action_focus_heatmap()  # esc leaves the knob, not the session
            return
        heatmap = self.query_one(Heatmap)
        if heatmap.only is not None:
            heatmap.set_view(None)  # esc first clears a breakdown's filter
            self._focus_line(self.focused)
            return
        if self.plan_expanded:
            self.action_warnings()
            return
        self.app.pop_screen()

    def action_token_boundaries(self) -> None:
        """Show or hide the token boundaries in the detail (tiktoken only)."""
        if not hasattr(self.counter, "token_spans"):
            self.notify("token boundaries need the tiktoken counter", severity="warning")
            return
        self.show_tokens = not self.show_tokens
        self._show_detail(self.query_one(Heatmap).cursor)

    # ------------------------------------------------------------------ other screens

    def _need_plan(self) -> bool:
        if self.plan is None or self.session is None:
            self.notify("still planning…", severity="warning", timeout=2)
            return False
        return True

    @on(Heatmap.Opened)
    def _opened(self, event: Heatmap.Opened) -> None:
        self.action_preview()

    def action_preview(self) -> None:
        """Preview the plan on the message under the cursor."""
        if not self._need_plan():
            return
        from inspector.tui.screens.preview import PreviewScreen

        self.app.push_screen(PreviewScreen(self.session, self.plan, self.query_one(Heatmap).cursor,
                                           self.counter))

    def action_context(self) -> None:
        """Show the whole context the plan leaves."""
        if not self._need_plan():
            return
        from inspector.tui.screens.preview import ContextScreen

        self.app.push_screen(ContextScreen.for_plan(self.session, self.plan, self.counter,
                                                    self.inspector.data.summary_cache()))

    def action_apply(self) -> None:
        """Apply the plan (a dialog)."""
        if not self._need_plan():
            return
        from inspector.tui.screens.apply import ApplyScreen

        self.app.push_screen(ApplyScreen(self.session, self.plan, self.counter))

    def action_export(self) -> None:
        """Export the session as the plan compacts it (a dialog)."""
        if not self._need_plan():
            return
        from inspector.tui.screens.export import ExportScreen

        self.app.push_screen(ExportScreen(self.session, self.plan, self.counter))

    def action_save_config(self) -> None:
        """Save the tuned config as TOML (a dialog)."""
        from inspector.tui.screens.export import SaveConfigScreen

        self.app.push_screen(SaveConfigScreen(self.config))

    def action_sweep(self) -> None:
        """Replay, then sweep a knob there (the palette's "Sweep")."""
        self.action_replay(sweep=True)

    def action_replay(self, sweep: bool = False) -> None:
        """The policy over every model call of the session (tokens, cost, fidelity);
        the config tuned there comes back here."""
        if self.session is None or self.config is None:
            return
        from inspector.tui.screens.replay import ReplayScreen

        data = self.inspector.data
        self.app.push_screen(ReplayScreen(self.session, self.config, self.counter, token_cache=data.token_cache(),
                                          summary_cache=data.summary_cache(), sweep=sweep),
                             lambda config: self.set_config(config) if config is not None else None)

    def action_breakdown(self) -> None:
        """Tokens by category before and after the plan; a chosen bar filters the heatmap."""
        if not self._need_plan():
            return
        from inspector.tui.screens.breakdown import BreakdownScreen

        self.app.push_screen(BreakdownScreen(self.session, self.plan, self.counter, self.inspector.data.token_cache()),
                             self._filtered)

    def _filtered(self, chosen: Any) -> None:
        if chosen is None:
            return
        heatmap = self.query_one(Heatmap)
        heatmap.set_view(chosen.messages, chosen.label)
        heatmap.focus()
        self._focus_line(heatmap)

    def action_versions(self) -> None:
        """Show the session's stored versions; one restored sets its config."""
        if self.session is None:
            return
        from inspector.tui.screens.versions import VersionsScreen

        def restore(config: Any) -> None:
            if config is not None:
                self.set_config(config)
                self.notify("config restored from the version", timeout=3)

        self.app.push_screen(VersionsScreen(self.session_id), restore)
