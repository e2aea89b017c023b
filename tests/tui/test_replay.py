"""The Replay and Sweep views (Pilot): opened from the session screen, replayed in a
worker as knobs move, swept, and a picked value set on the knob and brought back."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable
from textual_plotext import PlotextPlot

from inspector.service.replay import replay_session
from inspector.tui.app import InspectorApp
from inspector.tui.screens.replay import TRIGGER_KNOB, ReplayScreen, SweepScreen
from inspector.tui.screens.session import SessionScreen
from inspector.tui.widgets.knobs import TuningPanel

from .helpers import open_session, settings, settle

pytestmark = pytest.mark.anyio

SIZE = (160, 48)


async def _replay_marathon(pilot, app) -> SessionScreen:
    """The demo's marathon session on the token trigger at 40k, its Replay view open
    (`r`); returns the session screen under it."""
    session_screen = await open_session(pilot, app, "marathon")
    session_screen.set_config(session_screen.config.with_values(
        {"summarization.trigger.context_ratio": 0, "summarization.keep.tokens": 0, TRIGGER_KNOB: 40000}))
    await settle(pilot, app)
    await pilot.press("r")
    await settle(pilot, app)
    return session_screen


async def test_replay_view_charts_every_call_and_replays_as_knobs_move(memory_demo):
    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        session_screen = await _replay_marathon(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.config == session_screen.config  # the session's tuned config, as it was
        r = screen.replay
        assert r is not None
        expected = replay_session(session_screen.session, screen.config)
        assert r.totals == expected.totals and r.totals.compactions >= 1
        totals = str(screen.query_one("#replay-totals").render())
        assert f"{r.totals.compactions:,} compactions" in totals and f"{r.totals.billed_input_tokens:,}" in totals
        assert screen.series["without policy"] == [c.tokens_unmanaged for c in expected.calls]
        assert screen.series["with policy"] == [c.tokens_sent for c in expected.calls]
        assert screen.series["compaction"] == [c.index for c in expected.calls if c.compacted]
        assert "context tokens per call" in str(screen.query_one("#replay-chart", PlotextPlot).render())
        # a knob moves: replayed again in the worker, with the new config
        before = screen.generation
        screen.query_one(TuningPanel).knob(TRIGGER_KNOB).set_exact("20000")
        await settle(pilot, app)
        assert screen.generation > before
        assert screen.replay.config.summarization.trigger.context_tokens == 20000
        assert screen.replay.totals.compactions > r.totals.compactions
        # back: the session screen takes the tuned config over
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.config.summarization.trigger.context_tokens == 20000


async def test_sweep_view_plots_cost_against_fidelity_and_sets_the_picked_value(memory_demo):
    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        await _replay_marathon(pilot, app)
        replay_screen = app.screen
        assert isinstance(replay_screen, ReplayScreen)
        assert replay_screen.config.summarization.trigger.context_tokens == 40000
        await pilot.press("w")
        await settle(pilot, app)
        sweep = app.screen
        assert isinstance(sweep, SweepScreen) and sweep.result is not None
        table = sweep.query_one(DataTable)
        assert table.row_count == len(sweep.values) == len(sweep.result.rows) >= 5
        assert sweep.points == [(row.summed()["cost_usd"], row.fidelity) for row in sweep.result.rows]
        assert "against fidelity" in str(sweep.query_one("#sweep-chart", PlotextPlot).render())
        # the current value is among them, marked, and the cursor starts on it
        values = [row.value for row in sweep.result.rows]
        assert table.cursor_row == values.index(40000)
        target = next(v for v in values if v != 40000)
        table.move_cursor(row=values.index(target))
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.screen is replay_screen
        assert replay_screen.config.summarization.trigger.context_tokens == target
        assert replay_screen.replay.config.summarization.trigger.context_tokens == target
        assert replay_screen.query_one(TuningPanel).knob(TRIGGER_KNOB).value == target


async def test_sweep_view_row_for_the_current_value_is_the_replay_views_replay(memory_demo):
    """With a counter that is not the config's, the Sweep view replays with the Replay
    view's counter and caches: its row for the current value shows the Replay totals
    (before, it counted with the config's counter)."""
    from inspector.engine.tokens import EstimateCounter

    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        session_screen = await open_session(pilot, app, "marathon")
        config = session_screen.config.with_values(
            {"summarization.trigger.context_ratio": 0, "summarization.keep.tokens": 0, TRIGGER_KNOB: 40000})
        data = app.data
        app.push_screen(ReplayScreen(session_screen.session, config, EstimateCounter(3.0),
                                     token_cache=data.token_cache(), summary_cache=data.summary_cache()))
        await settle(pilot, app)
        replay_screen = app.screen
        assert isinstance(replay_screen, ReplayScreen) and replay_screen.replay is not None
        assert replay_screen.replay.counter == EstimateCounter(3.0).name
        await pilot.press("w")
        await settle(pilot, app)
        sweep = app.screen
        assert isinstance(sweep, SweepScreen) and sweep.result is not None
        row = next(r for r in sweep.result.rows if r.value == 40000)
        assert row.summed() == replay_screen.replay.totals.to_dict()
        assert row.fidelity == round(replay_screen.replay.fidelity.score, 4)
