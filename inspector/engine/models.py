"""The canonical session model every importer produces and every exporter consumes.

One `Session` holds ordered `Message`s. A message keeps the record(s) it came from in
`raw`, untouched, so an exporter can reproduce opaque data (encrypted reasoning,
thinking signatures) byte for byte. A message loaded from the workspace may hold its
record packed (`PackedRaw`: compact JSON whose long strings point at the message's own
texts); `raw` reads it back as the record, equal to what was stored.

`Message`, `Part`, `ToolCall` and `Usage` are pydantic dataclasses with `__slots__`
(one pointer per field, no instance dict) that keep the `BaseModel` methods used here
(`model_dump`, `model_dump_json`, `model_validate`, `model_validate_json`,
`model_copy`); their constructors validate, `trusted()` builds one from values a
reader already checked. `Session` is a `BaseModel`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, TypeAdapter
from pydantic.dataclasses import dataclass
from pydantic.fields import FieldInfo
from pydantic_core import PydanticSerializationError, PydanticUndefined, from_json, to_json

from inspector.engine.limits import loads_bounded

Role = Literal["system", "developer", "user", "assistant", "tool"]
PartType = Literal["text", "reasoning", "image", "file", "other"]
# `summary`: a summary message already present in the data (ours or another tool's).
# `compaction`: a compaction record (Claude Code compact boundary, Agents SDK
# `compaction` item, ADK `actions.compaction`, Codex `compacted`).
MessageKind = Literal["message", "summary", "compaction"]

SYSTEM_ROLES = ("system", "developer")


class _Slotted:
    """What the slotted models (Part, ToolCall, Message) share: the pydantic model API
    this project uses (`model_dump`, `model_dump_json`, `model_validate`,
    `model_validate_json`, `model_copy`, `model_fields`), on pydantic dataclasses with
    `__slots__`.

    A pydantic `BaseModel` keeps its fields in an instance dict, beside a fields set and
    two more slots: ~250 bytes of overhead per message and ~190 per part, where slots
    cost 8 bytes a field (bench `rss_ratio_10k`). Validation, serialization and the
    JSON schema are pydantic's, as before; `trusted` builds an instance from values a
    reader already checked, without validating them again.
    """

    __slots__ = ()

    # (name, storage descriptor, default, default factory) per field, then the other
    # slots (name, storage descriptor): filled in by `_finish` once pydantic built the class.
    _FIELDS: ClassVar[tuple[tuple[str, Any, Any, Any], ...]] = ()
    _SLOTS: ClassVar[tuple[tuple[str, Any], ...]] = ()
    model_fields: ClassVar[dict[str, FieldInfo]] = {}

    @classmethod
    def _adapter(cls) -> TypeAdapter[Any]:
        adapter = _ADAPTERS.get(cls)
        if adapter is None:
            adapter = _ADAPTERS[cls] = TypeAdapter(cls)
        return adapter

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        """A validated instance from a dict (or an instance).

        Args:
            obj: the field values.

        Returns:
            The instance; pydantic's ValidationError for invalid values.
        """
        out: Self = cls._adapter().validate_python(obj)
        return out

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Self:
        """A validated instance from JSON text (what `model_dump_json` writes).

        Args:
            data: the JSON text.

        Returns:
            The instance; pydantic's ValidationError for invalid JSON or values.
        """
        out: Self = cls._adapter().validate_json(data)
        return out

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        """The fields as a dict, as `BaseModel.model_dump` (same options).

        Args:
            kwargs: pydantic's dump options (`mode`, `exclude`, `exclude_none`, ...).

        Returns:
            The dict.
        """
        out: dict[str, Any] = self._adapter().dump_python(self, **kwargs)
        return out

    def model_dump_json(self, **kwargs: Any) -> str:
        """The fields as JSON text, as `BaseModel.model_dump_json` (same options).

        Args:
            kwargs: pydantic's dump options (`exclude`, `indent`, `fallback`, ...).

        Returns:
            The JSON text.
        """
        return self._adapter().dump_json(self, **kwargs).decode()

    @property
    def model_fields_set(self) -> set[str]:
        """Every field (the slotted models do not track which were given)."""
        return set(self.model_fields)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, as `BaseModel.model_copy`: `update` is assigned without validation.

        Args:
            update: field values to replace in the copy.
            deep: copy nested values too.

        Returns:
            The copy.
        """
        new = copy.deepcopy(self) if deep else self._copy()
        if update:
            for name, value in update.items():
                setattr(new, name, value)
        return new

    @classmethod
    def trusted(cls, **values: Any) -> Self:
        """An instance from values already of the fields' types, without validation
        (for a reader that checked its input: a few times faster than the
        constructor). Fields not given take their defaults. Replaced on each class by
        `_finish` with a function of the same signature as the constructor.

        Args:
            values: field values.

        Returns:
            The instance.
        """
        raise NotImplementedError

    def _copy(self) -> Self:
        """A shallow copy (the slots' stored values); generated per class by `_finish`."""
        raise NotImplementedError

    def _state(self) -> dict[str, Any]:
        state = {}
        for name, slot in type(self)._SLOTS:
            try:
                state[name] = slot.__get__(self)
            except AttributeError:
                pass
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        # The slots' stored values (a packed record stays packed), not the properties'.
        return _rebuild, (type(self), self._state())

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        for _name, slot, _, _ in self._FIELDS:
            if slot.__get__(self) != slot.__get__(other):
                return False
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable, as a BaseModel


