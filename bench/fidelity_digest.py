"""Every fidelity result a speed change must leave as it is, written out to compare two
commits: `fidelity(original, compacted)` of each labelled item (tests/data/fidelity_judged*),
then `measure_fidelity` of the bench's knob moves on the 10k session (the thresholds up,
back down, every third, between; then from scratch going down), each as its full repr
(score, every item with its status, evidence and credit, the signals).

Run both commits with the same PYTHONHASHSEED: the recency signal sums over sets of
strings, whose order (and so the last bits of a sum) follows the process's string hashes.

Since session 10 the recency sums are order-free (`math.fsum`: exactly rounded), and a
change may move the last bits of a float once: `--compare BASE NEW [TOLERANCE]` compares two
digests with every float within TOLERANCE (default 1e-9) and everything else (kinds,
statuses, evidence, texts, counts) identical.

Usage: PYTHONHASHSEED=0 python bench/fidelity_digest.py OUT.txt [--no-moves]
       python bench/fidelity_digest.py --compare BASE.txt NEW.txt [TOLERANCE]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


# A float as a repr writes it (a dot or an exponent: the integers are counts and indices, compared as text).
_FLOAT = re.compile(r"(?<![\w.])-?\d+(?:\.\d+(?:e[-+]?\d+)?|e[-+]?\d+)(?![\w.])")


def compare(base: Path, new: Path, tolerance: float = 1e-9) -> list[str]:
    """The lines of two digests that differ beyond `tolerance`: the same line count, each line
    the same text once its floats are taken out, and each float within `tolerance` of the base's."""
    a = base.read_text(encoding="utf-8").splitlines()
    b = new.read_text(encoding="utf-8").splitlines()
    out = [] if len(a) == len(b) else [f"{len(a)} lines against {len(b)}"]
    worst = 0.0
    for k, (x, y) in enumerate(zip(a, b, strict=False)):
        if x == y:
            continue
        if _FLOAT.sub("#", x) != _FLOAT.sub("#", y):
            out.append(f"line {k + 1}: not the same apart from its floats: {x[:120]!r}")
            continue
        fx, fy = [float(v) for v in _FLOAT.findall(x)], [float(v) for v in _FLOAT.findall(y)]
        gap = max(abs(p - q) for p, q in zip(fx, fy, strict=True))
        worst = max(worst, gap)
        if gap > tolerance:
            out.append(f"line {k + 1}: a float {gap:.3g} away")
    print(f"{len(a)} lines; largest float difference {worst:.3g}; {len(out)} beyond {tolerance:g}")
    return out


def main() -> int:
    if sys.argv[1] == "--compare":
        bad = compare(Path(sys.argv[2]), Path(sys.argv[3]), float(sys.argv[4]) if len(sys.argv) > 4 else 1e-9)
        print("\n".join(bad[:20]))
        return 1 if bad else 0
    from inspector.engine import fidelity as fid
    from tests import judged

    out = Path(sys.argv[1]).open("w", encoding="utf-8")
    items = [it for d in judged.sets("fit", "study").values() for it in judged.load(d)]
    for it in items:
        out.write(f"{it.id}\t{fid.fidelity(it.original(), it.compacted())!r}\n")
    if "--no-moves" not in sys.argv:
        import data
        import engine_bench

        from inspector.engine import make_counter, plan
        from inspector.engine.analysis import analyze
        from inspector.engine.applier import MemorySummaryCache
        from inspector.service.pipeline import measure_fidelity

        session = data.big_session()
        counter = make_counter(model=session.model)
        analyze(session, counter)
        scratch = MemorySummaryCache()
        ts = engine_bench.THRESHOLDS
        walks = [("move", ts + ts[::-1] + ts[::3] + [t + 7919 for t in ts[::2]]), ("cold-back", ts[::-1])]
        for name, order in walks:
            if name == "cold-back":
                try:
                    fid.forget(texts=True)
                except TypeError:  # (a commit before `texts`: its forget() forgot what it knew of)
                    fid.forget()
            for t in order:
                r = measure_fidelity(session, plan(session, engine_bench.replan_config("balanced", t), counter),
                                     counter=counter, scratch=scratch)
                out.write(f"{name} {t}\t{r.fidelity!r}\t{r.fidelity.score!r}\n")
    out.close()
    print(f"{len(items)} labelled items written to {sys.argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
