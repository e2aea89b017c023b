"""`Memo`: a dict with a bound, for the engine's memos of per-message facts (content
kinds, sentences, artifacts) and of plan results: they live as long as the process and
must not grow with every session it ever reads. `ByObject`: the same for what is
computed from an object that has no hash of its own, found by its identity."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Sized
from typing import Generic, ParamSpec, TypeVar, cast

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
O = TypeVar("O")
P = ParamSpec("P")


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

    def get_all(self, keys: Iterable[K]) -> list[V | None]:
        """The value kept for each of `keys` (None for each not kept), in order: one
        lookup each, in C (a reader of a text's ~500 lines asks them all at once)."""
        return list(map(self._data.get, keys))

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


class ByObject(Generic[O, V]):
    """Values computed from an object (and an optional hashable detail), found by the
    object's identity: the object itself is kept, so an id the runtime reuses once the
    object is freed is no hit. Forgets everything when full: its users' entries come back
    on the next knob move."""

    __slots__ = ("_data", "limit")

    def __init__(self, limit: int):
        self._data: dict[tuple[int, Hashable], tuple[O, V]] = {}
        self.limit = limit

    def get(self, obj: O, detail: Hashable = None) -> V | None:
        """The value kept for `obj` (and `detail`), or None."""
        hit = self._data.get((id(obj), detail))
        return hit[1] if hit is not None and hit[0] is obj else None

    def put(self, obj: O, value: V, detail: Hashable = None) -> V:
        """Keep `value` for `obj` (and `detail`); returns it."""
        if len(self._data) >= self.limit:
            self._data.clear()
        self._data[(id(obj), detail)] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every entry."""
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


def per_index_state(memo: Memo[tuple[int, int], V]) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """Keep what a function reads from a whole session in `memo`, per state of the
    session's fidelity index: the function's first argument is the session's messages,
    its last the index's serial, and the key is (serial, how many messages). A session
    that grew is read again; `memo` stays a module global, so `fidelity.forget` finds it.

    Args:
        memo: where the results are kept (a few states: each is a whole session's reading).

    Returns:
        The decorator.
    """

    def keep(read: Callable[P, V]) -> Callable[P, V]:
        @functools.wraps(read)
        def kept(*args: P.args, **kwargs: P.kwargs) -> V:
            key = (cast(int, args[-1]), len(cast(Sized, args[0])))
            hit = memo.get(key)
            return hit if hit is not None else memo.put(key, read(*args, **kwargs))

        return kept

    return keep

