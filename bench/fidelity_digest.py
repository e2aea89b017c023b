"""Every fidelity result a speed change must leave as it is, written out to compare two
commits: `fidelity(original, compacted)` of each labelled item (tests/data/fidelity_judged*),
then `measure_fidelity` of the bench's knob moves on the 10k session (the thresholds up,
back down, every third, between; then from scratch going down), each as its full repr
(score, every item with its status, evidence and credit, the signals).

Run both commits with the same PYTHONHASHSEED: the recency signal sums over sets of
strings, whose order (and so the last bits of a sum) follows the process's string hashes.

Usage: PYTHONHASHSEED=0 python bench/fidelity_digest.py OUT.txt [--no-moves]
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def main() -> int:
    from inspector.engine import fidelity as fid
    from tests import judged

    out = Path(sys.argv[1]).open("w", encoding="utf-8")
    sets = [None, judged.HELDOUT, judged.BLIND, *(getattr(judged, f"L{k}") for k in (*range(5, 16), 17, 18))]
    items = [it for d in sets for it in judged.load(d)]
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
