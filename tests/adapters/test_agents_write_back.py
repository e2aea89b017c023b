"""The Agents SDK adapter's write-back replaces a `SQLiteSession`'s stored history all or
nothing, and never drops an item appended while it compacted: a kill -9 between its
steps, a full disk, another process and another task writing meanwhile.

The kill -9 runs die at the adapter's fault points (`inspector/_faults.py`):
`agents.write_back_cleared` (the session's rows deleted, the new ones not inserted) and
`agents.write_back_commit` (everything written, just before COMMIT).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inspector import Compactor
from inspector.adapters.agents import CompactingSession
from tests.adapters.test_agents import config, history
from tests.forked import Command, run_commands
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("agents"), reason="the `agents` extra (openai-agents) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _agents() -> None:
    """The Agents SDK, imported when these tests run (tests/lazy.py)."""
    global agents
    import agents

TURNS = 750  # 1 + 750 * 6 = 4,501 items, as in the report


def stored(db: Path, session_id: str = "user-42") -> list[dict]:
    """The session's items as a fresh reader sees them (a new connection, no SDK)."""
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = con.execute("SELECT message_data FROM agent_messages WHERE session_id = ? ORDER BY id",
                           (session_id,)).fetchall()
    finally:
        con.close()
    return [json.loads(r[0]) for r in rows]


def make_db(path: Path, items: list[dict]) -> Path:
    async def fill():
        s = agents.SQLiteSession("user-42", path)
        await s.add_items(items)
        s.close()

    asyncio.run(fill())
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> tuple[Path, list[dict]]:
    d = tmp_path_factory.mktemp("write-back")
    items = history(TURNS)
    return make_db(d / "big.db", items), items


# The child process: a write-back of the whole session, then what it returned.
CHILD = textwrap.dedent("""
    import asyncio, json, sys
    import agents
    from inspector import Compactor
    from inspector.adapters.agents import CompactingSession
    from tests.adapters.test_agents import config

    async def main(db):
        inner = agents.SQLiteSession("user-42", db)
        wrapped = CompactingSession(inner, Compactor(config()), write_back=True)
        items = await wrapped.get_items()
        print(json.dumps(items))

    asyncio.run(main(sys.argv[1]))
""")


def child(db: Path, fault: str | None = None) -> Command:
    """CHILD over `db` as a process of its own (tests/forked.py), dying at `fault`."""
    return Command([str(db)], env={"LITELLM_LOCAL_MODEL_COST_MAP": "True", "INSPECTOR_FAULT": fault}, code=CHILD)


async def write_back(db: Path) -> list[dict]:
    inner = agents.SQLiteSession("user-42", db)
    try:
        return await CompactingSession(inner, Compactor(config()), write_back=True).get_items()
    finally:
        inner.close()


@pytest.mark.slow
def test_kill_9_between_the_steps_leaves_the_old_history_or_the_new_one(big, tmp_path):
    db, before = big
    points = ["agents.write_back_cleared", "agents.write_back_commit"]
    copies = {p: tmp_path / f"{k}.db" for k, p in enumerate(points)}
    for path in copies.values():
        shutil.copy(db, path)
    runs = run_commands([child(copies[p], p) for p in points], parallel=True, timeout=300,
                        warm_also=["agents", "inspector.adapters.agents", "tests.adapters.test_agents"])
    results = {p: ((r.stdout, r.stderr), r.returncode) for p, r in zip(points, runs)}
    for point, ((_, err), code) in results.items():
        assert code == -signal.SIGKILL, (point, err)  # it died at the point
        assert stored(copies[point]) == before, point  # every one of the 4,501 items
    # and the next write-back over a killed file completes
    compacted = asyncio.run(write_back(copies[points[0]]))
    assert len(compacted) < len(before) and stored(copies[points[0]]) == compacted


