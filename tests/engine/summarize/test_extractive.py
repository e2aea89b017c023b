"""The offline extractive summarizer: what it keeps, its budgets, its rejection."""

from __future__ import annotations

import pytest

from inspector.engine import make_counter
from inspector.engine.summarize import ExtractiveSummarizer, SummaryEvent, SummaryRejected, SummaryRequest
from tests.sessions import agent_session, asst, session, tool, user

COUNTER = make_counter("tiktoken", model="gpt-4o")


def request(messages=None, replaced=5000, max_words=60):
    msgs = messages if messages is not None else agent_session(rounds=4).messages
    return SummaryRequest(
        key="k1", messages=msgs, previous_summary=None,
        prompt_template="Summarize in {max_summary_words} words:\n{conversation_text}",
        system_prompt="You write summaries.", max_words=max_words, replaced_tokens=replaced,
        count=COUNTER.count,
    )


def test_extractive_keeps_requests_conclusions_tools_and_errors():
    s = session(
        user("Please fix the failing login test."),
        asst("I will look at the test.", [("c1", "bash", '{"cmd": "pytest"}')]),
        tool("c1", "FAILED test_login.py::test_ok\nAssertionError: expected 200", "bash"),
        asst("The bug is a wrong status code in auth.py.", [("c2", "edit", '{"path": "auth.py"}')]),
        tool("c2", "ok", "edit"),
        asst("Fixed: auth.py now returns 200."),
    )
    req = request(s.messages, replaced=10_000, max_words=200)
    events: list[SummaryEvent] = []
    r = ExtractiveSummarizer().summarize(req, events.append)
    assert r.extractive and r.model == "extractive" and r.label.startswith("extractive")
    assert r.text.startswith("(extractive summary, generated offline without a model)")
    assert "Please fix the failing login test." in r.text
    assert "Fixed: auth.py now returns 200." in r.text
    assert "bash \u00d71" in r.text and "edit \u00d71" in r.text
    assert "bash: FAILED test_login.py::test_ok" in r.text
    assert [e.kind for e in events] == ["before", "attempt", "after"]
    # deterministic
    assert ExtractiveSummarizer().summarize(req).text == r.text


def test_extractive_stays_within_the_word_and_token_budget():
    msgs = agent_session(rounds=40).messages
    req = request(msgs, replaced=100_000, max_words=50)
    text = ExtractiveSummarizer().summarize(req).text
    assert len(text.split()) <= 50
    assert COUNTER.count(text) <= 50 * 1.35 + 1


def test_extractive_rejects_a_summary_that_saves_nothing():
    msgs = session(user("hi"), asst("hello")).messages
    with pytest.raises(SummaryRejected):
        ExtractiveSummarizer().summarize(request(msgs, replaced=1))


def test_an_action_line_is_the_turns_last_telling_sentence_not_its_sign_off():
    # A role-play assistant (CAMEL) closes every turn with "Next request."; a chat one with a
    # courtesy. The summary's last actions say what the turn did.
    from inspector.engine.summarize.extractive import build_summary

    msgs = [user("Instruction: Pick a pivotal historical event for the mission.\nInput: None."),
            asst("Solution: The signing of the Declaration of Independence in 1776 is the target. "
                 "Influencing it could change the course of history.\nNext request."),
            user("Instruction: Draft a timeline for the mission.\nInput: None."),
            asst("Solution: The timeline has three phases: preparation, arrival, return. "
                 "Hope this helps!")]
    text = build_summary(msgs, [], 300)
    actions = text.split("Last actions (newest first):\n", 1)[1].split("Next step:", 1)[0]
    assert "Next request" not in actions and "Hope this helps" not in actions
    assert "preparation, arrival, return" in actions and "course of history" in actions


def test_a_result_line_skips_a_frameworks_heading_and_a_page_heading_is_no_error():
    # smolagents' code agent: each output opens "Observation:\nExecution logs:"; a web page it
    # printed has a line "Error" (the site's heading), which no call raised.
    from inspector.engine.summarize.extractive import build_summary

    page = "Observation:\nExecution logs:\n1.E: Exercises - Chemistry LibreTexts\nError\nThis page lists 40 exercises."
    msgs = [user("Find the surname of the veterinarian in exercise 1.E."),
            asst("I will read the page.", [("c1", "python_interpreter", '{"code": "print(visit(url))"}')]),
            tool("c1", page)]
    text = build_summary(msgs, [], 300)
    assert "Errors seen" not in text
    assert "python_interpreter: 1.E: Exercises - Chemistry LibreTexts" in text
    failing = "Observation:\nExecution logs:\nerror: the page could not be fetched (403)"
    text = build_summary([*msgs[:2], tool("c1", failing)], [], 300)
    assert "error: the page could not be fetched (403)" in text
