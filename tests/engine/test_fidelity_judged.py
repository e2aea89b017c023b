"""Fidelity against careful readers (issue #23): the labelled set of graded compactions
of real SWE-agent sessions (tests/judged.py), and the findings of the issue, each
reproduced on a small case."""

from __future__ import annotations

from collections import defaultdict
from statistics import mean

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

# item -> its score: the measure is deterministic (tests/engine/test_fidelity_moves.py and kin
# hold it to its from-scratch reading), and most of this module's tests read the same items.
_SCORES: dict[tuple[str, str, int, str], float] = {}


def _score(it: judged.JudgedItem) -> float:
    """The measure's score of a labelled item, measured once per run of this module."""
    key = (it.id, it.session, it.cut, it.replacement)
    if key not in _SCORES:
        _SCORES[key] = fidelity(it.original(), it.compacted()).score
    return _SCORES[key]

ITEMS = judged.load() if any(judged.data_dir().glob("items-*.jsonl")) else []
needs_set = pytest.mark.skipif(not ITEMS, reason=f"the labelled set is not in {judged.data_dir()}")


def _scores() -> dict[str, dict[str, float]]:
    """session -> variant -> score (variants the key names)."""
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for it in ITEMS:
        if it.variant:
            out[it.session][it.variant] = _score(it)
    return out


def test_every_labelled_set_on_disk_is_in_the_registry_once():
    # The bench, the fit and the digest take the sets from judged.SETS: a set copied into
    # tests/data but not listed there would be measured by none of them.
    on_disk = {p.resolve() for p in (judged.ROOT / "data").glob("fidelity_judged*") if p.is_dir()}
    listed = [s.path.resolve() for s in judged.SETS.values()]
    assert len(listed) == len(set(listed))
    assert on_disk == set(listed)
    assert {s.use for s in judged.SETS.values()} <= {"fit", "study", "blind"}
    assert list(judged.sets("fit")) == [n for n, s in judged.SETS.items() if s.use == "fit"]


@needs_set
def test_the_labelled_set_is_read_as_the_judges_read_it():
    assert len(ITEMS) >= 40 and len({it.session for it in ITEMS}) >= 8
    for it in ITEMS:
        original, compacted = it.original(), it.compacted()
        assert len(it.overall) >= 2  # two judges at least
        assert compacted[0] is original[0] and compacted[-1] is original[-1]
        assert len(compacted) == len(original) - it.cut + 1 + bool(it.replacement)


@needs_set
def test_planted_errors_and_keyword_dumps_score_below_the_faithful_summary_and_terse_above_nothing():
    by = _scores()
    sessions = [s for s, v in by.items() if {"faithful", "planted_errors", "keyword_dump", "terse", "nothing"} <= set(v)]
    assert sessions
    # a correct terse summary keeps more than nothing, in every session
    assert all(by[s]["terse"] > by[s]["nothing"] for s in sessions)
    # planted errors (a made-up path, a wrong value) cost more than they keep
    assert sum(by[s]["faithful"] > by[s]["planted_errors"] for s in sessions) >= len(sessions) - 1
    assert mean(by[s]["faithful"] for s in sessions) > mean(by[s]["planted_errors"] for s in sessions) + 0.15
    # a dump of verbatim strings keeps many artifacts but not the narrative: below the
    # faithful summary on average (per session it still ties in some: see the report)
    assert mean(by[s]["faithful"] for s in sessions) > mean(by[s]["keyword_dump"] for s in sessions)
    # nothing is below every correct compaction (planted errors may go below nothing:
    # a false claim misleads, and the kept latest messages still show where the work is)
    assert mean(by[s]["nothing"] for s in sessions) < min(mean(by[s][v] for s in sessions) for v in by[sessions[0]]
                                                          if v not in ("nothing", "planted_errors"))


@needs_set
def test_agreement_with_the_judges_does_not_regress():
    """At the bench targets on the labelled set (0.8, 0.85; bench/fidelity_bench.py
    reports the figures): measured 0.90 and 1.00."""
    a = judged.agreement(ITEMS, lambda it: _score(it))
    assert a["pairwise_accuracy"] >= 0.97
    assert a["spearman"] >= 0.86


HELDOUT = judged.load(judged.HELDOUT) if any(judged.HELDOUT.glob("items-*.jsonl")) else []
SETS = [pytest.param(ITEMS, id="labelled"), pytest.param(HELDOUT, id="heldout")]
# (better, worse) variant pairs a careful reader orders, when the judges separate them.
ORDERED = (("faithful", "keyword_dump"), ("faithful", "planted_errors"), ("terse", "nothing"))


def _separated_pairs(items: list[judged.JudgedItem]) -> list[tuple[str, str, str, bool]]:
    """Per session, each ORDERED pair the judges separate by 2 points or more:
    (session, better, worse, whether the measure orders them the same way)."""
    by: dict[str, dict[str, judged.JudgedItem]] = defaultdict(dict)
    for it in items:
        if it.variant:
            by[it.session][it.variant] = it
    out = []
    for session, v in sorted(by.items()):
        for hi, lo in ORDERED:
            if hi in v and lo in v and v[hi].gold - v[lo].gold >= judged.CLEAR_GAP - 1e-9:
                score = {k: fidelity(v[k].original(), v[k].compacted()).score for k in (hi, lo)}
                out.append((session, hi, lo, score[hi] > score[lo]))
    return out


@needs_set
def test_per_session_keyword_dumps_and_planted_errors_below_faithful_and_terse_above_nothing():
    """Issue #23.6, per session of the labelled set, wherever the judges separate the two
    by 2 points or more."""
    pairs = _separated_pairs(ITEMS)
    assert len(pairs) >= 20
    assert [p for p in pairs if not p[3]] == []


@pytest.mark.skipif(not HELDOUT, reason="the held-out set is not there")
def test_per_session_orderings_on_the_held_out_set():
    """The same on the held-out set (looked at once, then development data: issue #23,
    session 3). Measured 10 pairs of 10."""
    pairs = _separated_pairs(HELDOUT)
    assert len(pairs) >= 10
    assert [p for p in pairs if not p[3]] == []
    scores: dict[str, list[float]] = defaultdict(list)
    for it in HELDOUT:
        scores[it.variant or "?"].append(_score(it))
    for hi, lo in ORDERED:
        assert mean(scores[hi]) > mean(scores[lo]), (hi, lo)


@pytest.mark.skipif(not HELDOUT, reason="the held-out set is not there")
def test_held_out_agreement_does_not_regress():
    """On the second set (measured 0.92 and 1.00; the bench reports them): a guard a
    little below the measured figures."""
    # Lowered from 0.88 in session 5: the recency signal (`engine.fidelity_signals`), whose
    # weight leave-one-SET-out chooses in every fold, costs L3 0.07 and L4 0.03 and gains
    # L5-L8 0.02-0.13 each (bench/fidelity_fit.py): measured 0.857 / 0.977.
    a = judged.agreement(HELDOUT, lambda it: _score(it))
    assert a["spearman"] >= 0.83 and a["pairwise_accuracy"] >= 0.96


@pytest.mark.skipif(not HELDOUT or not ITEMS, reason="the labelled sets are not there")
def test_agreement_on_both_sets_together():
    """Over every labelled item (13 sessions, two pairs of judges): measured Spearman
    0.90 and pairwise 1.00; leaving each session out in turn to choose the weight of
    the kept latest messages and the credit of what only they restate gives 0.90 and
    1.00 (`python bench/fidelity_bench.py --folds`); choosing them on one set and
    scoring the other, 0.91/0.99 (second set) and 0.89/1.00 (first)."""
    a = judged.agreement(ITEMS + HELDOUT, lambda it: _score(it))
    assert a["spearman"] >= 0.86 and a["pairwise_accuracy"] >= 0.97


