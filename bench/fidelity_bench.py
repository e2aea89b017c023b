"""Fidelity figures (bench/run.py section `fidelity`; also `python bench/fidelity_bench.py`).

- fidelity_judged_spearman: Spearman correlation of the offline fidelity score with the
  judges' gold score (mean overall / 10) over every item of the labelled set
  (tests/data/fidelity_judged, or $INSPECTOR_JUDGED_DIR; loader: tests/judged.py).
- fidelity_pairwise_accuracy: within each session, the share of the pairs of items the
  judges separate by 2 points on 10 or more that the measure orders the same way.
- fidelity_heldout_spearman, fidelity_heldout_pairwise_accuracy: the same on the
  held-out set (tests/data/fidelity_judged_heldout: other sessions, writers and judges,
  looked at once, then used as development data: see its README).
- fidelity_blind_spearman, fidelity_blind_pairwise_accuracy: the same on the blind set
  (tests/data/fidelity_judged_blind: sessions in no other set, a fourth writer, two more
  judges), blind until the measure's fourth pass, development data since (its README).
- fidelity_L5_spearman, fidelity_L5_pairwise_accuracy, fidelity_L6_*: the same on the
  sets of other agents (tests/data/fidelity_judged_L5: mini-swe-agent, SWE-agent function
  calling) and other genres (tests/data/fidelity_judged_L6: tau-bench customer service,
  Claude Code sub-agents), development data since the measure's fifth pass;
  fidelity_L7_*: the set of other origins (tests/data/fidelity_judged_L7: OpenHands, a
  Claude Code main session, AutoGen conversations), development data since the sixth.
- Leaving one whole SET out (the blend of `engine.fidelity_blend` chosen on the others):
  `python bench/fidelity_fit.py`.
- `--folds`: how a choice of the measure's constants generalizes: for a grid of them,
  leaving each session of every labelled set (L1-L7) out in turn (the choice made on
  the others scores it; the held-out scores pooled, figures per set).
- fidelity_vs_replan: on the 10k session, the median time of `measure_fidelity` of a
  plan the measure has never seen, its offline summaries already in the scratch cache
  (what the TUI runs after each repaint; it keeps them there), the thresholds in slider
  order (a knob move) / the median time of the re-plan itself, same thresholds. The first
  measure of a new summarized range also runs the offline summarizer once
  (`fidelity_first_median_ms`); a revisit of a measured plan is answered from memos
  (`fidelity_revisit_median_ms`); both shown beside.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def measure_agreement(directory: Path | None = None) -> dict[str, Any]:
    """Agreement with the judges on a labelled set (default: the tuning set); per
    variant the mean score and gold, per session its own figures."""
    from inspector.engine.fidelity import fidelity
    from tests import judged

    items = judged.load(directory)
    if not items:
        return {"error": f"no judged items in {directory or judged.data_dir()}"}
    scores = {it.id: fidelity(it.original(), it.compacted()).score for it in items}
    overall = judged.agreement(items, lambda it: scores[it.id])
    variants: dict[str, dict[str, float]] = {}
    for v in sorted({it.variant or "?" for it in items}):
        group = [it for it in items if (it.variant or "?") == v]
        variants[v] = {"items": len(group), "score": round(statistics.mean(scores[it.id] for it in group), 3),
                       "gold": round(statistics.mean(it.gold for it in group), 3)}
    sessions = {}
    for s in sorted({it.session for it in items}):
        group = [it for it in items if it.session == s]
        a = judged.agreement(group, lambda it: scores[it.id])
        sessions[s] = {k: round(v, 3) for k, v in a.items()}
    return {"spearman": round(overall["spearman"], 4), "pairwise_accuracy": round(overall["pairwise_accuracy"], 4),
            "pairs": overall["pairs"], "items": overall["items"],
            "judges": {k: round(v, 3) for k, v in judged.judges_agreement(directory).items()},
            "variants": variants, "sessions": sessions}


def measure_combined() -> dict[str, Any]:
    """Agreement over every labelled item of both sets together (13 sessions, two pairs
    of judges), the figure changes to the measure are chosen by."""
    from inspector.engine.fidelity import fidelity
    from tests import judged

    items = judged.load() + judged.load(judged.HELDOUT)
    if not items:
        return {"error": "no judged items"}
    a = judged.agreement(items, lambda it: fidelity(it.original(), it.compacted()).score)
    return {"spearman": round(a["spearman"], 4), "pairwise_accuracy": round(a["pairwise_accuracy"], 4),
            "pairs": a["pairs"], "items": a["items"]}


# The constants `--folds` chooses among: inspector.engine.fidelity's names, "NAME.key"
# for an entry of a dict constant (WEIGHTS.task).
FOLD_GRID: dict[str, list[Any]] = {"STATE_WEIGHT": [6.0, 8.0], "WEIGHTS.task": [2.0, 3.0, 4.0]}


def labelled_sets() -> dict[str, list[Any]]:
    """Every labelled set, by name: L1+L2 (the first set), L3 (held out), L4 (blind), L5
    (other agents), L6 (other genres), L7 (other origins: OpenHands, a Claude Code main
    session, AutoGen conversations): all development data now, the figures changes
    are chosen by."""
    from tests import judged

    return {"L1+L2": judged.load(), "L3": judged.load(judged.HELDOUT), "L4": judged.load(judged.BLIND),
            "L5": judged.load(judged.L5), "L6": judged.load(judged.L6), "L7": judged.load(judged.L7)}


def _set_constant(measure: Any, name: str, value: Any) -> None:
    base, _, key = name.partition(".")
    if key:
        getattr(measure, base)[key] = value
    else:
        setattr(measure, base, value)


def _get_constant(measure: Any, name: str) -> Any:
    base, _, key = name.partition(".")
    return getattr(measure, base)[key] if key else getattr(measure, base)


def measure_folds(grid: dict[str, list[Any]] | None = None) -> dict[str, Any]:
    """Agreement of the constants chosen without the data they are scored on, over
    every labelled set (`labelled_sets`).

    A choice is judged by the mean over the sets of Spearman + pairwise accuracy on the
    items it may see (each set on its own: its judges use their own scale).

    Args:
        grid: per constant of inspector.engine.fidelity ("NAME" or "NAME.key"), the
            values to choose among (default `FOLD_GRID`).

    Returns:
        The current constants' figures per set; leave-one-session-out over every
        session of every set (each session scored with the choice made on all the
        others, the scores pooled, then figures per set); and the choice on all items.
    """
    import itertools

    from inspector.engine import fidelity as measure
    from tests import judged

    grid = grid or FOLD_GRID
    sets = labelled_sets()
    items = [it for group in sets.values() for it in group]
    set_of = {it.id: name for name, group in sets.items() for it in group}
    saved = {name: _get_constant(measure, name) for name in grid}
    scores: dict[tuple[Any, ...], dict[str, float]] = {}
    try:
        for combo in itertools.product(*grid.values()):
            for name, value in zip(grid, combo, strict=True):
                _set_constant(measure, name, value)
            scores[combo] = {it.id: measure.fidelity(it.original(), it.compacted()).score for it in items}
    finally:
        for name, value in saved.items():
            _set_constant(measure, name, value)
    current = tuple(saved.values())

    def per_set(group: list[Any], by: dict[str, float]) -> dict[str, dict[str, float]]:
        out = {}
        for name in sets:
            part = [it for it in group if set_of[it.id] == name]
            if part:
                a = judged.agreement(part, lambda it: by[it.id])
                out[name] = {"spearman": round(a["spearman"], 4), "pairwise_accuracy": round(a["pairwise_accuracy"], 4)}
        return out

    def merit(group: list[Any], by: dict[str, float]) -> float:
        figures = per_set(group, by)
        return sum(f["spearman"] + f["pairwise_accuracy"] for f in figures.values()) / len(figures)

    def best(group: list[Any]) -> tuple[Any, ...]:
        return max(scores, key=lambda c: (merit(group, scores[c]), c == current))

    pooled: dict[str, float] = {}
    chosen = []
    for session in sorted({(set_of[it.id], it.session) for it in items}):
        choice = best([it for it in items if (set_of[it.id], it.session) != session])
        chosen.append(choice)
        pooled.update({it.id: scores[choice][it.id] for it in items
                       if (set_of[it.id], it.session) == session})
    return {"grid": grid, "current": current, "current_figures": per_set(items, scores[current]),
            "best_all": best(items), "best_all_figures": per_set(items, scores[best(items)]),
            "leave_one_session_out": {"chosen": chosen, "figures": per_set(items, pooled)}}


def measure_offline_summary(session: Any, counter: Any, thresholds: list[int] | None = None) -> dict[str, Any]:
    """The offline (extractive) summary of a range never summarized before / the re-plan,
    on the same thresholds: what a knob move's first visit pays before its measure when
    the workspace holds no model summary (`service.pipeline.measure_fidelity` makes it).
    Each threshold is re-planned, then its summaries made into an empty cache, in
    slider order; CPU time beside (the machine is shared)."""
    import engine_bench

    from inspector.engine import plan
    from inspector.engine.analysis import analyze
    from inspector.engine.applier import MemorySummaryCache, summary_request
    from inspector.engine.summarize import SummaryRejected
    from inspector.engine.summarize.extractive import ExtractiveSummarizer

    thresholds = thresholds or engine_bench.THRESHOLDS
    analyze(session, counter)
    configs = [engine_bench.replan_config("balanced", t) for t in thresholds]
    plan(session, configs[0], counter)
    scratch = MemorySummaryCache()
    replan_ms, summary_ms, replan_cpu, summary_cpu = [], [], [], []
    for cfg in configs:
        t, c = time.perf_counter(), time.process_time()
        p = plan(session, cfg, counter)
        replan_ms.append((time.perf_counter() - t) * 1000)
        replan_cpu.append((time.process_time() - c) * 1000)
        t, c = time.perf_counter(), time.process_time()
        for spec in p.applied_summaries():  # (what pipeline's _extractive_texts does per range)
            if scratch.get(spec.key) is None:
                try:
                    scratch.put(spec.key, ExtractiveSummarizer().summarize(summary_request(session, p, spec, counter)))
                except SummaryRejected:
                    continue
        summary_ms.append((time.perf_counter() - t) * 1000)
        summary_cpu.append((time.process_time() - c) * 1000)
    replan, summary = statistics.median(replan_ms), statistics.median(summary_ms)
    cpu_replan, cpu_summary = statistics.median(replan_cpu), statistics.median(summary_cpu)
    return {"offline_summary_median_ms": round(summary, 3), "offline_summary_cpu_median_ms": round(cpu_summary, 3),
            "offline_summary_vs_replan_10k": round(summary / replan, 2) if replan else None,
            "offline_summary_vs_replan_cpu": round(cpu_summary / cpu_replan, 2) if cpu_replan else None}


def measure_speed(session: Any, counter: Any, thresholds: list[int] | None = None) -> dict[str, Any]:
    """measure_fidelity of a knob move / the re-plan, on the same thresholds.

    A knob move is timed on a context the measure has never seen: the offline summaries
    of every threshold's range are made first (the summarizer's cost, not the measure's:
    `fidelity_first_median_ms` shows both), then the measure forgets everything it keeps
    (`fidelity.forget(texts=True)`: content's memos of each text, line and message too;
    until session 9 those stayed, and each move found its summary already read: ~25% of
    a move), measures one other threshold's plan (the session's index, built
    once per session), and each of the thresholds is measured once, in slider order.
    Measuring the same plans again is a revisit, which the measure answers from its memos
    (`fidelity_revisit_median_ms`, shown beside; until session 7 the bench timed revisits
    and called them moves). The session is held out of the cyclic collector's passes as
    the app holds the session it tunes.
    """
    import engine_bench

    from inspector.edge import hold_survivors
    from inspector.engine import plan
    from inspector.engine.analysis import analyze

    thresholds = thresholds or engine_bench.THRESHOLDS
    analyze(session, counter)
    configs = [engine_bench.replan_config("balanced", t) for t in thresholds]
    plan(session, configs[0], counter)
    # As the app tunes a session (service/tuning.py: `Tuning.start` and its first plan): the
    # session, its analysis and the plan memo held out of the cyclic collector's passes.
    # Until session 14 the bench left them in, and a full pass over them (~330 ms) could
    # land inside a timed move, which the app never sees.
    release = hold_survivors()
    try:
        return _moves(session, counter, thresholds, configs,
                      engine_bench.replan_config("balanced", thresholds[0] + 7919))
    finally:
        release()


def _moves(session: Any, counter: Any, thresholds: list[int], configs: list[Any], other_config: Any
           ) -> dict[str, Any]:
    """`measure_speed`'s timed part, the session held as the app holds it."""
    from inspector.edge import hold_survivors
    from inspector.engine import fidelity as fidelity_module
    from inspector.engine import plan
    from inspector.engine.applier import MemorySummaryCache
    from inspector.service.pipeline import measure_fidelity

    scratch = MemorySummaryCache()
    replan_ms, first_ms, moves_ms, again_ms, plans = [], [], [], [], []
    for cfg in configs:
        t = time.perf_counter()
        p = plan(session, cfg, counter)
        replan_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        measure_fidelity(session, p, counter=counter, scratch=scratch)  # the offline summary made here
        first_ms.append((time.perf_counter() - t) * 1000)
        plans.append(p)
    fidelity_module.forget(texts=True)  # (content's per-text memos too: the moves' summaries were read above)
    other = plan(session, other_config, counter)
    t = time.perf_counter()
    measure_fidelity(session, other, counter=counter, scratch=scratch)
    index_ms = (time.perf_counter() - t) * 1000
    # As the app holds the fidelity index its first measure built (`Tuning.measure`): until
    # session 15 it stayed in the collector's reach, and one full pass over it (~200 ms)
    # landed in one move of the twenty.
    release = hold_survivors()
    try:
        for p in plans:
            t = time.perf_counter()
            measure_fidelity(session, p, counter=counter, scratch=scratch)
            moves_ms.append((time.perf_counter() - t) * 1000)
        for p in plans:  # the slider back over the same thresholds
            t = time.perf_counter()
            measure_fidelity(session, p, counter=counter, scratch=scratch)
            again_ms.append((time.perf_counter() - t) * 1000)
    finally:
        release()
    replan = statistics.median(replan_ms)
    move = statistics.median(moves_ms)
    return {"thresholds": len(thresholds), "replan_median_ms": round(replan, 3),
            "fidelity_first_median_ms": round(statistics.median(first_ms), 3),
            "fidelity_index_ms": round(index_ms, 3),
            "fidelity_move_median_ms": round(move, 3),
            "fidelity_revisit_median_ms": round(statistics.median(again_ms), 3),
            "fidelity_vs_replan": round(move / replan, 2) if replan else None,
            # (the name issue #31 gives it: the figure is on the 10k session)
            "fidelity_vs_replan_10k": round(move / replan, 2) if replan else None,
            "revisit_vs_replan": round(statistics.median(again_ms) / replan, 2) if replan else None,
            "first_vs_replan": round(statistics.median(first_ms) / replan, 2) if replan else None,
            # (the offline summary of a new range alone, measured on its own after the above)
            **measure_offline_summary(session, counter, thresholds)}


def main() -> int:
    import json

    from tests import judged

    others = {name: measure_agreement(path) for name, path in judged.sets().items() if name not in ("L1+L2", "L3", "L4")}
    print(json.dumps({"tuning": measure_agreement(), "heldout": measure_agreement(judged.HELDOUT),
                      "both": measure_combined(), "blind": measure_agreement(judged.BLIND), **others}, indent=1))
    if "--folds" in sys.argv:
        print(json.dumps(measure_folds(), indent=1, default=list))
    if "--speed" in sys.argv:
        import data

        from inspector.engine import make_counter

        session = data.big_session()
        print(json.dumps(measure_speed(session, make_counter(model=session.model)), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
