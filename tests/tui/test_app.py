"""The real app, driven with Pilot on the bundled demo."""

from __future__ import annotations

import tomllib

import pytest

from inspector.engine.planning import plan as engine_plan
from inspector.service.config import load_config
from inspector.tui.app import InspectorApp, create_app
from inspector.tui.screens.session import SessionScreen
from inspector.tui.widgets.heatmap import Heatmap
from inspector.tui.widgets.knobs import TuningPanel
from inspector.tui.widgets.slider import Slider

from .helpers import click_button, notices, open_session, run_shared, settings, settle

SIZE = (160, 48)
pytestmark = pytest.mark.anyio


@pytest.fixture
def fresh_demo_app(tmp_path):
    """`inspector demo` as the CLI builds it on a first start: the demo imported into a fresh workspace."""
    return create_app(demo=True, workspace=tmp_path / "fresh-demo.db", settings=settings())


@pytest.fixture
def demo_app(demo_workspace):
    """`inspector demo` on a later start: a copy of the demo imported once (tui/conftest.py)."""
    return create_app(demo=True, workspace=demo_workspace, settings=settings())


@pytest.fixture(scope="class")
async def running_session(demo_sessions_cached, tmp_path_factory):
    """The marathon open on one app at SIZE, for TestOnOneApp's checks (`shared_session`)."""
    from inspector.service.store import MemoryStore

    def make():
        return InspectorApp(MemoryStore(demo_sessions_cached, label="demo"), settings=settings())

    async for running in run_shared(make, SIZE, "marathon", tmp_path_factory.mktemp("shared")):
        yield running


async def test_demo_sessions_table_lists_every_format(fresh_demo_app):
    from textual.widgets import DataTable

    demo_app = fresh_demo_app

    async with demo_app.run_test(size=SIZE) as pilot:
        await settle(pilot, demo_app)
        # The demo opens its long session first, compacted by the default preset.
        assert isinstance(demo_app.screen, SessionScreen) and "marathon" in demo_app.screen.session_id
        plan = demo_app.screen.plan
        assert plan.config.preset == "balanced" and plan.triggered
        assert plan.total_before > plan.config.context_window > plan.total_after
        await pilot.press("escape")
        await settle(pilot, demo_app)
        table = demo_app.screen.query_one("#sessions-table", DataTable)
        rows = demo_app.session_rows
        assert table.row_count == len(rows) == 11
        assert {r.format for r in rows} == {"swe-agent", "openai-chat", "openai-agents"}
        # Sorted by tokens, largest first: the marathon leads; its title is its first request.
        first = table.get_row_at(0)
        assert "marathon" in str(first[6])
        assert str(first[0]) == "cryptography challenge “Baby Time Capsule”"
        assert int(str(first[2]).replace(",", "")) == max(r.tokens for r in rows)
        # Filter as you type.
        await pilot.press("slash", *"crypto")
        await pilot.pause()
        rows_shown = [table.get_row_at(i) for i in range(table.row_count)]
        assert rows_shown and all("crypto" in f"{r[0]} {r[6]}".lower() for r in rows_shown)
        assert table.row_count < len(rows)
        # Sort by messages (click the header twice flips it).
        await pilot.press("escape")
        await pilot.pause()
        assert table.row_count == len(rows)
        screen = demo_app.screen
        screen.sort_key, screen.sort_reverse = "messages", False
        screen.refresh_table()
        counts = [int(str(table.get_row_at(i)[1]).replace(",", "")) for i in range(table.row_count)]
        assert counts == sorted(counts)


