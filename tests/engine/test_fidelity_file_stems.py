"""A file named without its extension is that file when its name is one no word of prose
is (`fidelity._named_stem`): "steps_2 said remember 9034" names steps_2.txt. A plain word is not
read so ("the notes" for notes.txt), nor the name with another extension (steps_2.py)."""

from __future__ import annotations

import json

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session() -> list[Message]:
    return [
        sys(),
        user("Follow the chain of files starting at steps_1.txt and write what they say to report.md."),
        asst("Reading the first file.", calls=[("c1", "read_file", json.dumps({"path": "steps_1.txt"}))]),
        tool("c1", "Remember 4471. Then read steps_2.txt."),
        asst("Reading the next file.", calls=[("c2", "read_file", json.dumps({"path": "steps_2.txt"}))]),
        tool("c2", "Remember 9034. Then read notes.txt."),
        asst("Reading the notes.", calls=[("c4", "read_file", json.dumps({"path": "notes.txt"}))]),
        tool("c4", "Write both numbers to report.md."),
        asst("Writing the report.", calls=[("c3", "write_file", json.dumps({"path": "report.md", "content": "4471 9034"}))]),
        tool("c3", "Wrote report.md"),
    ]


def _files(summary: str) -> dict[str, str]:
    original = _session()
    f = fidelity(original, [original[0], Message.text_message("user", summary), *original[8:]])
    return {it.text: it.status for it in f.items if it.kind == "files"}


def test_a_distinctive_name_without_its_extension_names_the_file():
    files = _files("The chain: steps_1 said remember 4471, steps_2 said remember 9034 and to write both down.")
    assert files["steps_1.txt"] == "kept"
    assert files["steps_2.txt"] == "kept"


@pytest.mark.parametrize(("summary", "path"), [
    # a plain word: not read as the file
    ("The chain said remember 4471 and 9034; the notes say to write both down.", "notes.txt"),
    # the name with another extension is another file
    ("steps_1.py said remember 4471; steps_2.py said remember 9034.", "steps_1.txt"),
    # inside a longer name
    ("old_steps_1 said remember 4471.", "steps_1.txt"),
])
def test_a_plain_word_or_another_file_is_not_the_file(summary, path):
    assert _files(summary)[path] == "missing"
