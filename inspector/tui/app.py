"""The inspector app: one factory (`create_app`) for the CLI, the tests and the scripts."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.edge import collection_paused

# The app's modules (Textual's widgets, the store, the screens) load with the cyclic
# collector paused: what they make lives as long as the process, and the passes over it
# while they loaded were ~30 ms of the first frame (bench/run.py `tui_first_frame_vs_textual`).
with collection_paused():
    from textual.app import App
    from textual.binding import Binding
    from textual.notifications import SeverityLevel
    from textual.worker import Worker, WorkerState

    from inspector.formats.terminal import visible
    from inspector.service.store import MemoryStore, SessionRow, SessionStore
    from inspector.tui.commands import InspectorCommands
    from inspector.tui.messages import ApplyFinished, PlanReady, WorkFailed
    from inspector.tui.screens.sessions import SessionsScreen

if TYPE_CHECKING:
    from textual import events
    from textual.screen import Screen

    from inspector.engine.config import CompactionConfig
    from inspector.engine.tokens import TokenCounter
    from inspector.tui.widgets.knobs import TuningPanel


class InspectorApp(App[None]):
    """The inspector TUI: the sessions of a store, each opened to see and tune its compaction."""

    CSS_PATH = "app.tcss"
    TITLE = "inspector"
    COMMANDS = App.COMMANDS | {InspectorCommands}

    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        # ctrl+c quits too (Textual only says "press ctrl+q"): the key every terminal user tries
        Binding("ctrl+c", "quit", "Quit", id="app.quit_ctrl_c", show=False, priority=True),
    ]

    def __init__(self, data: SessionStore, *, settings: Any = None, config: Any = None,
                 open_session: str | None = None, auto_open_single: bool = True, notes: list[str] | None = None,
                 discover: bool = False):
        super().__init__()
        if settings is None:
            from inspector.settings import AppSettings

            settings = AppSettings()
        self.settings = settings
        self.data = data
        self.config = config if config is not None else settings.compaction()
        self.initial_session = open_session
        self.auto_open_single = auto_open_single
        self.notes = list(notes or [])
        self.discover = discover  # start on the discovery screen (`inspector` with no argument)
        self.session_rows: list[SessionRow] = []
        self.last_plan: PlanReady | None = None
        self.plan_count = 0
        self.last_version: ApplyFinished | None = None
        self.last_export: tuple[Path, str] | None = None
        self._counters: dict[tuple[Any, ...], Any] = {}
        self.show_timings = True  # off for snapshots and screenshots (deterministic output)
        if settings.keybindings:
            self.set_keymap(settings.keybindings)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notification (screens' and widgets' go through here) as plain text:
        its errors and names come from session files and models, so markup is never
        parsed (a `[/]` in an error crashed the app) and escapes are made visible.

        Args:
            message: the text; newlines kept.
            title: one line above it.
            severity: "information", "warning" or "error".
            timeout: seconds shown (default: Textual's).
            markup: ignored; notifications never parse markup.
        """
        super().notify(visible(message, newlines=True), title=visible(title), severity=severity,
                       timeout=timeout, markup=False)

    # ------------------------------------------------------------------ lifecycle

    def on_resize(self, event: events.Resize) -> None:
        """Mark a short terminal (under 32 rows) so dialogs shrink to keep their buttons on screen."""
        # Short terminals (24 rows): dialogs drop their padding and shrink their logs, so
        # their buttons stay on screen (app.tcss, `.-short`).
        self.set_class(self.size.height < 32, "-short")

    def on_mount(self) -> None:
        """Apply the settings' theme and start loading the sessions."""
        self.set_class(self.size.height < 32, "-short")
        theme = self.settings.theme
        if theme in self.available_themes:
            self.theme = theme
        else:
            self.notify(f"unknown theme {theme!r}; using {self.theme}", severity="warning")
        for note in self.notes:
            self.notify(note, severity="warning", timeout=6)
        if self.discover:
            from inspector.tui.screens.discover import DiscoverScreen

            self.push_screen(DiscoverScreen())
        else:
            self.push_screen(SessionsScreen())

    def open_store(self, source: str | Path) -> None:
        """Browse a store found by discovery: imported into the workspace, its sessions
        listed (esc goes back to discovery)."""
        from inspector.service.store import open_store

        opened = open_store(source, self.settings.workspace)
        self.data = opened.data
        self.auto_open_single = True
        for note in opened.notes:
            self.notify(note, severity="warning", timeout=6)
        self.push_screen(SessionsScreen())

    def counter(self, config: CompactionConfig | None = None) -> TokenCounter:
        """The token counter for a config (one instance per kind/model)."""
        from inspector.engine.tokens import counter_for

        t = (config or self.config).tokens
        key = (t.counter, t.model, t.chars_per_token)
        c = self._counters.get(key)
        if c is None:
            c = counter_for(config or self.config)
            self._counters[key] = c
        return c

    # ------------------------------------------------------------------ navigation

    def sessions_loaded(self, rows: list[SessionRow]) -> None:
        """Show the loaded sessions (and notes on skipped records); open the session asked for, if any."""
        self.session_rows = rows
        for note in self.data.take_notes():
            self.notify(note, title="imported with skipped records", severity="warning", timeout=10)
        target = self.initial_session
        self.initial_session = None
        if target is None and self.auto_open_single and len(rows) == 1:
            target = rows[0].id
            self.auto_open_single = False
        if target is not None:
            ids = [r.id for r in rows]
            if target not in ids:
                # Workspace ids wrap the source's id (format prefix + name + hash).
                found = [i for i in ids if target in i]
                target = found[0] if len(found) == 1 else target
            if target in ids:
                self.open_session(target)
            else:
                self.notify(f"no session {target!r} in {self.data.label}", severity="error")

    def open_session(self, session_id: str) -> None:
        """Open a session's screen (unless it is the one shown)."""
        from inspector.tui.screens.session import SessionScreen

        if isinstance(self.screen, SessionScreen) and self.screen.session_id == session_id:
            return
        self.push_screen(SessionScreen(session_id))

    def action_help(self) -> None:
        """Show the help for the current screen."""
        from inspector.tui.screens.help import HelpScreen, section_of

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(section_of(self.screen)))

    # ------------------------------------------------------------------ events

    def on_plan_ready(self, message: PlanReady) -> None:
        """Keep the latest plan (for tests, benchmarks and the palette)."""
        # Bubbled from the session screen: kept for tests, benchmarks and the palette.
        self.last_plan = message
        self.plan_count += 1

    def version_saved(self, message: ApplyFinished) -> None:
        """Keep the version just stored and say so."""
        self.last_version = message
        self.notify(f"stored version {message.version_id} ({message.summarizer})", timeout=4)

    def exported(self, path: Path, fmt: str) -> None:
        """Keep the last export's path and format."""
        self.last_export = (path, fmt)

    def on_work_failed(self, message: WorkFailed) -> None:
        """Show a worker's error as a notification."""
        self.notify(message.error, title=message.what, severity="error", timeout=8)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Hand a failed worker to `worker_failed`."""
        if event.state == WorkerState.ERROR:
            self.worker_failed(event.worker)

    def worker_failed(self, worker: Worker[Any]) -> None:
        """The one error handler: any worker that fails is reported as a notification."""
        error = worker.error
        if type(error).__name__ == "Cancelled":
            return
        name = (worker.name or worker.group).strip("_")
        text = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
        self.notify(f"{type(error).__name__}: {text}", title=f"{name} failed", severity="error", timeout=8)

    # ------------------------------------------------------------------ palette

    def palette_commands(self, screen: Screen[object]) -> list[tuple[str, str, Any]]:
        """The command palette's entries for `screen`: (name, help, callback) of what it can do."""
        from inspector.engine.config import PRESETS
        from inspector.tui.screens.session import SessionScreen

        out: list[tuple[str, str, Any]] = []
        if isinstance(screen, SessionScreen):
            for name, help_text, action in (
                ("Apply compaction", "generate summaries and store a new version", "apply"),
                ("Export…", "write the session or its compacted result in a store format", "export"),
                ("Save config", "write the tuned settings as TOML", "save_config"),
                ("Preview message", "before / after of the selected message", "preview"),
                ("Compacted context", "the whole context as the model would receive it", "context"),
                ("Versions", "stored versions of this session", "versions"),
                ("Toggle token boundaries", "colour tokens in the detail pane", "token_boundaries"),
                ("Breakdown", "tokens by category before and after the plan; a bar filters the heatmap",
                 "breakdown"),
                ("Replay", "the tuned policy over every model call of the session (tokens, cost, fidelity)",
                 "replay"),
                ("Sweep", "replay the values of one knob side by side: cost against fidelity", "sweep"),
                ("Sort by tokens", "the heatmap's largest messages first, and back to session order", "sort"),
                ("Next largest message", "the cursor to the next largest message (])", "largest"),
                ("Reset config", "back to the preset's values", "reset"),
                ("Back to sessions", "the sessions table", "back"),
            ):
                out.append((name, help_text, getattr(screen, f"action_{action}")))
            for name, (desc, _) in PRESETS.items():
                out.append((f"Preset: {name}", desc, partial(screen.post_message, _preset_message(name))))
        from inspector.tui.screens.replay import ReplayScreen

        if isinstance(screen, ReplayScreen):
            out.append(("Sweep", "replay the values of one knob side by side: cost against fidelity",
                        screen.action_sweep))
            out.append(("Back to the session", "with the config tuned here", screen.action_back))
        for row in self.session_rows[:500]:
            out.append((f"Open session {visible(row.id)}", f"{row.format} · {row.messages:,} messages · {row.tokens:,} tokens",
                        partial(self.open_session, row.id)))
        out.append(("Help: keys", "every binding and its id", self.action_help))
        return out


