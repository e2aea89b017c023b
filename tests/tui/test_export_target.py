"""The export dialog's target fields (the CLI's --model, --max-tokens, --adk-author,
--adk-app, --adk-user), through the service call the CLI makes, under `run_test`."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from inspector.tui.app import create_app

from .helpers import click_button, notices, open_session, run_shared, settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio


@pytest.fixture
def demo_app(demo_workspace):
    """`inspector demo`, on a copy of the demo imported once (tui/conftest.py)."""
    return create_app(demo=True, workspace=demo_workspace, settings=settings())


@pytest.fixture(scope="module")
async def running_session(imported_demo, tmp_path_factory):
    """`inspector demo` with the marathon open on one app, shared by the checks of the
    exports the dialog refuses or that fail (`shared_session`): they change no config
    and store nothing."""
    import shutil

    tmp = tmp_path_factory.mktemp("shared")
    shutil.copyfile(imported_demo, tmp / "demo.db")

    def make():
        return create_app(demo=True, workspace=tmp / "demo.db", settings=settings())

    async for running in run_shared(make, SIZE, "marathon", tmp):
        yield running


async def _dialog(pilot, app, fmt: str, *, opened: bool = False):
    from textual.widgets import Select

    from inspector.tui.screens.export import ExportScreen

    if not opened:
        await open_session(pilot, app, "marathon")
    await pilot.press("e")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ExportScreen)
    dialog.query_one("#export-format", Select).value = fmt
    await pilot.pause()
    return dialog


def _shown(dialog, field: str) -> bool:
    return dialog.query_one(f"#{field}").display and dialog.query_one(f"#{field}").parent.display


async def test_adk_author_app_and_user_reach_the_adk_session(demo_app, tmp_path):
    pytest.importorskip("google.adk")
    from textual.widgets import Input

    from tests.exports.test_adk import adk_get

    async with demo_app.run_test(size=SIZE) as pilot:
        dialog = await _dialog(pilot, demo_app, "adk-sqlite")
        assert _shown(dialog, "export-adk-author") and not _shown(dialog, "export-model")
        out = tmp_path / "out.adk.db"
        dialog.query_one("#export-path", Input).value = str(out)
        dialog.query_one("#export-adk-author", Input).value = "coder"
        dialog.query_one("#export-adk-app", Input).value = " my_app "
        dialog.query_one("#export-adk-user", Input).value = "u-42"
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        assert demo_app.last_export == (out, "adk-sqlite")
    import sqlite3

    with sqlite3.connect(out) as conn:
        (sid,) = conn.execute("SELECT id FROM sessions").fetchone()
    loaded = await adk_get(out, "my_app", "u-42", sid, "sqlite")  # ADK's own get_session
    assert loaded is not None
    authors = {e.author for e in loaded.events}
    assert authors == {"coder", "user"}, authors
    assert any(e.author == "coder" and e.content.role == "model" for e in loaded.events)


async def test_model_and_max_tokens_reach_the_request_body(demo_app, tmp_path):
    from textual.widgets import Input, Static

    async with demo_app.run_test(size=SIZE) as pilot:
        dialog = await _dialog(pilot, demo_app, "anthropic-json")
        assert _shown(dialog, "export-model") and _shown(dialog, "export-max-tokens")
        assert not _shown(dialog, "export-adk-author")
        out = tmp_path / "out.anthropic.json"
        dialog.query_one("#export-path", Input).value = str(out)
        dialog.query_one("#export-model", Input).value = "claude-haiku-4-5"
        dialog.query_one("#export-max-tokens", Input).value = "lots"
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        assert "max tokens: 'lots' is not a positive integer" in str(
            dialog.query_one("#export-status", Static).render())
        assert not out.exists()
        dialog.query_one("#export-max-tokens", Input).value = "4,096"
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        assert demo_app.last_export == (out, "anthropic-json")
    body = json.loads(out.read_text())
    assert body["model"] == "claude-haiku-4-5" and body["max_tokens"] == 4096


# --------------------------------------------------------------------------- a database URL as the output


async def _export_to(pilot, app, fmt: str, output: str, *, original: bool = True, opened: bool = False):
    """The dialog filled with `output` for `fmt`, Export pressed, every worker done
    (`opened`: the session screen is already on top)."""
    from textual.widgets import Input, RadioButton

    dialog = await _dialog(pilot, app, fmt, opened=opened)
    if original:  # the session as it is: what the framework reads back is the demo session itself
        dialog.query_one("#export-original", RadioButton).value = True
    dialog.query_one("#export-path", Input).value = output
    await click_button(pilot, "#export-go")
    await settle(pilot, app)
    return dialog


def _status(dialog) -> str:
    from textual.widgets import Static

    return str(dialog.query_one("#export-status", Static).render())


def _notices(app, but=()) -> str:
    """The app's notifications, but those in `but` (shown before a shared app's test)."""
    return "\n".join(f"{n.title} {n.message}" for n in notices(app) if not any(n is old for old in but))


async def test_a_postgres_url_takes_a_langgraph_thread_read_back_by_the_saver(demo_app, postgres):
    """`inspector export -o URL` in the dialog: the thread goes into the PostgreSQL
    database (PostgresSaver's own tables), read back by PostgresSaver; the password
    shows nowhere."""
    pytest.importorskip("langgraph.checkpoint.postgres")
    from langgraph.checkpoint.postgres import PostgresSaver

    from tests.postgres_server import PASSWORD

    name = postgres.create_database(f"tui_lg_{uuid.uuid4().hex[:8]}")
    async with demo_app.run_test(size=SIZE) as pilot:
        dialog = await _export_to(pilot, demo_app, "langgraph", postgres.url(name, "psycopg"))
        session = dialog.session
        status, notices = _status(dialog), _notices(demo_app)
        assert demo_app.last_export is not None, (status, notices)
        written, fmt = demo_app.last_export
    assert fmt == "langgraph"
    assert PASSWORD not in status + notices and "***" in status
    thread = status.split("session ", 1)[1].split(" ", 1)[0]  # the id the notice names, as the CLI prints it
    with PostgresSaver.from_conn_string(postgres.url(name)) as saver:
        state = saver.get_tuple({"configurable": {"thread_id": thread}})
    assert state is not None
    stored = state.checkpoint["channel_values"]["messages"]
    assert len(stored) == len(session.messages)
    assert [m.text for m in stored][-1] == session.messages[-1].text


async def test_a_postgres_url_takes_an_agents_session_read_back_by_the_sdk(demo_app, postgres):
    pytest.importorskip("agents.extensions.memory")
    from agents.extensions.memory import SQLAlchemySession

    from tests.postgres_server import PASSWORD

    name = postgres.create_database(f"tui_ag_{uuid.uuid4().hex[:8]}")
    url = postgres.url(name, "psycopg")
    async with demo_app.run_test(size=SIZE) as pilot:
        dialog = await _export_to(pilot, demo_app, "openai-agents-sqlite", url, original=False)
        status, notices = _status(dialog), _notices(demo_app)
        assert demo_app.last_export is not None, (status, notices)
    assert PASSWORD not in status + notices
    sid = status.split("session ", 1)[1].split(" ", 1)[0]
    sdk = SQLAlchemySession.from_url(sid, url=url)
    try:
        items = await sdk.get_items()
    finally:
        await sdk.engine.dispose()
    assert items and items[0]["role"] in ("user", "system", "developer")


async def test_a_sqlite_url_takes_an_adk_session_read_back_by_adk(demo_app, tmp_path):
    pytest.importorskip("google.adk")
    import sqlite3

    from tests.exports.test_adk import adk_get

    out = tmp_path / "adk.db"
    async with demo_app.run_test(size=SIZE) as pilot:
        dialog = await _export_to(pilot, demo_app, "adk-sqlite", f"sqlite:///{out}")
        status = _status(dialog)
        assert demo_app.last_export == (out, "adk-sqlite"), (status, _notices(demo_app))
        session = dialog.session
    assert str(out) in status and "sqlite:" not in status
    with sqlite3.connect(out) as conn:
        ((sid, app_name, user),) = conn.execute("SELECT id, app_name, user_id FROM sessions").fetchall()
    loaded = await adk_get(out, app_name, user, sid, "sqlite")  # ADK's own get_session
    assert loaded is not None
    texts = [p.text for e in loaded.events if e.content for p in e.content.parts or [] if p.text]
    assert texts[-1] == session.messages[-1].text


@pytest.mark.parametrize("scheme", ["postgresql", "sqlite"])
async def test_a_url_is_refused_for_a_file_format_as_the_cli_refuses_it(shared_session, tmp_path, scheme, capsys,
                                                                         workspace):
    from inspector.cli.main import main
    from tests.postgres_server import PASSWORD

    app, pilot = shared_session.app, shared_session.pilot
    url = (f"postgresql://inspector:{PASSWORD}@127.0.0.1:9/nowhere" if scheme == "postgresql"
           else f"sqlite:///{tmp_path / 'out.md'}")
    dialog = await _export_to(pilot, app, "markdown", url, opened=True)
    status = _status(dialog)
    assert app.last_export is None
    assert "markdown writes a file; a database URL takes adk-sqlite, openai-agents-sqlite, langgraph" in status
    assert PASSWORD not in status + _notices(app)
    source = Path(__file__).parents[1] / "fixtures" / "claude-code" / "session_b.jsonl"
    code = main(["export", str(source), "--format", "markdown", "-o", url,
                 "--preset", "none"])
    err = capsys.readouterr().err
    assert code != 0 and status.split(": ", 1)[1] in err and PASSWORD not in err
    assert not (tmp_path / "out.md").exists()


async def test_a_database_that_cannot_be_reached_is_named_without_its_password(shared_session):
    pytest.importorskip("langgraph.checkpoint.postgres")
    from tests.postgres_server import PASSWORD

    app, pilot = shared_session.app, shared_session.pilot
    url = f"postgresql://inspector:{PASSWORD}@127.0.0.1:9/nowhere"  # nothing listens on port 9
    before = notices(app)
    dialog = await _export_to(pilot, app, "langgraph", url, opened=True)
    status, shown = _status(dialog), _notices(app, but=before)
    assert app.last_export is None
    assert "inspector:***@127.0.0.1:9/nowhere" in status, status
    assert PASSWORD not in status + _notices(app) and "export failed" in shown
