"""Deterministic snapshots of the main screens (fixed size, no timings, no cursor blink).

Update after an intended change: `pytest tests/tui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest

from inspector.tui.app import InspectorApp

from .helpers import settings, settle

SIZE = (150, 44)


@pytest.fixture
def app(memory_demo):
    a = InspectorApp(memory_demo, settings=settings(theme="textual-dark"))
    a.show_timings = False
    return a


async def _steady(pilot):
    from textual.widgets import Input

    await settle(pilot, pilot.app)
    for inp in pilot.app.screen.query(Input):
        inp.cursor_blink = False
    await pilot.pause()


async def _sessions_steady(pilot):
    """The sessions list loaded, its cursor on the first row: rows arrive in batches, so
    which row the cursor stayed on depends on timing."""
    from textual.widgets import DataTable

    await _steady(pilot)
    pilot.app.screen.query_one("#sessions-table", DataTable).move_cursor(row=0)
    await _steady(pilot)


async def _open_marathon(pilot):
    app = pilot.app
    await settle(pilot, app)
    app.open_session(next(r.id for r in app.session_rows if "marathon" in r.id))
    await settle(pilot, app)
    app.screen.set_values({"summarization.trigger.context_ratio": 0.3})
    for _ in range(200):  # until the new plan is shown (slow machines included)
        await _steady(pilot)
        last = app.last_plan
        if last is not None and last.config.summarization.trigger.context_ratio == 0.3 \
                and last.generation == app.screen.generation:
            break
    await _steady(pilot)


def test_sessions_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=SIZE, run_before=_sessions_steady)


def test_preview_diff(snap_compare, app):
    async def run_before(pilot):
        await _open_marathon(pilot)
        screen = pilot.app.screen
        plan = screen.plan
        cleared = next(i for i, a in enumerate(plan.actions) if a == "clear" and screen.session.messages[i].role == "tool")
        screen.query_one("Heatmap").move_to(cleared)
        await pilot.press("p")
        await _steady(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def _open_marathon_default(pilot):
    """The demo's long session with the default preset (it fires): what a newcomer sees first."""
    app = pilot.app
    await settle(pilot, app)
    app.open_session(next(r.id for r in app.session_rows if "marathon" in r.id))
    await _steady(pilot)
    from inspector.tui.widgets.profile import Profile

    for _ in range(400):  # until the minimap underlines the rows on screen (after the heatmap's layout;
        # up to 20 s, for a loaded machine running the whole suite)
        profiles = list(app.screen.query(Profile))
        if not profiles or not profiles[0].display or any(seg.style is not None and seg.style.underline
                               for seg in profiles[0].render_line(0)):
            break
        await pilot.pause(0.05)
    await _steady(pilot)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_session_screen_sizes(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=_open_marathon_default)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
def test_sessions_screen_sizes(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=_sessions_steady)


def test_tuning_overlay_80x24(snap_compare, app):
    async def run_before(pilot):
        await _open_marathon_default(pilot)
        await pilot.press("f2")
        await _steady(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


# Issue 27: the new screens and the ones that did not fit 80x24.

async def _then(pilot, *keys):
    await _open_marathon_default(pilot)
    for key in keys:
        await pilot.press(key)
        await _steady(pilot)


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
def test_breakdown_sizes(snap_compare, app, size):
    async def run_before(pilot):
        await _then(pilot, "b")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("keys", [("r",), ("r", "w"), ("a",), ("f1",)], ids=["replay", "sweep", "apply", "help"])
def test_screens_at_80x24(snap_compare, app, keys, sweeps_once):
    async def run_before(pilot):
        await _then(pilot, *keys)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
