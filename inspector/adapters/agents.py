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
with the compacted one instead, or call `run_compaction()` when you choose: a
`SQLiteSession` is rewritten in one transaction, items appended meanwhile are kept
after the compacted ones, and a crash or a full disk leaves the old history). Removed tool outputs stay readable through
`compactor.recover(id)`, also after a restart: for a `SQLiteSession` file they are
kept in that database (table `inspector_offloads`).

Responses items are converted to canonical messages one response per assistant
message (reasoning, text and its `function_call`s together), each
`function_call_output` a tool message; compaction only ever cuts between complete
call/output groups, and untouched items come back verbatim.

The SDK reads a session once per `Runner.run`, so a long tool loop inside one run
would grow past the trigger. `CompactingSession.run_config()` (or
`compacting_run_config(compactor)` without a wrapped session) returns a `RunConfig`
whose `call_model_input_filter` compacts the input before every model call of a run:

    session = CompactingSession(SQLiteSession("user-42", "conversations.db"), compactor)
    await Runner.run(agent, "hello", session=session, run_config=session.run_config())

The notices name a recovery tool; give the agent `session.recovery_tool()` (or
`recovery_tool(compactor)`) to let the model read removed content back:

    agent = Agent(..., tools=[..., session.recovery_tool()])
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from inspector._faults import fault_point
from inspector.formats.common import is_earlier_summary
from inspector.formats.responses import to_responses_items

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted
    from inspector.engine.models import Message, Session
    from inspector.runtime import Compactor

log = logging.getLogger(__name__)
_T = TypeVar("_T")


# ------------------------------------------------------------------------ conversion


def items_to_session(items: Sequence[Any], session_id: str = "agents", summary_prefix: str | None = None,
                     skip: Any = None) -> Session:
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
            if m.kind == "message" and is_earlier_summary(m.role, bool(m.tool_calls), m.text, summary_prefix):
                msgs[i] = m.model_copy(update={"kind": "summary"})
    return Session(id=session_id, source_format="openai-agents", messages=msgs).renumber()


