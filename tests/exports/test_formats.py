"""Exports: OpenAI chat JSON/JSONL, Markdown, the JSON report; atomic files; round trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.engine import apply, plan, preset
from inspector.engine.config import CompactionConfig
from inspector.engine.models import Message, Part, Session, ToolCall
from inspector.engine.summarize import ExtractiveSummarizer
from inspector.engine.validation import errors, validate
from inspector.exports import registry as export_mod
from inspector.exports.registry import EXPORT_FORMATS, ExportError, export_session
from inspector.exports.report import report
from inspector.formats.anthropic import to_anthropic
from inspector.formats.markdown import to_markdown
from inspector.formats.openai_chat import from_openai, to_openai_chat
from inspector.sources.swe_agent import read_traj

ROOT = Path(__file__).resolve().parents[2]
SWE = ROOT / "tests" / "fixtures" / "swe-agent"


def canon(m: Message):
    """What a model sees of a message, plus the opaque reasoning data."""
    return (m.role, m.name, m.tool_call_id, m.content_hash,
            [(p.type, p.text, p.data) for p in m.parts if p.type == "reasoning"],
            [(c.id, c.name, c.arguments_raw) for c in m.tool_calls])


def _args(raw: str):
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def model_view(m: Message):
    """What a model reads, comparable across formats (tool-result names are not in
    every format; arguments compared as JSON values, not text)."""
    return (m.role, m.text, m.tool_call_id if m.role == "tool" else None,
            [(c.id, c.name, _args(c.arguments_raw)) for c in m.tool_calls])


def chat_session(path) -> Session:
    """A SWE-agent run imported as OpenAI chat (the chat dicts the trajectory holds)."""
    t = read_traj(path)
    return Session(id=t.id, source_format="openai-chat", model=t.model, title=t.title,
                   messages=from_openai([m.raw for m in t.messages]))


def compact_config():
    return preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0,
        "summarization.trigger.messages": 13,  # fires once more than the 12 kept (issue 24: keep < trigger)
        "summarization.keep.mode": "messages",
        "summarization.keep.messages": 12,
        "reduction.truncation.max_chars": 1500,
    })


def clear_config():
    """Clearing only: old tool results and their calls' arguments are replaced."""
    return preset("none").with_values({
        "reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 100,
        "reduction.clear.keep_rounds": 1, "reduction.clear.clear_arguments": True,
    })


def compact(session, config=None):
    return apply(session, plan(session, config or compact_config()), ExtractiveSummarizer())


