"""Calibration: our count next to the usage a provider recorded."""

from __future__ import annotations

import pytest

from inspector.engine.calibration import calibration
from inspector.engine.models import Message, Part, Usage
from inspector.engine.tokens import TiktokenCounter

from ..sessions import session, sys, user


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
