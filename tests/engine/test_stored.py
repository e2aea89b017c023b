"""A message's stored record (engine/stored.py) reads back as exactly the message
validating its canonical JSON and packing its record gives: the same fields, dumps,
equality, hash and raw record, for every kind of value a message holds; what a record
cannot hold is refused at writing (the caller keeps the JSON), and a damaged or
later-format record is refused at reading."""

from __future__ import annotations

import copy
import pickle
from datetime import UTC, datetime, timedelta, timezone

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.engine.models import Message, Part, ToolCall, Usage
from inspector.engine.packing import PackedRaw
from inspector.engine.stored import RECORD_FORMAT, RecordError, decode, encode
from tests.examples import examples

LONG = "a long tool output line that a raw record repeats verbatim, " * 3


def _body(m: Message) -> str:
    return m.model_dump_json(exclude={"position"}, fallback=repr)  # as the workspace stores it


def _validated(body: str) -> Message:
    """What the workspace made of a stored JSON body before records: validated, compacted."""
    m = Message.model_validate_json(body)
    m.compact()
    return m


def _assert_same(decoded: Message, expected: Message) -> None:
    assert decoded == expected and expected == decoded
    assert decoded.model_dump_json() == expected.model_dump_json()
    assert decoded.model_dump() == expected.model_dump()
    assert decoded.raw == expected.raw
    assert decoded.content_hash == expected.content_hash
    assert decoded.timestamp == expected.timestamp
    if expected.timestamp is not None:
        assert decoded.timestamp.utcoffset() == expected.timestamp.utcoffset()
        assert decoded.timestamp.isoformat() == expected.timestamp.isoformat()
    assert type(decoded.raw) is type(expected.raw)
    assert type(decoded.packed_raw) is type(expected.packed_raw)
    assert pickle.loads(pickle.dumps(decoded)) == expected
    assert copy.deepcopy(decoded) == expected


def _round_trip(m: Message) -> Message:
    body = _body(m)
    stored = encode(body)
    assert stored is not None, body
    decoded = decode(*stored)
    _assert_same(decoded, _validated(body))
    return decoded


