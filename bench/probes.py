"""Measurements that need a fresh process; bench/run.py starts them and reads the one
JSON line each prints.

    python bench/probes.py rss WORKSPACE SESSION_ID [SOURCE]
    python bench/probes.py first-frame WORKSPACE_DB
    python bench/probes.py first-frame-bare
    python bench/probes.py replan-repaint [CHANGES]
    python bench/probes.py open-session WORKSPACE SESSION_ID
    python bench/probes.py replan-stored WORKSPACE SESSION_ID
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

T_START = time.monotonic()  # as early as the probe can see (parent compares to spawn)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def peak_bytes() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


def reset_peak() -> bool:
    """Reset VmHWM to the current RSS (Linux: write 5 to clear_refs)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _isolate(tmp: str) -> None:
    os.environ["INSPECTOR_SETTINGS"] = os.path.join(tmp, "no-settings.toml")
    os.environ["XDG_DATA_HOME"] = os.path.join(tmp, "data")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(tmp, "config")
    for key in list(os.environ):
        if key.startswith("INSPECTOR_") and key != "INSPECTOR_SETTINGS":
            del os.environ[key]


# ---------------------------------------------------------------------------------- rss


def probe_rss(workspace: str, session_id: str, source: str | None = None) -> dict:
    """Peak RSS growth while opening the 10k session from the workspace (counts
    cached), analysing it and planning it for 20 thresholds, over the interpreter
    with every module loaded and the encoder warm."""
    import gc

    from engine_bench import THRESHOLDS, replan_config

    from inspector.engine import make_counter, plan, preset
    from inspector.engine.analysis import analyze
    from inspector.workspace.database import Workspace
    from tests.sessions import agent_session

    counter = make_counter()
    small = agent_session(rounds=8)
    plan(small, preset("balanced").with_values({"summarization.trigger.context_tokens": 500,
                                                "summarization.trigger.context_ratio": 0.0}), counter)
    with Workspace(":memory:") as ws:  # load the store's code paths once
        ws.load_session(ws.add_session(small))
    del small
    gc.collect()
    baseline = rss_bytes()
    resettable = reset_peak()
    start_peak = peak_bytes()
    t = time.perf_counter()
    ws = Workspace(workspace)
    if source:
        from inspector.service.opening import import_source

        report = import_source(ws, source)
        session_id = report.session_ids[0]
    session = ws.load_session(session_id)
    a = analyze(session, counter, ws.token_cache())
    for threshold in THRESHOLDS:
        plan(session, replan_config("balanced", threshold), counter)
    p = plan(session, preset("balanced"), counter)
    seconds = time.perf_counter() - t
    peak = peak_bytes()
    gc.collect()
    steady = rss_bytes()
    from data import text_bytes

    tb = text_bytes(session)
    out = {
        "baseline_rss": baseline, "peak_rss": peak, "steady_rss": steady,
        "peak_growth": peak - baseline, "steady_growth": steady - baseline,
        "text_bytes": tb, "messages": a.n, "tokens": a.total, "seconds": round(seconds, 3),
        "peak_reset": resettable, "peak_before_open": start_peak, "plan_total_after": p.total_after,
        "rss_ratio": round((peak - baseline) / tb, 2),
        "steady_ratio": round((steady - baseline) / tb, 2),
    }
    ws.close()
    return out


# -------------------------------------------------------------------------- first frame


def probe_first_frame(workspace_db: str) -> dict:
    """The demo app (`inspector demo` on a fresh workspace) under run_test: the
    monotonic time of the first compositor refresh that paints the sessions screen,
    and of the table filled with the imported demo sessions."""
    import asyncio
    import tempfile

    _isolate(tempfile.mkdtemp())
    t_imports = time.monotonic()
    from textual.screen import Screen

    from inspector.settings import AppSettings
    from inspector.tui.app import create_app

    t_imported = time.monotonic()
    marks: dict[str, float] = {}
    original = Screen._compositor_refresh

    def refresh(self):
        original(self)
        if "frame" not in marks and type(self).__name__ == "SessionsScreen" and self.is_current:
            marks["frame"] = time.monotonic()

    Screen._compositor_refresh = refresh  # instrumentation only

    async def main() -> None:
        marks["create"] = time.monotonic()
        app = create_app(demo=True, workspace=workspace_db, settings=AppSettings())
        async with app.run_test(size=(160, 48)) as pilot:
            while "frame" not in marks:
                await pilot.pause()
            for _ in range(200):
                if app.session_rows:
                    marks["rows"] = time.monotonic()
                    break
                await pilot.pause(0.01)
            marks["rows_count"] = len(app.session_rows)
            # The demo then opens its marathon session: leaving while that screen
            # mounts races Textual's Header (NoMatches at exit), so let it finish.
            for _ in range(500):
                if type(app.screen).__name__ == "SessionScreen" and getattr(app.screen, "plan", None):
                    break
                await pilot.pause(0.01)
            await app.workers.wait_for_complete()
            # (and its widgets: a Select still mounting at exit raises NoMatches on its label)
            for _ in range(20):
                await pilot.pause(0.01)

    asyncio.run(main())
    return {"start": T_START, "imports_start": t_imports, "imported": t_imported, **marks}


