"""How a stale summary's first planned step is read (`fidelity._first_clause`,
`fidelity._quotes_taken`): by its own words, not its purpose's; by the code it quotes when
an action of the removed range wrote that code; and a later step to be taken again
("then rerun the script") does not make the first one a repeat. A summary whose first
step the range took after the latest thing it reports is stale (`Fidelity.stale_summary`)."""

from __future__ import annotations

import pytest

from inspector.engine import fidelity as fidelity_module
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

TASK = "stats.py crashes on an empty input file; make it print 0 instead and keep the other outputs."


def _shell() -> list[Message]:
    """A shell agent: it runs the script, reads the failing line, fixes it with sed, runs it
    again (the cut), then runs the test suite."""
    return [
        sys("You are a coding agent with a bash tool."),
        user(TASK),
        asst("Reproduce the crash first.", [("c1", "bash", '{"command": "python stats.py empty.csv"}')]),
        tool("c1", 'Traceback (most recent call last):\n  File "stats.py", line 12, in mean\n'
                   "    return total / count\nZeroDivisionError: division by zero"),
        asst("Line 12 divides by the row count; guard it.",
             [("c2", "bash", '{"command": "sed -i \'12s|return total / count|return total / max(count, 1)|\' stats.py"}')]),
        tool("c2", ""),
        asst("Run it again on the empty file.", [("c3", "bash", '{"command": "python stats.py empty.csv"}')]),
        tool("c3", "mean: 0"),
        asst("Now the suite.", [("c4", "bash", '{"command": "pytest -q tests/test_stats.py"}')]),
        tool("c4", "7 passed in 0.41s"),
    ]


CUT = 8  # the compaction keeps the system prompt, the summary, and messages 8..

# Written after the traceback: its first step is the sed the range ran, quoted as the code it wrote.
STALE_EDIT = ("Task: stats.py crashes on an empty input file (ZeroDivisionError: division by zero at line 12, "
              "`return total / count` in mean); it should print 0 instead. "
              "Next: change line 12 to `return total / max(count, 1)`, then rerun the script on empty.csv.")
# Written at the cut: the same writer, the fix applied and checked.
FAITHFUL_EDIT = ("Task: stats.py crashes on an empty input file (ZeroDivisionError: division by zero at line 12); "
                 "it should print 0 instead. Line 12 now reads `return total / max(count, 1)` (sed), and "
                 "`python stats.py empty.csv` prints mean: 0. Next: run pytest -q tests/test_stats.py.")

TIMETABLE = "https://tidewright.example/archive/2023-01-30"


def _browser() -> list[Message]:
    """A browsing agent: it searches, opens an archived timetable, counts, then answers."""
    return [
        sys("You are a research agent. Use the tools, then call final_answer."),
        user("How many Tidewright ferries left Port Alder before noon on 30 January 2023?"),
        asst("Search for the archive.", [("c1", "web_search", '{"query": "Tidewright ferries archive 2023"}')]),
        tool("c1", f"Tidewright timetable archive: {TIMETABLE}"),
        asst("Open the archived timetable.", [("c2", "visit_webpage", f'{{"url": "{TIMETABLE}"}}')]),
        tool("c2", "Port Alder departures 30 Jan 2023: 06:45 Marrowind, 08:10 Gullstone, 13:30 Marrowind."),
        asst("Two departures before noon.", [("c3", "final_answer", '{"answer": "2"}')]),
        tool("c3", "2"),
    ]


# Written after the search: its first step, the visit the range made, comes with its purpose.
STALE_VISIT = ("Task: count the Tidewright ferries leaving Port Alder before noon on 30 January 2023. "
               f"web_search found the timetable archive. Next step: visit_webpage {TIMETABLE} to find the full "
               "list of winter departures and count those before noon.")


def _compacted(session: list[Message], summary: str, cut: int) -> list[Message]:
    return [session[0], user(summary), *session[cut:]]


def test_a_first_step_quoting_the_code_an_action_wrote_is_that_action():
    original = _shell()
    stale = fidelity(original, _compacted(original, STALE_EDIT, CUT))
    faithful = fidelity(original, _compacted(original, FAITHFUL_EDIT, CUT))
    assert stale.plan_taken and stale.stale_summary
    assert not faithful.plan_taken and not faithful.stale_summary
    assert faithful.score > stale.score


@pytest.mark.parametrize("switch", ["QUOTED_FIRST_STEP", "AGAIN_OF_FIRST_STEP"])
def test_without_either_reading_the_quoted_first_step_is_missed(monkeypatch: pytest.MonkeyPatch, switch: str):
    # (the quote alone is not enough while "then rerun" marks the whole plan as a repeat)
    monkeypatch.setattr(fidelity_module, switch, False)
    original = _shell()
    assert not fidelity(original, _compacted(original, STALE_EDIT, CUT)).plan_taken


def test_a_first_step_is_read_without_its_purpose(monkeypatch: pytest.MonkeyPatch):
    original = _browser()
    compacted = _compacted(original, STALE_VISIT, 6)
    assert fidelity(original, compacted).stale_summary
    monkeypatch.setattr(fidelity_module, "STEP_WITHOUT_PURPOSE", False)
    assert not fidelity(original, compacted).plan_taken
