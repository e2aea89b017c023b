"""Replay and Sweep: the tuned policy over the whole life of the open session.

Replay charts the context of every model call with and without the policy (the
sawtooth), the window and trigger lines and the compactions, with the totals beside
it (billed tokens, cache, cost, fidelity); every knob move replays again in a worker.
Sweep replays the values of one knob and plots cost against fidelity; picking a value
sets the knob. Both run `inspector.service.replay`, what `inspector replay|sweep` run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, ProgressBar, Select, Static
from textual_plotext import PlotextPlot

from inspector.engine.intro import shorten
from inspector.engine.wording import plural, usd
from inspector.formats.terminal import visible
from inspector.tui.messages import ReportsWorkerErrors
from inspector.tui.widgets.footer import KeyFooter
from inspector.tui.widgets.knobs import Knob, TuningPanel
from inspector.tui.widgets.table import RowTable

if TYPE_CHECKING:
    from inspector.engine.config import CompactionConfig
    from inspector.engine.replay import Replay
    from inspector.service.replay import SweepResult
    from inspector.tui.app import InspectorApp

TRIGGER_KNOB = "summarization.trigger.context_tokens"
RATIO_KNOB = "summarization.trigger.context_ratio"


class ReplayReady(Message):
    """A replay is done, for the config of `generation`."""

    def __init__(self, replay: Replay, generation: int) -> None:
        super().__init__()
        self.replay = replay
        self.generation = generation


class SweepProgress(Message):
    """How many of a sweep's replays are done."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class SweepReady(Message):
    """A sweep is done."""

    def __init__(self, result: SweepResult) -> None:
        super().__init__()
        self.result = result


def trigger_line(config: CompactionConfig) -> int:
    """The token level the summarization trigger fires above (0 when none is set)."""
    tr = config.summarization.trigger
    if not config.summarization.enabled:
        return 0
    levels = [x for x in (tr.context_tokens, int(tr.context_ratio * config.context_window)) if x]
    return min(levels) if levels else 0


def totals_text(r: Replay, model: str, *, compact: bool = False) -> Text:
    """The replay's totals: one line per figure with its unmanaged counterpart, or
    (`compact`, a narrow terminal) as a table of short columns that fits 80 columns."""
    if compact:
        return _compact_totals(r, model)
    t = r.totals
    out = Text()
    out.append(f"{t.calls:,} calls · {t.compactions:,} compactions", style="bold")
    if t.thrashing:
        out.append("  thrashing: compacts on most calls", style="bold red")
    out.append(f"   prices: {model}\n", style="dim")
    saved = t.unmanaged_input_tokens - t.billed_input_tokens
    pct = saved / t.unmanaged_input_tokens if t.unmanaged_input_tokens else 0.0
    out.append(f"billed input  {t.billed_input_tokens:>14,}  (unmanaged {t.unmanaged_input_tokens:,}, ")
    out.append(f"saved {pct:.1%}", style="bold green" if saved > 0 else "dim")
    out.append(")\n")
    out.append(f"cached        {t.cached_input_tokens:>14,}  (unmanaged {t.unmanaged_cached_tokens:,})\n")
    out.append(f"summarizer    {t.summary_input_tokens:>14,} in, {t.summary_output_tokens:,} out\n")
    out.append(f"peak context  {t.peak_context_tokens:>14,}  (unmanaged {t.unmanaged_peak_tokens:,}; "
               f"window {r.context_window:,}, {plural(t.over_window_calls, 'call')} over)\n")
    out.append("cost          ")
    out.append(f"{usd(t.cost_usd):>14}", style="bold")
    out.append(f"  (unmanaged {usd(t.unmanaged_cost_usd)})\n")
    f = r.fidelity
    out.append("fidelity      ")
    out.append(f"{f.score:>14.2f}", style="bold")
    kinds = ", ".join(f"{name} {k.kept}/{k.items}" for name, k in f.kinds.items() if k.items)
    out.append(f"  at the last call ({kinds or 'nothing removed'})")
    for it in f.lost()[:4]:  # what the number stands for
        why = {"unsupported": "not in the original", "contradicted": "contradicts the original"}.get(it.status, "lost")
        out.append(f"\n              {why} {it.kind.replace('_', ' ')}: ", style="yellow")
        out.append(visible(shorten(it.text, 70)), style="dim")
    return out


