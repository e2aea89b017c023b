"""Where fidelity ranks the labelled sets' variants against their judges (issue #23).

Every labelled set (tests/data/fidelity_judged*) compacts the same ranges in graded ways:
a faithful summary (long and short), a keyword dump of the range's verbatim strings, our
own extractive summary ("inspector"), a terse one, a fluent vague one, one with planted
errors, a stale one, nothing, the task only. This script prints, for the sets of
bench/fidelity_fit.py (`ALL_SETS`), or any sets of tests/judged.py's registry named:

- per set and variant, the measure's mean score against the judges' mean (0..1);
- per variant and kind of item, the mean credit an item earns, the items, and the
  unsupported or contradicted statements (`fidelity(...).items`);
- the pairs of one session the judges separate by `judged.CLEAR_GAP` or more that the
  measure orders the other way, by pair of variants.

    python bench/fidelity_variants.py              # every set
    python bench/fidelity_variants.py L15 L17      # some (the blind L19 and L20 too)

Session 10 (sixteen sets, the committed measure): faithful 0.741 against the judges' 0.925,
faithful_short 0.690 / 0.841, keyword dump 0.622 / 0.617, inspector 0.583 / 0.495, terse
0.582 / 0.605. Credit kept by kind, faithful / keyword dump / inspector: task 0.79 / 0.73 /
0.93 (ours quotes the task's first lines), requests 0.67 / 0.43 / 0.76, errors 0.52 / 0.75
/ 0.41 (an error quoted is matched, one paraphrased is not), last step 0.49 / 0.35 / 0.40,
next step 0.76 / 0.19 / 0.19, decisions 0.50 / 0.19 / 0.16. Of the 285 pairs where the
judges put a faithful summary clearly above a dump or ours, the measure orders 54 the other
way (faithful_short under inspector 20 of 73, under the dump 14 of 54).
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fidelity_fit import ALL_SETS  # noqa: E402
from inspector.engine.fidelity import KINDS, fidelity  # noqa: E402
from tests import judged  # noqa: E402

VARIANTS = ("faithful", "faithful_short", "keyword_dump", "inspector", "terse", "vague_long", "planted_errors",
            "stale", "nothing", "task_only")
FALSE = ("unsupported", "contradicted")


def measure(names: list[str]) -> list[tuple[str, judged.JudgedItem, float, list[tuple[str, str, float]]]]:
    """(set, item, score, its items as (kind, status, credit)) for every judged item of `names`."""
    out = []
    for name in names:
        for it in judged.load(judged.SETS[name].path):
            f = fidelity(it.original(), it.compacted())
            out.append((name, it, f.score, [(i.kind, i.status, i.credit) for i in f.items]))
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the three tables for the sets named (all of `ALL_SETS` by default)."""
    names = list(argv if argv is not None else sys.argv[1:]) or list(ALL_SETS)
    rows = measure(names)
    print("set     " + " ".join(f"{v[:11]:>11s}" for v in VARIANTS) + "   (score/gold)")
    for name in [*names, "all"]:
        cells = []
        for v in VARIANTS:
            xs = [(s, it.gold) for n, it, s, _ in rows if it.variant == v and name in (n, "all")]
            cells.append(f"{sum(a for a, _ in xs) / len(xs):.2f}/{sum(b for _, b in xs) / len(xs):.2f}" if xs
                         else "-")
        print(f"{name:7s} " + " ".join(f"{c:>11s}" for c in cells))
    credit: dict[tuple[str | None, str], list[float]] = defaultdict(list)
    false: Counter[tuple[str | None, str]] = Counter()
    for _, it, _, items in rows:
        for kind, status, c in items:
            if status in FALSE:
                false[it.variant, kind] += 1
            else:
                credit[it.variant, kind].append(c)
    print("\nkind        " + " ".join(f"{v[:14]:>15s}" for v in VARIANTS[:6]) + "   (credit / items / false)")
    for kind in KINDS:
        cells = [f"{sum(cs) / len(cs) if cs else 0:.2f}/{len(cs)}/{false[v, kind]}"
                 for v in VARIANTS[:6] for cs in [credit[v, kind]]]
        print(f"{kind:11s} " + " ".join(f"{c:>15s}" for c in cells))
    sessions: dict[tuple[str, str], list[tuple[judged.JudgedItem, float]]] = defaultdict(list)
    for n, it, s, _ in rows:
        sessions[n, it.session].append((it, s))
    wrong: Counter[tuple[str | None, str | None]] = Counter()
    pairs: Counter[tuple[str | None, str | None]] = Counter()
    for its in sessions.values():
        for hi, s_hi in its:
            for lo, s_lo in its:
                if hi.gold - lo.gold >= judged.CLEAR_GAP:
                    pairs[hi.variant, lo.variant] += 1
                    wrong[hi.variant, lo.variant] += s_hi <= s_lo
    print("\npairs the judges separate, ordered the other way (above, below: wrong / pairs)")
    for (hi_v, lo_v), n in wrong.most_common(12):
        print(f"  {hi_v} over {lo_v}: {n} / {pairs[hi_v, lo_v]}")
    print(f"  all: {sum(wrong.values())} / {sum(pairs.values())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
