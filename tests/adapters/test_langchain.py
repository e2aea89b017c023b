"""The LangChain v1 middleware: `create_agent` with LangChain's own fake chat model;
the model receives the compacted state, built from the TOML the TUI saves."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from inspector.engine import preset
from inspector.formats.langchain import from_langchain, to_langchain
from inspector.service.config import save_config
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("langchain.agents"), reason="the `langchain` extra is not installed")

PREFIX = "[Previous conversation summary]"


@pytest.fixture(autouse=True, scope="module")
def _langchain() -> None:
    """LangChain and the middleware, imported when these tests run (tests/lazy.py)."""
    global create_agent, GenericFakeChatModel, AIMessage, HumanMessage, ToolMessage, tool, CompactingMiddleware
    global RecordingFakeModel
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    from langchain_core.tools import tool

    from inspector.adapters.langchain import CompactingMiddleware

    class RecordingFakeModel(GenericFakeChatModel):
        """LangChain's fake chat model, remembering what each call received."""

        seen: list[list[Any]] = []

        def bind_tools(self, tools, **kwargs):
            return self

        def _generate(self, messages, stop=None, run_manager=None, **kwargs):
            self.seen.append(list(messages))
            return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


def model(*replies: AIMessage) -> RecordingFakeModel:
    return RecordingFakeModel(messages=iter(replies), seen=[])


def history(turns: int, start: int = 0) -> list[Any]:
    out: list[Any] = []
    for k in range(start, start + turns):
        out += [HumanMessage(f"request {k}: check part {k}", id=f"h{k}"),
                AIMessage(f"Looking at part {k}.", id=f"a{k}", tool_calls=[
                    {"name": "bash", "args": {"cmd": f"grep part{k} " + "src/x.py " * 20}, "id": f"call_{k}"}]),
                ToolMessage(f"part {k}: " + "z " * 300, tool_call_id=f"call_{k}", name="bash", id=f"t{k}"),
                AIMessage(f"Part {k} is fine.", id=f"b{k}")]
    return out


def config_file(tmp_path, **more):
    values = {"summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 12,
              "summarization.keep.mode": "messages", "summarization.keep.messages": 6,
              "summarization.preserve_user_messages.enabled": False}
    values.update(more)
    path = tmp_path / "inspector.toml"
    save_config(preset("balanced").with_values(values), path)  # what the TUI's Save config writes
    return path


def check_pairs(messages: list[Any]) -> None:
    open_calls: set[str] = set()
    for m in messages:
        if isinstance(m, AIMessage):
            assert not open_calls, f"unanswered {open_calls}"
            open_calls |= {c["id"] for c in m.tool_calls}
        elif isinstance(m, ToolMessage):
            assert m.tool_call_id in open_calls, f"result {m.tool_call_id} without its call"
            open_calls.discard(m.tool_call_id)


def test_the_model_receives_the_compacted_state(tmp_path):
    fake = model(AIMessage("All parts checked."))
    mw = CompactingMiddleware.from_toml(config_file(tmp_path))
    agent = create_agent(fake, [], middleware=[mw])
    before = history(6) + [HumanMessage("anything else?", id="last")]
    out = agent.invoke({"messages": before})
    (sent,) = fake.seen
    assert len(sent) < len(before)
    assert isinstance(sent[0], HumanMessage) and sent[0].content.startswith(PREFIX)
    assert sent[-6:] == before[-6:] and all(a is b for a, b in zip(sent[-6:], before[-6:]))  # kept verbatim
    check_pairs(sent)
    # the state now holds the compacted history (as with SummarizationMiddleware) plus the reply
    assert [m.content for m in out["messages"][:-1]] == [m.content for m in sent]
    assert out["messages"][-1].content == "All parts checked."
    assert mw.last is not None and mw.last.plan.total_after < mw.last.plan.total_before


def test_below_the_trigger_nothing_changes(tmp_path):
    fake = model(AIMessage("ok"))
    agent = create_agent(fake, [], middleware=[CompactingMiddleware.from_toml(config_file(tmp_path))])
    before = history(1) + [HumanMessage("and?", id="last")]
    out = agent.invoke({"messages": before})
    assert fake.seen[0] == before
    assert out["messages"][:-1] == before