def _compact_totals(r: Replay, model: str) -> Text:
    t = r.totals
    out = Text()
    out.append(f"{plural(t.calls, 'call')} · {plural(t.compactions, 'compaction')}", style="bold")
    out.append(f" · prices {model}\n", style="dim")
    out.append(f"{'':<9}{'policy':>13}{'unmanaged':>13}\n", style="dim")
    saved = t.unmanaged_input_tokens - t.billed_input_tokens
    pct = saved / t.unmanaged_input_tokens if t.unmanaged_input_tokens else 0.0
    rows = [("billed", f"{t.billed_input_tokens:,}", f"{t.unmanaged_input_tokens:,}", f"saved {pct:.1%}"),
            ("cached", f"{t.cached_input_tokens:,}", f"{t.unmanaged_cached_tokens:,}", ""),
            ("peak", f"{t.peak_context_tokens:,}", f"{t.unmanaged_peak_tokens:,}",
             f"window {r.context_window:,}, {t.over_window_calls:,} over"),
            ("cost", usd(t.cost_usd), usd(t.unmanaged_cost_usd), ""),
            ("summary", f"{t.summary_input_tokens:,}", "", f"in, {t.summary_output_tokens:,} out")]
    for label, mine, theirs, note in rows:
        out.append(f"{label:<9}")
        out.append(f"{mine:>13}", style="bold")
        out.append(f"{theirs:>13}  {note}\n")
    out.append(f"{'fidelity':<9}")
    out.append(f"{r.fidelity.score:>13.2f}", style="bold")
    out.append("  at the last call", style="dim")
    return out


def nice_ticks(lo: float, hi: float, count: int = 5, *, integer: bool = True) -> list[float]:
    """About `count` round tick values between `lo` and `hi` (1, 2 or 5 times a power of
    ten apart; whole numbers with `integer`)."""
    import math

    if hi <= lo:
        return [lo]
    raw = (hi - lo) / max(1, count)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    if integer:
        step = max(1, round(step))
    first = math.ceil(lo / step)
    return [round(k * step, 10) for k in range(first, int(math.floor(hi / step)) + 1)]


def tick_label(value: float, integer: bool) -> str:
    """An axis label: thousands separators; cents for small amounts."""
    return f"{int(round(value)):,}" if integer or abs(value) >= 1000 else f"{value:,.2f}".rstrip("0").rstrip(".")


def sweep_values(knob: str, current: Any, peak: int) -> list[Any]:
    """Values around the current one to sweep: token levels up to the session's peak
    context, shares of the window, or counts."""
    if knob in (TRIGGER_KNOB, "reduction.clear.trigger_tokens", "summarization.keep.tokens"):
        top = max(2000, peak)
        values = {max(1000, int(round(top * k / 10 / 1000)) * 1000) for k in range(1, 11)}
        return sorted(values | ({int(current)} if current else set()))
    if isinstance(current, float):
        return sorted({round(0.1 * k, 2) for k in range(1, 10)} | {current})
    base = max(1, int(current or 1))
    return sorted({max(1, int(base * k)) for k in (0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4)})