CASES = {
    "text": Message.text_message("user", "hello"),
    "empty": Message(role="assistant"),
    "empty first text": Message(role="assistant", parts=[Part(text=""), Part(text="second")]),
    "tool call and usage": Message(
        role="assistant", parts=[Part(text="Looking."), Part(type="reasoning", text="think",
                                                              data={"signature": "c2ln" * 10})],
        tool_calls=[ToolCall(id="call_1", name="bash", arguments_raw='{"cmd": "' + LONG + '"}'),
                    ToolCall(id="call_2", name="web", arguments_raw="", type="web_search_call")],
        usage=Usage(input_tokens=120, output_tokens=30, cache_read_tokens=4),
        timestamp=datetime(2025, 1, 2, 3, 4, 5, 123456, tzinfo=UTC), source_id="item-7",
        raw={"role": "assistant", "content": "Looking.",
             "tool_calls": [{"id": "call_1", "function": {"arguments": '{"cmd": "' + LONG + '"}'}}]}),
    "first part with data": Message(role="user", parts=[
        Part(type="image", url="https://example.invalid/a.png", media_type="image/png", data={"detail": "low"}),
        Part(text=LONG)], raw=[{"type": "image_url"}, {"type": "text", "text": LONG}]),
    "tool result": Message(role="tool", tool_call_id="call_1", name="bash", parts=[Part(text=LONG)],
                           meta={"exit": 0, "nested": {"k": [1, 2.5, None, True]}},
                           raw={"role": "tool", "content": LONG, "extra": LONG}),
    "offset and naive times": Message(role="user", parts=[Part(text="x")],
                                      timestamp=datetime(2024, 5, 6, 7, 8, 9, tzinfo=timezone(timedelta(hours=-5)))),
    "naive time": Message(role="user", parts=[Part(text="x")], timestamp=datetime(2024, 5, 6, 7, 8, 9)),
    "summary kind": Message(role="user", kind="summary", parts=[Part(text="so far")], name="compactor"),
    "raw scalar": Message(role="user", parts=[Part(text="x")], raw="a line of text"),
    "raw with the reference key": Message(role="user", parts=[Part(text=LONG)], raw={"\u0000ref": 0, "t": LONG}),
    "raw repeats one text twice": Message(role="assistant", parts=[Part(text=LONG), Part(text=LONG)],
                                          tool_calls=[ToolCall(id="c", name="n", arguments_raw=LONG)],
                                          raw=[LONG, {"a": LONG}, LONG + "!"]),
    "big integer in the text": Message(role="user", parts=[Part(text="id 123456789012345678901234567890")],
                                       raw={"id": "123456789012345678901234567890"}),
    "non-ascii": Message(role="user", parts=[Part(text="naïve café ✓ " * 10 + "\U0001f600")],
                         raw={"content": "naïve café ✓ " * 10 + "\U0001f600"}),
    "control characters": Message(role="user", parts=[Part(text="a\u0001b\u0000c\n" * 30)],
                                  raw={"content": "a\u0001b\u0000c\n" * 30, "role": "user"}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_record_reads_back_as_the_validated_message(name):
    _round_trip(CASES[name])


def test_texts_the_raw_record_repeats_are_the_messages_own_strings():
    m = _round_trip(CASES["tool result"])
    assert type(m.packed_raw) is PackedRaw
    assert m.packed_raw.shared == (m.parts[0].text,)
    assert m.packed_raw.shared[0] is m.parts[0].text  # one string, not a copy
    assert m.raw == {"role": "tool", "content": LONG, "extra": LONG}


def test_arguments_repeated_across_a_load_are_kept_once():
    """A session repeats its calls' arguments (114 texts for 45,725 calls in the bench's
    100,000 messages, ~7 MB of copies): one load (one `names`) keeps each text once,
    and every message still reads back as its validated JSON."""
    args = '{"command": "' + LONG + '", "timeout": 30}'
    bodies = [_body(Message(role="assistant", parts=[Part(text="")], raw={"n": k, "arguments": args}, tool_calls=[
        ToolCall(id=f"call_{k}_{j}", name="bash", arguments_raw=args) for j in range(2)])) for k in range(3)]
    names: dict[str, str] = {}
    decoded = [decode(*encode(body), names) for body in bodies]  # type: ignore[misc]
    for m, body in zip(decoded, bodies, strict=True):
        _assert_same(m, _validated(body))
    first = decoded[0].tool_calls[0].arguments_raw
    assert all(c.arguments_raw is first for m in decoded for c in m.tool_calls)


def test_empty_meta_and_calls_are_the_shared_read_only_ones():
    m = _round_trip(CASES["text"])
    with pytest.raises(TypeError):
        m.meta["x"] = 1
    with pytest.raises(TypeError):
        m.tool_calls.append(ToolCall(id="c", name="n"))
    m.meta = {"x": 1}  # a new value is fine
    assert m.meta == {"x": 1}


@pytest.mark.parametrize("raw", [{"n": 123456789012345678901234567890}, {"deep": [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]}])
def test_values_a_record_cannot_hold_exactly_are_left_to_the_json(raw):
    m = Message(role="user", parts=[Part(text="x")], raw=raw)
    stored = encode(_body(m))
    if stored is None:  # kept as JSON: the workspace validates it as before
        return
    _assert_same(decode(*stored), _validated(_body(m)))


def test_an_integer_past_64_bits_is_never_read_as_a_float():
    m = Message(role="user", parts=[Part(text="x")], raw={"n": 123456789012345678901234567890},
                meta={"big": -(2**70)})
    stored = encode(_body(m))
    assert stored is None  # orjson would make it a float: the JSON stays


def test_a_damaged_or_later_record_is_refused_in_one_line():
    record, text, raw = encode(_body(CASES["tool result"]))
    with pytest.raises(RecordError, match="damaged"):
        decode(record[:-3], text, raw)
    with pytest.raises(RecordError, match="damaged"):
        decode(b"[1, \"user\"]", text, raw)
    with pytest.raises(RecordError, match="first text is missing"):
        decode(record, None, raw)
    later = orjson.dumps([RECORD_FORMAT + 1, *orjson.loads(record)[1:]])
    with pytest.raises(RecordError, match=f"record format {RECORD_FORMAT + 1}.*upgrade"):
        decode(later, text, raw)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=80),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12)
texts = st.one_of(st.text(max_size=20), st.text(min_size=64, max_size=120))


