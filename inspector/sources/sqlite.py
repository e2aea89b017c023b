"""Shared base for readers of foreign SQLite stores (read-only, WAL-safe)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from inspector.engine.wording import plural
from inspector.sources.model import Source, SourceError
from inspector.sources.probing import Probe
from inspector.sources.sqlite_ro import quote_ident


class SqliteSource(Source):
    """A source read from a foreign SQLite database through the probe's read-only connection."""

    def __init__(self, probe: Probe):
        super().__init__(probe.path)
        self.tables = probe.tables
        self.conn = probe.take_conn()
        self.conn.row_factory = sqlite3.Row

    def query(self, sql: str, params: Sequence[Any] = (), where: str = "") -> list[sqlite3.Row]:
        """Run `sql` and fetch its rows; text that is not UTF-8 is read with U+FFFD and reported.

        Args:
            sql: the query.
            params: its parameters.
            where: the table or record it reads, named in errors.

        Raises:
            SourceError: the database could not be read, naming the file and `where`.
        """
        try:
            try:
                return self.conn.execute(sql, params).fetchall()
            except sqlite3.OperationalError as exc:
                if "decode to UTF-8" not in str(exc):
                    raise
                return self._query_lenient(sql, params, where)
        except sqlite3.DatabaseError as exc:
            loc = f": {where}" if where else ""
            raise SourceError(f"{self.path}{loc}: cannot read ({exc})") from None

    def _query_lenient(self, sql: str, params: Sequence[Any], where: str) -> list[sqlite3.Row]:
        """The query again, text that is not UTF-8 (a writer that stored Latin-1, say)
        decoded with U+FFFD for the bad bytes, and reported."""
        bad = [0]

        def text(raw: bytes) -> str:
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                bad[0] += 1
                return raw.decode("utf-8", "replace")

        self.conn.text_factory = text
        try:
            rows = self.conn.execute(sql, params).fetchall()
        finally:
            self.conn.text_factory = str
        self.skip(where or "database", f"{plural(bad[0], 'text value')} not valid UTF-8; the bad bytes were replaced "
                                       "with U+FFFD")
        return rows

    def has(self, table: str | None, column: str) -> bool:
        """Does `table` (None: absent) have `column`?"""
        return table is not None and column in self.tables.get(table, ())

    @staticmethod
    def q(name: str | None) -> str:
        """A quoted table name; callers pass tables the probe found (None is a bug)."""
        if name is None:
            raise ValueError("no table name")
        return quote_ident(name)

    def close(self) -> None:
        """Close the connection (an error closing it is ignored: nothing was written)."""
        try:
            self.conn.close()
        except sqlite3.Error:
            pass


# ---- following a database that gets rows

_FOLLOWED: dict[Path, dict[Any, Any]] = {}
_IDENTITY = object()  # the memo's key for the file it was made from


def follow_database(path: Path) -> None:
    """Keep what readers make of `path`'s rows (`database_memo`) while it is followed,
    so a reader whose store only appends rows reads only the new ones."""
    _FOLLOWED.setdefault(Path(path), {})


def unfollow_database(path: Path) -> None:
    """Stop following `path`: its readers' memo is dropped."""
    _FOLLOWED.pop(Path(path), None)


def database_memo(path: Path) -> dict[Any, Any] | None:
    """A reader's memo for a followed SQLite file (None when it is not followed),
    emptied when the file was replaced (another inode). A reader checks the rows it
    kept are still there, unchanged, before reusing what it made of them."""
    memo = _FOLLOWED.get(path) if isinstance(path, Path) else None
    if memo is None:
        return None
    try:
        st = os.stat(path)
        identity = (st.st_dev, st.st_ino)
    except OSError:
        identity = None
    if memo.get(_IDENTITY) != identity:
        memo.clear()
        memo[_IDENTITY] = identity
    return memo
