"""Export what a user sees: compacted sessions written in an export format, one or
many (`inspector export --all`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.service.pipeline import (
    _counter,
    acompact_session,
    compact_session,
    failure_types,
    make_summarizer,
    measure_fidelity,
)

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted, SummaryCache
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.summarize import EventHandler, Summarizer
    from inspector.engine.tokens import TokenCache, TokenCounter
    from inspector.exports.registry import ExportResult, TargetOptions
    from inspector.service.store import ExportStore


def export_errors() -> tuple[type[BaseException], ...]:
    """Exceptions meaning "the export could not be written": `OSError`, and the
    writers' own error (one line naming the output)."""
    from inspector.exports.registry import ExportError

    return (OSError, ExportError)


@dataclass(frozen=True)
class Exported:
    """A written export: the writer's result and the compaction written (None for the
    original session)."""

    written: ExportResult
    result: Compacted | None


class TargetOptionError(ValueError):
    """A target option the user typed is not valid (names the field)."""


def target_options(*, model: str | None = None, max_tokens: str | int | None = None,
                   adk_author: str | None = None, adk_app: str | None = None,
                   adk_user: str | None = None) -> TargetOptions:
    """The target options of an export, from the CLI's flags or the TUI's fields: blank
    values mean "the default" (the session's, else inspector's).

    Args:
        model: `--model`.
        max_tokens: `--max-tokens` (an int, or the text typed: a positive integer).
        adk_author, adk_app, adk_user: `--adk-author`, `--adk-app`, `--adk-user`.

    Returns:
        `inspector.exports.registry.TargetOptions`.

    Raises:
        TargetOptionError: max_tokens is not a positive integer, or a name is blank
            inside (only surrounding spaces are dropped).
    """
    from inspector.exports.registry import TargetOptions

    def text(value: str | None) -> str | None:
        value = (value or "").strip()
        return value or None

    limit: int | None
    if isinstance(max_tokens, str):
        typed = max_tokens.strip().replace(",", "").replace("_", "")
        if not typed:
            limit = None
        elif not typed.isdigit() or int(typed) < 1:
            raise TargetOptionError(f"max tokens: {max_tokens.strip()!r} is not a positive integer")
        else:
            limit = int(typed)
    else:
        limit = max_tokens
    if limit is not None and limit < 1:
        raise TargetOptionError(f"max tokens: {limit} is not a positive integer")
    return TargetOptions(model=text(model), max_tokens=limit, adk_author=text(adk_author),
                         adk_app=text(adk_app), adk_user=text(adk_user))


def export_destination(output: str, session_id: str, fmt: str) -> str | Path:
    """Where an export named `output` (`-o OUTPUT`, the TUI's field) writes: a database
    URL as given (the writer opens it where the framework's own service would), else the
    file (`OUTPUT`, or `OUTPUT/<default name>` for a directory). Checked before anything
    is compacted, so a refused output costs no summary.

    Args:
        output: what the user typed: a path, or a `postgresql[+driver]://` or
            `sqlite:///` URL.
        session_id: the session exported (names the file inside a directory).
        fmt: the export format.

    Returns:
        The URL text unchanged, or the file path.

    Raises:
        ExportError: a URL for a format that writes a file (the message names the
            URL without its password and the formats a URL takes).
    """
    from inspector.exports.catalog import resolve_target
    from inspector.exports.registry import refuse_file_format
    from inspector.formats.locations import is_database_url, shown

    if is_database_url(output):
        refuse_file_format(shown(output), fmt)
        return output
    return resolve_target(output, session_id, fmt)


def shown_output(output: object) -> str:
    """An export's output as messages show it: a database URL without its password, a
    file as an absolute path (found whatever the working directory)."""
    from inspector.formats.locations import shown

    return str(output.resolve()) if isinstance(output, Path) else shown(output)


