"""Anthropic Messages JSON: the reader, the exporter, and round trips through both."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from inspector.engine import apply, plan
from inspector.engine.summarize import ExtractiveSummarizer
from inspector.exports.registry import export_session
from inspector.formats.anthropic import (
    AnthropicFormatError,
    is_anthropic_document,
    messages_from_anthropic,
    to_anthropic,
)
from inspector.sources.anthropic_json import read_anthropic_json
from tests.exports.test_formats import chat_session, clear_config, compact_config, model_view

ROOT = Path(__file__).resolve().parents[2]
SWE = ROOT / "tests" / "fixtures" / "swe-agent"

SIGNATURE = "ErUBCkYIBxgCIkB3mQ+/sig=="
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP=="


def conversation() -> dict:
    """A Messages API request as an agent loop builds it: cached system prompt, signed
    and redacted thinking, parallel tool use, an error result, an image."""
    out = "\n".join(f"{i}: def f{i}(): return {i}" for i in range(300))
    return {
        "model": "claude-haiku-4-5",
        "max_tokens": 4096,
        "system": [
            {"type": "text", "text": "You are a coding agent.", "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": "Work in /repo."},
        ],
        "messages": [
            {"role": "user", "content": [
                {"type": "text", "text": "Why does test_parse fail?"},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
            ]},
            {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "I should read the test and the parser.", "signature": SIGNATURE},
                {"type": "text", "text": "Reading both files."},
                {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "tests/test_parse.py"}},
                {"type": "tool_use", "id": "toolu_02", "name": "write_file",
                 "input": {"path": "src/parse_fix.py", "content": "def parse(text):\n    return text.splitlines()\n" * 30}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": out},
                {"type": "tool_result", "tool_use_id": "toolu_02",
                 "content": [{"type": "text", "text": "permission denied"}], "is_error": True},
                {"type": "text", "text": "Retry with sudo if needed."},
            ]},
            {"role": "assistant", "content": [
                {"type": "redacted_thinking", "data": REDACTED},
                {"type": "tool_use", "id": "toolu_03", "name": "bash", "input": {"cmd": "sudo cat src/parse.py"}},
            ]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_03", "content": out}]},
            {"role": "assistant", "content": [{"type": "text", "text": "parse() drops the last line."}]},
            {"role": "user", "content": "Fix it."},
        ],
        # the definitions of the tools it calls, which the API requires with tool blocks
        "tools": [{"name": name, "description": f"{name} as the agent defines it",
                   "input_schema": {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}}
                  for name, key in (("read_file", "path"), ("write_file", "path"), ("bash", "cmd"))],
    }


def check_valid(body: dict) -> None:
    """What the Messages API requires of a request's messages."""
    msgs = body["messages"]
    assert msgs and msgs[0]["role"] == "user"
    for a, b in zip(msgs, msgs[1:]):
        assert a["role"] != b["role"], "roles must alternate"
    for k, m in enumerate(msgs):
        assert m["role"] in ("user", "assistant")
        blocks = m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]
        assert blocks, f"turn {k} is empty"
        for b in blocks:
            if b["type"] == "text":
                assert b["text"], "empty text blocks are rejected"
        uses = [b["id"] for b in blocks if b["type"] == "tool_use"]
        if uses:
            assert m["role"] == "assistant"
            nxt = msgs[k + 1]["content"]
            results = [b["tool_use_id"] for b in nxt if b["type"] == "tool_result"]
            assert results == uses[: len(results)] and sorted(results) == sorted(uses)
            lead = [b["type"] for b in nxt][: len(results)]
            assert lead == ["tool_result"] * len(results), "tool_result blocks come first"
        for b in blocks:
            if b["type"] in ("thinking", "redacted_thinking"):
                assert m["role"] == "assistant"
                assert b.get("signature") or b.get("data")


# ------------------------------------------------------------------------------ reader


