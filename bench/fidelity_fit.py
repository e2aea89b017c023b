"""Fit and validate fidelity's blend (`inspector.engine.fidelity_blend`) across the labelled sets.

Each labelled set (tests/data/fidelity_judged*) is a different writer, different judges
and mostly different agents, so the question that matters is how the measure does on a
set nobody tuned it on. This script answers it by leaving one whole SET out at a time:
the blend's constants are chosen on the other sets (the grid point with the best mean of
Spearman + pairwise accuracy over them), then scored on the held-out set. The final
constants are the choice on all sets (the committed ones while within `TIE` of the best:
constants change on evidence, not on noise); `fidelity_blend` commits them and
tests/engine/test_fidelity_fit.py checks they are what `fit()` gives.

    python bench/fidelity_fit.py            # the leave-one-set-out table and the fit
    python bench/fidelity_fit.py --all      # ... L15, L17 and L18 held out too (the fit on SETS still)
    python bench/fidelity_fit.py --check    # exit 1 when the committed constants differ
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from inspector.engine import fidelity_blend  # noqa: E402
from inspector.engine.fidelity import fidelity  # noqa: E402
from tests import judged  # noqa: E402

SETS = judged.sets("fit")
# Session 10: the blind sets of sessions 7 and 9 (L15, L17, L18), development data since (a new
# blind set is written apart), held out too: a rule must hold on the sets the last rules missed.
# They are folds of the study (`--all`; tests/engine/test_fidelity_fit.py guards their figures),
# not of the committed fit, whose floors are the thirteen sets'.
ALL_SETS = judged.sets("fit", "study")
# The grid: coarse on purpose (few, rounded constants; a finer grid fits the sets' noise).
RECENCY_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
NARRATIVE_GRID = (0.0, 0.1, 0.2, 0.3)
# What a false statement costs: one the original merely does not support, one that is
# a near miss of what it has (`fidelity_claims`), and the floor both stop at.
UNSUPPORTED_GRID = (0.1, 0.2, 0.3, 0.4, 0.5)
CONTRADICTED_GRID = (0.3, 0.4, 0.5, 0.6, 0.7)
FLOOR_GRID = (0.3, 0.5)
# How many checkable specifics an unsupported statement is weighed against in full
# (`fidelity_blend.SPECIFICS`; None: any number of them).
SPECIFICS_GRID: tuple[float | None, ...] = (None, 20.0)  # (10 and 40 were never chosen, session 7)

# recency, narrative, unsupported, contradicted, floor, specifics
Params = tuple[float, float, float, float, float, float | None]


@dataclass(frozen=True)
class Row:
    """One judged item, measured: the inputs of the blend and the judges' score."""

    set: str
    item: judged.JudgedItem
    items_base: float
    unsupported: int
    contradicted: int
    reach: float
    narrative: float
    specifics: int = 0
    stale_summary: bool = False  # `Fidelity.stale_summary`: weighed by `cut_lost` below

    def score(self, recency: float, narrative: float, unsupported: float, contradicted: float,
              floor: float, specifics: float | None = None, cut_lost: float | None = None) -> float:
        """The blended score with these constants (`cut_lost`: `fidelity_blend.CUT_LOST`
        unless given; bench/fidelity_cut.py fits it)."""
        if specifics is not None and self.specifics > specifics:
            unsupported *= specifics / self.specifics
        factor = max(floor, 1.0 - unsupported * self.unsupported - contradicted * self.contradicted)
        return fidelity_blend.blend(self.items_base * factor, self.reach, self.narrative, recency, narrative,
                                    self.stale_summary, fidelity_blend.CUT_LOST if cut_lost is None else cut_lost)


def measure(sets: dict[str, Path] | None = None) -> list[Row]:
    """Every judged item of every set (`SETS`, or `sets`), measured once."""
    rows = []
    for name, directory in (sets or SETS).items():
        for it in judged.load(directory):
            f = fidelity(it.original(), it.compacted())
            contradicted = f.contradicted_statements
            rows.append(Row(name, it, f.items_base, f.false_statements - contradicted, contradicted,
                            f.recency.reach, f.narrative, f.specifics, f.stale_summary))
    return rows


def agreement(rows: list[Row], params: Params) -> dict[str, float]:
    """`judged.agreement` of the blend with `params` (`Params`) on `rows`."""
    scores = {r.item.id: r.score(*params) for r in rows}
    return judged.agreement([r.item for r in rows], lambda it: scores[it.id])


# (rows, set, params) -> Spearman + pairwise of that set: each fold reuses the others' figures.
_PER_SET: dict[tuple[int, str, Params], float] = {}
# (rows, set) -> that set's rows, picked out once rather than at each of the grid's points.
_SET_ROWS: dict[tuple[int, str], list[Row]] = {}


