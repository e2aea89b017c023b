"""Reliability: every way of reading a source is watched by the source guard; model
faults through the CLI and the workspace leave nothing written and the session
untouched; encrypted reasoning and thinking signatures survive import -> export byte
for byte (untouched, reduced, and through the workspace)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from inspector.service.opening import import_source
from inspector.sources.registry import open_source
from inspector.workspace.database import Workspace
from tests.bad_inputs.cases import HERE as BAD
from tests.bad_inputs.cases import REDACTED, SIGNATURE
from tests.conftest import CLAUDE_CODE, FIXTURES, SWE_AGENT, watching_sources
from tests.conftest import run_cli as run

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
AGENTS = FIXTURES / "openai-agents" / "sessions.db"
# Sagents' policy, failing loudly (its preset keeps the messages when summarizing fails).
SUMMARIZE = ["--preset", "sagents", "--set", "summarization.trigger.context_tokens=8000",
             "--set", "summarization.backoff_seconds=0", "--set", "summarization.on_failure=raise"]


# ------------------------------------------------------------------ the source guard


@pytest.fixture
def opened():
    """Paths of the `inspector.sources.open` audit events (what the source guard records)."""
    seen: list[Path] = []
    with watching_sources(seen.append):
        yield lambda: {p.resolve() for p in seen}


def test_every_way_of_reading_a_source_is_watched(opened, tmp_path, capsys, workspace):
    from inspector.service.opening import iter_sessions, load_session
    from inspector.service.store import open_store
    from inspector.sources.anthropic_json import read_anthropic_json
    from inspector.sources.claude_code import ClaudeCodeSource
    from inspector.sources.codex import CodexSource
    from inspector.sources.registry import detect_format, open_source
    from inspector.sources.swe_agent import read_traj

    cc = CLAUDE_CODE / "session_b.jsonl"
    codex = FIXTURES / "codex" / "rollout-replacement-history.jsonl"
    anthropic = tmp_path / "anthropic.json"
    anthropic.write_text(json.dumps({"system": "be brief", "messages": [{"role": "user", "content": "hi"}]}))
    ways = {
        "open_source": (lambda p: open_source(p).close(), AGENTS),
        "detect_format": (detect_format, FIXTURES / "llm" / "legacy.db"),
        "reader class": (ClaudeCodeSource, cc),
        "another reader class": (CodexSource, codex),
        "read_traj": (read_traj, TRAJ),
        "read_anthropic_json": (read_anthropic_json, anthropic),
        "service.load_session": (load_session, SWE_AGENT / "function_calling_simple.traj"),
        "service.iter_sessions": (lambda p: list(iter_sessions(p)), FIXTURES / "adk" / "sqlite_service.db"),
        "workspace import": (lambda p: import_source(Workspace(tmp_path / "w.db"), p), FIXTURES / "llm" / "message_store.db"),
        "TUI without a workspace": (lambda p: open_store(p, None, use_workspace=False), CLAUDE_CODE / "branch_merge.jsonl"),
        "CLI stats": (lambda p: run(capsys, "stats", p, "--estimate"), SWE_AGENT / "ctf_rev_rock.traj"),
        "CLI plan": (lambda p: run(capsys, "plan", p, "--preset", "none"), SWE_AGENT / "ctf_pwn_warmup.traj"),
    }
    for name, (read, path) in ways.items():
        before = opened()
        read(path)
        assert opened() - before == {path.resolve()}, name


@pytest.mark.anyio
async def test_the_tuis_workspace_import_is_watched(opened, tmp_path):
    from inspector.tui.app import create_app
    from tests.tui.helpers import settings, settle

    path = FIXTURES / "adk" / "database_v1.db"
    app = create_app(path, workspace=tmp_path / "ws.db", settings=settings())
    assert path.resolve() not in opened()  # the import runs in the app's worker
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert app.session_rows
    assert path.resolve() in opened()


def test_the_guard_fails_a_test_that_changes_a_source(tmp_path, source_guard):
    """A reader that wrote to its source would be caught (bytes, -wal and -journal)."""
    from tests.conftest import SourceGuard

    db = tmp_path / "s.db"
    db.write_bytes(AGENTS.read_bytes())
    guard = SourceGuard()
    with watching_sources(guard.record):
        open_source(db).close()
    assert guard.changed() == []
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("INSERT INTO agent_sessions (session_id) VALUES ('sneaky')")
    con.commit()
    assert f"{db.resolve()}-wal" in guard.changed()
    con.close()
    assert str(db.resolve()) in guard.changed()
    source_guard.forget(db)  # this test changed it on purpose


# ------------------------------------------------------------------------ model faults


def litellm_script(monkeypatch, *answers, timeout_on=()):
    """litellm.completion through litellm itself: the next scripted `mock_response`
    (text, or 'litellm.RateLimitError' & co.); models in `timeout_on` time out for real
    (litellm's mock_timeout waits the configured timeout, then raises litellm.Timeout).
    An empty answer, which litellm would take as "no mock" and send to the network, is
    a chat completion with empty content."""
    import litellm

    real = litellm.completion
    script = iter(answers)
    calls: list[str] = []

    def completion(**kw):
        calls.append(kw["model"])
        if kw["model"] in timeout_on:
            return real(**kw, mock_timeout=True)
        answer = next(script)
        if not answer:
            return {"choices": [{"message": {"role": "assistant", "content": answer}}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 0}}
        return real(**kw, mock_response=answer)

    monkeypatch.setattr(litellm, "completion", completion)
    return calls


def stored(ws_path: Path) -> dict:
    with Workspace(ws_path) as ws:
        sessions = ws.list_sessions()
        return {
            "sessions": {s.id: [m.content_hash for m in ws.load_session(s.id).messages] for s in sessions},
            "versions": [v.id for s in sessions for v in ws.list_versions(s.id)],
            "summaries": ws.query("SELECT count(*) FROM summaries")[0][0],
            "offloads": ws.query("SELECT count(*) FROM offloads")[0][0],
        }


def test_timeouts_are_retried_a_bounded_number_of_times_then_fail_over(capsys, monkeypatch, workspace):
    from inspector.sources.swe_agent import read_traj

    calls = litellm_script(monkeypatch, "The agent read /static/id and found the flag.", timeout_on=("gpt-4o-mini",))
    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini",
                         "--set", "summarization.fallback_models=['gpt-4o']", "--set", "summarization.retries=2",
                         "--set", "summarization.timeout_seconds=0.05", "--json")
    assert code == 0, err
    assert calls == ["gpt-4o-mini"] * 3 + ["gpt-4o"]  # 1 + 2 retries, then the fallback once
    assert sum("Timeout" in line for line in err.splitlines()) == 3 and "mock timeout" in err
    d = json.loads(out)
    assert [s["model"] for s in d["summaries"]] == ["gpt-4o"]
    s = stored(workspace)
    assert s["versions"] == [d["version"]]
    (hashes,) = s["sessions"].values()
    assert hashes == [m.content_hash for m in read_traj(TRAJ).messages]


@pytest.mark.parametrize("answer, why", [
    ("", "the summary is empty"),
    ("   \n ", "the summary is empty"),
], ids=["empty", "blank"])
def test_bad_summaries_everywhere_exit_1_and_write_nothing(answer, why, capsys, monkeypatch, workspace):
    from inspector.sources.swe_agent import read_traj

    calls = litellm_script(monkeypatch, *[answer] * 20)
    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini",
                         "--set", "summarization.fallback_models=['gpt-4o']", "--set", "summarization.retries=2")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1].startswith("inspector: compaction failed, nothing written: ")
    assert why in err
    # bounded: an empty answer is retried (3 per model)
    assert len(calls) == 6 and calls[-1] == "gpt-4o"
    s = stored(workspace)
    assert s["versions"] == [] and s["summaries"] == 0 and s["offloads"] == 0
    (hashes,) = s["sessions"].values()  # the imported session, untouched
    assert hashes == [m.content_hash for m in read_traj(TRAJ).messages]


def test_a_too_long_summary_is_trimmed_to_its_planned_share(capsys, monkeypatch, workspace):
    """Issue 11, finding 5: an answer longer than the word cap is cut to its token share
    before it is accepted (no retry at temperature 0), so the plan holds."""
    from inspector.engine.summarize.protocol import TRIM_MARK

    calls = litellm_script(monkeypatch, *["flag " * 20_000] * 3)
    code, out, err = run(capsys, "apply", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini",
                         "--set", "summarization.max_summary_words=100", "--json")
    assert code == 0, err
    assert calls == ["gpt-4o-mini"]
    d = json.loads(out)
    with Workspace(workspace) as ws:
        text = ws.load_version(d["version"]).messages[1].text
    assert TRIM_MARK.strip() in text and text.count("flag") <= 135


def test_export_whose_model_fails_exits_1_and_leaves_the_output_alone(capsys, monkeypatch, tmp_path):
    calls = litellm_script(monkeypatch, *["litellm.RateLimitError", "litellm.InternalServerError"] * 5)
    out = tmp_path / "out.json"
    out.write_text("an earlier export\n")
    new = tmp_path / "new.jsonl"
    for target, fmt in ((out, "openai-json"), (new, "openai-jsonl")):
        code, stdout, err = run(capsys, "export", TRAJ, *SUMMARIZE, "--set", "summarization.model=gpt-4o-mini",
                                "--set", "summarization.retries=1", "-f", fmt, "-o", target)
        assert (code, stdout) == (1, "")
        assert "compaction failed, nothing written: summary failed after 2 attempts" in err
    assert calls == ["gpt-4o-mini"] * 4
    assert out.read_text() == "an earlier export\n" and not new.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_a_failed_apply_then_a_good_one_reuses_nothing_bad(capsys, monkeypatch, workspace):
    """After a failure the next apply starts clean: no half-cached summary is reused."""
    litellm_script(monkeypatch, *["litellm.InternalServerError"] * 2, "A fine summary of the CTF run.")
    args = [*SUMMARIZE, "--set", "summarization.model=gpt-4o-mini", "--set", "summarization.retries=1", "--json"]
    assert run(capsys, "apply", TRAJ, *args)[0] == 1
    code, out, err = run(capsys, "apply", TRAJ, *args)
    assert code == 0, err
    d = json.loads(out)
    assert d["version"].endswith("@v1") and d["summaries"][0]["model"] == "gpt-4o-mini"
    with Workspace(workspace) as ws:
        assert "A fine summary of the CTF run." in ws.load_version(d["version"]).messages[1].text


# ---------------------------------------------------------- opaque data, byte for byte


def rows(db: Path, session: str | None = None) -> list[str]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        sql = "SELECT message_data FROM agent_messages" + (" WHERE session_id = ?" if session else "") + " ORDER BY id"
        return [r[0] for r in con.execute(sql, (session,) if session else ())]
    finally:
        con.close()


CLEAR = ["--preset", "none", "--set", "reduction.clear.enabled=true", "--set", "reduction.clear.trigger_tokens=0",
         "--set", "reduction.clear.keep_rounds=0", "--set", "reduction.clear.at_least_tokens=0",
         "--set", "reduction.clear.clear_arguments=true"]


@pytest.mark.parametrize("session, config", [("swe-simple", ["--preset", "none"]), ("swe-marshmallow", CLEAR)],
                         ids=["untouched", "arguments cleared"])
def test_encrypted_reasoning_survives_agents_sdk_import_export(session, config, capsys, tmp_path):
    source = rows(AGENTS, session)
    reasoning = [r for r in source if '"encrypted_content"' in r]
    assert reasoning
    out = tmp_path / "out.db"
    code, _, err = run(capsys, "export", AGENTS, "--session", session, *config, "-f", "openai-agents-sqlite",
                       "-o", out)
    assert code == 0, err
    written = rows(out)
    assert all(r in written for r in reasoning)  # the very bytes the SDK stored
    if config == CLEAR:
        # message 9 carries reasoning and a call whose arguments were cleared: rewritten around it
        calls = [json.loads(r) for r in written if json.loads(r).get("type") == "function_call"]
        assert any("cleared" in c["arguments"] for c in calls)
    else:
        assert written == source


def test_encrypted_reasoning_survives_the_workspace_and_a_codex_rollout(capsys, tmp_path, workspace):
    codex = BAD / "codex-encrypted-reasoning.jsonl"
    item = next(json.loads(line)["payload"] for line in codex.read_text().splitlines()
                if '"encrypted_content"' in line)
    # Codex rollout -> Agents SDK session: the reasoning item, byte for byte
    out = tmp_path / "codex.db"
    assert run(capsys, "export", codex, "--preset", "none", "-f", "openai-agents-sqlite", "-o", out)[0] == 0
    assert json.dumps(item, ensure_ascii=False) in rows(out)
    # Agents SDK -> workspace -> Agents SDK: stored and exported from the workspace
    assert run(capsys, "apply", AGENTS, "--session", "swe-simple", *CLEAR)[0] == 0
    with Workspace(workspace) as ws:
        (sid,) = [s.id for s in ws.list_sessions()]
    out2 = tmp_path / "from-ws.db"
    code, _, err = run(capsys, "export", workspace, "--session", sid, "--preset", "none",
                       "-f", "openai-agents-sqlite", "-o", out2)
    assert code == 0, err
    assert rows(out2) == rows(AGENTS, "swe-simple")


def opaque_blocks(value) -> list[dict]:
    """Every thinking / redacted_thinking block in a JSON value, in order."""
    if isinstance(value, dict):
        if value.get("type") in ("thinking", "redacted_thinking"):
            return [value]
        return [b for v in value.values() for b in opaque_blocks(v)]
    if isinstance(value, list):
        return [b for v in value for b in opaque_blocks(v)]
    return []


@pytest.mark.parametrize("source", ["cc-thinking-signature.jsonl", "anthropic-thinking-signature.json"])
@pytest.mark.parametrize("config", [["--preset", "none"], CLEAR], ids=["untouched", "arguments cleared"])
def test_thinking_signatures_survive_import_export(source, config, capsys, tmp_path):
    src = BAD / source
    text = src.read_text()
    records = [json.loads(line) for line in text.splitlines()] if source.endswith(".jsonl") else [json.loads(text)]
    thinking, redacted = opaque_blocks(records)
    assert thinking["signature"] == SIGNATURE and redacted["data"] == REDACTED
    expected = [json.dumps(thinking), json.dumps(redacted)]
    out = tmp_path / "out.json"
    code, _, err = run(capsys, "export", src, *config, "-f", "anthropic-json", "-o", out)
    assert code == 0, err
    assert [json.dumps(b) for b in opaque_blocks(json.loads(out.read_text()))] == expected
    # OpenAI chat has no place for them (thinking_blocks is LiteLLM's extension, issue
    # 13): left out, with a warning, never leaked into the chat messages
    chat = tmp_path / "chat.json"
    code, _, err = run(capsys, "export", src, *config, "-f", "openai-json", "-o", chat)
    assert code == 0 and "signed thinking cannot be carried in OpenAI chat" in err
    assert SIGNATURE not in chat.read_text() and "thinking_blocks" not in chat.read_text()
