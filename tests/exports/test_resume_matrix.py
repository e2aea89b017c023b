"""Issue 25, "Done when": an export of every source format resumes in its framework
and its recovery notice is answered there. One row per source format (the real
fixtures of tests/exports/test_conformance.py), compacted so that content is removed
(tool output cleared and truncated, old turns summarized); per export target:

- openai-agents-sqlite: the SDK's `Runner.run` resumes the exported session (the
  Responses model on a mocked transport) with the agent given `recovery_tool(...)` of a
  compactor made after the export (a restart): the model calls the tool by the id a
  notice shows, and the next request carries the removed content;
- adk-sqlite: ADK's `Runner` over `SqliteSessionService` resumes the exported session
  with `recovery_tool(...)` of a fresh compactor (ADK's `MockModel`): the same;
- openai-json, anthropic-json, openai-jsonl, claude-code: written through the service
  with the workspace as the offload store (what `inspector export` does): every id a
  notice names is answered by `Compactor(offloads=WorkspaceOffloadStore(...))`'s
  `handle_recovery_call` over the reopened workspace, the way the README's runtime
  section registers the tool next to a request body.

The bodies' and transcripts' acceptance by their clients is tested on the same rows in
tests/exports/test_conformance.py and test_sendable.py.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from inspector import Compactor
from inspector.engine import apply, plan
from inspector.engine.summarize import ExtractiveSummarizer
from inspector.exports.registry import TargetOptions, export_session
from tests.conftest import run_cli
from tests.exports.test_conformance import NO_OUTPUT_LIMIT, SOURCES, _mocked_openai, _session
from tests.exports.test_formats import compact_config
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not (installed("agents") and installed("google.adk")),
                                reason="the test extra installs openai-agents and google-adk")

TOO_SMALL = {"claude-code-compacted", "anthropic-json", "claude-code-duplicate-ids", "openai-chat-duplicate-ids"}
OFFLOAD_ID = re.compile(r"off-[0-9a-f]{12}")


def _config():
    return compact_config().with_values({
        "summarization.trigger.messages": 4, "summarization.keep.messages": 3,
        "reduction.truncation.max_chars": 400, "reduction.clear.trigger_tokens": 300,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})


# Source formats whose fixtures above are too small to remove anything from: a row
# each, made from the SWE-agent run by our own export and read back as that format.
# The LangGraph row: checkpoints a real `create_agent` graph wrote (tests/langgraph_agent.py).
DERIVED = {"openai-chat-swe": "openai-json", "anthropic-json-swe": "anthropic-json", "langgraph": "langgraph"}


def _langgraph_db(folder: Path) -> Path:
    from langgraph.checkpoint.sqlite import SqliteSaver

    from tests.langgraph_agent import run_threads

    db = folder / "checkpoints.sqlite"
    with SqliteSaver.from_conn_string(str(db)) as saver:
        run_threads(saver, {"alpha": 5})
    return db


def _derived(name: str, folder: Path):
    from inspector.sources.registry import open_source

    fmt = DERIVED[name]
    if fmt == "langgraph":
        with open_source(_langgraph_db(folder)) as src:
            assert src.format == "langgraph"
            return src.read("alpha")
    out = export_session(_session("swe-agent"), fmt, folder / f"{name}.json",
                         target=TargetOptions(model="claude-haiku-4-5") if fmt == "anthropic-json" else None)
    with open_source(out.path) as src:
        assert src.format == name.rsplit("-", 1)[0]
        return src.read(src.session_ids()[0])


def _compacted(name: str, folder: Path):
    s = _derived(name, folder) if name in DERIVED else _session(name)
    return s, apply(s, plan(s, _config()), ExtractiveSummarizer())


def _named(text: str, result) -> list:
    """The offloads whose ids the written text shows (the notices the model reads)."""
    shown = set(OFFLOAD_ID.findall(text))
    return [o for o in result.offloads if o.id in shown]


def _agents_resume_and_recover(db: Path, sid: str, offload) -> str:
    """Resume the exported session with the SDK's Runner; the model calls the recovery
    tool for `offload`, then answers. Returns the tool output the second request carried."""
    from agents import Agent, OpenAIResponsesModel, Runner, SQLiteSession, set_tracing_disabled

    from inspector.adapters.agents import CompactingSession

    set_tracing_disabled(True)
    usage = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2,
             "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}

    def answer(body):
        first = not any(isinstance(i, dict) and i.get("type") == "function_call_output" and i.get("call_id") ==
                        "call_rec" for i in body["input"])
        output = ([{"type": "function_call", "id": "fc_rec", "call_id": "call_rec", "name": "read_offload",
                    "arguments": json.dumps({"id": offload.id, "limit": 200}), "status": "completed"}] if first else
                  [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": "ok", "annotations": []}]}])
        return {"id": "resp_1", "object": "response", "created_at": 0, "model": body["model"],
                "status": "completed", "output": output, "parallel_tool_calls": True, "tool_choice": "auto",
                "tools": [], "usage": usage}

    client, requests = _mocked_openai(answer)

    async def run() -> None:
        # the restart: a new compactor, whose offloads are the exported file's
        session = CompactingSession(SQLiteSession(sid, db), Compactor(_config()))
        agent = Agent(name="resumed", model=OpenAIResponsesModel(model="gpt-4o", openai_client=client),
                      tools=[session.recovery_tool()])
        try:
            assert (await Runner.run(agent, "read it back", session=session)).final_output == "ok"
        finally:
            session.session.close()

    asyncio.run(run())
    assert len(requests) == 2
    (out,) = [i["output"] for i in requests[1]["input"] if isinstance(i, dict)
              and i.get("type") == "function_call_output" and i.get("call_id") == "call_rec"]
    return out


def _adk_resume_and_recover(db: Path, app: str, user: str, sid: str, author: str, offload) -> str:
    from google.adk.agents import LlmAgent
    from google.adk.apps import App
    from google.adk.cli.agent_test_runner import MockModel
    from google.adk.runners import Runner
    from google.adk.sessions.sqlite_session_service import SqliteSessionService
    from google.genai import types

    from inspector.adapters.adk import recovery_tool

    model = MockModel.create([
        types.Content(role="model", parts=[types.Part(function_call=types.FunctionCall(
            id="call_rec", name="read_offload", args={"id": offload.id, "limit": 200}))]),
        types.Content(role="model", parts=[types.Part(text="ok")])])
    agent = LlmAgent(name=author, model=model, tools=[recovery_tool(Compactor(_config()))])

    async def go() -> None:
        runner = Runner(app=App(name=app, root_agent=agent), session_service=SqliteSessionService(str(db)))
        async for _ in runner.run_async(user_id=user, session_id=sid, new_message=types.Content(
                role="user", parts=[types.Part(text="read it back")])):
            pass

    asyncio.run(go())
    assert len(model.requests) == 2
    (response,) = [p.function_response for c in model.requests[1].contents for p in c.parts or []
                   if p.function_response and p.function_response.id == "call_rec"]
    return str(response.response["result"])


@pytest.mark.parametrize("name", [*SOURCES, *DERIVED])
def test_every_source_resumes_in_every_framework_and_its_notices_are_answered(tmp_path, name, monkeypatch, capsys):
    from inspector.service.export import write_compacted
    from inspector.service.recover import WorkspaceOffloadStore
    from inspector.workspace.database import Workspace

    s, result = _compacted(name, tmp_path)
    if not result.offloads:  # resumed as recorded in test_conformance; nothing to recover
        assert name in TOO_SMALL and not result.plan.changed and len(s.messages) <= 6
        return

    res = export_session(s, "openai-agents-sqlite", tmp_path / "a.db", compacted=result)
    from tests.exports.test_conformance import _sdk_items

    named = _named(json.dumps(_sdk_items(res.path, res.session_id)), result)
    assert named, "the exported history names an offload"
    assert _agents_resume_and_recover(res.path, res.session_id, named[0]) == named[0].content[:200]

    res = export_session(s, "adk-sqlite", tmp_path / "a.adk.db", compacted=result)
    app, user = str(s.metadata.get("app_name") or "inspector"), str(s.metadata.get("user_id") or "user")
    author = str(json.loads(_first_model_event(res.path))["author"])
    assert _adk_resume_and_recover(res.path, app, user, res.session_id, author, named[0]) == named[0].content[:200]

    with Workspace(tmp_path / "ws.db") as ws:
        written = {}
        for fmt, file in (("openai-json", "b.json"), ("anthropic-json", "b.anthropic.json"),
                          ("openai-jsonl", "b.jsonl"), ("claude-code", "b.claude.jsonl")):
            target = TargetOptions(max_tokens=2048) if name in NO_OUTPUT_LIMIT else None
            out = write_compacted(s, result, fmt, tmp_path / file, offloads=ws, target=target)
            written[fmt] = out.path.read_text()
            if fmt == "claude-code":  # no read_offload there: the warning says what answers
                assert any("claude mcp add inspector-recover -- inspector mcp" in w for w in out.warnings), out.warnings
    runtime = Compactor(_config(), offloads=WorkspaceOffloadStore(Workspace(tmp_path / "ws.db")))
    # the bodies offer the tool their notices name, defined as the runtime answers it
    spec = runtime.recovery_tool()["function"]
    assert json.loads(written["openai-json"])["tools"] == [{"type": "function", "function": spec}]
    # (next to a definition of each tool its history calls, which the Messages API requires)
    anthropic_tools = json.loads(written["anthropic-json"])["tools"]
    assert [t for t in anthropic_tools if t["name"] == spec["name"]] == [
        {"name": spec["name"], "description": spec["description"], "input_schema": spec["parameters"]}]
    for fmt, text in written.items():
        shown = _named(text, result)
        assert shown, f"{fmt}: the notices are written"
        for o in shown:
            assert runtime.handle_recovery_call(json.dumps({"id": o.id})) == o.content, fmt
    # what Claude Code's Bash tool runs for a notice (`inspector recover ID`, run in this
    # process: what it prints is checked here, not starting a Python for it)
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    code, out, err = run_cli(capsys, "recover", shown[0].id)
    assert code == 0, err
    # printed for a terminal (control characters made visible, line ends normalised)
    assert out.split() == shown[0].content.split()


def test_a_compacted_langgraph_thread_resumes_with_its_offloads(tmp_path, source_guard):
    """The LangGraph write-back of a LangGraph source: the resumed graph, with a fresh
    `CompactingMiddleware(recovery_tool=True)` (a restart), answers a notice's id from
    the thread's state (the channel the export wrote)."""
    from langchain.agents import create_agent
    from langchain_core.messages import AIMessage, ToolMessage
    from langgraph.checkpoint.sqlite import SqliteSaver

    from inspector.adapters.langchain import CompactingMiddleware
    from inspector.exports.langgraph import write_thread
    from tests.langgraph_agent import RecordingModel, read_file

    s, result = _compacted("langgraph", tmp_path)
    db = tmp_path / "checkpoints.sqlite"
    source_guard.forget(db)  # written back on purpose
    written = write_thread(db, result.messages, source_thread="alpha", offloads=result.offloads)
    with SqliteSaver.from_conn_string(str(db)) as saver:
        config = {"configurable": {"thread_id": written.thread_id}}
        middleware = CompactingMiddleware(Compactor(_config()), recovery_tool=True)
        probe = create_agent(RecordingModel(responses=[]), tools=[read_file], middleware=[middleware],
                             checkpointer=saver)
        state = probe.get_state(config).values
        assert set(state["inspector_offloads"]) == {o.id for o in result.offloads}
        named = _named(json.dumps([m.content for m in state["messages"]]), result)
        assert named, "the resumed thread's messages name an offload"
        model = RecordingModel(responses=[
            AIMessage(content="", tool_calls=[{"name": "read_offload", "args": {"id": named[0].id, "limit": 200},
                                               "id": "call_rec"}]),
            AIMessage(content="ok")])
        model.seen = []
        agent = create_agent(model, tools=[read_file], middleware=[middleware], checkpointer=saver)
        out = agent.invoke({"messages": [{"role": "user", "content": "read it back"}]}, config)
    (answer,) = [m for m in out["messages"] if isinstance(m, ToolMessage) and m.tool_call_id == "call_rec"]
    assert answer.content == named[0].content[:200]
    assert out["messages"][-1].content == "ok"


def _first_model_event(db: Path) -> str:
    import sqlite3

    with sqlite3.connect(db) as conn:
        for (data,) in conn.execute("SELECT event_data FROM events ORDER BY timestamp"):
            if json.loads(data).get("author") != "user":
                return data
    raise AssertionError("no model event")
