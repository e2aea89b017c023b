"""The app opens a database URL where it opens a file (`inspector URL`): a `sqlite:///`
URL and a PostgreSQL URL, its sessions listed with the counts the framework's own API
gives and one opened, the password shown nowhere on screen."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest

from inspector.tui.app import create_app

from .helpers import notices, settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio
AGENTS_DB = Path(__file__).parents[1] / "fixtures" / "openai-agents" / "sessions.db"


def _screen_text(app) -> str:
    from textual.widgets import Static

    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def _sdk_items(url_or_path: str, session_id: str, *, sqlite: bool) -> list:
    if sqlite:
        from agents.memory import SQLiteSession

        sdk = SQLiteSession(session_id, url_or_path)
        try:
            return await sdk.get_items()
        finally:
            sdk.close()
    from agents.extensions.memory import SQLAlchemySession

    alchemy = SQLAlchemySession.from_url(session_id, url=url_or_path)
    try:
        return await alchemy.get_items()
    finally:
        await alchemy.engine.dispose()


async def _open_first(pilot, app):
    from inspector.tui.screens.session import SessionScreen

    await settle(pilot, app)
    assert app.session_rows, _screen_text(app)
    row = app.session_rows[0]
    app.open_session(row.id)
    await settle(pilot, app)
    assert isinstance(app.screen, SessionScreen)
    return row, app.screen


async def test_a_sqlite_url_opens_as_its_file(tmp_path, app_env):
    pytest.importorskip("agents")
    db = tmp_path / "sessions.db"
    shutil.copy(AGENTS_DB, db)
    app = create_app(f"sqlite:///{db}", workspace=tmp_path / "ws.db", settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        row, screen = await _open_first(pilot, app)
        ids = sorted(r.id for r in app.session_rows)
        messages = len(screen.session.messages)
    source_id = screen.session.metadata.get("source_session_id") or screen.session.id
    sdk_copy = tmp_path / "sdk.db"  # the SDK's session writes its tables on open: its own copy
    shutil.copy(AGENTS_DB, sdk_copy)
    items = await _sdk_items(str(sdk_copy), source_id, sqlite=True)
    assert len(ids) == 2 and messages > 0
    assert messages <= len(items)  # items become messages (an assistant turn's items grouped)


async def test_a_postgres_url_session_opens_without_showing_the_password(tmp_path, app_env, postgres):
    pytest.importorskip("agents.extensions.memory")
    from agents.extensions.memory import SQLAlchemySession

    from tests.postgres_server import PASSWORD

    name = postgres.create_database(f"tui_open_{uuid.uuid4().hex[:8]}")
    url = postgres.url(name, "psycopg")

    async def write():
        sdk = SQLAlchemySession.from_url("conv-1", url=url, create_tables=True)
        await sdk.add_items([{"role": "user", "content": "where is the parser?"},
                             {"role": "assistant", "content": "In src/parser.py."},
                             {"role": "user", "content": "thanks"}])
        await sdk.engine.dispose()

    await write()
    app = create_app(url, workspace=tmp_path / "ws.db", settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        row, screen = await _open_first(pilot, app)
        shown = _screen_text(app)
        texts = [m.text for m in screen.session.messages]
        shown_notices = "\n".join(f"{n.title} {n.message}" for n in notices(app))
    assert PASSWORD not in shown + shown_notices + row.source and "***" in row.source
    items = await _sdk_items(url, "conv-1", sqlite=False)
    assert texts == [i["content"] for i in items]
