"""Open any supported session source, picking the reader by content, never by name.

A source is a file written by an agent framework. It is opened read-only (SQLite
through a `mode=ro` URI) and never modified. `open_source(path)` probes the file
once (SQLite schema columns, or the first JSON/JSONL records), asks each registered
reader whether the probe is its format, and returns that reader's `Source`.

Adding a reader is one line in `READERS`: a module that is a `Reader` (like a
harlequin adapter: a format name, a detector, a loader).
"""

from __future__ import annotations

import errno
import importlib
import os
import re
import shutil
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

import orjson

from inspector.edge import collection_paused
from inspector.engine.limits import MAX_JSON_DEPTH, TooDeep, json_depth_exceeds, loads_bounded
from inspector.engine.models import Session
from inspector.engine.wording import plural
from inspector.formats.common import LONE_SURROGATE
from inspector.formats.locations import DatabaseUrl, resolve

# (format name, module). Order matters only where two sniffers could both accept a
# probe: the loosest (OpenAI chat) comes last.
READERS: list[tuple[str, str]] = [
    ("openai-agents", "inspector.sources.openai_agents"),
    ("adk", "inspector.sources.adk"),
    ("langgraph", "inspector.sources.langgraph"),
    ("llm", "inspector.sources.llm_cli"),
    ("claude-code", "inspector.sources.claude_code"),
    ("codex", "inspector.sources.codex"),
    ("swe-agent", "inspector.sources.swe_agent"),
    ("anthropic-json", "inspector.sources.anthropic_json"),
    ("openai-chat", "inspector.sources.openai_chat"),
]

FORMAT_NAMES: tuple[str, ...] = tuple(name for name, _ in READERS)

# Callbacks run with the path before a source is opened (tests record hashes here).
_OPEN_HOOKS: list[Callable[[Path], None]] = []


def notify_open(path: str | Path | DatabaseUrl) -> None:
    """Run the open hooks: every way of reading a source file calls this first
    (`Probe`, every `Source`, and the readers' own file functions). A database server
    is no file: its sources are not hooked."""
    if isinstance(path, DatabaseUrl):
        return
    for hook in list(_OPEN_HOOKS):
        hook(Path(path))


SQLITE_MAGIC = b"SQLite format 3\x00"
UTF8_BOM = b"\xef\xbb\xbf"  # some Windows tools start UTF-8 text with it; it is not content
PROBE_RECORDS = 20


class SourceError(ValueError):
    """Bad or unsupported input: one line naming the file and the location."""


@dataclass
class Skipped:
    """A record that was not turned into a message, and why."""

    where: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


