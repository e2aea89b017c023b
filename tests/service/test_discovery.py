"""Discovery on a home directory laid out as Claude Code's, Codex's and the llm CLI's
are, and a working directory holding agent databases: what `inspector discover`, the
bare `inspector` and the app's discovery screen list."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from inspector.cli.main import main
from inspector.service.discovery import discover, fill
from inspector.sources.registry import open_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _place(src: Path, dst: Path, age_hours: float) -> Path:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    t = time.time() - age_hours * 3600
    os.utime(dst, (t, t))
    return dst


@pytest.fixture
def machine(tmp_path, monkeypatch):
    home, cwd = tmp_path / "home", tmp_path / "work"
    cc = home / ".claude" / "projects"
    _place(FIXTURES / "claude-code/branch_merge.jsonl", cc / "-home-ada-shop" / "0b1d-aaaa.jsonl", 5)
    _place(FIXTURES / "claude-code/session_b.jsonl", cc / "-home-ada-shop" / "0b1d-bbbb.jsonl", 1)
    _place(FIXTURES / "claude-code/todowrite_examples.jsonl", cc / "-home-ada-blog" / "77aa.jsonl", 30)
    _place(FIXTURES / "claude-code-subagent/agent-a7be2f0.jsonl",
           cc / "-home-ada-shop" / "0b1d-bbbb" / "subagents" / "agent-a7be2f0.jsonl", 1.5)
    (cc / "-home-ada-blog" / "empty.jsonl").write_bytes(b"")  # a session just started: nothing yet
    codex = home / ".codex" / "sessions" / "2025" / "10" / "29"
    _place(FIXTURES / "codex/rollout-2025-10-29T01-00-00-marshmallow.jsonl",
           codex / "rollout-2025-10-29T01-00-00-marshmallow.jsonl", 2)
    _place(FIXTURES / "llm/message_store.db", home / ".config" / "io.datasette.llm" / "logs.db", 3)
    _place(FIXTURES / "adk/sqlite_service.db", cwd / "adk_sessions.db", 4)
    _place(FIXTURES / "openai-agents/sessions.db", cwd / "agents.sqlite", 0.5)
    with sqlite3.connect(cwd / "unrelated.db") as conn:
        conn.execute("CREATE TABLE t (a)")
    (cwd / "notes.db").write_text("not a database")
    for var in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "LLM_USER_PATH", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(cwd)
    return home, cwd


def test_grouped_by_tool_and_project_newest_first(machine):
    home, cwd = machine
    found = discover()
    assert [(f.tool, f.project, f.path.name) for f in found] == [
        ("claude-code", "/home/ada/shop", "0b1d-bbbb.jsonl"),
        ("claude-code", "/home/ada/shop", "agent-a7be2f0.jsonl"),
        ("claude-code", "/home/ada/shop", "0b1d-aaaa.jsonl"),
        ("claude-code", "/home/ada/blog", "77aa.jsonl"),
        ("codex", "/testbed", "rollout-2025-10-29T01-00-00-marshmallow.jsonl"),
        ("llm", str(home / ".config" / "io.datasette.llm"), "logs.db"),
        ("openai-agents", str(cwd), "agents.sqlite"),
        ("adk", str(cwd), "adk_sessions.db"),
    ]
    assert all(f.sessions is None for f in found)  # listing opens nothing


def test_counts_are_the_sources_own(machine):
    for f in discover():
        fill(f)
        with open_source(f.path) as src:
            sessions = [src.read(s) for s in src.session_ids()]
        assert f.error is None
        assert f.sessions == len(sessions)
        assert f.messages == sum(len(s.messages) for s in sessions)
        assert f.tokens and f.tokens > 0


def test_the_tools_own_variables_are_honoured(machine, tmp_path, monkeypatch):
    home, _ = machine
    elsewhere = tmp_path / "elsewhere"
    shutil.move(home / ".claude", elsewhere / "claude")
    shutil.move(home / ".codex", elsewhere / "codex")
    shutil.move(home / ".config" / "io.datasette.llm", elsewhere / "llm")
    assert {f.tool for f in discover()} == {"openai-agents", "adk"}
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(elsewhere / "claude"))
    monkeypatch.setenv("CODEX_HOME", str(elsewhere / "codex"))
    monkeypatch.setenv("LLM_USER_PATH", str(elsewhere / "llm"))
    assert [f.tool for f in discover()].count("claude-code") == 4
    assert {f.tool for f in discover()} == {"claude-code", "codex", "llm", "openai-agents", "adk"}


def test_a_langgraph_database_in_the_working_directory(machine):
    pytest.importorskip("langgraph.checkpoint.sqlite")
    from langgraph.checkpoint.sqlite import SqliteSaver

    from tests.langgraph_agent import run_threads

    _, cwd = machine
    with SqliteSaver.from_conn_string(str(cwd / "checkpoints.sqlite")) as saver:
        run_threads(saver, {"t": 1})
    (lg,) = [f for f in discover() if f.tool == "langgraph"]
    assert fill(lg).sessions == 1 and lg.messages == 5  # user, two calls, two results, answer


def test_discover_command_and_bare_inspector(machine, capsys):
    assert main(["discover", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [d["tool"] for d in listed] == [f.tool for f in discover()]
    assert all(d["sessions"] >= 1 and d["error"] is None for d in listed)
    assert main([]) == 0  # not a terminal: the same list, as text
    out = capsys.readouterr().out
    assert out.index("Claude Code  /home/ada/shop") < out.index("Codex  /testbed") < out.index("Agents SDK")
    assert "0b1d-bbbb.jsonl" in out and "unrelated.db" not in out and "notes.db" not in out


@pytest.mark.anyio
async def test_the_app_lists_them_and_opens_one_with_a_key(machine, app_env, tmp_path, monkeypatch):
    from textual.widgets import DataTable

    from inspector.tui.app import create_app
    from inspector.tui.screens.discover import DiscoverScreen
    from inspector.tui.screens.sessions import SessionsScreen
    from tests.tui.helpers import settings, settle

    home, cwd = machine
    monkeypatch.setenv("HOME", str(home))  # app_env left it; and the cwd is the work folder
    monkeypatch.chdir(cwd)
    app = create_app(discover=True, workspace=tmp_path / "ws.db", settings=settings(workspace=tmp_path / "ws.db"))
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, DiscoverScreen)
        table = screen.query_one("#discover-table", DataTable)
        assert table.row_count == len(discover())
        assert str(table.get_cell("0", "sessions")).strip() == "1"  # filled
        table.move_cursor(row=5)  # the Agents SDK database: several sessions
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, SessionsScreen)
        with open_source(cwd / "agents.sqlite") as src:
            assert len(app.session_rows) == len(src.session_ids())
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, DiscoverScreen)