_MISSING: Any = object()
_ADAPTERS: dict[type, TypeAdapter[Any]] = {}
_new = object.__new__


def _rebuild(cls: type[_Slotted], state: dict[str, Any]) -> _Slotted:
    obj = _new(cls)
    slots = dict(cls._SLOTS)
    for name, value in state.items():
        slots[name].__set__(obj, value)
    return obj


def _finish(cls: type[_Slotted], behind_property: tuple[str, ...] = ()) -> None:
    """Record `cls`'s storage descriptors (before a property replaces a field's: the
    fields named in `behind_property`) and give it its `trusted` constructor and copier.
    """
    slots: list[tuple[str, Any]] = []
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            slots.append((name, klass.__dict__[name]))
    by_name = dict(slots)
    fields = cls.__pydantic_fields__  # type: ignore[attr-defined]
    cls.model_fields = fields
    cls._SLOTS = tuple(slots)
    cls._FIELDS = tuple(
        (name, by_name[name], info.default if info.default_factory is None else None, info.default_factory)
        for name, info in fields.items())
    # Generated, as dataclasses generate `__init__`: one keyword per field, one store
    # per slot (a loop over the fields costs as much as pydantic's validation).
    # Attribute syntax reaches a slot fastest; a field behind a property through its
    # storage descriptor.
    namespace: dict[str, Any] = {"_new": _new, "_cls": cls, "_MISSING": _MISSING}

    def store(target: str, name: str, value: str) -> str:
        if name in behind_property:
            namespace[f"_set_{name}"] = by_name[name].__set__
            return f"_set_{name}({target}, {value})"
        return f"{target}.{name} = {value}"

    def load(source: str, name: str) -> str:
        if name in behind_property:
            namespace[f"_get_{name}"] = by_name[name].__get__
            return f"_get_{name}({source})"
        return f"{source}.{name}"

    params, body = [], []
    for name, _slot, default, factory in cls._FIELDS:
        if factory is not None:
            namespace[f"_make_{name}"] = factory
            params.append(f"{name}=_MISSING")
            body.append("    " + store("obj", name, f"_make_{name}() if {name} is _MISSING else {name}"))
        else:
            if default is PydanticUndefined:
                params.append(name)
            else:
                namespace[f"_default_{name}"] = default
                params.append(f"{name}=_default_{name}")
            body.append("    " + store("obj", name, name))
    copy_body = []
    for name, _slot in slots:
        line = store("new", name, load("self", name))
        if name in fields:
            copy_body.append(f"    {line}")
        else:  # a memo slot, maybe unset
            copy_body.append(f"    try:\n        {line}\n    except AttributeError:\n        pass")
    source = (f"def trusted(*, {', '.join(params)}):\n    obj = _new(_cls)\n" + "\n".join(body) + "\n    return obj\n"
              + "def copy(self):\n    new = _new(_cls)\n" + "\n".join(copy_body) + "\n    return new\n")
    exec(source, namespace)  # noqa: S102  # our own field names, nothing from outside
    trusted = namespace["trusted"]
    trusted.__qualname__ = f"{cls.__name__}.trusted"
    trusted.__doc__ = _Slotted.trusted.__doc__
    setattr(cls, "trusted", staticmethod(trusted))  # noqa: B010
    setattr(cls, "_copy", namespace["copy"])  # noqa: B010


