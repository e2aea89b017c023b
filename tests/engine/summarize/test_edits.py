"""The offline summary tells the files an agent changed from those it only read or named.

Blind judges of set L16 marked our extractive summaries misleading: under "Files
touched" they listed files the agent had only opened (and left out absolute paths, so
the one file a Claude Code agent edited was missing). Each framework's way of editing is
a case here; the summaries of real transcripts are checked below.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from inspector.engine.summarize.extractive import build_summary, changed_files
from inspector.sources.registry import open_source

from ...sessions import asst, tool, user

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _changed(name: str, args: dict | str, text: str = "") -> list[str]:
    raw = args if isinstance(args, str) else json.dumps(args)
    return changed_files(asst(text, [("c1", name, raw)]))


@pytest.mark.parametrize(("name", "args", "changed"), [
    # Claude Code
    ("Edit", {"file_path": "/repo/src/app.py", "old_string": "a = other.py", "new_string": "b"}, ["/repo/src/app.py"]),
    ("Write", {"file_path": "/repo/notes.md", "content": "see main.py"}, ["/repo/notes.md"]),
    ("MultiEdit", {"file_path": "src/a.py", "edits": [{"old_string": "x", "new_string": "y"}]}, ["src/a.py"]),
    ("Read", {"file_path": "/repo/src/app.py"}, []),
    ("Grep", {"pattern": "Error", "path": "src/app.py"}, []),
    ("TodoWrite", {"todos": [{"content": "edit src/app.py"}]}, []),
    # SWE-agent's and OpenHands' editor
    ("str_replace_editor", {"command": "create", "path": "/testbed/repro.py", "file_text": "import lib.py"},
     ["/testbed/repro.py"]),
    ("str_replace_editor", {"command": "str_replace", "path": "/testbed/src/x.py", "old_str": "a", "new_str": "b"},
     ["/testbed/src/x.py"]),
    ("str_replace_editor", {"command": "view", "path": "/testbed/src/x.py"}, []),
    # Gemini CLI, Cline
    ("replace", {"file_path": "/tmp/w/blosc/frame.c", "old_string": "a", "new_string": "b"}, ["/tmp/w/blosc/frame.c"]),
    ("write_file", {"file_path": "repro.c", "content": "int main(){}"}, ["repro.c"]),
    ("read_file", {"absolute_path": "/tmp/w/blosc/frame.c"}, []),
    ("write_to_file", {"path": "src/index.ts", "content": "x"}, ["src/index.ts"]),
    # Codex: a patch, as a tool or through the shell
    ("apply_patch", {"input": "*** Begin Patch\n*** Update File: Parser/tokenizer.c\n@@\n-a\n+b\n*** End Patch"},
     ["Parser/tokenizer.c"]),
    ("shell", {"command": ["bash", "-lc", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: docs/new.md\n"
                                          "+hello\n*** End Patch\nEOF"]}, ["docs/new.md"]),
    # a shell that writes, and one that only reads
    ("bash", {"command": "sed -i 's/a/b/' src/app.py && pytest tests/test_app.py"}, ["src/app.py"]),
    ("bash", {"command": "python gen.py > out/data.json 2>&1"}, ["out/data.json"]),
    ("bash", {"command": "cat > repro.py <<'EOF'\nif x > y.py:\n    pass\nEOF\npython repro.py"}, ["repro.py"]),
    ("bash", {"command": "cp setup.cfg backup/setup.cfg"}, ["backup/setup.cfg"]),
    ("bash", {"command": "grep -n 'tok->cur.c' Parser/tokenizer.c | head"}, []),
    ("bash", {"command": "cat src/app.py; ls -la; pytest -q 2>/dev/null"}, []),
])
def test_each_frameworks_edits_are_changes_and_its_reads_are_not(name, args, changed) -> None:
    assert _changed(name, args) == changed


def test_swe_agents_create_command_in_text_is_a_change() -> None:
    m = asst("DISCUSSION\nLet's reproduce it first.\n```\ncreate reproduce_bug.py\n```")
    assert changed_files(m) == ["reproduce_bug.py"]


def _section(text: str, title: str) -> list[str]:
    if f"\n{title}:\n" not in text:
        return []
    lines = text.split(f"\n{title}:\n")[1].splitlines()
    return [ln[2:] for ln in itertools.takewhile(lambda ln: ln.startswith("- "), lines)]


def test_a_summary_lists_a_read_file_apart_from_the_changed_one_and_a_file_once() -> None:
    msgs = [
        user("Fix the crash in src/app/config.py"),
        asst("Reading.", [("c1", "Read", '{"file_path": "/repo/src/app/loader.py"}')]),
        tool("c1", "1: def load(): ...", "Read"),
        asst("Editing config.py.", [("c2", "Edit", '{"file_path": "/repo/src/app/config.py", "old_string": "a",'
                                                   ' "new_string": "b"}')]),
        tool("c2", "The file /repo/src/app/config.py has been updated.", "Edit"),
        asst("Done; next I run the tests."),
    ]
    text = build_summary(msgs, [], 300)
    changed, named = _section(text, "Files changed"), _section(text, "Files read or named")
    assert changed == ["/repo/src/app/config.py"]
    assert "/repo/src/app/loader.py" in named
    # "config.py" the assistant wrote in its text is the changed file: listed once
    assert not any(p.endswith("config.py") for p in named)


def test_an_earlier_summarys_files_touched_are_folded_in_as_read_or_named() -> None:
    earlier = "(extractive summary, generated offline without a model)\nFiles touched:\n- old/module.py"
    text = build_summary([user("go on"), asst("ok")], [earlier], 300)
    assert _section(text, "Files read or named") == ["old/module.py"]


def test_a_viewers_numbered_source_lines_are_no_errors_in_the_summary() -> None:
    """Issue #23's misclassification, in the summarizer: `1466: raise ValueError(msg)`
    shown by a file viewer is code, not an error that occurred."""
    msgs = [
        user("Fix the serialization of TimeDelta"),
        asst("Open it.", [("c1", "bash", '{"cmd": "open src/marshmallow/fields.py 1466"}')]),
        tool("c1", "[File: src/marshmallow/fields.py (1997 lines total)]\n1465:        if x:\n"
                   "1466:            raise ValueError(msg)\n1467:        return x", "bash"),
        asst("Run the tests.", [("c2", "bash", '{"cmd": "pytest -q"}')]),
        tool("c2", "E   AssertionError: 344 != 345\n1 failed", "bash"),
        asst("The rounding is wrong."),
    ]
    errors = _section(build_summary(msgs, [], 300), "Errors seen (newest first)")
    assert errors and all("raise ValueError" not in e for e in errors)
    assert any("AssertionError: 344 != 345" in e for e in errors)


@pytest.mark.parametrize(("fixture", "changed", "read"), [
    ("claude-code/representative_messages.jsonl", ["/tmp/decorator_example.py"], []),
    ("codex/rollout-2025-10-29T01-00-00-marshmallow.jsonl", ["src/marshmallow/fields.py"], []),
])
def test_real_transcripts_list_what_their_agent_changed(fixture, changed, read) -> None:
    session = next(open_source(str(FIXTURES / fixture)).sessions())
    text = build_summary(session.messages[1:], [], 600)
    assert _section(text, "Files changed") == changed
    # the changed file is not listed again under a shorter name ("fields.py")
    assert not any(changed[0].endswith(p) for p in _section(text, "Files read or named"))
