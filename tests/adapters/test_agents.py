"""The OpenAI Agents SDK adapter: history compacted on read, writes pass through."""

from __future__ import annotations

import asyncio
import json

import pytest

from inspector import Compactor
from inspector.adapters.agents import CompactingSession, compact_items, items_to_session, messages_to_items
from inspector.engine import preset
from inspector.service.config import save_config
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("agents"), reason="the `agents` extra (openai-agents) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _agents() -> None:
    """The Agents SDK, imported when these tests run (tests/lazy.py), and the fake model
    built on its `Model`."""
    global agents, LoopingModel
    import agents

    from tests.adapters.agents_model import LoopingModel


def turn(k: int, output: str = "z " * 300) -> list[dict]:
    """One Responses-API turn: a user message, reasoning, a text + function call, its
    output, and the final answer."""
    return [
        {"role": "user", "content": f"request {k}: check part {k}"},
        {"type": "reasoning", "id": f"rs_{k}", "summary": [{"type": "summary_text", "text": f"think {k}"}]},
        {"type": "message", "id": f"msg_{k}a", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": f"Looking at part {k}.", "annotations": []}]},
        {"type": "function_call", "id": f"fc_{k}", "call_id": f"call_{k}", "name": "bash",
         "arguments": json.dumps({"cmd": f"grep -n part{k} " + "src/file.py " * 30}), "status": "completed"},
        {"type": "function_call_output", "call_id": f"call_{k}", "output": f"part {k}: " + output},
        {"type": "message", "id": f"msg_{k}b", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": f"Part {k} is fine.", "annotations": []}]},
    ]


def history(turns: int = 8) -> list[dict]:
    items: list[dict] = [{"role": "system", "content": "You are a careful agent."}]
    for k in range(turns):
        items += turn(k)
    return items


def config(**more):
    values = {"summarization.trigger.context_ratio": 0.0, "summarization.trigger.messages": 20,
              "summarization.keep.mode": "messages", "summarization.keep.messages": 8,
              "summarization.preserve_user_messages.enabled": False}
    values.update(more)
    return preset("balanced").with_values(values)


def check_pairs(items: list[dict]) -> None:
    """Every function_call_output follows its function_call; every call is answered;
    reasoning is followed by the output item it belongs to."""
    calls = set()
    for k, item in enumerate(items):
        t = item.get("type")
        if t == "function_call":
            calls.add(item["call_id"])
        elif t == "function_call_output":
            assert item["call_id"] in calls, f"output {item['call_id']} before its call"
            calls.discard(item["call_id"])
        elif t == "reasoning":
            assert k + 1 < len(items) and items[k + 1].get("type") in ("message", "function_call")
    assert not calls, f"unanswered calls {calls}"


async def _session_with(items):
    s = agents.SQLiteSession("user-42")
    await s.add_items(items)
    return s


def test_conversion_round_trips_untouched_items():
    items = history(3)
    session = items_to_session(items)
    roles = [m.role for m in session.messages]
    assert roles[:5] == ["system", "user", "assistant", "tool", "assistant"]
    call = session.messages[2]
    assert [p.type for p in call.parts] == ["reasoning", "text"] and call.tool_calls[0].id == "call_0"
    assert messages_to_items(session.messages) == items


def test_get_items_returns_the_compacted_history_and_writes_pass_through():
    async def scenario():
        inner = await _session_with(history(8))
        wrapped = CompactingSession(inner, Compactor(config()))
        assert isinstance(wrapped, agents.memory.Session)  # the SDK's protocol
        assert wrapped.session_id == "user-42"
        items = await wrapped.get_items()
        stored = await inner.get_items()
        assert len(stored) == 1 + 8 * 6  # the store keeps everything
        assert len(items) < len(stored)
        assert items[0] == stored[0]
        summary = items[1]
        assert summary["role"] == "system" and summary["content"].startswith("[Previous conversation summary]")
        check_pairs(items)
        assert items[-12:] == stored[-12:]  # the last two turns, verbatim
        assert (await wrapped.get_items(limit=3)) == items[-3:]

        extra = [{"role": "user", "content": "and one more thing"}]
        await wrapped.add_items(extra)
        assert (await inner.get_items())[-1] == extra[0]
        assert (await wrapped.pop_item()) == extra[0]
        await wrapped.clear_session()
        assert await inner.get_items() == [] and await wrapped.get_items() == []

    asyncio.run(scenario())


def test_below_the_trigger_items_come_back_unchanged():
    async def scenario():
        inner = await _session_with(history(2))
        wrapped = CompactingSession(inner, Compactor(config()))
        assert await wrapped.get_items() == await inner.get_items()

    asyncio.run(scenario())


def test_cleared_outputs_and_arguments_keep_their_pairs_and_are_recoverable():
    cfg = preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 2000,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})
    c = Compactor(cfg)
    items = history(6)
    out = compact_items(items, c)
    check_pairs(out)
    assert len(out) == len(items)
    cleared = [i for i in out if i.get("type") == "function_call_output" and "cleared" in i["output"]]
    assert len(cleared) >= 4
    args = [i for i in out if i.get("type") == "function_call" and "cleared" in i["arguments"]]
    assert args and all(i["id"].startswith("fc_") for i in args)  # the item's other fields kept
    offload = c.last.offloads[0]
    original = next(i for i in items if i.get("call_id") == offload.tool_call_id
                    and i.get("type") == ("function_call_output" if offload.kind == "clear" else "function_call"))
    assert c.recover(offload.id) == (original["output"] if offload.kind == "clear" else original["arguments"])


