"""A file said written whose sentence describes the code in parentheses (`engine.fidelity_claims.
reads_write`; issue #23, session 18): L23's planted summary said "The agent inserted a new
hstack with a special case (if all args have cols == 0, return ...) ... of
/testbed/sympy/matrices/matrices.py" where the insert went into common.py; the "if" inside the
parentheses read the whole sentence as a condition, and the write was never checked."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _edits() -> list[Message]:
    return [
        sys("You fix bugs with the tools bash and str_replace_editor."),
        user("Fix Matrix.hstack for zero-row matrices in /testbed."),
        asst("", [("c1", "bash", '{"command": "grep -n \\"def hstack\\" -r /testbed/sympy/matrices"}')]),
        tool("c1", "/testbed/sympy/matrices/common.py:364:    def hstack(cls, *args):\n"
                   "/testbed/sympy/matrices/matrices.py:1760:        return self.hstack(*blocks)"),
        asst("", [("c2", "str_replace_editor", '{"command": "insert", "path": "/testbed/sympy/matrices/common.py", '
                                               '"insert_line": 360, "new_str": "    # special case"}')]),
        tool("c2", "The file /testbed/sympy/matrices/common.py has been edited."),
        asst("The insert landed inside another method; I will undo it."),
        user("Go on."),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _edits()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_write_to_another_file_is_flagged_whatever_its_parentheses_say():
    said = ("The agent inserted a special case (if all args have cols == 0, return the summed rows) at line 360 "
            "of /testbed/sympy/matrices/matrices.py.")
    assert _flagged(said) == ["/testbed/sympy/matrices/matrices.py"]


def test_the_file_written_or_a_write_ahead_is_not():
    assert _flagged("The agent inserted a special case (if all args have cols == 0, return the summed rows) at "
                    "line 360 of /testbed/sympy/matrices/common.py.") == []
    assert _flagged("If the tests pass, the agent inserted nothing into /testbed/sympy/matrices/matrices.py.") == []


L23 = judged.load(judged.L23) if any(judged.L23.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L23, reason="the labelled set L23 is not there")
def test_l23s_planted_insert_is_flagged_and_no_other_summary_of_its_session_is():
    for it in L23:
        if not it.session.startswith("gab_swebench_sympy13031"):
            continue
        f = fidelity(it.original(), it.compacted())
        flagged = [x.text for x in f.items if x.status == "contradicted" and x.text.endswith("matrices.py")]
        assert flagged == (["/testbed/sympy/matrices/matrices.py"] if it.variant == "planted_errors" else []), it.variant
