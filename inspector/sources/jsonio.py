"""JSON and JSONL as sources hold them: parsed with the standard parser's results
(orjson where it reads exactly what `json` reads), bad lines reported with their line
number, and a growing JSONL file followed, reading only the bytes appended."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

from inspector.engine.limits import MAX_JSON_DEPTH, TooDeep, json_depth_exceeds, loads_bounded
from inspector.engine.wording import plural
from inspector.formats.common import LONE_SURROGATE
from inspector.sources.model import SourceError

UTF8_BOM = b"\xef\xbb\xbf"  # some Windows tools start UTF-8 text with it; it is not content


def decode_line(raw: bytes, path: Path, lineno: int) -> str:
    """One JSONL line as text (a BOM on line 1 dropped).

    Raises:
        SourceError: the line is not UTF-8, naming the file, line, byte and column.
    """
    try:
        return raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path}: line {lineno}: invalid UTF-8 (byte 0x{raw[exc.start]:02x} at column "
                          f"{exc.start + 1})") from None


def decode_text(data: bytes, path: Path) -> str:
    """A whole file's bytes as text (a leading BOM dropped).

    Raises:
        SourceError: the bytes are not UTF-8, naming the file, line, byte and column.
    """
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
    """Stop following `path`: `iter_jsonl` reads it whole again."""
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

