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
  the first (cold) `replay()` of the same session and config (preset balanced). The
  whole loop runs (the Compactor's history and summaries evolve as in production),
  but only every `every`-th call is timed with its cache emptied (the others keep
  their counts, so the loop takes about a minute instead of several): the naive time
  is the timed calls' sum times calls / timed calls. The two final contexts are
  checked equal. `replay_vs_naive_2k` is the same loop timed at every call, on the
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
import time
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
                    ) -> tuple[list[dict[str, Any]], int, float, float]:
    """The runtime `Compactor.compact` before every model call of `session`, with the
    history so far, as an agent runs it. Every `every`-th call is timed (the call and
    its history's concatenation), its count cache emptied first when `recount`.

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


def measure_naive_whole(session: Any, counter: Any, replay_s: float, warm_s: float, every: int = 10,
                        ) -> dict[str, Any]:
    """replay_vs_naive on the whole session (see the module's docstring); `replay_s`,
    the cold replay's time in this run, `warm_s` the next one's (shown beside)."""
    from inspector.engine import preset
    from inspector.engine.replay import call_positions
    from inspector.exports.registry import to_openai_chat

    config = preset("balanced")
    r = _replay(session, config, counter=counter)  # its final context, for the check below
    t_loop = time.perf_counter()
    history, timed, timed_s, timed_cpu = _compactor_loop(session, config, counter, every, recount=True)
    loop_s = time.perf_counter() - t_loop
    calls = len(call_positions(session.messages))
    naive = timed_s * calls / timed
    return {"replay_vs_naive": round(naive / replay_s, 1), "replay_s": round(replay_s, 3),
            "replay_vs_naive_warm_replay": round(naive / warm_s, 1), "warm_replay_s": round(warm_s, 3),
            "naive_estimated_s": round(naive, 1), "naive_estimated_cpu_s": round(timed_cpu * calls / timed, 1),
            "calls": calls, "timed_calls": timed, "timed_s": round(timed_s, 2), "loop_s": round(loop_s, 1),
            "same_final_context": to_openai_chat(r.final_messages) == history, "config": "balanced"}


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
