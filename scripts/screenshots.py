"""Regenerate screenshots/*.svg from the real app (the bundled demo, under run_test).

Usage: python scripts/screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("INSPECTOR_SETTINGS", os.path.join(tempfile.mkdtemp(), "none.toml"))

SIZE = (160, 46)


async def settle(pilot, app) -> None:
    for _ in range(4):
        await pilot.pause()
        await app.workers.wait_for_complete()
    await pilot.pause()
    from textual.widgets import Input

    for inp in app.screen.query(Input):
        inp.cursor_blink = False
    await pilot.pause()


async def main(out: Path) -> list[Path]:
    from inspector.settings import AppSettings
    from inspector.tui.app import create_app

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(demo=True, workspace=Path(tmp) / "demo.db", settings=AppSettings(theme="textual-dark"))
        app.data.label = "demo"
        app.show_timings = False

        def shot(name: str) -> None:
            path = out / f"{name}.svg"
            app.save_screenshot(filename=path.name, path=str(out))
            written.append(path)

        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            shot("heatmap")  # the demo opens its long session, compacted by the default preset
            await pilot.press("escape")
            await settle(pilot, app)
            shot("sessions")
            app.open_session(next(r.id for r in app.session_rows if "marathon" in r.id))
            await settle(pilot, app)
            # Tuning: lower the summarization trigger to 30% of the window.
            screen = app.screen
            knob = screen.query_one("TuningPanel").knob("summarization.trigger.context_ratio")
            knob.set_exact("0.30")
            await settle(pilot, app)
            knob.query_one("Slider").focus()
            await settle(pilot, app)
            shot("tuning")
            plan = screen.plan
            cleared = next(i for i, a in enumerate(plan.actions)
                           if a == "clear" and screen.session.messages[i].role == "tool")
            screen.query_one("Heatmap").move_to(cleared)
            await pilot.press("p")
            await settle(pilot, app)
            shot("diff")
            await pilot.press("escape")
            await pilot.press("e")
            await settle(pilot, app)
            shot("export")
            # Replay of the tuned policy over every call, then a sweep of its trigger.
            await pilot.press("escape")
            await settle(pilot, app)
            screen.query_one("Heatmap").focus()
            await pilot.press("r")
            await settle(pilot, app)
            shot("replay")
            await pilot.press("w")
            await settle(pilot, app)
            shot("sweep")
            # Where the tokens go, before and after the tuned plan (b).
            await pilot.press("escape")
            await settle(pilot, app)
            await pilot.press("escape")
            await settle(pilot, app)
            await pilot.press("b")
            await settle(pilot, app)
            shot("breakdown")
        # The same first screen on an 80x24 terminal, and its tuning overlay (f2).
        app = create_app(demo=True, workspace=Path(tmp) / "demo-small.db", settings=AppSettings(theme="textual-dark"))
        app.data.label = "demo"
        app.show_timings = False
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            shot("narrow")
            await pilot.press("f2")
            await settle(pilot, app)
            shot("narrow-tuning")
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots"
    for p in asyncio.run(main(target)):
        print(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
