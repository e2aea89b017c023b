"""Claims the original contradicts (issue #23, session 6): a value or path a summary
states that is a NEAR MISS of one the original has (digits swapped, one character
changed, the right file name in the wrong directory) is `contradicted`, with the
original's line as evidence, and costs more than a value the original merely lacks.
Each case on a small made-up session of a function-calling agent; the faithful wording
of the same facts is not flagged."""

from __future__ import annotations

from inspector.engine import fidelity_blend
from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_claims import token_near
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session() -> list[Message]:
    return [
        sys("You are a clinic intake assistant and coding agent. Use the tools."),
        user("Please look up my record. My patient ID is PS-48210 and I was born on 1962-03-15."),
        asst("Looking the patient up.", [("c1", "lookup_patient", '{"patient_id": "PS-48210"}')]),
        tool("c1", '{"patient_id": "PS-48210", "name": "Maria Lopez", "dob": "1962-03-15", "plan": "gold"}'),
        asst("Now the intake script.", [("c2", "read_file", '{"path": "/srv/clinic/intake/forms.py"}')]),
        tool("c2", "1 def intake(patient):\n2     return schedule(patient, port=8000)"),
        asst("", [("c3", "bash", '{"command": "ls /srv/clinic/intake /srv/clinic/tests"}')]),
        tool("c3", "/srv/clinic/intake:\nforms.py\nschedule.py\n/srv/clinic/tests:\ntest_schedule.py"),
        asst("The scheduler listens on port 8000; booking the check-up next.",
             [("c4", "book", '{"patient_id": "PS-48210", "slot": "2024-05-09T10:00"}')]),
        tool("c4", '{"status": "booked", "confirmation": "CNF-77310"}'),
    ]


FAITHFUL = ("Maria Lopez (patient PS-48210, born 1962-03-15) asked for her record. The intake code is in "
            "/srv/clinic/intake/forms.py; it schedules through port 8000. ")


def _measure(summary: str):
    msgs = _session()
    return fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])


def _status(f, text: str) -> str | None:
    return next((it.status for it in f.items if it.text == text), None)


def test_near_misses_of_a_token_are_of_the_same_shape():
    assert token_near("84210", "48210")  # two adjacent digits swapped
    assert token_near("8080", "8000")  # one character changed
    assert token_near("b25064", "b25077")  # two characters of a long token
    assert not token_near("8081", "8000")  # two of a short one
    assert not token_near("48210", "48210")
    assert not token_near("4821", "48210")  # another length
    assert not token_near("a8210", "48210")  # another shape
    assert not token_near("21", "18")  # too short to tell from chance


def test_a_near_miss_id_is_contradicted_and_scores_below_the_right_id():
    right = _measure(FAITHFUL)
    wrong = _measure(FAITHFUL.replace("PS-48210", "PS-84210"))
    assert [it.status for it in right.items if it.status in ("unsupported", "contradicted")] == []
    item = next(it for it in wrong.items if it.status == "contradicted")
    assert item.text == "84210"
    assert "PS-84210" in item.evidence  # the summary's sentence
    assert "48210" in item.contradicts  # the original's line it contradicts
    assert item.to_dict()["contradicts"] == item.contradicts
    assert wrong.score < right.score


def test_a_near_miss_costs_more_than_a_value_the_original_merely_lacks():
    near = _measure(FAITHFUL.replace("port 8000", "port 8080"))
    unrelated = _measure(FAITHFUL.replace("port 8000", "port 5432"))
    assert _status(near, "8080") == "contradicted"
    assert _status(unrelated, "5432") == "unsupported"
    assert fidelity_blend.CONTRADICTED >= fidelity_blend.UNSUPPORTED
    assert near.score <= unrelated.score
    assert near.contradicted_statements == 1 and unrelated.contradicted_statements == 0
    assert near.false_statements == unrelated.false_statements == 1


def test_the_right_file_name_in_another_directory_is_contradicted():
    wrong_dir = _measure(FAITHFUL.replace("/srv/clinic/intake/forms.py", "/srv/clinic/tests/forms.py"))
    item = next(it for it in wrong_dir.items if it.kind == "files" and it.status == "contradicted")
    assert "intake/forms.py" in item.contradicts or "forms.py" in item.contradicts
    # a file of the same directory with a similar name is the wrong one of two real files
    sibling = _measure(FAITHFUL.replace("intake/forms.py", "intake/form.py"))
    assert any(it.kind == "files" and it.status == "contradicted" for it in sibling.items)
    assert wrong_dir.score < _measure(FAITHFUL).score


