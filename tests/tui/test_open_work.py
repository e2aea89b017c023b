"""What the session screen does while a big session is read: its rows and progress as
batches arrive, and nothing that repaints on a timer (issue 31: an animated
placeholder repainted the screen 16 times a second through a 100,000-message load,
~1.3 s of the painting thread's time taken from the reading thread)."""

from __future__ import annotations

import threading

import pytest

from inspector.service.store import MemoryStore
from inspector.tui.app import InspectorApp
from inspector.tui.screens.session import SessionScreen

from .helpers import settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio


class _Paused(MemoryStore):
    """Hands over the first messages of a session, then waits until told to go on."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self.started = threading.Event()
        self.go_on_reading = threading.Event()
        self.first_batch = threading.Event()
        self.go_on = threading.Event()

    def load_session(self, session_id, each=None):
        session = super().load_session(session_id)
        self.started.set()
        self.go_on_reading.wait(30)
        if each is not None:
            half = len(session.messages) // 2
            each(session.messages[:half])
            self.first_batch.set()
            self.go_on.wait(30)
            each(session.messages[half:])
        return session


def _animated(screen) -> list[str]:
    """The widgets of `screen` that repaint on a timer of their own."""
    return [f"{type(w).__name__}#{w.id}" for w in screen.walk_children() if w.auto_refresh]


async def test_nothing_repaints_on_a_timer_while_the_rows_arrive(demo_sessions_cached):
    from inspector.demo import synthetic_session
    from inspector.tui.widgets.heatmap import Heatmap

    # big enough for the loader to hand the screen a batch of rows before the pause
    big = synthetic_session(5_000, demo_sessions_cached)
    store = _Paused([big], label="paused")
    app = InspectorApp(store, settings=settings(), auto_open_single=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        app.open_session(app.session_rows[0].id)
        try:
            # before the first rows: the bar stands at 0 of the messages the list knows of
            for _ in range(200):
                await pilot.pause(0.02)
                if store.started.is_set() and isinstance(app.screen, SessionScreen):
                    break
            assert isinstance(app.screen, SessionScreen) and app.screen.query_one(Heatmap).rows.n == 0
            # (the heatmap's own loading overlay stays until the first rows: one place says "loading")
            assert [w for w in _animated(app.screen) if not w.startswith("LoadingIndicator")] == []
            store.go_on_reading.set()
            for _ in range(200):
                await pilot.pause(0.02)
                screen = app.screen
                if (store.first_batch.is_set() and isinstance(screen, SessionScreen)
                        and screen.query_one(Heatmap).rows.n > 0):
                    break
            screen = app.screen
            assert isinstance(screen, SessionScreen) and screen.session is None  # still loading
            assert 0 < screen.query_one(Heatmap).rows.n < len(big.messages)
            assert "loading" in str(screen.query_one("#session-title").render())
            assert _animated(screen) == []
        finally:
            store.go_on_reading.set()
            store.go_on.set()
        await settle(pilot, app)
        assert app.screen.plan is not None
        assert _animated(app.screen) == []
