"""The heatmap stays virtualised at 10,000+ messages: a re-plan repaints a screenful."""

from __future__ import annotations

import pytest

from inspector.service.store import MemoryStore
from inspector.tui.app import InspectorApp
from inspector.tui.widgets.heatmap import Heatmap

from .helpers import open_session, settings, settle

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def big_session(demo_sessions_cached):
    from inspector.demo import synthetic_session

    s = synthetic_session(10_000, demo_sessions_cached)
    assert len(s.messages) > 9_900
    return s


async def test_ten_thousand_messages_render_only_what_is_on_screen(big_session, monkeypatch):
    rendered: list[int] = []
    original = Heatmap.render_row

    def counting(self, i, width):
        rendered.append(i)
        return original(self, i, width)

    monkeypatch.setattr(Heatmap, "render_row", counting)
    app = InspectorApp(MemoryStore([big_session], label="big"), settings=settings())
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await open_session(pilot, app, "synthetic")
        heatmap = screen.query_one(Heatmap)
        n = len(big_session.messages)
        assert heatmap.rows.n == n
        assert heatmap.virtual_size.height == n + heatmap.header_height
        visible = len(heatmap.visible_range())
        assert 0 < visible < 60
        # Move a threshold: one re-plan, and only the rows on screen are rendered again.
        rendered.clear()
        heatmap.notify_style_update()  # every row on screen draws again: the count below measures a screenful
        generation = heatmap.generation
        screen.set_values({"summarization.trigger.context_ratio": 0.05})
        await settle(pilot, app)
        assert heatmap.generation == generation + 1
        assert app.last_plan.plan.triggered
        assert 0 < len(set(rendered)) <= visible + 2
        r = heatmap.visible_range()
        assert set(rendered) <= set(range(r.start, r.stop + 2)) | {heatmap.cursor}
        # Jump to the end: rows there render with the plan's actions.
        await pilot.press("end")
        await pilot.pause()
        last = n - 1
        assert heatmap.cursor == last
        assert heatmap.actions[last] in heatmap.row_text(last).replace("preserved", "preserve")
        assert len(set(rendered)) < 3 * visible + 10
