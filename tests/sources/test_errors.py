"""Bad input gets one clear line naming the file and the place; sources stay untouched."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from inspector.sources.model import SourceError
from inspector.sources.registry import detect_format, open_source

FIX = Path(__file__).resolve().parent.parent / "fixtures"
AGENTS = FIX / "openai-agents" / "sessions.db"


def error_of(path) -> str:
    with pytest.raises(SourceError) as e:
        with open_source(path) as src:
            list(src.sessions())
    msg = str(e.value)
    assert "\n" not in msg and str(path) in msg
    return msg


def test_not_a_database(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_text("hello\n")
    assert "not a supported session file" in error_of(p)


def test_truncated_database(tmp_path):
    p = tmp_path / "cut.db"
    p.write_bytes(AGENTS.read_bytes()[:5000])
    msg = error_of(p)
    assert "SQLite" in msg or "cannot read" in msg


def test_unknown_schema(tmp_path):
    p = tmp_path / "other.db"
    con = sqlite3.connect(p)
    con.execute("CREATE TABLE things (a, b)")
    con.close()
    msg = error_of(p)
    assert "unknown SQLite schema (tables: things)" in msg


def _skipped(path) -> tuple[int, list[str]]:
    with open_source(path) as src:
        session = src.read(src.session_ids()[0])
        return len(session.messages), [str(s) for s in src.skipped]


def test_invalid_json_line_is_skipped_and_reported(tmp_path):
    src = FIX / "claude-code" / "branch_merge.jsonl"
    lines = src.read_text().splitlines(keepends=True)
    lines[4] = lines[4][:40] + "\n"
    p = tmp_path / "broken.jsonl"
    p.write_text("".join(lines))
    _, skipped = _skipped(p)
    assert any(s.startswith("line 5, column") and "invalid JSON" in s for s in skipped)


def test_invalid_utf8_line_is_skipped_and_reported(tmp_path):
    p = tmp_path / "latin1.jsonl"
    p.write_bytes(b'{"type": "user", "uuid": "a", "sessionId": "s", "message": {"role": "user", "content": "ok"}}\n'
                  b'{"type": "user", "uuid": "b", "sessionId": "s", "message": {"role": "user", "content": "caf\xe9"}}\n')
    n, skipped = _skipped(p)
    assert n == 1 and any(s.startswith("line 2: invalid UTF-8 (byte 0xe9") for s in skipped)


@pytest.mark.parametrize("bad_line", ['{"uuid": "x", "note": "no type"}', "[1, 2]", '{"type": "user", "uu'])
def test_one_malformed_record_among_valid_ones_does_not_refuse_the_file(tmp_path, bad_line):
    """Issue 13: a real Claude Code transcript with one malformed record was refused
    whole ("unknown JSONL content" at line 1, which is valid)."""
    src = FIX / "claude-code" / "representative_messages.jsonl"
    lines = src.read_text().splitlines()
    whole, _ = _skipped(src)
    p = tmp_path / "one-bad.jsonl"
    p.write_text("\n".join([lines[0], bad_line, *lines[1:]]) + "\n")
    assert detect_format(p) == "claude-code"
    n, skipped = _skipped(p)
    assert n == whole
    assert [s for s in skipped if s.startswith("line 2")], skipped  # its real line number


def test_a_file_with_no_session_in_it_is_refused(tmp_path):
    p = tmp_path / "junk.jsonl"
    p.write_text('{"type": "summary", "summary": "t", "leafUuid": "x"}\n{"type": "user", "uu\n'
                 '{"type": "summary", "summary": "u", "leafUuid": "y"}\n')
    msg = error_of(p)
    assert msg.startswith(f"{p}: no Claude Code conversation record in the file") and "line 2" in msg


def test_truncated_json_document(tmp_path):
    p = tmp_path / "cut.json"
    p.write_text(json.dumps([{"role": "user", "content": "hi"}] * 3, indent=2)[:-20])
    assert "invalid JSON" in error_of(p)


def test_unknown_json(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"hello": "world"}))
    assert "unknown JSON content" in error_of(p)


def test_empty_file_and_missing_file(tmp_path):
    p = tmp_path / "empty.jsonl"
    p.write_text("")
    assert "empty file" in error_of(p)
    with pytest.raises(SourceError, match="no such file"):
        detect_format(tmp_path / "absent.db")


def test_wal_database_with_live_writer(tmp_path, source_guard):
    """A database a live agent is writing (WAL, un-checkpointed, write lock held) reads."""
    db = tmp_path / "live.db"
    shutil.copy(AGENTS, db)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("INSERT INTO agent_messages (session_id, message_data) VALUES "
                   "('swe-simple', '{\"role\": \"user\", \"content\": \"committed, only in the WAL\"}')")
    writer.execute("BEGIN IMMEDIATE")  # holds the write lock, like an agent mid-turn
    writer.execute("INSERT INTO agent_messages (session_id, message_data) VALUES "
                   "('swe-simple', '{\"role\": \"user\", \"content\": \"not committed yet\"}')")
    assert Path(str(db) + "-wal").stat().st_size > 0
    try:
        with open_source(db) as src:
            s = src.read("swe-simple")
        texts = [m.text for m in s.messages]
        assert texts[-1] == "committed, only in the WAL"
        assert "not committed yet" not in texts
        source_guard.verify()  # reading changed neither the database nor its WAL
    finally:
        source_guard.forget(db)  # the writer may checkpoint when it closes
        writer.execute("ROLLBACK")
        writer.close()


def test_reading_never_writes(tmp_path):
    """The guard itself: modifying a source during a test is detected."""
    from tests.conftest import SourceGuard

    p = tmp_path / "s.json"
    p.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    guard = SourceGuard()
    guard.record(p)
    assert guard.changed() == []
    p.write_text(json.dumps([{"role": "user", "content": "changed"}]))
    assert guard.changed() == [str(p.resolve())]
