"""Every export format fed to the real client library that reads it, offline, on every
source format, as recorded and compacted (issue 13):

- openai-agents-sqlite: read back through the SDK's own `SQLiteSession`, converted by
  the converter behind `OpenAIChatCompletionsModel` / `LitellmModel`
  (`Converter.items_to_messages`), resumed by `Runner.run` (Codex's custom tool calls
  with the Responses, Chat Completions and LiteLLM models);
- openai-json: LangChain's `convert_to_messages` and LiteLLM's Anthropic request
  transformation (what `litellm.completion("anthropic/...")` sends);
- anthropic-json: the Messages API's rules on turns and tool ids;
- claude-code: Claude Code's record rules, and our reader reads it back;
- adk-sqlite: google-adk's own `get_session` loads it, every call answered;
- openai-jsonl: LangChain's `convert_to_messages` on every line.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from inspector.engine import apply, plan
from inspector.engine.summarize import ExtractiveSummarizer
from inspector.exports.registry import TargetOptions, export_session
from inspector.sources.registry import open_source
from tests.exports.test_formats import compact_config
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("agents"), reason="the test extra installs openai-agents")


F = Path(__file__).resolve().parents[1] / "fixtures"
SOURCES = {
    "claude-code": (F / "claude-code" / "representative_messages.jsonl", None),
    "claude-code-compacted": (F / "claude-code" / "branch_merge_compact.jsonl", None),
    "claude-code-todo": (F / "claude-code" / "todowrite_examples.jsonl", None),
    "claude-code-thinking": (F / "claude-code" / "branch_merge.jsonl", None),
    "codex": (F / "codex" / "rollout-2025-10-29T01-00-00-marshmallow.jsonl", None),
    "codex-replacement": (F / "codex" / "rollout-replacement-history.jsonl", None),
    # tool outputs as lists of content items (`output_text` for the custom tool)
    "codex-listed-outputs": (F / "codex" / "rollout-listed-outputs.jsonl", None),
    "swe-agent": (F / "swe-agent" / "marshmallow-1867_function_calling.traj", None),
    "adk-sqlite": (F / "adk" / "sqlite_service.db", "swe-simple"),
    "adk-database": (F / "adk" / "database_v1.db", "swe-compacted"),
    # written by ADK's SqliteSessionService, one function-call id for three calls
    # (tests/exports/test_adk.py, adk_source_with_repeated_ids)
    "adk-repeated-ids": (F / "adk" / "repeated_ids.db", "dups"),
    "openai-agents": (F / "openai-agents" / "sessions.db", "swe-simple"),
    "llm": (F / "llm" / "message_store.db", None),
    "llm-legacy": (F / "llm" / "legacy.db", None),
    "anthropic-json": (F.parent / "bad_inputs" / "anthropic-thinking-signature.json", None),
    "claude-code-duplicate-ids": (F.parent / "bad_inputs" / "cc-duplicate-tool-ids.jsonl", None),
    "openai-chat-duplicate-ids": (F.parent / "bad_inputs" / "chat-duplicate-tool-call-ids.json", None),
}
NO_OUTPUT_LIMIT = {"claude-code", "llm", "llm-legacy"}  # claude-3-sonnet-20240229, scripted-swe


def _session(name: str):
    path, sid = SOURCES[name]
    with open_source(path) as src:
        return src.read(sid or src.session_ids()[0])


def _versions(name: str):
    s = _session(name)
    r = apply(s, plan(s, compact_config()), ExtractiveSummarizer())
    return s, {"recorded": None, "compacted": r}


def _chat_messages(items: list) -> list[dict]:
    """The SDK's items as the Chat Completions messages its models send
    (`Converter.items_to_messages`, behind `OpenAIChatCompletionsModel` / `LitellmModel`)."""
    from agents.models.chatcmpl_converter import Converter

    return Converter.items_to_messages(items)


def _sdk_items(db: Path, sid: str) -> list:
    from agents import SQLiteSession

    async def read():
        session = SQLiteSession(sid, db)
        try:
            return await session.get_items()
        finally:
            session.close()
    return asyncio.run(read())


@pytest.mark.parametrize("name", list(SOURCES))
def test_agents_export_resumes_with_chat_completions_models(tmp_path, name):
    s, versions = _versions(name)
    for label, compacted in versions.items():
        db = tmp_path / f"{label}.db"
        res = export_session(s, "openai-agents-sqlite", db, compacted=compacted)
        items = _sdk_items(db, res.session_id)
        assert len(items) == res.items
        chat = _chat_messages(items)  # raised UserError for rebuilt turns
        calls = [c["id"] for m in chat for c in m.get("tool_calls") or []]
        assert len(calls) == len(set(calls)), "duplicate ids renamed by default"


def test_claude_code_compaction_summary_reaches_the_agents_session(tmp_path):
    s = _session("claude-code-compacted")
    summary = next(m for m in s.messages if m.kind == "compaction").text
    assert summary
    res = export_session(s, "openai-agents-sqlite", tmp_path / "a.db")
    items = _sdk_items(tmp_path / "a.db", res.session_id)
    assert {"role": "user", "content": summary} in items
    assert not [w for w in res.warnings if "compaction record" in w]


def test_duplicate_call_ids_no_longer_lose_items_in_the_sdk(tmp_path):
    """SWE-agent repeats call ids; the SDK's converter pairs by id, so as recorded an
    output answers the wrong call. Renamed, every call keeps its own output."""
    s = _session("swe-agent")
    ids = [c.id for m in s.messages for c in m.tool_calls]
    assert len(ids) > len(set(ids)), "the fixture repeats call ids"
    res = export_session(s, "openai-agents-sqlite", tmp_path / "a.db")
    assert any("duplicate tool-call id" in w for w in res.warnings)
    chat = _chat_messages(_sdk_items(tmp_path / "a.db", res.session_id))
    call_ids = [c["id"] for m in chat for c in m.get("tool_calls") or []]
    answered = [m["tool_call_id"] for m in chat if m["role"] == "tool"]
    assert len(call_ids) == len(ids) and sorted(call_ids) == sorted(answered)
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "a.json").path.read_text())
    uses = [b["id"] for t in body["messages"] if isinstance(t["content"], list) for b in t["content"]
            if b.get("type") == "tool_use"]
    assert len(uses) == len(ids) == len(set(uses))


@pytest.mark.parametrize("name", list(SOURCES))
def test_openai_json_is_accepted_by_langchain_and_litellm(tmp_path, name):
    from langchain_core.messages import convert_to_messages

    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from litellm.llms.anthropic.chat.transformation import AnthropicConfig

    s, versions = _versions(name)
    for label, compacted in versions.items():
        out = tmp_path / f"{label}.json"
        export_session(s, "openai-json", out, compacted=compacted)
        messages = json.loads(out.read_text())["messages"]
        assert not [m for m in messages if "thinking_blocks" in m], "not part of OpenAI chat"
        convert_to_messages(messages)  # rejected Codex apply_patch's free-text arguments
        for m in messages:
            for c in m.get("tool_calls") or []:
                assert isinstance(json.loads(c["function"]["arguments"]), dict)
        AnthropicConfig().transform_request(model="claude-haiku-4-5", messages=messages, optional_params={},
                                            litellm_params={}, headers={})


def _resume(db: Path, sid: str) -> list[dict]:
    """`Runner.run` on the exported session with the SDK's Chat Completions model, the
    OpenAI client on a mocked transport; returns the chat messages the request carried."""
    from agents import Agent, OpenAIChatCompletionsModel, set_tracing_disabled

    set_tracing_disabled(True)
    client, requests = _mocked_openai(lambda body: {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
    agent = Agent(name="resumed", model=OpenAIChatCompletionsModel(model="gpt-4o", openai_client=client))

    _run_once(agent, sid, db)
    assert len(requests) == 1
    return requests[0]["messages"]


@pytest.mark.parametrize("name", ["claude-code-thinking", "swe-agent", "adk-database", "codex-replacement",
                                  "adk-repeated-ids", "codex-listed-outputs"])
def test_runner_resumes_every_call_and_result_from_an_export(tmp_path, name):
    s, versions = _versions(name)
    for label, compacted in versions.items():
        db = tmp_path / f"{label}.db"
        res = export_session(s, "openai-agents-sqlite", db, compacted=compacted)
        sent = _resume(db, res.session_id)
        messages = compacted.messages if compacted is not None else s.messages
        calls = [c["id"] for m in sent for c in m.get("tool_calls") or []]
        answered = [m["tool_call_id"] for m in sent if m["role"] == "tool"]
        assert len(calls) == sum(len(m.tool_calls) for m in messages), "no call lost"
        assert sorted(calls) == sorted(answered) and len(set(calls)) == len(calls)
        assert sent[-1] == {"role": "user", "content": "continue"}


def test_duplicate_ids_as_recorded_lose_messages_on_resume(tmp_path):
    """What the default renaming prevents: resumed as recorded, the SDK merges the
    repeated ids and the request carries fewer messages."""
    s = _session("swe-agent")
    kept = export_session(s, "openai-agents-sqlite", tmp_path / "a.db")
    raw = export_session(s, "openai-agents-sqlite", tmp_path / "b.db", unique_ids=False)
    assert kept.items == raw.items
    assert len(_resume(tmp_path / "b.db", raw.session_id)) < len(_resume(tmp_path / "a.db", kept.session_id))


def test_the_report_notes_the_renames_the_other_exports_make(tmp_path):
    s, versions = _versions("swe-agent")
    out = export_session(s, "report", tmp_path / "r.json", compacted=versions["compacted"]).path
    notes = json.loads(out.read_text()).get("notes") or []
    assert notes and all("anthropic-json, openai-agents-sqlite, adk-sqlite, claude-code, langgraph rename duplicate tool-call "
                         "ids"
                         in n for n in notes)
    assert any("renamed" in n and "-2'" in n for n in notes)


def _resume_responses(db: Path, sid: str) -> list[dict]:
    """`Runner.run` on the exported session with the SDK's Responses model, the OpenAI
    client on a mocked transport; returns the input items the request carried."""
    from agents import Agent, OpenAIResponsesModel, set_tracing_disabled

    set_tracing_disabled(True)
    client, requests = _mocked_openai(lambda body: {
        "id": "resp_1", "object": "response", "created_at": 0, "model": body["model"], "status": "completed",
        "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": "ok", "annotations": []}]}],
        "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
        "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2,
                  "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}})
    agent = Agent(name="resumed", model=OpenAIResponsesModel(model="gpt-4o", openai_client=client))

    _run_once(agent, sid, db)
    assert len(requests) == 1
    return requests[0]["input"]


def _resume_litellm(db: Path, sid: str, monkeypatch) -> list[dict]:
    """`Runner.run` on the exported session with the SDK's `LitellmModel` (LiteLLM's
    offline `mock_response`); returns the chat messages LiteLLM was given."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm
    from agents import Agent, ModelSettings, set_tracing_disabled
    from agents.extensions.models.litellm_model import LitellmModel

    set_tracing_disabled(True)
    sent: list[list[dict]] = []
    real = litellm.acompletion

    async def acompletion(*args, **kwargs):
        sent.append(kwargs["messages"])
        return await real(*args, **kwargs)

    monkeypatch.setattr(litellm, "acompletion", acompletion)
    agent = Agent(name="resumed", model=LitellmModel(model="openai/gpt-4o", api_key="test"),
                  model_settings=ModelSettings(extra_args={"mock_response": "ok"}))

    _run_once(agent, sid, db)
    assert len(sent) == 1
    return sent[0]


