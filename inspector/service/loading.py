"""Opening a stored session for a front end: read, counted and analysed in one pass.

The analysis is made while the messages arrive (`Scan.feed` on each batch the store
hands over), with the counts the rows shown while loading were drawn from: nothing is
counted, looked up or scanned twice, and the analysis is ready with the last batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from inspector.engine.analysis import Analysis, Scan, analysis_of
from inspector.engine.models import Message, Session
from inspector.engine.tokens import TokenCache, TokenCounter, count_messages

# messages in the first batch handed to the front end (its first rows), and at most in
# any later one: batches grow as the session loads (each as large as all before it), so
# a front end redraws its rows and progress some ten times for 100,000 messages rather
# than fifty (each redraw lays the screen out again, on the thread that also paints;
# bench/run.py `open_100k_first_plan_vs_library`)
BATCH = 2000
MAX_BATCH = 16_000

Loader = Callable[[str, Callable[[Sequence[Message]], None] | None], Session]
# (content hashes, tokens, text-part tokens) of a stored session, in order
# (`SessionStore.counts_by_position`)
Known = tuple[Sequence[str], list[int | None], list[int | None]]


def load_analysed(load: Loader, session_id: str, counter: TokenCounter, token_cache: TokenCache | None,
                  on_batch: Callable[[Sequence[Message], list[int]], None] | None = None,
                  batch: int = BATCH, max_batch: int = MAX_BATCH,
                  stored_counts: Known | None = None) -> tuple[Session, Analysis]:
    """Load a session and analyse it in the same pass.

    Args:
        load: the store's `load_session(session_id, each)`, which calls `each` with
            the messages in order, in batches, while it reads the rest.
        session_id: the session to load.
        counter: the token counter of the analysis.
        token_cache: where message counts are cached (the workspace's).
        on_batch: called with the next messages and their token counts, in order (a
            front end shows them while the rest loads): the first `batch` messages,
            then batches as large as all the messages before them, up to `max_batch`.
        batch: the first batch's size.
        max_batch: the largest batch.
        stored_counts: the counts the store keeps by position (one query); a message whose
            hash is the one stored at its position takes them, the others are
            counted through `token_cache` (a batch looked up in the workspace's
            cache costs a query per batch, ~10 µs a message).

    Returns:
        (the session, its analysis for `counter`, memoised on the session as
        `analyze` memoises).
    """
    scan = Scan.fresh(counter, token_cache, remember=False)  # read once: no facts kept for other contexts
    pending: list[Message] = []
    size = batch

    def flush() -> None:
        nonlocal size
        part = list(pending)
        pending.clear()
        counts = _known_counts(part, scan.n, stored_counts) or count_messages(part, counter, token_cache)
        scan.feed(part, counts)
        if on_batch is not None:
            on_batch(part, counts[0])
        size = max(batch, min(scan.n, max_batch))

    def each(messages: Sequence[Message]) -> None:
        for m in messages:
            pending.append(m)
            if len(pending) >= size:
                flush()

    session = load(session_id, each)
    known = analysis_of(session, counter)  # a session the store kept, analysed before
    if known is not None:
        return session, known
    each(session.messages[scan.n + len(pending):])  # a store that handed over only some of them
    if pending:
        flush()
    return session, scan.finish(session, memoise=True)


def _known_counts(part: Sequence[Message], start: int, known: Known | None) -> tuple[list[int], list[int]] | None:
    """The counts of messages `start`.. (`part`) from `known`, when each one's hash is
    the one stored at its position and its counts are cached; else None."""
    if known is None:
        return None
    hashes, tokens, text_tokens = known
    end = start + len(part)
    if end > len(hashes):
        return None
    for k, m in enumerate(part, start):
        if m.content_hash != hashes[k]:
            return None
    totals, texts = tokens[start:end], text_tokens[start:end]
    if None in totals or None in texts:
        return None
    return totals, texts  # type: ignore[return-value]  # no None: checked