def test_reader_maps_blocks_to_canonical_messages(tmp_path):
    path = tmp_path / "conv.json"
    path.write_text(json.dumps(conversation()))
    s = read_anthropic_json(path)
    assert s.id == "conv" and s.model == "claude-haiku-4-5" and s.source_format == "anthropic-json"
    assert s.metadata == {"max_tokens": 4096, "tools": conversation()["tools"]}  # the tools kept for export
    roles = [m.role for m in s.messages]
    assert roles == ["system", "system", "user", "assistant", "tool", "tool", "user", "assistant", "tool",
                     "assistant", "user"]
    sys0 = s.messages[0]
    assert sys0.parts[0].data == {"cache_control": {"type": "ephemeral"}}
    a = s.messages[3]
    assert [p.type for p in a.parts] == ["reasoning", "text"]
    assert a.parts[0].data == {"type": "thinking", "signature": SIGNATURE} and a.parts[0].encrypted
    assert [(c.id, c.name, json.loads(c.arguments_raw)) for c in a.tool_calls] == [
        ("toolu_01", "read_file", {"path": "tests/test_parse.py"}),
        ("toolu_02", "write_file", {"path": "src/parse_fix.py", "content": "def parse(text):\n    return text.splitlines()\n" * 30})]
    t1, t2 = s.messages[4], s.messages[5]
    assert (t1.tool_call_id, t1.name, t2.name, t2.meta) == ("toolu_01", "read_file", "write_file", {"is_error": True})
    assert t2.text == "permission denied"
    assert s.messages[6].text == "Retry with sudo if needed."
    assert s.messages[2].parts[1].type == "image" and s.messages[2].parts[1].media_type == "image/png"
    assert s.messages[7].parts[0].data == {"type": "redacted_thinking", "data": REDACTED}
    assert [m.position for m in s.messages] == list(range(len(s.messages)))


def test_reader_errors_name_the_place(tmp_path):
    bad = conversation()
    bad["messages"][2]["content"][0].pop("tool_use_id")
    with pytest.raises(AnthropicFormatError, match=r"x.json: messages\[2\].content\[0\]: tool_result without"):
        messages_from_anthropic(bad, "x.json")
    bad = conversation()
    bad["messages"][1]["role"] = "tool"
    with pytest.raises(AnthropicFormatError, match=r"messages\[1\]: role must be 'user' or 'assistant'"):
        messages_from_anthropic(bad)
    p = tmp_path / "broken.json"
    p.write_text("{\"messages\": [")
    with pytest.raises(AnthropicFormatError, match="broken.json: invalid JSON"):
        read_anthropic_json(p)


def test_detection_tells_anthropic_from_openai_chat():
    assert is_anthropic_document(conversation())
    assert is_anthropic_document(conversation()["messages"])
    chat = [m.raw for m in chat_session(SWE / "function_calling_simple.traj").messages]
    assert not is_anthropic_document(chat)
    assert not is_anthropic_document({"messages": [{"role": "user", "content": "hi"}]})
    assert is_anthropic_document({"system": "s", "messages": [{"role": "user", "content": "hi"}]})


def test_sniff_and_load_work_with_the_source_probe(tmp_path):
    from inspector.sources import anthropic_json as anthropic
    from inspector.sources.probing import Probe

    path = tmp_path / "req.json"
    path.write_text(json.dumps(conversation(), indent=2))
    probe = Probe(path)
    try:
        assert anthropic.sniff(probe)
        with anthropic.load(probe) as src:
            assert src.session_ids() == ["req"]
            assert len(src.read("req").messages) == 11
    finally:
        probe.close()


# ------------------------------------------------------------------------------ export