def test_codex_custom_tool_calls_resume_on_every_model_path(tmp_path, monkeypatch):
    """Codex's apply_patch is a custom tool call whose input is a patch, not JSON: the
    Chat Completions converter (behind `OpenAIChatCompletionsModel` and `LitellmModel`)
    rejected the item. Exported as a function call whose arguments wrap the patch text,
    it resumes with the Responses, Chat Completions and LiteLLM models, text intact."""
    s, versions = _versions("codex")
    for label, compacted in versions.items():
        messages = compacted.messages if compacted is not None else s.messages
        patches = {c.id: c.arguments_raw for m in messages for c in m.tool_calls if c.type == "custom"}
        assert patches and all(not t.lstrip().startswith("{") for t in patches.values())
        db = tmp_path / f"{label}.db"
        res = export_session(s, "openai-agents-sqlite", db, compacted=compacted)
        assert sum("are not a JSON object" in w for w in res.warnings) == len(patches)
        items = _sdk_items(db, res.session_id)
        assert not [i for i in items if str(i.get("type", "")).startswith("custom_tool_call")]
        written = {i["call_id"]: json.loads(i["arguments"]) for i in items if i.get("call_id") in patches
                   and i.get("type") == "function_call"}
        assert written == {cid: {"arguments": text} for cid, text in patches.items()}
        chat = _chat_messages(items)
        sent_calls = {c["id"]: c["function"]["arguments"] for m in chat for c in m.get("tool_calls") or []}
        assert {cid: json.loads(sent_calls[cid]) for cid in patches} == written
        sent = _resume_responses(db, res.session_id)
        calls = {i["call_id"]: i for i in sent if i.get("type") == "function_call"}
        outputs = {i["call_id"] for i in sent if i.get("type") == "function_call_output"}
        assert set(patches) <= set(calls) and set(patches) <= outputs
        assert all("id" not in calls[cid] for cid in patches), "the placeholder id never reaches the API"
        assert {cid: json.loads(calls[cid]["arguments"]) for cid in patches} == written
        via_litellm = {c["id"]: json.loads(c["function"]["arguments"])
                       for m in _resume_litellm(db, res.session_id, monkeypatch) for c in m.get("tool_calls") or []}
        assert {cid: via_litellm[cid] for cid in patches} == written
    # The runtime adapter hands the SDK its own items back: custom calls stay custom there.
    from inspector.formats.responses import to_responses_items
    assert any(i.get("type") == "custom_tool_call" for i in to_responses_items(s.messages))


