"""How fidelity's general signals (`engine.fidelity_signals`) weigh in its score.

The score is the items' score (`Fidelity.items_score`: the kinds' weighted mean, less
false statements and cut quotes) scaled by a factor per signal, each a blend between
1 (the signal at its best) and 1 - weight (at its worst):

    score = items * (1 - RECENCY + RECENCY * recency.reach)
                   * (1 - NARRATIVE + NARRATIVE * narrative)

Multiplicative, so a context that loses nothing still scores 1.0 and nothing is worth
more than its items allow. The constants are fitted by bench/fidelity_fit.py across
the labelled sets (tests/data/fidelity_judged*), validated by leaving one whole set
out at a time; tests/engine/test_fidelity_fit.py checks they are what it produces.
Python literals: the engine reads no files.
"""

from __future__ import annotations

# Fitted by `python bench/fidelity_fit.py` (its grid): every fold of leave-one-set-out
# chose RECENCY 0.3; NARRATIVE 0.1 in four folds of seven, 0 in three and on all sets
# together: the prose share adds little beyond the items (whose findings, decisions and
# steps are read from prose sentences only). Kept, weightless, in the result (`signals`).
RECENCY = 0.3
NARRATIVE = 0.0


def blend(items: float, reach: float, narrative: float, recency_weight: float = RECENCY,
          narrative_weight: float = NARRATIVE) -> float:
    """The score from the items' score and the signals.

    Args:
        items: the items' score, 0..1.
        reach: `Recency.reach`, 0..1 (1.0 with nothing removed).
        narrative: the replacement's prose share, 0..1 (1.0 with nothing written).
        recency_weight: what the least reach costs (the fit tries others).
        narrative_weight: what a replacement with no prose costs.

    Returns:
        The score, 0..1.
    """
    return (items * (1.0 - recency_weight + recency_weight * min(1.0, reach))
            * (1.0 - narrative_weight + narrative_weight * narrative))
