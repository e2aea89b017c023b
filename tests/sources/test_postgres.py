"""PostgreSQL databases as sources, on a real server (the `postgres` fixture) written by
the real frameworks' services: ADK `DatabaseSessionService`, LangGraph
`PostgresSaver`, Agents SDK `SQLAlchemySession`. Read with the counts the frameworks'
own APIs report, read-only, with no lock held past a read, and the password never
printed."""

from __future__ import annotations

import asyncio
import json
import threading
import uuid

import pytest

from inspector.cli.main import main
from inspector.engine.validation import errors, validate
from inspector.formats.locations import DatabaseUrl
from inspector.sources.model import SourceError
from inspector.sources.registry import detect_format, open_source
from tests.lazy import installed
from tests.postgres_server import PASSWORD

pytestmark = pytest.mark.skipif(not installed("psycopg"), reason="psycopg is in the test extra")


def fresh_db(postgres, prefix: str) -> str:
    return postgres.create_database(f"{prefix}_{uuid.uuid4().hex[:8]}")


# --------------------------------------------------------------------------- ADK


@pytest.fixture(scope="module")
def adk_db(postgres):
    pytest.importorskip("google.adk")
    from google.adk.agents import LlmAgent
    from google.adk.cli.agent_test_runner import MockModel
    from google.adk.runners import Runner
    from google.adk.sessions.database_session_service import DatabaseSessionService
    from google.genai import types

    name = fresh_db(postgres, "adk")

    def lookup(city: str) -> dict:
        """The weather of a city."""
        return {"city": city, "weather": "sunny", "detail": "clear skies " * 20}

    async def write():
        service = DatabaseSessionService(postgres.url(name, "psycopg"))
        got = {}
        for sid, cities in (("s1", ["Oslo", "Lima"]), ("s2", ["Pune"])):
            contents = []
            for k, city in enumerate(cities):
                contents.append(types.Content(role="model", parts=[types.Part(function_call=types.FunctionCall(
                    name="lookup", args={"city": city}, id=f"fc-{sid}-{k}"))]))
                contents.append(types.Content(role="model", parts=[types.Part(text=f"It is sunny in {city}.")]))
            agent = LlmAgent(name="weather", model=MockModel.create(contents), instruction="Answer briefly.",
                             tools=[lookup])
            runner = Runner(app_name="app", agent=agent, session_service=service)
            await service.create_session(app_name="app", user_id="u", session_id=sid)
            for city in cities:
                async for _ in runner.run_async(user_id="u", session_id=sid, new_message=types.Content(
                        role="user", parts=[types.Part(text=f"Weather in {city}?")])):
                    pass
            got[sid] = await service.get_session(app_name="app", user_id="u", session_id=sid)
        await service.close()
        return got

    return name, asyncio.run(write())


def test_adk_database_session_service_on_postgres(postgres, adk_db):
    name, sessions = adk_db
    url = postgres.url(name, "asyncpg")  # the URL as an ADK app configures it
    assert detect_format(url) == "adk"
    with open_source(url) as src:
        assert str(src.path) == url.replace(PASSWORD, "***")
        assert src.session_ids() == list(sessions)
        for sid, stored in sessions.items():
            session = src.read(sid)
            with_content = [e for e in stored.events if e.content is not None and e.content.parts]
            assert len(session.messages) == len(with_content)
            assert [m.role for m in session.messages].count("tool") == sum(
                1 for e in with_content if e.get_function_responses())
            assert not errors(validate(session.messages))
            assert PASSWORD not in session.source_path


# --------------------------------------------------------------------------- LangGraph


@pytest.fixture(scope="module")
def langgraph_db(postgres):
    pytest.importorskip("langgraph.checkpoint.postgres")
    from langgraph.checkpoint.postgres import PostgresSaver

    from tests.langgraph_agent import run_threads

    name = fresh_db(postgres, "lg")
    with PostgresSaver.from_conn_string(postgres.url(name)) as saver:
        saver.setup()
        run_threads(saver, {"first": 2, "second": 3})
    return name


def test_langgraph_postgres_saver(postgres, langgraph_db):
    from langgraph.checkpoint.postgres import PostgresSaver

    from tests.langgraph_agent import make_agent

    url = postgres.url(langgraph_db, "psycopg")
    assert detect_format(url) == "langgraph"
    with open_source(url) as src, PostgresSaver.from_conn_string(postgres.url(langgraph_db)) as saver:
        assert src.session_ids() == ["first", "second"]
        agent, _ = make_agent(saver, [])
        for thread in ("first", "second"):
            session = src.read(thread)
            cfg = {"configurable": {"thread_id": thread}}
            messages = agent.get_state(cfg).values["messages"]
            assert [m.text for m in session.messages] == [m.text for m in messages]
            assert len(session.metadata["checkpoints"]) == len(list(agent.get_state_history(cfg)))
            assert not errors(validate(session.messages))


def test_a_langgraph_thread_compacted_into_postgres_resumes(postgres, langgraph_db):
    from langchain_core.messages import AIMessage
    from langgraph.checkpoint.postgres import PostgresSaver

    from inspector.engine import apply, plan, preset
    from inspector.engine.summarize import ExtractiveSummarizer
    from inspector.exports.langgraph import write_thread
    from tests.langgraph_agent import make_agent

    url = DatabaseUrl(postgres.url(langgraph_db))
    with open_source(url) as src:
        session = src.read("second")
    config = preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 4,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 3,
        "summarization.preserve_user_messages.enabled": False})
    compacted = apply(session, plan(session, config), ExtractiveSummarizer()).messages
    assert len(compacted) < len(session.messages)
    written = write_thread(url, compacted, source_thread="second")
    with PostgresSaver.from_conn_string(postgres.url(langgraph_db)) as saver:
        agent, model = make_agent(saver, [AIMessage(content="resumed")])
        out = agent.invoke({"messages": [{"role": "user", "content": "go on"}]},
                           {"configurable": {"thread_id": written.thread_id}})
    assert [m.text for m in model.seen[0][1:]] == [m.text for m in compacted] + ["go on"]
    assert out["messages"][-1].text == "resumed"


