"""A call of a one-word tool ("click", "search") said made with a quoted argument that no
call of that tool in the range made (issue #23, session 19): 'the agent clicked "red"'
where the range clicked "blue" only, and "red" came after the cut. A click the range made,
one denied or planned, or quoted in part, is not flagged. Made-up sessions
(`engine.fidelity_verbs`)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_verbs import past_forms
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _flagged(f) -> list:
    return [it for it in f.items if it.status in ("unsupported", "contradicted")]


def _shop() -> list[Message]:
    return [
        sys("You are a shopping assistant. Tools: search(keywords), click(button_name)."),
        user("Find a wool scarf and pick the blue one."),
        asst("", [("c1", "search", '{"keywords": "wool scarf for winter"}')]),
        tool("c1", "[SEP] Page 1 [SEP] B0SCARF1 [SEP] Wool scarf [SEP] $19.99"),
        asst("", [("c2", "click", '{"button_name": "B0SCARF1"}')]),
        tool("c2", "[SEP] Wool scarf [SEP] color [SEP] blue [SEP] red [SEP] Buy Now"),
        asst("", [("c3", "click", '{"button_name": "blue"}')]),
        tool("c3", "[SEP] Wool scarf [SEP] color [SEP] blue [SEP] red [SEP] Buy Now"),
        user("Actually, red please."),
        asst("", [("c4", "click", '{"button_name": "red"}')]),
        tool("c4", "[SEP] Wool scarf [SEP] color [SEP] blue [SEP] red [SEP] Buy Now"),
    ]


SAID = 'Searched "wool scarf", opened B0SCARF1 and the agent clicked "{}" (page unchanged).'


def _measure(summary: str):
    msgs = _shop()
    # (the range is messages 1-8: the click on "red" is kept, after it)
    return fidelity(msgs, [msgs[0], user(summary), *msgs[9:]])


def test_past_forms():
    assert past_forms("click") == ("clicked",)
    assert past_forms("drag") == ("draged", "dragged")
    assert past_forms("type") == ("typed",)
    assert past_forms("apply") == ("applied",)


def test_a_click_said_made_that_the_range_never_made_is_contradicted():
    right = _measure(SAID.format("blue"))
    assert _flagged(right) == []
    wrong = _measure(SAID.format("red"))
    item = next((it for it in wrong.items if it.status == "contradicted" and it.text == 'click "red"'), None)
    assert item is not None and "after the range" in item.contradicts
    assert wrong.score < right.score


def test_a_click_denied_or_planned_is_not_flagged():
    assert _flagged(_measure(SAID.format("blue") + ' It has not clicked "red" yet.')) == []
    assert _flagged(_measure(SAID.format("blue") + ' Next: the user asked for red, so it will have clicked "red".')) == []


# ---------------------------------------------------------------- a tool said used, first called later

def _memory() -> list[Message]:
    return [
        sys("You are a memory agent. Tools: memory_note (write a note), finish_edits (end a review)."),
        user("Review: the team merged PR #12 and tagged v1.4."),
        asst("Nothing new to keep.", [("c1", "finish_edits", "{}")]),
        tool("c1", "ok"),
        user("Review: the team deleted the v1.4 tag."),
        asst("", [("c2", "memory_note", '{"text": "v1.4 tag deleted"}')]),
        tool("c2", "ok"),
    ]


def _measure_memory(summary: str):
    msgs = _memory()
    # (the range is messages 1-3: memory_note is first called at message 5, kept)
    return fidelity(msgs, [msgs[0], user(summary), *msgs[4:]])


def test_a_step_said_done_with_a_tool_first_called_after_the_range_is_contradicted():
    right = _measure_memory("PR #12 was merged and v1.4 tagged; I ended the review with finish_edits.")
    assert _flagged(right) == []
    wrong = _measure_memory("PR #12 was merged and v1.4 tagged; I recorded both with memory_note.")
    item = next((it for it in wrong.items if it.status == "contradicted" and it.text == "memory_note"), None)
    assert item is not None and "first call is message 5" in item.contradicts
    assert wrong.score < right.score


def test_a_tool_described_or_planned_is_not_a_step_said_done():
    # a capability or a task's wording names the tool, no step done with it
    assert _flagged(_measure_memory("I am allowed to write notes with memory_note; PR #12 was merged.")) == []
    assert _flagged(_measure_memory("PR #12 was merged; next I will record it with memory_note.")) == []
