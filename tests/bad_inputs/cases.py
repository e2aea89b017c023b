"""The bad-input corpus: every case, how its file is built, and what inspector must do.

Small cases are committed beside this file (rebuild them, and README.md's table, with
`python scripts/make_bad_inputs.py`); the two large ones (a 50 MB message, 100,000
messages) are built into a temporary folder when the tests run.

Outcomes:

- `error`: the CLI exits 2 with one line that names the file and the place (line,
  row, table, session); `expect` are fragments of that line.
- `skip`: the valid part is imported and what was left out is reported; `expect` are
  fragments of the skipped records' `where: reason` lines.
- `ok`: odd but valid input, imported whole (nothing skipped); `messages` is how many
  messages the session has.

Nothing here may crash with a traceback or modify the file.
"""

from __future__ import annotations

import base64
import json
import pickle
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
AGENTS_DB = FIXTURES / "openai-agents" / "sessions.db"
ADK_DB = FIXTURES / "adk" / "sqlite_service.db"
LLM_DB = FIXTURES / "llm" / "message_store.db"
TRAJ = FIXTURES / "swe-agent" / "function_calling_simple.traj"


@dataclass(frozen=True)
class Case:
    file: str  # name in tests/bad_inputs/ (or in the temp folder, when large)
    format: str  # the format it claims to be (or "any")
    what: str  # one line for the README
    outcome: str  # "error" | "skip" | "ok"
    expect: tuple[str, ...] = ()
    build: Callable[[Path], None] = field(default=lambda p: None, repr=False, compare=False)
    messages: int | None = None  # "ok"/"skip": messages of the (first) session
    large: bool = False  # built at test time, never committed

    @property
    def id(self) -> str:
        return self.file.rsplit(".", 1)[0]

    def describe(self) -> str:
        if self.outcome == "error":
            return "exit 2: " + " … ".join(f"`{e}`" for e in self.expect)
        if self.outcome == "skip":
            return "imported, skipped: " + " … ".join(f"`{e}`" for e in self.expect)
        return f"imported whole ({self.messages:,} messages)" if self.messages is not None else "imported whole"


# ----------------------------------------------------------------------------- helpers


def _jsonl(path: Path, records, tail: bytes = b"") -> None:
    data = b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in records)
    path.write_bytes(data + tail)


def _json(path: Path, doc, indent: int | None = None) -> None:
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=indent) + "\n", encoding="utf-8")


SID = "0c0ffee0-0000-4000-8000-00000000bad1"


def cc(kind: str, uuid: str, parent: str | None, content, **extra) -> dict:
    """A Claude Code transcript record, in the shape Claude Code writes."""
    rec = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": "/repo",
           "sessionId": SID, "version": "1.0.71", "gitBranch": "main", "type": kind, "uuid": uuid,
           "timestamp": f"2025-08-01T10:00:{len(uuid) % 60:02d}.000Z"}
    if kind == "assistant":
        rec["message"] = {"id": extra.pop("message_id", f"msg_{uuid}"), "type": "message", "role": "assistant",
                          "model": "claude-sonnet-4-20250514", "content": content, "stop_reason": None,
                          "usage": {"input_tokens": 10, "output_tokens": 5}}
    else:
        rec["message"] = {"role": "user", "content": content}
    rec.update(extra)
    return rec


def _chat_turns() -> list[dict]:
    return [{"role": "system", "content": "You are a careful agent."},
            {"role": "user", "content": "List the files."}]


def _copy_db(src: Path, dst: Path, *sql: str, params: tuple = ()) -> None:
    """A copy of a fixture written by the real library, edited with `sql`, vacuumed."""
    shutil.copyfile(src, dst)
    con = sqlite3.connect(dst)
    con.execute("PRAGMA journal_mode=DELETE")
    for s in sql:
        con.execute(s, params if "?" in s else ())
    con.commit()
    con.execute("VACUUM")
    con.close()


# ----------------------------------------------------------------------------- any format


def b_empty(p: Path) -> None:
    p.write_bytes(b"")


def b_whitespace(p: Path) -> None:
    p.write_bytes(b"\n\n   \n")


def b_text(p: Path) -> None:
    p.write_text("These are my notes about the agent run, not a session.\n")


def b_png(p: Path) -> None:
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))


def b_fake_sqlite(p: Path) -> None:
    p.write_bytes(b"SQLite format 3\x00" + b"\xff\x13garbage that is not a b-tree" * 40)


def b_truncated_db(p: Path) -> None:
    p.write_bytes(AGENTS_DB.read_bytes()[:12_288])  # the schema pages, half the data


def b_unknown_schema(p: Path) -> None:
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('hello')")
    con.commit()
    con.close()


def b_agents_missing_column(p: Path) -> None:
    """The Agents SDK schema, but agent_messages lost its message_data column."""
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY, created_at TIMESTAMP, "
                "updated_at TIMESTAMP)")
    con.execute("CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, "
                "created_at TIMESTAMP)")
    con.execute("INSERT INTO agent_sessions VALUES ('s1', '2025-01-01 00:00:00', '2025-01-01 00:00:00')")
    con.execute("INSERT INTO agent_messages (session_id, created_at) VALUES ('s1', '2025-01-01 00:00:00')")
    con.commit()
    con.close()


def b_adk_missing_column(p: Path) -> None:
    """ADK's events table without event_data (and its sessions table)."""
    _copy_db(ADK_DB, p, "ALTER TABLE events DROP COLUMN event_data")


def b_unknown_json(p: Path) -> None:
    _json(p, {"hello": "world", "items": [1, 2, 3]})


