"""`inspector stats`: counts checked against the data, JSON shape, errors, progress."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from inspector.cli.main import main

FIX = Path(__file__).resolve().parent.parent / "fixtures"
AGENTS = FIX / "openai-agents" / "sessions.db"


def run(capsys, *argv):
    code = main(["stats", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_json_matches_the_database(capsys):
    code, out, err = run(capsys, AGENTS, "--json")
    assert code == 0
    data = json.loads(out)  # exactly one JSON object
    assert set(data) == {"source", "format", "counter", "sessions"}
    assert data["format"] == "openai-agents" and data["counter"] == "tiktoken:o200k_base"
    con = sqlite3.connect(f"file:{AGENTS}?mode=ro", uri=True)
    items = [json.loads(r[0]) for r in con.execute(
        "SELECT message_data FROM agent_messages WHERE session_id='swe-simple' ORDER BY id")]
    s = data["sessions"][0]
    assert set(s) == {"id", "messages", "tool_calls", "tool_results", "user_messages", "text_chars", "tokens"}
    assert s["id"] == "swe-simple"
    assert s["tool_calls"] == sum(1 for i in items if i.get("type") == "function_call")
    assert s["tool_results"] == sum(1 for i in items if i.get("type") == "function_call_output")
    assert s["user_messages"] == sum(1 for i in items if i.get("role") == "user")
    text = sum(len(c["text"]) for i in items if i.get("type") == "message" for c in i["content"])
    text += sum(len(i["output"]) for i in items if i.get("type") == "function_call_output")
    text += sum(len(i["content"]) for i in items if i.get("role") == "user")
    assert s["text_chars"] == text
    assert 0 < s["tokens"] and s["tokens"] > text / 8


def test_stats_one_session_and_estimate(capsys):
    code, out, _ = run(capsys, AGENTS, "--session", "swe-marshmallow", "--json", "--estimate")
    data = json.loads(out)
    assert code == 0 and [s["id"] for s in data["sessions"]] == ["swe-marshmallow"]
    assert data["counter"].startswith("estimate:")


def test_stats_table_labels_counter_and_skips(capsys):
    code, out, _ = run(capsys, FIX / "codex" / "rollout-2025-10-29T01-00-00-marshmallow.jsonl")
    assert code == 0
    assert "tokens counted with tiktoken:o200k_base" in out
    assert "skipped 2 records:" in out and "line 41: unknown line type 'world_state'" in out


@pytest.mark.parametrize("make,expect", [
    (lambda d: d.joinpath("t.txt").write_text("plain text") and d / "t.txt", "not a supported session file"),
    (lambda d: d.joinpath("c.db").write_bytes(AGENTS.read_bytes()[:3000]) and d / "c.db", "SQLite"),
    (lambda d: d.joinpath("b.jsonl").write_text('{oops\n{"nope": 1}\n') and d / "b.jsonl",
     "line 1: unknown JSONL content"),
])
def test_stats_bad_input_one_line_exit_2(capsys, tmp_path, make, expect):
    path = make(tmp_path)
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"inspector: {path}") and expect in lines[0]
    assert "Traceback" not in err


def test_stats_unknown_schema_and_session(capsys, tmp_path):
    p = tmp_path / "x.db"
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE notes (id, body)")
    con.close()
    code, _, err = run(capsys, p)
    assert code == 2 and "unknown SQLite schema (tables: notes)" in err
    code, out, err = run(capsys, AGENTS, "--session", "missing", "--json")
    assert code == 2 and out == "" and "no session 'missing'" in err


def test_stats_progress_for_many_sessions(capsys, tmp_path):
    db = tmp_path / "many.db"
    shutil.copy(AGENTS, db)
    con = sqlite3.connect(db)
    for k in range(40):
        con.execute("INSERT INTO agent_sessions (session_id) VALUES (?)", (f"s{k}",))
        con.execute("INSERT INTO agent_messages (session_id, message_data) VALUES (?, ?)",
                    (f"s{k}", json.dumps({"role": "user", "content": f"question {k}"})))
    con.commit()
    con.close()
    code, out, err = run(capsys, db, "--json")
    assert code == 0 and len(json.loads(out)["sessions"]) == 42
    assert "reading sessions: 42/42" in err
    code, out, err = run(capsys, AGENTS, "--json")
    assert err == ""  # two sessions: no progress noise


def test_stats_reports_our_count_next_to_recorded_usage(capsys):
    """Claude Code records the input tokens of every model call: stats puts our count
    of the context before that call beside it."""
    from inspector.engine.calibration import calibration
    from inspector.engine.tokens import make_counter
    from inspector.sources.registry import open_source

    src = FIX / "claude-code" / "representative_messages.jsonl"
    code, out, _ = run(capsys, src, "--json")
    assert code == 0
    data = json.loads(out)
    (sid, cal), = data["calibration"].items()
    with open_source(src) as source:
        session = source.read(sid)
    points = calibration(session, make_counter())
    usage = [m.usage for m in session.messages if m.role == "assistant" and m.usage]
    assert cal["calls"] == len(points) == len(usage)
    assert cal["recorded"] == usage[-1].context_tokens == points[-1].recorded
    assert cal["counted"] == points[-1].counted
    assert all(set(s) == {"id", "messages", "tool_calls", "tool_results", "user_messages", "text_chars", "tokens"}
               for s in data["sessions"])
    code, out, _ = run(capsys, src)
    assert f"{sid}: {cal['recorded']:,} recorded, {cal['counted']:,} counted" in out


def test_stats_breakdown_matches_the_plan(capsys, tmp_path):
    """`--breakdown`: the same categories as the TUI's view, adding up to `inspector plan`'s totals."""
    code, out, _ = run(capsys, CLAUDE_CODE_SESSION, "--breakdown", "--json", *TIGHT)
    assert code == 0
    s = json.loads(out)["sessions"][0]
    b = s["breakdown"]
    assert b["tokens_before"] == s["tokens"]
    assert sum(c["tokens_before"] for c in b["categories"]) == b["tokens_before"]
    assert sum(c["tokens_after"] for c in b["categories"]) == b["tokens_after"]
    code, out, _ = run_plan(capsys, CLAUDE_CODE_SESSION, "--json", *TIGHT,
                           "--workspace", tmp_path / "none.db")
    planned = json.loads(out)
    assert (b["tokens_before"], b["tokens_after"]) == (planned["tokens_before"], planned["tokens_after"])
    labels = [c["label"] for c in b["categories"]]
    assert "user requests" in labels and any(label.startswith("tool results: ") for label in labels)
    code, text, _ = run(capsys, CLAUDE_CODE_SESSION, "--breakdown", *TIGHT)
    assert code == 0 and f"{b['tokens_before']:,} → {b['tokens_after']:,} tokens" in text
    assert all(label in text for label in labels)


TIGHT = ["--preset", "balanced", "--set", "reduction.truncation.max_chars=300", "--set",
         "summarization.trigger.context_tokens=1000", "--set", "summarization.keep.tokens=400"]
CLAUDE_CODE_SESSION = FIX / "claude-code" / "representative_messages.jsonl"


def run_plan(capsys, *argv):
    code = main(["plan", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err
