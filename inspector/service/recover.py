"""Recover removed content: by the offload id a recovery hint names, from the
offloads of this process or an inspector workspace."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Offload
    from inspector.workspace.database import Workspace


class OffloadNotFound(KeyError):
    """No offloaded content has this id."""

    def __str__(self) -> str:
        return f"no offloaded content with id {self.args[0]!r}"


class OffloadStore(Protocol):
    """Where offloaded content is kept and read back (`recover`)."""

    def put_offloads(self, offloads: Iterable[Offload]) -> None:
        """Keep the offloads (an id already kept is replaced or kept, as the store does)."""

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        """The offload's content from `offset`, at most `limit` characters.

        Raises:
            OffloadNotFound: no offload has this id.
        """


def _slice(content: str, offset: int, limit: int | None) -> str:
    if offset < 0:
        raise ValueError("offset must be >= 0")
    if limit is not None and limit < 0:
        raise ValueError("limit must be >= 0")
    return content[offset:] if limit is None else content[offset:offset + limit]


class MemoryOffloadStore:
    """Offloads kept in this process (the default)."""

    def __init__(self) -> None:
        self._data: dict[str, Offload] = {}
        self._lock = threading.Lock()

    def put_offloads(self, offloads: Iterable[Offload]) -> None:
        """Keep the offloads in memory."""
        with self._lock:
            for o in offloads:
                self._data[o.id] = o

    def get(self, offload_id: str) -> Offload | None:
        """The offload with this id, or None."""
        return self._data.get(offload_id)

    def all(self) -> list[Offload]:
        """Every offload kept, in insertion order."""
        with self._lock:
            return list(self._data.values())

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        """The offload's content from `offset`, at most `limit` characters.

        Raises:
            OffloadNotFound: no offload has this id.
        """
        o = self._data.get(offload_id)
        if o is None:
            raise OffloadNotFound(offload_id)
        return _slice(o.content, offset, limit)

    def __len__(self) -> int:
        return len(self._data)


class WorkspaceOffloadStore:
    """Offloads read back from an inspector workspace (e.g. after `inspector apply`).
    Offloads made in this process are kept in memory, and looked up first."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self._memory = MemoryOffloadStore()

    def put_offloads(self, offloads: Iterable[Offload]) -> None:
        """Keep the offloads in memory (the workspace is read only)."""
        self._memory.put_offloads(offloads)

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        """The offload's content from `offset`, at most `limit` characters: from memory first, then the workspace.

        Raises:
            OffloadNotFound: no offload has this id.
        """
        if self._memory.get(offload_id) is not None:
            return self._memory.recover(offload_id, offset, limit)
        try:
            out = self.workspace.recover(offload_id, offset, limit)
        except KeyError:
            raise OffloadNotFound(offload_id) from None
        if out is None:
            raise OffloadNotFound(offload_id)
        return out


class SqliteOffloadStore:
    """Offloads kept in a SQLite database (table `inspector_offloads`), so `recover`
    still answers after a restart. Each `put_offloads` is one transaction.

    Args:
        path: the database file (created if missing); the Agents SDK adapter passes
            the session's own database, so offloads live beside the history.
        table: the table to use.
    """

    def __init__(self, path: str | os.PathLike[str], table: str = "inspector_offloads") -> None:
        if not table.isidentifier():
            raise ValueError(f"bad table name {table!r}")
        self.path = os.fspath(path)
        self.table = table
        self._lock = threading.Lock()
        conn = self._connect()
        try:
            with conn:
                conn.execute(f"CREATE TABLE IF NOT EXISTS {table} (id TEXT PRIMARY KEY, session_id TEXT, "
                             "position INTEGER, kind TEXT, tool_name TEXT, tool_call_id TEXT, content TEXT NOT NULL, "
                             "created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)")
        finally:
            conn.close()

    def _connect(self) -> Any:
        import sqlite3

        # A short-lived connection per call: the agent's own library may hold the
        # database too; `timeout` waits for its write lock instead of failing.
        return sqlite3.connect(self.path, timeout=30.0)

    def put_offloads(self, offloads: Iterable[Offload]) -> None:
        """Keep the offloads in the database, all of them or none (one transaction)."""
        rows = [(o.id, o.session_id, o.position, o.kind, o.tool_name, o.tool_call_id, o.content) for o in offloads]
        if not rows:
            return
        with self._lock:
            conn = self._connect()
            try:
                with conn:  # one transaction: all of them or none
                    conn.executemany(
                        f"INSERT OR REPLACE INTO {self.table} (id, session_id, position, kind, tool_name, "
                        "tool_call_id, content) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            finally:
                conn.close()

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        """The offload's content from `offset`, at most `limit` characters.

        Raises:
            OffloadNotFound: no offload has this id.
        """
        _slice("", offset, limit)  # validates offset and limit
        conn = self._connect()
        try:
            row = conn.execute(f"SELECT content FROM {self.table} WHERE id = ?", (offload_id,)).fetchone()
        finally:
            conn.close()
        if row is None:
            raise OffloadNotFound(offload_id)
        return _slice(row[0], offset, limit)

    def __len__(self) -> int:
        conn = self._connect()
        try:
            return int(conn.execute(f"SELECT COUNT(*) FROM {self.table}").fetchone()[0])
        finally:
            conn.close()
