"""The runtime API: `Compactor` runs exactly plan + apply, turn after turn."""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from inspector.engine import apply, make_counter, plan, preset
from inspector.engine.models import Message
from inspector.engine.summarize import SummaryFailed, SummaryRejected, SummaryResult
from inspector.formats.openai_chat import from_openai, to_openai
from tests.sessions import agent_session

ROOT = Path(__file__).resolve().parents[2]


class RecordingSummarizer:
    """A Summarizer that answers with a fixed text and records its requests."""

    extractive = False

    def __init__(self, text="Summary: the user asked for fixes in parts 0-9; bash ran.", name="fake-model"):
        self.text = text
        self.name = name
        self.requests = []

    def summarize(self, request, on_event=None):
        self.requests.append(request)
        from inspector.engine.summarize import SummaryEvent, check_summary

        if on_event:
            on_event(SummaryEvent("before", request.key, model=self.name))
        text = check_summary(self.text, request)
        if on_event:
            on_event(SummaryEvent("attempt", request.key, model=self.name, phase="primary", attempt=1, text=text))
            on_event(SummaryEvent("after", request.key, model=self.name, text=text))
        return SummaryResult(text=text, model=self.name, extractive=False)

    async def asummarize(self, request, on_event=None):
        return self.summarize(request, on_event)


def summarizing(injection="system", **more):
    """A config that summarizes the agent sessions below (keep the last 4 messages)."""
    values = {"summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 12,
              "summarization.keep.mode": "messages", "summarization.keep.messages": 4,
              "summarization.injection": injection, "summarization.preserve_user_messages.enabled": False}
    values.update(more)
    return preset("balanced").with_values(values)


def chat(rounds=10, **kw):
    return to_openai(agent_session(rounds=rounds, **kw).messages)


def test_compact_is_exactly_plan_plus_apply(tmp_path):
    from inspector import Compactor
    from inspector.service.config import save_config

    cfg = summarizing()
    path = tmp_path / "inspector.toml"
    save_config(cfg, path)
    messages = chat()
    out = Compactor.from_toml(path, session_id="s").compact(messages)

    session = Compactor(cfg, session_id="s").session(messages)
    expected = to_openai(apply(session, plan(session, cfg)).messages)
    assert json.dumps(out) == json.dumps(expected)
    assert len(out) < len(messages)
    assert out[1]["role"] == "system" and out[1]["content"].startswith("[Previous conversation summary]")
    # the messages kept are the very dicts passed in
    assert out[-1] is messages[-1] and out[0] is messages[0]


def test_below_the_trigger_nothing_changes_and_compact_is_idempotent():
    from inspector import Compactor

    messages = chat(rounds=2)
    c = Compactor(summarizing(), session_id="s")
    assert c.compact(messages) == messages
    assert all(a is b for a, b in zip(c.compact(messages), messages))
    once = c.compact(chat())
    # Just compacted: below the message trigger now, so a second call changes nothing.
    assert c.compact(once) == once


def test_incremental_summaries_turn_after_turn():
    from inspector import Compactor

    fake = RecordingSummarizer()
    c = Compactor(summarizing(), summarizer=fake, session_id="s")
    history = chat(rounds=10)
    history = c.compact(history)
    assert len(fake.requests) == 1 and fake.requests[0].previous_summary is None
    # The agent goes on: more turns, then the next compaction folds the summary in.
    more = to_openai(agent_session(rounds=8, id="next").messages[1:])
    history = c.compact(history + more)
    assert len(fake.requests) == 2
    second = fake.requests[1]
    assert second.previous_summary and fake.text in second.previous_summary
    # The old summary message itself is not summarized as conversation.
    assert all(m.kind == "message" for m in second.messages)
    summaries = [m for m in history if isinstance(m.get("content"), str)
                 and m["content"].startswith("[Previous conversation summary]")]
    assert len(summaries) == 1


@pytest.mark.parametrize("injection", ["system", "system_merge", "user"])
def test_injection_modes(injection):
    from inspector import Compactor

    fake = RecordingSummarizer()
    cfg = summarizing(injection)
    messages = chat()
    out = Compactor(cfg, summarizer=fake, session_id="s").compact(messages)
    prefix = cfg.summarization.summary_prefix
    holders = [k for k, m in enumerate(out) if isinstance(m.get("content"), str) and prefix in m["content"]]
    assert len(holders) == 1
    k = holders[0]
    if injection == "system":
        assert k == 1 and out[k]["role"] == "system" and out[k]["content"].startswith(prefix)
        assert out[0] is messages[0]
    elif injection == "system_merge":
        assert k == 0 and out[0]["role"] == "system"
        assert out[0]["content"].startswith(messages[0]["content"] + "\n\n" + prefix)
    else:
        assert out[k]["role"] == "user" and out[k]["content"].startswith(prefix)
        assert all(m["role"] == "system" for m in out[:k])
    assert fake.text in out[k]["content"]


