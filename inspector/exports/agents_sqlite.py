"""Responses-API input items (`inspector.formats.responses.to_responses_items`) written
as a new session of an OpenAI Agents SDK `SQLiteSession` database, so an agent resumes
from the compacted state.

The database schema is the SDK's own (`agent_sessions(session_id, created_at,
updated_at)`, `agent_messages(id, session_id, message_data, created_at)`), created if
missing. A new session id is always used: an existing session is never written to.
The whole session is inserted in one transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from inspector._faults import fault_point
from inspector.atomic import NewFile, sqlite_write

SESSIONS_TABLE = "agent_sessions"
MESSAGES_TABLE = "agent_messages"

# The SDK's schema (agents.memory.SQLiteSession._init_db_for_connection).
SCHEMA = (
    f"""CREATE TABLE IF NOT EXISTS {SESSIONS_TABLE} (
        session_id TEXT PRIMARY KEY,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
    )""",
    f"""CREATE TABLE IF NOT EXISTS {MESSAGES_TABLE} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL,
        message_data TEXT NOT NULL,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        FOREIGN KEY (session_id) REFERENCES {SESSIONS_TABLE} (session_id)
            ON DELETE CASCADE
    )""",
    f"""CREATE INDEX IF NOT EXISTS idx_{MESSAGES_TABLE}_session_id
        ON {MESSAGES_TABLE} (session_id, id)""",
)

# What compaction removed, readable by the id its notice shows: the table the Agents SDK
# adapter keeps beside a session (`inspector.service.recover.SqliteOffloadStore`).
OFFLOADS_SCHEMA = ("CREATE TABLE IF NOT EXISTS inspector_offloads (id TEXT PRIMARY KEY, session_id TEXT, "
                   "position INTEGER, kind TEXT, tool_name TEXT, tool_call_id TEXT, content TEXT NOT NULL, "
                   "created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)")


def insert_offloads(conn: sqlite3.Connection, offloads: Sequence[Any]) -> None:
    """Add the offloads (`inspector.engine.applier.Offload`) to `inspector_offloads`, in
    the caller's transaction."""
    if not offloads:
        return
    conn.execute(OFFLOADS_SCHEMA)
    conn.executemany("INSERT OR REPLACE INTO inspector_offloads (id, session_id, position, kind, tool_name, "
                     "tool_call_id, content) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     [(o.id, o.session_id, o.position, o.kind, o.tool_name, o.tool_call_id, o.content)
                      for o in offloads])


class AgentsExportError(RuntimeError):
    """The Agents SDK refused what an export wrote (or could not be loaded to check it)."""


def _now_sql() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


def write_agents_session(
    items: Sequence[dict[str, Any]],
    db_path: str | Path,
    session_id: str | None = None,
    *,
    base: str = "inspector",
    offloads: Sequence[Any] = (),
) -> str:
    """Insert `items` as a new session of the SDK database at `db_path`; returns its id.

    `session_id` is used if free; if that session exists, `-2`, `-3`, ... is appended
    (nothing is ever added to an existing session). One transaction: on any error the
    database is unchanged. `offloads` (what compaction removed) go to the table
    `inspector_offloads` in the same transaction, so the recovery notices resolve there.
    """
    path = Path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        with open(path, "rb") as fh:
            head = fh.read(16)
        if head and head != b"SQLite format 3\x00":
            raise AgentsExportError(f"{path}: exists and is not a SQLite database")
    payloads = [json.dumps(item, ensure_ascii=False) for item in items]
    new_file = NewFile(path)  # a new database appears whole, or not at all
    conn = sqlite3.connect(str(new_file.path), timeout=30.0, isolation_level=None)
    try:
        with sqlite_write(conn):
            for sql in SCHEMA:
                conn.execute(sql)
            wanted = session_id or f"{base}-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}"
            sid = wanted
            n = 1
            while conn.execute(
                f"SELECT 1 FROM {SESSIONS_TABLE} WHERE session_id = ? UNION ALL "
                f"SELECT 1 FROM {MESSAGES_TABLE} WHERE session_id = ? LIMIT 1", (sid, sid)).fetchone():
                n += 1
                sid = f"{wanted}-{n}"
            now = _now_sql()
            conn.execute(f"INSERT INTO {SESSIONS_TABLE} (session_id, created_at, updated_at) VALUES (?, ?, ?)",
                         (sid, now, now))
            conn.executemany(
                f"INSERT INTO {MESSAGES_TABLE} (session_id, message_data, created_at) VALUES (?, ?, ?)",
                ((sid, data, now) for data in payloads))
            insert_offloads(conn, offloads)
            fault_point("export.agents_insert")
        new_file.publish()
    except sqlite3.Error as exc:
        raise AgentsExportError(f"{path}: cannot write the Agents SDK session ({exc})") from None
    finally:
        conn.close()
        new_file.discard()
    return sid
