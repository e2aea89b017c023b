"""LangGraph checkpoints (`SqliteSaver`) written by a real `create_agent` graph: read
with the counts LangGraph's own API reports, the history as earlier states, nothing
unpickled, and a compacted thread written back with the saver's `put` that the graph
resumes from."""

from __future__ import annotations

import pickle
import sqlite3
from pathlib import Path

import pytest

from inspector.engine import apply, plan, preset
from inspector.engine.summarize import ExtractiveSummarizer
from inspector.engine.validation import errors, validate
from inspector.exports.langgraph import LangGraphExportError, write_thread
from inspector.sources.model import SourceError
from inspector.sources.registry import detect_format, open_source
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("langgraph.checkpoint.sqlite"),
                                reason="langgraph-checkpoint-sqlite is in the test extra")


@pytest.fixture(autouse=True, scope="module")
def _langgraph() -> None:
    """LangGraph's saver and the LangChain agent, imported when these tests run (tests/lazy.py)."""
    global AIMessage, SqliteSaver, make_agent, run_threads
    from langchain_core.messages import AIMessage
    from langgraph.checkpoint.sqlite import SqliteSaver

    from tests.langgraph_agent import make_agent, run_threads


THREADS = {"alpha": 3, "beta": 1, "gamma": 5}


@pytest.fixture(scope="module")
def agent_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("langgraph") / "checkpoints.sqlite"
    with SqliteSaver.from_conn_string(str(db)) as saver:
        run_threads(saver, THREADS)
    return db


def graph_state(db: Path, thread: str, checkpoint_id: str | None = None):
    """What LangGraph itself reports for a thread: its messages and its history."""
    with SqliteSaver.from_conn_string(str(db)) as saver:
        agent, _ = make_agent(saver, [])
        cfg = {"configurable": {"thread_id": thread, **({"checkpoint_id": checkpoint_id} if checkpoint_id else {})}}
        state = agent.get_state(cfg)
        history = list(agent.get_state_history({"configurable": {"thread_id": thread}}))
    return state.values["messages"], history


def test_each_thread_is_a_session_with_langgraphs_own_counts(agent_db, source_guard):
    assert detect_format(agent_db) == "langgraph"
    with open_source(agent_db) as src:
        assert src.format == "langgraph"
        assert src.session_ids() == list(THREADS)
        for thread in THREADS:
            session = src.read(thread)
            messages, history = graph_state(agent_db, thread)
            assert len(session.messages) == len(messages)
            assert [m.role for m in session.messages] == [
                {"human": "user", "ai": "assistant", "tool": "tool"}[m.type] for m in messages]
            assert [m.text for m in session.messages] == [m.text for m in messages]
            assert [m.source_id for m in session.messages] == [m.id for m in messages]
            assert len(session.metadata["checkpoints"]) == len(history)
            assert not errors(validate(session.messages))  # every call has its result
            calls = [c.id for m in session.messages for c in m.tool_calls]
            results = [m.tool_call_id for m in session.messages if m.role == "tool"]
            assert calls and sorted(calls) == sorted(results) and len(calls) == 2 * THREADS[thread]


def test_earlier_checkpoints_are_earlier_states(agent_db):
    with open_source(agent_db) as src:
        latest = src.read("gamma")
        checkpoints = latest.metadata["checkpoints"]
        for cp in (checkpoints[1], checkpoints[len(checkpoints) // 2], checkpoints[-1]):
            earlier = src.read(f"gamma@{cp['checkpoint_id']}")
            messages, _ = graph_state(agent_db, "gamma", cp["checkpoint_id"])
            assert len(earlier.messages) == len(messages)
            assert [m.text for m in earlier.messages] == [m.text for m in latest.messages[:len(messages)]]
        with pytest.raises(SourceError, match="no checkpoint"):
            src.read("gamma@1f000000-0000-6000-8000-000000000000")


def test_a_pickled_value_is_refused_never_unpickled(agent_db, tmp_path):
    copy = tmp_path / "pickled.sqlite"
    copy.write_bytes(agent_db.read_bytes())
    marker = tmp_path / "unpickled"

    class Boom:
        def __reduce__(self):
            return (Path.touch, (marker,))

    with sqlite3.connect(copy) as conn:
        (latest,) = conn.execute("SELECT MAX(checkpoint_id) FROM checkpoints WHERE thread_id = 'beta'").fetchone()
        conn.execute("UPDATE checkpoints SET type = 'pickle', checkpoint = ? WHERE checkpoint_id = ?",
                     (pickle.dumps(Boom()), latest))
    with open_source(copy) as src:
        with pytest.raises(SourceError, match=r"pickled\.sqlite: thread 'beta'.*pickled value"):
            src.read("beta")
        assert len(src.read("alpha").messages) > 0  # the other threads still read
    assert not marker.exists()


def test_a_type_langgraph_does_not_list_as_safe_is_not_constructed(agent_db, tmp_path):
    """A checkpoint naming any importable callable (here `os.system`) gets plain data,
    not a call: the serializer is built strict."""
    import ormsgpack

    copy = tmp_path / "hostile.sqlite"
    copy.write_bytes(agent_db.read_bytes())
    marker = tmp_path / "ran"
    payload = ormsgpack.packb(("os", "system", f"touch {marker}"))
    evil = ormsgpack.packb({"v": 1, "id": "x", "ts": "2026-01-01T00:00:00+00:00",
                            "channel_values": {"messages": [], "note": ormsgpack.Ext(0, payload)},
                            "channel_versions": {}, "versions_seen": {}})
    with sqlite3.connect(copy) as conn:
        (latest,) = conn.execute("SELECT MAX(checkpoint_id) FROM checkpoints WHERE thread_id = 'beta'").fetchone()
        conn.execute("UPDATE checkpoints SET type = 'msgpack', checkpoint = ? WHERE checkpoint_id = ?", (evil, latest))
    with open_source(copy) as src:
        assert src.read("beta").messages == []
    assert not marker.exists()


def small_config():
    return preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 4,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 3,
        "summarization.preserve_user_messages.enabled": False,
        "reduction.truncation.max_chars": 400,
    })


