"""A SQLite export to a new file appears whole or not at all (issue 26, point 6): a
failed insert, a full disk or a kill -9 once left a 0-table `.db` and a hot journal
under the final name. An existing database is still written in one transaction."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inspector.engine.models import Message
from inspector.exports import adk as adk_export
from inspector.exports import agents_sqlite
from inspector.exports.adk import write_adk_session
from inspector.exports.agents_sqlite import AgentsExportError, write_agents_session

ITEMS = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
MESSAGES = [Message.text_message("user", "hi"), Message.text_message("assistant", "hello")]


def write_agents(path: Path) -> str:
    return write_agents_session(ITEMS, path, "s")


def write_adk(path: Path) -> str:
    return write_adk_session(MESSAGES, path, "s")


WRITERS = {"agents": (write_agents, agents_sqlite, "export.agents_insert"),
           "adk": (write_adk, adk_export, "export.adk_insert")}


def full_disk_at(point: str):
    def fault(name: str) -> None:
        if name == point:
            raise sqlite3.OperationalError("database or disk is full")
    return fault


@pytest.mark.parametrize("kind", WRITERS)
def test_a_failed_insert_into_a_new_file_leaves_no_file(kind, tmp_path, monkeypatch):
    write, module, point = WRITERS[kind]
    monkeypatch.setattr(module, "fault_point", full_disk_at(point))
    out = tmp_path / "new.db"
    with pytest.raises(RuntimeError, match="disk is full") as error:
        write(out)
    assert str(out) in str(error.value)  # names the file asked for, not the temp name
    assert list(tmp_path.iterdir()) == []  # no .db, no journal, no temp file


@pytest.mark.parametrize("kind", WRITERS)
def test_a_failed_insert_into_an_existing_database_leaves_it_unchanged(kind, tmp_path, monkeypatch):
    write, module, point = WRITERS[kind]
    out = tmp_path / "old.db"
    write(out)
    before = out.read_bytes()
    monkeypatch.setattr(module, "fault_point", full_disk_at(point))
    with pytest.raises(RuntimeError, match="disk is full"):
        write(out)
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db"]


@pytest.mark.parametrize("kind", WRITERS)
def test_a_new_file_is_whole_with_a_plain_files_mode(kind, tmp_path):
    write, _, _ = WRITERS[kind]
    out = tmp_path / "sub" / "new.db"
    assert write(out) == "s"
    assert [p.name for p in out.parent.iterdir()] == ["new.db"]
    assert out.stat().st_mode & 0o777 == 0o666 & ~_umask()
    con = sqlite3.connect(out)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    assert write(out) == "s-2"  # then it is an existing database: added to


def _umask() -> int:
    import os

    current = os.umask(0)
    os.umask(current)
    return current


KILLED = textwrap.dedent("""
    import sys
    from pathlib import Path
    from tests.exports.test_sqlite_new_file import WRITERS
    WRITERS[sys.argv[1]][0](Path(sys.argv[2]))
""")


@pytest.mark.parametrize("point", ["insert", "export.sqlite_publish"])
@pytest.mark.parametrize("kind", WRITERS)
def test_kill_9_while_a_new_file_is_written_leaves_no_file_under_its_name(kind, point, tmp_path):
    point = WRITERS[kind][2] if point == "insert" else point
    out = tmp_path / "new.db"
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", KILLED, kind, str(out)], cwd=root, capture_output=True, text=True,
                         env={"INSPECTOR_FAULT": point, "PATH": "/usr/bin:/bin"}, timeout=120)
    assert run.returncode == -signal.SIGKILL, run.stderr
    assert not out.exists()
    assert all(p.name.startswith(".new.db.") for p in tmp_path.iterdir())  # only a hidden temp file


def test_a_file_created_meanwhile_is_not_replaced(tmp_path, monkeypatch):
    out = tmp_path / "new.db"

    def another_program(name: str) -> None:
        if name == "export.agents_insert":
            out.write_bytes(b"theirs")

    monkeypatch.setattr(agents_sqlite, "fault_point", another_program)
    with pytest.raises(FileExistsError, match="created by another program"):
        write_agents(out)
    assert out.read_bytes() == b"theirs"
    assert [p.name for p in tmp_path.iterdir()] == ["new.db"]


def test_a_read_only_directory_is_a_clear_error(tmp_path):
    """Root writes anywhere: the directory is a read-only mount in a private namespace."""
    import shutil

    if not shutil.which("unshare") or subprocess.run(["unshare", "--mount", "--map-root-user", "true"],
                                                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a private read-only tmpfs here")
    ro = tmp_path / "ro"
    ro.mkdir()
    script = textwrap.dedent(f"""
        import os, sys
        assert os.system("mount -t tmpfs -o ro,size=1m ro {ro}") == 0
        from pathlib import Path
        from inspector.exports.registry import export_session, ExportError
        from inspector.engine.models import Message
        msgs = [Message.text_message("user", "hi")]
        for fmt in ("openai-agents-sqlite", "adk-sqlite", "openai-json"):
            try:
                export_session(msgs, fmt, Path("{ro}") / "out.db")
            except ExportError as exc:
                print(exc)
    """)
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(["unshare", "--mount", "--map-root-user", sys.executable, "-c", script], cwd=root,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 3 and all(line.startswith(f"{ro}/out.db: ") and "Read-only file system" in line
                                   for line in lines), lines


def test_errors_name_the_target(tmp_path):
    bad = tmp_path / "x.db"
    bad.write_text("not sqlite")
    with pytest.raises(AgentsExportError, match="exists and is not a SQLite database"):
        write_agents(bad)
