"""Open a source: one session of a file or database, every session of a file,
database or directory of them, or all of them imported into the workspace. Errors
name the file (PipelineError)."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.service.errors import PipelineError

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.models import Session
    from inspector.formats.locations import DatabaseUrl
    from inspector.sources.model import Source
    from inspector.workspace.database import ImportReport, Workspace


# ---------------------------------------------------------------------------- sources


def where(source: str | Path | DatabaseUrl) -> Path | DatabaseUrl:
    """A SOURCE as given on a command line: a path, or a database URL (`sqlite:///`
    is its file; a PostgreSQL URL a `DatabaseUrl`, shown without its password).

    Raises:
        PipelineError: a URL that names no database file or server.
    """
    from inspector.formats.locations import resolve

    try:
        return resolve(source)
    except ValueError as exc:
        raise PipelineError(str(exc)) from None


def is_url(location: Path | DatabaseUrl) -> bool:
    """Whether `where` gave a database server, not a file or directory."""
    return not isinstance(location, Path)



def open_source(path: str | Path | DatabaseUrl) -> Source:
    """Open a source (a file, or a database URL) with the reader its content calls for.

    Args:
        path: the source.

    Returns:
        The open source (a context manager: close it).

    Raises:
        One of `source_errors()`, naming the source.
    """
    from inspector.sources.registry import open_source as open_with_reader

    return open_with_reader(path)


def source_errors() -> tuple[type[BaseException], ...]:
    """The errors reading a source raises (each one line naming the source)."""
    from inspector.formats.openai_chat import ConversionError
    from inspector.sources.model import SourceError
    from inspector.sources.swe_agent import TrajError

    return (SourceError, ConversionError, TrajError)


_open_source = open_source  # the names follow and discovery import
_source_errors = source_errors


def detect_format(source: str | Path) -> str:
    """The format name of `source` (a file or a database URL).

    Raises:
        One of `source_errors()` for unknown or unreadable input.
    """
    from inspector.sources.registry import detect_format as detect

    return detect(source)


def checked_location(source: str | Path | DatabaseUrl) -> Path | DatabaseUrl:
    """`where(source)`, checked before anything opens it: a path that is a FIFO, a
    device or a dangling link would block or fail later in a worker.

    Raises:
        PipelineError, or one of `source_errors()`: one line naming the source.
    """
    from inspector.sources.probing import check_path

    location = where(source)
    if isinstance(location, Path):
        check_path(location, directory_ok=True)
    return location


def _files(path: Path) -> list[Path]:
    """The candidate sources of a directory, in name order (hidden files left out)."""
    files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
    if not files:
        raise PipelineError(f"{path}: empty directory")
    return files


def load_session(source: str | Path | DatabaseUrl, session_id: str | None = None) -> Session:
    """One session of a source file or database. Without `session_id` the source
    must hold exactly one session. Raises PipelineError naming the file."""
    from inspector.sources.model import SourceError
    from inspector.sources.probing import check_path

    path = where(source)
    try:
        if isinstance(path, Path):
            check_path(path)
    except SourceError as exc:
        raise PipelineError(str(exc)) from None
    try:
        with _open_source(path) as src:
            ids = list(src.session_ids())
            if session_id is None:
                if len(ids) == 1:
                    return src.read(ids[0])
                if not ids:
                    raise PipelineError(f"{path}: no session found")
                shown = ", ".join(ids[:8]) + (", ..." if len(ids) > 8 else "")
                raise PipelineError(f"{path}: {len(ids)} sessions; choose one with --session ({shown})")
            if session_id not in ids:
                raise PipelineError(f"{path}: no session {session_id!r} "
                                    f"(it has {len(ids)}: {', '.join(ids[:8])}{', ...' if len(ids) > 8 else ''})")
            return src.read(session_id)
    except PipelineError:
        raise
    except _source_errors() as exc:
        raise PipelineError(str(exc)) from None


def iter_sessions(source: str | Path | DatabaseUrl, on_skip: Callable[[str], None] | None = None) -> Iterable[Session]:
    """Every session of a source, in its order. A directory is read file by file (in
    name order); a file there that is not a supported source is passed to `on_skip`
    (one line naming it) instead of stopping the whole run."""
    from inspector.sources.model import SourceError
    from inspector.sources.probing import check_path

    path = where(source)
    try:
        if isinstance(path, Path):
            check_path(path, directory_ok=True)
    except SourceError as exc:
        raise PipelineError(str(exc)) from None
    if isinstance(path, Path) and path.is_dir():
        for f in _files(path):
            try:
                yield from _read_all(f)
            except PipelineError as exc:
                if on_skip is None:
                    raise
                on_skip(str(exc))
        return
    yield from _read_all(path)


def _read_all(path: Path | DatabaseUrl) -> Iterable[Session]:
    try:
        with _open_source(path) as src:
            for sid in list(src.session_ids()):
                yield src.read(sid)
    except _source_errors() as exc:
        raise PipelineError(str(exc)) from None


def import_source(workspace: Workspace, source: str | Path | DatabaseUrl,
                  progress: Callable[[int, int], None] | None = None) -> ImportReport:
    """Import every session of a source into the workspace: a file, a database, or a
    directory of them (a source of many sessions; a file there that is not a
    supported source is reported in `skipped`, the others are imported).

    Each session is stored in its own transaction; one that cannot be read is
    reported in `skipped` with the reason, and the others are imported. `skipped`
    also lists the records the reader left out ("where: reason").

    Args:
        workspace: the workspace to import into.
        source: a session file or database, or a directory of them.
        progress: called with (done, total) as sessions are imported.

    Returns:
        What was imported (new, updated, unchanged) and what was skipped, and why.

    Raises:
        PipelineError: an empty directory.
        SourceError: a file (not a directory) that is missing or cannot be read as a source.
    """
    from inspector.workspace.database import ImportReport

    path = where(source)
    if not isinstance(path, Path) or not path.is_dir():
        return _import_file(workspace, path, progress)
    files = _files(path)
    report = ImportReport(format="directory", session_ids=[])
    formats = set()
    for k, f in enumerate(files):
        try:
            one = _import_file(workspace, f, None)
        except _source_errors() as exc:
            report.skipped.append(str(exc))
        else:
            formats.add(one.format)
            report.session_ids.extend(one.session_ids)
            report.skipped.extend(one.skipped)
            report.new.extend(one.new)
            report.updated.extend(one.updated)
            report.unchanged.extend(one.unchanged)
        if progress is not None:
            progress(k + 1, len(files))
    if len(formats) == 1:
        report.format = formats.pop()
    return report


def _import_file(workspace: Workspace, path: Path | DatabaseUrl, progress: Callable[[int, int], None] | None) -> ImportReport:
    from inspector.workspace.database import ImportReport

    with _open_source(path) as source:
        ids = list(source.session_ids())
        report = ImportReport(format=source.format, session_ids=[])
        failed: list[str] = []
        total = len(ids)
        if progress:
            progress(0, total)
        for k, sid in enumerate(ids):
            try:
                session = source.read(sid)
            except (ValueError, OSError) as exc:  # SourceError is a ValueError
                if total == 1:
                    raise  # the source's only session: its error is the source's
                failed.append(f"session {sid!r}: {exc}")
            else:
                wid, status = workspace.store_session(session)
                report.session_ids.append(wid)
                {"new": report.new, "updated": report.updated, "unchanged": report.unchanged}[status].append(wid)
            if progress:
                progress(k + 1, total)
        report.skipped = [str(s) for s in source.skipped] + failed
    return report


def is_workspace(path: Path | DatabaseUrl) -> bool:
    """A SQLite file with inspector's workspace tables (read-only check). Anything but a
    regular file is not one, and is never opened (a FIFO would block the open)."""
    if not isinstance(path, Path):
        return False
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as fh:
            if fh.read(16) != b"SQLite format 3\x00":
                return False
        from inspector.sources.model import SourceError
        from inspector.sources.sqlite_ro import connect_ro

        try:
            conn = connect_ro(path)  # leaves no -wal/-shm beside a WAL-mode source
        except SourceError:
            return False
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except (OSError, sqlite3.Error):
        return False
    return {"sessions", "versions", "offloads"} <= names
