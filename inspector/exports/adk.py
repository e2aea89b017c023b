"""Canonical messages -> a new session in a Google ADK session database, so an ADK
agent resumes from the compacted state (`session_service.get_session(...)`).

Both layouts `inspector.sources.adk` reads are written:

- `sqlite`: `SqliteSessionService` (REAL epoch timestamps);
- `database`: `DatabaseSessionService` schema v1 (SQLAlchemy tables, DATETIME
  timestamps in UTC, `adk_internal_metadata.schema_version = 1`).

An existing database keeps its layout (the legacy pickled v0 layout is refused); a new
file gets the one asked for (default `sqlite`), with ADK's own table definitions. A new
session id is always used (`-2`, `-3`, ... when taken): nothing existing is written
to, and the whole session goes in one transaction.

Events: one per GenAI content (`inspector.formats.genai`); a content read unchanged
from an ADK event is written from that event (usage, thought signatures, actions),
with a fresh id and timestamp. Model turns and tool results are authored by the agent
(`author`: ADK shows another author's events to an agent as "For context:" user
text, so pass the name of the agent that will resume); user turns by `user`. A summary
is a user event (the summary of the turn in flight, an assistant message after its
request, is the agent's). Session-scoped state of an ADK source is copied; `app:`, `user:` and
`temp:` keys are not (they are shared, or never stored). What compaction removed goes
to the session's state too, one key per offload (`inspector_offload:<id>`), where the
ADK adapter keeps its own: the recovery tool (`inspector.adapters.adk.recovery_tool`)
answers the exported notices from the loaded session.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from inspector._faults import fault_point
from inspector.atomic import NewFile, sqlite_write
from inspector.engine.models import Message
from inspector.formats.common import RENAMED, json_text, untouched
from inspector.formats.genai import contents_with_sources, g

Layout = Literal["sqlite", "database"]
LAYOUTS: tuple[Layout, ...] = ("sqlite", "database")
DEFAULT_AUTHOR = "agent"
# The session-state key prefix of an offload (session-scoped: no app:/user:/temp: prefix);
# the ADK adapter writes and reads the same keys.
OFFLOAD_STATE_PREFIX = "inspector_offload:"

# google.adk.sessions.sqlite_session_service (CREATE_SCHEMA_SQL)
SQLITE_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS app_states (app_name TEXT PRIMARY KEY, state TEXT NOT NULL, "
    "update_time REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS user_states (app_name TEXT NOT NULL, user_id TEXT NOT NULL, state TEXT NOT NULL, "
    "update_time REAL NOT NULL, PRIMARY KEY (app_name, user_id))",
    "CREATE TABLE IF NOT EXISTS sessions (app_name TEXT NOT NULL, user_id TEXT NOT NULL, id TEXT NOT NULL, "
    "state TEXT NOT NULL, create_time REAL NOT NULL, update_time REAL NOT NULL, PRIMARY KEY (app_name, user_id, id))",
    "CREATE TABLE IF NOT EXISTS events (id TEXT NOT NULL, app_name TEXT NOT NULL, user_id TEXT NOT NULL, "
    "session_id TEXT NOT NULL, invocation_id TEXT NOT NULL, timestamp REAL NOT NULL, event_data TEXT NOT NULL, "
    "PRIMARY KEY (app_name, user_id, session_id, id), FOREIGN KEY (app_name, user_id, session_id) "
    "REFERENCES sessions(app_name, user_id, id) ON DELETE CASCADE)",
)

# google.adk.sessions.schemas.v1, as SQLAlchemy creates it on SQLite
DATABASE_SCHEMA = (
    'CREATE TABLE IF NOT EXISTS adk_internal_metadata ("key" VARCHAR(128) NOT NULL, value VARCHAR(256) NOT NULL, '
    'PRIMARY KEY ("key"))',
    "CREATE TABLE IF NOT EXISTS sessions (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, "
    "id VARCHAR(128) NOT NULL, state TEXT NOT NULL, create_time DATETIME NOT NULL, update_time DATETIME NOT NULL, "
    "PRIMARY KEY (app_name, user_id, id))",
    "CREATE TABLE IF NOT EXISTS app_states (app_name VARCHAR(128) NOT NULL, state TEXT NOT NULL, "
    "update_time DATETIME NOT NULL, PRIMARY KEY (app_name))",
    "CREATE TABLE IF NOT EXISTS user_states (app_name VARCHAR(128) NOT NULL, user_id VARCHAR(128) NOT NULL, "
    "state TEXT NOT NULL, update_time DATETIME NOT NULL, PRIMARY KEY (app_name, user_id))",
    "CREATE TABLE IF NOT EXISTS events (id VARCHAR(128) NOT NULL, app_name VARCHAR(128) NOT NULL, "
    "user_id VARCHAR(128) NOT NULL, session_id VARCHAR(128) NOT NULL, invocation_id VARCHAR(256) NOT NULL, "
    "timestamp DATETIME NOT NULL, event_data TEXT, PRIMARY KEY (id, app_name, user_id, session_id), "
    "FOREIGN KEY(app_name, user_id, session_id) REFERENCES sessions (app_name, user_id, id) ON DELETE CASCADE)",
    "CREATE INDEX IF NOT EXISTS idx_events_app_user_session_ts_id ON events "
    "(app_name, user_id, session_id, timestamp DESC, id DESC)",
    "INSERT OR IGNORE INTO adk_internal_metadata (\"key\", value) VALUES ('schema_version', '1')",
)

_EMPTY_ACTIONS: dict[str, dict[str, Any]] = {"state_delta": {}, "artifact_delta": {}, "requested_auth_configs": {},
                  "requested_tool_confirmations": {}}


class AdkExportError(RuntimeError):
    """The ADK session cannot be written; one line naming the file and why."""


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _layout(conn: sqlite3.Connection, path: Path, wanted: Layout | None) -> Layout | None:
    """The layout of the database (None: no ADK tables yet)."""
    tables = _tables(conn)
    if "adk_internal_metadata" in tables:
        row = conn.execute("SELECT value FROM adk_internal_metadata WHERE key = 'schema_version'").fetchone()
        if row is None or str(row[0]) != "1":
            raise AdkExportError(f"{path}: ADK DatabaseSessionService schema version {row[0] if row else None!r} "
                                 "(inspector writes version 1)")
        found: Layout = "database"
    elif "events" in tables or "sessions" in tables:
        cols = {r[1]: str(r[2]).upper() for r in conn.execute("PRAGMA table_info(events)")}
        if "event_data" not in cols:
            raise AdkExportError(f"{path}: not an ADK session database inspector can write (table events has no "
                                 "event_data column; the legacy v0 layout must be migrated with `adk migrate session`)")
        found = "sqlite" if cols.get("timestamp") == "REAL" else "database"
    else:
        return None
    if wanted is not None and wanted != found:
        raise AdkExportError(f"{path}: holds the ADK {found!r} layout; cannot add a {wanted!r} session to it")
    return found


def _db_time(epoch: float, layout: Layout) -> Any:
    if layout == "sqlite":
        return epoch
    # DatabaseSessionService stores naive UTC datetimes (schemas.shared.timestamp_to_utc_datetime).
    return datetime.fromtimestamp(epoch, UTC).replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")


def session_state(state: Any) -> dict[str, Any]:
    """The session-scoped part of an ADK state (no `app:`, `user:`, `temp:` keys)."""
    if not isinstance(state, dict):
        return {}
    return {k: v for k, v in state.items() if not str(k).startswith(("app:", "user:", "temp:"))}


def _with_offloads(state: dict[str, Any], offloads: Sequence[Any]) -> dict[str, Any]:
    """The session state with each offload under its key (`OFFLOAD_STATE_PREFIX`)."""
    return {**state, **{OFFLOAD_STATE_PREFIX + o.id: o.content for o in offloads}}


def _source_event(group: list[Message], content: dict[str, Any]) -> dict[str, Any] | None:
    raw = group[0].raw
    if isinstance(raw, dict) and g(raw, "content") == content and all(m.raw == raw for m in group[1:]):
        return raw
    return None


def _renamed_event(group: list[Message]) -> dict[str, Any] | None:
    """The source ADK event of messages changed only by renamed tool-call ids."""
    raw = group[0].raw
    if not (isinstance(raw, dict) and isinstance(g(raw, "content"), dict) and "author" in raw):
        return None
    if any(m.raw is not raw and m.raw != raw for m in group[1:]):
        return None
    if not any(m.meta.get(RENAMED) for m in group) or not all(untouched_but_renamed(m) for m in group):
        return None
    return raw


def untouched_but_renamed(m: Message) -> bool:
    """True when `m` is what the source held apart from renamed tool-call ids."""
    return untouched(m.model_copy(update={"meta": {k: v for k, v in m.meta.items() if k != RENAMED}}))


def _rename_event_ids(event: dict[str, Any], content: dict[str, Any], group: list[Message]) -> None:
    """Give a copied event the renamed ids everywhere it carries them: its content, the
    `long_running_tool_ids`, and the tool confirmations and auth requests keyed by call id."""
    event["content"] = content
    old_to_new: dict[str, str] = {}
    for m in group:
        for new, old in (m.meta.get(RENAMED) or {}).items():
            old_to_new.setdefault(old, new)
    if not old_to_new:
        return
    for key in ("long_running_tool_ids", "longRunningToolIds"):
        if isinstance(event.get(key), list):
            event[key] = [old_to_new.get(i, i) for i in event[key]]
    actions = event.get("actions")
    if isinstance(actions, dict):
        for key in ("requested_tool_confirmations", "requested_auth_configs",
                    "requestedToolConfirmations", "requestedAuthConfigs"):
            if isinstance(actions.get(key), dict):
                actions[key] = {old_to_new.get(k, k): v for k, v in actions[key].items()}


def adk_events(messages: Sequence[Message], *, author: str = DEFAULT_AUTHOR, start: float | None = None,
               warnings: list[str] | None = None) -> list[dict[str, Any]]:
    """ADK `Event` dicts (as `event.model_dump(mode="json", exclude_none=True)`) for the messages.

    Args:
        messages: the (compacted) session's messages.
        author: the agent name for model turns and tool results.
        start: the first event's epoch timestamp (default: now); each next one is 1 ms later.
        warnings: collects what could not be carried.

    Returns:
        The events, oldest first, with fresh ids.
    """
    t = time.time() if start is None else start
    events: list[dict[str, Any]] = []
    invocation = f"e-{uuid.uuid4()}"
    for content, group, verbatim in contents_with_sources(messages, warnings):
        is_user_turn = content.get("role") == "user" and not any(m.role == "tool" for m in group)
        if is_user_turn:
            invocation = f"e-{uuid.uuid4()}"  # a user turn starts an invocation
        source = _source_event(group, content) if verbatim else _renamed_event(group)
        if source is not None:
            event = json.loads(json.dumps(source))
            event.pop("partial", None)
            if not verbatim:  # the same event with its tool-call ids renamed
                _rename_event_ids(event, content, group)
        else:
            event = {"content": content, "invocation_id": invocation,
                     "author": "user" if is_user_turn else author, "actions": dict(_EMPTY_ACTIONS)}
        event["id"] = str(uuid.uuid4())
        event["timestamp"] = t
        event.setdefault("invocation_id", invocation)
        events.append(event)
        t += 0.001
    return events


def write_adk_session(
    messages: Sequence[Message],
    db_path: str | Path,
    session_id: str | None = None,
    *,
    app_name: str = "inspector",
    user_id: str = "user",
    author: str = DEFAULT_AUTHOR,
    state: dict[str, Any] | None = None,
    layout: Layout | None = None,
    warnings: list[str] | None = None,
    offloads: Sequence[Any] = (),
) -> str:
    """Insert the messages as a new ADK session; returns its id.

    Args:
        messages: the session's (compacted) messages.
        db_path: the ADK database (created if missing).
        session_id: the id wanted; `-2`, `-3`, ... is appended when it is taken.
        app_name, user_id: the session's key in ADK.
        author: the name of the agent that will resume the session.
        state: the session's state (session-scoped keys only are stored).
        layout: `sqlite` or `database` for a new file; for an existing one it must
            match (None: whatever the file holds, `sqlite` for a new file).
        warnings: collects what could not be carried.
        offloads: what compaction removed, written to the session's state
            (`inspector_offload:<id>` keys), where the ADK adapter's recovery tool
            reads them.

    Returns:
        The id of the session created.

    Raises:
        AdkExportError: not an ADK database, the v0 layout, a layout mismatch, or a
            SQLite error; the database is then unchanged.
    """
    if layout is not None and layout not in LAYOUTS:
        raise AdkExportError(f"unknown ADK layout {layout!r} (choose from {', '.join(LAYOUTS)})")
    path = Path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        with open(path, "rb") as fh:
            head = fh.read(16)
        if head and head != b"SQLite format 3\x00":
            raise AdkExportError(f"{path}: exists and is not a SQLite database")
    events = adk_events(messages, author=author, warnings=warnings)
    now = time.time()
    last = events[-1]["timestamp"] if events else now
    new_file = NewFile(path)  # a new database appears whole, or not at all
    conn = sqlite3.connect(str(new_file.path), timeout=30.0, isolation_level=None)
    try:
        with sqlite_write(conn):
            found = _layout(conn, path, layout)
            use: Layout = found or layout or "sqlite"
            if found is None:
                for sql in (SQLITE_SCHEMA if use == "sqlite" else DATABASE_SCHEMA):
                    conn.execute(sql)
            wanted = session_id or f"inspector-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}"
            sid, n = wanted, 1
            while conn.execute("SELECT 1 FROM sessions WHERE app_name = ? AND user_id = ? AND id = ? UNION ALL "
                               "SELECT 1 FROM events WHERE app_name = ? AND user_id = ? AND session_id = ? LIMIT 1",
                               (app_name, user_id, sid) * 2).fetchone():
                n += 1
                sid = f"{wanted}-{n}"
            conn.execute("INSERT INTO sessions (app_name, user_id, id, state, create_time, update_time) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         (app_name, user_id, sid, json_text(_with_offloads(session_state(state or {}), offloads)),
                          _db_time(now, use), _db_time(last, use)))
            if use == "database":  # DatabaseSessionService.create_session makes these rows
                conn.execute("INSERT OR IGNORE INTO app_states (app_name, state, update_time) VALUES (?, '{}', ?)",
                             (app_name, _db_time(now, use)))
                conn.execute("INSERT OR IGNORE INTO user_states (app_name, user_id, state, update_time) "
                             "VALUES (?, ?, '{}', ?)", (app_name, user_id, _db_time(now, use)))
            conn.executemany(
                "INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                ((e["id"], app_name, user_id, sid, e["invocation_id"], _db_time(e["timestamp"], use),
                  json_text(e)) for e in events))
            fault_point("export.adk_insert")
        new_file.publish()
    except sqlite3.Error as exc:
        raise AdkExportError(f"{path}: cannot write the ADK session ({exc})") from None
    finally:
        conn.close()
        new_file.discard()
    return sid
