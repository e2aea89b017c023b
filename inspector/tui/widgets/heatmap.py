"""The token heatmap: one row per message, virtualised with the Line API.

Only the rows on screen are rendered; each rendered row is cached as a `Strip` keyed
by (row, width, cursor) and the cache is cleared when the plan changes, so a re-plan
repaints about a screenful of rows whatever the session's length.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from inspector.engine.planning.results import Action
from inspector.formats.terminal import visible
from inspector.tui.colors import ACTION_LABELS, ROLE_COLORS, TokenScale, action_style, heat_fg, heat_style
from inspector.tui.render import clean, strip_escapes

if TYPE_CHECKING:
    from inspector.engine.models import Message as SessionMessage
    from inspector.engine.models import Session

BAR = "█"
PARTIAL = " ▏▎▍▌▋▊▉"


def preview_of(message: SessionMessage) -> str:
    """The one-line preview of a message the heatmap shows: its text (or its first
    tool call's arguments), escapes removed, whitespace collapsed, cut to 160 characters."""
    text = message.text
    if not text and message.tool_calls:
        text = message.tool_calls[0].arguments_raw
    # escapes removed before the cut, so none is cut in half
    return clean(" ".join(strip_escapes(text[:480]).split())[:160])


class Previews(Sequence[str]):
    """The rows' previews, each made the first time it is drawn: a screenful of the
    rows is ever drawn, so a 100,000-message session makes (and keeps) a few dozen,
    not 100,000 strings while it loads."""

    def __init__(self, messages: Sequence[SessionMessage] = ()) -> None:
        self._messages: list[SessionMessage] = list(messages)
        self._made: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._messages)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._messages)))]
        if index < 0:
            index += len(self._messages)
        made = self._made.get(index)
        if made is None:
            made = self._made[index] = preview_of(self._messages[index])
        return made

    def __iter__(self) -> Iterator[str]:
        return (self[i] for i in range(len(self._messages)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Previews | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def extend(self, other: Previews) -> None:
        """Append the previews of the next messages."""
        self._messages.extend(other._messages)

    def copy(self) -> Previews:
        """Previews of the same messages (those made so far kept)."""
        copied = Previews(self._messages)
        copied._made = dict(self._made)
        return copied


@dataclass
class RowData:
    """Plain per-message values the heatmap draws (computed once per session; the
    previews as they are drawn)."""

    roles: list[str]
    tools: list[str]
    tokens: list[int]
    previews: Previews = field(default_factory=Previews)
    kinds: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        """The number of rows."""
        return len(self.tokens)

    @property
    def total(self) -> int:
        """The session's tokens."""
        return sum(self.tokens)


def row_data(session: Session, tokens: list[int]) -> RowData:
    """Row values from a session and its per-message token counts."""
    return RowBuilder().add(session.messages, tokens)


class RowBuilder:
    """Row values of a session read in batches: each batch's rows from its messages,
    a tool result named after a call in an earlier batch."""

    def __init__(self) -> None:
        self._call_names: dict[str, str] = {}
        # One string per distinct label: a session has a few dozen tools, and a label
        # made per row was ~60 bytes each, 100,000 times over.
        self._labels: dict[tuple[str, int], str] = {}

    def _label(self, name: str, calls: int = 0) -> str:
        """The tool column of a row: the tool's name shown safely; with `calls`, "→"
        and the first call's name (and how many more)."""
        key = (name, calls)
        label = self._labels.get(key)
        if label is None:
            shown = visible(name)
            if calls:
                shown = "→" + (shown if calls == 1 else f"{shown} +{calls - 1}")
            label = self._labels[key] = shown
        return label

    def add(self, messages: Sequence[SessionMessage], tokens: Sequence[int]) -> RowData:
        """The rows of the next messages of the session (and their token counts)."""
        call_names = self._call_names
        label = self._label
        roles: list[str] = []
        tools: list[str] = []
        kinds: list[str] = []
        for m in messages:
            calls = m.tool_calls
            for c in calls:
                call_names[c.id] = c.name
            roles.append(m.role)
            kinds.append(m.kind)
            if m.role == "tool":
                tools.append(label(m.name or call_names.get(m.tool_call_id or "", "") or "tool"))
            elif calls:
                tools.append(label(calls[0].name, len(calls)))
            else:
                tools.append(label(m.name or ""))
        return RowData(roles, tools, list(tokens), Previews(messages), kinds)


def fmt_tokens(n: int) -> str:
    """A token count with thousands separators."""
    return f"{n:,}"


class Heatmap(ScrollView, can_focus=True):
    """Messages as rows coloured by token count, with the plan overlaid."""

    DEFAULT_CSS = """
    Heatmap {
        background: $surface;
        scrollbar-gutter: stable;
    }
    Heatmap > .heatmap--cursor {
        background: $accent 40%;
    }
    Heatmap > .heatmap--header {
        color: $text-muted;
        text-style: bold;
    }
    Heatmap > .heatmap--dim {
        color: $text-disabled;
    }
    """

    COMPONENT_CLASSES = {"heatmap--cursor", "heatmap--header", "heatmap--dim"}

    BINDINGS = [
        Binding("up,k", "cursor(-1)", "Up", show=False, id="heatmap.up"),
        Binding("down,j", "cursor(1)", "Down", show=False, id="heatmap.down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="heatmap.page_up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="heatmap.page_down"),
        Binding("home,g", "jump(0)", "First", show=False, id="heatmap.first"),
        Binding("end,G", "jump(-1)", "Last", show=False, id="heatmap.last"),
        Binding("enter", "open", "Preview", id="heatmap.open", show=False),  # the footer shows p
        # (s and ] are named on the focus line: the footer keeps the screen's actions)
        Binding("s", "sort", "Sort by tokens", id="heatmap.sort", show=False),
        Binding("right_square_bracket", "largest(1)", "Largest", id="heatmap.next_largest", show=False),
        Binding("left_square_bracket", "largest(-1)", "Previous largest", id="heatmap.previous_largest",
                show=False),
    ]

    cursor: reactive[int] = reactive(0, init=False)

    class _Event(Message):
        """What every message of the heatmap carries: the heatmap, as its control."""

        def __init__(self, heatmap: Heatmap) -> None:
            super().__init__()
            self.heatmap = heatmap

        @property
        def control(self) -> Heatmap:
            return self.heatmap

    class Selected(_Event):
        """The cursor moved to another message."""

        def __init__(self, heatmap: Heatmap, index: int) -> None:
            super().__init__(heatmap)
            self.index = index

    class Painted(_Event):
        """The rows of plan `generation` were drawn (the first time they are)."""

        def __init__(self, heatmap: Heatmap, generation: int) -> None:
            super().__init__(heatmap)
            self.generation = generation

    class Viewed(_Event):
        """The rows on screen changed (a scroll, or a new size): `rows`."""

        def __init__(self, heatmap: Heatmap, rows: range) -> None:
            super().__init__(heatmap)
            self.rows = rows

    class Opened(_Event):
        """Enter (or a double click) on a message."""

        def __init__(self, heatmap: Heatmap, index: int) -> None:
            super().__init__(heatmap)
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows: RowData = RowData([], [], [])
        self.actions: Sequence[str] | None = None
        self.after: list[int] | None = None
        self.scale = TokenScale(2)
        self.total = 0
        self._cache: LRUCache[tuple[Any, ...], Strip] = LRUCache(1024)
        self.header_height = 1
        self.generation = 0  # bumped on every plan change (tests and benchmarks read it)
        self.painted = 0  # the generation whose rows were last drawn
        # What is shown, in what order: message indices, or None for every message in
        # session order. A filter (a breakdown bar) keeps some; sorting orders by tokens.
        self.only: Sequence[int] | None = None
        self.only_label = ""
        self.by_tokens = False
        self._order: list[int] | None = None
        self._where: dict[int, int] = {}  # message index -> row in `_order`
        self._ranked: list[int] | None = None  # shown messages, most tokens first
        self._rank = -1  # where `]` / `[` stand in `_ranked`

    # ------------------------------------------------------------------ order and filter

    @property
    def shown(self) -> int:
        """How many rows are shown (all messages, or those of the filter)."""
        return self.rows.n if self._order is None else len(self._order)

    def index_at(self, row: int) -> int:
        """The message shown at `row` (0 = the first row under the header)."""
        return row if self._order is None else self._order[row]

    def row_of(self, index: int) -> int | None:
        """The row showing message `index`, or None when the filter hides it."""
        if self._order is None:
            return index if 0 <= index < self.rows.n else None
        return self._where.get(index)

    def ranked(self) -> list[int]:
        """The shown messages, most tokens first (ties in session order)."""
        if self._ranked is None:
            tokens = self.rows.tokens
            pool = range(self.rows.n) if self.only is None else self.only
            self._ranked = sorted(pool, key=lambda i: (-tokens[i], i))
        return self._ranked

    def set_view(self, only: Sequence[int] | None = None, label: str = "", *, by_tokens: bool | None = None) -> None:
        """Show only the messages `only` (None: all), named `label`, in session order or
        (`by_tokens`) most tokens first. The cursor stays on its message when shown."""
        self.only = None if only is None else [i for i in only if 0 <= i < self.rows.n]
        self.only_label = label if only is not None else ""
        if by_tokens is not None:
            self.by_tokens = by_tokens
        self._ranked = None
        self._rank = -1
        self._rebuild_order()
        current = self.cursor
        if self.row_of(current) is None and self.shown:
            self.cursor = self.index_at(0)
        self._scroll_cursor_visible()
        self.post_message(self.Viewed(self, self.visible_range()))

    def _rebuild_order(self) -> None:
        if self.by_tokens:
            order: list[int] | None = list(self.ranked())
        elif self.only is not None:
            order = sorted(self.only)
        else:
            order = None
        self._order = order
        self._where = {i: k for k, i in enumerate(order)} if order is not None else {}
        self._cache.clear()
        self.virtual_size = Size(self.size.width, self.shown + self.header_height)
        self.refresh()

    def action_sort(self) -> None:
        """Most tokens first, and back to session order."""
        self.set_view(self.only, self.only_label, by_tokens=not self.by_tokens)

    def action_largest(self, step: int) -> None:
        """`]`: the next largest message shown (the largest first), `[`: back."""
        ranked = self.ranked()
        if not ranked:
            return
        if self._rank < 0 or self._rank >= len(ranked) or ranked[self._rank] != self.cursor:
            self._rank = 0 if step > 0 else len(ranked) - 1  # the cursor moved since: start over
        else:
            self._rank = max(0, min(len(ranked) - 1, self._rank + step))
        self.move_to(ranked[self._rank])

    # ------------------------------------------------------------------ data

    def set_rows(self, rows: RowData) -> None:
        """Show new rows (a new session), without a plan."""
        self.rows = rows
        self.total = rows.total
        self.scale = TokenScale(max(rows.tokens, default=2))
        self.actions = None
        self.after = None
        self._cache.clear()
        self.only, self.only_label, self._order, self._where, self._ranked = None, "", None, {}, None
        if self.by_tokens:
            self._rebuild_order()
        self.virtual_size = Size(self.size.width, self.shown + self.header_height)
        if self.cursor >= rows.n:
            self.cursor = max(0, rows.n - 1)
        self.refresh()

    def extend_rows(self, rows: RowData) -> None:
        """Append the rows of the next messages (a session still loading)."""
        mine = self.rows
        if not mine.n:
            self.set_rows(RowData(list(rows.roles), list(rows.tools), list(rows.tokens), rows.previews.copy(),
                                  list(rows.kinds)))
            return
        mine.roles.extend(rows.roles)
        mine.tools.extend(rows.tools)
        mine.tokens.extend(rows.tokens)
        mine.previews.extend(rows.previews)
        mine.kinds.extend(rows.kinds)
        self.total += rows.total
        top = max(rows.tokens, default=0)
        if top > self.scale.top:  # a longer message: every row's colour moves
            self.scale = TokenScale(top)
        self._cache.clear()  # the total moved: every share shown changes
        self._ranked = None
        if self._order is not None:
            self._rebuild_order()
        self.virtual_size = Size(self.size.width, self.shown + self.header_height)
        self.refresh()

    def set_plan(self, actions: Sequence[str] | None, after: list[int] | None) -> None:
        """Overlay a plan: each row's action and tokens after (None: no plan)."""
        self.actions = actions
        self.after = after
        self.generation += 1
        # No cache clear: a row's strip is keyed by what the plan says about it, so
        # rows the new plan leaves as they were are not rendered again.
        self.refresh()

    # ------------------------------------------------------------------ rendering

    def notify_style_update(self) -> None:
        """Drop the rendered rows: the theme changed."""
        super().notify_style_update()
        self._cache.clear()

    def on_resize(self, event: events.Resize) -> None:
        """Re-render at the new width and report the rows now in view."""
        self._cache.clear()
        self.virtual_size = Size(event.size.width, self.shown + self.header_height)
        self.post_message(self.Viewed(self, self.visible_range()))

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Report the rows in view when the scroll moves by a row or more."""
        super().watch_scroll_y(old_value, new_value)
        if round(old_value) != round(new_value):
            self.post_message(self.Viewed(self, self.visible_range()))

    def render_line(self, y: int) -> Strip:
        """One line of the heatmap: the header, or a message's row."""
        width = self.scrollable_content_region.width
        if y == 0:
            return self._header(width)
        if self.painted != self.generation:
            self.painted = self.generation
            self.post_message(self.Painted(self, self.generation))
        row = int(self.scroll_offset.y) + y - 1
        if row >= self.shown or row < 0:
            return Strip.blank(width, self.rich_style)
        index = self.index_at(row)
        key = (index, width, index == self.cursor,
               self.actions[index] if self.actions else None, self.after[index] if self.after else None)
        strip = self._cache.get(key)
        if strip is None:
            strip = self.render_row(index, width)
            self._cache[key] = strip
        return strip

    @staticmethod
    def column_widths(width: int) -> dict[str, int]:
        """Column widths for a row width. #, role, tokens, heat and plan always show
        (down to 80 columns); tool, before → after, share and preview are added in
        that order while there is room. A width of 0 hides a column."""
        fixed = 6 + 10 + 9 + 11  # pos, role, tokens, plan (each with its separator)
        bar = min(24, max(8, (width - fixed) // 5))
        rest = width - fixed - bar
        cols = {"tool": 0, "share": 0, "change": 0, "preview": 0}
        if rest >= 9:
            cols["tool"] = min(18, max(8, rest // 4))
            rest -= cols["tool"] + 1
        if rest >= 21:
            cols["change"] = 19
            rest -= 21
        if rest >= 7:
            cols["share"] = 6
            rest -= 7
        if rest >= 8:
            cols["preview"] = rest
        return {"bar": bar, **cols}

    def visible_columns(self) -> list[str]:
        """The names of the columns shown at the current width (tests)."""
        cols = self.column_widths(self.scrollable_content_region.width)
        order = ["#", "role", "tool", "tokens", "share", "heat", "plan", "change", "preview"]
        widths = {"#": 1, "role": 1, "tokens": 1, "heat": cols["bar"], "plan": 1, "tool": cols["tool"],
                  "share": cols["share"], "change": cols["change"], "preview": cols["preview"]}
        return [name for name in order if widths[name]]

    def _header(self, width: int) -> Strip:
        c = self.column_widths(width)
        text = f"{'#':>5} {'role':<9} "
        if c["tool"]:
            text += f"{'tool':<{c['tool']}} "
        text += f"{'tokens ▼' if self.by_tokens else 'tokens':>8} "
        if c["share"]:
            text += f"{'share':>6} "
        text += f"{'heat':<{c['bar']}} {'plan':^10}"
        if c["change"]:
            text += f" {'before → after':<19} "
        shown = f"[{self.only_label}: {self.shown:,}]" if self.only_label else ""
        if c["preview"]:
            # a filter's name takes the preview's heading (the focus line says it too)
            text += f"{shown or 'preview':<{c['preview']}}"
        elif shown:
            text = f"{text.rstrip()}  {shown}"
        style = self.get_component_rich_style("heatmap--header")
        return Strip([Segment(text[:width].ljust(width), style)], width)

    def render_row(self, i: int, width: int) -> Strip:
        """Draw message `i`'s row at `width` columns, anew: `render_line` keeps what
        this returns by what the row shows, so a count of these calls is a count of
        the rows drawn (tests/tui/test_scale.py).

        Args:
            i: the message's position in the session.
            width: the row's width in cells.

        Returns:
            The row's strip.
        """
        base = self.rich_style
        rows = self.rows
        c = self.column_widths(width)
        bar_w = c["bar"]
        tokens = rows.tokens[i]
        # the colour step when the row is drawn (a strip is cached): not one per row
        # kept, made again for every row whenever a longer message arrived while loading
        step = self.scale.step(tokens)
        share = tokens / self.total if self.total else 0.0
        action = self.actions[i] if self.actions else Action.KEEP
        gone = action in (Action.SUMMARIZE, Action.DROP)
        dim = self.get_component_rich_style("heatmap--dim") if gone else Style()
        segs: list[Segment] = []
        role = rows.roles[i]
        segs.append(Segment(f"{i:>5} ", base + dim))
        segs.append(Segment(f"{role[:9]:<9} ", base + Style(color=ROLE_COLORS.get(role)) + dim))
        if c["tool"]:
            segs.append(Segment(f"{rows.tools[i][:c['tool']]:<{c['tool']}} ", base + dim))
        segs.append(Segment(f"{fmt_tokens(tokens):>8}", heat_style(step)))
        segs.append(Segment(f" {share:>6.1%} " if c["share"] else " ", base + dim))
        # Bar length on the same log scale as the colour.
        length = self.scale.position(tokens) * bar_w
        full = int(length)
        frac = PARTIAL[int((length - full) * 8)] if full < bar_w else ""
        bar = (BAR * full + frac.strip()).ljust(bar_w)
        segs.append(Segment(bar, base + heat_fg(step)))
        segs.append(Segment(" ", base))
        label = ACTION_LABELS.get(action, action)
        segs.append(Segment(f"{label:^10}", action_style(action)))
        if c["change"]:
            change = ""
            if self.after is not None:
                after = self.after[i]
                if gone:
                    change = f"{fmt_tokens(tokens)} → –"
                elif after != tokens:
                    change = f"{fmt_tokens(tokens)} → {fmt_tokens(after)}"
            segs.append(Segment(f" {change:<19} ", base + dim))
        if c["preview"]:
            segs.append(Segment(rows.previews[i][:c["preview"]].ljust(c["preview"]), base + Style(dim=True)))
        strip = Strip(segs).crop_extend(0, width, base)
        if i == self.cursor:
            strip = strip.apply_style(self.get_component_rich_style("heatmap--cursor"))
        return strip

    # ------------------------------------------------------------------ cursor

    def watch_cursor(self, old: int, new: int) -> None:
        """Repaint the rows the cursor left and entered, and keep it in view."""
        for index in (old, new):
            row = self.row_of(index)
            if row is not None:
                self.refresh_line(row + self.header_height)  # in virtual lines: ScrollView subtracts the scroll
        self._scroll_cursor_visible()
        self.post_message(self.Selected(self, new))

    def _scroll_cursor_visible(self) -> None:
        top = int(self.scroll_offset.y)
        height = self.scrollable_content_region.height - self.header_height
        row = self.row_of(self.cursor)
        if height <= 0 or row is None:
            return
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False)

    def move_to(self, index: int) -> None:
        """Put the cursor on row `index` (clamped)."""
        if self.rows.n:
            self.cursor = max(0, min(self.rows.n - 1, index))

    def _move_rows(self, delta: int) -> None:
        """Move the cursor `delta` rows as shown (sorted or filtered: not by index)."""
        if not self.shown:
            return
        row = self.row_of(self.cursor)
        row = 0 if row is None else max(0, min(self.shown - 1, row + delta))
        self.move_to(self.index_at(row))

    def action_cursor(self, delta: int) -> None:
        """Move the cursor `delta` rows."""
        self._move_rows(delta)

    def action_page(self, direction: int) -> None:
        """Move the cursor a page up (`direction` -1) or down (1)."""
        height = max(1, self.scrollable_content_region.height - self.header_height)
        self._move_rows(direction * height)

    def action_jump(self, where: int) -> None:
        """Move the cursor to the first row (`where` >= 0) or the last."""
        if self.shown:
            self.move_to(self.index_at(0 if where >= 0 else self.shown - 1))

    def action_open(self) -> None:
        """Open the message under the cursor."""
        if self.rows.n:
            self.post_message(self.Opened(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        """Put the cursor on the clicked row."""
        offset = event.get_content_offset(self)
        if offset is None or offset.y < self.header_height:
            return
        row = int(self.scroll_offset.y) + offset.y - self.header_height
        if 0 <= row < self.shown:
            index = self.index_at(row)
            self.move_to(index)
            if event.chain >= 2:
                self.post_message(self.Opened(self, index))

    def visible_range(self) -> range:
        """The messages on screen, as a range of indices (sorted or filtered: from the
        first to the last of those shown)."""
        top = int(self.scroll_offset.y)
        height = max(0, self.scrollable_content_region.height - self.header_height)
        rows = range(top, min(self.shown, top + height))
        if self._order is None or not rows:
            return rows
        shown = [self._order[r] for r in rows]
        return range(min(shown), max(shown) + 1)

    def row_text(self, index: int) -> str:
        """The plain text of a rendered row (tests and screenshots)."""
        width = max(120, self.scrollable_content_region.width)
        return self.render_row(index, width).text
