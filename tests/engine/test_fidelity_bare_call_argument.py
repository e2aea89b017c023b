"""A call a summary lists as "tool file -> result" (no parentheses) with a file the
session had not called that tool with by the range's end (`engine.fidelity_claims.
call_claims`, `_FILE_ARGUMENT`; issue #23, session 20). A numbered list of calls is
often written so ("4. read_file step_4.txt -> ..."); a careful reader checks each line
against the calls. L28's planted summaries listed a read of a file made only after the
cut, and scored as the faithful ones did. A file named so without its result (an
example from the instructions, a plan) states no call made."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _chain() -> list[Message]:
    return [
        sys("Use read_file and write_file. Example: read_file notes.md shows a file."),
        user("Follow the chain that starts in step_1.txt and write the codes to codes.txt."),
        asst("", [("c1", "read_file", '{"filename": "step_1.txt"}')]),
        tool("c1", "The code is 4821. Read the file step_2.txt."),
        asst("", [("c2", "read_file", '{"filename": "step_2.txt"}')]),
        tool("c2", "The code is 7730. Read the file step_3.txt."),
        asst("I have two codes; the next file is step_3.txt."),
        user("Go on."),
        asst("", [("c3", "read_file", '{"filename": "step_3.txt"}')]),
        tool("c3", "Write the codes to codes.txt."),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _chain()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[7:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_listed_call_with_a_file_not_yet_read_is_contradicted():
    said = ("Calls so far:\n1. read_file step_1.txt -> \"The code is 4821.\"\n"
            "2. read_file step_2.txt -> \"The code is 7730.\"\n"
            "3. read_file step_3.txt -> \"Write the codes to codes.txt.\"")
    assert any("read_file step_3.txt" in t for t in _flagged(said))


def test_the_calls_made_a_file_named_without_a_result_or_ahead_are_not():
    assert _flagged("Calls so far:\n1. read_file step_1.txt -> \"The code is 4821.\"\n"
                    "2. read_file step_2.txt -> \"The code is 7730.\"") == []
    assert _flagged("The instructions show read_file notes.md as an example.") == []
    assert _flagged("Next: read_file step_3.txt, then write_file codes.txt with 4821 and 7730.") == []
