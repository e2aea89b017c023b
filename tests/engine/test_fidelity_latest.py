"""The user's latest request weighs more than each older one (`engine.fidelity.LATEST_WEIGHT`,
issue #23, session 9): a summary that keeps the older requests and loses the latest one
leaves the agent answering what was already answered; so does the agent's latest decision
(session 16). Made-up sessions."""

from __future__ import annotations

from inspector.engine import fidelity as fid
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Please add a CSV export button to the reports page."),
        asst("Adding the CSV export.", [("c1", "edit_file", '{"path": "src/reports/export.py"}')]),
        tool("c1", "src/reports/export.py written."),
        user("Now rename the settings tab to Preferences everywhere."),
        asst("Renaming the tab.", [("c2", "edit_file", '{"path": "src/settings/tabs.py"}')]),
        tool("c2", "src/settings/tabs.py written."),
        user("Finally, make the export include the archived reports as well."),
        asst("Looking at the archive query.", [("c3", "read_file", '{"path": "src/reports/archive.py"}')]),
        tool("c3", "def archived_reports(db): return db.query(Report).filter(Report.archived)"),
        user("Thanks, go on."),
    ]


def _measure(summary: str):
    msgs = _session()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


OLDER = "The user asked to add a CSV export button to the reports page and to rename the settings tab to Preferences."
LATEST = "The user asked to make the export include the archived reports as well."


def test_the_latest_request_counts_more_than_an_older_one():
    older, latest = _measure(OLDER), _measure(LATEST)
    kept = {s: [it.text for it in f.items if it.kind == "requests" and it.status == "kept"]
            for s, f in (("older", older), ("latest", latest))}
    # (each keeps some requests and loses the others: the weight decides, not the count)
    assert kept["older"] and kept["latest"] and len(kept["older"]) >= len(kept["latest"])
    assert latest.kinds["requests"].fraction > older.kinds["requests"].fraction
    assert latest.score > older.score


def test_with_one_request_the_weight_changes_nothing():
    score = fid.KindScore(items=1, kept=1, credit=0.6, credits=[0.6], latest=5.0)
    assert score.fraction == fid.KindScore(items=1, kept=1, credit=0.6, credits=[0.6]).fraction == 0.6
    two = fid.KindScore(items=2, kept=1, credit=1.0, credits=[1.0, 0.0], latest=5.0)
    assert two.fraction == (1.0 * 5.0) / 6.0  # the newest (first) counts five items


def _decided() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("The nightly export job crashes on large reports; fix it."),
        asst("The crash is caused by loading every row into memory at once, so I will stream the rows in batches.",
             [("c1", "edit_file", '{"path": "src/reports/export.py"}')]),
        tool("c1", "src/reports/export.py written."),
        asst("The batch size should be 500 because the worker has 512 MB of memory.",
             [("c2", "edit_file", '{"path": "src/reports/config.py"}')]),
        tool("c2", "src/reports/config.py written."),
        asst("The timeout failures are caused by the archive query, so I decided to add an index on archived_at "
             "instead of raising the timeout.", [("c3", "edit_file", '{"path": "migrations/0042_archive_index.py"}')]),
        tool("c3", "migrations/0042_archive_index.py written."),
        user("Thanks, go on."),
    ]


def _measure_decided(summary: str):
    msgs = _decided()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


def test_the_latest_decision_counts_more_than_an_older_one():
    # Session 16: the agent acts on its newest decision (or its plan's first open entry),
    # as on the user's newest request; a summary written at an earlier point keeps the
    # older decisions and loses it. Leaving each of sixteen sets out, every fold chose 3.
    older = _measure_decided("The crash came from loading every row into memory at once, so the rows are now streamed "
                             "in batches; the batch size is 500 because the worker has 512 MB of memory.")
    latest = _measure_decided("The timeout failures come from the archive query, so an index on archived_at is added "
                              "instead of raising the timeout.")
    kept = {s: [it.text for it in f.items if it.kind == "decisions" and it.status == "kept"]
            for s, f in (("older", older), ("latest", latest))}
    assert len(kept["older"]) >= 2 > len(kept["latest"]) >= 1
    assert latest.kinds["decisions"].fraction > older.kinds["decisions"].fraction
