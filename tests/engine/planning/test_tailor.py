"""Stage 5, tailor: whole oldest rounds dropped to fit the budget; the current request, the
latest round and system messages stay; a user-injected summary goes with the round it opens."""

from __future__ import annotations

import pytest

from inspector.engine import apply, materialize, plan, preset
from inspector.engine.applier import InvariantViolated
from inspector.engine.invariants import BUDGET
from inspector.engine.models import SYSTEM_ROLES, Message
from inspector.engine.planning import Action
from tests.sessions import agent_session, asst, session, tool, user

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


def _latest_round_too_big():
    """The latest user message summarized (`keep.latest_user = false`), then a last round
    whose output alone is over the budget: once the round goes, the summary is all that
    is left beside the system messages."""
    return session(
        Message.text_message("system", "[Previous conversation summary]\nEarlier: the user asked X.", kind="summary"),
        user("a"), user("b"), asst("", [("c1", "bash", '{"arg": ""}')]), tool("c1", "f " * 2_000, "bash"),
        user("d"), asst("", [("c2", "bash", '{"arg": ""}'), ("c3", "bash", '{"arg": ""}')]),
        tool("c2", "e " * 6_000, "bash"), tool("c3", "e", "bash"), id="too-big")


@pytest.mark.parametrize("injection", ["user", "system", "system_merge"])
@pytest.mark.parametrize("strict", [False, True])
def test_tailoring_never_leaves_only_system_messages(injection, strict):
    """Regression (#24, found by the properties on generated sessions): tailoring dropped
    the last round and evicted the summary with it, leaving no message at all (apply:
    `non_system_message` broken, nothing written). A user summary now stays on its own;
    without one the round stays and the plan says it is over budget."""
    s = _latest_round_too_big()
    c = preset("eino").with_values({
        "summarization.trigger.context_tokens": 0, "summarization.keep.messages": 3,
        "summarization.injection": injection, "summarization.injection_strict": strict,
        "summarization.preserve_user_messages.enabled": False, "summarization.preserve_tools.tools": [],
        "reduction.truncation.enabled": False, "reduction.clear.enabled": False,
        "tailoring.enabled": True, "tailoring.budget_tokens": 3_000})
    p = plan(s, c, COUNTER)
    try:
        out = apply(s, p, counter=COUNTER)
    except InvariantViolated as exc:
        assert [v.invariant for v in exc.violations] == [BUDGET], str(exc)
        assert "over_budget" in [w.code for w in p.warnings]
        return
    assert any(m.role not in SYSTEM_ROLES for m in out.messages), [m.role for m in out.messages]
    assert out.total_after <= 3_000