def b_truncated_json(p: Path) -> None:
    text = json.dumps({"messages": _chat_turns() * 3}, indent=2)
    p.write_text(text[: len(text) * 2 // 3])


def b_deep_json(p: Path) -> None:
    p.write_text('{"messages": ' + "[" * 20_000 + "]" * 20_000 + "}\n")


def b_deep_jsonl(p: Path) -> None:
    first = json.dumps({"messages": _chat_turns()})
    p.write_text(first + "\n" + '{"messages": ' + "[" * 20_000 + "]" * 20_000 + "}\n")


# ------------------------------------------------------------------------------- OpenAI chat


def b_chat_unknown_role(p: Path) -> None:
    _json(p, {"messages": _chat_turns() + [{"role": "wizard", "content": "abracadabra"}]}, indent=1)


def b_chat_bad_content(p: Path) -> None:
    _jsonl(p, [{"messages": _chat_turns()}, {"messages": [{"role": "user", "content": 42}]}])


def b_chat_duplicate_ids(p: Path) -> None:
    call = {"id": "call_1", "type": "function", "function": {"name": "ls", "arguments": "{}"}}
    _json(p, {"messages": _chat_turns() + [
        {"role": "assistant", "content": None, "tool_calls": [call, dict(call)]},
        {"role": "tool", "tool_call_id": "call_1", "content": "a.py b.py"},
        {"role": "tool", "tool_call_id": "call_1", "content": "a.py b.py"},
        {"role": "assistant", "content": "Two files."}]}, indent=1)


def b_chat_orphan_result(p: Path) -> None:
    _json(p, {"messages": _chat_turns() + [
        {"role": "tool", "tool_call_id": "call_never_made", "content": "output nobody asked for"},
        {"role": "assistant", "content": "Nothing to do."}]}, indent=1)


def b_chat_calls_without_results(p: Path) -> None:
    _json(p, {"messages": _chat_turns() + [
        {"role": "assistant", "content": "Running two tools.", "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "ls", "arguments": "{}"}},
            {"id": "call_b", "type": "function", "function": {"name": "cat", "arguments": '{"path": "x"}'}}]},
        {"role": "user", "content": "Never mind, stop."},
        {"role": "assistant", "content": "Stopped."}]}, indent=1)


PNG_B64 = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 64).decode()


def b_chat_base64_image(p: Path) -> None:
    _json(p, {"messages": _chat_turns() + [
        {"role": "user", "content": [
            {"type": "text", "text": "What is in this screenshot?"},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG_B64}"}}]},
        {"role": "assistant", "content": "A terminal with a stack trace."}]}, indent=1)


def b_chat_lone_surrogate(p: Path) -> None:
    # Valid JSON (an escaped lone surrogate, as some tools write broken emoji), invalid text.
    head = json.dumps({"messages": _chat_turns()})[:-2]
    p.write_text(head + ', {"role": "assistant", "content": "half an emoji: \\ud83d and on"}]}\n')


def b_chat_nul_and_controls(p: Path) -> None:
    _json(p, {"messages": _chat_turns() + [
        {"role": "tool", "tool_call_id": "x", "content": "bin\u0000ary\u001b[31m red \u0007 bell"}]})


# ------------------------------------------------------------------------------- Claude Code


def _cc_chain() -> list[dict]:
    return [
        cc("user", "u1", None, "Fix the failing test."),
        cc("assistant", "a1", "u1", [{"type": "text", "text": "Looking."},
                                     {"type": "tool_use", "id": "toolu_1", "name": "Bash",
                                      "input": {"command": "pytest -x"}}]),
        cc("user", "u2", "a1", [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "1 failed"}]),
        cc("assistant", "a2", "u2", [{"type": "text", "text": "Found it: a missing colon."}]),
    ]


def b_cc_invalid_json_line(p: Path) -> None:
    recs = _cc_chain()
    lines = [json.dumps(r) for r in recs]
    lines[2] = lines[2][:57]
    p.write_text("\n".join(lines) + "\n")


def b_cc_truncated_last_line(p: Path) -> None:
    """An agent still writing: the last record is half on disk, with no newline."""
    recs = _cc_chain()
    last = json.dumps(recs[-1]).encode()
    _jsonl(p, recs[:-1], tail=last[: len(last) // 2])


def b_cc_invalid_utf8(p: Path) -> None:
    recs = _cc_chain()
    recs[3]["message"]["content"][0]["text"] = "caf\udce9"  # re-encoded below as a raw 0xE9 byte
    data = b"".join(json.dumps(r, ensure_ascii=False).encode("utf-8", "surrogateescape") + b"\n" for r in recs)
    p.write_bytes(data)


def b_cc_not_object(p: Path) -> None:
    recs = _cc_chain()
    lines = [json.dumps(r) for r in recs]
    lines.insert(2, "[1, 2, 3]")
    p.write_text("\n".join(lines) + "\n")


def b_cc_cycle(p: Path) -> None:
    """parentUuid links that loop: u1 -> a2 -> u2 -> a1 -> u1."""
    recs = _cc_chain()
    recs[0]["parentUuid"] = "a2"
    _jsonl(p, recs)


def b_cc_self_parent(p: Path) -> None:
    recs = _cc_chain()
    recs[-1]["parentUuid"] = recs[-1]["uuid"]
    _jsonl(p, recs)


def b_cc_dangling(p: Path) -> None:
    """The first records were lost (rotated log): the chain points at a missing parent."""
    recs = _cc_chain()
    recs[0]["parentUuid"] = "gone-0000"
    _jsonl(p, recs)


def b_cc_unknown_types(p: Path) -> None:
    recs = _cc_chain()
    recs.insert(1, {"type": "progress", "uuid": "p1", "parentUuid": "u1", "sessionId": SID,
                    "data": {"type": "hook_progress"}})
    recs.insert(3, {"type": "queue-operation", "operation": "enqueue", "sessionId": SID,
                    "timestamp": "2025-08-01T10:00:09.000Z"})
    recs.append({"type": "custom-title", "customTitle": "bugfix", "sessionId": SID})
    _jsonl(p, recs)


def b_cc_duplicate_tool_ids(p: Path) -> None:
    recs = _cc_chain()
    recs[3] = cc("assistant", "a2", "u2", [{"type": "tool_use", "id": "toolu_1", "name": "Bash",
                                            "input": {"command": "pytest -x"}}])
    recs.append(cc("user", "u3", "a2", [{"type": "tool_result", "tool_use_id": "toolu_1",
                                         "content": "1 failed again"}]))
    recs.append(cc("assistant", "a3", "u3", [{"type": "text", "text": "Same id twice; moving on."}]))
    _jsonl(p, recs)


def b_cc_orphan_result(p: Path) -> None:
    recs = _cc_chain()
    recs.insert(1, cc("user", "u0", "u1", [{"type": "tool_result", "tool_use_id": "toolu_ghost",
                                            "content": "result of a call that is not in the file"}]))
    recs[2]["parentUuid"] = "u0"
    _jsonl(p, recs)


def b_cc_base64_image(p: Path) -> None:
    recs = _cc_chain()
    recs[0] = cc("user", "u1", None, [
        {"type": "text", "text": "Fix what this screenshot shows."},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG_B64}}])
    _jsonl(p, recs)


