"""Replay and sweep: a policy over whole sessions, for the CLI and the TUI.

    r = replay_session(session, config, model="gpt-4o")          # one session, every call
    values = parse_values("32k:128k:32k")                          # or "32k,64k,96k"
    result = sweep(source, ["s1", "s2"], config, "summarization.trigger.context_tokens", values,
                   model="gpt-4o", workers=2, progress=print)

`replay_session` runs `inspector.engine.replay` (whose compaction step drives the
flow `compact_session` drives for `Compactor`, `engine.flow.compaction`: plan,
summaries, exact re-plan, apply; tests/service/test_replay.py checks the two agree) with prices from litellm's local
price map. Summaries are the offline extractive ones, or a model's when the
summary cache (the workspace's) already holds them; replay never writes to that cache.

`sweep` replays one config per value of a knob (or per preset) over sessions of a
source file, database or workspace, on a process pool; each worker opens the source
once and reads its sessions itself, so no session crosses a process boundary. A
replay that shows every token trigger from some value up gives it again
(`Replay.same_from_trigger`: tailoring kept the context under the trigger) serves
those values without replaying them. In process, a session's values go lowest
trigger first, whatever order they came in. On the pool, many sessions go in chunks
under every value; a few go one task per session and value, the highest trigger
first (its replay typically proves every value above the tailoring budget), then
the lowest up, and a value a replay already back serves is never sent.
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.edge import collection_paused, run_beside
from inspector.engine.config import CompactionConfig, ConfigError
from inspector.engine.replay import Totals, thrashes
from inspector.service.opening import is_workspace, where
from inspector.service.pipeline import PipelineError

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import SummaryCache
    from inspector.engine.models import Session
    from inspector.engine.replay import Prices, Replay
    from inspector.engine.summarize import SummaryResult
    from inspector.engine.tokens import TokenCache, TokenCounter

PRESET_KNOB = "preset"
TRIGGER_KNOB = "summarization.trigger.context_tokens"
# Totals compared across sessions (p50/p90/max) and summed per value.
SUMMED = Totals.JSON_KEYS
# A sweep with no model named prices calls like this one.
DEFAULT_MODEL = "gpt-4o"


class _ReadOnlyCache:
    """Summaries from a cache (a model's, in the workspace) without writing the
    replay's extractive stand-ins into it."""

    def __init__(self, base: SummaryCache | None) -> None:
        self.base = base
        self.mine: dict[str, SummaryResult] = {}

    def get(self, key: str) -> SummaryResult | None:
        hit = self.mine.get(key)
        if hit is None and self.base is not None:
            hit = self.base.get(key)
        return hit

    def put(self, key: str, result: SummaryResult) -> None:
        self.mine[key] = result


def prices_for(config: CompactionConfig, model: str) -> tuple[Prices | None, Prices | None]:
    """(the agent model's prices, the summary model's) from litellm's local price map.
    Summaries are priced as the configured summary model, else as the agent model (an
    extractive summary stands for the call a model would make)."""
    from inspector.llm import token_prices

    agent = token_prices(model)
    summary_model = config.summarization.model
    return agent, (token_prices(summary_model) if summary_model else agent)


def replay_session(
    session: Session,
    config: CompactionConfig,
    *,
    model: str | None = None,
    counter: TokenCounter | None = None,
    token_cache: TokenCache | None = None,
    summary_cache: SummaryCache | None = None,
) -> Replay:
    """Replay `config` over every call of `session`, priced for `model`.

    Args:
        session: the recorded session (never modified).
        config: the policy.
        model: litellm model name for prices (default: the config's tokens.model).
        counter: token counter (default: the config's).
        token_cache: counts already known (the workspace's).
        summary_cache: model summaries already written (read only).

    Returns:
        The engine's `Replay`; its costs are None when the model is not in the price map.
    """
    from inspector.engine.flow import replay_step
    from inspector.engine.planning.planner import counter_for
    from inspector.engine.replay import replay

    counter = counter or counter_for(config)
    # plan, summaries, exact re-plan, apply: the pipeline's flow (compact_session's),
    # without planning twice at a call where the plan changes something
    step = replay_step(counter, summary_cache=_ReadOnlyCache(summary_cache))
    agent, summary = prices_for(config, model or config.tokens.model)
    with collection_paused():  # what a replay allocates dies young (see collection_paused)
        return replay(session, config, counter=counter, prices=agent, summary_prices=summary,
                      token_cache=token_cache, step=step, beside=run_beside)


# --------------------------------------------------------------------------- values


_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([kKmM%]?)\s*$")


def _number(text: str) -> float:
    m = _NUMBER.match(text)
    if m is None:
        raise ConfigError(f"--values: {text!r} is not a number (use 32k, 1.5m, 0.5 or 50%)")
    value = float(m.group(1))
    unit = m.group(2).lower()
    return value * {"k": 1e3, "m": 1e6, "%": 0.01}.get(unit, 1.0)


MAX_VALUES = 1000  # values one sweep replays: each is a replay of every session


def parse_values(spec: str, knob: str = "") -> list[Any]:
    """Knob values from `32k,64k,96k` or `start:stop:step` (stop included); preset
    names for the knob `preset`. Whole numbers come back as int."""
    spec = spec.strip()
    if not spec:
        raise ConfigError("--values: give a list (32k,64k) or a range (16k:128k:16k)")
    if spec.count(",") >= MAX_VALUES:
        raise ConfigError(f"--values: {spec.count(',') + 1:,} values, at most {MAX_VALUES:,}")
    if knob == PRESET_KNOB:
        return [v.strip() for v in spec.split(",") if v.strip()]
    if ":" in spec:
        parts = spec.split(":")
        if len(parts) != 3:
            raise ConfigError(f"--values {spec!r}: a range is start:stop:step")
        start, stop, step = (_number(p) for p in parts)
        if step <= 0 or stop < start:
            raise ConfigError(f"--values {spec!r}: needs step > 0 and stop >= start")
        count = int(math.floor((stop - start) / step + 1e-9)) + 1
        if count > MAX_VALUES:
            raise ConfigError(f"--values {spec!r}: {count:,} values, at most {MAX_VALUES:,}")
        raw = [start + k * step for k in range(count)]
    else:
        raw = [_number(v) for v in spec.split(",") if v.strip()]
    return [int(v) if float(v).is_integer() else round(v, 6) for v in raw]


def configs_for(base: CompactionConfig, knob: str, values: Sequence[Any]) -> list[CompactionConfig]:
    """One config per value: `base` with the knob set, or each preset (keeping the
    base's tokens section, so counting and the window stay the same)."""
    out = []
    for v in values:
        if knob == PRESET_KNOB:
            out.append(base.as_preset(str(v)))
        else:
            out.append(base.with_values({knob: v}))
    return out


# ----------------------------------------------------------------------------- sweep


LOST_SHOWN = 10  # items lost listed per sweep value


@dataclass
class SessionTotals:
    """One session under one value: its totals, fidelity and whether it overflowed."""

    session_id: str
    totals: dict[str, Any]
    fidelity: float
    error: str | None = None
    # per fidelity kind (items, kept) at the last call, and the items lost there (a few)
    kinds: dict[str, tuple[int, int]] = field(default_factory=dict)
    lost: list[dict[str, str]] = field(default_factory=list)


@dataclass
class SweepRow:
    """One value of a sweep: the replay totals of each session under it."""

    value: Any
    sessions: list[SessionTotals] = field(default_factory=list)

    def ok(self) -> list[SessionTotals]:
        """The sessions replayed without an error."""
        return [s for s in self.sessions if s.error is None]

    def summed(self) -> dict[str, Any]:
        """The totals summed over the sessions (the peak context: the largest); None when a session lacks one."""
        out: dict[str, Any] = {}
        for key in SUMMED:
            values = [s.totals[key] for s in self.ok()]
            if key == "peak_context_tokens":
                out[key] = max(values, default=0)
            elif any(v is None for v in values):
                out[key] = None
            else:
                out[key] = sum(values)
        return out

    def quantile(self, q: float) -> dict[str, Any]:
        """Per total, its `q` quantile over the sessions (None when a session lacks it)."""
        out: dict[str, Any] = {}
        for key in SUMMED:
            values = [s.totals[key] for s in self.ok()]
            out[key] = None if not values or any(v is None for v in values) else percentile(values, q)
        return out

    @property
    def fidelity(self) -> float | None:
        """The mean fidelity over the sessions, None without any."""
        scores = [s.fidelity for s in self.ok()]
        return round(sum(scores) / len(scores), 4) if scores else None

    def lost(self, shown: int = LOST_SHOWN) -> dict[str, Any]:
        """What the value loses, over its sessions: per fidelity kind the items and how
        many were kept at the last call, and a few items lost (with kind and session)."""
        kinds: dict[str, list[int]] = {}
        for s in self.ok():
            for name, (items, kept) in s.kinds.items():
                total = kinds.setdefault(name, [0, 0])
                total[0] += items
                total[1] += kept
        examples = [dict(item, session=s.session_id) for s in self.ok() for item in s.lost][:shown]
        return {"kinds": {name: {"items": i, "kept": k} for name, (i, k) in kinds.items() if i},
                "items": examples}

    @property
    def overflowing(self) -> list[str]:
        """The sessions whose context went over the window at least once."""
        return [s.session_id for s in self.ok() if s.totals["over_window_calls"]]

    @property
    def thrashing(self) -> list[str]:
        """The sessions this value compacts on most calls (`engine.replay.thrashes`)."""
        return [s.session_id for s in self.ok() if thrashes(s.totals["calls"], s.totals["compactions"])]

    def to_dict(self) -> dict[str, Any]:
        """The row as a JSON-ready dict: totals, quantiles, fidelity, losses and errors."""
        return {"value": self.value, "sessions": len(self.ok()), "totals": self.summed(),
                "p50": self.quantile(0.5), "p90": self.quantile(0.9), "max": self.quantile(1.0),
                "fidelity": self.fidelity, "lost": self.lost(), "overflowing": self.overflowing,
                "thrashing": self.thrashing,
                "errors": {s.session_id: s.error for s in self.sessions if s.error is not None}}


@dataclass
class SweepResult:
    """A sweep: the knob varied and one row per value."""

    knob: str
    rows: list[SweepRow]

    def to_dict(self) -> dict[str, Any]:
        """The sweep as a JSON-ready dict."""
        return {"knob": self.knob, "rows": [r.to_dict() for r in self.rows]}


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1): a value that occurred, never interpolated."""
    s = sorted(values)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def _trigger_order(configs: Sequence[CompactionConfig], indices: Iterable[int]) -> list[int]:
    """`indices` by token trigger, lowest first: a replay may serve the values above
    its own (`_shared`), so whatever order the values come in, each is replayed at most
    once per class of values that give the same replay."""
    return sorted(indices, key=lambda i: configs[i].summarization.trigger.context_tokens)


def _one(session: Session, configs: Sequence[CompactionConfig], indices: Sequence[int], model: str,
         token_cache: TokenCache | None, summary_cache: SummaryCache | None,
         done: list[Replay] | None = None, counter: TokenCounter | None = None,
         ) -> list[tuple[int, SessionTotals, int | None]]:
    """`session` under each of `configs[indices]` (priced for `model`, the same for the
    whole sweep); `done`, this session's replays that may serve other values, extended,
    serves the values it provably gives again. Each result comes with the replay's
    `same_from_trigger` (None: it serves no other value)."""
    from inspector.service.pipeline import failure_types

    done = [] if done is None else done
    out: list[tuple[int, SessionTotals, int | None]] = []
    for vi in _trigger_order(configs, indices):
        try:
            r = _shared(done, configs[vi])
            if r is None:
                r = replay_session(session, configs[vi], model=model, counter=counter, token_cache=token_cache,
                                   summary_cache=summary_cache)
                if r.same_from_trigger is not None:
                    done.append(r)
            out.append((vi, _totals(session.id, r), r.same_from_trigger))
        except failure_types() as exc:
            out.append((vi, SessionTotals(session.id, {}, 0.0, error=str(exc)), None))
    return out


def _totals(session_id: str, r: Any) -> SessionTotals:
    f = r.fidelity
    lost = [{"kind": it.kind, "text": it.text, "status": it.status} for it in f.lost()[:LOST_SHOWN]]
    return SessionTotals(session_id, r.totals.to_dict(), round(f.score, 4),
                         kinds={name: (k.items, k.kept) for name, k in f.kinds.items()}, lost=lost)


def _serves(config: CompactionConfig, same_from: int | None, other: CompactionConfig) -> bool:
    """A replay of `config` that showed `same_from` (`Replay.same_from_trigger`) is
    what `other` gives: the same config but for a token trigger at or above it."""
    return same_from is not None and other.summarization.trigger.context_tokens >= max(same_from, 1) and (
        other.with_values({TRIGGER_KNOB: config.summarization.trigger.context_tokens}) == config)


def _shared(done: Sequence[Replay], config: CompactionConfig) -> Replay | None:
    """A replay in `done` that `config` would give again (`_serves`)."""
    return next((r for r in done if _serves(r.config, r.same_from_trigger, config)), None)


class _Opened:
    """A source file/database, a directory of them, or a workspace, opened once per
    worker process."""

    def __init__(self, source: str, on_skip: Callable[[str], None] | None = None) -> None:
        from inspector.sources.registry import open_source

        self.source = source
        self.workspace: Any = None
        # The session last read, kept: a worker gets the same session again for other
        # values of the knob, and its analysis (counts, memos) comes with it.
        self.last: Session | None = None
        # ... and its replays, which may serve the values of later tasks (`_shared`)
        self.replays: list[Replay] = []
        self.files: dict[str, Any] = {}  # session id -> the opened source holding it
        path = where(source)
        if isinstance(path, Path) and path.is_dir():
            for f in sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith(".")):
                try:
                    src = open_source(f)
                except ValueError as exc:  # not a session file: skipped, as `export --all` does
                    if on_skip is not None:
                        on_skip(str(exc))
                    continue
                for sid in src.session_ids():
                    self.files.setdefault(sid, src)
        elif is_workspace(path):
            from inspector.workspace.database import Workspace

            self.workspace = Workspace(source)
        else:
            src = open_source(path)
            self.files = dict.fromkeys(src.session_ids(), src)

    def ids(self) -> list[str]:
        if self.workspace is not None:
            return [s.id for s in self.workspace.list_sessions()]
        return list(self.files)

    def read(self, session_id: str) -> Session:
        if self.last is not None and self.last.id == session_id:
            return self.last
        self.replays = []
        if self.workspace is not None:
            self.last = self.workspace.load_session(session_id)
        else:
            self.last = self.files[session_id].read(session_id)
        return self.last

    def caches(self) -> tuple[TokenCache | None, SummaryCache | None]:
        if self.workspace is not None:
            return self.workspace.token_cache(), self.workspace.summary_cache()
        return None, None


_WORKER: dict[str, _Opened] = {}


def _task(source: str, ids: Sequence[str], configs_json: Sequence[str], indices: Sequence[int],
          model: str) -> list[tuple[int, SessionTotals, int | None]]:
    """A worker's share: some sessions under some values (the source opened once)."""
    opened = _WORKER.get(source)
    if opened is None:
        opened = _WORKER[source] = _Opened(source)
    configs = [CompactionConfig.model_validate_json(c) for c in configs_json]
    tokens, summaries = opened.caches()
    out = []
    for sid in ids:
        session = opened.read(sid)
        out.extend(_one(session, configs, indices, model, tokens, summaries, opened.replays))
    return out


