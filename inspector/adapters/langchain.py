"""LangChain v1 adapter: an agent middleware that compacts the agent state's messages
with the tuned config before each model call.

    from langchain.agents import create_agent
    from inspector.adapters.langchain import CompactingMiddleware

    agent = create_agent(model, tools, middleware=[CompactingMiddleware.from_toml("inspector.toml")])

It takes the place of LangChain's own `SummarizationMiddleware` /
`ContextEditingMiddleware`: `before_model` runs exactly the pipeline `inspector apply`
runs (truncation, clearing, summarization at safe cut points, tailoring), and when
that changes something it replaces the state's messages with the result (as
`SummarizationMiddleware` does), so the summary is kept and folded into the next one.
Below the trigger nothing changes. Messages compaction leaves alone are the very
objects the state held.

What compaction removed is also written to the agent's state (the channel
`inspector_offloads`, id -> content, merged), so an agent with a checkpointer keeps it
with the thread: after a restart the recovery tool (`recovery_tool=True`) still reads it
from the thread's state; without a checkpointer it answers from
`middleware.compactor.recover(id)`, this process's store.

Needs the `langchain` extra (`pip install 'inspector[langchain]'`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, NotRequired

from langchain.agents.middleware import AgentMiddleware, AgentState
from langchain.agents.middleware.types import PrivateStateAttr
from langchain.tools import ToolRuntime
from langchain_core.messages import RemoveMessage
from langgraph.graph.message import REMOVE_ALL_MESSAGES

from inspector.adapters._recovery import offload_contents, recovery_answer
from inspector.exports.langgraph import OFFLOADS_CHANNEL
from inspector.formats.langchain import from_langchain, to_langchain

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted
    from inspector.engine.models import Session
    from inspector.runtime import Compactor


OFFLOADS_KEY = OFFLOADS_CHANNEL  # the channel the LangGraph export writes too


def _merge_offloads(old: dict[str, str] | None, new: dict[str, str] | None) -> dict[str, str]:
    """The channel's reducer: offloads accumulate (their ids are content hashes)."""
    return {**(old or {}), **(new or {})}


class OffloadState(AgentState):
    """The agent state with the offloads compaction made (id -> content): checkpointed
    with the thread, never shown to the model, not part of the agent's input or output."""

    # the reducer last: LangGraph takes the last metadata item as the reducer
    inspector_offloads: NotRequired[Annotated[dict[str, str], PrivateStateAttr, _merge_offloads]]


class CompactingMiddleware(AgentMiddleware):
    """Compacts `state["messages"]` before every model call.

    Args:
        compactor: the tuned compactor (default: the balanced preset).
        session_id: names the session in offloads and summary events.
        recovery_tool: also give the agent the tool the notices name (the config's
            `recovery_tool`), which reads back truncated or cleared content by its id.
    """

    state_schema = OffloadState

    def __init__(self, compactor: Compactor | None = None, *, session_id: str = "langchain",
                 recovery_tool: bool = False) -> None:
        from inspector.runtime import Compactor

        super().__init__()
        self.compactor = compactor if compactor is not None else Compactor()
        self.session_id = session_id
        self.last: Compacted | None = None
        # create_agent registers a middleware's `tools` beside the agent's own.
        self.tools = [self._recovery_tool()] if recovery_tool else []

    def _recovery_tool(self) -> Any:
        from langchain_core.tools import StructuredTool

        spec = self.compactor.recovery_tool()["function"]

        def recover(id: str, runtime: ToolRuntime, offset: int = 0, limit: int | None = None) -> str:
            state = runtime.state if isinstance(runtime.state, dict) else {}
            kept = state.get(OFFLOADS_KEY) or {}
            return recovery_answer(self.compactor, kept.get, {"id": id, "offset": offset, "limit": limit})

        return StructuredTool.from_function(recover, name=spec["name"], description=spec["description"])

    @classmethod
    def from_toml(cls, path: str | os.PathLike[str], **kwargs: Any) -> CompactingMiddleware:
        """The middleware for the config file the TUI saves.

        Args:
            path: the TOML file (`inspector config init` writes one).
            **kwargs: `recovery_tool`, as in the constructor; the rest go to
                `Compactor` (counter, summarizer, offloads, ...).
        """
        from inspector.runtime import Compactor

        recovery_tool = bool(kwargs.pop("recovery_tool", False))
        return cls(Compactor.from_toml(path, **kwargs), recovery_tool=recovery_tool)

    def _session(self, messages: Sequence[Any]) -> Session:
        from inspector.engine.models import Session

        prefix = self.compactor.config.summarization.summary_prefix or None
        return Session(id=self.session_id, source_format="langchain", messages=from_langchain(messages, prefix))

    def _update(self, result: Compacted) -> dict[str, Any] | None:
        self.last = result
        if not result.plan.changed:
            return None
        update: dict[str, Any] = {"messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES),
                                               *to_langchain(result.messages)]}
        if result.offloads:
            update[OFFLOADS_KEY] = offload_contents(result.offloads)
        return update

    def before_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """The state update that replaces the messages with their compacted version
        (None when compaction changes nothing)."""
        messages = state["messages"]
        if not messages:
            return None
        return self._update(self.compactor.compact_session(self._session(messages)))

    async def abefore_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """`before_model` for async agents (summaries generated without blocking the loop)."""
        messages = state["messages"]
        if not messages:
            return None
        return self._update(await self.compactor.acompact_session(self._session(messages)))
