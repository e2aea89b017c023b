"""Exports into the databases the frameworks' own services keep sessions in: a LangGraph
checkpointer (`inspector export --format langgraph`, a SqliteSaver file or a
PostgresSaver URL), ADK's `DatabaseSessionService` and the Agents SDK's
`SQLAlchemySession` on a real PostgreSQL server (the `postgres` fixture). Each is read
back by the framework's own API and resumed where the framework resumes; the password
is never printed; a failed write leaves nothing."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest

from inspector.cli.main import main
from inspector.sources.registry import open_source
from tests.lazy import installed
from tests.postgres_server import PASSWORD

pytestmark = pytest.mark.skipif(not installed("langgraph.checkpoint.sqlite"),
                                reason="langgraph-checkpoint-sqlite is in the test extra")


@pytest.fixture(autouse=True, scope="module")
def _langgraph() -> None:
    """LangGraph's saver and the LangChain agent, imported when these tests run (tests/lazy.py)."""
    global AIMessage, SqliteSaver, make_agent, run_threads
    from langchain_core.messages import AIMessage
    from langgraph.checkpoint.sqlite import SqliteSaver

    from tests.langgraph_agent import make_agent, run_threads


# Small enough to summarize the gamma thread (5 turns) down to a few messages.
SMALL = ["--preset", "balanced", "--summarizer", "extractive",
         "--set", "summarization.trigger.context_ratio=0.0", "--set", "summarization.trigger.messages=4",
         "--set", "summarization.keep.mode=messages", "--set", "summarization.keep.messages=3",
         "--set", "summarization.preserve_user_messages.enabled=false"]
FIXTURES = "tests/fixtures"


@pytest.fixture(scope="module")
def agent_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("lg") / "checkpoints.sqlite"
    with SqliteSaver.from_conn_string(str(db)) as saver:
        run_threads(saver, {"alpha": 2, "gamma": 5})
    return db


