"""The export dialog's target fields (the CLI's --model, --max-tokens, --adk-author,
--adk-app, --adk-user), through the service call the CLI makes, under `run_test`."""

from __future__ import annotations

import json

import pytest

from inspector.tui.app import create_app

from .helpers import open_session, settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio


@pytest.fixture
def demo_app(tmp_path):
    return create_app(demo=True, workspace=tmp_path / "demo.db", settings=settings())


async def _dialog(pilot, app, fmt: str):
    from textual.widgets import Select

    from inspector.tui.screens.export import ExportScreen

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
        await pilot.click("#export-go")
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
        dialog.query_one("#export-model", Input).value = "claude-sonnet-4-5"
        dialog.query_one("#export-max-tokens", Input).value = "lots"
        await pilot.click("#export-go")
        await settle(pilot, demo_app)
        assert "max tokens: 'lots' is not a positive integer" in str(
            dialog.query_one("#export-status", Static).render())
        assert not out.exists()
        dialog.query_one("#export-max-tokens", Input).value = "4,096"
        await pilot.click("#export-go")
        await settle(pilot, demo_app)
        assert demo_app.last_export == (out, "anthropic-json")
    body = json.loads(out.read_text())
    assert body["model"] == "claude-sonnet-4-5" and body["max_tokens"] == 4096
