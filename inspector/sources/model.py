"""What every reader makes: a `Source` (the sessions of one file or database), the
`Skipped` records it reports, and `SourceError`, the one error bad input raises.

Opening a source file raises the audit event `inspector.sources.open` with its path
(`sys.audit`, PEP 578) before anything reads it: an audit hook (a security tool, or
the test suite's guard that sources are never modified) sees every file a reader
opens, through Python's own seam rather than one of ours.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, cast

from inspector.edge import collection_paused
from inspector.engine.limits import MAX_JSON_DEPTH, TooDeep, loads_bounded
from inspector.engine.models import Session
from inspector.formats.locations import DatabaseUrl

OPEN_EVENT = "inspector.sources.open"


def audit_open(path: str | Path | DatabaseUrl) -> None:
    """Raise the `inspector.sources.open` audit event for a source file about to be read.

    Every way of reading a source file calls this first (`Probe`, every `Source`, and
    the readers' own file functions). A database server is no file: it raises none.

    Args:
        path: the file about to be opened.
    """
    if isinstance(path, DatabaseUrl):
        return
    sys.audit(OPEN_EVENT, Path(path))


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
        audit_open(self.path)

    def session_ids(self) -> list[str]:
        """The ids of the source's sessions, in the order the store gives them."""
        raise NotImplementedError

    def _read(self, session_id: str) -> Session:
        raise NotImplementedError

    def session_sizes(self) -> dict[str, int] | None:
        """Each session's size (bytes of its stored records, or any measure that grows
        with its length) when the store knows it without reading the sessions, for a
        sample stratified by size; None when it does not (the default)."""
        return None

    def read(self, session_id: str) -> Session:
        """The session `session_id`, its tool call arguments checked for depth.

        Raises:
            SourceError: no such session (the first ids named), or a record too deep or malformed.
        """
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
        """Every session of the source, read one at a time."""
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
        """Report a record left out (or repaired): `where` it is and why."""
        self.skipped.append(Skipped(where, reason))

    def nothing_read(self, what: str) -> SourceError:
        """The error for a file in which no record was a session: it names the first
        records skipped and why."""
        shown = "; ".join(str(s) for s in self.skipped[:3]) + (" ..." if len(self.skipped) > 3 else "")
        return SourceError(f"{self.path}: no {what} in the file" + (f" ({shown})" if shown else ""))

    def close(self) -> None:
        """Release what the source holds open (nothing by default)."""

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.format} {self.path}>"



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

