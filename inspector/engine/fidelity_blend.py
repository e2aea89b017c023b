"""How fidelity's general signals (`engine.fidelity_signals`) and its false statements
weigh in its score.

The items' score is the items' base (`Fidelity.items_base`: the kinds' weighted mean,
less cut quotes) scaled down per false statement, bounded below:

    items = base * max(FALSE_FLOOR, 1 - UNSUPPORTED * unsupported - CONTRADICTED * contradicted)

where `contradicted` counts the sentences stating a near miss of a real artifact (a
patient id with two digits swapped, a file put in the wrong directory:
`engine.fidelity_claims`) and `unsupported` the other sentences stating something the
original does not support. The score is the items' score scaled by a factor per signal,
each a blend between 1 (the signal at its best) and 1 - weight (at its worst):

    score = items * (1 - RECENCY + RECENCY * recency.reach)
                   * (1 - NARRATIVE + NARRATIVE * narrative)
                   * (CUT_LOST when the state at the cut is lost, else 1)

where the state at the cut is lost (`Recency.cut_lost`) when the replacement covers the
start of the range and names nothing first seen in its second half: a stale summary.

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
# What a replacement that lost the state at the cut keeps of its score (`Recency.cut_lost`).
# Its items can all be there: a summary written at an earlier point of the work (stale)
# holds the task, the early files and errors, and its prose reads well; the judges score
# such summaries 0.3-0.5 against 0.9 for a faithful one, and the items alone put them
# within a tenth of it. Session 8 weighed it in the blend and it did not help on the sets
# held out (thirteen sets). Session 12, sixteen sets, leaving each whole set out with the
# other constants as committed (bench/fidelity_cut.py, of 1 to 0.7): every fold chose
# 0.85; held out, mean Spearman / pairwise 0.753 / 0.907 -> 0.761 / 0.911, the worst set
# (L17) 0.427 -> 0.445. Weighed where a summary was written and holds less of the range's
# end than of its start (`fidelity.Fidelity.stale_summary`): 27 of 65 stale summaries of
# the labelled sets, 1 of 83 faithful.
CUT_LOST = 0.85
# The share of the score a false statement costs, down to FALSE_FLOOR of it: the cost is
# bounded, so a summary is not worth nothing for a few statements the measure cannot
# tell from made-up ones. A contradicted one (a near miss of a real artifact, a call
# never made so, a count never shown: `fidelity_claims`) costs more than one the original
# merely lacks, which is as often the measure's own miss. Session 6, leaving each of the
# ten sets out: every fold chose CONTRADICTED 0.5 and FALSE_FLOOR 0.5 (of 0.3..0.7 and
# 0.3/0.5), UNSUPPORTED 0.4 in nine folds of ten (0.5 with L8 left out). With session 6's
# blind sets L12 and L13 among twelve (and counts, versions and units no longer taken for
# made-up values): UNSUPPORTED 0.5 in eleven folds of twelve (0.4 with L13 left out).
# Session 7, with the kinds' new weights (`fidelity.WEIGHTS`): 0.4 in nine folds of twelve;
# with L14 (thirteen sets, its template and boilerplate read as such): 0.4 in ten folds.
# Session 8, with errors about meaning flagged (`fidelity_bindings`, `fidelity_outcomes`):
# the same constants on all sets; held out, mean Spearman / pairwise 0.756 / 0.911 -> 0.762 / 0.913
# (L14 0.640 -> 0.733, L5 0.782 -> 0.821).
# Session 9, more errors about meaning flagged (labels, sigil-led keys, errors' files,
# commands' words, results of other calls, swapped choices) and the measure made
# independent of the hash seed: the same constants on all sets; held out 0.762 / 0.913
# -> 0.780 / 0.924 (L12 0.650 / 0.815 -> 0.688 / 0.852, L14 0.733 / 0.872 -> 0.807 / 0.908).
# With the newest request weighed as five (`fidelity.LATEST_WEIGHT`): UNSUPPORTED 0.5 in
# eleven folds of thirteen and on all sets, as much as a contradicted one (with more errors
# about meaning found, fewer of the unsupported are the measure's own misses); held out
# 0.785 / 0.928 (L7 0.730 -> 0.766).
# Session 9, the lead's pass (fewer false flags: a text the original holds verbatim, a
# message reference, a size measured): on its own, all sets chose UNSUPPORTED 0.5 and SPECIFICS 20;
# merged with the errors about meaning above, SPECIFICS None again (held out 0.787 / 0.928;
# 0.785 / 0.927 once numbers with thousands separators are read as the original states them).
UNSUPPORTED = 0.5
CONTRADICTED = 0.5
FALSE_FLOOR = 0.5
# An unsupported statement costs its full weight in a replacement stating up to
# SPECIFICS checkable specifics (paths, URLs, values), and SPECIFICS / n of it in one
# stating n more: one value the measure cannot find among forty right ones is not
# three of ten (session 7's blind set L14: one made-up value halved a faithful summary).
# A contradicted one (a near miss) costs in full whatever surrounds it. None: no share.
# Session 7, thirteen sets: every fold but two (L6, L12 left out: 20, with UNSUPPORTED
# 0.5) chose None, as did all sets together; the share did not generalize (on L14 the
# faithful summaries state 8-13 checkable specifics, the planted ones 6-11, and the one
# unsupported value was the same in both). Kept as a fitted option.
SPECIFICS: float | None = None


def false_factor(unsupported: int, contradicted: int, unsupported_weight: float = UNSUPPORTED,
                 contradicted_weight: float = CONTRADICTED, specifics: int = 0,
                 share_of: float | None = SPECIFICS) -> float:
    """What the false statements leave of the items' score.

    Args:
        unsupported: sentences stating what the original does not support (and no near miss).
        contradicted: sentences stating a near miss of what the original has.
        unsupported_weight: what each of the first costs (the fit tries others).
        contradicted_weight: what each of the second costs (the fit tries others).
        specifics: the checkable specifics the replacement states (`Fidelity.specifics`).
        share_of: SPECIFICS (the fit tries others).

    Returns:
        The factor, FALSE_FLOOR..1.
    """
    if share_of is not None and specifics > share_of:
        unsupported_weight *= share_of / specifics
    return max(FALSE_FLOOR, 1.0 - unsupported_weight * unsupported - contradicted_weight * contradicted)


def blend(items: float, reach: float, narrative: float, recency_weight: float = RECENCY,
          narrative_weight: float = NARRATIVE, cut_lost: bool = False, cut_lost_factor: float = CUT_LOST) -> float:
    """The score from the items' score and the signals.

    Args:
        items: the items' score, 0..1.
        reach: `Recency.reach`, 0..1 (1.0 with nothing removed).
        narrative: the replacement's prose share, 0..1 (1.0 with nothing written).
        recency_weight: what the least reach costs (the fit tries others).
        narrative_weight: what a replacement with no prose costs.
        cut_lost: whether the replacement lost the state at the cut (`Recency.cut_lost`).
        cut_lost_factor: what such a replacement keeps of its score (the fit tries others).

    Returns:
        The score, 0..1.
    """
    return (items * (1.0 - recency_weight + recency_weight * min(1.0, reach))
            * (1.0 - narrative_weight + narrative_weight * narrative)
            * (cut_lost_factor if cut_lost else 1.0))
