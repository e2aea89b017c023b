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

# messages counted and analysed between two calls of `on_batch` (a progress update)
BATCH = 2000

Loader = Callable[[str, Callable[[Sequence[Message]], None] | None], Session]


def load_analysed(load: Loader, session_id: str, counter: TokenCounter, token_cache: TokenCache | None,
                  on_batch: Callable[[Sequence[Message], list[int]], None] | None = None,
                  batch: int = BATCH) -> tuple[Session, Analysis]:
    """Load a session and analyse it in the same pass.

    Args:
        load: the store's `load_session(session_id, each)`, which calls `each` with
            the messages in order, in batches, while it reads the rest.
        session_id: the session to load.
        counter: the token counter of the analysis.
        token_cache: where message counts are cached (the workspace's).
        on_batch: called with each `batch` messages and their token counts, in order
            (a front end shows them while the rest loads).
        batch: messages counted and analysed between two calls of `on_batch`.

    Returns:
        (the session, its analysis for `counter`, memoised on the session as
        `analyze` memoises).
    """
    scan = Scan.fresh(counter, token_cache)

    def each(messages: Sequence[Message]) -> None:
        for k in range(0, len(messages), batch):
            part = messages[k:k + batch]
            counts = count_messages(part, counter, token_cache)
            scan.feed(part, counts)
            if on_batch is not None:
                on_batch(part, counts[0])

    session = load(session_id, each)
    known = analysis_of(session, counter)  # a session the store kept, analysed before
    if known is not None:
        return session, known
    if scan.n < len(session.messages):  # a store that handed over only some of them
        each(session.messages[scan.n:])
    return session, scan.finish(session, memoise=True)
