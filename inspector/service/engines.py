"""Where a sweep's replays run: one small protocol, three engines.

    engine = pool_engine(workers=2)            # processes on this machine
    engine = ray_engine(address="ray://head:10001")   # tasks on a Ray cluster (inspector[ray])
    for batch, results in engine.run(job, batches):
        ...

A `Batch` is some sessions of the source under some values of the knob; each
engine runs `inspector.service.replay._task` on it where its workers are (the
worker opens the source itself and reads the sessions by id, so no session
crosses a process boundary: only ids go out and per-session totals come back).
`run` pulls batches from the iterator lazily, keeps at most `in_flight` of them
running, and yields each as it completes (in any order): a driver never holds more
than that many batches' results that it has not merged, and the batch iterator may
decide what to send next from what came back (`inspector.service.fleet` serves a
value a replay already proved without sending it).

The CLI picks an engine (`--engine pool|ray`); the sweep itself
(`inspector.service.fleet.fleet_sweep`) is the same for every engine, so the merged
result is too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from inspector.service.replay import SessionTotals

# (value index, the session under it, its replay's `same_from_trigger`)
Outcome = tuple[int, "SessionTotals", int | None]


@dataclass(frozen=True)
class Batch:
    """Sessions `ids` (in the sweep's order) under the values `indices`."""

    ids: tuple[str, ...]
    indices: tuple[int, ...]


@dataclass(frozen=True)
class SweepJob:
    """What every batch of one sweep shares: the source (a path or URL every worker can
    open), one config per value (JSON), and the model whose prices apply."""

    source: str
    configs_json: tuple[str, ...]
    model: str


class EngineError(RuntimeError):
    """The engine could not start or lost its workers: one line for the user."""


class SweepEngine(Protocol):
    """Runs a sweep's batches somewhere; see the module docstring."""

    name: str

    @property
    def cores(self) -> int:
        """CPU cores the engine's workers use (for batch sizes and throughput per core)."""
        ...

    def run(self, job: SweepJob, batches: Iterable[Batch]) -> Iterator[tuple[Batch, list[Outcome]]]:
        """Each batch's outcomes, as batches complete.

        Args:
            job: what the batches share.
            batches: pulled lazily, one when a slot is free.

        Returns:
            An iterator of (batch, its outcomes: one per session and value).
        """
        ...

    def close(self) -> None:
        """Release the workers (a Ray engine leaves a cluster it joined running)."""
        ...


def _run_batch(job: SweepJob, batch: Batch) -> list[Outcome]:
    from inspector.service.replay import _task

    return _task(job.source, batch.ids, job.configs_json, batch.indices, job.model)


def _bounded(submit: Any, done_one: Any, batches: Iterable[Batch], in_flight: int,
             ) -> Iterator[tuple[Batch, list[Outcome]]]:
    """The scheduling every engine shares: at most `in_flight` batches out, the next
    pulled when one comes back. `submit(batch)` gives a handle; `done_one(handles)`
    waits for some, giving [(handle, outcomes)]."""
    source = iter(batches)
    running: dict[Any, Batch] = {}
    exhausted = False
    while True:
        while not exhausted and len(running) < in_flight:
            batch = next(source, None)
            if batch is None:
                exhausted = True
                break
            running[submit(batch)] = batch
        if not running:
            return
        for handle, outcomes in done_one(list(running)):
            yield running.pop(handle), outcomes


class InlineEngine:
    """Batches run one after the other in this process (`--workers 1`, tests)."""

    name = "inline"

    @property
    def cores(self) -> int:
        """One: batches run one at a time."""
        return 1

    def run(self, job: SweepJob, batches: Iterable[Batch]) -> Iterator[tuple[Batch, list[Outcome]]]:
        """Run each batch in turn, yielding it with its outcomes."""
        for batch in batches:
            yield batch, _run_batch(job, batch)

    def close(self) -> None:
        """Nothing to release."""


class PoolEngine:
    """A process pool on this machine: one worker per core by default."""

    name = "pool"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    @property
    def cores(self) -> int:
        """The number of worker processes."""
        return self.workers

    def run(self, job: SweepJob, batches: Iterable[Batch]) -> Iterator[tuple[Batch, list[Outcome]]]:
        """Run the batches on the pool, yielding each with its outcomes as it finishes (not in order)."""
        if self._pool is None:
            from inspector.service.replay import _pool  # the sweep's pool: workers die with this process

            self._pool = _pool(self.workers)
        pool = self._pool

        def submit(batch: Batch) -> Future[list[Outcome]]:
            return pool.submit(_run_batch, job, batch)

        def done_one(handles: Sequence[Future[list[Outcome]]]) -> list[tuple[Any, list[Outcome]]]:
            ready, _ = wait(handles, return_when=FIRST_COMPLETED)
            return [(f, f.result()) for f in ready]

        return _bounded(submit, done_one, batches, self.workers * 2)

    def close(self) -> None:
        """Shut the pool down, cancelling batches not started."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


def pool_engine(workers: int | None = None) -> SweepEngine:
    """The local engine: `workers` processes (default: one per core; 1 runs in this
    process)."""
    if workers == 1:
        return InlineEngine()
    return PoolEngine(workers)


def ray_engine(address: str | None = None, cores: int | None = None) -> SweepEngine:
    """The Ray engine (the `inspector[ray]` extra): joins the cluster at `address`
    (`auto`, `ray://host:10001`, or $RAY_ADDRESS), or the instance this process already
    started with `ray.init`, or starts a local one. Raises EngineError without Ray."""
    from inspector.service.ray_engine import RayEngine

    return RayEngine(address, cores)
