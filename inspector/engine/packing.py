"""A source record packed into compact JSON bytes (`PackedRaw`), the form a message
loaded from the workspace keeps its `raw` record in.

Why a module of its own: it is a codec, not the domain. Parsed records cost several
times their JSON in memory (a dict or list per level, an object per string); packed,
with the long strings that equal the message's own texts stored once as references,
a 10,000-message session's records take a fraction of that (bench `rss_ratio_10k`).
`Message.raw` unpacks on read, so what callers see is the record as stored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic_core import PydanticSerializationError, from_json, to_json

# The key of the object that stands for a shared string inside a packed record; a
# record holding this key anywhere is kept unpacked.
_REF = "\u0000ref"
MIN_SHARED = 64  # shorter strings are cheaper inline than as references

# The workspace stores packed bytes (engine/stored.py): this table is part of its record
# format. Changing `_KEYS` (or the codes) needs a new `stored.RECORD_FORMAT` that reads
# the old bytes with the old table (tests/engine/test_stored.py pins it).
# Packed JSON holds no control characters (JSON escapes them), so each stands for one
# frequent fragment: a reference, or a key the supported formats' records repeat in
# every record ("role", "content", "uuid", ...). A third to half of a record's bytes
# on the bench's 10,000 messages.
_KEYS = ("role", "content", "type", "text", "id", "name", "arguments", "function", "tool_calls", "tool_call_id",
         "call_id", "output", "input", "message", "uuid", "parentUuid", "timestamp", "sessionId", "isSidechain",
         "userType", "cwd", "version", "gitBranch", "tool_use_id", "model", "usage")
_FRAGMENTS = (b'{"\\u0000ref":', *(f'"{key}":'.encode() for key in _KEYS))
_CODES = tuple(bytes([c]) for c in (*range(1, 9), 11, 12, *range(14, 32)))[: len(_FRAGMENTS)]
# Each key's fragment and code: a record's own keys say which fragments it can hold.
_KEY_CODES = {key: (fragment, code) for key, fragment, code in zip(_KEYS, _FRAGMENTS[1:], _CODES[1:], strict=True)}


class PackedRaw:
    """A source record (JSON values only) as compact JSON bytes, its long strings that
    equal one of the message's texts stored once, as references to those strings.

    Parsed records cost several times their JSON in memory (a dict or list per level,
    an object per string); most of a record's bytes are the texts the message already
    holds in its parts and tool calls. Immutable; `unpack()` builds a new record each
    time, equal to the packed one.
    """

    __slots__ = ("_data", "_strings")

    def __init__(self, data: bytes, strings: tuple[str, ...] | str) -> None:
        self._data = data
        # One shared string (a message's one text, the usual case) is kept without a
        # tuple around it: ~0.5 MB on 10,000 messages.
        self._strings = strings[0] if type(strings) is tuple and len(strings) == 1 else strings

    @classmethod
    def pack(cls, record: Any, texts: Mapping[str, str]) -> PackedRaw | None:
        """`record` packed, its strings equal to a key of `texts` shared; None when it
        is not plain JSON (or uses the reference key), so it must stay as it is.

        Args:
            record: a parsed JSON value (dicts with string keys, lists, scalars).
            texts: the message's long texts (each mapped to itself).

        Returns:
            The packed record, or None.
        """
        strings: list[str] = []
        index: dict[str, int] = {}
        keys: set[str] = set()
        try:
            tree = _share(record, texts, strings, index, 0, keys)
        except (_NotPlain, RecursionError):
            return None
        try:  # pydantic-core's encoder: ~10x faster than json's
            data = to_json(tree, inf_nan_mode="constants")
        except PydanticSerializationError:  # a lone surrogate: json escapes it
            data = json.dumps(tree, separators=(",", ":"), allow_nan=True).encode()
        return cls(_code_fragments(data, keys, bool(strings)), tuple(strings))

    @property
    def data(self) -> bytes:
        """The packed JSON bytes (fragments coded, shared strings as references)."""
        return self._data

    @property
    def shared(self) -> tuple[str, ...]:
        """The shared strings, in the order the references number them."""
        strings = self._strings
        return (strings,) if isinstance(strings, str) else strings

    def unpack(self) -> Any:
        """The record, as a new object each call.

        Returns:
            A value equal to the record that was packed.
        """
        data = self._data
        for fragment, code in zip(_FRAGMENTS, _CODES):
            data = data.replace(code, fragment)
        try:
            value = from_json(data, allow_inf_nan=True)
        except ValueError:  # an escaped lone surrogate, which only json reads back
            value = json.loads(data)
        strings = self._strings
        if not strings:
            return value
        return _resolve(value, (strings,) if isinstance(strings, str) else strings)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PackedRaw):
            return self._data == other._data and self._strings == other._strings or self.unpack() == other.unpack()
        return bool(self.unpack() == other)

    __hash__ = None  # type: ignore[assignment]  # equal to unhashable records

    def __repr__(self) -> str:
        return f"PackedRaw({self.unpack()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return PackedRaw, (self._data, self._strings)


class _NotPlain(Exception):
    pass


def _code_fragments(data: bytes, keys: set[str], refs: bool) -> bytes:
    """`data` (a record's JSON) with each fragment of `_FRAGMENTS` replaced by its code,
    as replacing every fragment in turn does (the fragments never overlap, and a code
    never forms one).

    Only the fragments the record can hold are replaced: a key's fragment (`"role":`)
    occurs in the JSON only where that key is, unless some key holds a quote (the key
    `a"role` is written `"a\\"role":`) or a backslash, and the reference's only where
    `_share` made one. A record with such a key has every fragment replaced.
    """
    joined = "".join(keys)
    if '"' in joined or "\\" in joined:
        for fragment, code in zip(_FRAGMENTS, _CODES):
            data = data.replace(fragment, code)
        return data
    if refs:
        data = data.replace(_FRAGMENTS[0], _CODES[0])
    for key in keys:
        pair = _KEY_CODES.get(key)
        if pair is not None:
            data = data.replace(*pair)
    return data


def _share(value: Any, texts: Mapping[str, str], strings: list[str], index: dict[str, int], depth: int,
           keys: set[str]) -> Any:
    """`value` with its long strings found in `texts` replaced by references (the keys
    of its objects added to `keys`)."""
    if depth > 100:
        raise _NotPlain
    # Strings and scalars are handled in the loops (no call per leaf: this runs on
    # every message a workspace loads).
    if type(value) is dict:
        keys.update(value)
        out = {}
        for key, item in value.items():
            if type(key) is not str or key == _REF:
                raise _NotPlain
            t = type(item)
            if t is str:
                out[key] = _ref(item, texts, strings, index) if len(item) >= MIN_SHARED else item
            elif item is None or t is bool or t is int or t is float:
                out[key] = item
            else:
                out[key] = _share(item, texts, strings, index, depth + 1, keys)
        return out
    if type(value) is list:
        items = []
        for item in value:
            t = type(item)
            if t is str:
                items.append(_ref(item, texts, strings, index) if len(item) >= MIN_SHARED else item)
            elif item is None or t is bool or t is int or t is float:
                items.append(item)
            else:
                items.append(_share(item, texts, strings, index, depth + 1, keys))
        return items
    if type(value) is str:
        return _ref(value, texts, strings, index) if len(value) >= MIN_SHARED else value
    if value is None or type(value) in (bool, int, float):
        return value
    raise _NotPlain


def _ref(text: str, texts: Mapping[str, str], strings: list[str], index: dict[str, int]) -> Any:
    if text not in texts:
        return text
    k = index.get(text)
    if k is None:
        k = index[text] = len(strings)
        strings.append(texts[text])
    return {_REF: k}


def _resolve(value: Any, strings: tuple[str, ...]) -> Any:
    if type(value) is dict:
        if len(value) == 1 and _REF in value:
            return strings[value[_REF]]
        return {key: _resolve(item, strings) for key, item in value.items()}
    if type(value) is list:
        return [_resolve(item, strings) for item in value]
    return value


def plain_raw(value: Any) -> Any:
    """`value` as a plain record: a `PackedRaw` unpacked, anything else as it is."""
    return value.unpack() if type(value) is PackedRaw else value
