"""Sweeps over a fleet of stored sessions, on any engine, sampled, resumable.

    engine = pool_engine()                       # or ray_engine(address=...)
    result = fleet_sweep("agents.db", base, "preset", ["balanced", "eino"], engine=engine,
                         sample=SampleSpec(10_000, seed=1), resume=Workspace(path),
                         progress=print)
    result.to_dict()          # without a sample: exactly `SweepResult.to_dict()`

The driver reads only the source's session ids (and, for a stratified sample, their
sizes), never a session: batches of ids go to the engine's workers, which open the
source themselves and read the sessions by id (`Source.read`, the same for every
reader), and only each session's totals come back. Batches go out as workers free
up (`engines.SweepEngine.run`), so the driver holds the ids, the totals merged so far
and a few batches in flight, whatever the fleet's size.

Results merge into the `SweepResult` of `inspector.service.replay.sweep` (each value's
sessions in the source's order), so the JSON and the table are the same, byte for
byte, on the pool, on Ray or in process. With few sessions and several values, each
(session, value) goes alone, the highest trigger first, and a value a replay already
proved (`Replay.same_from_trigger`) is never sent, as `sweep` does on its pool.

With `resume` (a workspace), each batch's results are kept there as it completes
(`inspector.workspace.sweeps`), keyed by source, session, config digest and
inspector version; the same sweep run again reads them back instead of replaying.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector._faults import fault_point
from inspector.engine.replay import thrashes
from inspector.service.engines import Batch, SweepEngine, SweepJob
from inspector.service.pipeline import PipelineError
from inspector.service.progress import Progress, ProgressClock
from inspector.service.replay import (
    SUMMED,
    SessionTotals,
    SweepResult,
    SweepRow,
    _highest_first,
    _Opened,
    _serves,
    configs_for,
    value_order,
)
from inspector.service.sampling import Estimate, SampleDesign, draw_sample, estimate_total

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig
    from inspector.workspace.database import Workspace

# Sessions per batch at most: small enough for steady progress and for the driver's
# share of a batch's results, large enough that a task's overhead (a Ray task's ~1 ms)
# stays small against its replays.
MAX_BATCH = 64
# Figures estimated for the fleet from a sample: the summed ones (the peak is a
# maximum, not a sum), the count of sessions that overflowed the window, of those the
# value compacts on most calls (thrashing), and the fidelity items lost at the last call.
ESTIMATED = tuple(k for k in SUMMED if k != "peak_context_tokens") + ("overflowing", "thrashing", "lost_items")


@dataclass(frozen=True)
class SampleSpec:
    """`--sample N --seed S [--sample-design uniform]`."""

    size: int
    seed: int = 0
    design: str = "stratified"


@dataclass
class FleetResult:
    """A fleet sweep: the merged `SweepResult`, and for a sample its design and each
    value's estimated fleet totals."""

    result: SweepResult
    design: SampleDesign | None = None
    estimates: list[dict[str, Estimate | None]] | None = None
    reused: int = 0
    replayed: int = 0

    def to_dict(self) -> dict[str, Any]:
        """`SweepResult.to_dict()`; a sample adds `sample` (its design) and each row's
        `estimate` (per figure: estimate, low, high of the 95% interval; null when a
        session's figure is unknown, a cost without a price)."""
        out = self.result.to_dict()
        if self.design is not None and self.estimates is not None:
            out["sample"] = self.design.to_dict()
            for row, est in zip(out["rows"], self.estimates):
                row["estimate"] = {k: None if e is None else e.to_dict() for k, e in est.items()}
        return out


def source_key(source: str | Path) -> str:
    """How a source is named in kept results: a file's resolved path, a database URL
    without its password (never written to the workspace)."""
    text = str(source)
    if "://" not in text:
        return str(Path(text).resolve())
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(text)
    if parts.password is None:
        return text
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def config_digest(config_json: str, model: str) -> str:
    """A config (the knob's value in it) and the model its costs are priced for."""
    return hashlib.sha256(f"{model}\n{config_json}".encode()).hexdigest()[:32]


