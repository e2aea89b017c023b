"""Recover removed content: by the offload id a recovery hint names, from the
offloads of this process or an inspector workspace."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Offload


class OffloadNotFound(KeyError):
    """No offloaded content has this id."""

    def __str__(self) -> str:
        return f"no offloaded content with id {self.args[0]!r}"


class OffloadStore(Protocol):
    def put_offloads(self, offloads: Iterable[Offload]) -> None: ...

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str: ...


def _slice(content: str, offset: int, limit: int | None) -> str:
    if offset < 0:
        raise ValueError("offset must be >= 0")
    if limit is not None and limit < 0:
        raise ValueError("limit must be >= 0")
    return content[offset:] if limit is None else content[offset:offset + limit]


class MemoryOffloadStore:
    """Offloads kept in this process (the default)."""

    def __init__(self) -> None:
        self._data: dict[str, Offload] = {}
        self._lock = threading.Lock()

    def put_offloads(self, offloads: Iterable[Offload]) -> None:
        with self._lock:
            for o in offloads:
                self._data[o.id] = o

    def get(self, offload_id: str) -> Offload | None:
        return self._data.get(offload_id)

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        o = self._data.get(offload_id)
        if o is None:
            raise OffloadNotFound(offload_id)
        return _slice(o.content, offset, limit)

    def __len__(self) -> int:
        return len(self._data)


class WorkspaceOffloadStore:
    """Offloads read back from an inspector workspace (e.g. after `inspector apply`).
    Offloads made in this process are kept in memory, and looked up first."""

    def __init__(self, workspace: Any) -> None:
        self.workspace = workspace
        self._memory = MemoryOffloadStore()

    def put_offloads(self, offloads: Iterable[Offload]) -> None:
        self._memory.put_offloads(offloads)

    def recover(self, offload_id: str, offset: int = 0, limit: int | None = None) -> str:
        if self._memory.get(offload_id) is not None:
            return self._memory.recover(offload_id, offset, limit)
        try:
            out = self.workspace.recover(offload_id, offset, limit)
        except KeyError:
            raise OffloadNotFound(offload_id) from None
        if out is None:
            raise OffloadNotFound(offload_id)
        return out