_CONFIG = ConfigDict(extra="forbid")


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class Part(_Slotted):
    """One content part. `text` is what a model reads; `data` keeps anything opaque."""

    if TYPE_CHECKING:  # validated at run time, as a BaseModel's constructor (pydantic's mypy plugin)
        def __init__(self, **data: Any) -> None: ...

    type: PartType = "text"
    text: str = ""
    # Opaque payloads: encrypted reasoning, thinking signature, image/file source.
    data: dict[str, Any] | None = None
    media_type: str | None = None
    url: str | None = None

    @property
    def encrypted(self) -> bool:
        data = self.data or {}
        return any(k in data for k in ("encrypted_content", "signature", "redacted"))


_finish(Part)


class _ToolCallSlots(_Slotted):
    __slots__ = ("_arguments",)  # the parsed arguments, once read
    _arguments: Any


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class ToolCall(_ToolCallSlots):

    if TYPE_CHECKING:  # validated at run time, as a BaseModel's constructor (pydantic's mypy plugin)
        def __init__(self, **data: Any) -> None: ...
    id: str
    name: str
    arguments_raw: str = ""
    # "function" for ordinary calls; "custom" for free-form (Codex, Responses custom
    # tools); other values name hosted tools (web_search_call, ...).
    type: str = "function"

    @property
    def arguments(self) -> Any:
        """Parsed arguments, or None when `arguments_raw` is not valid JSON (parsed once)."""
        try:
            return self._arguments
        except AttributeError:
            pass
        value: Any = {}
        if self.arguments_raw:
            try:
                value = loads_bounded(self.arguments_raw)
            except ValueError:
                value = None
        self._arguments = value
        return value


_finish(ToolCall)


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class Usage(_Slotted):
    """Token usage a source recorded for the model call that produced a message."""

    if TYPE_CHECKING:  # validated at run time, as a BaseModel's constructor (pydantic's mypy plugin)
        def __init__(self, **data: Any) -> None: ...

    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    cache_creation_tokens: int | None = None
    total_tokens: int | None = None

    @property
    def context_tokens(self) -> int | None:
        """All input the model saw, cached or not."""
        if self.input_tokens is None:
            return None
        return (
            self.input_tokens
            + (self.cache_read_tokens or 0)
            + (self.cache_creation_tokens or 0)
        )


_finish(Usage)


# The key of the object that stands for a shared string inside a packed record; a
# record holding this key anywhere is kept unpacked.
_REF = "\u0000ref"
_MIN_SHARED = 64  # shorter strings are cheaper inline than as references

# Packed JSON holds no control characters (JSON escapes them), so each stands for one
# frequent fragment: a reference, or a key the supported formats' records repeat in
# every record ("role", "content", "uuid", ...). A third to half of a record's bytes
# on the bench's 10,000 messages.
_KEYS = ("role", "content", "type", "text", "id", "name", "arguments", "function", "tool_calls", "tool_call_id",
         "call_id", "output", "input", "message", "uuid", "parentUuid", "timestamp", "sessionId", "isSidechain",
         "userType", "cwd", "version", "gitBranch", "tool_use_id", "model", "usage")
_FRAGMENTS = (b'{"\\u0000ref":', *(f'"{key}":'.encode() for key in _KEYS))
_CODES = tuple(bytes([c]) for c in (*range(1, 9), 11, 12, *range(14, 32)))[: len(_FRAGMENTS)]


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
        try:
            tree = _share(record, texts, strings, index, 0)
        except (_NotPlain, RecursionError):
            return None
        try:  # pydantic-core's encoder: ~10x faster than json's
            data = to_json(tree, inf_nan_mode="constants")
        except PydanticSerializationError:  # a lone surrogate: json escapes it
            data = json.dumps(tree, separators=(",", ":"), allow_nan=True).encode()
        for fragment, code in zip(_FRAGMENTS, _CODES):
            data = data.replace(fragment, code)
        return cls(data, tuple(strings))

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


