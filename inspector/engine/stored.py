"""A message's stored record: the form the workspace keeps a message in, read back
without validating it again.

Why a module of its own: it is a codec, not the domain. Validating a message's
canonical JSON with pydantic, then packing its `raw` record, took most of a
100,000-message load (bench `load_100k_vs_raw_read`). A message is validated once,
when it is first written; what is stored then is what the loaded message is made of:

- `record`: compact JSON (orjson) of the fields, `RECORD_FORMAT` first;
- `text`: the first part's text, a column of its own (the bulk of a message's bytes,
  read as a string by SQLite with no JSON to unescape);
- `raw`: the `raw` record already packed (`PackedRaw`'s bytes), its shared strings
  named by their place among the message's texts.

`encode` builds the three from the canonical JSON the workspace hashes, so `decode`
gives exactly the message validating that JSON and packing its record would
(tests/engine/test_stored.py). Anything `encode` cannot store this way (an integer
past 64 bits, a lone surrogate, nesting orjson refuses) gets None: the caller keeps
the canonical JSON, which is validated on load as before.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any, get_args

import orjson
from pydantic import TypeAdapter

from inspector.engine.models import _NO_CALLS, _NO_META, Message, MessageKind, Part, PartType, Role, ToolCall, Usage
from inspector.engine.packing import MIN_SHARED, PackedRaw

# The first value of every record. A later layout is a new number that `decode` reads
# beside this one; a record of a number it does not know is refused, never guessed at.
RECORD_FORMAT = 1

# The values of the fields that take a few (`models`' Literals), stored as their place.
_ROLES: tuple[str, ...] = get_args(Role)
_KINDS: tuple[str, ...] = get_args(MessageKind)
_PART_TYPES: tuple[str, ...] = get_args(PartType)
_USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_read_tokens", "cache_creation_tokens", "total_tokens")
# A run of 20 digits may be an integer orjson would read as a float (sources/jsonio.py).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_TWENTY_DIGITS = b"0" * 20
# Timestamps parsed as pydantic parses them (its time zone objects, its formats).
_TIMESTAMP = TypeAdapter(datetime)

Stored = tuple[bytes, str | None, bytes | None]


class RecordError(ValueError):
    """A stored record this engine cannot read (damaged, or of a later format)."""


def encode(body: str) -> Stored | None:
    """The stored form of a message from its canonical JSON (`model_dump_json` without
    `position`).

    Args:
        body: the message's canonical JSON, as the workspace hashes it.

    Returns:
        (record, first part's text or None, packed raw bytes or None), or None when
        the message must stay stored as its canonical JSON.
    """
    data = body.encode("utf-8", "surrogatepass")
    try:
        # orjson reads an integer past 64 bits as a float: where one may be, `json`
        # reads the body, and orjson refuses to write such an integer into the record.
        d = json.loads(body) if _TWENTY_DIGITS in data.translate(_DIGITS_AS_ZERO) else orjson.loads(data)
        return _encode(d)
    except (ValueError, orjson.JSONEncodeError, RecursionError, KeyError, TypeError):  # ValueError: index too
        return None


# What a record `encode_message` packed from the message may hold that its canonical
# JSON, read back, would not: NaN or an infinity (written as null there), a run of 19
# digits (an integer orjson may read as a float, past 64 bits).
_SUSPECT_NUMBER = re.compile(rb"NaN|Infinity|[0-9]{19}")
_SCALAR_RAW = (str, int, bool, type(None))  # raw values JSON and orjson write alike


def encode_message(message: Message, body: str) -> Stored | None:
    """`encode(body)`, built from `message` itself where that is certain to give the
    same: a workspace stores 100,000 messages at a time, and reading each one's JSON
    back was a third of the work.

    The message's values are taken as they are when each is of the exact type its
    canonical JSON reads back as the same value (texts, names, integers; the `raw`
    record when it packs as plain JSON, with no number orjson would read differently
    and no NaN or infinity, which the canonical JSON writes as null); anything else
    (a part's `data`, `meta`, a time that is not a datetime, a text that is not UTF-8)
    goes through `encode(body)` as before (tests/engine/test_stored.py checks both
    agree).

    Args:
        message: the message.
        body: its canonical JSON (`model_dump_json` without `position`).

    Returns:
        What `encode(body)` returns.
    """
    try:
        stored = _encode_fields(message) if body.isascii() or _utf8(body) else None
    except (ValueError, TypeError, KeyError, RecursionError, orjson.JSONEncodeError):
        stored = None
    return encode(body) if stored is None else stored


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: orjson reads no such JSON
        return False
    return True


def _encode_fields(m: Message) -> Stored | None:
    """`_encode` of the message's canonical JSON, from its fields; None when a value
    is not one this can take as it is."""
    role, kind, who, call_id, source = m.role, m.kind, m.name, m.tool_call_id, m.source_id
    if (m.meta or type(role) is not str or type(kind) is not str or (who is not None and type(who) is not str)
            or (call_id is not None and type(call_id) is not str) or (source is not None and type(source) is not str)):
        return None
    stamp = m.timestamp
    if stamp is not None:
        if type(stamp) is not datetime:
            return None
        stamp = _TIMESTAMP.dump_python(stamp, mode="json")  # as the canonical JSON writes it
    usage = m.usage
    usage_row = None
    if usage is not None:
        if type(usage) is not Usage:
            return None
        usage_row = [getattr(usage, f) for f in _USAGE_FIELDS]
        if any(v is not None and type(v) is not int for v in usage_row):
            return None
    texts: list[str] = []
    part_rows: list[list[Any]] = []
    for p in m.parts:
        text = p.text
        if (type(p) is not Part or type(text) is not str or type(p.type) is not str or p.data is not None
                or p.media_type is not None or p.url is not None):
            return None
        part_rows.append([_PART_TYPES.index(p.type), text] if texts else [_PART_TYPES.index(p.type)])
        texts.append(text)
    call_rows: list[list[Any]] = []
    for c in m.tool_calls:
        row = [c.id, c.name, c.arguments_raw, c.type]
        if type(c) is not ToolCall or any(type(v) is not str for v in row):
            return None
        call_rows.append(row)
        texts.append(c.arguments_raw)
    raw = m.packed_raw
    if type(raw) is PackedRaw:
        raw = raw.unpack()
    raw_bytes = None
    if type(raw) is dict or type(raw) is list:
        where: dict[str, int] = {}
        for k, t in enumerate(texts):
            if len(t) >= MIN_SHARED and t not in where:
                where[t] = k
        packed = PackedRaw.pack(raw, {t: t for t in where} if where else where)
        if packed is None:
            return None  # not plain JSON: its canonical JSON may differ (a tuple, a key that is not a text)
        data = packed.data
        if _SUSPECT_NUMBER.search(data) is not None:
            return None
        raw_field: Any = [where[t] for t in packed.shared]
        raw_bytes = data
    elif type(raw) in _SCALAR_RAW:
        raw_field = raw
    else:
        return None
    record = [RECORD_FORMAT, _ROLES.index(role), _KINDS.index(kind), who, call_id, source, stamp,
              usage_row, part_rows, call_rows, raw_field]
    return orjson.dumps(record), texts[0] if part_rows else None, raw_bytes


def _encode(d: dict[str, Any]) -> Stored:
    parts, calls = d["parts"], d["tool_calls"]
    texts = [p["text"] for p in parts] + [c["arguments_raw"] for c in calls]
    text = parts[0]["text"] if parts else None
    part_rows: list[list[Any]] = []
    for k, p in enumerate(parts):
        kind = _PART_TYPES.index(p["type"])
        row = [kind] if k == 0 else [kind, p["text"]]
        if p["data"] is not None or p["media_type"] is not None or p["url"] is not None:
            if k == 0:
                row.append(None)  # the text is the column's
            row += [p["data"], p["media_type"], p["url"]]
        part_rows.append(row)
    call_rows = [[c["id"], c["name"], c["arguments_raw"], c["type"]] for c in calls]
    usage = d["usage"]
    raw = d["raw"]
    packed = None
    if isinstance(raw, (dict, list)):
        # The strings `Message.pack_raw` would share, each named by its first place.
        where: dict[str, int] = {}
        for k, t in enumerate(texts):
            if len(t) >= MIN_SHARED:
                where.setdefault(t, k)
        packed = PackedRaw.pack(raw, {t: t for t in where})
    if packed is not None:
        shared = packed.shared
        raw_field: Any = [where[s] for s in shared]
        raw_bytes = packed.data
    else:
        raw_field, raw_bytes = raw, None
    record = [RECORD_FORMAT, _ROLES.index(d["role"]), _KINDS.index(d["kind"]), d["name"], d["tool_call_id"], d["source_id"], d["timestamp"],
              None if usage is None else [usage[f] for f in _USAGE_FIELDS], part_rows, call_rows, raw_field]
    if d["meta"]:
        record.append(d["meta"])
    return orjson.dumps(record), text, raw_bytes


_part = Part.trusted
_call = ToolCall.trusted
_message = Message.trusted


def decode(record: bytes, text: str | None, raw: bytes | None, names: dict[str, str] | None = None) -> Message:
    """The message a stored record holds (as `Message.compact` leaves a loaded one:
    `raw` packed, an empty `meta` or `tool_calls` the shared read-only one).

    Args:
        record: the record `encode` made.
        text: the first part's text.
        raw: the packed raw record's bytes, or None.
        names: strings already made by this load (roles, kinds, types, tool names,
            call ids and call arguments), each kept once: a load of 100,000 messages
            would otherwise hold several new copies of each per message (~20 MB;
            pydantic-core's parser shared them through its string cache), and a
            session repeats its calls' arguments (114 texts for the bench's 45,725
            calls: ~7 MB of copies). Filled as it goes; it only refers to strings the
            messages keep anyway.

    Returns:
        The message (position 0: the caller places it).

    Raises:
        RecordError: a damaged record, or one of a format this engine does not know.
    """
    try:
        fields = orjson.loads(record)
        if fields[0] != RECORD_FORMAT:
            raise RecordError(f"a stored message of record format {fields[0]!r} (this inspector reads "
                              f"{RECORD_FORMAT}); upgrade inspector")
        shared: dict[str, str] = {} if names is None else names
        name = shared.setdefault
        # Lists are made at their exact size (a list grown by appends keeps spare room).
        rows = fields[8]
        parts: list[Part]
        if not rows:
            parts = []
        else:
            if type(text) is not str:
                raise RecordError("a damaged stored message (its first text is missing)")
            first = rows[0]
            parts = [_part(type=_PART_TYPES[first[0]], text=text) if len(first) == 1 else
                     _part(type=_PART_TYPES[first[0]], text=text, data=first[2], media_type=first[3], url=first[4])]
            if len(rows) > 1:
                for row in rows[1:]:
                    kind = _PART_TYPES[row[0]]
                    parts.append(_part(type=kind, text=row[1]) if len(row) == 2 else
                                 _part(type=kind, text=row[1], data=row[2], media_type=row[3], url=row[4]))
                parts = parts[:]
        calls: list[ToolCall] = _NO_CALLS
        if fields[9]:
            calls = [_call(id=name(c[0], c[0]), name=name(c[1], c[1]), arguments_raw=name(c[2], c[2]),
                           type=name(c[3], c[3]))
                     for c in fields[9]][:]
        value = fields[10]
        if raw is not None:
            if len(value) == 1 and value[0] == 0 and text is not None:  # the usual case: the first text
                value = PackedRaw(raw, text)
            else:
                texts = [p.text for p in parts] + [c.arguments_raw for c in calls]
                value = PackedRaw(raw, tuple([texts[k] for k in value]))
        usage = fields[7]
        stamp = fields[6]
        who, call_id = fields[3], fields[4]
        return _message(role=_ROLES[fields[1]], kind=_KINDS[fields[2]], name=who if who is None else name(who, who),
                        tool_call_id=call_id if call_id is None else name(call_id, call_id), source_id=fields[5],
                        timestamp=None if stamp is None else _TIMESTAMP.validate_python(stamp),
                        usage=None if usage is None else Usage.trusted(**dict(zip(_USAGE_FIELDS, usage, strict=True))),
                        parts=parts, tool_calls=calls, raw=value,
                        meta=fields[11] if len(fields) > 11 else _NO_META)
    except RecordError:
        raise
    except (orjson.JSONDecodeError, ValueError, TypeError, IndexError, KeyError) as exc:
        raise RecordError(f"a damaged stored message ({type(exc).__name__}: {exc})") from None
