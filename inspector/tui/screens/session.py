"""Session: the token heatmap with the plan overlaid, the tuning panel, the detail pane.

The screen paints; `service.tuning.Tuning` holds the config being tuned, its
generation, plan and fidelity, and decides when a knob move plans at once. Reading
the session is `tui.session_loading`, following its source `widgets.follow`, the
texts `tui.session_text`, and the keys that open other screens `session_actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, ProgressBar, Static
from textual.worker import Worker

from inspector.engine.wording import plural
from inspector.formats.terminal import visible
from inspector.service.tuning import Planned, Tuning
from inspector.tui import session_loading
from inspector.tui.messages import FidelityReady, PlanReady, ReportsWorkerErrors, SessionReady
from inspector.tui.screens.session_actions import SessionKeys
from inspector.tui.session_loading import RowsLoaded, expected_messages, read_session, show_expected
from inspector.tui.session_text import detail_text, plan_summary, session_heading
from inspector.tui.widgets.follow import SessionGrew, SourceFollow
from inspector.tui.widgets.footer import KeyFooter
from inspector.tui.widgets.heatmap import Heatmap, row_data
from inspector.tui.widgets.knobs import EXCLUDE_KEYS, TuningPanel
from inspector.tui.widgets.plan_pane import PlanSummary
from inspector.tui.widgets.profile import ContextGauge, Profile

if TYPE_CHECKING:
    from inspector.engine.config import CompactionConfig

NARROW = 120  # below this many columns the tuning panel is an overlay (f2)
SHORT = 32  # below this many rows the detail pane shrinks


class SessionScreen(ReportsWorkerErrors, SessionKeys):
    """One session: the heatmap of its messages, the plan overlaid, and the tuning panel."""

    def __init__(self, session_id: str) -> None:
        super().__init__()
        self.session_id = session_id
        self._tuning: Tuning | None = None  # made on mount, from the app's config
        self.session: Any = None
        self.counter: Any = None
        self.tokens: list[int] = []
        self.show_tokens = False
        self.detail_text: Text | None = None
        self._shown_detail: tuple[Any, ...] | None = None
        self._flush_scheduled = False
        self._unmeasured: tuple[int, Planned] | None = None  # (generation, plan): views, fidelity after its paint
        self.plan_expanded = False
        self.live = False  # the source grew while shown: the gauge shows the tokens until compaction

    @property
    def tuning(self) -> Tuning:
        """The session's tuning (config, generation, plan, fidelity)."""
        assert self._tuning is not None, "made when the screen mounts"
        return self._tuning

    # What the tuning holds, as the app, the other screens and the tests read it.
    @property
    def config(self) -> CompactionConfig:
        """The config tuned here (the app's until the screen mounts)."""
        return self._tuning.config if self._tuning is not None else self.inspector.config

    plan = property(lambda self: self._tuning.plan if self._tuning is not None else None)
    fidelity = property(lambda self: self._tuning.fidelity if self._tuning is not None else None)
    generation = property(lambda self: self._tuning.generation if self._tuning is not None else 0)

    @property
    def follower(self) -> Any:
        """The follower of the session's source, while it is followed."""
        follow = self.query_one_optional(SourceFollow)
        return follow.follower if follow is not None else None

    def compose(self) -> ComposeResult:
        """The title, profile, heatmap, detail and tuning panel."""
        yield Header()
        with Vertical(id="session-top"):
            yield Static("", id="session-title")
            yield ProgressBar(total=None, show_eta=False, id="session-progress")
            yield Profile(id="profile")
            yield ContextGauge(id="gauge")
        with Horizontal(id="session-body"):
            with Vertical(id="session-main"):
                yield Heatmap(id="heatmap")
                with VerticalScroll(id="plan-pane"):
                    yield PlanSummary(id="plan-summary")
                with VerticalScroll(id="detail-pane"):
                    yield Static("", id="detail")
            yield Static(Text("knobs: once the first plan is shown", style="dim"), id="tuning-loading")  # still: test_open_work
        yield Static("", id="focus-line")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Start tuning with the app's config and start loading the session."""
        self._tuning = Tuning(self.inspector.config, self.inspector.data)
        self.title, self.sub_title = "inspector", visible(self.session_id)
        self._adapt()
        self.query_one(Heatmap).loading = True
        show_expected(self.query_one("#session-progress", ProgressBar), self.inspector, self.session_id)
        self._load()

    def on_unmount(self) -> None:
        """Stop tuning: what it kept out of the collector's passes goes back."""
        if self._tuning is not None:
            self._tuning.close()  # what it kept out of the collector's passes goes back

    # ------------------------------------------------------------------ layout and focus

    narrow = property(lambda self: self.has_class("-narrow"))  # a narrow screen: the tuning panel is an overlay

    def _adapt(self) -> None:
        """Narrow terminals: the tuning panel becomes an overlay (f2) and the plan one
        line, so the heatmap keeps its columns; short ones: a smaller detail pane."""
        width, height = self.app.size
        self.set_class(width < NARROW, "-narrow")
        self.set_class(height < SHORT, "-short")
        self._show_plan()

    # ------------------------------------------------------------------ loading

    @work(thread=True, exclusive=True, group="session-load", exit_on_error=False, description="session-load")
    def _load(self) -> None:
        app = self.inspector
        read_session(app.data, self.session_id, app.counter(self.config), expected_messages(app, self.session_id),
                     self.post_message)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A session that cannot be loaded is not left on "loading": the error is shown
        (the app's toast) and the screen goes back to the sessions."""
        from textual.worker import WorkerState

        super().on_worker_state_changed(event)
        if (event.worker.group == "session-load" and event.state == WorkerState.ERROR
                and self.session is None and self.is_current):
            self.app.pop_screen()
        if event.worker.group == "plan" and event.state == WorkerState.ERROR:
            session_loading.show_tuning_panel(self, self._knob_moved)  # no plan to show: the knobs are how to get one

    def on_rows_loaded(self, message: RowsLoaded) -> None:
        """Show the rows loaded so far (until the session is ready)."""
        if self.session is not None:
            return
        heatmap = self.query_one(Heatmap)
        heatmap.loading = False
        heatmap.extend_rows(message.rows)
        n = heatmap.rows.n
        total = max(n, message.expected or 0)
        self.query_one("#session-progress", ProgressBar).update(total=total, progress=n)
        self.query_one("#session-title", Static).update(Text(f"loading: {n:,} of {total:,} messages"))

    def on_session_ready(self, message: SessionReady) -> None:
        """Start tuning the loaded session and show its rows."""
        self.tuning.start(message.session, message.counter)
        self.session, self.counter, self.tokens = message.session, message.counter, message.tokens
        heatmap = self.query_one(Heatmap)
        heatmap.loading = False
        session_loading.show_loaded_rows(heatmap, self.session, self.counter, self.tokens)
        self.query_one("#session-progress", ProgressBar).display = False
        self.query_one(Profile).set_tokens(self.tokens)
        self.query_one("#session-title", Static).update(session_heading(
            self.session, self.tokens, self.counter, message.seconds if self.inspector.show_timings else None))
        heatmap.focus()
        self.request_plan()
        self._show_detail(heatmap.cursor)
        self.mount(SourceFollow(self.session, self.counter, self.inspector.data.token_cache()))

    def on_session_grew(self, message: SessionGrew) -> None:
        """The source changed: the heatmap, the profile, the title, then the plan and
        the gauge, for the session as it is now."""
        self.tuning.grew(message.session)
        self.session, self.tokens, self.live = message.session, message.tokens, True
        self.query_one(Heatmap).set_rows(row_data(self.session, self.tokens))
        self.query_one(Profile).set_tokens(self.tokens)
        heading = session_heading(self.session, self.tokens, self.counter)
        self.query_one("#session-title", Static).update(heading.append("  ·  live"))
        self.request_plan()

    # ------------------------------------------------------------------ planning

    def request_plan(self, *, now: bool = False) -> None:
        """Plan the current config: with `now` (a knob moved by a key or a click, and
        `Tuning.plans_now`) right here, so the knob and its plan paint in one frame;
        else, or when that fails, in the worker."""
        if self.session is None:
            return
        generation = self.tuning.next_generation()
        if now:
            planned = self.tuning.plan_now()
            if planned is not None:
                self._show_new_plan(planned)
                self.post_message(PlanReady(**vars(planned)))  # shown; it bubbles up to the app as a worker's would
                return
        self._plan(self.config, generation, dict(self.tuning.changed))

    # A fixed description: Textual's default reprs every argument (a 10k plan: ~25 ms a knob move).
    @work(thread=True, exclusive=True, group="plan", exit_on_error=False, description="plan")
    def _plan(self, config: CompactionConfig, generation: int, changed: dict[str, Any]) -> None:
        planned = self.tuning.plan_for(config, generation, changed)
        if planned is not None:
            self.post_message(PlanReady(**vars(planned)))

    @work(thread=True, exclusive=True, group="fidelity", exit_on_error=False, description="fidelity")
    def _measure(self, planned: Planned) -> None:
        report = self.tuning.measure(planned.plan, planned.generation)
        if report is not None:
            self.post_message(FidelityReady(report, planned.generation))

    @on(Heatmap.Painted)
    def _painted(self, event: Heatmap.Painted) -> None:
        """The plan's rows are on screen: time for the views around them, then its fidelity."""
        pending = self._unmeasured
        if pending is not None and event.generation >= pending[0]:
            self._unmeasured = None
            self._show_plan_views()
            if pending[1].generation == self.generation:  # else a newer plan is on its way
                self._measure(pending[1])

    def on_fidelity_ready(self, message: FidelityReady) -> None:
        """Show the plan again with its fidelity (if it is still the current plan's)."""
        if self.tuning.accept_fidelity(message.report, message.generation):
            self._show_plan()

    def on_plan_ready(self, message: PlanReady) -> None:
        """Show a new plan."""
        self._show_new_plan(Planned(message.plan, message.config, message.generation, message.ms, message.changed))

    def _show_new_plan(self, planned: Planned) -> None:
        if not self.tuning.accept(planned):
            return  # superseded, or shown already
        heatmap = self.query_one(Heatmap)
        heatmap.set_plan(planned.plan.actions, planned.plan.tokens_after)
        # The heatmap paints first, then the other views (~2/3 of a frame at 10k messages)
        # and the fidelity (its worker held the interpreter lock through the repaint).
        if heatmap.display and heatmap.size.height > heatmap.header_height:
            self._unmeasured = (heatmap.generation, planned)
        else:
            self._show_plan_views()
            self._measure(planned)

    def _show_plan_views(self) -> None:
        """The views of the plan shown besides the heatmap: minimap, gauge, text, preset, detail."""
        plan = self.plan  # accepted: never None here
        self.query_one(Profile).set_actions(plan.actions)
        self.query_one(ContextGauge).update_values(plan.total_before, plan.total_after, plan.context_window,
                                                   plan.counter, plan.estimated,
                                                   plan.tokens_until_trigger if self.live else None)
        self._show_plan()
        session_loading.show_tuning_panel(self, self._knob_moved)  # its preset; mounted after the first plan
        if self._detail_key(cursor := self.query_one(Heatmap).cursor) != self._shown_detail:
            self._show_detail(cursor)  # only when what it says about the message changed

    def _show_plan(self) -> None:
        """The plan: one line on narrow screens (w or a click on the warnings opens
        the whole of it), the line and every stage below it otherwise."""
        if self._tuning is None or self.plan is None:
            return
        ms = self.tuning.plan_ms if self.inspector.show_timings else None
        compact = self.narrow and not self.plan_expanded
        self.query_one(PlanSummary).show(plan_summary(self.plan, ms, compact=compact, modified=bool(
            self.tuning.changed), fidelity=self.fidelity), compact)
        self.set_class(self.plan_expanded, "-plan-open")

    def action_warnings(self) -> None:
        """Open the whole plan and scroll to its warnings (or close it again)."""
        self.plan_expanded = not self.plan_expanded
        self._show_plan()
        if self.plan_expanded:
            self.call_after_refresh(self.query_one("#plan-pane", VerticalScroll).scroll_end, animate=False)

    # ------------------------------------------------------------------ the config

    def _knob_moved(self, key: str, value: Any) -> None:
        """A knob moved (the panel's one channel, in the handler that moved it)."""
        self.set_values({key: value}, now=True)

    def set_values(self, values: dict[str, Any], *, now: bool = False) -> None:
        """Queue knob values; floods (a dragged slider) are coalesced into one re-plan.

        Args:
            values: dotted config keys and their values.
            now: a knob moved: plan at once when `Tuning.plans_now` says so (a flood
                within a frame is coalesced instead).
        """
        self.tuning.queue(values)
        if now and not self._flush_scheduled and self.tuning.plans_now():
            self._flush(now=True)
        elif not self._flush_scheduled:
            self._flush_scheduled = True
            # After the messages already queued (a flood coalesces), not after the next
            # refresh: waiting for a frame cost ~30 ms per slider move (bench/run.py).
            self.call_later(self._flush)

    def _flush(self, *, now: bool = False) -> None:
        from inspector.engine.config import ConfigError

        self._flush_scheduled = False
        values = self.tuning.take_queued()
        if not values:
            return
        try:
            config = self.tuning.edit(values)
        except ConfigError as exc:
            self.notify(str(exc), title="invalid value", severity="error", timeout=6)
            self._load_panel()
            return
        self.inspector.config = config
        self.request_plan(now=now)
        self._load_panel()  # values set from code show in the panel too

    def _load_panel(self) -> None:
        panel = self._panel()
        if panel is not None:
            panel.load(self.config)

    def set_config(self, config: CompactionConfig) -> None:
        """Replace the whole config (preset, restored version, loaded file, Replay's
        tuning): "modified" when it differs from its preset."""
        self.tuning.replace(config)
        self._config_replaced()

    def _config_replaced(self) -> None:
        self.inspector.config = self.config
        self._load_panel()
        self.request_plan()

    @on(TuningPanel.PresetChosen)
    def _preset(self, event: TuningPanel.PresetChosen) -> None:
        tuned = self.tuning.choose_preset(event.name)
        if tuned is None:
            return
        self._config_replaced()
        self.notify(f"preset {event.name}" + (f" replaced {plural(tuned, 'tuned value')}" if tuned else "")
                    + " · ctrl+z undoes", timeout=6)

    def action_reset(self) -> None:
        """Go back to the preset's config (undo restores it)."""
        self.tuning.reset()
        self._config_replaced()
        self.notify("config reset to the preset · ctrl+z undoes", timeout=4)

    def action_undo(self) -> None:
        """Back to the config before the last preset switch or reset, tuning included."""
        if not self.tuning.undo():
            self.notify("nothing to undo", timeout=2)
            return
        self._config_replaced()
        self.notify(f"back to {self.config.preset}" + (" (modified)" if self.tuning.changed else ""), timeout=3)

    @on(TuningPanel.ToolsExcluded)
    def _exclude(self, event: TuningPanel.ToolsExcluded) -> None:
        self.set_values({key: list(event.tools) for key in EXCLUDE_KEYS})

    # ------------------------------------------------------------------ detail

    @on(Heatmap.Selected)
    def _selected(self, event: Heatmap.Selected) -> None:
        self._show_detail(event.index)

    @on(Heatmap.Viewed)
    def _viewed(self, event: Heatmap.Viewed) -> None:
        # The minimap marks the rows on screen: a scroll moves them, and so does the
        # heatmap's first size (a session loaded before the first layout showed none).
        self._sync_window()  # the rows on screen now (a later resize may be queued behind)

    def on_resize(self) -> None:
        """Lay out for the new size."""
        self._adapt()
        self._sync_window()

    def _sync_window(self) -> None:
        r = self.query_one(Heatmap).visible_range()
        self.query_one(Profile).set_window(r.start, r.stop)

    def _detail_key(self, index: int) -> tuple[Any, ...]:
        p = self.plan
        if p is None or not (0 <= index < len(p.actions)):
            return (index, None)
        red = p.reductions.get(index)
        return (index, p.actions[index], p.tokens_after[index], red.offload_id if red else None, self.show_tokens)

    def _show_detail(self, index: int) -> None:
        self._sync_window()
        if self.session is None or not self.session.messages:
            return
        index = max(0, min(index, len(self.session.messages) - 1))
        text = detail_text(self.session, self.tokens, self.plan, index, self.counter, self.show_tokens)
        self.detail_text = text
        self._shown_detail = self._detail_key(index)
        self.query_one("#detail", Static).update(text)

