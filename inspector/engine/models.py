"""The canonical session model every importer produces and every exporter consumes.

One `Session` holds ordered `Message`s. A message keeps the record(s) it came from in
`raw`, untouched, so an exporter can reproduce opaque data (encrypted reasoning,
thinking signatures) byte for byte. A message loaded from the workspace may hold its
record packed (`PackedRaw`: compact JSON whose long strings point at the message's own
texts); `raw` reads it back as the record, equal to what was stored.

`Message`, `Part`, `ToolCall` and `Usage` are pydantic dataclasses with `__slots__`
(one pointer per field, no instance dict) that keep the `BaseModel` methods used here
(`model_dump`, `model_dump_json`, `model_validate`, `model_validate_json`,
`model_copy`: `slotted`, where the memory figure is); their constructors validate,
`trusted()` builds one from values a reader already checked. `Session` is a
`BaseModel`. This module holds the fields and the domain's properties; the packer of
`raw` records is `packing`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr
from pydantic.dataclasses import dataclass

from inspector.engine.limits import loads_bounded
from inspector.engine.packing import MIN_SHARED, PackedRaw, plain_raw
from inspector.engine.slotted import Slotted, finish_slotted

if TYPE_CHECKING:
    from inspector.engine.analysis import Analysis

Role = Literal["system", "developer", "user", "assistant", "tool"]
PartType = Literal["text", "reasoning", "image", "file", "other"]
# `summary`: a summary message already present in the data (ours or another tool's).
# `compaction`: a compaction record (Claude Code compact boundary, Agents SDK
# `compaction` item, ADK `actions.compaction`, Codex `compacted`).
MessageKind = Literal["message", "summary", "compaction"]

SYSTEM_ROLES = ("system", "developer")


_CONFIG = ConfigDict(extra="forbid")


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class Part(Slotted):
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
        """Whether the part holds opaque content a model cannot read: encrypted, signed or redacted."""
        data = self.data or {}
        return any(k in data for k in ("encrypted_content", "signature", "redacted"))


finish_slotted(Part)


class _ToolCallSlots(Slotted):
    __slots__ = ("_arguments",)  # the parsed arguments, once read
    _arguments: Any


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class ToolCall(_ToolCallSlots):
    """One tool call an assistant message makes: its id, tool name and arguments as sent.

    `arguments_raw` is the arguments' text as the source holds it; `arguments` parses it.
    """

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


finish_slotted(ToolCall)


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class Usage(Slotted):
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


finish_slotted(Usage)


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


class _MessageSlots(Slotted):
    # `content_hash` memoises here (not a field: not dumped, not compared).
    __slots__ = ("_hash",)
    _hash: str

    def remember_hash(self, value: str) -> None:
        """Take `value` as the content hash (one stored with the message, computed the
        same way), so it is not computed again."""
        self._hash = value


@dataclass(slots=True, kw_only=True, eq=False, config=_CONFIG)
class Message(_MessageSlots):
    """One message of a session in the common model.

    `parts` are what a model reads; `tool_calls` the calls an assistant message makes;
    `tool_call_id` ties a tool result to its call. `raw` keeps the source record(s)
    verbatim and `meta` whatever else an importer records.
    """

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
        """Characters of the text parts."""
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
        """A copy with `update` applied, as pydantic's `model_copy`.

        The memoised content hash is dropped when `update` changes what reaches a model
        (anything but position, meta, timestamp or source id).

        Args:
            update: field values to set on the copy.
            deep: copy nested values too.

        Returns:
            The new message.
        """
        # Not `super()`: the slotted dataclass is a new class, the cell holds the old one.
        new = Slotted.model_copy(self, update=update, deep=deep)
        if update and not set(update) <= {"position", "meta", "timestamp", "source_id"}:
            try:  # content changed: the memoised hash is stale
                del new._hash
            except AttributeError:
                pass
        return new

    @classmethod
    def text_message(cls, role: Role, text: str, **kw: Any) -> Message:
        """A message with one text part.

        Args:
            role: the message's role.
            text: its text.
            **kw: any other `Message` fields.

        Returns:
            The new message.
        """
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
            if len(part.text) >= MIN_SHARED:
                texts[part.text] = part.text
        for call in self.tool_calls:
            if len(call.arguments_raw) >= MIN_SHARED:
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


finish_slotted(Message, behind_property=("raw",))
# The slot that stores `raw`; the `raw` property reads a packed record back as the
# record. Pydantic validates and serializes through the property.
_RAW = Message.__dict__["raw"]
setattr(Message, "raw", property(lambda self: plain_raw(_RAW.__get__(self)), _RAW.__set__,  # noqa: B010
                                 doc="The source record(s), verbatim."))


def content_hash(message: Message) -> str:
    """Hash of what of `message` reaches a model: role, name, tool call id, parts and tool calls.

    Returns:
        A 32-character hex digest (BLAKE2b, 16 bytes); `raw`, position, time, `meta`
        and parts' opaque `data` do not enter it.
    """
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
    """One conversation in the common model: its messages in order, with where it came from."""

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

    # Per-counter analysis cache (see engine.analysis.analyze); sessions are treated
    # as immutable once built.
    _analyses: dict[str, Analysis] = PrivateAttr(default_factory=dict)

    def renumber(self) -> Session:
        """Set each message's `position` to its index in `messages`.

        Returns:
            This session (renumbered in place).
        """
        for i, m in enumerate(self.messages):
            m.position = i
        return self

    @property
    def last_activity(self) -> datetime | None:
        """The latest message timestamp, else the session's updated or created time
        (None when none is known)."""
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