def test_faithful_wordings_are_not_flagged():
    for summary in (
        FAITHFUL,
        # the file by its name alone, and by a shorter path: the same file
        FAITHFUL.replace("/srv/clinic/intake/forms.py", "forms.py"),
        FAITHFUL.replace("/srv/clinic/intake/forms.py", "intake/forms.py"),
        # a glob naming the file
        FAITHFUL + "It searched `**/intake/forms.py` first.",
        # the booking the session made, its confirmation quoted
        FAITHFUL + "The check-up is booked (confirmation CNF-77310).",
    ):
        f = _measure(summary)
        assert [(it.text, it.status) for it in f.items if it.status in ("unsupported", "contradicted")] == [], summary


def _booking_session() -> list[Message]:
    return [
        sys("You are an airline support assistant. Use the tools."),
        user("Please move my flight to next week, ticket 7240005432906569."),
        asst("Searching flights.", [("c1", "search_flights", '{"departure": "CDG", "arrival": "BSL"}')]),
        tool("c1", '[{"flight_id": 19250, "day": "May 6"}, {"flight_id": 19252, "day": "May 6"},'
                   ' {"flight_id": 19238, "day": "May 8"}]'),
        asst("Trying May 6.", [("c2", "update_ticket_to_new_flight",
                                '{"ticket_no": "7240005432906569", "new_flight_id": 19252}')]),
        tool("c2", "Not permitted to reschedule to a flight that is less than 3 hours from the current time."),
        asst("Then May 8.", [("c3", "update_ticket_to_new_flight",
                              '{"ticket_no": "7240005432906569", "new_flight_id": 19238}')]),
        tool("c3", "Ticket successfully updated to new flight."),
        user("Thanks. Now a hotel please."),
        asst("Searching hotels.", [("c4", "search_hotels", '{"location": "Basel"}')]),
        tool("c4", '[{"id": 8, "name": "Holiday Inn Basel"}]'),
    ]


def _measure_booking(summary: str):
    msgs = _booking_session()
    return fidelity(msgs, [msgs[0], user(summary), *msgs[8:]])


BOOKED = ("She asked to move her flight (ticket 7240005432906569). update_ticket_to_new_flight to 19252 (May 6) "
          "was refused as less than 3 hours away. I moved her with update_ticket_to_new_flight to flight 19238 on "
          "May 8; the update succeeded. ")


def test_a_call_said_to_be_made_with_another_argument_than_the_original_made_it_is_contradicted():
    right = _measure_booking(BOOKED)
    assert [it.text for it in right.items if it.status in ("unsupported", "contradicted")] == []
    # the call that was made is given another flight (one the search listed, so no made-up value)
    wrong = _measure_booking(BOOKED.replace("flight 19238", "flight 19250"))
    item = next(it for it in wrong.items if it.status == "contradicted")
    assert item.text == "update_ticket_to_new_flight 19250" and "19238" in item.contradicts
    assert wrong.score < right.score


def test_a_refused_call_said_to_have_succeeded_is_contradicted():
    flipped = _measure_booking("She asked to move her flight (ticket 7240005432906569). My first attempt, "
                               "update_ticket_to_new_flight to 19252 on May 6, succeeded. ")
    item = next(it for it in flipped.items if it.status == "contradicted")
    assert item.text == "update_ticket_to_new_flight 19252" and "Not permitted" in item.contradicts
    assert flipped.score < _measure_booking(BOOKED).score
    # a call still to make names no call that was made
    planned = _measure_booking("She asked to move her flight (ticket 7240005432906569). Next: "
                               "update_ticket_to_new_flight to 19250 if she agrees.")
    assert not [it for it in planned.items if it.status == "contradicted"]


def _lint_session() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Make the hook skip commits replayed during a rebase, then run the linter."),
        asst("Adding the check.", [("c1", "edit", '{"path": "strategy/hooks.go"}')]),
        tool("c1", "The file strategy/hooks.go has been updated."),
        asst("Linting.", [("c2", "bash", '{"command": "mise run lint"}')]),
        tool("c2", "golangci-lint run ./...\n0 issues."),
        user("Great, now add tests for it."),
        asst("Looking at the tests.", [("c3", "bash", '{"command": "ls strategy"}')]),
        tool("c3", "hooks.go\nhooks_test.go"),
    ]


