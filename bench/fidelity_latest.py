"""Choose what the newest request weighs (`inspector.engine.fidelity.LATEST_WEIGHT`)
across the labelled sets, leaving one whole SET out at a time.

For each candidate weight the labelled items are measured once; each fold then chooses
the weight AND the blend's constants (bench/fidelity_fit.py's grid) on the other sets
(the best mean of Spearman + pairwise accuracy, each set counting alike) and is scored
on the held-out set. A weight that only the sets it was chosen on like does not survive
this: the held-out figures are the ones to read.

    python bench/fidelity_latest.py

Session 9 (thirteen sets): twelve folds chose 5, one 3; held out, Spearman / pairwise
0.780 / 0.924 (weight 1, every fold) -> 0.785 / 0.927; L15 (in no fit) 0.624 / 0.785 ->
0.620 / 0.785.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import fidelity_fit  # noqa: E402
from inspector.engine import fidelity as fid  # noqa: E402

GRID = (1.0, 2.0, 3.0, 5.0)


def _objective(rows: list[fidelity_fit.Row], sets: list[str], params: fidelity_fit.Params) -> float:
    """Spearman + pairwise accuracy, each set counting alike (as bench/fidelity_fit.py chooses)."""
    total = 0.0
    for s in sets:
        a = fidelity_fit.agreement([r for r in rows if r.set == s], params)
        total += a["spearman"] + a["pairwise_accuracy"]
    return total / len(sets)


def main() -> int:
    """Print the folds' choices and the held-out figures."""
    committed = dict(fid.LATEST_WEIGHT)
    rows = {}
    try:
        for w in GRID:
            fid.LATEST_WEIGHT = {"requests": w}
            rows[w] = fidelity_fit.measure()
    finally:
        fid.LATEST_WEIGHT = committed
    sets = list(fidelity_fit.SETS)
    sp, pw = [], []
    for held in sets:
        others = [s for s in sets if s != held]
        best = max((_objective(rows[w], others, p), -GRID.index(w), w, p)
                   for w in GRID for p in [fidelity_fit.choose(rows[w], others)])
        _, _, w, p = best
        a = fidelity_fit.agreement([r for r in rows[w] if r.set == held], p)
        sp.append(a["spearman"])
        pw.append(a["pairwise_accuracy"])
        print(f"{held:8s} weight {w} {p} | {a['spearman']:.3f} / {a['pairwise_accuracy']:.3f}")
    print(f"held out mean: {sum(sp) / len(sp):.3f} / {sum(pw) / len(pw):.3f}   min {min(sp):.3f} / {min(pw):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