SIGNATURE = "EqQBCkYIBBgCKkBm9yb3plbi1zaWduYXR1cmUtYnl0ZXM/+=="
REDACTED = "EmwKAhgBEgy3va3pZ8Vf+redacted+blob/AA=="


def b_cc_thinking(p: Path) -> None:
    recs = _cc_chain()
    recs[1]["message"]["content"] = [
        {"type": "thinking", "thinking": "The test output will say which line.", "signature": SIGNATURE},
        {"type": "redacted_thinking", "data": REDACTED}] + recs[1]["message"]["content"]
    _jsonl(p, recs)


# -------------------------------------------------------------------------------- Anthropic


def _anthropic_doc() -> dict:
    return {"model": "claude-sonnet-4-20250514", "system": "You are a careful agent.", "messages": [
        {"role": "user", "content": "Fix the failing test."},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "Run the tests first.", "signature": SIGNATURE},
            {"type": "redacted_thinking", "data": REDACTED},
            {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "pytest -x"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "1 failed"}]},
        {"role": "assistant", "content": "Found it."}]}


def b_anthropic_unknown_block(p: Path) -> None:
    doc = _anthropic_doc()
    doc["messages"][2]["content"].append({"type": "hologram", "data": "?"})
    _json(p, doc, indent=1)


def b_anthropic_result_without_id(p: Path) -> None:
    doc = _anthropic_doc()
    del doc["messages"][2]["content"][0]["tool_use_id"]
    _json(p, doc, indent=1)


def b_anthropic_thinking(p: Path) -> None:
    _json(p, _anthropic_doc(), indent=1)


# ------------------------------------------------------------------------------------ Codex


def _codex_lines() -> list[dict]:
    ts = "2025-10-29T01:00:0{}.000Z"
    return [
        {"timestamp": ts.format(1), "type": "session_meta",
         "payload": {"id": "0199bad0-0000-7000-8000-000000000001", "timestamp": ts.format(0), "cwd": "/testbed",
                     "originator": "codex_cli_rs", "cli_version": "0.46.0"}},
        {"timestamp": ts.format(2), "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Run the tests."}]}},
        {"timestamp": ts.format(3), "type": "response_item",
         "payload": {"type": "function_call", "name": "shell", "arguments": '{"command": ["pytest"]}',
                     "call_id": "call_c1"}},
        {"timestamp": ts.format(4), "type": "response_item",
         "payload": {"type": "function_call_output", "call_id": "call_c1",
                     "output": '{"output": "3 passed", "metadata": {"exit_code": 0}}'}},
        {"timestamp": ts.format(5), "type": "response_item",
         "payload": {"type": "message", "role": "assistant",
                     "content": [{"type": "output_text", "text": "All tests pass."}]}},
    ]


def b_codex_unknown_types(p: Path) -> None:
    lines = _codex_lines()
    lines.insert(2, {"timestamp": "2025-10-29T01:00:02.500Z", "type": "world_state", "payload": {"x": 1}})
    lines.insert(4, {"timestamp": "2025-10-29T01:00:03.500Z", "type": "response_item",
                     "payload": {"type": "hologram_call", "id": "h1"}})
    lines.insert(5, {"timestamp": "2025-10-29T01:00:03.600Z", "type": "response_item", "payload": "not an item"})
    _jsonl(p, lines)


def b_codex_bad_compacted(p: Path) -> None:
    lines = _codex_lines()
    lines.insert(3, {"timestamp": "2025-10-29T01:00:03.500Z", "type": "compacted", "payload": "summary as a string"})
    _jsonl(p, lines)


def b_codex_encrypted_reasoning(p: Path) -> None:
    lines = _codex_lines()
    lines.insert(2, {"timestamp": "2025-10-29T01:00:02.500Z", "type": "response_item",
                     "payload": {"type": "reasoning", "summary": [{"type": "summary_text", "text": "Plan: run pytest."}],
                                 "content": None, "encrypted_content": "gAAAAABo-codex-opaque-blob+/=="}})
    _jsonl(p, lines)


# ------------------------------------------------------------------------------- SWE-agent


def _traj() -> dict:
    return json.loads(TRAJ.read_text())