def export_compacted(
    session: Session,
    config: CompactionConfig,
    fmt: str,
    out: str | Path,
    *,
    offloads: ExportStore,
    counter: TokenCounter | None = None,
    summarizer: Summarizer | None = None,
    summary_cache: SummaryCache | None = None,
    token_cache: TokenCache | None = None,
    on_event: EventHandler | None = None,
    into_source: bool = False,
    force: bool = False,
    unique_ids: bool | None = None,
    target: TargetOptions | None = None,
) -> Exported:
    """Compact `session` exactly as apply would (summaries from the cache, the rest by
    the config's summarizer) and write it as `fmt`; the removed content is stored in
    `offloads` first, so every recovery hint in the file resolves.

    Args:
        session: the session to export.
        config: the compaction config.
        fmt: an export format (`inspector.exports.registry.EXPORT_FORMATS`).
        out: the file to write.
        offloads: where removed content is kept (the workspace).
        counter, summarizer, summary_cache, token_cache, on_event: as `compact_session`.
        into_source: add to the source's own Agents SDK or ADK database (`--into-source`).
        force: replace an existing file (`--force`); never done otherwise.
        unique_ids: rename duplicate tool-call ids (default: per format, see
            `inspector.exports.catalog`).
        target: model, Anthropic max_tokens, ADK author/app/user for the target
            (`inspector.exports.registry.TargetOptions`).

    Returns:
        The writer's result and the compaction written.

    Raises:
        SummaryFailed / SummaryRejected / CompactionFailed: nothing written.
        ExportError / OSError: the file could not be written.
    """
    result = compact_session(session, config, counter=counter, summarizer=summarizer, summary_cache=summary_cache,
                             token_cache=token_cache, on_event=on_event)
    written = write_compacted(session, result, fmt, out, offloads=offloads, into_source=into_source, force=force,
                              unique_ids=unique_ids, target=target)
    return Exported(written, result)


def write_compacted(session: Session, result: Compacted, fmt: str, out: str | Path, *, offloads: ExportStore,
                    into_source: bool = False, force: bool = False, unique_ids: bool | None = None,
                    target: TargetOptions | None = None) -> ExportResult:
    """Write a compaction already made (`export_compacted`, `compact_many`), what its
    hints point at stored first: the removed content, and the session when a summary's
    hint says its original messages are kept in the workspace."""
    from inspector.exports.registry import export_session

    offloads.store_offloads(result.offloads)
    if result.summaries and result.plan.config.summarization.recovery_hint:
        offloads.add_session(session)
    stored_in = _workspace_path(offloads)
    if stored_in is not None and (target is None or target.workspace is None):
        from dataclasses import replace

        from inspector.exports.registry import TargetOptions

        target = replace(target or TargetOptions(), workspace=stored_in)
    fid = measure_fidelity(session, result=result).to_dict() if fmt == "report" else None
    return export_session(session, fmt, out, compacted=result, plan=result.plan, into_source=into_source,
                          force=force, unique_ids=unique_ids, fidelity=fid, target=target)


def _workspace_path(store: object) -> str | None:
    """The workspace file an export store keeps the removed content in (a `Workspace`,
    or a `WorkspaceStore` around one), for the commands an export prints; None in memory."""
    workspace = getattr(store, "ws", store)
    path = getattr(workspace, "path", None)
    if not isinstance(path, Path) or str(path) == ":memory:":
        return None
    return str(path.resolve())


def export_original(session: Session, fmt: str, out: str | Path, *, force: bool = False,
                    unique_ids: bool | None = None, target: TargetOptions | None = None) -> Exported:
    """Write `session` as it is (nothing removed, no hint)."""
    from inspector.exports.registry import export_session

    return Exported(export_session(session, fmt, out, force=force, unique_ids=unique_ids, target=target), None)


# ------------------------------------------------------------------- export --all


@dataclass
class BatchItem:
    """One session of `export --all`: whether it was written, where, or why not."""

    session_id: str
    ok: bool
    output: Path | None = None
    error: str | None = None
    result: Compacted | None = None


async def compact_many(
    sessions: Sequence[Session],
    config: CompactionConfig,
    write: Callable[[Session, Compacted], Path],
    *,
    concurrency: int = 4,
    summarizer: Summarizer | None = None,
    summary_cache: SummaryCache | None = None,
    counter: TokenCounter | None = None,
    on_event: EventHandler | None = None,
    on_done: Callable[[BatchItem], None] | None = None,
) -> list[BatchItem]:
    """Compact sessions concurrently (summaries wait on the network side by side),
    writing each result as soon as it is ready. A failed session is reported and
    written nowhere; the others go on. Results come back in input order."""
    counter = _counter(config, counter)
    summ = make_summarizer(config, summarizer)
    sem = asyncio.Semaphore(max(1, concurrency))
    failures = failure_types()

    async def one(s: Session) -> BatchItem:
        async with sem:
            try:
                result = await acompact_session(s, config, counter=counter, summarizer=summ,
                                                 summary_cache=summary_cache, on_event=on_event)
                out = write(s, result)
                item = BatchItem(s.id, True, out, result=result)
            except failures as exc:
                item = BatchItem(s.id, False, error=str(exc))
        if on_done is not None:
            on_done(item)
        return item

    return list(await asyncio.gather(*(one(s) for s in sessions)))
