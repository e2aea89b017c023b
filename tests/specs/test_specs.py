"""One test per behaviour the reference specs describe (../shared/specs/), named
after the spec and the behaviour. Sessions are small and hand-built so that every
expected number can be derived from the spec, not copied from the output."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from inspector.engine import apply, materialize, plan, preset, validate
from inspector.engine.applier import MemorySummaryCache
from inspector.engine.models import Message, Part, Session
from inspector.engine.planning import Action
from inspector.engine.summarize import format_conversation
from inspector.engine.tokens import EstimateCounter, TiktokenCounter

from ..sessions import agent_session, asst, session, sys, tool, user

EST = EstimateCounter(4.0)  # the reference systems' own arithmetic: chars / 4


def cfg(name="none", **values):
    return preset(name).with_values(values)


def only_summarize(**values):
    base = {"summarization.enabled": True, "summarization.trigger.context_ratio": 0.0,
            "summarization.preserve_user_messages.enabled": False}
    base.update(values)
    return cfg("none", **base)


def chat(turns=6, size=40):
    msgs = [sys()]
    for t in range(turns):
        msgs.append(user(f"question {t} " + "q" * size))
        msgs.append(asst(f"answer {t} " + "a" * size))
    return session(*msgs)


# ------------------------------------------------------------------ Eino summarization


def test_eino_summarization_triggers_when_context_tokens_exceed_threshold():
    s = chat(size=300)
    total = sum(plan(s, cfg("none"), EST).tokens_before)
    over = plan(s, only_summarize(**{"summarization.trigger.context_tokens": total - 1}), EST)
    at = plan(s, only_summarize(**{"summarization.trigger.context_tokens": total}), EST)
    assert over.triggered and over.summaries
    assert not at.triggered and not at.summaries  # "exceeds": equal does not fire
    assert at.triggers[0].name == "context_tokens" and not at.triggers[0].fired


def test_eino_summarization_triggers_on_message_count():
    s = chat(turns=6)  # 13 messages
    assert plan(s, only_summarize(**{"summarization.trigger.messages": 12}), EST).triggered
    assert not plan(s, only_summarize(**{"summarization.trigger.messages": 13}), EST).triggered


def test_eino_trigger_fires_when_either_condition_is_met():
    s = chat(turns=6)
    p = plan(s, only_summarize(**{"summarization.trigger.messages": 100,
                                  "summarization.trigger.context_tokens": 10}), EST)
    assert p.triggered
    assert [t.fired for t in p.triggers] == [True, False]


def test_eino_preserve_user_messages_keeps_most_recent_within_budget():
    s = chat(turns=6, size=400)
    user_tokens = EST.count("question 5 " + "q" * 400)
    c = only_summarize(**{
        "summarization.trigger.messages": 5, "summarization.keep.messages": 0,
        "summarization.preserve_user_messages.enabled": True,
        "summarization.preserve_user_messages.max_tokens": 2 * user_tokens + 1,
        "summarization.keep.latest_user": False,  # Eino: the summary replaces the whole history
    })
    p = plan(s, c, EST)
    spec = p.summaries[0]
    users = [i for i, m in enumerate(s.messages) if m.role == "user"]
    assert spec.preserved_users == users[-2:]  # the two most recent that fit
    assert [p.actions[i] for i in users[-2:]] == [Action.PRESERVE, Action.PRESERVE]
    out = apply(s, p, counter=EST)
    summary = out.messages[-1].text
    assert "<all_user_messages>" in summary
    assert s.messages[users[-1]].text in summary and s.messages[users[-2]].text in summary
    assert s.messages[users[-3]].text not in summary.split("<all_user_messages>")[1]


def test_eino_preserve_user_messages_default_budget_is_trigger_over_three():
    c = preset("eino")
    assert c.preserve_user_budget() == 53_333
    c2 = c.with_values({"summarization.trigger.context_tokens": 9000})
    assert c2.preserve_user_budget() == 3000


def test_eino_preserved_users_replace_the_all_user_messages_section():
    class Model:
        name, extractive = "fake", False

        def summarize(self, req, on_event=None):
            from inspector.engine.summarize import SummaryResult
            return SummaryResult("Did things.\n<all_user_messages>\nparaphrase\n</all_user_messages>\nEnd.",
                                 "fake", False)

    s = chat(turns=6, size=200)
    p = plan(s, only_summarize(**{"summarization.trigger.messages": 5, "summarization.keep.messages": 2,
                                  "summarization.preserve_user_messages.enabled": True}), EST)
    text = apply(s, p, Model(), counter=EST).messages[1].text
    assert "paraphrase" not in text
    assert text.count("<all_user_messages>") == 1 and "End." in text
    assert s.messages[p.summaries[0].preserved_users[-1]].text in text


def test_eino_transcript_hint_and_preamble_are_appended():
    s = chat(turns=6, size=200)
    eino_line = preset("eino").summarization.continue_instruction
    p = plan(s, only_summarize(**{"summarization.trigger.messages": 5, "summarization.keep.messages": 2,
                                  "summarization.continue_instruction": eino_line}), EST)
    text = apply(s, p, counter=EST).messages[1].text
    assert text.startswith(p.config.summarization.summary_prefix)
    oid = re.search(r'stored as (off-[0-9a-f]{12}); call read_offload\(id="(off-[0-9a-f]{12})"\)', text)
    assert oid and oid.group(1) == oid.group(2)
    assert text.rstrip().endswith("without asking the user any further questions.")
    off = plan(s, p.config.with_values({"summarization.recovery_hint": False}), EST)
    assert "read_offload" not in apply(s, off, counter=EST).messages[1].text


def test_eino_custom_finalize_replaces_default_post_processing():
    s = chat(turns=6, size=200)
    p = plan(s, only_summarize(**{"summarization.trigger.messages": 5, "summarization.keep.messages": 2,
                                  "summarization.preserve_user_messages.enabled": True}), EST)
    seen = {}

    def finalize(originals, summary):
        seen["n"] = len(originals)
        return [Message.text_message("system", "CUSTOM " + str(len(originals)), kind="summary")]

    out = apply(s, p, counter=EST, finalize=finalize)
    assert out.messages[1].text == f"CUSTOM {seen['n']}"
    assert seen["n"] == p.summaries[0].end - p.summaries[0].start


def test_eino_preserve_skills_keeps_latest_skill_outputs_within_budgets():
    msgs = [sys(), user("start")]
    for k in range(8):
        msgs.append(asst(f"load skill {k}", [(f"k{k}", "skill", '{"name": "s"}')]))
        msgs.append(tool(f"k{k}", f"SKILL {k} " + "s" * 400, "skill"))
    msgs += [user("now work"), asst("working")]
    s = session(*msgs)
    c = only_summarize(**{"summarization.trigger.messages": 5, "summarization.keep.messages": 2,
                          "summarization.preserve_tools.tools": ["skill"],
                          "summarization.preserve_tools.max_items": 3,
                          "summarization.preserve_tools.max_tokens_per_item": 50})
    p = plan(s, c, EST)
    skill_results = [i for i, m in enumerate(s.messages) if m.role == "tool"]
    assert p.summaries[0].preserved_tools == skill_results[-3:]  # MaxSkills, most recent
    text = apply(s, p, counter=EST).messages[1].text
    # (the kept outputs' block: the summary's own action lines say each call's first words)
    kept = text.split("Tool outputs kept from before the summary:")[1]
    assert "SKILL 7" in kept and "SKILL 5" in kept and "SKILL 4" not in kept
    assert "[... truncated]" in kept  # MaxTokensPerSkill
    tight = plan(s, c.with_values({"summarization.preserve_tools.total_tokens": 100}), EST)
    assert len(tight.summaries[0].preserved_tools) == 2  # SkillsTokenBudget


# ------------------------------------------------------------------ Eino reduction


def big_tool_session(sizes, name="bash"):
    msgs = [sys(), user("go")]
    script = '{"cmd": "python -c \'' + "print(1); " * 30 + '\'"}'
    for k, n in enumerate(sizes):
        msgs.append(asst(f"step {k}", [(f"c{k}", name, script)]))
        msgs.append(tool(f"c{k}", "".join(chr(97 + (j * 7 + k) % 26) for j in range(n)), name))
    msgs.append(asst("done"))
    return session(*msgs)


def test_eino_truncation_only_above_max_length():
    s = big_tool_session([50_000, 50_001, 120_000])
    p = plan(s, cfg("none", **{"reduction.truncation.enabled": True}), TiktokenCounter())
    assert [p.actions[i] for i in (3, 5, 7)] == [Action.KEEP, Action.TRUNCATE, Action.TRUNCATE]
    assert p.config.reduction.truncation.max_chars == 50_000


def test_eino_truncation_keeps_head_and_tail_and_offloads_the_full_output():
    s = big_tool_session([120_000])
    c = cfg("none", **{"reduction.truncation.enabled": True, "reduction.truncation.max_chars": 10_000})
    p = plan(s, c, TiktokenCounter())
    out = apply(s, p)
    original = s.messages[3].text
    new = out.messages[3].text
    red = p.reductions[3]
    assert len(new) <= 10_000
    assert new.startswith(original[: red.head_chars]) and new.endswith(original[-red.tail_chars:])
    assert abs(red.head_chars - red.tail_chars) <= 1  # Eino: equal head and tail
    off = {o.id: o for o in out.offloads}
    assert off[red.offload_id].content == original
    assert red.offload_id in new and f"{red.removed_chars:,} characters truncated" in new
    assert out.tokens_after[3] == p.tokens_after[3]  # the planner counted the exact text


def test_eino_truncation_exclude_tools_and_per_tool_config():
    msgs = [sys(), user("go"),
            asst("", [("a", "search", "{}"), ("b", "grep", "{}"), ("c", "bash", "{}")]),
            tool("a", "s" * 30_000, "search"), tool("b", "g" * 30_000, "grep"), tool("c", "b" * 30_000, "bash")]
    s = session(*msgs)
    c = cfg("none", **{"reduction.truncation.enabled": True, "reduction.truncation.max_chars": 10_000,
                       "reduction.truncation.exclude_tools": ["search"],
                       "reduction.truncation.per_tool": {"grep": {"max_chars": 40_000},
                                                         "bash": {"max_chars": 20_000}}})
    p = plan(s, c, EST)
    assert [p.actions[i] for i in (3, 4, 5)] == [Action.KEEP, Action.KEEP, Action.TRUNCATE]
    assert p.reductions[5].limit == 20_000
    skip = c.with_values({"reduction.truncation.per_tool": {"bash": {"skip_truncation": True}}})
    assert plan(s, skip, EST).actions[5] == Action.KEEP


def test_eino_truncation_splits_the_budget_across_text_parts():
    m = Message(role="tool", tool_call_id="c0", name="bash",
                parts=[Part(text="A" * 30_000), Part(text="B" * 30_000)])
    s = session(sys(), user("go"), asst("", [("c0", "bash", "{}")]), m)
    p = plan(s, cfg("none", **{"reduction.truncation.enabled": True, "reduction.truncation.max_chars": 20_000}), EST)
    out = apply(s, p, counter=EST)
    parts = [pt.text for pt in out.messages[3].parts]
    assert len(parts) == 2 and all(len(t) <= 10_000 for t in parts)  # max / textParts each
    assert parts[0].startswith("A") and parts[1].endswith("B")


def test_eino_clear_only_above_max_tokens_for_clear():
    s = big_tool_session([4000] * 6)
    total = plan(s, cfg("none"), EST).total_before
    c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": total})
    assert not plan(s, c, EST).changed
    p = plan(s, c.with_values({"reduction.clear.trigger_tokens": total - 10}), EST)
    assert p.changed and p.stage("clear").ran


def test_eino_clear_retention_suffix_keeps_the_latest_rounds():
    s = big_tool_session([4000] * 6)
    for keep in (1, 2, 3):
        c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100,
                           "reduction.clear.keep_rounds": keep})
        p = plan(s, c, EST)
        assistants = [i for i, m in enumerate(s.messages) if m.role == "assistant"]
        protected_from = assistants[-keep]
        cleared = [i for i, a in enumerate(p.actions) if a == Action.CLEAR and s.messages[i].role == "tool"]
        assert cleared and all(i < protected_from for i in cleared)
        assert all(p.actions[i] == Action.KEEP for i in range(protected_from, len(s.messages)))
        results_before = [i for i in range(protected_from) if s.messages[i].role == "tool"]
        assert cleared == results_before


def test_eino_clear_at_least_tokens_abandons_small_clears():
    s = big_tool_session([4000] * 4)
    c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100})
    saved = plan(s, c, EST).stage("clear").saved
    assert saved > 0
    enough = plan(s, c.with_values({"reduction.clear.at_least_tokens": saved}), EST)
    too_much = plan(s, c.with_values({"reduction.clear.at_least_tokens": saved + 1}), EST)
    assert enough.stage("clear").saved == saved
    assert too_much.stage("clear").saved == 0 and not too_much.changed
    assert "less than at_least_tokens" in too_much.stage("clear").reason


def test_eino_clear_exclude_tools():
    msgs = [sys(), user("go")]
    for k, name in enumerate(["read_file", "bash", "read_file", "bash"]):
        msgs += [asst("", [(f"c{k}", name, '{"x": 1}')]), tool(f"c{k}", "z" * 4000, name)]
    msgs.append(asst("done"))
    s = session(*msgs)
    c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100,
                       "reduction.clear.exclude_tools": ["read_file"]})
    p = plan(s, c, EST)
    assert [p.actions[i] for i in (3, 5, 7, 9)] == [Action.KEEP, Action.CLEAR, Action.KEEP, Action.CLEAR]


def test_eino_clear_replaces_arguments_and_results_with_recoverable_placeholders():
    s = big_tool_session([4000] * 3)
    c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100})
    p = plan(s, c, EST)
    out = apply(s, p, counter=EST)
    offloads = {o.id: o for o in out.offloads}
    res, call = out.messages[3], out.messages[2]
    assert p.actions[2] == Action.CLEAR and p.actions[3] == Action.CLEAR
    assert p.reductions[3].offload_id in res.text and "read_offload" in res.text
    assert offloads[p.reductions[3].offload_id].content == s.messages[3].text
    arg_oid = p.reductions[2].clear_arguments["c0"]
    assert arg_oid in call.tool_calls[0].arguments_raw
    assert offloads[arg_oid].content == s.messages[2].tool_calls[0].arguments_raw
    no_args = plan(s, c.with_values({"reduction.clear.clear_arguments": False}), EST)
    assert no_args.actions[2] == Action.KEEP and no_args.actions[3] == Action.CLEAR
    assert out.tokens_after == [t for t, a in zip(p.tokens_after, p.actions)]


def test_eino_processed_messages_are_not_processed_again():
    s = big_tool_session([60_000, 4000, 4000])
    c = cfg("none", **{"reduction.truncation.enabled": True, "reduction.clear.enabled": True,
                       "reduction.clear.trigger_tokens": 100})
    out = apply(s, plan(s, c, EST), counter=EST)
    again = plan(session(*out.messages, id="again"), c, EST)
    assert not again.changed


def test_eino_clear_message_rewriter_rewrites_cleared_groups():
    s = big_tool_session([4000] * 3)
    c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100})
    p = plan(s, c, EST)

    def rewriter(call_msg, results):
        ids = ",".join(r.tool_call_id for r in results)
        return [Message.text_message("user", f"<system-reminder>ran {ids}</system-reminder>")]

    out = apply(s, p, counter=EST, clear_rewriter=rewriter)
    texts = [m.text for m in out.messages]
    assert "<system-reminder>ran c0</system-reminder>" in texts
    assert not [p for p in validate(out.messages) if p.severity == "error"]


# ------------------------------------------------------------------ Sagents


def test_sagents_defaults_threshold_and_messages_to_keep():
    c = preset("sagents")
    s = chat(turns=10)
    p = plan(s, c.with_values({"summarization.trigger.context_tokens": 50}), EST)
    assert p.summaries[0].end == len(s.messages) - 6  # messages_to_keep = 6
    assert all(a == Action.KEEP for a in p.actions[-6:])
    assert not plan(s, c, EST).triggered  # 170k not reached


def test_sagents_safe_cutoff_searches_backwards_past_tool_results():
    s = agent_session(rounds=8, output="o " * 50, user_every=100, parallel_every=0)
    n = len(s.messages)
    # keep 1 message -> target lands after the final assistant; keep 2 -> on a tool result
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2})
    p = plan(s, c, EST)
    target = n - 2  # the last tool result
    assert s.messages[target].role == "tool"
    assert p.cutoff.target == target and p.cutoff.final == target - 1
    call = target - 1
    assert p.cutoff.reason == f"moved back from {target} to {call}: assistant tool call {call} has result at {target}"
    assert s.messages[p.cutoff.final].tool_calls  # the call is kept with its result


def test_sagents_safe_cutoff_names_parallel_results():
    s = agent_session(rounds=4, output="o " * 50, user_every=100, parallel_every=4)
    # the last round (r=3) is a parallel batch: call at n-4, results at n-3, n-2
    n = len(s.messages)
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2})
    p = plan(s, c, EST)
    assert p.cutoff.final == n - 4
    assert p.cutoff.reason.endswith(f"assistant tool call {n - 4} has results at {n - 3}\u2013{n - 2}")


def test_sagents_no_safe_cutoff_keeps_everything():
    s = session(sys(), user("go"), asst("", [(f"p{k}", "bash", "{}") for k in range(3)]),
                *[tool(f"p{k}", "x" * 400, "bash") for k in range(3)])
    c = only_summarize(**{"summarization.trigger.messages": 2, "summarization.keep.messages": 1})
    p = plan(s, c, EST)
    # the only cuts are before the call batch (keeps everything after the system prompt
    # and the user turn): the cut moves back to 2, then nothing but the user is older.
    assert p.cutoff.final <= 2
    assert all(a in (Action.KEEP, Action.SUMMARIZE) for a in p.actions)
    p0 = plan(session(sys(), asst("", [("q", "bash", "{}")]), tool("q", "x" * 400)),
              c.with_values({"summarization.keep.messages": 1}), EST)
    assert not p0.summaries and "no safe cutoff" in p0.stage("summarize").reason


def test_sagents_summarization_failure_keeps_all_messages():
    from inspector.engine.summarize import SummaryFailed
    from inspector.llm import LiteLLMSummarizer

    def broken(**kw):
        raise TimeoutError("model down")

    s = chat(turns=6, size=200)
    before = [m.model_dump() for m in s.messages]
    p = plan(s, only_summarize(**{"summarization.trigger.messages": 5, "summarization.keep.messages": 2}), EST)
    summ = LiteLLMSummarizer(["m1", "m2"], retries=1, completion=broken, sleep=lambda s: None)
    with pytest.raises(SummaryFailed) as err:
        apply(s, p, summ, counter=EST)
    assert len(err.value.errors) == 4  # 2 models x (1 try + 1 retry)
    assert [m.model_dump() for m in s.messages] == before


def test_sagents_failure_falls_back_to_keeping_all_messages_and_does_not_halt():
    """Sagents: "Falls back to keeping all messages if summarization fails; logs errors
    but doesn't halt agent execution" (summarization.on_failure = "keep", its preset's
    default); the reductions that need no model still apply."""
    from inspector import Compactor
    from inspector.llm import LiteLLMSummarizer

    def broken(**kw):
        raise TimeoutError("model down")

    assert preset("sagents").summarization.on_failure == "keep"
    assert preset("trpc").summarization.on_failure == "raise"
    s = agent_session(rounds=8, output="o " * 2000, user_every=3)
    c = preset("sagents").with_values({"summarization.trigger.context_tokens": 1000, "summarization.model": "m1",
                                       "reduction.truncation.enabled": True,
                                       "reduction.truncation.max_chars": 1000})
    events = []
    summ = LiteLLMSummarizer(["m1"], retries=0, completion=broken, sleep=lambda s: None)
    result = Compactor(c, counter=EST, summarizer=summ, on_event=events.append).compact_session(s)
    assert [e.kind for e in events][-2:] == ["failed", "kept"]
    assert not result.summaries and len(result.messages) == len(s.messages)  # every message kept
    assert result.plan.stage("truncation").ran  # ... and truncation, which needs no model, applied
    assert any(w.code == "summary_failed_kept" for w in result.plan.warnings)
    from inspector.engine.summarize import SummaryFailed

    with pytest.raises(SummaryFailed):  # "raise": nothing is applied
        Compactor(c.with_values({"summarization.on_failure": "raise"}), counter=EST,
                  summarizer=summ).compact_session(s)


# ------------------------------------------------------------------ trpc


def test_trpc_context_ratio_trigger_defaults_to_half_the_window():
    s = chat(turns=6, size=400)
    total = plan(s, cfg("none"), EST).total_before
    c = preset("trpc").with_values({"tokens.context_window": 2 * total - 2, "tailoring.enabled": False,
                                    "reduction.compaction.enabled": False})
    assert plan(s, c, EST).triggered  # total > 0.5 * window? total - priming > total - ...
    c2 = c.with_values({"tokens.context_window": 2 * total})
    assert not plan(s, c2, EST).triggered  # equal to half the window: not over it
    assert plan(s, c, EST).triggers[0].threshold == total - 1


def test_trpc_time_threshold_is_evaluated_only_with_a_clock():
    s = chat(turns=4)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for k, m in enumerate(s.messages):
        m.timestamp = t0 + timedelta(minutes=k)
    s = Session(id=s.id, messages=list(s.messages))  # analysed anew, with the clock
    c = only_summarize(**{"summarization.trigger.idle_seconds": 300})
    last = s.messages[-1].timestamp
    assert not plan(s, c, EST).triggered
    assert "not evaluated" in plan(s, c, EST).triggers[0].detail
    assert not plan(s, c, EST, now=last + timedelta(seconds=299)).triggered
    assert plan(s, c, EST, now=last + timedelta(seconds=301)).triggered


def test_trpc_checks_all_needs_every_condition():
    s = chat(turns=6)
    any_ = only_summarize(**{"summarization.trigger.messages": 5, "summarization.trigger.context_tokens": 10**6,
                             "summarization.keep.messages": 2})
    all_ = any_.with_values({"summarization.trigger.combine": "all"})
    assert plan(s, any_, EST).triggered and not plan(s, all_, EST).triggered
    both = all_.with_values({"summarization.trigger.context_tokens": 10})
    assert plan(s, both, EST).triggered


def test_trpc_delta_counts_only_events_since_the_last_summary():
    prior = Message.text_message("system", "[Previous conversation summary]\nold stuff", kind="summary")
    s = session(sys(), prior, *chat(turns=3).messages[1:])  # 6 messages after the summary
    c = only_summarize(**{"summarization.trigger.messages": 6, "summarization.trigger.since_last_summary": True,
                          "summarization.keep.messages": 2})
    assert not plan(s, c, EST).triggered
    assert plan(s, c.with_values({"summarization.trigger.messages": 5}), EST).triggered
    whole = c.with_values({"summarization.trigger.since_last_summary": False})
    assert plan(s, whole, EST).triggered  # 8 messages in all


def test_trpc_incremental_summary_folds_in_the_previous_one():
    prior = Message.text_message("system", "[Previous conversation summary]\nUser wants FOO fixed.",
                                 kind="summary")
    s = session(sys(), prior, *chat(turns=5, size=200).messages[1:])
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2,
                          "summarization.incremental": True})
    p = plan(s, c, EST)
    assert p.summaries[0].previous_summaries == [1]
    seen = {}

    class Capture:
        name, extractive = "capture", False

        def summarize(self, req, on_event=None):
            from inspector.engine.summarize import SummaryResult
            seen["previous"] = req.previous_summary
            seen["text"] = req.conversation_text()
            return SummaryResult("merged", "capture", False)

    out = apply(s, p, Capture(), counter=EST)
    assert "User wants FOO fixed." in seen["previous"]
    assert seen["text"].startswith("Summary of the earlier conversation:")
    assert [m.kind for m in out.messages].count("summary") == 1  # the old one is folded, not kept


def test_trpc_system_injection_merges_into_the_system_message():
    s = chat(turns=6, size=200)
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2,
                          "summarization.injection": "system_merge"})
    out = apply(s, plan(s, c, EST), counter=EST)
    assert out.messages[0].role == "system"
    assert out.messages[0].text.startswith(s.messages[0].text)
    assert c.summarization.summary_prefix in out.messages[0].text
    assert [m.role for m in out.messages[1:]] == ["user", "assistant"]
    # a second compaction replaces the merged summary instead of stacking it
    s2 = session(*out.messages, *chat(turns=4, size=200).messages[1:], id="s2")
    out2 = apply(s2, plan(s2, c, EST), counter=EST)
    assert out2.messages[0].text.count(c.summarization.summary_prefix) == 1


def test_trpc_user_injection_merges_into_the_first_kept_user_message():
    s = chat(turns=6, size=200)
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2,
                          "summarization.injection": "user"})
    out = apply(s, plan(s, c, EST), counter=EST)
    first_kept = s.messages[-2]
    assert [m.role for m in out.messages] == ["system", "user", "assistant"]
    assert out.messages[1].text.endswith(first_kept.text)
    assert out.messages[1].text.startswith(c.summarization.summary_prefix)
    # trpc: "merged into the first user history/current message when possible": when
    # the kept part starts after the current request, the summary leads that request
    c3 = c.with_values({"summarization.keep.messages": 1})
    out3 = apply(s, plan(s, c3, EST), counter=EST)
    assert [m.role for m in out3.messages] == ["system", "user", "assistant"]
    assert out3.messages[1].text.startswith(c.summarization.summary_prefix)
    assert out3.messages[1].parts[-1] == s.messages[-2].parts[-1]  # the current request, verbatim
    # ... "otherwise inserted near history": a user message of its own
    c4 = c3.with_values({"summarization.keep.latest_user": False})
    out4 = apply(s, plan(s, c4, EST), counter=EST)
    assert [m.role for m in out4.messages] == ["system", "user", "assistant"]
    assert out4.messages[1].kind == "summary" and out4.messages[2].text == s.messages[-1].text


def test_trpc_compaction_pass1_replaces_old_large_results_outside_recent_requests():
    msgs = [sys()]
    for r in range(4):
        msgs.append(user(f"request {r}"))
        msgs += [asst("", [(f"c{r}", "grep", "{}")]), tool(f"c{r}", "word " * 2000, "grep"),
                 asst("", [(f"d{r}", "ls", "{}")]), tool(f"d{r}", "small", "ls"), asst("ok")]
    s = session(*msgs)
    c = cfg("none", **{"reduction.compaction.enabled": True, "reduction.compaction.keep_recent_requests": 1})
    p = plan(s, c, TiktokenCounter())
    big = [i for i, m in enumerate(s.messages) if m.role == "tool" and m.name == "grep"]
    small = [i for i, m in enumerate(s.messages) if m.role == "tool" and m.name == "ls"]
    assert [p.actions[i] for i in big] == [Action.CLEAR, Action.CLEAR, Action.KEEP, Action.KEEP]  # current + 1 recent request kept
    assert all(p.actions[i] == Action.KEEP for i in small)  # under 1024 tokens
    out = apply(s, p)
    placeholder = out.messages[big[0]].text
    assert "tool_call_id=c0" in placeholder and "grep" in placeholder  # keeps ToolID and ToolName
    assert out.messages[big[0]].tool_call_id == "c0"


def test_trpc_compaction_pass2_truncates_oversized_results_even_in_the_current_request():
    s = session(sys(), user("fetch"), asst("", [("w", "web_fetch", "{}")]),
                tool("w", "<div>" + "html " * 20_000 + "</div>", "web_fetch"))
    counter = TiktokenCounter()
    off = plan(s, cfg("none", **{"reduction.compaction.enabled": True}), counter)
    assert not off.changed  # pass 2 off by default
    c = cfg("none", **{"reduction.compaction.enabled": True, "reduction.compaction.oversized_max_tokens": 8192})
    p = plan(s, c, counter)
    assert p.actions[3] == Action.TRUNCATE and p.tokens_after[3] <= 8192
    out = apply(s, p)
    assert "characters truncated" in out.messages[3].text
    assert out.messages[3].text.startswith("<div>") and out.messages[3].text.endswith("</div>")
    assert out.tokens_after[3] == p.tokens_after[3] <= 8192


def test_trpc_keep_tool_names_win_over_force_clean():
    noisy = "line of shell output\n" * 60  # far under the 1024-token pass 1 threshold
    msgs = [sys(), user("r0"), asst("", [("a", "shell", "{}"), ("b", "session_load", "{}")]),
            tool("a", noisy, "shell"), tool("b", noisy, "session_load"), asst("ok"),
            user("r1"), asst("ok"), user("r2"), asst("ok")]
    s = session(*msgs)
    c = cfg("none", **{"reduction.compaction.enabled": True,
                       "reduction.compaction.force_clean_tools": ["shell", "session_load"],
                       "reduction.compaction.keep_tools": ["session_load"]})
    p = plan(s, c, EST)
    assert p.actions[3] == Action.CLEAR  # forced although under the threshold
    assert p.actions[4] == Action.KEEP
    assert p.tokens_after[3] < p.tokens_before[3]


def test_trpc_token_tailoring_drops_whole_oldest_rounds_keeping_system_and_latest():
    s = agent_session(rounds=9, output="o " * 300, user_every=3, parallel_every=4)
    full = plan(s, cfg("none"), EST).total_before
    c = cfg("none", **{"tailoring.enabled": True, "tailoring.budget_tokens": full // 2})
    p = plan(s, c.with_values({"tailoring.keep_task": False}), EST)
    assert p.total_after <= full // 2
    dropped = [i for i, a in enumerate(p.actions) if a == Action.DROP]
    assert dropped and dropped == list(range(1, dropped[-1] + 1))  # a prefix of whole rounds
    assert s.messages[dropped[-1] + 1].role == "user"  # the next kept message starts a round
    assert p.actions[0] == Action.KEEP  # system kept
    assert "task_dropped" in [w.code for w in p.warnings]  # never silent
    # inspector's choice (README): the task, the first request, stays with its round
    # while anything else can go; the next whole rounds go instead
    kept_task = plan(s, c, EST)
    assert kept_task.total_after <= full // 2
    second = next(i for i, m in enumerate(s.messages) if m.role == "user" and i > 1)
    assert all(a == Action.KEEP for a in kept_task.actions[:second])
    gone = [i for i, a in enumerate(kept_task.actions) if a == Action.DROP]
    assert gone and gone[0] == second
    assert "task_dropped" not in [w.code for w in kept_task.warnings]
    out = apply(s, p, counter=EST)
    assert not [x for x in validate(out.messages) if x.severity == "error"]
    # "tries to preserve system messages and the latest turn, but preservation is still
    # limited by the available budget": inside the latest turn whole tool rounds go
    # too; the request itself and the latest round stay
    tiny = plan(s, c.with_values({"tailoring.budget_tokens": 10}), EST)
    last_user = max(i for i, m in enumerate(s.messages) if m.role == "user")
    assert tiny.actions[0] == tiny.actions[last_user] == tiny.actions[-1] == Action.KEEP
    assert Action.DROP in tiny.actions[last_user:]
    assert any(w.code == "over_budget" for w in tiny.warnings)
    assert not [x for x in validate(materialize(s, tiny, counter=EST).messages) if x.severity == "error"]


def test_trpc_user_mode_summary_can_be_evicted_by_tailoring_but_system_mode_cannot():
    s = chat(turns=10, size=400)
    # "Summary participates in round trimming, can be evicted" (inspector keeps a summary
    # that carries the task while anything else can go, unless tailoring.keep_task = false)
    base = only_summarize(**{"summarization.trigger.messages": 7, "summarization.keep.messages": 6,
                             "tailoring.enabled": True, "tailoring.budget_tokens": 800,
                             "tailoring.keep_task": False})
    user_mode = plan(s, base.with_values({"summarization.injection": "user"}), EST)
    assert user_mode.summaries[0].injection == "evicted"
    sys_mode = plan(s, base.with_values({"summarization.injection": "system"}), EST)
    assert sys_mode.summaries[0].injection == "system" and sys_mode.summaries[0].estimated_tokens > 0


def test_trpc_tool_call_formatting_in_summary_input():
    s = agent_session(rounds=2, output="result text", user_every=1, parallel_every=0)
    text = format_conversation(s.messages)
    assert '[Called tool: bash with args: {"cmd": "ls -la"}]' in text
    assert "[bash returned: output of bash 0: result text]" in text
    assert "user: request 0: please look at part 0 of the code" in text


# ------------------------------------------------------------------ Synaptic


def test_synaptic_keeps_recent_messages_that_fit_half_the_budget():
    s = chat(turns=10, size=80)
    counter = EST
    c = preset("synaptic").with_values({"summarization.trigger.context_tokens": 200})
    p = plan(s, c, counter)
    kept = p.summaries[0].end
    kept_tokens = sum(p.tokens_before[kept:])
    assert kept_tokens <= 100  # half of max_tokens
    assert kept_tokens + p.tokens_before[kept - 1] > 100  # and as many as fit
    out = apply(s, p, counter=counter)
    assert out.messages[1].role == "system"
    assert out.messages[1].text.startswith("[Previous conversation summary]")


def test_synaptic_below_max_tokens_does_nothing():
    s = chat(turns=2)
    p = plan(s, preset("synaptic"), EST)
    assert not p.triggered and not p.changed
    assert "not triggered" in p.stage("summarize").reason


# ------------------------------------------------------------------ beyond the references


def test_pending_tool_call_at_the_end_stays_with_its_turn():
    s = agent_session(rounds=6, output="o " * 100, pending=True)
    n = len(s.messages)
    assert s.messages[-1].tool_calls and s.messages[-2].role == "user"
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 0})
    p = plan(s, c, EST)
    assert p.cutoff.final == n - 2  # the turn's user message stays
    assert p.actions[-2:] == [Action.KEEP, Action.KEEP]
    assert "still waiting for results" in p.cutoff.reason


def test_still_over_trigger_warning():
    s = agent_session(rounds=6, output="o " * 2000, user_every=1)
    c = only_summarize(**{"summarization.trigger.context_tokens": 100, "summarization.keep.messages": 4})
    p = plan(s, c, EST)
    assert any(w.code == "still_over_trigger" and "would compact again" in w.message for w in p.warnings)
    ok = plan(s, c.with_values({"summarization.trigger.context_tokens": 3000}), EST)
    assert not any(w.code == "still_over_trigger" for w in ok.warnings)


def test_input_problems_become_warnings():
    s = session(sys(), user("go"), tool("ghost", "orphan"), asst("", [("x", "bash", "{}")]), user("next"))
    p = plan(s, cfg("none"), EST)
    codes = {w.code for w in p.warnings}
    assert {"orphan_tool_results", "unanswered_tool_calls"} <= codes


def test_summary_cache_makes_preview_equal_apply():
    s = chat(turns=6, size=300)
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2})
    p = plan(s, c, EST)
    cache = MemorySummaryCache()
    applied = apply(s, p, counter=EST, summary_cache=cache)
    result = cache.get(p.summaries[0].key)
    preview = materialize(s, p, {p.summaries[0].key: result.text}, EST)
    assert [m.text for m in preview.messages] == [m.text for m in applied.messages]
    exact = plan(s, c, EST, summary_tokens={p.summaries[0].key: applied.tokens_after[1]})
    assert exact.summaries[0].exact and exact.total_after == applied.total_after


def test_no_summary_is_planned_that_could_not_be_smaller_than_what_it_replaces():
    c = only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2})
    tiny = chat(turns=4, size=10)
    p = plan(tiny, c, EST)
    assert p.triggered and not p.summaries and not p.changed
    assert "would not save tokens" in p.stage("summarize").reason
    # Carried user messages that leave no room are folded into the summary instead,
    # oldest first, so what apply writes is smaller than what it replaces.
    s = chat(turns=6, size=60)
    greedy = c.with_values({"summarization.preserve_user_messages.enabled": True,
                            "summarization.preserve_user_messages.max_tokens": 10_000,
                            "summarization.continue_instruction": preset("eino").summarization.continue_instruction})
    p = plan(s, greedy, EST)
    users = [i for i in range(p.summaries[0].start, p.summaries[0].end) if s.messages[i].role == "user"]
    assert p.summaries and p.summaries[0].preserved_users == users[len(users) - len(p.summaries[0].preserved_users):]
    assert len(p.summaries[0].preserved_users) < len(users)
    out = apply(s, p, counter=EST)
    assert out.total_after < p.total_before


def test_preview_without_summary_shows_a_pending_marker():
    s = chat(turns=6, size=300)
    p = plan(s, only_summarize(**{"summarization.trigger.messages": 3, "summarization.keep.messages": 2}), EST)
    preview = materialize(s, p, None, EST)
    assert "not generated yet" in preview.messages[1].text
    assert preview.messages[1].meta["inspector_summary"]["pending"] is True


def test_eino_clear_decides_each_calls_arguments_on_its_own_so_replanning_is_stable():
    long_args = '{"script": "' + "echo step; " * 80 + '"}'
    s = session(sys(), user("go"),
                asst("", [("a", "bash", "{}"), ("b", "bash", "{}"), ("c", "bash", long_args)]),
                tool("a", "A" * 4000, "bash"), tool("b", "B" * 4000, "bash"), tool("c", "tiny", "bash"),
                asst("next"), user("more"), asst("done"))
    c = cfg("none", **{"reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100,
                       "reduction.clear.keep_rounds": 1})
    p = plan(s, c, EST)
    assert [p.actions[i] for i in (3, 4, 5)] == [Action.CLEAR, Action.CLEAR, Action.KEEP]  # "tiny" is smaller than a placeholder
    assert set(p.reductions[2].clear_arguments) == {"c"}  # only the call whose arguments shrink
    out = apply(s, p, counter=EST)
    again = plan(session(*out.messages, id="again"), c, EST)
    assert not again.changed


def test_eino_image_only_user_message_is_not_lost_when_summarized():
    """Eino preserves original user messages; one that is only an image cannot be
    carried as text, so it stays in place instead of vanishing."""
    image = Message(role="user", parts=[Part(type="image", url="https://x.test/shot.png", media_type="image/png")])
    msgs = [sys()]
    for t in range(4):
        msgs += [user(f"question {t} " + "q" * 300), asst(f"answer {t} " + "a" * 300)]
        if t == 1:
            msgs.append(image)
    s = session(*msgs)
    c = preset("eino").with_values({"summarization.trigger.messages": 3, "tokens.counter": "estimate"})
    p = plan(s, c, EST)
    at = next(i for i, m in enumerate(s.messages) if m is image)
    assert p.summaries and p.summaries[0].start < at < p.summaries[0].end and p.actions[at] == Action.KEEP
    out = apply(s, p, counter=EST)
    assert any(any(x.url == "https://x.test/shot.png" for x in m.parts) for m in out.messages)


def test_eino_defaults_no_retry_read_file_and_its_continuation_line():
    """Eino: Retry "nil (no retry)"; ReadFileToolName default "read_file"; "Adds summary
    preamble and continuation instructions" (its default post-processing only)."""
    c = preset("eino")
    assert c.summarization.retries == 0 and c.recovery_tool == "read_file"
    s = chat(turns=6, size=300)
    for name in ("eino", "trpc", "synaptic"):
        cfg_ = preset(name).with_values({"summarization.trigger.messages": 3, "summarization.trigger.context_tokens": 0,
                                         "summarization.trigger.context_ratio": 0.0, "summarization.keep.messages": 2,
                                         "summarization.keep.mode": "messages"})
        text = "\n".join(m.text for m in apply(s, plan(s, cfg_, EST), counter=EST).messages)
        assert ("without asking the user any further questions" in text) == (name == "eino"), name
