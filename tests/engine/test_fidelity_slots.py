"""Outcomes stated of steps named by their words (`engine.fidelity_slots`, issue #23 session 10):
a summary's clause aligned with the session's steps that share its distinctive words, and
contradicted when the aligned steps' observations show another outcome. Real items of the
labelled sets L17 (InterCode) and L18 (smolagents' GAIA runs): each planted error is flagged,
and the faithful summary of the same range, stating the same steps rightly, is not."""

from __future__ import annotations

import pytest

from inspector.engine import fidelity as fidelity_module
from inspector.engine.content import content_model
from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_slots import EMPTY, FAILED, OK, aligned_outcome_claims, outcome_of, tokens
from tests import judged
from tests.sessions import asst, sys, user

# (set, session) -> the planted clause flagged. The key's planted errors: a failed step
# called successful, an empty output said to list something.
PLANTED = {
    ("L17", "intercode_ctf_dds2.json"): "`sudo apt-get install sleuthkit` succeeded",
    ("L17", "intercode_bash_dupnames.json"): "uniq -Di` (ignore case) printed the duplicates",
    ("L18", "smol_code_equine_vet.json"): "it was found",
    ("L18", "smol_code_yankees_1977.json"): "visit_webpage on baseball-reference worked",
    ("L18", "smol_code_mbta_stops.json"): "the PDF loaded",
}
SETS = {"L17": judged.L17, "L18": judged.L18}


def _items(name: str, session: str) -> dict[str, judged.JudgedItem]:
    return {it.variant or "": it for it in judged.load(SETS[name]) if it.session == session}


def _slot_flags(it: judged.JudgedItem) -> list[fidelity_module.Item]:
    f = fidelity(it.original(), it.compacted())
    return [i for i in f.items if i.status == "contradicted" and "'s step " in i.contradicts]


@pytest.mark.parametrize(("name", "session"), sorted(PLANTED))
def test_a_planted_outcome_is_flagged_and_the_faithful_summary_is_not(name: str, session: str) -> None:
    items = _items(name, session)
    flagged = _slot_flags(items["planted_errors"])
    assert any(PLANTED[name, session] in i.text for i in flagged), [i.text for i in flagged]
    for variant in ("faithful", "faithful_short"):
        assert _slot_flags(items[variant]) == []


def test_no_faithful_item_of_any_set_is_flagged() -> None:
    # The false flags the check makes on faithful summaries, over every labelled set.
    sets = judged.sets("fit", "study").values()
    flagged = [(it.id, i.text) for d in sets for it in judged.load(d)
               if it.variant in ("faithful", "faithful_short") for i in _slot_flags(it)]
    assert flagged == []


def test_a_flagged_outcome_lowers_the_score_below_the_right_one() -> None:
    items = _items("L17", "intercode_ctf_dds2.json")
    right = items["faithful"].replacement
    wrong = right.replace('`sudo apt-get install sleuthkit` failed: "/bin/bash: line 1: sudo: command not found".',
                          "`sudo apt-get install sleuthkit` succeeded.")
    assert wrong != right
    orig = items["faithful"].original()
    cut = items["faithful"].cut
    f_right = fidelity(orig, [orig[0], user(right), *orig[cut:]])
    f_wrong = fidelity(orig, [orig[0], user(wrong), *orig[cut:]])
    assert [i.text for i in f_wrong.items if i.status == "contradicted"] == ["`sudo apt-get install sleuthkit` succeeded"]
    assert f_wrong.score < f_right.score


def test_an_outcome_is_read_from_the_observation() -> None:
    assert outcome_of("/bin/bash: line 1: sudo: command not found\n", False) == FAILED
    assert outcome_of("Error fetching the webpage: 403 Client Error: Forbidden for url: https://x", False) == FAILED
    assert outcome_of("Observation:\nExecution logs:\nLast output from code snippet:\nNone", False) == EMPTY
    assert outcome_of("(no output)", False) == EMPTY
    assert outcome_of("[]", False) == EMPTY
    assert outcome_of("Observation:\nExecution logs:\n19189\nLast output from code snippet:\nNone", False) == OK
    assert outcome_of("file.txt\nfile.txt\n", True) == FAILED  # the content model's reading counts


def test_a_flag_keeps_its_dash_and_identifiers_split() -> None:
    assert {"-di", "uniq", "exercise_page_content", "exercise", "page", "content"} <= tokens(
        "uniq -Di over exercise_page_content")
    assert "the" not in tokens("the page")


def _shell() -> list:
    return [sys("You run one shell command per turn."), user("Find the duplicate file names."),
            asst("cmd find /testbed -type f -printf '%f\\n' | sort | uniq -Di"), user("(no output)"),
            asst("cmd find /testbed -type f | wc -l"), user("12\n"),
            asst("cmd gunzip data.img.gz"), user("(no output)"),
            asst("cmd file data.img"), user("data.img: DOS/MBR boot sector"),
            asst("cmd mmls data.img"), user("DOS Partition Table"),
            asst("cmd sudo apt-get install sleuthkit"), user("/bin/bash: line 1: sudo: command not found\n"),
            asst("cmd apt-get install sleuthkit"), user("sleuthkit is already the newest version.\n"),
            user("Go on.")]


def _claims(text: str) -> list[str]:
    msgs = _shell()
    model = content_model(msgs)
    return [o.text for o in aligned_outcome_claims([text], msgs, model.kinds, 12345, len(msgs) - 2,
                                                   model.step_failed, model.result_of)]


def test_what_a_clause_claims_decides_what_contradicts_it() -> None:
    # an empty output contradicts "printed", not "worked"
    assert _claims("`sort | uniq -Di` printed file.txt twice.") != []
    assert _claims("`gunzip data.img.gz` worked silently.") == []
    assert _claims("`gunzip data.img.gz` printed the image's name.") != []
    # a failure contradicts both
    assert _claims("`sudo apt-get install sleuthkit` succeeded.") != []


def test_a_clause_that_limits_looks_ahead_or_names_no_single_outcome_is_not_flagged() -> None:
    assert _claims("`sort | uniq -Di` printed nothing.") == []
    assert _claims("`sudo apt-get install sleuthkit` failed.") == []
    assert _claims("Next step: run `sort | uniq -Di` and check that it printed the duplicates.") == []
    # the same command run with and without sudo: one went through
    assert _claims("`apt-get install sleuthkit` succeeded.") == []
    # prose words shared with a step name no step
    assert _claims("The agent found the files.") == []
    # a present tense describes a behaviour, not how a step went
    assert _claims("`sort | uniq -Di` prints duplicates.") == []


def test_the_steps_read_once_per_index_state_equal_a_fresh_reading() -> None:
    # Warm (the steps kept per index state) equals cold (forgotten) on every item of two sets.
    items = [it for d in (judged.L17, judged.L18) for it in judged.load(d)]
    warm = [[(i.text, i.contradicts) for i in _slot_flags(it)] for it in items]
    cold = []
    for it in items:
        fidelity_module.forget()
        cold.append([(i.text, i.contradicts) for i in _slot_flags(it)])
    assert warm == cold
    assert sum(map(len, warm)) >= len(PLANTED)
