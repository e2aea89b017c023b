"""The session screen's texts: the heading above the heatmap, the plan summary with
its fidelity, and the detail of one message under the plan."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text

from inspector.engine.planning.results import Action
from inspector.engine.wording import plural
from inspector.formats.terminal import visible
from inspector.tui.colors import ACTION_COLORS, ACTION_LABELS
from inspector.tui.render import MAX_DETAIL_CHARS, after_text, ansi_text, clean, message_header, message_text

if TYPE_CHECKING:
    from inspector.engine.models import Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.tokens import TokenCounter
    from inspector.service.pipeline import FidelityReport

TOKEN_BG = ("#2c3e50", "#4a235a")  # alternate token backgrounds (t: token boundaries)


def detail_text(session: Any, tokens: Sequence[int], plan: Any, index: int, counter: Any,
                show_tokens: bool = False) -> Text:
    """Message `index` in full (up to `MAX_DETAIL_CHARS`), under a header saying what
    the plan does to it.

    Args:
        session: the session.
        tokens: its per-message counts.
        plan: its plan, or None while planning.
        index: the message's position.
        counter: the counter; with `show_tokens` and a counter that has `token_spans`,
            the tokens are shown on alternating backgrounds.
        show_tokens: show token boundaries.

    Returns:
        The rich text.
    """
    m = session.messages[index]
    count = tokens[index] if index < len(tokens) else None
    text = Text()
    text.append(message_header(m, index, count), style="bold")
    if plan is not None:
        action = plan.actions[index]
        _, note = after_text(session, plan, index)
        after = plan.tokens_after[index]
        text.append("\nplan: ")
        text.append(f" {ACTION_LABELS[action]} ", style=f"bold #000000 on {ACTION_COLORS[action]}")
        if action not in (Action.KEEP, Action.PRESERVE):
            text.append(f"  {count or 0:,} → {after:,} tokens")
        text.append(f"  {note}", style="italic")
    text.append("\n\n")
    raw = message_text(m)
    body = clean(raw)
    cut = len(body) > MAX_DETAIL_CHARS
    if show_tokens and hasattr(counter, "token_spans"):
        body = body[:MAX_DETAIL_CHARS]
        for k, (a, b) in enumerate(counter.token_spans(body)):
            text.append(body[a:b], style=f"on {TOKEN_BG[k % 2]}")
    else:
        shown = ansi_text(raw[:MAX_DETAIL_CHARS + 4096] if cut else raw)  # colour codes as their colours
        text.append_text(shown[:MAX_DETAIL_CHARS] if cut else shown)
    if cut:
        text.append(f"\n\n… {len(body) - MAX_DETAIL_CHARS:,} more characters (p: full preview)",
                    style="dim")
    return text


def session_heading(session: Session, tokens: Sequence[int], counter: TokenCounter,
                    seconds: float | None = None) -> Text:
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


def plan_summary(plan: Plan, ms: float | None, *, compact: bool = False, modified: bool = False,
                 fidelity: FidelityReport | None = None) -> Text:
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


def _fidelity_lines(t: Text, report: FidelityReport) -> None:
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