class ReplayScreen(ReportsWorkerErrors, Screen[Any]):
    """Dismisses with the config as tuned here (the session screen takes it over)."""

    DEFAULT_CSS = """
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-main { width: 1fr; }
    ReplayScreen #replay-title { height: 1; padding: 0 1; }
    ReplayScreen #replay-chart { height: 1fr; min-height: 12; }
    ReplayScreen #replay-totals { height: auto; padding: 0 1; }
    ReplayScreen #replay-tuning { width: 56; }
    ReplayScreen.-narrow #replay-tuning {
        display: none; dock: right; width: 56; max-width: 90%; height: 100%;
        border-left: thick $accent; background: $surface;
    }
    ReplayScreen.-narrow.-tuning #replay-tuning { display: block; }
    ReplayScreen.-narrow #replay-title { height: auto; }
    """

    AUTO_FOCUS = None  # not the panel: hidden on a narrow terminal, it took the keys

    BINDINGS = [
        Binding("escape,q", "back", "Back", id="replay.back"),
        Binding("w", "sweep", "Sweep", id="replay.sweep"),
        Binding("f2", "toggle_tuning", "Tune", id="replay.tuning", priority=True),
    ]

    def __init__(self, session: Any, config: CompactionConfig, counter: Any = None, *,
                 token_cache: Any = None, summary_cache: Any = None, model: str | None = None,
                 sweep: bool = False) -> None:
        super().__init__()
        self.sweep_first = sweep  # open the Sweep once the first replay is in (its peak sets the values)
        self.session = session
        self.config = config
        self.counter = counter
        self.token_cache = token_cache
        self.summary_cache = summary_cache
        self.model = model or config.tokens.model
        self.replay: Replay | None = None
        self.generation = 0
        # The knob the sweep varies: the one moved last; at first the trigger in use.
        tr = config.summarization.trigger
        self.knob = RATIO_KNOB if tr.context_ratio and not tr.context_tokens else TRIGGER_KNOB
        self.series: dict[str, list[Any]] = {}  # what the chart shows, by label

    @property
    def inspector(self) -> InspectorApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        """The chart, the totals, the per-call table and the tuning panel."""
        yield Header()
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-main"):
                yield Static("", id="replay-title")
                yield PlotextPlot(id="replay-chart")
                yield Static("replaying…", id="replay-totals")
            yield TuningPanel(self.config, self.session.tool_names(), id="replay-tuning")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Show the title and start the replay."""
        self.title = "inspector"
        self.sub_title = f"replay · {visible(self.session.id)}"
        self.query_one("#replay-title", Static).update(Text.assemble(
            (visible(self.session.title or self.session.id), "bold"),
            "  ·  every model call with and without the policy  ·  w: sweep a knob"))
        self._adapt()
        self.request_replay()

    # ------------------------------------------------------------------ layout

    @property
    def narrow(self) -> bool:
        """Is the screen narrow (the tuning panel an overlay)?"""
        return self.has_class("-narrow")

    def _adapt(self) -> None:
        """Below 120 columns the tuning panel is an overlay (f2) and the totals compact,
        as on the session screen."""
        from inspector.tui.screens.session import NARROW

        narrow = self.app.size.width < NARROW
        if narrow != self.narrow:
            self.set_class(narrow, "-narrow")
            if self.replay is not None:
                self.query_one("#replay-totals", Static).update(totals_text(self.replay, self.model, compact=narrow))

    def on_resize(self) -> None:
        """Lay out for the new size."""
        self._adapt()

    def action_toggle_tuning(self) -> None:
        """f2: the tuning panel (an overlay when narrow) and back to the chart."""
        panel = self.query_one(TuningPanel)
        if self.has_class("-tuning"):
            self.remove_class("-tuning")
            self.set_focus(None)
            return
        self.add_class("-tuning")
        stops = panel.stops()
        if stops:
            self.call_after_refresh(stops[0].focus)

    # ------------------------------------------------------------------ replay

    def request_replay(self) -> None:
        """Replay again for the current config (older replays are discarded)."""
        self.generation += 1
        self._replay(self.config, self.generation)

    @work(thread=True, exclusive=True, group="replay", exit_on_error=False, description="replay")
    def _replay(self, config: CompactionConfig, generation: int) -> None:
        from inspector.service.replay import replay_session

        if generation != self.generation:
            return
        r = replay_session(self.session, config, model=self.model, counter=self.counter,
                           token_cache=self.token_cache, summary_cache=self.summary_cache)
        self.post_message(ReplayReady(r, generation))

    def on_replay_ready(self, message: ReplayReady) -> None:
        """Show the replay: its totals, the chart and the calls."""
        if message.generation != self.generation:
            return
        r = self.replay = message.replay
        self.query_one("#replay-totals", Static).update(totals_text(r, self.model, compact=self.narrow))
        plot = self.query_one("#replay-chart", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        xs = [c.index for c in r.calls]
        fired = [c for c in r.calls if c.compacted]
        self.series = {"without policy": [c.tokens_unmanaged for c in r.calls],
                       "with policy": [c.tokens_sent for c in r.calls],
                       "compaction": [c.index for c in fired]}
        if xs:
            plt.plot(xs, self.series["without policy"], label="without policy", color="gray")
            plt.plot(xs, self.series["with policy"], label="with policy", color="cyan")
            if fired:
                plt.scatter([c.index for c in fired], [c.tokens_sent for c in fired], label="compaction",
                            color="magenta", marker="x")
            plt.hline(r.context_window, color="red")
            trigger = trigger_line(r.config)
            if trigger:
                plt.hline(trigger, color="yellow")
            # whole call numbers and thousands separators (plotext's own ticks: "78.8", "158127")
            xt = nice_ticks(min(xs), max(xs)) if len(xs) > 1 else [float(x) for x in xs]
            plt.xticks(xt, [tick_label(x, True) for x in xt])
            top = max([*self.series["without policy"], r.context_window])
            yt = nice_ticks(0, top)
            plt.yticks(yt, [tick_label(y, True) for y in yt])
        plt.title("context tokens per call (red: window, yellow: trigger)")
        plt.xlabel("model call")
        plot.refresh()
        if self.sweep_first:
            self.sweep_first = False
            self.action_sweep()

    # ------------------------------------------------------------------ knobs

    @on(Knob.Changed)
    def _knob(self, event: Knob.Changed) -> None:
        event.stop()
        self.set_knob(event.key, event.value)

    def set_knob(self, key: str, value: Any) -> None:
        """Change one knob and replay; a bad value is shown on the knob."""
        from inspector.engine.config import ConfigError

        try:
            self.config = self.config.with_values({key: value})
        except ConfigError as exc:
            self.notify(str(exc), title="invalid value", severity="error", timeout=6)
            return
        self.knob = key if not isinstance(value, list | bool) else self.knob
        self._show_config()
        self.request_replay()

    def _show_config(self) -> None:
        """The panel shows the config, "(modified)" when it is not its preset's."""
        panel = self.query_one(TuningPanel)
        panel.load(self.config)
        panel.show_preset(self.config.preset, bool(self.config.changed_values()))

    @on(TuningPanel.PresetChosen)
    def _preset(self, event: TuningPanel.PresetChosen) -> None:
        event.stop()
        if event.name == self.config.preset:
            return  # the panel showing the preset the config started from (on mount, too)
        self.config = self.config.as_preset(event.name)
        self.query_one(TuningPanel).load(self.config)
        self.request_replay()

    @on(TuningPanel.ToolsExcluded)
    def _exclude(self, event: TuningPanel.ToolsExcluded) -> None:
        event.stop()
        from inspector.tui.widgets.knobs import EXCLUDE_KEYS

        self.config = self.config.with_values({key: list(event.tools) for key in EXCLUDE_KEYS})
        self.request_replay()

    # ------------------------------------------------------------------ actions

    def action_back(self) -> None:
        """Close the tuning overlay, or go back to the session with the config tuned here."""
        if self.narrow and self.has_class("-tuning"):
            self.remove_class("-tuning")  # esc closes the overlay first
            self.set_focus(None)
            return
        self.dismiss(self.config)

    def action_sweep(self) -> None:
        """Sweep the chosen knob over values around its current one."""
        peak = self.replay.totals.unmanaged_peak_tokens if self.replay is not None else 0
        current = self.config.get(self.knob)
        values = sweep_values(self.knob, current, peak)

        def picked(choice: tuple[str, Any] | None) -> None:
            if choice is None:
                return
            knob, value = choice
            if knob == "preset":
                self.config = self.config.as_preset(str(value))
                self._show_config()
                self.request_replay()
            else:
                self.set_knob(knob, value)
            self.knob = knob if knob != "preset" else self.knob
            self.notify(f"{knob} = {value}", timeout=3)

        self.app.push_screen(SweepScreen(self.session, self.config, self.knob, values, model=self.model,
                                         counter=self.counter, token_cache=self.token_cache,
                                         summary_cache=self.summary_cache, peak=peak), picked)