BLIND = judged.load(judged.BLIND) if any(judged.BLIND.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not BLIND, reason="the blind set is not there")
def test_blind_agreement_does_not_regress():
    """On the blind set L4 (blind until the measure's fourth pass, development data since:
    measured Spearman 0.78 and pairwise 0.94 blind, 0.80 and 0.96 after the fourth pass,
    0.78 and 0.96 after the fifth, whose weights of the task and the kept tail the
    six sets chose leaving each session out (its judges credit both more than the
    judges of L1/L2, L5 and L6 do; L6 gained 0.06 by them)): a guard a little below."""
    # Lowered from 0.77 in session 5 (see the held-out guard; its judges credit the task
    # alone, 0.82, and nothing, 0.54, far more than other sets' judges, and recency marks
    # both down): measured 0.719 / 0.951.
    a = judged.agreement(BLIND, lambda it: _score(it))
    assert a["spearman"] >= 0.70 and a["pairwise_accuracy"] >= 0.94


L5 = judged.load(judged.L5) if any(judged.L5.glob("items-*.jsonl")) else []
L6 = judged.load(judged.L6) if any(judged.L6.glob("items-*.jsonl")) else []
L7 = judged.load(judged.L7) if any(judged.L7.glob("items-*.jsonl")) else []
L8 = judged.load(judged.L8) if any(judged.L8.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not BLIND or not HELDOUT or not ITEMS or not L5 or not L6, reason="the labelled sets are not there")
def test_each_set_holds_when_its_sessions_are_left_out_of_the_choice():
    """Every labelled set with the measure's constants as they are, which leave-one-
    session-out over the 28 sessions of all six sets chooses in 27 folds of 28
    (`python bench/fidelity_bench.py --folds`): the SWE-agent sets L1-L3 at the targets
    (0.8, 0.85); L4 0.78 / 0.96; L5 (other agents) 0.76 / 0.95, from 0.48 / 0.78; L6
    (other genres) 0.72 / 0.85, from 0.08 / 0.55. Guards a little below."""
    # (session 5, with the recency and narrative signals: L1+L2 0.92 / 1.00, L3 0.86 / 0.98,
    # L4 0.72 / 0.95 (lowered, see the blind guard), L5 0.79 / 0.97, L6 0.78 / 0.88)
    floors = {"L1+L2": (0.85, 0.95), "L3": (0.8, 0.85), "L4": (0.70, 0.94), "L5": (0.76, 0.95), "L6": (0.74, 0.85)}
    for name, items in (("L1+L2", ITEMS), ("L3", HELDOUT), ("L4", BLIND), ("L5", L5), ("L6", L6)):
        a = judged.agreement(items, lambda it: _score(it))
        assert a["spearman"] >= floors[name][0] and a["pairwise_accuracy"] >= floors[name][1], (name, a)


@pytest.mark.skipif(not L7, reason="the labelled set of other origins is not there")
def test_other_origins_agreement_does_not_regress():
    """On L7 (OpenHands runs, a Claude Code main session, AutoGen conversations; blind
    through the fifth pass: 0.43 / 0.72 then), after the sixth pass 0.59 / 0.86 (a file
    name a listing or a URL shows is no made-up file, a link is checked like a path, an
    executor's reply is the environment, a quoted bullet covers itself only, an item the
    kept tail restates is credited by what the summary says, "built with `make`" is a
    step said to have run, OpenHands' template holds the task): a guard a little below;
    and in every session the faithful summary above the keyword dump, the task alone and
    nothing."""
    a = judged.agreement(L7, lambda it: _score(it))
    # (session 5, with the recency and narrative signals: 0.67 / 0.85)
    assert a["spearman"] >= 0.64 and a["pairwise_accuracy"] >= 0.83, a
    for session in {it.session for it in L7}:
        got = {it.variant: _score(it) for it in L7 if it.session == session}
        assert got["faithful"] > max(got["keyword_dump"], got["task_only"], got["nothing"]), (session, got)


@pytest.mark.skipif(not L8, reason="the final blind set of session 4 is not there")
def test_the_blind_set_of_session_4_does_not_regress():
    """L8 was never seen while the measure was tuned: 0.17 / 0.58 at ec059ee, 0.41 / 0.70
    after the sixth pass (short of the targets). A guard a little below, so a change that
    helps the sets it was chosen on and hurts sessions nobody tuned on shows here."""
    a = judged.agreement(L8, lambda it: _score(it))
    # (session 5, with the recency and narrative signals chosen leaving each whole set
    # out, two false "made-up" flags of a faithful summary gone (a path cut short by
    # "...", a planned step read as one said to have run) and test counts checked: 0.68 /
    # 0.85 with L8 held out and in sample; L8 is development data since; session 6, near
    # misses weighed apart, test counts a contradiction: 0.700 / 0.861)
    assert a["spearman"] >= 0.68 and a["pairwise_accuracy"] >= 0.84, a


L9 = judged.load(judged.L9) if any(judged.L9.glob("items-*.jsonl")) else []
L10 = judged.load(judged.L10) if any(judged.L10.glob("items-*.jsonl")) else []
L11 = judged.load(judged.L11) if any(judged.L11.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not (L9 and L10 and L11), reason="the blind sets of session 5 are not there")
def test_the_blind_sets_of_session_5_do_not_regress():
    """L9, L10 and L11 were written and judged while the measure's fifth pass was made,
    and scored once it was final (their READMEs): far short of the targets, so the guard
    is only a floor a little below what they measure, to show a change that helps the
    sets it was chosen on and hurts sessions nobody tuned on."""
    # Blind: L9 0.509 / 0.753, L10 0.443 / 0.750, L11 0.464 / 0.705 (main before the pass:
    # 0.398 / 0.700, 0.435 / 0.704, 0.360 / 0.686). Then the rule found on L9 and L11 (the
    # messages a summary says it covers are positions): L9 0.561 / 0.793, L11 0.703 / 0.821.
    # Session 6 (a glob's tail is no made-up path; near misses weighed apart; calls said
    # made with another argument, or to have gone through when refused; lint counts; files
    # said written that no call wrote; a user's answer given the other scope; a message
    # position in parentheses, a diff hunk): L9 0.677 / 0.887, L10 0.684 / 0.849, L11 0.780 / 0.859.
    # Session 7 (paraphrases credited from a tenth of an item's words, kind weights chosen
    # leaving each set out): L9 0.706 / 0.893, L10 0.688 / 0.862, L11 0.824 / 0.904.
    for items, floor in ((L9, (0.68, 0.86)), (L10, (0.66, 0.84)), (L11, (0.80, 0.88))):
        a = judged.agreement(items, lambda it: _score(it))
        assert a["spearman"] >= floor[0] and a["pairwise_accuracy"] >= floor[1], (items[0].session, a)