def test_round_trip_is_exact(tmp_path):
    doc = conversation()
    src = tmp_path / "in.json"
    src.write_text(json.dumps(doc))
    s = read_anthropic_json(src)
    out = tmp_path / "out.json"
    res = export_session(s, "anthropic-json", out)
    assert res.warnings == []
    written = json.loads(out.read_text())
    expected = copy.deepcopy(doc)
    # request options other than model and max_tokens are not part of the conversation
    expected["messages"][-1]["content"] = [{"type": "text", "text": "Fix it."}]
    assert written == expected
    assert f'"signature": "{SIGNATURE}"' in out.read_text()
    back = read_anthropic_json(out)
    assert [(m.role, m.name, m.tool_call_id, m.content_hash, [(p.type, p.text, p.data) for p in m.parts],
             [(c.id, c.name, c.arguments_raw) for c in m.tool_calls], m.meta) for m in back.messages] == \
        [(m.role, m.name, m.tool_call_id, m.content_hash, [(p.type, p.text, p.data) for p in m.parts],
          [(c.id, c.name, c.arguments_raw) for c in m.tool_calls], m.meta) for m in s.messages]


def test_compacted_conversation_is_a_valid_request(tmp_path):
    src = tmp_path / "in.json"
    src.write_text(json.dumps(conversation()))
    s = read_anthropic_json(src)
    r = apply(s, plan(s, clear_config().with_values({"reduction.clear.keep_rounds": 0})), ExtractiveSummarizer())
    cleared = [m for m in r.messages if m.meta.get("inspector_reduced")]
    assert any(m.role == "tool" for m in cleared) and any(m.role == "assistant" for m in cleared)
    body = to_anthropic(r.messages, model=s.model)
    check_valid(body)
    text = json.dumps(body)
    assert SIGNATURE in text and REDACTED in text  # rewritten turns keep their thinking
    a = body["messages"][1]["content"]
    assert a[0] == {"type": "thinking", "thinking": "I should read the test and the parser.", "signature": SIGNATURE}
    arg_offload = {o.tool_call_id: o.id for o in r.offloads if o.kind == "arguments"}
    assert a[3] == {"type": "tool_use", "id": "toolu_02", "name": "write_file",
                    "input": {"cleared": f"arguments stored as {arg_offload['toolu_02']}"}}
    err = body["messages"][2]["content"][1]
    assert err["is_error"] is True and err["tool_use_id"] == "toolu_02"
    assert body["system"][0]["cache_control"] == {"type": "ephemeral"}
    back = messages_from_anthropic(body)
    assert [model_view(m) for m in back] == [model_view(m) for m in r.messages]


def test_openai_sessions_export_as_valid_requests(tmp_path, traj_paths):
    from inspector.engine.summarize import SummaryRejected

    compacted = 0
    for p in traj_paths:
        s = chat_session(p)
        variants = [s.messages]
        try:
            variants.append(apply(s, plan(s, compact_config()), ExtractiveSummarizer()).messages)
            compacted += 1
        except SummaryRejected:
            pass  # the engine declined this one; the export of the original is still checked
        for messages in variants:
            warnings: list[str] = []
            body = to_anthropic(messages, warnings=warnings)
            check_valid(body)
            back = messages_from_anthropic(body)
            # Same conversation; only the system messages moved to the top level, and an
            # assistant message followed by another (the summary of the turn in flight,
            # then the next step) is one turn.
            assert [model_view(m) for m in back] == _one_turn_per_assistant_run(
                [model_view(m) for m in messages if m.text or m.tool_calls or m.role == "tool"]), p.name
    assert compacted >= len(traj_paths) // 2


def _one_turn_per_assistant_run(views: list[tuple]) -> list[tuple]:
    """Model views with each run of assistant messages joined as the Messages API's one
    assistant turn reads back: the texts joined by blank lines, the calls in order."""
    out: list[tuple] = []
    for v in views:
        if out and v[0] == out[-1][0] == "assistant" and not out[-1][3]:
            prev = out[-1]
            out[-1] = ("assistant", "\n\n".join(t for t in (prev[1], v[1]) if t), None, prev[3] + v[3])
        else:
            out.append(v)
    return out


