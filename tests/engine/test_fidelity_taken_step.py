"""A sentence that names a step the removed range already took states that step, not the
next one (`fidelity._NamesTakenStep`; issue #23, session 19). The agent's next call often
uses the same tool on the same things as the one before it: a line that names the last
call ("called lookup_contact David -> ...", "continue from the result of lookup_contact
David") shares most of the next step's weighted words ("lookup_contact Linda") and was
credited with it, though it says nothing of where the work goes. A sentence that names
the next step itself, or says a step is still to come, is read as before; so is one naming
a step the agent then ran again (nothing tells the two apart)."""

from __future__ import annotations

import pytest

from inspector.engine import fidelity as fid
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session(again: bool = False) -> list[Message]:
    """An assistant looks up two colleagues' addresses, one call per name; the range
    removed ends after the second call, and the third (kept) looks up "Maria" (or, with
    `again`, "Peter" once more)."""
    third = "Peter" if again else "Maria"
    return [
        sys(),
        user("Send Peter Brandt and Maria Lopez the minutes of Monday's review; find their addresses first."),
        asst("Looking the colleagues up.", calls=[("c1", "lookup_contact", '{"name": "Peter Brandt"}')]),
        tool("c1", "ValueError: no contact named 'Peter Brandt'."),
        asst("", calls=[("c2", "lookup_contact", '{"name": "Peter"}')]),
        tool("c2", "- address: peter.olsen@example.org\n  full_name: Peter Olsen"),
        asst("", calls=[("c3", "lookup_contact", f'{{"name": "{third}"}}')]),
        tool("c3", "ValueError: no contact named 'Maria'." if not again else "- address: peter.olsen@example.org"),
        asst("Neither colleague is in the contacts; I will ask the user for the addresses."),
    ]


def _next_step(summary: str, *, rule: bool, again: bool = False) -> float:
    original = _session(again)
    saved, cap = fid.TAKEN_STEP_NOT_NEXT, fid.UNSTATED_NEXT
    fid.TAKEN_STEP_NOT_NEXT = rule
    # (these lines say nowhere where the work stands, which caps the step on its own:
    # `UNSTATED_NEXT`, tests/engine/test_fidelity_unstated_next.py; off, to read this rule alone)
    fid.UNSTATED_NEXT = 1.0
    try:
        fid.forget()
        f = fidelity(original, [original[0], Message.text_message("user", summary), *original[6:]])
    finally:
        fid.TAKEN_STEP_NOT_NEXT, fid.UNSTATED_NEXT = saved, cap
        fid.forget()
    return sum(it.credit for it in f.items if it.kind == "next_step")


# Lines that name the call before the cut, its tool and its argument, and nothing of the next.
@pytest.mark.parametrize("line", [
    "- called lookup_contact Peter, which returned the address of a Peter Olsen",
    "- continue from the result of lookup_contact Peter",
])
def test_a_line_naming_the_step_taken_is_not_the_next_step(line):
    summary = "Task: send Peter Brandt and Maria Lopez the minutes of Monday's review.\n" + line
    assert _next_step(summary, rule=False) >= 0.5  # (what the shared words earned it)
    assert _next_step(summary, rule=True) == 0.0


@pytest.mark.parametrize("summary", [
    # the next step named: its argument is the word the two calls do not share
    "Peter Brandt is not in the contacts (lookup_contact Peter found Peter Olsen, someone else). "
    "Next: lookup_contact Maria.",
    # a step still to come, though it names the tool and the last argument too
    "lookup_contact Peter found someone else; the agent is about to call lookup_contact for Maria.",
])
def test_a_sentence_naming_the_next_step_keeps_it(summary):
    assert _next_step(summary, rule=True) == _next_step(summary, rule=False) > 0.5


def test_a_step_the_agent_runs_again_is_read_as_before():
    """The next call repeats the last one: a line naming it is as much the one as the other."""
    summary = ("Task: send Peter Brandt and Maria Lopez the minutes.\n"
               "- called lookup_contact Peter, which returned the address of a Peter Olsen")
    assert _next_step(summary, rule=True, again=True) == _next_step(summary, rule=False, again=True) > 0.5
