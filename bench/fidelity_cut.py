"""Does the state at the cut (`fidelity_signals.Recency.cut_lost`: the compacted context
names nothing first seen in the removed range's second half) earn a weight in
fidelity's score? Measured across the labelled sets, leaving one whole SET out at a time.

A stale summary (accurate, stopping about halfway through the range) is what the signal
is for: how many of each variant it flags, their mean scores with and without a cost
for it, and the held-out agreement when each fold chooses the factor such a replacement
keeps of its score (CUT_GRID; `fidelity_blend.CUT_LOST`, bench/fidelity_fit.py's other
constants fixed at the committed ones).

    python bench/fidelity_cut.py          # every labelled set (fit and study), as since session 12
    python bench/fidelity_cut.py --fit    # the thirteen sets of the committed fit only

Session 8 (thirteen sets): flagged 20 of 50 stale, 0 of 68 faithful, 2 of 60
faithful_short, 6 of 68 terse (`Recency.stale`, by reach: 23, 7, 7, 14). With a cost,
every fold chose 0.1 (L5 left out: 0.2) and RECENCY 0.3; held out, Spearman / pairwise
mean 0.768 / 0.916 -> 0.771 / 0.915 (objective, Spearman + pairwise, 1.6834 -> 1.6865), min
0.657 / 0.821 -> 0.658 / 0.821, L5 0.821 -> 0.771. The signal's own thresholds (CUT_HELD,
CUT_EARLY, the half) were chosen looking at all sets; chosen inside each fold as well
(of 0.02/0.05, 0.1/0.2, the last half/third/quarter), held out 0.769 / 0.914: no gain.
Within the noise then, so it was reported (finding "state_at_cut"), not weighed.

Session 12 (sixteen sets, `ALL_SETS`: the fit's thirteen and the study's L15, L17, L18),
weighed only where a summary was written and holds less of the range's end than of its
start (`Fidelity.stale_summary`; flagged 27 of 65 stale, 1 of 83 faithful): every fold
chose 0.85; held out, Spearman / pairwise mean 0.753 / 0.907 -> 0.761 / 0.911, min 0.427 /
0.729 -> 0.445 / 0.760. The sets that came after session 8 gain most (L13 0.862 -> 0.884,
L18 0.750 -> 0.775, L14 0.810 -> 0.834); none loses more than 0.005 Spearman. Weighed since (`fidelity_blend.CUT_LOST`).
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fidelity_fit import ALL_SETS, SETS, Row, committed  # noqa: E402
from inspector.engine.fidelity import fidelity  # noqa: E402
from tests import judged  # noqa: E402

# What a replacement that lost the state at the cut keeps of its score (1.0: no cost).
CUT_GRID = (1.0, 0.95, 0.9, 0.85, 0.8, 0.7)


def measure(sets: dict[str, Path]) -> list[Row]:
    """Every judged item of `sets`: its `bench.fidelity_fit.Row` (whether it is a stale summary included)."""
    out = []
    for name, directory in sets.items():
        for it in judged.load(directory):
            f = fidelity(it.original(), it.compacted())
            c = f.contradicted_statements
            out.append(Row(name, it, f.items_base, f.false_statements - c, c, f.recency.reach, f.narrative,
                           f.specifics, f.stale_summary))
    return out


def _agreement(rows: list[Row], cut: float) -> dict[str, float]:
    scores = {r.item.id: r.score(*committed(), cut_lost=cut) for r in rows}
    return judged.agreement([r.item for r in rows], lambda it: scores[it.id])


def leave_one_set_out(rows: list[Row], names: list[str]) -> dict[str, tuple[float, dict[str, float], dict[str, float]]]:
    """Per held-out set: (the factor the others chose, its agreement with it, without a cost)."""
    per_set = {s: [r for r in rows if r.set == s] for s in names}
    memo: dict[tuple[str, float], float] = {}

    def objective(sets: list[str], cut: float) -> float:
        for s in sets:
            if (s, cut) not in memo:
                a = _agreement(per_set[s], cut)
                memo[s, cut] = a["spearman"] + a["pairwise_accuracy"]
        return sum(memo[s, cut] for s in sets) / len(sets)

    out = {}
    for held in names:
        cut = max(CUT_GRID, key=lambda c: (objective([s for s in names if s != held], c), c))  # ties: the milder
        out[held] = (cut, _agreement(per_set[held], cut), _agreement(per_set[held], 1.0))
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the flags per variant, the mean scores, and the leave-one-set-out table."""
    sets = SETS if "--fit" in (sys.argv[1:] if argv is None else argv) else ALL_SETS
    rows = measure(sets)
    flagged, total = Counter[str](), Counter[str]()
    before: defaultdict[str, list[float]] = defaultdict(list)
    after: defaultdict[str, list[float]] = defaultdict(list)
    for r in rows:
        v = r.item.variant or "?"
        total[v] += 1
        flagged[v] += r.stale_summary
        before[v].append(r.score(*committed(), cut_lost=1.0))
        after[v].append(r.score(*committed()))
    for v in sorted(total):
        print(f"{v:15s} flagged {flagged[v]:3d}/{total[v]:3d}  mean score {statistics.mean(before[v]):.3f}"
              f" -> {statistics.mean(after[v]):.3f} (CUT_LOST)  judges "
              f"{statistics.mean(r.item.gold for r in rows if r.item.variant == v):.3f}")
    results = leave_one_set_out(rows, list(sets))
    print("held out | chosen factor | without a cost: spearman / pairwise | with: spearman / pairwise")
    for held, (cut, with_cut, without) in results.items():
        print(f"{held:8s} | {cut} | {without['spearman']:.3f} / {without['pairwise_accuracy']:.3f}"
              f" | {with_cut['spearman']:.3f} / {with_cut['pairwise_accuracy']:.3f}")
    for label, figures in (("without", [x[2] for x in results.values()]), ("with", [x[1] for x in results.values()])):
        sp = [a["spearman"] for a in figures]
        pw = [a["pairwise_accuracy"] for a in figures]
        print(f"{label}: mean {statistics.mean(sp):.3f} / {statistics.mean(pw):.3f}   min {min(sp):.3f} / {min(pw):.3f}"
              f"   objective (spearman + pairwise) {statistics.mean(sp) + statistics.mean(pw):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
