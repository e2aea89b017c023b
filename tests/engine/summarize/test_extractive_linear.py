"""The offline summarizer's fit to its budget does not grow with the session (issue 15:
it removed one item at a time, re-rendering the whole text each time, so `apply` on
100,000 messages did not finish in 590 s). The fit now takes items by a fixed priority
table, so the number of renders is bounded whatever the session's size."""

from __future__ import annotations

import pytest

from inspector.engine.models import Message, ToolCall
from inspector.engine.summarize import extractive


def _session(rounds: int) -> list[Message]:
    out = [Message.text_message("user", "Fix the failing parser test in src/parse.py")]
    for k in range(rounds):
        out.append(Message.text_message("user", f"step {k}: please run the tests again"))
        out.append(Message(role="assistant", tool_calls=[
            ToolCall(id=f"c{k}", name="bash", arguments_raw=f'{{"cmd": "pytest tests/test_{k}.py"}}')]))
        out.append(Message.text_message("tool", f"Traceback (most recent call last):\nValueError: case {k}",
                                        tool_call_id=f"c{k}", name="bash"))
        out.append(Message.text_message("assistant", f"Step {k} still fails; next I will look at line {k}."))
    return out


def _renders(monkeypatch: pytest.MonkeyPatch, rounds: int) -> tuple[int, str]:
    calls = []
    real = extractive._render
    monkeypatch.setattr(extractive, "_render", lambda chosen: calls.append(1) or real(chosen))
    text = extractive.build_summary(_session(rounds), [], max_words=200)
    return len(calls), text


def test_the_fit_renders_a_bounded_number_of_times_whatever_the_session_size(monkeypatch) -> None:
    small, small_text = _renders(monkeypatch, 50)
    large, large_text = _renders(monkeypatch, 5_000)
    assert large <= small + 5  # 100x the messages: (almost) the same number of renders
    assert len(large_text.split()) <= 200 and len(small_text.split()) <= 200
    # the task and the newest work are what a budget keeps
    assert "src/parse.py" in large_text and "step 4999" in large_text
