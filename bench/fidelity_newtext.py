"""Where a knob move's fidelity time goes: the text it reads for the first time, or the
context it puts together from what is read (`python bench/fidelity_newtext.py`).

The bench's knob moves (`fidelity_bench._moves`: the 10k session, the offline summaries
made, the measure's memos forgotten, the index built on another plan, the thresholds
in slider order) are measured twice in one process, in CPU time (`time.process_time`:
four engineers share two cores, and a wall clock counts their work too):

- cold: as the bench times them, every new text read (the new summary's new lines, the
  results and arguments cleared anew at the kept window's edge);
- text-warm: the same moves again with every per-text, per-line, per-sentence and
  per-view memo kept, and the answers kept per context forgotten (claims and recency
  per replacement, the kept messages' answers, the collected items, the searches'
  merged postings and answers per sequence of views): what a move costs once its texts
  are read, the floor of any change that only carries the context over from one move
  to the next.

It also counts, per move, what is new: rewritten messages not in the move before,
summary lines not in the summary before, sentences the claim checks read for the first
time. Session 18 (ea2fc1a, two runs on the shared machine): cold median 30.5 / 23.5 ms
CPU, text-warm 10.2 / 8.0 ms: two thirds of a move is reading what is new in it (at the
median moves ~22-31 new rewritten messages, 10-50 new summary lines of ~500, 33-65 new
sentences through the claim checks), and only the last third is the context put
together again, which is what carrying the context over from move to move could save.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def _forget_contexts() -> None:
    """Forget the answers kept per context, keep every memo of a text, line, sentence or view."""
    from inspector.engine import fidelity as fm
    from inspector.engine import fidelity_search

    for memo in (fm._CLAIMS, fm._RECENCIES, fm._KEPT_ANSWERS, fm._COLLECTED):
        memo.clear()
    fidelity_search._SEEN.clear()
    fidelity_search._LAST.clear()


def measure(session: Any, counter: Any) -> dict[str, Any]:
    """The moves cold and text-warm, and what each reads anew."""
    import engine_bench

    from inspector.edge import hold_survivors
    from inspector.engine import fidelity as fm
    from inspector.engine import plan
    from inspector.engine.analysis import analyze
    from inspector.engine.applier import MemorySummaryCache
    from inspector.engine.materialize_view import measured_messages
    from inspector.service.pipeline import measure_fidelity

    thresholds = engine_bench.THRESHOLDS
    analyze(session, counter)
    scratch = MemorySummaryCache()
    plans = [plan(session, engine_bench.replan_config("balanced", t), counter) for t in thresholds]
    for p in plans:
        measure_fidelity(session, p, counter=counter, scratch=scratch)  # (the offline summaries made)
    originals = {m.content_hash for m in session.messages}
    release = hold_survivors()
    try:
        fm.forget(texts=True)
        measure_fidelity(session, plan(session, engine_bench.replan_config("balanced", thresholds[0] + 7919), counter),
                         counter=counter, scratch=scratch)
        cold, new_sentences = [], []
        for p in plans:
            before = len(fm._CHECKS_READING)
            t = time.process_time()
            measure_fidelity(session, p, counter=counter, scratch=scratch)
            cold.append((time.process_time() - t) * 1000)
            new_sentences.append(len(fm._CHECKS_READING) - before)
        _forget_contexts()
        warm = []
        for p in plans:
            t = time.process_time()
            measure_fidelity(session, p, counter=counter, scratch=scratch)
            warm.append((time.process_time() - t) * 1000)
    finally:
        release()
    # What each move's context holds that the move before did not (read after the timing).
    from inspector.service.pipeline import _active, _extractive_texts

    new_messages, new_lines, last_hashes, last_lines = [], [], set(), set()
    for p in plans:
        compacted = measured_messages(session, p, _extractive_texts(session, p, _active(p), counter, scratch), counter)
        hashes = {m.content_hash for m in compacted if m.content_hash not in originals and m.kind != "summary"}
        lines = {line for m in compacted if m.kind == "summary" for line in m.text.split("\n")}
        new_messages.append(len(hashes - last_hashes))
        new_lines.append(len(lines - last_lines))
        last_hashes, last_lines = hashes, lines
    return {"cold_median_cpu_ms": round(statistics.median(cold), 2),
            "text_warm_median_cpu_ms": round(statistics.median(warm), 2),
            "new_text_share": round(1 - statistics.median(warm) / statistics.median(cold), 2),
            "cold_cpu_ms": [round(x, 1) for x in cold], "text_warm_cpu_ms": [round(x, 1) for x in warm],
            "new_rewritten_messages": new_messages, "new_summary_lines": new_lines,
            "new_sentences_checked": new_sentences}


def main() -> int:
    """Print the figures as JSON."""
    import data

    from inspector.engine import make_counter

    session = data.big_session()
    print(json.dumps(measure(session, make_counter(model=session.model)), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
