"""Writes the hand-made sessions of other genres that tests/engine/test_fidelity_genres.py
scores compactions of: a Claude Code transcript (tool_use / tool_result blocks, a
system reminder in the first prompt, a TodoWrite list, absolute paths outside any
sandbox root) and the same work as an OpenAI chat function-calling session.

Run `python tests/data/fidelity_genres/make_sessions.py` to write them again.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
CWD = "/Users/dana/code/ledger"
READER = f"{CWD}/src/importer/csv_reader.py"
TSV = f"{CWD}/src/importer/tsv_reader.py"

REMINDER = ("<system-reminder>\nAs you answer the user's questions, you can use the following context:\n"
            "# claudeMd\nCodebase and user instructions are shown below. Be sure to adhere to these instructions.\n"
            "Contents of /Users/dana/code/ledger/CLAUDE.md (project instructions, checked into the codebase):\n"
            "Run the tests with `python -m pytest tests -q`. Keep changes small.\n</system-reminder>")
TASK = ("The CSV importer drops the last row when the file has no trailing newline, so "
        "tests/test_csv_reader.py::test_no_trailing_newline fails. Fix it in src/importer/csv_reader.py.")
FILE = ("     1\u2192import csv\n     2\u2192\n     3\u2192def read_rows(path):\n     4\u2192    with open(path, newline='')"
        " as fh:\n     5\u2192        data = fh.read()\n     6\u2192    lines = data.split('\\n')[:-1]\n     7\u2192    return "
        "[row for row in csv.reader(lines)]\n     8\u2192\n     9\u2192def parse_amount(text):\n    10\u2192    "
        "\"\"\"The amount in cents. ValueError: bad amount, for text that is not a number.\"\"\"\n    11\u2192    raise "
        "ValueError(f'bad amount: {text}')")
FAILED = ("..F                                                                      [100%]\n"
          "=================================== FAILURES ===================================\n"
          "___________________________ test_no_trailing_newline ___________________________\n\n"
          "    def test_no_trailing_newline(tmp_path):\n        p = tmp_path / 'a.csv'\n"
          "        p.write_text('a,1\\nb,2\\nc,3')\n>       assert len(read_rows(p)) == 3\nE       AssertionError: assert 2 == 3\n\n"
          "tests/test_csv_reader.py:14: AssertionError\n=========================== short test summary info "
          "============================\nFAILED tests/test_csv_reader.py::test_no_trailing_newline - AssertionError: "
          "assert 2 == 3\n1 failed, 2 passed in 0.04s")
TODOS = [{"content": "Fix the split in read_rows so the last row is kept", "status": "in_progress",
          "activeForm": "Fixing the split in read_rows"},
         {"content": "Run the reader tests", "status": "pending", "activeForm": "Running the reader tests"},
         {"content": "Check the other importers for the same split", "status": "pending",
          "activeForm": "Checking the other importers"}]

# (role, text blocks or None, tool calls [(id, name, input)], tool result (id, text) or None)
TURNS: list[tuple[str, list[str], list[tuple[str, str, dict]], tuple[str, str] | None]] = [
    ("user", [REMINDER, TASK], [], None),
    ("assistant", ["I'll start by reading the reader module."], [("toolu_01", "Read", {"file_path": READER})], None),
    ("user", [], [], ("toolu_01", FILE)),
    ("assistant", ["Line 6 drops the last element of the split unconditionally: when the file ends without a newline, "
                   "that element is the last row. Let me run the reader tests to confirm."],
     [("toolu_02", "Bash", {"command": "python -m pytest tests/test_csv_reader.py -q",
                            "description": "Run the reader tests"})], None),
    ("user", [], [], ("toolu_02", FAILED)),
    ("assistant", [], [("toolu_03", "TodoWrite", {"todos": TODOS})], None),
    ("user", [], [], ("toolu_03", "Todos have been modified successfully. Ensure that you continue to use the todo list "
                                  "to track your progress. Please proceed with the current tasks if applicable")),
    ("assistant", ["I'll use splitlines(), which keeps a final line that has no newline."],
     [("toolu_04", "Edit", {"file_path": READER, "old_string": "    lines = data.split('\\n')[:-1]",
                            "new_string": "    lines = data.splitlines()"})], None),
    ("user", [], [], ("toolu_04", f"The file {READER} has been updated. Here's the result of running `cat -n` on a "
                                  "snippet of the edited file:\n     5\u2192        data = fh.read()\n     6\u2192    "
                                  "lines = data.splitlines()\n     7\u2192    return [row for row in csv.reader(lines)]")),
    ("assistant", [], [("toolu_05", "Bash", {"command": "python -m pytest tests/test_csv_reader.py -q",
                                             "description": "Run the reader tests again"})], None),
    ("user", [], [], ("toolu_05", "...                                                                      [100%]\n"
                                  "3 passed in 0.03s")),
    ("user", ["Keep the change minimal, and don't rename read_rows: the ledger CLI imports it."], [], None),
    ("assistant", ["Understood, read_rows keeps its name. The three reader tests pass now, so I'll check whether "
                   "the other importers split lines the same way."],
     [("toolu_06", "Grep", {"pattern": "split\\('\\\\n'\\)\\[:-1\\]", "path": f"{CWD}/src/importer",
                            "output_mode": "files_with_matches"})], None),
    ("user", [], [], ("toolu_06", f"Found 1 file\n{TSV}")),
    ("assistant", ["tsv_reader.py drops its last row the same way, on line 3. I'll fix it with splitlines() too."],
     [("toolu_07", "Edit", {"file_path": TSV, "old_string": "data.split('\\n')[:-1]",
                            "new_string": "data.splitlines()"})], None),
    ("user", [], [], ("toolu_07", f"The file {TSV} has been updated. Here's the result of running `cat -n` on a "
                                  "snippet of the edited file:\n     3\u2192    return [l.split('\\t') for l in "
                                  "data.splitlines()]")),
    ("assistant", [], [("toolu_08", "Bash", {"command": "python -m pytest tests -q",
                                             "description": "Run the whole suite"})], None),
    ("user", [], [], ("toolu_08", ".......                                                                  [100%]\n"
                                  "7 passed in 0.06s")),
    ("assistant", ["Both readers now keep a last row that has no trailing newline, and all 7 tests pass."], [], None),
]


def claude_code() -> list[dict]:
    """The turns as Claude Code JSONL records (one per line, parentUuid chained)."""
    out, parent = [], None
    for n, (role, texts, calls, result) in enumerate(TURNS):
        uuid = f"0000000{n:02d}-aaaa-4bbb-8ccc-ddddeeeeffff"
        if result is not None:
            content: list[dict] = [{"tool_use_id": result[0], "type": "tool_result", "content": result[1]}]
        else:
            content = [{"type": "text", "text": t} for t in texts]
            content += [{"type": "tool_use", "id": cid, "name": name, "input": args} for cid, name, args in calls]
        rec: dict = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": CWD,
                     "sessionId": "5f0c1b2a-ledger", "version": "1.0.80", "gitBranch": "main", "type": role,
                     "uuid": uuid, "timestamp": f"2025-09-02T10:{n:02d}:00.000Z"}
        if role == "assistant":
            rec["message"] = {"id": f"msg_{n:02d}", "type": "message", "role": "assistant",
                              "model": "claude-sonnet-4-20250514", "content": content, "stop_reason": None,
                              "usage": {"input_tokens": 10, "output_tokens": 40}}
            rec["requestId"] = f"req_{n:02d}"
        else:
            rec["message"] = {"role": "user", "content": content}
        out.append(rec)
        parent = uuid
    return out


def openai_chat() -> list[dict]:
    """The same turns as an OpenAI chat function-calling message list."""
    out: list[dict] = [{"role": "system", "content": "You are a coding agent working in " + CWD + "."}]
    for role, texts, calls, result in TURNS:
        if result is not None:
            out.append({"role": "tool", "tool_call_id": result[0], "content": result[1]})
            continue
        text = "\n\n".join(t for t in texts if not t.startswith("<system-reminder>"))
        msg: dict = {"role": role, "content": text or None}
        if calls:
            msg["tool_calls"] = [{"id": cid, "type": "function",
                                  "function": {"name": name.lower(), "arguments": json.dumps(args)}}
                                 for cid, name, args in calls]
        out.append(msg)
    return out


def main() -> None:
    """Write both sessions beside this script."""
    (HERE / "claude_code_ledger.jsonl").write_text("".join(json.dumps(r) + "\n" for r in claude_code()), encoding="utf-8")
    (HERE / "openai_chat_ledger.json").write_text(json.dumps(openai_chat(), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
