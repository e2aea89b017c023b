"""The bad-input corpus (tests/bad_inputs/, see its README) through the CLI, the
workspace import and the TUI: a clear one-line error naming the file and the place, or
the valid part imported and the rest reported; never a traceback, never a changed file
(the autouse `source_guard` checks every file read), and the app stays usable."""

from __future__ import annotations

import json
import pickle

import pytest

from inspector.formats.terminal import visible
from inspector.service.opening import import_source
from inspector.sources.model import SourceError
from inspector.workspace.database import Workspace
from tests.bad_inputs.cases import CASES, HERE, README_HEAD, readme
from tests.bad_inputs.cases import TRAJ as SWE_TRAJ
from tests.conftest import run_cli as run

SMALL = [c for c in CASES if not c.large]
LARGE = [c for c in CASES if c.large]
ERRORS = [c for c in SMALL if c.outcome == "error"]
READABLE = [c for c in SMALL if c.outcome in ("skip", "ok")]
# Squeeze hard, so every stage runs on the odd sessions (estimate counter: fast).
SQUEEZE = ["--set", "tokens.counter=estimate", "--set", "summarization.trigger.messages=2",
           "--set", "summarization.trigger.context_ratio=0", "--set", "summarization.keep.messages=1",
           "--set", "reduction.clear.enabled=true", "--set", "reduction.clear.trigger_tokens=0",
           "--set", "reduction.clear.keep_rounds=0", "--set", "reduction.truncation.max_chars=100"]


def ids(cases):
    return [c.file for c in cases]


pytestmark = pytest.mark.usefixtures("workspace")


@pytest.fixture(autouse=True)
def never_unpickle(monkeypatch):
    """Nothing inspector reads is ever unpickled (the ADK v0 case holds a pickle)."""
    def refuse(*a, **k):
        raise AssertionError("inspector tried to unpickle source data")

    for name in ("load", "loads", "Unpickler"):
        monkeypatch.setattr(pickle, name, refuse)


# ------------------------------------------------------------------------- the corpus