def _share(value: Any, texts: Mapping[str, str], strings: list[str], index: dict[str, int], depth: int) -> Any:
    """`value` with its long strings found in `texts` replaced by references."""
    if depth > 100:
        raise _NotPlain
    # Strings and scalars are handled in the loops (no call per leaf: this runs on
    # every message a workspace loads).
    if type(value) is dict:
        out = {}
        for key, item in value.items():
            if type(key) is not str or key == _REF:
                raise _NotPlain
            t = type(item)
            if t is str:
                out[key] = _ref(item, texts, strings, index) if len(item) >= _MIN_SHARED else item
            elif item is None or t is bool or t is int or t is float:
                out[key] = item
            else:
                out[key] = _share(item, texts, strings, index, depth + 1)
        return out
    if type(value) is list:
        items = []
        for item in value:
            t = type(item)
            if t is str:
                items.append(_ref(item, texts, strings, index) if len(item) >= _MIN_SHARED else item)
            elif item is None or t is bool or t is int or t is float:
                items.append(item)
            else:
                items.append(_share(item, texts, strings, index, depth + 1))
        return items
    if type(value) is str:
        return _ref(value, texts, strings, index) if len(value) >= _MIN_SHARED else value
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


def _plain_raw(value: Any) -> Any:
    return value.unpack() if type(value) is PackedRaw else value