def session_ids(source: str | Path, on_skip: Callable[[str], None] | None = None) -> list[str]:
    """Every session id of a source file, database, directory or workspace; files of a
    directory that are not sources go to `on_skip`. Raises PipelineError."""
    path = where(source)
    if isinstance(path, Path) and not path.exists():
        raise PipelineError(f"{path}: no such file or directory")
    from inspector.workspace.database import WorkspaceError

    try:
        # the source as given: a URL's str() is redacted, the workers need the password
        return _Opened(source if isinstance(source, str) else str(path), on_skip).ids()
    except (ValueError, WorkspaceError) as exc:  # SourceError, TrajError, ConversionError
        raise PipelineError(str(exc)) from None


def _chunks(ids: Sequence[str], n_values: int, workers: int) -> list[list[str]] | None:
    """Chunks of sessions, each a task under every value, when there are enough sessions
    to keep the workers busy (or one value); None: a task per session and value."""
    slots = max(1, workers) * 4
    if len(ids) < slots and n_values > 1:
        return None
    size = max(1, math.ceil(len(ids) / slots))
    return [list(ids[i:i + size]) for i in range(0, len(ids), size)]


def value_order(configs: Sequence[CompactionConfig]) -> list[int]:
    """The order a session's values go to the pool: the highest token trigger first,
    then the others lowest first. Above the tailoring budget the trigger is typically
    never reached (tailoring keeps the context under it), and the highest value's
    replay then shows it for every value from the highest trigger check it made up
    (`Replay.same_from_trigger`): those values are never sent. Meanwhile the other
    workers replay the lowest values, which no replay serves; first of them the lowest
    value above the tailoring budget, if it is not the highest: the context reaches
    the budget plus a turn before tailoring runs, so that value is rarely served, and
    with both summaries and tailoring firing it is usually the costliest replay (on the
    bench's sweep, 10 s of 36; sent last, it ran alone at the end). Public: the fleet's
    queue sends values in the same order.

    Args:
        configs: one config per value of the sweep.

    Returns:
        The indices of `configs` in the order they are sent.
    """
    order = _trigger_order(configs, range(len(configs)))
    top, rest = order[-1:], order[:-1]
    above = [vi for vi in rest if configs[vi].tailoring.enabled
             and configs[vi].summarization.trigger.context_tokens > configs[vi].tailoring_budget()]
    if above:
        rest.remove(above[0])
        rest.insert(0, above[0])
    return top + rest


