"""Write-back to LangGraph checkpoints: a compacted thread as a new thread (default), or
as a new checkpoint of its own thread, written with the real saver's `put`
(`SqliteSaver` for a SQLite file, `PostgresSaver` for a PostgreSQL URL), so
`graph.invoke(..., {"configurable": {"thread_id": NEW}})` resumes from it.

The new checkpoint is the source thread's latest one (every other channel of the
state kept as it is) with the message list replaced: messages compaction left alone
are the stored LangChain messages again (same ids, content blocks, metadata), changed
ones copies with the new text, a summary a `HumanMessage` (`formats.langchain`).
What compaction removed (`offloads`) goes to the state channel `inspector_offloads`
(id -> content), where the LangChain adapter keeps its own: an agent with
`CompactingMiddleware(recovery_tool=True)` answers the notices on the resumed thread.
Needs langgraph-checkpoint-sqlite / -postgres (the `langgraph` / `postgres` extras).
"""

from __future__ import annotations

import copy
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from inspector.atomic import NewFile
from inspector.engine.models import Message
from inspector.formats.langchain import ROLES, to_langchain
from inspector.formats.locations import DatabaseUrl

# The state channel of the offloads (the LangChain adapter's `OffloadState`).
OFFLOADS_CHANNEL = "inspector_offloads"


class LangGraphExportError(ValueError):
    """The checkpoint could not be written (one line naming the target)."""


@dataclass
class WrittenThread:
    """Where the compacted messages went.

    Attributes:
        thread_id: the thread to resume (`{"configurable": {"thread_id": ...}}`).
        checkpoint_id: the checkpoint written.
        messages: how many messages it holds.
    """

    thread_id: str
    checkpoint_id: str
    messages: int


@contextmanager
def open_saver(target: Path | DatabaseUrl) -> Iterator[Any]:
    """The real LangGraph saver of `target`: `SqliteSaver` on a SQLite file (created
    with the saver's tables if missing), `PostgresSaver` on a PostgreSQL URL."""
    if isinstance(target, DatabaseUrl):
        try:
            from langgraph.checkpoint.postgres import PostgresSaver
        except ImportError:
            raise LangGraphExportError(f"{target}: writing LangGraph checkpoints to PostgreSQL needs "
                                       "langgraph-checkpoint-postgres: pip install 'inspector[postgres]'") from None
        try:
            with PostgresSaver.from_conn_string(target.conninfo) as saver:
                saver.setup()  # the saver's own tables and migrations, as an agent's first run makes them
                yield saver
        except LangGraphExportError:
            raise
        except Exception as exc:  # psycopg's errors: shown without the password
            raise LangGraphExportError(f"{target}: {target.scrub(str(exc))}") from None
        return
    try:
        from langgraph.checkpoint.sqlite import SqliteSaver
    except ImportError:
        raise LangGraphExportError(f"{target}: writing LangGraph checkpoints needs langgraph-checkpoint-sqlite: "
                                   "pip install 'inspector[langgraph]'") from None
    if target.exists():
        with open(target, "rb") as fh:
            head = fh.read(16)
        if head and head != b"SQLite format 3\x00":
            raise LangGraphExportError(f"{target}: exists and is not a SQLite database")
    new_file = NewFile(target)  # a new database appears whole (tables and checkpoint), or not at all
    conn = sqlite3.connect(str(new_file.path), check_same_thread=False)
    try:
        yield SqliteSaver(conn)
        conn.commit()
        new_file.publish()
    except sqlite3.Error as exc:
        raise LangGraphExportError(f"{target}: cannot write the checkpoint ({exc})") from None
    finally:
        conn.close()
        new_file.discard()


def _langchain_messages(messages: Sequence[Message]) -> list[Any]:
    """The messages as LangChain objects: a stored message (its `raw` the dict the
    reader kept) is rebuilt first, so compaction's untouched ones come back whole."""
    from langchain_core.messages import messages_from_dict

    revived = []
    for m in messages:
        raw = m.raw
        if isinstance(raw, dict) and raw.get("type") in ROLES and "content" in raw:
            data = {k: v for k, v in raw.items() if k != "type"}
            try:
                obj = messages_from_dict([{"type": raw["type"], "data": data}])[0]
            except (ValueError, TypeError, KeyError):
                obj = None
            if obj is not None:
                m = m.model_copy(update={"raw": obj})
        revived.append(m)
    return to_langchain(revived)


