"""Values a faithful summary states in its own way are not made up (found on session 6's
blind sets L12 and L13, where each such flag cost a faithful summary about half its
score): a count it makes of what the original shows one by one, a version without its
"v", a number the original writes with a unit glued to it. A different value stays
flagged."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Make the coverage check pass and tell me which tool versions you used."),
        asst("Installing the coverage tool.", [("c1", "bash", '{"cmd": "cargo install cargo-llvm-cov"}')]),
        tool("c1", "Ignored package `cargo-llvm-cov v0.6.23` is already installed, use --force to override"),
        asst("Reading the chart code.", [("c2", "bash", '{"cmd": "sed -n \'320,440p\' web/src/team.tsx"}')]),
        tool("c2", "<YAxis type=\"category\" dataKey=\"name\" width={95} fontSize={12} />"),
        asst("Running the tests.", [("c3", "bash", '{"cmd": "cargo test"}')]),
        tool("c3", "test a ... ok\ntest b ... ok\ntest c ... ok\ntest d ... ok\ntest result: ok"),
        asst("Trying the first size.", [("c4", "click", '{"target": "size small"}')]),
        tool("c4", "Invalid action!"),
        asst("Trying the second size.", [("c5", "click", '{"target": "size medium"}')]),
        tool("c5", "Invalid action!"),
        asst("The checks pass now."),
        user("Good, now widen the axis."),
        asst("Widening it."),
    ]


def _flags(summary: str) -> list[tuple[str, str]]:
    messages = _session()
    compacted = [messages[0], Message.text_message("user", summary), *messages[-2:]]
    f = fidelity(messages, compacted)
    return [(it.text, it.status) for it in f.items if it.status in ("unsupported", "contradicted")]


BASE = ("The user wants the coverage check to pass and the tool versions named. cargo-llvm-cov is "
        "installed; the chart's axis (web/src/team.tsx) has width={95}. The tests pass. ")


def test_a_count_the_summary_makes_is_no_made_up_value():
    assert _flags(BASE + "All 4 tests pass; 2 of the 14 clicks allowed were spent on sizes, both invalid.") == []


def test_a_version_without_its_v_is_the_same_version():
    assert _flags(BASE + "cargo-llvm-cov 0.6.23 was already installed.") == []
    assert _flags(BASE + "cargo-llvm-cov 0.6.24 was already installed.") != []


def test_a_number_the_original_glues_a_unit_to_is_stated():
    assert _flags(BASE + "It read lines 320-440 of web/src/team.tsx.") == []
    assert _flags(BASE + "It read lines 320-470 of web/src/team.tsx.") != []


def test_a_large_number_or_an_id_is_still_checked_when_it_counts_things():
    # (a count of 100 or more, or a number not followed by what it counts, is a value)
    assert _flags(BASE + "All 412 tests pass.") != []