def sweep(
    source: str | Path,
    ids: Sequence[str],
    base: CompactionConfig,
    knob: str,
    values: Sequence[Any],
    *,
    model: str | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sessions: Sequence[Session] | None = None,
    counter: TokenCounter | None = None,
    token_cache: TokenCache | None = None,
    summary_cache: SummaryCache | None = None,
) -> SweepResult:
    """Replay one config per value over sessions.

    Args:
        source: the file, database or workspace the sessions come from.
        ids: the sessions to replay.
        base: the config the knob is varied on.
        knob: dotted config key, or `preset` to compare presets.
        values: the knob's values (see `parse_values`).
        model: prices (default: the base config's tokens.model).
        workers: processes (default: the CPU count; 1 runs in this process).
        progress: called with (done, total) as results come in: replays (or values a
            replay served) in process and when a few sessions are swept on the pool,
            tasks (groups of sessions) when many are.
        sessions: the sessions already loaded (in-process only; `source` is then unused).
        counter: token counter (default: the config's), in process only (as `replay_session`).
        token_cache: counts already known, in process only (default: the workspace's
            when `source` is one).
        summary_cache: model summaries already written, read only, in process only
            (default: the workspace's when `source` is one).

    Returns:
        A `SweepResult`: per value, every session's totals. Raises ConfigError for a
        bad knob or value, PipelineError for a bad source.
    """
    configs = configs_for(base, knob, values)
    model = model or base.tokens.model
    rows = [SweepRow(v) for v in values]
    if workers is not None and workers < 0:
        raise ValueError(f"sweep: workers must be 0 (one per core) or more, not {workers}")
    workers = workers or os.cpu_count() or 1
    if sessions is not None or workers == 1:
        opened = None if sessions is not None else _Opened(str(source))
        tokens, summaries = opened.caches() if opened is not None else (None, None)
        tokens = token_cache if token_cache is not None else tokens
        summaries = summary_cache if summary_cache is not None else summaries
        count = len(sessions) if sessions is not None else len(ids)
        steps = count * len(configs)
        done = 0
        for k in range(count):
            s = sessions[k] if sessions is not None else opened.read(ids[k])  # type: ignore[union-attr]
            replays: list[Replay] = []
            for vi in _trigger_order(configs, range(len(configs))):
                rows[vi].sessions.extend(st for _, st, _ in _one(s, configs, [vi], model, tokens, summaries,
                                                                  replays, counter))
                done += 1
                if progress is not None:
                    progress(done, steps)
        return SweepResult(knob, rows)
    if counter is not None or token_cache is not None or summary_cache is not None:
        raise ValueError("sweep: counter, token_cache and summary_cache are for in-process sweeps (workers=1)")
    configs_json = [c.model_dump_json() for c in configs]
    chunks = _chunks(ids, len(configs), workers)
    if chunks is None:
        found = _sweep_each(str(source), ids, configs, configs_json, model, workers, progress)
        for sid in ids:
            for vi, row in enumerate(rows):
                row.sessions.append(found[sid, vi])
        return SweepResult(knob, rows)
    order = {sid: k for k, sid in enumerate(ids)}
    every = list(range(len(configs)))
    with _pool(min(workers, len(chunks))) as pool:
        futures = [pool.submit(_task, str(source), chunk, configs_json, every, model) for chunk in chunks]
        for done, fut in enumerate(as_completed(futures), 1):
            for vi, st, _ in fut.result():
                rows[vi].sessions.append(st)
            if progress is not None:
                progress(done, len(futures))
    for row in rows:
        row.sessions.sort(key=lambda s: order.get(s.session_id, 0))
    return SweepResult(knob, rows)


