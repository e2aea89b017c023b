"""Export to an OpenAI Agents SDK SQLite session, read back with the SDK itself
(`agents.SQLiteSession.get_items`) and with our own source reader."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from inspector.engine import apply, plan
from inspector.engine.summarize import ExtractiveSummarizer
from inspector.exports import agents_sqlite as export_agents
from inspector.exports.registry import ExportError, export_session
from inspector.formats.responses import to_responses_items
from tests.exports.test_formats import chat_session, clear_config, compact_config, model_view
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("agents"), reason="openai-agents is in the test extra")


@pytest.fixture(autouse=True, scope="module")
def _agents() -> None:
    """The Agents SDK, imported when these tests run (tests/lazy.py)."""
    global agents
    import agents

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "openai-agents" / "sessions.db"
SWE = ROOT / "tests" / "fixtures" / "swe-agent"


def sdk_items(db: Path, session_id: str) -> list[dict]:
    session = agents.SQLiteSession(session_id, str(db))
    try:
        return asyncio.run(session.get_items())
    finally:
        session.close()


def read_source(path: Path, session_id: str, guard=None):
    """Our reader (the sources registry); skipped only while it does not exist.

    For a database this test wrote, pass the source guard: the SDK left it in WAL mode,
    and a read-only reader of a WAL database may create its -wal file.
    """
    sources = pytest.importorskip("inspector.sources.registry")
    with sources.open_source(path) as src:
        assert src.format == "openai-agents"
        session = src.read(session_id)
    if guard is not None:
        guard.forget(path)
    return session


def fixture_rows(session_id: str) -> list[str]:
    conn = sqlite3.connect(f"{FIXTURE.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute(
            "SELECT message_data FROM agent_messages WHERE session_id = ? ORDER BY id", (session_id,))]
    finally:
        conn.close()


def check_pairs(items: list[dict]) -> None:
    """Every function call is answered, after it, exactly once."""
    calls = [i["call_id"] for i in items if i.get("type") in ("function_call", "custom_tool_call")]
    outs = [i["call_id"] for i in items if i.get("type") in ("function_call_output", "custom_tool_call_output")]
    assert sorted(calls) == sorted(outs)
    seen: set[str] = set()
    for i in items:
        if i.get("type") in ("function_call", "custom_tool_call"):
            seen.add(i["call_id"])
        elif i.get("type") in ("function_call_output", "custom_tool_call_output"):
            assert i["call_id"] in seen, "an output before its call"


@pytest.mark.parametrize("sid", ["swe-simple", "swe-marshmallow"])
def test_unchanged_agents_session_is_written_back_verbatim(tmp_path, sid):
    s = read_source(FIXTURE, sid)
    out = tmp_path / "resume.db"
    # unique_ids=False: as recorded, even where the source repeats a call id (the
    # default renames those; tests/exports/test_conformance.py)
    res = export_session(s, "openai-agents-sqlite", out, session_id="resumed", unique_ids=False)
    assert res.session_id == "resumed"
    assert [w for w in res.warnings if not w.startswith("provider would reject")] == []
    original = fixture_rows(sid)
    conn = sqlite3.connect(out)
    written = [r[0] for r in conn.execute("SELECT message_data FROM agent_messages WHERE session_id = 'resumed' "
                                          "ORDER BY id")]
    conn.close()
    # Byte for byte: ids, statuses and the encrypted reasoning blob.
    assert written == original
    items = sdk_items(out, "resumed")
    assert items == [json.loads(r) for r in original]
    if sid == "swe-simple":
        assert any(i.get("encrypted_content") == "gAAAAABoZ3fake-encrypted-reasoning-blob==" for i in items)


def test_compacted_agents_session_resumes_with_the_sdk(tmp_path, source_guard):
    s = read_source(FIXTURE, "swe-marshmallow")
    cfg = compact_config().with_values({"summarization.keep.messages": 7})
    r = apply(s, plan(s, cfg), ExtractiveSummarizer())
    assert r.summaries and r.offloads
    out = tmp_path / "resume.db"
    res = export_session(s, "openai-agents-sqlite", out, compacted=r)
    assert res.session_id == "swe-marshmallow-compacted"
    items = sdk_items(out, res.session_id)
    assert len(items) == res.items
    check_pairs(items)
    summary = next(m for m in r.messages if m.kind == "summary")
    assert {"role": summary.role, "content": summary.text} in items
    # Kept, untouched items are the recorded ones; rewritten results carry the hint.
    recorded = {json.dumps(json.loads(x), sort_keys=True) for x in fixture_rows("swe-marshmallow")}
    kept = [i for i in items if json.dumps(i, sort_keys=True) in recorded]
    assert len(kept) >= len(items) // 2
    truncated = [i for i in items if i.get("type") == "function_call_output" and "off-" in i["output"]]
    assert len(truncated) == sum(1 for o in r.offloads if o.kind == "truncate")
    # Importing the export gives back the compacted messages.
    back = read_source(out, res.session_id, source_guard)
    assert [model_view(m) for m in back.messages] == [model_view(m) for m in r.messages]


def test_cleared_arguments_and_reasoning_in_rebuilt_items(tmp_path):
    s = read_source(FIXTURE, "swe-simple")
    r = apply(s, plan(s, clear_config()), ExtractiveSummarizer())
    rewritten = [m for m in r.messages if m.role == "assistant" and m.meta.get("inspector_reduced")]
    assert rewritten, "the clear stage must rewrite an assistant message"
    items = to_responses_items(r.messages)
    check_pairs(items)
    cleared = [i for i in items if i.get("type") == "function_call" and "cleared" in i["arguments"]]
    assert cleared and all(json.loads(i["arguments"])["cleared"].startswith("arguments stored as off-")
                           for i in cleared)
    # The encrypted reasoning of a rewritten message is still there, verbatim.
    reasoning = [i for i in items if i.get("type") == "reasoning"]
    assert {"id": "rs_0001", "summary": [], "type": "reasoning",
            "encrypted_content": "gAAAAABoZ3fake-encrypted-reasoning-blob=="} in reasoning
    out = tmp_path / "r.db"
    res = export_session(s, "openai-agents-sqlite", out, compacted=r, session_id="cleared")
    assert sdk_items(out, res.session_id) == items


def test_chat_session_exports_as_responses_items(tmp_path, source_guard):
    s = chat_session(SWE / "marshmallow-1867_function_calling.traj")
    out = tmp_path / "chat.db"
    # unique_ids=False: the round trip compares call ids, and this trajectory repeats some
    res = export_session(s, "openai-agents-sqlite", out, session_id="from-chat", unique_ids=False)
    items = sdk_items(out, "from-chat")
    assert len(items) == res.items
    check_pairs(items)
    assert items[0] == {"role": "system", "content": s.messages[0].text}
    assert items[2]["type"] == "message" and items[2]["content"][0]["type"] == "output_text"
    back = read_source(out, "from-chat", source_guard)
    assert [model_view(m) for m in back.messages] == [model_view(m) for m in s.messages]


def test_existing_sessions_are_never_written_to(tmp_path, source_guard):
    db = tmp_path / "agent.db"
    shutil.copy(FIXTURE, db)
    before = {sid: sdk_items(db, sid) for sid in ("swe-simple", "swe-marshmallow")}
    s = chat_session(SWE / "function_calling_simple.traj")
    first = export_session(s, "openai-agents-sqlite", db, session_id="swe-simple")
    second = export_session(s, "openai-agents-sqlite", db, session_id="swe-simple")
    assert (first.session_id, second.session_id) == ("swe-simple-2", "swe-simple-3")
    assert {sid: sdk_items(db, sid) for sid in before} == before
    assert sdk_items(db, "swe-simple-2") == sdk_items(db, "swe-simple-3") == to_responses_items(s.messages)


def test_failed_insert_leaves_the_database_unchanged(tmp_path, monkeypatch):
    db = tmp_path / "agent.db"
    shutil.copy(FIXTURE, db)
    original = db.read_bytes()
    s = chat_session(SWE / "function_calling_simple.traj")
    items = to_responses_items(s.messages)

    real_dumps = json.dumps

    def explode(item, **kw):
        if item is items[5]:
            raise ValueError("not serialisable")
        return real_dumps(item, **kw)

    monkeypatch.setattr(export_agents.json, "dumps", explode)
    with pytest.raises(ValueError):
        export_agents.write_agents_session(items, db, "new")
    monkeypatch.undo()
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM agent_sessions WHERE session_id = 'new'").fetchone()[0] == 0
    conn.close()
    assert db.read_bytes() == original

    # A failure inside the transaction (after some rows went in) rolls everything back.
    rows = [(0,)]

    real_connect = sqlite3.connect

    class FailingConn(sqlite3.Connection):
        def executemany(self, sql, seq):
            def gen():
                for k, row in enumerate(seq):
                    if k == 3:
                        rows[0] = self.execute("SELECT count(*) FROM agent_messages WHERE session_id = 'new'").fetchone()
                        raise sqlite3.OperationalError("disk I/O error (injected)")
                    yield row
            return super().executemany(sql, gen())

    monkeypatch.setattr(export_agents.sqlite3, "connect", lambda *a, **k: real_connect(*a, factory=FailingConn, **k))
    with pytest.raises(export_agents.AgentsExportError, match="agent.db: cannot write the Agents SDK session"):
        export_agents.write_agents_session(items, db, "new")
    monkeypatch.undo()
    assert rows[0][0] == 3  # rows had been inserted when it failed
    assert "new" not in {r[0] for r in real_connect(db).execute("SELECT session_id FROM agent_messages")}


def test_not_a_database_is_refused(tmp_path):
    target = tmp_path / "notes.db"
    target.write_text("my notes")
    s = chat_session(SWE / "function_calling_simple.traj")
    with pytest.raises(ExportError, match="notes.db: exists and is not a SQLite database"):
        export_session(s, "openai-agents-sqlite", target)
    assert target.read_text() == "my notes"


def test_exports_carry_their_offloads_and_a_restarted_agent_recovers_them(tmp_path):
    """A compacted export's recovery notices resolve in the file itself: the Agents SDK
    export keeps the offloads in the adapter's table, so a new process wrapping the
    exported session answers `recover(id)`; the ADK export keeps them in the session's
    state, which ADK's own `get_session` loads."""
    import asyncio

    agents = pytest.importorskip("agents")
    from inspector import Compactor
    from inspector.adapters.agents import CompactingSession
    from inspector.engine import apply, plan, preset
    from inspector.engine.summarize import ExtractiveSummarizer
    from inspector.exports.registry import export_session
    from inspector.service.recover import SqliteOffloadStore
    from inspector.sources.registry import open_source

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    with open_source(fixtures / "swe-agent" / "marshmallow-1867_function_calling.traj") as src:
        s = src.read(src.session_ids()[0])
    cfg = preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 2000,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})
    result = apply(s, plan(s, cfg), ExtractiveSummarizer())
    assert result.offloads
    res = export_session(s, "openai-agents-sqlite", tmp_path / "a.db", compacted=result)
    items = asyncio.run(agents.SQLiteSession(res.session_id, tmp_path / "a.db").get_items())
    import json as _json

    written = _json.dumps(items)
    assert all(o.id in written for o in result.offloads), "the notices name the offloads"
    restarted = CompactingSession(agents.SQLiteSession(res.session_id, tmp_path / "a.db"), Compactor(cfg))
    for o in result.offloads:
        assert restarted.compactor.recover(o.id) == o.content
    store = SqliteOffloadStore(res.path)  # the table the adapter uses
    assert all(store.recover(o.id) == o.content for o in result.offloads)
    pytest.importorskip("google.adk")
    from tests.exports.test_adk import adk_get

    res = export_session(s, "adk-sqlite", tmp_path / "a.adk.db", compacted=result)
    loaded = asyncio.run(adk_get(res.path, "inspector", "user", res.session_id, "sqlite"))
    assert all(loaded.state["inspector_offload:" + o.id] == o.content for o in result.offloads)
