"""Counts are computed once per session and counter; calibration against recorded usage."""

from __future__ import annotations

import pytest

from inspector.engine import plan, preset
from inspector.engine.calibration import calibration
from inspector.engine.models import Message, Part, Usage
from inspector.engine.tokens import TiktokenCounter, TokenCache

from ..sessions import agent_session, session, sys, user


def test_replanning_never_retokenizes_the_session(monkeypatch):
    s = agent_session(rounds=30, output="log line " * 300)
    counter = TiktokenCounter(model="gpt-4o")
    base = preset("balanced").with_values({"summarization.trigger.context_ratio": 0.0,
                                           "summarization.trigger.context_tokens": 5_000})
    plan(s, base, counter, token_cache=TokenCache())
    seen: list[str] = []
    real = counter.count_batch
    monkeypatch.setattr(counter, "count_batch", lambda texts: seen.extend(texts) or real(texts))
    monkeypatch.setattr(counter, "count", lambda text: seen.append(text) or real([text])[0])
    for k in range(10):  # threshold changes that create no new text
        p = plan(s, base.with_values({"summarization.keep.tokens": 1_000 + 500 * k,
                                      "reduction.clear.keep_rounds": 1 + k % 3}), counter)
        assert p.summaries
    # Only the text around a new summary (its preamble, preserved messages) may be
    # counted; never a message of the session, and never twice the same text.
    texts = {p.text for m in s.messages for p in m.parts} | {c.arguments_raw for m in s.messages for c in m.tool_calls}
    assert seen and not texts & set(seen)
    assert len(seen) == len(set(seen))
    assert all("[Previous conversation summary]" in t for t in seen)


def test_calibration_reports_our_count_next_to_recorded_usage():
    counter = TiktokenCounter(model="gpt-4o")
    msgs = [sys("You are terse."), user("What is 2+2? " * 20)]
    recorded = 3 + 3 + counter.count("You are terse.") + 3 + counter.count("What is 2+2? " * 20) + 50
    msgs.append(Message(role="assistant", parts=[Part(text="4")],
                        usage=Usage(input_tokens=recorded - 30, cache_read_tokens=30, output_tokens=1)))
    msgs.append(user("thanks"))
    msgs.append(Message(role="assistant", parts=[Part(text="bye")]))  # no usage recorded
    s = session(*msgs)
    (point,) = calibration(s, counter)
    assert point.position == 2
    assert point.recorded == recorded  # cached input counts as context
    assert point.counted == recorded - 50
    assert point.ratio == pytest.approx((recorded - 50) / recorded)
