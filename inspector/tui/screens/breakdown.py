"""Breakdown: where the session's tokens go, by category of content, before and after the plan.

One bar per category (tool results one per tool) and per file read in tool results;
a bar's solid part is what the plan keeps, its shaded part what the plan removes.
Enter or a click on a bar shows its messages in the heatmap (the session screen's
filter); esc goes back without one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from inspector.formats.terminal import visible
from inspector.tui.messages import ReportsWorkerErrors
from inspector.tui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from inspector.engine.breakdown import Breakdown
    from inspector.engine.models import Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.tokens import TokenCache, TokenCounter


@dataclass
class BreakdownReady(Message):
    """A session's breakdown is computed (and how long it took)."""

    breakdown: Breakdown
    seconds: float


@dataclass(frozen=True)
class Filter:
    """What a chosen bar asks the heatmap to show."""

    label: str
    messages: tuple[int, ...]


KEPT = "█"
REMOVED = "░"
CATEGORY_COLORS = {
    "system prompt": "#9b59b6",
    "user requests": "#3498db",
    "assistant text": "#2ecc71",
    "tool arguments": "#1abc9c",
    "tool results": "#e67e22",
    "reasoning": "#f1c40f",
    "images and files": "#e84393",
    "earlier summaries": "#95a5a6",
    "new summaries": "#bdc3c7",
    "reply priming": "#7f8c8d",
}


def bar_line(label: str, before: int, after: int | None, total: int, top: int, *, label_width: int,
             bar_width: int, color: str) -> Text:
    """One bar: its label, `before` as a bar scaled to `top` whose solid part is what
    the plan keeps (`after`), the tokens, the share of `total`, and the tokens after."""
    t = Text(no_wrap=True, overflow="ellipsis")
    name = label if len(label) <= label_width else label[:label_width - 1] + "…"
    t.append(f"{name:<{label_width}} ")
    size = max(before, after or 0)
    cells = round(bar_width * size / top) if top else 0
    cells = max(cells, 1 if size else 0)
    kept = cells if after is None or size == 0 else min(cells, round(cells * after / size))
    t.append(KEPT * kept, style=color)
    t.append(REMOVED * (cells - kept), style=f"dim {color}")
    t.append(" " * (bar_width - cells))
    share = before / total if total else 0.0
    t.append(f" {before:>9,} {share:>6.1%}")
    if after is not None:
        t.append(f" → {after:>9,}", style="bold" if after != before else "dim")
    return t


