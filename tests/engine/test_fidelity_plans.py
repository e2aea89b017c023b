"""A summary's plan is read for the next step the agent took (`fidelity._planned_next`): a
sentence that opens on what is ahead ("Next: ...") is a plan though it reads as a list (a
short summary's plan is dense), and what the agent did next is its FIRST step, not the
steps it lists after it ("..., then report")."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _next_step(labelled, session: str, variant: str):
    item = next(it for it in judged.load(labelled) if it.session.startswith(session) and it.variant == variant)
    f = fidelity(item.original(), item.compacted())
    return next(it for it in f.items if it.kind == "next_step")


@pytest.mark.parametrize(("labelled", "session", "variant", "plan"), [
    # L10 (Claude Code): a plan of three steps written as a list (2 function words of 11);
    # the agent greps for the markers next
    (judged.L10, "entire_96_6462b9a8e7", "faithful_short", "Next: grep for leftover conflict markers"),
    # L6 (a Claude Code sub-agent): the agent reads test_helper.exs next; "then report" is later
    (judged.L6, "spotter_subagent_a7be2f0", "faithful_short", "Next: check test_helper.exs, then report."),
    # L4 (SWE-agent, a CTF): the agent runs the tshark command next; reading the login and
    # submitting come after
    (judged.BLIND, "ctf_misc_networking_1", "faithful_short", 'Next: `tshark -r networking.pcap -Y "telnet"'),
    # L21 (PaperBench): the agent writes the Table 1 runner next; the sweeps and plots come after
    (judged.L21, "paperbench_rice_gpt41", "faithful", "Next: table1_runner.py in rice/experiments"),
])
def test_the_first_step_of_a_dense_plan_is_the_next_step(labelled, session, variant, plan):
    step = _next_step(labelled, session, variant)
    assert step.status == "kept"
    assert step.evidence.startswith(plan)


def _session() -> list[Message]:
    return [
        sys(),
        user("Fix the failing date parser in dates.py."),
        asst("Reading the parser.", calls=[("c1", "read_file", '{"path": "dates.py"}')]),
        tool("c1", "def parse(text):\n    return datetime.strptime(text, '%Y-%m-%d')"),
        asst("The format lacks the time part; I will widen it.",
             calls=[("c2", "edit", '{"path": "dates.py", "old": "%Y-%m-%d", "new": "%Y-%m-%dT%H:%M"}')]),
        tool("c2", "Edited dates.py"),
        asst("Running the date tests now to confirm the fix.",
             calls=[("c3", "bash", '{"cmd": "pytest tests/test_dates.py"}')]),
        tool("c3", "3 passed"),
    ]


def _step(summary: str):
    original = _session()
    f = fidelity(original, [original[0], Message.text_message("user", summary), *original[6:]])
    return next(it for it in f.items if it.kind == "next_step")


def test_a_first_step_the_agent_then_took_is_kept():
    step = _step("dates.py's strptime format now reads '%Y-%m-%dT%H:%M'. "
                 "Next: run tests/test_dates.py with pytest, update the changelog, commit, then report to the user.")
    assert step.status == "kept"


@pytest.mark.parametrize("summary", [
    # the step the agent took comes later in the plan: its first step is something else
    "dates.py's strptime format now reads '%Y-%m-%dT%H:%M'. "
    "Next: update the changelog, commit, rewrite the README examples, then run tests/test_dates.py with pytest.",
    # no plan: the same steps as a statement of what was done
    "dates.py's strptime format now reads '%Y-%m-%dT%H:%M'; the changelog, the commit and the README wait.",
])
def test_a_plan_whose_first_step_the_agent_did_not_take_is_not_kept(summary):
    assert _step(summary).status == "missing"