# The disk-full runs: a private mount namespace with a small tmpfs; for each level of
# free space, a fresh copy of the database, the disk filled up to that level, one
# write-back; prints what a new connection reads afterwards.
FULL = textwrap.dedent("""
    import asyncio, json, os, shutil, sqlite3, sys
    import agents
    from inspector import Compactor
    from inspector.adapters.agents import CompactingSession
    from tests.adapters.test_agents import config

    src, mnt, levels = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    assert os.system(f"mount -t tmpfs -o size=8m inspector-full {mnt}") == 0
    db, filler = os.path.join(mnt, "s.db"), os.path.join(mnt, "filler")

    async def once(free):
        for name in os.listdir(mnt):
            os.remove(os.path.join(mnt, name))
        shutil.copy(src, db)
        inner = agents.SQLiteSession("user-42", db)
        # (the trigger past what is kept: a config keeping more than it fires at is refused)
        wrapped = CompactingSession(inner, Compactor(config(**{"summarization.keep.messages": 2400,
                                                               "summarization.trigger.messages": 2401})),
                                    write_back=True)
        await inner.get_items()  # the connection, its WAL and shared memory exist
        with open(filler, "wb") as fh:
            try:
                while True:
                    fh.write(b"x" * 65536)
                    fh.flush()
                    os.fsync(fh.fileno())
            except OSError:
                pass
        os.truncate(filler, max(0, os.path.getsize(filler) - free))
        try:
            await wrapped.get_items()
            error = None
        except Exception as exc:
            error = repr(exc)
        inner.close()
        os.remove(filler)
        con = sqlite3.connect(db)
        rows = con.execute("SELECT message_data FROM agent_messages WHERE session_id = 'user-42' ORDER BY id")
        items = [json.loads(r[0]) for r in rows]
        integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
        con.close()
        return {"free": free, "error": error, "items": items, "integrity": integrity}

    print(json.dumps([asyncio.run(once(free)) for free in levels]))
""")


