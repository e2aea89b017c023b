"""Reading a session for the session screen: its heatmap rows as it is read and
counted, then the whole session and its counts (`SessionReady`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from inspector.engine.models import Message as SessionMessage
from inspector.engine.tokens import TokenCache
from inspector.tui.messages import SessionReady
from inspector.tui.widgets.heatmap import RowBuilder, RowData

COUNT_CHUNK = 2000  # messages read and counted between two progress updates of a big session


@dataclass
class RowsLoaded(Message):
    """Heatmap rows of the next messages of a session that is still loading."""

    rows: RowData
    expected: int | None  # messages the session has, when known


class LoadCounts(TokenCache):
    """The counts read while a session loads, kept for the analysis that follows (the
    workspace's cache does not keep what it reads from its database), in front of the
    store's own cache, which stores what is counted here."""

    def __init__(self, inner: TokenCache | None) -> None:
        super().__init__(max_entries=None)
        self._inner = inner

    def get_many(self, counter: str, hashes: Iterable[str]) -> dict[str, tuple[int, int]]:
        wanted = list(hashes)
        out = super().get_many(counter, wanted)
        missing = [h for h in wanted if h not in out]
        if missing and self._inner is not None:
            found = self._inner.get_many(counter, missing)
            super().put_many(counter, found)
            out.update(found)
        return out

    def put_many(self, counter: str, values: dict[str, tuple[int, int]]) -> None:
        super().put_many(counter, values)
        if self._inner is not None:
            self._inner.put_many(counter, values)


def read_session(store: Any, session_id: str, counter: Any, expected: int | None,
                 post: Callable[[Message], Any]) -> None:
    """Read and count session `session_id` of `store` (in a worker thread), posting
    `RowsLoaded` as batches arrive, then `SessionReady`.

    Args:
        store: the app's `SessionStore`.
        session_id: the session.
        counter: the token counter.
        expected: how many messages the session has, when the store said.
        post: posts a message to the screen.
    """
    from inspector.engine.analysis import analyze
    from inspector.engine.tokens import count_messages

    start = time.perf_counter()
    counts = LoadCounts(store.token_cache())
    builder = RowBuilder()

    def each(batch: Sequence[SessionMessage]) -> None:
        # Rows of a big session as it is read and counted (a cold count is slow);
        # the analysis below reuses these counts.
        for k in range(0, len(batch), COUNT_CHUNK):
            chunk = batch[k:k + COUNT_CHUNK]
            tokens = count_messages(chunk, counter, counts)[0]
            post(RowsLoaded(builder.add(chunk, tokens), expected))

    session = store.load_session(session_id, each)
    a = analyze(session, counter, counts)
    post(SessionReady(session, list(a.tokens), counter, time.perf_counter() - start))
