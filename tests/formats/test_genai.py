"""The GenAI Content codec: ADK's stored contents round trip; changed messages keep
what Gemini needs back (thought signatures on call parts)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from inspector.engine import preset
from inspector.engine.models import Session
from inspector.formats.genai import contents_with_sources, from_contents, to_contents
from inspector.runtime import Compactor

ROOT = Path(__file__).resolve().parents[2]
ADK = ROOT / "tests" / "fixtures" / "adk" / "sqlite_service.db"


def stored_contents() -> list[dict]:
    """The contents google-adk wrote for the fixture session (scripts/fixtures/make_adk.py)."""
    con = sqlite3.connect(f"{ADK.as_uri()}?mode=ro", uri=True)
    rows = con.execute("SELECT event_data FROM events WHERE session_id = 'swe-simple' ORDER BY timestamp").fetchall()
    con.close()
    return [json.loads(r[0])["content"] for r in rows]


def test_untouched_contents_come_back_as_the_same_objects():
    contents = stored_contents()
    messages = from_contents(contents)
    assert [m.role for m in messages[:3]] == ["user", "assistant", "tool"]
    assert messages[1].parts[0].type == "reasoning" and messages[1].parts[0].data["thought_signature"]
    out = contents_with_sources(messages)
    assert [c for c, _, _ in out] == contents
    assert all(verbatim and c is src for (c, _, verbatim), src in zip(out, contents))


def test_cleared_arguments_keep_the_call_parts_signature():
    contents = stored_contents()
    contents[5]["parts"][-1]["thought_signature"] = "c2ln"  # Gemini 3 signs call parts
    c = Compactor(preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 200, "reduction.clear.keep_rounds": 1,
        "reduction.clear.at_least_tokens": 0, "reduction.clear.clear_arguments": True}))
    result = c.compact_session(Session(id="g", messages=from_contents(contents)))
    warnings: list[str] = []
    out = to_contents(result.messages, warnings)
    assert [o.position for o in c.last.offloads if o.kind == "arguments"] == [5]
    call_part = out[5]["parts"][-1]
    assert "cleared" in json.dumps(call_part["function_call"]["args"])
    assert call_part["thought_signature"] == "c2ln"
    assert out[5] is not contents[5] and out[1] is contents[1]
    response = out[6]["parts"][0]["function_response"]
    assert response["id"] == contents[6]["parts"][0]["function_response"]["id"]
    assert "cleared" in response["response"]["result"]
    assert warnings == []


def test_function_call_args_read_back_compact():
    """Issue 17.3: GenAI stores call args as an object; read back, they are the compact
    text the session had, so `stats` of an ADK export counts the planned arguments."""
    from inspector.engine.models import Message, ToolCall

    args = '{"search":"def division(a: float)","replace":"def division(a: float):"}'
    messages = [Message.text_message("user", "fix it"),
                Message(role="assistant", tool_calls=[ToolCall(id="c1", name="edit", arguments_raw=args)])]
    back = from_contents(to_contents(messages))
    assert back[1].tool_calls[0].arguments_raw == args