def thinking_session() -> Session:
    """A LiteLLM-style chat session with signed thinking and redacted thinking."""
    big = "line of output\n" * 200
    dicts = [
        {"role": "system", "content": "You are a careful agent."},
        {"role": "user", "content": "Find the bug."},
        {"role": "assistant", "content": "",
         "thinking_blocks": [{"type": "thinking", "thinking": "Let me look.", "signature": "EqQBCkYIBBgCKkBsig/+=="},
                             {"type": "thinking", "thinking": "Then grep.", "signature": "Second/sig=="}],
         "tool_calls": [{"id": "call_1", "type": "function",
                         "function": {"name": "bash", "arguments": json.dumps({"cmd": "grep -r bug " + "x" * 400})}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": big},
        {"role": "assistant", "content": "Found it; next check.",
         "thinking_blocks": [{"type": "redacted_thinking", "data": "RedactedBlob+/=="}],
         "tool_calls": [{"id": "call_2", "type": "function",
                         "function": {"name": "read", "arguments": "{\"path\": \"a.py\"}"}}]},
        {"role": "tool", "tool_call_id": "call_2", "content": big},
        {"role": "assistant", "content": "The bug is on line 3."},
    ]
    return Session(id="thinking", source_format="openai-chat", messages=from_openai(dicts))


# ------------------------------------------------------------------------- OpenAI chat


@pytest.mark.parametrize("fmt", ["openai-json", "openai-jsonl"])
def test_openai_round_trip_every_swe_agent_fixture(fmt, tmp_path, traj_paths):
    for p in traj_paths:
        s = chat_session(p)
        out = tmp_path / f"{p.stem}.{fmt}"
        res = export_session(s, fmt, out)
        assert res.messages == res.items == len(s.messages)
        text = out.read_text(encoding="utf-8")
        if fmt == "openai-json":
            doc = json.loads(text)
            assert doc.get("model") == (s.model or CompactionConfig().tokens.model)  # the config's by default
        else:
            lines = text.splitlines()
            assert len(lines) == 1
            doc = json.loads(lines[0])
        back = from_openai(doc["messages"])
        assert [canon(m) for m in back] == [canon(m) for m in s.messages], p.name
        # Untouched messages go out as the very dicts that came in.
        assert [m.raw for m in back] == [m.raw for m in s.messages]


def test_openai_round_trip_through_the_source_reader(tmp_path, traj_paths):
    from inspector.sources.registry import open_source

    s = chat_session(traj_paths[0])
    for fmt, name in (("openai-json", "x.json"), ("openai-jsonl", "x.jsonl")):
        out = tmp_path / name
        export_session(s, fmt, out)
        with open_source(out) as src:
            assert src.format == "openai-chat"
            [back] = list(src.sessions())
        assert [canon(m) for m in back.messages] == [canon(m) for m in s.messages]


def test_compacted_export_is_valid_and_round_trips(tmp_path):
    s = chat_session(SWE / "marshmallow-1867_function_calling.traj")
    r = compact(s)
    assert r.offloads and r.summaries
    out = tmp_path / "c.json"
    res = export_session(s, "openai-json", out, compacted=r)
    assert res.messages == len(r.messages) < len(s.messages)
    msgs = json.loads(out.read_text())["messages"]
    # Every tool call is answered by the tool messages right after it.
    for k, d in enumerate(msgs):
        ids = [c["id"] for c in d.get("tool_calls") or []]
        if ids:
            following = [x.get("tool_call_id") for x in msgs[k + 1:k + 1 + len(ids)]]
            assert sorted(following) == sorted(ids)
    summary = next(k for k, m in enumerate(r.messages) if m.kind == "summary")
    assert msgs[summary]["content"] == r.messages[summary].text
    back = from_openai(msgs)
    assert [canon(m) for m in back] == [canon(m) for m in r.messages]
    assert not [p for p in errors(validate(back)) if p.code != "duplicate_tool_call_id"]


def test_thinking_signatures_survive_byte_for_byte(tmp_path):
    s = thinking_session()
    r = compact(s, clear_config())
    reduced = [m for m in r.messages if m.meta.get("inspector_reduced")]
    assert any(m.role == "assistant" for m in reduced), "arguments of a signed message must be cleared"
    for messages in (s.messages, r.messages):
        out = tmp_path / "t.json"
        export_session(s, "openai-json", out, compacted=None if messages is s.messages else r, force=True)
        text = out.read_text()
        assert '"signature": "EqQBCkYIBBgCKkBsig/+=="' in text
        assert '"data": "RedactedBlob+/=="' in text
        back = from_openai(json.loads(text)["messages"])
        assert [canon(m) for m in back] == [canon(m) for m in messages]
    # The cleared call was rewritten (not copied from raw), and still carries its thinking.
    d = to_openai_chat(r.messages)[2]
    assert "cleared" in d["tool_calls"][0]["function"]["arguments"]
    assert d["thinking_blocks"] == [{"type": "thinking", "thinking": "Let me look.", "signature": "EqQBCkYIBBgCKkBsig/+=="},
                                    {"type": "thinking", "thinking": "Then grep.", "signature": "Second/sig=="}]
    # ... in their order, also once the message goes to Anthropic.
    a = to_anthropic(r.messages)["messages"][1]["content"]
    assert [b.get("signature") for b in a[:2]] == ["EqQBCkYIBBgCKkBsig/+==", "Second/sig=="]


def test_chat_export_does_not_copy_records_of_other_formats():
    # A Responses-API item in raw (from the Agents SDK reader) is not a chat message.
    item = {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
            "content": [{"type": "output_text", "text": "hi", "annotations": []}]}
    user_item = {"role": "user", "content": [{"type": "input_text", "text": "hello"}]}
    msgs = [Message(role="user", parts=[Part(text="hello")], raw=user_item),
            Message(role="assistant", parts=[Part(text="hi")], raw=item)]
    assert to_openai_chat(msgs) == [{"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}]


# ----------------------------------------------------------------------------- files


def test_failed_export_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    s = read_traj(SWE / "marshmallow-1867_function_calling.traj")
    out = tmp_path / "keep.json"
    out.write_text("previous export\n")
    real, n = export_mod.json_text, [0]

    def failing(value):
        n[0] += 1
        if n[0] == 5:  # part of the file has been written to the temp file
            raise RuntimeError("disk on fire")
        return real(value)

    monkeypatch.setattr(export_mod, "json_text", failing)
    with pytest.raises(RuntimeError, match="disk on fire"):
        export_session(s, "openai-json", out, force=True)
    assert out.read_text() == "previous export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]
    monkeypatch.setattr(export_mod, "json_text", real)
    export_session(s, "openai-json", out, force=True)
    assert json.loads(out.read_text())["messages"]


def test_export_errors_are_clear(tmp_path):
    s = read_traj(SWE / "function_calling_simple.traj")
    with pytest.raises(ExportError, match="unknown export format 'yaml'"):
        export_session(s, "yaml", tmp_path / "x")
    with pytest.raises(ExportError, match="needs an applied compaction or a plan"):
        export_session(s, "report", tmp_path / "r.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(ExportError, match="dir.json: is a directory"):
        export_session(s, "openai-json", tmp_path / "dir.json")
    assert set(EXPORT_FORMATS) == {"openai-json", "openai-jsonl", "anthropic-json", "markdown",
                                   "openai-agents-sqlite", "report", "adk-sqlite", "claude-code", "langgraph"}


def test_a_message_list_can_be_exported(tmp_path):
    msgs = from_openai([{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}])
    res = export_session(msgs, "openai-jsonl", tmp_path / "l.jsonl")
    assert json.loads((tmp_path / "l.jsonl").read_text()) == {"messages": [m.raw for m in msgs]}
    assert res.items == 2


# ---------------------------------------------------------------------------- markdown


def test_markdown_transcript(tmp_path):
    fence_in_output = "here is code:\n```python\nprint(1)\n```\nand ````four````"
    s = Session(id="md", source_format="test", title="Debugging", messages=[
        Message.text_message("system", "Be brief."),
        Message.text_message("user", "Run it."),
        Message(role="assistant", parts=[Part(type="reasoning", text="think", data={"signature": "s"}),
                                         Part(text="Running.")],
                tool_calls=[ToolCall(id="c1", name="bash", arguments_raw='{"cmd": "python x.py"}')]),
        Message(role="tool", tool_call_id="c1", name="bash", parts=[Part(text=fence_in_output)]),
        Message.text_message("assistant", "Done."),
    ]).renumber()
    md = to_markdown(s)
    assert md.startswith("# Debugging\n")
    assert "### #2 Assistant" in md and "### #3 Tool result `bash` (call `c1`)" in md
    assert "**Tool call** `bash` (`c1`)" in md and '"cmd": "python x.py"' in md
    assert "> think" in md and "signed" in md
    # The tool output is fenced with more backticks than it contains, so it stays whole.
    block = md.split("### #3")[1].split("### #4")[0]
    assert "`````\n" + fence_in_output + "\n`````" in block
    r = compact(read_traj(SWE / "marshmallow-1867_function_calling.traj"))
    out = tmp_path / "t.md"
    export_session(read_traj(SWE / "marshmallow-1867_function_calling.traj"), "markdown", out, compacted=r)
    text = out.read_text()
    assert "(compacted)" in text and "— summary" in text and "— truncated" in text
    assert text.count("\n### #") == len(r.messages)


# ------------------------------------------------------------------------------ report


def test_report_has_config_plan_stats_and_lineage(tmp_path):
    s = read_traj(SWE / "marshmallow-1867_function_calling.traj")
    cfg = compact_config()
    r = compact(s, cfg)
    out = tmp_path / "r.json"
    res = export_session(s, "report", out, compacted=r)
    doc = json.loads(out.read_text())
    assert doc["applied"] is True and doc["session"]["id"] == s.id
    assert doc["config"] == json.loads(cfg.model_dump_json())
    assert doc["plan"]["tokens_before"] == r.plan.total_before
    assert len(doc["plan"]["messages"]) == len(s.messages)
    st = doc["stats"]
    assert st["tokens_after"] == r.total_after and st["saved"] == r.plan.total_before - r.total_after
    assert {x["name"]: x["saved"] for x in st["stages"]}["truncation"] > 0
    assert st["summaries"] == [{"key": g.key, "model": "extractive", "extractive": True, "start": g.start,
                                "end": g.end, "chars": len(g.text)} for g in r.summaries]
    lineage = doc["lineage"]
    assert res.items == len(lineage) == len(r.messages)
    assert [e["from"] for e in lineage] == r.lineage
    changes = [e["change"] for e in lineage]
    assert changes.count("summary") == 1
    assert changes.count("truncated") == len([o for o in r.offloads if o.kind == "truncate"])
    assert changes[0] == "unchanged"
    summary = lineage[changes.index("summary")]
    spec = r.summaries[0]
    assert summary["from"] == list(range(spec.start, spec.end))
    covered = {i for e in lineage for i in e["from"]}
    assert sorted(covered | set(doc["removed"])) == list(range(len(s.messages)))
    assert [o["id"] for o in doc["offloads"]] == [o.id for o in r.offloads]
    assert doc["problems"]["after"] == [p for p in doc["problems"]["after"] if p["code"] in
                                        {x["code"] for x in doc["problems"]["before"]}]
    # A plan alone gives a report too, without lineage.
    p = plan(s, cfg)
    plan_only = report(s, plan=p)
    assert plan_only["applied"] is False and plan_only["lineage"] is None
    assert plan_only["stats"]["tokens_after"] == p.total_after


def test_exported_files_get_ordinary_permissions(tmp_path):
    import os
    import stat

    s = chat_session(SWE / "function_calling_simple.traj")
    out = tmp_path / "new.json"
    export_session(s, "openai-json", out)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask
    out.chmod(0o640)
    export_session(s, "markdown", out, force=True)  # replacing a file keeps its mode
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_export_refuses_to_write_over_the_sessions_source(tmp_path):
    """The check is in the exporter, so the CLI, the TUI and scripts all get it."""
    import shutil

    src = tmp_path / "run.traj"
    shutil.copy(SWE / "function_calling_simple.traj", src)
    before = src.read_bytes()
    s = read_traj(src)
    for fmt in ("openai-json", "markdown", "openai-agents-sqlite"):
        with pytest.raises(ExportError, match="is the source being read; inspector never modifies a source"):
            export_session(s, fmt, src)
    assert src.read_bytes() == before
    export_session(s, "openai-json", tmp_path / "elsewhere.json")  # any other path is fine