L12 = judged.load(judged.L12) if any(judged.L12.glob("items-*.jsonl")) else []
L13 = judged.load(judged.L13) if any(judged.L13.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not (L12 and L13), reason="the blind sets of session 6 are not there")
def test_the_blind_sets_of_session_6_do_not_regress():
    """L12 (ReAct on WebShop, ToolBench) and L13 (Claude Code and Codex coding runs) were
    written and judged while the measure's sixth pass was made, and scored once it was
    final (their READMEs); then three classes of false "made-up value" found on them
    were fixed. Floors a little below what they measure."""
    # Blind: L12 0.491 / 0.710, L13 0.604 / 0.814 (main before the pass: 0.457 / 0.710,
    # 0.607 / 0.814). After counts ("11 of the 14 actions"), versions ("0.6.23" for
    # "v0.6.23") and numbers with units ("440" for "440p") are no made-up values:
    # L12 0.586 / 0.759, L13 0.745 / 0.886; with ids in capitals and digits as values
    # ("B08WYY37SB"): L12 0.606 / 0.784, L13 0.742 / 0.886.
    # Session 7 (as above; and "345/346" of a total of 346 is no made-up value): L12
    # 0.651 / 0.827, L13 0.818 / 0.929.
    for items, floor in ((L12, (0.62, 0.80)), (L13, (0.79, 0.90))):
        a = judged.agreement(items, lambda it: _score(it))
        assert a["spearman"] >= floor[0] and a["pairwise_accuracy"] >= floor[1], (items[0].session, a)


L14 = judged.load(judged.L14) if any(judged.L14.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L14, reason="the blind set of session 7 is not there")
def test_the_blind_set_of_session_7_does_not_regress():
    """L14 (ChatDev multi-agent runs that act through text) was written and judged while
    the measure's seventh pass was made: 0.317 / 0.66 on main before it, 0.373 / 0.681
    after its first half. Then its classes were fixed: a framework's repeated template and
    bare labels are neither the task nor a request, an agent's boilerplate naming no
    object is no decision, "800x600" from `width=800, height=600` and the version in
    "GPT-3.5-turbo" are no made-up values: 0.640 / 0.830. A floor a little below; and the
    faithful summaries above the task alone and nothing in every session."""
    a = judged.agreement(L14, lambda it: _score(it))
    assert a["spearman"] >= 0.61 and a["pairwise_accuracy"] >= 0.80, a
    for session in {it.session for it in L14}:
        got = {it.variant: _score(it) for it in L14 if it.session == session}
        assert got["faithful"] > max(got["task_only"], got["nothing"]), (session, got)


L15 = judged.load(judged.L15) if any(judged.L15.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L15, reason="the second blind set of session 7 is not there")
def test_the_held_out_set_of_session_7_does_not_regress():
    """L15 (Letta agent files: a companion chat, developer support, two memory agents,
    customer service) was written and judged while the measure's seventh pass was made,
    scored once on the merge, and is left out of the fit (bench/fidelity_fit.py) so that it
    stays a set nobody tuned on: 0.528 / 0.756 on main before the pass, 0.547 / 0.741 on the
    merge. A floor a little below; and the faithful summary above nothing in every session."""
    a = judged.agreement(L15, lambda it: _score(it))
    assert a["spearman"] >= 0.5 and a["pairwise_accuracy"] >= 0.7, a
    for session in {it.session for it in L15}:
        got = {it.variant: _score(it) for it in L15 if it.session == session}
        assert got["faithful"] > got["nothing"], (session, got)


L17 = judged.load(judged.L17) if any(judged.L17.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L17, reason="the blind set of session 9 is not there")
def test_the_blind_set_of_session_9_does_not_regress():
    """L17 (CAMEL role-play runs, InterCode CTF and Bash runs) came in blind in session 9: 0.246 /
    0.667 on main before it; its sessions then showed the content model reading a shell's raw
    output and a role-play's instructions as something else, and the merge of session 9 reads
    0.41 / 0.70. Left out of the fit. A floor a little below; and the faithful summary above
    nothing in every session."""
    a = judged.agreement(L17, lambda it: _score(it))
    assert a["spearman"] >= 0.35 and a["pairwise_accuracy"] >= 0.65, a
    for session in {it.session for it in L17}:
        got = {it.variant: _score(it) for it in L17 if it.session == session}
        assert got["faithful"] > got["nothing"], (session, got)


L18 = judged.load(judged.L18) if any(judged.L18.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L18, reason="the second blind set of session 9 is not there")
def test_the_second_blind_set_of_session_9_does_not_regress():
    """L18 (smolagents' GAIA runs, tool calling and code agents) was written and judged while
    session 9's merge was made, and read blind on it: 0.488 / 0.777 (main before: 0.461 / 0.769).
    One false flag it showed (a number with thousands separators) fixed since, and a count swapped
    between named entries of a list flagged: 0.668 / 0.877.
    Left out of the fit. A floor a little below; the faithful summary above nothing everywhere."""
    a = judged.agreement(L18, lambda it: _score(it))
    assert a["spearman"] >= 0.6 and a["pairwise_accuracy"] >= 0.8, a
    for session in {it.session for it in L18}:
        got = {it.variant: _score(it) for it in L18 if it.session == session}
        assert got["faithful"] > got["nothing"], (session, got)


L19 = judged.load(judged.L19) if any(judged.L19.glob("items-*.jsonl")) else []
L20 = judged.load(judged.L20) if any(judged.L20.glob("items-*.jsonl")) else []
L21 = judged.load(judged.L21) if any(judged.L21.glob("items-*.jsonl")) else []
L22 = judged.load(judged.L22) if any(judged.L22.glob("items-*.jsonl")) else []
L23 = judged.load(judged.L23) if any(judged.L23.glob("items-*.jsonl")) else []
L24 = judged.load(judged.L24) if any(judged.L24.glob("items-*.jsonl")) else []
L25 = judged.load(judged.L25) if any(judged.L25.glob("items-*.jsonl")) else []
L26 = judged.load(judged.L26) if any(judged.L26.glob("items-*.jsonl")) else []
L27 = judged.load(judged.L27) if any(judged.L27.glob("items-*.jsonl")) else []
L28 = judged.load(judged.L28) if any(judged.L28.glob("items-*.jsonl")) else []
L29 = judged.load(judged.L29) if any(judged.L29.glob("items-*.jsonl")) else []


# The blind sets of sessions 10 and 16-18, each with its floor (Spearman, pairwise).
LATER_BLIND = {"L19": (L19, (0.85, 0.9)), "L20": (L20, (0.65, 0.85)), "L21": (L21, (0.7, 0.88)),
               "L22": (L22, (0.83, 0.95)), "L23": (L23, (0.64, 0.83)), "L24": (L24, (0.85, 0.9)),
               "L25": (L25, (0.66, 0.88)), "L26": (L26, (0.7, 0.87)),
               "L27": (L27, (0.64, 0.83)), "L28": (L28, (0.72, 0.9)), "L29": (L29, (0.69, 0.89))}


