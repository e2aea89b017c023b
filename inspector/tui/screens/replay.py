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
from textual.widgets import DataTable, Footer, Header, ProgressBar, Static
from textual_plotext import PlotextPlot

from inspector.engine.wording import plural, usd
from inspector.formats.terminal import visible
from inspector.tui.messages import ReportsWorkerErrors
from inspector.tui.widgets.knobs import Knob, TuningPanel

if TYPE_CHECKING:
    from inspector.engine.config import CompactionConfig
    from inspector.engine.replay import Replay
    from inspector.service.replay import SweepResult
    from inspector.tui.app import InspectorApp

TRIGGER_KNOB = "summarization.trigger.context_tokens"
RATIO_KNOB = "summarization.trigger.context_ratio"


class ReplayReady(Message):
    def __init__(self, replay: Replay, generation: int) -> None:
        super().__init__()
        self.replay = replay
        self.generation = generation


class SweepProgress(Message):
    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class SweepReady(Message):
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


def totals_text(r: Replay, model: str) -> Text:
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
    return out


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


class ReplayScreen(ReportsWorkerErrors, Screen):
    """Dismisses with the config as tuned here (the session screen takes it over)."""

    DEFAULT_CSS = """
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-main { width: 1fr; }
    ReplayScreen #replay-title { height: 1; padding: 0 1; }
    ReplayScreen #replay-chart { height: 1fr; min-height: 12; }
    ReplayScreen #replay-totals { height: auto; padding: 0 1; }
    ReplayScreen #replay-tuning { width: 56; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back", id="replay.back"),
        Binding("w", "sweep", "Sweep", id="replay.sweep"),
    ]

    def __init__(self, session: Any, config: CompactionConfig, counter: Any = None, *,
                 token_cache: Any = None, summary_cache: Any = None, model: str | None = None) -> None:
        super().__init__()
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
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-main"):
                yield Static("", id="replay-title")
                yield PlotextPlot(id="replay-chart")
                yield Static("replaying…", id="replay-totals")
            yield TuningPanel(self.config, self.session.tool_names(), id="replay-tuning")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "inspector"
        self.sub_title = f"replay · {visible(self.session.id)}"
        self.query_one("#replay-title", Static).update(Text.assemble(
            (visible(self.session.title or self.session.id), "bold"),
            "  ·  every model call with and without the policy  ·  w: sweep a knob"))
        self.request_replay()

    # ------------------------------------------------------------------ replay

    def request_replay(self) -> None:
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
        if message.generation != self.generation:
            return
        r = self.replay = message.replay
        self.query_one("#replay-totals", Static).update(totals_text(r, self.model))
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
        plt.title("context tokens per call (red: window, yellow: trigger)")
        plt.xlabel("model call")
        plot.refresh()

    # ------------------------------------------------------------------ knobs

    @on(Knob.Changed)
    def _knob(self, event: Knob.Changed) -> None:
        event.stop()
        self.set_knob(event.key, event.value)

    def set_knob(self, key: str, value: Any) -> None:
        from inspector.engine.config import ConfigError

        try:
            self.config = self.config.with_values({key: value})
        except ConfigError as exc:
            self.notify(str(exc), title="invalid value", severity="error", timeout=6)
            return
        self.knob = key if not isinstance(value, list | bool) else self.knob
        self.query_one(TuningPanel).load(self.config)
        self.request_replay()

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
        self.dismiss(self.config)

    def action_sweep(self) -> None:
        peak = self.replay.totals.unmanaged_peak_tokens if self.replay is not None else 0
        current = self.config.get(self.knob)
        values = sweep_values(self.knob, current, peak)

        def picked(value: Any) -> None:
            if value is not None:
                self.set_knob(self.knob, value)
                self.notify(f"{self.knob} = {value}", timeout=3)

        self.app.push_screen(SweepScreen(self.session, self.config, self.knob, values, model=self.model,
                                         counter=self.counter, token_cache=self.token_cache,
                                         summary_cache=self.summary_cache), picked)


class SweepScreen(ReportsWorkerErrors, Screen):
    """Cost against fidelity over a knob's values; dismisses with the value picked."""

    DEFAULT_CSS = """
    SweepScreen #sweep-title { height: 1; padding: 0 1; }
    SweepScreen #sweep-progress { height: 1; padding: 0 1; }
    SweepScreen #sweep-chart { height: 2fr; min-height: 12; }
    SweepScreen #sweep-table { height: 1fr; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back", id="sweep.back"),
        Binding("enter", "pick", "Use this value", id="sweep.pick"),
    ]

    def __init__(self, session: Any, config: CompactionConfig, knob: str, values: list[Any], *,
                 model: str | None = None, counter: Any = None, token_cache: Any = None,
                 summary_cache: Any = None) -> None:
        super().__init__()
        self.session = session
        self.config = config
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
        yield Header()
        with Vertical(id="sweep-main"):
            yield Static(Text.assemble(("Sweep ", "bold"), (self.knob, "bold cyan"),
                                       f"  ·  {len(self.values)} values  ·  enter: use the selected value"),
                         id="sweep-title")
            yield ProgressBar(total=len(self.values), id="sweep-progress")
            yield PlotextPlot(id="sweep-chart")
            table: DataTable = DataTable(cursor_type="row", id="sweep-table")
            for key, label in (("value", "value"), ("compactions", "compactions"), ("billed", "billed input"),
                               ("cached", "cached"), ("peak", "peak"), ("cost", "cost"), ("fidelity", "fidelity")):
                table.add_column(label, key=key)
            yield table
        yield Footer()

    def on_mount(self) -> None:
        self.title = "inspector"
        self.sub_title = f"sweep · {visible(self.session.id)}"
        self.query_one(DataTable).focus()
        self._sweep()

    @work(thread=True, exclusive=True, group="sweep", exit_on_error=False, description="sweep")
    def _sweep(self) -> None:
        from inspector.service.replay import sweep

        def progress(done: int, total: int) -> None:
            self.post_message(SweepProgress(done, total))

        result = sweep("", [], self.config, self.knob, self.values, model=self.model, workers=1,
                       sessions=[self.session], progress=progress, counter=self.counter,
                       token_cache=self.token_cache, summary_cache=self.summary_cache)
        self.post_message(SweepReady(result))

    def on_sweep_progress(self, message: SweepProgress) -> None:
        self.query_one(ProgressBar).update(progress=message.done)

    def on_sweep_ready(self, message: SweepReady) -> None:
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
        plt = self.query_one("#sweep-chart", PlotextPlot).plt
        plt.clear_data()
        plt.clear_figure()
        plt.scatter(costs, fids, color="cyan", label=self.knob)
        for k, row in enumerate(self.result.rows):
            plt.text(str(row.value), costs[k], fids[k], color="white")
        if any(row.value == current for row in self.result.rows):
            plt.scatter([costs[mark]], [fids[mark]], color="magenta", marker="●", label="current")
        plt.title("cost (USD) against fidelity at the last call")
        plt.xlabel("cost")
        plt.ylabel("fidelity")
        self.query_one("#sweep-chart", PlotextPlot).refresh()
        self.query_one(ProgressBar).update(progress=len(self.values))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_pick(self) -> None:
        if self.result is None:
            self.notify("still sweeping…", severity="warning", timeout=2)
            return
        row = self.query_one(DataTable).cursor_row
        self.dismiss(self.result.rows[row].value)

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_pick()
