"""Issue 16/17: the layout adapts to 80x24 and 160x48, focus and keys behave as
Textual users expect, knobs explain themselves, and state is visible."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, OptionList, Select, Static

from inspector.tui.app import InspectorApp
from inspector.tui.screens.session import SessionScreen
from inspector.tui.widgets.heatmap import Heatmap
from inspector.tui.widgets.knobs import Knob, TuningPanel
from inspector.tui.widgets.slider import Slider

from .helpers import notices, open_session, run_shared, settings, settle

pytestmark = pytest.mark.anyio
SMALL, LARGE = (80, 24), (160, 48)
ALWAYS = ["#", "role", "tokens", "heat", "plan"]


@pytest.fixture
def app(memory_demo):
    a = InspectorApp(memory_demo, settings=settings())
    a.show_timings = False
    return a


@pytest.fixture(scope="module")
async def running_session(demo_sessions_cached, tmp_path_factory):
    """The marathon open at 160x48 on one app, for the checks that only read it
    (`shared_session`; the fresh start at this size is test_160x48_panel_beside_...)."""
    from inspector.service.store import MemoryStore

    def make():
        a = InspectorApp(MemoryStore(demo_sessions_cached, label="demo"), settings=settings())
        a.show_timings = False
        return a

    async for running in run_shared(make, LARGE, "marathon", tmp_path_factory.mktemp("shared")):
        yield running


def _in_panel(screen, widget) -> bool:
    panel = screen.query_one(TuningPanel)
    return widget is not None and (widget is panel or panel in widget.ancestors)


def _visible_table_columns(table: DataTable) -> list[str]:
    """Column keys whose cells start inside the table's visible width."""
    x, shown = 0, []
    for col in table.ordered_columns:
        if x < table.scrollable_content_region.width:
            shown.append(str(col.key.value))
        x += col.get_render_width(table)
    return shown


async def test_80x24_heatmap_keeps_its_columns_and_the_panel_is_an_overlay(app):
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_session(pilot, app, "marathon")
        heatmap = screen.query_one(Heatmap)
        panel = screen.query_one(TuningPanel)
        assert screen.has_class("-narrow")
        assert not panel.display  # hidden until f2
        assert heatmap.size.width >= 76
        cols = heatmap.visible_columns()
        assert cols[:2] == ["#", "role"] and set(ALWAYS) <= set(cols)
        header = heatmap.render_line(0).text
        for name in ("role", "tokens", "heat", "plan"):
            assert name in header
        # The plan summary is one line.
        summary = str(screen.query_one("#plan-summary").render())
        assert "\n" not in summary.strip() and "→" in summary
        # f2 shows the panel over the table and focuses its first knob; the status line names it.
        await pilot.press("f2")
        await pilot.pause()
        assert panel.display and _in_panel(screen, app.focused)
        line = str(screen.query_one("#focus-line").render())
        assert "summarization.enabled" in line
        # esc returns to the table (and hides the panel), without leaving the session.
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.focused is heatmap and not panel.display
        # A click on the table (left of the overlay) closes the overlay too.
        await pilot.press("f2")
        await pilot.pause()
        assert panel.display
        await pilot.click(heatmap, offset=(2, 3))
        await pilot.pause()
        assert app.focused is heatmap and not panel.display
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def test_160x48_panel_beside_the_table_f2_toggles_focus(app):
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        heatmap = screen.query_one(Heatmap)
        panel = screen.query_one(TuningPanel)
        assert not screen.has_class("-narrow") and panel.display
        assert heatmap.region.right <= panel.region.x  # side by side, no overlap
        assert heatmap.visible_columns() == ["#", "role", "tool", "tokens", "share", "heat", "plan", "change",
                                             "preview"]
        summary = str(screen.query_one("#plan-summary").render())
        assert "summarize" in summary and "\n" in summary  # every stage below the line
        await pilot.press("f2")
        await pilot.pause()
        assert _in_panel(screen, app.focused)
        await pilot.press("tab")  # one stop per knob, in the panel's order (issue 27.8)
        await pilot.pause()
        assert _in_panel(screen, app.focused)
        knob = next(a for a in app.focused.ancestors if isinstance(a, Knob))
        assert knob.spec.key == "summarization.trigger.context_tokens"
        assert "summarization.trigger.context_tokens" in str(screen.query_one("#focus-line").render())
        await pilot.press("f2")
        await pilot.pause()
        assert app.focused is heatmap
        await pilot.press("f2", "escape")
        await pilot.pause()
        assert app.focused is heatmap and app.screen is screen