def test_tool_loop_compacts_before_every_call_and_folds_the_summary(tmp_path):
    calls: list[str] = []

    @tool
    def bash(cmd: str) -> str:
        """Run a shell command."""
        calls.append(cmd)
        return "result " * 200

    fake = model(AIMessage("", tool_calls=[{"name": "bash", "args": {"cmd": "ls"}, "id": "call_new"}]),
                 AIMessage("Done."))
    mw = CompactingMiddleware.from_toml(config_file(tmp_path))
    agent = create_agent(fake, [bash], middleware=[mw])
    first = agent.invoke({"messages": history(6) + [HumanMessage("run ls", id="q")]})
    assert calls == ["ls"] and len(fake.seen) == 2
    for sent in fake.seen:
        check_pairs(sent)
        assert sent[0].content.startswith(PREFIX)
    # the next turn starts from the compacted state: its summary is folded into the new one
    more = first["messages"] + history(4, start=10) + [HumanMessage("and now?", id="q2")]
    fake2 = model(AIMessage("Still fine."))
    agent2 = create_agent(fake2, [bash], middleware=[mw])
    agent2.invoke({"messages": more})
    summaries = [m for m in fake2.seen[0] if isinstance(m, HumanMessage) and m.content.startswith(PREFIX)]
    # folded once: the first turn's task comes from the earlier summary, whose frame is gone
    assert len(summaries) == 1 and "Task:\n- request 0: check part 0" in summaries[0].content
    assert summaries[0].content.count(PREFIX) == 1
    assert "request 0: check part 0" not in "".join(str(m.content) for m in more if not m.content.startswith(PREFIX))


def test_async_agent(tmp_path):
    fake = model(AIMessage("async ok"))
    agent = create_agent(fake, [], middleware=[CompactingMiddleware.from_toml(config_file(tmp_path))])
    out = asyncio.run(agent.ainvoke({"messages": history(6) + [HumanMessage("go", id="go")]}))
    assert out["messages"][0].content.startswith(PREFIX) and out["messages"][-1].content == "async ok"


def test_codec_keeps_objects_and_rewrites_cleared_arguments_in_place():
    msgs = history(3)
    msgs[1].additional_kwargs["tool_calls"] = [{"id": "call_0", "type": "function",
                                                 "function": {"name": "bash", "arguments": "{}"}}]
    canon = from_langchain(msgs)
    assert [m.role for m in canon[:4]] == ["user", "assistant", "tool", "assistant"]
    assert json.loads(canon[1].tool_calls[0].arguments_raw)["cmd"].startswith("grep part0")
    back = to_langchain(canon)
    assert all(a is b for a, b in zip(back, msgs))
    from inspector.runtime import Compactor

    c = Compactor(preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 500,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0}))
    from inspector.engine.models import Session

    result = c.compact_session(Session(id="lc", messages=canon))
    out = to_langchain(result.messages)
    assert out[1] is not msgs[1] and out[1].id == "a0"
    assert "cleared" in json.dumps(out[1].tool_calls[0]["args"]) and "tool_calls" not in out[1].additional_kwargs
    assert out[2].id == "t0" and "cleared" in out[2].content
    offload = next(o for o in c.last.offloads if o.tool_call_id == "call_0" and o.kind == "clear")
    assert c.recover(offload.id) == msgs[2].content
    with pytest.raises(ValueError, match="message 0: LangChain message type 'remove'"):
        from langchain_core.messages import RemoveMessage

        from_langchain([RemoveMessage(id="x")])


