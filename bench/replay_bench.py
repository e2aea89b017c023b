"""Replay and sweep timings (bench/run.py section `replay`).

- replay_10k_s: `replay()` of the 10k session under preset balanced, counts cached
  (the session analysed once before, as the TUI and the workspace have it); the
  fastest of 2 runs (the second reuses the session's memo of placeholder counts, as
  the TUI's next replay does), the first run's time next to it. replay_fidelity_s: the
  fidelity of that replay's final context, measured when first asked for (the session's
  first measure indexes all of it), after the replays.
- replay_vs_naive: the runtime `Compactor.compact` called before every model call
  of the 10k session with the history so far, its count cache emptied first (what
  per-call middleware does: convert, recount, re-plan the whole context each time) /
  a cold `replay()` of the same session and config (preset balanced), the median of
  COLD_SAMPLES. The whole loop runs (the Compactor's history and summaries evolve as in
  production), but only every `every`-th call is timed with its cache emptied (the
  others keep their counts, so the loop takes about a minute instead of several): the
  naive time is the timed calls' sum times calls / timed calls. Each cold replay runs
  in a process forked from the state the first replay of this process starts from
  (the session analysed, its counts cached, the modules a replay uses imported as
  they are for the loop, nothing replayed yet: `ColdReplays`), so each is as cold as the first; they are spread over the loop
  (one before it, the others between its calls, outside the timed ones), so a change
  of the machine's load during the loop reaches both sides. One replay of about 3 s,
  timed once, moved the ratio by a third between two runs of the same code (100.8 and
  73.2: the replay 3.0 and 3.5 s, the loop 303 and 257 s). `replay_vs_naive_cpu` is
  the same ratio in CPU seconds (the replay's include the thread it counts on beside).
  The final contexts of the loop and of the replays are checked equal. `replay_vs_naive_2k` is the same loop timed at every call, on the
  first `naive_messages` messages, under a config that compacts far more often
  (summaries at 32k tokens keeping half, clearing at 24k): there a replay is mostly
  its compactions, and the ratio is much lower.
- sweep_20_vs_replays: sweep_20_s / the 20 `replay()` calls one after the other in
  this process (the session in memory, counts cached); sweep_fleet_vs_serial:
  sweep_fleet_1000_s / each session read and replayed one after the other here.
- sweep_20_s: `sweep()` of 20 trigger values (16k to 320k, preset balanced keeping
  half the trigger) over the 10k session stored in a workspace (counts cached
  there), on a process pool of 2.
- sweep_fleet_1000_s: one config (preset balanced) over the 1,000-session Agents SDK
  database, on a process pool of 2.

Every figure comes with the CPU time it took (`cpu_s`: this process's, plus the pool
workers' for sweeps), which a machine shared with other jobs inflates less than the
wall time.
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

KNOB = "summarization.trigger.context_tokens"


def _cpu(children: bool = False) -> float:
    """CPU seconds of this process (and of its reaped children, a pool's workers)."""
    t = time.process_time()
    if children:
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        t += ru.ru_utime + ru.ru_stime
    return t


COLD_SAMPLES = 5


class ColdReplays:
    """Cold `replay()`s of `session` (preset balanced) on demand, each from the same
    state: a process forked once the session is analysed (its counts cached) and the
    engine imported, before any replay ran here, forks a child per replay asked for.
    Use it as a context manager, created before the first replay of this process."""

    def __init__(self, session: Any, counter: Any) -> None:
        import os

        from inspector.engine import analyze, preset

        _import_engine()
        analyze(session, counter)  # counts cached
        config = preset("balanced")
        req_r, self._req = os.pipe()
        res_r, res_w = os.pipe()
        self._pid = os.fork()
        if self._pid == 0:  # the process each cold replay is forked from
            os.close(self._req)
            os.close(res_r)
            code = 1
            try:
                code = _serve_cold(req_r, res_w, session, config, counter)
            finally:
                os._exit(code)
        os.close(req_r)
        os.close(res_w)
        self._results = os.fdopen(res_r, "rb")

    def run(self) -> dict[str, Any]:
        """One cold replay: its wall and CPU seconds and its totals."""
        import json
        import os

        os.write(self._req, b"r")
        line = self._results.readline()
        if not line:
            raise RuntimeError("the cold replay's process ended")
        out: dict[str, Any] = json.loads(line)
        if "error" in out:
            raise RuntimeError(f"cold replay failed: {out['error']}")
        return out

    def close(self) -> None:
        """End the process the replays are forked from."""
        import os

        os.close(self._req)
        self._results.close()
        os.waitpid(self._pid, 0)

    def __enter__(self) -> ColdReplays:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _import_engine() -> None:
    """Import what a replay imports on first use (the naive loop is timed with all of
    it imported too: the first replay of a process would time ~0.3 s of imports)."""
    import importlib

    for name in ("inspector.edge", "inspector.engine.replay", "inspector.engine.flow", "inspector.engine.driving",
                 "inspector.engine.planning.planner", "inspector.engine.planning.tailor", "inspector.engine.applier",
                 "inspector.engine.invariants", "inspector.engine.validation", "inspector.engine.summary_format",
                 "inspector.engine.summarize.extractive"):
        importlib.import_module(name)


def _serve_cold(requests: int, results: int, session: Any, config: Any, counter: Any) -> int:
    """In the forked process: one child per request, each replaying once; returns at EOF."""
    import json
    import os

    while os.read(requests, 1):
        pid = os.fork()
        if pid == 0:
            try:
                t, c = time.perf_counter(), _cpu()
                r = _replay(session, config, counter)
                out = {"seconds": time.perf_counter() - t, "cpu_s": _cpu() - c,
                       "billed_input_tokens": r.totals.billed_input_tokens, "compactions": r.totals.compactions,
                       "final": [m.content_hash for m in r.final_messages]}
            except BaseException as exc:  # reported to the bench, which raises it
                out = {"error": repr(exc)}
            os.write(results, (json.dumps(out) + "\n").encode())
            os._exit(0)
        _, status = os.waitpid(pid, 0)
        if status:
            os.write(results, (json.dumps({"error": f"exit status {status}"}) + "\n").encode())
    return 0


def _replay(session: Any, config: Any, counter: Any) -> Any:
    """The engine's replay as the service runs it: the collector paused, the long
    outputs counted ahead beside it (inspector/edge.py)."""
    from inspector.edge import collection_paused, run_beside
    from inspector.engine.replay import replay

    with collection_paused():
        return replay(session, config, counter=counter, beside=run_beside)


def measure_replay(session: Any, counter: Any) -> dict[str, Any]:
    from inspector.engine import analyze, preset

    analyze(session, counter)  # counts cached
    config = preset("balanced")
    times, cpus = [], []
    r = None
    for _ in range(2):
        t, c = time.perf_counter(), _cpu()
        r = _replay(session, config, counter=counter)
        times.append(time.perf_counter() - t)
        cpus.append(_cpu() - c)
    assert r is not None
    t = time.perf_counter()
    score = r.fidelity.score  # measured on first use: the whole session indexed, cold
    fidelity_s = time.perf_counter() - t
    return {"seconds": round(min(times), 3), "fidelity_s": round(fidelity_s, 3), "runs_s": [round(x, 3) for x in times],
            "cpu_s": round(min(cpus), 3), "runs_cpu_s": [round(x, 3) for x in cpus], "config": "balanced",
            "calls": r.totals.calls, "compactions": r.totals.compactions,
            "peak_context_tokens": r.totals.peak_context_tokens,
            "billed_input_tokens": r.totals.billed_input_tokens,
            "unmanaged_input_tokens": r.totals.unmanaged_input_tokens,
            "fidelity": round(score, 3)}


def _compactor_loop(session: Any, config: Any, counter: Any, every: int, recount: bool,
                    between: Callable[[int], None] | None = None,
                    ) -> tuple[list[dict[str, Any]], int, float, float]:
    """The runtime `Compactor.compact` before every model call of `session`, with the
    history so far, as an agent runs it. Every `every`-th call is timed (the call and
    its history's concatenation), its count cache emptied first when `recount`;
    `between(k)` runs before call k, untimed.

    Returns:
        (the final history, timed calls, their seconds, their CPU seconds).
    """
    from inspector import Compactor
    from inspector.engine.replay import call_positions
    from inspector.engine.tokens import DEFAULT_CACHE
    from inspector.exports.registry import to_openai_chat

    compactor = Compactor(config, counter=counter, session_id=session.id)
    messages = session.messages
    dicts = to_openai_chat(messages)
    history: list[dict[str, Any]] = []
    last, timed, timed_s, timed_cpu = 0, 0, 0.0, 0.0
    for k, p in enumerate(call_positions(messages)):
        if between is not None:
            between(k)
        if k % every:
            history = compactor.compact(history + dicts[last:p])
        else:
            if recount:
                DEFAULT_CACHE.clear()
            t, c = time.perf_counter(), _cpu()
            history = compactor.compact(history + dicts[last:p])
            timed_s += time.perf_counter() - t
            timed_cpu += _cpu() - c
            timed += 1
        last = p
    return history, timed, timed_s, timed_cpu


def measure_naive(session: Any, counter: Any, naive_messages: int) -> dict[str, Any]:
    from inspector.engine import Session, analyze, preset
    from inspector.exports.registry import to_openai_chat

    config = preset("balanced").with_values({KNOB: 32000, "summarization.trigger.context_ratio": 0,
                                             "summarization.keep.tokens": 0,
                                             "reduction.clear.trigger_tokens": 24000})
    part = Session(id=session.id, source_format=session.source_format,
                   messages=list(session.messages[:naive_messages]))
    analyze(part, counter)
    t, c = time.perf_counter(), _cpu()
    r = _replay(part, config, counter=counter)
    ours, ours_cpu = time.perf_counter() - t, _cpu() - c
    final = to_openai_chat(r.final_messages)
    history, _, cached, cached_cpu = _compactor_loop(part, config, counter, 1, recount=False)
    same = final == history
    # The reference the issue names: per-call middleware recounts the whole context at
    # every call (LangChain's token_counter, a chars/4 or tiktoken pass over every
    # message); the same loop with the count cache emptied before each call.
    history, _, naive, naive_cpu = _compactor_loop(part, config, counter, 1, recount=True)
    same = same and final == history
    return {"replay_vs_naive": round(naive / ours, 1), "ours_s": round(ours, 3), "naive_s": round(naive, 2),
            "replay_vs_naive_cpu": round(naive_cpu / ours_cpu, 1), "ours_cpu_s": round(ours_cpu, 3),
            "naive_cpu_s": round(naive_cpu, 2),
            "replay_vs_naive_counts_cached": round(cached / ours, 1), "naive_counts_cached_s": round(cached, 2),
            "naive_counts_cached_cpu_s": round(cached_cpu, 2),
            "messages": naive_messages, "calls": r.totals.calls, "compactions": r.totals.compactions,
            "same_final_context": same,
            "config": f"balanced, {KNOB}=32000 (keep half), clear at 24000"}


def measure_naive_whole(session: Any, counter: Any, cold: ColdReplays, first_s: float, warm_s: float,
                        every: int = 10, samples: int = COLD_SAMPLES) -> dict[str, Any]:
    """replay_vs_naive on the whole session (see the module's docstring): `cold` gives
    the cold replays, `samples` of them spread over the loop; `first_s` is the first
    replay's time in this process (cold too), `warm_s` the next one's (shown beside)."""
    from inspector.engine import preset
    from inspector.engine.replay import call_positions
    from inspector.exports.registry import to_openai_chat

    config = preset("balanced")
    r = _replay(session, config, counter=counter)  # its final context, for the checks below
    calls = len(call_positions(session.messages))
    at = {calls * i // samples for i in range(samples)}  # before the loop, then between its calls
    runs: list[dict[str, Any]] = []

    def sample(k: int) -> None:
        if k in at:
            runs.append(cold.run())

    t_loop = time.perf_counter()
    history, timed, timed_s, timed_cpu = _compactor_loop(session, config, counter, every, recount=True,
                                                         between=sample)
    loop_s = time.perf_counter() - t_loop
    naive, naive_cpu = timed_s * calls / timed, timed_cpu * calls / timed
    replay_s = statistics.median(x["seconds"] for x in runs)
    replay_cpu = statistics.median(x["cpu_s"] for x in runs)
    final = to_openai_chat(r.final_messages)
    hashes = [m.content_hash for m in r.final_messages]
    same_runs = all(x["final"] == hashes and x["billed_input_tokens"] == r.totals.billed_input_tokens
                    and x["compactions"] == r.totals.compactions for x in runs)
    return {"replay_vs_naive": round(naive / replay_s, 1), "replay_s": round(replay_s, 3),
            "replay_runs_s": [round(x["seconds"], 3) for x in runs],
            "replay_vs_naive_cpu": round(naive_cpu / replay_cpu, 1), "replay_cpu_s": round(replay_cpu, 3),
            "replay_runs_cpu_s": [round(x["cpu_s"], 3) for x in runs],
            "replay_vs_naive_first": round(naive / first_s, 1), "first_replay_s": round(first_s, 3),
            "replay_vs_naive_warm_replay": round(naive / warm_s, 1), "warm_replay_s": round(warm_s, 3),
            "naive_estimated_s": round(naive, 1), "naive_estimated_cpu_s": round(naive_cpu, 1),
            "calls": calls, "timed_calls": timed, "timed_s": round(timed_s, 2), "loop_s": round(loop_s, 1),
            "same_final_context": final == history and same_runs, "config": "balanced"}


def _separate_replays_s(session: Any, counter: Any, base: Any, values: list[Any]) -> float:
    """The sweep's reference: one `replay_session()` per value (what the sweep runs for
    each), one after the other, in this process, on the session already in memory with
    its counts cached."""
    from inspector.engine import analyze
    from inspector.service.replay import replay_session

    analyze(session, counter)
    t = time.perf_counter()
    for value in values:  # with its fidelity, as each of the sweep's rows has it
        _ = replay_session(session, base.with_values({KNOB: value}), counter=counter).fidelity
    return time.perf_counter() - t


def _serial_fleet_s(agents_db: Path, ids: list[str]) -> float:
    """The fleet sweep's reference: each session read from the database and replayed
    (`replay_session`, preset balanced, what the sweep runs for each), one after the
    other, in this process."""
    from inspector.engine import preset
    from inspector.service.replay import replay_session
    from inspector.sources.registry import open_source

    config = preset("balanced")
    t = time.perf_counter()
    with open_source(agents_db) as src:
        for sid in ids:  # with its fidelity, as each session's totals in the sweep have it
            _ = replay_session(src.read(sid), config).fidelity
    return time.perf_counter() - t


def measure_sweeps(session: Any, counter: Any, tmp: Path, agents_db: Path, workers: int = 2) -> dict[str, Any]:
    from inspector.engine import preset
    from inspector.engine.tokens import count_messages
    from inspector.service.replay import parse_values, session_ids, sweep
    from inspector.workspace.database import Workspace

    path = tmp / "sweep.db"
    with Workspace(path) as ws:
        wid = ws.add_session(session)
        totals, _ = count_messages(session.messages, counter, ws.token_cache())
        ws.record_tokens(wid, counter.name, sum(totals))
    values = parse_values("16k:320k:16k")
    assert len(values) == 20
    # balanced on the token trigger, keeping half of it (as the re-plan figures do)
    base = preset("balanced").with_values({"summarization.trigger.context_ratio": 0,
                                           "summarization.keep.tokens": 0})
    t, c = time.perf_counter(), _cpu(children=True)
    one = sweep(path, [wid], base, KNOB, values, workers=workers)
    sweep_s, sweep_cpu = time.perf_counter() - t, _cpu(children=True) - c
    replays_s = _separate_replays_s(session, counter, base, values)

    ids = session_ids(agents_db)
    t, c = time.perf_counter(), _cpu(children=True)
    fleet = sweep(agents_db, ids, preset("balanced"), "preset", ["balanced"], workers=workers)
    fleet_s, fleet_cpu = time.perf_counter() - t, _cpu(children=True) - c
    serial_s = _serial_fleet_s(agents_db, ids)
    row = fleet.rows[0].to_dict()
    return {"sweep_20_s": round(sweep_s, 2), "sweep_cpu_s": round(sweep_cpu, 2), "fleet_cpu_s": round(fleet_cpu, 2),
            "separate_replays_s": round(replays_s, 2), "sweep_20_vs_replays": round(sweep_s / replays_s, 2),
            "fleet_serial_s": round(serial_s, 2), "fleet_vs_serial": round(fleet_s / serial_s, 2),
            "sweep_values": f"{KNOB} 16k:320k:16k",
            "sweep_compactions": [r.summed()["compactions"] for r in one.rows],
            "fleet_s": round(fleet_s, 2), "fleet_sessions": row["sessions"], "fleet_calls": row["totals"]["calls"],
            "fleet_compactions": row["totals"]["compactions"], "workers": workers}