def test_a_lint_count_the_range_never_showed_is_contradicted():
    msgs = _lint_session()

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])

    said = "The hook now skips commits replayed during a rebase (strategy/hooks.go). After the change the linter "
    right = measure(said + "reports 0 issues, so it is clean.")
    wrong = measure(said + "still reports 1 issue, so it is not clean yet.")
    assert [it.text for it in right.items if it.status in ("unsupported", "contradicted")] == []
    item = next(it for it in wrong.items if it.status == "contradicted")
    assert item.text == "1 issue" and "still reports 1 issue" in item.evidence
    assert wrong.score < right.score


def _writing_session() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Draft the 0.4.4 section of the changelog and show it to me first."),
        asst("Reading the changelog.", [("c1", "read_file", '{"path": "/repo/CHANGELOG.md"}')]),
        tool("c1", "# Changelog\n## [0.4.3] - 2026-02-12\n- Fixed hooks"),
        asst("Here is the draft: ## [0.4.4] - Added Gemini support. Shall I write it?"),
        user("Yes, write it."),
        asst("Writing it.", [("c2", "edit_file", '{"path": "/repo/CHANGELOG.md", "old": "## [0.4.3]"}')]),
        tool("c2", "The file /repo/CHANGELOG.md has been updated."),
        asst("Also the docs.", [("c3", "edit_file", '{"path": "/repo/docs/usage.md", "old": "usage"}')]),
        tool("c3", "The file /repo/docs/usage.md has been updated."),
    ]


def test_a_file_said_written_before_any_call_wrote_it_is_contradicted():
    msgs = _writing_session()

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], user(summary), *msgs[5:]])  # the range: messages 1-4

    shown = measure("The user asked for the 0.4.4 changelog section. I read CHANGELOG.md (newest: 0.4.3) and "
                    "showed a draft of the 0.4.4 section; it is not in the file yet.")
    written = measure("The user asked for the 0.4.4 changelog section. I read CHANGELOG.md (newest: 0.4.3) and "
                      "I already wrote the 0.4.4 section into CHANGELOG.md.")
    assert not [it for it in shown.items if it.status == "contradicted"]
    item = next(it for it in written.items if it.status == "contradicted")
    assert item.text == "changelog.md" and "already wrote" in item.evidence
    assert written.score < shown.score
    # once the range holds the writing call, saying it was written is right
    later = fidelity(msgs, [msgs[0], user("The user asked for the 0.4.4 section; after showing a draft I "
                                          "already wrote it into CHANGELOG.md, as the user agreed."), *msgs[8:]])
    assert not [it for it in later.items if it.status == "contradicted"]


def _asking_session() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Create issue templates for bug reports and feature requests."),
        asst("Writing the bug form.", [("c1", "write_file", '{"path": ".github/ISSUE_TEMPLATE/bug_report.yml"}')]),
        tool("c1", "Wrote .github/ISSUE_TEMPLATE/bug_report.yml"),
        asst("Should the form get a free field for the terminal used, in the bug form or both forms?"),
        user("yeah bug report only"),
        asst("Adding it.", [("c2", "edit_file", '{"path": ".github/ISSUE_TEMPLATE/bug_report.yml"}')]),
        tool("c2", "Edited .github/ISSUE_TEMPLATE/bug_report.yml"),
    ]


def test_a_user_answer_given_the_other_scope_is_contradicted():
    msgs = _asking_session()

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])

    said = "The bug form is in .github/ISSUE_TEMPLATE/bug_report.yml. Asked about a terminal field, "
    right = measure(said + "the user wants it in the bug report form only.")
    wrong = measure(said + "the user wants it in both the bug report and the feature request form.")
    assert not [it for it in right.items if it.status in ("unsupported", "contradicted")]
    item = next(it for it in wrong.items if it.status == "contradicted")
    assert item.kind == "requests" and "bug report only" in item.contradicts
    assert wrong.score < right.score


def test_everyday_all_and_just_are_no_scope_claims():
    msgs = _asking_session()
    summary = ("The bug form is in .github/ISSUE_TEMPLATE/bug_report.yml. The user wants all fields of the "
               "bug report form to stay short; asked about a terminal field, the user wants it in the bug report.")
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])
    assert not [it for it in f.items if it.status == "contradicted"]
