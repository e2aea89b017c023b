"""A summary written at an earlier point of the work (stale) is not credited the agent's
next step, nor the range's last step, through the words of where the work stood then
(`engine.fidelity`, `_skipped`; issue #23, session 18).

A stale summary is accurate and specific about the first half of the removed range and
presents it as current: its "next step" is one the range's second half already took or
moved past. Its words are the session's topic, the task's, the early files', and the
agent's real next step shares them, so word coverage credited the stale plan (or the
task restated) with the next step: the labelled sets' stale summaries earned 0.50 of it,
terse ones 0.48, while the judges scored their continuation 1.4 of 5 against 3.9. A
summary that lost the state at the cut (`Recency.cut_lost`) is now credited the next
step only by a sentence naming something first seen after the range's first half, when
the step itself names such a thing. Real summaries of the labelled sets.
"""

from __future__ import annotations

from functools import cache

import pytest

from inspector.engine.fidelity import Fidelity, fidelity
from tests import judged

# (set, session): sessions whose stale summary states a next step of the range's first half
# (L22: "next: read a later history section", already read; L12: the runner's advice given
# before the failed news call; L9: the patient lookup before the failed IDs and the new one).
STALE = [("L22", "wiki_search_commonwealth"), ("L12", "toolbench_G1_57"), ("L9", "tau2_medical_adaptive")]


@cache
def _measured(name: str, session: str) -> dict[str, Fidelity]:
    items = [it for it in judged.load(judged.SETS[name].path) if it.session.startswith(session)]
    return {it.variant.split("-")[0]: fidelity(it.original(), it.compacted()) for it in items}


def _next_step(f: Fidelity) -> float:
    return sum(it.credit for it in f.items if it.kind == "next_step")


@pytest.mark.parametrize(("name", "session"), STALE)
def test_a_stale_summary_earns_no_next_step_from_the_words_of_the_ranges_start(name: str, session: str) -> None:
    stale = _measured(name, session)["stale"]
    assert stale.recency.cut_lost  # (it names nothing first seen in the range's second half)
    assert _next_step(stale) == 0.0
    assert [it.status for it in stale.items if it.kind == "next_step"] == ["missing"]


@pytest.mark.parametrize(("name", "session"), STALE)
def test_the_faithful_summaries_of_the_same_sessions_keep_the_next_step(name: str, session: str) -> None:
    measured = _measured(name, session)
    for variant in ("faithful", "faithful_short"):
        f = measured[variant]
        assert not f.recency.cut_lost
        assert [it.status for it in f.items if it.kind == "next_step"] == ["kept"]
        assert _next_step(f) >= 0.7
        assert f.score > measured["stale"].score + 0.15


def test_a_summary_that_lost_the_cut_keeps_a_next_step_stated_with_the_ranges_late_words() -> None:
    # L17's terse summary names little of the range's second half (cut lost), but its plan
    # ("Next: fix the line separation, then sort and filter duplicates case-insensitively")
    # is what the agent did next, with the words of the separation problem the second half
    # found: still credited; the stale summary's plan (a `uniq -Di` already tried) is not.
    measured = _measured("L17", "intercode_bash_dupnames")
    terse, stale = measured["terse"], measured["stale"]
    assert terse.recency.cut_lost and stale.recency.cut_lost
    kept = [it for it in terse.items if it.kind == "next_step" and it.status == "kept"]
    assert kept and kept[0].evidence.startswith("Next: fix the line separation")
    assert _next_step(stale) == 0.0
    assert _next_step(terse) > _next_step(stale) + 0.5


# (set, session, the last step's first words): the range ended on a step the stale summary,
# written before it, states with the words of its first half (L9: "I'll modify the
# `show_undo_hint` method", credited to its unapplied `init_before_message` edit; L13: "100%
# coverage achieved.", credited to its plan of the port).
LAST = [("L9", "aider_history_2024-08-09", "I'll modify the `show_undo_hint`"),
        ("L13", "cc_python-to-rust-port_c", "100% coverage achieved")]


@pytest.mark.parametrize(("name", "session", "step"), LAST)
def test_nor_the_last_step_which_the_faithful_summaries_keep(name: str, session: str, step: str) -> None:
    measured = _measured(name, session)

    def credit(f: Fidelity) -> float:
        return next(it.credit for it in f.items if it.kind == "last_step" and it.text.startswith(step))

    assert measured["stale"].recency.cut_lost
    assert credit(measured["stale"]) == 0.0
    for variant in ("faithful", "faithful_short"):
        assert not measured[variant].recency.cut_lost
        assert credit(measured[variant]) >= 0.8