async def test_move_threshold_replans_and_overlays_the_heatmap(demo_app):
    async with demo_app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, demo_app, "marathon")
        screen.set_values({"summarization.trigger.context_ratio": 0.0})  # only the token trigger below
        await settle(pilot, demo_app)
        first = demo_app.last_plan
        assert first is not None and not first.plan.triggered
        assert "summarize" not in first.plan.actions
        panel = screen.query_one(TuningPanel)
        knob = panel.knob("summarization.trigger.context_tokens")
        # Type an exact value into the input beside the slider.
        inp = knob.query_one("Input")
        inp.focus()
        inp.value = ""
        await pilot.press(*"30000", "enter")
        await settle(pilot, demo_app)
        msg = demo_app.last_plan
        assert msg is not first and msg.generation > first.generation
        assert msg.changed == {"summarization.trigger.context_ratio": 0.0,
                               "summarization.trigger.context_tokens": 30000}
        assert msg.config.summarization.trigger.context_tokens == 30000
        p = msg.plan
        assert p.triggered and p.stage("summarize").ran
        # The plan the app shows is the engine's plan for that config.
        expected = engine_plan(screen.session, msg.config, screen.counter)
        assert p.actions == expected.actions and p.total_after == expected.total_after
        heatmap = screen.query_one(Heatmap)
        assert heatmap.actions == p.actions
        row = next(i for i, a in enumerate(p.actions) if a == "summarize")
        assert "summarize" in heatmap.row_text(row)
        assert f"{p.tokens_before[row]:,} → –" in heatmap.row_text(row)
        summary = str(screen.query_one("#plan-summary").render())
        assert "summarize" in summary and "context_tokens" in summary
        # The slider moved to the typed value's position too.
        slider = knob.query_one(Slider)
        assert slider.position > 0


async def test_slider_keys_change_the_value_and_replan(memory_demo):
    demo_app = InspectorApp(memory_demo, settings=settings())
    async with demo_app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, demo_app, "marathon")
        knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_ratio")
        slider = knob.query_one(Slider)
        slider.focus()
        before = demo_app.last_plan.generation
        await pilot.press("shift+left", "shift+left", "shift+left", "shift+left", "left", "left", "left",
                          "left", "left")  # 0.75 -> 0.30
        await settle(pilot, demo_app)
        assert knob.value == pytest.approx(0.30)
        assert knob.query_one("Input").value == "0.30"
        msg = demo_app.last_plan
        assert msg.generation > before
        assert msg.config.summarization.trigger.context_ratio == pytest.approx(0.30)
        assert msg.plan.triggered


async def test_a_flood_of_changes_is_coalesced_into_one_plan(memory_demo):
    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        before = app.plan_count
        for value in range(1000, 60000, 1000):  # a dragged slider: many values in one tick
            screen.set_values({"summarization.trigger.context_tokens": value})
        await settle(pilot, app)
        assert app.plan_count == before + 1
        assert app.last_plan.config.summarization.trigger.context_tokens == 59000


async def test_a_knob_move_shows_its_value_at_once_and_never_prints_the_plan(memory_demo, monkeypatch):
    """The input beside a slider is set in the same call that moves the slider (so both
    repaint in one frame, apart from the heatmap's), and no worker describes itself
    with the repr of a whole plan (Textual's default: ~25 ms per knob move)."""
    from textual.widgets import Input

    from inspector.engine.planning.results import Plan
    from inspector.tui.widgets.knobs import format_value

    reprs: list[int] = []
    monkeypatch.setattr(Plan, "__repr__", lambda self: reprs.append(1) or "Plan(...)")
    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_tokens")
        slider = knob.query_one(Slider)
        before = knob.query_one(Input).value
        slider.action_step(10)  # no message processed in between
        assert knob.query_one(Input).value == format_value(knob.spec, knob.value) != before
        await settle(pilot, app)
        assert app.last_plan.config.summarization.trigger.context_tokens == knob.value
        assert reprs == []


async def test_a_knob_move_plans_in_its_own_handler_when_plans_are_quick(memory_demo):
    """A slider key plans before its handler returns (slider and plan paint in one
    frame) when the last plan was quick; a second move within the same frame, or any
    move after a slow plan, is planned by the worker as before. One plan per change."""
    import time

    from inspector.service.tuning import FRAME_S, PLAN_NOW_MS

    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_tokens")
        slider = knob.query_one(Slider)
        heatmap = screen.query_one(Heatmap)
        # As if the last plan had been quick (the demo plans in a few ms on a quiet machine):
        # the rule is under test, not this machine's speed under load.
        screen.tuning.plan_ms = 0.0
        count, generation = app.plan_count, heatmap.generation
        time.sleep(FRAME_S)
        slider.action_step(10)
        first = knob.value
        assert screen.config.summarization.trigger.context_tokens == first
        assert screen.plan.config.summarization.trigger.context_tokens == first  # planned and shown already
        assert heatmap.generation == generation + 1
        screen.tuning.planned_now_at = time.perf_counter()  # the same frame, however loaded the machine is
        slider.action_step(10)  # the same frame: queued, coalesced, planned by the worker
        assert screen.plan.config.summarization.trigger.context_tokens == first
        await settle(pilot, app)
        assert screen.plan.config.summarization.trigger.context_tokens == knob.value != first
        assert app.plan_count == count + 2 and app.last_plan.plan is screen.plan

        screen.tuning.plan_ms = PLAN_NOW_MS + 1  # as if the last plan had been slow
        time.sleep(FRAME_S)
        slider.action_step(-10)
        assert screen.plan.config.summarization.trigger.context_tokens != knob.value
        await settle(pilot, app)
        assert screen.plan.config.summarization.trigger.context_tokens == knob.value
        assert app.plan_count == count + 3


