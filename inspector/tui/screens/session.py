"""Session: the token heatmap with the plan overlaid, the tuning panel, the detail pane."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, LoadingIndicator, ProgressBar, Static

from inspector.engine.models import Message as SessionMessage
from inspector.engine.planning.results import Action
from inspector.engine.wording import plural
from inspector.formats.terminal import visible
from inspector.tui.colors import ACTION_COLORS, ACTION_LABELS
from inspector.tui.messages import FidelityReady, PlanReady, ReportsWorkerErrors, SessionReady
from inspector.tui.render import MAX_DETAIL_CHARS, ansi_text, clean, message_body, message_header, message_text
from inspector.tui.widgets.heatmap import Heatmap, RowBuilder, RowData, row_data
from inspector.tui.widgets.knobs import EXCLUDE_KEYS, Knob, TuningPanel
from inspector.tui.widgets.profile import ContextGauge, Profile

if TYPE_CHECKING:
    from inspector.engine.config import CompactionConfig
    from inspector.tui.app import InspectorApp

TOKEN_BG = ("#2c3e50", "#4a235a")
NARROW = 120  # below this many columns the tuning panel is an overlay (f2)
SHORT = 32  # below this many rows the detail pane shrinks
COUNT_CHUNK = 2000  # messages read and counted between two progress updates of a big session
PLAN_HERE_MS = 10.0  # a knob move plans on the UI thread when the last plan took at most this (ms)
FRAME_S = 1 / 60  # and none was planned there within one frame (Textual's 60 fps)


class SessionGrew(Message):
    """The session's source changed: the session as it is now, and its counts."""

    def __init__(self, session: Any, tokens: list[int]) -> None:
        super().__init__()
        self.session = session
        self.tokens = tokens


@dataclass
class RowsLoaded(Message):
    """Heatmap rows of the next messages of a session that is still loading."""

    rows: RowData
    expected: int | None  # messages the session has, when known


def after_text(session, plan, i: int, summary_texts: dict[str, str] | None = None) -> tuple[str, str]:
    """(what the model would see of message i after the plan, a one-line note)."""
    from inspector.engine.applier import reduce_message

    action = plan.actions[i]
    msg = session.messages[i]
    if action in (Action.TRUNCATE, Action.CLEAR):
        red = plan.reductions.get(i)
        new, _ = reduce_message(session, plan, i)
        note = f"{action} ({red.stage}, offload {red.offload_id})" if red else action
        return message_body(new), note
    if action in (Action.SUMMARIZE, Action.PRESERVE):
        spec = next((s for s in plan.summaries if s.start <= i < s.end), None)
        if spec is None:
            return "", action
        where = f"summary of messages {spec.start}–{spec.end - 1}"
        if action == Action.PRESERVE:
            return message_body(msg), f"preserved: carried verbatim inside the {where}"
        text = (summary_texts or {}).get(spec.key)
        body = text if text else (f"(folded into the {where}; about {spec.estimated_tokens:,} tokens, "
                                  "generated on apply)")
        return body, f"summarized into the {where} (injected as {spec.injection})"
    if action == Action.DROP:
        return "", "dropped by tailoring: not sent to the model"
    return message_body(msg), "kept as is"


