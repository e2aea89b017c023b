"""Read-only SQLite connections to source databases, which they never modify."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

from inspector.sources.model import SourceError


def sqlite_uri(path: Path) -> str:
    """The read-only (`mode=ro`) URI of a database file."""
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


def quote_ident(name: str) -> str:
    """`name` quoted as an SQL identifier (embedded quotes doubled)."""
    return '"' + name.replace('"', '""') + '"'