def b_traj_bad_tool_calls(p: Path) -> None:
    doc = _traj()
    k = next(i for i, h in enumerate(doc["history"]) if h.get("tool_calls"))
    doc["history"][k]["tool_calls"] = "[{'id': 'call_1', 'function': {'name': 'ls'"  # cut repr
    _json(p, doc, indent=2)


def b_traj_tool_without_ids(p: Path) -> None:
    doc = _traj()
    k = next(i for i, h in enumerate(doc["history"]) if h.get("role") == "tool")
    del doc["history"][k]["tool_call_ids"]
    _json(p, doc, indent=2)


def b_traj_invalid_utf8(p: Path) -> None:
    doc = _traj()
    doc["history"][1]["content"] = "na\udcefve"
    p.write_bytes(json.dumps(doc, ensure_ascii=False, indent=2).encode("utf-8", "surrogateescape"))


def b_traj_history_not_list(p: Path) -> None:
    doc = _traj()
    doc["history"] = {"role": "user", "content": "not a list"}
    _json(p, doc, indent=2)


# ------------------------------------------------------------------------ SQLite stores


def b_agents_bad_rows(p: Path) -> None:
    """The real Agents SDK database with rows a crashed writer could leave."""
    _copy_db(AGENTS_DB, p,
             "INSERT INTO agent_messages (session_id, created_at, message_data) VALUES ('swe-simple', '2025-01-01 00:00:00', '{\"role\": \"user\", \"cont')",
             "INSERT INTO agent_messages (session_id, created_at, message_data) VALUES ('swe-simple', '2025-01-01 00:00:00', '42')",
             "INSERT INTO agent_messages (session_id, created_at, message_data) VALUES ('swe-simple', '2025-01-01 00:00:00', "
             "'{\"type\": \"teleport_call\", \"id\": \"tp_1\"}')",
             "INSERT INTO agent_messages (session_id, created_at, message_data) VALUES ('swe-simple', '2025-01-01 00:00:00', "
             "'{\"role\": \"user\", \"content\": \"still here?\"}')")


def b_agents_corrupt_page(p: Path) -> None:
    """A data page of the real Agents SDK database overwritten (a bad disk sector)."""
    data = bytearray(AGENTS_DB.read_bytes())
    data[7 * 4096:8 * 4096] = b"\xa5" * 4096
    p.write_bytes(bytes(data))


def b_agents_latin1(p: Path) -> None:
    """A row whose TEXT column holds Latin-1 bytes, not UTF-8 (a writer in another encoding)."""
    _copy_db(AGENTS_DB, p, "INSERT INTO agent_messages (session_id, created_at, message_data) VALUES ('swe-simple', '2025-01-01 00:00:00', "
             "CAST(? AS TEXT))", params=('{"role": "user", "content": "caf\xe9 cr\xe8me"}'.encode("latin-1"),))


def b_agents_orphan_session(p: Path) -> None:
    """Messages whose agent_sessions row is missing, and a session row without messages."""
    _copy_db(AGENTS_DB, p, "DELETE FROM agent_sessions WHERE session_id = 'swe-simple'",
             "INSERT INTO agent_sessions VALUES ('never-used', '2025-01-01 00:00:00', '2025-01-01 00:00:00')")


def b_adk_bad_events(p: Path) -> None:
    con = sqlite3.connect(ADK_DB)
    (sid,) = con.execute("SELECT session_id FROM events ORDER BY timestamp LIMIT 1").fetchone()
    con.close()
    _copy_db(ADK_DB, p,
             "INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) "
             "SELECT 'bad-json', app_name, user_id, session_id, invocation_id, timestamp + 0.5, '{\"content\": {\"par' "
             "FROM events WHERE session_id = ? ORDER BY timestamp LIMIT 1",
             params=(sid,))
    con = sqlite3.connect(p)
    con.execute("INSERT INTO events (id, app_name, user_id, session_id, invocation_id, timestamp, event_data) "
                "SELECT 'not-object', app_name, user_id, session_id, invocation_id, timestamp + 0.6, '[1, 2]' "
                "FROM events WHERE session_id = ? ORDER BY timestamp LIMIT 1", (sid,))
    con.commit()
    con.close()


class _Canary:
    """Unpickling this would run code; inspector must never do it."""

    def __reduce__(self):
        return (print, ("inspector unpickled an ADK column",))


def b_adk_pickle(p: Path) -> None:
    """ADK's legacy v0 layout: `events.actions` is a Python pickle."""
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE sessions (app_name VARCHAR, user_id VARCHAR, id VARCHAR, state TEXT, "
                "create_time DATETIME, update_time DATETIME, PRIMARY KEY (app_name, user_id, id))")
    con.execute("CREATE TABLE events (id VARCHAR, app_name VARCHAR, user_id VARCHAR, session_id VARCHAR, "
                "invocation_id VARCHAR, author VARCHAR, branch VARCHAR, timestamp DATETIME, content TEXT, "
                "actions BLOB, long_running_tool_ids_json TEXT, grounding_metadata TEXT, partial BOOLEAN, "
                "turn_complete BOOLEAN, error_code VARCHAR, error_message VARCHAR, interrupted BOOLEAN, "
                "PRIMARY KEY (id, app_name, user_id, session_id))")
    con.execute("INSERT INTO sessions VALUES ('app', 'u', 's1', '{}', '2025-01-01 00:00:00', '2025-01-01 00:00:00')")
    con.execute("INSERT INTO events (id, app_name, user_id, session_id, invocation_id, author, timestamp, content, "
                "actions) VALUES ('e1', 'app', 'u', 's1', 'inv', 'user', '2025-01-01 00:00:01', "
                "'{\"role\": \"user\", \"parts\": [{\"text\": \"hi\"}]}', ?)", (pickle.dumps(_Canary(), protocol=2),))
    con.commit()
    con.close()


