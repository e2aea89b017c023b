"""Export what a user sees: compacted sessions written in an export format, one or
many (`inspector export --all`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from inspector.service.pipeline import _counter, acompact_session, failure_types, make_summarizer

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted, SummaryCache
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.summarizers import EventHandler, Summarizer
    from inspector.engine.tokens import TokenCounter


# ------------------------------------------------------------------- export --all


@dataclass
class BatchItem:
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
