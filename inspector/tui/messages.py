"""Typed messages that workers post back to the UI (thread-safe: `post_message`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual.message import Message

from inspector.service.store import SessionRow, VersionRow

if TYPE_CHECKING:  # pragma: no cover
    from textual.worker import Worker

    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.planning import Plan
    from inspector.engine.tokens import TokenCounter
    from inspector.service.pipeline import FidelityReport


@dataclass
class LoadProgress(Message):
    """How far a load is. A flood from a worker coalesces: a newer report replaces a
    queued older one (only the latest is worth drawing)."""

    done: int
    total: int
    what: str = ""

    def can_replace(self, message: Message) -> bool:
        """A newer progress report replaces one still queued."""
        return isinstance(message, LoadProgress)


@dataclass
class SessionsLoaded(Message):
    """The session rows of the store are listed (and how long counting took)."""

    rows: list[SessionRow]
    counter: str
    seconds: float


@dataclass
class SessionReady(Message):
    """A session is loaded and its tokens counted: ready to plan."""

    session: Session
    tokens: list[int]
    counter: TokenCounter
    seconds: float


@dataclass
class PlanReady(Message):
    """A plan for the config the user has now (older generations are discarded)."""

    plan: Plan
    config: CompactionConfig
    generation: int
    ms: float
    changed: dict[str, Any] = field(default_factory=dict)  # the knob values that led here

    def can_replace(self, message: Message) -> bool:
        """A plan for a newer config replaces a queued older one: slider floods draw
        only the latest plan."""
        return isinstance(message, PlanReady) and message.generation <= self.generation


@dataclass
class ApplyProgress(Message):
    """How far applying a compaction is."""

    done: int
    total: int
    detail: str = ""


@dataclass
class ApplyFinished(Message):
    """A compacted version is stored: its id and figures."""

    version_id: str
    session_id: str
    summarizer: str
    tokens_before: int
    tokens_after: int
    messages: int


@dataclass
class VersionsLoaded(Message):
    """A session's stored versions are listed."""

    session_id: str
    rows: list[VersionRow]


@dataclass
class WorkFailed(Message):
    """One place for errors from any worker: shown as a notification."""

    what: str
    error: str


@dataclass
class FidelityReady(Message):
    """The fidelity of the plan of `generation` (`service.pipeline.measure_fidelity`)."""

    report: FidelityReport
    generation: int


class ReportsWorkerErrors:
    """Mixin for screens: worker state events do not bubble, so each screen hands its
    failed workers to the app's one error handler."""

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Hand a failed worker to the app's error handler."""
        from textual.worker import WorkerState

        if event.state == WorkerState.ERROR:
            self.app.worker_failed(event.worker)  # type: ignore[attr-defined]
