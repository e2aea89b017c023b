"""A fake Agents SDK model for the per-model-call tests (tests/adapters/test_agents.py,
tests/exports/test_database_targets.py). It subclasses the SDK's `Model`, so this module
imports the SDK: import it when a test runs, not at collection (tests/lazy.py)."""

from __future__ import annotations

import json

import agents


class LoopingModel(agents.Model):
    """A fake Agents SDK model: asks for `calls` tool calls in a row (one per model
    call, all in one run), then answers; records what each call was sent."""

    def __init__(self, calls: int) -> None:
        self.calls = calls
        self.sent: list[tuple[str | None, list[dict]]] = []

    async def get_response(self, system_instructions, input, model_settings, tools, output_schema, handoffs,
                           tracing, *, previous_response_id=None, conversation_id=None, prompt=None):
        from agents.items import ModelResponse
        from agents.usage import Usage
        from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

        items = [i if isinstance(i, dict) else i.model_dump(exclude_unset=True) for i in input]
        self.sent.append((system_instructions, json.loads(json.dumps(items))))
        k = len(self.sent)
        if k <= self.calls:
            out = [ResponseFunctionToolCall(type="function_call", id=f"fc_{k}", call_id=f"call_{k}", name="bash",
                                            arguments=json.dumps({"cmd": f"pytest -k part{k}"}))]
        else:
            out = [ResponseOutputMessage(type="message", id="msg_done", role="assistant", status="completed",
                                         content=[ResponseOutputText(type="output_text", text="All parts pass.",
                                                                     annotations=[])])]
        return ModelResponse(output=out, usage=Usage(), response_id=None)

    def stream_response(self, *args, **kwargs):  # pragma: no cover - not used
        raise NotImplementedError