@pytest.mark.skipif(not all(items for items, _ in LATER_BLIND.values()), reason="the blind sets are not there")
@pytest.mark.parametrize("which", list(LATER_BLIND))
def test_the_blind_sets_of_sessions_10_and_16_to_19_do_not_regress(which):
    """L19 (AgentDojo's tool-calling runs in Slack, travel and workspace environments, two under a
    prompt-injection attack) and L20 (coding sessions of pi and of Kimi CLI with its sub-agent)
    were written and judged blind in session 10 and read once on main before any of its changes:
    0.521 / 0.712 and 0.591 / 0.831; no rule was made from them, and its merge reads the same.
    Session 11 read why their faithful summaries scored low: false flags, each halving one (a
    rating after a name ending in "Rental" taken for a rental's number, a tally the summary
    made, calls listed as next steps, "theme.fg/theme.bold" taken for a path), and a planted
    call missed because only a tool's first mention in a sentence was read. Fixed as classes
    (tests/engine/test_fidelity_false_flags.py; no item of the sixteen development sets moves):
    0.646 / 0.798 and 0.702 / 0.897. Left out of the fit. A floor a little below; the faithful
    summary above the task alone, and that not below nothing, in every session (before session 11,
    L19's travel session read faithful 0.35 under the task alone, 0.42, judges at 9 and 3).

    L21 (NeMo Gym rollouts: two legal document reviews, a bookstore's customer service under
    a written policy, a financial research question answered from filings; and a PaperBench
    reproduction run) and L22 (verifiers' wiki_search rollouts answering trivia by function
    calls, WebVoyager's browsing runs) were written and judged blind in session 16 and read
    once: L21 on main before any of its changes, 0.577 / 0.808; L22 on its first merges, 0.586
    / 0.858 (0.585 / 0.850 at the session's start): as low as every set read blind before them
    (0.25-0.6). Left out of the fit; in every session their faithful summary is above the task
    alone, and that not below nothing, as for session 10's.

    L23 (General AgentBench traces: MCP time and museum tasks, BrowseComp research, a SWE-bench
    fix, Terminal-Bench's zork; one agent with function calls) was written and judged blind in
    session 17 and read once on main before any change: 0.245 / 0.661, its faithful summaries
    halved by false flags (hours inside ISO timestamps, a file run after `cd`, escaped line
    breaks in JSON-wrapped outputs), fixed as classes (tests/engine/test_fidelity_other_forms.py):
    0.521 / 0.804. The session's planted-error checks, made without seeing it, caught none of its
    planted errors (session 18's, also made without seeing it, three: 0.632 / 0.830).

    L24 (Google ADK samples' recorded sessions: a garden store's customer service, personal
    shopping in WebShop) and L25 (ljoukov/llm's benchmark agent runs turning reports into JSON
    files by function calls, a TapeAgents WorkArena tape) were written and judged blind in
    session 18. L24, read on main before any change: 0.539 / 0.766, no flag on any item and none
    of its nine planted errors flagged (a call's arguments written as name-value pairs and an id
    given another id's title now are: 0.721 / 0.862; tests/engine/test_fidelity_chosen_items.py).
    L25, read after the session's first two merges: 0.189 / 0.638, two faithful summaries at 0.29
    against the judges' 0.90, halved by statements the original makes in another form (a constant
    with thousands separators, a numbered family, a range of files, a series of sizes), read as
    such since (tests/engine/test_fidelity_written_forms.py): 0.521 / 0.858. The session's other
    rules, made without seeing either set, move neither. L26 (DeerFlow's recorded research
    runs, one in Chinese; UI-TARS desktop's GitHub reviewer agent), written and judged while the
    session's last changes were made, read once on its final main: 0.513 / 0.810; numbers glued
    to Chinese text and written at another scale ("126万" for "1.26 million") read as such
    since: 0.603 / 0.876.

    L27 (Reflexion's ReAct runs on HotpotQA: one question followed over several trials, each
    wrong answer graded) was written and judged blind in session 19 and read once on main before
    any change: 0.216 / 0.601, every faithful summary halved by the spans of messages it dated its
    trials with ("Trial 2 (8-21):"), read as values; read as references to the session since, as
    "messages 8-21" was (tests/engine/test_fidelity_written_forms.py): 0.619 / 0.824. L28 (beebot's
    Auto-GPT-Benchmarks runs following a chain of files that hand on ids), written and judged
    blind in the same session, read once on main with only L27's rule in: 0.601 / 0.810; its
    terse summaries' true "the last file has not been read" was denied by reads of the others,
    no longer (tests/engine/test_fidelity_undone.py): 0.616 / 0.824; a result quoted with one name
    changed, as one planted error per item was, is contradicted (test_fidelity_quoted_results.py):
    0.649 / 0.852; files named by their paths said unread after a read of one of them (its stale
    summaries') are denied as the tool's noun was (test_fidelity_undone.py): 0.708 / 0.880.

    Session 19's helpers' rules, made without seeing L27 or L28 (a stale summary planning a step
    the range took, planted errors of six kinds, items kept in other forms, a line naming the
    call just taken read as no next step), raise L19 to 0.903 / 0.951, L23 to 0.683 / 0.857,
    L24 to 0.903 / 0.947 and L25 to 0.596 / 0.882; L27 and L28 barely move (0.620, 0.708).
    L29 (Spider2's SQL agent on Snowflake, two kubectl-ai sessions whose user tests what the
    assistant remembers, two TradingAgents multi-agent analyses with a Spanish request), written
    and judged blind in session 20 (judges agree 0.94), read once on main before any change:
    0.188 / 0.598. Its faithful summaries were halved by written forms read as made-up or
    contradicted values: inputs dated by the message holding them ('"exit" (17)'), a numbered
    list's "10.", "SMA200" where the original writes "SMA 200", a figure of a CSV row, the part
    of a chain of commands that worked (tests/engine/test_fidelity_references_and_tables.py):
    0.681 / 0.890; a framework's brief quoting the user's request is the task
    (tests/engine/test_content.py): 0.698 / 0.906; a comparison its own figures deny
    (tests/engine/test_fidelity_compare.py): 0.698 / 0.913. Session 20's helpers' rules, made
    without seeing L29, move it to 0.729 / 0.921, and L25 to 0.702 / 0.921, L26 to 0.736 /
    0.901, L27 to 0.684 / 0.858, L28 to 0.763 / 0.930, L21 to 0.742 / 0.915, L22 0.875 / 0.992.

    The floors follow."""
    items, floor = LATER_BLIND[which]
    a = judged.agreement(items, lambda it: _score(it))
    assert a["spearman"] >= floor[0] and a["pairwise_accuracy"] >= floor[1], a
    for session in {it.session for it in items}:
        got = {it.variant: _score(it) for it in items if it.session == session}
        assert got["faithful"] > got["task_only"] >= got["nothing"], (session, got)


@pytest.mark.skipif(not L5 or not L6, reason="the labelled sets of other agents and genres are not there")
def test_other_agents_and_genres_a_faithful_summary_beats_planted_errors_and_nothing():
    """On L5 and L6 (mini-swe-agent, SWE-agent function calling, tau-bench customer
    service, Claude Code sub-agents), in every session: the faithful summary above
    nothing and the task alone, however many of its statements the measure cannot
    check; above the one with planted errors in all sessions but one (spotter a7be2f0:
    a wrong finding and a file said to exist, which no cheap check tells)."""
    below_planted = []
    for items in (L5, L6):
        for session in {it.session for it in items}:
            got = {it.variant: _score(it) for it in items if it.session == session}
            assert got["faithful"] > max(got["nothing"], got["task_only"]), session
            if got["faithful"] <= got["planted_errors"]:
                below_planted.append(session)
    assert len(below_planted) <= 1, below_planted


@pytest.mark.skipif(not BLIND, reason="the blind set is not there")
def test_blind_set_planted_errors_below_the_faithful_summary_in_every_session():
    """A summary with planted errors never outranks the faithful one, on sessions the
    measure never saw."""
    for session in {it.session for it in BLIND}:
        got = {it.variant: _score(it) for it in BLIND if it.session == session}
        assert got["planted_errors"] < got["faithful"], session


# --------------------------------------------------------------- the findings, small

SWE_TASK = ("We're currently solving the following issue within our repository. Here's the issue text:\n"
            "ISSUE:\nTimeDelta serialization precision\nOutput of this snippet is `344`, but it seems that `345` "
            "is correct.\n\nINSTRUCTIONS:\nNow, you're going to solve this issue on your own.\n"
            "(Open file: n/a)\n(Current directory: /repo)\nbash-$")