class BreakdownScreen(ReportsWorkerErrors, Screen[Any]):
    """Tokens by category, before and after the plan; a bar filters the heatmap."""

    DEFAULT_CSS = """
    BreakdownScreen #breakdown-title { height: auto; padding: 0 1; }
    BreakdownScreen #breakdown-bars { height: 1fr; }
    BreakdownScreen #breakdown-hint { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape,q", "back", "Back", id="breakdown.back"),
        Binding("home,g", "first", "First", id="breakdown.first", show=False),
        Binding("end,G", "last", "Last", id="breakdown.last", show=False),
    ]

    def __init__(self, session: Session, plan: Plan, counter: TokenCounter,
                 token_cache: TokenCache | None = None) -> None:
        super().__init__()
        self.session = session
        self.plan = plan
        self.counter = counter
        self.token_cache = token_cache
        self.breakdown: Breakdown | None = None
        self.filters: list[Filter | None] = []  # per option of the list

    def compose(self) -> ComposeResult:
        """The title, the bars and the hint."""
        yield Header()
        yield Static("counting…", id="breakdown-title")
        yield OptionList(id="breakdown-bars")
        yield Static(Text("↑↓ choose · enter or click: show its messages in the heatmap · esc back"),
                     id="breakdown-hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Start computing the breakdown."""
        self.title = "inspector"
        self.sub_title = f"breakdown · {visible(self.session.id)}"
        self.query_one(OptionList).loading = True
        self._compute()

    @work(thread=True, exclusive=True, group="breakdown", exit_on_error=False, description="breakdown")
    def _compute(self) -> None:
        from inspector.service.pipeline import session_breakdown

        start = time.perf_counter()
        b = session_breakdown(self.session, self.counter, plan=self.plan, token_cache=self.token_cache)
        self.post_message(BreakdownReady(b, time.perf_counter() - start))

    def on_breakdown_ready(self, message: BreakdownReady) -> None:
        """Show the bars."""
        self.breakdown = message.breakdown
        options = self.query_one(OptionList)
        options.loading = False
        self._fill()
        options.focus()

    def on_resize(self) -> None:
        """Draw the bars again at the new width."""
        if self.breakdown is not None:
            self._fill()

    def _fill(self) -> None:
        b = self.breakdown
        if b is None:
            return
        options = self.query_one(OptionList)
        highlighted = options.highlighted
        # the list's own width (inside its border and scrollbar): a line that wraps
        # breaks the bars apart
        width = options.scrollable_content_region.width or self.app.size.width - 8
        numbers = 17 + (12 if b.total_after is not None else 0)
        label_width = min(34, max(18, int((width - numbers) * 0.45)))
        bar_width = max(6, width - numbers - label_width - 2)
        top = max([max(x.before, x.after or 0) for x in b.bars] + [1])
        after = f" → {b.total_after:,} after the plan ({self.plan.config.preset})" if b.total_after is not None else ""
        title = Text.assemble(("where the tokens go: ", "bold"), f"{b.total_before:,} tokens{after}")
        largest = b.largest()
        if largest is not None and b.total_before:
            title.append(f" · largest: {largest.label} {largest.before / b.total_before:.0%}", style="italic")
        if b.tool_definitions:
            title.append(f"\n(tool definitions, sent with every request and not in these totals: "
                         f"{b.tool_definitions:,} tokens)", style="dim")
        self.query_one("#breakdown-title", Static).update(title)
        items: list[Option] = []
        self.filters = []
        for bar in b.bars:
            color = CATEGORY_COLORS.get(bar.category.value, "white")
            items.append(Option(bar_line(visible(bar.label), bar.before, bar.after, b.total_before, top,
                                         label_width=label_width, bar_width=bar_width, color=color),
                                disabled=not bar.messages))
            self.filters.append(Filter(visible(bar.label), bar.messages) if bar.messages else None)
        if b.files:
            items.append(Option(Text("files, by the tokens their contents take in tool results", style="bold"),
                                disabled=True))
            self.filters.append(None)
            ftop = max(f.before for f in b.files) or 1
            for f in b.files:
                path = visible(f.path)
                shown = path if len(path) <= label_width else "…" + path[-(label_width - 1):]
                items.append(Option(bar_line(shown, f.before, f.after, b.total_before, ftop, label_width=label_width,
                                             bar_width=bar_width, color=CATEGORY_COLORS["tool results"])))
                self.filters.append(Filter(f"file {path}", f.messages))
        options.clear_options()
        options.add_options(items)
        if highlighted is not None and highlighted < len(items):
            options.highlighted = highlighted
        elif items:
            options.highlighted = next((k for k, f in enumerate(self.filters) if f is not None), 0)

    def bar_labels(self) -> list[str]:
        """The labels of the options, in order (tests)."""
        return [f.label if f is not None else "" for f in self.filters]

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        chosen = self.filters[event.option_index] if event.option_index < len(self.filters) else None
        if chosen is not None:
            self.dismiss(chosen)

    def action_back(self) -> None:
        """Go back to the session."""
        self.dismiss(None)

    def action_first(self) -> None:
        """Choose the first bar."""
        self.query_one(OptionList).action_first()

    def action_last(self) -> None:
        """Choose the last bar."""
        self.query_one(OptionList).action_last()


def describe(result: Any) -> str:
    """What the heatmap shows after a bar was chosen (for the focus line)."""
    return f"{result.label}: {len(result.messages):,} messages" if isinstance(result, Filter) else ""
