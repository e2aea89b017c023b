"""Tuning a session's compaction: the config being tuned, its plan and the plan's
fidelity, without a user interface.

The session screen owns one `Tuning` and paints what it holds; this module decides
the rest. Every config change takes a new generation; a plan or a fidelity made for
an older generation is dropped (a slider moved on while it was computed). A plan is
made by the screen's worker (`plan_for`) or, when plans are quick, right in the
handler of the key or click that moved a knob (`plan_now`), so the knob and its plan
paint in the same frame: Textual paints the knob's frame at once and the next one
17-33 ms later, and a plan from a worker missed the first (bench/run.py, tui_replan).
The rule for planning at once is `plans_now`.

Threads: `plan_for` and `measure` run in worker threads, `plan_now` on the UI
thread; one lock per kind of work keeps one plan and one measure at a time (a thread
cannot be cancelled, and measures of plans a slider has left would hold the
interpreter lock while newer plans paint).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from inspector.edge import collection_paused, hold_survivors

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.tokens import TokenCounter
    from inspector.service.pipeline import FidelityReport
    from inspector.service.store import VersionStore

PLAN_NOW_MS = 10.0  # a knob move plans at once when the last plan took at most this (ms)
FRAME_S = 1 / 60  # and none was planned at once within one frame (Textual's 60 fps)


@dataclass(frozen=True)
class Planned:
    """A plan of one generation of the config.

    Attributes:
        plan: the plan.
        config: the config planned.
        generation: the config's generation when planning started.
        ms: how long planning took.
        changed: the values tuned away from the preset, when planning started.
    """

    plan: Plan
    config: CompactionConfig
    generation: int
    ms: float
    changed: dict[str, Any] = field(default_factory=dict)


class Tuning:
    """The config a session is tuned with, its generation, plan and fidelity.

    Args:
        config: the config to start from.
        store: where the token counts and generated summaries are cached.
        clock: seconds, monotonic (tests pass their own).
    """

    def __init__(self, config: CompactionConfig, store: VersionStore,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.config = config
        # What was tuned here: the config it starts from (a loaded file, `--set`) is not
        # "modified", and choosing its own preset again keeps it.
        self.changed: dict[str, Any] = {}
        self.store = store
        self.clock = clock
        self.session: Session | None = None
        self.counter: TokenCounter | None = None
        self.generation = 0
        self.plan: Plan | None = None
        self.plan_ms = 0.0
        self.fidelity: FidelityReport | None = None  # of `plan`, once measured
        self.planned_now_at = float("-inf")  # clock() of the last plan made by `plan_now`
        self._undo: tuple[CompactionConfig, dict[str, Any]] | None = None
        self._pending: dict[str, Any] = {}
        self._plan_lock = threading.Lock()
        self._measure_lock = threading.Lock()
        self._scratch: Any = None  # the offline summaries measured, per range (a MemorySummaryCache)
        self._release: Callable[[], None] | None = None
        self._hold_lock = threading.Lock()  # (`_freeze` from the plan's thread and the measure's)
        self._measured = False  # the session's fidelity measured once (its index built)

    # ------------------------------------------------------------------ the session

    def start(self, session: Session, counter: TokenCounter) -> None:
        """Tune `session`, counted with `counter`. The session and its analysis live as
        long as the tuning: they leave the cyclic collector's passes (a full pass over
        a 10,000-message session took ~250 ms, a stall while a slider moves); freed by
        reference counting as ever, and handed back by `close`."""
        from inspector.engine.applier import MemorySummaryCache

        self._freeze()
        self.session = session
        self.counter = counter
        self._measured = False
        self._scratch = MemorySummaryCache()  # a few KB per summary range measured

    def grew(self, session: Session) -> None:
        """The session as its source has it now (it is being written)."""
        self.session = session

    def close(self) -> None:
        """Hand what `start` and the first plan kept back to the collector."""
        with self._hold_lock:
            release, self._release = self._release, None
        if release is not None:  # one that never started froze nothing
            release()

    def _freeze(self, *, again: bool = False) -> None:
        # A second call moves what was allocated since (the plan memo) out of reach too;
        # the new hold is taken before the old one is let go, so nothing thaws between.
        # (`again`: only while a hold is kept, not after `close`.)
        with self._hold_lock:
            if again and self._release is None:
                return
            previous, self._release = self._release, hold_survivors()
        if previous is not None:
            previous()

    # ------------------------------------------------------------------ the config

    def edit(self, values: dict[str, Any]) -> CompactionConfig:
        """Set knob values (dotted keys); the config, tuned.

        Raises:
            ConfigError: a value the config refuses; nothing changed.
        """
        self.config = self.config.with_values(values)
        self.changed.update(values)
        return self.config

    def replace(self, config: CompactionConfig) -> None:
        """A whole config (preset, restored version, loaded file, Replay's tuning):
        tuned where it differs from its preset."""
        self.config = config
        self.changed = config.changed_values()

    def choose_preset(self, name: str) -> int | None:
        """Switch to preset `name`, keeping what `undo` restores.

        Returns:
            How many tuned values it replaced, or None when it is the preset already
            and nothing is tuned (nothing changed).
        """
        from inspector.engine.config import preset

        if name == self.config.preset and not self.changed:
            return None
        tuned = len(self.changed)
        self._undo = (self.config, dict(self.changed))
        self.replace(self.config.as_preset(name) if self.config is not None else preset(name))
        return tuned

    def reset(self) -> None:
        """Back to the config's preset, keeping what `undo` restores."""
        from inspector.engine.config import preset

        self._undo = (self.config, dict(self.changed))
        self.replace(preset(self.config.preset))

    def undo(self) -> bool:
        """Back to the config before the last preset switch or reset, tuning included.

        Returns:
            False when there is nothing to undo.
        """
        if self._undo is None:
            return False
        config, changed = self._undo
        self._undo = None
        self.config = config
        self.changed = changed
        return True

    # ------------------------------------------------------------------ knob floods

    def queue(self, values: dict[str, Any]) -> None:
        """Knob values to apply with the next `take_queued` (a dragged slider's flood
        becomes one re-plan)."""
        self._pending.update(values)

    def take_queued(self) -> dict[str, Any]:
        """The values queued since the last call."""
        values, self._pending = self._pending, {}
        return values

    # ------------------------------------------------------------------ planning

    def plans_now(self) -> bool:
        """Whether a knob move plans at once, in its own handler: there is a plan, it
        took at most `PLAN_NOW_MS`, and none was planned at once within the last frame
        (a flood within a frame is coalesced and planned by the worker instead)."""
        return (self.session is not None and self.plan is not None and self.plan_ms <= PLAN_NOW_MS
                and self.clock() - self.planned_now_at >= FRAME_S)

    def next_generation(self) -> int:
        """A config change: plans and fidelities of earlier generations are stale."""
        self.generation += 1
        return self.generation

    def _plan(self, config: CompactionConfig) -> Plan:
        from inspector.service.pipeline import plan_session  # the CLI's pipeline: exact once a summary is cached

        assert self.session is not None
        return plan_session(self.session, config, counter=self.counter, token_cache=self.store.token_cache(),
                            summary_cache=self.store.summary_cache())

    def plan_now(self) -> Planned | None:
        """Plan the current config on this thread.

        Returns:
            The plan, or None when a worker is planning (the lock is not waited for)
            or planning failed (the worker's plan reports the error).
        """
        if self.session is None or not self._plan_lock.acquire(blocking=False):
            return None
        config, generation = self.config, self.generation
        try:
            start = self.clock()
            plan = self._plan(config)
        except Exception:
            return None
        finally:
            self._plan_lock.release()
        self.planned_now_at = self.clock()
        return Planned(plan, config, generation, (self.planned_now_at - start) * 1000, dict(self.changed))

    def plan_for(self, config: CompactionConfig, generation: int, changed: dict[str, Any]) -> Planned | None:
        """Plan `config` (in a worker thread), one plan at a time; the first one with
        the cyclic collector paused (`edge.collection_paused`).

        Returns:
            The plan, or None when a newer generation superseded it before it started.
        """
        start = self.clock()
        with self._plan_lock:
            if generation != self.generation:
                return None
            # The first plan paused: on 100,000 messages it builds a memo of ~50 MB, and the
            # full collections it set off walked it again (~0.15 s of its ~2.3 s; bench
            # open_100k_first_plan_vs_library); what it drops is freed by reference
            # counting. Not the later ones: pausing each re-plan of a dragged slider doubled
            # its CPU on 10,000 messages (bench tui_replan, 12 -> 23 ms a move).
            with collection_paused() if self.plan is None else nullcontext():
                plan = self._plan(config)
        return Planned(plan, config, generation, (self.clock() - start) * 1000, changed)

    def accept(self, planned: Planned) -> bool:
        """Take `planned` as the plan shown, unless a newer generation exists or it is
        shown already. Its fidelity is measured afresh (`measure`).

        Returns:
            Whether it is the new plan.
        """
        if planned.generation != self.generation or planned.plan is self.plan:
            return False
        if self.plan is None:
            self._freeze()  # the plan memo, built by the first plan, lives as long as the session
        self.plan = planned.plan
        self.plan_ms = planned.ms
        self.fidelity = None  # the last one measured another plan
        return True

    # ------------------------------------------------------------------ fidelity

    def measure(self, plan: Plan, generation: int) -> FidelityReport | None:
        """The fidelity of `plan` (in a worker thread, after the plan is shown: it may
        write an offline summary of a long range, ~250 ms on 10,000 messages), one at
        a time.

        Returns:
            The report, or None when a newer generation exists.
        """
        from inspector.service.pipeline import measure_fidelity

        with self._measure_lock:
            if generation != self.generation or self.session is None:
                return None
            report = measure_fidelity(self.session, plan, summary_cache=self.store.summary_cache(),
                                      counter=self.counter, scratch=self._scratch)
            if not self._measured:
                # The first measure builds the session's fidelity index (its postings, the
                # messages' readings), which lives as long as the session: left in the
                # collector's reach, a full collection walked it again on a later knob
                # move (~200 ms on 10,000 messages, one move in twenty of the bench's).
                self._measured = True
                self._freeze(again=True)
            return report

    def accept_fidelity(self, report: FidelityReport, generation: int) -> bool:
        """Take `report` as the shown plan's fidelity, unless it is of an older generation."""
        if generation != self.generation:
            return False
        self.fidelity = report
        return True
