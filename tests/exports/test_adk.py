"""Write-back to Google ADK session databases, loaded by the real `google-adk`
(`get_session` of `SqliteSessionService` and `DatabaseSessionService`), resumed by an
ADK `Runner` with ADK's own mock model, and read back by our reader."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from inspector.engine import preset
from inspector.exports import adk as export_adk
from inspector.exports.registry import ExportError, export_session
from inspector.formats.genai import from_contents
from inspector.sources.registry import open_source
from tests.exports.test_formats import chat_session, compact, model_view
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("google.adk"), reason="google-adk is in the test extra")


@pytest.fixture(autouse=True, scope="module")
def _adk() -> None:
    """ADK, imported when these tests run (tests/lazy.py)."""
    global LlmAgent, MockModel, Runner, DatabaseSessionService, SqliteSessionService, types
    from google.adk.agents import LlmAgent
    from google.adk.cli.agent_test_runner import MockModel
    from google.adk.runners import Runner
    from google.adk.sessions.database_session_service import DatabaseSessionService
    from google.adk.sessions.sqlite_session_service import SqliteSessionService
    from google.genai import types


ROOT = Path(__file__).resolve().parents[2]
ADK = ROOT / "tests" / "fixtures" / "adk"
SWE = ROOT / "tests" / "fixtures" / "swe-agent"
CLAUDE = ROOT / "tests" / "fixtures" / "claude-code" / "branch_merge.jsonl"


def small_config():
    """Summarize all but the last message (the current request stays in place), truncate
    big outputs."""
    return preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 4,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 1,
        "summarization.preserve_user_messages.enabled": False,
        "reduction.truncation.max_chars": 400,
    })


def read(path: Path, session_id: str | None = None):
    with open_source(path) as src:
        return src.read(session_id or src.session_ids()[0])


async def adk_get(db: Path, app: str, user: str, sid: str, layout: str):
    from google.adk.sessions.database_session_service import DatabaseSessionService
    from google.adk.sessions.sqlite_session_service import SqliteSessionService

    if layout == "sqlite":
        return await SqliteSessionService(str(db)).get_session(app_name=app, user_id=user, session_id=sid)
    svc = DatabaseSessionService(f"sqlite+aiosqlite:///{db}")
    try:
        return await svc.get_session(app_name=app, user_id=user, session_id=sid)
    finally:
        await svc.close()


def adk_messages(session):
    """What ADK loaded, back in canonical messages (through our GenAI codec)."""
    contents = [e.content.model_dump(mode="json", exclude_none=True) for e in session.events if e.content]
    return from_contents(contents)


def expected(messages):
    """The messages an ADK session can carry (system prompts live in the agent; a
    summary, system-injected or not, is a user event, but the summary of the turn in
    flight, the agent's own account after the request, is a model event)."""
    return [model_view(m.model_copy(update={"role": "user"}) if m.kind == "summary" and m.role != "assistant"
                       else m)
            for m in messages if not (m.role == "system" and m.kind == "message")]


def sources():
    return {
        "chat": chat_session(SWE / "function_calling_simple.traj"),
        "adk": read(ADK / "sqlite_service.db", "swe-simple"),
        "claude-code": read(CLAUDE),
    }


@pytest.mark.parametrize("layout", ["sqlite", "database"])
@pytest.mark.parametrize("name", ["chat", "adk", "claude-code"])
def test_compacted_session_loads_in_adk_and_reads_back(tmp_path, name, layout):
    session = sources()[name]
    result = compact(session, small_config())
    assert result.plan.changed
    out = tmp_path / "adk.db"
    warnings: list[str] = []
    sid = export_adk.write_adk_session(result.messages, out, "resumed", app_name="app", user_id="u",
                                       author="swe_agent", layout=layout, warnings=warnings)
    assert sid == "resumed"
    loaded = asyncio.run(adk_get(out, "app", "u", sid, layout))
    assert loaded is not None and loaded.id == "resumed"
    want = expected(result.messages)
    assert [model_view(m) for m in adk_messages(loaded)] == want
    assert [model_view(m) for m in read(out, sid).messages] == want  # our reader agrees
    summary = next(m for m in result.messages if m.kind == "summary")
    assert any(e.content and e.content.parts[0].text == summary.text for e in loaded.events)
    assert all(e.author in ("user", "swe_agent") for e in loaded.events)
    stamps = [e.timestamp for e in loaded.events]
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)


