"""Shared base for readers of foreign SQLite stores (read-only, WAL-safe)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from .sources import Probe, Source, SourceError, quote_ident


class SqliteSource(Source):
    def __init__(self, probe: Probe):
        super().__init__(probe.path)
        self.tables = probe.tables
        self.conn = probe.take_conn()
        self.conn.row_factory = sqlite3.Row

    def query(self, sql: str, params: Sequence[Any] = (), where: str = "") -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            loc = f": {where}" if where else ""
            raise SourceError(f"{self.path}{loc}: cannot read ({exc})") from None

    def has(self, table: str | None, column: str) -> bool:
        return bool(table) and column in self.tables.get(table, ())

    @staticmethod
    def q(name: str) -> str:
        return quote_ident(name)

    def close(self) -> None:
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