async def test_fidelity_is_measured_once_the_plan_is_painted(memory_demo, monkeypatch):
    """The fidelity worker (~250 ms on 10,000 messages) starts after the heatmap drew the
    plan it measures, so it never holds the interpreter lock through that repaint."""
    import inspector.service.pipeline as pipeline

    measured: list[tuple[int, int]] = []
    original = pipeline.measure_fidelity
    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        heatmap = screen.query_one(Heatmap)

        def measure(*args, **kwargs):
            measured.append((heatmap.painted, heatmap.generation))
            return original(*args, **kwargs)

        monkeypatch.setattr(pipeline, "measure_fidelity", measure)
        for value in (20_000, 40_000, 60_000):
            screen.set_values({"summarization.trigger.context_tokens": value})
            await settle(pilot, app)
        assert len(measured) == 3
        assert all(painted == generation for painted, generation in measured)
        assert screen.fidelity is not None


async def test_invalid_exact_value_is_refused(memory_demo):
    demo_app = InspectorApp(memory_demo, settings=settings())
    async with demo_app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, demo_app, "marathon")
        knob = screen.query_one(TuningPanel).knob("reduction.truncation.max_chars")
        before = demo_app.last_plan.generation
        assert not knob.set_exact("lots")
        await settle(pilot, demo_app)
        assert knob.has_class("-invalid")
        assert demo_app.last_plan.generation == before
        assert screen.config.reduction.truncation.max_chars == 20000


async def test_preset_and_exclude_tools(memory_demo):
    demo_app = InspectorApp(memory_demo, settings=settings())
    from textual.widgets import SelectionList

    async with demo_app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, demo_app, "marathon")
        screen.post_message(TuningPanel.PresetChosen("synaptic"))
        await settle(pilot, demo_app)
        assert demo_app.last_plan.config.preset == "synaptic"
        assert demo_app.last_plan.plan.triggered  # synaptic: 4000 tokens
        panel = screen.query_one(TuningPanel)
        assert panel.knob("summarization.trigger.context_tokens").value == 4000
        tools = screen.session.tool_names()
        sl = panel.query_one("#exclude-tools", SelectionList)
        assert [sl.get_option_at_index(i).prompt.plain for i in range(sl.option_count)] == tools
        sl.select(tools[0])
        await settle(pilot, demo_app)
        cfg = demo_app.last_plan.config
        assert cfg.reduction.clear.exclude_tools == [tools[0]]
        assert cfg.reduction.truncation.exclude_tools == [tools[0]]


async def test_apply_with_the_offline_summarizer_stores_a_version(demo_app):
    from inspector.tui.screens.apply import ApplyScreen

    async with demo_app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, demo_app, "marathon")
        screen.set_values({"summarization.trigger.context_ratio": 0.3})
        await settle(pilot, demo_app)
        plan = demo_app.last_plan.plan
        assert plan.summaries
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(demo_app.screen, ApplyScreen)
        assert "extractive (offline, no model)" in str(demo_app.screen.query_one("#apply-summarizer").render())
        await click_button(pilot, "#apply-go")
        await settle(pilot, demo_app)
        v = demo_app.last_version
        assert v is not None and v.session_id == screen.session_id
        assert v.summarizer == "extractive (offline, no model)"
        assert v.tokens_after < v.tokens_before
        versions = demo_app.data.list_versions(screen.session_id)
        assert [r.id for r in versions] == [v.version_id]
        stored = demo_app.data.load_version(v.version_id)
        assert len(stored.messages) == v.messages
        assert stored.messages[0].role == "system"
        assert any(m.kind == "summary" for m in stored.messages)
        assert stored.config.summarization.trigger.context_ratio == pytest.approx(0.3)
        # The TUI applies through the CLI's pipeline: same config, same messages.
        from inspector.formats.openai_chat import to_openai
        from inspector.service.pipeline import compact_session

        same = compact_session(screen.session, stored.config, counter=screen.counter)
        assert to_openai(stored.messages, keep_raw=False) == to_openai(same.messages, keep_raw=False)
        # The versions list shows it; restoring puts its config back in the tuner.
        await pilot.press("escape")
        await pilot.pause()
        screen.set_values({"summarization.trigger.context_ratio": 0.9})
        await settle(pilot, demo_app)
        await pilot.press("v")
        await settle(pilot, demo_app)
        from textual.widgets import DataTable

        assert demo_app.screen.query_one(DataTable).row_count == 1
        await pilot.press("r")
        await settle(pilot, demo_app)
        assert demo_app.screen is screen
        assert demo_app.last_plan.config.summarization.trigger.context_ratio == pytest.approx(0.3)
        assert screen.query_one(TuningPanel).knob("summarization.trigger.context_ratio").value == pytest.approx(0.3)