def _llm_chain(con: sqlite3.Connection) -> list[str]:
    """Message hashes of the first thread, tip first."""
    h = con.execute("SELECT tip_message_hash FROM threads ORDER BY rowid LIMIT 1").fetchone()[0]
    out = []
    while h is not None:
        out.append(h)
        h = con.execute("SELECT parent_hash FROM messages WHERE hash = ?", (h,)).fetchone()[0]
    return out


def b_llm_broken(p: Path) -> None:
    """The real llm message store: a message in the middle of thread 1 deleted, the tip
    of thread 2 deleted, and a part whose payload is not JSON."""
    shutil.copyfile(LLM_DB, p)
    con = sqlite3.connect(p)
    chain = _llm_chain(con)
    middle = chain[len(chain) // 2]
    tip2 = con.execute("SELECT tip_message_hash FROM threads ORDER BY rowid LIMIT 1 OFFSET 1").fetchone()[0]
    for h in (middle, tip2):
        con.execute("DELETE FROM parts WHERE message_hash = ?", (h,))
        con.execute("DELETE FROM messages WHERE hash = ?", (h,))
    con.execute("UPDATE parts SET payload = '{not json' WHERE rowid = (SELECT min(rowid) FROM parts "
                "WHERE payload IS NOT NULL AND message_hash = ?)", (chain[1],))
    con.commit()
    con.execute("VACUUM")
    con.close()


def b_llm_cycle(p: Path) -> None:
    """The real llm message store with thread 1's root pointing back at its tip."""
    shutil.copyfile(LLM_DB, p)
    con = sqlite3.connect(p)
    chain = _llm_chain(con)
    con.execute("UPDATE messages SET parent_hash = ? WHERE hash = ?", (chain[0], chain[-1]))
    con.commit()
    con.execute("VACUUM")
    con.close()


def b_agents_deep_row(p: Path) -> None:
    _copy_db(AGENTS_DB, p, "INSERT INTO agent_messages (session_id, created_at, message_data) VALUES ('swe-simple', '2025-01-01 00:00:00', ?)",
             params=('{"role": "user", "content": ' + "[" * 20_000 + "]" * 20_000 + "}",))


def b_bom(p: Path) -> None:
    """OpenAI chat JSONL written with a UTF-8 byte-order mark (as Windows tools do)."""
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps({"messages": _chat_turns()}).encode() + b"\n"
                  + json.dumps({"messages": _chat_turns()[1:]}).encode() + b"\n")


# ------------------------------------------------------------------------------- large


def b_huge_message(p: Path) -> None:
    """One 50 MB user message (a pasted log), as OpenAI chat JSON."""
    line = "2025-01-01T00:00:00 INFO worker-17 processed batch 4821 in 12 ms; queue depth 3\n"
    body = line * (50_000_000 // len(line) + 1)
    with p.open("w", encoding="utf-8") as fh:
        fh.write('{"messages": [{"role": "system", "content": "You read logs."}, {"role": "user", "content": ')
        fh.write(json.dumps(body))
        fh.write('}, {"role": "assistant", "content": "The worker is healthy."}]}\n')


def b_many_messages(p: Path) -> None:
    """100,000 tiny messages in one Agents SDK session (the SDK's own schema)."""
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY, created_at TIMESTAMP DEFAULT "
                "CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)")
    con.execute("CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, "
                "message_data TEXT NOT NULL, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, FOREIGN KEY "
                "(session_id) REFERENCES agent_sessions (session_id) ON DELETE CASCADE)")
    con.execute("INSERT INTO agent_sessions (session_id) VALUES ('chatty')")
    user = '{"role": "user", "content": "ping %d"}'
    asst = ('{"id": "msg_%d", "type": "message", "role": "assistant", "status": "completed", '
            '"content": [{"type": "output_text", "text": "pong %d", "annotations": []}]}')
    rows = (("chatty", user % k if k % 2 == 0 else asst % (k, k)) for k in range(100_000))
    con.executemany("INSERT INTO agent_messages (session_id, message_data) VALUES (?, ?)", rows)
    con.commit()
    con.close()


# ------------------------------------------------------------------------------ hostile

# Strings a crafted file carries to attack the terminal that shows them: OSC 52 puts
# `rm -rf ~` on the clipboard, OSC 2 sets the window title, CSI clears the screen, an
# 8-bit CSI, markup that crashes a markup parser, a newline that splits a one-line
# message, a right-to-left override that reverses what follows.
OSC52 = "\x1b]52;c;cm0gLXJmIH4K\x07"
OSC2 = "\x1b]2;pwned\x07"
CSI = "\x1b[2J\x1b[H"
C1_CSI = "\x9b2J"
BIDI = "\u202etxt.exe"
HOSTILE_ID = f"x[/]y[bold=]{OSC2}\n{BIDI}"
HOSTILE_TITLE = f"[/]title {OSC52}{CSI}"
HOSTILE_TOOL = f"[/]bash{OSC52}"
HOSTILE_TOOL2 = f"x[/]y[bold=]{C1_CSI}\n"
HOSTILE = (OSC52, OSC2, CSI, C1_CSI, BIDI, HOSTILE_ID, HOSTILE_TITLE, HOSTILE_TOOL, HOSTILE_TOOL2)