def probe_first_frame_bare() -> dict:
    """The reference of `first-frame`: a Textual app of one Static under run_test, the
    monotonic time of its first compositor refresh (spawn to frame, as for the demo)."""
    import asyncio

    from textual.app import App, ComposeResult
    from textual.screen import Screen
    from textual.widgets import Static

    marks: dict[str, float] = {}
    original = Screen._compositor_refresh

    def refresh(self):
        original(self)
        marks.setdefault("frame", time.monotonic())

    Screen._compositor_refresh = refresh  # instrumentation only

    class Bare(App):
        def compose(self) -> ComposeResult:
            yield Static("inspector")

    async def main() -> None:
        async with Bare().run_test(size=(160, 48)) as pilot:
            while "frame" not in marks:
                await pilot.pause()

    asyncio.run(main())
    return {"start": T_START, **marks}


# ----------------------------------------------------------------------- replan repaint


def probe_replan_repaint(changes: int = 20) -> dict:
    """The real app on the 10k session in memory: each slider key press on the
    summarization trigger, to the end of the compositor refresh that paints the
    heatmap with the new plan."""
    import asyncio
    import tempfile

    _isolate(tempfile.mkdtemp())
    from data import big_session
    from engine_bench import replan_config
    from textual.screen import Screen

    from inspector.service.store import MemoryStore
    from inspector.settings import AppSettings
    from inspector.tui.app import InspectorApp
    from inspector.tui.messages import PlanReady
    from inspector.tui.widgets.heatmap import Heatmap
    from inspector.tui.widgets.knobs import TuningPanel
    from inspector.tui.widgets.slider import Slider

    session = big_session()
    state = {"target": None, "rendered": None, "done": None, "done_cpu": None}
    original_refresh = Screen._compositor_refresh
    original_line = Heatmap.render_line

    def render_line(self, y):
        state["rendered"] = self.generation
        return original_line(self, y)

    def refresh(self):
        state["rendered"] = None
        original_refresh(self)
        if state["target"] is not None and state["rendered"] == state["target"] and state["done"] is None:
            state["done"] = time.perf_counter()
            state["done_cpu"] = time.process_time()

    Heatmap.render_line = render_line  # instrumentation only
    Screen._compositor_refresh = refresh

    plans: list[float] = []
    original_ready = InspectorApp.on_plan_ready

    def on_plan_ready(self, message: PlanReady) -> None:
        plans.append(message.ms)
        original_ready(self, message)

    InspectorApp.on_plan_ready = on_plan_ready

    async def settle(pilot, app) -> None:
        for _ in range(4):
            await pilot.pause()
            await app.workers.wait_for_complete()
        await pilot.pause()

    async def main() -> dict:
        data = MemoryStore([session], label="bench")
        app = InspectorApp(data, settings=AppSettings(), config=replan_config("balanced", 8000))
        out: dict = {}
        async with app.run_test(size=(160, 48)) as pilot:
            screen = None
            for _ in range(600):
                await settle(pilot, app)
                screen = app.screen
                if type(screen).__name__ == "SessionScreen" and getattr(screen, "plan", None) is not None:
                    break
            else:
                raise RuntimeError("the session screen never showed a plan")
            heatmap = screen.query_one(Heatmap)
            knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_tokens")
            slider = knob.query_one(Slider)
            slider.focus()
            await settle(pilot, app)
            keys = (["shift+right"] * 6 + ["right"] * 4 + ["shift+left"] * 6 + ["left"] * 4) * 3
            keys = keys[:changes]
            ms, cpu_ms, values, plan_ms = [], [], [], []
            for key in keys:
                gen = heatmap.generation
                state["target"] = gen + 1
                state["done"] = None
                n_plans = len(plans)
                t0, c0 = time.perf_counter(), time.process_time()
                await pilot.press(key)
                deadline = time.perf_counter() + 10
                while state["done"] is None and time.perf_counter() < deadline:
                    await asyncio.sleep(0.0005)
                if state["done"] is None:
                    raise RuntimeError(f"no repaint after {key}")
                ms.append((state["done"] - t0) * 1000)
                cpu_ms.append((state["done_cpu"] - c0) * 1000)
                values.append(screen.config.summarization.trigger.context_tokens)
                plan_ms.append(plans[-1] if len(plans) > n_plans else float("nan"))
                await settle(pilot, app)
            out = {
                "ms": [round(x, 2) for x in ms], "median": round(statistics.median(ms), 2),
                "p90": round(statistics.quantiles(ms, n=10, method="inclusive")[-1], 2),
                "max": round(max(ms), 2), "min": round(min(ms), 2),
                "cpu_ms": [round(x, 2) for x in cpu_ms], "cpu_median": round(statistics.median(cpu_ms), 2),
                "thresholds": values, "plan_ms": [round(x, 2) for x in plan_ms],
                "plan_ms_median": round(statistics.median(plan_ms), 2),
                "messages": len(session.messages), "visible_rows": len(heatmap.visible_range()),
            }
        return out

    return asyncio.run(main())


