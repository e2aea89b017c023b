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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from inspector.formats.responses import to_responses_items

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted
    from inspector.engine.models import Message, Session
    from inspector.runtime import Compactor


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


def messages_to_items(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Canonical messages back to Responses items: the export's codec
    (`inspector.formats.responses.to_responses_items`), so what the agent reads and what
    `inspector export --format openai-agents-sqlite` writes are the same items."""
    return to_responses_items(messages)


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