def test_write_back_stores_the_compacted_history_and_folds_it_next_time():
    async def scenario():
        inner = await _session_with(history(8))
        wrapped = CompactingSession(inner, Compactor(config()), write_back=True)
        first = await wrapped.get_items()
        assert await inner.get_items() == first
        await wrapped.add_items(sum((turn(k) for k in range(8, 14)), []))
        second = await wrapped.get_items()
        check_pairs(second)
        summaries = [i for i in second if str(i.get("content", "")).startswith("[Previous conversation summary]")]
        assert len(summaries) == 1
        content = summaries[0]["content"]
        # the previous summary was folded in once: the task from it, no nested frame
        assert "Task:\n- request 0: check part 0" in content
        assert content.count("[Previous conversation summary]") == 1

    asyncio.run(scenario())


class FailingAdd:
    """An SDK session whose next `failures` add_items calls fail (a full disk, a lost
    connection): what write-back must survive."""

    def __init__(self, inner):
        self.inner = inner
        self.session_id = inner.session_id
        self.failures = 0

    async def get_items(self, limit=None):
        return await self.inner.get_items(limit)

    async def add_items(self, items):
        if self.failures:
            self.failures -= 1
            raise OSError("disk full")
        await self.inner.add_items(items)

    async def pop_item(self):
        return await self.inner.pop_item()

    async def clear_session(self):
        await self.inner.clear_session()


def test_write_back_restores_the_old_items_when_the_add_fails():
    async def scenario():
        inner = await _session_with(history(8))
        before = await inner.get_items()
        failing = FailingAdd(inner)
        wrapped = CompactingSession(failing, Compactor(config()), write_back=True)
        failing.failures = 1
        with pytest.raises(OSError, match="disk full"):
            await wrapped.get_items()
        assert await inner.get_items() == before  # 49 items, not 0

        failing.failures = 2  # the restore fails too: say so, naming the session
        with pytest.raises(RuntimeError, match="'user-42'.*restoring the previous 49 items failed"):
            await wrapped.get_items()

    asyncio.run(scenario())


def test_run_compaction_replaces_the_stored_history_and_is_read_only_for_runner_calls():
    async def scenario():
        inner = await _session_with(history(8))
        before = await inner.get_items()
        wrapped = CompactingSession(inner, Compactor(config()))
        assert agents.memory.is_openai_responses_compaction_aware_session(wrapped)
        await wrapped.run_compaction({"response_id": "resp_1"})  # what Runner does after a turn
        assert await inner.get_items() == before
        await wrapped.run_compaction()
        after = await inner.get_items()
        assert len(after) < len(before) and after == await wrapped.get_items()
        check_pairs(after)
        await wrapped.run_compaction()  # below the trigger now: nothing rewritten
        assert await inner.get_items() == after

    asyncio.run(scenario())


