"""The Ray engine (`inspector sweep --engine ray`): a sweep's batches as Ray tasks.

Imported only when that engine is picked: Ray is an optional extra
(`pip install 'inspector[ray]'`). Each task is `engines._run_batch` on one CPU: the
worker opens the source (a path every node can read, or a database URL) once per
worker process, reads its batch's sessions by id and sends back their totals. The
job (configs, model) goes to the object store once, not with every task.

A local instance this engine starts runs its workers at the driver's priority
(`local_options`): Ray's default (niceness 15, so that its own services keep up)
leaves them the CPU every other process on the machine does not want, where the
local pool's workers, forked from the driver, share it on equal terms.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from inspector.service.engines import Batch, EngineError, Outcome, SweepJob, _bounded, _run_batch


def local_options(cores: int | None) -> dict[str, Any]:
    """`ray.init` arguments for a local instance on this machine: `cores` CPUs (None:
    all), no dashboard, the workers at this process's niceness (the
    local pool's workers inherit it; Ray would start them at 15).

    Args:
        cores: CPUs the instance offers.

    Returns:
        Keyword arguments for `ray.init`.
    """
    return {"num_cpus": cores, "include_dashboard": False, "log_to_driver": False,
            # the raylet applies it with nice(), which adds to the niceness its workers
            # inherit from this process: 0 keeps them at ours (os.nice(0) doubled it)
            "_system_config": {"worker_niceness": 0}}


class RayEngine:
    """Batches as Ray tasks, at most two per CPU of the cluster in flight."""

    name = "ray"

    def __init__(self, address: str | None = None, cores: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise EngineError("--engine ray needs Ray: pip install 'inspector[ray]'") from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            address = address or os.environ.get("RAY_ADDRESS") or None
            try:
                if address:
                    ray.init(address=address, log_to_driver=False)
                else:  # a local instance, loopback only, for this process's life
                    ray.init(**local_options(cores))
                    self._started = True
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise EngineError(f"cannot start or join Ray{f' at {address}' if address else ''}: "
                                  f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
        self._cores = cores or max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1)(_run_batch)

    @property
    def cores(self) -> int:
        """The cores the Ray cluster offers."""
        return self._cores

    def run(self, job: SweepJob, batches: Iterable[Batch]) -> Iterator[tuple[Batch, list[Outcome]]]:
        """Run the batches as Ray tasks, yielding each with its outcomes as it finishes (not in order)."""
        ray = self._ray
        job_ref = ray.put(job)

        def submit(batch: Batch) -> Any:
            return self._task.remote(job_ref, batch)

        def done_one(handles: Sequence[Any]) -> list[tuple[Any, list[Outcome]]]:
            ready, _ = ray.wait(list(handles), num_returns=1)
            try:
                return [(ref, ray.get(ref)) for ref in ready]
            except ray.exceptions.RayTaskError as exc:
                # the worker's own exception (a bad source, say), as the pool raises it
                raise exc.cause from None

        return _bounded(submit, done_one, batches, self._cores * 2)

    def close(self) -> None:
        """Shut down the Ray instance this engine started (one it joined is left running)."""
        if self._started:
            self._ray.shutdown()
            self._started = False
