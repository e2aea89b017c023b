"""Preview: one message before and after the plan (side by side or as a diff), and the
whole compacted context as the model would receive it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, Static

from inspector.engine.planning.results import Action
from inspector.formats.terminal import visible
from inspector.tui.colors import ACTION_COLORS, ACTION_LABELS
from inspector.tui.render import after_text, context_lines, diff_lines, message_body, message_header, plain_lines
from inspector.tui.widgets.footer import KeyFooter
from inspector.tui.widgets.lines import LinesView

if TYPE_CHECKING:
    from inspector.engine.applier import SummaryCache
    from inspector.engine.models import Message, Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.tokens import TokenCounter


class PreviewScreen(Screen[None]):
    """Before and after for the selected message; n/N (or ]/[) walk the changed ones."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", id="preview.back"),
        Binding("d", "toggle_diff", "Diff / side by side", id="preview.toggle_diff"),
        Binding("n,right_square_bracket", "next_changed(1)", "Next change", id="preview.next"),
        Binding("N,left_square_bracket", "next_changed(-1)", "Previous change", id="preview.previous"),
        Binding("c", "context", "Whole context", id="preview.context"),
    ]

    def __init__(self, session: Session, plan: Plan, index: int, counter: TokenCounter,
                 summary_texts: dict[str, str] | None = None) -> None:
        super().__init__()
        self.session = session
        self.plan = plan
        self.index = index
        self.counter = counter
        self.summary_texts = summary_texts or {}
        self.mode = "diff" if plan.actions[index] in (Action.TRUNCATE, Action.CLEAR) else "side"

    def compose(self) -> ComposeResult:
        """The before and after columns (or the diff) of one message."""
        yield Header()
        yield Static("", id="preview-title")
        with Horizontal(id="preview-side"):
            with Vertical(classes="preview-col"):
                yield Static("before", classes="preview-head")
                yield LinesView(id="preview-before")
            with Vertical(classes="preview-col"):
                yield Static("after", classes="preview-head")
                yield LinesView(id="preview-after")
        yield LinesView(id="preview-diff")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Show the message the preview was opened on."""
        self.title = "preview"
        self.show(self.index)

    def show(self, index: int) -> None:
        """Show message `index`, before and after the plan."""
        self.index = index
        s, p = self.session, self.plan
        m = s.messages[index]
        action = p.actions[index]
        before = message_body(m)
        after, note = after_text(s, p, index, self.summary_texts)
        title = Text()
        title.append(message_header(m, index, p.tokens_before[index]), style="bold")
        title.append("   ")
        title.append(f" {ACTION_LABELS[action]} ", style=f"bold #000000 on {ACTION_COLORS[action]}")
        gone = action in (Action.SUMMARIZE, Action.DROP)
        title.append(f"  {p.tokens_before[index]:,} → {'–' if gone else format(p.tokens_after[index], ',')} tokens  ")
        title.append(note, style="italic")
        title.append(f"   [{self.mode}: d toggles · n/N next/previous change]", style="dim")
        self.query_one("#preview-title", Static).update(title)
        self.query_one("#preview-before", LinesView).set_lines(plain_lines(before))
        self.query_one("#preview-after", LinesView).set_lines(
            plain_lines(after, "" if not gone else "italic") if after else [("(not sent)", "dim")])
        self.query_one("#preview-diff", LinesView).set_lines(diff_lines(before, after))
        self._apply_mode()

    def _apply_mode(self) -> None:
        self.query_one("#preview-side").display = self.mode == "side"
        self.query_one("#preview-diff").display = self.mode == "diff"

    def action_toggle_diff(self) -> None:
        """Switch between side by side and the diff."""
        self.mode = "side" if self.mode == "diff" else "diff"
        self.show(self.index)

    def action_next_changed(self, direction: int) -> None:
        """Show the next (`direction` 1) or previous (-1) message the plan changes."""
        acts = self.plan.actions
        i = self.index + direction
        while 0 <= i < len(acts):
            if acts[i] != Action.KEEP:
                self.show(i)
                return
            i += direction
        self.notify("no further change in that direction", timeout=2)

    def action_context(self) -> None:
        """Show the whole context the plan leaves."""
        self.app.push_screen(ContextScreen.for_plan(self.session, self.plan, self.counter, None))


class ContextScreen(Screen[None]):
    """A list of messages shown whole: the compacted context, or a stored version."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", id="context.back"),
    ]

    def __init__(self, title: str, lines: list[Any], summary: str, build: Callable[[], tuple[list[Any], str]] | None = None
                 ) -> None:
        super().__init__()
        self.heading = title
        self.lines = lines
        self.summary = summary
        self.build = build  # run in a worker on mount: the lines and summary to show

    @classmethod
    def for_plan(cls, session: Session, plan: Plan, counter: TokenCounter,
                 summary_cache: SummaryCache | None) -> ContextScreen:
        """The compacted context, built off the UI thread by the service's preview."""

        def build() -> tuple[list[Any], str]:
            from inspector.engine.flow import cached_texts
            from inspector.service.pipeline import preview

            result = preview(session, plan, summary_cache=summary_cache, counter=counter)
            texts = cached_texts(plan, summary_cache)
            pending = sum(1 for s in plan.applied_summaries() if s.key not in texts)
            summary = (f"{len(result.messages):,} messages · {result.total_after:,} tokens as the model would "
                       f"receive them (was {len(session.messages):,} messages, {plan.total_before:,} tokens)")
            if pending:  # the placeholder is counted as shown; the plan's figure is the estimate
                summary += (f" · {pending} summary not generated yet (apply generates it): "
                            f"about {plan.total_after:,} tokens once it is (estimated)")
            return context_lines(result.messages, result.tokens_after, result.lineage), summary

        return cls(f"compacted context · {visible(session.id)}", [], "building the compacted context…", build)

    @classmethod
    def for_messages(cls, title: str, messages: list[Message], counter: TokenCounter | None = None) -> ContextScreen:
        """A screen showing `messages` under `title`, with their tokens when a counter is given."""
        tokens = None
        if counter is not None:
            from inspector.engine.tokens import count_messages
            from inspector.service.pipeline import context_total

            tokens = count_messages(messages, counter)[0]
        # as the plan and the versions list count them: the reply priming included
        total = context_total(tokens, counter) if counter is not None and tokens else 0
        summary = f"{len(messages):,} messages" + (f" · {total:,} tokens" if tokens else "")
        return cls(title, context_lines(messages, tokens), summary)

    def compose(self) -> ComposeResult:
        """The summary line and the messages."""
        yield Header()
        yield Static(Text(self.summary, style="bold"), id="context-summary")
        yield LinesView(self.lines, id="context-lines")
        yield KeyFooter()

    def on_mount(self) -> None:
        """Focus the messages; build them first when the screen was made with a builder."""
        self.title = self.heading
        self.query_one(LinesView).focus()
        if self.build is not None:
            self._build()

    @work(thread=True, exclusive=True, group="context", exit_on_error=False, description="context")
    def _build(self) -> None:
        assert self.build is not None
        lines, summary = self.build()
        self.app.call_from_thread(self._show, lines, summary)

    def _show(self, lines: list[Any], summary: str) -> None:
        self.lines, self.summary = lines, summary
        self.query_one("#context-summary", Static).update(Text(summary, style="bold"))
        self.query_one(LinesView).set_lines(lines)
