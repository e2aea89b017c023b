"""Helpers for driving the real app with Pilot."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_settings(app_env, monkeypatch):
    """No user settings file, no INSPECTOR_* from the environment, data dirs in tmp."""
    monkeypatch.chdir(app_env)


@pytest.fixture(scope="session")
def demo_sessions_cached():
    """The demo sessions, their source paths relative to the checkout (the sessions
    screen shows a session's source: snapshots must not depend on where the tests run)."""
    from pathlib import Path

    from inspector.demo import demo_sessions

    root = Path(__file__).resolve().parents[2]
    out = []
    for s in demo_sessions():
        if s.source_path and Path(s.source_path).is_relative_to(root):
            s = s.model_copy(update={"source_path": str(Path(s.source_path).relative_to(root))})
        out.append(s)
    return out


@pytest.fixture
def memory_demo(demo_sessions_cached):
    """The demo sessions in memory (deterministic labels for snapshots)."""
    from inspector.service.store import MemoryStore

    return MemoryStore(demo_sessions_cached, label="demo")


@pytest.fixture(scope="module")
def anyio_backend():
    """asyncio, with the event loop kept for the whole module while a module-scoped app
    runs on it (`shared_session` in a test module)."""
    return "asyncio"


@pytest.fixture
async def shared_session(running_session):
    """The module's running app (its module-scoped `running_session` fixture, made with
    `helpers.run_shared`), brought back before each test to the state every sharing test
    starts from (`Running.back_to_start`), and checked after it: a test that changed the
    config errors instead of handing its change to the next one."""
    await running_session.back_to_start()
    yield running_session
    await running_session.back_to_start()


@pytest.fixture(scope="session")
def imported_demo(tmp_path_factory):
    """The demo imported into a workspace once per test process, its sessions counted
    (what `inspector demo` does on its first start): the file a test copies with
    `demo_workspace` rather than importing the demo again. test_app's
    test_demo_sessions_table_lists_every_format keeps a fresh import."""
    from inspector.demo import open_demo
    from inspector.engine import make_counter

    path = tmp_path_factory.mktemp("demo") / "demo.db"
    store = open_demo(path)
    store.list_sessions(make_counter("tiktoken", model="gpt-4o"))  # the app's default counter
    store.ws.close()  # checkpointed: the whole workspace is in the one file
    assert not path.with_name(path.name + "-wal").exists() or not path.with_name(path.name + "-wal").stat().st_size
    return path


@pytest.fixture
def demo_workspace(imported_demo, tmp_path):
    """A copy of the imported demo workspace for one test (its path): the app reads the
    demo sources again, finds them unchanged and imports nothing."""
    import shutil

    path = tmp_path / "demo.db"
    shutil.copyfile(imported_demo, path)
    return path


@pytest.fixture
def sweeps_once(monkeypatch, tmp_path_factory):
    """The Sweep view's sweeps computed once per run: a sweep of the same sessions,
    config, knob, values, model and counter that a test of this run (on any worker)
    already made is read back from the run's temporary directory instead of replaying
    the session once per value again (~4 s of CPU for the demo's marathon). For the
    checks of the view (its layout, snapshot and knob chooser); what a sweep computes is
    checked by tests/tui/test_replay.py and tests/service/test_replay.py, which sweep for
    real."""
    import hashlib
    import os
    import pickle

    from inspector.service import replay

    run_dir = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_dir = run_dir.parent  # each worker's directory is inside the run's
    memo = run_dir / "sweeps"
    memo.mkdir(exist_ok=True)
    real = replay.sweep

    def sweep(source, ids, base, knob, values, **kw):
        counter = kw.get("counter")
        key = repr((str(source), list(ids), base.model_dump_json(), knob, list(values), kw.get("model"),
                    getattr(counter, "name", None),
                    [(s.id, len(s.messages), sum(m.text_chars for m in s.messages)) for s in kw.get("sessions") or ()]))
        path = memo / f"{hashlib.sha256(key.encode()).hexdigest()}.pickle"
        if path.exists():
            if kw.get("progress"):
                for done in range(1, len(values) + 1):  # one report per value, as a sweep makes them
                    kw["progress"](done, len(values))
            return pickle.loads(path.read_bytes())
        result = real(source, ids, base, knob, values, **kw)
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        part.write_bytes(pickle.dumps(result))
        os.replace(part, path)  # whole or absent for a worker reading it meanwhile
        return result

    monkeypatch.setattr(replay, "sweep", sweep)
