"""Every reader on real-format data (databases written by the real libraries)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from inspector.sources.model import SourceError
from inspector.sources.registry import FORMAT_NAMES, READERS, detect_format, open_source

FIX = Path(__file__).resolve().parent.parent / "fixtures"
AGENTS = FIX / "openai-agents" / "sessions.db"
ADK_SQLITE = FIX / "adk" / "sqlite_service.db"
ADK_V1 = FIX / "adk" / "database_v1.db"
ADK_V0 = FIX / "adk" / "database_v0.db"
LLM_STORE = FIX / "llm" / "message_store.db"
LLM_LEGACY = FIX / "llm" / "legacy.db"
CC = FIX / "claude-code"
CODEX = FIX / "codex" / "rollout-2025-10-29T01-00-00-marshmallow.jsonl"
CODEX_REPLACED = FIX / "codex" / "rollout-replacement-history.jsonl"
SWE = FIX / "swe-agent"


def read_all(path):
    with open_source(path) as src:
        return src, {s.id: s for s in src.sessions()}


def check_pairs(session):
    """Every tool result answers a call made earlier in the session."""
    seen = {}
    for m in session.messages:
        for c in m.tool_calls:
            seen[c.id] = c.name
        if m.role == "tool":
            assert m.tool_call_id in seen, (session.id, m.position, m.tool_call_id)
            assert m.name == seen[m.tool_call_id]


# ----------------------------------------------------------------------------- registry


def test_registry_is_a_list_of_names_and_modules():
    assert FORMAT_NAMES == tuple(n for n, _ in READERS)
    for name in ("openai-agents", "adk", "llm", "claude-code", "codex", "openai-chat", "swe-agent"):
        assert name in FORMAT_NAMES


@pytest.mark.parametrize("path,fmt", [
    (AGENTS, "openai-agents"), (ADK_SQLITE, "adk"), (ADK_V1, "adk"), (LLM_STORE, "llm"), (LLM_LEGACY, "llm"),
    (CC / "representative_messages.jsonl", "claude-code"), (CC / "branch_merge_compact.jsonl", "claude-code"),
    (CODEX, "codex"), (SWE / "function_calling_simple.traj", "swe-agent"),
    (SWE / "ctf_pwn_warmup.traj", "swe-agent"),
])
def test_detect_format(path, fmt):
    assert detect_format(path) == fmt


# ----------------------------------------------------------------------------- Agents SDK


def test_agents_runner_session():
    src, sessions = read_all(AGENTS)
    assert src.format == "openai-agents"
    assert list(sessions) == ["swe-simple", "swe-marshmallow"]
    s = sessions["swe-simple"]
    assert s.source_format == "openai-agents" and s.source_path == str(AGENTS)
    roles = [m.role for m in s.messages]
    assert roles[0] == "user"
    assert roles.count("tool") == 5
    # The encrypted-only reasoning item is kept verbatim in the first assistant message.
    first = s.messages[1]
    reasoning = [p for p in first.parts if p.type == "reasoning"]
    assert reasoning and reasoning[0].text == "" and reasoning[0].encrypted
    assert reasoning[0].data["encrypted_content"] == "gAAAAABoZ3fake-encrypted-reasoning-blob=="
    assert isinstance(first.raw, list) and first.raw[0]["type"] == "reasoning"
    # The second response asked for two tools at once: one assistant message, two calls,
    # then both outputs.
    batch = [m for m in s.messages if len(m.tool_calls) == 2]
    assert len(batch) == 1
    b = batch[0]
    assert [c.name for c in b.tool_calls] == ["open", "edit"]
    assert [m.role for m in s.messages[b.position + 1:b.position + 3]] == ["tool", "tool"]
    assert {m.tool_call_id for m in s.messages[b.position + 1:b.position + 3]} == {c.id for c in b.tool_calls}
    check_pairs(s)
    # source ids are row ids, timestamps come from the rows, raw is the stored item.
    rows = sqlite3.connect(f"file:{AGENTS}?mode=ro", uri=True).execute(
        "SELECT id, message_data FROM agent_messages WHERE session_id='swe-simple' ORDER BY id").fetchall()
    assert s.messages[0].source_id == str(rows[0][0])
    assert s.messages[0].raw == json.loads(rows[0][1])
    assert all(m.timestamp is not None for m in s.messages)


def test_agents_item_session_compaction_hosted_and_roles():
    _, sessions = read_all(AGENTS)
    s = sessions["swe-marshmallow"]
    assert [m.role for m in s.messages[:3]] == ["developer", "system", "user"]
    comp = [m for m in s.messages if m.kind == "compaction"]
    assert len(comp) == 1 and comp[0].raw["type"] == "compaction"
    assert comp[0].parts[0].data["encrypted_content"] == "gAAAAABo-compacted-history-opaque=="
    hosted = [m for m in s.messages if m.meta.get("hosted_tools")]
    assert len(hosted) == 1 and hosted[0].meta["hosted_tools"] == ["web_search_call"]
    assert "marshmallow TimeDelta serialization rounding" in hosted[0].parts[0].text
    summary = [p for m in s.messages for p in m.parts if p.type == "reasoning" and p.text]
    assert summary and summary[0].text.startswith("Step ")
    check_pairs(s)


def test_agents_tables_found_by_columns_not_names(tmp_path):
    db = tmp_path / "renamed.db"
    shutil.copy(AGENTS, db)
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE agent_messages RENAME TO my_items")
    con.execute("ALTER TABLE agent_sessions RENAME TO my_convs")
    con.commit()
    con.close()
    assert detect_format(db) == "openai-agents"
    _, renamed = read_all(db)
    _, orig = read_all(AGENTS)
    assert list(renamed) == list(orig)
    for sid in orig:
        assert [m.content_hash for m in renamed[sid].messages] == [m.content_hash for m in orig[sid].messages]
    # and the SDK's own custom-table-name database
    _, other = read_all(FIX / "openai-agents" / "renamed.db")
    assert list(other) == ["empty-chat"]
    assert [m.text for m in other["empty-chat"].messages][1] == "345"


def test_agents_bad_row_is_skipped_and_reported(tmp_path):
    db = tmp_path / "bad.db"
    shutil.copy(AGENTS, db)
    con = sqlite3.connect(db)
    con.execute("INSERT INTO agent_messages (session_id, message_data) VALUES ('swe-simple', '{not json')")
    con.execute("INSERT INTO agent_messages (session_id, message_data) VALUES ('swe-simple', '{\"type\": \"mystery\"}')")
    con.commit()
    con.close()
    with open_source(db) as src:
        s = src.read("swe-simple")
        reasons = [str(x) for x in src.skipped]
    assert len(s.messages) == 11
    assert any("invalid JSON" in r and "of table agent_messages" in r for r in reasons)
    assert any("unknown item type 'mystery'" in r for r in reasons)


def test_unknown_session_id_names_it():
    with open_source(AGENTS) as src:
        with pytest.raises(SourceError, match=r"no session 'nope'.*swe-simple"):
            src.read("nope")


# ----------------------------------------------------------------------------- ADK


@pytest.mark.parametrize("path", [ADK_SQLITE, ADK_V1])
def test_adk_layouts(path):
    src, sessions = read_all(path)
    assert src.format == "adk" and list(sessions) == ["swe-simple", "swe-compacted"]
    s = sessions["swe-simple"]
    assert s.messages[0].role == "user" and "SyntaxError" in s.messages[0].text
    a = s.messages[1]
    assert a.role == "assistant" and a.tool_calls[0].name == "find_file"
    assert a.tool_calls[0].arguments == {"file_name": "missing_colon.py"}
    thought = [p for p in a.parts if p.type == "reasoning"]
    assert thought[0].text == "The error is a SyntaxError; find the file first."
    assert thought[0].data["thought_signature"]  # opaque, kept verbatim
    assert a.usage.cache_read_tokens is None and a.usage.input_tokens == 1500 and a.usage.output_tokens == 80 + 25
    assert s.messages[3].usage.cache_read_tokens == 1024 and s.messages[3].usage.input_tokens == 1900 - 1024
    tools = [m for m in s.messages if m.role == "tool"]
    assert len(tools) == 5 and tools[0].name == "find_file" and tools[0].text.startswith("Found 1 matches")
    check_pairs(s)
    assert s.metadata["state"] == {"repo": "SWE-agent/test-repo"}


@pytest.mark.parametrize("path", [ADK_SQLITE, ADK_V1])
def test_adk_compaction_replaces_its_range(path):
    _, sessions = read_all(path)
    s = sessions["swe-compacted"]
    comp = s.messages[0]
    assert comp.kind == "compaction" and comp.text.startswith("Summary so far:")
    assert comp.meta["replaced"] == 5
    assert comp.usage.total_tokens == 853
    # The first five events (user task, two calls and their results) are covered.
    assert all("currently solving" not in m.text for m in s.messages)
    assert [m.role for m in s.messages[1:]] == ["assistant", "tool"] * 3 + ["user"]
    check_pairs(s)


def test_adk_camel_case_keys(tmp_path):
    db = tmp_path / "camel.db"
    shutil.copy(ADK_SQLITE, db)
    con = sqlite3.connect(db)

    def camel(v):
        if isinstance(v, dict):
            out = {}
            for k, x in v.items():
                head, *rest = k.split("_")
                # Payloads (tool args, responses, state) are user data: never renamed.
                out[head + "".join(w.title() for w in rest)] = x if k in ("args", "response", "state_delta") else camel(x)
            return out
        if isinstance(v, list):
            return [camel(x) for x in v]
        return v

    for rowid, data in con.execute("SELECT rowid, event_data FROM events").fetchall():
        con.execute("UPDATE events SET event_data = ? WHERE rowid = ?", (json.dumps(camel(json.loads(data))), rowid))
    con.commit()
    con.close()
    _, camel_sessions = read_all(db)
    _, snake = read_all(ADK_SQLITE)
    for sid in snake:
        assert [m.content_hash for m in camel_sessions[sid].messages] == [m.content_hash for m in snake[sid].messages]
    assert camel_sessions["swe-compacted"].messages[0].kind == "compaction"


def test_adk_v0_pickle_layout_is_refused_without_unpickling(monkeypatch):
    import pickle

    def boom(*a, **k):  # pragma: no cover - must never run
        raise AssertionError("unpickled")

    monkeypatch.setattr(pickle, "loads", boom)
    monkeypatch.setattr(pickle, "load", boom)
    with pytest.raises(SourceError) as e:
        open_source(ADK_V0)
    msg = str(e.value)
    assert str(ADK_V0) in msg and "v0" in msg and "pickle" in msg and "\n" not in msg


# ----------------------------------------------------------------------------- llm


@pytest.mark.parametrize("path,layout", [(LLM_STORE, "message-store"), (LLM_LEGACY, "legacy")])
def test_llm_layouts(path, layout):
    src, sessions = read_all(path)
    assert src.format == "llm"
    tools_s, chat = list(sessions.values())
    assert tools_s.metadata["layout"] == layout
    assert tools_s.model == "scripted-swe"
    assert [m.role for m in tools_s.messages[:3]] == ["system", "user", "assistant"]
    assert tools_s.messages[0].text.startswith("SETTING: You are an autonomous programmer")
    assert [c.name for m in tools_s.messages for c in m.tool_calls] == ["find_file", "open", "edit", "bash", "submit"]
    results = [m for m in tools_s.messages if m.role == "tool"]
    assert [m.name for m in results] == ["find_file", "open", "edit", "bash", "submit"]
    assert results[-1].text.startswith("\r\ndiff --git")
    check_pairs(tools_s)
    first_reply = tools_s.messages[2]
    assert first_reply.usage.input_tokens == 1400 and first_reply.usage.output_tokens == 40
    assert first_reply.timestamp is not None
    # The fragment is resolved into the prompt text.
    assert [m.role for m in chat.messages] == ["user", "assistant", "user", "assistant"]
    assert "td_field.serialize('td'" in chat.messages[0].text
    assert chat.messages[0].text.endswith("Why does this print 344?")
    assert chat.messages[3].text == "Use round() instead of int() in _serialize."


def test_llm_both_layouts_in_one_database(tmp_path):
    db = tmp_path / "both.db"
    shutil.copy(LLM_STORE, db)
    con = sqlite3.connect(db)
    con.execute(f"ATTACH DATABASE '{LLM_LEGACY}' AS old")
    # llm 0.36 keeps the legacy tables (empty here): fill them as an upgraded logs.db has them.
    for t in ("conversations", "responses", "tool_calls", "tool_results"):
        cols = [r[1] for r in con.execute(f"PRAGMA main.table_info({t})")]
        old_cols = {r[1] for r in con.execute(f"PRAGMA old.table_info({t})")}
        keep = ", ".join(f'"{c}"' for c in cols if c in old_cols)
        con.execute(f"INSERT INTO main.{t} ({keep}) SELECT {keep} FROM old.{t}")
    con.commit()
    con.execute("DETACH DATABASE old")
    con.close()
    with open_source(db) as src:
        ids = src.session_ids()
        layouts = [src.read(i).metadata["layout"] for i in ids]
    assert layouts.count("message-store") == 2 and layouts.count("legacy") == 2


# ----------------------------------------------------------------------------- Claude Code


def test_claude_code_merge_and_branch():
    src, sessions = read_all(CC / "branch_merge.jsonl")
    (s,) = sessions.values()
    assert s.id == "7f3c2a10-4b5e-4c6d-9e8f-0a1b2c3d4e5f"
    assert [m.role for m in s.messages] == ["user", "assistant", "tool", "tool", "assistant"]
    # The edited prompt is on the active branch; the abandoned reply is not.
    assert s.messages[0].text.endswith("Please fix it with minimal changes.")
    assert all("repository layout" not in m.text for m in s.messages)
    merged = s.messages[1]
    assert isinstance(merged.raw, list) and len(merged.raw) == 4
    assert {r["message"]["id"] for r in merged.raw} == {"msg_01MERGE"}
    assert [p.type for p in merged.parts] == ["reasoning", "text"]
    assert merged.parts[0].data["signature"] == "EqQBCkYIBxgCKkBsignature-bytes-base64=="
    assert [c.name for c in merged.tool_calls] == ["Grep", "Read"]
    assert merged.usage.context_tokens == 1500 + 12000 + 200
    assert [m.name for m in s.messages[2:4]] == ["Grep", "Read"]
    check_pairs(s)
    # toolUseResult is kept in raw but not counted: the Read result holds only the text
    # the model saw, not the UI copy (which is three times longer).
    read = s.messages[3]
    assert "toolUseResult" in read.raw
    assert read.text_chars == len(read.raw["message"]["content"][0]["content"][0]["text"])
    reasons = [x.reason for x in src.skipped]
    assert any("sidechain" in r for r in reasons)
    assert any("file-history-snapshot" in r for r in reasons)
    assert any("not on the active branch" in r for r in reasons)


def test_claude_code_compact_boundary():
    _, sessions = read_all(CC / "branch_merge_compact.jsonl")
    (s,) = sessions.values()
    comp = s.messages[0]
    assert comp.kind == "compaction" and comp.role == "user"
    assert [r.get("subtype") or r.get("isCompactSummary") for r in comp.raw] == ["compact_boundary", True]
    assert comp.text.startswith("This session is being continued")
    assert comp.meta == {"trigger": "manual", "preTokens": 18342}
    assert [m.role for m in s.messages[1:]] == ["user", "assistant", "tool", "assistant"]
    assert s.title == "Fix missing colon in division()"
    assert s.model == "claude-sonnet-4-20250514"


def test_claude_code_fixture_files_from_claude_code_log():
    _, sessions = read_all(CC / "todowrite_examples.jsonl")
    (s,) = sessions.values()
    assert s.id == "todowrite_session"
    # msg_001..msg_006 are separate responses; the TodoWrite results answer their calls.
    assert sum(1 for m in s.messages if m.role == "tool") == 3
    check_pairs(s)
    _, sessions = read_all(CC / "representative_messages.jsonl")
    (s,) = sessions.values()
    assert len(s.messages) == 11  # no parent links: file order
    assert s.messages[4].role == "tool" and s.messages[4].name == "Edit"


# ----------------------------------------------------------------------------- Codex


def test_codex_rollout():
    src, sessions = read_all(CODEX)
    (s,) = sessions.values()
    assert s.id == "0199a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b"
    assert s.model == "gpt-5-codex"
    # `compacted` replaced everything before it.
    assert s.messages[0].kind == "compaction" and s.messages[0].meta["replaced"] > 5
    assert s.messages[0].text.startswith("Summary: TimeDelta serialization")
    kinds = [(m.role, [c.type for c in m.tool_calls]) for m in s.messages[1:]]
    assert ("assistant", ["custom"]) in kinds and ("assistant", ["function"]) in kinds
    check_pairs(s)
    # token_count usage lands on the assistant message it follows (cached split out).
    u = s.messages[1].usage
    assert u.cache_read_tokens == 4096 and u.input_tokens + u.cache_read_tokens == 5000 + 700 * 5
    assert [str(x) for x in src.skipped] == [
        "line 39: ghost_snapshot (harness undo point, not sent to the model)",
        "line 41: unknown line type 'world_state'",
    ]


def test_codex_event_msg_not_read_and_developer_is_system(tmp_path):
    # Cut the rollout before the compaction: the whole history is there.
    lines = CODEX.read_text().splitlines(keepends=True)
    cut = next(i for i, l in enumerate(lines) if '"type": "web_search_call"' in l)
    p = tmp_path / "rollout-early.jsonl"
    p.write_text("".join(lines[:cut + 1]))
    _, sessions = read_all(p)
    (s,) = sessions.values()
    assert s.messages[0].role == "system" and s.messages[0].raw["role"] == "developer"
    texts = [m.text for m in s.messages if m.role == "user"]
    assert len(texts) == 2  # environment context + task; event_msg user_message not repeated
    reasoning = [p for m in s.messages for p in m.parts if p.type == "reasoning"]
    assert reasoning and all(p.encrypted for p in reasoning)
    assert s.messages[-1].meta["hosted_tools"] == ["web_search_call"]
    assert s.title.startswith("We're currently solving")


def test_codex_replacement_history():
    _, sessions = read_all(CODEX_REPLACED)
    (s,) = sessions.values()
    assert s.messages[0].kind == "compaction" and s.messages[0].parts == []
    assert s.messages[0].meta["summary"].startswith("Reproduced")
    assert [m.role for m in s.messages[1:3]] == ["user", "user"]
    assert "produced a summary" in s.messages[2].text


# ----------------------------------------------------------------------------- OpenAI chat and SWE-agent


def test_openai_chat_forms(tmp_path):
    msgs = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "ls", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "a.txt"}]
    (tmp_path / "list.json").write_text(json.dumps(msgs, indent=2))
    (tmp_path / "obj.json").write_text(json.dumps({"id": "conv-9", "title": "T", "messages": msgs}))
    (tmp_path / "many.jsonl").write_text(json.dumps({"id": "a", "messages": msgs}) + "\n" + json.dumps(msgs[:2]) + "\n")
    for name, ids in [("list.json", ["list"]), ("obj.json", ["conv-9"]), ("many.jsonl", ["a", "many:2"])]:
        src, sessions = read_all(tmp_path / name)
        assert src.format == "openai-chat" and list(sessions) == ids
        s = sessions[ids[0]]
        assert s.messages[0].raw == msgs[0]
        assert s.messages[2].tool_calls[0].name == "ls"
    assert read_all(tmp_path / "obj.json")[1]["conv-9"].title == "T"


def test_openai_chat_bad_message_names_line(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text(json.dumps([{"role": "user", "content": "x"}]) + "\n" + json.dumps([{"role": "user", "content": "y"}, {"role": "robot"}]) + "\n")
    with open_source(p) as src:  # the good conversation is read, the bad line reported
        assert src.session_ids() == ["bad:1"]
        assert [str(k) for k in src.skipped] == [
            "line 2: message 1: unknown role 'robot'; the conversation on this line is left out"]
    none = tmp_path / "none.jsonl"  # no line is a readable conversation: refused
    none.write_text(json.dumps([{"role": "user", "content": 5}]) + "\n" + json.dumps([{"role": "user", "content": 6}]) + "\n")
    with pytest.raises(SourceError, match=r"none\.jsonl: no conversation in the file \(line 1: message 0: content"):
        open_source(none)


def test_swe_agent_registered(traj_paths):
    for p in traj_paths:
        with open_source(p) as src:
            assert src.format == "swe-agent"
            (sid,) = src.session_ids()
            assert src.read(sid).messages


def test_every_registered_reader_is_a_reader_named_as_registered():
    import importlib

    from inspector.sources.registry import READERS, Reader

    for name, module_name in READERS:
        mod = importlib.import_module(module_name)
        assert isinstance(mod, Reader), module_name
        assert mod.FORMAT == name


def test_llm_responses_with_no_id_are_skipped_not_a_session_called_none(tmp_path):
    """Issue 15.10: `id TEXT PRIMARY KEY` allows NULL in SQLite; a response with neither
    an id nor a conversation is reported as skipped, never listed as session "None"."""
    db = tmp_path / "logs.db"
    shutil.copy(LLM_LEGACY, db)
    con = sqlite3.connect(db)
    cols = [r[1] for r in con.execute("PRAGMA table_info(responses)")]
    row = con.execute("SELECT * FROM responses LIMIT 1").fetchone()
    values = dict(zip(cols, row))
    values.update(id=None, conversation_id=None)
    con.execute(f"INSERT INTO responses ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})",
                [values[c] for c in cols])
    con.commit()
    con.close()
    before = open_source(LLM_LEGACY).session_ids()
    src = open_source(db)
    ids = src.session_ids()
    assert "None" not in ids and ids == before
    assert any("NULL id" in str(s) for s in src.skipped)


def test_claude_code_linear_files_take_the_whole_chain_as_the_walk_does(tmp_path, monkeypatch):
    """A file without branches is read as one chain without walking the links
    (`claude_code.one_chain`): the same session as the walk gives, on that file and on files with
    branches, compactions and no links."""
    from inspector.exports.registry import export_session
    from inspector.sources import claude_code

    _, sessions = read_all(CC / "branch_merge.jsonl")
    linear = tmp_path / "linear.jsonl"
    export_session(next(iter(sessions.values())), "claude-code", linear)
    records = [(k, json.loads(line)) for k, line in enumerate(linear.read_text().splitlines(), 1)]
    assert claude_code.one_chain([r for r in records if r[1].get("type") in claude_code.MESSAGE_TYPES])
    files = [linear, *sorted(CC.glob("*.jsonl")), SUBAGENT]

    def read(path):
        with open_source(path) as src:
            return [(s.model_dump(), [(x.where, x.reason) for x in src.skipped])
                    for s in (src.read(i) for i in src.session_ids())]

    fast = [read(f) for f in files]
    monkeypatch.setattr(claude_code, "one_chain", lambda records, parent=None: False)
    assert fast == [read(f) for f in files]
    # a record whose parent is not the record before it is a branch: walked
    branched = [records[0], records[2], records[1]]
    assert not claude_code.one_chain(branched)


SUBAGENT = FIX / "claude-code-subagent" / "agent-a7be2f0.jsonl"


def test_claude_code_sub_agent_transcript_is_read_as_its_own_session():
    # Claude Code 2.1 writes each sub-agent's conversation to <session>/subagents/agent-<id>.jsonl,
    # every record a sidechain record. Skipping sidechain records (right inside a main
    # transcript) read such a file as empty.
    src, sessions = read_all(SUBAGENT)
    (s,) = sessions.values()
    assert s.id == "agent-a7be2f0"
    assert s.metadata["parentSessionId"] == "8463c716-a2ea-4c14-9efa-87158ebd9f20"
    assert s.metadata["agentId"] == "a7be2f0"
    assert s.messages[0].role == "user" and s.messages[0].text.startswith("I need to understand:")
    assert s.model == "claude-haiku-4-5-20251001"
    calls = [c for m in s.messages for c in m.tool_calls]
    results = [m for m in s.messages if m.role == "tool"]
    assert calls and len(results) == len(calls)
    assert {m.tool_call_id for m in results} == {c.id for c in calls}
    assert not any("sidechain" in x.reason for x in src.skipped)


def test_sidechain_records_inside_a_main_transcript_are_still_left_out(tmp_path):
    main = tmp_path / "main.jsonl"
    lines = (CC / "session_b.jsonl").read_text().splitlines()
    side = SUBAGENT.read_text().splitlines()[:3]
    main.write_text("\n".join(lines + side) + "\n")
    src, sessions = read_all(main)
    (s,) = sessions.values()
    assert not any("I need to understand" in m.text for m in s.messages)
    assert any("sidechain" in x.reason for x in src.skipped)


def test_claude_code_parallel_tool_calls_keep_every_call_and_result(tmp_path):
    # The same records as a main transcript: Claude Code links the blocks of one response and
    # their results as a tree (through progress records too), so walking back from the last
    # record alone dropped 4 of the 18 results, leaving 4 calls unanswered.
    main = tmp_path / "main.jsonl"
    with main.open("w") as out:
        for line in SUBAGENT.read_text().splitlines():
            rec = json.loads(line)
            rec["isSidechain"] = False
            out.write(json.dumps(rec) + "\n")
    raw_calls = {b["id"] for line in SUBAGENT.read_text().splitlines()
                 for rec in [json.loads(line)] if rec.get("type") == "assistant"
                 for b in rec["message"]["content"] if b.get("type") == "tool_use"}
    src, sessions = read_all(main)
    (s,) = sessions.values()
    calls = [c.id for m in s.messages for c in m.tool_calls]
    assert sorted(calls) == sorted(raw_calls)
    pending: set[str] = set()
    for m in s.messages:  # every result right after the response that asked for it
        if m.role == "assistant":
            assert not pending
            pending = {c.id for c in m.tool_calls}
        elif m.role == "tool":
            assert m.tool_call_id in pending
            pending.discard(m.tool_call_id)
    assert not pending
    assert not any("not on the active branch" in x.reason for x in src.skipped)


def test_claude_code_title_is_the_user_s_words_not_an_injected_reminder(tmp_path):
    path = tmp_path / "t.jsonl"
    reminder = "<system-reminder>\nAs you answer the user's questions, you can use the following context:\n</system-reminder>"
    recs = [
        {"type": "user", "uuid": "u0", "parentUuid": None, "sessionId": "s", "isMeta": True,
         "message": {"role": "user", "content": "Caveat: The messages below were generated by the user"}},
        {"type": "user", "uuid": "u1", "parentUuid": "u0", "sessionId": "s",
         "message": {"role": "user", "content": [{"type": "text", "text": reminder},
                                                 {"type": "text", "text": "Fix the flaky login test\nthanks"}]}},
        {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": "s",
         "message": {"id": "m1", "role": "assistant", "model": "claude-x", "content": [{"type": "text", "text": "On it."}]}},
    ]
    path.write_text("\n".join(json.dumps(r) for r in recs) + "\n")
    (s,) = read_all(path)[1].values()
    assert s.title == "Fix the flaky login test"