def test_preview_after_generation_is_byte_identical_to_apply():
    from inspector.engine.applier import MemorySummaryCache
    from inspector.service.pipeline import compact_session, generate_summaries, plan_session, preview

    session = agent_session(rounds=10)
    cfg = summarizing()
    cache = MemorySummaryCache()
    fake = RecordingSummarizer()
    p = plan_session(session, cfg, summary_cache=cache)
    pending = preview(session, p, summary_cache=cache)
    assert "not generated yet" in pending.messages[1].text
    assert not p.summaries[0].exact
    assert generate_summaries(session, p, fake, summary_cache=cache) == 1
    p2 = plan_session(session, cfg, summary_cache=cache)
    assert p2.summaries[0].exact and p2.summaries[0].key == p.summaries[0].key
    shown = preview(session, p2, summary_cache=cache)
    applied = compact_session(session, cfg, summarizer=fake, summary_cache=cache)
    assert len(fake.requests) == 1  # apply reused the previewed summary
    assert json.dumps(to_openai(shown.messages)) == json.dumps(to_openai(applied.messages))
    # and the plan's exact size is the applied summary message's size
    assert p2.summaries[0].estimated_tokens == applied.tokens_after[1]


def test_total_failure_leaves_the_messages_untouched():
    from inspector import Compactor
    from inspector.llm import LiteLLMSummarizer

    def completion(**kw):
        raise ConnectionError("network down")

    s = LiteLLMSummarizer(["m1", "m2"], completion=completion, retries=1, sleep=lambda s: None)
    messages = chat()
    before = copy.deepcopy(messages)
    c = Compactor(summarizing(), summarizer=s)
    with pytest.raises(SummaryFailed):
        c.compact(messages)
    assert messages == before
    assert c.last is None


def test_empty_summaries_are_rejected_and_too_long_ones_trimmed_to_their_share():
    from inspector import Compactor
    from inspector.engine.summarize.protocol import TRIM_MARK
    from inspector.llm import LiteLLMSummarizer

    s = LiteLLMSummarizer(["m"], retries=0, completion=lambda **kw: {
        "choices": [{"message": {"content": "x " * 20_000}}]})
    compactor = Compactor(summarizing(), summarizer=s)
    compactor.compact(chat())
    assert compactor.last is not None
    text = compactor.last.summaries[0].text
    assert text.endswith(TRIM_MARK.strip())
    words = compactor.config.summarization.max_summary_words
    assert compactor.counter.count(text) <= words * 1.35 + 1
    from inspector.engine.summarize import SummaryRejected

    with pytest.raises(SummaryRejected):
        Compactor(summarizing(), summarizer=RecordingSummarizer(text="")).compact(chat())


def test_extension_points_counter_finalize_rewriter_events():
    from inspector import Compactor
    from inspector.engine.tokens import Framing

    class WordCounter:
        name = "words"
        exact = False
        note = "counts words"
        framing = Framing(3, 1, 3, 3, 0, 0)

        def count(self, text):
            return len(text.split())

        def count_batch(self, texts):
            return [self.count(t) for t in texts]

    events = []
    finalized = []

    def finalize(originals, summary):
        finalized.append(len(originals))
        return [Message.text_message("system", "FINAL: " + summary.text, kind="summary")]

    cfg = summarizing()
    c = Compactor(cfg, counter=WordCounter(), summarizer=RecordingSummarizer(), finalize=finalize,
                  on_event=events.append)
    out = c.compact(chat())
    assert c.last.plan.counter == "words"
    assert finalized == [c.last.plan.summaries[0].end - c.last.plan.summaries[0].start]
    # Eino: Finalize replaces the default post-processing, so it gets the model's text
    assert out[1]["content"].startswith("FINAL: ") and "[Previous conversation summary]" not in out[1]["content"]
    assert [e.kind for e in events] == ["before", "attempt", "after"]

    # Eino ClearMessageRewriter: a cleared call and its results -> replacement messages
    seen = []

    def rewriter(call, results):
        seen.append((call.tool_calls[0].id, [r.tool_call_id for r in results]))
        return [Message.text_message("assistant", f"(ran {call.tool_calls[0].name}; output cleared)")]

    clearing = preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 1000,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})
    messages = chat()
    for m in messages:  # arguments long enough that clearing them saves tokens
        for call in m.get("tool_calls") or []:
            call["function"]["arguments"] = json.dumps({"cmd": "cat " + "src/module.py " * 40})
    out = Compactor(clearing, clear_rewriter=rewriter).compact(messages)
    assert seen and all(ids for _, ids in seen)
    assert any(m.get("content", "").startswith("(ran bash; output cleared)") for m in out
               if isinstance(m.get("content"), str))
    from inspector.engine import validate
    from inspector.engine.validation import errors

    assert errors(validate(from_openai(out))) == []


