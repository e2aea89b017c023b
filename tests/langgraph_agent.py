"""A real LangChain `create_agent` graph on a fake chat model, for the LangGraph
checkpoint tests: it writes checkpoints with whatever saver it is given, exactly as a
production agent does, and records what the model was sent."""

from __future__ import annotations

from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import tool


class RecordingModel(FakeMessagesListChatModel):
    """Answers with the scripted messages in turn; keeps every request it got."""

    seen: list[list[Any]] = []

    def bind_tools(self, tools, **kwargs):  # the scripted answers already carry their calls
        return self

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        self.seen.append(list(messages))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


@tool
def read_file(path: str) -> str:
    """Read a file of the project."""
    return f"contents of {path}\n" + "\n".join(f"line {k}: value = {k * 7}" for k in range(120))


def script(turns: int) -> list[AIMessage]:
    """For each user turn: two parallel tool calls, their answer, then a final text."""
    out: list[AIMessage] = []
    for t in range(turns):
        out.append(AIMessage(content=f"Reading for turn {t}.", tool_calls=[
            {"name": "read_file", "args": {"path": f"src/mod{t}_a.py"}, "id": f"call_{t}_a"},
            {"name": "read_file", "args": {"path": f"src/mod{t}_b.py"}, "id": f"call_{t}_b"}]))
        out.append(AIMessage(content=f"Turn {t}: both modules read; mod{t}_a defines the parser."))
    return out


def make_agent(saver: Any, answers: list[AIMessage]) -> tuple[Any, RecordingModel]:
    model = RecordingModel(responses=answers)
    model.seen = []
    return create_agent(model, tools=[read_file], checkpointer=saver, system_prompt="You are terse."), model


def run_threads(saver: Any, threads: dict[str, int]) -> Any:
    """Run one agent per thread for that many user turns; returns the last agent."""
    agent = None
    for thread, turns in threads.items():
        agent, _ = make_agent(saver, script(turns))
        cfg = {"configurable": {"thread_id": thread}}
        for t in range(turns):
            agent.invoke({"messages": [{"role": "user", "content": f"{thread}: please look at module {t}"}]}, cfg)
    return agent
