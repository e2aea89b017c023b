"""kill -9 during `inspector apply` and `inspector export` (real CLI subprocesses):
the workspace always reopens at the old or the new version, never in between, and
output files appear whole or not at all.

The processes die at named points through `inspector/_faults.py`
(`INSPECTOR_FAULT=<point>[@<nth hit>]` sends SIGKILL to the process itself there):

- `workspace.version_row`: the new version's row is inserted, nothing else;
- `workspace.bodies_batch@N`: after the Nth batch of 1,000 message bodies (mid-import
  or mid-version: rows of the new version are already written);
- `workspace.version_end`: every row of the version (messages, lineage, offloads,
  summaries) inserted, just before COMMIT;
- `export.chunk@N`: the export's temp file holds N chunks;
- `export.rename`: the temp file is written and fsynced, not yet renamed;
- `export.agents_insert`: the Agents SDK session's rows are inserted, not committed;
- `export.adk_insert`, `export.sqlite_publish`: the same for ADK; a new database built
  under its temp name, not yet linked into place (tests/exports/test_sqlite_new_file.py);
- `agents.write_back_cleared`, `agents.write_back_commit`: the Agents SDK adapter's
  write-back (tests/adapters/test_agents_write_back.py).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from inspector.cli.main import main
from inspector.sources.registry import FORMAT_NAMES
from inspector.workspace.database import Workspace
from tests.forked import Command, run_commands

ROUNDS = 800  # 1 + 800 * 3 = 2,401 messages: three batches of bodies
APPLY = ["--preset", "none", "--set", "tokens.counter=estimate", "--set", "reduction.truncation.enabled=true",
         "--set", "reduction.truncation.max_chars=300"]
APPLY_V2 = APPLY[:-1] + ["reduction.truncation.max_chars=200"]


def chat_session(rounds: int = ROUNDS) -> dict:
    msgs = [{"role": "system", "content": "You are a build agent."}]
    for r in range(rounds):
        msgs.append({"role": "user", "content": f"step {r}: build part {r}"})
        msgs.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{r}", "type": "function", "function": {"name": "make", "arguments": json.dumps({"part": r})}}]})
        msgs.append({"role": "tool", "tool_call_id": f"call_{r}",
                     "content": f"[{r}] " + " ".join(f"compiled unit {r}.{k} ok" for k in range(40))})
    return {"id": "build", "messages": msgs}


def cli(*argv: str | Path, env: dict[str, str], fault: str | None = None) -> Command:
    """`inspector ARGV` as a process of its own (tests/forked.py), dying at `fault`."""
    return Command([str(a) for a in argv], env={**env, "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                                                "INSPECTOR_FAULT": fault})


def finish(commands: dict[str, Command]) -> dict[str, tuple[int, str, str]]:
    """Run the commands side by side, each a process (2 cores: they overlap); their
    (exit status, stdout, stderr)."""
    results = run_commands(list(commands.values()), parallel=True, timeout=120)
    assert not any(r.timed_out for r in results), [r.argv for r in results if r.timed_out]
    return {name: (r.returncode, r.stdout, r.stderr) for name, r in zip(commands, results)}


def state(path: Path) -> dict:
    """Everything a reader of the workspace can see, and its consistency."""
    with Workspace(path) as ws:
        assert ws.query("PRAGMA integrity_check")[0][0] == "ok"
        assert ws.query("PRAGMA foreign_key_check") == []
        versions = {}
        for s in ws.list_sessions():
            for v in ws.list_versions(s.id):
                msgs = ws.load_version(v.id).messages
                assert len(msgs) == v.messages == len(ws.version_lineage(v.id))
                versions[v.id] = ([m.content_hash for m in msgs], sorted(o.id for o in ws.list_offloads(v.id)))
        orphans = ws.query(
            "SELECT (SELECT count(*) FROM version_messages WHERE version_id NOT IN (SELECT id FROM versions)), "
            "(SELECT count(*) FROM offloads WHERE version_id IS NOT NULL AND version_id NOT IN "
            "(SELECT id FROM versions)), "
            "(SELECT count(*) FROM messages WHERE session_id NOT IN (SELECT id FROM sessions))")[0]
        assert orphans == (0, 0, 0), orphans
        sessions = {s.id: s.messages for s in ws.list_sessions()}
    return {"sessions": sessions, "versions": versions}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A workspace holding the 2,401-message session and its version 1."""
    d = tmp_path_factory.mktemp("atomic")
    src = d / "build.json"
    src.write_text(json.dumps(chat_session()))
    ws = d / "ws.db"
    old = os.environ.get("INSPECTOR_WORKSPACE")
    os.environ["INSPECTOR_WORKSPACE"] = str(ws)
    try:
        assert main(["apply", str(src), *APPLY]) == 0
    finally:
        if old is None:
            del os.environ["INSPECTOR_WORKSPACE"]
        else:
            os.environ["INSPECTOR_WORKSPACE"] = old
    return src, ws, state(ws)


def copy_ws(ws: Path, dst: Path) -> Path:
    shutil.copy(ws, dst)  # closed cleanly: no -wal to carry
    return dst