def test_corpus_is_committed_with_its_readme(tmp_path):
    """Every small case is a committed file, built by cases.py; README's table lists all."""
    assert len(CASES) >= 25 and len({c.file for c in CASES}) == len(CASES)
    assert len({c.format for c in CASES} - {"any"}) >= 6
    committed = {p.name for p in HERE.iterdir() if p.is_file()} - {"README.md", "cases.py", "__init__.py"}
    assert committed == {c.file for c in SMALL}, "run scripts/make_bad_inputs.py"
    text = (HERE / "README.md").read_text()
    assert text == readme() and text.startswith(README_HEAD)
    for c in CASES:
        assert f"| `{c.file}`" in text
    for c in SMALL:  # the committed bytes are what the builder writes (SQLite pages aside)
        if c.file.endswith(".db"):
            continue
        c.build(tmp_path / c.file)
        assert (tmp_path / c.file).read_bytes() == (HERE / c.file).read_bytes(), c.file


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("case", ERRORS, ids=ids(ERRORS))
def test_bad_input_is_one_line_naming_the_file_and_the_place(case, capsys, workspace):
    path = HERE / case.file
    code, out, err = run(capsys, "stats", path, "--estimate")
    assert (code, out) == (2, ""), err
    assert err.startswith(f"inspector: {path}: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for fragment in case.expect:
        assert fragment in err, (fragment, err)
    # plan and apply refuse it the same way (or ask which session), and write nothing
    for command in ("plan", "apply"):
        code, out2, err2 = run(capsys, command, path)
        assert (code, out2) == (2, "") and err2.count("\n") == 1, (command, err2)
        assert err2 == err or "choose one with --session" in err2, (command, err2)
    # the workspace import (the TUI's path) raises the same one line
    with Workspace(workspace) as ws:
        assert ws.list_sessions() == []
        try:
            report = import_source(ws, path)
        except SourceError as exc:
            assert f"inspector: {exc}\n" == err
            assert ws.list_sessions() == []
        else:  # several sessions: the readable ones are imported, the failed one reported
            line = err.removeprefix("inspector: ").strip()
            assert report.session_ids and any(line in str(s) for s in report.skipped), report.skipped


# --------------------------------------------------------------------- valid parts


def skipped_lines(report_skipped) -> list[str]:
    return [str(s) for s in report_skipped]


@pytest.mark.parametrize("case", READABLE, ids=ids(READABLE))
def test_the_valid_part_is_imported_and_the_rest_reported(case, capsys, workspace, tmp_path):
    path = HERE / case.file
    code, out, err = run(capsys, "stats", path, "--json", "--estimate")
    assert code == 0 and "Traceback" not in err, err
    data = json.loads(out)
    lines = [f"{s['where']}: {s['reason']}" for s in data.get("skipped", [])]
    if case.outcome == "ok":
        assert lines == []
    else:
        assert lines, "nothing reported as skipped"
        for fragment in case.expect:
            assert any(fragment in line for line in lines), (fragment, lines)
    sessions = data["sessions"]
    assert sessions
    if case.messages is not None:
        assert sessions[0]["messages"] == case.messages
    # the human-readable table reports the same records
    code, text, _ = run(capsys, "stats", path, "--estimate")
    assert code == 0
    if lines:
        assert f"skipped {len(lines)} record" in text and all(f"  {line}\n" in text for line in lines[:20])
    # the workspace import (the TUI's path) stores every session and reports the same
    with Workspace(workspace) as ws:
        report = import_source(ws, path)
        assert skipped_lines(report.skipped) == lines
        assert len(report.session_ids) == len(sessions)
        stored = {ws.session_info(w).source_session_id: ws.session_info(w).messages for w in report.session_ids}
    assert stored == {s["id"]: s["messages"] for s in sessions}
    # every session plans, applies and exports; the export reads back whole
    for s in sessions:
        code, out, err = run(capsys, "plan", path, "--session", s["id"], *SQUEEZE)
        assert code == 0 and out.startswith(f"session {visible(s['id'])} "), err
        code, out, err = run(capsys, "apply", path, "--session", s["id"], *SQUEEZE)
        assert code == 0 and out.strip().endswith("@v1"), err
        exported = tmp_path / f"out-{len(s['id'])}-{abs(hash(s['id']))}.json"
        code, _, err = run(capsys, "export", path, "--session", s["id"], "--preset", "none",
                           "-f", "openai-json", "-o", exported)
        assert code == 0, err
        code, out, err = run(capsys, "stats", exported, "--json", "--estimate")
        assert code == 0, err
        assert json.loads(out)["sessions"][0]["messages"] == s["messages"]


# ------------------------------------------------------------------------------ large


@pytest.fixture(scope="module")
def large_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("large-inputs")
    for case in LARGE:
        case.build(folder / case.file)
    return folder


@pytest.mark.slow
def test_a_50_mb_message_is_read_counted_planned_and_stored(large_dir, capsys, workspace):
    path = large_dir / "huge-message.json"
    assert path.stat().st_size > 50_000_000
    code, out, err = run(capsys, "stats", path, "--json", "--estimate")
    assert code == 0, err
    s = json.loads(out)["sessions"][0]
    assert s["messages"] == 3 and s["text_chars"] >= 50_000_000
    assert s["tokens"] >= 50_000_000 // 4
    code, out, err = run(capsys, "plan", path, *SQUEEZE)
    assert code == 0 and "(openai-chat, 3 messages)" in out, err
    with Workspace(workspace) as ws:
        (wid,) = import_source(ws, path).session_ids
        assert len(ws.load_session(wid).messages[1].text) == s["text_chars"] - len("You read logs.") - len(
            "The worker is healthy.")


@pytest.mark.slow
def test_100000_tiny_messages_are_read_whole(large_dir, capsys):
    path = large_dir / "many-messages.db"
    code, out, err = run(capsys, "stats", path, "--json", "--estimate")
    assert code == 0, err
    data = json.loads(out)
    assert "skipped" not in data
    (s,) = data["sessions"]
    assert (s["id"], s["messages"], s["user_messages"]) == ("chatty", 100_000, 50_000)


# -------------------------------------------------------------------------------- TUI


@pytest.mark.parametrize("case", SMALL, ids=ids(SMALL))
def test_what_the_tui_loads_for_every_case(case, tmp_path):
    """Every case through the TUI's data layer, as the app's loading worker runs it: the
    one-line error (the app shows it as a notification, see below), or the sessions
    and a note naming what was skipped."""
    from inspector.engine.tokens import EstimateCounter
    from inspector.service.store import open_store

    path = HERE / case.file
    data = open_store(path, tmp_path / "ws.db").data
    if case.outcome == "error":
        try:
            rows = data.list_sessions(EstimateCounter(4.0))
        except SourceError as e:
            line = str(e)
            assert line.startswith(f"{path}: ") and "\n" not in line and all(f in line for f in case.expect)
        else:  # several sessions: the readable ones, and a note with the failed one's line
            (note,) = data.take_notes()
            assert rows and all(f in note for f in case.expect), note
        return
    rows = data.list_sessions(EstimateCounter(4.0))
    assert rows and (case.messages is None or case.messages in [r.messages for r in rows])
    notes = data.take_notes()
    if case.outcome == "skip":
        (note,) = notes
        assert note.startswith(f"{path}: ") and " skipped: " in note
        assert any(f in note for f in case.expect)
    else:
        assert notes == []
    assert data.take_notes() == []  # said once

TUI_ERRORS = ["empty.jsonl", "unknown-schema.db", "adk-v0-pickle.db",
              "deeply-nested.json", "agents-missing-column.db", "cc-usage-not-integer.jsonl",
              "chat-deep-arguments.json"]
TUI_SKIPS = ["agents-bad-rows.db", "cc-truncated-last-line.jsonl", "cc-invalid-json-line.jsonl"]


async def _still_usable(pilot, app) -> None:
    from inspector.tui.screens.help import HelpScreen
    from inspector.tui.screens.sessions import SessionsScreen
    from tests.tui.helpers import settle

    assert app.is_running and app.return_code is None
    assert isinstance(app.screen, SessionsScreen)
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    await pilot.press("escape")
    await pilot.pause()
    assert isinstance(app.screen, SessionsScreen)
    await pilot.press("R")  # reload: the same clear message again, no crash
    await settle(pilot, app)
    assert app.is_running


@pytest.mark.anyio
@pytest.mark.parametrize("name", TUI_ERRORS)
async def test_tui_shows_the_error_and_stays_usable(name, app_env):
    from inspector.tui.app import create_app
    from tests.tui.helpers import notices, settings, settle

    case = next(c for c in CASES if c.file == name)
    path = HERE / name
    with Workspace(app_env / "ws.db") as ws:  # the user's workspace already holds a session
        import_source(ws, SWE_TRAJ)
    app = create_app(path, workspace=app_env / "ws.db", settings=settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        errors = [n for n in notices(app) if n.severity == "error"]
        assert errors, [n.message for n in notices(app)]
        message = errors[0].message
        assert str(path) in message and all(f in message for f in case.expect), message
        assert "Traceback" not in message
        assert app.session_rows == []  # the bad source's, not the workspace's others
        await _still_usable(pilot, app)
        assert app.session_rows == []


@pytest.mark.anyio
@pytest.mark.parametrize("name", TUI_SKIPS)
async def test_tui_imports_the_valid_part_and_notifies_what_it_skipped(name, app_env):
    from inspector.tui.app import create_app
    from tests.tui.helpers import notices, settings, settle

    case = next(c for c in CASES if c.file == name)
    app = create_app(HERE / name, workspace=app_env / "ws.db", settings=settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert app.session_rows
        warnings = [n.message for n in notices(app) if n.severity == "warning"]
        assert any(all(f in w for f in case.expect) for w in warnings), warnings
        assert not [n for n in notices(app) if n.severity == "error"]
