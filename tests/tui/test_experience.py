"""Issue 27, the second hour of use: the breakdown view, sort and jump, every screen at
80x24, one total, help and palette per screen, the panel by keyboard, the sweep's knob
and chart, "(modified)" kept, consistent keys, colour codes in tool output."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, OptionList, Static

from inspector.engine.breakdown import Category
from inspector.engine.models import Message, Part, Session, ToolCall
from inspector.service.store import MemoryStore
from inspector.tui.app import InspectorApp
from inspector.tui.screens.breakdown import BreakdownScreen
from inspector.tui.screens.session import SessionScreen
from inspector.tui.widgets.footer import KeyFooter
from inspector.tui.widgets.heatmap import Heatmap
from inspector.tui.widgets.knobs import Knob, TuningPanel, knob_help
from inspector.tui.widgets.profile import Profile

from .helpers import open_session, run_shared, settings, settle

pytestmark = pytest.mark.anyio
SMALL, LARGE = (80, 24), (200, 50)


@pytest.fixture
def app(memory_demo):
    a = InspectorApp(memory_demo, settings=settings())
    a.show_timings = False
    return a


@pytest.fixture(scope="module")
async def running_session(demo_sessions_cached, tmp_path_factory):
    """The marathon open on one app at 80x24, for the checks that leave its config as it
    is (`shared_session`)."""
    def make():
        a = InspectorApp(MemoryStore(demo_sessions_cached, label="demo"), settings=settings())
        a.show_timings = False
        return a

    async for running in run_shared(make, SMALL, "marathon", tmp_path_factory.mktemp("shared")):
        yield running


async def _breakdown(pilot, app) -> BreakdownScreen:
    await pilot.press("b")
    await settle(pilot, app)
    screen = app.screen
    assert isinstance(screen, BreakdownScreen) and screen.breakdown is not None
    return screen


# ------------------------------------------------------------------ 1. breakdown


async def test_breakdown_bars_add_up_and_a_bar_filters_the_heatmap(app):
    """At 80x24 (the fresh start) and resized to 200x50, on one app: the breakdown is
    composed anew each time it opens, and each round ends with the filter cleared."""
    async with app.run_test(size=SMALL) as pilot:
        session_screen = await open_session(pilot, app, "marathon")
        for size in (SMALL, LARGE):
            if size != SMALL:
                await pilot.resize_terminal(*size)
                await settle(pilot, app)
            assert app.size == size
            plan = session_screen.plan
            screen = await _breakdown(pilot, app)
            b = screen.breakdown
            assert (b.total_before, b.total_after) == (plan.total_before, plan.total_after)
            title = str(screen.query_one("#breakdown-title").render())
            assert f"{plan.total_before:,} tokens" in title and f"{plan.total_after:,} after the plan" in title
            labels = screen.bar_labels()
            assert "system prompt" in labels and "user requests" in labels
            assert any(label.startswith("tool results: ") for label in labels)
            # every option fits the terminal (no bar cut by the edge)
            options = screen.query_one(OptionList)
            assert options.size.width <= size[0]
            # by keyboard: down to the largest tool-results bar, enter
            results = max((x for x in b.bars if x.category == Category.RESULTS), key=lambda x: x.before)
            target = labels.index(results.label)
            options.focus()
            await pilot.press("home")
            for _ in range(target - options.highlighted):
                await pilot.press("down")
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.screen is session_screen
            heatmap = session_screen.query_one(Heatmap)
            assert heatmap.shown == len(results.messages)
            assert [heatmap.index_at(k) for k in range(heatmap.shown)] == list(results.messages)
            assert results.label in heatmap.render_line(0).text or size == SMALL
            assert "esc shows all" in str(session_screen.query_one("#focus-line").render())
            # esc clears the filter first, then leaves
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is session_screen and heatmap.shown == len(session_screen.session.messages)


async def test_breakdown_bars_are_clickable(app):
    async with app.run_test(size=LARGE) as pilot:
        session_screen = await open_session(pilot, app, "marathon")
        screen = await _breakdown(pilot, app)
        options = screen.query_one(OptionList)
        await pilot.click(options, offset=(5, 2))  # the second bar (under the border)
        await settle(pilot, app)
        assert app.screen is session_screen
        heatmap = session_screen.query_one(Heatmap)
        chosen = screen.breakdown.bars[1]
        assert heatmap.only == list(chosen.messages)


async def test_breakdown_is_in_the_palette_and_not_computed_on_knob_moves(app, monkeypatch):
    import inspector.engine.breakdown as engine_breakdown

    calls = []
    real = engine_breakdown.breakdown
    monkeypatch.setattr(engine_breakdown, "breakdown", lambda *a, **k: calls.append(1) or real(*a, **k))
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        screen.set_values({"summarization.trigger.context_ratio": 0.3})
        await settle(pilot, app)
        assert calls == []
        names = [name for name, _, _ in app.palette_commands(screen)]
        assert {"Breakdown", "Replay", "Sweep"} <= set(names)
        dict((n, c) for n, _, c in app.palette_commands(screen))["Breakdown"]()
        await settle(pilot, app)
        assert isinstance(app.screen, BreakdownScreen) and calls == [1]


# ------------------------------------------------------------------ 2. sort and jump


async def test_sort_by_tokens_and_jump_to_the_largest_at_80x24(shared_session):
    pilot, screen = shared_session.pilot, shared_session.screen
    heatmap = screen.query_one(Heatmap)
    tokens = heatmap.rows.tokens
    ranked = sorted(range(len(tokens)), key=lambda i: (-tokens[i], i))
    # ] ] ]: the three largest, in order; [ goes back
    seen = []
    for _ in range(3):
        await pilot.press("right_square_bracket")
        await pilot.pause()
        seen.append(heatmap.cursor)
    assert seen == ranked[:3]
    await pilot.press("left_square_bracket")
    await pilot.pause()
    assert heatmap.cursor == ranked[1]
    # s: largest first (the header says so), and back to session order
    await pilot.press("s")
    await pilot.pause()
    assert heatmap.by_tokens and "tokens ▼" in heatmap.render_line(0).text
    assert [heatmap.index_at(k) for k in range(5)] == ranked[:5]
    await pilot.press("home")
    await pilot.pause()
    assert heatmap.cursor == ranked[0]
    await pilot.press("down")
    await pilot.pause()
    assert heatmap.cursor == ranked[1]
    await pilot.press("s")
    await pilot.pause()
    assert not heatmap.by_tokens and heatmap.index_at(0) == 0 and heatmap.cursor == ranked[1]


async def test_the_minimap_says_it_is_clickable_and_has_a_key(shared_session):
    app, pilot, screen = shared_session.app, shared_session.pilot, shared_session.screen
    profile = screen.query_one(Profile)
    assert not profile.display  # a short terminal hides it...
    assert "click" in str(profile.tooltip)
    await pilot.press("m")  # ...m shows and focuses it
    await settle(pilot, app)
    assert profile.display and app.focused is profile
    assert "enter jumps there" in str(screen.query_one("#focus-line").render())
    await pilot.press("end", "enter")
    await pilot.pause()
    heatmap = screen.query_one(Heatmap)
    assert app.focused is heatmap and heatmap.cursor > len(heatmap.rows.tokens) * 0.9
    assert not profile.display


# ------------------------------------------------------------------ 3. 80x24


async def test_replay_at_80x24_overlays_the_panel_and_keeps_the_totals_whole(shared_session):
    from inspector.tui.screens.replay import ReplayScreen

    app, pilot = shared_session.app, shared_session.pilot
    await pilot.press("r")
    await settle(pilot, app)
    screen = app.screen
    assert isinstance(screen, ReplayScreen) and screen.replay is not None
    panel = screen.query_one(TuningPanel)
    chart = screen.query_one("#replay-chart")
    assert not panel.display and chart.size.width >= 76
    totals = str(screen.query_one("#replay-totals").render())
    assert all(len(line) <= 78 for line in totals.splitlines())
    assert f"{screen.replay.totals.billed_input_tokens:,}" in totals
    await pilot.press("f2")
    await pilot.pause()
    assert panel.display and app.focused is not None and panel in app.focused.ancestors
    await pilot.press("f2")
    await pilot.pause()
    assert not panel.display
    await pilot.press("q")  # q goes back, as on every screen but the sessions list
    await settle(pilot, app)
    assert isinstance(app.screen, SessionScreen)


async def test_dialogs_fit_80x24_with_their_buttons(shared_session):
    """Each dialog opened from the session at 80x24 has its buttons whole on screen.
    One app, the dialogs opened in turn (each is composed anew when opened)."""
    from textual.widgets import Button

    app, pilot, session_screen = shared_session.app, shared_session.pilot, shared_session.screen
    for key in ["a", "e", "S", "v"]:
        await pilot.press(key)
        await settle(pilot, app)
        dialog = app.screen
        assert not isinstance(dialog, SessionScreen), key
        for button in dialog.query(Button):
            region = button.region
            assert region.height and region.bottom <= SMALL[1] and region.right <= SMALL[0], (key, button)
        await _back_to(pilot, app, session_screen)


async def _back_to(pilot, app, screen) -> None:
    """Escape until `screen` is on top again."""
    while app.screen is not screen:
        await pilot.press("escape")
        await settle(pilot, app)


# ------------------------------------------------------------------ 5. help


async def test_help_opens_at_the_current_screens_section(shared_session):
    """f1 opens the help at the section of the screen it was pressed on (one app, the
    screens visited in turn)."""
    from inspector.tui.screens.help import HelpScreen, binding_rows

    app, pilot, session_screen = shared_session.app, shared_session.pilot, shared_session.screen
    for where, keys in [("session", ()), ("replay", ("r",)), ("breakdown", ("b",))]:
        for key in keys:
            await pilot.press(key)
            await settle(pilot, app)
        await pilot.press("f1")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen), where
        assert app.screen.current_section() == where
        sections = {row[0] for row in binding_rows(app)}
        assert {"replay", "sweep", "breakdown", "tuning panel", "heatmap"} <= sections
        await _back_to(pilot, app, session_screen)


# ------------------------------------------------------------------ 6. the panel by keyboard


async def test_the_panel_has_one_stop_per_knob_wraps_and_describes_the_focused_knob(app):
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_session(pilot, app, "marathon")
        panel = screen.query_one(TuningPanel)
        await pilot.press("f2")
        await pilot.pause()
        stops = panel.stops()
        knobs = list(panel.query(Knob))
        assert len(stops) == len(knobs) + 2  # the preset, each knob once, the tools
        seen = []
        footer = screen.query_one(KeyFooter)
        rebuilt = []
        for _ in range(len(stops)):
            seen.append(app.focused)
            before = [id(k) for k in footer.query("FooterKey")]
            await pilot.press("tab")
            await pilot.pause()
            await pilot.pause()
            # the footer shows the keys of what has focus now, whether or not it was rebuilt
            shown = [(k.key, k.description) for k in footer.query("FooterKey")
                     if not k.has_class("-command-palette")]
            first_per_action: dict[str, tuple[str, str]] = {}
            for _, b, _, _ in screen.active_bindings.values():
                if b.show:
                    first_per_action.setdefault(b.action, (b.key, b.description))
            assert sorted(shown) == sorted(first_per_action.values())
            rebuilt.append(before != [id(k) for k in footer.query("FooterKey")])
        assert not all(rebuilt)  # a move between knobs with the same keys rebuilds nothing
        assert len({id(w) for w in seen}) == len(stops)
        assert app.focused is seen[0]  # round again, and the overlay stayed open
        assert panel.display and screen.has_class("-tuning")
        # the focused knob's whole description, wrapped under it
        trigger = panel.knob("summarization.trigger.context_tokens")
        trigger.tab_stop().focus()
        await pilot.pause()
        described = panel.query_one("#knob-help")
        assert described.display and panel.children.index(described) == panel.children.index(trigger) + 1
        assert knob_help(trigger.spec, trigger.preset_name) in str(described.render()).replace("\n", " ")
        # arrows adjust; typing a number edits the exact value
        before = trigger.value
        await pilot.press("right")
        await pilot.pause()
        assert trigger.value != before
        await pilot.press("4", "0", "0", "0", "0", "enter")
        await settle(pilot, app)
        assert trigger.value == 40000 and screen.config.summarization.trigger.context_tokens == 40000
        # esc: back to the table, and the hint line no longer names the knob
        await pilot.press("escape")
        await pilot.pause()
        line = str(screen.query_one("#focus-line").render())
        assert app.focused is screen.query_one(Heatmap) and "context_tokens" not in line


# ------------------------------------------------------------------ 7. sweep


async def test_sweep_chooses_its_knob_and_labels_fit(app, sweeps_once):
    from textual.widgets import Select

    from inspector.tui.screens.replay import SweepScreen, place_labels, sweep_knobs
    from inspector.tui.widgets.knobs import ALL_KNOBS

    keys = [key for _, key in sweep_knobs()]
    assert keys[0] == "preset"
    assert set(keys[1:]) == {k for k, s in ALL_KNOBS.items() if s.kind in ("int", "float")}
    async with app.run_test(size=SMALL) as pilot:
        await open_session(pilot, app, "marathon")
        await pilot.press("r")
        await settle(pilot, app)
        await pilot.press("w")
        await settle(pilot, app)
        sweep = app.screen
        assert isinstance(sweep, SweepScreen) and sweep.result is not None
        select = sweep.query_one("#sweep-knob", Select)
        select.value = "reduction.truncation.max_chars"
        await settle(pilot, app)
        assert sweep.knob == "reduction.truncation.max_chars"
        assert [r.value for r in sweep.result.rows] == sweep.values and len(sweep.values) >= 4
        table = sweep.query_one(DataTable)
        table.focus()
        table.move_cursor(row=0)
        await pilot.press("enter")
        await settle(pilot, app)
        replay = app.screen
        assert replay.config.reduction.truncation.max_chars == sweep.values[0]
        preset_select = replay.query_one("#preset", Select)
        prompts = [str(option.prompt) for option in preset_select.query_one(OptionList).options]  # its drop-down
        preset = replay.config.preset
        assert f"{preset} (modified)" in prompts and preset not in prompts  # 8: kept after a sweep pick
        assert f"{preset} (modified)" in str(preset_select.query_one("SelectCurrent #label", Static).render())
    # labels never overlap and never leave the chart, even for points on its edges
    xs = [0.0, 0.001, 0.002, 0.5, 0.999, 1.0]
    ys = [0.5, 0.5, 0.5, 0.9, 1.0, 1.0]
    placed = place_labels([f"value-{k}" for k in range(6)], xs, ys, (0.0, 1.0), (0.0, 1.0), 40, 10)
    spans = []
    for text, x, y in placed:
        col, row = round(x * 39), round(y * 9)
        assert 0 <= col and col + len(text) <= 40
        assert all(r != row or col + len(text) < a or b < col for a, b, r in spans)
        spans.append((col, col + len(text), row))
    assert len(placed) >= 4


def test_axis_ticks_are_whole_numbers_with_separators():
    from inspector.tui.screens.replay import nice_ticks, tick_label

    ticks = nice_ticks(1, 197)
    assert all(float(t).is_integer() for t in ticks) and 1 < len(ticks) <= 8
    assert [tick_label(t, True) for t in nice_ticks(0, 158_127)][-1] == "150,000"
    assert tick_label(0.25, False) == "0.25"


# ------------------------------------------------------------------ 8. "(modified)" kept


async def test_modified_is_kept_after_restoring_a_versions_config(app):
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "marathon")
        tuned = screen.config.with_values({"reduction.truncation.max_chars": 1234})
        screen.set_config(tuned)
        await settle(pilot, app)
        assert "modified" in str(screen.query_one("#plan-summary").render())
        screen.set_config(screen.config.as_preset(screen.config.preset))
        await settle(pilot, app)
        assert "modified" not in str(screen.query_one("#plan-summary").render())


# ------------------------------------------------------------------ 9. keys


async def test_home_and_g_in_the_sessions_table_and_q_back_on_every_screen(app):
    from inspector.tui.screens.sessions import SessionsScreen

    async with app.run_test(size=LARGE) as pilot:
        await settle(pilot, app)
        table = app.screen.query_one("#sessions-table", DataTable)
        table.focus()
        await pilot.press("end")
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1
        await pilot.press("g")
        await pilot.pause()
        assert table.cursor_row == 0
        await pilot.press("G")
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1
        await pilot.press("home")
        await pilot.pause()
        assert table.cursor_row == 0
        screen = await open_session(pilot, app, "marathon")
        for key in ("b", "p", "c", "v"):
            await pilot.press(key)
            await settle(pilot, app)
            assert app.screen is not screen
            await pilot.press("q")
            await settle(pilot, app)
            assert app.screen is screen, key
        await pilot.press("q")
        await settle(pilot, app)
        assert isinstance(app.screen, SessionsScreen) and app.return_code is None  # not exited


async def test_export_keeps_the_typed_folder_and_enter_exports(app, tmp_path):
    from textual.widgets import Input, Select

    from inspector.tui.screens.export import ExportScreen

    async with app.run_test(size=LARGE) as pilot:
        await open_session(pilot, app, "marathon")
        await pilot.press("e")
        await settle(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, ExportScreen)
        path = dialog.query_one("#export-path", Input)
        path.value = f"{tmp_path}/mine/"
        select = dialog.query_one("#export-format", Select)
        options = [f for f in dialog.formats if f != select.value]
        select.value = options[0]
        await pilot.pause()
        assert path.value.startswith(f"{tmp_path}/mine/")
        path.focus()
        await pilot.press("enter")
        await settle(pilot, app)
        assert list((tmp_path / "mine").iterdir()), "enter in the file field exports"


# ------------------------------------------------------------------ 10. colour codes


async def test_colour_codes_in_tool_output_show_as_colours_never_as_escapes():
    coloured = "\x1b[33;21mWARNING\x1b[0m 3 tests failed \x1b]52;c;Zm9v\x07\x1b[2Jdone"
    s = Session(id="ansi", source_format="test", messages=[
        Message(role="user", parts=[Part(text="run the tests")]),
        Message(role="assistant", tool_calls=[ToolCall(id="c1", name="bash", arguments_raw='{"cmd": "pytest"}')]),
        Message(role="tool", tool_call_id="c1", name="bash", parts=[Part(text=coloured)]),
    ]).renumber()
    app = InspectorApp(MemoryStore([s]), settings=settings())
    app.show_timings = False
    async with app.run_test(size=LARGE) as pilot:
        screen = await open_session(pilot, app, "ansi")
        heatmap = screen.query_one(Heatmap)
        row = heatmap.row_text(2)
        assert "WARNING 3 tests failed done" in row and "␛" not in row
        heatmap.move_to(2)
        await pilot.pause()
        detail = screen.detail_text
        assert "WARNING 3 tests failed done" in detail.plain and "␛" not in detail.plain
        assert "\x1b" not in detail.plain and "Zm9v" not in detail.plain
        start = detail.plain.index("WARNING")
        styles = [span.style for span in detail.spans if span.start <= start < span.end]
        assert any(getattr(style, "color", None) is not None and style.color.number == 3 for style in styles)  # yellow
        # the preview screen's before / after
        await pilot.press("p")
        await settle(pilot, app)
        from inspector.tui.widgets.lines import LinesView

        shown = "\n".join(line for view in app.screen.query(LinesView) for line, _ in view.lines)
        assert "WARNING 3 tests failed" in shown and "␛" not in shown and "\x1b" not in shown


# ------------------------------------------------------------------ 3. every screen, both sizes

SCREENS = [("session", ()), ("breakdown", ("b",)), ("preview", ("p",)), ("context", ("c",)), ("versions", ("v",)),
           ("apply", ("a",)), ("export", ("e",)), ("save config", ("S",)), ("replay", ("r",)),
           ("sweep", ("w",)), ("help", ("f1",))]
# opened from the screen checked before it, left open for it (the Replay view: opening it
# again replays the session; the sweep's own path there is test_replay's)
FROM_THE_ONE_BEFORE = {"sweep"}


async def test_every_screen_fits_with_its_buttons_and_footer(shared_session, sweeps_once):
    """Every screen opened from the session at 80x24 and 200x50: its own widgets (not
    what scrolls inside them) inside the terminal, its buttons whole, its footer on the
    last row, and q or esc back to the session. The module's app, at 80x24 then resized
    to 200x50 (and back for the next test): each screen is composed anew when it is
    opened, at the size of the moment (the session screen's fresh start at a large size
    is test_layout's). Opening and leaving a screen changes no config."""
    from textual.widgets import Button, Footer

    from inspector.tui.screens.help import section_of

    app, pilot, session_screen = shared_session.app, shared_session.pilot, shared_session.screen
    assert app.size == SMALL
    try:
        for width, height in (SMALL, LARGE):
            if (width, height) != SMALL:
                await pilot.resize_terminal(width, height)
                await settle(pilot, app)
            assert app.size == (width, height)
            for k, (name, keys) in enumerate(SCREENS):
                for key in keys:
                    await pilot.press(key)
                    await settle(pilot, app)
                screen = app.screen
                assert section_of(screen) == name
                for widget in screen.children:
                    if widget.display and widget.region.area:
                        assert widget.region.right <= width and widget.region.bottom <= height, (name, widget)
                for button in screen.query(Button):
                    assert button.region.area and button.region.bottom <= height and button.region.right <= width, \
                        (name, button)
                footers = [f for f in screen.query(Footer) if f.display]
                assert all(f.region.bottom == height for f in footers), name
                if k + 1 == len(SCREENS) or SCREENS[k + 1][0] not in FROM_THE_ONE_BEFORE:
                    await _back_to(pilot, app, session_screen)
    finally:
        await _back_to(pilot, app, session_screen)
        await pilot.resize_terminal(*SMALL)
        await settle(pilot, app)