def test_untouched_adk_events_keep_signatures_usage_and_state(tmp_path):
    session = read(ADK / "sqlite_service.db", "swe-simple")
    out = tmp_path / "adk.db"
    res = export_session(session, "adk-sqlite", out, session_id="copy")
    assert res.session_id == "copy"
    original = asyncio.run(adk_get(ADK / "sqlite_service.db", "swe_app", "dev-1", "swe-simple", "sqlite"))
    loaded = asyncio.run(adk_get(out, "swe_app", "dev-1", "copy", "sqlite"))
    assert loaded.state == original.state == {"repo": "SWE-agent/test-repo"}
    assert [e.content for e in loaded.events] == [e.content for e in original.events]
    assert [e.usage_metadata for e in loaded.events] == [e.usage_metadata for e in original.events]
    thought = loaded.events[1].content.parts[0]
    assert thought.thought and thought.thought_signature == b"sig-\x00\x01opaque-bytes"
    assert {e.id for e in loaded.events}.isdisjoint({e.id for e in original.events})  # fresh ids
    assert [e.author for e in loaded.events] == [e.author for e in original.events]


@pytest.mark.parametrize("layout", ["sqlite", "database"])
def test_adk_runner_resumes_the_exported_session(tmp_path, layout):
    """An ADK agent resumes from the write-back: its next request carries the
    summary and the kept turns as its own (not as another agent's quoted context),
    and its new events are appended to the session."""
    result = compact(chat_session(SWE / "function_calling_simple.traj"), small_config())
    out = tmp_path / "adk.db"
    sid = export_adk.write_adk_session(result.messages, out, "resumed", app_name="app", user_id="u",
                                       author="swe_agent", layout=layout)

    async def resume():
        service = (SqliteSessionService(str(out)) if layout == "sqlite"
                   else DatabaseSessionService(f"sqlite+aiosqlite:///{out}"))
        model = MockModel.create([types.Content(role="model", parts=[types.Part(text="Continuing.")])])
        agent = LlmAgent(name="swe_agent", model=model, instruction="You fix bugs.")
        runner = Runner(app_name="app", agent=agent, session_service=service)
        async for _ in runner.run_async(user_id="u", session_id=sid, new_message=types.Content(
                role="user", parts=[types.Part(text="Go on.")])):
            pass
        if layout == "database":
            await service.close()
        return model.requests[0]

    request = asyncio.run(resume())
    stored = asyncio.run(adk_get(out, "app", "u", sid, layout))
    assert [e.content.parts[0].text for e in stored.events[-2:]] == ["Go on.", "Continuing."]
    got = from_contents([c.model_dump(mode="json", exclude_none=True) for c in request.contents])
    assert [model_view(m) for m in got[:-1]] == expected(result.messages)
    assert got[-1].text == "Go on."
    assert not any("For context:" in m.text for m in got)


def test_into_an_existing_database_of_either_layout(tmp_path, source_guard):
    for name, layout in (("sqlite_service.db", "sqlite"), ("database_v1.db", "database")):
        db = tmp_path / name
        shutil.copy(ADK / name, db)
        session = read(db, "swe-compacted")
        source_guard.forget(db)
        result = compact(session, small_config())
        with pytest.raises(ExportError, match="is the source being read"):
            export_session(session, "adk-sqlite", db, compacted=result)
        res = export_session(session, "adk-sqlite", db, compacted=result, into_source=True)
        assert res.session_id == "swe-compacted-compacted"
        again = export_session(session, "adk-sqlite", db, compacted=result, into_source=True)
        assert again.session_id == "swe-compacted-compacted-2"  # never written into an existing session
        for sid in ("swe-simple", "swe-compacted"):  # the old sessions load as before
            before = asyncio.run(adk_get(ADK / name, "swe_app", "dev-1", sid, layout))
            after = asyncio.run(adk_get(db, "swe_app", "dev-1", sid, layout))
            assert [e.model_dump() for e in after.events] == [e.model_dump() for e in before.events]
        loaded = asyncio.run(adk_get(db, "swe_app", "dev-1", res.session_id, layout))
        assert [model_view(m) for m in adk_messages(loaded)] == expected(result.messages)
        with pytest.raises(export_adk.AdkExportError, match=f"holds the ADK '{layout}' layout"):
            export_adk.write_adk_session(result.messages, db, layout="database" if layout == "sqlite" else "sqlite")


