"""A fleet sweep over a PostgreSQL store (the real server of the `postgres` fixture):
thousands of small Agents SDK sessions in `SQLAlchemySession`'s tables, swept with a
stratified `--sample` on the process pool (each worker opens the URL itself), giving
byte for byte what the same sessions in a SQLite file give; killed with -9 mid-way, the
sweep resumes from the workspace to the same output. The password is never printed."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import uuid

import pytest

from inspector.exports.agents_sqlite import SCHEMA as SQLITE_SCHEMA
from inspector.exports.postgres import AGENTS_SCHEMA
from tests.lazy import installed
from tests.postgres_server import PASSWORD

pytestmark = pytest.mark.skipif(not installed("psycopg"), reason="psycopg is in the test extra")

SESSIONS = 2000
KNOB = "summarization.trigger.context_tokens"
SET = ["--set", "summarization.trigger.context_ratio=0", "--set", "summarization.keep.tokens=0"]


def items(k: int, rng: random.Random) -> list[str]:
    """A small session: 1 to 6 exchanges of a question, a tool call, its output and an
    answer, the outputs of varied length (so sizes differ and compaction triggers)."""
    out = []
    for t in range(rng.randint(1, 6)):
        call = f"call_{k}_{t}"
        out += [{"role": "user", "content": f"session {k}: step {t}, read file {t}"},
                {"type": "function_call", "call_id": call, "name": "read", "arguments": json.dumps({"n": t}),
                 "id": f"fc_{k}_{t}", "status": "completed"},
                {"type": "function_call_output", "call_id": call,
                 "output": " ".join(f"line{j}" for j in range(rng.randint(20, 400)))},
                {"type": "message", "role": "assistant", "id": f"msg_{k}_{t}", "status": "completed",
                 "content": [{"type": "output_text", "text": f"Read file {t}.", "annotations": []}]}]
    return [json.dumps(i) for i in out]


@pytest.fixture(scope="module")
def fleet(postgres, tmp_path_factory):
    """(the PostgreSQL URL, a SQLite file holding the same sessions)."""
    name = postgres.create_database(f"fleet_{uuid.uuid4().hex[:8]}")
    url = postgres.url(name, "psycopg")
    rng = random.Random(5)
    rows = [(f"s{k:05d}", data) for k in range(SESSIONS) for data in items(k, rng)]
    ids = [f"s{k:05d}" for k in range(SESSIONS)]
    import psycopg

    with psycopg.connect(postgres.url(name)) as conn:
        for ddl in AGENTS_SCHEMA:  # SQLAlchemySession's tables on PostgreSQL
            conn.execute(ddl)
        with conn.cursor() as cur:
            with cur.copy("COPY agent_sessions (session_id) FROM STDIN") as copy:
                for sid in ids:
                    copy.write_row((sid,))
            with cur.copy("COPY agent_messages (session_id, message_data) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
    db = tmp_path_factory.mktemp("fleet-pg") / "same.db"
    lite = sqlite3.connect(db)
    for ddl in SQLITE_SCHEMA:
        lite.execute(ddl)
    with lite:
        lite.executemany("INSERT INTO agent_sessions (session_id) VALUES (?)", [(sid,) for sid in ids])
        lite.executemany("INSERT INTO agent_messages (session_id, message_data) VALUES (?, ?)", rows)
    lite.close()
    return url, db


def sweep(source, *more) -> list[str]:
    return [sys.executable, "-m", "inspector.cli", *sweep_args(source, *more)]


def sweep_args(source, *more) -> list[str]:
    return ["sweep", str(source), "--all", *SET, "--knob", KNOB,
            "--values", "2k,8k", "--sample", "60", "--seed", "3", "--workers", "2", "--json", *more]


def sweep_here(workspace, source, *more) -> subprocess.CompletedProcess:
    """`inspector sweep` run in this process (`inspector.cli.main.main`, its pool's workers
    forked from here), with `workspace` as $INSPECTOR_WORKSPACE: what it returned and wrote.
    Only the killed run needs a process of its own; each other one started a Python and
    imported the CLI again."""
    import contextlib
    import io

    from inspector.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        patch.setenv("INSPECTOR_WORKSPACE", str(workspace))
        code = main(sweep_args(source, *more))
    return subprocess.CompletedProcess(["inspector", *sweep_args(source, *more)], code, out.getvalue(),
                                       err.getvalue())


@pytest.fixture(scope="module")
def on_pg(fleet, tmp_path_factory):
    """The sampled sweep of the PostgreSQL store, uninterrupted."""
    done = sweep_here(tmp_path_factory.mktemp("ws") / "ws.db", fleet[0])
    assert done.returncode == 0, done.stderr
    return done


def test_a_sampled_sweep_of_a_postgres_store_equals_the_same_sessions_in_sqlite(fleet, on_pg, tmp_path):
    url, db = fleet
    on_file = sweep_here(tmp_path / "ws.db", db)
    assert on_file.returncode == 0, on_file.stderr
    assert on_pg.stdout == on_file.stdout
    result = json.loads(on_pg.stdout)
    assert result["sample"]["size"] == 60 and result["sample"]["population"] == SESSIONS
    assert result["sample"]["method"] == "stratified" and len(result["sample"]["strata"]) > 1  # sizes from the store
    assert all(r["sessions"] == 60 for r in result["rows"])
    assert PASSWORD not in on_pg.stdout + on_pg.stderr


def test_a_killed_sweep_of_a_postgres_store_resumes_to_the_same_output(fleet, on_pg, tmp_path):
    url, _ = fleet
    env = dict(os.environ, INSPECTOR_WORKSPACE=str(tmp_path / "ws.db"))
    expected = on_pg
    cmd = sweep(url, "--resume", "-w", str(tmp_path / "kept.db"))
    killed = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                            env=dict(env, INSPECTOR_FAULT="fleet.batch_kept@3"))  # kill -9 once 3 batches are kept
    assert killed.returncode == -signal.SIGKILL and killed.stdout == ""
    resumed = sweep_here(tmp_path / "ws.db", url, "--resume", "-w", str(tmp_path / "kept.db"))
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == expected.stdout
    first = json.loads(resumed.stderr.splitlines()[0])
    assert 0 < first["reused"] < 60  # what the killed run kept, and no more
    again = sweep_here(tmp_path / "ws.db", url, "--resume", "-w", str(tmp_path / "kept.db"))
    assert again.stdout == expected.stdout and json.loads(again.stderr.splitlines()[0])["reused"] == 60
    assert PASSWORD not in killed.stderr + resumed.stderr + again.stderr
    kept = sqlite3.connect(tmp_path / "kept.db").execute("SELECT group_concat(source) FROM sweep_results")
    assert PASSWORD not in (kept.fetchone()[0] or "")