# ---------------------------------------------------------------- open a big session


def probe_open_session(workspace: str, session_id: str) -> dict:
    """The real app on a workspace, opening one session (`open_session`): from the
    session screen's mount to the end of the first compositor refresh that paints
    heatmap rows, to the one that paints every row (the session loaded, its counts
    read from the workspace cache), and to the one that paints the first plan. Times
    are monotonic seconds from the mount; CPU seconds of the process alongside."""
    import asyncio
    import contextlib
    import tempfile

    _isolate(tempfile.mkdtemp())
    from textual.screen import Screen

    from inspector.service.store import WorkspaceStore
    from inspector.settings import AppSettings
    from inspector.tui.app import InspectorApp
    from inspector.tui.screens.session import SessionScreen
    from inspector.tui.widgets.heatmap import Heatmap
    from inspector.workspace.database import Workspace

    marks: dict[str, float] = {}
    cpu: dict[str, float] = {}
    seen = {"rows": 0, "generation": 0}
    planned = asyncio.Event()
    original_mount = SessionScreen.on_mount
    original_refresh = Screen._compositor_refresh
    original_line = Heatmap.render_line

    def on_mount(self):
        marks["mount"] = time.monotonic()
        cpu["mount"] = time.process_time()
        original_mount(self)

    def render_line(self, y):
        if self.rows.n and y > 0:
            seen["rows"] = max(seen["rows"], self.rows.n)
            seen["generation"] = max(seen["generation"], self.generation)
        return original_line(self, y)

    def refresh(self):
        original_refresh(self)
        if "mount" not in marks:
            return
        now, now_cpu = time.monotonic(), time.process_time()
        for key, reached in (("first_rows", seen["rows"] > 0), ("all_rows", seen["rows"] >= marks.get("n", 1e18)),
                             ("first_plan", seen["generation"] > 0)):
            if reached and key not in marks:
                marks[key] = now
                cpu[key] = now_cpu
                marks[f"{key}_rss"] = rss_bytes()
                if key == "first_plan":
                    planned.set()

    SessionScreen.on_mount = on_mount  # instrumentation only
    Screen._compositor_refresh = refresh
    Heatmap.render_line = render_line

    import gc

    from inspector.engine import make_counter

    ws = Workspace(workspace)
    info = ws.session_info(session_id)
    marks["n"] = info.messages
    make_counter(model=info.model).count("warm up")  # the encoder in the baseline, as in `rss`
    gc.collect()
    baseline = rss_bytes()  # the interpreter with the app's modules and the encoder loaded
    resettable = reset_peak()

    async def main() -> None:
        app = InspectorApp(WorkspaceStore(ws), settings=AppSettings(), open_session=session_id)
        async with app.run_test(size=(160, 48)):
            # Waited for without polling: Pilot.pause() sends a message through every
            # widget of the screen each time (~80,000 on this screen at 10 ms), work on
            # the painting thread the app itself never does.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(planned.wait(), 600)
            marks["peak"] = peak_bytes()
            if "first_plan" not in marks:
                raise RuntimeError(f"the session screen never painted a plan: {marks}")
            start, start_cpu = marks["mount"], cpu["mount"]
            out: dict = {"messages": int(marks["n"]), "baseline_rss": baseline, "peak_rss": marks["peak"],
                         "peak_growth": marks["peak"] - baseline, "peak_reset": resettable}
            for key in ("first_rows", "all_rows", "first_plan"):
                out[f"{key}_s"] = round(marks[key] - start, 3)
                out[f"{key}_cpu_s"] = round(cpu[key] - start_cpu, 3)
                out[f"{key}_rss"] = int(marks[f"{key}_rss"])
            # What the screen does after its first plan (the fidelity of a 100k plan, in a
            # thread that cannot be cancelled) is not this probe's: leave at once.
            print(json.dumps(out), flush=True)
            os._exit(0)

    asyncio.run(main())
    raise RuntimeError("the probe should have left after the first plan")