def _session() -> list[Message]:
    return [
        sys("SETTING: You are an autonomous programmer."),
        user(SWE_TASK),
        asst("Let's reproduce it.\n```\npython reproduce.py\n```"),
        user("344\n(Open file: n/a)\n(Current directory: /repo)\nbash-$"),
        asst("The output is 344, which confirms the truncation bug. Let's open fields.py.\n```\n"
             "open /repo/src/marshmallow/fields.py 1474\n```"),
        user("[File: /repo/src/marshmallow/fields.py (1997 lines total)]\n1480:        except (TypeError, ValueError)"
             " as error:\n1481:            raise ValueError(\n(Open file: /repo/src/marshmallow/fields.py)\n"
             "(Current directory: /repo)\nbash-$"),
        asst("Let's edit line 1475.\n```\nedit 1475:1475\n  return int(round(x))\nend_of_edit\n```"),
        user("Your proposed edit has introduced new syntax error(s).\n\nERRORS:\n- E999 IndentationError: unexpected "
             "indent\n(Open file: /repo/src/marshmallow/fields.py)\n(Current directory: /repo)\nbash-$"),
        asst("The edit needs the method's indentation. Let's retry it.\n```\nedit 1475:1475\n"
             "        return int(round(x))\nend_of_edit\n```"),
        user("File updated.\n(Open file: /repo/src/marshmallow/fields.py)\n(Current directory: /repo)\nbash-$"),
    ]


def _compacted(summary: str, cut: int = 8) -> list[Message]:
    msgs = _session()
    return [msgs[0], *([user(summary)] if summary else []), *msgs[cut:]]


def test_observations_are_not_requests_and_viewer_lines_are_not_errors():
    f = fidelity(_session(), _compacted(""))
    assert f.kinds["requests"].items == 0  # "[File: …]", "344", the lint report are observations
    errors = [it.text for it in f.items if it.kind == "errors"]
    assert errors == ["e999 indentationerror: unexpected indent"]  # not "1480: except (TypeError, …"


def test_a_paraphrased_task_counts_and_a_quoted_error_keeps_its_bullet_or_not():
    faithful = ("Task: TimeDelta serialization precision is wrong, 345 ms serialize to 344. reproduce.py prints 344. "
                "The bug is in src/marshmallow/fields.py line 1475 (int truncates). The first edit failed: "
                "- E999 IndentationError: unexpected indent. Next: retry the edit with the method's indentation.")
    f = fidelity(_session(), _compacted(faithful))
    assert f.kinds["task"].fraction == 1.0  # no verbatim boilerplate needed
    assert f.kinds["errors"].kept == 1  # quoted with its "- "
    assert f.kinds["files"].kept == f.kinds["files"].items  # relative paths match /repo/src/…
    assert all(d["evidence"] for d in f.to_dict()["items"])  # a sentence, or "missing"


def test_a_made_up_path_is_worse_than_a_missing_one():
    faithful = "Task: TimeDelta serialization precision. The bug is in src/marshmallow/fields.py line 1475."
    missing = "Task: TimeDelta serialization precision. The bug is in the serializer."
    wrong = "Task: TimeDelta serialization precision. The bug is in src/marshmallow/utils.py line 1475."
    good, gone, bad = (fidelity(_session(), _compacted(s)) for s in (faithful, missing, wrong))
    assert bad.score < gone.score < good.score
    assert [it.text for it in bad.items if it.status in ("unsupported", "contradicted")] == ["src/marshmallow/utils.py"]
    assert next(it for it in bad.items if it.status in ("unsupported", "contradicted")).evidence.startswith("The bug is in")


def test_our_own_notices_are_not_claims():
    """A cleared tool result's notice ("1,124 tokens") and a summary's recovery hint (an
    offload id, message positions) state nothing the original should hold."""
    msgs = [*_session()[:2], asst("", [("c1", "bash", '{"cmd": "cat log"}')]), tool("c1", "x " * 500),
            *_session()[2:]]
    cleared = tool("c1", "[bash output cleared to save context (1,124 tokens). recover(id=\"off-3af2c1d4e5f6\")]")
    summary = Message.text_message("system", "Summary: the TimeDelta bug is confirmed.\n\nThe original messages "
                                             "120\u20133400 summarized here are stored as off-3af2c1d4e5f6; call "
                                             "recover(id=\"off-3af2c1d4e5f6\") to read them.", kind="summary")
    f = fidelity(msgs, [msgs[0], summary, msgs[1], msgs[2], cleared, *msgs[4:]])
    assert not [it for it in f.items if it.status in ("unsupported", "contradicted")]


# --------------------------------------------------------------- false claims, and lists that are not summaries


def _unsupported(summary: str) -> list[str]:
    return [it.text for it in fidelity(_session(), _compacted(summary)).items if it.status in ("unsupported", "contradicted")]


def test_a_wrong_value_that_is_not_a_path_is_unsupported():
    """Planted errors that are values, not paths: a wrong number, a wrong id."""
    right = "reproduce.py prints 344 where 345 is expected; the fix is at line 1475 of fields.py."
    assert _unsupported(right) == []
    assert _unsupported(right.replace("344", "346")) == ["346"]
    assert _unsupported(right + " The commit is 9f3e2a1c7.") == ["9f3e2a1c7"]
    assert _unsupported(right.replace("344", "34")) == ["34"]  # two digits: an offset, a port, a constant
    assert _unsupported(right + " The expected token is TD345X9Z.") == ["td345x9z"]  # an id, not a name


def test_a_reference_into_the_session_or_a_size_measured_is_no_made_up_value():
    """"(msg 13)" points at a message and "1376 characters" measures a text the summary read:
    neither need be stated by the original. A wrong line number or offset still is."""
    right = "reproduce.py prints 344 where 345 is expected; the fix is at line 1475 of fields.py."
    assert _unsupported(right + " The failing run is in msg 12; its output was 1376 characters (172 bytes).") == []
    assert _unsupported(right + " Messages 40 to 52 retried it.") == []
    assert _unsupported(right + " The page ran to 40,085 characters.") == []
    assert _unsupported(right.replace("line 1475", "line 1597")) == ["1597"]
    assert _unsupported(right + " The header sits at offset 4096.") == ["4096"]


def test_a_number_with_thousands_separators_the_original_states_so_is_no_made_up_value():
    """The original's "2,883 athletes" is indexed as its groups (883); the summary's "2,883" is the
    same number, whichever of the value checks reads it. A number the original never states is not."""
    msgs = [sys("You answer questions by web search."), user("How many athletes were at the 1928 Olympics?"),
            asst("Searching.", [("c1", "web_search", '{"q": "1928 olympics"}')]),
            tool("c1", "A total of 2,883 athletes from 46 countries took part."),
            asst("The answer is 2,883.")]

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), msgs[4]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported("A search found that 2,883 athletes from 46 countries took part.") == []
    assert unsupported("A search found that 2,938 athletes from 46 countries took part.") == ["2938"]


def test_a_file_name_the_original_holds_verbatim_is_no_made_up_path():
    """A listing whose names a bug glued together ("textfile6.txtnfile.txtntmp.txt": the
    newlines printed as "n") holds file.txt though no extractor reads it as a path of its own:
    unsupported means the original never has it."""
    msgs = [sys("You are a shell agent."), user("Print the duplicate file names under /testbed."),
            asst("Action: execute[find /testbed -type f -printf \"%f\\n\"]"),
            user("FooBar.htmlntextfile6.txtnfile.txtnfile.txtntmp.txtnHello1.java"),
            asst("Action: execute[find /testbed -type f | sort | uniq -Di]"), user("(no output)"),
            asst("The names are on one line; I will split them first.")]

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported("The listing shows file.txt twice and tmp.txt once; `uniq -Di` printed nothing.") == []
    assert unsupported("The listing shows report.txt twice; `uniq -Di` printed nothing.") == ["report.txt"]


