"""Database URLs as sources: `postgresql://`, `postgresql+asyncpg://`,
`postgresql+psycopg://` (any SQLAlchemy driver suffix) and `sqlite:///`.

A `sqlite:///` URL is a path to a SQLite file (read as any file is). A PostgreSQL URL
is opened with psycopg (an optional extra, imported only here and only when a URL is
given) in read-only transactions (`default_transaction_read_only`, and each query's
transaction ended as soon as its rows are fetched, so no lock outlives a read). The
tables are probed as a SQLite file's are, so the same readers (ADK
`DatabaseSessionService`, LangGraph `PostgresSaver`, Agents SDK `SQLAlchemySession`)
detect them by their columns.

Rows come back shaped like SQLite's: JSON columns (`JSONB`) as JSON text, timestamps as
ISO 8601 text, `bytea` as bytes, so a reader parses one representation. The password
is never printed: every message shows `DatabaseUrl.redacted`, and an error a driver
raises has the password scrubbed from it.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

from inspector.formats.locations import POSTGRES_KIND, DatabaseUrl
from inspector.sources.model import SourceError
from inspector.sources.probing import Probe

# --------------------------------------------------------------------------- PostgreSQL


def _plain(value: Any) -> Any:
    """A PostgreSQL value as SQLite would hold it."""
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, memoryview):
        return bytes(value)
    if isinstance(value, Decimal):
        return float(value)
    return value


class _Rows:
    def __init__(self, rows: list[tuple[Any, ...]]):
        self._rows = rows

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._rows

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def __iter__(self) -> Any:
        return iter(self._rows)


class PostgresConnection:
    """A read-only psycopg connection with the `execute(sql, params)` of a sqlite3
    connection: `?` placeholders, `rowid` (read as PostgreSQL's `ctid`), rows as tuples
    of SQLite-like values. Each call is its own read-only transaction, ended before it
    returns."""

    row_factory: Any = None  # accepted and ignored: rows are tuples, read by position
    text_factory: Any = str

    def __init__(self, url: DatabaseUrl, connect_timeout: int = 10):
        try:
            import psycopg
        except ImportError:
            raise SourceError(f"{url}: reading PostgreSQL needs psycopg: pip install 'inspector[postgres]'") from None
        self.url = url
        self._errors: tuple[type[BaseException], ...] = (psycopg.Error,)
        try:
            self._conn = psycopg.connect(url.conninfo, connect_timeout=connect_timeout,
                                         options="-c default_transaction_read_only=on")
        except psycopg.Error as exc:
            raise SourceError(f"{url}: cannot connect ({url.scrub(str(exc).strip())})") from None
        self._conn.read_only = True

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Rows:
        """Run `sql` (SQLite's dialect: `?`, `rowid`) in its own read-only transaction; the rows.

        Raises:
            SourceError: the server's error, the URL named without its password.
        """
        text = re.sub(r"\browid\b", "ctid", sql.replace("%", "%%").replace("?", "%s"))
        try:
            with self._conn.cursor() as cur:
                cur.execute(text.encode(), list(params) or None)
                rows = [tuple(_plain(v) for v in row) for row in cur.fetchall()] if cur.description else []
        except self._errors as exc:
            self._end()
            raise SourceError(f"{self.url}: {self.url.scrub(str(exc).strip())}") from None
        self._end()
        return _Rows(rows)

    def _end(self) -> None:
        try:
            self._conn.rollback()  # nothing was written: ending the read releases its locks
        except self._errors:
            pass

    def close(self) -> None:
        """Close the connection (an error closing it is ignored: nothing was written)."""
        try:
            self._conn.close()
        except self._errors:
            pass


class DatabaseProbe(Probe):
    """What detection looks at for a PostgreSQL source: its tables and their columns
    (those of the connection's current schema), as `Probe` has them for SQLite."""

    def __init__(self, url: DatabaseUrl):  # no super().__init__: there is no file to read
        # A reader shows `path` in its messages and `source_path`: the redacted URL.
        self.path = cast(Path, url)
        self.kind = POSTGRES_KIND
        self.head = b""
        self.notes: list[Any] = []
        self.records: list[Any] = []
        self.document: Any = None
        self._pg: PostgresConnection | None = PostgresConnection(url)
        self.tables = self._tables(self._pg)

    @staticmethod
    def _tables(conn: PostgresConnection) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for table, column in conn.execute(
                "SELECT c.table_name, c.column_name FROM information_schema.columns c "
                "JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
                "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
                "ORDER BY c.table_name, c.ordinal_position"):
            out.setdefault(str(table), []).append(str(column))
        return out

    @property
    def conn(self) -> sqlite3.Connection:
        """The database's connection, shaped as a SQLite one (SourceError once handed to a reader)."""
        if self._pg is None:
            raise SourceError(f"{self.path}: connection already handed to a reader")
        # The readers call only what both have: execute(sql, params).fetchall(), close().
        return cast(sqlite3.Connection, self._pg)

    def take_conn(self) -> sqlite3.Connection:
        """Hand the connection to a reader (the probe will not close it)."""
        conn = self.conn
        self._pg = None
        return conn

    def close(self) -> None:
        """Close the connection unless a reader took it."""
        if self._pg is not None:
            self._pg.close()
            self._pg = None
