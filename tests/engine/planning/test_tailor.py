"""Stage 5, tailor: whole oldest rounds dropped to fit the budget; the current request, the
latest round and system messages stay; a user-injected summary goes with the round it opens."""

from __future__ import annotations

from inspector.engine import materialize, plan
from inspector.engine.planning import Action
from tests.sessions import agent_session

from .stages import COUNTER, only


def test_oldest_rounds_are_dropped_until_the_budget_fits():
    s = agent_session(rounds=12, output="x " * 300)
    budget = plan(s, only("tailoring"), COUNTER).total_before // 2
    p = plan(s, only("tailoring", tailoring__budget_tokens=budget), COUNTER)
    assert p.total_after <= budget
    dropped = [i for i, a in enumerate(p.actions) if a == Action.DROP]
    assert dropped and dropped == list(range(dropped[0], dropped[-1] + 1))  # the oldest, in one run
    assert p.actions[0] == Action.KEEP  # the system prompt stays
    first_kept = dropped[-1] + 1
    assert s.messages[first_kept].role == "user"  # rounds start at user messages
    assert p.stage("tailor").messages == len(dropped)


def test_the_latest_round_is_never_dropped_even_over_budget():
    s = agent_session(rounds=6, output="x " * 300)
    # 20 tokens: not even the system prompt, the current request and the latest round fit
    p = plan(s, only("tailoring", tailoring__budget_tokens=20), COUNTER)
    assert p.actions[-1] == Action.KEEP
    (warning,) = [w for w in p.warnings if w.code == "over_budget"]
    assert p.actions[warning.positions[0]] == Action.KEEP


def test_a_user_injected_summary_is_evicted_with_its_round():
    s = agent_session(rounds=12, output="x " * 300)
    base = only("summarization", summarization__trigger__context_ratio=0.0,
                summarization__trigger__context_tokens=1_000, summarization__keep__mode="messages",
                summarization__keep__messages=20,
                summarization__injection="user")
    fits = plan(s, base, COUNTER)
    assert fits.applied_summaries() == fits.summaries != []
    tight = base.with_values({"tailoring.enabled": True, "tailoring.budget_tokens": fits.total_after // 3})
    # the summary carries the task (message 1): it stays while the later rounds can go
    kept = plan(s, tight, COUNTER)
    assert kept.summaries and not kept.summaries[0].evicted and kept.total_after <= fits.total_after // 3
    assert "task_dropped" not in [w.code for w in kept.warnings]
    p = plan(s, tight.with_values({"tailoring.keep_task": False}), COUNTER)
    (spec,) = p.summaries
    assert spec.evicted and spec.estimated_tokens == 0 and p.applied_summaries() == []
    assert "task_dropped" in [w.code for w in p.warnings]  # the task went with it
    out = materialize(s, p, {}, COUNTER)
    assert not any(m.kind == "summary" for m in out.messages)