def export(capsys, *argv) -> tuple[int, str, str]:
    code = main(["export", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def resume_langgraph(saver, thread: str, question: str):
    agent, model = make_agent(saver, [AIMessage(content="resumed")])
    out = agent.invoke({"messages": [{"role": "user", "content": question}]},
                       {"configurable": {"thread_id": thread}})
    return model.seen[0], out


# --------------------------------------------------------------------------- LangGraph, CLI


@pytest.mark.parametrize("into", ["new-file", "source"])
def test_cli_exports_a_langgraph_thread_that_the_graph_resumes(agent_db, tmp_path, capsys, workspace, into,
                                                                source_guard):
    src = tmp_path / "src.sqlite"
    src.write_bytes(agent_db.read_bytes())
    target = tmp_path / "out.sqlite" if into == "new-file" else src
    with open_source(src) as s:
        session = s.read("gamma")
    extra = ["--into-source"] if into == "source" else []
    if into == "source":
        source_guard.forget(src)  # written back on purpose
    code, out, err = export(capsys, src, "--session", "gamma", "--format", "langgraph", "-o", target, *SMALL, *extra)
    assert code == 0, err
    thread = out.strip()
    assert thread == "gamma-compacted"
    with open_source(target) as t:
        back = t.read(thread)
    assert len(back.messages) < len(session.messages)
    with SqliteSaver.from_conn_string(str(target)) as saver:
        sent, result = resume_langgraph(saver, thread, "where is the parser?")
    assert [m.text for m in sent[1:]] == [m.text for m in back.messages] + ["where is the parser?"]
    assert result["messages"][-1].text == "resumed"
    if into == "source":  # the source thread itself is untouched
        with open_source(src) as s:
            assert len(s.read("gamma").messages) == len(session.messages)
    source_guard.forget(target)  # the resumed graph wrote its own checkpoints


def test_cli_exports_any_session_as_a_new_langgraph_thread(tmp_path, capsys, workspace, source_guard):
    """A session of another format becomes a thread of a new checkpointer file."""
    target = tmp_path / "new.sqlite"
    code, out, err = export(capsys, f"{FIXTURES}/claude-code/session_b.jsonl", "--format", "langgraph", "-o", target,
                            "--preset", "none")
    assert code == 0, err
    with open_source(f"{FIXTURES}/claude-code/session_b.jsonl") as s:
        session = s.read(s.session_ids()[0])
    with SqliteSaver.from_conn_string(str(target)) as saver:
        state = make_agent(saver, [])[0].get_state({"configurable": {"thread_id": out.strip()}})
        assert [m.text for m in state.values["messages"]] == [m.text for m in session.messages]
        sent, _ = resume_langgraph(saver, out.strip(), "and then?")
    assert len(sent) == len(session.messages) + 2  # system prompt + the stored messages + the new turn
    source_guard.forget(target)


def test_a_file_that_is_not_sqlite_is_refused_and_left_alone(tmp_path, capsys, workspace):
    target = tmp_path / "notes.txt"
    target.write_text("my notes")
    code, _, err = export(capsys, f"{FIXTURES}/claude-code/session_b.jsonl", "--format", "langgraph", "-o", target,
                          "--preset", "none")
    assert code != 0 and "not a SQLite database" in err
    assert target.read_text() == "my notes"


# --------------------------------------------------------------------------- PostgreSQL targets


def fresh_db(postgres, prefix: str) -> str:
    return postgres.create_database(f"{prefix}_{uuid.uuid4().hex[:8]}")


def test_langgraph_thread_into_postgres_from_the_cli_resumes(postgres, agent_db, tmp_path, capsys, workspace):
    pytest.importorskip("langgraph.checkpoint.postgres")
    from langgraph.checkpoint.postgres import PostgresSaver

    name = fresh_db(postgres, "lgout")
    url = postgres.url(name, "psycopg")
    code, out, err = export(capsys, agent_db, "--session", "gamma", "--format", "langgraph", "-o", url, *SMALL)
    assert code == 0, err
    assert PASSWORD not in out + err and "***" in err
    thread = out.strip()
    with open_source(url) as t:
        back = t.read(thread)
    with PostgresSaver.from_conn_string(postgres.url(name)) as saver:
        sent, result = resume_langgraph(saver, thread, "go on")
    assert [m.text for m in sent[1:]] == [m.text for m in back.messages] + ["go on"]
    assert result["messages"][-1].text == "resumed"


def adk_session(url: str, app: str, user: str, sid: str):
    from google.adk.sessions.database_session_service import DatabaseSessionService

    async def get():
        service = DatabaseSessionService(url)
        try:
            return await service.get_session(app_name=app, user_id=user, session_id=sid)
        finally:
            await service.close()

    return asyncio.run(get())


@pytest.mark.parametrize("existing", [False, True], ids=["empty-database", "service-made-tables"])
def test_adk_session_into_postgres_reads_back_and_resumes(postgres, tmp_path, capsys, workspace, existing):
    pytest.importorskip("google.adk")
    from google.adk.agents import LlmAgent
    from google.adk.cli.agent_test_runner import MockModel
    from google.adk.runners import Runner
    from google.adk.sessions.database_session_service import DatabaseSessionService
    from google.genai import types

    name = fresh_db(postgres, "adkout")
    url = postgres.url(name, "psycopg")  # what the service runs on here (asyncpg is not installed)
    if existing:  # the tables as ADK's own service creates them, with a session of its own
        async def make():
            service = DatabaseSessionService(url)
            await service.create_session(app_name="app", user_id="u", session_id="theirs")
            await service.close()
        asyncio.run(make())
    source = f"{FIXTURES}/adk/sqlite_service.db"
    with open_source(source) as s:
        sid = s.session_ids()[0]
        session = s.read(sid)
    code, out, err = export(capsys, source, "--session", sid, "--format", "adk-sqlite", "-o",
                            postgres.url(name, "asyncpg"), "--preset", "none", "--adk-app", "app", "--adk-user", "u", "--adk-author", "helper")
    assert code == 0, err
    assert PASSWORD not in out + err
    new_id = out.strip()
    stored = adk_session(url, "app", "u", new_id)
    assert stored is not None
    with_content = [e for e in stored.events if e.content is not None and e.content.parts]
    with open_source(url) as t:
        back = t.read(next(i for i in t.session_ids() if i.endswith(new_id)))
    assert [m.text for m in back.messages] == [m.text for m in session.messages]
    assert len(with_content) >= 1
    if existing:
        assert adk_session(url, "app", "u", "theirs") is not None  # left as it was

    async def resume():
        service = DatabaseSessionService(url)
        model = MockModel.create([types.Content(role="model", parts=[types.Part(text="Continuing.")])])
        runner = Runner(app_name="app", agent=LlmAgent(name="helper", model=model), session_service=service)
        texts = []
        async for event in runner.run_async(user_id="u", session_id=new_id, new_message=types.Content(
                role="user", parts=[types.Part(text="continue")])):
            if event.content and event.content.parts:
                texts.append(event.content.parts[0].text)
        await service.close()
        return model.requests[0], texts

    request, texts = asyncio.run(resume())
    assert texts == ["Continuing."]
    assert len(request.contents) == len(with_content) + 1  # the stored history, then the new turn


def test_agents_session_into_postgres_reads_back_with_the_sdk(postgres, tmp_path, capsys, workspace):
    pytest.importorskip("agents.extensions.memory")
    from agents.extensions.memory import SQLAlchemySession

    from inspector.formats.responses import to_responses_items

    name = fresh_db(postgres, "agout")
    url = postgres.url(name, "psycopg")
    source = f"{FIXTURES}/openai-agents/sessions.db"
    with open_source(source) as s:
        sid = s.session_ids()[0]
        session = s.read(sid)
    for _ in range(2):  # the second export gets a fresh id: nothing is added to an existing session
        code, out, err = export(capsys, source, "--session", sid, "--format", "openai-agents-sqlite", "-o", url,
                                "--preset", "none")
        assert code == 0, err
    assert PASSWORD not in out + err
    new_id = out.strip()
    assert new_id.endswith("-2")

    async def items():
        sdk = SQLAlchemySession.from_url(new_id, url=url)
        try:
            return await sdk.get_items()
        finally:
            await sdk.engine.dispose()

    got = asyncio.run(items())
    assert got == json.loads(json.dumps(to_responses_items(session.messages, [], functions_only=True)))

    # an agent resumes from it: the model is sent the stored items, then the new turn
    from tests.adapters.agents_model import LoopingModel
    from tests.adapters.test_agents import _loop_agent

    async def resume():
        from agents import Runner

        model = LoopingModel(calls=0)
        sdk = SQLAlchemySession.from_url(new_id, url=url)
        try:
            result = await Runner.run(_loop_agent(model), "and now?", session=sdk)
        finally:
            await sdk.engine.dispose()
        return model.sent, result.final_output

    sent, answer = asyncio.run(resume())
    assert answer == "All parts pass."
    assert len(sent[0][1]) == len(got) + 1 and sent[0][1][-1]["content"] == "and now?"


def test_a_failed_write_to_postgres_leaves_nothing(postgres, monkeypatch):
    pytest.importorskip("psycopg")
    import psycopg

    from inspector.engine.models import Message
    from inspector.exports import postgres as pg
    from inspector.exports.registry import ExportError, export_session
    from inspector.formats.locations import DatabaseUrl

    name = fresh_db(postgres, "fail")
    url = postgres.url(name)

    def boom(point: str) -> None:
        raise psycopg.OperationalError(f"server gone while writing to {url}")

    monkeypatch.setattr(pg, "fault_point", boom)
    messages = [Message.text_message("user", "hi"), Message.text_message("assistant", "hello")]
    for fmt in ("adk-sqlite", "openai-agents-sqlite"):
        with pytest.raises(ExportError) as err:
            export_session(messages, fmt, DatabaseUrl(url), session_id="s")
        assert PASSWORD not in str(err.value) and "***" in str(err.value)
    with psycopg.connect(url) as conn:  # not even the tables: one transaction, rolled back
        tables = conn.execute("SELECT count(*) FROM information_schema.tables "
                              "WHERE table_schema = current_schema()").fetchone()
    assert tables == (0,)


def test_a_url_is_refused_for_file_formats_and_for_its_own_source(postgres, capsys, workspace):
    pytest.importorskip("agents.extensions.memory")
    from agents.extensions.memory import SQLAlchemySession

    name = fresh_db(postgres, "refuse")
    url = postgres.url(name, "psycopg")

    async def write():
        sdk = SQLAlchemySession.from_url("conv", url=url, create_tables=True)
        await sdk.add_items([{"role": "user", "content": "hi"}])
        await sdk.engine.dispose()

    asyncio.run(write())
    code, _, err = export(capsys, url, "--format", "markdown", "-o", url, "--preset", "none")
    assert code != 0 and "markdown writes a file" in err and PASSWORD not in err
    code, _, err = export(capsys, url, "--format", "openai-agents-sqlite", "-o", url, "--preset", "none")
    assert code != 0 and "is the source being read" in err and PASSWORD not in err
    code, out, err = export(capsys, url, "--format", "openai-agents-sqlite", "-o", url, "--preset", "none",
                            "--into-source")
    assert code == 0, err
    assert out.strip() == "conv-compacted"
    with open_source(url) as src:  # added beside the source session, which is unchanged
        assert src.session_ids() == ["conv", "conv-compacted"]
        assert len(src.read("conv").messages) == 1


def test_export_all_into_one_postgres_database(postgres, capsys, workspace):
    pytest.importorskip("agents.extensions.memory")
    name = fresh_db(postgres, "all")
    url = postgres.url(name, "psycopg")
    source = f"{FIXTURES}/openai-agents/sessions.db"
    with open_source(source) as s:
        ids = s.session_ids()
    code, out, err = export(capsys, source, "--all", "--format", "openai-agents-sqlite", "-o", url, "--preset", "none")
    assert code == 0, err
    assert PASSWORD not in out + err and f"exported {len(ids)} of" in err
    with open_source(url) as t:
        assert sorted(t.session_ids()) == sorted(f"{i}-compacted" for i in ids)