def test_offloads_survive_a_restart_beside_the_sqlite_session(tmp_path):
    db = tmp_path / "conversations.db"
    cfg = preset("balanced").with_values({
        "summarization.enabled": False, "reduction.clear.trigger_tokens": 2000,
        "reduction.clear.keep_rounds": 1, "reduction.clear.at_least_tokens": 0})

    async def first_process():
        inner = agents.SQLiteSession("user-42", db)
        await inner.add_items(history(6))
        save_config(cfg, tmp_path / "inspector.toml")  # what the TUI's Save config writes
        wrapped = CompactingSession.from_toml(inner, tmp_path / "inspector.toml")
        await wrapped.get_items()
        offload = wrapped.last.offloads[0]
        inner.close()
        return offload

    offload = asyncio.run(first_process())
    # A new process: a new Compactor and session over the same file.
    restarted = CompactingSession(agents.SQLiteSession("user-42", db), Compactor(cfg))
    assert restarted.compactor.recover(offload.id) == offload.content
    assert restarted.compactor.recover(offload.id, 3, 5) == offload.content[3:8]
    assert "no offloaded content" in restarted.compactor.handle_recovery_call({"id": "off-missing"})


def test_write_back_cancelled_mid_add_restores_the_old_items():
    class SlowAdd(FailingAdd):
        async def add_items(self, items):
            if self.failures:
                self.failures -= 1
                self.started.set()
                await asyncio.sleep(30)  # cancelled here
            await self.inner.add_items(items)

    async def scenario():
        inner = await _session_with(history(8))
        before = await inner.get_items()
        slow = SlowAdd(inner)
        slow.started = asyncio.Event()
        slow.failures = 1
        wrapped = CompactingSession(slow, Compactor(config()), write_back=True)
        task = asyncio.create_task(wrapped.get_items())
        await slow.started.wait()
        assert await inner.get_items() == []  # cleared, the new items not added yet
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await inner.get_items() == before

    asyncio.run(scenario())


def test_from_toml_compacts_with_the_config_the_tui_saves(tmp_path):
    """The third adapter reading the saved TOML (LangChain's and ADK's are tested with
    it too): the wrapped session compacts exactly as a Compactor built from that config."""
    path = tmp_path / "inspector.toml"
    save_config(config(), path)  # what the TUI's Save config writes

    async def scenario():
        wrapped = CompactingSession.from_toml(await _session_with(history(8)), path)
        direct = CompactingSession(await _session_with(history(8)), Compactor(config()))
        items = await wrapped.get_items()
        assert items == await direct.get_items()
        assert len(items) < 1 + 8 * 6 and items[1]["content"].startswith("[Previous conversation summary]")
        default = CompactingSession(await _session_with(history(8)))
        assert await default.get_items() != items, "the file's settings, not the default preset"

    asyncio.run(scenario())


# ------------------------------------------------------------ per model call (issue 25)

TRIGGER = 5000


def _loop_agent(model: LoopingModel):
    from agents import Agent, function_tool

    @function_tool
    def bash(cmd: str) -> str:
        """Run a shell command."""
        return f"$ {cmd}\n" + "".join(f"test_{cmd[-6:]}_{n} PASSED line {n}\n" for n in range(60))

    return Agent(name="looper", instructions="You are a careful coding agent.", model=model, tools=[bash])


def _sent_tokens(compactor: Compactor, instructions: str | None, items: list[dict]) -> int:
    """What one model call carried, counted as the compactor counts it (the instructions included)."""
    from inspector.engine.planning import plan

    head = [{"role": "system", "content": instructions}] if instructions else []
    return plan(items_to_session(head + items), compactor.config, counter=compactor.counter).total_before


