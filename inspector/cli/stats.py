"""`inspector stats SOURCE [--session ID] [--json] [--breakdown]`: per-session counts and
tokens; with `--breakdown`, the tokens by category before and after the plan."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.tokens import TokenCounter

import sys
import time
from typing import Any

from inspector.cli.main import CliError
from inspector.formats.locations import shown
from inspector.formats.terminal import terminal_json, visible

PROGRESS_MIN_SESSIONS = 20


def calibration_summary(session: Session, counter: TokenCounter) -> dict[str, Any] | None:
    """Our count of the context before each model call next to the input tokens the
    source recorded for it (None when the source recorded no usage)."""
    from statistics import median

    from inspector.engine.calibration import calibration

    points = calibration(session, counter)
    if not points:
        return None
    last = points[-1]
    return {"calls": len(points), "recorded": last.recorded, "counted": last.counted,
            "median_ratio": round(median(p.ratio for p in points), 3)}


def session_stats(session: Session, counter: TokenCounter) -> dict[str, Any]:
    """A session's counts for `inspector stats`: messages, tokens by role and kind, the context total.

    Args:
        session: the session.
        counter: the token counter.

    Returns:
        The figures, as a JSON-ready dict.
    """
    from inspector.engine.tokens import count_messages
    from inspector.service.pipeline import context_total

    msgs = session.messages
    totals, _ = count_messages(msgs, counter)
    return {
        "id": session.id,
        "messages": len(msgs),
        "tool_calls": sum(len(m.tool_calls) for m in msgs),
        "tool_results": sum(1 for m in msgs if m.role == "tool"),
        "user_messages": sum(1 for m in msgs if m.role == "user" and m.kind == "message"),
        "text_chars": sum(m.text_chars for m in msgs),
        "tokens": context_total(totals, counter),  # as plan, apply and export count it
    }


class _Progress:
    """'reading sessions: N/M' on stderr; redrawn in place on a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = total >= PROGRESS_MIN_SESSIONS
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.last = 0.0
        self.step = max(1, total // 10)

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        if self.tty:
            now = time.monotonic()
            if done == self.total or now - self.last > 0.1:
                self.last = now
                self.stream.write(f"\rreading sessions: {done}/{self.total}")
                if done == self.total:
                    self.stream.write("\n")
                self.stream.flush()
        elif done == self.total or done % self.step == 0:
            self.stream.write(f"reading sessions: {done}/{self.total}\n")
            self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """Run `inspector stats`: per session of a source, its counts; the exit code."""
    from inspector.engine.tokens import CounterUnavailable, make_counter
    from inspector.service.opening import open_source, source_errors

    try:
        counter = make_counter("estimate" if args.estimate else "tiktoken", model=args.model or "gpt-4o")
    except (CounterUnavailable, ValueError) as exc:
        raise CliError(str(exc)) from None
    try:
        source = open_source(args.source)
    except source_errors() as exc:
        raise CliError(str(exc)) from None
    config = _breakdown_config(args) if getattr(args, "breakdown", False) else None
    rows = []
    with source:
        try:
            ids = [args.session] if args.session else source.session_ids()
            if args.session:
                source.read(args.session)  # unknown id: clear error before any output
            progress = _Progress(len(ids))
            calibrated: dict[str, dict[str, Any]] = {}
            for k, sid in enumerate(ids, 1):
                session = source.read(sid)
                rows.append(session_stats(session, counter))
                if config is not None:
                    rows[-1]["breakdown"] = session_breakdown_dict(session, config, counter)
                cal = calibration_summary(session, counter)
                if cal:
                    calibrated[session.id] = cal
                progress.update(k)
        except source_errors() as exc:
            raise CliError(str(exc)) from None
        skipped = list(source.skipped)
        fmt = source.format
    if args.json:
        out: dict[str, Any] = {"source": shown(args.source), "format": fmt, "counter": counter.name, "sessions": rows}
        if calibrated:
            out["calibration"] = calibrated
        if skipped:
            out["skipped"] = [{"where": s.where, "reason": s.reason} for s in skipped]
        sys.stdout.write(terminal_json(out) + "\n")
    elif config is not None:
        _print_breakdowns(shown(args.source), fmt, counter, config, rows)
    else:
        _print_table(shown(args.source), fmt, counter, rows, skipped, calibrated)
    return 0


def _breakdown_config(args: argparse.Namespace) -> CompactionConfig:
    from inspector.cli.compact import _config

    return _config(args)


def session_breakdown_dict(session: Session, config: CompactionConfig, counter: TokenCounter) -> dict[str, Any]:
    """The breakdown of `session` before and after the plan of `config` (counted with
    `counter`), as the TUI's breakdown view shows it."""
    from inspector.service.pipeline import plan_session, session_breakdown

    p = plan_session(session, config, counter=counter)
    d = session_breakdown(session, counter, plan=p).to_dict()
    d["preset"] = config.preset
    return d


def _bar(n: int, top: int, width: int = 24) -> str:
    full = round(width * n / top) if top else 0
    return ("█" * full).ljust(width)


def _print_breakdowns(path: Any, fmt: str, counter: TokenCounter, config: CompactionConfig, rows: Any) -> None:
    w = sys.stdout.write
    w(f"{visible(path)}: {fmt}, {len(rows)} session{'s' if len(rows) != 1 else ''}; "
      f"tokens counted with {counter.name}; after: the plan of preset {config.preset}\n")
    for r in rows:
        b = r["breakdown"]
        before, after = b["tokens_before"], b["tokens_after"]
        w(f"\n{visible(r['id'])}: {before:,} → {after:,} tokens\n")
        cats = b["categories"]
        width = max([len(visible(c["label"])) for c in cats] + [8])
        top = max([c["tokens_before"] for c in cats] + [1])
        w(f"  {'category':<{width}}  {'before':>10} {'share':>6}  {'':24}  {'after':>10}\n")
        for c in cats:
            share = c["tokens_before"] / before if before else 0.0
            w(f"  {visible(c['label']):<{width}}  {c['tokens_before']:>10,} {share:>6.1%}  "
              f"{_bar(c['tokens_before'], top)}  {c['tokens_after']:>10,}\n")
        if b["tool_definitions"]:
            w(f"  (tool definitions recorded by the source: {b['tool_definitions']:,} tokens, sent with every "
              "request, not in the totals)\n")
        if b["files"]:
            w("  files by the tokens their contents take in tool results:\n")
            for f in b["files"]:
                w(f"    {f['tokens_before']:>10,} → {f['tokens_after']:>10,}  {visible(f['path'])}\n")


def _print_table(path: Any, fmt: str, counter: TokenCounter, rows: Any, skipped: Any, calibrated: Any) -> None:
    cols = ("id", "messages", "tool_calls", "tool_results", "user_messages", "text_chars", "tokens")
    heads = ("session", "messages", "tool calls", "tool results", "user msgs", "text chars", "tokens")
    cells = [[visible(r[c]) for c in cols] for r in rows]
    widths = [max([len(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(heads)]
    w = sys.stdout.write
    w(f"{visible(path)}: {fmt}, {len(rows)} session{'s' if len(rows) != 1 else ''}\n")
    w("  ".join(h.ljust(widths[0]) if i == 0 else h.rjust(widths[i]) for i, h in enumerate(heads)) + "\n")
    for c in cells:
        w("  ".join(v.ljust(widths[0]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(c)) + "\n")
    note = f" ({counter.note})" if getattr(counter, "note", None) else ""
    w(f"tokens counted with {counter.name}{note}\n")
    if calibrated:
        w("recorded usage (input tokens the model was billed at its last call) vs our count of that context:\n")
        for sid, c in calibrated.items():
            w(f"  {visible(sid)}: {c['recorded']:,} recorded, {c['counted']:,} counted; median ratio "
              f"{c['median_ratio']:.2f} over {c['calls']} call{'s' if c['calls'] != 1 else ''}\n")
    if skipped:
        w(f"skipped {len(skipped)} record{'s' if len(skipped) != 1 else ''}:\n")
        for s in skipped[:20]:
            w(f"  {visible(s.where)}: {visible(s.reason)}\n")
        if len(skipped) > 20:
            w(f"  ... and {len(skipped) - 20} more\n")