def compacted_messages(db: Path, thread: str):
    with open_source(db) as src:
        session = src.read(thread)
    result = apply(session, plan(session, small_config()), ExtractiveSummarizer())
    assert len(result.messages) < len(session.messages)
    return session, result.messages


@pytest.mark.parametrize("as_checkpoint", [False, True], ids=["new-thread", "new-checkpoint"])
def test_a_compacted_thread_resumes_in_langgraph(agent_db, tmp_path, as_checkpoint, source_guard):
    db = tmp_path / "resume.sqlite"
    db.write_bytes(agent_db.read_bytes())
    session, messages = compacted_messages(db, "gamma")
    source_guard.forget(db)  # written back on purpose
    written = write_thread(db, messages, source_thread="gamma", as_checkpoint=as_checkpoint)
    assert written.thread_id == ("gamma" if as_checkpoint else "gamma-compacted")
    # read back by inspector: the compacted messages, in order
    with open_source(db) as src:
        back = src.read(written.thread_id)
    assert [m.text for m in back.messages] == [m.text for m in messages]
    assert not errors(validate(back.messages))
    # the graph resumes from it: the model is sent the compacted context plus the new turn
    with SqliteSaver.from_conn_string(str(db)) as saver:
        agent, model = make_agent(saver, [AIMessage(content="resumed: the parser is in mod4_a")])
        cfg = {"configurable": {"thread_id": written.thread_id}}
        before = agent.get_state(cfg).values["messages"]
        assert len(before) == len(messages)
        out = agent.invoke({"messages": [{"role": "user", "content": "where is the parser?"}]}, cfg)
    sent = model.seen[0]
    assert [m.text for m in sent[1:]] == [m.text for m in messages] + ["where is the parser?"]  # [0]: system prompt
    assert out["messages"][-1].text == "resumed: the parser is in mod4_a"
    assert len(out["messages"]) == len(messages) + 2
    if not as_checkpoint:  # the source thread is untouched
        with open_source(db) as src:
            assert len(src.read("gamma").messages) == len(session.messages)
    source_guard.forget(db)


def test_untouched_messages_come_back_as_stored(agent_db, tmp_path, source_guard):
    db = tmp_path / "same.sqlite"
    db.write_bytes(agent_db.read_bytes())
    with open_source(db) as src:
        session = src.read("alpha")
    source_guard.forget(db)  # written back on purpose
    written = write_thread(db, session.messages, source_thread="alpha", thread_id="alpha-copy")
    original, _ = graph_state(db, "alpha")
    copy, _ = graph_state(db, written.thread_id)
    assert [m.model_dump() for m in copy] == [m.model_dump() for m in original]


def test_a_checkpoint_for_a_missing_thread_is_refused(agent_db, tmp_path):
    db = tmp_path / "refuse.sqlite"
    db.write_bytes(agent_db.read_bytes())
    with pytest.raises(LangGraphExportError, match="no thread 'nope'"):
        write_thread(db, [], source_thread="nope", as_checkpoint=True)


def test_the_cli_and_the_app_open_a_langgraph_database(agent_db, tmp_path, capsys, monkeypatch, app_env):
    """What issue 28 reported: exit 2 "unknown SQLite schema (tables: checkpoints,
    writes)" in the CLI, "load failed" and an endless loading screen in the app."""
    import asyncio
    import json

    from inspector.cli.main import main
    from inspector.tui.app import create_app
    from tests.tui.helpers import settings, settle

    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    assert main(["stats", str(agent_db), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["format"] == "langgraph"
    assert {s["id"]: s["messages"] for s in stats["sessions"]} == {
        t: len(graph_state(agent_db, t)[0]) for t in THREADS}

    async def rows():
        app = create_app(agent_db, workspace=tmp_path / "ws.db", settings=settings())
        async with app.run_test(size=(160, 48)) as pilot:
            await settle(pilot, app)
            # titled by their first request: "<thread>: please look at module 0"
            return {r.title.split(":")[0]: (r.messages, r.format) for r in app.session_rows}

    assert asyncio.run(rows()) == {t: (len(graph_state(agent_db, t)[0]), "langgraph") for t in THREADS}


def test_thread_sizes_grow_with_their_length(agent_db):
    with open_source(agent_db) as src:
        sizes = src.session_sizes()
    assert list(sizes) == list(THREADS)
    assert sorted(sizes, key=lambda t: sizes[t]) == sorted(THREADS, key=lambda t: THREADS[t])