def _loop_config():
    return preset("balanced").with_values({
        "summarization.trigger.context_ratio": 0.0, "summarization.trigger.context_tokens": TRIGGER,
        "summarization.keep.mode": "tokens", "summarization.keep.tokens": TRIGGER // 4})


@pytest.mark.parametrize("write_back", [False, True])
def test_a_40_call_run_stays_under_the_trigger_at_every_model_call(tmp_path, write_back):
    """The SDK reads the session once per `Runner.run`: without the run config's filter
    the last of 40 tool calls carries the whole loop; with it every call stays under
    the trigger, every call keeps its output, and the stored session stays complete
    (compacted on the next read when `write_back`)."""
    from agents import Runner, set_tracing_disabled

    set_tracing_disabled(True)

    async def run(with_filter: bool):
        inner = agents.SQLiteSession("loop", tmp_path / f"loop-{with_filter}-{write_back}.db")
        await inner.add_items(history(2))
        session = CompactingSession(inner, Compactor(_loop_config()), write_back=write_back)
        model = LoopingModel(40)
        kwargs = {"run_config": session.run_config()} if with_filter else {}
        result = await Runner.run(_loop_agent(model), "run every test part", session=session, max_turns=50,
                                  **kwargs)
        assert result.final_output == "All parts pass."
        return session, inner, model, kwargs.get("run_config")

    session, inner, model, _ = asyncio.run(run(False))
    sizes = [_sent_tokens(session.compactor, i, items) for i, items in model.sent]
    assert max(sizes) > 4 * TRIGGER, "without the filter the loop grows far past the trigger"

    session, inner, model, config = asyncio.run(run(True))
    assert len(model.sent) == 41
    sizes = [_sent_tokens(session.compactor, i, items) for i, items in model.sent]
    assert max(sizes) <= TRIGGER, sizes
    # incremental: the previous compacted input stands for its part, so a summary is
    # made only when the trigger is reached again, not at every call
    assert 3 <= config.call_model_input_filter.compacted_calls < 20
    for k, (instructions, items) in enumerate(model.sent, 1):
        assert instructions == "You are a careful coding agent."
        check_pairs(items)
        calls = {i["call_id"] for i in items if i.get("type") == "function_call"}
        if k > 1:
            assert f"call_{k - 1}" in calls, "the latest call and its output are always sent"
        assert [i for i in items if i.get("role") == "user"][-1]["content"] == "run every test part"
    def text_of(item: dict) -> str:  # a user or system item's string, an assistant message's output_text
        content = item.get("content", "")
        return content if isinstance(content, str) else "".join(
            c.get("text", "") for c in content or [] if isinstance(c, dict))

    # (after the request: the summary of the loop in flight is the assistant's account, issue 24)
    summaries = [i for i in model.sent[-1][1] if text_of(i).startswith("[Previous conversation")]
    assert len(summaries) == 1
    stored = asyncio.run(inner.get_items())
    outputs = [i for i in stored if i.get("type") == "function_call_output"]
    if write_back:  # the SDK stored the run's items complete; the next read compacts them
        after = asyncio.run(session.get_items())
        assert asyncio.run(inner.get_items()) == after and len(after) < len(stored)
        check_pairs(after)
    else:
        assert len(outputs) == 2 + 40, "the stored history stays complete"


def test_compacting_run_config_needs_no_wrapped_session_and_keeps_other_settings():
    from agents import RunConfig, Runner, set_tracing_disabled

    from inspector.adapters.agents import compacting_run_config

    set_tracing_disabled(True)
    compactor = Compactor(_loop_config())
    config = compacting_run_config(compactor, RunConfig(workflow_name="loop test"))
    assert config.workflow_name == "loop test"
    model = LoopingModel(12)
    result = asyncio.run(Runner.run(_loop_agent(model), "run every test part", run_config=config, max_turns=20))
    assert result.final_output == "All parts pass."
    assert max(_sent_tokens(compactor, i, items) for i, items in model.sent) <= TRIGGER
    cleared = [o for o in compactor.last.offloads] if compactor.last else []
    for offload in cleared:
        assert compactor.recover(offload.id) == offload.content
    with pytest.raises(ValueError, match="already has a call_model_input_filter"):
        compacting_run_config(compactor, config)