@pytest.mark.slow
def test_kill_9_during_apply_leaves_the_old_version_or_the_new_one(base, tmp_path, source_guard, monkeypatch,
                                                                   capsys):
    src, ws, before = base
    source_guard.record(src)
    assert len(before["versions"]) == 1
    (v1,) = before["versions"]
    assert before["versions"][v1][1], "version 1 has offloads"
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**chat_session(400), "id": "other"}))
    source_guard.record(other)
    points = {
        "workspace.version_row": src,
        "workspace.bodies_batch@1": src,  # v2's bodies and messages: 1,000 rows in
        "workspace.bodies_batch@2": src,
        "workspace.version_end": src,  # every row written, before COMMIT
        "import:workspace.bodies_batch@1": other,  # importing a new session, mid-way
    }
    paths = {p: copy_ws(ws, tmp_path / f"ws-{k}.db") for k, p in enumerate(points)}
    paths["no fault"] = copy_ws(ws, tmp_path / "ws-ok.db")
    procs = {p: cli("apply", points[p], *APPLY_V2, env={"INSPECTOR_WORKSPACE": str(paths[p])},
                    fault=p.removeprefix("import:")) for p in points}
    procs["no fault"] = cli("apply", src, *APPLY_V2, env={"INSPECTOR_WORKSPACE": str(paths["no fault"])})
    results = finish(procs)

    code, out, err = results.pop("no fault")
    assert code == 0, err
    v2 = out.strip()
    after = state(paths["no fault"])
    assert set(after["versions"]) == {v1, v2} and after["versions"][v1] == before["versions"][v1]
    assert after["versions"][v2] != before["versions"][v1]  # a different version, saved whole

    for point, (code, out, err) in results.items():
        assert code == -signal.SIGKILL, (point, code, err)  # it died at the point, not before
        s = state(paths[point])  # reopens: consistent, at the old state
        assert s == before, point
        # and the next run writes the new version, numbered after the old one
        monkeypatch.setenv("INSPECTOR_WORKSPACE", str(paths[point]))
        code = main(["apply", str(points[point]), *APPLY_V2])
        out, err = capsys.readouterr()
        assert code == 0 and out.strip().endswith("@v2" if points[point] is src else "@v1"), err
        if points[point] is src:
            assert state(paths[point])["versions"][out.strip()] == after["versions"][v2]


@pytest.mark.slow
def test_kill_9_during_export_leaves_the_file_whole_or_absent(base, tmp_path, source_guard):
    src, _, _ = base
    source_guard.record(src)
    out = tmp_path / "out"
    out.mkdir()
    previous = '{"messages": []}\n'
    targets = {
        "export.chunk@500": ("openai-json", out / "mid-write.json", previous),
        "export.rename": ("openai-json", out / "before-rename.json", previous),
        "export.chunk@2": ("openai-jsonl", out / "new.jsonl", None),
        "export.agents_insert": ("openai-agents-sqlite", out / "agents.db", "db"),
    }
    # An Agents SDK database that already holds a session (written by the exporter).
    assert main(["export", str(src), "--preset", "none", "-f", "openai-agents-sqlite", "-o", str(out / "agents.db")]) == 0
    db_before = sqlite3.connect(out / "agents.db").execute(
        "SELECT session_id, count(*) FROM agent_messages GROUP BY session_id").fetchall()
    for _fmt, path, old in targets.values():
        if old and old != "db":
            path.write_text(old)
    procs = {p: cli("export", src, *APPLY, "-f", fmt, "-o", path, "--force", env={}, fault=p)
             for p, (fmt, path, _) in targets.items()}
    procs["no fault"] = cli("export", src, *APPLY, "-f", "openai-json", "-o", out / "whole.json", env={})
    results = finish(procs)

    code, _, err = results.pop("no fault")
    assert code == 0, err
    whole = json.loads((out / "whole.json").read_text())
    assert len(whole["messages"]) == 1 + ROUNDS * 3
    for point, (code, _, err) in results.items():
        assert code == -signal.SIGKILL, (point, code, err)
        fmt, path, old = targets[point]
        if old == "db":
            con = sqlite3.connect(path)
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert con.execute("SELECT session_id, count(*) FROM agent_messages GROUP BY session_id").fetchall() \
                == db_before
            con.close()
        elif old is None:
            assert not path.exists(), point
        else:
            assert path.read_text() == old, point
    # What a kill leaves behind is only a hidden temp file, never a file under the target name.
    leftovers = sorted(p.name for p in out.iterdir())
    assert {n for n in leftovers if not n.startswith(".")} == {
        "whole.json", "mid-write.json", "before-rename.json", "agents.db"} | (
        {"agents.db-journal"} if (out / "agents.db-journal").exists() else set())
    assert all(n.endswith(".tmp") for n in leftovers if n.startswith("."))
    # The next export over the same targets writes them whole.
    for point, (fmt, path, _) in targets.items():
        assert main(["export", str(src), *APPLY, "-f", fmt, "-o", str(path), "--force"]) == 0, point
    assert json.loads((out / "mid-write.json").read_text()) == whole
    assert json.loads((out / "before-rename.json").read_text()) == whole


def test_python_m_inspector_cli_prints_one_line_not_a_traceback(tmp_path):
    """`python -m inspector.cli` (how the subprocess tests run it) reports bad input like
    the `inspector` script: the commands' CliError used to escape as a traceback."""
    bad = tmp_path / "notes.txt"
    bad.write_text("not a session\n")
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("INSPECTOR_FAULT", None)
    run = subprocess.run([sys.executable, "-m", "inspector.cli", "stats", str(bad)], env=env, capture_output=True,
                         text=True, timeout=120)
    code, out, err = run.returncode, run.stdout, run.stderr
    assert (code, out) == (2, "")
    assert err == f"inspector: {bad}: not a supported session file (neither SQLite nor JSON); supported: " \
                  f"{', '.join(FORMAT_NAMES)}\n"