def test_recover_returns_what_reduction_removed():
    from inspector import Compactor, OffloadNotFound

    big = "line of build output\n" * 3000
    cfg = preset("balanced").with_values({"summarization.enabled": False,
                                         "reduction.truncation.max_chars": 2000})
    messages = chat(rounds=3, output=big)
    c = Compactor(cfg)
    out = c.compact(messages)
    assert c.last.offloads
    off = c.last.offloads[0]
    assert off.id in json.dumps(out)  # the notice names it
    original = next(m for m in messages if m.get("tool_call_id") == off.tool_call_id)["content"]
    assert c.recover(off.id) == original
    assert c.recover(off.id, offset=21, limit=10) == original[21:31]
    with pytest.raises(OffloadNotFound):
        c.recover("off-000000000000")
    tool = c.recovery_tool()
    assert tool["function"]["name"] == cfg.recovery_tool == "read_offload"
    assert c.handle_recovery_call(json.dumps({"id": off.id, "limit": 5})) == original[:5]
    assert c.handle_recovery_call('{"id": "nope"}').startswith("error: no offloaded content")


def test_acompact_matches_compact():
    from inspector import Compactor

    messages = chat()
    a = Compactor(summarizing(), session_id="s").compact(messages)
    b = asyncio.run(Compactor(summarizing(), session_id="s").acompact(messages))
    assert json.dumps(a) == json.dumps(b)


def test_runtime_api_stays_light_until_a_model_summarizes():
    code = (
        "import sys\n"
        "from inspector import Compactor\n"
        "from inspector.engine import preset\n"
        "from inspector.formats.openai_chat import to_openai\n"
        "from tests.sessions import agent_session\n"
        "cfg = preset('balanced').with_values({'summarization.trigger.context_ratio': 0.0,"
        " 'summarization.trigger.messages': 5, 'summarization.keep.mode': 'messages',"
        " 'summarization.keep.messages': 4})\n"
        "out = Compactor(cfg).compact(to_openai(agent_session(rounds=6).messages))\n"
        "print(len(out), 'litellm' in sys.modules, 'textual' in sys.modules)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    n, litellm_loaded, textual_loaded = res.stdout.split()
    assert int(n) > 0 and litellm_loaded == "False" and textual_loaded == "False"


def test_compactor_on_swe_agent_trajectories_keeps_every_tool_pair(traj_sessions):
    from inspector import Compactor
    from inspector.engine import validate
    from inspector.engine.validation import errors

    counter = make_counter("tiktoken", model="gpt-4o")
    cfg = preset("balanced").with_values({"summarization.trigger.context_ratio": 0.0,
                                         "summarization.trigger.context_tokens": 3000,
                                         "summarization.keep.tokens": 1500})
    changed = 0
    for s in traj_sessions:
        messages = to_openai(s.messages)
        c = Compactor(cfg, counter=counter, session_id=s.id)
        try:
            out = c.compact(messages)
        except SummaryRejected:  # a summary that would not save tokens is never applied
            assert messages == to_openai(s.messages)
            continue
        assert sum(c.last.tokens_after) <= sum(c.last.plan.tokens_before)
        before = errors(validate(s.messages))
        after = errors(validate(from_openai(out)))
        assert {p.key for p in after} <= {p.key for p in before}, s.id
        changed += len(out) < len(messages)
    assert changed >= 5


@pytest.mark.parametrize("injection", ["system", "system_merge", "user"])
def test_pipeline_plan_is_exact_once_summaries_exist(injection):
    """After generation the plan counts each summary as apply writes it (merged or
    not, with its recovery hint): totals agree to the token."""
    from inspector.engine import preset
    from inspector.service.pipeline import compact_session
    from tests.sessions import agent_session

    s = agent_session(rounds=12, output="log line " * 200, user_every=2)
    last_user = max(i for i, m in enumerate(s.messages) if m.role == "user")
    config = preset("sagents").with_values({"summarization.trigger.context_tokens": 2000,
                                            "summarization.injection": injection,
                                            "summarization.keep.messages": len(s.messages) - last_user})
    result = compact_session(s, config)
    spec = result.plan.summaries[0]
    assert spec.exact and spec.injection == injection
    assert (spec.merge_into is None) == (injection == "system")  # merged into a system or user message
    assert any('read_offload(id="off-' in m.text for m in result.messages)
    assert result.plan.total_after == result.total_after
