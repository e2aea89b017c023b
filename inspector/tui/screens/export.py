"""Export (every format of the store) and Save config (TOML the CLI and runtime load)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select, Static

from inspector.service.catalog import BY_NAME, EXPORT_FORMATS, default_name
from inspector.tui.messages import ReportsWorkerErrors

if TYPE_CHECKING:
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.tokens import TokenCounter
    from inspector.tui.app import InspectorApp



def renamed_for(typed: str, old_default: str, new_default: str) -> str:
    """The export path after a format change: the folder kept, the previous format's
    default name replaced by the new one's; a folder alone (ending in a separator) or a
    name the user typed is left as it is.

    Args:
        typed: the path in the field.
        old_default: the previous format's default file name.
        new_default: the new format's.

    Returns:
        The path to show.
    """
    head, tail = os.path.split(typed)
    if not tail:
        return typed
    if tail == old_default or not typed.strip():
        return os.path.join(head, new_default) if head else new_default
    return typed


class ExportScreen(ReportsWorkerErrors, ModalScreen[Path | None]):
    """The dialog that exports a session, compacted by the plan, in a chosen format."""

    BINDINGS = [Binding("escape,q", "dismiss_none", "Close", id="export.close")]

    def __init__(self, session: Session, plan: Plan, counter: TokenCounter) -> None:
        super().__init__()
        self.session = session
        self.plan = plan
        self.counter = counter
        self.formats = EXPORT_FORMATS
        self._confirm_replace: Path | None = None  # an existing file: a second press replaces it
        self._format = self.formats[0]

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """The dialog: the format, the destination and the target's own fields."""
        fmt = self.formats[0]
        with Vertical(id="export-dialog", classes="dialog"):
            yield Static(Text("Export", style="bold"), classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("format ")
                yield Select([(f, f) for f in self.formats], value=fmt, allow_blank=False, id="export-format")
            with RadioSet(id="export-what"):
                yield RadioButton("compacted (current plan; summaries as apply writes them)", value=True,
                                  id="export-compacted")
                yield RadioButton("original session", id="export-original")
            with Horizontal(classes="row"):
                yield Label("file ")
                yield Input(self._default_path(fmt), id="export-path")
            # What the target needs that the session may not say (the CLI's --model,
            # --max-tokens, --adk-*): shown for the formats that use it; blank = default.
            with Horizontal(classes="row", id="export-request"):
                yield Label("model ")
                yield Input(placeholder="the session's, else the config's", id="export-model")
                yield Input(placeholder="max tokens: the model's limit", id="export-max-tokens")
            with Horizontal(classes="row", id="export-adk"):
                yield Label("ADK ")
                yield Input(placeholder="author (agent that resumes)", id="export-adk-author")
                yield Input(placeholder="app", id="export-adk-app")
                yield Input(placeholder="user", id="export-adk-user")
            yield Static("", id="export-status")
            with Horizontal(classes="buttons"):
                yield Button("Export", variant="primary", id="export-go")
                yield Button("Close", id="export-close")

    def on_mount(self) -> None:
        """Show the chosen format's fields."""
        self._show_target_fields(self._format)

    def _show_target_fields(self, fmt: str) -> None:
        self.query_one("#export-request").display = fmt in ("openai-json", "anthropic-json")
        self.query_one("#export-max-tokens").display = fmt == "anthropic-json"
        self.query_one("#export-adk").display = fmt == "adk-sqlite"

    def _target(self, fmt: str) -> Any:
        """The target options typed for `fmt` (the same service call as the CLI's flags);
        fields of other formats are ignored."""
        from inspector.service.export import target_options

        def typed(field: str) -> str:
            return self.query_one(f"#{field}", Input).value

        request = fmt in ("openai-json", "anthropic-json")
        adk = fmt == "adk-sqlite"
        return target_options(model=typed("export-model") if request else None,
                              max_tokens=typed("export-max-tokens") if fmt == "anthropic-json" else None,
                              adk_author=typed("export-adk-author") if adk else None,
                              adk_app=typed("export-adk-app") if adk else None,
                              adk_user=typed("export-adk-user") if adk else None)

    def _default_path(self, fmt: str) -> str:
        return default_name(self.session.id, fmt)

    @on(Select.Changed, "#export-format")
    def _fmt(self, event: Select.Changed) -> None:
        """Another format: the file name follows it, the folder typed stays (a name the
        user typed, not the previous default, stays too)."""
        inp = self.query_one("#export-path", Input)
        inp.value = renamed_for(inp.value, self._default_path(self._format), self._default_path(str(event.value)))
        self._format = str(event.value)
        self._show_target_fields(self._format)

    def action_dismiss_none(self) -> None:
        """Close without exporting."""
        self.dismiss(None)

    @on(Button.Pressed, "#export-close")
    def _close(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#export-path")
    @on(Button.Pressed, "#export-go")
    def _go(self) -> None:
        fmt = str(self.query_one("#export-format", Select).value)
        # a string, not a Path: a trailing "/" (a directory) and a URL's "//" must survive
        typed = os.path.expanduser(self.query_one("#export-path", Input).value.strip())
        compacted = self.query_one("#export-compacted", RadioButton).value
        from inspector.service.export import TargetOptionError, export_destination, export_errors

        refused: tuple[type[BaseException], ...] = (TargetOptionError, *export_errors())
        try:
            options = self._target(fmt)
            # A database URL (the formats whose framework keeps sessions in one) stays a
            # URL, as `inspector export -o URL` takes it; refused for a file format.
            target = export_destination(typed, self.session.id, fmt)
        except refused as exc:
            self._status(Text(str(exc), style="red"))
            return
        # An existing file is replaced only when asked twice (the CLI's --force).
        force = self._confirm_replace == target
        if isinstance(target, Path) and target.is_file() and not force and not BY_NAME[fmt].adds_to_existing:
            self._confirm_replace = target
            self._status(Text(f"{target.resolve()} exists: press Export again to replace it", style="yellow"))
            return
        self._confirm_replace = None
        self._status("exporting…")
        self._export(fmt, target, compacted, force, options)

    def _status(self, text: str | Text) -> None:
        self.query_one("#export-status", Static).update(text)

    @work(thread=True, exclusive=True, group="export", exit_on_error=False, description="export")
    def _export(self, fmt: str, target: str | Path, compacted: bool, force: bool = False,
                options: Any = None) -> None:
        from inspector.service.export import export_compacted, export_errors, export_original, shown_output

        data = self.inspector.data
        try:
            if compacted:
                # The use case `inspector export` runs: summaries from the cache, the rest by
                # the config's summarizer; removed content kept, so the hints resolve.
                exported = export_compacted(self.session, self.plan.config, fmt, target, offloads=data,
                                            counter=self.counter, summary_cache=data.summary_cache(),
                                            token_cache=data.token_cache(), force=force, target=options)
            else:
                exported = export_original(self.session, fmt, target, force=force, target=options)
        except export_errors() as exc:
            # The writer's message names the output (a URL without its password).
            error = (f"{shown_output(target)}: cannot write the export ({exc.strerror or exc})"
                     if isinstance(exc, OSError) else str(exc))
            self.app.call_from_thread(self._failed, error)
            return
        written = exported.written
        self.app.call_from_thread(self._done, written.path, fmt, written.session_id)

    def _failed(self, error: str) -> None:
        self._status(Text(error, style="red"))
        self.notify(error, title="export failed", severity="error", timeout=8)

    def _done(self, out: Any, fmt: str, session_id: str | None = None) -> None:
        from inspector.service.export import shown_output

        # a file absolute, a database URL without its password
        shown = shown_output(out)
        what = f"session {session_id} to {shown}" if session_id is not None else shown
        self._status(Text(f"wrote {what} ({fmt})", style="green"))
        self.notify(f"exported {what}", timeout=4)
        self.inspector.exported(out, fmt)


class SaveConfigScreen(ModalScreen[Path | None]):
    """The dialog that saves the tuned config as TOML."""

    BINDINGS = [Binding("escape,q", "dismiss_none", "Close", id="save_config.close")]

    def __init__(self, config: CompactionConfig) -> None:
        super().__init__()
        self.config = config

    def compose(self) -> ComposeResult:
        """The dialog: what the file is for, its path and the button."""
        with Vertical(id="save-dialog", classes="dialog"):
            yield Static(Text("Save config", style="bold"), classes="dialog-title")
            yield Static("Writes every knob as TOML: `inspector plan|apply|export --config FILE`, "
                         "Compactor.from_toml(FILE) and this app load it.")
            with Horizontal(classes="row"):
                yield Label("file ")
                yield Input("inspector.toml", id="save-path")
            yield Static("", id="save-status")
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save-go")
                yield Button("Close", id="save-close")

    def action_dismiss_none(self) -> None:
        """Close without saving."""
        self.dismiss(None)

    @on(Button.Pressed, "#save-close")
    def _close(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#save-path")
    @on(Button.Pressed, "#save-go")
    def _save(self) -> None:
        from inspector.engine.config import ConfigError
        from inspector.service.config import save_config

        path = Path(self.query_one("#save-path", Input).value.strip()).expanduser()
        try:
            written = save_config(self.config, path)
        except (OSError, ConfigError) as exc:
            self.query_one("#save-status", Static).update(Text(f"{path}: {exc}", style="red"))
            return
        self.notify(f"saved config to {Path(written).resolve()}", timeout=4)
        self.dismiss(written)
