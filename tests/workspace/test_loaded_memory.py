"""Messages loaded from the workspace are kept small (slotted models, packed records):
the same messages through every door (fields, dumps, equality, copies, pickling,
assignment) as freshly validated ones."""

from __future__ import annotations

import copy
import pickle
import platform
import sys
from datetime import UTC, datetime

import pytest

from inspector.engine.models import Message, Part, Session, ToolCall, Usage
from inspector.workspace.database import Workspace
from tests.sessions import agent_session

ARGS = '{"command": "grep -rn needle src/ | head -50", "timeout": 30}'


def _session() -> Session:
    t = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    out = "match: src/a.py:12 needle\n" * 20
    return Session(id="mem", source_format="openai", model="gpt-4o", messages=[
        Message.text_message("system", "You are a careful agent."),
        Message.text_message("user", "find the needle", timestamp=t, source_id="u1"),
        Message(role="assistant", parts=[Part(text="Looking."), Part(type="reasoning", text="think",
                                                                    data={"signature": "c2ln" * 10})],
                tool_calls=[ToolCall(id="call_1", name="bash", arguments_raw=ARGS)],
                usage=Usage(input_tokens=120, output_tokens=30), timestamp=t,
                raw={"role": "assistant", "tool_calls": [{"id": "call_1", "function": {"arguments": ARGS}}]}),
        Message(role="tool", tool_call_id="call_1", name="bash", parts=[Part(text=out)],
                meta={"exit": 0}, raw={"role": "tool", "content": out}),
    ]).renumber()


@pytest.fixture
def loaded_and_fresh(tmp_path):
    with Workspace(tmp_path / "ws.db") as ws:
        loaded = ws.load_session(ws.add_session(_session())).messages
    fresh = [Message.model_validate_json(m.model_dump_json()) for m in loaded]
    return loaded, fresh


def test_loaded_messages_equal_fresh_ones_through_every_door(loaded_and_fresh):
    loaded, fresh = loaded_and_fresh
    originals = _session().messages
    assert loaded == fresh and fresh == loaded
    for m, f, o in zip(loaded, fresh, originals):
        assert m.model_dump() == f.model_dump() == o.model_dump()
        assert m.model_dump_json() == f.model_dump_json()
        assert m.content_hash == f.content_hash == o.content_hash
        assert m.model_fields_set == f.model_fields_set
        assert list(m.model_dump()) == list(f.model_dump()) == list(Message.model_fields)  # field order kept
        assert pickle.loads(pickle.dumps(m)) == f
        assert copy.deepcopy(m) == f and m.model_copy() == f
        assert m.raw == o.raw
        for p, fp in zip(m.parts, f.parts):
            assert p == fp and p.model_dump() == fp.model_dump()
        for c, fc in zip(m.tool_calls, f.tool_calls):
            assert c == fc and c.arguments == fc.arguments  # a cached property adds a key: still equal
            assert c == fc


def test_loaded_messages_take_assignments_and_new_content(loaded_and_fresh):
    loaded, fresh = loaded_and_fresh
    m, f = loaded[3], fresh[3]
    for x in (m, f):
        x.position = 40
        x.meta["inspector_reduced"] = True
        x.parts[0].text = "cleared"
        x.usage = Usage(output_tokens=1)
    assert m == f and m.model_dump() == f.model_dump()
    changed = m.model_copy(update={"parts": [Part(text="other")]})
    assert changed.content_hash == f.model_copy(update={"parts": [Part(text="other")]}).content_hash
    assert changed.content_hash != loaded[3].content_hash or loaded[3].parts[0].text == "other"
    assert loaded[1] != fresh[2]


@pytest.mark.skipif(platform.python_implementation() != "CPython", reason="object sizes are CPython's")
def test_loaded_models_hold_their_fields_in_slots(tmp_path):
    with Workspace(tmp_path / "ws.db") as ws:
        loaded = ws.load_session(ws.add_session(agent_session(rounds=40))).messages
    fresh = [Message.model_validate_json(m.model_dump_json()) for m in loaded]
    assert loaded == fresh
    for m in loaded:
        for obj in (m, *m.parts, *m.tool_calls):
            assert not hasattr(obj, "__dict__")
            # a header, the GC links and one pointer per field (and memo slot): no dict
            assert sys.getsizeof(obj) <= 32 + 8 * (len(type(obj).model_fields) + 1)


def test_equality_does_not_depend_on_the_memoised_hash():
    a, b = Message.text_message("user", "hi"), Message.text_message("user", "hi")
    assert a.content_hash and a == b and b == a
    assert "_hash" not in a.model_dump() and "_hash" not in a.model_dump_json()
    assert a.model_copy(update={"parts": [Part(text="other")]}).content_hash != a.content_hash
    assert a.model_copy(update={"position": 3}).content_hash == a.content_hash
    assert pickle.loads(pickle.dumps(a)).content_hash == a.content_hash


def test_loaded_empty_meta_and_calls_are_shared_and_read_only(loaded_and_fresh):
    loaded, fresh = loaded_and_fresh
    user = loaded[1]  # no meta, no tool calls
    assert user.meta == {} and user.tool_calls == [] and user == fresh[1]
    assert user.meta is loaded[0].meta and user.tool_calls is loaded[0].tool_calls  # one object for all
    with pytest.raises(TypeError, match="shared by messages loaded from the workspace"):
        user.meta["inspector_reduced"] = True
    with pytest.raises(TypeError):
        user.tool_calls.append(ToolCall(id="c", name="n"))
    assert loaded[0].meta == {} and loaded[0].tool_calls == []  # nothing leaked into the others
    # copies and round trips get ordinary containers again; assignment replaces the shared one
    for other in (copy.deepcopy(user), pickle.loads(pickle.dumps(user)), user.model_copy(deep=True),
                  Message.model_validate_json(user.model_dump_json())):
        other.meta["k"] = 1
        other.tool_calls.append(ToolCall(id="c", name="n"))
    user.meta = {"k": 1}
    assert loaded[0].meta == {} and user.meta == {"k": 1}


def test_trusted_builds_what_the_constructor_validates():
    calls = [ToolCall.trusted(id="c1", name="bash", arguments_raw='{"a": 1}')]
    made = Message.trusted(role="assistant", parts=[Part.trusted(text="hi")], tool_calls=calls,
                           usage=Usage.trusted(input_tokens=3), source_id="s")
    validated = Message(role="assistant", parts=[Part(text="hi")], usage=Usage(input_tokens=3), source_id="s",
                        tool_calls=[ToolCall(id="c1", name="bash", arguments_raw='{"a": 1}')])
    assert made == validated and made.model_dump() == validated.model_dump()
    assert made.content_hash == validated.content_hash and made.tool_calls[0].arguments == {"a": 1}
    # defaults are fresh per instance, as the constructor's
    a, b = Message.trusted(role="user"), Message.trusted(role="user")
    assert a.meta == {} and a.meta is not b.meta and a.parts is not b.parts
    with pytest.raises(TypeError):
        Message.trusted(role="user", colour="red")
    with pytest.raises(TypeError):
        Message.trusted(parts=[])  # role is required
