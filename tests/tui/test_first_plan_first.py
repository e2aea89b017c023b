"""The first plan of a session is painted before the tuning panel is built (issue 31:
its ~1,000 widgets, laid out several times as they mounted, took the painting thread
and the interpreter lock from the first plan of a 100,000-message session); the
panel follows at once, and also when planning fails (the knobs are then the way to a
plan)."""

from __future__ import annotations

import threading

import pytest

from inspector.service.store import MemoryStore
from inspector.service.tuning import Tuning
from inspector.tui.app import InspectorApp
from inspector.tui.screens.session import SessionScreen
from inspector.tui.widgets.knobs import TuningPanel

from .helpers import settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio


async def _until(pilot, done) -> None:
    for _ in range(300):
        if done():
            return
        await pilot.pause(0.02)
    raise AssertionError("never happened")


async def test_the_panel_is_built_once_the_first_plan_is_shown(demo_sessions_cached, monkeypatch):
    planning, go_on = threading.Event(), threading.Event()
    plan_for = Tuning.plan_for

    def held(self, *args, **kw):
        planning.set()
        go_on.wait(30)
        return plan_for(self, *args, **kw)

    monkeypatch.setattr(Tuning, "plan_for", held)
    app = InspectorApp(MemoryStore(demo_sessions_cached[:1], label="one"), settings=settings(),
                       auto_open_single=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        app.open_session(app.session_rows[0].id)
        try:
            await _until(pilot, lambda: planning.is_set() and isinstance(app.screen, SessionScreen)
                         and app.screen.session is not None)
            await pilot.pause(0.1)
            screen = app.screen
            assert screen.plan is None
            assert screen.query_one_optional("#tuning") is None  # not while the first plan is made
            assert screen.query_one_optional("#tuning-loading") is not None  # its place says so
        finally:
            go_on.set()
        await settle(pilot, app)
        screen = app.screen
        assert screen.plan is not None
        panel = screen.query_one("#tuning", TuningPanel)
        assert panel.config is screen.config
        assert screen.query_one_optional("#tuning-loading") is None
        # the rows shown while loading keep the analysis' lists, not copies of them
        from inspector.engine.analysis import analysis_of
        from inspector.tui.widgets.heatmap import Heatmap

        rows, a = screen.query_one(Heatmap).rows, analysis_of(screen.session, screen.counter)
        assert rows.tokens is screen.tokens is a.tokens and rows.roles is a.roles and rows.kinds is a.kinds
        # and it works: a knob moved re-plans
        generation = screen.generation
        screen.set_values({"reduction.truncation.max_chars": 1234}, now=True)
        await settle(pilot, app)
        assert screen.generation > generation and screen.plan.config.reduction.truncation.max_chars == 1234


async def test_the_panel_is_built_when_planning_fails(demo_sessions_cached, monkeypatch):
    def fails(self, *args, **kw):
        raise RuntimeError("the planner broke")

    monkeypatch.setattr(Tuning, "plan_for", fails)
    app = InspectorApp(MemoryStore(demo_sessions_cached[:1], label="one"), settings=settings(),
                       auto_open_single=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        app.open_session(app.session_rows[0].id)
        await settle(pilot, app)
        await _until(pilot, lambda: isinstance(app.screen, SessionScreen)
                     and app.screen.query_one_optional("#tuning") is not None)
        assert app.screen.plan is None


def test_the_loaded_sessions_counts_are_handed_over_not_copied(demo_sessions_cached):
    """The screen is handed the analysis' own count list (never changed once the scan
    is done), not a copy of it: 0.8 MB at 100,000 messages."""
    from inspector.engine import make_counter
    from inspector.engine.analysis import analysis_of
    from inspector.tui.messages import SessionReady
    from inspector.tui.session_loading import read_session

    store = MemoryStore(demo_sessions_cached[:1], label="one")
    counter = make_counter(model="gpt-4o")
    posted: list = []
    read_session(store, demo_sessions_cached[0].id, counter, None, posted.append)
    ready = posted[-1]
    assert isinstance(ready, SessionReady)
    a = analysis_of(ready.session, counter)
    assert a is not None and ready.tokens is a.tokens
    assert sum(ready.tokens) == sum(a.tokens) and len(ready.tokens) == len(ready.session.messages)
