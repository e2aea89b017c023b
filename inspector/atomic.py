"""Atomic file writes: a temp file beside the target, fsync, rename. A reader sees the
old file or the new one, whole, never a half-written one; after a crash at most a
hidden `.name.*.tmp` is left behind, never a damaged target."""

from __future__ import annotations

import os
import sqlite3
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from inspector._faults import fault_point


def atomic_write_chunks(path: str | Path, chunks: Iterable[str]) -> Path:
    """Write text chunks to `path` atomically. If anything fails (including the chunk
    producer), `path` is untouched and the temp file is removed."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        # mkstemp makes the file private (0600); give it the mode a plain write would.
        try:
            mode = stat.S_IMODE(os.stat(p).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            for chunk in chunks:
                fh.write(chunk)
                fault_point("export.chunk")
            fh.flush()
            os.fsync(fh.fileno())
        fault_point("export.rename")
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return p


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Write `text` to `path` atomically (a temporary file renamed over it); returns the path."""
    return atomic_write_chunks(path, [text])


def _umask() -> int:
    if not hasattr(os, "umask"):
        return 0o022
    current = os.umask(0)
    os.umask(current)
    return current



class NewFile:
    """A file a library builds in place (a SQLite database), made to appear whole: a new
    file is built under a hidden temp name beside `path` and linked into place by
    `publish`; an existing file is used as it is (the library's own transaction
    protects it). `discard` (always, in a `finally`) removes the temp name and what
    the library left beside it; after `publish` the file stays under `path`.

        new = NewFile(path)
        conn = sqlite3.connect(new.path)
        try:
            ...  # build, commit
            new.publish()
        finally:
            conn.close()
            new.discard()

    Args:
        path: the file to create or update.
    """

    def __init__(self, path: str | Path) -> None:
        self.final = Path(path)
        self.temp: Path | None = None
        if self.final.exists():
            self.path = self.final
            return
        self.final.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{self.final.name}.", suffix=".tmp", dir=self.final.parent)
        os.close(fd)
        self.temp = self.path = Path(name)
        os.chmod(self.temp, 0o666 & ~_umask())  # mkstemp's is 0600; a plain create's mode

    def publish(self) -> None:
        """Put the built file under its final name (nothing to do for an existing file).

        Raises:
            FileExistsError: another process created the file meanwhile (its file is
                left alone).
        """
        if self.temp is None:
            return
        with open(self.temp, "rb+") as fh:
            os.fsync(fh.fileno())
        fault_point("export.sqlite_publish")
        try:
            os.link(self.temp, self.final)  # unlike a rename, never replaces a file made meanwhile
        except FileExistsError:
            raise FileExistsError(f"{self.final}: created by another program while this one wrote it; "
                                  "run again") from None
        except OSError:  # a file system without hard links
            if self.final.exists():
                raise FileExistsError(f"{self.final}: created by another program while this one wrote it; "
                                      "run again") from None
            os.replace(self.temp, self.final)

    def discard(self) -> None:
        """Remove the temp name and its journal, WAL and shared-memory files."""
        if self.temp is None:
            return
        for suffix in ("", "-journal", "-wal", "-shm"):
            try:
                os.unlink(f"{self.temp}{suffix}")
            except OSError:
                pass


@contextmanager
def sqlite_write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction on `conn` (opened with `isolation_level=None`): `BEGIN
    IMMEDIATE` (other writers wait from here on), `COMMIT` when the block ends, and
    `ROLLBACK` when it raises (anything, a KeyboardInterrupt too), which then goes on.

    Args:
        conn: a connection in autocommit mode, not in a transaction.

    Returns:
        The block's `conn`, inside the transaction.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise

