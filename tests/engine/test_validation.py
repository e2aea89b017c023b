"""validate(): everything a provider would reject, found and located."""

from __future__ import annotations

from inspector.engine.models import Message, Part, ToolCall
from inspector.engine.validation import new_problems, validate

from ..sessions import agent_session, asst, sys, tool, user


def codes(msgs):
    return [(p.code, p.position) for p in validate(msgs)]


def test_a_well_formed_agent_session_has_no_problems():
    s = agent_session(rounds=8)
    assert validate(s.messages) == []


def test_real_swe_agent_runs_are_clean_except_their_duplicate_ids(traj_sessions):
    for s in traj_sessions:
        found = {p.code for p in validate(s.messages)}
        assert found <= {"duplicate_tool_call_id"}, (s.id, found)


def test_orphan_result_and_missing_id():
    msgs = [sys(), user("go"), tool("ghost", "boo"), Message(role="tool", parts=[Part(text="?")])]
    assert codes(msgs) == [("orphan_tool_result", 2), ("missing_tool_call_id", 3)]


def test_unanswered_call_before_the_next_message():
    msgs = [user("go"), asst("", [("a", "f", "{}"), ("b", "f", "{}")]), tool("a", "ok"), user("next")]
    assert codes(msgs) == [("unanswered_tool_call", 1)]
    assert validate(msgs)[0].tool_call_id == "b"


def test_pending_call_at_the_end_is_a_warning():
    msgs = [user("go"), asst("", [("a", "f", "{}")])]
    (p,) = validate(msgs)
    assert (p.code, p.severity, p.position) == ("pending_tool_call", "warning", 1)


def test_result_separated_from_its_call():
    msgs = [user("go"), asst("", [("a", "f", "{}")]), asst("meanwhile"), tool("a", "late")]
    found = codes(msgs)
    assert ("unanswered_tool_call", 1) in found and ("orphan_tool_result", 3) in found


def test_duplicate_ids_empty_messages_bad_json_and_order():
    msgs = [
        user("go"),
        asst("", [("a", "f", "{not json")]), tool("a", "ok"),
        asst("", [("a", "f", "{}")]), tool("a", "ok again"),
        Message(role="assistant"),
        Message.text_message("user", "   "),
        Message.text_message("system", "late system prompt"),
    ]
    found = codes(msgs)
    assert ("invalid_arguments_json", 1) in found
    assert ("duplicate_tool_call_id", 3) in found
    assert ("empty_message", 5) in found and ("empty_message", 6) in found
    assert ("system_not_first", 7) in found


def test_first_message_assistant_is_flagged_for_anthropic():
    assert ("first_not_user", 1) in codes([sys(), asst("hello")])


def test_new_problems_compares_by_code_and_call_id():
    before = validate([user("go"), tool("x", "orphan")])
    after_same = validate([user("go"), asst("hi"), user("again"), tool("x", "orphan")])
    assert new_problems(before, after_same) == []
    after_new = validate([user("go"), tool("y", "other orphan")])
    assert [p.code for p in new_problems(before, after_new)] == ["orphan_tool_result"]


def test_images_and_files_make_a_user_message_non_empty():
    m = Message(role="user", parts=[Part(type="image", url="https://x/y.png")])
    assert validate([m]) == []
    call = Message(role="assistant", tool_calls=[ToolCall(id="z", name="f", arguments_raw="{}")])
    assert [p.code for p in validate([user("a"), call])] == ["pending_tool_call"]


def test_the_call_positions_a_validation_keeps_are_the_messages_own():
    """A resumable validation keeps each call's position: the message's own `position`
    int (where it is the message's place), not a second object each (~1.6 MB at
    100,000 messages); what it finds is the same as on a list positioned otherwise."""
    from inspector.engine.validation import validate_resumable

    s = agent_session(rounds=150, pending=True).renumber()
    msgs = s.messages
    v = validate_resumable(msgs)
    assert [i for i in v.call_positions if i > 256]
    assert all(i is msgs[i].position for i in v.call_positions)
    moved = [m.model_copy(update={"position": 0}) for m in msgs]  # positions that are not their places
    w = validate_resumable(moved)
    assert w.problems == v.problems and w.call_positions == v.call_positions and w.checkpoints == v.checkpoints