def messages_to_items(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """Canonical messages back to Responses items: the export's codec
    (`inspector.formats.responses.to_responses_items`), so what the agent reads and what
    `inspector export --format openai-agents-sqlite` writes are the same items."""
    return to_responses_items(messages)


# ------------------------------------------------------------------- per model call


class CompactingInputFilter:
    """A `RunConfig.call_model_input_filter`: the input of every model call of a run
    compacted with the tuned config (the SDK calls it just before each call, with the
    session history and everything the run generated so far).

    The agent's instructions are counted with the input (they are sent with it) but
    never changed; below the trigger the input goes through untouched. The run's own
    items are not modified (the SDK keeps and stores them complete), so the filter
    remembers what it sent last: when a call's input extends the previous call's, the
    previous compacted input stands for that part and only the new items are added to
    it (the summary is folded into the next one when the trigger is reached again, not
    regenerated at every call).
    """

    def __init__(self, compactor: Compactor, session_id: str = "agents-run") -> None:
        """Args:
            compactor: the tuned compactor; its offload store answers `recover` for
                what a call's compaction removed.
            session_id: names the run's input in errors and events.
        """
        self.compactor = compactor
        self.session_id = session_id
        self.calls = 0
        self.compacted_calls = 0
        self.skipped: list[tuple[str, str]] = []
        self._last_in: list[Any] = []  # the previous call's input, as the SDK gave it
        self._last_out: list[Any] = []  # what was sent for it

    async def __call__(self, data: Any) -> Any:
        """Compact `data.model_data` (a `CallModelData`) for one model call.

        Args:
            data: the SDK's `CallModelData` (model_data, agent, context).

        Returns:
            The SDK's `ModelInputData`: the same object when nothing changes, else a new
            one with the compacted input and the instructions unchanged.
        """
        from agents.run_config import ModelInputData

        self.calls += 1
        model_data = data.model_data
        items = list(model_data.input)
        if not items:
            return model_data
        given = items
        n = len(self._last_in)
        if n and len(items) >= n and items[:n] == self._last_in:
            items = [*self._last_out, *items[n:]]  # the earlier part as it was sent
        instructions = model_data.instructions
        head = [{"role": "system", "content": instructions}] if instructions else []
        self.skipped = []
        prefix = self.compactor.config.summarization.summary_prefix or None
        session = items_to_session([*head, *items], self.session_id, prefix,
                                   skip=lambda where, why: self.skipped.append((where, why)))
        result = await self.compactor.acompact_session(session)
        if not result.plan.changed:
            self._last_in, self._last_out = given, items
            return model_data if items is given else ModelInputData(input=items, instructions=instructions)
        out = messages_to_items(result.messages)
        if head:
            if not out or out[0] != head[0]:
                raise RuntimeError(f"run {self.session_id!r}: compaction changed the agent's instructions")
            out = out[1:]
        self.compacted_calls += 1
        self._last_in, self._last_out = given, out
        return ModelInputData(input=cast(Any, out), instructions=instructions)


def compacting_run_config(compactor: Compactor | None = None, run_config: Any = None,
                          **kwargs: Any) -> Any:
    """A `RunConfig` that compacts the input of every model call of a run.

    Args:
        compactor: the tuned compactor (`Compactor.from_toml("inspector.toml")`);
            default: the balanced preset.
        run_config: an existing `RunConfig` to copy (its other settings kept); it must
            not have a `call_model_input_filter` of its own.
        **kwargs: other `RunConfig` fields, for a new one.

    Returns:
        `agents.RunConfig` with `call_model_input_filter` set to a
        `CompactingInputFilter`; pass it as `Runner.run(..., run_config=...)`.
    """
    import dataclasses

    from agents import RunConfig

    from inspector.runtime import Compactor

    filt = CompactingInputFilter(compactor if compactor is not None else Compactor())
    if run_config is None:
        return RunConfig(call_model_input_filter=filt, **kwargs)
    if run_config.call_model_input_filter is not None:
        raise ValueError("run_config already has a call_model_input_filter; inspector's would replace it")
    return dataclasses.replace(run_config, call_model_input_filter=filt, **kwargs)


# --------------------------------------------------------------------------- session


class CompactingSession:
    """Wraps an Agents SDK `Session`: reads come back compacted, writes pass through.

    Satisfies the SDK's `Session` protocol (`session_id`, `get_items`, `add_items`,
    `pop_item`, `clear_session`).
    """

    def __init__(self, session: Any, compactor: Compactor | None = None, *, write_back: bool = False,
                 persist_offloads: bool = True) -> None:
        """Args:
            session: the SDK session to wrap (`SQLiteSession`, or any `Session`).
            compactor: the tuned compactor (`Compactor.from_toml("inspector.toml")`);
                default: the balanced preset.
            write_back: replace the stored history with the compacted one whenever
                it changes (all or nothing; items appended meanwhile are kept).
            persist_offloads: when the compactor keeps offloads in memory (its
                default) and the session is stored in a SQLite file, keep them in that
                file instead (table `inspector_offloads`), so `recover` works after a
                restart.
        """
        from inspector.runtime import Compactor
        from inspector.service.recover import MemoryOffloadStore, SqliteOffloadStore

        self.session = session
        self.compactor = compactor if compactor is not None else Compactor()
        self.write_back = write_back
        self.last: Compacted | None = None
        self.skipped: list[tuple[str, str]] = []
        self._mutation = asyncio.Lock()
        db_path = getattr(session, "db_path", None)
        if (persist_offloads and isinstance(self.compactor.offloads, MemoryOffloadStore)
                and db_path is not None and str(db_path) != ":memory:"):
            store = SqliteOffloadStore(db_path)
            store.put_offloads(self.compactor.offloads.all())
            self.compactor.offloads = store

    @classmethod
    def from_toml(cls, session: Any, path: str | os.PathLike[str], *, write_back: bool = False,
                  **kwargs: Any) -> CompactingSession:
        """Wrap `session` with a compactor for the config file the TUI saves.

        Args:
            session: the SDK session to wrap.
            path: the TOML file (`inspector config init` writes one).
            write_back: as in the constructor.
            **kwargs: passed to `Compactor` (counter, summarizer, offloads, ...).
        """
        from inspector.runtime import Compactor

        return cls(session, Compactor.from_toml(path, **kwargs), write_back=write_back)

    @property
    def session_id(self) -> str:
        """The wrapped session's id."""
        return str(self.session.session_id)

    @property
    def session_settings(self) -> Any:
        """The wrapped session's `session_settings` (None when it has none)."""
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
        """The compacted history (the latest `limit` items of it, if given). With
        `write_back`, a changed history also replaces the stored one."""
        items = await self.session.get_items()
        out = await self._compacted(items)
        if self.write_back and out is not None:
            await self._replace(out, items)
        if out is None:
            out = list(items)
        if limit is not None:
            out = out[-limit:] if limit > 0 else []
        return out

    async def _compacted(self, items: Sequence[Any]) -> list[dict[str, Any]] | None:
        """The compacted items, or None when compaction changes nothing."""
        if not items:
            return None
        result = await self.compactor.acompact_session(self._session(items))
        self.last = result
        return messages_to_items(result.messages) if result.plan.changed else None

    async def _replace(self, new: list[Any], old: list[Any]) -> bool:
        """Replace the stored history `old` (what compaction read) by `new`, keeping the
        items appended since the read after it. Returns False (and writes nothing) when
        the stored history no longer starts with `old` (an item popped, the session
        cleared or rewritten meanwhile): the next read compacts what is there then.

        A `SQLiteSession` is rewritten in one transaction on its own connection, holding
        the lock its `add_items` takes: a crash, a full disk or a cancellation leaves the
        old history or the new one, never a mix and never nothing. Other sessions offer
        only separate calls: there the old items are put back if a call fails."""
        async with self._mutation:
            if _replaceable_in_one_transaction(self.session):
                done = await _settled(asyncio.to_thread(self._replace_sqlite, new, old))
            else:
                done = await self._replace_by_calls(new, old)
        if not done:
            log.info("session %r changed while it was compacted: its stored history was left as it is",
                     self.session_id)
        return done

    def _replace_sqlite(self, new: list[Any], old: list[Any]) -> bool:
        session = self.session
        sid = session.session_id
        messages, sessions = session.messages_table, session.sessions_table
        # `_write_connection` is what the SDK's add_items/pop_item/clear_session use: the
        # per-file lock of this process, and a rollback if anything below raises.
        with session._write_connection() as conn:
            conn.execute("BEGIN IMMEDIATE")  # other processes' writers wait from here on
            rows = conn.execute(f"SELECT message_data, created_at FROM {messages} WHERE session_id = ? "
                                "ORDER BY id", (sid,)).fetchall()
            appended = _after_prefix(rows, old)
            if appended is None:
                conn.rollback()
                return False
            conn.execute(f"DELETE FROM {messages} WHERE session_id = ?", (sid,))
            fault_point("agents.write_back_cleared")
            conn.execute(f"INSERT OR IGNORE INTO {sessions} (session_id) VALUES (?)", (sid,))
            conn.executemany(f"INSERT INTO {messages} (session_id, message_data) VALUES (?, ?)",
                             [(sid, json.dumps(item)) for item in new])  # json.dumps as the SDK writes
            conn.executemany(f"INSERT INTO {messages} (session_id, message_data, created_at) VALUES (?, ?, ?)",
                             [(sid, data, created) for data, created in appended])
            conn.execute(f"UPDATE {sessions} SET updated_at = CURRENT_TIMESTAMP WHERE session_id = ?", (sid,))
            fault_point("agents.write_back_commit")
            conn.commit()
        return True

    async def _replace_by_calls(self, new: list[Any], old: list[Any]) -> bool:
        """Any other `Session`: clear, then add, through its own calls; if either fails
        (or the task is cancelled) the items read just before are put back."""
        current = list(await self.session.get_items())
        if current[:len(old)] != old:
            return False
        appended = current[len(old):]
        try:
            await self.session.clear_session()
            await self.session.add_items(new + appended)
        except BaseException as error:
            restore = asyncio.ensure_future(self._restore(current))
            # Finish restoring even if this task is cancelled again meanwhile;
            # the original error is what propagates.
            while not restore.done():
                try:
                    await asyncio.shield(restore)
                except BaseException:  # the outcome is read from the task below
                    pass
            failed = restore.exception() if not restore.cancelled() else asyncio.CancelledError()
            if failed is not None:
                raise RuntimeError(f"session {self.session_id!r}: writing the compacted history failed "
                                   f"({error!r}) and restoring the previous {len(current)} items failed too "
                                   f"({failed!r})") from error
            raise
        return True

    async def _restore(self, old: list[Any]) -> None:
        if await self.session.get_items() == old:
            return  # the clear itself failed: nothing was lost
        await self.session.clear_session()
        if old:
            await self.session.add_items(old)

    async def run_compaction(self, args: dict[str, Any] | None = None) -> None:
        """Compact the stored history now and replace it with the result
        (transactionally, as with `write_back`); nothing is written below the trigger.

        The SDK's `Runner` also calls this after each turn (with a `response_id` in
        `args`); such calls only write when the session was made with `write_back`,
        so a read-only `CompactingSession` stays read-only.

        Args:
            args: the SDK's `OpenAIResponsesCompactionArgs`, or None for an explicit call.
        """
        if args is not None and args.get("response_id") is not None and not self.write_back:
            return
        items = await self.session.get_items()
        out = await self._compacted(items)
        if out is not None:
            await self._replace(out, list(items))

    def recovery_tool(self) -> Any:
        """The tool the notices name, reading this session's offloads (see `recovery_tool`)."""
        return recovery_tool(self.compactor)

    def run_config(self, run_config: Any = None, **kwargs: Any) -> Any:
        """A `RunConfig` compacting before every model call of a run, with this
        session's compactor (and so its offload store): pass both to `Runner.run`.

        Args:
            run_config: an existing `RunConfig` to extend (see `compacting_run_config`).
            **kwargs: other `RunConfig` fields, for a new one.

        Returns:
            `agents.RunConfig` with a `CompactingInputFilter`.
        """
        config = compacting_run_config(self.compactor, run_config, **kwargs)
        config.call_model_input_filter.session_id = str(self.session_id)
        return config

    # Writes through this wrapper wait for a write-back in progress (a `SQLiteSession`
    # serialises them with its own lock anyway; other sessions only with this one).

    async def add_items(self, items: list[Any]) -> None:
        """Add `items` to the wrapped session, after any write-back in progress."""
        async with self._mutation:
            await self.session.add_items(items)

    async def pop_item(self) -> Any:
        """Remove and return the wrapped session's last item, after any write-back in progress."""
        async with self._mutation:
            return await self.session.pop_item()

    async def clear_session(self) -> None:
        """Empty the wrapped session, after any write-back in progress."""
        async with self._mutation:
            await self.session.clear_session()


def recovery_tool(compactor: Compactor) -> Any:
    """An Agents SDK `FunctionTool` named as the config's notices tell the model to call
    it (`recovery_tool`): reads back truncated or cleared content, or the messages a
    summary replaced, by its id, from the compactor's offload store (for a
    `CompactingSession` over a `SQLiteSession` file, or an `openai-agents-sqlite` export,
    the file's `inspector_offloads` table: it answers after a restart).

    Args:
        compactor: the compactor whose offloads it reads.

    Returns:
        `agents.FunctionTool` for the agent's `tools`.
    """
    from agents import FunctionTool

    spec = compactor.recovery_tool()["function"]

    async def invoke(_context: Any, arguments: str) -> str:
        return compactor.handle_recovery_call(arguments or "{}")

    return FunctionTool(name=spec["name"], description=spec["description"], params_json_schema=spec["parameters"],
                        on_invoke_tool=invoke, strict_json_schema=False)


def _replaceable_in_one_transaction(session: Any) -> bool:
    """A `SQLiteSession` whose writes are the SDK's own (a subclass that adds tables of
    its own, like `AdvancedSQLiteSession`, goes through its calls instead)."""
    try:
        from agents.memory import SQLiteSession
    except ImportError:  # pragma: no cover - the extra is what makes a session at all
        return False
    kind = type(session)
    return (isinstance(session, SQLiteSession) and callable(getattr(session, "_write_connection", None))
            and all(getattr(kind, name) is getattr(SQLiteSession, name)
                    for name in ("add_items", "clear_session", "pop_item", "get_items")))


def _after_prefix(rows: Sequence[tuple[str, Any]], old: Sequence[Any]) -> list[tuple[str, Any]] | None:
    """The rows stored after the items `old` (read before compaction), or None when the
    stored history no longer starts with them. Rows the SDK cannot decode are skipped,
    as its `get_items` skips them."""
    k = 0
    for at, (data, _) in enumerate(rows):
        if k == len(old):
            return list(rows[at:])
        try:
            item = json.loads(data)
        except (json.JSONDecodeError, TypeError):
            continue
        if item != old[k]:
            return None
        k += 1
    return [] if k == len(old) else None


async def _settled(awaitable: Awaitable[_T]) -> _T:
    """Await a write running in a thread to its end even when the caller is cancelled
    (the thread cannot be stopped; its transaction commits or rolls back whole), then
    re-raise the cancellation."""
    task = asyncio.ensure_future(awaitable)
    cancelled: asyncio.CancelledError | None = None
    while not task.done():
        try:
            await asyncio.wait({task})
        except asyncio.CancelledError as exc:
            cancelled = cancelled or exc
    result = task.result()
    if cancelled is not None:
        raise cancelled
    return result


def compact_items(items: Sequence[Any], compactor: Compactor, session_id: str = "agents") -> list[dict[str, Any]]:
    """Compact a list of Responses input items synchronously (e.g. `result.to_input_list()`)."""
    prefix = compactor.config.summarization.summary_prefix or None
    session = items_to_session(items, session_id, prefix)
    result = compactor.compact_session(session)
    if not result.plan.changed:
        return [i.model_dump(exclude_unset=True) if hasattr(i, "model_dump") else i for i in items]
    return messages_to_items(result.messages)
