"""A result quoted after its call that is no result the session shows, but one of that tool's
results with a name or a number changed (issue #23, session 19: L28's planted "read_file
instructions_2.txt -> "The id to remember is 3791. Read the file instructions_5.txt."" where the
file said instructions_3.txt, unflagged: the quote named only paths and ids the session has)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _chain() -> list[Message]:
    return [
        sys("You are a file agent."),
        user("Follow the instructions in step_1.txt."),
        asst("", [("r1", "read_file", '{"filename": "step_1.txt"}')]),
        tool("r1", "The id to remember is 3145. Read the file step_2.txt."),
        asst("", [("r2", "read_file", '{"filename": "step_2.txt"}')]),
        tool("r2", "The id to remember is 3791. Read the file step_4.txt."),
        asst("", [("r3", "read_file", '{"filename": "step_4.txt"}')]),
        tool("r3", "Write the ids to answer_file.txt."),
        asst("Writing the ids."),
        user("Go on."),
    ]


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_tools_result_quoted_with_one_name_changed_is_contradicted():
    msgs = _chain()
    true = ('read_file step_2.txt -> "The id to remember is 3791. Read the file step_4.txt."; '
            'read_file step_4.txt -> "Write the ids to answer_file.txt."')
    assert _flagged(msgs, true) == []
    got = _flagged(msgs, 'read_file step_2.txt -> "The id to remember is 3791. Read the file step_1.txt."')
    assert got == ["read_file"], got


def test_a_quote_shortened_paraphrased_or_of_another_length_is_not():
    """What a faithful summary does with a quote: cut it ("..."), give part of it, put it in its
    own words around the quoted part, or quote text no result holds at all (not checked here)."""
    msgs = _chain()
    assert _flagged(msgs, 'read_file step_2.txt -> "The id to remember is 3791..." and then step_4.txt') == []
    assert _flagged(msgs, 'read_file step_2.txt returned "Read the file step_4.txt" after the id.') == []
    assert _flagged(msgs, 'read_file step_4.txt -> "Write the ids to the answer file" (answer_file.txt).') == []