def _raw_read(workspace: str, session_id: str) -> tuple[float, float]:
    """Seconds (wall, CPU) to read the session's rows (the columns `load_session` reads: each
    body's stored record, text and packed raw record, or its JSON, and the content
    hash, in order) with plain sqlite3: the floor of a load from the workspace."""
    import sqlite3

    from inspector.workspace.database import SESSION_ROWS_SQL

    t, c = time.perf_counter(), time.process_time()
    conn = sqlite3.connect(f"file:{workspace}?mode=ro", uri=True)
    rows = conn.execute(SESSION_ROWS_SQL, (session_id,)).fetchall()
    seconds, cpu = time.perf_counter() - t, time.process_time() - c
    conn.close()
    del rows
    return round(seconds, 3), round(cpu, 3)


def probe_replan_stored(workspace: str, session_id: str) -> dict:
    """The library on a session stored in the workspace (counts cached): its rows read
    with plain sqlite3 (`raw_read_s`, before and after the load), `load_session`,
    `analyze`, the first plan of the config the app opens with (`first_plan_s`: the
    reference of `open-session`), then plan() for each of the 20 thresholds once and
    again (balanced)."""
    import tempfile

    _isolate(tempfile.mkdtemp())  # the app's default config, as open-session sees it
    from engine_bench import THRESHOLDS, replan_config

    from inspector.engine import make_counter, plan
    from inspector.engine.analysis import analyze
    from inspector.settings import AppSettings
    from inspector.workspace.database import Workspace

    raw = [_raw_read(workspace, session_id)]
    with Workspace(workspace) as ws:
        t, c = time.perf_counter(), time.process_time()
        session = ws.load_session(session_id)
        load_s, load_cpu = time.perf_counter() - t, time.process_time() - c
    raw.append(_raw_read(workspace, session_id))
    raw_s, raw_cpu = [r[0] for r in raw], [r[1] for r in raw]
    with Workspace(workspace) as ws:
        counter = make_counter(model=session.model)
        t, c = time.perf_counter(), time.process_time()
        analyze(session, counter, ws.token_cache())
        analyze_s, analyze_cpu = time.perf_counter() - t, time.process_time() - c
    t, c = time.perf_counter(), time.process_time()
    plan(session, AppSettings().compaction(), counter)
    first_s, first_cpu = time.perf_counter() - t, time.process_time() - c
    configs = [replan_config("balanced", th) for th in THRESHOLDS]
    ms, cpu_ms, again = [], [], []
    for cfg in configs:
        t, c = time.perf_counter(), time.process_time()
        plan(session, cfg, counter)
        ms.append((time.perf_counter() - t) * 1000)
        cpu_ms.append((time.process_time() - c) * 1000)
    for cfg in configs:
        t = time.perf_counter()
        plan(session, cfg, counter)
        again.append((time.perf_counter() - t) * 1000)
    return {"messages": len(session.messages), "raw_read_s": round(min(raw_s), 3), "raw_read_runs_s": raw_s,
            "raw_read_cpu_s": min(raw_cpu),
            "load_s": round(load_s, 3), "analyze_s": round(analyze_s, 3), "load_cpu_s": round(load_cpu, 3),
            "analyze_cpu_s": round(analyze_cpu, 3), "first_plan_cpu_s": round(first_cpu, 3),
            "first_plan_s": round(first_s, 3), "ms": [round(x, 2) for x in ms],
            "median": round(statistics.median(ms), 2), "cpu_median": round(statistics.median(cpu_ms), 2),
            "max": round(max(ms), 2), "revisit_median": round(statistics.median(again), 2)}


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "rss":
        result = probe_rss(*args)
    elif cmd == "first-frame":
        result = probe_first_frame(*args)
    elif cmd == "first-frame-bare":
        result = probe_first_frame_bare()
    elif cmd == "replan-repaint":
        result = probe_replan_repaint(*(int(a) for a in args))
    elif cmd == "open-session":
        result = probe_open_session(*args)
    elif cmd == "replan-stored":
        result = probe_replan_stored(*args)
    else:
        raise SystemExit(f"unknown probe {cmd!r}")
    print(json.dumps(result))
