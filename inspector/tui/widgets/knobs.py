"""The tuning panel: every engine knob as a slider with an exact input beside it.

A `Knob` edits one dotted config key. Changes bubble up as `Knob.Changed(key, value)`;
the session screen turns them into a new config and re-plans.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Label, Select, SelectionList, Static, Switch
from textual.widgets.selection_list import Selection

from inspector.formats.terminal import visible
from inspector.tui.widgets.slider import Slider


@dataclass(frozen=True)
class KnobSpec:
    key: str  # dotted config key
    label: str
    kind: str = "int"  # int | float | bool | choice | tools
    lo: float = 0
    hi: float = 100
    scale: str = "linear"  # linear | log
    steps: int = 100
    choices: tuple[str, ...] = ()
    zero_off: bool = False  # position 0 means 0 ("off")
    percent: bool = False
    help: str = ""


def _nice(x: float) -> int:
    """Round to two significant digits (1,234 -> 1,200) so log sliders land on round values."""
    if x <= 0:
        return 0
    mag = 10 ** max(0, int(math.floor(math.log10(x))) - 1)
    return int(round(x / mag) * mag)


def to_position(spec: KnobSpec, value: float) -> int:
    if spec.kind in ("bool", "choice", "tools"):
        return 0
    if spec.scale == "log":
        if value <= 0 or value < spec.lo and spec.zero_off:
            return 0
        lo, hi = spec.lo, spec.hi
        value = max(lo, min(hi, value))
        first = 1 if spec.zero_off else 0
        span = spec.steps - first
        return first + round(math.log(value / lo) / math.log(hi / lo) * span)
    value = max(spec.lo, min(spec.hi, value))
    return round((value - spec.lo) / (spec.hi - spec.lo) * spec.steps)


def from_position(spec: KnobSpec, position: int) -> float:
    if spec.scale == "log":
        if spec.zero_off and position <= 0:
            return 0
        first = 1 if spec.zero_off else 0
        span = spec.steps - first
        raw = spec.lo * (spec.hi / spec.lo) ** ((position - first) / span)
        return _nice(raw) if spec.kind == "int" else raw
    raw = spec.lo + (spec.hi - spec.lo) * position / spec.steps
    if spec.kind == "int":
        return int(round(raw))
    return round(raw, 2)


def format_value(spec: KnobSpec, value: Any) -> str:
    if spec.kind == "float":
        return f"{value:.2f}"
    if spec.kind == "int":
        return str(int(value))
    return str(value)


def parse_value(spec: KnobSpec, text: str) -> float:
    t = text.strip().replace(",", "").replace("_", "")
    if spec.kind == "float":
        if t.endswith("%"):
            return float(t[:-1]) / 100
        return float(t)
    mult = 1
    if t[-1:].lower() == "k":
        t, mult = t[:-1], 1000
    elif t[-1:].lower() == "m":
        t, mult = t[:-1], 1_000_000
    return int(round(float(t) * mult))


def _safe_id(key: str) -> str:
    return "knob-" + key.replace(".", "-").replace("_", "-")


class Knob(Horizontal):
    """Label, slider and exact input for one numeric key (or a switch / select)."""

    DEFAULT_CSS = """
    Knob {
        height: auto;
        margin: 0 0 0 0;
    }
    Knob > Label.knob-label {
        width: 17;
        padding: 0 1 0 0;
        color: $text-muted;
    }
    Knob > Slider {
        width: 1fr;
        margin: 0 1 0 0;
    }
    Knob > Input {
        width: 11;
    }
    Knob > Switch {
        width: auto;
        height: 1;
        border: none;
        padding: 0;
    }
    Knob > Switch:focus {
        border: none;
        background-tint: $foreground 10%;
    }
    Knob > Select {
        width: 1fr;
    }
    Knob.-invalid > Input {
        border: tall $error;
    }
    """

    class Changed(Message):
        def __init__(self, knob: Knob, key: str, value: Any) -> None:
            super().__init__()
            self.knob = knob
            self.key = key
            self.value = value

        @property
        def control(self) -> Knob:
            return self.knob

    def __init__(self, spec: KnobSpec, value: Any) -> None:
        super().__init__(id=_safe_id(spec.key))
        self.spec = spec
        self.value = value
        if spec.help:
            self.tooltip = f"{spec.key}\n{spec.help}"
        else:
            self.tooltip = spec.key

    def compose(self) -> ComposeResult:
        s = self.spec
        yield Label(s.label, classes="knob-label")
        if s.kind == "bool":
            yield Switch(bool(self.value), animate=False)
        elif s.kind == "choice":
            yield Select([(c, c) for c in s.choices], value=self.value, allow_blank=False, compact=True)
        else:
            yield Slider(s.steps, to_position(s, self.value))
            yield Input(format_value(s, self.value), select_on_focus=True, compact=True)

    # -- programmatic update (no Changed message) --------------------------------

    def sync(self, value: Any) -> None:
        if value == self.value:
            return
        self.value = value
        s = self.spec
        self.remove_class("-invalid")
        if s.kind == "bool":
            sw = self.query_one(Switch)
            with sw.prevent(Switch.Changed):
                sw.value = bool(value)
        elif s.kind == "choice":
            sel = self.query_one(Select)
            with sel.prevent(Select.Changed):
                sel.value = value
        else:
            self.query_one(Slider).set_position(to_position(s, value))
            inp = self.query_one(Input)
            with inp.prevent(Input.Changed):
                inp.value = format_value(s, value)

    # -- user input ---------------------------------------------------------------

    def _emit(self, value: Any) -> None:
        if value == self.value:
            return
        self.value = value
        self.post_message(self.Changed(self, self.spec.key, value))

    @on(Slider.Changed)
    def _slider(self, event: Slider.Changed) -> None:
        event.stop()
        value = from_position(self.spec, event.position)
        inp = self.query_one(Input)
        with inp.prevent(Input.Changed):
            inp.value = format_value(self.spec, value)
        self.remove_class("-invalid")
        self._emit(value)

    @on(Input.Submitted)
    @on(Input.Blurred)
    def _input(self, event: Input.Submitted | Input.Blurred) -> None:
        event.stop()
        self.set_exact(event.value)

    def set_exact(self, text: str) -> bool:
        """Set the exact value typed in the input; False (and marked invalid) if unparsable."""
        s = self.spec
        try:
            value = parse_value(s, text)
        except (ValueError, IndexError):
            self.add_class("-invalid")
            self.notify(f"{s.key}: {text!r} is not a number", severity="error", timeout=4)
            return False
        self.remove_class("-invalid")
        self.query_one(Slider).set_position(to_position(s, value))
        inp = self.query_one(Input)
        if inp.value != format_value(s, value):
            with inp.prevent(Input.Changed):
                inp.value = format_value(s, value)
        self._emit(value)
        return True

    @on(Switch.Changed)
    def _switch(self, event: Switch.Changed) -> None:
        event.stop()
        self._emit(bool(event.value))

    @on(Select.Changed)
    def _select(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is not Select.BLANK:
            self._emit(event.value)

    def mark_invalid(self) -> None:
        self.add_class("-invalid")

    def step(self, delta: int) -> None:
        """Move the slider by `delta` positions (as the arrow keys do)."""
        self.query_one(Slider).action_step(delta)


# ------------------------------------------------------------------------ the panel

K = KnobSpec

SECTIONS: list[tuple[str, list[KnobSpec]]] = [
    ("Summarization", [
        K("summarization.enabled", "enabled", "bool", help="Replace older turns with a summary when a trigger fires."),
        K("summarization.trigger.context_tokens", "trigger tokens", "int", 500, 2_000_000, "log", 120, zero_off=True,
          help="Fire above this many context tokens (0 = off)."),
        K("summarization.trigger.context_ratio", "trigger ratio", "float", 0, 1, "linear", 100,
          help="Fire above this share of the context window (0 = off)."),
        K("summarization.trigger.messages", "trigger msgs", "int", 5, 20_000, "log", 100, zero_off=True,
          help="Fire above this many messages (0 = off)."),
        K("summarization.trigger.combine", "combine", "choice", choices=("any", "all")),
        K("summarization.keep.mode", "keep mode", "choice", choices=("messages", "tokens", "fraction")),
        K("summarization.keep.messages", "keep msgs", "int", 0, 200, "linear", 200,
          help="Messages kept verbatim after the summary (mode 'messages')."),
        K("summarization.keep.tokens", "keep tokens", "int", 100, 500_000, "log", 100, zero_off=True,
          help="Tokens kept verbatim (mode 'tokens'; 0 = half the token trigger)."),
        K("summarization.keep.fraction", "keep fraction", "float", 0, 1, "linear", 100,
          help="Share of tokens kept (mode 'fraction')."),
        K("summarization.preserve_user_messages.enabled", "preserve users", "bool",
          help="Carry the latest user messages into the summary verbatim."),
        K("summarization.preserve_user_messages.max_tokens", "preserve budget", "int", 100, 200_000, "log", 100,
          zero_off=True, help="Budget for preserved user messages (0 = trigger / 3)."),
    ]),
    ("Truncation", [
        K("reduction.truncation.enabled", "enabled", "bool", help="Head + tail of oversized tool outputs."),
        K("reduction.truncation.max_chars", "max chars", "int", 200, 500_000, "log", 100,
          help="Characters per tool output before truncation."),
    ]),
    ("Clear", [
        K("reduction.clear.enabled", "enabled", "bool", help="Clear old tool results above a token threshold."),
        K("reduction.clear.trigger_tokens", "trigger tokens", "int", 500, 2_000_000, "log", 120, zero_off=True,
          help="Clear when context tokens exceed this."),
        K("reduction.clear.keep_rounds", "kept rounds", "int", 0, 50, "linear", 50,
          help="Latest assistant rounds never cleared."),
        K("reduction.clear.at_least_tokens", "min savings", "int", 100, 500_000, "log", 100, zero_off=True,
          help="Skip clearing unless it frees this many tokens (spares the prompt cache)."),
    ]),
    ("Tool-result compaction", [
        K("reduction.compaction.enabled", "enabled", "bool", help="trpc pass 1: placeholders for old large results."),
        K("reduction.compaction.tool_result_max_tokens", "max tokens", "int", 16, 100_000, "log", 100, zero_off=True,
          help="Historical results over this become placeholders."),
    ]),
    ("Tailoring", [
        K("tailoring.enabled", "enabled", "bool", help="Drop whole oldest rounds to fit the final budget."),
        K("tailoring.budget_tokens", "budget", "int", 500, 2_000_000, "log", 120, zero_off=True,
          help="Final budget (0 = window minus reserve)."),
    ]),
    ("Model", [
        K("tokens.context_window", "context window", "int", 1000, 2_000_000, "log", 100, zero_off=True,
          help="Context window in tokens (0 = from the model name)."),
    ]),
]

ALL_KNOBS: dict[str, KnobSpec] = {s.key: s for _, specs in SECTIONS for s in specs}
EXCLUDE_KEYS = ("reduction.truncation.exclude_tools", "reduction.clear.exclude_tools")


class TuningPanel(VerticalScroll):
    """Preset, every knob, and the tools to exclude, for one config."""

    DEFAULT_CSS = """
    TuningPanel {
        width: 56;
        border-left: vkey $panel;
        padding: 0 1;
    }
    TuningPanel .section {
        text-style: bold;
        color: $accent;
        margin: 1 0 0 0;
    }
    TuningPanel #preset-row {
        height: auto;
    }
    TuningPanel #preset-row Label {
        width: 17;
    }
    TuningPanel #preset {
        width: 1fr;
    }
    TuningPanel SelectionList {
        height: auto;
        max-height: 10;
    }
    """

    class PresetChosen(Message):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    class ToolsExcluded(Message):
        def __init__(self, tools: list[str]) -> None:
            super().__init__()
            self.tools = tools

    def __init__(self, config: Any, tools: list[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.config = config
        self.tools = tools

    def compose(self) -> ComposeResult:
        from inspector.engine.config import PRESETS

        with Horizontal(id="preset-row"):
            yield Label("preset")
            yield Select([(name, name) for name in PRESETS], value=self.config.preset
                         if self.config.preset in PRESETS else "balanced", allow_blank=False, id="preset",
                         compact=True)
        for title, specs in SECTIONS:
            yield Static(title, classes="section")
            for spec in specs:
                yield Knob(spec, self.config.get(spec.key))
        yield Static("Exclude tools (truncation and clear)", classes="section")
        excluded = set(self.config.get(EXCLUDE_KEYS[1])) | set(self.config.get(EXCLUDE_KEYS[0]))
        if self.tools:
            yield SelectionList[str](*[Selection(Text(visible(t)), t, t in excluded) for t in self.tools], id="exclude-tools",
                                     compact=True)
        else:
            yield Static("(this session calls no tools)", classes="muted")

    def load(self, config: Any) -> None:
        """Show `config` without emitting changes."""
        self.config = config
        for knob in self.query(Knob):
            knob.sync(config.get(knob.spec.key))
        sel = self.query_one("#preset", Select)
        from inspector.engine.config import PRESETS

        if config.preset != sel.value and config.preset in PRESETS:
            with sel.prevent(Select.Changed):
                sel.value = config.preset
        lists = self.query("#exclude-tools")
        if lists:
            sl = lists.first(SelectionList)
            excluded = set(config.get(EXCLUDE_KEYS[1])) | set(config.get(EXCLUDE_KEYS[0]))
            with sl.prevent(SelectionList.SelectedChanged):
                sl.deselect_all()
                for t in excluded:
                    if t in self.tools:
                        sl.select(t)

    def knob(self, key: str) -> Knob:
        return self.query_one(f"#{_safe_id(key)}", Knob)

    @on(Select.Changed, "#preset")
    def _preset(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is not Select.BLANK:
            self.post_message(self.PresetChosen(str(event.value)))

    @on(SelectionList.SelectedChanged, "#exclude-tools")
    def _tools(self, event: SelectionList.SelectedChanged) -> None:
        event.stop()
        self.post_message(self.ToolsExcluded(list(event.selection_list.selected)))