def b_hostile_chat(p: Path) -> None:
    """An OpenAI chat session whose id, title, tool names and bodies attack the terminal."""
    calls = [{"id": f"call_{k}{CSI}", "type": "function",
              "function": {"name": name, "arguments": json.dumps({"cmd": f"ls {OSC2}"})}}
             for k, name in enumerate((HOSTILE_TOOL, HOSTILE_TOOL2))]
    _json(p, {"id": HOSTILE_ID, "title": HOSTILE_TITLE, "messages": [
        {"role": "system", "content": f"You are careful. {OSC52}"},
        {"role": "user", "content": f"List the files [/]now{CSI}{BIDI}"},
        {"role": "assistant", "content": None, "tool_calls": calls},
        {"role": "tool", "tool_call_id": f"call_0{CSI}", "content": f"a.txt{OSC2}"},
        {"role": "tool", "tool_call_id": f"call_1{CSI}", "content": "b.txt"},
        {"role": "assistant", "content": f"Done.{OSC52}"}]}, indent=1)


def b_cc_hostile(p: Path) -> None:
    """A Claude Code transcript whose session id and tool names attack the terminal."""
    recs = _cc_chain()
    for r in recs:
        r["sessionId"] = HOSTILE_ID
    recs[1]["message"]["content"] = [{"type": "tool_use", "id": "toolu_1", "name": HOSTILE_TOOL,
                                      "input": {"command": f"pytest {OSC52}"}}]
    _jsonl(p, recs)


HOSTILE_AGENTS_ID = f"user{OSC52}{C1_CSI}\n"
HOSTILE_CODEX_ID = f"0199bad0{OSC2}{C1_CSI}{BIDI}"


def b_agents_hostile(p: Path) -> None:
    """An Agents SDK database whose session id puts `rm -rf ~` on the clipboard (OSC 52)
    and clears the screen (8-bit CSI)."""
    _copy_db(AGENTS_DB, p, "DELETE FROM agent_messages WHERE session_id != 'swe-simple'",
             "DELETE FROM agent_sessions WHERE session_id != 'swe-simple'",
             "UPDATE agent_sessions SET session_id = ? WHERE session_id = 'swe-simple'",
             "UPDATE agent_messages SET session_id = ? WHERE session_id = 'swe-simple'",
             params=(HOSTILE_AGENTS_ID,))


def b_codex_hostile(p: Path) -> None:
    """A Codex rollout whose session_meta.id sets the window title (OSC 2), with an 8-bit
    CSI and a bidi override."""
    lines = _codex_lines()
    lines[0]["payload"]["id"] = HOSTILE_CODEX_ID
    _jsonl(p, lines)


def b_chat_deep_arguments(p: Path) -> None:
    """Tool-call arguments (JSON inside a string) nesting 2,500 arrays."""
    deep = "[" * 2500 + "]" * 2500
    _json(p, _chat_turns() + [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "ls", "arguments": '{"a": ' + deep + "}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"}], indent=1)