def sweep_knobs() -> list[tuple[str, str]]:
    """(label, key) of what a sweep can vary: the preset and every numeric knob."""
    from inspector.tui.widgets.knobs import ALL_KNOBS

    return [("preset (compare the presets)", "preset")] + [
        (f"{spec.label.strip()} ({key})", key) for key, spec in ALL_KNOBS.items() if spec.kind in ("int", "float")]


def _padded(lo: float, hi: float) -> tuple[float, float]:
    """An axis range around [lo, hi] with a margin, so no point sits on the frame."""
    span = hi - lo or abs(hi) or 1.0
    return lo - span * 0.08, hi + span * 0.08


def place_labels(labels: list[str], xs: list[float], ys: list[float], x_range: tuple[float, float],
                 y_range: tuple[float, float], width: int, height: int) -> list[tuple[str, float, float]]:
    """Where each point's label goes, in data coordinates: beside its point, to the left
    where the right would leave the chart, never over another label; a label with no
    free place is left out (the table lists every value).

    Args:
        labels: one text per point.
        xs: the points' x values.
        ys: their y values.
        x_range: the x axis' (low, high).
        y_range: the y axis' (low, high).
        width: the plot's columns.
        height: its rows.

    Returns:
        (text, x, y) per label placed, in the order of `labels` (left-aligned text).
    """
    (x0, x1), (y0, y1) = x_range, y_range
    xspan, yspan = (x1 - x0) or 1.0, (y1 - y0) or 1.0
    taken: dict[int, list[tuple[int, int]]] = {}
    points = {(round((x - x0) / xspan * (width - 1)), round((y - y0) / yspan * (height - 1))) for x, y in zip(xs, ys)}
    out: list[tuple[str, float, float]] = []
    for text, x, y in zip(labels, xs, ys):
        col = round((x - x0) / xspan * (width - 1))
        row = round((y - y0) / yspan * (height - 1))
        n = len(text)
        for dy in (0, 1, -1, 2, -2):
            r = row + dy
            if not 0 <= r < height:
                continue
            for start in (col + 2, col - n - 1):
                end = start + n
                if start < 0 or end > width:
                    continue
                if any(a < end + 1 and start < b + 1 for a, b in taken.get(r, [])):
                    continue
                if any(pr == r and start <= pc < end for pc, pr in points):
                    continue  # over another point
                taken.setdefault(r, []).append((start, end))
                out.append((text, x0 + start / (width - 1) * xspan, y0 + r / (height - 1) * yspan))
                break
            else:
                continue
            break
    return out


