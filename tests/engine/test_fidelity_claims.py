"""What a summary states that the original does not support (issue #23, fifth pass):
a false claim costs only when it is clearly made up, and what it costs is bounded.
Each case on a small made-up session of a function-calling agent."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

TASK = "The report job crashes on an empty ledger. Find the cause in the billing package and fix it."


def _session() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user(TASK),
        asst("Let me see the environment first.", [("c1", "bash", '{"command": "pip show billing"}')]),
        tool("c1", "Name: billing\nVersion: 2.4.1\nLocation: /opt/conda/envs/work/lib/python3.9/site-packages"),
        asst("Now the report module.", [("c2", "read_file", '{"path": "/srv/app/billing/report.py"}')]),
        tool("c2", "1 def total(rows):\n2     return rows[0].amount + sum(r.amount for r in rows[1:])\n"
                   "3 # the amount column, 1671 rows in the sample ledger"),
        asst("Reading the directory as a file fails, so list it.",
             [("c3", "read_file", '{"path": "/srv/app/billing"}')]),
        tool("c3", "EISDIR: illegal operation on a directory, read"),
        asst("", [("c4", "bash", '{"command": "ls -la /srv/app/billing"}')]),
        tool("c4", "report.py\nledger.py\nconn_case.py\nlive_view.py"),
        asst("The crash is rows[0] on an empty list. I will guard it.",
             [("c5", "bash", '{"command": "python -m pytest tests/test_report.py -q"}')]),
        tool("c5", "1 failed: IndexError: list index out of range"),
        asst("Guarding the empty case now.", [("c6", "edit", '{"path": "/srv/app/billing/report.py"}')]),
        tool("c6", "File updated."),
    ]


def _unsupported(summary: str) -> list[str]:
    msgs = _session()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[12:]])
    # (a near miss of what the original has is "contradicted": false all the same)
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


GOOD = ("The report job crashes on an empty ledger: `total` in /srv/app/billing/report.py reads rows[0]. "
        "`python -m pytest tests/test_report.py -q` failed with IndexError: list index out of range. ")


def test_a_directory_the_session_shows_paths_in_is_not_made_up():
    assert _unsupported(GOOD + "billing 2.4.1 is installed in /opt/conda/envs/work.") == []
    assert _unsupported(GOOD + "The package lives in /srv/app/billing.") == []
    # a directory the session never shows anything in is
    assert _unsupported(GOOD + "billing 2.4.1 is installed in /opt/conda/envs/prod.") == ["/opt/conda/envs/prod"]


def test_a_slash_joined_list_of_names_is_not_a_path_but_a_made_up_file_is():
    assert _unsupported(GOOD + "The package holds the conn_case/live_view/ledger modules.") == []
    assert _unsupported(GOOD + "Both pre-/post-report.py hooks are untouched.") == []
    assert _unsupported(GOOD + "The bug is in billing/summary.py.") == ["billing/summary.py"]


def test_a_code_line_the_session_shows_quoted_beside_a_run_is_no_made_up_command():
    said = GOOD + "Line 2 is `return rows[0].amount + sum(r.amount for r in rows[1:])` and was run by the job."
    assert _unsupported(said) == []
    assert _unsupported(GOOD + "Then `python -m pytest tests/test_ledger.py` was run and passed.") == [
        "tests/test_ledger.py", "python -m pytest tests/test_ledger.py"]


def test_a_failure_is_of_the_steps_quoted_in_its_own_clause():
    assert _unsupported(GOOD + "Reading the directory as a file failed (`EISDIR: illegal operation`); "
                               "`ls -la /srv/app/billing` then listed the four modules.") == []
    assert _unsupported(GOOD + "`ls -la /srv/app/billing` failed, so the modules are unknown.") == [
        "ls -la /srv/app/billing"]


def test_a_number_with_thousands_separators_is_that_number():
    assert _unsupported(GOOD + "The sample ledger has 1,671 rows.") == []
    assert _unsupported(GOOD + "The sample ledger has 1,672 rows.") == ["1672"]


def _later_session() -> list[Message]:
    """The session going on after the range a summary replaces (messages 12 on): the
    full test suite runs only then."""
    return [*_session(), asst("Now the whole suite.", [("c7", "bash", '{"command": "python -m pytest tests -q"}')]),
            tool("c7", "12 passed")]


def _measure(summary: str, msgs: list[Message] | None = None):
    msgs = msgs or _later_session()
    return fidelity(msgs, [msgs[0], user(summary), *msgs[12:]])


def test_a_step_said_to_have_run_that_runs_only_after_the_summarized_range_is_unsupported():
    said_ran = _measure(GOOD + "Then `python -m pytest tests -q` ran: 12 passed.")
    assert [it.text for it in said_ran.items if it.status == "unsupported"] == ["python -m pytest tests -q"]
    # terse, not prose, still a claim
    terse = _measure(GOOD + "Ran `python -m pytest tests -q`: OK.")
    assert [it.text for it in terse.items if it.status == "unsupported"] == ["python -m pytest tests -q"]
    # the same step as what comes next is right
    planned = _measure(GOOD + "Next: guard the empty case, then run `python -m pytest tests -q`.")
    assert [it.text for it in planned.items if it.status == "unsupported"] == []


def test_a_plan_to_take_a_step_the_range_already_took_is_stale():
    done = _measure("The report job crashes on an empty ledger. `python -m pytest tests/test_report.py -q` "
                    "failed with IndexError: list index out of range, so the next step is guarding the empty case.")
    stale = _measure("The report job crashes on an empty ledger; `total` reads rows[0]. Next: run "
                     "`python -m pytest tests/test_report.py -q` to see how it fails, then guard the empty case.")
    assert done.kinds["last_step"].credit > stale.kinds["last_step"].credit
    assert done.kinds["next_step"].credit > stale.kinds["next_step"].credit
    assert done.score > stale.score
    # a plan to take it again is no stale plan
    again = _measure("The report job crashes on an empty ledger; `total` reads rows[0]. Next: guard the empty "
                     "case and run `python -m pytest tests/test_report.py -q` again.")
    assert again.kinds["last_step"].credit > stale.kinds["last_step"].credit


def test_the_cost_of_false_statements_is_bounded():
    one = _measure(GOOD + "The bug is in billing/summary.py.")
    three = _measure(GOOD + "The bug is in billing/summary.py. The ledger has 1,672 rows. "
                            "The fix goes to billing/totals.py.")
    right = _measure(GOOD)
    assert one.false_statements == 1 and three.false_statements == 3
    assert three.score < right.score and one.score < right.score
    # each costs, but a few the measure calls false leave the summary half its worth at least
    assert three.score >= 0.5 * right.score * 0.8 > 0


def test_a_file_name_the_session_shows_in_a_listing_or_a_url_is_not_made_up():
    """(sixth pass) A listing of bare names (`ls`) and a URL's last part show files:
    a summary naming one of them, in the directory listed, names a file the session
    has seen; a name it never shows is made up."""
    msgs = _session()
    msgs[1] = user(TASK + " The sample ledger is at https://example.org/data/ledger_2024.csv.")

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[12:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported(GOOD + "billing/ledger.py and billing/live_view.py are untouched.") == []
    assert unsupported(GOOD + "The sample is ledger_2024.csv.") == []
    assert unsupported(GOOD + "billing/invoice.py is untouched.") == ["billing/invoice.py"]
    assert unsupported(GOOD + "The sample is ledger_2025.csv.") == ["ledger_2025.csv"]


def test_a_url_of_a_place_the_session_never_shows_is_made_up():
    """(sixth pass) A link is an artifact like a path: the original's URL, a shorter
    one it begins with, or another file of the same directory is supported; a wrong
    branch or repository in it is not; a URL cut short ("…") states none."""
    msgs = _session()
    msgs[1] = user(TASK + " The sample ledger: https://raw.example.org/acme/books/master/data/ledger.csv?raw=1")

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[12:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported(GOOD + "The sample is https://raw.example.org/acme/books/master/data/ledger.csv.") == []
    assert unsupported(GOOD + "The data lives under https://raw.example.org/acme/books.") == []
    assert unsupported(GOOD + "The ledger is read from https://raw.example.org/acme/books/master/data/ledger.json.") == []
    assert unsupported(GOOD + "The sample is https://raw.example.org/acme/books/main/data/ledger.csv.") == [
        "raw.example.org/acme/books/main/data/ledger.csv"]
    assert unsupported(GOOD + "See https://raw.example.org/acme/bo\u2026 for the ledger.") == []


def test_a_one_word_command_said_to_have_built_before_it_ran_is_unsupported():
    """(sixth pass) `make` is one word, yet a command when the session runs commands
    that begin with it; "built with `make`" of a range where nothing was built is a
    step said to have run that had not (the session builds only later). A plan to
    build, and a one-word name the session never runs, are no such claim."""
    msgs = [*_session(), asst("Now build it.", [("c7", "bash", '{"command": "make clean && make"}')]),
            tool("c7", "make: *** [Makefile:12: build] Error 1")]

    def unsupported(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[12:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert unsupported(GOOD + "The agent built the package with `make` and ran the report on it.") == ["make"]
    assert unsupported(GOOD + "Next: build the package with `make` and rerun the tests.") == []
    assert unsupported(GOOD + "The agent ran `total` on the sample ledger and it printed the sum.") == []


def test_a_path_cut_short_by_an_ellipsis_names_no_path_but_a_whole_made_up_one_does():
    """A quote cut before its start (".../issues/12345", "src/.../x.py") states no exact
    path: the reader sees it was cut (session 5: a faithful summary's placeholder URL)."""
    assert _unsupported(GOOD + "Its comment cites a placeholder URL .../issues/12345 for the bug.") == []
    assert _unsupported(GOOD + "The same guard is wanted in billing/.../export_job.py later.") == []
    assert _unsupported(GOOD + "Its comment cites /srv/app/billing/issues.py for the bug.") == [
        "/srv/app/billing/issues.py"]


def test_a_plan_whose_example_is_a_command_states_no_step_that_ran():
    """A step still to take has not run: no "never ran" claim, and "(e.g. `x`)" goes on
    with its sentence, so the plan's "Next" covers the example (session 5: "Next: revert
    it (e.g. `git checkout f`), re-run the tests, then submit" was read as two sentences,
    the second saying a step ran that never did)."""
    assert _unsupported(GOOD + "Next: upgrade the package (e.g. `pip install billing==2.4.1 --upgrade`), "
                               "re-run the tests, then submit.") == []
    assert _unsupported(GOOD + "I will reinstall it (e.g. `pip install -e /srv/app/billing`) and re-run the tests.") == []
    # said to have run, and it never did: a false claim still
    assert _unsupported(GOOD + "Then `pip install billing==2.4.1 --upgrade` was run.") == [
        "pip install billing==2.4.1 --upgrade"]


def test_a_test_count_the_range_never_showed_is_a_false_claim():
    """"11 passed, 1 failed" for a run that showed 12 passed: a run reported other than it
    went (session 5: a planted error of L8 the measure missed). Counts are checked only
    where the range shows test counts at all."""
    ran = GOOD + "The run ended with 1 failed."
    assert _unsupported(ran) == []
    assert _unsupported(GOOD + "The run ended with 2 failed.") == ["2 failed"]
    assert _unsupported(GOOD + "A re-run of the tests then gave 2 passed and 1 failed.") == ["2 passed"]
    # a session that shows no test counts has none to contradict
    msgs = _session()[:10]
    f = fidelity(msgs, [msgs[0], user("The tests gave 3 passed."), *msgs[8:]])
    assert not [it for it in f.items if it.status == "unsupported"]


def test_the_messages_a_summary_says_it_covers_are_positions_not_values():
    """Writers head a summary with the range it covers ("messages 1-19"); no message of
    the original states those numbers, and they are no made-up values (found on two
    session-5 sets, where it halved every faithful summary's score)."""
    assert _unsupported("Summary of the conversation so far (messages 1-19). " + GOOD) == []
    assert _unsupported("Turns 2 to 11, in short: " + GOOD + "See message 7 for the failing run.") == []
    # a number stated as a value is still checked
    assert _unsupported(GOOD + "The sample ledger has 1937 rows.") == ["1937"]


def test_a_message_position_in_parentheses_and_a_diff_hunk_are_no_values():
    # (session 6, found on L9: each halved a faithful summary)
    assert _unsupported(GOOD + "The latest user message (11) asks for the guard.") == []
    # (a hunk's numbers are checked one by one, not joined into 613118)
    assert _unsupported(GOOD + "The fix's diff is `@@ -613,6 +613,118 @@`, adding the guard.") == ["613", "118"]
    # a number with thousands separators is still that number, and a made-up one still made up
    assert _unsupported(GOOD + "The sample ledger has 1,671 rows.") == []
    assert _unsupported(GOOD + "The sample ledger has 613,118 rows.") == ["613118"]


def test_a_code_line_the_output_shows_quoted_with_return_is_no_step_said_to_have_gone_well():
    # (session 6, found on L8: a faithful summary quoting the line its failed edits targeted)
    msgs = [
        sys("You are a coding agent. Use the tools."),
        user("Sub-commands lose their parent's defaults. Fix the parser."),
        asst("Reading it.", [("c1", "read_file", '{"path": "/repo/cli/parser.pony"}')]),
        tool("c1", "11 fun _parse(tokens) =>\n12     return CommandParser._sub(cs, this)\n13 // defaults loop below"),
        asst("Removing the return.", [("c2", "str_replace", '{"path": "/repo/cli/parser.pony", '
                                                           '"old_str": "return CommandParser._sub(cs, this)"}')]),
        tool("c2", "ERROR:\nNo replacement was performed, old_str did not appear verbatim."),
        asst("Looking again.", [("c3", "read_file", '{"path": "/repo/cli/parser.pony"}')]),
        tool("c3", "12     return CommandParser._sub(cs, this)"),
    ]

    def flagged(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])
        return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]

    assert flagged("In /repo/cli/parser.pony line 12 `return CommandParser._sub(cs, this)` returns from the "
                   "sub-command, so the defaults loop is skipped for the parent.") == []
    assert flagged("In /repo/cli/parser.pony the str_replace of `return CommandParser._sub(cs, this)` succeeded, "
                   "so the defaults loop runs now.") == ["return CommandParser._sub(cs, this)"]
