"""The workspace schema, as an ordered list of migrations.

`MIGRATIONS[k]` takes a database from schema version k to k + 1; `SCHEMA_VERSION` is
their count. The version lives in the `meta` table (key `schema_version`). Pending
migrations run in one transaction with the version bump, so a database is always at
its old version or the new one, never in between. Released migrations are never edited:
a schema change is a new entry at the end.

The statements are SQL because the schema needs what sqlite-utils' `create()` does
not express (WITHOUT ROWID tables, composite UNIQUE constraints) and released text
stays as released; the version bump is a sqlite-utils upsert.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One schema step: what it adds, and the SQL statements that make it."""

    description: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "imported sessions, message bodies, token-count and summary caches",
        (
            """CREATE TABLE IF NOT EXISTS meta (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            )""",
            """CREATE TABLE sessions (
                id TEXT PRIMARY KEY,
                source_format TEXT NOT NULL,
                source_path TEXT,
                source_session_id TEXT,
                title TEXT,
                model TEXT,
                created_at TEXT,
                updated_at TEXT,
                imported_at TEXT NOT NULL,
                metadata TEXT NOT NULL DEFAULT '{}',
                digest TEXT NOT NULL,
                messages INTEGER NOT NULL DEFAULT 0,
                tool_calls INTEGER NOT NULL DEFAULT 0,
                tool_results INTEGER NOT NULL DEFAULT 0,
                user_messages INTEGER NOT NULL DEFAULT 0,
                text_chars INTEGER NOT NULL DEFAULT 0,
                tokens INTEGER,
                counter TEXT
            )""",
            # Canonical message JSON, content-addressed: a message a compaction version
            # keeps unchanged is stored once.
            """CREATE TABLE bodies (
                hash TEXT PRIMARY KEY,
                data TEXT NOT NULL
            )""",
            """CREATE TABLE messages (
                session_id TEXT NOT NULL REFERENCES sessions(id),
                position INTEGER NOT NULL,
                role TEXT NOT NULL,
                kind TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                body TEXT NOT NULL REFERENCES bodies(hash),
                PRIMARY KEY (session_id, position)
            ) WITHOUT ROWID""",
            """CREATE TABLE token_counts (
                counter TEXT NOT NULL,
                hash TEXT NOT NULL,
                tokens INTEGER NOT NULL,
                text_tokens INTEGER NOT NULL,
                PRIMARY KEY (counter, hash)
            ) WITHOUT ROWID""",
            """CREATE TABLE summaries (
                key TEXT PRIMARY KEY,
                text TEXT NOT NULL,
                model TEXT NOT NULL,
                extractive INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 1,
                input_tokens INTEGER NOT NULL DEFAULT 0,
                output_tokens INTEGER NOT NULL DEFAULT 0,
                errors TEXT NOT NULL DEFAULT '[]',
                created_at TEXT NOT NULL
            )""",
        ),
    ),
    Migration(
        "compaction versions, their messages and lineage, offloaded content",
        (
            """CREATE TABLE versions (
                id TEXT PRIMARY KEY,
                session_id TEXT NOT NULL REFERENCES sessions(id),
                number INTEGER NOT NULL,
                parent_id TEXT REFERENCES versions(id),
                label TEXT NOT NULL DEFAULT '',
                config_toml TEXT NOT NULL,
                preset TEXT,
                engine_version TEXT NOT NULL,
                summarizer TEXT NOT NULL DEFAULT '',
                created_at TEXT NOT NULL,
                base_digest TEXT NOT NULL,
                counter TEXT,
                tokens_before INTEGER,
                tokens_after INTEGER,
                messages INTEGER NOT NULL,
                stats TEXT NOT NULL,
                UNIQUE (session_id, number)
            )""",
            """CREATE TABLE version_messages (
                version_id TEXT NOT NULL REFERENCES versions(id),
                position INTEGER NOT NULL,
                role TEXT NOT NULL,
                kind TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                body TEXT NOT NULL REFERENCES bodies(hash),
                origin TEXT NOT NULL,
                PRIMARY KEY (version_id, position)
            ) WITHOUT ROWID""",
            """CREATE TABLE offloads (
                id TEXT PRIMARY KEY,
                session_id TEXT NOT NULL,
                version_id TEXT REFERENCES versions(id),
                position INTEGER NOT NULL,
                kind TEXT NOT NULL,
                tool_name TEXT,
                tool_call_id TEXT,
                chars INTEGER NOT NULL,
                content TEXT NOT NULL
            )""",
            "CREATE INDEX versions_by_session ON versions (session_id, number)",
            "CREATE INDEX offloads_by_version ON offloads (version_id)",
        ),
    ),
    Migration(
        "message bodies stored as records read back without validation (engine/stored.py)",
        (
            # A body written from now on is its record, its first part's text and its
            # packed raw record, `data` left empty; one written before keeps its JSON in
            # `data` (the record NULL) and is validated on load as before.
            "ALTER TABLE bodies ADD COLUMN record BLOB",
            "ALTER TABLE bodies ADD COLUMN text TEXT",
            "ALTER TABLE bodies ADD COLUMN raw BLOB",
        ),
    ),
)

SCHEMA_VERSION = len(MIGRATIONS)


def read_version(conn: sqlite3.Connection) -> int | None:
    """The schema version, 0 for an empty database, None for a foreign one."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "meta" not in tables:
        return 0 if not tables else None
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        return 0 if tables == {"meta"} else None
    try:
        return int(row[0])
    except ValueError:
        return None


def missing_tables(conn: sqlite3.Connection) -> list[str]:
    """Tables the migrations create that the database lacks (a damaged workspace)."""
    expected: list[str] = []
    for migration in MIGRATIONS:
        for sql in migration.statements:
            m = re.match(r"\s*CREATE TABLE (?:IF NOT EXISTS )?(\w+)", sql)
            if m and m.group(1) not in expected:
                expected.append(m.group(1))
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [t for t in expected if t not in tables]


def apply_migrations(conn: sqlite3.Connection, start: int, target: int = SCHEMA_VERSION) -> None:
    """Run migrations start..target-1 and record the new version.

    Runs inside the caller's transaction (the workspace opens it with BEGIN
    IMMEDIATE), so an interrupted upgrade leaves the database at `start`.
    """
    for version in range(start, target):
        for sql in MIGRATIONS[version].statements:
            conn.execute(sql)
        # Plain SQL, not sqlite-utils: a new workspace (the demo's, on first start) is
        # made before the app's first frame, and importing sqlite-utils took ~0.07 s.
        conn.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(version + 1),))
