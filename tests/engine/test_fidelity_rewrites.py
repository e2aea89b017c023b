"""A file said rewritten (written again after a first write or version) that the range's
calls wrote once (issue #23, session 19): the careful reader counts the writing calls
naming it. A rewrite planned or denied states none; a file a call other than a read or a
write names (a shell command) may have been written by it, and is not read. Made-up
sessions (`engine.fidelity_claims.rewrite_claims`)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _flagged(f) -> list:
    return [it for it in f.items if it.status in ("unsupported", "contradicted")]


def _writer() -> list[Message]:
    return [
        sys("You are a data agent. Use the tools."),
        user("Write out/summary.json and out/table.json from data.csv, valid JSON."),
        asst("Reading.", [("c1", "read_file", '{"file_path": "data.csv"}')]),
        tool("c1", "city,temp\nOslo,4\nRome,19\n"),
        asst("Writing both.", [("c2", "write_file", '{"file_path": "out/table.json", "content": "[{\\"city\\": \\"Oslo\\"]"}'),
                               ("c3", "write_file", '{"file_path": "out/summary.json", "content": "{\\"cities\\": 2}"}')]),
        tool("c2", "written"),
        tool("c3", "written"),
        asst("Checking.", [("c4", "read_file", '{"file_path": "out/table.json"}')]),
        tool("c4", '[{"city": "Oslo"]'),
        asst("The table is broken; writing it again.",
             [("c5", "write_file", '{"file_path": "out/table.json", "content": "[{\\"city\\": \\"Oslo\\"}]"}')]),
        tool("c5", "written"),
        asst("Notes.", [("c6", "write_file", '{"file_path": "out/notes.md", "content": "Oslo 4"}')]),
        tool("c6", "written"),
        asst("Fixing the notes.", [("c7", "bash", '{"command": "sed -i s/Oslo/Bergen/ out/notes.md"}')]),
        tool("c7", ""),
        user("Good. Now add the temperatures to the summary."),
    ]


REWROTE = "- out/{}: the first write was invalid JSON (a bracket missing); the agent rewrote it, now valid."


def _measure_writer(summary: str):
    msgs = _writer()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


def test_a_file_said_rewritten_that_the_range_wrote_once_is_contradicted():
    right = _measure_writer(REWROTE.format("table.json"))
    assert _flagged(right) == []
    wrong = _measure_writer(REWROTE.format("summary.json"))
    item = next((it for it in wrong.items if it.status == "contradicted" and it.text == "out/summary.json"), None)
    assert item is not None and "written once" in item.contradicts
    assert wrong.score < right.score


def test_a_rewrite_planned_denied_or_of_a_file_a_shell_command_names_is_not_read():
    assert _flagged(_measure_writer("- Next: out/summary.json is to be rewritten after a first write review.")) == []
    assert _flagged(_measure_writer("- out/summary.json was not rewritten after the first write.")) == []
    # a file a shell command names may have been written by it: the count is unknown
    assert _flagged(_measure_writer("- out/notes.md: the first version named Oslo; the agent rewrote it.")) == []
