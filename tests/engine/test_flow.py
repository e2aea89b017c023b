"""The one compaction flow (`engine.flow.compaction`) and its two drivers
(`engine.driving`): the steps it asks for, what an error thrown in does, and that
every entry point (the service, the runtime, replay) is a driver of it."""

from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import pytest

from inspector.engine import make_counter, preset
from inspector.engine.applier import MemorySummaryCache
from inspector.engine.driving import adrive, drive
from inspector.engine.flow import compaction, exact_plan, replay_step
from inspector.engine.planning import Plan
from inspector.engine.summarize import ExtractiveSummarizer, SummaryFailed
from inspector.engine.summarize.protocol import Summarize
from tests.sessions import agent_session

ROOT = Path(__file__).resolve().parents[2]
COUNTER = make_counter("tiktoken", model="gpt-4o")


def summarizing(**more):
    """Summarizes `agent_session(rounds=10)`: past 12 messages, the last 4 kept."""
    return preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 12,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 4,
        "summarization.preserve_user_messages.enabled": False, **more})


def _hashes(result):
    return [m.content_hash for m in result.messages]


def test_the_flow_asks_for_each_missing_summary_then_applies_the_exact_plan():
    session = agent_session(rounds=10)
    config = summarizing()
    steps = compaction(session, config, COUNTER)
    asked = []
    answer = None
    extractive = ExtractiveSummarizer()
    with pytest.raises(StopIteration) as done:
        while True:
            step = steps.send(answer)
            assert isinstance(step, Summarize)
            asked.append(step.key)
            answer = extractive.summarize(step.request)
    result = done.value.value
    assert asked and len(asked) == len(set(asked))  # each summary asked for once
    assert [g.key for g in result.summaries] == [s.key for s in result.plan.summaries]
    assert all(s.exact for s in result.plan.summaries)  # re-planned with the written sizes
    assert result.total_after == result.plan.total_after  # so what was planned is what is applied
    assert result.summaries[0].model == "extractive" and result.summaries[0].extractive


def test_a_summary_in_the_cache_is_not_asked_for_and_the_first_plan_is_already_exact():
    session = agent_session(rounds=10)
    config = summarizing()
    cache = MemorySummaryCache()
    first = drive(compaction(session, config, COUNTER, summary_cache=cache),
                  lambda step: ExtractiveSummarizer().summarize(step.request))

    def never(step):
        raise AssertionError(f"asked again for {step.key}")

    again = drive(compaction(session, config, COUNTER, summary_cache=cache), never)
    assert _hashes(again) == _hashes(first)
    assert exact_plan(session, config, COUNTER, summary_cache=cache).summaries[0].exact


def test_the_sync_and_the_async_driver_give_the_same_compaction():
    session = agent_session(rounds=10)
    config = summarizing()
    extractive = ExtractiveSummarizer()
    sync = drive(compaction(session, config, COUNTER), lambda step: extractive.summarize(step.request))

    async def perform(step):
        await asyncio.sleep(0)
        return extractive.summarize(step.request)

    async_ = asyncio.run(adrive(compaction(session, config, COUNTER), perform))
    assert _hashes(sync) == _hashes(async_) and sync.total_after == async_.total_after
    assert sync.summaries and [g.text for g in sync.summaries] == [g.text for g in async_.summaries]


@pytest.mark.parametrize("driver", ["sync", "async"])
def test_a_failed_summary_is_thrown_into_the_flow_which_keeps_the_messages_or_raises(driver):
    session = agent_session(rounds=10)

    def fail(step):
        raise SummaryFailed("every model failed", ["m1: down"])

    async def afail(step):
        fail(step)

    def run(config, events=None):
        steps = compaction(session, config, COUNTER, on_event=events.append if events is not None else None)
        return drive(steps, fail) if driver == "sync" else asyncio.run(adrive(steps, afail))

    with pytest.raises(SummaryFailed):
        run(summarizing(**{"summarization.on_failure": "raise"}))
    events: list = []
    kept = run(summarizing(**{"summarization.on_failure": "keep"}), events)
    assert not kept.summaries and [e.kind for e in events] == ["kept"]
    assert any(w.code == "summary_failed_kept" for w in kept.plan.warnings)


def test_an_error_the_flow_does_not_handle_comes_out_of_the_driver_unchanged():
    def broken(step):
        raise KeyError("a bug in the summarizer")

    with pytest.raises(KeyError, match="a bug in the summarizer"):
        drive(compaction(agent_session(rounds=10), summarizing(), COUNTER), broken)


def test_a_plan_that_changes_nothing_comes_back_as_the_plan_when_asked():
    session = agent_session(rounds=2)
    steps = compaction(session, summarizing(), COUNTER, unchanged_plan=True)
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert isinstance(done.value.value, Plan) and not done.value.value.changed
    result = replay_step(COUNTER)(session, summarizing())
    assert isinstance(result, Plan)


def test_the_service_and_the_runtime_give_what_the_flow_gives():
    from inspector import Compactor
    from inspector.service.pipeline import acompact_session, compact_session

    session = agent_session(rounds=10)
    config = summarizing()
    flow = drive(compaction(session, config, COUNTER), lambda step: ExtractiveSummarizer().summarize(step.request))
    service = compact_session(session, config, counter=COUNTER)
    aservice = asyncio.run(acompact_session(session, config, counter=COUNTER))
    runtime = Compactor(config, counter=COUNTER).compact_session(session)
    assert _hashes(flow) == _hashes(service) == _hashes(aservice) == _hashes(runtime)


def _calls_with_keyword(path: Path, name: str, keyword: str) -> list[int]:
    tree = ast.parse(path.read_text())
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == name
            and any(k.arg == keyword for k in node.keywords)]


def test_the_exact_re_plan_is_written_once_in_the_flow():
    """One compaction flow: the only call of `plan(..., summary_tokens=...)` (the exact
    re-plan with the written summaries' sizes) in inspector/ is the flow's, and no
    module imports the flow's private state."""
    found = {str(p.relative_to(ROOT)): lines for p in sorted((ROOT / "inspector").rglob("*.py"))
             if (lines := _calls_with_keyword(p, "plan", "summary_tokens"))}
    assert list(found) == ["inspector/engine/flow.py"] and len(found["inspector/engine/flow.py"]) == 1, found
    for p in (ROOT / "inspector").rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "inspector.engine.flow":
                assert not [a.name for a in node.names if a.name.startswith("_")], p
