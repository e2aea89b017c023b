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

anthropic = pytest.importorskip("anthropic", reason="the test extra installs the Anthropic SDK")
openai = pytest.importorskip("openai")


class FakeApi(BaseHTTPRequestHandler):
    """Answers POST /v1/messages and /v1/chat/completions with a minimal valid reply,
    keeping each request body."""

    received: list[tuple[str, dict]] = []

    def do_POST(self):  # noqa: N802 - http.server's name
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.received.append((self.path, body))
        if self.path.endswith("/messages"):
            reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": body["model"],
                     "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn", "stop_sequence": None,
                     "usage": {"input_tokens": 1, "output_tokens": 1}}
        else:
            reply = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": "stop",
                                  "message": {"role": "assistant", "content": "ok"}}],
                     "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

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
        model="anthropic/claude-sonnet-4-5", max_tokens=77)).path.read_text())
    assert (body["model"], body["max_tokens"]) == ("claude-sonnet-4-5", 77)
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "c.json", target=TargetOptions(
        model="claude-sonnet-4-5-20250929")).path.read_text())  # another model: the recorded limit is not its
    # litellm's map gives claude-sonnet-4-5 64,000 output tokens; the SDK refuses more
    # than 21,333 without streaming (8,192 for Opus 4.1): capped, it sends the body
    assert body["max_tokens"] == 21_333
    body = json.loads(export_session(s, "anthropic-json", tmp_path / "d.json", target=TargetOptions(
        model="claude-opus-4-1-20250805")).path.read_text())
    assert body["max_tokens"] == 8_192


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
