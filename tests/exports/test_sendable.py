"""openai-json and anthropic-json are request bodies a client sends as they are (issue
25): every export, of every source format, recorded and compacted, goes through the
official clients (`anthropic.Anthropic().messages.create(**body)`,
`openai.OpenAI().chat.completions.create(**body)`) to a fake server on the loopback
interface, which receives exactly the body written. The CLI's --model / --max-tokens
fill what a session does not say, and a missing limit is an error naming the flag."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from inspector.exports.registry import ExportError, TargetOptions, export_session
from tests.exports.test_conformance import NO_OUTPUT_LIMIT, SOURCES, _versions
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not (installed("anthropic") and installed("openai")),
                                reason="the test extra installs the Anthropic and OpenAI SDKs")


@pytest.fixture(autouse=True, scope="module")
def _clients_sdks() -> None:
    """The Anthropic and OpenAI SDKs, imported when these tests run (tests/lazy.py)."""
    global anthropic, openai
    import anthropic
    import openai


def tool_blocks(body: dict) -> tuple[set[str], bool]:
    """The names a Messages body's history calls (`tool_use`, server and MCP tool use
    blocks), and whether it holds any tool block at all (results included): read from
    the body alone, independently of the writer."""
    names: set[str] = set()
    any_block = False
    for turn in body.get("messages") or []:
        content = turn.get("content")
        for block in content if isinstance(content, list) else []:
            kind = block.get("type") if isinstance(block, dict) else None
            if kind in ("tool_use", "server_tool_use", "mcp_tool_use"):
                names.add(block["name"])
            any_block = any_block or kind in ("tool_use", "tool_result", "server_tool_use", "mcp_tool_use",
                                              "mcp_tool_result")
    return names, any_block


def undefined_tools(body: dict) -> set[str]:
    """The tool names the body's history uses that its `tools` does not define."""
    names, _ = tool_blocks(body)
    return names - {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}


# What the Messages API answers a body whose history holds tool blocks but which defines
# no tools (anthropic-sdk-python#494).
NO_TOOLS = "Requests which include `tool_use` or `tool_result` blocks must define tools."


class FakeApi(BaseHTTPRequestHandler):
    """Answers POST /v1/messages and /v1/chat/completions with a minimal valid reply,
    keeping each request body; a Messages body with tool blocks and no `tools` gets the
    API's 400."""

    received: list[tuple[str, dict]] = []

    def _send(self, status: int, reply: dict) -> None:
        data = json.dumps(reply).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):  # noqa: N802 - http.server's name
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.received.append((self.path, body))
        if self.path.endswith("/messages") and tool_blocks(body)[1] and not body.get("tools"):
            self._send(400, {"type": "error", "error": {"type": "invalid_request_error", "message": NO_TOOLS}})
            return
        if self.path.endswith("/messages"):
            reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
                     "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn", "stop_sequence": None,
                     "usage": {"input_tokens": 1, "output_tokens": 1}}
        else:
            reply = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": "ok"}}],
                     "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
        self._send(200, reply)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeApi)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _clients(base: str):
    return (anthropic.Anthropic(base_url=base, api_key="test", max_retries=0),
            openai.OpenAI(base_url=base + "/v1", api_key="test", max_retries=0))


@pytest.mark.parametrize("name", list(SOURCES))
def test_request_bodies_are_sent_as_they_are(tmp_path, server, name):
    claude, gpt = _clients(server)
    s, versions = _versions(name)
    for label, compacted in versions.items():
        target = TargetOptions(max_tokens=2048) if name in NO_OUTPUT_LIMIT else None
        res = export_session(s, "anthropic-json", tmp_path / f"{label}.anthropic.json", compacted=compacted,
                             target=target)
        body = json.loads(res.path.read_text())
        assert not undefined_tools(body), f"{name} {label}: tools the history uses are defined"
        FakeApi.received.clear()
        assert claude.messages.create(**body).content[0].text == "ok"
        assert FakeApi.received == [("/v1/messages", body)]

        res = export_session(s, "openai-json", tmp_path / f"{label}.json", compacted=compacted)
        body = json.loads(res.path.read_text())
        FakeApi.received.clear()
        assert gpt.chat.completions.create(**body).choices[0].message.content == "ok"
        assert FakeApi.received == [("/v1/chat/completions", body)]


