"""The sans-IO retry / failover steps, driven by hand: no network, no clock, no litellm."""

from __future__ import annotations

import pytest

from inspector.engine import make_counter
from inspector.engine.summarize import SummaryFailed, SummaryRequest
from inspector.engine.summarize.retry import Call, Reply, RetryPolicy, Sleep, summary_steps
from tests.sessions import agent_session

COUNTER = make_counter("tiktoken", model="gpt-4o")
GOOD = "The user asked to fix part 3; bash showed the bug; it was fixed."


class RateLimited(Exception):
    status_code = 429


class BadKey(Exception):
    status_code = 401


def request() -> SummaryRequest:
    return SummaryRequest(
        key="k", messages=agent_session(rounds=4).messages, previous_summary=None,
        prompt_template="Summarize in {max_summary_words} words:\n{conversation_text}",
        system_prompt="", max_words=60, replaced_tokens=5000, count=COUNTER.count)


def test_a_retryable_error_waits_the_backoff_then_calls_the_same_model_again():
    policy = RetryPolicy(("m1", "m2"), retries=2, backoff_seconds=2.0)
    events = []
    steps = summary_steps(request(), policy, events.append, jitter=lambda: 0.25)
    first = next(steps)
    assert isinstance(first, Call) and first.model == "m1"
    wait = steps.throw(RateLimited("slow down"))
    assert wait == Sleep(2.0 * 0.75)  # backoff * 2**0 * (0.5 + jitter)
    again = steps.send(None)
    assert again == Call("m1", first.messages)
    wait = steps.throw(RateLimited("slow down"))
    assert wait == Sleep(4.0 * 0.75)  # the step doubles
    assert steps.send(None).model == "m1"
    with pytest.raises(StopIteration) as done:
        steps.send(Reply(GOOD, 100, 20))
    result = done.value.value
    assert (result.text, result.model, result.attempts, result.output_tokens) == (GOOD, "m1", 3, 20)
    assert [e.next for e in events if e.kind == "attempt" and e.error] == ["retry", "retry"]


def test_an_error_retrying_cannot_fix_fails_over_at_once_and_the_last_model_gives_up():
    policy = RetryPolicy(("m1", "m2"), retries=3)
    events = []
    steps = summary_steps(request(), policy, events.append, jitter=lambda: 0.0)
    assert next(steps).model == "m1"
    nxt = steps.throw(BadKey("invalid api key"))
    assert isinstance(nxt, Call) and nxt.model == "m2"  # no Sleep, no retry of m1
    with pytest.raises(SummaryFailed) as failed:
        steps.throw(BadKey("invalid api key"))
    assert len(failed.value.errors) == 2
    assert [e.next for e in events if e.kind == "attempt"] == ["failover", "give up"]


def test_a_summary_too_long_goes_to_the_next_model_an_empty_one_is_retried():
    policy = RetryPolicy(("m1", "m2"), retries=1)
    steps = summary_steps(request(), policy, lambda e: None, jitter=lambda: 0.0)
    next(steps)
    assert isinstance(steps.send(Reply("")), Sleep)  # empty: retry the same model
    assert steps.send(None).model == "m1"
    assert steps.send(Reply("word " * 6000)).model == "m2"  # not shorter: the same model would repeat it


def test_policy_delay_is_capped_and_models_are_required():
    assert RetryPolicy(("m",), backoff_seconds=1.0, max_backoff_seconds=5.0).delay(10, 0.99) == 5.0
    with pytest.raises(ValueError):
        RetryPolicy(())
    with pytest.raises(ValueError):
        RetryPolicy(("m",), retries=-1)
