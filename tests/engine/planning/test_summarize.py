"""Stage 4, summarize: triggers, the cutoff moved back to a safe point, what is
preserved, the summary's size, the injection."""

from __future__ import annotations

from inspector.engine import apply, plan
from inspector.engine.config import TriggerConfig
from inspector.engine.planning import Action
from inspector.engine.planning.summarize import evaluate
from tests.sessions import agent_session, asst, session, tool, user

from .stages import COUNTER, only


def summarizing(**values):
    """Summarization only, over a 1,000-token trigger, keeping the last N messages."""
    return only("summarization", **{"summarization__trigger__context_ratio": 0.0,
                                    "summarization__trigger__context_tokens": 1_000,
                                    "summarization__keep__mode": "messages"} | values)


def test_triggers_combine_any_or_all():
    tr = TriggerConfig(context_tokens=100, messages=5)
    checks, fired = evaluate(tr, 200, 3, "in context", None, 128_000)
    assert fired and [c.fired for c in checks] == [True, False]
    _, fired = evaluate(tr.model_copy(update={"combine": "all"}), 200, 3, "in context", None, 128_000)
    assert not fired
    checks, fired = evaluate(TriggerConfig(idle_seconds=60), 0, 0, "in context", None, 128_000)
    assert not fired and "not evaluated" in checks[0].detail  # no clock: never fires
    _, fired = evaluate(TriggerConfig(idle_seconds=60), 0, 0, "in context", 61.0, 128_000)
    assert fired


def test_not_triggered_changes_nothing():
    p = plan(agent_session(rounds=3), summarizing(summarization__trigger__context_tokens=10_000_000), COUNTER)
    assert not p.triggered and not p.changed
    assert p.stage("summarize").reason.startswith("not triggered (")


def test_the_cutoff_moves_back_so_a_call_keeps_its_results():
    s = agent_session(rounds=10, parallel_every=2)
    moved = 0
    for keep in range(2, 12):
        p = plan(s, summarizing(summarization__keep__messages=keep), COUNTER)
        spec = p.summaries[0]
        assert p.cutoff is not None and p.cutoff.final == spec.end
        kept = s.messages[spec.end]
        assert kept.role != "tool"  # never a result whose call is summarized
        if p.cutoff.final != p.cutoff.target:
            assert "moved back" in p.cutoff.reason
            moved += 1
    assert moved  # some of those targets fell between a call and its results


def test_summarized_and_preserved_messages_and_the_size_estimate():
    s = agent_session(rounds=12, output="x " * 300)
    p = plan(s, summarizing(summarization__keep__messages=4,
                            summarization__preserve_user_messages__enabled=True), COUNTER)
    spec = p.summaries[0]
    assert spec.preserved_users and all(p.actions[i] == Action.PRESERVE for i in spec.preserved_users)
    assert all(p.actions[i] == Action.SUMMARIZE for i in spec.summarized)
    assert all(p.actions[i] == Action.KEEP for i in range(spec.end, len(s.messages)))
    assert spec.estimated_tokens < spec.replaced_tokens
    out = apply(s, p, counter=COUNTER)  # the offline extractive summary
    assert out.total_after < p.total_before


def test_a_summary_before_an_assistant_message_is_injected_as_user():
    s = session(user("start"), asst("a", [("c1", "bash", "{}")]), tool("c1", "x " * 2_000, "bash"),
                asst("b", [("c2", "bash", "{}")]), tool("c2", "y " * 2_000, "bash"), asst("end"))
    # keep.latest_user = false: the only user message may be summarized, so the kept
    # messages start with an assistant message
    p = plan(s, summarizing(summarization__keep__messages=1, summarization__keep__latest_user=False), COUNTER)
    spec = p.summaries[0]
    assert s.messages[spec.end].role == "assistant"
    assert spec.injection == "user" and spec.insert_at == spec.end
    assert "injection_changed" in [w.code for w in p.warnings]


def test_nothing_to_summarize_is_a_warning():
    p = plan(agent_session(rounds=6), summarizing(summarization__keep__messages=1_000), COUNTER)
    assert p.triggered and not p.summaries
    assert [w.code for w in p.warnings if w.code == "nothing_to_summarize"]
