"""`Memo`: a dict with a bound, for the engine's memos of per-message facts (content
kinds, sentences, artifacts) and of plan results: they live as long as the process and
must not grow with every session it ever reads."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A dict that keeps at most `limit` entries, forgetting the oldest first.

    First-in-first-out rather than least-recently-used: a hit costs one dict lookup,
    which matters on the re-plan path, and the entries that recur are re-added soon.
    """

    __slots__ = ("_data", "limit")

    def __init__(self, limit: int):
        self._data: dict[K, V] = {}
        self.limit = limit

    def get(self, key: K) -> V | None:
        """The value kept for `key`, or None."""
        return self._data.get(key)

    def put(self, key: K, value: V) -> V:
        """Store `value` under `key` (evicting the oldest entry when full); returns it."""
        data = self._data
        if key not in data and len(data) >= self.limit:
            del data[next(iter(data))]
        data[key] = value
        return value

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        """Forget every entry."""
        self._data.clear()

    def items(self) -> list[tuple[K, V]]:
        """The entries kept, oldest first (a copy: what a memo holds, for tests and diagnostics).

        Returns:
            (key, value) pairs.
        """
        return list(self._data.items())
