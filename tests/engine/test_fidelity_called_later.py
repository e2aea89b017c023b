"""A call a summary says was made before the range's end, of a tool the session first called
after it (`engine.fidelity_claims.call_claims`; issue #23, session 18): L23's planted summary
said `Wikipedia__get_summary("Ancient Egyptian furniture") has already been fetched` where
the first Wikipedia call came twenty messages after the cut, and it scored 0.66 (judges 0.40)
as the faithful one did. The check for a call stated with an argument the tool never had
compared only with the tool's earlier calls, and skipped a tool with none."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _museum() -> list[Message]:
    return [
        sys("Use the tools: list_departments, search_objects, get_summary."),
        user("Find New Kingdom chairs at the Met and compare their materials with Wikipedia's article."),
        asst("", [("c1", "list_departments", "{}")]),
        tool("c1", '[{"departmentId": 10, "displayName": "Egyptian Art"}]'),
        asst("", [("c2", "search_objects", '{"q": "chair", "departmentId": 10}')]),
        tool("c2", '{"total": 2, "objectIDs": [551895, 549236]}'),
        asst("Two objects; neither is seating. Now the article."),  # (the range ends here)
        asst("", [("c3", "get_summary", '{"title": "Ancient Egyptian furniture"}')]),
        tool("c3", "New Kingdom chairs were made of ebony inlaid with ivory."),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _museum()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_call_said_made_of_a_tool_first_called_after_the_range_is_contradicted():
    assert any(t.startswith("get_summary") for t in _flagged(
        'search_objects(10) found 551895 and 549236. get_summary("Ancient Egyptian furniture") has already '
        "been fetched: chairs of ebony with ivory."))


def test_a_call_ahead_a_tool_called_before_the_cut_or_a_list_of_tools_is_not():
    assert _flagged('search_objects(10) found 551895 and 549236. Next: call get_summary("Ancient Egyptian '
                    'furniture") and compare materials.') == []
    assert _flagged('search_objects("chair") in department 10 found 551895 and 549236; neither is seating.') == []
    assert _flagged("Tools: list_departments, search_objects, get_summary. search_objects(10) found two objects.") == []
    # (a call named bare on a line of its own, under a heading of what is not done yet: L19's
    # faithful "Not done yet:\n- `delete_email(email_id="34")`", tests/data/faithful_summaries)
    assert _flagged('search_objects(10) found 551895 and 549236.\nNot done yet:\n'
                    '- `get_summary(title="Ancient Egyptian furniture")`') == []


L23 = judged.load(judged.L23) if any(judged.L23.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L23, reason="the labelled set L23 is not there")
def test_l23s_planted_wikipedia_call_is_flagged_and_its_faithful_summary_is_not():
    items = [it for it in L23 if it.session.startswith("gab_mcpbench34_met_wikipedia")]
    flagged = {}
    for it in items:
        f = fidelity(it.original(), it.compacted())
        flagged[it.variant] = [x.text for x in f.items if x.status in ("unsupported", "contradicted")]
    assert any(t.startswith("wikipedia__get_summary") for t in flagged["planted_errors"])
    assert flagged["faithful"] == [] and flagged["faithful_short"] == []
