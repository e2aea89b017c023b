"""A call is stated by its tool and its target, not its payload (`content.call_step`): the
step after the cut that writes a whole file is "the agent writes report.json", and a
summary saying so states the next step; no summary restates the file's text."""

from __future__ import annotations

import json

import pytest

from inspector.engine.content import call_step
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message, ToolCall
from tests.sessions import asst, sys, tool, user

_REPORT = "\n".join(f"## Finding {k}\nThe sampled batch {k} shows drift in the sensor calibration table." for k in range(8))


def _session() -> list[Message]:
    return [
        sys(),
        user("Audit the sensor logs in logs/ and write the findings to out/audit_report.md."),
        asst("Listing the logs.", calls=[("c1", "bash", '{"command": "ls logs/"}')]),
        tool("c1", "north.log\nsouth.log"),
        asst("Reading the north log.", calls=[("c2", "read_file", '{"path": "logs/north.log"}')]),
        tool("c2", "calibration offset 0.31 at batch 4\ncalibration offset 0.29 at batch 6"),
        asst("Reading the south log.", calls=[("c3", "read_file", '{"path": "logs/south.log"}')]),
        tool("c3", "calibration offset 0.44 at batch 2"),
        # after the cut: the agent writes the report, no words of its own
        asst("", calls=[("c4", "write_file", json.dumps({"path": "out/audit_report.md", "content": _REPORT}))]),
        tool("c4", "Wrote out/audit_report.md"),
    ]


def _next_step(summary: str):
    original = _session()
    f = fidelity(original, [original[0], Message.text_message("user", summary), *original[8:]])
    return next(it for it in f.items if it.kind == "next_step")


def test_a_write_is_stated_by_its_file():
    step = _next_step("Both logs read: north shows calibration offsets 0.31 and 0.29, south 0.44. "
                      "Next: write the findings into out/audit_report.md.")
    assert step.text == "write_file out/audit_report.md"
    assert step.status == "kept"


@pytest.mark.parametrize("summary", [
    # another step than the one the agent took
    "Both logs read: north shows calibration offsets 0.31 and 0.29, south 0.44. Next: ask the user which batch matters.",
    # no step at all
    "Both logs read: north shows calibration offsets 0.31 and 0.29, south 0.44.",
])
def test_another_step_or_none_is_not_the_write(summary):
    assert _next_step(summary).status == "missing"


def test_a_call_with_one_argument_is_that_argument():
    long = "find . -name '*.log' -newer logs/north.log -exec grep -H 'calibration offset' {} + | sort -k3 -n | head -40"
    assert call_step(ToolCall(id="c", name="bash", arguments_raw=json.dumps({"command": long}))) == f"bash {long}"[:200]
    edit = {"path": "src/a.py", "old_str": "x = 1", "new_str": "x = 2\ny = 3"}
    assert call_step(ToolCall(id="c", name="edit", arguments_raw=json.dumps(edit))) == "edit src/a.py x = 1"