def test_what_the_clients_refuse_without_model_and_max_tokens(tmp_path, server):
    """The fields the bodies now carry are the ones the clients require."""
    claude, gpt = _clients(server)
    s, _ = _versions("adk-sqlite")
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "a.json").path.read_text())
    assert s.model is None and body["model"] == "gpt-4o"  # the config's tokens.model by default
    with pytest.raises(TypeError):
        claude.messages.create(**{k: v for k, v in body.items() if k != "max_tokens"})
    with pytest.raises(TypeError):
        gpt.chat.completions.create(**{k: v for k, v in json.loads(export_session(
            s, "openai-json", tmp_path / "a.openai.json").path.read_text()).items() if k != "model"})


def test_the_session_s_model_and_max_tokens_win_over_the_map_and_the_flags_over_both(tmp_path):
    from inspector.sources.anthropic_json import read_anthropic_json
    from tests.exports.test_anthropic import conversation

    (tmp_path / "request.json").write_text(json.dumps(conversation()))
    s = read_anthropic_json(tmp_path / "request.json")  # a Messages request as the source
    assert s.model and s.metadata.get("max_tokens") == 4096
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "a.json").path.read_text())
    assert (body["model"], body["max_tokens"]) == (s.model, s.metadata["max_tokens"])
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "b.json", target=TargetOptions(
        model="anthropic/claude-haiku-4-5", max_tokens=77)).path.read_text())
    assert (body["model"], body["max_tokens"]) == ("claude-haiku-4-5", 77)
    res = export_session(s, "anthropic-json", tmp_path / "c.json", target=TargetOptions(
        model="claude-haiku-4-5-20251001"))  # another model: the recorded limit is not its
    assert json.loads(res.path.read_text())["max_tokens"] != s.metadata["max_tokens"]


# Models whose output limit in litellm's map is above what the SDK sends without
# streaming (the 10-minute rule; the SDK's own per-model limit for Opus 4 on Bedrock),
# and one below it.
LIMITED = ["claude-haiku-4-5", "claude-opus-4-1-20250805", "anthropic.claude-opus-4-20250514-v1:0"]
UNLIMITED = ["anthropic.claude-3-5-haiku-20241022-v1:0"]


@pytest.mark.parametrize("model", LIMITED + UNLIMITED)
def test_max_tokens_is_the_model_s_limit_unless_the_sdk_would_refuse_it(tmp_path, server, model):
    """`max_tokens` defaults to the model's output limit in litellm's map; it is lowered
    only when the Anthropic SDK's `messages.create(**body)` refuses that limit (it wants
    streaming for a call it expects to take over 10 minutes), to the most the SDK sends,
    and the warning says so. Checked against the SDK itself: the body is sent, one more
    token is refused."""
    from inspector.llm import model_output_limit

    claude, _ = _clients(server)
    s, _ = _versions("adk-sqlite")
    res = export_session(s, "anthropic-json", tmp_path / "a.json", target=TargetOptions(model=model))
    body = json.loads(res.path.read_text())
    limit = model_output_limit(model)
    assert limit is not None
    FakeApi.received.clear()
    assert claude.messages.create(**body).content[0].text == "ok"
    assert FakeApi.received == [("/v1/messages", body)]
    capped = [w for w in res.warnings if "max_tokens" in w]
    if body["max_tokens"] == limit:
        assert model in UNLIMITED and not capped
        return
    assert model in LIMITED and body["max_tokens"] < limit
    with pytest.raises(ValueError, match="Streaming is required"):
        claude.messages.create(**{**body, "max_tokens": body["max_tokens"] + 1})
    assert FakeApi.received == [("/v1/messages", body)], "refused before sending"
    # the full limit goes through with a timeout of the caller's own, as the warning says
    assert claude.messages.create(**{**body, "max_tokens": limit}, timeout=30).content[0].text == "ok"
    (warning,) = capped
    assert f"{body['max_tokens']:,}" in warning and f"{limit:,}" in warning and "timeout" in warning


def test_a_model_without_a_known_output_limit_is_an_error_naming_the_flag(tmp_path, capsys, monkeypatch):
    from inspector.cli.main import main

    s, _ = _versions("claude-code")
    with pytest.raises(ExportError, match="--max-tokens"):
        export_session(s, "anthropic-json", tmp_path / "a.json")
    assert not (tmp_path / "a.json").exists()
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))
    src = str(SOURCES["claude-code"][0])
    code = main(["export", src, "-f", "anthropic-json", "-o", str(tmp_path / "b.json")])
    assert code != 0 and "--max-tokens" in capsys.readouterr().err
    code = main(["export", src, "-f", "anthropic-json", "-o", str(tmp_path / "c.json"), "--max-tokens", "900",
                 "--model", "claude-opus-4-1"])
    assert code == 0
    body = json.loads((tmp_path / "c.json").read_text())
    assert (body["model"], body["max_tokens"]) == ("claude-opus-4-1", 900)


