"""Fit fidelity's kind weights (`inspector.engine.fidelity.WEIGHTS`, `STATE_WEIGHT`)
across the labelled sets, leaving one whole SET out at a time.

The blend's constants (`fidelity_blend`, bench/fidelity_fit.py) scale the items' score;
this script chooses what each kind of item weighs in it. Each kind's weight is chosen
from three values around session 6's (a coarse grid: a wider one fitted the sets' noise
and did worse on the held-out sets, session 7), with the blend's constants fixed;
each fold chooses on the other sets (the best mean of Spearman + pairwise accuracy,
each set counting alike) and is scored on the held-out set.

    python bench/fidelity_weights.py      # the leave-one-set-out table and the choice on all sets

Session 7 (twelve sets): nine folds of twelve chose the committed weights; held out,
Spearman 0.63 (L12) to 0.93, mean 0.762, pairwise mean 0.914 (session 6's weights: 0.753).
With L14 (thirteen sets, after its template and boilerplate classes): all sets together
chose the committed weights again, as did eight folds of thirteen; held out 0.60 (L12)
to 0.92, mean 0.748 / 0.903 (L14 0.640 / 0.830). Session 8, errors about meaning flagged
(`fidelity_bindings`, `fidelity_outcomes`): all sets chose the committed weights again, as did
eight folds of thirteen; held out 0.60 (L12) to 0.92, mean 0.755 / 0.904 (L14 0.733 / 0.872).

The items are measured once with the committed weights; a kind's fraction does not
depend on the weights, so the score of any grid point is recomputed from them.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fidelity_fit import SETS  # noqa: E402
from inspector.engine import fidelity as fid  # noqa: E402
from inspector.engine.fidelity_blend import blend, false_factor  # noqa: E402
from tests import judged  # noqa: E402

KINDS = fid.KINDS
GRID = {"task": (1.0, 2.0, 3.0), "requests": (1.0, 2.0, 3.0), "files": (1.0, 1.5, 2.0), "errors": (1.0, 1.5, 2.0),
        "values": (0.5, 1.0), "last_step": (0.5, 1.0, 2.0), "next_step": (1.0, 2.0, 3.0), "decisions": (1.0, 2.0, 3.0)}
STATE_GRID = (4.0, 6.0, 8.0)


def measure() -> list[dict]:
    """Every judged item: its set, session, gold, kinds' fractions and the blend's inputs."""
    rows = []
    for name, directory in SETS.items():
        for it in judged.load(directory):
            f = fid.fidelity(it.original(), it.compacted())
            c = f.contradicted_statements
            rows.append({"set": name, "item": it, "kinds": {k: (f.kinds[k].fraction, f.kinds[k].scored) for k in KINDS},
                         "state": f.state_kept, "fragments": f.fragments, "false": false_factor(f.false_statements - c, c,
                                                                                    specifics=f.specifics),
                         "reach": f.recency.reach, "narrative": f.narrative})
    return rows


def score(r: dict, weights: dict[str, float], state: float) -> float:
    """An item's fidelity with these kind weights (as `Fidelity.score` computes it)."""
    scored = [(weights[k], frac) for k, (frac, on) in r["kinds"].items() if on]
    if scored and r["state"]:
        scored.append((state, 1.0))
    total = sum(w for w, _ in scored)
    base = (sum(w * x for w, x in scored) / total if total else 1.0) * (1.0 - fid.FRAGMENT_COST * r["fragments"])
    return blend(base * r["false"], r["reach"], r["narrative"])


def main() -> int:
    """Print the leave-one-set-out table of the kind weights and the choice on all sets."""
    rows = measure()
    names = list(SETS)
    per: dict[tuple, dict[str, float]] = {}
    for point in itertools.product(*(GRID[k] for k in KINDS), STATE_GRID):
        weights = dict(zip(KINDS, point[:-1], strict=True))
        scores = {id(r["item"]): score(r, weights, point[-1]) for r in rows}
        per[point] = {}
        for s in names:
            a = judged.agreement([r["item"] for r in rows if r["set"] == s], lambda it, sc=scores: sc[id(it)])
            per[point][s] = a["spearman"] + a["pairwise_accuracy"]
    current = (*(fid.WEIGHTS[k] for k in KINDS), fid.STATE_WEIGHT)

    def choose(sets: list[str]) -> tuple:
        # (ties: the point nearest the committed weights)
        return max(per, key=lambda p: (sum(per[p][s] for s in sets), -sum(abs(a - b) for a, b in zip(p, current))))

    held_scores = []
    for held in names:
        p = choose([s for s in names if s != held])
        weights = dict(zip(KINDS, p[:-1], strict=True))
        by_item = {id(r["item"]): r for r in rows if r["set"] == held}
        a = judged.agreement([r["item"] for r in by_item.values()],
                             lambda it, w=weights, st=p[-1], b=by_item: score(b[id(it)], w, st))
        held_scores.append((a["spearman"], a["pairwise_accuracy"]))
        print(f"{held:6s} {p}  {a['spearman']:.3f} / {a['pairwise_accuracy']:.3f}")
    sp = [s for s, _ in held_scores]
    pw = [p for _, p in held_scores]
    print(f"mean {sum(sp) / len(sp):.3f} / {sum(pw) / len(pw):.3f}   min {min(sp):.3f} / {min(pw):.3f}")
    print("on all sets (kinds", KINDS, "+ state):", choose(names), " committed:", current)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
