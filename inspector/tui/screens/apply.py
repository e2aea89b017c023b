"""Apply: generate the summaries (a model through litellm, or the offline extractive
summarizer, labelled as such) in a worker with progress and cancel, then store a new
version in the workspace."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, RichLog, Static
from textual.worker import Worker, WorkerState, get_current_worker

from inspector.engine.planning.results import Action
from inspector.engine.wording import plural
from inspector.formats.terminal import visible
from inspector.service.pipeline import summarizer_label
from inspector.tui.messages import ApplyFinished, ApplyProgress

if TYPE_CHECKING:
    from inspector.engine.models import Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.summarize.protocol import SummaryEvent
    from inspector.engine.tokens import TokenCounter
    from inspector.tui.app import InspectorApp


class Cancelled(Exception):
    """The user cancelled applying; nothing is stored."""


class ApplyScreen(ModalScreen[str | None]):
    """The dialog that applies a plan: summaries generated with progress, then a version stored."""

    BINDINGS = [
        Binding("escape,q", "cancel", "Cancel / close", id="apply.cancel"),
    ]

    def __init__(self, session: Session, plan: Plan, counter: TokenCounter) -> None:
        super().__init__()
        self.session = session
        self.plan = plan
        self.counter = counter
        self.version_id: str | None = None
        self.worker: Worker[Any] | None = None

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """The dialog: what applying will do, a label for the version, the progress and its log."""
        p = self.plan
        live = p.applied_summaries()
        with Vertical(id="apply-dialog", classes="dialog"):
            yield Static(Text("Apply compaction", style="bold"), classes="dialog-title")
            yield Static(Text(
                f"session {visible(self.session.id)}: {p.total_before:,} → {'~' if p.estimated else ''}{p.total_after:,} "
                f"tokens{' (estimated)' if p.estimated else ''} · "
                f"{plural(sum(not s.exact for s in live), 'summary', 'summaries')} to generate · "
                f"{plural(sum(a != Action.KEEP for a in p.actions), 'message')} changed"))
            yield Static(Text.assemble("summarizer: ", (summarizer_label(p.config), "bold")), id="apply-summarizer")
            with Horizontal(classes="row"):
                yield Label("label ")
                yield Input(placeholder="optional version label", id="apply-label")
            yield ProgressBar(total=len(live) + 2, show_eta=False, id="apply-progress")
            yield RichLog(id="apply-log", max_lines=200, wrap=True, markup=False, min_width=20)
            with Horizontal(classes="buttons"):
                yield Button("Apply", variant="primary", id="apply-go")
                yield Button("Cancel", id="apply-cancel")

    def on_mount(self) -> None:
        """Focus the label (a typed label is not lost; enter applies)."""
        self.query_one("#apply-label").focus()  # a typed label is not lost; enter applies

    @on(Input.Submitted, "#apply-label")
    @on(Button.Pressed, "#apply-go")
    def _go(self) -> None:
        if self.worker is not None and self.worker.state == WorkerState.RUNNING:
            return
        if self.version_id is not None:
            self.dismiss(self.version_id)
            return
        self.query_one("#apply-go", Button).disabled = True
        label = self.query_one("#apply-label", Input).value.strip()
        self.query_one("#apply-log", RichLog).write(f"applying with {summarizer_label(self.plan.config)}…")
        self.worker = self._apply(label)

    @on(Button.Pressed, "#apply-cancel")
    def _cancel_button(self) -> None:
        self.action_cancel()

    def action_cancel(self) -> None:
        """Cancel a running apply (after the current request), or close the dialog."""
        if self.worker is not None and self.worker.state == WorkerState.RUNNING:
            self.worker.cancel()
            self.query_one("#apply-log", RichLog).write("cancelling… (after the current request)")
            return
        self.dismiss(self.version_id)

    @work(thread=True, exclusive=True, group="apply", exit_on_error=False, description="apply")
    def _apply(self, label: str) -> ApplyFinished:
        from inspector.service.versions import compact_and_save

        worker = get_current_worker()
        app = self.inspector
        p = self.plan
        config = p.config
        live = p.applied_summaries()
        done = 0

        def check() -> None:
            if worker.is_cancelled:
                raise Cancelled()

        def on_event(ev: SummaryEvent) -> None:
            nonlocal done
            check()
            if ev.kind == "after":
                done += 1
                self.post_message(ApplyProgress(done, len(live) + 2, f"summary {done}/{len(live)} done ({ev.model})"))
            elif ev.kind == "attempt":
                self.post_message(ApplyProgress(done, len(live) + 2, f"calling {ev.model} (attempt {ev.attempt})"))
            elif ev.kind == "failed":
                self.post_message(ApplyProgress(done, len(live) + 2, f"{ev.model} failed: {ev.error}"))

        start = time.perf_counter()
        check()
        # The use case `inspector apply` runs (litellm is imported only inside a model call).
        saved = compact_and_save(app.data, self.session, config, counter=self.counter, on_event=on_event,
                                 label=label)
        result, vid, used = saved.result, saved.version_id, saved.summarizer
        done = len(live) + 1
        self.post_message(ApplyProgress(done, len(live) + 2, f"validated: {len(result.messages):,} messages"))
        self.post_message(ApplyProgress(len(live) + 2, len(live) + 2,
                                        f"stored version {vid} in {time.perf_counter() - start:.2f}s"))
        finished = ApplyFinished(vid, self.session.id, used, p.total_before, result.total_after, len(result.messages))
        self.post_message(finished)
        return finished

    def on_apply_progress(self, message: ApplyProgress) -> None:
        """Show how far applying is."""
        self.query_one("#apply-progress", ProgressBar).update(total=message.total, progress=message.done)
        self.query_one("#apply-log", RichLog).write(message.detail)

    def on_apply_finished(self, message: ApplyFinished) -> None:
        """Report the stored version and turn the button into `Close`."""
        self.version_id = message.version_id
        log = self.query_one("#apply-log", RichLog)
        log.write(f"version {message.version_id}: {message.tokens_before:,} → {message.tokens_after:,} tokens, "
                  f"{message.messages:,} messages ({message.summarizer})")
        go = self.query_one("#apply-go", Button)
        go.label = "Done"
        go.disabled = False
        go.focus()
        self.inspector.version_saved(message)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Report a cancelled or failed apply in the log."""
        if event.worker is not self.worker:
            return
        log = self.query_one("#apply-log", RichLog)
        if event.state == WorkerState.CANCELLED or (event.state == WorkerState.ERROR
                                                    and isinstance(event.worker.error, Cancelled)):
            log.write("cancelled: nothing was stored")
            self.query_one("#apply-go", Button).disabled = False
            event.stop()
        elif event.state == WorkerState.ERROR:
            log.write(f"failed: {event.worker.error}")
            self.query_one("#apply-go", Button).disabled = False
            self.inspector.worker_failed(event.worker)
