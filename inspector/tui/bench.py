"""Measurements of the app for `bench/` (figures only; tests never assert times).

- `first_frame_seconds()`: the demo app, from construction to its first rendered
  screen under `run_test` (`tui_first_frame_s`);
- `replan_repaint_ms(n)`: a threshold change to the updated heatmap on an n-message
  session (`tui_replan_repaint_ms`), per change.

    python -m inspector.tui.bench
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from inspector.settings import AppSettings


def _settings() -> AppSettings:
    os.environ.setdefault("INSPECTOR_SETTINGS", os.path.join(tempfile.mkdtemp(), "none.toml"))
    from inspector.settings import AppSettings

    return AppSettings()


async def _first_frame(workspace: Path) -> float:
    from inspector.tui.app import create_app

    start = time.perf_counter()
    app = create_app(demo=True, workspace=workspace, settings=_settings())
    async with app.run_test(size=(160, 46)) as pilot:
        await pilot.pause()  # the first screen is composed and rendered
        elapsed = time.perf_counter() - start
        await app.workers.wait_for_complete()
    return elapsed


def first_frame_seconds() -> float:
    """Seconds from the app's start to its first painted frame on the demo data."""
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_first_frame(Path(tmp) / "demo.db"))


async def _replan(n: int, changes: int) -> list[float]:
    from inspector.demo import synthetic_session
    from inspector.service.store import MemoryStore
    from inspector.tui.app import InspectorApp
    from inspector.tui.screens.session import SessionScreen
    from inspector.tui.widgets.heatmap import Heatmap

    app = InspectorApp(MemoryStore([synthetic_session(n)], label="bench"), settings=_settings())
    out: list[float] = []
    async with app.run_test(size=(160, 46)) as pilot:
        for _ in range(4):
            await pilot.pause()
            await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        heatmap = screen.query_one(Heatmap)
        values = [0.05 + 0.9 * k / max(1, changes - 1) for k in range(changes)]
        for v in values:
            gen = heatmap.generation
            start = time.perf_counter()
            screen.set_values({"summarization.trigger.context_ratio": round(v, 3)})
            while heatmap.painted <= gen:  # the new plan's rows drawn by the compositor
                await asyncio.sleep(0)
            out.append((time.perf_counter() - start) * 1000)
            await pilot.pause()
    return out


def replan_repaint_ms(n: int = 10_000, changes: int = 20) -> list[float]:
    """Milliseconds from each of `changes` knob changes to the repainted plan, on a session of `n` messages."""
    return asyncio.run(_replan(n, changes))


if __name__ == "__main__":
    print(f"tui_first_frame_s {first_frame_seconds():.3f}")
    times = replan_repaint_ms()
    print(f"tui_replan_repaint_ms median {statistics.median(times):.1f} max {max(times):.1f}")
