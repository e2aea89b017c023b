"""A summary whose next step is one the removed range already took, after the latest thing
the summary reports, was written before that step (stale): weighed as such
(`fidelity._plan_taken`, `Fidelity.stale_summary`)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

TASK = "Which ferry leaves Port Alder for Skerry Island first on Saturday morning? Answer with its departure time."


def _session() -> list[Message]:
    """A tool-calling research agent: it searches, opens the operator's timetable, reads the
    Saturday departures, checks the harbour notices, then answers (after the cut)."""
    return [
        sys("You are a research agent. Use the tools, then call final_answer."),
        user(TASK),
        asst("Search for the operator first.", [("c1", "web_search", '{"query": "Port Alder Skerry Island ferry"}')]),
        tool("c1", "Tidewright Ferries operates Port Alder - Skerry Island. Timetable: "
                   "https://tidewright.example/timetables/alder-skerry"),
        asst("Open the operator's timetable.",
             [("c2", "visit_webpage", '{"url": "https://tidewright.example/timetables/alder-skerry"}')]),
        tool("c2", "Saturday departures from Port Alder: 06:45 Marrowind, 08:10 Gullstone, 11:30 Marrowind."),
        asst("The first Saturday sailing is the 06:45 Marrowind. Check for harbour notices.",
             [("c3", "visit_webpage", '{"url": "https://tidewright.example/notices"}')]),
        tool("c3", "Notice: no disruptions planned for Saturday sailings."),
        asst("No disruption, so the answer is 06:45.", [("c4", "final_answer", '{"answer": "06:45"}')]),
        tool("c4", "06:45"),
    ]


CUT = 8  # the compaction keeps the system prompt, the summary, and messages 8..

# Written after the search: accurate, but its next step is the timetable visit the range made.
STALE = ("Task: find the first Saturday morning ferry from Port Alder to Skerry Island and answer with its "
         "departure time. Done: web_search found the operator, Tidewright Ferries, and its timetable page "
         "https://tidewright.example/timetables/alder-skerry. Current state: no departures read yet. "
         "Next step: visit_webpage https://tidewright.example/timetables/alder-skerry and read its Saturday "
         "departures, then answer.")
# Written at the cut: the same writer, up to the harbour notices.
FAITHFUL = ("Task: find the first Saturday morning ferry from Port Alder to Skerry Island and answer with its "
            "departure time. Done: web_search found the operator, Tidewright Ferries; visit_webpage on "
            "https://tidewright.example/timetables/alder-skerry listed the Saturday departures 06:45 Marrowind, "
            "08:10 Gullstone and 11:30 Marrowind; the notices page says no disruptions are planned for Saturday. "
            "Next step: call final_answer with 06:45.")
# At the cut too, and it plans to open the timetable again: a step the range took, but before what it reports.
AGAIN = FAITHFUL.replace("Next step: call final_answer with 06:45.",
                         "Next step: visit_webpage https://tidewright.example/timetables/alder-skerry to confirm "
                         "the Saturday list, then call final_answer.")


def _compacted(summary: str) -> list[Message]:
    msgs = _session()
    return [msgs[0], user(summary), *msgs[CUT:]]


def test_a_summary_planning_a_step_the_range_took_after_its_latest_report_is_stale():
    original = _session()
    stale, faithful = fidelity(original, _compacted(STALE)), fidelity(original, _compacted(FAITHFUL))
    assert stale.plan_taken and stale.stale_summary
    assert not faithful.plan_taken and not faithful.stale_summary
    assert faithful.score > stale.score


def test_a_plan_to_take_a_step_again_that_the_summary_reports_past_is_not_stale():
    original = _session()
    again = fidelity(original, _compacted(AGAIN))
    assert not again.plan_taken and not again.stale_summary