@pytest.mark.parametrize("name", list(SOURCES))
def test_every_other_export_is_accepted_where_it_is_read(tmp_path, name):
    """The exports not covered above, on every source format, as recorded and
    compacted: anthropic-json meets the Messages API's rules on turns and tool ids;
    claude-code meets Claude Code's record rules and our reader reads it back; the
    ADK write-back loads with google-adk's own `get_session`; every openai-jsonl line
    is accepted by LangChain's `convert_to_messages`."""
    from langchain_core.messages import convert_to_messages

    from inspector.formats.anthropic import LEADING_USER_TEXT
    from tests.exports.test_adk import adk_get
    from tests.exports.test_anthropic import check_valid
    from tests.exports.test_claude_code import check_transcript, records

    s, versions = _versions(name)
    for label, compacted in versions.items():
        # old and scripted models are not in litellm's map: their output limit is given
        res = export_session(s, "anthropic-json", tmp_path / f"{label}.anthropic.json", compacted=compacted,
                             target=TargetOptions(max_tokens=2048) if name in NO_OUTPUT_LIMIT else None)
        body = json.loads(res.path.read_text())
        assert body["model"] and body["max_tokens"] > 0
        if any("starts with an assistant turn" in w for w in res.warnings):  # ADK opening with its summary
            assert body["messages"][0]["content"] == [{"type": "text", "text": LEADING_USER_TEXT}]
            assert body["messages"][1]["role"] == "assistant"
        check_valid(body)  # the user role first

        res = export_session(s, "claude-code", tmp_path / f"{label}.claude.jsonl", compacted=compacted)
        check_transcript(records(res.path), res.session_id)
        with open_source(res.path) as src:
            back = src.read(res.session_id)
        calls = [c.id for m in back.messages for c in m.tool_calls]
        assert len(calls) == len(set(calls)), "duplicate ids renamed"

        res = export_session(s, "adk-sqlite", tmp_path / f"{label}.adk.db", compacted=compacted)
        app, user = str(s.metadata.get("app_name") or "inspector"), str(s.metadata.get("user_id") or "user")
        loaded = asyncio.run(adk_get(res.path, app, user, res.session_id, "sqlite"))
        assert loaded is not None
        parts = [p for e in loaded.events if e.content for p in e.content.parts or []]
        called = [p.function_call.id for p in parts if p.function_call]
        answered = [p.function_response.id for p in parts if p.function_response]
        messages = compacted.messages if compacted is not None else s.messages
        assert len(called) == sum(len(m.tool_calls) for m in messages) == len(set(called))
        assert sorted(answered) == sorted(called), "every call answered, ids unique"

        res = export_session(s, "openai-jsonl", tmp_path / f"{label}.jsonl", compacted=compacted)
        for line in res.path.read_text().splitlines():
            convert_to_messages(json.loads(line)["messages"])