# --------------------------------------------------------------------------- Agents SDK


@pytest.fixture(scope="module")
def agents_db(postgres):
    pytest.importorskip("agents.extensions.memory")
    from agents.extensions.memory import SQLAlchemySession

    name = fresh_db(postgres, "agents")
    items = [
        {"role": "user", "content": "List the files."},
        {"type": "function_call", "call_id": "call_1", "name": "ls", "arguments": json.dumps({"path": "."}),
         "id": "fc_1", "status": "completed"},
        {"type": "function_call_output", "call_id": "call_1", "output": "a.py\nb.py"},
        {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
         "content": [{"type": "output_text", "text": "Two files.", "annotations": []}]},
    ]

    async def write():
        session = SQLAlchemySession.from_url("conv-1", url=postgres.url(name, "psycopg"), create_tables=True)
        await session.add_items(items)
        got = await session.get_items()
        await session.engine.dispose()
        return got

    return name, asyncio.run(write())


def test_agents_sdk_sqlalchemy_session_on_postgres(postgres, agents_db):
    name, stored = agents_db
    url = postgres.url(name)
    assert detect_format(url) == "openai-agents"
    with open_source(url) as src:
        assert src.session_ids() == ["conv-1"]
        session = src.read("conv-1")
    assert len(stored) == 4
    assert [m.role for m in session.messages] == ["user", "assistant", "tool", "assistant"]
    assert session.messages[1].tool_calls[0].id == session.messages[2].tool_call_id == "call_1"


# --------------------------------------------------------------------------- read-only, locks, passwords


def test_opened_read_only_and_no_lock_outlives_a_read(postgres, agents_db):
    name, _ = agents_db
    with open_source(postgres.url(name)) as src:
        src.read("conv-1")
        with pytest.raises(SourceError, match="read-only transaction") as err:
            src.conn.execute("CREATE TABLE intruder (a int)")
        assert PASSWORD not in str(err.value)
        # an ALTER TABLE needs the table's strongest lock: it gets it while the source is open
        done = threading.Event()

        def alter():
            import psycopg

            with psycopg.connect(postgres.url(name), autocommit=True) as conn:
                conn.execute("SET lock_timeout = '3s'")
                conn.execute("ALTER TABLE agent_messages ADD COLUMN note text")
                conn.execute("ALTER TABLE agent_messages DROP COLUMN note")
            done.set()

        worker = threading.Thread(target=alter)
        worker.start()
        worker.join(30)
        assert done.is_set()
        assert len(src.read("conv-1").messages) == 4  # and it reads on


def test_the_password_is_never_printed(postgres, agents_db, capsys, tmp_path, monkeypatch):
    name, _ = agents_db
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    url = postgres.url(name, "asyncpg")
    assert main(["stats", url, "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["sessions"][0]["messages"] == 4
    assert PASSWORD not in out.out + out.err and "***" in out.out
    assert main(["apply", url, "--preset", "none"]) == 0  # a command that loads one session
    out = capsys.readouterr()
    assert PASSWORD not in out.out + out.err
    for bad in (postgres.url("no_such_db"), postgres.url(name).replace(PASSWORD, "wrong-" + PASSWORD)):
        assert main(["stats", bad]) == 2
        err = capsys.readouterr().err
        assert "cannot connect" in err and PASSWORD not in err and "127.0.0.1" in err


@pytest.mark.anyio
async def test_the_app_opens_a_database_url(postgres, adk_db, tmp_path, app_env):
    from inspector.tui.app import create_app
    from tests.tui.helpers import settings, settle

    name, sessions = adk_db
    app = create_app(postgres.url(name, "asyncpg"), workspace=tmp_path / "ws.db", settings=settings())
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, app)
        assert len(app.session_rows) == len(sessions)
        assert all(PASSWORD not in r.source for r in app.session_rows)
        assert all(r.format == "adk" for r in app.session_rows)


# --------------------------------------------------------------------------- sizes for stratified samples


def test_sizes_for_a_stratified_sample_come_from_one_query_on_each_store(postgres, adk_db, langgraph_db, agents_db):
    """Each PostgreSQL reader knows its sessions' sizes without reading them, and a
    longer session is the larger."""
    name, sessions = adk_db
    checks = [(postgres.url(name), {sid: len(s.events) for sid, s in sessions.items()}),
              (postgres.url(langgraph_db), {"first": 2, "second": 3}),
              (postgres.url(agents_db[0]), {"conv-1": 4})]
    for url, lengths in checks:
        with open_source(url) as src:
            sizes = src.session_sizes()
            # (other tests of the module may have added sessions: a compacted thread)
            assert sizes is not None and list(sizes) == src.session_ids() and set(lengths) <= set(sizes), url
            assert all(v > 0 for v in sizes.values())
            by_length = sorted(lengths, key=lambda sid: lengths[sid])
            assert sorted(lengths, key=lambda sid: sizes[sid]) == by_length
