"""The tuning panel: every engine knob as a slider with an exact input beside it.

A `Knob` edits one dotted config key. Each change takes one channel: the panel's
`on_change(key, value)` when it has one (the session screen, which re-plans there,
in the handler of the key or click that moved the knob), else a bubbling
`Knob.Changed(key, value)` (Replay).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Label, Select, SelectionList, Static, Switch
from textual.widgets.selection_list import Selection

from inspector.formats.terminal import visible
from inspector.tui.widgets.slider import Slider


@dataclass(frozen=True)
class KnobSpec:
    """One knob of the tuning panel: the config key, its label, kind and slider range."""

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
    """The slider position for `value` (0 for knobs without a slider)."""
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
    """The value at slider `position` (log scales rounded to two significant digits)."""
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


def moved_position(spec: KnobSpec, position: int, previous: int, value: float) -> tuple[int, float]:
    """Where a slider moved from `previous` to `position` lands, and its value there.

    Log sliders round to two significant digits, so neighbouring positions can give the
    same value: the move goes on in the same direction until the value differs from
    `value` (the knob's before the move), so every arrow press changes something.

    Args:
        spec: The knob.
        position: The position the slider was moved to.
        previous: Its position before the move.
        value: The knob's value before the move.

    Returns:
        The position to show and the value at it.
    """
    landed = from_position(spec, position)
    direction = (position > previous) - (position < previous)
    while direction and landed == value and 0 < position < spec.steps:
        position += direction
        landed = from_position(spec, position)
    return position, landed


def format_value(spec: KnobSpec, value: Any) -> str:
    """A value as the knob's input shows it."""
    if spec.kind == "float":
        return f"{value:.2f}"
    if spec.kind == "int":
        return str(int(value))
    return str(value)


def parse_value(spec: KnobSpec, text: str) -> float:
    """The value typed in the knob's input (`1,000`, `1_000`; `25%` for a fraction).

    Raises:
        ValueError: not a number.
    """
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


@cache
def knob_doc(key: str) -> tuple[str, Any]:
    """(description, inspector default) of a dotted config key.

    The description is the config field's own: the text `inspector config init`
    writes above the key, citing the reference system and its default.

    Args:
        key: a dotted key such as `summarization.trigger.context_tokens`.

    Returns:
        The field's description ("" when it has none) and the default value.
    """
    from pydantic import BaseModel

    from inspector.engine.config import CompactionConfig

    model: Any = CompactionConfig
    info = None
    for part in key.split("."):
        info = model.model_fields[part]
        model = info.annotation
    description = (info.description or "") if info is not None else ""
    default = CompactionConfig().get(key)
    if isinstance(model, type) and issubclass(model, BaseModel):
        description = ""
    return " ".join(description.split()), default


def _shown(spec: KnobSpec, value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return format_value(spec, value) if spec.kind in ("int", "float") else str(value)


def knob_help(spec: KnobSpec, preset_name: str | None = None) -> str:
    """One line for the status line and the tooltip: what the knob does, the
    reference system and default it comes from, inspector's default, and the preset's.

    Args:
        spec: the knob.
        preset_name: a preset whose value to show too.

    Returns:
        The help text.
    """
    description, default = knob_doc(spec.key)
    text = f"{description or spec.help} Default: {_shown(spec, default)}"
    if preset_name:
        from inspector.engine.config import PRESETS, preset

        if preset_name in PRESETS:
            text += f"; preset {preset_name}: {_shown(spec, preset(preset_name).get(spec.key))}"
    return text + "."


class ValueInput(Input):
    """An input whose value is selected by the click that focuses it, so typing
    replaces it (a plain click would place the cursor inside: `30k` became `17030k000`)."""

    _focused_at = 0.0

    # Input sets its virtual size (the text's width) on every value, and Widget's
    # `virtual_size` asks for a layout pass over the whole screen (10-50 ms with the
    # tuning panel) whenever it changes, as a slider step from "9.6k" to "12k" does.
    # This box is fixed (Knob CSS: 11 cells, one line): a longer text only scrolls
    # inside it, which a repaint shows.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), repaint=True)

    # Textual calls the handler of every class in the MRO: Input's run after these
    # unless the default is prevented.

    def _on_focus(self, event: events.Focus) -> None:
        self._focused_at = time.monotonic()

    async def _on_mouse_down(self, event: events.MouseDown) -> None:
        if time.monotonic() - self._focused_at < 0.5:
            event.prevent_default()  # the click that focused it: keep the whole value selected
            self.select_all()


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
    Knob > Label.knob-state {
        width: auto;
        padding: 0 1;
    }
    Knob > Select {
        width: 1fr;
    }
    Knob.-invalid > Input {
        border: tall $error;
    }
    """

    class Changed(Message):
        """A knob's value changed (by its slider, input, switch or select)."""

        def __init__(self, knob: Knob, key: str, value: Any) -> None:
            super().__init__()
            self.knob = knob
            self.key = key
            self.value = value

        @property
        def control(self) -> Knob:
            """The knob that changed."""
            return self.knob

    def __init__(self, spec: KnobSpec, value: Any, preset_name: str | None = None) -> None:
        super().__init__(id=_safe_id(spec.key))
        self.spec = spec
        self.value = value
        self.preset_name = preset_name
        self._position = to_position(spec, value) if spec.kind in ("int", "float") else 0
        self.tooltip = f"{spec.key}\n{knob_help(spec, preset_name)}"

    # A class, not `:focus-within` in the CSS: Textual restyles the focused widget and
    # its ancestors on a focus change, not their other children, so the knob's name
    # kept its unfocused style (issue 17.5: focus readable without colour).
    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Mark the knob focused and show its description in the panel."""
        self.add_class("-focused")
        if isinstance(self.parent, TuningPanel):
            self.parent.describe(self)

    def tab_stop(self) -> Widget | None:
        """The knob's one Tab stop: its slider, switch or select (the exact input is
        reached by typing a number on the slider, or a click)."""
        for kind in (Slider, Switch, Select):
            found = self.query_one_optional(kind)
            if found is not None:
                return found
        return None

    def on_key(self, event: events.Key) -> None:
        """Typing a number on the slider edits the exact value: the input takes the key."""
        if not isinstance(self.screen.focused, Slider) or event.character is None:
            return
        if event.character in "0123456789.":
            event.stop()
            event.prevent_default()
            inp = self.query_one(Input)
            inp.select_on_focus = False  # the key typed is the value's first character, kept
            inp.focus()
            inp.value = event.character
            inp.cursor_position = len(inp.value)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Unmark the knob when focus leaves it."""
        self.remove_class("-focused")

    @property
    def help_line(self) -> str:
        """What the status line says while this knob has focus."""
        return f"{self.spec.label} ({self.spec.key}): {knob_help(self.spec, self.preset_name)}"

    def compose(self) -> ComposeResult:
        """The label, then the slider and input (or the switch, or the select) for the knob's kind."""
        s = self.spec
        yield Label(s.label, classes="knob-label")
        if s.kind == "bool":
            yield Switch(bool(self.value), animate=False)
            yield Label(Text(_state(self.value)), classes="knob-state")  # readable without colour
        elif s.kind == "choice":
            yield Select([(c, c) for c in s.choices], value=self.value, allow_blank=False, compact=True)
        else:
            yield Slider(s.steps, to_position(s, self.value))
            yield ValueInput(format_value(s, self.value), select_on_focus=True, compact=True)

    # -- programmatic update (no Changed message) --------------------------------

    def sync(self, value: Any) -> None:
        """Show `value` (the config changed elsewhere) without reporting a change."""
        if value == self.value:
            return
        self.value = value
        s = self.spec
        self.remove_class("-invalid")
        if s.kind == "bool":
            sw = self.query_one(Switch)
            with sw.prevent(Switch.Changed):
                sw.value = bool(value)
            self.query_one(".knob-state", Label).update(Text(_state(value)))
        elif s.kind == "choice":
            sel = self.query_one(Select)
            with sel.prevent(Select.Changed):
                sel.value = value
        else:
            self._position = to_position(s, value)
            self.query_one(Slider).set_position(self._position)
            inp = self.query_one(Input)
            with inp.prevent(Input.Changed):
                inp.value = format_value(s, value)

    # -- user input ---------------------------------------------------------------

    def _emit(self, value: Any) -> None:
        if value == self.value:
            return
        self.value = value
        panel = self.parent
        if isinstance(panel, TuningPanel) and panel.on_change is not None:
            panel.on_change(self.spec.key, value)  # at once, in this handler: the plan paints in its frame
        else:
            self.post_message(self.Changed(self, self.spec.key, value))

    def on_mount(self) -> None:
        """Watch the slider's position."""
        # The slider's position is watched, not its Changed message: the value, the
        # input beside it and (through the panel's `on_change`) the plan then
        # change in the handler of the key or click that moved the slider, and paint in
        # its frame; a message arrived after that frame (bench/run.py, tui_replan).
        for slider in self.query(Slider):
            self.watch(slider, "position", self._moved, init=False)

    @on(Slider.Changed)
    def _slider(self, event: Slider.Changed) -> None:
        event.stop()  # handled by _moved

    def _moved(self, position: int) -> None:
        slider = self.query_one(Slider)
        position, value = moved_position(self.spec, position, self._position, self.value)
        if position != slider.position:
            slider.set_position(position)
        self._position = position
        inp = self.query_one(Input)
        with inp.prevent(Input.Changed):
            inp.value = format_value(self.spec, value)
        self.remove_class("-invalid")
        self._emit(value)

    @on(Input.Submitted)
    @on(Input.Blurred)
    def _input(self, event: Input.Submitted | Input.Blurred) -> None:
        event.stop()
        event.input.select_on_focus = True
        if self.set_exact(event.value) and isinstance(event, Input.Submitted):
            self.query_one(Slider).focus()  # enter: back to the knob's stop, arrows adjust again

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
        self._position = to_position(s, value)
        self.query_one(Slider).set_position(self._position)
        inp = self.query_one(Input)
        if inp.value != format_value(s, value):
            with inp.prevent(Input.Changed):
                inp.value = format_value(s, value)
        self._emit(value)
        return True

    @on(Switch.Changed)
    def _switch(self, event: Switch.Changed) -> None:
        event.stop()
        self.query_one(".knob-state", Label).update(Text(_state(event.value)))
        self._emit(bool(event.value))

    @on(Select.Changed)
    def _select(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is not Select.BLANK:
            self._emit(event.value)

    def mark_invalid(self) -> None:
        """Mark the value as invalid (the input is shown in error)."""
        self.add_class("-invalid")

    def step(self, delta: int) -> None:
        """Move the slider by `delta` positions (as the arrow keys do)."""
        self.query_one(Slider).action_step(delta)


def _state(value: Any) -> str:
    return "[x] on" if value else "[ ] off"


class ToolList(SelectionList[str]):
    """The tools to exclude, each with `[x]` or `[ ]`: the state reads without colour
    (Textual's toggle only changes colour)."""

    def render_line(self, y: int) -> Strip:
        """One line of the list, the check box drawn as `[x]` or `[ ]`."""
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 4:
            return strip
        try:
            selection = self.get_option_at_index(int(self.scroll_offset.y) + y)
        except Exception:  # OptionDoesNotExist: a blank line below the options
            return strip
        mark = "x" if selection.value in self._selected else " "
        left, inner, right = segments[:3]
        # The sides are half blocks coloured as the button: keep them readable as brackets.
        side = Style(color=inner.style.color if inner.style else None, bold=True)
        return Strip([Segment("[", side), Segment(mark, inner.style), Segment("]", side), *segments[3:]],
                     strip.cell_length)


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
    TuningPanel #knob-help {
        color: $text-muted;
        padding: 0 0 0 2;
        height: auto;
    }
    """

    BINDINGS = [
        # The panel's own Tab: one stop per knob, and round from the last to the first
        # (Textual's moved on out of the panel, which closed the overlay).
        Binding("tab", "cycle(1)", "Next knob", show=False, id="tuning.next", priority=False),
        Binding("shift+tab", "cycle(-1)", "Previous knob", show=False, id="tuning.previous"),
    ]

    class PresetChosen(Message):
        """A preset was chosen."""

        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    class ToolsExcluded(Message):
        """The tools to exclude changed."""

        def __init__(self, tools: list[str]) -> None:
            super().__init__()
            self.tools = tools

    def __init__(self, config: Any, tools: list[str], *, id: str | None = None,
                 on_change: Callable[[str, Any], None] | None = None) -> None:
        super().__init__(id=id)
        self.config = config
        self.tools = tools
        self._preset_shown: tuple[str, bool] = (config.preset, False)
        # Every knob change, called at once in the handler of the key or click that
        # made it, whether or not the panel runs yet: the session screen plans there, so
        # the slider and the plan it leads to paint in one frame. Without it, knobs
        # post `Knob.Changed`.
        self.on_change = on_change
        self._described: Knob | None = None

    def compose(self) -> ComposeResult:
        """The preset select, every knob, and the tools to exclude."""
        from inspector.engine.config import PRESETS

        with Horizontal(id="preset-row"):
            yield Label("preset")
            yield Select([(name, name) for name in PRESETS], value=self.config.preset
                         if self.config.preset in PRESETS else "balanced", allow_blank=False, id="preset",
                         compact=True)
        for title, specs in SECTIONS:
            yield Static(title, classes="section")
            for spec in specs:
                yield Knob(spec, self.config.get(spec.key), self.config.preset)
        described = Static("", id="knob-help")
        described.display = False  # shown under the focused knob
        yield described
        yield Static("Exclude tools (truncation and clear)", classes="section")
        excluded = set(self.config.get(EXCLUDE_KEYS[1])) | set(self.config.get(EXCLUDE_KEYS[0]))
        if self.tools:
            yield ToolList(*[Selection(Text(visible(t)), t, t in excluded) for t in self.tools], id="exclude-tools",
                           compact=True)
        else:
            yield Static("(this session calls no tools)", classes="muted")

    def load(self, config: Any) -> None:
        """Show `config` without emitting changes."""
        self.config = config
        # The knobs are the panel's children: no query over the panel's ~90 widgets
        # on every knob move.
        for knob in self.children:
            if not isinstance(knob, Knob):
                continue
            knob.sync(config.get(knob.spec.key))
            if knob.preset_name != config.preset:
                knob.preset_name = config.preset
                knob.tooltip = f"{knob.spec.key}\n{knob_help(knob.spec, config.preset)}"
        sel = self.query_one("#preset", Select)
        from inspector.engine.config import PRESETS

        if config.preset != sel.value and config.preset in PRESETS:
            with sel.prevent(Select.Changed):
                sel.value = config.preset
        sl = self.query_one_optional("#exclude-tools", SelectionList)
        excluded = set(config.get(EXCLUDE_KEYS[1])) | set(config.get(EXCLUDE_KEYS[0]))
        # Untouched when its selection stays: a repaint of the list at the panel's
        # bottom made every knob above it repaint too (one region spans both).
        if sl is not None and set(sl.selected) != excluded & set(self.tools):
            with sl.prevent(SelectionList.SelectedChanged):
                sl.deselect_all()
                for t in excluded:
                    if t in self.tools:
                        sl.select(t)

    def show_preset(self, name: str, modified: bool) -> None:
        """The preset dropdown says "balanced (modified)" once a knob moved."""
        from inspector.engine.config import PRESETS

        if (name, modified) == self._preset_shown or name not in PRESETS:
            return
        self._preset_shown = (name, modified)
        sel = self.query_one("#preset", Select)
        with sel.prevent(Select.Changed):
            sel.set_options([(f"{n} (modified)" if n == name and modified else n, n) for n in PRESETS])
            sel.value = name
            # set_options re-selects the first preset; when that is `name` the value never changes,
            # so Select would keep showing the old label: run its watchers once more.
            sel.mutate_reactive(vars(Select)["value"])  # (the descriptor: `Select.value` is ambiguous to mypy)

    def knob(self, key: str) -> Knob:
        """The knob of a dotted config key."""
        return self.query_one(f"#{_safe_id(key)}", Knob)

    def stops(self) -> list[Widget]:
        """The Tab stops, in order: the preset, each knob once, the tools list."""
        out: list[Widget] = [self.query_one("#preset", Select)]
        for child in self.children:
            if isinstance(child, Knob):
                stop = child.tab_stop()
                if stop is not None:
                    out.append(stop)
        tools = self.query_one_optional("#exclude-tools", SelectionList)
        if tools is not None:
            out.append(tools)
        return out

    def action_cycle(self, step: int) -> None:
        """Move focus to the next (`step` 1) or previous (-1) knob, wrapping around."""
        stops = self.stops()
        focused = self.screen.focused
        here = next((k for k, w in enumerate(stops) if focused is w or (focused is not None and w in focused.ancestors)
                     or (isinstance(focused, Input) and focused.parent is w.parent)), -1)
        target = stops[(here + step) % len(stops)] if here >= 0 else stops[0 if step > 0 else -1]
        target.focus()

    def describe(self, knob: Knob) -> None:
        """The focused knob's whole description, wrapped, right under it."""
        help_text = self.query_one("#knob-help", Static)
        help_text.update(Text(f"{knob.spec.key}: {knob_help(knob.spec, knob.preset_name)}"))
        if help_text.display is False or self._described is not knob:
            self._described = knob
            self.move_child(help_text, after=knob)
            help_text.display = True

    @on(Select.Changed, "#preset")
    def _preset(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is not Select.BLANK:
            self.post_message(self.PresetChosen(str(event.value)))

    @on(SelectionList.SelectedChanged, "#exclude-tools")
    def _tools(self, event: SelectionList.SelectedChanged[Any]) -> None:
        event.stop()
        self.post_message(self.ToolsExcluded(list(event.selection_list.selected)))
