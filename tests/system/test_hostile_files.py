"""Hostile files (issue 15): what is not a session file is refused before it is opened
(a FIFO blocked the CLI forever), every error is one line naming the path, and files
that are not ours are never changed (a foreign database given as workspace was switched
to WAL before it was refused)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from inspector.exports.catalog import EXPORT_FORMATS
from tests.bad_inputs.cases import AGENTS_DB, HERE
from tests.conftest import run_cli as run

GOOD = HERE / "utf8-bom.jsonl"


pytestmark = pytest.mark.usefixtures("workspace")


@pytest.fixture
def fifo(tmp_path):
    """A named pipe. Should anything open it, a watchdog opens the other end after a
    few seconds so the test fails instead of hanging."""
    path = tmp_path / "session.json"
    os.mkfifo(path)
    stop = threading.Event()

    def unblock() -> None:
        if not stop.wait(10):
            fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)
            os.close(fd)

    t = threading.Thread(target=unblock, daemon=True)
    t.start()
    yield path
    stop.set()
    t.join()


def one_line(err: str, path) -> None:
    assert err.startswith(f"inspector: {path}: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [("stats",), ("plan",), ("apply",), ("export", "-f", "markdown", "-o", "OUT"),
                                  ("open",)])
def test_a_fifo_is_refused_before_it_is_opened(argv, fifo, capsys, tmp_path):
    args = [a if a != "OUT" else tmp_path / "out.md" for a in argv]
    code, out, err = run(capsys, args[0], fifo, *args[1:])
    assert code == 2, err
    one_line(err, fifo)
    assert "a pipe, not a file" in err


def test_process_substitution_is_named_a_pipe(capsys):
    """`inspector stats <(cat good.json)`: the shell passes /dev/fd/N, a pipe."""
    r, w = os.pipe()
    try:
        os.write(w, GOOD.read_bytes())
        path = f"/dev/fd/{r}"
        code, out, err = run(capsys, "stats", path)
    finally:
        os.close(r)
        os.close(w)
    assert code == 2
    one_line(err, path)
    assert "a pipe" in err and "invalid JSON" not in err and "empty" not in err


def test_a_fifo_in_the_tui_is_a_notification(fifo, app_env):
    from inspector.engine.tokens import EstimateCounter
    from inspector.service.store import open_store
    from inspector.sources.model import SourceError

    data = open_store(fifo, app_env / "ws.db").data
    with pytest.raises(SourceError, match="a pipe, not a file"):
        data.list_sessions(EstimateCounter(4.0))


def test_a_device_and_a_socket_are_refused(capsys, tmp_path):
    import socket

    code, _, err = run(capsys, "stats", "/dev/zero")
    assert code == 2 and "a device, not a regular file" in err, err
    sock_path = tmp_path / "s.sock"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(sock_path))
        code, _, err = run(capsys, "stats", sock_path)
    finally:
        s.close()
    assert code == 2 and "a socket, not a regular file" in err, err


def test_a_symlink_loop_is_called_one(capsys, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.symlink_to(b)
    b.symlink_to(a)
    for argv in (("stats", a), ("plan", a), ("export", a, "-f", "markdown", "-o", tmp_path / "o.md")):
        code, _, err = run(capsys, *argv)
        assert code == 2
        one_line(err, a)
        assert "symbolic link loop" in err and "no such file" not in err


def test_config_naming_a_directory(capsys, tmp_path):
    code, out, err = run(capsys, "plan", GOOD, "--session", "utf8-bom", "--config", tmp_path)
    assert code == 2, err
    one_line(err, tmp_path)
    assert "a directory" in err


# ------------------------------------------------------------------- the workspace


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("command", [("versions", "-w"), ("apply", GOOD, "--session", "utf8-bom:1", "-w")])
def test_a_foreign_database_as_workspace_is_refused_untouched(command, capsys, tmp_path):
    foreign = tmp_path / "agents.db"
    foreign.write_bytes(AGENTS_DB.read_bytes())
    with sqlite3.connect(foreign) as con:
        mode = con.execute("PRAGMA journal_mode").fetchone()[0]
    con.close()
    assert mode != "wal"
    before = digest(foreign)
    code, out, err = run(capsys, *command, foreign)
    assert code == 2
    assert "not an inspector workspace" in err and err.count("\n") == 1, err
    assert digest(foreign) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["agents.db"]  # no -wal, no -shm


def test_a_workspace_missing_a_table_is_one_line(capsys, tmp_path):
    ws_path = tmp_path / "ws.db"
    assert run(capsys, "apply", GOOD, "--session", "utf8-bom:1", "-w", ws_path)[0] == 0
    con = sqlite3.connect(ws_path)
    con.execute("DROP TABLE offloads")
    con.commit()
    con.close()
    for argv in (("versions", "-w", ws_path), ("apply", GOOD, "--session", "utf8-bom:1", "-w", ws_path)):
        code, out, err = run(capsys, *argv)
        assert code == 2, err
        one_line(err, ws_path)
        assert "1 table missing (offloads)" in err


def test_a_fifo_as_workspace_is_refused(fifo, capsys):
    code, _, err = run(capsys, "versions", "-w", fifo)
    assert code == 2 and "a named pipe (FIFO), not a regular file" in err, err


# ------------------------------------------------------------------------ quitting


@pytest.mark.anyio
@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c"])
async def test_the_tui_quits_whatever_a_worker_is_doing(key, app_env):
    """A loading worker stuck in a read (a FIFO before it was refused, a slow disk)
    must not keep the app from quitting."""
    from inspector.tui.app import create_app
    from tests.tui.helpers import settings, settle

    stuck = threading.Event()
    app = create_app(GOOD, workspace=app_env / "ws.db", settings=settings())
    watchdog = threading.Timer(20, stuck.set)  # never hang the suite
    watchdog.start()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            app.run_worker(stuck.wait, thread=True, name="stuck read")
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert app.return_code is not None or not app.is_running
        assert not stuck.is_set(), "quit waited for the stuck worker"
    finally:
        watchdog.cancel()
        stuck.set()


def test_inspector_open_exits_even_with_a_worker_thread_stuck(tmp_path):
    """The real process: a loading worker blocked for good (here: forever on an event)
    once kept the process alive after ctrl+q (the interpreter joins worker threads)."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent(f"""
        import threading, sys
        from inspector.cli import tui
        from inspector.tui import app as app_module

        real = app_module.create_app

        def create_app(*a, **k):
            app = real(*a, **k)
            def stuck_then_quit():
                app.run_worker(threading.Event().wait, thread=True, name="stuck read")
                app.call_later(app.exit)
            app.call_after_refresh(stuck_then_quit)
            return app

        app_module.create_app = create_app
        from inspector.cli.main import main
        sys.exit(main(["open", {str(GOOD)!r}, "--workspace", {str(tmp_path / "ws.db")!r}]))
    """)
    env = {**os.environ, "INSPECTOR_SETTINGS": str(tmp_path / "none.toml"), "TERM": "dumb"}
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]


# ---------------------------------------------------------------- clearer errors


@pytest.mark.parametrize("value,says", [("{bad", "not valid JSON"), ("[1]", "valid dictionary")])
def test_a_bad_keybindings_variable_is_blamed_not_the_settings_file(value, says, app_env, monkeypatch):
    from inspector.settings import SettingsError, load_settings

    monkeypatch.setenv("INSPECTOR_KEYBINDINGS", value)
    with pytest.raises(SettingsError) as info:
        load_settings()
    message = str(info.value)
    assert message.startswith("environment variable INSPECTOR_KEYBINDINGS: ") and says in message
    assert "settings.toml" not in message and "no-settings.toml" not in message


def test_null_session_ids_are_not_a_session_called_none(capsys, tmp_path):
    db = tmp_path / "agents.db"  # the Agents SDK schema, written by another tool without NOT NULL
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE agent_sessions (session_id TEXT, created_at TIMESTAMP, updated_at TIMESTAMP)")
    con.execute("CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, "
                "message_data TEXT, created_at TIMESTAMP)")
    con.execute("INSERT INTO agent_sessions VALUES ('s1', NULL, NULL), (NULL, NULL, NULL)")
    con.execute("INSERT INTO agent_messages (session_id, message_data) VALUES "
                "('s1', '{\"role\": \"user\", \"content\": \"hi\"}'), "
                "(NULL, '{\"role\": \"user\", \"content\": \"orphan\"}')")
    con.commit()
    con.close()
    code, out, err = run(capsys, "stats", db, "--json", "--estimate")
    assert code == 0, err
    data = json.loads(out)
    assert [s["id"] for s in data["sessions"]] == ["s1"]
    assert any("NULL session_id" in s["reason"] for s in data["skipped"])


# ------------------------------------------------------------------ WAL sources


def _wal_db(folder: Path) -> Path:
    """The real Agents SDK database switched to WAL mode and closed cleanly (no -wal)."""
    folder.mkdir()
    db = folder / "sessions.db"
    db.write_bytes(AGENTS_DB.read_bytes())
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    con.close()
    assert sorted(p.name for p in folder.iterdir()) == ["sessions.db"]
    return db


def test_a_quiescent_wal_source_is_read_without_leaving_files(capsys, tmp_path):
    db = _wal_db(tmp_path / "src")
    for argv in (("stats", db, "--estimate"), ("plan", db, "--session", "swe-simple"),
                 ("export", db, "--session", "swe-simple", "-f", "markdown", "-o", tmp_path / "o.md")):
        code, _, err = run(capsys, *argv)
        assert code == 0, err
    assert sorted(p.name for p in db.parent.iterdir()) == ["sessions.db"]  # no -wal, no -shm


def test_a_wal_left_by_a_stopped_writer_is_read_from_a_copy(capsys, tmp_path):
    """Committed rows still in the -wal (the writer stopped before a checkpoint, its
    -shm gone) are read, and nothing is created beside the source, even in a
    read-only directory."""
    live = _wal_db(tmp_path / "live")
    writer = sqlite3.connect(live)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("INSERT INTO agent_messages (session_id, message_data) VALUES ('swe-simple', "
                   "'{\"role\": \"user\", \"content\": \"only in the WAL\"}')")
    writer.commit()
    src = tmp_path / "src"
    src.mkdir()
    for suffix in ("", "-wal"):  # the files as the stopped writer left them
        (src / f"sessions.db{suffix}").write_bytes(Path(f"{live}{suffix}").read_bytes())
    writer.close()
    db = src / "sessions.db"
    before = {p.name: p.read_bytes() for p in src.iterdir()}
    src.chmod(0o555)
    try:
        code, out, err = run(capsys, "stats", db, "--json", "--estimate", "--session", "swe-simple")
    finally:
        src.chmod(0o755)
    assert code == 0, err
    counted = json.loads(out)["sessions"][0]["messages"]
    code, out, _ = run(capsys, "stats", live, "--json", "--estimate", "--session", "swe-simple")
    assert counted == json.loads(out)["sessions"][0]["messages"]  # the WAL's row included
    assert {p.name: p.read_bytes() for p in src.iterdir()} == before


def test_export_all_with_a_lone_surrogate_in_arguments_writes_every_session(capsys, tmp_path):
    """A lone surrogate in tool-call arguments once aborted `export --all` with a
    traceback; now each session is written (JSON keeps the escape, Markdown shows �)."""
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("chat-surrogate-in-arguments.json", "hostile-names.json", "utf8-bom.jsonl"):
        (folder / name).write_bytes((HERE / name).read_bytes())
    for fmt, ext in (("anthropic-json", ".json"), ("markdown", ".md")):
        out = tmp_path / fmt
        code, _, err = run(capsys, "export", folder, "--all", "-f", fmt, "-o", out, "--preset", "none")
        assert code == 0, err
        assert "Traceback" not in err and "exported 4 of 4 sessions" in err, err
        written = {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()}
        assert len(written) == 4 and all(n.endswith(ext) for n in written)
        (text,) = [t for n, t in written.items() if n.startswith("chat-surrogate")]
        assert ("\\ud83d" in text) if fmt == "anthropic-json" else ("hi \ufffd" in text)


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_every_export_writes_a_lone_surrogate_in_arguments(fmt, capsys, tmp_path):
    """The write-back formats (ADK, Claude Code) too: a lone surrogate in tool-call
    arguments once made their UTF-8 write raise UnicodeEncodeError (a traceback)."""
    out = tmp_path / f"out-{fmt}"
    code, _, err = run(capsys, "export", HERE / "chat-surrogate-in-arguments.json", "-f", fmt, "-o", out,
                       "--preset", "none")
    assert code == 0 and "Traceback" not in err, err
