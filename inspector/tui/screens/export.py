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

from inspector.exports.catalog import BY_NAME, EXPORT_FORMATS, default_name, resolve_target
from inspector.tui.messages import ReportsWorkerErrors

if TYPE_CHECKING:
    from inspector.tui.app import InspectorApp

def export(session, fmt: str, out: Path, *, compacted=None, plan=None, force: bool = False) -> Path:
    """Write `session` (or its compacted result) as `fmt` through the store's exporters.

    An existing file is replaced only with `force` (ExportError otherwise); `out` may
    name a directory (existing, or ending in /), the file is then named by the format.
    """
    from inspector.exports.catalog import resolve_target
    from inspector.exports.registry import export_session

    target = resolve_target(out, session.id, fmt)
    return export_session(session, fmt, target, compacted=compacted, plan=plan, session_id=session.id,
                          force=force).path


class ExportScreen(ReportsWorkerErrors, ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Close", id="export.close")]

    def __init__(self, session, plan, counter: Any) -> None:
        super().__init__()
        self.session = session
        self.plan = plan
        self.counter = counter
        self.formats = EXPORT_FORMATS
        self._replace: Path | None = None  # the existing file the user confirmed replacing

    @property
    def inspector(self) -> InspectorApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        fmt = self.formats[0]
        with Vertical(id="export-dialog", classes="dialog"):
            yield Static(Text("Export", style="bold"), classes="dialog-title")
            with Horizontal(classes="row"):
                yield Label("format ")
                yield Select([(f, f) for f in self.formats], value=fmt, allow_blank=False, id="export-format")
            with RadioSet(id="export-what"):
                yield RadioButton("compacted (current plan; extractive summaries unless generated)", value=True,
                                  id="export-compacted")
                yield RadioButton("original session", id="export-original")
            with Horizontal(classes="row"):
                yield Label("file ")
                yield Input(self._default_path(fmt), id="export-path")
            yield Static("", id="export-status")
            with Horizontal(classes="buttons"):
                yield Button("Export", variant="primary", id="export-go")
                yield Button("Close", id="export-close")

    def _default_path(self, fmt: str) -> str:
        return default_name(self.session.id, fmt)

    @on(Select.Changed, "#export-format")
    def _fmt(self, event: Select.Changed) -> None:
        inp = self.query_one("#export-path", Input)
        inp.value = self._default_path(str(event.value))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#export-close")
    def _close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#export-go")
    def _go(self) -> None:
        fmt = str(self.query_one("#export-format", Select).value)
        # a string, not a Path: a trailing "/" (a directory) must survive
        path = os.path.expanduser(self.query_one("#export-path", Input).value.strip())
        compacted = self.query_one("#export-compacted", RadioButton).value
        status = self.query_one("#export-status", Static)
        target = resolve_target(path, self.session.id, fmt)
        if target.is_file() and not BY_NAME[fmt].adds_to_existing and self._replace != target:
            self._replace = target  # never replaced silently: a second press confirms
            status.update(Text(f"{target} exists: press Export again to replace it", style="yellow"))
            return
        status.update("exporting…")
        self._export(fmt, target, compacted, self._replace == target)

    @work(thread=True, exclusive=True, group="export", exit_on_error=False)
    def _export(self, fmt: str, path: Path, compacted: bool, force: bool) -> None:
        result = None
        if compacted:
            from inspector.engine.applier import apply
            from inspector.engine.summarizers import ExtractiveSummarizer

            # Summaries already generated (Apply) come from the cache; the rest offline.
            result = apply(self.session, self.plan, ExtractiveSummarizer(), self.counter,
                           summary_cache=self.inspector.data.summary_cache())
        out = export(self.session, fmt, path, compacted=result, plan=self.plan if compacted else None, force=force)
        self.app.call_from_thread(self._done, out, fmt)

    def _done(self, out: Path, fmt: str) -> None:
        self.query_one("#export-status", Static).update(Text(f"wrote {out} ({fmt})", style="green"))
        self.notify(f"exported {out}", timeout=4)
        self.inspector.exported(out, fmt)


class SaveConfigScreen(ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "dismiss_none", "Close", id="save_config.close")]

    def __init__(self, config) -> None:
        super().__init__()
        self.config = config

    def compose(self) -> ComposeResult:
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
        self.dismiss(None)

    @on(Button.Pressed, "#save-close")
    def _close(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#save-path")
    @on(Button.Pressed, "#save-go")
    def _save(self) -> None:
        from inspector.engine.config import ConfigError

        path = Path(self.query_one("#save-path", Input).value.strip()).expanduser()
        try:
            written = self.config.save(path)
        except (OSError, ConfigError) as exc:
            self.query_one("#save-status", Static).update(Text(f"{path}: {exc}", style="red"))
            return
        self.notify(f"saved config to {written}", timeout=4)
        self.dismiss(written)