def test_a_family_of_numbered_files_and_a_count_of_them_are_no_made_up_statements():
    """L17's faithful summaries: "several textfileN.txt" names the numbered files a listing
    showed (a pattern, as a glob is, read in the summary's own case: in lower case N is a
    letter), and "' ' characters (1376 of them)" counts what it has just named; each was
    flagged and halved a summary the judges gave 0.85-0.9. A file of another name and a
    number stated as a value are still flagged."""
    msgs = [sys("You are a shell agent."), user("Print the duplicate file names under /testbed."),
            asst("Action: execute[find /testbed -type f -printf \"%f\\n\"]"),
            user("FooBar.htmlntextfile6.txtnfile.txtnfile.txtntmp.txtntextfile3.txtnHello1.java"),
            asst("Action: execute[python3 -c \"print(repr(open('/testbed/tmp.txt').read()))\"]"),
            user("'\\u2003 \\u2003\\u2003  \\u2003'"),
            asst("The names are on one line; I will split them first.")]

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported("The listing shows file.txt twice and several textfileN.txt names.") == []
    assert unsupported("The listing shows file.txt twice and several textfilen.txt names.") == ["textfilen.txt"]
    assert unsupported("The listing shows file.txt twice and several textfile9.txt names.") == ["textfile9.txt"]
    assert unsupported("tmp.txt holds only '\\u2003' and ' ' characters (1376 of them).") == []
    assert unsupported("tmp.txt holds only '\\u2003' and ' ' characters; the flag is at 1376.") == ["1376"]


def test_a_full_name_the_session_never_has_is_a_made_up_statement():
    """L17's planted summary of a CAMEL role-play swapped the key figures (Jefferson, Adams,
    Franklin) for "Alexander Hamilton and James Madison": names the session never has. A
    name it has, a title in capitals, a date and a heading are no such statement."""
    msgs = [sys("You are a historian on a time travel mission."),
            user("Instruction: Name the key figures to approach in Philadelphia in 1776."),
            asst("Approach Thomas Jefferson, John Adams and Benjamin Franklin at the City Tavern; "
                 "cite the paper Trust Explanations to Do What They Say."),
            user("Instruction: Plan the arrival for Sun May 5."),
            asst("We arrive on Sun May 5, a few days early.")]

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[3:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    right = ("The key figures are Thomas Jefferson, John Adams and Benjamin Franklin, met at the City Tavern; "
             "the paper is Trust Explanations to Do What They Say. Arrival: Sun May 5. Next Steps: plan it.")
    assert unsupported(right) == []
    assert unsupported(right.replace("Thomas Jefferson", "Alexander Hamilton")) == ["alexander hamilton"]
    assert unsupported(right + " Historian Thomas Paine joins.") == []  # (Thomas is in the session)
    assert unsupported(right + " The report is titled Meeting Alexander Hamilton.") == []  # a title


def test_a_failed_step_called_successful_and_a_step_never_taken_are_unsupported():
    msgs = _session()  # the retry edits another range: `edit 1475:1475` failed each time it ran
    msgs[8] = asst("The edit needs the method's indentation.\n```\nedit 1474:1475\n        return int(round(x))\n"
                   "end_of_edit\n```")

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    failed_ok = ("The first `edit 1475:1475` was accepted and applied, so the method now rounds. "
                 "Next: run the reproduction again.")
    assert unsupported(failed_ok) == ["edit 1475:1475"]
    said_failed = ("The first `edit 1475:1475` was rejected with E999 IndentationError: unexpected indent. "
                   "Next: retry it with the method's indentation.")
    assert unsupported(said_failed) == []
    # run twice, failed once and then applied: "it was applied" is true
    assert _unsupported(failed_ok) == []
    never_ran = "After the fix `python -m pytest tests/test_fields.py` was run and passed. Next: submit."
    assert set(_unsupported(never_ran)) == {"tests/test_fields.py", "python -m pytest tests/test_fields.py"}
    assert _unsupported("Then `python reproduce.py --check` was run and passed.") == ["python reproduce.py --check"]
    ran = "`python reproduce.py` was run and printed 344, which confirms the truncation."
    assert _unsupported(ran) == []


def test_coined_names_cut_quotes_and_the_tasks_own_instructions_are_not_false_claims():
    msgs = _session()
    msgs[1] = user(SWE_TASK.replace("INSTRUCTIONS:\n", "INSTRUCTIONS:\nTest with `nc -w5 127.0.0.1 80`.\n"))
    summary = ("Two outputs were compared: o1 = 344 and o2 = 345; the 5th run matched. The hash began "
               "a76edd72...fac323. Instructions: test with nc -w5 127.0.0.1 80.")
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])
    assert [it.text for it in f.items if it.status in ("unsupported", "contradicted")] == []


def test_many_wrong_values_in_one_sentence_are_one_false_statement():
    one = fidelity(_session(), _compacted("The run printed 346, 347 and 348 where 349 is expected."))
    assert len([it for it in one.items if it.status in ("unsupported", "contradicted")]) == 4
    assert one.false_statements == 1


def test_a_list_of_verbatim_strings_states_no_decision_or_next_step():
    """A keyword dump: the strings of the range, one a line, no narrative. Its artifacts
    count; the findings and the next step it does not state do not."""
    prose = ("The output 344 confirms the truncation bug in fields.py. The first edit failed with an "
             "indentation error, so the next step is to retry the edit with the method's indentation.")
    dump = "\n".join(["344", "confirms truncation bug", "/repo/src/marshmallow/fields.py", "reproduce.py",
                      "edit 1475:1475",
                      "E999 IndentationError: unexpected indent", "retry edit indentation method's"])
    p, d = (fidelity(_session(), _compacted(s)) for s in (prose, dump))
    assert d.kinds["errors"].fraction == 1.0 and d.kinds["files"].fraction == 1.0
    assert d.kinds["decisions"].fraction < p.kinds["decisions"].fraction
    assert d.kinds["next_step"].fraction < p.kinds["next_step"].fraction


# --------------------------------------------------------------- wrong readings of what happened


def _tool_session() -> list[Message]:
    """A made-up run whose tools are called through the API: a file found below the
    root, a search/replace edit that went through, a build that did not."""
    return [
        sys("You are a coding agent."),
        user("The build of the parser breaks with `NameError: tokens`. Fix it."),
        asst("Let's find the parser.", [("c1", "find_file", '{"file_name": "parser.py"}')]),
        tool("c1", "Found 1 matches for \"parser.py\" in /work:\n/work/lib/parser.py"),
        asst("The loop uses `tokens` before it is set. Let's set it first.",
             [("c2", "edit", '{"search": "for t in tokens:", "replace": "tokens = lex(src)\\nfor t in tokens:"}')]),
        tool("c2", "Text replaced. Please review the changes."),
        asst("Let's build the archive.", [("c3", "bash", '{"cmd": "make dist"}')]),
        tool("c3", "make: *** No rule to make target 'dist'. Stop.\nExit code: 2"),
        asst("There is no dist target; the key is 1024 bits. Let's read the Makefile.",
             [("c4", "bash", '{"cmd": "cat Makefile"}')]),
        tool("c4", "build:\n\tpython -m build"),
    ]


def _tool_unsupported(summary: str) -> list[str]:
    msgs = _tool_session()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_step_that_went_through_called_failed_is_unsupported():
    right = "The edit (search `for t in tokens:`) was applied, so the loop now sets tokens first."
    assert _tool_unsupported(right) == []
    wrong = ("The edit with search `for t in tokens:` failed because the search text was not found, "
             "so no change was made and the loop is unchanged.")
    assert _tool_unsupported(wrong) == ["for t in tokens:"]
    # a step that did fail, said to have failed, is true
    assert _tool_unsupported("Then `make dist` failed: there is no rule for that target.") == []