async def test_export_and_save_config(demo_app, tmp_path):
    from textual.widgets import Input, Select

    from inspector.tui.screens.export import ExportScreen, SaveConfigScreen

    async with demo_app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, demo_app, "marathon")
        screen.set_values({"reduction.clear.keep_rounds": 5})
        await settle(pilot, demo_app)
        await pilot.press("e")
        await pilot.pause()
        dlg = demo_app.screen
        assert isinstance(dlg, ExportScreen)
        formats = dlg.formats
        assert "openai-json" in formats
        dlg.query_one("#export-format", Select).value = "openai-json"
        await pilot.pause()
        out = tmp_path / "out.json"
        dlg.query_one("#export-path", Input).value = str(out)
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        assert demo_app.last_export == (out, "openai-json")
        import json

        data = json.loads(out.read_text())
        messages = data if isinstance(data, list) else data["messages"]
        assert messages[0]["role"] == "system"
        assert any("output cleared to save context" in json.dumps(m) for m in messages)  # compacted
        await pilot.press("escape")
        await pilot.press("S")
        await pilot.pause()
        save = demo_app.screen
        assert isinstance(save, SaveConfigScreen)
        target = tmp_path / "tuned.toml"
        save.query_one("#save-path", Input).value = str(target)
        await click_button(pilot, "#save-go")
        await pilot.pause()
        loaded = load_config(target)
        assert loaded.reduction.clear.keep_rounds == 5
        assert loaded == screen.config
        assert tomllib.loads(target.read_text())["reduction"]["clear"]["keep_rounds"] == 5


async def test_export_never_replaces_a_file_without_a_second_press(demo_app, tmp_path):
    from textual.widgets import Input, Select, Static

    from inspector.tui.screens.export import ExportScreen

    async with demo_app.run_test(size=SIZE) as pilot:
        await open_session(pilot, demo_app, "marathon")
        await pilot.press("e")
        await pilot.pause()
        dlg = demo_app.screen
        assert isinstance(dlg, ExportScreen)
        dlg.query_one("#export-format", Select).value = "markdown"
        await pilot.pause()
        folder = tmp_path / "exports"
        dlg.query_one("#export-path", Input).value = f"{folder}/"  # a directory, not there yet
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        written = demo_app.last_export[0]
        assert written.parent == folder and written.name.endswith(".md")
        written.write_text("my edits\n")
        dlg.query_one("#export-path", Input).value = str(written)
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        assert written.read_text() == "my edits\n"
        assert "press Export again to replace it" in str(dlg.query_one("#export-status", Static).render())
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        assert written.read_text().startswith("# ")


async def test_export_status_shows_the_absolute_path(demo_app, tmp_path, monkeypatch):
    """Issue 17.6: a relative path typed in the dialog is shown absolute, so the user
    finds the file whatever the working directory."""
    from textual.widgets import Input, Select, Static

    monkeypatch.chdir(tmp_path)
    async with demo_app.run_test(size=SIZE) as pilot:
        await open_session(pilot, demo_app, "marathon")
        await pilot.press("e")
        await pilot.pause()
        dlg = demo_app.screen
        dlg.query_one("#export-format", Select).value = "markdown"
        await pilot.pause()
        dlg.query_one("#export-path", Input).value = "out/"
        await click_button(pilot, "#export-go")
        await settle(pilot, demo_app)
        written = demo_app.last_export[0]
        status = str(dlg.query_one("#export-status", Static).render())
        assert f"wrote {(tmp_path / 'out' / written.name)}" in status.replace("\n", "")


