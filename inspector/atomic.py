"""Atomic file writes: a temp file beside the target, fsync, rename. A reader sees the
old file or the new one, whole, never a half-written one; after a crash at most a
hidden `.name.*.tmp` is left behind, never a damaged target."""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
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
    return atomic_write_chunks(path, [text])


def _umask() -> int:
    if not hasattr(os, "umask"):
        return 0o022
    current = os.umask(0)
    os.umask(current)
    return current