def test_a_file_put_at_another_place_or_named_wrongly_is_unsupported():
    assert _tool_unsupported("The parser is /work/lib/parser.py; the edit there was applied.") == []
    assert _tool_unsupported("The parser is /work/parser.py; the edit there was applied.") == ["/work/parser.py"]
    assert _tool_unsupported("The build wrote an archive named parser.tgz with the sources.") == ["parser.tgz"]
    # a file the plan will create is not a claim about the original
    assert _tool_unsupported("Next: write the missing target into a new file build.mk and run it.") == []


def test_a_number_derived_from_the_original_is_not_made_up():
    assert _tool_unsupported("The key is 1024 bits, so each prime has 512 bits (128 bytes).") == []
    assert _tool_unsupported("The key is 1024 bits, so each prime has 500 bits.") == ["500"]


def test_the_kept_latest_messages_count_and_a_false_claim_costs_more_than_nothing():
    """The whole context the agent will see is judged: a compaction that keeps the
    latest messages keeps where the work stands, so losing the history is not losing
    everything; a summary that misleads is worse than none."""
    msgs = _session()
    nothing = fidelity(msgs, _compacted(""))
    assert nothing.state_kept and 0.2 < nothing.score < 0.6
    everything_gone = fidelity(msgs, [msgs[0], user("Go on.")])
    assert not everything_gone.state_kept and everything_gone.score < nothing.score
    misleading = ("The fix is in src/marshmallow/utils.py line 1475; reproduce.py printed 346. "
                  "Next: retry the edit with the method's indentation.")
    assert fidelity(msgs, _compacted(misleading)).score < nothing.score


def test_a_sentence_cut_short_states_no_finding():
    """An extractive summary's fragments ("…" where it cut the quote) hold the words of
    a finding, not the finding."""
    whole = "The output 344 confirms the truncation bug in the rounding of fields.py, so the fix rounds."
    cut = "The output 344 confirms the truncation bug in the rounding of fields.py, so the\u2026"
    w, c = (fidelity(_session(), _compacted(s)) for s in (whole, cut))
    assert c.kinds["decisions"].credit < w.kinds["decisions"].credit