async def test_help_lists_binding_ids_and_keymap_remaps(tmp_path, memory_demo):
    from textual.widgets import DataTable

    from inspector.tui.screens.apply import ApplyScreen
    from inspector.tui.screens.help import HelpScreen

    app = InspectorApp(memory_demo, settings=settings(keybindings={"session.apply": "ctrl+y"}))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query_one(DataTable)
        rows = {str(table.get_row_at(i)[1]): str(table.get_row_at(i)[2]) for i in range(table.row_count)}
        assert rows["session.apply"] == "ctrl+y"
        assert rows["session.preview"] == "p"
        assert {"app.help", "sessions.open", "heatmap.open", "slider.less", "apply.cancel"} <= set(rows)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("a")  # no longer bound
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert isinstance(app.screen, ApplyScreen)


async def test_command_palette_runs_main_actions(memory_demo):
    from inspector.tui.screens.preview import ContextScreen

    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        commands = {name: cb for name, _, cb in app.palette_commands(screen)}
        assert {"Apply compaction", "Export…", "Save config", "Compacted context", "Versions",
                "Preset: eino"} <= set(commands)
        assert sum(name.startswith("Open session") for name in commands) == 11
        commands["Preset: eino"]()
        await settle(pilot, app)
        assert app.last_plan.config.preset == "eino"
        commands["Compacted context"]()
        await pilot.pause()
        assert isinstance(app.screen, ContextScreen)
        # The palette itself finds them.
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"apply comp")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        from inspector.tui.screens.apply import ApplyScreen

        assert isinstance(app.screen, ApplyScreen)


