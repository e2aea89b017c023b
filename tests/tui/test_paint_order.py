"""A knob move paints the heatmap first: the minimap, the gauge and the plan's text
follow once the heatmap has drawn the new plan, then its fidelity."""

from __future__ import annotations

import time

import pytest

from inspector.service.tuning import FRAME_S
from inspector.tui.app import InspectorApp
from inspector.tui.widgets.heatmap import Heatmap
from inspector.tui.widgets.knobs import TuningPanel
from inspector.tui.widgets.profile import ContextGauge, Profile
from inspector.tui.widgets.slider import Slider

from .helpers import open_session, settings, settle

pytestmark = pytest.mark.anyio


async def test_the_other_views_follow_the_heatmaps_paint(memory_demo):
    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await open_session(pilot, app, "marathon")
        heatmap, profile = screen.query_one(Heatmap), screen.query_one(Profile)
        knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_tokens")
        gauge = screen.query_one(ContextGauge)
        shown_actions, shown_after = profile.actions, gauge.after
        line = str(screen.query_one("#plan-summary").render())
        screen.tuning.plan_ms = 0.0  # planned in the key's handler (the rule is tested in test_app)
        time.sleep(FRAME_S)
        knob.query_one(Slider).action_step(10)
        plan = screen.plan
        assert plan.config.summarization.trigger.context_tokens == knob.value  # planned and on the heatmap...
        assert heatmap.generation > heatmap.painted
        # ...but not yet in the views around it: they wait for the heatmap's paint
        assert profile.actions is shown_actions and gauge.after == shown_after
        assert str(screen.query_one("#plan-summary").render()) == line
        await settle(pilot, app)
        assert heatmap.painted == heatmap.generation
        assert profile.actions is plan.actions
        assert f"{plan.total_after:,} tokens" in str(screen.query_one("#plan-summary").render())
        assert gauge.after == plan.total_after != shown_after
