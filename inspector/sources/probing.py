"""What detection looks at (`Probe`: the SQLite schema, or the first JSON records),
and the refusal of paths that are no session file (`check_path`)."""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any

from inspector.sources.jsonio import UTF8_BOM, decode_text, iter_jsonl, parse_json
from inspector.sources.model import Skipped, SourceError, audit_open
from inspector.sources.sqlite_ro import connect_ro, quote_ident

SQLITE_MAGIC = b"SQLite format 3\x00"
PROBE_RECORDS = 20


def check_path(path: Path, directory_ok: bool = False) -> None:
    """Refuse, before anything opens it, what is not a session file: a missing path, a
    symbolic-link loop, a directory (unless `directory_ok`), and a named pipe, socket or
    device (opening a FIFO blocks until a writer comes; `<(cat x.json)` is a pipe).

    Raises:
        SourceError: one line naming the path and what it is.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            raise SourceError(f"{path}: a symbolic link to a missing file ({os.readlink(path)})") from None
        raise SourceError(f"{path}: no such file or directory") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SourceError(f"{path}: a symbolic link loop (it never reaches a file)") from None
        raise SourceError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISREG(mode) or (directory_ok and stat.S_ISDIR(mode)):
        return
    if stat.S_ISDIR(mode):
        raise SourceError(f"{path}: is a directory, not a session file")
    if stat.S_ISFIFO(mode):
        raise SourceError(f"{path}: a pipe, not a file (inspector reads a session file more than once; "
                          "save it to a file first)")
    what = "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
        else "a special file"
    raise SourceError(f"{path}: {what}, not a regular file")


class Probe:
    """What detection looks at: the SQLite schema, or the first JSON records."""

    def __init__(self, path: Path):
        self.path = path
        check_path(path)  # before the audit event: nothing may open a FIFO
        audit_open(path)
        try:
            with path.open("rb") as f:
                head = f.read(4096)
        except IsADirectoryError:
            raise SourceError(f"{path}: is a directory, not a session file") from None
        except FileNotFoundError:
            raise SourceError(f"{path}: no such file") from None
        except OSError as exc:
            raise SourceError(f"{path}: cannot read ({exc.strerror or exc})") from None
        self.head = head
        self.notes: list[Skipped] = []  # repairs made while parsing the document (kind "json")
        self._conn: sqlite3.Connection | None = None
        self.document: Any = None  # the parsed JSON document (kind "json")
        self.records: list[Any] = []  # first parsed lines (kind "jsonl"), or [document]
        if head.startswith(SQLITE_MAGIC):
            self.kind = "sqlite"
        elif not head.strip():
            raise SourceError(f"{path}: empty file")
        elif head.removeprefix(UTF8_BOM).lstrip()[:1] in (b"{", b"["):
            self._probe_json()
        else:
            self.kind = "unknown"

    # ---- SQLite

    @property
    def conn(self) -> sqlite3.Connection:
        """A read-only connection to the probed database (opened on first use)."""
        if self._conn is None:
            self._conn = connect_ro(self.path)
        return self._conn

    def take_conn(self) -> sqlite3.Connection:
        """Hand the connection to a reader (the probe will not close it)."""
        conn = self.conn
        self._conn = None
        return conn

    def close(self) -> None:
        """Close the connection unless a reader took it."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @cached_property
    def tables(self) -> dict[str, list[str]]:
        """Table name -> column names, for every table in the database."""
        try:
            names = [r[0] for r in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
            out = {}
            for name in names:
                out[name] = [r[1] for r in self.conn.execute(f"PRAGMA table_info({quote_ident(name)})")]
            return out
        except sqlite3.DatabaseError as exc:
            raise SourceError(f"{self.path}: not a readable SQLite database ({exc})") from None

    def find_table(self, *columns: str, without: tuple[str, ...] = ()) -> str | None:
        """First table having all `columns` (and none of `without`)."""
        need = set(columns)
        for name, cols in self.tables.items():
            cs = set(cols)
            if need <= cs and not (cs & set(without)):
                return name
        return None

    # ---- JSON / JSONL

    def _probe_json(self) -> None:
        path = self.path
        with path.open("rb") as f:
            first = f.readline()
            second = f.readline()
            while second and not second.strip():
                second = f.readline()
        first_obj, first_ok = _try_parse(first, self._note)
        if first_ok and second:
            self._probe_jsonl()
            return
        if first_ok:
            self.kind = "json"
            self.document = first_obj
            self.records = [first_obj]
            return
        # A multi-line (pretty-printed) JSON document, or JSONL with a bad first line.
        data = path.read_bytes()
        text = decode_text(data, path)
        try:
            self.document = parse_json(text, "document", self._note)
        except ValueError as exc:
            if second and _try_parse(second)[1]:
                self._probe_jsonl()  # the records after line 1 decide; the reader reports line 1
                return
            lineno = getattr(exc, "lineno", None)
            colno = getattr(exc, "colno", None)
            where = f"line {lineno}" + (f", column {colno}" if colno else "") if lineno else "start"
            msg = getattr(exc, "msg", str(exc))
            raise SourceError(f"{path}: {where}: invalid JSON ({msg})") from None
        self.kind = "json"
        self.records = [self.document]

    def _probe_jsonl(self) -> None:
        self.kind = "jsonl"
        self.records = []
        self.notes = []
        for _lineno, obj in iter_jsonl(self.path, skip=lambda where, reason: None):
            self.records.append(obj)
            if len(self.records) >= PROBE_RECORDS:
                break

    def _note(self, where: str, reason: str) -> None:
        self.notes.append(Skipped(where, reason))


def _try_parse(raw: bytes, note: Callable[[str, str], None] | None = None) -> tuple[Any, bool]:
    """(value, True) when `raw` (line 1 or 2) is one JSON value; (None, False) otherwise."""
    try:
        return parse_json(raw.decode("utf-8-sig"), "line 1", note), True
    except (ValueError, UnicodeDecodeError):
        return None, False


def majority(records: list[Any], looks_right: Callable[[Any], bool]) -> bool:
    """Do most probed records look like the format? Detection goes by the majority, so
    one malformed record among valid ones does not hide the format (the reader then
    skips and reports it)."""
    hits = sum(1 for r in records if looks_right(r))
    return hits > 0 and 2 * hits > len(records)

