"""Write-back to a PostgreSQL database where the framework's own service keeps its
sessions: a new session in ADK's `DatabaseSessionService` tables, or in the Agents
SDK's `SQLAlchemySession` tables (LangGraph's `PostgresSaver` is written by the saver
itself: `inspector.exports.langgraph`).

The rows are the ones the service writes (ADK schema v1: JSONB state and event data,
naive UTC timestamps, `adk_internal_metadata.schema_version = 1`; Agents SDK: the
item JSON as text), so the service reads the session back and an agent resumes from it.
Tables the service would create on first use are created with its own definitions
(`sqlalchemy` `create_all` on PostgreSQL, written out below) when missing.

Everything goes in one transaction: a new session id (`-2`, `-3`, ... when taken),
never a write to an existing session; on any error nothing is left. psycopg is the
`postgres` extra; the password is never printed (errors show `DatabaseUrl.redacted`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from inspector._faults import fault_point
from inspector.engine.models import Message
from inspector.exports.adk import DEFAULT_AUTHOR, adk_events, session_state
from inspector.formats.locations import DatabaseUrl


class PostgresExportError(RuntimeError):
    """The session cannot be written; one line naming the database (no password) and why."""


# google.adk.sessions.schemas.v1 as SQLAlchemy creates it on PostgreSQL
ADK_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS adk_internal_metadata (key VARCHAR(128) NOT NULL, value VARCHAR(256) NOT NULL, "
    "PRIMARY KEY (key))",
    "CREATE TABLE IF NOT EXISTS app_states (app_name VARCHAR(128) NOT NULL, state JSONB NOT NULL, "
    "update_time TIMESTAMP WITHOUT TIME ZONE NOT NULL, PRIMARY KEY (app_name))",
    "CREATE TABLE IF NOT EXISTS sessions (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, "
    "id VARCHAR(128) NOT NULL, state JSONB NOT NULL, create_time TIMESTAMP WITHOUT TIME ZONE NOT NULL, "
    "update_time TIMESTAMP WITHOUT TIME ZONE NOT NULL, PRIMARY KEY (app_name, user_id, id))",
    "CREATE TABLE IF NOT EXISTS user_states (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, "
    "state JSONB NOT NULL, update_time TIMESTAMP WITHOUT TIME ZONE NOT NULL, PRIMARY KEY (app_name, user_id))",
    "CREATE TABLE IF NOT EXISTS events (id VARCHAR(128) NOT NULL, app_name VARCHAR(128) NOT NULL, "
    "user_id VARCHAR(128) NOT NULL, session_id VARCHAR(128) NOT NULL, invocation_id VARCHAR(256) NOT NULL, "
    "timestamp TIMESTAMP WITHOUT TIME ZONE NOT NULL, event_data JSONB, "
    "PRIMARY KEY (id, app_name, user_id, session_id), FOREIGN KEY (app_name, user_id, session_id) "
    "REFERENCES sessions (app_name, user_id, id) ON DELETE CASCADE)",
    "CREATE INDEX IF NOT EXISTS idx_events_app_user_session_ts_id ON events "
    "(app_name, user_id, session_id, timestamp DESC, id DESC)",
    "INSERT INTO adk_internal_metadata (key, value) VALUES ('schema_version', '1') ON CONFLICT (key) DO NOTHING",
)

# agents.extensions.memory.SQLAlchemySession's tables as SQLAlchemy creates them on PostgreSQL
AGENTS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS agent_sessions (session_id VARCHAR NOT NULL, "
    "created_at TIMESTAMP WITHOUT TIME ZONE DEFAULT CURRENT_TIMESTAMP NOT NULL, "
    "updated_at TIMESTAMP WITHOUT TIME ZONE DEFAULT CURRENT_TIMESTAMP NOT NULL, PRIMARY KEY (session_id))",
    "CREATE TABLE IF NOT EXISTS agent_messages (id SERIAL NOT NULL, session_id VARCHAR NOT NULL, "
    "message_data TEXT NOT NULL, created_at TIMESTAMP WITHOUT TIME ZONE DEFAULT CURRENT_TIMESTAMP NOT NULL, "
    "PRIMARY KEY (id), FOREIGN KEY (session_id) REFERENCES agent_sessions (session_id) ON DELETE CASCADE)",
    "CREATE INDEX IF NOT EXISTS idx_agent_messages_session_time ON agent_messages (session_id, created_at)",
)

OFFLOADS_SCHEMA = ("CREATE TABLE IF NOT EXISTS inspector_offloads (id TEXT PRIMARY KEY, session_id TEXT, "
                   "position INTEGER, kind TEXT, tool_name TEXT, tool_call_id TEXT, content TEXT NOT NULL, "
                   "created_at TIMESTAMP WITHOUT TIME ZONE DEFAULT CURRENT_TIMESTAMP)")


@contextmanager
def _transaction(url: DatabaseUrl, what: str) -> Iterator[Any]:
    """A psycopg connection in one transaction: committed when the block ends, rolled
    back (nothing written) on any error."""
    try:
        import psycopg
    except ImportError:
        raise PostgresExportError(f"{url}: writing to PostgreSQL needs psycopg: pip install 'inspector[postgres]'") \
            from None
    try:
        with psycopg.connect(url.conninfo, connect_timeout=10) as conn, conn.transaction():
            yield conn
    except psycopg.Error as exc:
        raise PostgresExportError(f"{url}: cannot write the {what} ({url.scrub(str(exc).strip())})") from None


def _columns(conn: Any) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for table, column in conn.execute("SELECT table_name, column_name FROM information_schema.columns "
                                      "WHERE table_schema = current_schema()"):
        out.setdefault(str(table), set()).add(str(column))
    return out


def _free_id(conn: Any, wanted: str, taken_sql: str, key: tuple[Any, ...]) -> str:
    sid, n = wanted, 1
    while conn.execute(taken_sql, (*key, sid, *key, sid)).fetchone():
        n += 1
        sid = f"{wanted}-{n}"
    return sid


def _insert_offloads(conn: Any, offloads: Sequence[Any]) -> None:
    if not offloads:
        return
    conn.execute(OFFLOADS_SCHEMA)
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO inspector_offloads (id, session_id, position, kind, tool_name, tool_call_id, content) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO UPDATE SET content = EXCLUDED.content",
            [(o.id, o.session_id, o.position, o.kind, o.tool_name, o.tool_call_id, o.content) for o in offloads])


def _utc(epoch: float) -> datetime:
    # DatabaseSessionService stores naive UTC datetimes (schemas.shared.timestamp_to_utc_datetime).
    return datetime.fromtimestamp(epoch, UTC).replace(tzinfo=None)


def write_adk_session_pg(
    messages: Sequence[Message],
    url: DatabaseUrl,
    session_id: str | None = None,
    *,
    app_name: str = "inspector",
    user_id: str = "user",
    author: str = DEFAULT_AUTHOR,
    state: dict[str, Any] | None = None,
    warnings: list[str] | None = None,
    offloads: Sequence[Any] = (),
) -> str:
    """Insert the messages as a new session of ADK's `DatabaseSessionService` on
    PostgreSQL; returns its id.

    Args:
        messages: the session's (compacted) messages.
        url: the database (`DatabaseSessionService(url)`'s).
        session_id: the id wanted; `-2`, `-3`, ... is appended when it is taken.
        app_name, user_id: the session's key in ADK.
        author: the name of the agent that will resume the session.
        state: the session's state (session-scoped keys only are stored).
        warnings: collects what could not be carried.
        offloads: what compaction removed (table `inspector_offloads`, same transaction).

    Returns:
        The id of the session created.

    Raises:
        PostgresExportError: another schema version, the legacy v0 layout, no psycopg, or
            a server error; nothing is then written.
    """
    from psycopg.types.json import Jsonb

    events = adk_events(messages, author=author, warnings=warnings)
    now = datetime.now(UTC).timestamp()
    last = events[-1]["timestamp"] if events else now
    with _transaction(url, "ADK session") as conn:
        tables = _columns(conn)
        if "adk_internal_metadata" in tables:
            row = conn.execute("SELECT value FROM adk_internal_metadata WHERE key = 'schema_version'").fetchone()
            if row is None or str(row[0]) != "1":
                raise PostgresExportError(f"{url}: ADK DatabaseSessionService schema version "
                                          f"{row[0] if row else None!r} (inspector writes version 1)")
        elif "events" in tables or "sessions" in tables:
            raise PostgresExportError(f"{url}: holds ADK tables without schema version 1 (the legacy v0 layout "
                                      "must be migrated with `adk migrate session`)")
        for sql in ADK_SCHEMA:
            conn.execute(sql)
        sid = _free_id(conn, session_id or f"inspector-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}",
                       "SELECT 1 FROM sessions WHERE app_name = %s AND user_id = %s AND id = %s UNION ALL "
                       "SELECT 1 FROM events WHERE app_name = %s AND user_id = %s AND session_id = %s LIMIT 1",
                       (app_name, user_id))
        conn.execute("INSERT INTO sessions (app_name, user_id, id, state, create_time, update_time) "
                     "VALUES (%s, %s, %s, %s, %s, %s)",
                     (app_name, user_id, sid, Jsonb(session_state(state or {})), _utc(now), _utc(last)))
        # DatabaseSessionService.create_session makes these rows
        conn.execute("INSERT INTO app_states (app_name, state, update_time) VALUES (%s, '{}', %s) "
                     "ON CONFLICT DO NOTHING", (app_name, _utc(now)))
        conn.execute("INSERT INTO user_states (app_name, user_id, state, update_time) VALUES (%s, %s, '{}', %s) "
                     "ON CONFLICT DO NOTHING", (app_name, user_id, _utc(now)))
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [(e["id"], app_name, user_id, sid, e["invocation_id"], _utc(e["timestamp"]), Jsonb(e))
                 for e in events])
        _insert_offloads(conn, offloads)
        fault_point("export.pg_adk_insert")
    return sid


def write_agents_session_pg(items: Sequence[dict[str, Any]], url: DatabaseUrl, session_id: str | None = None, *,
                            base: str = "inspector", offloads: Sequence[Any] = ()) -> str:
    """Insert Responses-API input items as a new session of the Agents SDK's
    `SQLAlchemySession` tables on PostgreSQL; returns its id.

    Args:
        items: the items (`inspector.formats.responses.to_responses_items`).
        url: the database (`SQLAlchemySession.from_url(..., url)`'s).
        session_id: the id wanted; `-2`, `-3`, ... is appended when it is taken.
        base: the id's stem when none is wanted.
        offloads: what compaction removed (table `inspector_offloads`, same transaction).

    Returns:
        The id of the session created.

    Raises:
        PostgresExportError: tables of another shape, no psycopg, or a server error;
            nothing is then written.
    """
    payloads = [json.dumps(item, ensure_ascii=False) for item in items]
    with _transaction(url, "Agents SDK session") as conn:
        tables = _columns(conn)
        if "agent_messages" in tables and "message_data" not in tables["agent_messages"]:
            raise PostgresExportError(f"{url}: table agent_messages has no message_data column "
                                      "(not an Agents SDK SQLAlchemySession database)")
        for sql in AGENTS_SCHEMA:
            conn.execute(sql)
        sid = _free_id(conn, session_id or f"{base}-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}",
                       "SELECT 1 FROM agent_sessions WHERE session_id = %s UNION ALL "
                       "SELECT 1 FROM agent_messages WHERE session_id = %s LIMIT 1", ())
        now = datetime.now(UTC).replace(tzinfo=None)
        conn.execute("INSERT INTO agent_sessions (session_id, created_at, updated_at) VALUES (%s, %s, %s)",
                     (sid, now, now))
        with conn.cursor() as cur:  # one created_at, ids in order: get_items orders by (created_at, id)
            cur.executemany("INSERT INTO agent_messages (session_id, message_data, created_at) VALUES (%s, %s, %s)",
                            [(sid, data, now) for data in payloads])
        _insert_offloads(conn, offloads)
        fault_point("export.pg_agents_insert")
    return sid
