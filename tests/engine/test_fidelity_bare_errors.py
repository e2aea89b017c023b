"""An error that says only that something failed ("ERROR:", "Exit code 1", "[The command
completed with exit code 1.]") is no item of the errors a compaction keeps (issue #23, session
18): our extractive summary's "Errors seen: - Bash: Exit code 1" earned the errors' whole
credit, which a careful reader does not give it (L10's judges: "noisy 'errors'"), while the
faithful summaries said what failed in their own words. Errors that say what failed are items
as before, kept by a summary that quotes them."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity, tells_what_failed
from tests import judged
from tests.sessions import asst, sys, tool, user


@pytest.mark.parametrize("line", ["error:", "exit code 1", "exit code 127", "[the command completed with exit code 1.]",
                                  "error:\\", "failed with exit status 2", "command failed",
                                  "<system>command failed with exit code: 4.</system>"])
def test_a_bare_error_tells_nothing_that_failed(line):
    assert not tells_what_failed(line)


@pytest.mark.parametrize("line", ["/bin/bash: line 1: sudo: command not found", "error: gift card balance is not enough",
                                  "ls: cannot access 'src/lib': no such file or directory", "sh: 1: pytest: permission denied",
                                  "nameerror: name 'papers' is not defined", "error: patient pt-84201 not found",
                                  "fail entire.io/cli/cmd/entire/cli/integration_test 19.666s"])
def test_an_error_that_names_what_failed_is_an_item(line):
    assert tells_what_failed(line)


def _session() -> list:
    return [
        sys("You are a coding agent with a bash tool."),
        user("Install sleuthkit and list the image's partitions."),
        asst("", [("c1", "bash", '{"command": "sudo apt-get install -y sleuthkit"}')]),
        tool("c1", "/bin/bash: line 1: sudo: command not found\nExit code 1"),
        asst("", [("c2", "bash", '{"command": "apt-get install -y sleuthkit"}')]),
        tool("c2", "Setting up sleuthkit (4.11.1) ...\nDone."),
        asst("", [("c3", "bash", '{"command": "mmls disk.img"}')]),
        tool("c3", "DOS Partition Table\n002:  000:000   0000002048   0000204799   Linux (0x83)"),
    ]


def _errors(summary: str) -> list[tuple[str, float]]:
    msgs = _session()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [(it.text, it.credit) for it in f.items if it.kind == "errors"]


def test_a_summary_quoting_only_the_exit_code_keeps_no_error_and_one_saying_what_failed_keeps_it():
    """The bare "Exit code 1" is no item; "sudo: command not found" is, and a faithful
    summary that says so keeps it in full."""
    bare = _errors("Errors seen: Exit code 1. Then installed sleuthkit.")
    assert [t for t, _ in bare] == ["/bin/bash: line 1: sudo: command not found"] and bare[0][1] == 0.0
    told = _errors("sudo: command not found, so sleuthkit was installed with apt-get as root; mmls is next.")
    assert told == [("/bin/bash: line 1: sudo: command not found", 1.0)]


def _item(path, session: str, variant: str) -> judged.JudgedItem:
    return next(it for it in judged.load(path) if it.session.startswith(session) and it.variant == variant)


@pytest.mark.skipif(not any(judged.L10.glob("items-*.jsonl")) or not any(judged.L8.glob("items-*.jsonl")),
                    reason="the labelled sets L10 and L8 are not there")
def test_our_extractive_summaries_earn_nothing_for_bare_exit_codes():
    """L10 (a merge in a Claude Code session): the extractive summary's "Bash: Exit code 1"
    was the range's one error item, kept in full (errors 1/1), where the faithful summaries
    kept 0/1; judges 0.55 against 0.90. L8 (OpenHands): its "str_replace_editor: ERROR:" and
    "[The command completed with exit code 1.]" were two of its three errors kept; the
    third, `ls: cannot access 'src/lib'`, says what failed and stays kept."""
    it = _item(judged.L10, "entire_96", "inspector")
    f = fidelity(it.original(), it.compacted())
    assert [x.text for x in f.items if x.kind == "errors"] == []
    it = _item(judged.L8, "openhands_ponyc-4593", "inspector")
    f = fidelity(it.original(), it.compacted())
    errors = {x.text: x.status for x in f.items if x.kind == "errors"}
    assert errors == {"ls: cannot access 'src/lib': no such file or directory": "kept"}


@pytest.mark.skipif(not any(judged.L13.glob("items-*.jsonl")), reason="the labelled set L13 is not there")
def test_a_faithful_summary_keeps_the_errors_that_say_what_failed():
    """L13 (a Claude Code coverage fix): the faithful summary quoted the coverage failure and
    the permission error; those stay items it keeps, only the bare exit codes go."""
    it = _item(judged.L13, "cc_coverage-test-fix", "faithful")
    f = fidelity(it.original(), it.compacted())
    errors = {x.text[:40]: x.status for x in f.items if x.kind == "errors"}
    assert "exit code 1" not in errors and "exit code 127" not in errors
    assert errors["sh: 1: pytest: permission denied"] == "kept"
    assert errors["error: coverage failure: total of 50 is "] == "kept"
