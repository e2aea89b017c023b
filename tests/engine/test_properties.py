
"""Invariants over generated sessions and configs (hypothesis).

Sessions have parallel tool calls, huge outputs, earlier summaries and pending calls
at the end; configs start from every preset with random knobs. For every pair:
the output of apply has no provider error its input did not have, kept messages are
byte-identical, tokens never grow, planning is deterministic, and re-planning the
output below the trigger changes nothing.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector.engine import apply, plan, preset
from inspector.engine.applier import InvariantViolated
from inspector.engine.config import PRESETS
from inspector.engine.invariants import BUDGET, check, latest_user
from inspector.engine.models import Message, Part, Session, ToolCall
from inspector.engine.planning import Action
from inspector.engine.tokens import EstimateCounter, TiktokenCounter, TokenCache, count_messages
from inspector.engine.validation import errors, new_problems, validate
from inspector.formats.openai_chat import from_openai, to_openai
from tests.examples import examples

EST = EstimateCounter(4.0)
# 300 by default, 2,000 with `--hypothesis-profile=deep` (tests/examples.py).
EXAMPLES = examples()
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

TOOLS = ["bash", "grep", "read_file", "skill", "web_fetch"]
WORDS = ["alpha", "beta", "gamma", "delta", "error:", "file.py", "Traceback", "ok", "\n", "{}", "done."]


def text_of(seed: int, size: int) -> str:
    out = []
    n = 0
    k = seed
    while n < size:
        w = WORDS[k % len(WORDS)]
        out.append(w)
        n += len(w) + 1
        k = (k * 31 + 7) % 1009
    return " ".join(out)[:size]


sizes = st.one_of(st.integers(1, 300), st.integers(300, 4000), st.integers(20_000, 70_000))


@st.composite
def sessions(draw, media: bool = False) -> Session:
    msgs: list[Message] = []
    if draw(st.booleans()):
        msgs.append(Message.text_message("system", "You are an agent. " + text_of(1, draw(st.integers(10, 500)))))
    if draw(st.integers(0, 4)) == 0:
        msgs.append(Message.text_message("system", "[Previous conversation summary]\nEarlier: the user asked X.",
                                         kind="summary"))
    ids = 0
    turns = draw(st.integers(1, 7))
    if draw(st.integers(0, 5)) == 0:  # another system's compaction summary, stored as a user message
        msgs.append(Message.text_message(
            "user", "This session is being continued from a previous conversation that ran out of "
            "context. The conversation is summarized below:\nThe user asked Y.", kind="summary"))
    for t in range(turns):
        msgs.append(Message.text_message("user", text_of(t, draw(st.integers(1, 600)))))
        if media and draw(st.integers(0, 6)) == 0:  # a screenshot sent on its own
            msgs.append(Message(role="user", parts=[Part(type="image", url=f"https://x.test/{t}.png",
                                                         media_type="image/png")]))
        for _step in range(draw(st.integers(0, 4))):
            k = draw(st.integers(0, 3))
            if k == 0:
                msgs.append(Message.text_message("assistant", text_of(ids, draw(st.integers(1, 800)))))
                continue
            calls = []
            for _ in range(k):
                ids += 1
                args = '{"arg": "' + text_of(ids, draw(st.integers(0, 400))).replace('"', "'") + '"}'
                calls.append(ToolCall(id=f"call_{ids}", name=draw(st.sampled_from(TOOLS)), arguments_raw=args))
            text = text_of(ids, draw(st.integers(0, 200))) if draw(st.booleans()) else ""
            msgs.append(Message(role="assistant", parts=[Part(text=text)] if text else [], tool_calls=calls))
            for c in calls:
                msgs.append(Message(role="tool", tool_call_id=c.id, name=c.name,
                                    parts=[Part(text=text_of(ids * 7 + len(c.id), draw(sizes)))]))
    if draw(st.integers(0, 3)) == 0:  # a pending call at the end
        ids += 1
        msgs.append(Message(role="assistant", tool_calls=[ToolCall(id=f"call_{ids}", name="bash",
                                                                    arguments_raw='{"cmd": "make"}')]))
    if draw(st.integers(0, 3)) == 0:
        msgs.append(Message.text_message("assistant", "Finished. " + text_of(3, 200)))
    return Session(id="gen", source_format="test", messages=msgs).renumber()


@st.composite
def configs(draw, total_hint: int = 60_000):
    c = preset(draw(st.sampled_from(sorted(PRESETS))))
    values = {
        "summarization.enabled": draw(st.booleans()),
        "summarization.trigger.context_tokens": draw(st.sampled_from([0, 500, 5_000, 20_000, 100_000])),
        "summarization.trigger.messages": draw(st.sampled_from([0, 3, 10, 40])),
        "summarization.trigger.context_ratio": draw(st.sampled_from([0.0, 0.05, 0.5])),
        "summarization.trigger.combine": draw(st.sampled_from(["any", "all"])),
        "summarization.trigger.since_last_summary": draw(st.booleans()),
        "summarization.keep.mode": draw(st.sampled_from(["messages", "tokens", "fraction"])),
        "summarization.keep.messages": draw(st.integers(0, 12)),
        "summarization.keep.tokens": draw(st.sampled_from([0, 200, 2_000, 20_000])),
        "summarization.keep.fraction": draw(st.sampled_from([0.0, 0.1, 0.5, 0.9])),
        "summarization.injection": draw(st.sampled_from(["system", "system_merge", "user"])),
        "summarization.incremental": draw(st.booleans()),
        "summarization.preserve_user_messages.enabled": draw(st.booleans()),
        "summarization.preserve_user_messages.max_tokens": draw(st.sampled_from([0, 50, 1000])),
        "summarization.preserve_tools.tools": draw(st.sampled_from([[], ["skill"], ["grep", "bash"]])),
        "reduction.truncation.enabled": draw(st.booleans()),
        "reduction.truncation.max_chars": draw(st.sampled_from([500, 5_000, 20_000, 50_000])),
        "reduction.truncation.head_ratio": draw(st.sampled_from([0.0, 0.3, 0.5, 1.0])),
        "reduction.truncation.exclude_tools": draw(st.sampled_from([[], ["grep"]])),
        "reduction.clear.enabled": draw(st.booleans()),
        "reduction.clear.trigger_tokens": draw(st.sampled_from([0, 1_000, 10_000, 160_000])),
        "reduction.clear.keep_rounds": draw(st.integers(0, 3)),
        "reduction.clear.at_least_tokens": draw(st.sampled_from([0, 100, 5_000])),
        "reduction.clear.clear_arguments": draw(st.booleans()),
        "reduction.compaction.enabled": draw(st.booleans()),
        "reduction.compaction.tool_result_max_tokens": draw(st.sampled_from([0, 100, 1024])),
        "reduction.compaction.keep_recent_requests": draw(st.integers(0, 2)),
        "reduction.compaction.oversized_max_tokens": draw(st.sampled_from([0, 500, 8192])),
        "reduction.compaction.force_clean_tools": draw(st.sampled_from([[], ["bash"]])),
        "tailoring.enabled": draw(st.booleans()),
        "tailoring.budget_tokens": draw(st.sampled_from([0, 300, 3_000, 30_000])),
        "tokens.context_window": draw(st.sampled_from([0, 8_000, 32_000])),
    }
    trigger = values["summarization.trigger.messages"]
    if trigger and values["summarization.keep.messages"] >= trigger:  # refused (config.budget_problems)
        values["summarization.keep.messages"] = trigger - 1
    return c.with_values(values)


def apply_or_over_budget(session, p, counter):
    """apply's result; None when apply refused a result over budget, which it may do
    only when the plan said the budget cannot be met. Every other invariant holds."""
    try:
        return apply(session, p, counter=counter)
    except InvariantViolated as exc:
        assert [v.invariant for v in exc.violations] == [BUDGET], str(exc)
        assert any(w.code == "over_budget" for w in p.warnings), str(exc)
        return None


def fingerprint(p):
    return (p.actions, p.tokens_after, [(s.key, s.start, s.end, s.injection) for s in p.summaries],
            sorted((i, r.kind, r.stage, r.offload_id) for i, r in p.reductions.items()))


@SETTINGS
@given(sessions(), configs())
def test_apply_never_breaks_what_a_provider_accepts(session, config):
    """What apply writes keeps what a provider accepts, the kept messages, the counts and
    a pending call's turn; and re-planning it, when it is below the trigger, changes
    nothing. (One test for both: each example's plan and apply are most of its cost, and
    a second test re-planned the same kind of sessions from scratch.)"""
    p = plan(session, config, EST)
    assert fingerprint(p) == fingerprint(plan(session, config, EST)), "plan is not deterministic"
    assert all(a <= b for a, b in zip(p.tokens_after, p.tokens_before)), "a reduction grew a message"
    before_hashes = [m.content_hash for m in session.messages]
    # The planner only plans summaries that can be smaller than what they replace, so
    # the offline summarizer's are never rejected.
    out = apply_or_over_budget(session, p, EST)
    assert [m.content_hash for m in session.messages] == before_hashes, "apply mutated its input"
    if out is None:
        return

    # 1. no provider error the input did not already have
    assert errors(new_problems(validate(session.messages), validate(out.messages))) == []

    # 2. kept messages are byte-identical and stay in order
    last = -1
    merged = {s.merge_into for s in p.summaries}
    for msg, origin in zip(out.messages, out.lineage):
        if len(origin) == 1 and p.actions[origin[0]] == Action.KEEP and origin[0] not in merged:
            src = session.messages[origin[0]]
            assert msg.content_hash == src.content_hash and msg.raw is src.raw
        if len(origin) == 1:
            assert origin[0] > last
            last = origin[0]
    for s in p.summaries:
        assert all(p.actions[i] not in (Action.SUMMARIZE, Action.PRESERVE) for i in range(s.end, len(session.messages)))

    # 3. tokens never grow, the planner's count of every reduced message is exact, and
    # apply's counts (which take the planner's) are those of what it wrote
    totals, _ = count_messages(session.messages, EST)
    assert sum(out.tokens_after) <= sum(totals)
    recounted, _ = count_messages(out.messages, EST, TokenCache())
    assert out.tokens_after == recounted
    for msg, origin, tokens in zip(out.messages, out.lineage, recounted):
        if len(origin) == 1 and origin[0] not in merged and msg.kind == "message":
            assert tokens == p.tokens_after[origin[0]]

    # 4. a pending call stays with its turn
    if session.messages and session.messages[-1].tool_calls:
        assert p.actions[-1] not in (Action.SUMMARIZE, Action.DROP, Action.PRESERVE)

    # 5. re-planning the output below the trigger changes nothing
    again = plan(Session(id="again", messages=out.messages).renumber(), config, EST)
    if not again.triggered:
        assert not again.changed, [(i, a) for i, a in enumerate(again.actions) if a != Action.KEEP]


@settings(max_examples=max(20, EXAMPLES // 40), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sessions(), configs())
def test_invariants_hold_with_exact_tiktoken_counts(session, config):
    counter = TiktokenCounter(model="gpt-4o")
    p = plan(session, config, counter)
    out = apply_or_over_budget(session, p, counter)
    if out is None:
        return
    assert errors(new_problems(validate(session.messages), validate(out.messages))) == []
    assert out.total_after <= p.total_before
    merged = {s.merge_into for s in p.summaries}
    recounted, _ = count_messages(out.messages, counter, TokenCache())
    assert out.tokens_after == recounted
    for msg, origin, tokens in zip(out.messages, out.lineage, recounted):
        if len(origin) == 1 and origin[0] not in merged and msg.kind == "message":
            assert tokens == p.tokens_after[origin[0]]


# Half the profile's count (150 by default, 1,000 deep): a conversion of generated
# messages, cheap next to generating them; apply's test above feeds the same shapes.
@settings(max_examples=max(50, EXAMPLES // 2), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sessions())
def test_openai_dicts_round_trip(session):
    dicts = to_openai(session.messages)
    back = from_openai(dicts)
    assert [m.content_hash for m in back] == [m.content_hash for m in session.messages]
    assert to_openai(back) == dicts


@settings(max_examples=max(50, EXAMPLES // 4), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sessions(media=True), configs())
def test_every_result_holds_the_invariants(session, config):
    """Issue 11: at least one non-system message, the latest user message verbatim
    (unless the config opts out, and then the plan says so), no new empty message, the
    budget met; apply refuses (writing nothing) only a result over budget, and only when
    the plan warned."""
    p = plan(session, config, EST)
    latest = latest_user(session.messages)
    if latest is not None and p.actions[latest] != Action.KEEP:
        assert not config.summarization.keep.latest_user
        assert any(w.code == "latest_user_summarized" for w in p.warnings)
    out = apply_or_over_budget(session, p, EST)
    if out is None:
        return
    assert check(session.messages, out.messages, config, lineage=out.lineage, total_after=out.total_after) == []
    if config.tailoring.enabled and not any(w.code == "over_budget" for w in p.warnings):
        assert p.total_after <= config.tailoring_budget()