def test_the_recovery_tool_reads_back_what_clearing_removed(tmp_path):
    path = config_file(tmp_path, **{"summarization.enabled": False, "reduction.clear.trigger_tokens": 500,
                                    "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})
    mw = CompactingMiddleware.from_toml(path, recovery_tool=True)
    (tool_,) = mw.tools
    assert tool_.name == mw.compactor.config.recovery_tool
    before = history(4) + [HumanMessage("what did part 0 say?", id="q")]
    # the model asks for the cleared output by the id its notice shows, then answers
    first = model(AIMessage("ok"))
    create_agent(first, [], middleware=[mw]).invoke({"messages": before})
    offload = next(o for o in mw.last.offloads if o.kind == "clear" and o.tool_call_id == "call_0")
    assert offload.id in first.seen[0][2].content  # the notice names the id
    fake = model(AIMessage("", tool_calls=[{"name": tool_.name, "args": {"id": offload.id, "limit": 40},
                                            "id": "call_rec"}]), AIMessage("Part 0 said z."))
    out = create_agent(fake, [], middleware=[mw]).invoke({"messages": before})
    recovered = next(m for m in out["messages"] if isinstance(m, ToolMessage) and m.tool_call_id == "call_rec")
    assert recovered.content == before[2].content[:40]


def test_offloads_travel_with_the_thread_across_a_restart(tmp_path):
    """The offloads are checkpointed with the thread (LangGraph's `SqliteSaver` on a
    file): a new process's agent (a fresh saver, middleware and compactor, whose own
    store is empty) answers the recovery call from the thread's state."""
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    path = config_file(tmp_path, **{"summarization.enabled": False, "reduction.clear.trigger_tokens": 500,
                                    "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})
    db = tmp_path / "checkpoints.db"
    thread = {"configurable": {"thread_id": "t1"}}
    before = history(4) + [HumanMessage("what did part 0 say?", id="q")]
    with sqlite3.connect(db, check_same_thread=False) as conn:
        mw = CompactingMiddleware.from_toml(path, recovery_tool=True)
        first = model(AIMessage("ok"))
        create_agent(first, [], middleware=[mw], checkpointer=SqliteSaver(conn)).invoke({"messages": before}, thread)
        offload = next(o for o in mw.last.offloads if o.kind == "clear" and o.tool_call_id == "call_0")
        assert offload.id in str(first.seen[0])
    # the restart: nothing of the first run is left but the database file
    fresh = CompactingMiddleware.from_toml(path, recovery_tool=True)
    assert "no offloaded content" in fresh.compactor.handle_recovery_call({"id": offload.id})
    (tool_,) = fresh.tools
    with sqlite3.connect(db, check_same_thread=False) as conn:
        fake = model(AIMessage("", tool_calls=[{"name": tool_.name, "args": {"id": offload.id, "offset": 5,
                                                                             "limit": 40}, "id": "call_rec"}]),
                     AIMessage("Part 0 said z."))
        out = create_agent(fake, [], middleware=[fresh], checkpointer=SqliteSaver(conn)).invoke(
            {"messages": [HumanMessage("read it back", id="q2")]}, thread)
    recovered = next(m for m in out["messages"] if isinstance(m, ToolMessage) and m.tool_call_id == "call_rec")
    assert recovered.content == before[2].content[5:45]
    assert "inspector_offloads" not in out  # private: never part of the agent's output


def test_offloads_of_every_compaction_stay_in_the_thread(tmp_path):
    """The state channel merges: a later compaction in the same thread adds its offloads
    to the earlier ones (a plain channel would keep only the last compaction's)."""
    from langgraph.checkpoint.memory import InMemorySaver

    path = config_file(tmp_path, **{"summarization.enabled": False, "reduction.clear.trigger_tokens": 500,
                                    "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})
    mw = CompactingMiddleware.from_toml(path, recovery_tool=True)
    saver = InMemorySaver()
    thread = {"configurable": {"thread_id": "t"}}
    create_agent(model(AIMessage("ok")), [], middleware=[mw], checkpointer=saver).invoke(
        {"messages": history(3) + [HumanMessage("first", id="q1")]}, thread)
    first = {o.id for o in mw.last.offloads}
    agent = create_agent(model(AIMessage("ok again")), [], middleware=[mw], checkpointer=saver)
    agent.invoke({"messages": history(3, start=10) + [HumanMessage("second", id="q2")]}, thread)
    second = {o.id for o in mw.last.offloads}
    assert first and second - first
    assert set(agent.get_state(thread).values["inspector_offloads"]) >= first | second