@st.composite
def messages(draw) -> Message:
    parts = draw(st.lists(st.builds(
        Part, type=st.sampled_from(["text", "reasoning", "image", "file", "other"]), text=texts,
        data=st.none() | st.dictionaries(st.text(max_size=8), json_values, max_size=3),
        media_type=st.none() | st.just("image/png"), url=st.none() | st.text(max_size=20)), max_size=3))
    calls = draw(st.lists(st.builds(ToolCall, id=st.text(min_size=1, max_size=8), name=st.text(max_size=8),
                                    arguments_raw=texts, type=st.sampled_from(["function", "custom"])), max_size=2))
    own = [p.text for p in parts] + [c.arguments_raw for c in calls]
    raw = draw(st.none() | json_values | st.lists(st.sampled_from(own) if own else st.just("x"), max_size=3)
               | st.fixed_dictionaries({"content": st.sampled_from(own) if own else st.just(""), "more": json_values}))
    stamp = draw(st.none() | st.datetimes(timezones=st.none() | st.just(UTC) | st.builds(
        timezone, st.timedeltas(min_value=timedelta(hours=-12), max_value=timedelta(hours=12)).map(
            lambda d: timedelta(minutes=int(d.total_seconds() // 60))))))
    return Message(role=draw(st.sampled_from(["system", "developer", "user", "assistant", "tool"])),
                   kind=draw(st.sampled_from(["message", "summary", "compaction"])), parts=parts, tool_calls=calls,
                   tool_call_id=draw(st.none() | st.text(max_size=8)), name=draw(st.none() | st.text(max_size=8)),
                   source_id=draw(st.none() | st.text(max_size=8)), timestamp=stamp,
                   usage=draw(st.none() | st.builds(Usage, input_tokens=st.none() | st.integers(0, 10**6),
                                                    output_tokens=st.none() | st.integers(0, 10**6))),
                   raw=raw, meta=draw(st.dictionaries(st.text(max_size=8), json_values, max_size=3)))


@settings(max_examples=min(examples(), 30), deadline=None)  # each example builds a rich message: ~0.2 s
@given(messages())
def test_any_message_reads_back_as_its_validated_json(m):
    body = _body(m)
    stored = encode(body)
    assert stored is not None  # plain JSON values, integers within 64 bits: a record holds them
    _assert_same(decode(*stored), _validated(body))


def test_the_packed_bytes_a_workspace_stores_are_pinned_to_the_record_format():
    """The raw column holds `PackedRaw` bytes: its table of frequent keys is part of
    RECORD_FORMAT 1. A change to the table must come with a new record format that
    still reads these bytes (this test then names the old table's bytes)."""
    m = Message(role="tool", tool_call_id="call_1", parts=[Part(text=LONG)],
                raw={"role": "tool", "content": LONG, "tool_call_id": "call_1", "type": "x", "uuid": "u"})
    _record, _text, raw = encode(_body(m))
    assert RECORD_FORMAT == 1
    assert raw == b'{\x02"tool",\x03\x010},\x0e"call_1",\x04"x",\x13"u"}'
    assert decode(*encode(_body(m))).raw == m.raw


# ------------------------------------------------- encode_message: the same, from the message

def _plain(m: Message) -> Message:
    """`m` with what sends `encode_message` to the JSON taken out (meta, parts' data)."""
    return m.model_copy(update={"meta": {}, "parts": [Part(type=p.type, text=p.text) for p in m.parts]})


EDGE_RAWS = [
    {"x": float("nan")}, [float("inf"), 1], {"n": -(2**63) - 1}, {"n": 2**64}, {"n": 2**64 - 1}, {"n": -(2**63)},
    {"id": "1234567890123456789"}, (1, 2), {1: "a"}, {"t": datetime(2024, 1, 2, tzinfo=UTC)}, b"bytes",
    1.5, float("nan"), 2**70, -7, True, None, "", [], {}, {"deep": [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]},
    {"\u0000ref": 0}, {'a"role': 1, "role": "user"}, {"k\\": LONG}, [LONG, {"content": LONG}],
]


def _messages_for_encode_message() -> list[Message]:
    out = [*CASES.values(), *(_plain(m) for m in CASES.values())]
    for raw in EDGE_RAWS:
        out.append(Message(role="assistant", parts=[Part(text=LONG)],
                           tool_calls=[ToolCall(id="c", name="n", arguments_raw=LONG)], raw=raw))
    packed = Message(role="user", parts=[Part(text=LONG)], raw={"content": LONG, "role": "user"})
    assert packed.pack_raw()
    out.append(packed)
    # values of other types than the fields' (model_copy assigns without validation)
    out.append(CASES["text"].model_copy(update={"timestamp": "2024-01-01T00:00:00Z"}))
    out.append(CASES["text"].model_copy(update={"usage": Usage(input_tokens=2**65)}))
    out.append(CASES["text"].model_copy(update={"usage": Usage(input_tokens=-(2**63) - 5)}))
    out.append(CASES["text"].model_copy(update={"name": 5}))
    return out


@pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")
def test_encode_message_stores_what_encoding_the_json_stores():
    from inspector.engine.stored import encode_message

    checked = 0
    for m in _messages_for_encode_message():
        try:
            body = _body(m)
        except Exception:  # noqa: BLE001  # not a message the workspace can store at all
            continue
        assert encode_message(m, body) == encode(body), body
        checked += 1
    assert checked > 50


def test_encode_message_takes_the_message_itself_for_plain_messages(monkeypatch):
    from inspector.engine import stored

    def refuse(body):
        raise AssertionError(f"read back as JSON: {body}")

    for name in ("text", "empty", "raw scalar", "non-ascii", "control characters", "naive time"):
        m = CASES[name]
        expected = encode(_body(m))
        with monkeypatch.context() as patch:
            patch.setattr(stored, "encode", refuse)
            assert stored.encode_message(m, _body(m)) == expected


@settings(max_examples=min(examples(), 30), deadline=None)
@given(messages())
def test_encode_message_agrees_with_encode_on_any_message(m):
    from inspector.engine.stored import encode_message

    for each in (m, _plain(m)):
        body = _body(each)
        assert encode_message(each, body) == encode(body)