def test_the_fake_api_refuses_tool_history_without_tools_as_anthropic_does(tmp_path, server):
    """The rule the bodies are checked against is enforced by the fake server, so a body
    the writer left without `tools` fails there as it does at Anthropic."""
    claude, _ = _clients(server)
    s, _ = _versions("codex")
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "a.json").path.read_text())
    assert tool_blocks(body)[0] and body["tools"]
    with pytest.raises(anthropic.BadRequestError, match="must define tools"):
        claude.messages.create(**{k: v for k, v in body.items() if k != "tools"})


def _recorded_tools_request(form: str) -> dict:
    """A request body recording its tool definitions: Anthropic's or OpenAI Chat's form."""
    schema = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
    if form == "anthropic":
        from tests.exports.test_anthropic import conversation

        doc = conversation()
        doc["tools"] = [*doc["tools"], {"type": "web_search_20250305", "name": "web_search", "max_uses": 2}]
        doc["tools"][1] = {**doc["tools"][1], "cache_control": {"type": "ephemeral"}}
        return doc
    return {"model": "gpt-4o", "messages": [
        {"role": "user", "content": "Read a.py"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "read_file", "arguments": '{"path": "a.py"}'}},
            {"id": "c2", "type": "function", "function": {"name": "grep", "arguments": '{"pattern": "x"}'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "print(1)"},
        {"role": "tool", "tool_call_id": "c2", "content": "no match"},
        {"role": "assistant", "content": "It prints 1."}],
        "tools": [{"type": "function", "function": {"name": "read_file", "description": "Read a file.",
                                                    "parameters": schema}},
                  {"type": "web_search"}]}  # a hosted OpenAI tool: nothing Anthropic takes


@pytest.mark.parametrize("form", ["anthropic", "openai"])
def test_the_source_s_own_tool_definitions_are_carried_and_only_the_missing_are_made_up(tmp_path, server, form):
    from inspector.sources.registry import open_source

    (tmp_path / "request.json").write_text(json.dumps(_recorded_tools_request(form)))
    with open_source(tmp_path / "request.json") as src:
        s = src.read(src.session_ids()[0])
    res = export_session(s, "anthropic-json", tmp_path / "a.json", target=TargetOptions(
        model="claude-haiku-4-5", max_tokens=1024))
    body = json.loads(res.path.read_text())
    assert not undefined_tools(body)
    by_name = {t["name"]: t for t in body["tools"]}
    assert len(by_name) == len(body["tools"]), "one definition per name"
    made = [w for w in res.warnings if "recorded no definition" in w]
    if form == "anthropic":  # all recorded, kept as they were (server tool and cache_control included)
        assert body["tools"] == _recorded_tools_request(form)["tools"] and not made
    else:  # converted from OpenAI's form; grep was never defined: a minimal one, said
        recorded = _recorded_tools_request(form)["tools"][0]["function"]
        assert by_name["read_file"] == {"name": "read_file", "description": recorded["description"],
                                        "input_schema": recorded["parameters"]}
        assert set(by_name) == {"read_file", "grep"} and by_name["grep"]["input_schema"] == {"type": "object"}
        assert len(made) == 1 and "grep" in made[0] and "read_file" not in made[0]
    claude, _ = _clients(server)
    FakeApi.received.clear()
    assert claude.messages.create(**body).content[0].text == "ok"
    assert FakeApi.received == [("/v1/messages", body)]


def test_the_recovery_tool_is_defined_once_next_to_the_history_s_tools(tmp_path, server):
    """A history that already calls the recovery tool (an agent that read an offload back)
    gets its one definition, not a second of the same name."""
    import dataclasses

    from inspector.engine.models import Message, Part, ToolCall
    from inspector.engine.recovery_tool import recovery_tool_function

    s, versions = _versions("codex")
    compacted = versions["compacted"]
    assert compacted is not None and compacted.offloads
    name = compacted.plan.config.recovery_tool
    off = compacted.offloads[0]
    compacted = dataclasses.replace(compacted, messages=[
        *compacted.messages,
        Message(role="assistant", tool_calls=[ToolCall(id="call_rec", name=name,
                                                       arguments_raw=json.dumps({"id": off.id}))]),
        Message(role="tool", tool_call_id="call_rec", name=name, parts=[Part(text=off.content[:100])])])
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "a.json", compacted=compacted).path.read_text())
    spec = recovery_tool_function(name)
    assert name in tool_blocks(body)[0] and not undefined_tools(body)
    assert [t for t in body["tools"] if t["name"] == name] == [
        {"name": name, "description": spec["description"], "input_schema": spec["parameters"]}]
    claude, _ = _clients(server)
    assert claude.messages.create(**body).content[0].text == "ok"