@pytest.mark.slow
def test_a_full_disk_leaves_the_old_history_or_the_new_one(big, tmp_path):
    if not shutil.which("unshare") or subprocess.run(["unshare", "--mount", "--map-root-user", "true"],
                                                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a private tmpfs here (unshare --mount --map-root-user)")
    db, before = big
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("INSPECTOR_FAULT", None)
    levels = [0, 1_600_000, 2_400_000, 2_800_000, 3_200_000, 3_600_000, 4_400_000, 6_000_000]  # bytes free
    run = subprocess.run(["unshare", "--mount", "--map-root-user", sys.executable, "-c", FULL, str(db), str(mnt),
                          json.dumps(levels)], cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)
    new = [r["items"] for r in results if r["error"] is None]
    assert new and all(items == new[0] and len(items) < len(before) for items in new)  # enough space: written
    failed = [r for r in results if r["error"] is not None]
    assert failed and all("full" in r["error"] for r in failed)  # too little: the write failed...
    for r in results:
        assert r["integrity"] == "ok"
        assert r["items"] in (before, new[0]), (r["free"], r["error"], len(r["items"]))  # ...and lost nothing


class Interleaved(CompactingSession):
    """Runs `during()` after compaction read the history and before it writes back:
    another writer appending in that window."""

    during = None

    async def _compacted(self, items):
        out = await super()._compacted(items)
        if self.during is not None:
            await self.during()
        return out


APPEND = textwrap.dedent("""
    import asyncio, sys
    import agents

    async def main(db, n):
        s = agents.SQLiteSession("user-42", db)
        for k in range(n):
            await s.add_items([{"role": "user", "content": f"appended {k}"}])
        s.close()

    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
""")


def appended(n: int, start: int = 0) -> list[dict]:
    return [{"role": "user", "content": f"appended {k}"} for k in range(start, start + n)]


def test_items_another_process_appends_during_compaction_are_kept_after_the_new_history(tmp_path):
    db = make_db(tmp_path / "s.db", history(8))

    async def scenario():
        inner = agents.SQLiteSession("user-42", db)
        wrapped = Interleaved(inner, Compactor(config()), write_back=True)

        async def other_process():
            run = await asyncio.create_subprocess_exec(sys.executable, "-c", APPEND, str(db), "111")
            assert await run.wait() == 0

        wrapped.during = other_process
        compacted = await wrapped.get_items()
        assert len(compacted) < 1 + 8 * 6
        assert stored(db) == compacted + appended(111)  # the new history, then the 111 items
        assert await inner.get_items() == compacted + appended(111)
        inner.close()

    asyncio.run(scenario())


def test_items_another_task_appends_during_compaction_are_kept(tmp_path):
    """Another task of the same process, through the SDK session itself (not the
    wrapper): it waits for the SDK's lock while the history is rewritten."""
    db = make_db(tmp_path / "s.db", history(8))

    async def scenario():
        inner = agents.SQLiteSession("user-42", db)
        wrapped = Interleaved(inner, Compactor(config()), write_back=True)
        stop = asyncio.Event()
        written: list[dict] = []

        async def writer():
            k = 0
            while not stop.is_set():
                item = appended(1, k)
                await inner.add_items(item)
                written.extend(item)
                k += 1
                await asyncio.sleep(0)

        task = asyncio.create_task(writer())

        async def until_some_written():
            while len(written) < 20:
                await asyncio.sleep(0.001)

        wrapped.during = until_some_written
        compacted = await wrapped.get_items()
        stop.set()
        await task
        now = stored(db)
        assert now[:len(compacted)] == compacted
        assert now[len(compacted):] == written  # every appended item, once, in order
        assert len(written) >= 20
        inner.close()

    asyncio.run(scenario())


def test_a_history_changed_during_compaction_is_left_alone(tmp_path):
    """An item popped (or the session cleared) while compacting: the stored history is
    no longer what was compacted, so nothing is written."""
    db = make_db(tmp_path / "s.db", history(8))

    async def scenario():
        inner = agents.SQLiteSession("user-42", db)
        wrapped = Interleaved(inner, Compactor(config()), write_back=True)

        async def pop():
            await inner.pop_item()

        wrapped.during = pop
        before = await inner.get_items()
        compacted = await wrapped.get_items()
        assert len(compacted) < len(before)
        assert stored(db) == before[:-1]
        wrapped.during = None
        again = await wrapped.get_items()  # the next read writes back
        assert stored(db) == again and len(again) < len(before)
        inner.close()

    asyncio.run(scenario())


def test_a_session_limit_does_not_make_the_write_back_drop_older_items(tmp_path):
    """`session_settings.limit` makes get_items return the latest items only: replacing
    the whole history with their compaction would drop the older ones."""
    db = make_db(tmp_path / "s.db", history(8))

    async def scenario():
        inner = agents.SQLiteSession("user-42", db, session_settings={"limit": 30})
        wrapped = CompactingSession(inner, Compactor(config()), write_back=True)
        before = stored(db)
        await wrapped.get_items()
        after = stored(db)
        assert after == before  # the window is not the whole history: nothing replaced
        inner.close()

    asyncio.run(scenario())


def test_a_cancelled_write_back_leaves_the_old_history_or_the_new_one(tmp_path):
    db = make_db(tmp_path / "s.db", history(8))
    expected = asyncio.run(CompactingSession(agents.SQLiteSession("x"), Compactor(config()))._compacted(history(8)))

    async def scenario():
        inner = agents.SQLiteSession("user-42", db)
        before = await inner.get_items()
        wrapped = CompactingSession(inner, Compactor(config()), write_back=True)
        for delay in (0, 0.001, 0.005, 0.02, 0.1):
            await inner.clear_session()
            await inner.add_items(before)
            task = asyncio.create_task(wrapped.get_items())
            await asyncio.sleep(delay)
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
            assert stored(db) in (before, expected), delay
        inner.close()

    asyncio.run(scenario())