class Source:
    """Sessions of one source file. Subclasses implement `session_ids` and `_read`."""

    format: str = "unknown"

    def __init__(self, path: str | Path):
        # A database URL source keeps its `DatabaseUrl` (shown redacted in messages and
        # `source_path`); the readers that take one use it only as text.
        self.path: Path = cast(Path, path) if isinstance(path, DatabaseUrl) else Path(path)
        self.skipped: list[Skipped] = []
        notify_open(self.path)

    def session_ids(self) -> list[str]:
        raise NotImplementedError

    def _read(self, session_id: str) -> Session:
        raise NotImplementedError

    def session_sizes(self) -> dict[str, int] | None:
        """Each session's size (bytes of its stored records, or any measure that grows
        with its length) when the store knows it without reading the sessions, for a
        sample stratified by size; None when it does not (the default)."""
        return None

    def read(self, session_id: str) -> Session:
        if session_id not in self._id_set:
            ids = self.session_ids()
            hint = ", ".join(ids[:5]) + (" ..." if len(ids) > 5 else "")
            raise SourceError(f"{self.path}: no session {session_id!r} (sessions: {hint or 'none'})")
        with collection_paused():
            return self._checked(self._read(session_id))

    @cached_property
    def _id_set(self) -> set[str]:
        return set(self.session_ids())

    def sessions(self) -> Iterator[Session]:
        for sid in self.session_ids():
            with collection_paused():
                session = self._checked(self._read(sid))
            yield session

    def _checked(self, session: Session) -> Session:
        """`session`, or SourceError when a tool call's arguments (JSON inside a string,
        parsed later by every stage and export) nest deeper than `MAX_JSON_DEPTH`."""
        for i, m in enumerate(session.messages):
            for c in m.tool_calls:
                raw = c.arguments_raw
                if raw.count("[") + raw.count("{") <= MAX_JSON_DEPTH:
                    continue  # cannot nest that deep: not parsed here
                try:
                    loads_bounded(raw)
                except TooDeep as exc:
                    raise SourceError(f"{self.path}: session {session.id}: message {i}: tool call {c.id}: "
                                      f"arguments {exc}") from None
                except ValueError:
                    pass  # not JSON: kept as text, reported by validation
        return session

    def skip(self, where: str, reason: str) -> None:
        self.skipped.append(Skipped(where, reason))

    def nothing_read(self, what: str) -> SourceError:
        """The error for a file in which no record was a session: it names the first
        records skipped and why."""
        shown = "; ".join(str(s) for s in self.skipped[:3]) + (" ..." if len(self.skipped) > 3 else "")
        return SourceError(f"{self.path}: no {what} in the file" + (f" ({shown})" if shown else ""))

    def close(self) -> None:
        pass

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.format} {self.path}>"


# --------------------------------------------------------------------------- probing


def sqlite_uri(path: Path) -> str:
    return path.resolve().as_uri() + "?mode=ro"


class _CopyConnection(sqlite3.Connection):
    """A connection to a private copy of a source; the copy goes with it."""

    copy: tempfile.TemporaryDirectory[str] | None = None

    def close(self) -> None:
        super().close()
        if self.copy is not None:
            self.copy.cleanup()
            self.copy = None


def connect_ro(path: Path) -> sqlite3.Connection:
    """Read-only connection. Sees committed WAL content; never checkpoints or writes,
    and leaves no file beside a WAL-mode source where it can avoid it: SQLite's
    read-only open of a WAL database creates `-wal` and `-shm` (and fails in a
    read-only directory).

    - WAL mode, no `-wal` file (quiescent, checkpointed): opened `immutable`, which
      creates nothing;
    - a `-wal` but no `-shm` (no writer attached: one crashed or stopped): the database
      and its WAL are copied and the copy read (copy-on-read), so the WAL's committed
      content is seen and nothing is created beside the source;
    - a `-wal` and a `-shm` (a live writer): read in place, as SQLite readers do.
    """
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    try:
        with path.open("rb") as fh:
            wal_mode = fh.read(20)[18:19] == b"\x02"
    except OSError:
        wal_mode = False
    try:
        if wal_mode and not wal.exists():
            conn = sqlite3.connect(sqlite_uri(path) + "&immutable=1", uri=True, check_same_thread=False)
        elif wal_mode and not shm.exists():
            copy = tempfile.TemporaryDirectory(prefix="inspector-read-")
            target = Path(copy.name) / path.name
            shutil.copyfile(path, target)
            shutil.copyfile(wal, Path(f"{target}-wal"))
            conn = sqlite3.connect(str(target), check_same_thread=False, factory=_CopyConnection)
            assert isinstance(conn, _CopyConnection)
            conn.copy = copy
        else:
            conn = sqlite3.connect(sqlite_uri(path), uri=True, check_same_thread=False)
        conn.execute("PRAGMA query_only=1")
    except (sqlite3.Error, OSError) as exc:
        raise SourceError(f"{path}: cannot open as a SQLite database ({exc})") from None
    return conn


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
        check_path(path)  # before the open hooks: nothing may open a FIFO
        notify_open(path)
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
        if self._conn is None:
            self._conn = connect_ro(self.path)
        return self._conn

    def take_conn(self) -> sqlite3.Connection:
        """Hand the connection to a reader (the probe will not close it)."""
        conn = self.conn
        self._conn = None
        return conn

    def close(self) -> None:
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


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def decode_line(raw: bytes, path: Path, lineno: int) -> str:
    try:
        return raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path}: line {lineno}: invalid UTF-8 (byte 0x{raw[exc.start]:02x} at column "
                          f"{exc.start + 1})") from None


