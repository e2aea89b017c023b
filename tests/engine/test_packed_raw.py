"""A message's source record kept packed (`PackedRaw`): the same record through every
door (`raw`, dumps, equality, copies, pickling), a fraction of the memory."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from inspector.engine.models import Message, PackedRaw, Part, ToolCall

LONG = "a long tool output line\n" * 10
ARGS = json.dumps({"command": "grep -rn needle " + "src/ " * 20})


def _message(raw):
    return Message(role="assistant", parts=[Part(text=LONG)],
                   tool_calls=[ToolCall(id="call_1", name="bash", arguments_raw=ARGS)], raw=raw)


RECORDS = [
    {"role": "assistant", "content": LONG,
     "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "bash", "arguments": ARGS}}]},
    [{"type": "text", "text": LONG}, {"type": "thinking", "signature": "c2ln" * 40, "thinking": LONG}],
    {"nested": {"deep": [[[{"x": LONG}]]]}, "numbers": [0, -1, 2**70, 1.5, -0.0, 1e300], "flags": [True, False, None]},
    {"unicode": "d\u00e9j\u00e0 vu \u2014 \U0001f600", "short": "ok", "empty": "", "same": [LONG, LONG]},
    {"lone surrogate": "a\ud800b", "inf": float("inf")},
    # keys the packed form writes as one control byte, and text that holds control
    # bytes and those keys itself
    {"role": "user", "uuid": "u1", "message": {"content": [{"type": "text", "text": '"role": "uuid":\x01\x02\x1f'}]},
     "\x03": ['{"\\u0000ref": 0}', {"\u0000ref ": 1}], "parentUuid": None, "id": "\t\n\r"},
]


@pytest.mark.parametrize("record", RECORDS)
def test_packed_record_reads_back_equal_and_dumps_the_same(record):
    plain = _message(copy.deepcopy(record))
    packed = _message(copy.deepcopy(record))
    assert packed.pack_raw()
    assert type(packed.packed_raw) is PackedRaw
    assert packed.raw == record
    assert packed.model_dump() == plain.model_dump()
    if "lone surrogate" not in record:  # pydantic cannot write one to JSON either way
        assert packed.model_dump_json() == plain.model_dump_json()
    assert packed == plain and plain == packed
    assert packed.content_hash == plain.content_hash


def test_long_strings_are_the_messages_own_and_each_read_is_a_new_record():
    m = _message(copy.deepcopy(RECORDS[0]))
    m.pack_raw()
    first, second = m.raw, m.raw
    assert first["content"] is m.parts[0].text
    assert first["tool_calls"][0]["function"]["arguments"] is m.tool_calls[0].arguments_raw
    first["content"] = "changed"  # a copy: the stored record does not move
    assert second["content"] == LONG and m.raw["content"] == LONG
    # The packed form holds each text once, by reference: its bytes are the record's
    # structure only.
    assert len(m.packed_raw.data) < 300


@pytest.mark.parametrize("record", [{"\u0000ref": 0}, {1: "int key"}, {"t": (1, 2)}, {"o": object()}, "a string",
                                    None])
def test_records_that_are_not_plain_json_stay_as_they_are(record):
    m = _message(record)
    assert not m.pack_raw()
    assert m.raw is record


def test_pickling_copying_and_assignment_keep_the_record():
    m = _message(copy.deepcopy(RECORDS[1]))
    m.pack_raw()
    for other in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m), m.model_copy(), m.model_copy(deep=True),
                  Message.model_validate_json(m.model_dump_json())):
        assert other.raw == RECORDS[1]
        assert other == m
    m.raw = {"replaced": True}
    assert m.raw == {"replaced": True} and "raw" in m.model_fields_set
    assert json.loads(m.model_dump_json())["raw"] == {"replaced": True}
    assert m.model_copy(update={"raw": [1]}).raw == [1]


@pytest.mark.parametrize("record", [{"content": LONG}, {"content": LONG, "arguments": ARGS, "again": LONG}])
def test_one_or_several_shared_strings_read_back_pickle_and_compare_the_same(record):
    m = _message(copy.deepcopy(record))
    assert m.pack_raw()
    packed = m.packed_raw
    assert packed.unpack() == record and m.raw == record
    assert pickle.loads(pickle.dumps(packed)) == packed and pickle.loads(pickle.dumps(m)).raw == record
    again = _message(copy.deepcopy(record))
    again.pack_raw()
    assert again.packed_raw == packed
    assert m.raw["content"] is m.parts[0].text  # the message's own string, one or several


def test_frequent_keys_pack_to_one_byte_each():
    record = {"role": "tool", "content": LONG, "tool_call_id": "call_1", "type": "function_call_output"}
    m = _message(record)
    assert m.pack_raw()
    data = m.packed_raw.data
    assert b"role" not in data and b"tool_call_id" not in data and b"ref" not in data
    assert len(data) < len(b'{"role":"tool","content":{"\\u0000ref":0},"tool_call_id":"call_1","type":"function_call_output"}') - 30
    assert m.raw == record


def _reference_pack(record, texts):
    """The packed bytes as every fragment replaced in turn makes them (the plain path)."""
    from inspector.engine import packing

    strings, index = [], {}
    tree = packing._share(record, texts, strings, index, 0, set())
    try:
        data = packing.to_json(tree, inf_nan_mode="constants")
    except packing.PydanticSerializationError:
        data = json.dumps(tree, separators=(",", ":"), allow_nan=True).encode()
    for fragment, code in zip(packing._FRAGMENTS, packing._CODES):
        data = data.replace(fragment, code)
    return data, tuple(strings)


def _claude_code_records():
    from pathlib import Path

    here = Path(__file__).resolve().parents[1] / "fixtures" / "claude-code"
    return [json.loads(line) for p in sorted(here.glob("*.jsonl")) for line in p.read_text().splitlines()
            if line.strip()][:300]


TRICKY_KEYS = ['a"role', 'role"', "\\", 'x\\"content', "\u0000ref", "\u0000ref ", "é", "ROLE", "role ", "ro\nle"]


def test_fragments_are_coded_as_replacing_each_in_turn_does():
    import random

    from inspector.engine.packing import PackedRaw

    rng = random.Random(7)
    records = _claude_code_records() + list(copy.deepcopy(RECORDS))
    for _ in range(300):  # records mixing the coded keys, tricky keys and texts holding fragments
        keys = rng.sample([*TRICKY_KEYS, "role", "content", "text", "id", "name", "usage", "other"], 4)
        values = [LONG, '"role":', '{"\\u0000ref":', "x", 3, None, {"type": LONG}, [{"id": '"text":'}]]
        record = {k: rng.choice(values) for k in keys}
        records.append(record if rng.random() < 0.7 else [record, {"content": rng.choice(values)}])
    assert len(records) > 300
    for record in records:
        for texts in ({}, {LONG: LONG}):
            packed = PackedRaw.pack(record, texts)
            if packed is None:
                continue
            assert (packed.data, packed.shared) == _reference_pack(record, texts), record
            assert packed.unpack() == json.loads(json.dumps(record)) or "inf" in record or "lone surrogate" in record
