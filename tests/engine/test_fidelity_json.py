"""A JSON file a summary calls valid whose last write in the range does not parse (issue
#23, session 19): the original holds the exact content of each write, and JSON parses or
does not. A file called invalid, one whose last write parses (or parses once its comments
and trailing commas are taken out), one an edit changed after, is not flagged. Made-up
sessions (`engine.fidelity_json`)."""

from __future__ import annotations

import json

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _flagged(f) -> list:
    return [it for it in f.items if it.status in ("unsupported", "contradicted")]


def _write(cid: str, path: str, content: str) -> tuple[str, str, str]:
    return (cid, "write_file", json.dumps({"file_path": path, "content": content}))


def _session() -> list[Message]:
    return [
        sys("You are a data agent. Use the tools."),
        user("Write out/meta.json, out/stats.json and out/tsconfig.json, each valid."),
        asst("Writing.", [_write("c1", "out/meta.json", '{"title": "Rain\nfall", "year": 2024}')]),
        tool("c1", "written"),
        asst("Writing stats.", [_write("c2", "out/stats.json", '{"mean": 4.2,}')]),
        tool("c2", "written"),
        asst("Fixing stats.", [_write("c3", "out/stats.json", '{"mean": 4.2}')]),
        tool("c3", "written"),
        asst("Config.", [_write("c4", "out/tsconfig.json", '{\n  // strict mode\n  "strict": true,\n}')]),
        tool("c4", "written"),
        user("Thanks. Now plot the rainfall."),
    ]


def _measure(summary: str):
    msgs = _session()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


def test_a_json_file_called_valid_whose_last_write_does_not_parse_is_contradicted():
    right = _measure("- out/meta.json: written once; it is still broken (a raw line break in the title).")
    assert _flagged(right) == []
    wrong = _measure("- out/meta.json: written once and read back; it is valid.")
    item = next((it for it in wrong.items if it.status == "contradicted" and it.text == "meta.json"), None)
    assert item is not None and "not valid JSON" in item.contradicts
    assert wrong.score < right.score


def test_a_file_whose_last_write_parses_or_is_jsonc_or_said_invalid_is_not_flagged():
    # the first write of stats.json did not parse, the last one does
    assert _flagged(_measure("- out/stats.json: the second write is valid.")) == []
    # comments and a trailing comma: JSON with comments, valid for its reader
    assert _flagged(_measure("- out/tsconfig.json: written, valid.")) == []
    # planned, or the file named after "valid": not a claim about it
    assert _flagged(_measure("- Next: make out/meta.json valid.")) == []
    assert _flagged(_measure("- All valid except what out/meta.json holds.")) == []