class SweepScreen(ReportsWorkerErrors, Screen[Any]):
    """Cost against fidelity over a knob's values; dismisses with the value picked."""

    DEFAULT_CSS = """
    SweepScreen #sweep-title { height: 1; padding: 0 1; }
    SweepScreen #sweep-knob-row { height: auto; padding: 0 1; }
    SweepScreen #sweep-knob-row Label { padding: 0 1 0 0; }
    SweepScreen #sweep-knob { width: 1fr; max-width: 60; }
    SweepScreen #sweep-progress { height: 1; padding: 0 1; }
    SweepScreen #sweep-chart { height: 2fr; min-height: 12; }
    SweepScreen #sweep-table { height: 1fr; }
    """

    BINDINGS = [
        Binding("escape,q", "back", "Back", id="sweep.back"),
        Binding("enter", "pick", "Use this value", id="sweep.pick"),
        Binding("k", "choose_knob", "Knob", id="sweep.knob"),
    ]

    def __init__(self, session: Any, config: CompactionConfig, knob: str, values: list[Any], *,
                 model: str | None = None, counter: Any = None, token_cache: Any = None,
                 summary_cache: Any = None, peak: int = 0) -> None:
        super().__init__()
        self.session = session
        self.config = config
        self.peak = peak  # the session's peak context: the range of token knobs
        self.knob = knob
        self.values = values
        self.model = model or config.tokens.model
        # the Replay view's: its row for the current value is that view's replay
        self.counter = counter
        self.token_cache = token_cache
        self.summary_cache = summary_cache
        self.result: SweepResult | None = None
        self.points: list[tuple[float, float]] = []  # (cost, fidelity) per value, as plotted

    def compose(self) -> ComposeResult:
        """The knob chooser, the progress and the table of results."""
        yield Header()
        with Vertical(id="sweep-main"):
            with Horizontal(id="sweep-knob-row"):
                yield Label("sweep (k)")
                yield Select(sweep_knobs(), value=self.knob, allow_blank=False, id="sweep-knob", compact=True)
            yield Static(self._title(), id="sweep-title")
            yield ProgressBar(total=len(self.values), id="sweep-progress")
            yield PlotextPlot(id="sweep-chart")
            table: DataTable[Any] = RowTable(cursor_type="row", id="sweep-table")
            for key, label in (("value", "value"), ("compactions", "compactions"), ("billed", "billed input"),
                               ("cached", "cached"), ("peak", "peak"), ("cost", "cost"), ("fidelity", "fidelity")):
                table.add_column(label, key=key)
            yield table
        yield KeyFooter()

    def _title(self) -> Text:
        return Text.assemble((f"{len(self.values)} values", "bold"), " of ", (self.knob, "cyan"),
                             "  ·  enter: use the selected one")

    def on_mount(self) -> None:
        """Start the sweep."""
        self.title = "inspector"
        self.sub_title = f"sweep · {visible(self.session.id)}"
        self.query_one(DataTable).focus()
        self._sweep()

    @on(Select.Changed, "#sweep-knob")
    def _knob_chosen(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is Select.BLANK or event.value == self.knob:
            return
        self.set_knob(str(event.value))

    def set_knob(self, knob: str) -> None:
        """Sweep another knob (or the presets) from the same config."""
        from inspector.engine.config import PRESETS

        self.knob = knob
        self.values = list(PRESETS) if knob == "preset" else sweep_values(knob, self.config.get(knob), self.peak)
        self.result = None
        self.query_one("#sweep-title", Static).update(self._title())
        bar = self.query_one(ProgressBar)
        bar.update(total=len(self.values), progress=0)
        self._show_eta(True)
        self.query_one(DataTable).clear()
        self._sweep()

    def action_choose_knob(self) -> None:
        """Open the knob chooser."""
        select = self.query_one("#sweep-knob", Select)
        select.focus()
        select.expanded = True

    @work(thread=True, exclusive=True, group="sweep", exit_on_error=False, description="sweep")
    def _sweep(self) -> None:
        from inspector.service.replay import sweep

        def progress(done: int, total: int) -> None:
            self.post_message(SweepProgress(done, total))

        knob, values = self.knob, list(self.values)
        result = sweep("", [], self.config, knob, values, model=self.model, workers=1,
                       sessions=[self.session], progress=progress, counter=self.counter,
                       token_cache=self.token_cache, summary_cache=self.summary_cache)
        if knob == self.knob:  # else another knob was chosen meanwhile; its sweep follows
            self.post_message(SweepReady(result))

    def on_sweep_progress(self, message: SweepProgress) -> None:
        """Show how many replays are done."""
        self.query_one(ProgressBar).update(progress=message.done)

    def on_sweep_ready(self, message: SweepReady) -> None:
        """Fill the table: per value, the totals and costs, the current value marked."""
        self.result = message.result
        current = self.config.get(self.knob)
        table = self.query_one(DataTable)
        table.clear()
        costs: list[float] = []
        fids: list[float] = []
        mark = 0
        for k, row in enumerate(self.result.rows):
            t = row.summed()
            fid = row.fidelity if row.fidelity is not None else 0.0
            cost = t["cost_usd"] if t["cost_usd"] is not None else float(t["billed_input_tokens"])
            costs.append(cost)
            fids.append(fid)
            here = row.value == current
            mark = k if here else mark
            # "!": the value compacts on most calls of some session (it thrashes)
            table.add_row(Text(f"{'▶ ' if here else ''}{row.value}{' !' if row.thrashing else ''}",
                               style="bold" if here else ""),
                          f"{t['compactions']:,}", f"{t['billed_input_tokens']:,}", f"{t['cached_input_tokens']:,}",
                          f"{t['peak_context_tokens']:,}", usd(t["cost_usd"]), f"{fid:.2f}", key=str(k))
        table.move_cursor(row=mark)
        self.points = list(zip(costs, fids))
        in_usd = all(row.summed()["cost_usd"] is not None for row in self.result.rows)
        self._plot([str(row.value) for row in self.result.rows], costs, fids,
                   mark if any(row.value == current for row in self.result.rows) else None, in_usd)
        self.query_one(ProgressBar).update(progress=len(self.values))
        self._show_eta(False)

    def _show_eta(self, shown: bool) -> None:
        """The bar's time left while a sweep runs; none once it is done (Textual's estimate
        then reads 00:00:00 or --:--:--, depending on how its progress reports were spaced)."""
        self.query_one("#sweep-progress #eta").display = shown

    def _plot(self, labels: list[str], xs: list[float], ys: list[float], mark: int | None, in_usd: bool) -> None:
        """The points with their values as labels that neither overlap nor leave the
        chart, the current value drawn over them in another colour with a line through
        it, and axes with separators (no legend box over the points)."""
        chart = self.query_one("#sweep-chart", PlotextPlot)
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        if not xs:
            chart.refresh()
            return
        x_lo, x_hi = _padded(min(xs), max(xs))
        y_lo, y_hi = _padded(min(ys), max(ys))
        plt.xlim(x_lo, x_hi)
        plt.ylim(y_lo, y_hi)
        plt.scatter(xs, ys, color="cyan", marker="●")
        if mark is not None:
            plt.vline(xs[mark], color="magenta")
            plt.scatter([xs[mark]], [ys[mark]], color="magenta", marker="◆")
        width = max(20, chart.size.width - 12)  # the y axis' labels take the rest
        height = max(6, chart.size.height - 5)  # title, x axis and its labels
        for k, (text, cx, cy) in enumerate(place_labels(labels, xs, ys, (x_lo, x_hi), (y_lo, y_hi), width, height)):
            plt.text(text, cx, cy, color="magenta" if k == mark else "white")
        xt = nice_ticks(x_lo, x_hi, 4, integer=not in_usd)
        plt.xticks(xt, [("$" if in_usd else "") + tick_label(x, not in_usd) for x in xt])
        plt.title(f"{'cost (USD)' if in_usd else 'billed input tokens'} against fidelity at the last call · "
                  "◆ current value")
        plt.xlabel("cost" if in_usd else "billed input tokens")
        plt.ylabel("fidelity")
        chart.refresh()

    def action_back(self) -> None:
        """Go back without choosing a value."""
        self.dismiss(None)

    def action_pick(self) -> None:
        """Choose the value under the cursor for the knob."""
        if self.result is None:
            self.notify("still sweeping…", severity="warning", timeout=2)
            return
        row = self.query_one(DataTable).cursor_row
        self.dismiss((self.knob, self.result.rows[row].value))

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_pick()