def _preset_message(name: str) -> TuningPanel.PresetChosen:
    from inspector.tui.widgets.knobs import TuningPanel

    return TuningPanel.PresetChosen(name)


def create_app(source: str | Path | None = None, *, demo: bool = False, workspace: str | Path | None = None,
               settings: Any = None, data: SessionStore | None = None, config: Any = None,
               session: str | None = None, use_workspace: bool = True, discover: bool = False) -> InspectorApp:
    """The app for a SOURCE, the demo, the workspace, given data (tests), or, with
    `discover`, the session stores of this machine to choose from."""
    if settings is None:
        from inspector.settings import load_settings

        settings = load_settings()
    notes: list[str] = []
    if data is None:
        if demo:
            from inspector.demo import open_demo

            data = open_demo(workspace, use_workspace=use_workspace)
            if session is None:
                from inspector.demo import FIRST_SESSION

                session = FIRST_SESSION  # compaction at work from the first screen
        else:
            from inspector.service.store import open_store

            opened = open_store(source, workspace or settings.workspace, use_workspace=use_workspace)
            data, notes = opened.data, opened.notes
    return InspectorApp(data, settings=settings, config=config, open_session=session, notes=notes, discover=discover)


__all__ = ["InspectorApp", "MemoryStore", "create_app"]