def decode_text(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        lineno = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SourceError(f"{path}: line {lineno}: invalid UTF-8 (byte 0x{data[exc.start]:02x} at column {col})") from None


_JSONL_BUFFER = 1 << 20  # bytes


def iter_jsonl(path: Path, skip: Callable[[str, str], None] | None = None) -> Iterator[tuple[int, Any]]:
    """(line number, parsed value) for every non-blank line.

    Without `skip`, a line that is not JSON (or not UTF-8) is a SourceError naming it.
    With `skip` (a reader's `Source.skip`) it is reported there with its line number and
    left out, as real files hold the odd malformed record among valid ones; an
    unparsable last line without a newline is reported as a record the writer has not
    finished (an agent still running, or a cut file). Repairs `parse_json` makes are
    reported there too.

    A file being followed (`follow_jsonl`) is read from where the last call stopped:
    the records before come from memory, only the new bytes are read.
    """
    tail = _TAILS.get(Path(path))
    if tail is not None:
        yield from tail.records(skip)
        return
    try:
        # A 1 MiB buffer: lines longer than the default 8 KiB one (tool outputs) are
        # read in one piece (reading a 190 MB transcript's lines takes half the time).
        f = path.open("rb", buffering=_JSONL_BUFFER)
    except OSError as exc:
        raise SourceError(f"{path}: cannot read ({exc.strerror or exc})") from None
    with f:
        for lineno, raw in enumerate(f, 1):
            if raw.isspace():
                continue
            if skip is not None and not raw.endswith(b"\n"):
                value = _line_value(raw, path, lineno, _Unfinished.note)
                if value is _Unfinished:
                    skip(f"line {lineno}", "incomplete last line, left out (no newline at the end: the file is "
                                           "still being written, or was cut)")
                    return
            else:
                value = _line_value(raw, path, lineno, skip)
            if value is not _LEFT_OUT:
                yield lineno, value


class _Unfinished:
    """A last line without a newline that does not parse: not a bad record, one the
    writer has not finished."""

    @staticmethod
    def note(where: str, reason: str) -> None:
        if "invalid JSON" in reason or "invalid UTF-8" in reason:
            raise _UnfinishedLine()


class _UnfinishedLine(Exception):
    pass


_LEFT_OUT = object()


def _line_value(raw: bytes, path: Path, lineno: int, skip: Callable[[str, str], None] | None) -> Any:
    """One JSONL line's value; `_LEFT_OUT` when it is not JSON and `skip` took the
    report (SourceError without `skip`); `_Unfinished` for the last line of a file
    still being written (`_Unfinished.note` as `skip`)."""
    value = _fast_record(raw[3:] if lineno == 1 and raw.startswith(UTF8_BOM) else raw)
    if value is not _UNDECIDED:
        return value
    try:
        try:
            return parse_json(decode_line(raw, path, lineno), f"line {lineno}", skip)
        except ValueError as exc:  # SourceError (bad UTF-8) included
            if isinstance(exc, SourceError):
                if skip is None:
                    raise
                skip(f"line {lineno}", str(exc).removeprefix(f"{path}: line {lineno}: ") + "; left out")
                return _LEFT_OUT
            msg = getattr(exc, "msg", str(exc))
            col = getattr(exc, "colno", None)
            end = "" if raw.endswith(b"\n") else " (the line is incomplete: truncated file?)"
            if skip is not None:
                skip(f"line {lineno}" + (f", column {col}" if col else ""), f"invalid JSON ({msg}); left out")
                return _LEFT_OUT
            raise SourceError(f"{path}: line {lineno}" + (f", column {col}" if col else "")
                              + f": invalid JSON ({msg}){end}") from None
    except _UnfinishedLine:
        return _Unfinished


# ---- following a file that grows


class JsonlTail:
    """A JSONL file read as it grows: the records parsed so far kept, each refresh
    reading only the bytes appended since. A last line without its newline is not
    consumed: it is parsed again on the next refresh (a record still being written is
    waited for, not reported as bad). A file replaced or cut shorter is read anew.
    """

    HEAD = 256  # bytes compared to tell a rewritten file from a grown one

    def __init__(self, path: Path):
        self.path = path
        self._reset()

    def _reset(self) -> None:
        self.identity: tuple[int, int] | None = None
        self.head = b""
        self.offset = 0  # bytes consumed: complete lines only
        self.lineno = 0
        # ("record", lineno, value), ("skip", where, reason) or ("repair", where, reason)
        self.events: list[tuple[str, Any, Any]] = []
        self.pending = b""  # the last line, not finished yet
        self.bytes_read = 0  # over the tail's life (tests check reads stay incremental)
        # What a reader made of these records last time (`follow_memo`): the records
        # are the same objects from one refresh to the next, so a reader can tell its
        # work on them is still valid and reuse it instead of converting them again.
        self.memo: dict[Any, Any] = {}

    def refresh(self) -> bool:
        """Read what was appended; True when anything changed."""
        try:
            st = os.stat(self.path)
            with self.path.open("rb") as f:
                head = f.read(self.HEAD)
                identity = (st.st_dev, st.st_ino)
                if (identity != self.identity or st.st_size < self.offset + len(self.pending)
                        or head[:len(self.head)] != self.head[:len(head)]):
                    self._reset()
                    self.identity = identity
                self.head = head
                if st.st_size == self.offset + len(self.pending):
                    return False
                f.seek(self.offset)
                data = f.read()
        except OSError as exc:
            raise SourceError(f"{self.path}: cannot read ({exc.strerror or exc})") from None
        self.bytes_read += len(data)
        end = data.rfind(b"\n") + 1
        complete, self.pending = data[:end], data[end:]
        notes: list[tuple[str, str]] = []
        for raw in complete.splitlines(keepends=True):
            self.lineno += 1
            if raw.isspace():
                continue
            notes.clear()
            value = _line_value(raw, self.path, self.lineno, lambda where, reason: notes.append((where, reason)))
            # notes on a line left out are why; on a line read, the repairs made to it
            kind = "skip" if value is _LEFT_OUT else "repair"
            self.events.extend((kind, where, reason) for where, reason in notes)
            if value is not _LEFT_OUT:
                self.events.append(("record", self.lineno, value))
        self.offset += len(complete)
        return True

    def records(self, skip: Callable[[str, str], None] | None) -> Iterator[tuple[int, Any]]:
        """Every record of the file as `iter_jsonl` gives them, the file refreshed first."""
        self.refresh()
        for kind, a, b in self.events:
            if kind == "record":
                yield a, b
            elif skip is not None:
                skip(a, b)
            elif kind == "skip":  # without `skip`, a bad line is an error (repairs pass silently)
                raise SourceError(f"{self.path}: {a}: {b.removesuffix('; left out')}")
        if self.pending.strip():
            lineno = self.lineno + 1
            value = _line_value(self.pending, self.path, lineno, _Unfinished.note)
            if value is _Unfinished:
                if skip is not None:
                    skip(f"line {lineno}", "incomplete last line, waited for (the file is still being written)")
            elif value is not _LEFT_OUT:
                yield lineno, value  # complete, only its newline missing


_TAILS: dict[Path, JsonlTail] = {}


def follow_jsonl(path: Path) -> JsonlTail:
    """Read `path` incrementally from now on, in every reader (`iter_jsonl`)."""
    key = Path(path)
    tail = _TAILS.get(key)
    if tail is None:
        tail = _TAILS[key] = JsonlTail(key)
    return tail


def unfollow_jsonl(path: Path) -> None:
    _TAILS.pop(Path(path), None)


def follow_memo(path: Path) -> dict[Any, Any] | None:
    """A reader's memo for a followed JSONL file (None when it is not followed): kept
    while the file grows, emptied when it is rewritten. A reader keys what it made of
    some records by their line and checks they are the same objects (`is`) before
    reusing it."""
    tail = _TAILS.get(Path(path))
    return tail.memo if tail is not None else None


_UNDECIDED = object()
# Digits as 0 and `[` as `{`: one pass finds a run of 20 digits and counts the openers.
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789[", b"000000000{")
_TWENTY_DIGITS = b"0" * 20


def _fast_record(raw: bytes) -> Any:
    """One JSONL line parsed by orjson (2-3x faster than `json`), or `_UNDECIDED` when
    `parse_json` must decide (its errors, repairs and limits are the reference).

    orjson's result is the standard parser's for any line it accepts except two: an
    integer too long for 64 bits (orjson makes it a float), so a line with a run of 20
    digits is left to `json`; and nesting, checked here against `MAX_JSON_DEPTH` the
    same way. What orjson refuses (invalid JSON or UTF-8, a lone surrogate escape that
    `parse_json` repairs, NaN, a number out of range) goes to `parse_json` as before.
    """
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _UNDECIDED
    masked = raw.translate(_DIGITS_AS_ZERO)
    if _TWENTY_DIGITS in masked:
        return _UNDECIDED
    if isinstance(value, (dict, list)) and masked.count(b"{") > MAX_JSON_DEPTH and json_depth_exceeds(value):
        return _UNDECIDED
    return value


# A JSON escape of a UTF-16 surrogate (\ud800-\udfff): the only way JSON can carry one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
_SURROGATE_ESCAPE_B = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def parse_json(data: str | bytes, where: str = "", skip: Callable[[str, str], None] | None = None) -> Any:
    """`json.loads` for what a source holds; ValueError for anything that is not JSON.

    - nesting deeper than `MAX_JSON_DEPTH` is a ValueError ("nested deeper than 128"),
      never a RecursionError;
    - a lone UTF-16 surrogate (`"\\ud83d"`: valid JSON, as JavaScript writes half an
      emoji, but not text any UTF-8 file, database or model API accepts) becomes U+FFFD,
      reported through `skip(where, reason)` when given. Valid pairs are untouched.
    """
    value = loads_bounded(data)
    found = (_SURROGATE_ESCAPE_B.search(data) if isinstance(data, bytes)
             else _SURROGATE_ESCAPE.search(data))
    if found is None:
        return value
    fixed = [0]

    def scrub(v: Any) -> Any:
        if isinstance(v, str):
            out, n = LONE_SURROGATE.subn("\ufffd", v)
            fixed[0] += n
            return out
        if isinstance(v, list):
            return [scrub(x) for x in v]
        if isinstance(v, dict):
            return {scrub(k): scrub(x) for k, x in v.items()}
        return v

    try:
        value = scrub(value)
    except RecursionError:  # not reached: loads_bounded checked the depth
        raise TooDeep() from None
    if fixed[0] and skip is not None:
        skip(where or "document", f"{plural(fixed[0], 'lone UTF-16 surrogate')} (half of a character) replaced with U+FFFD")
    return value


# --------------------------------------------------------------------------- helpers for readers


def parse_time(value: Any) -> datetime | None:
    """ISO 8601 text, SQLite 'YYYY-MM-DD HH:MM:SS' (UTC), or epoch seconds."""
    if value is None or value == "":
        return None
    try:
        if isinstance(value, (int, float)):
            v = float(value)
            if v > 1e11:  # milliseconds
                v /= 1000.0
            return datetime.fromtimestamp(v, tz=UTC)
        if isinstance(value, str):
            dt = datetime.fromisoformat(value.strip())  # reads a "Z" suffix as UTC
            if dt.tzinfo is None:
                dt = dt.replace(tzinfo=UTC)
            return dt
    except (ValueError, OverflowError, OSError):
        return None
    return None


# --------------------------------------------------------------------------- entry points


@runtime_checkable
class Reader(Protocol):
    """What a reader module provides (each module in `READERS` is one).

    Attributes:
        FORMAT: the format name (as `open_source` reports it).
    """

    FORMAT: str

    def sniff(self, probe: Probe) -> bool:
        """Is the probed file this reader's format? Decided on content only."""
        ...

    def load(self, probe: Probe) -> Source:
        """The file's sessions (read-only); SourceError names the file and line."""
        ...


def _module(module_name: str) -> Reader:
    mod = importlib.import_module(module_name)
    if not isinstance(mod, Reader):
        raise TypeError(f"{module_name} is not a Reader (FORMAT, sniff, load)")
    return mod


def _detect(probe: Probe) -> tuple[str, Reader]:
    for name, module_name in READERS:
        mod = _module(module_name)
        if mod.sniff(probe):
            return name, mod
    path = probe.path
    if probe.kind == "sqlite":
        tables = ", ".join(probe.tables) or "no tables"
        raise SourceError(f"{path}: unknown SQLite schema (tables: {tables}){_near_miss(probe)}; "
                          f"supported: {', '.join(FORMAT_NAMES)}")
    if probe.kind in ("json", "jsonl"):
        first = probe.records[0] if probe.records else None
        what = (f"keys {sorted(first)[:8]}" if isinstance(first, dict)
                else type(first).__name__)
        raise SourceError(f"{path}: line 1: unknown {probe.kind.upper()} content ({what}); "
                          f"supported: {', '.join(FORMAT_NAMES)}")
    raise SourceError(f"{path}: not a supported session file (neither SQLite nor JSON); "
                      f"supported: {', '.join(FORMAT_NAMES)}")


def _near_miss(probe: Probe) -> str:
    """'; table T looks like F's but lacks 2 columns (...)' for the known table (a reader's
    `SQLITE_TABLES`) a table of the database comes closest to, if any."""
    best: tuple[float, str, str, list[str]] | None = None
    for name, module_name in READERS:
        for need in getattr(_module(module_name), "SQLITE_TABLES", ()):
            for table, cols in probe.tables.items():
                missing = [c for c in need if c not in cols]
                if missing and len(need) - len(missing) >= max(2, len(need) // 2) and (
                        best is None or len(missing) / len(need) < best[0]):
                    best = (len(missing) / len(need), table, name, missing)
    if best is None:
        return ""
    _, table, name, missing = best
    return f"; table {table} looks like {name}'s but lacks {plural(len(missing), 'column')} ({', '.join(missing)})"


def _probe(source: Any) -> Probe:
    """The probe of a file, or of a database URL (`sqlite:///` is its file)."""
    try:
        where = resolve(source) if isinstance(source, str) else source
    except ValueError as exc:
        raise SourceError(str(exc)) from None
    if isinstance(where, DatabaseUrl):
        from inspector.sources.database import DatabaseProbe

        return DatabaseProbe(where)
    return Probe(Path(where))


def detect_format(path: str | Path) -> str:
    """The format name of `path` (a file or a database URL); SourceError for unknown or
    unreadable input."""
    probe = _probe(path)
    try:
        return _detect(probe)[0]
    finally:
        probe.close()


def open_source(path: Any) -> Source:
    """Open `path` (a file, or a database URL: `postgresql[+driver]://`, `sqlite:///`)
    with the reader its content calls for."""
    probe = _probe(path)
    p = probe.path
    try:
        name, mod = _detect(probe)
        with collection_paused():  # readers of one-session files parse here
            source = mod.load(probe)
        source.format = name
        if probe.kind == "json" and probe.notes:
            source.skipped[:0] = probe.notes
        return source
    except sqlite3.DatabaseError as exc:
        raise SourceError(f"{p}: not a readable SQLite database ({exc})") from None
    finally:
        probe.close()
