"""`message_from_openai` builds its messages, parts and tool calls without pydantic's
validation where it checked the values' types itself: the result must be exactly what
the validating constructors give, and what they refuse must still be refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from inspector.engine.models import Message, Part, ToolCall
from inspector.formats import openai_chat

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "swe-agent"


def _real_records() -> list[Any]:
    """Chat Completions message dicts as SWE-agent writes them (text, tool calls, tool
    results, list content)."""
    out: list[Any] = []
    for path in sorted(FIXTURES.glob("*.traj"))[:6]:
        out.extend(json.loads(path.read_text())["history"])
    return out


CRAFTED: list[Any] = [
    {"role": "user", "content": "plain"},
    {"role": "user", "content": "", "name": "alice"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "run", "arguments": {"cmd": "ls"}}},
        {"function": {"name": "noid", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": 7, "content": "out"},
    {"role": "function", "name": "legacy", "content": "result"},
    {"role": "assistant", "content": "x", "function_call": {"name": "f", "arguments": "{}"}},
    {"role": "assistant", "content": [{"type": "text", "text": "a"}, "b", {"type": "refusal", "refusal": "no"}],
     "reasoning_content": "thinking", "thinking_blocks": [{"thinking": "t", "signature": "s"}]},
    {"role": "system", "content": "[summary] earlier work", "extra": {"kept": [1, 2.5, None]}},
    {"role": "developer", "content": "\u00e9\u6f22 \U0001f600"},
]


def _validated(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain path: every constructor validates."""
    for model in (Part, ToolCall, Message):
        monkeypatch.setattr(model, "trusted", model)


def _shape(m: Message) -> Any:
    """Everything a message holds, with the exact type of each value."""
    def typed(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: typed(x) for k, x in v.items()}
        if isinstance(v, list):
            return [typed(x) for x in v]
        return (type(v).__name__, v)
    return typed({**m.model_dump(), "parts": [p.model_dump() for p in m.parts],
                  "tool_calls": [c.model_dump() for c in m.tool_calls]}), m.raw


@pytest.mark.parametrize("prefix", [None, "[summary]"])
def test_trusted_construction_equals_the_validated_one(monkeypatch, prefix):
    records = _real_records() + CRAFTED
    assert len(records) > 50
    fast = [_shape(openai_chat.message_from_openai(d, i, prefix)) for i, d in enumerate(records)]
    _validated(monkeypatch)
    plain = [_shape(openai_chat.message_from_openai(d, i, prefix)) for i, d in enumerate(records)]
    assert fast == plain
    assert any(s[0]["kind"] == ("str", "summary") for s in fast) == (prefix is not None)


@pytest.mark.parametrize("bad", [
    {"role": "user", "content": "x", "name": 3},
    {"role": "user", "content": "x", "name": ["a"]},
    {"role": "assistant", "content": "x", "tool_calls": [{"type": 5, "function": {"name": "f"}}]},
])
def test_values_of_another_type_are_still_validated(bad):
    # The fast path is taken only for exact types: anything else meets the validator.
    with pytest.raises(ValidationError):
        openai_chat.message_from_openai(bad, 0)


def test_a_text_subclass_is_validated_like_before(monkeypatch):
    class Text(str):
        pass

    d = {"role": "user", "content": Text("hello"), "name": Text("bob")}
    fast = _shape(openai_chat.message_from_openai(d, 0))
    _validated(monkeypatch)
    assert fast == _shape(openai_chat.message_from_openai(d, 0))
