"""The tuning controller (`service.tuning.Tuning`) on its own, without Textual: the
generation drops stale plans and fidelities, the rule for planning at once, one plan
at a time across threads, config edits, presets and undo, and the collector handed
back."""

from __future__ import annotations

import gc
import threading

import pytest

from inspector.engine import preset
from inspector.engine.config import ConfigError
from inspector.service.pipeline import plan_session
from inspector.service.store import MemoryStore
from inspector.service.tuning import FRAME_S, PLAN_NOW_MS, Tuning

SMALL = {"summarization.trigger.context_tokens": 2000, "summarization.trigger.context_ratio": 0.0,
         "summarization.keep.messages": 4, "summarization.keep.tokens": 800}


class Clock:
    """A clock the test moves: the rule is under test, not this machine's speed."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def tuning(traj_sessions, counter):
    session = max(traj_sessions, key=lambda s: len(s.messages))
    clock = Clock()
    t = Tuning(preset("balanced").with_values(SMALL), MemoryStore([session]), clock=clock)
    t.start(session, counter)
    yield t
    t.close()


def test_a_plan_is_the_pipelines_plan_of_the_config(tuning):
    tuning.next_generation()
    planned = tuning.plan_now()
    assert planned is not None and tuning.accept(planned)
    expected = plan_session(tuning.session, tuning.config, counter=tuning.counter)
    assert planned.plan.actions == expected.actions and planned.plan.total_after == expected.total_after
    assert planned.config is tuning.config and tuning.plan is planned.plan
    assert planned.changed == tuning.changed == {}  # the config it starts from is not "modified"


def test_a_plan_of_an_older_generation_is_dropped(tuning):
    first = tuning.next_generation()
    old = tuning.plan_for(tuning.config, first, {})
    assert old is not None
    tuning.edit({"summarization.keep.messages": 6})
    tuning.next_generation()
    assert not tuning.accept(old)  # a slider moved on while it was planned
    assert tuning.plan is None
    assert tuning.plan_for(tuning.config, first, {}) is None  # superseded before it started: not planned
    new = tuning.plan_for(tuning.config, tuning.generation, dict(tuning.changed))
    assert new is not None and tuning.accept(new)
    assert not tuning.accept(new)  # shown already


def test_a_fidelity_of_an_older_plan_is_dropped(tuning):
    tuning.next_generation()
    planned = tuning.plan_now()
    assert planned is not None and tuning.accept(planned)
    report = tuning.measure(planned.plan, planned.generation)
    assert report is not None and 0 < report.fidelity.score <= 1
    tuning.next_generation()
    assert not tuning.accept_fidelity(report, planned.generation)
    assert tuning.fidelity is None
    assert tuning.measure(planned.plan, planned.generation) is None  # not measured at all
    newer = tuning.plan_now()
    assert newer is not None and tuning.accept(newer)
    assert tuning.accept_fidelity(tuning.measure(newer.plan, newer.generation), newer.generation)
    assert tuning.fidelity is not None


def test_the_rule_for_planning_at_once(tuning):
    """At once only after a quick plan, and not twice within one frame."""
    assert not tuning.plans_now()  # no plan yet: the first comes from the worker
    tuning.next_generation()
    planned = tuning.plan_for(tuning.config, tuning.generation, {})
    assert planned is not None and tuning.accept(planned)
    tuning.plan_ms = 0.0
    assert tuning.plans_now()
    assert tuning.plan_now() is not None
    assert not tuning.plans_now()  # the same frame: a flood is coalesced instead
    tuning.clock.now += 2 * FRAME_S
    assert tuning.plans_now()
    tuning.plan_ms = PLAN_NOW_MS + 1  # the last plan was slow: the worker plans
    assert not tuning.plans_now()


def test_plan_now_does_not_wait_for_a_planning_worker(tuning):
    """One plan at a time: while a worker plans, a knob move does not block the UI."""
    tuning.next_generation()
    entered, release = threading.Event(), threading.Event()
    real = tuning.store.summary_cache

    def slow_cache():
        entered.set()
        release.wait(10)
        return real()

    tuning.store.summary_cache = slow_cache  # type: ignore[method-assign]
    worker = threading.Thread(target=tuning.plan_for, args=(tuning.config, tuning.generation, {}))
    worker.start()
    try:
        assert entered.wait(10)
        assert tuning.plan_now() is None
    finally:
        release.set()
        worker.join(10)
    tuning.store.summary_cache = real  # type: ignore[method-assign]
    assert tuning.plan_now() is not None


def test_a_refused_value_changes_nothing(tuning):
    before, changed = tuning.config, dict(tuning.changed)
    with pytest.raises(ConfigError):
        tuning.edit({"summarization.keep.messages": -3})
    assert tuning.config is before and tuning.changed == changed


def test_queued_values_are_taken_once(tuning):
    tuning.queue({"summarization.keep.messages": 5})
    tuning.queue({"summarization.keep.messages": 7, "summarization.keep.tokens": 900})
    assert tuning.take_queued() == {"summarization.keep.messages": 7, "summarization.keep.tokens": 900}
    assert tuning.take_queued() == {}


def test_the_config_it_starts_from_is_kept_when_its_preset_is_chosen(tuning):
    """The panel reports its preset when it mounts: a loaded config (a file, `--set`)
    must survive that (the TUI once applied the bare preset instead of the file's)."""
    loaded = tuning.config
    assert tuning.choose_preset(loaded.preset) is None
    assert tuning.config is loaded and tuning.changed == {}


def test_presets_reset_and_undo(tuning):
    tuning.edit(SMALL)
    tuned = tuning.config
    assert tuning.choose_preset("eino") == len(SMALL)
    assert tuning.config.preset == "eino" and tuning.changed == {}
    assert tuning.choose_preset("eino") is None  # the preset already, nothing tuned
    assert tuning.undo()
    assert tuning.config is tuned and tuning.changed == SMALL
    assert not tuning.undo()  # once
    tuning.reset()
    assert tuning.config.preset == "balanced" and tuning.changed == {}
    assert tuning.undo() and tuning.config is tuned


def test_the_collector_is_handed_back(traj_sessions, counter):
    session = traj_sessions[0]
    before = gc.get_freeze_count()
    t = Tuning(preset("balanced"), MemoryStore([session]))
    t.close()  # never started: froze nothing, unfreezes nothing
    t.start(session, counter)
    t.next_generation()
    planned = t.plan_now()
    assert planned is not None and t.accept(planned)
    assert gc.get_freeze_count() >= before
    t.close()
    assert gc.get_freeze_count() == 0


class WatchedSummaries(MemoryStore):
    """A store whose summary cache records whether the cyclic collector ran when the
    plan looked a summary up."""

    def __init__(self, sessions) -> None:
        super().__init__(sessions)
        self.collector: list[bool] = []
        inner = super().summary_cache()
        seen = self.collector

        class Cache:
            def get(self, key):
                seen.append(gc.isenabled())
                return inner.get(key)

            def put(self, key, result):
                inner.put(key, result)

        self.cache = Cache()

    def summary_cache(self):
        return self.cache


def test_a_workers_first_plan_runs_with_the_collector_paused(traj_sessions, counter):
    """The first plan of a 100k-message session allocates millions of objects that live
    on, and the full collections they set off walked them again (bench/run.py
    `open_100k_first_plan_vs_library`): the worker's first plan runs paused, and leaves
    the collector on; a re-plan does not pause it (paused, a dragged slider's re-plans
    took twice the CPU on 10,000 messages: bench `tui_replan`)."""
    session = max(traj_sessions, key=lambda s: len(s.messages))
    store = WatchedSummaries([session])
    t = Tuning(preset("balanced").with_values(SMALL), store)
    t.start(session, counter)
    try:
        planned = t.plan_for(t.config, t.next_generation(), {})
        assert planned is not None and planned.plan.summaries  # a summary was looked up
        assert store.collector and not any(store.collector)
        assert gc.isenabled()
        assert t.accept(planned)
        store.collector.clear()
        t.edit({"summarization.keep.messages": 6})
        again = t.plan_for(t.config, t.next_generation(), {})
        assert again is not None and again.plan.summaries
        assert store.collector and all(store.collector)
    finally:
        t.close()


def test_closing_one_tuning_keeps_another_open_one_out_of_the_collectors_reach(traj_sessions, counter):
    """Two session screens tune at once; closing one thawed the other's session too
    (a bare `gc.unfreeze`), and the collector walked it again on every collection."""
    session = max(traj_sessions, key=lambda s: len(s.messages))
    assert gc.get_freeze_count() == 0
    first, second = (Tuning(preset("balanced"), MemoryStore([session])) for _ in range(2))
    first.start(session, counter)
    second.start(session, counter)
    second.plan_now()  # its first plan's memo is moved out of reach as well
    first.close()
    assert gc.get_freeze_count() > 0
    second.close()
    assert gc.get_freeze_count() == 0


def test_the_first_measures_index_leaves_the_collectors_reach_once(traj_sessions, counter):
    """The first fidelity measure builds the session's index, which lives as long as the
    session: left in the collector's reach, a full collection walked it again on a later
    knob move (~200 ms on 10,000 messages). It is held as the first plan's memo is, once;
    closing hands everything back, and a measure after closing holds nothing."""
    from inspector.engine import fidelity

    session = max(traj_sessions, key=lambda s: len(s.messages))
    fidelity.forget()  # (the index is built by this tuning's first measure)
    assert gc.get_freeze_count() == 0
    t = Tuning(preset("balanced").with_values(SMALL), MemoryStore([session]))
    t.start(session, counter)
    try:
        planned = t.plan_for(t.config, t.next_generation(), {})
        assert planned is not None and t.accept(planned)
        held = gc.get_freeze_count()
        assert t.measure(planned.plan, planned.generation) is not None
        assert gc.get_freeze_count() > held  # what the measure built, held too
        again = gc.get_freeze_count()
        assert t.measure(planned.plan, planned.generation) is not None
        assert gc.get_freeze_count() == again  # once: a knob move's measure holds nothing more
    finally:
        t.close()
    assert gc.get_freeze_count() == 0
    late = Tuning(preset("balanced").with_values(SMALL), MemoryStore([session]))
    late.start(session, counter)
    planned = late.plan_for(late.config, late.next_generation(), {})
    assert planned is not None and late.accept(planned)
    late.close()  # (a measure still running when its screen closes)
    fidelity.forget()
    assert late.measure(planned.plan, planned.generation) is not None
    assert gc.get_freeze_count() == 0  # closed: nothing held again