def test_refusals_are_clear_and_leave_the_file_unchanged(tmp_path):
    v0 = tmp_path / "v0.db"
    shutil.copy(ADK / "database_v0.db", v0)
    before = v0.read_bytes()
    session = chat_session(SWE / "function_calling_simple.traj")
    with pytest.raises(ExportError, match="v0.db: .*legacy v0 layout"):
        export_session(session, "adk-sqlite", v0)
    assert v0.read_bytes() == before
    text = tmp_path / "notes.db"
    text.write_text("not a database")
    with pytest.raises(ExportError, match="notes.db: exists and is not a SQLite database"):
        export_session(session, "adk-sqlite", text)


def test_failed_insert_leaves_the_database_unchanged(tmp_path, monkeypatch):
    db = tmp_path / "adk.db"
    shutil.copy(ADK / "sqlite_service.db", db)
    before = db.read_bytes()
    session = chat_session(SWE / "function_calling_simple.traj")

    def boom(name):
        raise sqlite3.OperationalError(f"disk I/O error at {name} (injected)")

    monkeypatch.setattr(export_adk, "fault_point", boom)
    with pytest.raises(export_adk.AdkExportError, match="adk.db: cannot write the ADK session .*injected"):
        export_adk.write_adk_session(session.messages, db, "new")
    assert db.read_bytes() == before


def test_kill_9_before_commit_leaves_the_database_as_it_was(tmp_path):
    """The process dies (SIGKILL) with every row of the new session inserted, not committed."""
    import os
    import signal
    import subprocess
    import sys

    db = tmp_path / "adk.db"
    shutil.copy(ADK / "sqlite_service.db", db)
    rows = sqlite3.connect(db).execute("SELECT id FROM sessions ORDER BY id").fetchall()
    env = {**os.environ, "INSPECTOR_FAULT": "export.adk_insert", "INSPECTOR_WORKSPACE": str(tmp_path / "ws.db"),
           "PYTHONPATH": str(ROOT), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    proc = subprocess.run([sys.executable, "-m", "inspector.cli", "export", str(ADK / "sqlite_service.db"), "-s",
                           "swe-simple", "--preset", "none", "-f", "adk-sqlite", "-o", str(db)],
                          env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("SELECT id FROM sessions ORDER BY id").fetchall() == rows
    con.close()
    loaded = asyncio.run(adk_get(db, "swe_app", "dev-1", "swe-simple", "sqlite"))
    assert len(loaded.events) == 11


def test_a_summary_merged_into_the_system_prompt_is_kept(tmp_path):
    from tests.sessions import agent_session

    # the kept messages start with a user message, so trpc's injection merges the summary
    cfg = small_config().with_values({"summarization.injection": "system_merge", "summarization.keep.messages": 9,
                                      "summarization.trigger.messages": 10})
    result = compact(agent_session(rounds=6), cfg)
    assert result.messages[0].role == "system" and result.messages[0].meta.get("inspector_summary")
    warnings: list[str] = []
    sid = export_adk.write_adk_session(result.messages, tmp_path / "adk.db", "m", warnings=warnings)
    loaded = asyncio.run(adk_get(tmp_path / "adk.db", "inspector", "user", sid, "sqlite"))
    assert "[Previous conversation summary]" in loaded.events[0].content.parts[0].text
    assert any("summary was merged into written as user text" in w for w in warnings)


def adk_source_with_repeated_ids(path: Path) -> str:
    """An ADK session, written by ADK's own `SqliteSessionService`, whose agent reused
    one function-call id for several calls (models do: Gemini often sends no id and
    frameworks number them per turn). Returns the session id."""
    from google.adk.events import Event

    async def build():
        service = SqliteSessionService(str(path))
        session = await service.create_session(app_name="app", user_id="u", session_id="dups")

        async def add(author, *parts, role="model"):
            await service.append_event(session, Event(author=author, invocation_id="inv-1",
                                                      content=types.Content(role=role, parts=list(parts))))

        await add("user", types.Part(text="Fix the failing tests."), role="user")
        for k in range(3):
            await add("fixer", types.Part(text=f"Running step {k}."),
                      types.Part(function_call=types.FunctionCall(id="call_1", name="bash",
                                                                  args={"cmd": f"pytest -k step{k}"})))
            await add("fixer", types.Part(function_response=types.FunctionResponse(
                id="call_1", name="bash", response={"result": f"step {k}: 1 failed"})), role="user")
        await add("fixer", types.Part(text="Step 2 still fails."))
        return session.id

    return asyncio.run(build())


@pytest.mark.parametrize("compacted", [False, True])
def test_repeated_ids_of_an_adk_source_are_renamed_in_every_event(tmp_path, compacted):
    """Renaming repeated ids must reach the events copied from the source too: an
    event kept verbatim with the old id leaves a call without its response once the
    ADK Runner pairs them by id."""
    src = tmp_path / "src.db"
    sid = adk_source_with_repeated_ids(src)
    session = read(src, sid)
    assert len({c.id for m in session.messages for c in m.tool_calls}) == 1
    result = compact(session, preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 6,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 5,
        "summarization.preserve_user_messages.enabled": False})) if compacted else None
    res = export_session(session, "adk-sqlite", tmp_path / "out.db", compacted=result)
    assert any("renamed" in w for w in res.warnings)

    async def resume():
        service = SqliteSessionService(str(res.path))
        model = MockModel.create([types.Content(role="model", parts=[types.Part(text="Continuing.")])])
        runner = Runner(app_name="app", agent=LlmAgent(name="fixer", model=model, instruction="Fix bugs."),
                        session_service=service)
        async for _ in runner.run_async(user_id="u", session_id=res.session_id, new_message=types.Content(
                role="user", parts=[types.Part(text="Go on.")])):
            pass
        return model.requests[0]

    request = asyncio.run(resume())
    parts = [p for c in request.contents for p in c.parts or []]
    called = [p.function_call.id for p in parts if p.function_call]
    answered = [p.function_response.id for p in parts if p.function_response]
    messages = result.messages if result is not None else session.messages
    assert len(called) == sum(len(m.tool_calls) for m in messages) == len(set(called))
    assert sorted(answered) == sorted(called), "every call sent with its own response"
    stored = asyncio.run(adk_get(res.path, "app", "u", res.session_id, "sqlite"))
    renamed = [e for e in stored.events if e.content and any(
        (p.function_call and p.function_call.id != "call_1") or (p.function_response and p.function_response.id != "call_1")
        for p in e.content.parts or [])]
    assert renamed and all(e.invocation_id == "inv-1" for e in renamed), "renamed events are the source's, copied"