def test_roles_alternate_and_late_system_messages_become_user_text():
    from inspector.engine.models import Message

    msgs = [Message.text_message("system", "sys"), Message.text_message("user", "a"),
            Message.text_message("user", "b"), Message.text_message("system", "reminder"),
            Message.text_message("assistant", "c"), Message.text_message("assistant", "d")]
    for i, m in enumerate(msgs):
        m.position = i
    warnings: list[str] = []
    body = to_anthropic(msgs, warnings=warnings)
    assert body["system"] == "sys"
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"},
                                     {"type": "text", "text": "[system]\nreminder"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "c"}, {"type": "text", "text": "d"}]},
    ]
    assert any("message 3: system message after the conversation started" in w for w in warnings)


def test_unsigned_reasoning_and_non_object_arguments_are_reported():
    from inspector.engine.models import Message, Part, ToolCall

    msgs = [Message.text_message("user", "go"),
            Message(role="assistant", parts=[Part(type="reasoning", text="plain thoughts"),
                                             Part(type="reasoning", data={"type": "reasoning", "encrypted_content": "x"})],
                    tool_calls=[ToolCall(id="c1", name="apply_patch", arguments_raw="*** Begin Patch", type="custom")]),
            Message(role="tool", tool_call_id="c1", parts=[Part(text="ok")])]
    for i, m in enumerate(msgs):
        m.position = i
    warnings: list[str] = []
    body = to_anthropic(msgs, warnings=warnings)
    assert body["messages"][1]["content"] == [
        {"type": "tool_use", "id": "c1", "name": "apply_patch", "input": {"arguments": "*** Begin Patch"}}]
    assert sum("reasoning without an Anthropic signature" in w for w in warnings) == 2
    assert any("not a JSON object" in w for w in warnings)
    check_valid(body)


def test_anthropic_export_is_opened_as_anthropic_json_by_content(tmp_path):
    from inspector.sources.registry import detect_format, open_source

    src = tmp_path / "in.json"
    src.write_text(json.dumps(conversation()))
    out = tmp_path / "exported.json"  # a name that says nothing about the format
    export_session(read_anthropic_json(src), "anthropic-json", out)
    assert detect_format(out) == "anthropic-json"
    with open_source(out) as source:
        (only,) = source.session_ids()
        assert [m.content_hash for m in source.read(only).messages] == \
            [m.content_hash for m in read_anthropic_json(src).messages]


SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


@pytest.mark.parametrize("recorded, expected", [
    ({"name": "f", "input_schema": SCHEMA}, {"name": "f", "input_schema": SCHEMA}),  # Anthropic's: as it is
    ({"type": "custom", "name": "f", "input_schema": SCHEMA}, {"type": "custom", "name": "f", "input_schema": SCHEMA}),
    ({"type": "bash_20250124", "name": "bash"}, {"type": "bash_20250124", "name": "bash"}),  # a server tool
    ({"type": "function", "function": {"name": "f", "description": "d", "parameters": SCHEMA}},  # OpenAI Chat
     {"name": "f", "description": "d", "input_schema": SCHEMA}),
    ({"type": "function", "name": "f", "parameters": SCHEMA}, {"name": "f", "input_schema": SCHEMA}),  # Responses
    ({"type": "custom", "name": "apply_patch", "description": "d", "format": {"type": "grammar"}},  # freeform
     {"name": "apply_patch", "description": "d", "input_schema": {"type": "object"}}),
    ({"type": "web_search"}, None), ({"type": "file_search", "vector_store_ids": []}, None), ("f", None),
    ({"type": "function", "function": {"description": "no name"}}, None),
])
def test_recorded_tool_definitions_in_every_form_become_anthropic_tools(recorded, expected):
    from inspector.formats.anthropic import as_anthropic_tool

    assert as_anthropic_tool(recorded) == expected
