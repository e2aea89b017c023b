"""OpenAI Agents SDK adapter: an agent's session history, compacted with the tuned
config when the agent reads it.

    from agents import Agent, Runner, SQLiteSession
    from inspector import Compactor
    from inspector.adapters.agents import CompactingSession

    session = CompactingSession(SQLiteSession("user-42", "conversations.db"),
                                Compactor.from_toml("inspector.toml"))
    await Runner.run(agent, "hello", session=session)

`get_items` returns the compacted history (plan + apply, exactly as `inspector apply`
would do it); `add_items`, `pop_item` and `clear_session` go to the wrapped session
unchanged, so the stored history stays complete (pass `write_back=True` to replace it
with the compacted one instead). Removed tool outputs stay readable through
`compactor.recover(id)`.

Responses items are converted to canonical messages one response per assistant
message (reasoning, text and its `function_call`s together), each
`function_call_output` a tool message; compaction only ever cuts between complete
call/output groups, and untouched items come back verbatim.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from inspector.formats.common import untouched

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted
    from inspector.engine.models import Message, Session
    from inspector.runtime import Compactor

_CALL_ARG_FIELD = {"function_call": "arguments", "custom_tool_call": "input"}


# ------------------------------------------------------------------------ conversion


def items_to_session(items: Sequence[Any], session_id: str = "agents", summary_prefix: str | None = None,
                     skip=None) -> Session:
    """Responses input items -> a canonical session (untouched items kept in `raw`)."""
    from inspector.engine.models import Session
    from inspector.formats.responses import ItemConverter

    conv = ItemConverter(skip=skip)
    for k, item in enumerate(items):
        if hasattr(item, "model_dump"):  # pydantic item objects from the SDK
            item = item.model_dump(exclude_unset=True)
        conv.feed(item, f"item {k}")
    msgs = conv.finish()
    if summary_prefix:
        for i, m in enumerate(msgs):
            if m.kind == "message" and m.role in ("system", "user", "developer") and m.text.startswith(summary_prefix):
                msgs[i] = m.model_copy(update={"kind": "summary"})
    return Session(id=session_id, source_format="openai-agents", messages=msgs).renumber()


def _raw_items(m: Message) -> list[dict[str, Any]]:
    raw = m.raw
    if isinstance(raw, dict):
        return [raw]
    if isinstance(raw, list):
        return [r for r in raw if isinstance(r, dict)]
    return []


def _content(m: Message, role: str) -> Any:
    """Message parts as Responses content: a string when it is all text."""
    if all(p.type == "text" for p in m.parts):
        return m.text
    kind = "output_text" if role == "assistant" else "input_text"
    out = []
    for p in m.parts:
        if p.type == "text":
            out.append({"type": kind, "text": p.text})
        elif p.data and p.type in ("image", "file", "other"):
            out.append(p.data)
    return out


def _generic(m: Message) -> list[dict[str, Any]]:
    """Items for a message with no source item (a summary, or one a hook made)."""
    if m.role == "tool":
        return [{"type": "function_call_output", "call_id": m.tool_call_id or "", "output": m.text}]
    items: list[dict[str, Any]] = []
    if m.role == "assistant":
        if any(p.type == "text" and p.text for p in m.parts):
            items.append({"role": "assistant", "content": m.text})
        for c in m.tool_calls:
            items.append({"type": "function_call", "call_id": c.id, "name": c.name, "arguments": c.arguments_raw})
        return items
    return [{"role": m.role, "content": _content(m, m.role)}]


def message_to_items(m: Message) -> list[dict[str, Any]]:
    """One canonical message back to Responses items: the original items when nothing
    changed, else the original items with the changed text or arguments."""
    raw = _raw_items(m)
    if raw and untouched(m):
        return raw
    if not raw or m.kind == "summary":
        return _generic(m)
    if m.role == "tool":
        item = copy.deepcopy(raw[0])
        item["output"] = m.text
        return [item]
    if m.role == "assistant":
        args = {c.id: c.arguments_raw for c in m.tool_calls}
        out = []
        for item in raw:
            field = _CALL_ARG_FIELD.get(item.get("type", ""))
            cid = item.get("call_id") or item.get("id")
            if field and cid in args and item.get(field) != args[cid]:
                item = {**item, field: args[cid]}
            out.append(item)
        return out
    # A user or system message a summary was merged into.
    item = {k: v for k, v in raw[0].items() if k not in ("content",)}
    item["content"] = _content(m, m.role)
    return [item]


def messages_to_items(messages: Sequence[Message]) -> list[dict[str, Any]]:
    return [item for m in messages for item in message_to_items(m)]


# --------------------------------------------------------------------------- session


class CompactingSession:
    """Wraps an Agents SDK `Session`: reads come back compacted, writes pass through.

    Satisfies the SDK's `Session` protocol (`session_id`, `get_items`, `add_items`,
    `pop_item`, `clear_session`).
    """

    def __init__(self, session: Any, compactor: Compactor | None = None, *, write_back: bool = False) -> None:
        from inspector.runtime import Compactor

        self.session = session
        self.compactor = compactor if compactor is not None else Compactor()
        self.write_back = write_back
        self.last: Compacted | None = None
        self.skipped: list[tuple[str, str]] = []

    @property
    def session_id(self) -> str:
        return self.session.session_id

    @property
    def session_settings(self) -> Any:
        return getattr(self.session, "session_settings", None)

    @session_settings.setter
    def session_settings(self, value: Any) -> None:
        self.session.session_settings = value

    def _session(self, items: Sequence[Any]) -> Session:
        self.skipped = []
        prefix = self.compactor.config.summarization.summary_prefix or None
        return items_to_session(items, str(self.session_id), prefix,
                                skip=lambda where, why: self.skipped.append((where, why)))

    async def get_items(self, limit: int | None = None) -> list[Any]:
        """The compacted history (the latest `limit` items of it, if given)."""
        items = await self.session.get_items()
        if not items:
            return list(items)
        session = self._session(items)
        result = await self.compactor.acompact_session(session)
        self.last = result
        if not result.plan.changed:
            out = list(items)
        else:
            out = messages_to_items(result.messages)
            if self.write_back:
                await self.session.clear_session()
                await self.session.add_items(out)
        if limit is not None:
            out = out[-limit:] if limit > 0 else []
        return out

    async def add_items(self, items: list[Any]) -> None:
        await self.session.add_items(items)

    async def pop_item(self) -> Any:
        return await self.session.pop_item()

    async def clear_session(self) -> None:
        await self.session.clear_session()


def compact_items(items: Sequence[Any], compactor: Compactor, session_id: str = "agents") -> list[dict[str, Any]]:
    """Compact a list of Responses input items synchronously (e.g. `result.to_input_list()`)."""
    prefix = compactor.config.summarization.summary_prefix or None
    session = items_to_session(items, session_id, prefix)
    result = compactor.compact_session(session)
    if not result.plan.changed:
        return [i.model_dump(exclude_unset=True) if hasattr(i, "model_dump") else i for i in items]
    return messages_to_items(result.messages)