def _run_once(agent, sid: str, db: Path) -> None:
    """One `Runner.run` of `agent` on the exported session `sid` of `db`: it must answer "ok"."""
    from agents import Runner, SQLiteSession

    async def run() -> None:
        session = SQLiteSession(sid, db)
        try:
            assert (await Runner.run(agent, "continue", session=session)).final_output == "ok"
        finally:
            session.close()
    asyncio.run(run())


def _mocked_openai(answer):
    """An AsyncOpenAI client on a mocked transport that answers every request with
    `answer(request body)`; returns it and the list the request bodies go to."""
    import httpx
    from openai import AsyncOpenAI

    requests: list[dict] = []

    def reply(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        requests.append(body)
        return httpx.Response(200, json=answer(body))

    return AsyncOpenAI(api_key="test", http_client=httpx.AsyncClient(transport=httpx.MockTransport(reply))), requests


def _codex_with_listed_outputs(tmp_path: Path) -> Path:
    """The Codex fixture with each tool output as a list of content items, as Codex
    writes them for custom tools (`output_text`) and for function calls (`input_text`)."""
    out = tmp_path / "rollout-listed-outputs.jsonl"
    lines = []
    for line in (F / "codex" / "rollout-2025-10-29T01-00-00-marshmallow.jsonl").read_text().splitlines():
        record = json.loads(line)
        payload = record.get("payload") or {}
        if payload.get("type") in ("custom_tool_call_output", "function_call_output") and isinstance(
                payload.get("output"), str):
            kind = "output_text" if payload["type"] == "custom_tool_call_output" else "input_text"
            payload["output"] = [{"type": kind, "text": payload["output"]}]
        lines.append(json.dumps(record))
    out.write_text("\n".join(lines) + "\n")
    return out


def test_codex_listed_tool_outputs_are_converted_to_what_each_target_accepts(tmp_path):
    """`output_text` items are not allowed in a Responses `function_call_output`, and the
    SDK's Chat Completions converter raises `Unknown content` on them: exported, every
    output is one the Responses API types accept, and the run resumes on both paths."""
    from openai.types.responses.response_input_item import FunctionCallOutput

    assert _codex_with_listed_outputs(tmp_path).read_text() == SOURCES["codex-listed-outputs"][0].read_text()
    s, versions = _versions("codex-listed-outputs")
    for label, compacted in versions.items():
        db = tmp_path / f"{label}.db"
        res = export_session(s, "openai-agents-sqlite", db, compacted=compacted)
        items = _sdk_items(db, res.session_id)
        outputs = [i for i in items if i.get("type") == "function_call_output"]
        assert outputs
        for item in outputs:
            FunctionCallOutput.model_validate(item)
        texts = {i["call_id"]: i["output"] if isinstance(i["output"], str) else "".join(
            p["text"] for p in i["output"]) for i in outputs}
        messages = compacted.messages if compacted is not None else s.messages
        for m in messages:
            if m.role == "tool" and m.tool_call_id in texts and not m.meta.get("inspector_reduced"):
                assert texts[m.tool_call_id] == m.text, "the output's text is kept"
        _chat_messages(items)
        sent = _resume(db, res.session_id)
        assert len([m for m in sent if m["role"] == "tool"]) == len(outputs)
        _resume_responses(db, res.session_id)
