"""Does the state at the cut (`fidelity_signals.Recency.cut_lost`: the compacted context
names nothing first seen in the removed range's second half) earn a weight in
fidelity's score? Measured across the labelled sets, leaving one whole SET out at a time.

A stale summary (accurate, stopping about halfway through the range) is what the signal
is for: how many of each variant it flags, their mean scores with and without a cost
for it, and the held-out agreement when each fold chooses that cost (CUT_GRID) beside
RECENCY (bench/fidelity_fit.py's other constants fixed at the committed ones).

    python bench/fidelity_cut.py

Session 8 (thirteen sets): flagged 20 of 50 stale, 0 of 68 faithful, 2 of 60
faithful_short, 6 of 68 terse (`Recency.stale`, by reach: 23, 7, 7, 14). With a cost,
every fold chose 0.1 (L5 left out: 0.2) and RECENCY 0.3; held out, Spearman / pairwise
mean 0.768 / 0.916 -> 0.771 / 0.915 (objective, Spearman + pairwise, 1.6834 -> 1.6865), min
0.657 / 0.821 -> 0.658 / 0.821, L5 0.821 -> 0.771. The signal's own thresholds (CUT_HELD,
CUT_EARLY, the half) were chosen looking at all sets; chosen inside each fold as well
(of 0.02/0.05, 0.1/0.2, the last half/third/quarter), held out 0.769 / 0.914: no gain.
Within the noise, so it is reported (finding "state_at_cut"), not weighed.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fidelity_fit import SETS, Row, committed  # noqa: E402
from inspector.engine.fidelity import fidelity  # noqa: E402
from tests import judged  # noqa: E402

RECENCY_GRID = (0.2, 0.3, 0.4)
CUT_GRID = (0.0, 0.1, 0.2, 0.3)


def measure() -> list[tuple[Row, bool]]:
    """Every judged item of every set: its `bench.fidelity_fit.Row` and whether the cut is lost."""
    out = []
    for name, directory in SETS.items():
        for it in judged.load(directory):
            f = fidelity(it.original(), it.compacted())
            c = f.contradicted_statements
            row = Row(name, it, f.items_base, f.false_statements - c, c, f.recency.reach, f.narrative, f.specifics)
            out.append((row, f.recency.cut_lost))
    return out


def _score(row: Row, lost: bool, recency: float, cut: float) -> float:
    base = committed()
    return row.score(recency, base[1], *base[2:]) * ((1.0 - cut) if lost else 1.0)


def _agreement(rows: list[tuple[Row, bool]], recency: float, cut: float) -> dict[str, float]:
    scores = {r.item.id: _score(r, lost, recency, cut) for r, lost in rows}
    return judged.agreement([r.item for r, _ in rows], lambda it: scores[it.id])


def main() -> int:
    """Print the flags per variant, the mean scores, and the leave-one-set-out table."""
    rows = measure()
    flagged, total = Counter[str](), Counter[str]()
    before: defaultdict[str, list[float]] = defaultdict(list)
    after: defaultdict[str, list[float]] = defaultdict(list)
    for r, lost in rows:
        v = r.item.variant or "?"
        total[v] += 1
        flagged[v] += lost
        before[v].append(_score(r, lost, committed()[0], 0.0))
        after[v].append(_score(r, lost, committed()[0], 0.1))
    for v in sorted(total):
        print(f"{v:15s} flagged {flagged[v]:3d}/{total[v]:3d}  mean score {statistics.mean(before[v]):.3f}"
              f" -> {statistics.mean(after[v]):.3f} (cut 0.1)  judges {statistics.mean(r.item.gold for r, _ in rows if r.item.variant == v):.3f}")
    per_set = {s: [x for x in rows if x[0].set == s] for s in SETS}
    grid = sorted(itertools.product(RECENCY_GRID, CUT_GRID), key=lambda p: (p[0] + p[1], p))
    memo: dict[tuple[str, tuple[float, float]], float] = {}

    def objective(sets: list[str], p: tuple[float, float]) -> float:
        for s in sets:
            if (s, p) not in memo:
                a = _agreement(per_set[s], *p)
                memo[s, p] = a["spearman"] + a["pairwise_accuracy"]
        return sum(memo[s, p] for s in sets) / len(sets)

    results = {}
    for held in SETS:
        p = max(grid, key=lambda q: objective([s for s in SETS if s != held], q))
        results[held] = (p, _agreement(per_set[held], *p), _agreement(per_set[held], *max(
            [q for q in grid if q[1] == 0.0], key=lambda q: objective([s for s in SETS if s != held], q))))
    print("held out | chosen (recency, cut) | without cut: spearman / pairwise | with: spearman / pairwise")
    for held, (p, with_cut, without) in results.items():
        print(f"{held:8s} | {p} | {without['spearman']:.3f} / {without['pairwise_accuracy']:.3f}"
              f" | {with_cut['spearman']:.3f} / {with_cut['pairwise_accuracy']:.3f}")
    for label, figures in (("without", [x[2] for x in results.values()]), ("with", [x[1] for x in results.values()])):
        sp = [a["spearman"] for a in figures]
        pw = [a["pairwise_accuracy"] for a in figures]
        print(f"{label}: mean {statistics.mean(sp):.3f} / {statistics.mean(pw):.3f}   min {min(sp):.3f} / {min(pw):.3f}"
              f"   objective (spearman + pairwise) {statistics.mean(sp) + statistics.mean(pw):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