def test_a_setting_given_another_number_than_the_original_gives_it_is_unsupported():
    """`e = 3` where the code the agent read sets `self.e = 5`: a wrong reading of
    what was shown, though 3 occurs elsewhere; the same number in hex, or a name the
    original never sets, or a plan, is no false claim."""
    msgs = _tool_session()
    msgs[9] = tool("c4", "1: class Key:\n2:     def __init__(self):\n3:         self.e = 5\n4:         self.port = 0x1f40\n"
                         "build:\n\tpython -m build -j 3")
    msgs = [*msgs, asst("Let's build.", [("c5", "bash", '{"cmd": "make build"}')]), tool("c5", "ok")]

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[10:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported("The Makefile's Key class uses e = 5 and port = 8000 for the build.") == []
    assert unsupported("The Makefile's Key class uses e = 3 for the build.") == ["e = 3"]
    assert unsupported("The Makefile's Key class uses n = 3 for the build.") == []  # n is never set
    assert unsupported("Next: try e = 3 in the Key class and build again.") == []


def test_a_small_number_derives_nothing():
    """Half or twice a number of three digits or more is derived; from a small number
    (17 * 8 = 136) anything would be."""
    msgs = _tool_session()
    msgs[9] = tool("c4", "17 targets, 1024 bits")

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported("The key is 1024 bits, so each prime has 512 bits.") == []
    assert unsupported("The 17 targets need 136 bytes.") == ["136"]  # not 17 * 8


def test_a_next_step_that_copies_a_step_already_taken_is_not_the_next_step():
    """An extractive summary that offers, as what comes next, what the agent said
    before a step it then took sends the agent back; the step that does come next,
    in other words, counts."""
    msgs = [
        sys("You are a coding agent."),
        user("The parser test fails with a KeyError on empty input. Fix it."),
        asst("The failing parser test calls parse with an empty string, so let's open the parser module to find "
             "the lookup.", [("c1", "open", '{"path": "lib/parser.py"}')]),
        tool("c1", "[File: lib/parser.py (40 lines total)]\n12: return table[key]"),
        asst("The lookup at line 12 has no default, so let's change it to use table.get with a default.",
             [("c2", "edit", '{"search": "return table[key]", "replace": "return table.get(key)"}')]),
        tool("c2", "Text replaced."),
        asst("The lookup now has a default; let's run the failing parser test again.",
             [("c3", "bash", '{"cmd": "pytest tests"}')]),
        tool("c3", "3 passed"),
    ]
    task = "Task: the parser test fails with a KeyError on empty input. "
    stale = task + ("Next step: the failing parser test calls parse with an empty string, so let's open the parser "
                    "module to find the lookup.")
    fresh = task + "The lookup at line 12 now uses table.get. Next: run the failing parser test again."
    s, f = (fidelity(msgs, [msgs[0], user(x), *msgs[6:]]) for x in (stale, fresh))
    assert s.kinds["next_step"].credit < f.kinds["next_step"].credit == 1.0
    assert not any(it.evidence.startswith("Next step:") for it in s.items if it.kind == "next_step")


def test_a_step_whose_output_shows_a_failure_is_not_called_a_failed_step():
    """`python reproduce.py` ran (it printed 344): "the fix failed" says what its output
    showed, not that the step was refused."""
    msgs = _session()
    said = "After the edit `python reproduce.py` still printed 344, so the fix failed and the bug remains."
    f = fidelity(msgs, [msgs[0], user(said), *msgs[8:]])
    assert [it.text for it in f.items if it.status in ("unsupported", "contradicted")] == []


def test_a_copy_of_the_environments_output_is_not_the_next_step():
    """A line of tool output copied into a summary says what was shown, not what comes
    next (an extractive summary's "next step" that echoes the last output)."""
    msgs = [
        sys("You are a coding agent."),
        user("The parser tests fail after the upgrade. Fix them."),
        asst("Let's run the parser tests to see what fails.", [("c1", "bash", '{"cmd": "pytest tests/parser"}')]),
        tool("c1", "Three parser tests fail in the tokenizer module because the grammar file is missing from the build."),
        asst("The grammar file is missing from the build, so let's add it to the package data in the tokenizer setup.",
             [("c2", "bash", '{"cmd": "cat setup.cfg"}')]),
        tool("c2", "[options.package_data]\nparser = *.lark"),
    ]
    task = "Task: the parser tests fail after the upgrade. "
    copy = task + "Output: three parser tests fail in the tokenizer module because the grammar file is missing from the build."
    said = task + "The grammar file is missing from the build. Next: add it to the package data in the tokenizer setup."
    c, s = (fidelity(msgs, [msgs[0], user(x), *msgs[4:]]) for x in (copy, said))
    assert c.kinds["next_step"].kept == 0 and s.kinds["next_step"].kept == 1


def test_quotes_cut_short_cost_the_context_and_a_lists_ellipsis_does_not():
    """A summary of quotes cut mid-statement is text to read past, whose facts are only
    partly there; "(a, b, ...)" ends a list, not a quote."""
    whole = ("The output 344 confirms the truncation bug in fields.py.\n"
             "The first edit failed with E999 IndentationError: unexpected indent.\n"
             "Next: retry the edit with the method's indentation.")
    cut = ("The output 344 confirms the truncation bug in fiel\u2026\n"
           "The first edit failed with E999 IndentationError: unexpected indent.\n"
           "Next: retry the edit with the method's indentation.")
    listed = whole + "\nThe repository holds the usual files (src/, tests/, setup.py, ...)."
    w, c, lst = (fidelity(_session(), _compacted(s)) for s in (whole, cut, listed))
    assert c.fragments > 0 and c.score < w.score
    assert w.fragments == 0 and lst.fragments == 0


def _session_going_on() -> list[Message]:
    """The small session, then a later turn that restates a finding of the earlier range
    in passing."""
    return [*_session(),
            asst("Recall: reproduce.py printed 344, so the bug is the truncation in fields.py. Let's run the "
                 "tests.\n```\npytest\n```"),
            user("1 passed\n(Open file: /repo/src/marshmallow/fields.py)\n(Current directory: /repo)\nbash-$")]


def _credits(f, kind: str) -> dict[str, float]:
    return {it.text: it.credit for it in f.items if it.kind == kind and it.status == "kept"}


def test_what_only_the_kept_latest_messages_restate_is_counted_once_not_per_item():
    """The removed range's finding (344, reproduce.py), restated only by a later turn the
    compaction keeps anyway, earns no credit of its own (the kept latest messages' weight
    holds it): it is in the context but separates no compaction from another. The same
    finding stated by the summary, or by a message kept inside the removed range, earns
    full credit, and scores above losing the history."""
    msgs = _session_going_on()
    nothing = fidelity(msgs, [msgs[0], *msgs[8:]])
    assert nothing.state_kept
    later = _credits(nothing, "values")
    assert later.get("344") == 0.0 and _credits(nothing, "files").get("reproduce.py") == 0.0
    said = fidelity(msgs, [msgs[0], user("reproduce.py printed 344, so the bug is the truncation in fields.py."),
                           *msgs[8:]])
    assert _credits(said, "values")["344"] == 1.0 and _credits(said, "files")["reproduce.py"] == 1.0
    kept_inside = fidelity(msgs, [msgs[0], msgs[4], *msgs[8:]])  # "The output is 344, which confirms …"
    assert _credits(kept_inside, "values")["344"] == 1.0
    assert nothing.score < kept_inside.score and nothing.score < said.score


def test_an_artifacts_evidence_is_the_sentence_that_states_it_not_the_line_listing_it():
    """A summary that lists a path and then says what came of it: the evidence shown for
    the path is the statement."""
    summary = ("Files:\n/repo/src/marshmallow/fields.py\n\n"
               "The truncation bug is in /repo/src/marshmallow/fields.py, where the edit of line 1475 failed "
               "on its indentation.")
    f = fidelity(_session(), _compacted(summary))
    ev = next(it.evidence for it in f.items if it.kind == "files" and it.text.endswith("fields.py"))
    assert ev.startswith("The truncation bug is in")


def test_a_line_of_output_or_instructions_quoted_verbatim_states_no_finding_or_step():
    """A keyword dump copies whole lines of what the environment printed; one that reads
    like prose ("Running it again will lead to the same error.") is still output, not
    the agent's finding or next step, however many of the next step's words it holds."""
    msgs = [
        sys("SETTING: You are an autonomous programmer."),
        user("The parser rejects empty tuples. Make `parse('()')` return an empty tuple."),
        asst("Let's fix the tuple rule.\n```\nedit 12:14\n    return ()\nend_of_edit\n```"),
        user("Your proposed edit has introduced new syntax error(s).\nERRORS:\n- E999 SyntaxError: unmatched ')'\n"
             "DO NOT re-run the same failed edit command. Running it again will lead to the same error.\n"
             "(Open file: /repo/parser.py)\nbash-$"),
        asst("Running the same edit again would lead to the same error, so I will fix the unmatched parenthesis "
             "in the tuple rule first.\n```\nedit 12:13\n    return ()\nend_of_edit\n```"),
        user("File updated.\n(Open file: /repo/parser.py)\nbash-$"),
    ]
    dump = "\n".join(["parse('()')", "edit 12:14", "E999 SyntaxError: unmatched ')'",
                      "Running it again will lead to the same error.", "/repo/parser.py"])
    said = ("Task: make parse('()') return an empty tuple. The edit of lines 12-14 of /repo/parser.py failed with "
            "E999 SyntaxError: unmatched ')'. Next: fix the unmatched parenthesis in the tuple rule and run the "
            "edit again.")
    d, s = (fidelity(msgs, [msgs[0], msgs[1], user(x), *msgs[4:]]) for x in (dump, said))
    assert d.kinds["errors"].fraction == 1.0  # its artifacts count
    assert d.kinds["next_step"].credit == 0 < s.kinds["next_step"].credit
    assert d.score < s.score


def test_a_quote_of_what_the_agent_said_covers_that_statement_not_another_it_shares_words_with():
    """An extractive summary copies the agent's sentences; the copy of a plan ("I will
    check whether …") is not the finding the agent later stated in the same words."""
    from inspector.engine import fidelity as measure

    msgs = [
        sys("You are a coding agent."),
        user("Settings exported in the shell are ignored at startup. Fix it."),
        asst("I will check whether the loader reads the config file before the environment variables.",
             [("c1", "bash", '{"cmd": "sed -n 1,40p src/loader.py"}')]),
        tool("c1", "def load():\n    cfg = read_file()\n    cfg.update(read_env())\n    return read_file_again(cfg)"),
        asst("The loader reads the config file again after the environment variables, because read_file_again "
             "merges the file last.",
             [("c2", "bash", '{"cmd": "sed -n 40,60p src/loader.py"}')]),
        tool("c2", "def read_file_again(cfg):\n    return {**cfg, **read_file()}"),
        asst("I will drop the second read.", [("c3", "bash", '{"cmd": "python fix.py"}')]),
        tool("c3", "done"),
    ]
    plan = "- I will check whether the loader reads the config file before the environment variables."
    finding = ("- The loader reads the config file again after the environment variables, because read_file_again "
               "merges the file last.")

    def decision(summary: str) -> float:
        f = fidelity(msgs, [msgs[0], msgs[1], user(summary), *msgs[6:]])
        return max(it.credit for it in f.items if it.kind in ("decisions", "last_step")
                   and it.text.startswith("The loader reads"))

    assert decision(finding) == 1.0
    assert decision(plan) == 0.0
    saved = measure.QUOTES_STATE_ONLY_THEMSELVES
    try:
        measure.QUOTES_STATE_ONLY_THEMSELVES = False
        assert decision(plan) > 0.5  # (what the rule stops: the plan's words taken for the finding)
    finally:
        measure.QUOTES_STATE_ONLY_THEMSELVES = saved


@pytest.mark.skipif(not (L5 and L6 and L7 and L8), reason="the labelled sets with stale summaries are not there")
def test_a_stale_summary_ranks_below_the_faithful_one_and_recency_widens_the_gap():
    """L5-L8 each hold a stale summary (accurate, but it stops halfway through the range it
    replaces; the judges put it 0.35-0.55 below the faithful one). Measured (session 5): below
    the faithful summary in 17 sessions of 20 (a false "made-up" flag on astropy's faithful
    summary, and a stale one that restates the ids the kept tail goes on with, are the rest);
    the recency signal widens the mean gap over the items' score alone."""
    below = gaps = items_gaps = 0.0
    sessions = 0
    for items in (L5, L6, L7, L8):
        by: dict[str, dict[str, judged.JudgedItem]] = defaultdict(dict)
        for it in items:
            by[it.session][it.variant or "?"] = it
        for variants in by.values():
            faithful = fidelity(variants["faithful"].original(), variants["faithful"].compacted())
            stale = fidelity(variants["stale"].original(), variants["stale"].compacted())
            sessions += 1
            below += stale.score < faithful.score
            gaps += faithful.score - stale.score
            items_gaps += faithful.items_score - stale.items_score
    assert sessions == 20 and below >= 17
    assert gaps > items_gaps > 0
