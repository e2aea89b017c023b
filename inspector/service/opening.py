"""Open a source: one session of a file or database, or every session of a file,
database or directory of them. Errors name the file (PipelineError)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.service.pipeline import PipelineError

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.models import Session


# ---------------------------------------------------------------------------- sources


def _open_source(path: str | Path):
    from inspector.sources.base import open_source

    return open_source(path)


def _source_errors() -> tuple[type[BaseException], ...]:
    errs: list[type[BaseException]] = []
    try:
        from inspector.sources.base import SourceError

        errs.append(SourceError)
    except ImportError:  # pragma: no cover - store not installed
        pass
    from inspector.formats.openai_chat import ConversionError
    from inspector.sources.swe_agent import TrajError

    return (*errs, ConversionError, TrajError)


def load_session(source: str | Path, session_id: str | None = None) -> Session:
    """One session of a source file or database. Without `session_id` the source
    must hold exactly one session. Raises PipelineError naming the file."""
    path = Path(source)
    if not path.exists():
        raise PipelineError(f"{path}: no such file or directory")
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


def iter_sessions(source: str | Path, on_skip: Callable[[str], None] | None = None) -> Iterable[Session]:
    """Every session of a source, in its order. A directory is read file by file (in
    name order); a file there that is not a supported source is passed to `on_skip`
    (one line naming it) instead of stopping the whole run."""
    path = Path(source)
    if not path.exists():
        raise PipelineError(f"{path}: no such file or directory")
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
        if not files:
            raise PipelineError(f"{path}: empty directory")
        for f in files:
            try:
                yield from _read_all(f)
            except PipelineError as exc:
                if on_skip is None:
                    raise
                on_skip(str(exc))
        return
    yield from _read_all(path)


def _read_all(path: Path) -> Iterable[Session]:
    try:
        with _open_source(path) as src:
            for sid in list(src.session_ids()):
                yield src.read(sid)
    except _source_errors() as exc:
        raise PipelineError(str(exc)) from None
