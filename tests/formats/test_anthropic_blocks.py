"""One Anthropic content-block parser: the Anthropic JSON reader and the Claude Code
reader turn the same blocks into the same parts."""

from __future__ import annotations

import json
from pathlib import Path

from inspector.sources.anthropic_json import session_from_anthropic
from inspector.sources.registry import open_source

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "claude-code" / "representative_messages.jsonl"

DOCUMENT = {"type": "document", "title": "notes.txt",
            "source": {"type": "text", "media_type": "text/plain", "data": "The deploy key rotates every 90 days."}}
IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}


def _claude_code_with(tmp_path: Path, blocks: list[dict]) -> Path:
    """The real fixture with one more user record carrying `blocks` (as Claude Code
    writes an attached file)."""
    lines = FIXTURE.read_text().splitlines()
    last = json.loads(lines[-1])
    rec = {**last, "type": "user", "uuid": "msg_doc", "parentUuid": None,
           "message": {"role": "user", "content": blocks}}
    rec.pop("requestId", None)
    path = tmp_path / "with-document.jsonl"
    path.write_text("\n".join([*lines, json.dumps(rec)]) + "\n")
    return path


def _parts(message) -> list[tuple[str, str, str | None]]:
    return [(p.type, p.text, p.media_type) for p in message.parts]


def test_a_text_document_keeps_its_text_in_both_readers(tmp_path):
    blocks = [{"type": "text", "text": "Summarise the attached file."}, DOCUMENT, IMAGE]
    with open_source(_claude_code_with(tmp_path, blocks)) as src:
        cc = src.read(src.session_ids()[0]).messages[-1]
    aj = session_from_anthropic({"messages": [{"role": "user", "content": blocks}]}).messages[-1]
    assert cc.parts[1].text == "The deploy key rotates every 90 days."
    assert _parts(cc) == _parts(aj)
    assert [p.data for p in cc.parts] == [p.data for p in aj.parts]


def test_tool_arguments_read_back_compact_so_a_round_trip_counts_the_same():
    """Issue 17.3: an export to anthropic-json read back by `stats` counted 4 tokens
    more than the plan, because the tool_use input object was re-serialized with
    spaces (`{"a": 1}`) where the session had `{"a":1}`, as models emit it."""
    from inspector.engine.models import Message, ToolCall
    from inspector.engine.tokens import TiktokenCounter, count_messages
    from inspector.formats.anthropic import messages_from_anthropic, to_anthropic

    args = '{"command":"python tests/missing_colon.py","timeout":30}'
    messages = [Message.text_message("user", "run it"),
                Message(role="assistant", tool_calls=[ToolCall(id="t1", name="bash", arguments_raw=args)]),
                Message(role="tool", tool_call_id="t1", name="bash", parts=[Message.text_message("tool", "8.2").parts[0]])]
    back = messages_from_anthropic(to_anthropic(messages))
    assert back[1].tool_calls[0].arguments_raw == args
    counter = TiktokenCounter("o200k_base")
    assert sum(count_messages(back, counter)[0]) == sum(count_messages(messages, counter)[0])


def test_a_conversation_opening_with_an_assistant_turn_gets_a_user_turn_first():
    """The Messages API rejects a first turn that is not the user's ("messages: first
    message must use the user role"): an ADK session opening with its own summary, a
    tailored history. The codec puts a short user turn first and says so."""
    from inspector.engine.models import Message, Part
    from inspector.formats.anthropic import LEADING_USER_TEXT, to_anthropic

    msgs = [Message(role="system", parts=[Part(type="text", text="be brief")]),
            Message(role="assistant", parts=[Part(type="text", text="Summary of the work so far.")]),
            Message(role="user", parts=[Part(type="text", text="go on")])]
    warnings: list[str] = []
    body = to_anthropic(msgs, warnings=warnings)
    assert [t["role"] for t in body["messages"]] == ["user", "assistant", "user"]
    assert body["messages"][0]["content"] == [{"type": "text", "text": LEADING_USER_TEXT}]
    assert body["system"] == "be brief" and any("user turn" in w for w in warnings)
    # a conversation that opens with the user is left as it is, without a warning
    warnings.clear()
    assert [t["role"] for t in to_anthropic(msgs[2:], warnings=warnings)["messages"]] == ["user"] and not warnings
    # single messages (the Claude Code writer's blocks) get no extra turn
    assert [t["role"] for t in to_anthropic(msgs[1:2], lead_with_user=False)["messages"]] == ["assistant"]
