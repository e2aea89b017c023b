"""An entry of a listing given the number another entry holds (`engine.fidelity_listing`;
issue #23, session 18): L23's planted summary said "Egyptian Art is department 11" where the
Met's list of departments reads "Department ID: 10, Display Name: Egyptian Art" and 11 is
European Paintings; each value alone is the original's, and the records check compares only
entries named together."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_listing import listing_claims
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

_DEPARTMENTS = "\n".join(f"Department ID: {n}, Display Name: {name}" for n, name in (
    (9, "Drawings and Prints"), (10, "Egyptian Art"), (11, "European Paintings"), (12, "Greek and Roman Art")))


def _museum() -> list[Message]:
    return [
        sys("Use the tools: list_departments, search_objects."),
        user("Find New Kingdom chairs in the Met's Egyptian department."),
        asst("", [("c1", "list_departments", "{}")]),
        tool("c1", _DEPARTMENTS),
        asst("", [("c2", "search_objects", '{"q": "chair", "departmentId": 10}')]),
        tool("c2", '{"total": 2, "objectIDs": [551895, 549236]}'),
        asst("Neither object is seating; I will search for stools."),
        user("Go on."),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _museum()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_an_entry_given_another_entrys_number_is_contradicted():
    assert _flagged("Egyptian Art is department 11; a chair search found 551895 and 549236.") == [
        "egyptian art department id 11"]


def test_its_own_number_a_count_or_two_entries_named_together_are_not():
    assert _flagged("Egyptian Art is department 10; a chair search found 551895 and 549236.") == []
    assert _flagged("Egyptian Art (ID 10) had 2 objects, 551895 and 549236.") == []
    assert _flagged("Departments: Egyptian Art 10, European Paintings 11; the search found 551895 and 549236.") == []
    msgs = _museum()
    assert listing_claims(["The search in Egyptian Art found 2 objects."], msgs, 1) == []


L23 = judged.load(judged.L23) if any(judged.L23.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L23, reason="the labelled set L23 is not there")
def test_l23s_planted_department_is_flagged_and_no_other_summary_of_its_session_is():
    for it in L23:
        if not it.session.startswith("gab_mcpbench34_met_wikipedia"):
            continue
        f = fidelity(it.original(), it.compacted())
        flagged = [x.text for x in f.items if x.status == "contradicted" and "department" in x.text]
        assert flagged == (["egyptian art department id 11"] if it.variant == "planted_errors" else []), it.variant


@pytest.mark.skipif(not L23, reason="the labelled set L23 is not there")
def test_listing_claims_kept_per_sentence_answer_as_from_scratch():
    """Warm (other sentences first, these shuffled and again) as cold (every memo forgotten),
    on every item of L23 and L19 (tool results listed one record a line among them)."""
    import random

    from inspector.engine import fidelity as fid
    from inspector.engine.content import sentences

    rng = random.Random(18)
    claimed = 0
    for serial, it in enumerate([*L23, *judged.load(judged.L19)], start=10**6):
        original = it.original()
        said = [s for m in it.compacted() for s in sentences(m.text)]
        fid.forget()
        cold = listing_claims(said, original, serial)
        claimed += len(cold)
        listing_claims(rng.sample(said, len(said) // 2), original, serial)
        shuffled = rng.sample(said, len(said))
        warm = listing_claims(shuffled, original, serial)
        fid.forget()
        assert warm == listing_claims(shuffled, original, serial), it.id
        assert listing_claims(said, original, serial) == cold, it.id
        assert listing_claims(said, original[:-1], serial) == listing_claims(said, original[:-1], serial + 1), it.id
    fid.forget()
    assert claimed