def _read_only(self: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError("this empty value is shared by messages loaded from the workspace: assign a new one")


class _EmptyMeta(dict[str, Any]):
    """The empty `meta` compacted messages share (`Message.compact`)."""

    __slots__ = ()
    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = __ior__ = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, ()


class _EmptyCalls(list[ToolCall]):
    """The empty `tool_calls` compacted messages share (`Message.compact`)."""

    __slots__ = ()
    append = extend = insert = __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only  # type: ignore[assignment]
    sort = reverse = remove = pop = clear = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return list, ()


_NO_META = _EmptyMeta()
_NO_CALLS = _EmptyCalls()


class _MessageSlots(_Slotted):
    # `content_hash` memoises here (not a field: not dumped, not compared).
    __slots__ = ("_hash",)
    _hash: str

    def remember_hash(self, value: str) -> None:
        """Take `value` as the content hash (one stored with the message, computed the
        same way), so it is not computed again."""
        self._hash = value


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class Message(_MessageSlots):

    if TYPE_CHECKING:  # validated at run time, as a BaseModel's constructor (pydantic's mypy plugin)
        def __init__(self, **data: Any) -> None: ...
    position: int = 0
    role: Role
    parts: list[Part] = Field(default_factory=list)
    tool_calls: list[ToolCall] = Field(default_factory=list)
    tool_call_id: str | None = None
    # Tool name for a tool result; participant name otherwise.
    name: str | None = None
    timestamp: datetime | None = None
    usage: Usage | None = None
    kind: MessageKind = "message"
    # Identifier in the source (row id, uuid, item id), for lineage and error messages.
    source_id: str | None = None
    # Original record(s), verbatim. Never interpreted by the engine. Stored as given,
    # or packed (`PackedRaw`, see `pack_raw`); read through the `raw` property set
    # below, which unpacks (so dumps and equality see the record).
    raw: Any = None
    meta: dict[str, Any] = Field(default_factory=dict)

    @property
    def text(self) -> str:
        """Text a model reads (text parts only), joined by blank lines."""
        texts = [p.text for p in self.parts if p.type == "text" and p.text]
        if len(texts) == 1:
            return texts[0]
        return "\n\n".join(texts)

    @property
    def text_chars(self) -> int:
        return sum(len(p.text) for p in self.parts if p.type == "text")

    @property
    def content_hash(self) -> str:
        """Hash of everything that reaches a model (not `raw`, position or time)."""
        try:
            return self._hash
        except AttributeError:
            h = content_hash(self)
            self.remember_hash(h)
            return h

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Message:
        # Not `super()`: the slotted dataclass is a new class, the cell holds the old one.
        new = _Slotted.model_copy(self, update=update, deep=deep)
        if update and not set(update) <= {"position", "meta", "timestamp", "source_id"}:
            try:  # content changed: the memoised hash is stale
                del new._hash
            except AttributeError:
                pass
        return new

    @classmethod
    def text_message(cls, role: Role, text: str, **kw: Any) -> Message:
        return cls(role=role, parts=[Part(type="text", text=text)], **kw)

    def pack_raw(self) -> bool:
        """Keep `raw` packed (`PackedRaw`): the same record, read back by `raw`, in a
        fraction of the memory. Its long strings equal to the message's texts are kept
        once. A record that is not plain JSON stays as it is.

        Returns:
            True if `raw` is packed now.
        """
        value = _RAW.__get__(self)
        if type(value) is PackedRaw:
            return True
        if not isinstance(value, (dict, list)):
            return False
        texts: dict[str, str] = {}
        for part in self.parts:
            if len(part.text) >= _MIN_SHARED:
                texts[part.text] = part.text
        for call in self.tool_calls:
            if len(call.arguments_raw) >= _MIN_SHARED:
                texts[call.arguments_raw] = call.arguments_raw
        packed = PackedRaw.pack(value, texts)
        if packed is None:
            return False
        _RAW.__set__(self, packed)
        return True

    def compact(self) -> None:
        """Keep a message that will not change small (a session loaded from the
        workspace): `raw` packed (`pack_raw`), an empty `meta` or `tool_calls` one
        shared read-only object (a change raises TypeError: assign a new value).
        """
        self.pack_raw()
        if not self.meta and type(self.meta) is dict:
            self.meta = _NO_META
        if not self.tool_calls and type(self.tool_calls) is list:
            self.tool_calls = _NO_CALLS

    @property
    def packed_raw(self) -> Any:
        """`raw` as stored: the record, or its `PackedRaw`."""
        return _RAW.__get__(self)


_finish(Message, behind_property=("raw",))
# The slot that stores `raw`; the `raw` property reads a packed record back as the
# record. Pydantic validates and serializes through the property.
_RAW = Message.__dict__["raw"]
setattr(Message, "raw", property(lambda self: _plain_raw(_RAW.__get__(self)), _RAW.__set__,  # noqa: B010
                                 doc="The source record(s), verbatim."))


def content_hash(message: Message) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(message.role.encode())
    h.update(b"\x1f")
    h.update((message.name or "").encode())
    h.update(b"\x1f")
    h.update((message.tool_call_id or "").encode())
    for part in message.parts:
        h.update(b"\x1e")
        h.update(part.type.encode())
        h.update(b"\x1f")
        h.update(part.text.encode("utf-8", "surrogatepass"))
        if part.type in ("image", "file"):
            h.update(b"\x1f")
            h.update((part.url or "").encode())
            h.update((part.media_type or "").encode())
    for call in message.tool_calls:
        h.update(b"\x1d")
        h.update(call.id.encode())
        h.update(b"\x1f")
        h.update(call.name.encode())
        h.update(b"\x1f")
        h.update(call.arguments_raw.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


class Session(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    source_format: str = "unknown"
    source_path: str | None = None
    title: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    # Model the session talked to, when the source records it.
    model: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    messages: list[Message] = Field(default_factory=list)

    # Per-counter analysis cache (see engine.structure.analyze); sessions are treated
    # as immutable once built.
    _analyses: dict[str, Any] = PrivateAttr(default_factory=dict)

    def renumber(self) -> Session:
        for i, m in enumerate(self.messages):
            m.position = i
        return self

    @property
    def last_activity(self) -> datetime | None:
        for m in reversed(self.messages):
            if m.timestamp is not None:
                return m.timestamp
        return self.updated_at or self.created_at

    def tool_names(self) -> list[str]:
        """Tool names this session uses, most frequent first."""
        counts: dict[str, int] = {}
        for m in self.messages:
            for c in m.tool_calls:
                counts[c.name] = counts.get(c.name, 0) + 1
        return sorted(counts, key=lambda k: (-counts[k], k))
