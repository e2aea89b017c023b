"""The canonical session model every importer produces and every exporter consumes.

One `Session` holds ordered `Message`s. A message keeps the record(s) it came from in
`raw`, untouched, so an exporter can reproduce opaque data (encrypted reasoning,
thinking signatures) byte for byte.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from inspector.engine.limits import loads_bounded

Role = Literal["system", "developer", "user", "assistant", "tool"]
PartType = Literal["text", "reasoning", "image", "file", "other"]
# `summary`: a summary message already present in the data (ours or another tool's).
# `compaction`: a compaction record (Claude Code compact boundary, Agents SDK
# `compaction` item, ADK `actions.compaction`, Codex `compacted`).
MessageKind = Literal["message", "summary", "compaction"]

SYSTEM_ROLES = ("system", "developer")


class Part(BaseModel):
    """One content part. `text` is what a model reads; `data` keeps anything opaque."""

    model_config = ConfigDict(extra="forbid")

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


class ToolCall(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    arguments_raw: str = ""
    # "function" for ordinary calls; "custom" for free-form (Codex, Responses custom
    # tools); other values name hosted tools (web_search_call, ...).
    type: str = "function"

    @cached_property
    def arguments(self) -> Any:
        """Parsed arguments, or None when `arguments_raw` is not valid JSON."""
        if not self.arguments_raw:
            return {}
        try:
            return loads_bounded(self.arguments_raw)
        except ValueError:
            return None


class Usage(BaseModel):
    """Token usage a source recorded for the model call that produced a message."""

    model_config = ConfigDict(extra="forbid")

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


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

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
    # Original record(s), verbatim. Never interpreted by the engine.
    raw: Any = None
    meta: dict[str, Any] = Field(default_factory=dict)

    _hash: str | None = PrivateAttr(default=None)

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
        # Read the memo from the private-attribute dict directly: `self._hash` goes
        # through pydantic's Python-level __getattr__, which made a cached lookup cost
        # more than a cache hit in the token-count cache.
        private = self.__pydantic_private__
        h = private.get("_hash") if private is not None else None
        if h is None:
            h = self._hash = content_hash(self)
        return h

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Message:
        copy = super().model_copy(update=update, deep=deep)
        if update and not set(update) <= {"position", "meta", "timestamp", "source_id"}:
            copy._hash = None  # content changed: the memoised hash is stale
        return copy

    @classmethod
    def text_message(cls, role: Role, text: str, **kw: Any) -> Message:
        return cls(role=role, parts=[Part(type="text", text=text)], **kw)


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
