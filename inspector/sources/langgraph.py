"""LangGraph checkpoints: `SqliteSaver` (langgraph-checkpoint-sqlite) databases and
`PostgresSaver` (langgraph-checkpoint-postgres) databases given as a URL.

Each thread is a session: the message list of its latest root checkpoint (namespace
`''`; subgraph namespaces belong to their thread), normally the `messages` channel
(else the one channel holding a list of messages). Earlier checkpoints are the
thread's earlier states: listed in `Session.metadata["checkpoints"]` and read as the
session `THREAD@CHECKPOINT_ID`.

Values are decoded with langgraph-checkpoint's own serializer (`JsonPlusSerializer`, an
optional extra), built strict: only the types LangGraph itself lists as safe (LangChain
messages among them) are constructed, anything else stays plain data, and pickled
values (`type = 'pickle'`) are refused, never unpickled.

- SQLite (`checkpoints`, `writes`): the checkpoint blob holds the channel values.
- PostgreSQL (`checkpoints`, `checkpoint_blobs`, `checkpoint_writes`): the checkpoint
  JSON holds the primitive values, the others are blobs keyed by the checkpoint's
  `channel_versions`.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from inspector.engine.models import Message, Session
from inspector.formats.langchain import ROLES, from_langchain
from inspector.formats.locations import SQL_KINDS
from inspector.sources.jsonio import parse_json
from inspector.sources.model import SourceError, parse_time
from inspector.sources.probing import Probe
from inspector.sources.sqlite import SqliteSource

FORMAT = "langgraph"
CHECKPOINT_COLUMNS = ("thread_id", "checkpoint_ns", "checkpoint_id", "parent_checkpoint_id", "type", "checkpoint",
                      "metadata")
BLOB_COLUMNS = ("thread_id", "checkpoint_ns", "channel", "version", "type", "blob")
SQLITE_TABLES = (CHECKPOINT_COLUMNS,)  # for the "lacks column" hint on unknown schemas
MESSAGES_CHANNEL = "messages"
AT = "@"  # THREAD@CHECKPOINT_ID: an earlier state of a thread


def sniff(probe: Probe) -> bool:
    """Is the database a LangGraph checkpoint store (its `checkpoints` table)?"""
    return probe.kind in SQL_KINDS and probe.find_table(*CHECKPOINT_COLUMNS) is not None


def load(probe: Probe) -> LangGraphSource:
    """The LangGraph threads of the probed database."""
    return LangGraphSource(probe)


def strict_serializer(where: object) -> Any:
    """langgraph-checkpoint's `JsonPlusSerializer`, strict: no pickle, and only the
    types LangGraph lists as safe to construct.

    Raises:
        SourceError: langgraph-checkpoint is not installed (naming `where`).
    """
    try:
        from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
    except ImportError:
        raise SourceError(f"{where}: reading LangGraph checkpoints needs langgraph-checkpoint: "
                          "pip install 'inspector[langgraph]'") from None
    return JsonPlusSerializer(pickle_fallback=False, allowed_json_modules=None, allowed_msgpack_modules=None)


def _message_like(value: Any) -> bool:
    kind = value.get("type") if isinstance(value, dict) else getattr(value, "type", None)
    return isinstance(kind, str) and kind in ROLES and (
        "content" in value if isinstance(value, dict) else hasattr(value, "content"))


def plain_message(value: Any) -> dict[str, Any]:
    """A LangChain message (object, or the kwargs the serializer left when it did not
    construct one) as a JSON-ready dict: `type`, `content`, `id`, `tool_calls`, ..."""
    if isinstance(value, dict):
        return value
    dump = getattr(value, "model_dump", None)
    data = dump() if callable(dump) else dict(vars(value))
    plain: dict[str, Any] = json.loads(json.dumps(data, default=str))
    return plain


class LangGraphSource(SqliteSource):
    """The threads of a LangGraph checkpoint database, each read from its latest checkpoint."""

    format = FORMAT

    def __init__(self, probe: Probe):
        super().__init__(probe)
        self.table = probe.find_table(*CHECKPOINT_COLUMNS)
        self.blobs_table = probe.find_table(*BLOB_COLUMNS)
        self.serde = strict_serializer(self.path)
        self._ids: list[str] | None = None
        self._latest: dict[str, str] = {}

    # ---- threads

    def session_ids(self) -> list[str]:
        """The thread ids, in the order of their first checkpoint."""
        if self._ids is None:
            rows = self.query(f"SELECT thread_id, MAX(checkpoint_id) FROM {self.q(self.table)} "
                              f"WHERE checkpoint_ns = '' GROUP BY thread_id ORDER BY MIN(checkpoint_id)",
                              where=f"table {self.table}")
            self._latest = {str(r[0]): str(r[1]) for r in rows}
            self._ids = list(self._latest)
        return self._ids

    def session_sizes(self) -> dict[str, int]:
        """Bytes of each thread's largest stored state, from one aggregate query: the
        checkpoint blob on SQLite (it holds the channel values), the `messages`
        channel's blob on PostgreSQL (kept apart there); a thread's messages only grow,
        so its largest is its latest."""
        sizes = dict.fromkeys(self.session_ids(), 0)
        if self.blobs_table is not None:
            sql = (f"SELECT thread_id, MAX(LENGTH(blob)) FROM {self.q(self.blobs_table)} "
                   f"WHERE checkpoint_ns = '' AND channel = '{MESSAGES_CHANNEL}' GROUP BY thread_id")
        else:
            sql = (f"SELECT thread_id, MAX(LENGTH(checkpoint)) FROM {self.q(self.table)} "
                   f"WHERE checkpoint_ns = '' GROUP BY thread_id")
        for r in self.query(sql, where=f"table {self.blobs_table or self.table}"):
            if str(r[0]) in sizes:
                sizes[str(r[0])] = int(r[1] or 0)
        return sizes

    def read(self, session_id: str) -> Session:
        """A thread's latest state, or `THREAD@CHECKPOINT_ID`: the thread as it was then."""
        if session_id not in self._id_set and AT in session_id:
            thread, checkpoint_id = session_id.rsplit(AT, 1)
            if thread in self._id_set:
                return self._checked(self._read_at(thread, checkpoint_id, session_id))
        return super().read(session_id)

    def _read(self, session_id: str) -> Session:
        self.session_ids()
        return self._read_at(session_id, self._latest[session_id], session_id)

    def history(self, thread: str) -> list[dict[str, Any]]:
        """The thread's root checkpoints, oldest first: id, parent, step, source, time."""
        out = []
        for r in self.query(f"SELECT checkpoint_id, parent_checkpoint_id, metadata FROM {self.q(self.table)} "
                            f"WHERE thread_id = ? AND checkpoint_ns = '' ORDER BY checkpoint_id", (thread,),
                            where=f"thread {thread!r} in table {self.table}"):
            meta = self._metadata(r[2], f"thread {thread!r}, checkpoint {r[0]}")
            out.append({"checkpoint_id": str(r[0]), "parent_checkpoint_id": r[1],
                        "step": meta.get("step"), "source": meta.get("source")})
        return out

    def _metadata(self, raw: Any, where: str) -> dict[str, Any]:
        if raw is None:
            return {}
        try:
            value = parse_json(raw.decode("utf-8") if isinstance(raw, bytes) else raw, where)
        except (ValueError, UnicodeDecodeError):
            self.skip(where, "checkpoint metadata is not JSON; ignored")
            return {}
        return value if isinstance(value, dict) else {}

    def _decode(self, type_: Any, data: Any, where: str) -> Any:
        if type_ == "pickle":
            raise SourceError(f"{self.path}: {where}: a pickled value (inspector never unpickles: "
                              "write the checkpoints with LangGraph's default serializer)")
        if isinstance(data, str):
            data = data.encode("utf-8")
        try:
            return self.serde.loads_typed((str(type_), data))
        except NotImplementedError:
            raise SourceError(f"{self.path}: {where}: values serialized as {type_!r}, which inspector does "
                              "not read") from None
        except Exception as exc:  # the serializer's decode errors (msgpack, json) have no common base
            raise SourceError(f"{self.path}: {where}: cannot decode ({type(exc).__name__}: {exc})") from None

    def _read_at(self, thread: str, checkpoint_id: str, session_id: str) -> Session:
        where = f"thread {thread!r}, checkpoint {checkpoint_id}"
        rows = self.query(f"SELECT type, checkpoint, metadata FROM {self.q(self.table)} "
                          f"WHERE thread_id = ? AND checkpoint_ns = '' AND checkpoint_id = ?",
                          (thread, checkpoint_id), where=where)
        if not rows:
            raise SourceError(f"{self.path}: thread {thread!r} has no checkpoint {checkpoint_id!r}")
        type_, blob, raw_meta = rows[0]
        if isinstance(blob, str) and type_ in (None, "", "jsonb"):  # PostgresSaver: the checkpoint is JSON
            checkpoint = parse_json(blob, where)
        else:
            checkpoint = self._decode(type_, blob, where)
        if not isinstance(checkpoint, dict):
            raise SourceError(f"{self.path}: {where}: the checkpoint is not a mapping")
        values = checkpoint.get("channel_values") or {}
        channel, items = self._messages_channel(thread, checkpoint, values, where)
        messages = self._messages(items, where)
        meta = self._metadata(raw_meta, where)
        history = self.history(thread)
        created = next((h for h in history), None)
        return Session(
            id=session_id, source_format=FORMAT, source_path=str(self.path), title=thread,
            created_at=parse_time(self._ts(thread, created["checkpoint_id"]) if created else None),
            updated_at=parse_time(checkpoint.get("ts")), messages=messages,
            metadata={"thread_id": thread, "checkpoint_id": checkpoint_id, "channel": channel,
                      "step": meta.get("step"), "checkpoints": history,
                      "source_session_id": thread}).renumber()

    def _ts(self, thread: str, checkpoint_id: str) -> str | None:
        """The time of a checkpoint (its id is a uuid6, but the stored `ts` is exact)."""
        rows = self.query(f"SELECT type, checkpoint FROM {self.q(self.table)} "
                          f"WHERE thread_id = ? AND checkpoint_ns = '' AND checkpoint_id = ?", (thread, checkpoint_id))
        if not rows:
            return None
        type_, blob = rows[0]
        try:
            cp = (parse_json(blob) if isinstance(blob, str) and type_ in (None, "", "jsonb")
                  else self._decode(type_, blob, f"thread {thread!r}, checkpoint {checkpoint_id}"))
        except (SourceError, ValueError):
            return None
        ts = cp.get("ts") if isinstance(cp, dict) else None
        return ts if isinstance(ts, str) else None

    def _messages_channel(self, thread: str, checkpoint: dict[str, Any], values: dict[str, Any], where: str) -> tuple[str, list[Any]]:
        """(channel, its list of messages): `messages`, else the one channel that
        holds messages; values kept apart (`checkpoint_blobs`) are read from there."""
        versions = checkpoint.get("channel_versions") or {}
        names = [MESSAGES_CHANNEL] + [c for c in list(values) + list(versions) if c != MESSAGES_CHANNEL]
        seen: set[str] = set()
        for name in names:
            if name in seen or name.startswith(("__", "branch:")):
                continue
            seen.add(name)
            value = values.get(name) if name in values else self._blob(thread, name, versions.get(name), where)
            value = getattr(value, "value", value) if type(value).__name__ == "_DeltaSnapshot" else value
            if isinstance(value, list) and value and all(_message_like(v) for v in value):
                return name, value
            if name == MESSAGES_CHANNEL and isinstance(value, list) and not value:
                return name, []
        if MESSAGES_CHANNEL in versions:
            raise SourceError(f"{self.path}: {where}: the messages channel holds no stored list (a DeltaChannel "
                              "keeps only its writes; inspector reads full snapshots)")
        return MESSAGES_CHANNEL, []

    def _blob(self, thread: str, channel: str, version: Any, where: str) -> Any:
        if self.blobs_table is None or version is None:
            return None
        rows = self.query(f"SELECT type, blob FROM {self.q(self.blobs_table)} WHERE thread_id = ? "
                          f"AND checkpoint_ns = '' AND channel = ? AND version = ?", (thread, channel, str(version)),
                          where=where)
        if not rows or rows[0][0] == "empty":
            return None
        return self._decode(rows[0][0], rows[0][1], f"{where}, channel {channel!r}")

    def _messages(self, items: list[Any], where: str) -> list[Message]:
        objects = [SimpleNamespace(**{"tool_calls": [], "name": None, "id": None, **v}) if isinstance(v, dict) else v
                   for v in items]
        try:
            messages = from_langchain(objects)
        except ValueError as exc:
            raise SourceError(f"{self.path}: {where}: {exc}") from None
        out = []
        for m, item in zip(messages, items):
            out.append(m.model_copy(update={"raw": plain_message(item)}))
        return out