async def test_sessions_table_shows_title_messages_tokens_window_first(app):
    """At 80x24 (the fresh start) and once resized to 160x48, on one app."""
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        for size in (SMALL, LARGE):
            if size != SMALL:
                await pilot.resize_terminal(*size)
                await settle(pilot, app)
            assert app.size == size
            table = app.screen.query_one("#sessions-table", DataTable)
            shown = _visible_table_columns(table)
            assert shown[:4] == ["title", "messages", "tokens", "window"], size
            if size == LARGE:
                assert "id" in shown
            # The id is whole in the detail line.
            detail = str(app.screen.query_one("#sessions-detail").render())
            assert app.screen.selected_id() in detail


async def test_knob_help_is_the_config_fields_text_as_config_init_writes_it(shared_session):
    from inspector.engine.config import CompactionConfig

    toml = " ".join(line.lstrip("# ").strip() for line in CompactionConfig().to_toml(comments=True).splitlines())
    screen = shared_session.screen
    for knob in screen.query(Knob):
        info = CompactionConfig.model_fields
        field = None
        for part in knob.spec.key.split("."):
            field = info[part]
            info = getattr(field.annotation, "model_fields", {})
        description = " ".join(field.description.split())
        assert description in str(knob.tooltip), knob.spec.key
        assert " ".join(description.split()) in toml, knob.spec.key
        assert "Default:" in knob.help_line and "preset balanced:" in knob.help_line
        # Every knob names the reference system (or says it is inspector's own).
        assert any(name in description for name in ("Eino", "trpc", "Sagents", "Synaptic", "inspector",
                                                    "litellm")), knob.spec.key


async def test_preset_shows_modified_and_a_switch_can_be_undone(app):
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        panel = screen.query_one(TuningPanel)
        select = panel.query_one("#preset", Select)
        assert "modified" not in str(select.selection_prompt if hasattr(select, "selection_prompt") else "")
        screen.set_values({"reduction.clear.keep_rounds": 7})
        await settle(pilot, app)
        prompts = [str(option.prompt) for option in select.query_one(OptionList).options]  # the drop-down's
        assert "balanced (modified)" in prompts and "balanced" not in prompts
        assert "balanced (modified)" in str(select.query_one("SelectCurrent #label", Static).render())  # shown too
        assert "balanced, modified" in str(screen.query_one("#plan-summary").render())
        screen.post_message(TuningPanel.PresetChosen("eino"))
        await settle(pilot, app)
        assert app.last_plan.config.preset == "eino"
        assert any("ctrl+z" in n.message for n in notices(app))
        await pilot.press("ctrl+z")
        await settle(pilot, app)
        assert app.last_plan.config.preset == "balanced"
        assert app.last_plan.config.reduction.clear.keep_rounds == 7
        assert panel.knob("reduction.clear.keep_rounds").value == 7


async def test_warning_count_on_the_plan_line_opens_the_warnings(app):
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_session(pilot, app, "marathon")
        assert screen.plan.warnings  # the default plan of the demo marathon warns
        summary = str(screen.query_one("#plan-summary").render())
        n = len(screen.plan.warnings)
        assert f"⚠ {n} warning" in summary and "\n" not in summary.strip()
        # A click on the count opens the whole plan at its warnings; w closes it again.
        await pilot.click("#plan-summary", offset=(summary.index("⚠") + 2, 0))
        await pilot.pause()
        assert screen.plan_expanded
        summary = str(screen.query_one("#plan-summary").render())
        assert screen.plan.warnings[0].message in summary
        await pilot.press("w")
        await pilot.pause()
        assert not screen.plan_expanded


async def test_every_right_press_moves_a_log_slider(app):
    """Right presses across a position whose rounded value equals the one before (13 and
    14 of the trigger's log slider) each move the value; every position of every slider
    is walked below the TUI (test_parts, test_every_step_of_a_slider_changes_its_value)."""
    from inspector.tui.widgets.knobs import from_position

    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        knob = screen.query_one(TuningPanel).knob("summarization.trigger.context_tokens")
        assert from_position(knob.spec, 13) == from_position(knob.spec, 14)  # what the presses cross
        slider = knob.query_one(Slider)
        slider.position = 12
        slider.focus()
        await settle(pilot, app)
        values = [knob.value]
        for _ in range(4):
            await pilot.press("right")
            values.append(knob.value)
        assert all(b > a for a, b in zip(values, values[1:])), values
        assert slider.position == 17, "the press onto 14 went on to 15"


