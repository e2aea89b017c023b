"""inspector.llm: the LiteLLM summarizer (retry / backoff / failover / rejection) and cost.

LiteLLM is exercised through litellm itself with `mock_response` (including its mock
RateLimitError / InternalServerError), or through an injected fake completion for
faults litellm cannot mock (empty and over-long answers, timeouts). Never the network.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from inspector.engine import make_counter, preset
from inspector.engine.summarize import (
    ExtractiveSummarizer,
    SummaryEvent,
    SummaryFailed,
    SummaryRequest,
)
from inspector.engine.summarize.retry import retryable
from inspector.llm import (
    CostEstimate,
    LiteLLMSummarizer,
    estimate_cost,
    estimate_request_cost,
    model_price,
    summarizer_for,
)
from tests.sessions import agent_session

COUNTER = make_counter("tiktoken", model="gpt-4o")
OK_SUMMARY = "The user asked to fix part 3; bash showed the bug; it was fixed."


def request(messages=None, replaced=5000, max_words=60, previous=None, max_input_tokens=100_000):
    msgs = messages if messages is not None else agent_session(rounds=4).messages
    return SummaryRequest(
        key="k1", messages=msgs, previous_summary=previous,
        prompt_template="Summarize in {max_summary_words} words:\n{conversation_text}",
        system_prompt="You write summaries.", max_words=max_words, replaced_tokens=replaced,
        count=COUNTER.count, max_input_tokens=max_input_tokens,
    )


def litellm_mock(script):
    """A completion that sends every call through litellm.completion with the next
    scripted mock_response (a string, or 'litellm.RateLimitError' & co.)."""
    import litellm

    calls = []
    it = iter(script)

    def completion(**kw):
        calls.append(kw)
        return litellm.completion(**kw, mock_response=next(it))

    return completion, calls


def summarizer(models, completion, retries=3, sleeps=None, rng=None, **kw):
    return LiteLLMSummarizer(models, completion=completion, retries=retries,
                             sleep=(sleeps.append if sleeps is not None else (lambda s: None)),
                             rng=rng or random.Random(7), **kw)


# ------------------------------------------------------------------ retry / failover


def test_retry_then_success_through_litellm_mock():
    completion, calls = litellm_mock(["litellm.RateLimitError", "litellm.InternalServerError", OK_SUMMARY])
    sleeps: list[float] = []
    events: list[SummaryEvent] = []
    s = summarizer(["gpt-4o-mini"], completion, sleeps=sleeps)
    r = s.summarize(request(), events.append)
    assert r.text == OK_SUMMARY and r.model == "gpt-4o-mini" and not r.extractive
    assert r.attempts == 3 and len(calls) == 3
    assert [e.kind for e in events] == ["before", "attempt", "attempt", "attempt", "after"]
    attempts = [e for e in events if e.kind == "attempt"]
    assert [e.attempt for e in attempts] == [1, 2, 3]
    assert {e.phase for e in attempts} == {"primary"}
    assert "RateLimitError" in attempts[0].error and attempts[0].next == "retry"
    assert "InternalServerError" in attempts[1].error
    assert attempts[2].error is None and attempts[2].text == OK_SUMMARY
    assert len(sleeps) == 2 and sleeps == [attempts[0].delay, attempts[1].delay]
    # temperature 0, the configured prompt, and the system prompt
    kw = calls[-1]
    assert kw["temperature"] == 0 and kw["model"] == "gpt-4o-mini"
    assert kw["messages"][0] == {"role": "system", "content": "You write summaries."}
    assert kw["messages"][1]["content"].startswith("Summarize in 60 words:\n")
    assert "[Called tool: bash with args:" in kw["messages"][1]["content"]


def test_failover_to_the_second_model_after_retries():
    completion, calls = litellm_mock(["litellm.InternalServerError"] * 3 + [OK_SUMMARY])
    events: list[SummaryEvent] = []
    sleeps: list[float] = []
    s = summarizer(["gpt-4o-mini", "anthropic/claude-3-5-haiku-20241022"], completion, retries=2, sleeps=sleeps)
    r = s.summarize(request(), events.append)
    assert r.model == "anthropic/claude-3-5-haiku-20241022" and r.text == OK_SUMMARY
    assert [c["model"] for c in calls] == ["gpt-4o-mini"] * 3 + ["anthropic/claude-3-5-haiku-20241022"]
    attempts = [e for e in events if e.kind == "attempt"]
    assert [(e.model, e.phase, e.attempt) for e in attempts] == [
        ("gpt-4o-mini", "primary", 1), ("gpt-4o-mini", "primary", 2), ("gpt-4o-mini", "primary", 3),
        ("anthropic/claude-3-5-haiku-20241022", "failover", 1)]
    assert [e.next for e in attempts[:3]] == ["retry", "retry", "failover"]
    assert len(sleeps) == 2  # no backoff after the last retry: the next model is tried at once
    assert len(r.errors) == 3


def test_non_retryable_error_fails_over_without_retrying():
    import litellm

    calls = []

    def completion(**kw):
        calls.append(kw["model"])
        if kw["model"] == "gpt-4o-mini":
            raise litellm.AuthenticationError("bad key", llm_provider="openai", model=kw["model"])
        return litellm.completion(**kw, mock_response=OK_SUMMARY)

    sleeps: list[float] = []
    r = summarizer(["gpt-4o-mini", "gpt-4o"], completion, sleeps=sleeps).summarize(request())
    assert calls == ["gpt-4o-mini", "gpt-4o"] and sleeps == [] and r.model == "gpt-4o"
    assert not retryable(litellm.BadRequestError("x", model="m", llm_provider="openai"))
    assert retryable(litellm.Timeout("slow", model="m", llm_provider="openai"))


def test_total_failure_raises_and_reports_every_attempt():
    calls = []

    def completion(**kw):
        calls.append(kw["model"])
        raise TimeoutError("read timed out")

    events: list[SummaryEvent] = []
    s = summarizer(["m1", "m2"], completion, retries=1)
    with pytest.raises(SummaryFailed) as exc:
        s.summarize(request(), events.append)
    assert calls == ["m1", "m1", "m2", "m2"]
    assert len(exc.value.errors) == 4
    assert "4 attempts on m1, m2" in str(exc.value) and "read timed out" in str(exc.value)
    assert events[-1].kind == "failed" and not any(e.kind == "after" for e in events)
    assert "\n" not in str(exc.value)


def fake_response(text):
    return {"choices": [{"message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 7}}


def test_empty_summary_is_retried_and_never_applied():
    answers = iter(["", "   ", OK_SUMMARY])
    calls = []

    def completion(**kw):
        calls.append(kw["model"])
        return fake_response(next(answers))

    r = summarizer(["m1"], completion).summarize(request())
    assert r.text == OK_SUMMARY and calls == ["m1"] * 3
    assert all("empty" in e for e in r.errors)


def test_too_long_summary_is_rejected_and_the_next_model_tried():
    long_text = "word " * 800  # 800 tokens, more than the 500 it replaces
    calls = []

    def completion(**kw):
        calls.append(kw["model"])
        return fake_response(long_text if kw["model"] == "m1" else OK_SUMMARY)

    r = summarizer(["m1", "m2"], completion).summarize(request(replaced=500))
    assert calls == ["m1", "m2"]  # temperature 0: retrying m1 would answer the same
    assert r.model == "m2" and "not shorter" in r.errors[0]


def test_only_too_long_summaries_fail():
    def completion(**kw):
        return fake_response("word " * 800)

    with pytest.raises(SummaryFailed) as exc:
        summarizer(["m1"], completion).summarize(request(replaced=500))
    assert "not shorter than the 500 tokens it replaces" in str(exc.value)


def test_backoff_grows_exponentially_with_jitter():
    class FixedRng:
        def __init__(self, values):
            self.values = iter(values)

        def random(self):
            return next(self.values)

    def completion(**kw):
        raise ConnectionError("reset")

    sleeps: list[float] = []
    s = summarizer(["m1"], completion, retries=4, sleeps=sleeps, rng=FixedRng([0.5] * 4), backoff_seconds=2.0)
    with pytest.raises(SummaryFailed):
        s.summarize(request())
    assert sleeps == [2.0, 4.0, 8.0, 16.0]  # jitter factor 1.0: the pure exponential steps

    # Real jitter: each delay lies in [0.5, 1.5) x its exponential step, and they differ
    # from the steps themselves.
    sleeps = []
    s = summarizer(["m1"], completion, retries=5, sleeps=sleeps, rng=random.Random(3), backoff_seconds=1.0)
    with pytest.raises(SummaryFailed):
        s.summarize(request())
    assert len(sleeps) == 5
    for k, d in enumerate(sleeps):
        assert 0.5 * 2 ** k <= d < 1.5 * 2 ** k
    factors = [d / 2 ** k for k, d in enumerate(sleeps)]
    assert len({round(f, 6) for f in factors}) == 5  # jittered, not constant
    assert sleeps[-1] > sleeps[0] * 4  # grows exponentially despite the jitter

    capped = LiteLLMSummarizer(["m"], backoff_seconds=10, max_backoff_seconds=30, rng=random.Random(1))
    assert all(capped.delay(k) <= 30 for k in range(8))


def test_async_path_with_litellm_acompletion_mock():
    import litellm

    script = iter(["litellm.RateLimitError", OK_SUMMARY])
    waits: list[float] = []

    async def acompletion(**kw):
        return await litellm.acompletion(**kw, mock_response=next(script))

    async def asleep(s):
        waits.append(s)

    s = LiteLLMSummarizer(["gpt-4o-mini"], acompletion=acompletion, asleep=asleep, rng=random.Random(0))
    r = asyncio.run(s.asummarize(request()))
    assert r.text == OK_SUMMARY and r.attempts == 2 and len(waits) == 1


def test_long_ranges_are_summarized_in_chunks_each_folding_the_previous():
    seen = []

    def completion(**kw):
        prompt = kw["messages"][-1]["content"]
        seen.append(prompt)
        return fake_response(f"summary part {len(seen)}")

    msgs = agent_session(rounds=12, output="y " * 300).messages
    s = summarizer(["m1"], completion)
    r = s.summarize(request(msgs, replaced=50_000, max_input_tokens=1500))
    assert len(seen) > 2 and r.text == f"summary part {len(seen)}"
    for k in range(1, len(seen)):
        assert f"Summary of the earlier conversation:\nsummary part {k}\n" in seen[k]


def test_api_base_and_extra_arguments_reach_litellm():
    completion, calls = litellm_mock([OK_SUMMARY])
    s = summarizer(["openai/llama3"], completion, api_base="http://localhost:11434")
    s.summarize(request())
    assert calls[0]["api_base"] == "http://localhost:11434"


def test_summarizer_for_follows_the_config():
    assert isinstance(summarizer_for(preset("balanced")), ExtractiveSummarizer)
    cfg = preset("balanced").with_values({
        "summarization.model": "gpt-4o-mini", "summarization.fallback_models": ["gpt-4o"],
        "summarization.retries": 5, "summarization.backoff_seconds": 0.25, "summarization.api_base": "http://x"})
    s = summarizer_for(cfg)
    assert isinstance(s, LiteLLMSummarizer)
    assert (s.models, s.retries, s.backoff, s.api_base) == (["gpt-4o-mini", "gpt-4o"], 5, 0.25, "http://x")


# ------------------------------------------------------------------------------ cost


def test_cost_comes_from_litellms_local_price_map():
    import json
    from importlib.util import find_spec
    from pathlib import Path

    base = Path(find_spec("litellm").submodule_search_locations[0])
    prices = json.loads((base / "model_prices_and_context_window_backup.json").read_text())
    entry = prices["gpt-4o-mini"]
    assert model_price("gpt-4o-mini") == (entry["input_cost_per_token"], entry["output_cost_per_token"])
    assert estimate_cost("gpt-4o-mini", 1_000_000) == pytest.approx(1_000_000 * entry["input_cost_per_token"])
    assert estimate_cost("openai/gpt-4o-mini", 1000, 10) == pytest.approx(
        1000 * entry["input_cost_per_token"] + 10 * entry["output_cost_per_token"])
    assert estimate_cost("no-such-model-xyz", 1000) is None
    assert estimate_cost("extractive", 10_000) == 0.0

    req = request()
    est = estimate_request_cost("gpt-4o-mini", [req])
    assert isinstance(est, CostEstimate) and est.input_tokens == req.input_tokens() > 1000
    assert est.usd == pytest.approx(est.input_tokens * entry["input_cost_per_token"]
                                    + est.output_tokens * entry["output_cost_per_token"])
    assert "$" in est.describe()
    assert "unknown" in estimate_request_cost("no-such-model-xyz", [req]).describe()