async def test_single_session_source_opens_directly(tmp_path):
    from inspector.service.store import MemoryStore
    from inspector.sources.swe_agent import read_traj
    from tests.conftest import SWE_AGENT

    s = read_traj(SWE_AGENT / "function_calling_simple.traj")
    app = InspectorApp(MemoryStore([s], label="one"), settings=settings(theme="nord"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, SessionScreen)
        assert app.theme == "nord"
        assert app.screen.query_one(Heatmap).rows.n == len(s.messages)


async def test_worker_errors_become_notifications(memory_demo, monkeypatch):
    app = InspectorApp(memory_demo, settings=settings())

    def boom(session_id, each=None):
        raise KeyError(f"no session {session_id!r} in demo")

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        monkeypatch.setattr(app.data, "load_session", boom)
        app.open_session("missing")
        await settle(pilot, app)
        notes = [n.message for n in notices(app)]
        assert any("no session 'missing'" in n for n in notes)


async def test_the_plan_panel_shows_the_plans_fidelity(memory_demo):
    from inspector.service.pipeline import measure_fidelity

    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        p = app.last_plan.plan
        assert p.stage("summarize").ran
        # the service's measure of the plan shown, on the line and per category below it
        expected = measure_fidelity(screen.session, p, counter=screen.counter)
        assert screen.fidelity.fidelity.to_dict() == expected.fidelity.to_dict()
        assert expected.summaries == "extractive" and expected.fidelity.score < 1
        shown = str(screen.query_one("#plan-summary").render())
        assert f"fidelity {expected.fidelity.score:.2f}" in shown.splitlines()[0]
        kinds = expected.fidelity.kinds
        line = next(ln for ln in shown.splitlines() if ln.startswith(" fidelity of the offline summary"))
        for name, k in kinds.items():
            if k.items:
                assert f"{name.replace('_', ' ')} {k.kept}/{k.items}" in line
        lost = [name for name, k in kinds.items() if k.missing]
        assert lost and all(f"✗ {name.replace('_', ' ')}: " in shown for name in lost)
        # a new plan is measured again: without summarizing, the task is kept verbatim
        screen.set_values({"summarization.enabled": False})
        await settle(pilot, app)
        again = measure_fidelity(screen.session, app.last_plan.plan, counter=screen.counter)
        task = again.fidelity.kinds["task"]
        assert task.kept == task.items and again.fidelity.score > expected.fidelity.score
        assert screen.fidelity.fidelity.to_dict() == again.fidelity.to_dict()
        assert f"fidelity {again.fidelity.score:.2f}" in str(screen.query_one("#plan-summary").render())


class TestOnOneApp:
    """Checks that only read the marathon's screen (or open a screen over it and go
    back): one app for the class (`running_session`), ended before the tests below it
    run (test_an_open_session_is_kept_out_of_full_collections... counts the frozen
    objects of the whole process)."""

    async def test_the_minimap_marks_the_rows_on_screen(self, shared_session):
        from inspector.tui.widgets.profile import Profile

        app, pilot, screen = shared_session.app, shared_session.pilot, shared_session.screen
        heatmap, profile = screen.query_one(Heatmap), screen.query_one(Profile)
        rows = heatmap.visible_range()
        assert len(rows) > 10 and profile.window == (rows.start, rows.stop)
        heatmap.scroll_to(y=200, animate=False)  # the wheel scrolls without moving the cursor
        await settle(pilot, app)
        rows = heatmap.visible_range()
        assert rows.start == 200 and heatmap.cursor == 0
        assert profile.window == (rows.start, rows.stop)

    async def test_preview_diff_and_whole_context(self, shared_session):
        from inspector.tui.screens.preview import ContextScreen, PreviewScreen
        from inspector.tui.widgets.lines import LinesView

        demo_app, pilot, screen = shared_session.app, shared_session.pilot, shared_session.screen
        p = demo_app.last_plan.plan
        cleared = [i for i, a in enumerate(p.actions) if a == "clear" and screen.session.messages[i].role == "tool"]
        assert cleared, "the balanced preset clears old tool results in the marathon"
        screen.query_one(Heatmap).move_to(cleared[0])
        await pilot.press("p")
        await pilot.pause()
        preview = demo_app.screen
        assert isinstance(preview, PreviewScreen) and preview.mode == "diff"
        diff = preview.query_one("#preview-diff", LinesView).lines
        assert any(t.startswith("-") and not t.startswith("---") for t, _ in diff)
        assert any("output cleared to save context" in t for t, _ in diff if t.startswith("+"))
        await pilot.press("d")
        assert preview.mode == "side"
        after = preview.query_one("#preview-after", LinesView).text()
        assert "off-" in after  # the offload id the recovery hint names
        await pilot.press("c")
        await settle(pilot, demo_app)  # built in a worker, off the UI thread
        ctx = demo_app.screen
        assert isinstance(ctx, ContextScreen)
        text = ctx.query_one(LinesView).text()
        assert "output cleared to save context" in text
        assert f"{p.total_before:,} tokens" in ctx.summary

    async def test_token_boundaries_in_the_detail_pane(self, shared_session):
        pilot, screen = shared_session.pilot, shared_session.screen
        await pilot.press("t")
        await pilot.pause()
        text = screen.detail_text
        spans = [s for s in text.spans if "on #" in str(s.style)]
        body_tokens = screen.counter.count(screen.session.messages[0].text)
        assert abs(len(spans) - body_tokens) <= 2


async def test_an_open_session_is_kept_out_of_full_collections_until_the_screen_goes(memory_demo):
    import gc

    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert gc.get_freeze_count() == 0
        screen = await open_session(pilot, app, "marathon")
        assert screen.plan is not None
        frozen = gc.get_freeze_count()
        assert frozen > 0
        # Re-planning goes on as before.
        screen.set_values({"summarization.trigger.context_ratio": 0.3})
        await settle(pilot, app)
        assert screen.plan.config.summarization.trigger.context_ratio == 0.3
        await pilot.press("escape")
        await settle(pilot, app)
        assert not isinstance(app.screen, SessionScreen)
        assert gc.get_freeze_count() == 0  # handed back to the collector


async def test_a_knob_change_takes_one_channel(memory_demo):
    """The session's panel hands a knob change to the screen once, at once (its
    `on_change`), and posts no `Knob.Changed` too: no second channel, so no flag to
    stop it being handled twice. One change, one plan."""
    from inspector.tui.widgets.knobs import Knob

    app = InspectorApp(memory_demo, settings=settings())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_tokens")
        posted: list[object] = []
        post = knob.post_message

        def record(message):
            posted.append(message)
            return post(message)

        knob.post_message = record  # type: ignore[method-assign]
        count = app.plan_count
        knob.query_one(Slider).action_step(10)
        await settle(pilot, app)
        assert not any(isinstance(m, Knob.Changed) for m in posted)
        assert app.plan_count == count + 1
        assert screen.plan.config.summarization.trigger.context_tokens == knob.value