def inspector_version() -> str:
    """The installed inspector's version (`unknown` from a checkout that was not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("inspector")
    except PackageNotFoundError:  # pragma: no cover - running from a checkout without install
        return "unknown"


def catalog(source: str | Path, with_sizes: bool = False,
            on_skip: Callable[[str], None] | None = None) -> tuple[list[str], list[int] | None]:
    """The source's session ids in order, and their sizes when asked and the source
    knows them without reading the sessions (None otherwise). Raises PipelineError."""
    path = Path(source)
    if "://" not in str(source) and not path.exists():
        raise PipelineError(f"{path}: no such file or directory")
    from inspector.workspace.database import WorkspaceError

    try:
        opened = _Opened(str(source), on_skip)
        ids = opened.ids()
        if not with_sizes:
            return ids, None
        if opened.workspace is not None:
            chars = {s.id: s.text_chars for s in opened.workspace.list_sessions()}
            return ids, [chars[i] for i in ids]
        known: dict[str, int] = {}
        for src in {id(s): s for s in opened.files.values()}.values():
            sizes = src.session_sizes()
            if sizes is None:
                return ids, None
            known.update(sizes)
        return ids, [known.get(i, 0) for i in ids]
    except (ValueError, WorkspaceError) as exc:
        raise PipelineError(str(exc)) from None


def _totals_json(st: SessionTotals) -> str:
    """Every field of a session's result but its id (whatever fields `SessionTotals`
    grows, a resumed sweep gets them back)."""
    fields = dataclasses.asdict(st)
    del fields["session_id"]
    return json.dumps(fields)


def _totals_from(sid: str, text: str) -> SessionTotals:
    return SessionTotals(session_id=sid, **json.loads(text))


def fleet_sweep(
    source: str | Path,
    base: CompactionConfig,
    knob: str,
    values: Sequence[Any],
    *,
    engine: SweepEngine,
    model: str | None = None,
    ids: Sequence[str] | None = None,
    sample: SampleSpec | None = None,
    resume: Workspace | None = None,
    progress: Callable[[Progress], None] | None = None,
    on_skip: Callable[[str], None] | None = None,
) -> FleetResult:
    """Replay one config per value over the sessions of a store, on `engine`.

    Args:
        source: a session file or database, a directory of them, or a workspace; a path
            (or URL) every worker of the engine can open.
        base: the config the knob is varied on.
        knob: dotted config key, or `preset`.
        values: the knob's values (`parse_values`).
        engine: where the replays run (`engines.pool_engine`, `engines.ray_engine`).
        model: prices (default: the base config's tokens.model).
        ids: these sessions only, in this order (default: every session of the source).
        sample: sweep a sample of them, and estimate the fleet's totals.
        resume: a workspace keeping each session's results as they come, and giving
            back those kept by an earlier run of the same sweep.
        progress: called with a `Progress` at the start and after every batch.
        on_skip: files of a directory that are not sources, named.

    Returns:
        A `FleetResult`. Raises ConfigError for a bad knob or value, PipelineError for
        a bad source or sample.
    """
    configs = configs_for(base, knob, values)
    model = model or base.tokens.model
    chosen, design, strata = _chosen(source, ids, sample, on_skip)
    configs_json = tuple(c.model_dump_json() for c in configs)
    state = _SweepState(chosen, configs, [config_digest(c, model) for c in configs_json])
    kept_store = _KeptResults(resume, source) if resume is not None else None
    if kept_store is not None:
        kept_store.restore(state)
    reused = state.done
    clock = ProgressClock(state.n, reused, engine.name)
    if progress is not None:
        progress(clock.at(state.done))
    job = SweepJob(str(source), configs_json, model)
    for _batch, outcomes in _named_errors(engine.run(job, state.batches(engine.cores)), source):
        state.take(outcomes)
        if kept_store is not None:
            kept_store.keep(state.kept)
            fault_point("fleet.batch_kept")
        state.kept.clear()
        if progress is not None:
            progress(clock.at(state.done))
    if kept_store is not None and state.kept:  # values served after the last batch came back
        kept_store.keep(state.kept)

    rows = []
    for vi, value in enumerate(values):
        row = SweepRow(value)
        row.sessions = [st for st in state.cells[vi] if st is not None]
        rows.append(row)
    fleet = FleetResult(SweepResult(knob, rows), reused=reused, replayed=state.n - reused)
    if design is not None and strata is not None:
        fleet.design = design
        fleet.estimates = [_estimates(design, strata, row) for row in rows]
    return fleet


def _chosen(source: str | Path, ids: Sequence[str] | None, sample: SampleSpec | None,
            on_skip: Callable[[str], None] | None) -> tuple[list[str], SampleDesign | None, list[int] | None]:
    """The sessions to sweep, in order: `ids` (default: the source's), or a sample of
    them (drawn by size when stratified: sizes from the store), with its design and
    each drawn session's stratum."""
    if ids is not None and sample is None:
        return list(ids), None, None
    everyone, sizes = catalog(source, with_sizes=sample is not None and sample.design == "stratified",
                              on_skip=on_skip)
    if ids is not None:
        wanted = set(ids)
        keep = [k for k, sid in enumerate(everyone) if sid in wanted]
        everyone = [everyone[k] for k in keep]
        sizes = None if sizes is None else [sizes[k] for k in keep]
    if sample is None:
        return everyone, None, None
    try:
        positions, strata, design = draw_sample(len(everyone), sample.size, seed=sample.seed, sizes=sizes,
                                                design=sample.design)
    except ValueError as exc:
        raise PipelineError(str(exc)) from None
    return [everyone[p] for p in positions], design, list(strata)


class _SweepState:
    """What the driver holds while a sweep runs: each value's result per session
    (`cells`), the values still unknown per session, the results to keep, and for a
    sweep of few sessions the queue of (session, value) and the proofs replays gave."""

    def __init__(self, ids: list[str], configs: Sequence[CompactionConfig], digests: list[str]) -> None:
        self.ids = ids
        self.configs = configs
        self.digests = digests
        self.n, self.m = len(ids), len(configs)
        self.cells: list[list[SessionTotals | None]] = [[None] * self.n for _ in configs]
        self.where = {sid: k for k, sid in enumerate(ids)}
        self.missing = [self.m] * self.n  # values still unknown, per session
        self.done = 0  # sessions with every value known
        self.kept: list[tuple[str, str, str]] = []  # (session, config digest, result JSON) not yet kept
        self.proofs: dict[str, list[tuple[int, int]]] = {}
        self.queue: deque[tuple[str, int]] = deque()
        self.few = False

    def merge(self, k: int, vi: int, st: SessionTotals) -> None:
        """Place one result, counting its session done when it was the last value."""
        self.cells[vi][k] = st
        self.missing[k] -= 1
        if self.missing[k] == 0:
            self.done += 1

    def batches(self, cores: int) -> Iterator[Batch]:
        """The batches still to run. With few sessions and several values, each
        (session, value) goes alone and values a replay proved are served here."""
        pending = [k for k in range(self.n) if self.missing[k]]
        self.few = self.m > 1 and len(pending) < cores * 4
        if self.few:
            yield from self._one_by_one(pending)
            return
        size = max(1, min(MAX_BATCH, math.ceil(len(pending) / (cores * 8))))
        group: list[int] = []
        want: tuple[int, ...] = ()
        for k in pending:
            mine = tuple(vi for vi in range(self.m) if self.cells[vi][k] is None)
            if group and (mine != want or len(group) >= size):
                yield Batch(tuple(self.ids[j] for j in group), want)
                group = []
            group.append(k)
            want = mine
        if group:
            yield Batch(tuple(self.ids[j] for j in group), want)

    def _one_by_one(self, pending: list[int]) -> Iterator[Batch]:
        configs = self.configs
        self.queue.extend((self.ids[k], vi) for k in pending for vi in value_order(configs)
                          if self.cells[vi][k] is None)
        while self.queue:
            sid, vi = self.queue.popleft()
            by = next((vj for vj, same in self.proofs.get(sid, ()) if _serves(configs[vj], same, configs[vi])), None)
            if by is None:
                yield Batch((sid,), (vi,))
                continue
            k = self.where[sid]
            served = self.cells[by][k]
            assert served is not None
            st = dataclasses.replace(served)
            self.kept.append((sid, self.digests[vi], _totals_json(st)))
            self.merge(k, vi, st)

    def take(self, outcomes: Sequence[tuple[int, SessionTotals, int | None]]) -> None:
        """A batch's results: merged, to be kept, and (few sessions) the proofs noted."""
        for vi, st, same_from in outcomes:
            k = self.where[st.session_id]
            if self.few and same_from is not None:
                self.proofs.setdefault(st.session_id, []).append((vi, same_from))
                reordered = _highest_first(self.queue, st.session_id, self.configs)
                self.queue.clear()
                self.queue.extend(reordered)
            self.kept.append((st.session_id, self.digests[vi], _totals_json(st)))
            self.merge(k, vi, st)


class _KeptResults:
    """Results kept in a workspace for resuming (`inspector.workspace.sweeps`), keyed by
    source (without its password), session, config digest and inspector version."""

    def __init__(self, workspace: Workspace, source: str | Path) -> None:
        from inspector.workspace.sweeps import SweepResults

        self.store, self.key, self.version = SweepResults(workspace), source_key(source), inspector_version()

    def restore(self, state: _SweepState) -> None:
        """Place the results an earlier run kept."""
        for vi, digest in enumerate(state.digests):
            for sid, text in self.store.found(self.key, digest, self.version).items():
                k = state.where.get(sid)
                if k is not None and state.cells[vi][k] is None:
                    state.merge(k, vi, _totals_from(sid, text))

    def keep(self, results: list[tuple[str, str, str]]) -> None:
        self.store.keep(self.key, self.version, results)


def _named_errors(results: Iterator[Any], source: str | Path) -> Iterator[Any]:
    """`results`, a source a worker could not read raised as PipelineError (its message
    names the file and session, wherever the worker ran)."""
    from inspector.workspace.database import WorkspaceError

    try:
        yield from results
    except (ValueError, WorkspaceError) as exc:  # SourceError, TrajError, ConversionError
        raise PipelineError(str(exc)) from None
    except KeyError as exc:  # an id the source does not have
        raise PipelineError(f"{source}: no session {exc.args[0]!r}") from None


def _estimates(design: SampleDesign, strata: Sequence[int], row: SweepRow) -> dict[str, Estimate | None]:
    """Each estimated figure's fleet total from one value's sample (a session whose
    replay failed counts 0: the totals are those of the sessions that replay)."""
    out: dict[str, Estimate | None] = {}
    for key in ESTIMATED:
        ys: list[float] = []
        for st in row.sessions:
            if st.error is not None:
                ys.append(0)
            elif key == "overflowing":
                ys.append(1 if st.totals["over_window_calls"] else 0)
            elif key == "thrashing":
                ys.append(1 if thrashes(st.totals["calls"], st.totals["compactions"]) else 0)
            elif key == "lost_items":
                ys.append(sum(items - kept for items, kept in st.kinds.values()))
            else:
                ys.append(st.totals[key])
        out[key] = None if any(y is None for y in ys) else estimate_total(design, strata, ys)
    return out
