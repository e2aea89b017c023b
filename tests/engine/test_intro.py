"""Titles from the first real request: preambles, system prompts stored as user
messages and demonstrations are skipped; wrappers are unwrapped."""

from __future__ import annotations

import pytest

from inspector.engine.intro import display_title, first_request, is_preamble, looks_like_id, shorten
from inspector.engine.models import Message, Part, Session


def msg(role: str, text: str, **kw) -> Message:
    return Message(role=role, parts=[Part(text=text)], **kw)


def test_system_prompt_stored_as_a_user_message_is_a_preamble():
    assert is_preamble(msg("user", "You are a helpful research agent. Always cite sources."))
    assert is_preamble(msg("user", "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>"))
    assert is_preamble(msg("system", "anything"))
    assert is_preamble(msg("user", "   "))
    assert not is_preamble(msg("user", "Why does the build fail on Windows?"))
    assert not is_preamble(msg("assistant", "You are right."))


def test_demonstration_is_skipped_for_the_real_task():
    s = Session(id="t1", messages=[
        msg("system", "SETTING: You are an autonomous programmer."),
        msg("user", "Here is a demonstration of how to correctly accomplish this task.\nISSUE:\nold bug"),
        msg("user", "We're currently solving the following issue within our repository. Here's the issue "
                    "text:\nISSUE:\nTimeDelta serialization precision\nHi there!"),
    ])
    assert first_request(s) == "TimeDelta serialization precision"


def test_pr_description_wrapper_is_unwrapped_and_shortened():
    text = ("<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in the "
            "directory /testbed. Consider the following PR description:\n\n<pr_description>\n"
            "Pixel Representation attribute should be optional for pixel data handler checks and "
            "conversions\n</pr_description>")
    s = Session(id="t02-_c-3.00__install-1_pydicom__pydicom-1", title="t02-_c-3.00__install-1_pydicom__pydicom-1",
                messages=[msg("user", text)])
    title = display_title(s, 40)
    assert title.startswith("Pixel Representation attribute") and title.endswith("…")
    assert len(title) <= 40


def test_a_real_stored_title_wins_and_ids_do_not_count_as_titles():
    s = Session(id="codex:abc", title="Fix the flaky login test", messages=[msg("user", "hello there")])
    assert display_title(s) == "Fix the flaky login test"
    assert looks_like_id("swe-marshmallow", "openai-agents-swe-marshmallow-3fa2")
    assert looks_like_id(None)
    assert not looks_like_id("Fix login", "fix-login")
    # Nothing but preambles: the id.
    only = Session(id="s-9", messages=[msg("user", "You are a bot.")])
    assert display_title(only) == "s-9"


@pytest.mark.parametrize("text,width,expected", [
    ("short", 10, "short"),
    ("one two three four five six", 15, "one two three…"),
    ("a   b\n c", 10, "a b c"),
])
def test_shorten(text, width, expected):
    assert shorten(text, width) == expected


def test_every_demo_session_gets_a_readable_title(demo_sessions_for_titles):
    for s in demo_sessions_for_titles:
        title = display_title(s)
        assert title != s.id and " " in title, (s.id, title)


@pytest.fixture(scope="module")
def demo_sessions_for_titles():
    from inspector.demo import demo_sessions

    return demo_sessions()
