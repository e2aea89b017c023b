"""`summarization.retries` and `timeout_seconds` mean what they say (issue 15): litellm's
own retries and the OpenAI client's are off, so `retries=0` sends one request and
`retries=2` against a 429 sends three. Counted on a local fake server (127.0.0.1, an
ephemeral port; it stops by itself), litellm pointed at it through `api_base`."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from inspector.engine.summarize import SummaryFailed
from inspector.llm import LiteLLMSummarizer
from tests.llm.test_llm import request


class FakeOpenAI:
    """An OpenAI-compatible endpoint answering every request with `status`."""

    def __init__(self, status: int, delay: float = 0.0):
        self.requests = 0
        counter = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                counter.requests += 1
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                stop.wait(delay)  # a slow server (bounded: shutdown ends the wait)
                body = json.dumps({"error": {"message": "slow down", "type": "rate_limit_error",
                                             "code": "rate_limit_exceeded"}}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("retry-after", "0")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *a):
                pass

        stop = self.stop = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)


@pytest.mark.parametrize("retries,status", [(0, 429), (2, 429), (1, 500)])
def test_one_request_per_attempt(retries, status, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    with FakeOpenAI(status) as server:
        s = LiteLLMSummarizer(["openai/gpt-4o-mini"], api_base=server.url, retries=retries,
                              timeout_seconds=10, sleep=lambda s: None)
        with pytest.raises(SummaryFailed):
            s.summarize(request())
        assert server.requests == retries + 1


def test_a_timeout_is_one_request_not_three(monkeypatch):
    """A server slower than `timeout_seconds`: one request per attempt (the OpenAI
    client's own retries turned a 3 s timeout into 11-16 s)."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    with FakeOpenAI(200, delay=5) as server:
        s = LiteLLMSummarizer(["openai/gpt-4o-mini"], api_base=server.url, retries=0,
                              timeout_seconds=0.5, sleep=lambda s: None)
        with pytest.raises(SummaryFailed):
            s.summarize(request())
        assert server.requests == 1
