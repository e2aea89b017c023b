"""One-line views of a whole session: the token profile (a minimap) and the context gauge."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from inspector.engine.planning.results import Action
from inspector.tui.colors import ACTION_COLORS, STEPS, TokenScale, heat_fg

BLOCKS = " ▁▂▃▄▅▆▇█"
ORDER = (Action.DROP, Action.SUMMARIZE, Action.CLEAR, Action.TRUNCATE, Action.PRESERVE, Action.KEEP)


class Profile(Widget, can_focus=True):
    """The whole session in one line per row: token heat by bucket, and the plan's
    dominant action per bucket. Click to jump there; by keyboard (`m` on the session
    screen), ←→ choose a column and enter jumps to it."""

    DEFAULT_CSS = """
    Profile {
        height: 2;
        background: $surface;
    }
    Profile:focus {
        background-tint: $accent 20%;
    }
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", "Left", show=False, id="minimap.left"),
        Binding("right,l", "move(1)", "Right", show=False, id="minimap.right"),
        Binding("home,g", "move(-100000)", "First", show=False, id="minimap.first"),
        Binding("end,G", "move(100000)", "Last", show=False, id="minimap.last"),
        Binding("enter", "jump", "Jump there", id="minimap.jump"),
    ]

    TOOLTIP = "The whole session: click a column to jump there (m, then ← → and enter)"

    class Jump(Message):
        """Jump to message `index` (a bucket was clicked or chosen)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tokens: list[int] = []
        self.actions: Sequence[str] | None = None
        self.window: tuple[int, int] | None = None  # rows on screen in the heatmap
        # The two lines as last drawn, with what they were drawn from: a new plan
        # redraws the actions line only, a scroll the heat line only (each is a pass
        # over the whole session).
        self._lines: dict[int, tuple[tuple[Any, ...], Strip]] = {}
        self.column: int | None = None  # the column chosen by keyboard
        self.tooltip = self.TOOLTIP

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Two rows: the heat and the plan."""
        return 2

    def set_tokens(self, tokens: list[int]) -> None:
        """Show a session's token counts."""
        self.tokens = tokens
        self.refresh()

    def set_actions(self, actions: Sequence[str] | None) -> None:
        """Overlay a plan's actions (None: no plan)."""
        self.actions = actions
        self.refresh()

    def set_window(self, start: int, end: int) -> None:
        """Mark the messages in view, `start` to `end`."""
        if self.window != (start, end):
            self.window = (start, end)
            self.refresh()

    def _buckets(self, width: int) -> list[tuple[int, int]]:
        n = len(self.tokens)
        if not n or width <= 0:
            return []
        width = min(width, n)
        return [(k * n // width, (k + 1) * n // width) for k in range(width)]

    def notify_style_update(self) -> None:
        """Drop the rendered rows: the theme changed."""
        super().notify_style_update()
        self._lines.clear()

    def render_line(self, y: int) -> Strip:
        """One row: the heat with the view marked (row 0), or the plan's actions (row 1)."""
        width = self.content_region.width
        # The lists themselves (compared by identity: a plan's actions are never changed
        # in place), so a freed list's id cannot be mistaken for a new one's.
        key = (width, self.tokens, len(self.tokens), (self.window, self.column) if y == 0 else self.actions)
        cached = self._lines.get(y)
        if cached is not None and all(a is b or a == b for a, b in zip(cached[0], key)) \
                and cached[0][2] == key[2]:
            return cached[1]
        strip = self._draw(y, width)
        self._lines[y] = (key, strip)
        return strip

    def _draw(self, y: int, width: int) -> Strip:
        base = self.rich_style
        buckets = self._buckets(width)
        if not buckets:
            return Strip.blank(width, base)
        segs: list[Segment] = []
        if y == 0:
            sums = [sum(self.tokens[a:b]) for a, b in buckets]
            scale = TokenScale(max(sums))
            lo, hi = self.window or (-1, -1)
            for (a, b), s in zip(buckets, sums):
                pos = scale.position(s)
                ch = BLOCKS[max(1, round(pos * 8))] if s else " "
                style = base + heat_fg(round(pos * STEPS))
                if a < hi and b > lo:
                    style += Style(underline=True, bold=True)
                if self.column is not None and len(segs) == self.column:
                    style += Style(reverse=True)
                segs.append(Segment(ch, style))
        else:
            actions = self.actions
            if actions is None:
                return Strip([Segment("─" * len(buckets), base + Style(dim=True))]).crop_extend(0, width, base)
            # one segment per action, made once per row rather than once per column
            marks = {act: Segment("─", base + Style(color=ACTION_COLORS["keep"], dim=True)) if act == Action.KEEP
                     else Segment("▀", base + Style(color=ACTION_COLORS[act])) for act in ORDER}
            for a, b in buckets:
                present = set(actions[a:b])
                segs.append(marks[next((x for x in ORDER if x in present), Action.KEEP)])
        return Strip(segs).crop_extend(0, width, base)

    def on_click(self, event: events.Click) -> None:
        """Jump to the clicked bucket's first message."""
        buckets = self._buckets(self.content_region.width)
        if buckets and 0 <= event.x < len(buckets):
            self.post_message(self.Jump(buckets[event.x][0]))

    def on_focus(self) -> None:
        """Put the keyboard column on the bucket in view."""
        buckets = self._buckets(self.content_region.width)
        if self.column is None and buckets:
            lo = self.window[0] if self.window else 0
            self.column = next((k for k, (a, b) in enumerate(buckets) if a <= lo < b), 0)
            self.refresh()

    def on_blur(self) -> None:
        """Hide the keyboard column."""
        self.column = None
        self.refresh()

    def action_move(self, delta: int) -> None:
        """Move the keyboard column `delta` buckets."""
        buckets = self._buckets(self.content_region.width)
        if buckets:
            self.column = max(0, min(len(buckets) - 1, (self.column or 0) + delta))
            self.refresh()

    def action_jump(self) -> None:
        """Jump to the first message of the bucket under the keyboard column."""
        buckets = self._buckets(self.content_region.width)
        if buckets and self.column is not None:
            self.post_message(self.Jump(buckets[min(self.column, len(buckets) - 1)][0]))


class ContextGauge(Widget):
    """Context used against the model's window, before and after the plan."""

    DEFAULT_CSS = """
    ContextGauge {
        height: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.before = 0
        self.after: int | None = None
        self.window = 0
        self.counter = ""
        self.estimated = False
        self.until_trigger: int | None = None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row."""
        return 1

    def update_values(self, before: int, after: int | None, window: int, counter: str = "",
                      estimated: bool = False, until_trigger: int | None = None) -> None:
        """Show `before` and `after` tokens against `window`; `estimated`: `after`
        counts a summary not generated yet (shown with a ~); `until_trigger`: tokens
        left before the configured compaction trigger fires (0: it fires)."""
        self.before, self.after, self.window, self.counter = before, after, window, counter
        self.estimated = estimated
        self.until_trigger = until_trigger
        self.refresh()

    @staticmethod
    def _color(share: float) -> str:
        return "#2ecc71" if share < 0.6 else "#f1c40f" if share < 0.9 else "#e74c3c"

    def render(self) -> Text:
        """The gauge: context used before and after the plan, against the window."""
        width = self.content_region.width
        if not self.window:
            return Text("context: –")
        share = self.before / self.window
        after_share = (self.after / self.window) if self.after is not None else None
        label = f" {share:.1%} of {self.window:,}"
        if after_share is not None:
            label += f" → {'~' if self.estimated else ''}{after_share:.1%} after plan"
        if self.until_trigger is not None:
            label += (" · compaction fires" if self.until_trigger == 0
                      else f" · {self.until_trigger:,} until compaction")
        if self.counter:
            label += f"  ({self.counter})"
        bar_w = max(10, width - len(label) - 10)
        text = Text("context ", style="bold")
        fill = min(bar_w, round(min(share, 1.0) * bar_w))
        mark = min(bar_w - 1, round(min(after_share, 1.0) * bar_w)) if after_share is not None else None
        # In runs, not cell by cell: one span per run keeps the repaint cheap.
        full = self._color(share)

        def run(char: str, count: int, style: str) -> None:
            if count > 0:
                text.append(char * count, style=style)

        if mark is None:
            run("█", fill, full)
            run("░", bar_w - fill, "dim")
        else:
            run("█", min(fill, mark), full)
            run("░", mark - fill, "dim")
            text.append("┃", style=f"bold {self._color(after_share or 0)}")
            run("█", fill - mark - 1, full)
            run("░", bar_w - max(fill, mark + 1), "dim")
        text.append(label + (" OVER WINDOW" if share > 1 else ""), style="bold red" if share > 1 else "")
        return text
