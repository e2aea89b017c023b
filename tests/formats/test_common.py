"""formats.common: the shared answers every codec uses."""

from __future__ import annotations

from inspector.engine.models import Message, Part, ToolCall
from inspector.formats.common import json_arguments, unique_tool_call_ids, untouched


def _call(cid: str, args: str = "{}") -> Message:
    return Message(role="assistant", tool_calls=[ToolCall(id=cid, name="bash", arguments_raw=args)], raw={"x": 1})


def _result(cid: str, text: str) -> Message:
    return Message(role="tool", tool_call_id=cid, parts=[Part(text=text)], raw={"x": 2})


def test_a_repeated_id_is_renamed_with_the_results_that_answer_it():
    msgs = [_call("a"), _result("a", "one"), _call("a"), _result("a", "two"), _call("a-2"), _result("a-2", "three")]
    for i, m in enumerate(msgs):
        m.position = i
    out, notes = unique_tool_call_ids(msgs)
    assert [(m.tool_calls[0].id if m.tool_calls else m.tool_call_id) for m in out] == \
        ["a", "a", "a-3", "a-3", "a-2", "a-2"]  # "a-2" is taken by a later call: skipped
    assert notes == ["message 2: duplicate tool-call id 'a' renamed 'a-3'"]
    assert out[0] is msgs[0] and untouched(out[0])
    assert not untouched(out[2]) and not untouched(out[3])  # never written from raw (old id)
    assert msgs[2].tool_calls[0].id == "a"  # the input is not modified


def test_arguments_that_are_not_a_json_object_are_wrapped():
    patch = ToolCall(id="c", name="apply_patch", type="custom", arguments_raw="*** Begin Patch\n")
    assert json_arguments(patch) == ({"arguments": "*** Begin Patch\n"}, True)
    assert json_arguments(ToolCall(id="d", name="f", arguments_raw='{"p": "line\nbreak"}')) == \
        ({"p": "line\nbreak"}, False)
    assert json_arguments(ToolCall(id="e", name="f", arguments_raw="")) == ({}, False)


def test_parallel_calls_sharing_an_id_each_keep_one_result():
    """A chat source (tests/bad_inputs/chat-duplicate-tool-call-ids.json) with two
    parallel calls both named `call_1`: the results answer them in order; renaming
    used to give both results the second call's new id, leaving the first unanswered
    (Anthropic, Claude Code and ADK reject or mis-pair that)."""
    both = Message(role="assistant", tool_calls=[ToolCall(id="call_1", name="ls", arguments_raw="{}"),
                                                 ToolCall(id="call_1", name="ls", arguments_raw="{}")])
    msgs = [both, _result("call_1", "a.py"), _result("call_1", "b.py"), _call("call_1"), _result("call_1", "c")]
    for i, m in enumerate(msgs):
        m.position = i
    out, notes = unique_tool_call_ids(msgs)
    assert [c.id for c in out[0].tool_calls] == ["call_1", "call_1-2"]
    assert [m.tool_call_id for m in out[1:3]] == ["call_1", "call_1-2"]
    assert out[3].tool_calls[0].id == "call_1-3" and out[4].tool_call_id == "call_1-3"
    assert out[1] is msgs[1] and not untouched(out[2])
    assert len(notes) == 2
