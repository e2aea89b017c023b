"""Google ADK adapter: the LLM request's contents compacted with the tuned config
before each model call.

    from google.adk.agents import LlmAgent
    from google.adk.apps import App
    from google.adk.runners import Runner
    from inspector.adapters.adk import CompactingPlugin, compacting_callback

    plugin = CompactingPlugin.from_toml("inspector.toml")
    agent = LlmAgent(..., tools=[..., plugin.recovery_tool()])  # optional: read back offloads
    app = App(name="app", root_agent=agent, plugins=[plugin])
    runner = Runner(app=app, session_service=service)                         # every agent
    # or, for one agent:
    agent = LlmAgent(..., before_model_callback=compacting_callback(Compactor.from_toml("inspector.toml")))

The request's `contents` (what ADK built from the session's events) go through the
pipeline `inspector apply` runs, and are replaced by the result when it changes
something; the session's events stay complete (ADK rebuilds the contents from them
for every call, and identical summaries come from the compactor's cache). What
compaction removed is written to the session's state (one key per offload,
`inspector_offload:<id>`, in the model call's event): a persistent session service
keeps it with the session, so the recovery tool still answers after a restart, and an
`adk-sqlite` export carries its offloads the same way. The agent's
instruction (`system_instruction`) is counted as context but never changed. Contents
compaction leaves alone are the very `Content` objects ADK built.

Needs the `adk` extra (`pip install 'inspector[adk]'`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from google.adk.plugins.base_plugin import BasePlugin
from google.genai import types

from inspector.adapters._recovery import recovery_answer
from inspector.exports.adk import OFFLOAD_STATE_PREFIX  # the key the adk-sqlite export writes too
from inspector.formats.genai import contents_with_sources, from_contents

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted
    from inspector.runtime import Compactor




def keep_offloads(state: Any, result: Compacted | None) -> int:
    """Write the offloads a compaction made into an ADK session's state (a callback's
    `callback_context.state`, recorded in the event's state delta, so the session service
    persists them); offloads already there are not written again.

    Args:
        state: the callback context's `State`.
        result: what `compact_request` returned.

    Returns:
        How many were added.
    """
    added = 0
    for o in result.offloads if result is not None else ():
        key = OFFLOAD_STATE_PREFIX + o.id
        if state.get(key) is None:
            state[key] = o.content
            added += 1
    return added


def _instruction_text(instruction: Any) -> str:
    if instruction is None:
        return ""
    if isinstance(instruction, str):
        return instruction
    parts = getattr(instruction, "parts", None)
    if parts is not None:
        return "\n\n".join(p.text for p in parts if getattr(p, "text", None))
    return str(instruction)


async def compact_request(llm_request: Any, compactor: Compactor, session_id: str = "adk") -> Compacted | None:
    """Compact an `LlmRequest`'s contents in place.

    Args:
        llm_request: the request ADK is about to send.
        compactor: the tuned compactor.
        session_id: names the session in offloads and summary events.

    Returns:
        The compaction result (None when the request has no contents).
    """
    from inspector.engine.models import Message, Session

    originals = list(llm_request.contents or [])
    if not originals:
        return None
    dicts = [c.model_dump(mode="json", exclude_none=True) for c in originals]
    by_id = {id(d): c for d, c in zip(dicts, originals)}
    prefix = compactor.config.summarization.summary_prefix or None
    messages = from_contents(dicts, prefix)
    instruction = _instruction_text(getattr(llm_request.config, "system_instruction", None))
    if instruction:  # counted as context, never compacted away, never written back
        messages.insert(0, Message.text_message("system", instruction, meta={"adk_instruction": True}))
    session = Session(id=session_id, source_format="genai", messages=messages).renumber()
    result = await compactor.acompact_session(session)
    if result.plan.changed:
        kept = []
        for m in result.messages:
            if not m.meta.get("adk_instruction"):
                kept.append(m)
            elif m.meta.get("inspector_summary"):
                # the summary was merged into the instruction (injection "system_merge"):
                # the instruction stays in system_instruction, the summary leads the contents
                text = m.text[len(instruction):].strip() if m.text.startswith(instruction) else m.text
                kept.append(Message.text_message("user", text, kind="summary", meta={"inspector_summary": True}))
        contents: list[Any] = []
        for content, _, verbatim in contents_with_sources(kept):
            original = by_id.get(id(content)) if verbatim else None
            contents.append(original if original is not None
                            else types.Content.model_validate_json(json.dumps(content)))
        llm_request.contents = contents
    return result


class CompactingPlugin(BasePlugin):
    """A Runner plugin that compacts every agent's model requests.

    Args:
        compactor: the tuned compactor (default: the balanced preset).
        name: the plugin's name in the Runner.
    """

    def __init__(self, compactor: Compactor | None = None, *, name: str = "inspector_compaction") -> None:
        from inspector.runtime import Compactor

        super().__init__(name=name)
        self.compactor = compactor if compactor is not None else Compactor()
        self.last: Compacted | None = None

    @classmethod
    def from_toml(cls, path: str | os.PathLike[str], **kwargs: Any) -> CompactingPlugin:
        """The plugin for the config file the TUI saves (`kwargs` go to `Compactor`)."""
        from inspector.runtime import Compactor

        return cls(Compactor.from_toml(path, **kwargs))

    def recovery_tool(self) -> Any:
        """The tool the notices name, reading this plugin's offloads (see `recovery_tool`)."""
        return recovery_tool(self.compactor)

    async def before_model_callback(self, *, callback_context: Any, llm_request: Any) -> None:
        """Compact the request; returns None so the model call proceeds."""
        session = getattr(callback_context, "session", None)
        self.last = await compact_request(llm_request, self.compactor, str(getattr(session, "id", "adk")))
        keep_offloads(callback_context.state, self.last)
        return None


def recovery_tool(compactor: Compactor) -> Any:
    """An ADK `FunctionTool` named as the config's notices tell the model to call it
    (`recovery_tool`): reads back truncated or cleared content by its id, from the
    session's state (where the adapters and `adk-sqlite` exports keep it), else from
    the compactor's store.

    Args:
        compactor: the compactor whose offloads it reads.

    Returns:
        A `google.adk.tools.FunctionTool` for the agent's `tools`.
    """
    from google.adk.tools.function_tool import FunctionTool

    spec = compactor.recovery_tool()["function"]

    def recover(id: str, offset: int = 0, limit: int | None = None, tool_context: Any = None) -> str:
        state = tool_context.state if tool_context is not None else {}

        def kept(offload_id: str) -> str | None:
            value = state.get(OFFLOAD_STATE_PREFIX + offload_id)
            return value if isinstance(value, str) else None

        return recovery_answer(compactor, kept, {"id": id, "offset": offset, "limit": limit})

    # ADK names a function tool after the function and describes it by its docstring.
    recover.__name__ = recover.__qualname__ = spec["name"]
    recover.__doc__ = spec["description"]
    return FunctionTool(recover)


def compacting_callback(compactor: Compactor) -> Callable[[Any, Any], Awaitable[None]]:
    """A `before_model_callback` for one `LlmAgent` that compacts its requests.

    Args:
        compactor: the tuned compactor (`Compactor.from_toml("inspector.toml")`).

    Returns:
        An async callback `(callback_context, llm_request) -> None`.
    """

    async def before_model(callback_context: Any, llm_request: Any) -> None:
        session = getattr(callback_context, "session", None)
        result = await compact_request(llm_request, compactor, str(getattr(session, "id", "adk")))
        keep_offloads(callback_context.state, result)
        return None

    return before_model