async def test_clicking_an_input_selects_its_value(app):
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        knob = screen.query_one(TuningPanel).knob("reduction.clear.keep_rounds")
        inp = knob.query_one(Input)
        await pilot.click(inp)
        await pilot.press("9", "enter")
        await settle(pilot, app)
        assert inp.value == "9" and app.last_plan.config.reduction.clear.keep_rounds == 9


async def test_toggles_read_without_colour(app):
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        knob = screen.query_one(TuningPanel).knob("reduction.compaction.enabled")
        assert str(knob.query_one(".knob-state").render()) == "[ ] off"
        screen.set_values({"reduction.compaction.enabled": True})
        await settle(pilot, app)
        assert str(knob.query_one(".knob-state").render()) == "[x] on"
        tools = screen.query_one(TuningPanel).query_one("#exclude-tools")
        assert tools.render_line(0).text.startswith("[ ] ")
        tools.select(tools.get_option_at_index(0).value)
        await settle(pilot, app)
        assert tools.render_line(0).text.startswith("[x] ")


async def test_focus_reads_without_colour(shared_session):
    """Issue 17.5: the focused knob's name is bold and reversed (not only a faint
    colour change); the other knobs' names are not."""
    app, pilot, screen = shared_session.app, shared_session.pilot, shared_session.screen
    panel = screen.query_one(TuningPanel)
    focused = panel.knob("summarization.trigger.context_tokens")
    other = panel.knob("summarization.keep.tokens")
    focused.query_one(Slider).focus()
    await settle(pilot, app)
    label = focused.query_one("Label.knob-label").rich_style
    assert label.reverse and label.bold
    assert not other.query_one("Label.knob-label").rich_style.reverse
    other.query_one(Slider).focus()
    await settle(pilot, app)
    assert not focused.query_one("Label.knob-label").rich_style.reverse
    assert other.query_one("Label.knob-label").rich_style.reverse


async def test_a_plan_with_a_summary_not_generated_says_estimated(shared_session):
    """Issue 17.3: before its summary exists, the plan's total is an estimate, and the
    plan line and the context gauge say so."""
    from inspector.tui.widgets.profile import ContextGauge

    screen = shared_session.screen
    assert screen.plan.summaries and screen.plan.estimated
    line = str(screen.query_one("#plan-summary").render())
    assert f"→ ~{screen.plan.total_after:,} tokens (estimated)" in line
    assert " → ~" in str(screen.query_one(ContextGauge).render())


async def test_q_quits_from_the_sessions_screen(app):
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # it exited, cleanly (None until it exits)


async def test_q_goes_back_from_the_session_screen_but_types_into_an_input(app):
    """q is back on every screen but the sessions list, where it quits (issue 27.9)."""
    from textual.widgets import Input

    from inspector.tui.screens.sessions import SessionsScreen

    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        field = screen.query(Input).first()
        field.focus()
        await pilot.pause()
        before = field.value
        await pilot.press("end", "q")
        await pilot.pause()
        assert app.return_code is None and field.value == before + "q"
        screen.query_one(Heatmap).focus()
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, SessionsScreen) and app.return_code is None  # not exited
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # it exited, cleanly (None until it exits)


async def test_sessions_count_follows_the_filter_with_plurals(app):
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot, app)
        status = app.screen.query_one("#sessions-status")
        assert str(status.render()).startswith("11 sessions ·")
        await pilot.press("slash", *"crypto")
        await pilot.pause()
        table = app.screen.query_one("#sessions-table", DataTable)
        assert str(status.render()).startswith(f"{table.row_count} of 11 sessions ·")
        label = str(table.columns[table.ordered_columns[2].key].label)  # tokens, sorted descending
        assert label.endswith("▼")


async def test_help_shows_readable_key_names(shared_session):
    """Every screen's keys, whichever screen is open (the module's app)."""
    from inspector.tui.screens.help import binding_rows

    rows = {r[1]: r[2] for r in binding_rows(shared_session.app)}
    assert rows["app.help"] == "f1, ?"
    assert rows["sessions.filter"] == "/"
    assert not any("question_mark" in keys or "slash" in keys for keys in rows.values())


