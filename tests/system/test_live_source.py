"""A live source: another process appends to an OpenAI Agents SDK database with the
real library (`agents.memory.SQLiteSession`, WAL mode) while inspector reads it,
re-imports it into the workspace and reloads it in the TUI. No error, no lock held
against the writer, counts only grow, new messages appear, and in the end inspector
reads exactly what the SDK itself reads back."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from inspector.service.opening import import_source
from inspector.sources.registry import open_source
from inspector.workspace.database import Workspace
from tests.lazy import installed

# the writer (a child process) stores its session with the Agents SDK
pytestmark = pytest.mark.skipif(not installed("agents"),
                                reason="openai-agents (in the project's test extra) is not installed")

WRITER = textwrap.dedent("""
    import asyncio, sys, threading
    from agents.memory import SQLiteSession

    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()

    async def main():
        session = SQLiteSession("live", sys.argv[1])
        n = 0
        while not stop.is_set() and n < 20_000:
            await session.add_items([
                {"role": "user", "content": f"ping {n}"},
                {"id": f"msg_{n}", "type": "message", "role": "assistant", "status": "completed",
                 "content": [{"type": "output_text", "text": f"pong {n}", "annotations": []}]},
            ])
            n += 1
            if n == 1:
                print("ready", flush=True)
            await asyncio.sleep(0.002)
        session.close()
        print(f"done {n}", flush=True)

    asyncio.run(main())
""")


def committed_items(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute("SELECT count(*) FROM agent_messages").fetchone()[0]
    finally:
        con.close()


def wait_for_items(db: Path, more_than: int, timeout: float = 30.0) -> int:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        n = committed_items(db)
        if n > more_than:
            return n
        time.sleep(0.01)
    raise AssertionError(f"the writer stopped at {more_than} items")


@pytest.fixture
def writer(tmp_path):
    db = tmp_path / "agents.db"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
        yield db, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def stop(proc: subprocess.Popen) -> int:
    """Ask the writer to stop; the number of turns it wrote."""
    out, err = proc.communicate(input="", timeout=60)
    assert proc.returncode == 0, err
    return int(out.strip().split()[-1])


@pytest.mark.anyio
async def test_reading_a_database_an_agent_is_writing(writer, tmp_path, source_guard):
    db, proc = writer
    seen: list[int] = []
    imported: list[int] = []
    with Workspace(tmp_path / "ws.db") as ws:
        # 1. Read and re-import while the writer appends: counts only grow, whole turns.
        while len(set(seen)) < 4:
            with open_source(db) as src:
                assert src.format == "openai-agents" and src.session_ids() == ["live"]
                s = src.read("live")
                assert src.skipped == []
            n = len(s.messages)
            assert n % 2 == 0 and [m.text for m in s.messages[-2:]] == [f"ping {n // 2 - 1}", f"pong {n // 2 - 1}"]
            assert not seen or n >= seen[-1]
            seen.append(n)
            report = import_source(ws, db)
            assert report.skipped == [] and len(report.session_ids) == 1
            stored = ws.session_info(report.session_ids[0]).messages
            assert stored >= n and (not imported or stored >= imported[-1])
            imported.append(stored)
            wait_for_items(db, more_than=committed_items(db))
        assert proc.poll() is None, "the writer must still be running"

    # 2. The TUI shows the session, and Reload brings the new messages in.
    from inspector.tui.app import create_app
    from tests.tui.helpers import notices, settings, settle

    app = create_app(db, workspace=tmp_path / "tui-ws.db", settings=settings())
    app.auto_open_single = False  # stay on the sessions table
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        (row,) = app.session_rows
        first = row.messages
        assert first >= seen[-1]
        wait_for_items(db, more_than=first + 20)
        await pilot.press("R")
        await settle(pilot, app)
        (row,) = app.session_rows
        assert row.messages > first + 20
        assert not [n for n in notices(app) if n.severity == "error"]

    # 3. Writer done: inspector reads exactly what the SDK reads back.
    turns = stop(proc)
    assert turns * 2 > row.messages
    from agents.memory import SQLiteSession

    sdk = SQLiteSession("live", db)
    try:
        items = await sdk.get_items()
    finally:
        sdk.close()
    source_guard.forget(db)  # the writer (and the SDK's close) changed it; from here on only inspector reads
    with open_source(db) as src:
        final = src.read("live")
    assert len(final.messages) == len(items) == turns * 2
    assert [m.raw for m in final.messages] == items
    with Workspace(tmp_path / "ws.db") as ws:
        report = import_source(ws, db)
        assert ws.load_session(report.session_ids[0]).messages[-1].text == f"pong {turns - 1}"


def test_the_writer_is_never_blocked_by_a_reader(writer, source_guard):
    """A reader holding a source open (an idle TUI) takes no lock the writer waits on."""
    db, proc = writer
    src = open_source(db)
    try:
        src.read("live")
        later = wait_for_items(db, more_than=committed_items(db) + 50, timeout=20)
        # and the open source sees what was committed since (no snapshot pinned)
        assert len(src.read("live").messages) >= later
    finally:
        src.close()
    turns = stop(proc)
    source_guard.forget(db)  # the writer changed it; the guard checks the last read alone
    with open_source(db) as src:
        assert len(src.read("live").messages) == turns * 2