def _pool(workers: int) -> ProcessPoolExecutor:
    """The sweep's process pool; its workers die with this process (`_die_with_parent`)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_die_with_parent, initargs=(os.getpid(),))


def _die_with_parent(parent: int) -> None:
    """In a pool worker: exit when the sweeping process dies, even by kill -9 (which
    gives the pool no chance to stop its workers). Linux: the kernel's parent-death
    signal (SIGKILL: a worker holds nothing to save); elsewhere a thread watching the
    parent's pid."""
    import signal
    import sys
    import threading

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            if libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # it died before the signal was asked for
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass  # no prctl: the watchdog below

    def watch() -> None:
        import time

        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="inspector-parent-watch", daemon=True).start()


def _sweep_each(source: str, ids: Sequence[str], configs: Sequence[CompactionConfig], configs_json: Sequence[str],
                model: str, workers: int, progress: Callable[[int, int], None] | None,
                ) -> dict[tuple[str, int], SessionTotals]:
    """A few sessions on the pool, one task per session and value, no more than
    `workers` at a time: a value that a replay already back serves (`_serves`) is
    never sent (the values go in `value_order`, the rest of a session's highest first
    once one of its replays proved some: `_highest_first`)."""
    pending = deque((sid, vi) for sid in ids for vi in value_order(configs))
    steps = len(pending)
    found: dict[tuple[str, int], SessionTotals] = {}
    proofs: dict[str, list[tuple[int, int]]] = {}  # session -> (value index, its replay's same_from_trigger)
    running: dict[Future[list[tuple[int, SessionTotals, int | None]]], tuple[str, int]] = {}

    def finish(key: tuple[str, int], st: SessionTotals) -> None:
        found[key] = st
        if progress is not None:
            progress(len(found), steps)

    with _pool(max(1, min(workers, steps))) as pool:
        while pending or running:
            while pending and len(running) < workers:
                sid, vi = pending.popleft()
                by = next((vj for vj, same_from in proofs.get(sid, ())
                           if _serves(configs[vj], same_from, configs[vi])), None)
                if by is not None:
                    finish((sid, vi), dataclasses.replace(found[sid, by]))
                    continue
                running[pool.submit(_task, source, [sid], [configs_json[vi]], [0], model)] = (sid, vi)
            if not running:
                continue
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in ready:
                sid, vi = running.pop(fut)
                ((_, st, same_from),) = fut.result()
                if same_from is not None:
                    proofs.setdefault(sid, []).append((vi, same_from))
                    pending = _highest_first(pending, sid, configs)
                finish((sid, vi), st)
    return found


def _highest_first(pending: deque[tuple[str, int]], sid: str,
                   configs: Sequence[CompactionConfig]) -> deque[tuple[str, int]]:
    """`pending` with session `sid`'s values highest trigger first, in the places its
    values had. Once a replay proved the top of the range, the values left just under
    it (the context running near the budget, summarized and tailored) usually cost the
    most: started first, the workers' last replays end closer together."""
    mine = iter(sorted((u for u in pending if u[0] == sid),
                       key=lambda u: -configs[u[1]].summarization.trigger.context_tokens))
    return deque(next(mine) if u[0] == sid else u for u in pending)