class SessionScreen(ReportsWorkerErrors, Screen):
    BINDINGS = [
        Binding("f2", "focus_tuning", "Tune", id="session.focus_tuning", priority=True),
        Binding("escape,q", "back", "Back", id="session.back"),
        Binding("p", "preview", "Preview", id="session.preview"),
        Binding("c", "context", "Context", id="session.context"),
        Binding("a", "apply", "Apply", id="session.apply"),
        Binding("e", "export", "Export", id="session.export"),
        Binding("S", "save_config", "Save config", id="session.save_config"),
        Binding("v", "versions", "Versions", id="session.versions"),
        Binding("t", "token_boundaries", "Tokens", id="session.token_boundaries"),
        Binding("f3", "focus_heatmap", "Heatmap", id="session.focus_heatmap", show=False),
        Binding("w", "warnings", "Warnings", id="session.warnings", show=False),
        Binding("ctrl+r", "reset", "Reset config", id="session.reset", show=False),
        Binding("ctrl+z", "undo", "Undo preset", id="session.undo", show=False),
        Binding("r", "replay", "Replay", id="session.replay"),
        Binding("b", "breakdown", "Breakdown", id="session.breakdown"),
        Binding("m", "minimap", "Minimap", id="session.minimap", show=False),
    ]

    _frozen = False  # the session is out of the collector's passes (see on_session_ready)

    def __init__(self, session_id: str) -> None:
        super().__init__()
        self.session_id = session_id
        self.session: Any = None
        self.counter: Any = None
        self.tokens: list[int] = []
        self.config: CompactionConfig | None = None
        self.plan: Any = None
        self.plan_ms = 0.0
        self.fidelity: Any = None  # FidelityReport of the plan shown, once measured
        self._fidelity_summaries: Any = None  # the offline summaries measured, per range (a MemorySummaryCache)
        self.generation = 0
        self.show_tokens = False
        self.detail_text: Text | None = None
        self._shown_detail: tuple | None = None
        self._summary_shape: tuple = ()
        self._pending: dict[str, Any] = {}
        self._flush_scheduled = False
        self._plan_lock = threading.Lock()
        self._measure_lock = threading.Lock()
        self._planned_here = 0.0  # perf_counter of the last plan made by request_plan(now=True)
        self._unmeasured: tuple[int, Any, int] | None = None  # (heatmap generation, plan, generation) to measure
        self._changed: dict[str, Any] = {}
        self._undo: tuple[Any, dict[str, Any]] | None = None  # config before the last preset switch
        self.plan_expanded = False
        self.follower: Any = None  # service.follow.Follower of the session's source, once primed
        self.live = False  # the source grew while shown: the gauge shows the tokens until compaction

    @property
    def inspector(self) -> InspectorApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
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
                    yield Static("", id="plan-summary")
                with VerticalScroll(id="detail-pane"):
                    yield Static("", id="detail")
            yield LoadingIndicator(id="tuning-loading")
        yield Static("", id="focus-line")
        yield Footer()

    def on_mount(self) -> None:
        self.config = self.inspector.config
        self.title = "inspector"
        self.sub_title = visible(self.session_id)
        self._adapt()
        self.query_one(Heatmap).loading = True
        self._load()

    # ------------------------------------------------------------------ layout and focus

    @property
    def narrow(self) -> bool:
        return self.has_class("-narrow")

    def _adapt(self) -> None:
        """Narrow terminals: the tuning panel becomes an overlay (f2) and the plan one
        line, so the heatmap keeps its columns; short ones: a smaller detail pane."""
        width, height = self.app.size
        self.set_class(width < NARROW, "-narrow")
        self.set_class(height < SHORT, "-short")
        if self.plan is not None:
            self._show_plan()

    def _panel(self) -> TuningPanel | None:
        # By id: Textual caches that lookup; a query walked the whole screen (~2 ms,
        # three times per knob move).
        return self.query_one_optional("#tuning", TuningPanel)

    def _in_panel(self, widget: Widget | None) -> bool:
        panel = self._panel()
        while widget is not None:
            if widget is panel:
                return True
            widget = widget.parent if isinstance(widget.parent, Widget) else None
        return False

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.has_class("-tuning") and not self._in_panel(event.widget):
            self.remove_class("-tuning")  # a click on the table closes the overlay
        if not isinstance(event.widget, Profile):
            self.remove_class("-minimap")
        self._focus_line(event.widget)

    def _focus_line(self, widget: Widget | None) -> None:
        """Name what has focus: the knob with its description and defaults, or the table."""
        line = self.query_one("#focus-line", Static)
        knob = widget
        while knob is not None and not isinstance(knob, Knob):
            knob = knob.parent if isinstance(knob.parent, Widget) else None
        if isinstance(knob, Knob):
            line.update(Text(knob.help_line))
        elif isinstance(widget, Profile):
            line.update(Text("minimap: ← → choose a column · enter jumps there · click works too · esc back"))
        elif self._in_panel(widget):
            line.update(Text("tuning panel: tab / shift+tab move between knobs · esc back to the table"))
        else:
            heatmap = self.query_one(Heatmap)
            if heatmap.only is not None:
                line.update(Text(f"showing {heatmap.only_label} ({heatmap.shown:,} messages) · esc shows all · "
                                 "b breakdown"))
            else:
                line.update(Text("↑↓ · s sort · ] largest · b breakdown · m minimap · f2 tune · ? help"))

    # ------------------------------------------------------------------ loading

    @work(thread=True, exclusive=True, group="session-load", exit_on_error=False, description="session-load")
    def _load(self) -> None:
        from inspector.service.loading import load_analysed

        start = time.perf_counter()
        app = self.inspector
        counter = app.counter(self.config)
        expected = next((r.messages for r in app.session_rows if r.id == self.session_id), None)
        builder = RowBuilder()

        def rows(batch: Sequence[SessionMessage], tokens: list[int]) -> None:
            # Rows of a big session as it is read, counted and analysed (a cold count is slow).
            self.post_message(RowsLoaded(builder.add(batch, tokens), expected))

        session, a = load_analysed(app.data.load_session, self.session_id, counter, app.data.token_cache(), rows,
                                   COUNT_CHUNK)
        self.post_message(SessionReady(session, list(a.tokens), counter, time.perf_counter() - start))

    def on_worker_state_changed(self, event) -> None:
        """A session that cannot be loaded is not left on "loading": the error is shown
        (the app's toast) and the screen goes back to the sessions."""
        from textual.worker import WorkerState

        super().on_worker_state_changed(event)
        if (event.worker.group == "session-load" and event.state == WorkerState.ERROR
                and self.session is None and self.is_current):
            self.app.pop_screen()

    def on_rows_loaded(self, message: RowsLoaded) -> None:
        if self.session is not None:
            return
        heatmap = self.query_one(Heatmap)
        heatmap.loading = False
        heatmap.extend_rows(message.rows)
        n = heatmap.rows.n
        total = max(n, message.expected or 0)
        bar = self.query_one("#session-progress", ProgressBar)
        bar.update(total=total, progress=n)
        self.query_one("#session-title", Static).update(Text(f"loading: {n:,} of {total:,} messages"))

    def on_session_ready(self, message: SessionReady) -> None:
        from inspector.engine.applier import MemorySummaryCache

        # The session and its analysis live as long as this screen: out of the cyclic
        # collector's passes (a full pass over a 10,000-message session took ~250 ms,
        # a stall while a slider moves); freed by reference counting as ever, and
        # handed back to the collector when the screen goes.
        gc.freeze()
        self._frozen = True
        self.session = message.session
        self._fidelity_summaries = MemorySummaryCache()  # a few KB per summary range measured
        self.counter = message.counter
        self.tokens = message.tokens
        heatmap = self.query_one(Heatmap)
        heatmap.loading = False
        if heatmap.rows.tokens != self.tokens:  # not the rows shown while loading
            heatmap.set_rows(row_data(self.session, self.tokens))
        self.query_one("#session-progress", ProgressBar).display = False
        self.query_one(Profile).set_tokens(self.tokens)
        s = self.session
        self.query_one("#session-title", Static).update(session_heading(
            s, self.tokens, self.counter, message.seconds if self.inspector.show_timings else None))
        self.query_one("#tuning-loading").remove()
        panel = TuningPanel(self.config, s.tool_names(), id="tuning")
        self.query_one("#session-body").mount(panel)
        self._subscribe(panel)
        heatmap.focus()
        self.request_plan()
        self._show_detail(heatmap.cursor)
        self._start_follow()

    # ------------------------------------------------------------------ live follow

    FOLLOW_SECONDS = 0.5  # how often the source is checked (one stat)

    @work(thread=True, exclusive=True, group="follow-start", exit_on_error=False, description="follow-start")
    def _start_follow(self) -> None:
        """Follow the session's source file, if it is one: checked by a timer on the UI
        thread (one stat); read again only once it changes (then incrementally)."""
        from inspector.service.follow import Follower
        from inspector.service.pipeline import PipelineError

        path = self.session.source_path if self.session is not None else None
        if not path or "://" in path:
            return
        try:
            follower = Follower(path, self.session.metadata.get("source_session_id") or self.session.id)
            follower.mark_seen()  # what is shown was read from the source as it is
        except (PipelineError, ValueError, OSError):
            return  # moved or unreadable since: nothing to follow
        self.app.call_from_thread(self._following, follower)

    def _following(self, follower: Any) -> None:
        if not self.is_attached:
            follower.close()
            return
        self.follower = follower
        self.set_interval(self.FOLLOW_SECONDS, self._check_source)

    def _stop_following(self, why: str) -> None:
        if self.follower is not None:
            self.follower.close()
            self.follower = None
            self.notify(why, title="no longer following the source", severity="warning", timeout=8)

    def _check_source(self) -> None:
        if self.follower is not None and self.follower.changed():
            self._read_source()

    @work(thread=True, exclusive=True, group="follow", exit_on_error=False, description="follow")
    def _read_source(self) -> None:
        from inspector.service.pipeline import PipelineError

        follower = self.follower
        shown = self.session
        try:  # the messages shown kept, the new ones appended, the analysis extended over them
            grown = follower.update(shown, self.counter, self.inspector.data.token_cache())
        except PipelineError as exc:  # the source went away or broke: said once, then no longer followed
            self.app.call_from_thread(self._stop_following, str(exc))
            return
        if grown is None:
            return
        self.post_message(SessionGrew(grown.session, grown.tokens))

    def on_session_grew(self, message: SessionGrew) -> None:
        """The source changed: the heatmap, the profile, the title, then the plan and
        the gauge, for the session as it is now."""
        from inspector.engine.intro import display_title

        self.session = message.session
        self.tokens = message.tokens
        self.live = True
        self.query_one(Heatmap).set_rows(row_data(self.session, self.tokens))
        self.query_one(Profile).set_tokens(self.tokens)
        s = self.session
        self.query_one("#session-title", Static).update(Text.assemble(
            (visible(display_title(s)), "bold"), f"  ·  {s.source_format}  ·  {plural(len(s.messages), 'message')}  ·  "
            f"{sum(self.tokens):,} tokens  ·  {self.counter.name}  ·  live"))
        self.request_plan()

    def on_unmount(self) -> None:
        if self.follower is not None:
            self.follower.close()
        if self._frozen:  # only what this screen froze (a screen that never loaded froze nothing)
            gc.unfreeze()

    # ------------------------------------------------------------------ planning

    def request_plan(self, *, now: bool = False) -> None:
        """Plan the current config: in a worker, or with `now` (a knob moved by a key or
        a click, the last plan was quick, and no plan is running) right here, so the
        knob and the plan it leads to paint in the same frame. Textual paints the
        knob's frame at once and the next one 17-33 ms later: a plan from a worker
        missed the first and waited for the second (bench/run.py, tui_replan)."""
        if self.session is None:
            return
        self.generation += 1
        if now and self._plan_here():
            return
        self._plan(self.config, self.generation, dict(self._changed))

    def _plan_here(self) -> bool:
        """Plan the current config on this thread and show it; False if it did not
        (a plan running in a worker, or an error: the worker reports it)."""
        from inspector.service.pipeline import plan_session

        config = self.config
        if config is None or not self._plan_lock.acquire(blocking=False):
            return False
        try:
            start = time.perf_counter()
            data = self.inspector.data
            p = plan_session(self.session, config, counter=self.counter, token_cache=data.token_cache(),
                             summary_cache=data.summary_cache())
        except Exception:
            return False
        finally:
            self._plan_lock.release()
        self._planned_here = time.perf_counter()
        message = PlanReady(p, config, self.generation, (self._planned_here - start) * 1000, dict(self._changed))
        self._show_new_plan(message)
        self.post_message(message)  # shown already; it bubbles up to the app as a worker's would
        return True

    # A fixed description: Textual's default is the repr of every argument (a whole
    # config, or a plan of 10,000 actions: ~25 ms per knob move).
    @work(thread=True, exclusive=True, group="plan", exit_on_error=False, description="plan")
    def _plan(self, config, generation: int, changed: dict[str, Any]) -> None:
        from inspector.service.pipeline import plan_session  # the CLI's pipeline: exact once a summary is cached

        start = time.perf_counter()
        with self._plan_lock:
            if generation != self.generation:
                return  # a newer request superseded this one before it started
            data = self.inspector.data
            p = plan_session(self.session, config, counter=self.counter, token_cache=data.token_cache(),
                             summary_cache=data.summary_cache())
        self.post_message(PlanReady(p, config, generation, (time.perf_counter() - start) * 1000, changed))

    @work(thread=True, exclusive=True, group="fidelity", exit_on_error=False, description="fidelity")
    def _measure(self, plan, generation: int) -> None:
        """The plan's fidelity, after the plan is shown: it may write an offline summary
        of a long range (~250 ms of a 10,000-message session), so it never delays the
        plan itself. One at a time: a thread cannot be cancelled, and measures of plans
        a slider has already left would hold the interpreter lock while the newer plans
        paint; each skips once a newer plan exists."""
        from inspector.service.pipeline import measure_fidelity

        with self._measure_lock:
            if generation != self.generation:
                return
            report = measure_fidelity(self.session, plan, summary_cache=self.inspector.data.summary_cache(),
                                      counter=self.counter, scratch=self._fidelity_summaries)
        self.post_message(FidelityReady(report, generation))

    @on(Heatmap.Painted)
    def _painted(self, event: Heatmap.Painted) -> None:
        """The plan's rows are on screen: time to measure its fidelity."""
        pending = self._unmeasured
        if pending is not None and event.generation >= pending[0]:
            self._unmeasured = None
            if pending[2] == self.generation:  # else a newer plan is on its way
                self._measure(pending[1], pending[2])

    def on_fidelity_ready(self, message: FidelityReady) -> None:
        if message.generation != self.generation:
            return
        self.fidelity = message.report
        self._show_plan()

    def on_plan_ready(self, message: PlanReady) -> None:
        if message.generation == self.generation and message.plan is not self.plan:  # else superseded, or shown
            self._show_new_plan(message)

    def _show_new_plan(self, message: PlanReady) -> None:
        if self.plan is None:
            gc.freeze()  # the plan memo, built by the first plan, lives as long (see on_session_ready)
        self.plan = message.plan
        self.plan_ms = message.ms
        self.fidelity = None  # the last one measured another plan
        plan = message.plan
        heatmap = self.query_one(Heatmap)
        heatmap.set_plan(plan.actions, plan.tokens_after)
        # Measured once the heatmap has painted this plan: started at once, the
        # worker's thread held the interpreter lock through the repaint (~2x its wall
        # time). A heatmap with no rows on screen paints nothing: measured at once.
        if heatmap.display and heatmap.size.height > heatmap.header_height:
            self._unmeasured = (heatmap.generation, plan, message.generation)
        else:
            self._measure(plan, message.generation)
        self.query_one(Profile).set_actions(plan.actions)
        self.query_one(ContextGauge).update_values(plan.total_before, plan.total_after, plan.context_window,
                                                   plan.counter, plan.estimated,
                                                   plan.tokens_until_trigger if self.live else None)
        self._show_plan()
        panel = self._panel()
        if panel is not None:
            panel.show_preset(self.config.preset if self.config else "", bool(self._changed))
        cursor = self.query_one(Heatmap).cursor
        if self._detail_key(cursor) != self._shown_detail:
            self._show_detail(cursor)  # only when what it says about the message changed

    def _show_plan(self) -> None:
        """The plan: one line on narrow screens (w or a click on the warnings opens
        the whole of it), the line and every stage below it otherwise."""
        if self.plan is None:
            return
        ms = self.plan_ms if self.inspector.show_timings else None
        compact = self.narrow and not self.plan_expanded
        summary = plan_summary(self.plan, ms, compact=compact, modified=bool(self._changed), fidelity=self.fidelity)
        pane = self.query_one("#plan-summary", Static)
        width = max(20, pane.content_region.width)
        # The wrapped height (lines and their wraps): the same height is a repaint
        # only, no layout pass over the whole screen (10-50 ms), whichever line grew or
        # shrank. While tuning, the pane does not shrink (warnings come and go as a
        # slider moves): blank lines at the end of it are padded on instead.
        rows = sum(len(line) // width + 1 for line in summary.plain.split("\n"))
        last = self._summary_shape
        if last[:2] == (compact, width) and rows < last[2]:
            summary.append("\n" * (last[2] - rows))
            rows = last[2]
        shape = (compact, width, rows)
        pane.update(summary, layout=shape != last)
        self._summary_shape = shape
        self.set_class(self.plan_expanded, "-plan-open")

    def action_warnings(self) -> None:
        """Open the whole plan and scroll to its warnings (or close it again)."""
        self.plan_expanded = not self.plan_expanded
        self._show_plan()
        if self.plan_expanded:
            self.call_after_refresh(self.query_one("#plan-pane", VerticalScroll).scroll_end, animate=False)

    def set_values(self, values: dict[str, Any], *, now: bool = False) -> None:
        """Queue knob values; floods (a dragged slider) are coalesced into one re-plan.

        Args:
            values: dotted config keys and their values.
            now: a knob moved: plan at once (see `request_plan`) when the last plan
                took at most `PLAN_HERE_MS` and none was planned here in the last frame
                (a flood is coalesced instead).
        """
        self._pending.update(values)
        if now and not self._flush_scheduled and self.plan is not None and self.plan_ms <= PLAN_HERE_MS \
                and time.perf_counter() - self._planned_here >= FRAME_S:
            self._flush(now=True)
            return
        if not self._flush_scheduled:
            self._flush_scheduled = True
            # After the messages already queued (a flood coalesces), not after the next
            # refresh: waiting for a frame cost ~30 ms per slider move (bench/run.py).
            self.call_later(self._flush)

    def _flush(self, *, now: bool = False) -> None:
        self._flush_scheduled = False
        values, self._pending = self._pending, {}
        if not values or self.config is None:
            return
        from inspector.engine.config import ConfigError

        try:
            config = self.config.with_values(values)
        except ConfigError as exc:
            self.notify(str(exc), title="invalid value", severity="error", timeout=6)
            panel = self._panel()
            if panel is not None:
                panel.load(self.config)
            return
        self.config = config
        self.inspector.config = config
        self._changed.update(values)
        self.request_plan(now=now)
        panel = self._panel()
        if panel is not None:
            panel.load(config)  # values set from code show in the panel too

    def set_config(self, config) -> None:
        """Replace the whole config (preset, restored version, loaded file, Replay's
        tuning): "modified" when it differs from its preset."""
        self.config = config
        self.inspector.config = config
        self._changed = config.changed_values()
        panel = self._panel()
        if panel is not None:
            panel.load(config)
        self.request_plan()

    def _subscribe(self, panel: TuningPanel) -> None:
        """Hear the panel's knobs at once. Only the subscriber (this screen) must be
        running, not the panel: waiting for the panel by re-scheduling this call after
        each refresh flooded the screen with callbacks (800,000 in 40 s on the 100k
        session) and the panel never mounted."""
        panel.changed_signal.subscribe(self, self._knob_now, immediate=True)

    def _knob_now(self, event: Knob.Changed) -> None:
        """A knob moved (the panel's `changed_signal`, in the handler that moved it)."""
        event.applied = True
        self.set_values({event.key: event.value}, now=True)

    @on(Knob.Changed)
    def _knob(self, event: Knob.Changed) -> None:
        if not event.applied:  # a knob the signal did not reach (the panel not running yet)
            self.set_values({event.key: event.value})

    @on(TuningPanel.PresetChosen)
    def _preset(self, event: TuningPanel.PresetChosen) -> None:
        if self.config is not None and event.name == self.config.preset and not self._changed:
            return
        from inspector.engine.config import preset

        cfg = self.config.as_preset(event.name) if self.config is not None else preset(event.name)
        tuned = plural(len(self._changed), "tuned value")
        self._undo = (self.config, dict(self._changed))
        self.set_config(cfg)
        self.notify(f"preset {event.name}" + (f" replaced {tuned}" if self._undo[1] else "")
                    + " · ctrl+z undoes", timeout=6)

    def action_undo(self) -> None:
        """Back to the config before the last preset switch or reset, tuning included."""
        if self._undo is None or self._undo[0] is None:
            self.notify("nothing to undo", timeout=2)
            return
        config, changed = self._undo
        self._undo = None
        self.set_config(config)
        self._changed = changed
        self.notify(f"back to {config.preset}" + (" (modified)" if changed else ""), timeout=3)

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

    @on(Heatmap.Opened)
    def _opened(self, event: Heatmap.Opened) -> None:
        self.action_preview()

    @on(Profile.Jump)
    def _jump(self, event: Profile.Jump) -> None:
        heatmap = self.query_one(Heatmap)
        heatmap.move_to(event.index)
        heatmap.focus()

    def action_minimap(self) -> None:
        """m: the minimap by keyboard (shown for it on a short terminal), and back."""
        profile = self.query_one(Profile)
        if profile.has_focus:
            self.action_focus_heatmap()
            return
        self.add_class("-minimap")
        self.call_after_refresh(profile.focus)

    def action_sort(self) -> None:
        self.query_one(Heatmap).action_sort()

    def action_largest(self) -> None:
        heatmap = self.query_one(Heatmap)
        heatmap.action_largest(1)
        heatmap.focus()

    def action_sweep(self) -> None:
        """Replay, then sweep a knob there (the palette's "Sweep")."""
        self.action_replay(sweep=True)

    def on_resize(self) -> None:
        self._adapt()
        self._sync_window()

    def _sync_window(self) -> None:
        heatmap = self.query_one(Heatmap)
        r = heatmap.visible_range()
        self.query_one(Profile).set_window(r.start, r.stop)

    def _detail_key(self, index: int) -> tuple:
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
        m = self.session.messages[index]
        tokens = self.tokens[index] if index < len(self.tokens) else None
        text = Text()
        text.append(message_header(m, index, tokens), style="bold")
        if self.plan is not None:
            action = self.plan.actions[index]
            _, note = after_text(self.session, self.plan, index)
            after = self.plan.tokens_after[index]
            text.append("\nplan: ")
            text.append(f" {ACTION_LABELS[action]} ", style=f"bold #000000 on {ACTION_COLORS[action]}")
            if action not in (Action.KEEP, Action.PRESERVE):
                text.append(f"  {tokens or 0:,} → {after:,} tokens")
            text.append(f"  {note}", style="italic")
        text.append("\n\n")
        raw = message_text(m)
        body = clean(raw)
        cut = len(body) > MAX_DETAIL_CHARS
        if self.show_tokens and hasattr(self.counter, "token_spans"):
            body = body[:MAX_DETAIL_CHARS]
            for k, (a, b) in enumerate(self.counter.token_spans(body)):
                text.append(body[a:b], style=f"on {TOKEN_BG[k % 2]}")
        else:
            shown = ansi_text(raw[:MAX_DETAIL_CHARS + 4096] if cut else raw)  # colour codes as their colours
            text.append_text(shown[:MAX_DETAIL_CHARS] if cut else shown)
        if cut:
            text.append(f"\n\n… {len(body) - MAX_DETAIL_CHARS:,} more characters (p: full preview)",
                        style="dim")
        self.detail_text = text
        self._shown_detail = self._detail_key(index)
        self.query_one("#detail", Static).update(text)

    # ------------------------------------------------------------------ actions

    def action_back(self) -> None:
        if self._in_panel(self.focused) or isinstance(self.focused, Profile):
            self.action_focus_heatmap()  # esc leaves the knob, not the session
            return
        heatmap = self.query_one(Heatmap)
        if heatmap.only is not None:
            heatmap.set_view(None)  # esc first clears a breakdown's filter
            self._focus_line(self.focused)
            return
        if self.plan_expanded:
            self.action_warnings()
            return
        self.app.pop_screen()

    def action_token_boundaries(self) -> None:
        if not hasattr(self.counter, "token_spans"):
            self.notify("token boundaries need the tiktoken counter", severity="warning")
            return
        self.show_tokens = not self.show_tokens
        self._show_detail(self.query_one(Heatmap).cursor)

    def action_focus_tuning(self) -> None:
        """f2: to the panel (shown over the table when narrow), and back again."""
        panel = self._panel()
        if panel is None:
            return
        if self._in_panel(self.focused):
            self.action_focus_heatmap()
            return
        self.add_class("-tuning")
        knobs = panel.query(Knob)
        if knobs:
            knobs.first().query("Slider, Switch, Select").first().focus()

    def action_focus_heatmap(self) -> None:
        self.remove_class("-tuning")
        self.remove_class("-minimap")
        self.query_one(Heatmap).focus()

    def action_reset(self) -> None:
        from inspector.engine.config import preset

        self._undo = (self.config, dict(self._changed))
        self.set_config(preset(self.config.preset if self.config else "balanced"))
        self.notify("config reset to the preset · ctrl+z undoes", timeout=4)

    def _need_plan(self) -> bool:
        if self.plan is None or self.session is None:
            self.notify("still planning…", severity="warning", timeout=2)
            return False
        return True

    def action_preview(self) -> None:
        if not self._need_plan():
            return
        from inspector.tui.screens.preview import PreviewScreen

        self.app.push_screen(PreviewScreen(self.session, self.plan, self.query_one(Heatmap).cursor,
                                           self.counter))

    def action_context(self) -> None:
        if not self._need_plan():
            return
        from inspector.tui.screens.preview import ContextScreen

        self.app.push_screen(ContextScreen.for_plan(self.session, self.plan, self.counter,
                                                    self.inspector.data.summary_cache()))

    def action_apply(self) -> None:
        if not self._need_plan():
            return
        from inspector.tui.screens.apply import ApplyScreen

        self.app.push_screen(ApplyScreen(self.session, self.plan, self.counter))

    def action_export(self) -> None:
        if not self._need_plan():
            return
        from inspector.tui.screens.export import ExportScreen

        self.app.push_screen(ExportScreen(self.session, self.plan, self.counter))

    def action_save_config(self) -> None:
        from inspector.tui.screens.export import SaveConfigScreen

        self.app.push_screen(SaveConfigScreen(self.config))

    def action_replay(self, sweep: bool = False) -> None:
        """The policy over every model call of the session (tokens, cost, fidelity);
        the config tuned there comes back here."""
        if self.session is None or self.config is None:
            return
        from inspector.tui.screens.replay import ReplayScreen

        data = self.inspector.data
        self.app.push_screen(ReplayScreen(self.session, self.config, self.counter, token_cache=data.token_cache(),
                                          summary_cache=data.summary_cache(), sweep=sweep),
                             lambda config: self.set_config(config) if config is not None else None)

    def action_breakdown(self) -> None:
        """Tokens by category before and after the plan; a chosen bar filters the heatmap."""
        if not self._need_plan():
            return
        from inspector.tui.screens.breakdown import BreakdownScreen

        self.app.push_screen(BreakdownScreen(self.session, self.plan, self.counter, self.inspector.data.token_cache()),
                             self._filtered)

    def _filtered(self, chosen) -> None:
        if chosen is None:
            return
        heatmap = self.query_one(Heatmap)
        heatmap.set_view(chosen.messages, chosen.label)
        heatmap.focus()
        self._focus_line(heatmap)

    def action_versions(self) -> None:
        if self.session is None:
            return
        from inspector.tui.screens.versions import VersionsScreen

        def restore(config) -> None:
            if config is not None:
                self.set_config(config)
                self.notify("config restored from the version", timeout=3)

        self.app.push_screen(VersionsScreen(self.session_id), restore)


def session_heading(session, tokens: Sequence[int], counter, seconds: float | None = None) -> Text:
    """The line above the heatmap: title, format, messages and tokens, counted as the plan
    counts them (the reply priming included: the same total as the plan line, the
    sessions list and the palette).

    Args:
        session: the session.
        tokens: its per-message counts.
        counter: the counter that made them.
        seconds: how long loading took, shown when given.

    Returns:
        The rich text.
    """
    from inspector.engine.intro import display_title
    from inspector.service.pipeline import context_total

    return Text.assemble(
        (visible(display_title(session)), "bold"),
        f"  ·  {session.source_format}  ·  {plural(len(session.messages), 'message')}  ·  "
        f"{context_total(tokens, counter):,} tokens  ·  {counter.name}"
        + (f"  ·  loaded in {seconds:.2f}s" if seconds is not None else ""))


def plan_summary(plan, ms: float | None, *, compact: bool = False, modified: bool = False,
                 fidelity=None) -> Text:
    """The plan as text: one line (totals, actions, fidelity, warnings) and, unless
    `compact`, every stage, trigger, warning and note below it, then one line per
    fidelity category that loses something.

    Args:
        plan: the engine plan.
        ms: planning time to show, or None.
        compact: only the first line.
        modified: the config differs from its preset.
        fidelity: the plan's `FidelityReport`, once measured.

    Returns:
        The rich text.
    """
    t = Text()
    before, after = plan.total_before, plan.total_after
    saved = before - after
    pct = saved / before if before else 0.0
    t.append("plan ", style="bold")
    t.append(f"({plan.config.preset}{', modified' if modified else ''}) ")
    t.append(f"{before:,} → {'~' if plan.estimated else ''}{after:,} tokens", style="bold")
    if plan.estimated:  # a summary not generated yet: its size is the planner's estimate
        t.append(" (estimated)", style="italic")
    if plan.warnings:
        # Clickable: opens the whole plan at its warnings (also the w key). Right after
        # the totals, so it stays on screen on a narrow terminal.
        t.append("  ")
        t.append(f"⚠ {plural(len(plan.warnings), 'warning')} (w)",
                 style=Style(bold=True, color="yellow", meta={"@click": "screen.warnings"}))
    t.append(f"  saved {saved:,} ({pct:.1%})", style="bold green" if saved > 0 else "dim")
    counts = plan.action_counts()
    for action, n in counts.items():
        if n and action != Action.KEEP:
            t.append("  ")
            t.append(f" {ACTION_LABELS[action]} {n:,} ", style=f"#000000 on {ACTION_COLORS[action]}")
    t.append(f"  keep {counts[Action.KEEP]:,}", style="dim")
    if fidelity is not None:
        score = fidelity.fidelity.score
        bound = "≥" if fidelity.summaries == "pending" else ""
        t.append(f"  fidelity {bound}{score:.2f}",
                 style="bold green" if score >= 0.9 else ("bold yellow" if score >= 0.6 else "bold red"))
    if ms is not None:
        t.append(f"  [{ms:.1f} ms]", style="dim")
    if compact:
        return t
    for st in plan.stages:
        t.append("\n")
        mark = "✓" if st.ran else ("·" if st.enabled else "–")
        t.append(f" {mark} {st.name:<11}", style="bold" if st.ran else "dim")
        t.append(f"{-st.saved:>+12,} ", style="green" if st.saved > 0 else "dim")
        t.append(st.reason, style="" if st.enabled else "dim")
    if plan.triggers:
        t.append("\n triggers: ", style="bold")
        t.append("fires" if plan.triggered else "does not fire", style="bold magenta" if plan.triggered else "dim")
        t.append(f" ({plan.config.summarization.trigger.combine})", style="dim")
        for tr in plan.triggers:
            t.append("\n   ")
            t.append("✓ " if tr.fired else "✗ ", style="green" if tr.fired else "dim")
            t.append(f"{tr.name}: {tr.detail}")
    if plan.cutoff is not None:
        t.append(f"\n cutoff: {plan.cutoff.reason}", style="dim")
    for w in plan.warnings:
        t.append("\n ⚠ ", style="bold yellow")
        t.append(w.message, style="yellow")
    for note in plan.notes:
        t.append(f"\n ℹ {note}", style="dim")
    if fidelity is not None:
        _fidelity_lines(t, fidelity)
    return t


def _fidelity_lines(t: Text, report) -> None:
    """Below the plan: what the fidelity is of, kept / items per kind, and for each kind
    that loses something what it loses first (and what a summary states that the
    original never had)."""
    from inspector.engine.intro import shorten

    kinds = report.fidelity.kinds
    t.append("\n fidelity ", style="bold")
    t.append(f"of {report.scored}: ", style="dim")
    t.append(" · ".join(f"{name.replace('_', ' ')} {k.kept}/{k.items}" for name, k in kinds.items() if k.items)
             or "nothing removed")
    for name, k in kinds.items():
        if k.missing:
            t.append(f"\n   ✗ {name.replace('_', ' ')}: ", style="yellow")
            t.append(visible("; ".join(shorten(x, 48) for x in k.missing[:3])), style="dim")
        if k.unsupported:
            t.append(f"\n   ! {name.replace('_', ' ')} not in the original: ", style="bold red")
            t.append(visible("; ".join(shorten(x, 48) for x in k.unsupported[:3])), style="dim")
