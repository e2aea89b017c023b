"""The workspace stores each message as a record read back without validation
(engine/stored.py): loading is one fetch and one cheap decode per row. Sessions load
as they did when every body was JSON validated on load (the same messages, counts,
plans and exported bytes); a workspace written before records opens, migrates and
reads both kinds of body; a damaged record is named in one line."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from inspector.engine import make_counter, plan
from inspector.engine.config import preset
from inspector.engine.models import Message, Part
from inspector.engine.tokens import count_messages
from inspector.exports.registry import TargetOptions, export_session
from inspector.service.opening import import_source
from inspector.sources.swe_agent import read_traj
from inspector.workspace import database, migrations
from inspector.workspace.database import Workspace, WorkspaceError
from tests.sessions import agent_session
from tests.workspace.test_workspace import _v1_database

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
_UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(msg|req)_[0-9a-f]{24}")
_GENERATED = re.compile(rb'"generated_at": "[^"]*"')
_STAMP = re.compile(rb'"timestamp": "[^"]*"')
TARGET = TargetOptions(max_tokens=4096)
SESSIONS = 3  # per fixture folder: the suite's time (every session is checked with fewer formats elsewhere)
FILE_FORMATS = ("openai-json", "openai-jsonl", "anthropic-json", "markdown", "claude-code")


def _no_validation(*args, **kwargs):
    """Stands for pydantic's validators (every TypeAdapter's, the workspace's message
    list among them): loading records must not call one."""
    raise AssertionError("a stored record was validated again on load")


def _json_bodies(monkeypatch) -> None:
    """Store bodies as canonical JSON, as the workspace did before records."""
    monkeypatch.setattr(database, "encode_message", lambda message, body: None)


def test_a_stored_session_loads_without_validating_its_messages(tmp_path, monkeypatch):
    session = agent_session(rounds=12)
    with Workspace(tmp_path / "ws.db") as ws:
        wid = ws.add_session(session)
        assert ws.query("SELECT count(*) FROM bodies WHERE record IS NULL OR data != ''")[0][0] == 0
        monkeypatch.setattr(TypeAdapter, "validate_json", _no_validation)
        monkeypatch.setattr(TypeAdapter, "validate_python", _no_validation)
        loaded = ws.load_session(wid)
    assert [m.model_dump_json() for m in loaded.messages] == [m.model_dump_json() for m in session.messages]
    assert [m.position for m in loaded.messages] == list(range(len(session.messages)))


def _fixed(data: bytes, fmt: str) -> bytes:
    """An export with what each export draws afresh masked (Claude Code's session and
    message uuids, message and request ids, and the time of writing for a message
    the source gave no time; the report's time of writing): all else must be the same bytes. The messages' own
    times are compared before (their dumps)."""
    data = _UUID.sub(b"<uuid>", data)
    if fmt == "report":
        return _GENERATED.sub(b"<time>", data)
    return _STAMP.sub(b"<time>", data) if fmt == "claude-code" else data


def _import_both(tmp_path: Path, monkeypatch, source: Path) -> tuple[Workspace, Workspace, list[str]]:
    records = Workspace(tmp_path / "records.db")
    ids = import_source(records, source).session_ids
    with monkeypatch.context() as patch:
        _json_bodies(patch)
        json_ws = Workspace(tmp_path / "json.db")
        assert import_source(json_ws, source).session_ids == ids
    assert json_ws.query("SELECT count(*) FROM bodies WHERE record IS NOT NULL")[0][0] == 0
    return records, json_ws, ids


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()))
def test_records_load_the_same_messages_counts_plans_and_exports_as_json_bodies(tmp_path, monkeypatch, fixture):
    records, json_ws, ids = _import_both(tmp_path, monkeypatch, FIXTURES / fixture)
    assert ids
    counter = make_counter()
    config = preset("balanced").with_values({"summarization.trigger.context_ratio": 0.0})  # plans that cut
    with records, json_ws:
        for sid in ids[:SESSIONS]:
            ours, theirs = records.load_session(sid), json_ws.load_session(sid)
            assert ours == theirs
            assert [m.model_dump_json() for m in ours.messages] == [m.model_dump_json() for m in theirs.messages]
            assert [m.content_hash for m in ours.messages] == [m.content_hash for m in theirs.messages]
            assert count_messages(ours.messages, counter) == count_messages(theirs.messages, counter)
            ours_plan, theirs_plan = plan(ours, config, counter), plan(theirs, config, counter)
            assert ours_plan.total_after == theirs_plan.total_after
            for fmt in (*FILE_FORMATS, "report"):
                a, b = tmp_path / f"a-{fmt}", tmp_path / f"b-{fmt}"
                export_session(ours, fmt, a, plan=ours_plan, force=True, target=TARGET)
                export_session(theirs, fmt, b, plan=theirs_plan, force=True, target=TARGET)
                assert _fixed(a.read_bytes(), fmt) == _fixed(b.read_bytes(), fmt), (sid, fmt)


def test_a_workspace_written_before_records_opens_and_reads_both_kinds_of_body(tmp_path):
    traj = read_traj(FIXTURES / "swe-agent" / "marshmallow-1867_function_calling.traj")
    path = tmp_path / "old.db"
    before = migrations.SCHEMA_VERSION - 1
    _v1_database(path, traj, version=before)  # schema 2's SQL: every body its JSON
    conn = sqlite3.connect(path)
    assert migrations.read_version(conn) == before
    assert "record" not in {r[1] for r in conn.execute("PRAGMA table_info(bodies)")}
    conn.close()
    with Workspace(path) as w:
        assert w.schema_version == migrations.SCHEMA_VERSION
        old = w.load_session("old:s")
        assert [m.model_dump_json() for m in old.messages] == [m.model_dump_json() for m in traj.messages]
        # The session grows: the new messages' bodies are records, the old ones stay JSON.
        grown = old.model_copy(update={"messages": [*old.messages, *agent_session(rounds=2).messages]})
        grown.renumber()
        assert w.store_session(grown) == ("old:s", "updated")
        kinds = w.query("SELECT b.record IS NULL, count(*) FROM messages m JOIN bodies b ON b.hash = m.body "
                         "WHERE m.session_id = 'old:s' GROUP BY 1 ORDER BY 1")
        assert kinds == [(0, len(grown.messages) - len(traj.messages)), (1, len(traj.messages))]
        mixed = w.load_session("old:s")
    assert [m.model_dump_json() for m in mixed.messages] == [m.model_dump_json() for m in grown.messages]
    assert [m.position for m in mixed.messages] == list(range(len(grown.messages)))


def test_a_damaged_record_is_named_with_its_session_and_position(tmp_path):
    with Workspace(tmp_path / "ws.db") as ws:
        wid = ws.add_session(agent_session(rounds=3))
        body = ws.query("SELECT body FROM messages WHERE session_id = ? AND position = 4", (wid,))[0][0]
        with sqlite3.connect(tmp_path / "ws.db") as conn:  # damaged from outside, as a disk would
            conn.execute("UPDATE bodies SET record = x'5b312c' WHERE hash = ?", (body,))
        conn.close()
        with pytest.raises(WorkspaceError, match=rf"ws\.db: {wid}: message 4: a damaged stored message"):
            ws.load_session(wid)


def test_a_body_is_the_messages_canonical_json(tmp_path, monkeypatch):
    """The workspace calls pydantic's serializer itself: what it writes must be
    `model_dump_json(exclude={"position"}, fallback=repr)`, for every kind of message."""
    from inspector.engine.models import Session
    from tests.engine.test_stored import CASES, EDGE_RAWS

    messages = [*CASES.values(), *(Message(role="user", parts=[Part(text="x")], raw=raw, position=3)
                                   for raw in EDGE_RAWS)]
    messages += agent_session(rounds=6).messages
    _json_bodies(monkeypatch)
    with Workspace(tmp_path / "ws.db") as ws:
        wid = ws.add_session(Session(id="bodies", messages=messages))
        stored = [r[0] for r in ws.query("SELECT b.data FROM messages m JOIN bodies b ON b.hash = m.body "
                                          "WHERE m.session_id = ? ORDER BY m.position", [wid])]
    assert stored == [m.model_dump_json(exclude={"position"}, fallback=repr) for m in messages]


def test_session_stats_in_one_pass_are_the_counts_of_each_kind(tmp_path):
    from inspector.engine.models import Session

    messages = agent_session(rounds=8).messages + [
        Message(role="user", kind="summary", parts=[Part(text="so far"), Part(type="reasoning", text="xx")]),
        Message(role="tool", tool_call_id="c", parts=[Part(text="out"), Part(type="image", url="u")])]
    with Workspace(tmp_path / "ws.db") as ws:
        wid = ws.add_session(Session(id="stats", messages=messages))
        [stats] = ws.query("SELECT messages, tool_calls, tool_results, user_messages, text_chars FROM sessions "
                           "WHERE id = ?", [wid])
    assert list(stats) == [
        len(messages),
        sum(len(m.tool_calls) for m in messages),
        sum(1 for m in messages if m.role == "tool"),
        sum(1 for m in messages if m.role == "user" and m.kind == "message"),
        sum(m.text_chars for m in messages),
    ]
    assert stats[1] > 0


