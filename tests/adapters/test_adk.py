"""The Google ADK adapter: a Runner plugin and a `before_model_callback` that compact
the LLM request's contents, run by ADK's own Runner with ADK's `MockModel` (offline)
over a session stored by ADK's `SqliteSessionService`."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from inspector import Compactor
from inspector.engine import preset
from inspector.exports.adk import write_adk_session
from inspector.formats.genai import from_contents
from inspector.service.config import save_config
from tests.exports.test_formats import chat_session
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("google.adk"), reason="the `adk` extra is not installed")


@pytest.fixture(autouse=True, scope="module")
def _adk() -> None:
    """ADK and the adapter, imported when these tests run (tests/lazy.py)."""
    global LlmAgent, App, MockModel, Runner, SqliteSessionService, types
    global OFFLOAD_STATE_PREFIX, CompactingPlugin, compacting_callback, recovery_tool
    from google.adk.agents import LlmAgent
    from google.adk.apps import App
    from google.adk.cli.agent_test_runner import MockModel
    from google.adk.runners import Runner
    from google.adk.sessions.sqlite_session_service import SqliteSessionService
    from google.genai import types

    from inspector.adapters.adk import OFFLOAD_STATE_PREFIX, CompactingPlugin, compacting_callback, recovery_tool


ROOT = Path(__file__).resolve().parents[2]
SWE = ROOT / "tests" / "fixtures" / "swe-agent"
PREFIX = "[Previous conversation summary]"


def config_file(tmp_path, **more):
    path = tmp_path / "inspector.toml"
    save_config(preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 8,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 4,
        "summarization.preserve_user_messages.enabled": False, **more,
    }), path)  # what the TUI's Save config writes
    return path


def stored_session(tmp_path) -> Path:
    """A long SWE-agent session in an ADK SqliteSessionService database."""
    db = tmp_path / "adk.db"
    s = chat_session(SWE / "function_calling_simple.traj")
    write_adk_session(s.messages, db, "s1", app_name="app", user_id="u", author="swe_agent")
    return db


def mock(*contents: types.Content) -> MockModel:
    return MockModel.create(list(contents))


def run(db: Path, agent: LlmAgent, plugins=(), text: str = "Go on.") -> None:
    async def go():
        runner = Runner(app=App(name="app", root_agent=agent, plugins=list(plugins)),
                        session_service=SqliteSessionService(str(db)))
        async for _ in runner.run_async(user_id="u", session_id="s1", new_message=types.Content(
                role="user", parts=[types.Part(text=text)])):
            pass

    asyncio.run(go())


def events(db: Path):
    async def get():
        return await SqliteSessionService(str(db)).get_session(app_name="app", user_id="u", session_id="s1")

    return asyncio.run(get()).events


def check_pairs(contents) -> None:
    open_calls: set[str] = set()
    for c in contents:
        for p in c.parts:
            if p.function_call:
                open_calls.add(p.function_call.id)
            if p.function_response:
                assert p.function_response.id in open_calls, "a response without its call"
                open_calls.discard(p.function_response.id)
    assert not open_calls


def test_plugin_compacts_the_request_and_leaves_the_session_complete(tmp_path):
    db = stored_session(tmp_path)
    stored = len(events(db))
    model = mock(types.Content(role="model", parts=[types.Part(text="Continuing.")]))
    plugin = CompactingPlugin.from_toml(config_file(tmp_path))
    run(db, LlmAgent(name="swe_agent", model=model, instruction="You fix bugs."), [plugin])
    (request,) = model.requests
    first = request.contents[0]
    assert first.role == "user" and first.parts[0].text.startswith(PREFIX)
    assert len(request.contents) <= 1 + 4 + 1
    assert request.contents[-1].parts[0].text == "Go on."
    check_pairs(request.contents)
    assert "You fix bugs." in request.config.system_instruction  # the instruction is never touched
    assert plugin.last is not None and plugin.last.plan.total_after < plugin.last.plan.total_before
    after = events(db)
    assert len(after) == stored + 2  # the user's message and the reply, nothing removed


def test_callback_compacts_a_tool_loop_before_every_call(tmp_path):
    db = stored_session(tmp_path)
    calls: list[str] = []

    def list_files(path: str) -> dict:
        """List files in a folder."""
        calls.append(path)
        return {"result": "tests/missing_colon.py " * 50}

    model = mock(
        types.Content(role="model", parts=[types.Part(function_call=types.FunctionCall(
            id="call_ls", name="list_files", args={"path": "tests"}))]),
        types.Content(role="model", parts=[types.Part(text="Done.")]))
    compactor = Compactor.from_toml(config_file(tmp_path))
    agent = LlmAgent(name="swe_agent", model=model, instruction="You fix bugs.", tools=[list_files],
                     before_model_callback=compacting_callback(compactor))
    run(db, agent)
    assert calls == ["tests"] and len(model.requests) == 2
    for request in model.requests:
        check_pairs(request.contents)
        assert request.contents[0].parts[0].text.startswith(PREFIX)
    # the kept tail is what ADK built, unchanged: the new call and its response
    last = from_contents([c.model_dump(mode="json", exclude_none=True) for c in model.requests[1].contents])
    assert [m.role for m in last[-2:]] == ["assistant", "tool"] and last[-1].tool_call_id == "call_ls"


def test_below_the_trigger_the_request_is_untouched(tmp_path):
    db = tmp_path / "adk.db"
    s = chat_session(SWE / "function_calling_simple.traj")
    write_adk_session(s.messages[:3], db, "s1", app_name="app", user_id="u", author="swe_agent")
    model = mock(types.Content(role="model", parts=[types.Part(text="ok")]))
    plugin = CompactingPlugin.from_toml(config_file(tmp_path))
    run(db, LlmAgent(name="swe_agent", model=model), [plugin])
    (request,) = model.requests
    assert not plugin.last.plan.changed
    assert not any(p.text and p.text.startswith(PREFIX) for c in request.contents for p in c.parts)


def test_a_summary_merged_into_the_instruction_leads_the_contents(tmp_path):
    """trpc's injection merges the summary into the system message: ADK's instruction
    is not ours to change, so the summary leads the contents instead."""
    db = stored_session(tmp_path)
    model = mock(types.Content(role="model", parts=[types.Part(text="ok")]))
    plugin = CompactingPlugin.from_toml(config_file(tmp_path, **{"summarization.injection": "system_merge",
                                                                 "summarization.keep.messages": 1}))
    run(db, LlmAgent(name="swe_agent", model=model, instruction="You fix bugs."), [plugin])
    (request,) = model.requests
    merged = plugin.last.messages[0]
    assert merged.role == "system" and merged.meta.get("inspector_summary")  # the merge did happen
    assert request.contents[0].role == "user" and request.contents[0].parts[0].text.startswith(PREFIX)
    assert PREFIX not in request.config.system_instruction
    check_pairs(request.contents)


def test_the_recovery_tool_reads_back_what_clearing_removed(tmp_path):
    db = stored_session(tmp_path)
    path = tmp_path / "clear.toml"
    save_config(preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 500,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0}), path)
    plugin = CompactingPlugin.from_toml(path)
    tool = plugin.recovery_tool()
    assert tool.name == plugin.compactor.config.recovery_tool
    first = mock(types.Content(role="model", parts=[types.Part(text="ok")]))
    run(db, LlmAgent(name="swe_agent", model=first, tools=[tool]), [plugin])
    offload = next(o for o in plugin.last.offloads if o.kind == "clear")
    assert offload.id in str(first.requests[0].contents)  # the notice names the id
    second = mock(
        types.Content(role="model", parts=[types.Part(function_call=types.FunctionCall(
            id="call_rec", name=tool.name, args={"id": offload.id, "limit": 30}))]),
        types.Content(role="model", parts=[types.Part(text="Got it.")]))
    run(db, LlmAgent(name="swe_agent", model=second, tools=[tool]), [plugin], text="What was cleared?")
    responses = [p.function_response for c in second.requests[1].contents for p in c.parts
                 if p.function_response and p.function_response.id == "call_rec"]
    assert responses and responses[0].response == {"result": offload.content[:30]}


@pytest.mark.parametrize("hook", ["plugin", "callback"])
def test_offloads_travel_with_the_session_across_a_restart(tmp_path, hook):
    """The offloads go to the session's state in the model call's event, so ADK's
    `SqliteSessionService` keeps them: after a restart (fresh service, plugin or
    callback, and compactor, whose own store is empty) the recovery tool answers."""
    db = stored_session(tmp_path)
    path = tmp_path / "clear.toml"
    save_config(preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 500,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0}), path)

    def agent(model, compactor):
        tool = recovery_tool(compactor)
        if hook == "plugin":
            return LlmAgent(name="swe_agent", model=model, tools=[tool]), [CompactingPlugin(compactor)]
        return LlmAgent(name="swe_agent", model=model, tools=[tool],
                        before_model_callback=compacting_callback(compactor)), []

    first_compactor = Compactor.from_toml(path)
    first = mock(types.Content(role="model", parts=[types.Part(text="ok")]))
    run(db, *agent(first, first_compactor))
    offload = next(o for o in first_compactor.last.offloads if o.kind == "clear")
    assert offload.id in str(first.requests[0].contents)  # the notice names the id

    async def state():
        return (await SqliteSessionService(str(db)).get_session(app_name="app", user_id="u", session_id="s1")).state
    assert asyncio.run(state())[OFFLOAD_STATE_PREFIX + offload.id] == offload.content

    fresh = Compactor.from_toml(path)  # the restart: a new compactor, service and agent
    assert "no offloaded content" in fresh.handle_recovery_call({"id": offload.id})
    second = mock(
        types.Content(role="model", parts=[types.Part(function_call=types.FunctionCall(
            id="call_rec", name=fresh.config.recovery_tool, args={"id": offload.id, "offset": 3, "limit": 30}))]),
        types.Content(role="model", parts=[types.Part(text="Got it.")]))
    run(db, *agent(second, fresh), text="What was cleared?")
    responses = [p.function_response for c in second.requests[1].contents for p in c.parts
                 if p.function_response and p.function_response.id == "call_rec"]
    assert responses and responses[0].response == {"result": offload.content[3:33]}
