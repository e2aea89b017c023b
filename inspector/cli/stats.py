"""`inspector stats SOURCE [--session ID] [--json]`: per-session counts and tokens."""

from __future__ import annotations

import sys
import time
from typing import Any

from inspector.cli.main import CliError
from inspector.formats.terminal import terminal_json, visible

PROGRESS_MIN_SESSIONS = 20


def calibration_summary(session, counter) -> dict | None:
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


def session_stats(session, counter) -> dict:
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

    def __init__(self, total: int, stream=None):
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


def run(args) -> int:
    from inspector.engine.tokens import CounterUnavailable, make_counter
    from inspector.sources.base import SourceError, open_source

    try:
        counter = make_counter("estimate" if args.estimate else "tiktoken", model=args.model or "gpt-4o")
    except (CounterUnavailable, ValueError) as exc:
        raise CliError(str(exc)) from None
    try:
        source = open_source(args.source)
    except SourceError as exc:
        raise CliError(str(exc)) from None
    rows = []
    with source:
        try:
            ids = [args.session] if args.session else source.session_ids()
            if args.session:
                source.read(args.session)  # unknown id: clear error before any output
            progress = _Progress(len(ids))
            calibrated: dict[str, dict] = {}
            for k, sid in enumerate(ids, 1):
                session = source.read(sid)
                rows.append(session_stats(session, counter))
                cal = calibration_summary(session, counter)
                if cal:
                    calibrated[session.id] = cal
                progress.update(k)
        except SourceError as exc:
            raise CliError(str(exc)) from None
        skipped = list(source.skipped)
        fmt = source.format
    if args.json:
        out: dict[str, Any] = {"source": str(args.source), "format": fmt, "counter": counter.name, "sessions": rows}
        if calibrated:
            out["calibration"] = calibrated
        if skipped:
            out["skipped"] = [{"where": s.where, "reason": s.reason} for s in skipped]
        sys.stdout.write(terminal_json(out) + "\n")
    else:
        _print_table(args.source, fmt, counter, rows, skipped, calibrated)
    return 0


def _print_table(path, fmt, counter, rows, skipped, calibrated) -> None:
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