async def test_apply_dialog_focuses_the_label(shared_session):
    app, pilot = shared_session.app, shared_session.pilot
    await pilot.press("a")
    await pilot.pause()
    assert app.focused is not None and app.focused.id == "apply-label"
    text = str(app.screen.query_one("#apply-dialog").query("Static")[1].render())
    assert "1 summary to generate" in text and "(ies)" not in text and "(s)" not in text


async def test_one_context_window_for_the_list_and_the_session(app):
    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot, app)
        screen = app.screen
        screen.query_one("#sessions-window", Select).value = 200_000
        await settle(pilot, app)
        row = next(r for r in app.session_rows if "marathon" in r.id)
        table = screen.query_one("#sessions-table", DataTable)
        listed = str(table.get_row(row.id)[3])
        session = await open_session(pilot, app, "marathon")
        assert session.plan.context_window == 200_000
        assert listed == f"{row.tokens / 200_000:.1%}"
        # A window changed in the session view is the list's too.
        session.set_values({"tokens.context_window": 400_000})
        await settle(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert app.screen.window == 400_000
        assert str(table.get_row(row.id)[3]) == f"{row.tokens / 400_000:.1%}"


async def test_a_big_session_shows_rows_while_its_tokens_are_counted(demo_sessions_cached, monkeypatch):
    from inspector.demo import synthetic_session
    from inspector.service.store import MemoryStore

    big = synthetic_session(6000, demo_sessions_cached)
    seen = _rows_seen(monkeypatch)
    app = InspectorApp(MemoryStore([big], label="big"), settings=settings())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, SessionScreen)
        assert seen and min(seen) < len(big.messages)  # rows shown before the whole count
        assert app.screen.query_one(Heatmap).rows.n == len(big.messages)


async def test_a_big_session_from_the_workspace_shows_rows_while_it_is_read(demo_sessions_cached, monkeypatch,
                                                                             tmp_path):
    """Rows arrive batch by batch as the workspace reads the session; once loaded they
    are the rows of the whole session (tool names across batches included)."""
    from inspector.demo import synthetic_session
    from inspector.engine.tokens import TokenCache, count_messages
    from inspector.service.store import WorkspaceStore
    from inspector.tui.widgets.heatmap import row_data
    from inspector.workspace.database import Workspace

    big = synthetic_session(5000, demo_sessions_cached)
    ws = Workspace(tmp_path / "ws.db")
    wid = ws.add_session(big)
    seen = _rows_seen(monkeypatch)
    app = InspectorApp(WorkspaceStore(ws), settings=settings(), open_session=wid)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, SessionScreen) and screen.plan is not None
        assert seen[0] < len(big.messages) and seen == sorted(seen) and seen[-1] == len(big.messages)
        assert screen.query_one(Heatmap).rows == row_data(screen.session, screen.tokens)
        # The counts read while loading are the session's exact counts.
        assert screen.tokens == count_messages(screen.session.messages, screen.counter, TokenCache())[0]
    ws.close()


async def test_sessions_show_while_the_rest_loads(demo_sessions_cached, monkeypatch):
    """A slow source: rows arrive in batches before the whole list, with the count."""
    import time

    from inspector.service.store import MemoryStore
    from inspector.tui.screens import sessions as sessions_module

    class SlowData(MemoryStore):
        def list_sessions(self, counter, progress=None, each=None):
            def slow_each(row):
                time.sleep(0.1)  # a big source: each session takes a while
                if each:
                    each(row)

            return super().list_sessions(counter, progress, slow_each)

    shown: list[int] = []
    original = sessions_module.SessionsScreen.on_rows_arrived

    def spy(self, message):
        original(self, message)
        shown.append(self.query_one("#sessions-table", DataTable).row_count)

    monkeypatch.setattr(sessions_module.SessionsScreen, "on_rows_arrived", spy)
    app = InspectorApp(SlowData(demo_sessions_cached, label="slow"), settings=settings())
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, app)
        assert shown and 0 < shown[0] < len(demo_sessions_cached)
        assert app.screen.query_one("#sessions-table", DataTable).row_count == len(demo_sessions_cached)


def _rows_seen(monkeypatch) -> list[int]:
    """The heatmap's row count after each batch of rows the session screen takes in."""
    seen: list[int] = []
    original = SessionScreen.on_rows_loaded

    def spy(self, message):
        original(self, message)
        seen.append(self.query_one(Heatmap).rows.n)

    monkeypatch.setattr(SessionScreen, "on_rows_loaded", spy)
    return seen