def _objective(rows: list[Row], sets: list[str], params: Params) -> float:
    # Each set counts alike (not each item): a new set is what the measure must hold on.
    total = 0.0
    for s in sets:
        key = (id(rows), s, params)
        if key not in _PER_SET:
            if (id(rows), s) not in _SET_ROWS:
                _SET_ROWS[id(rows), s] = [r for r in rows if r.set == s]
            a = agreement(_SET_ROWS[id(rows), s], params)
            _PER_SET[key] = a["spearman"] + a["pairwise_accuracy"]
        total += _PER_SET[key]
    return total / len(sets)


# Grid points whose objectives differ by less than this are tied: a mean of Spearman +
# pairwise over a dozen sets moves by more when one judged item moves. On a tie the
# committed constants stay: they change on evidence, not on noise. (Session 14: on the
# thirteen sets the committed constants and NARRATIVE 0.1 / FALSE_FLOOR 0.3 came within
# 0.00002 of each other, and the pick flipped on a change that moved no fold's choice;
# on all sixteen sets the committed ones lead by 0.004.)
TIE = 1e-3


def choose(rows: list[Row], sets: list[str], keep: Params | None = None) -> Params:
    """The grid point best on `sets` (ties: the smaller signal weights, the simpler
    measure); `keep` instead when within `TIE` of it. (The folds keep nothing: a held-out
    set must not reach its fold's constants through the committed ones.)"""
    grid = sorted(itertools.product(RECENCY_GRID, NARRATIVE_GRID, UNSUPPORTED_GRID, CONTRADICTED_GRID, FLOOR_GRID,
                                    SPECIFICS_GRID),
                  key=lambda p: (p[0] + p[1], p[5] is not None, p[:5], p[5] or 0.0))
    best = max(grid, key=lambda p: _objective(rows, sets, p))
    if keep is not None and keep in grid and _objective(rows, sets, keep) >= _objective(rows, sets, best) - TIE:
        return keep
    return best


def committed() -> Params:
    """The constants `fidelity_blend` holds, in `Params` order."""
    b = fidelity_blend
    return (b.RECENCY, b.NARRATIVE, b.UNSUPPORTED, b.CONTRADICTED, b.FALSE_FLOOR, b.SPECIFICS)


def fit(rows: list[Row] | None = None) -> Params:
    """The constants (RECENCY, NARRATIVE, UNSUPPORTED, CONTRADICTED, FALSE_FLOOR, SPECIFICS) chosen on all sets."""
    rows = rows if rows is not None else measure()
    return choose(rows, list(SETS), keep=committed())


def leave_one_set_out(rows: list[Row], sets: dict[str, Path] | None = None
                      ) -> list[tuple[str, Params, dict[str, float], dict[str, float]]]:
    """Per held-out set of `SETS` (or `sets`): (its name, the constants chosen on the others,
    its agreement with them, its agreement with the items' score alone)."""
    out = []
    names = list(sets or SETS)
    for held in names:
        params = choose(rows, [s for s in names if s != held])
        test = [r for r in rows if r.set == held]
        out.append((held, params, agreement(test, params), agreement(test, (0.0, 0.0, *committed()[2:]))))
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the leave-one-set-out table and the fit; with --check, compare to the committed constants."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="exit 1 unless fidelity_blend holds the fitted constants")
    ap.add_argument("--all", action="store_true", help="hold out L15, L17 and L18 too (ALL_SETS; the fit stays on SETS)")
    args = ap.parse_args(argv)
    sets = ALL_SETS if args.all else SETS
    rows = measure(sets)
    print("held out | chosen (recency, narrative, unsupported, contradicted, floor, specifics) | items only: spearman / pairwise"
          " | blended: spearman / pairwise")
    folds = leave_one_set_out(rows, sets)
    for held, params, a, before in folds:
        print(f"{held:8s} | {params} | {before['spearman']:.3f} / {before['pairwise_accuracy']:.3f}"
              f" | {a['spearman']:.3f} / {a['pairwise_accuracy']:.3f}")
    for label, idx in (("mean", 2), ("items only mean", 3)):
        sp = [f[idx]["spearman"] for f in folds]
        pw = [f[idx]["pairwise_accuracy"] for f in folds]
        print(f"{label}: {sum(sp) / len(sp):.3f} / {sum(pw) / len(pw):.3f}   min {min(sp):.3f} / {min(pw):.3f}")
    chosen = fit(rows)
    print("fit on all sets: RECENCY={} NARRATIVE={} UNSUPPORTED={} CONTRADICTED={} FALSE_FLOOR={} SPECIFICS={}"
          .format(*chosen))
    for name in sets:
        a = agreement([r for r in rows if r.set == name], chosen)
        print(f"  in sample {name:6s} {a['spearman']:.3f} / {a['pairwise_accuracy']:.3f}")
    if args.check and committed() != chosen:
        print(f"committed {committed()} differ from the fit {chosen}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
