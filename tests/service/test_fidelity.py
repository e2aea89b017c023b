"""Fidelity of compaction (`service.pipeline.measure_fidelity`, the engine's
`fidelity` measure) on the real SWE-agent runs: every summarized session keeps its task."""

from __future__ import annotations

import pytest

from inspector.engine import preset
from inspector.engine.applier import MemorySummaryCache
from inspector.engine.fidelity import ITEM_CHARS
from inspector.engine.intro import first_request_index
from inspector.service.pipeline import compact_session, measure_fidelity, plan_session

SMALL = {"summarization.trigger.context_tokens": 2000, "summarization.trigger.context_ratio": 0.0,
         "summarization.keep.messages": 4, "summarization.keep.tokens": 800}


def _statement(session) -> str:
    """The task's first line as the measure normalizes it."""
    text = session.messages[first_request_index(session.messages)].text
    line = next(ln for ln in text.splitlines() if len(ln.strip()) >= 12)
    return " ".join(line.split()).lower()[:ITEM_CHARS]


@pytest.mark.parametrize("name", ["balanced", "eino", "sagents", "trpc", "synaptic"])
def test_every_summarized_swe_agent_session_keeps_its_task(name, traj_sessions, counter):
    config = preset(name).with_values(SMALL)
    summarized = 0
    for s in traj_sessions:
        result = compact_session(s, config, counter=counter)
        if not result.summaries:
            continue
        summarized += 1
        f = measure_fidelity(s, result=result)
        task = f.fidelity.kinds["task"]
        assert f.summaries == "applied"
        if task.items == 0:  # the request itself was kept verbatim (a single-request agent loop)
            assert any(m.content_hash == s.messages[first_request_index(s.messages)].content_hash
                       for m in result.messages), s.id
            continue
        # the statement line is kept, and most of the task's lines (a long description
        # may push its file list out of the summary's share)
        assert _statement(s) not in task.missing, (s.id, task.missing)
        assert 3 * task.kept >= 2 * task.items, (s.id, task.missing)
    assert summarized >= 10  # the fixtures are long enough for every preset to summarize


def test_the_plans_fidelity_is_the_applied_results(traj_sessions, counter):
    s = next(t for t in traj_sessions if t.id == "ctf_crypto_katy")
    config = preset("sagents").with_values(SMALL)
    cache = MemorySummaryCache()
    p = plan_session(s, config, counter=counter)
    planned = measure_fidelity(s, p, summary_cache=cache, counter=counter)
    assert planned.summaries == "extractive" and cache.get(p.summaries[0].key) is None  # measured, not stored
    result = compact_session(s, config, counter=counter, summary_cache=cache)
    applied = measure_fidelity(s, result=result)
    assert planned.fidelity.to_dict() == applied.fidelity.to_dict()
    assert 0 < applied.fidelity.score < 1
    # once generated, the plan reads the cached text
    again = measure_fidelity(s, plan_session(s, config, counter=counter, summary_cache=cache),
                             summary_cache=cache, counter=counter)
    assert again.summaries == "cached" and again.fidelity.to_dict() == applied.fidelity.to_dict()
    with pytest.raises(ValueError):
        measure_fidelity(s)


def test_a_scratch_cache_keeps_the_offline_summaries_measured(traj_sessions, counter):
    from inspector.engine.summarize import SummaryResult

    s = next(t for t in traj_sessions if t.id == "ctf_crypto_katy")
    p = plan_session(s, preset("sagents").with_values(SMALL), counter=counter)
    scratch = MemorySummaryCache()
    first = measure_fidelity(s, p, counter=counter, scratch=scratch)
    key = p.summaries[0].key
    assert scratch.get(key) is not None and first.summaries == "extractive"
    # read back, not rebuilt: a text put there is the one measured
    scratch.put(key, SummaryResult(text="nothing useful", model="extractive", extractive=True))
    again = measure_fidelity(s, p, counter=counter, scratch=scratch)
    assert again.fidelity.kinds["task"].kept == 0 < first.fidelity.kinds["task"].kept