def _free_thread(saver: Any, wanted: str) -> str:
    name, k = wanted, 1
    while saver.get_tuple({"configurable": {"thread_id": name, "checkpoint_ns": ""}}) is not None:
        k += 1
        name = f"{wanted}-{k}"
    return name


def write_thread(target: Path | DatabaseUrl, messages: Sequence[Message], *, source_thread: str | None = None,
                 thread_id: str | None = None, as_checkpoint: bool = False,
                 channel: str = "messages", offloads: Sequence[Any] = ()) -> WrittenThread:
    """Write `messages` as a LangGraph checkpoint.

    Args:
        target: the SQLite file or PostgreSQL URL of the checkpointer.
        messages: the (compacted) messages.
        source_thread: the thread they come from: its latest checkpoint gives the other
            channels, and with `as_checkpoint` the thread written to.
        thread_id: the new thread's id (default `<source>-compacted`, made unique).
        as_checkpoint: add a checkpoint to `source_thread` instead of a new thread (its
            history keeps the state before compaction).
        channel: the state key of the messages.
        offloads: what compaction removed (`inspector.engine.applier.Offload`), added
            to the state channel `inspector_offloads` so the recovery notices resolve.

    Returns:
        The thread and checkpoint written.

    Raises:
        LangGraphExportError: no such source thread for `as_checkpoint`, a missing
            extra, or a failed write (the saver writes a checkpoint in one transaction).
    """
    from langgraph.checkpoint.base import empty_checkpoint
    from langgraph.checkpoint.base.id import uuid6

    lc = _langchain_messages(messages)
    with open_saver(target) as saver:
        base = None
        if source_thread is not None:
            base = saver.get_tuple({"configurable": {"thread_id": source_thread, "checkpoint_ns": ""}})
        if as_checkpoint and base is None:
            raise LangGraphExportError(f"{target}: no thread {source_thread!r} to add a checkpoint to")
        checkpoint = copy.copy(base.checkpoint) if base is not None else empty_checkpoint()
        values = dict(checkpoint.get("channel_values") or {})
        versions = dict(checkpoint.get("channel_versions") or {})
        values[channel] = lc
        versions[channel] = saver.get_next_version(versions.get(channel), None)
        changed = [channel]
        if offloads:
            kept = values.get(OFFLOADS_CHANNEL)
            values[OFFLOADS_CHANNEL] = {**(kept if isinstance(kept, dict) else {}),
                                        **{o.id: o.content for o in offloads}}
            versions[OFFLOADS_CHANNEL] = saver.get_next_version(versions.get(OFFLOADS_CHANNEL), None)
            changed.append(OFFLOADS_CHANNEL)
        checkpoint["channel_values"] = values
        checkpoint["channel_versions"] = versions
        checkpoint["id"] = str(uuid6(clock_seq=-2))
        checkpoint["ts"] = datetime.now(UTC).isoformat()
        step = (base.metadata.get("step", -1) if base is not None else -1) + 1
        metadata = {"source": "update", "step": step, "parents": {},
                    "inspector": {"compacted_from": source_thread}}
        if as_checkpoint:
            assert base is not None
            thread = str(source_thread)
            config = {"configurable": {"thread_id": thread, "checkpoint_ns": "",
                                       "checkpoint_id": base.config["configurable"]["checkpoint_id"]}}
            new_versions = {name: versions[name] for name in changed}
        else:
            thread = _free_thread(saver, thread_id or f"{source_thread or 'inspector'}-compacted")
            config = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
            new_versions = dict(versions)  # a new thread: every channel's value is written
        try:
            written = saver.put(config, checkpoint, metadata, new_versions)
        except Exception as exc:  # the saver's driver errors
            raise LangGraphExportError(f"{target}: cannot write the checkpoint ({exc})") from None
    return WrittenThread(thread, str(written["configurable"]["checkpoint_id"]), len(lc))
