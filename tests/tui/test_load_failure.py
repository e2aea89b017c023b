"""A load that fails ends loading: the error is shown and the screen goes back, never an
endless "loading…" (issue 28: a LangGraph database the app could not read left the
sessions screen spinning until `q`)."""

from __future__ import annotations

import sqlite3

import pytest

from inspector.service.store import MemoryStore
from inspector.tui.app import InspectorApp, create_app
from inspector.tui.screens.session import SessionScreen
from inspector.tui.screens.sessions import SessionsScreen

from .helpers import notices, settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio


def _status(app) -> str:
    from textual.widgets import Static

    return str(app.screen.query_one("#sessions-status", Static).render())


async def test_a_source_that_cannot_be_read_ends_loading_with_its_error(tmp_path):
    db = tmp_path / "unknown.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE gadgets (id INTEGER PRIMARY KEY, colour TEXT)")
    app = create_app(db, workspace=tmp_path / "ws.db", settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        from textual.widgets import ProgressBar

        screen = app.screen
        assert isinstance(screen, SessionsScreen)
        status = _status(app)
        assert "loading" not in status
        assert "load failed" in status and "unknown.db" in status and "gadgets" in status
        assert screen.query_one("#sessions-progress", ProgressBar).display is False
        assert any("unknown.db" in n.message for n in notices(app))
        # R tries again, and fails again the same way (nothing left spinning)
        await pilot.press("R")
        await settle(pilot, app)
        assert "load failed" in _status(app)


class _Unreadable(MemoryStore):
    def load_session(self, session_id, each=None):
        raise ValueError(f"{session_id}: the store went away")


async def test_a_session_that_cannot_be_loaded_goes_back_to_the_sessions(demo_sessions_cached):
    data = _Unreadable(demo_sessions_cached[:2], label="broken")
    app = InspectorApp(data, settings=settings(), auto_open_single=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        sid = app.session_rows[0].id
        app.open_session(sid)
        await settle(pilot, app)
        assert not isinstance(app.screen, SessionScreen)
        assert isinstance(app.screen, SessionsScreen)
        assert any("the store went away" in n.message for n in notices(app))