def test_cli_adk_author_app_and_user_let_a_named_agent_resume_a_non_adk_source(tmp_path, monkeypatch, capsys):
    """Without --adk-author a non-ADK source is written as author `agent`, and an ADK
    agent with another name gets its history as another agent's quoted context."""
    from inspector.cli.main import main

    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    src = str(SWE / "function_calling_simple.traj")

    def resume(out: Path, app: str, user: str):
        sid = capsys.readouterr().out.strip().splitlines()[-1]

        async def go():
            service = SqliteSessionService(str(out))
            model = MockModel.create([types.Content(role="model", parts=[types.Part(text="Continuing.")])])
            runner = Runner(app_name=app, agent=LlmAgent(name="swe_fixer", model=model, instruction="Fix."),
                            session_service=service)
            async for _ in runner.run_async(user_id=user, session_id=sid, new_message=types.Content(
                    role="user", parts=[types.Part(text="Go on.")])):
                pass
            return model.requests[0]

        request = asyncio.run(go())
        return [c.role for c in request.contents], " ".join(p.text or "" for c in request.contents
                                                            for p in c.parts or [])

    assert main(["export", src, "-f", "adk-sqlite", "-o", str(tmp_path / "plain.db"), "--preset", "none"]) == 0
    roles, text = resume(tmp_path / "plain.db", "inspector", "user")
    assert "model" not in roles[:-1] and "For context:" in text
    assert main(["export", src, "-f", "adk-sqlite", "-o", str(tmp_path / "named.db"), "--preset", "none",
                 "--adk-author", "swe_fixer", "--adk-app", "fixapp", "--adk-user", "u-7"]) == 0
    roles, text = resume(tmp_path / "named.db", "fixapp", "u-7")
    assert "model" in roles and "For context:" not in text