def b_chat_surrogate_arguments(p: Path) -> None:
    """A lone surrogate escaped inside tool-call arguments (half an emoji in a JSON string
    inside a JSON string): valid, but no UTF-8 export can write it raw."""
    _json(p, _chat_turns() + [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "note", "arguments": '{"text": "hi \\ud83d"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "noted"}], indent=1)


def b_cc_deep_tool_input(p: Path) -> None:
    """A tool_use input nesting 250 objects."""
    recs = _cc_chain()
    v: dict = {}
    for _ in range(250):
        v = {"x": v}
    recs[1]["message"]["content"][1]["input"] = v
    _jsonl(p, recs)


def b_cc_usage_not_integer(p: Path) -> None:
    recs = _cc_chain()
    recs[1]["message"]["usage"]["input_tokens"] = "many"
    _jsonl(p, recs)


def b_traj_text_number(p: Path) -> None:
    doc = _traj()
    doc["history"][1]["content"] = [{"type": "text", "text": 42}]
    _json(p, doc, indent=2)


# -------------------------------------------------------------------------------- cases

CASES: list[Case] = [
    # any format
    Case("empty.jsonl", "any", "zero-byte file", "error", ("empty file",), b_empty),
    Case("blank-lines.jsonl", "any", "only blank lines", "error", ("empty file",), b_whitespace),
    Case("notes.txt", "any", "plain text, not a session", "error",
         ("not a supported session file (neither SQLite nor JSON)",), b_text),
    Case("screenshot.png", "any", "binary file (PNG header)", "error", ("not a supported session file",), b_png),
    Case("fake-header.db", "any", "SQLite magic followed by garbage", "error",
         ("not a readable SQLite database",), b_fake_sqlite),
    Case("truncated.db", "openai-agents", "Agents SDK database cut after 12 KiB", "error",
         ("not a readable SQLite database (database disk image is malformed)",), b_truncated_db),
    Case("unknown-schema.db", "any", "a SQLite database of another program", "error",
         ("unknown SQLite schema (tables: notes)",), b_unknown_schema),
    Case("agents-missing-column.db", "openai-agents", "agent_messages without message_data", "error",
         ("table agent_messages", "message_data", "openai-agents"), b_agents_missing_column),
    Case("adk-missing-column.db", "adk", "ADK events table without event_data", "error",
         ("table events", "event_data", "adk"), b_adk_missing_column),
    Case("utf8-bom.jsonl", "openai-chat", "UTF-8 byte-order mark before the first record", "ok", (), b_bom,
         messages=2),
    Case("unknown.json", "any", "JSON of another program", "error", ("line 1: unknown JSON content",),
         b_unknown_json),
    Case("truncated.json", "openai-chat", "pretty-printed JSON cut two thirds in", "error",
         ("invalid JSON",), b_truncated_json),
    Case("deeply-nested.json", "openai-chat", "20,000 nested arrays", "error", ("nested deeper than 128",), b_deep_json),
    Case("deeply-nested.jsonl", "openai-chat", "JSONL whose line 2 nests 20,000 arrays", "skip",
         ("line 2", "nested deeper than 128"), b_deep_jsonl, messages=2),
    # OpenAI chat
    Case("chat-unknown-role.json", "openai-chat", "a message with role 'wizard'", "error",
         ("message 2: unknown role 'wizard'",), b_chat_unknown_role),
    Case("chat-bad-content.jsonl", "openai-chat", "content is a number (line 2)", "skip",
         ("line 2: message 0: content must be a string",), b_chat_bad_content, messages=2),
    Case("chat-duplicate-tool-call-ids.json", "openai-chat", "two calls with the same id", "ok", (),
         b_chat_duplicate_ids, messages=6),
    Case("chat-orphan-tool-result.json", "openai-chat", "a tool result without its call", "ok", (),
         b_chat_orphan_result, messages=4),
    Case("chat-calls-without-results.json", "openai-chat", "two calls never answered", "ok", (),
         b_chat_calls_without_results, messages=5),
    Case("chat-base64-image.json", "openai-chat", "a base64 data-URI image (22 KB)", "ok", (),
         b_chat_base64_image, messages=4),
    Case("chat-lone-surrogate.json", "openai-chat", "an escaped lone surrogate (half an emoji)", "skip",
         ("1 lone UTF-16 surrogate (half of a character) replaced with U+FFFD",), b_chat_lone_surrogate,
         messages=3),
    Case("chat-control-chars.json", "openai-chat", "NUL, ESC and BEL inside a tool result", "ok", (),
         b_chat_nul_and_controls, messages=3),
    # Claude Code
    # the record after the lost line names it as parent: read after line 2 (file order),
    # so the history before the lost line is kept
    Case("cc-invalid-json-line.jsonl", "claude-code", "line 3 cut in the middle", "skip",
         ("line 3, column", "invalid JSON", "not in the file"), b_cc_invalid_json_line, messages=3),
    Case("cc-truncated-last-line.jsonl", "claude-code", "last record half written (agent still writing)",
         "skip", ("line 4: incomplete last line",), b_cc_truncated_last_line, messages=3),
    Case("cc-invalid-utf8.jsonl", "claude-code", "a Latin-1 byte on line 4", "skip",
         ("line 4: invalid UTF-8 (byte 0xe9 at column",), b_cc_invalid_utf8, messages=3),
    Case("cc-not-an-object.jsonl", "claude-code", "a JSON array where a record should be", "skip",
         ("line 3: expected a JSON object, got list",), b_cc_not_object, messages=4),
    Case("cc-cyclic-parents.jsonl", "claude-code", "parentUuid chain that loops", "skip",
         ("parentUuid cycle",), b_cc_cycle, messages=4),
    Case("cc-self-parent.jsonl", "claude-code", "a record that is its own parent", "skip",
         ("parentUuid cycle",), b_cc_self_parent, messages=1),
    Case("cc-dangling-parent.jsonl", "claude-code", "first record's parent is not in the file", "skip",
         ("line 1: parent gone-0000 is not in the file",), b_cc_dangling, messages=4),
    Case("cc-unknown-record-types.jsonl", "claude-code", "progress, queue-operation, custom-title records",
         "skip", ("record type 'progress'", "record type 'queue-operation'", "record type 'custom-title'"),
         b_cc_unknown_types, messages=4),
    Case("cc-duplicate-tool-ids.jsonl", "claude-code", "the same tool_use id used twice", "ok", (),
         b_cc_duplicate_tool_ids, messages=6),
    Case("cc-orphan-tool-result.jsonl", "claude-code", "a tool_result whose tool_use is not in the file", "ok", (),
         b_cc_orphan_result, messages=5),
    Case("cc-base64-image.jsonl", "claude-code", "a base64 image block (22 KB)", "ok", (),
         b_cc_base64_image, messages=4),
    Case("cc-thinking-signature.jsonl", "claude-code", "thinking with a signature, redacted_thinking", "ok", (),
         b_cc_thinking, messages=4),
    # Anthropic Messages JSON
    Case("anthropic-unknown-block.json", "anthropic-json", "a content block of an unknown type", "error",
         ("messages[2].content[1]: unknown content block type 'hologram'",), b_anthropic_unknown_block),
    Case("anthropic-result-without-id.json", "anthropic-json", "a tool_result without tool_use_id", "error",
         ("messages[2].content[0]: tool_result without a string tool_use_id",), b_anthropic_result_without_id),
    Case("anthropic-thinking-signature.json", "anthropic-json", "thinking with a signature, redacted_thinking",
         "ok", (), b_anthropic_thinking, messages=5),
    # Codex
    Case("codex-unknown-types.jsonl", "codex", "unknown line type, unknown item type, non-object payload",
         "skip", ("line 3: unknown line type 'world_state'", "line 5: unknown item type 'hologram_call'",
                  "line 6: not an item object"), b_codex_unknown_types, messages=4),
    Case("codex-bad-compacted.jsonl", "codex", "a 'compacted' line whose payload is a string", "error",
         ("line 4: 'compacted' line without a payload object",), b_codex_bad_compacted),
    Case("codex-encrypted-reasoning.jsonl", "codex", "reasoning with encrypted_content", "ok", (),
         b_codex_encrypted_reasoning, messages=4),
    # SWE-agent
    Case("traj-bad-tool-calls.traj", "swe-agent", "tool_calls repr cut off", "error",
         ("history[", "cannot parse"), b_traj_bad_tool_calls),
    Case("traj-tool-without-ids.traj", "swe-agent", "a tool message without tool_call_ids", "error",
         ("history[", "tool message without tool_call_ids"), b_traj_tool_without_ids),
    Case("traj-invalid-utf8.traj", "swe-agent", "pretty-printed, an invalid byte in history[1]", "error",
         ("invalid UTF-8 (byte 0xef at column",), b_traj_invalid_utf8),
    Case("traj-history-not-list.traj", "swe-agent", "history is an object", "error",
         ("unknown JSON content",), b_traj_history_not_list),
    # SQLite stores
    Case("agents-bad-rows.db", "openai-agents", "truncated JSON, a number, an unknown item type in rows",
         "skip", ("invalid JSON", "not an item object (int)", "unknown item type 'teleport_call'"),
         b_agents_bad_rows),
    Case("agents-corrupt-page.db", "openai-agents", "a data page overwritten with garbage", "error",
         ("session 'swe-simple' in table agent_messages: cannot read", "malformed"), b_agents_corrupt_page),
    Case("agents-latin1-row.db", "openai-agents", "a TEXT value in Latin-1, not UTF-8", "skip",
         ("in table agent_messages", "1 text value not valid UTF-8"), b_agents_latin1),
    Case("agents-orphan-session.db", "openai-agents", "messages without their session row; an empty session",
         "ok", (), b_agents_orphan_session),
    Case("adk-bad-events.db", "adk", "event_data cut off; event_data a JSON list", "skip",
         ("row ", "invalid JSON in event_data", "event_data is not an object"), b_adk_bad_events),
    Case("adk-v0-pickle.db", "adk", "legacy v0 layout, `actions` a pickle", "error",
         ("table events: legacy Google ADK v0 session layout", "never loads"), b_adk_pickle),
    Case("llm-broken-chain.db", "llm", "a message gone mid-thread, a thread's tip gone, a part with bad JSON",
         "skip", ("the thread starts at that message", "tip message", "is missing from table messages",
                  "invalid JSON payload"), b_llm_broken),
    Case("llm-cyclic-parents.db", "llm", "parent_hash links that loop (root -> tip)", "skip",
         ("parent_hash cycle in table messages",), b_llm_cycle),
    Case("agents-deeply-nested-row.db", "openai-agents", "a message_data row nesting 20,000 arrays", "skip",
         ("invalid JSON (nested deeper than 128)",), b_agents_deep_row),
    # hostile: strings that attack the terminal showing them (tests/system/test_hostile.py)
    Case("hostile-names.json", "openai-chat", "OSC 52/OSC 2/CSI, markup, newline, bidi in id, title, tool names",
         "ok", (), b_hostile_chat, messages=6),
    Case("cc-hostile-names.jsonl", "claude-code", "OSC 2, markup, newline, bidi in sessionId; OSC 52 in a tool name",
         "ok", (), b_cc_hostile, messages=4),
    Case("agents-hostile-id.db", "openai-agents", "OSC 52, 8-bit CSI and a newline in the session id",
         "ok", (), b_agents_hostile, messages=11),
    Case("codex-hostile-id.jsonl", "codex", "OSC 2, 8-bit CSI and bidi in session_meta.id", "ok", (),
         b_codex_hostile, messages=4),
    Case("chat-deep-arguments.json", "openai-chat", "tool-call arguments nesting 2,500 arrays", "error",
         ("message 2: tool call call_1: arguments nested deeper than 128",), b_chat_deep_arguments),
    Case("chat-surrogate-in-arguments.json", "openai-chat", "a lone surrogate escaped inside tool-call arguments",
         "ok", (), b_chat_surrogate_arguments, messages=4),
    Case("cc-deep-tool-input.jsonl", "claude-code", "a tool_use input nesting 250 objects", "skip",
         ("line 2", "nested deeper than 128", "not in the file"), b_cc_deep_tool_input, messages=3),
    Case("cc-usage-not-integer.jsonl", "claude-code", "usage.input_tokens is the string 'many'", "error",
         ("line 2: message.usage.input_tokens is not a token count ('many')",), b_cc_usage_not_integer),
    Case("traj-text-number.traj", "swe-agent", "a history text part that is a number", "error",
         ("history[1]: content[0].text is not a string (int)",), b_traj_text_number),
    # large, built at test time
    Case("huge-message.json", "openai-chat", "one 50 MB message", "ok", (), b_huge_message, messages=3, large=True),
    Case("many-messages.db", "openai-agents", "100,000 tiny messages", "ok", (), b_many_messages,
         messages=100_000, large=True),
]

BY_FILE = {c.file: c for c in CASES}


def build_all(folder: Path, large: bool = False) -> list[Path]:
    """Write the small cases (and the large ones when asked) into `folder`."""
    out = []
    for case in CASES:
        if case.large and not large:
            continue
        path = folder / case.file
        if path.exists():
            path.unlink()
        case.build(path)
        out.append(path)
    return out


README_HEAD = """# Bad-input corpus

Files inspector must survive: never a traceback, never a change to the file, never a
half-written result. Every case is built by `cases.py` (rebuild the committed files and
this table with `python scripts/make_bad_inputs.py`); the two large ones are built into
a temporary folder by the tests. `tests/system/test_bad_inputs.py` runs each through the CLI
(`inspector stats`, `plan`, `apply`, `export`, and the export read back), the workspace
import and (a sample) the TUI; the autouse source guard checks no file changed.

- **exit 2**: one line on stderr naming the file and the place, containing the fragments shown;
- **imported, skipped**: the valid part is imported; the skipped records are reported
  (`inspector stats`, the workspace's import report, a TUI notification);
- **imported whole**: odd but valid; nothing is lost.

| file | format | case | expected |
|---|---|---|---|
"""


def readme() -> str:
    rows = [f"| `{c.file}`{' (generated)' if c.large else ''} | {c.format} | {c.what} | {c.describe()} |"
            for c in CASES]
    return README_HEAD + "\n".join(rows) + f"\n\n{len(CASES)} cases.\n"
