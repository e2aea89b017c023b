"""A step's outcome stated after a URL it was called on (issue #23, session 19): the
URL's "://" ends no clause, so "fetch_page on https://... succeeded" states the outcome
of fetch_page, and is contradicted when each call of it failed. Made-up sessions
(`engine.fidelity_outcomes`)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _flagged(f) -> list:
    return [it for it in f.items if it.status in ("unsupported", "contradicted")]


def _session() -> list[Message]:
    return [
        sys("You are a research agent. Use the tools."),
        user("Summarize the project page at https://example.org/orbit and its changelog."),
        asst("Fetching the page.", [("c1", "fetch_page", '{"url": "https://example.org/orbit"}')]),
        tool("c1", "Error: upstream connect error, the page could not be fetched (503)."),
        asst("Searching instead.", [("c2", "web_search", '{"query": "orbit changelog"}')]),
        tool("c2", '[{"title": "Orbit 2.1 changelog", "content": "Faster sync, new CLI."}]'),
        user("Go on with the summary."),
    ]


def _measure(summary: str):
    msgs = _session()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


def test_a_success_stated_after_the_url_of_a_failed_call_is_contradicted():
    right = _measure("fetch_page on https://example.org/orbit failed (503); web_search found the Orbit 2.1 changelog.")
    assert _flagged(right) == []
    wrong = _measure("fetch_page on https://example.org/orbit succeeded and returned the page; web_search found "
                     "the Orbit 2.1 changelog.")
    item = next((it for it in wrong.items if it.status == "contradicted" and it.text == "fetch_page"), None)
    assert item is not None and "failed" in item.contradicts
    assert wrong.score < right.score
