"""`inspector replay | sweep`: a policy over the whole life of sessions, through
`inspector.service.replay`.

Exit status: 0 done, 1 compaction failed during the replay, 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from inspector.cli.main import EXIT_FAILED, CliError
from inspector.engine.wording import usd
from inspector.formats.locations import shown
from inspector.formats.terminal import terminal_json, visible


def _table(rows: Sequence[Sequence[str]], right_from: int = 1) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for k, r in enumerate(rows):
        lines.append("  ".join(c.ljust(w) if i < right_from else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


def format_replay(r: Any, model: str) -> str:
    """Totals with the policy next to the same session without it, then the calls where
    it compacted."""
    t = r.totals
    out = [f"session {visible(r.session_id)}: {t.calls:,} model calls, {t.compactions:,} compactions "
           f"(preset {r.config.preset}, prices: {model}, window {r.context_window:,}, {r.counter})\n"]
    if t.thrashing:
        out.append(f"thrashing: compacts on {t.compactions:,} of {t.calls:,} calls (each result stays over the "
                   "trigger, so the next call compacts again)\n")
    saved = t.unmanaged_input_tokens - t.billed_input_tokens
    rows = [("", "with policy", "without"),
            ("billed input tokens", f"{t.billed_input_tokens:,}", f"{t.unmanaged_input_tokens:,}"),
            ("  of which cached", f"{t.cached_input_tokens:,}", f"{t.unmanaged_cached_tokens:,}"),
            ("summarizer tokens (in/out)", f"{t.summary_input_tokens:,}/{t.summary_output_tokens:,}", "0/0"),
            ("peak context", f"{t.peak_context_tokens:,}", f"{t.unmanaged_peak_tokens:,}"),
            ("calls over the window", f"{t.over_window_calls:,}", f"{t.unmanaged_over_window_calls:,}"),
            ("cost", usd(t.cost_usd), usd(t.unmanaged_cost_usd))]
    out.append(_table(rows))
    out.append(f"billed input saved: {saved:,} tokens"
               + (f" ({saved / t.unmanaged_input_tokens:.1%})" if t.unmanaged_input_tokens else "") + "\n")
    f = r.fidelity
    kinds = ", ".join(f"{name} {k.kept}/{k.items}" for name, k in f.kinds.items() if k.items)
    out.append(f"fidelity at the last call: {f.score:.2f} ({kinds or 'nothing removed'})\n")
    for it in f.lost()[:8]:
        why = {"unsupported": "stated, but not in the original",
               "contradicted": "stated, contradicting the original"}.get(it.status, "lost")
        out.append(f"  {why} {it.kind.replace('_', ' ')}: {it.text[:100]}\n")
    fired = [c for c in r.calls if c.compacted]
    if fired:
        out.append("compactions:\n")
        calls: list[tuple[str, ...]] = [("call", "position", "unmanaged", "sent", "cached")]
        calls += [(str(c.index), str(c.position), f"{c.tokens_unmanaged:,}", f"{c.tokens_sent:,}",
                  f"{c.cached_tokens:,}") for c in fired[:50]]
        out.append(_table(calls))
        if len(fired) > 50:
            out.append(f"... and {len(fired) - 50} more (--json lists every call)\n")
    return "".join(out)


def _run_replay(args: argparse.Namespace) -> int:
    from inspector.cli.compact import _config, _load
    from inspector.service.pipeline import failure_types
    from inspector.service.replay import replay_session

    config = _config(args)
    session, ws = _load(args)
    try:
        caches = (ws.token_cache(), ws.summary_cache()) if ws is not None else (None, None)
        model = args.model or config.tokens.model
        try:
            r = replay_session(session, config, model=model, token_cache=caches[0], summary_cache=caches[1])
        except failure_types() as exc:
            sys.stderr.write(f"inspector: replay failed at a compaction: {visible(str(exc))}\n")
            return EXIT_FAILED
    finally:
        if ws is not None:
            ws.close()
    if args.json:
        sys.stdout.write(terminal_json(r.to_dict(model)) + "\n")
    else:
        sys.stdout.write(format_replay(r, model))
    return 0


def format_sweep(result: Any) -> str:
    """A sweep's rows as a text table: per value, the totals, the 90th percentile and the problems."""
    rows = [("value", "sessions", "compactions", "billed input", "cached", "p90 billed", "peak", "cost",
             "unmanaged", "fidelity", "overflow", "thrashing")]
    for row in result.rows:
        d = row.to_dict()
        t, p90 = d["totals"], d["p90"]
        rows.append((visible(row.value), str(d["sessions"]), f"{t['compactions']:,}", f"{t['billed_input_tokens']:,}",
                     f"{t['cached_input_tokens']:,}",
                     f"{p90['billed_input_tokens']:,}" if p90["billed_input_tokens"] is not None else "n/a",
                     f"{t['peak_context_tokens']:,}", usd(t["cost_usd"]), usd(t["unmanaged_cost_usd"]),
                     "n/a" if d["fidelity"] is None else f"{d['fidelity']:.2f}", str(len(d["overflowing"])),
                     # sessions this value compacts on most calls
                     str(len(d["thrashing"])) + (" !" if d["thrashing"] else "")))
    out = [f"sweep of {result.knob}\n", _table(rows)]
    for row in result.rows:  # what each value loses, so "fidelity 0.47" can be read
        lost = row.lost(shown=3)
        short = [f"{name.replace('_', ' ')} {k['kept']}/{k['items']}" for name, k in lost["kinds"].items()
                 if k["kept"] < k["items"]]
        if short:
            out.append(f"{row.value}: lost {', '.join(short)}")
            out.append("".join(f"; e.g. {it['kind'].replace('_', ' ')}: {it['text'][:60]}" for it in lost["items"][:2]))
            out.append("\n")
    for row in result.rows:
        errors = [s for s in row.sessions if s.error]
        for s in errors[:5]:
            out.append(f"{visible(row.value)}: {visible(s.session_id)}: compaction failed: {visible(s.error)}\n")
    return "".join(out)


def _skipped(line: str) -> None:
    sys.stderr.write(f"skipped: {visible(line)}\n")


def _run_sweep(args: argparse.Namespace) -> int:

    from inspector.cli.compact import _config
    from inspector.engine.config import ConfigError
    from inspector.service.pipeline import PipelineError
    from inspector.service.replay import parse_values, session_ids

    if bool(args.session) == bool(args.all):
        raise CliError("give either --session ID or --all")
    config = _config(args)
    try:
        values = parse_values(args.values, args.knob)
        from inspector.service.replay import configs_for

        configs_for(config, args.knob, values[:1])  # a bad knob or value fails before any work
    except (ConfigError, KeyError) as exc:
        raise CliError(str(exc).strip("'\"")) from None
    try:
        ids = session_ids(args.source, on_skip=_skipped)
    except PipelineError as exc:
        raise CliError(str(exc)) from None
    if args.session:
        if args.session not in ids:
            raise CliError(f"{shown(args.source)}: no session {args.session!r} (it has {len(ids)}: "
                           f"{', '.join(ids[:8])}{', ...' if len(ids) > 8 else ''})")
        ids = [args.session]
    if not ids:
        raise CliError(f"{shown(args.source)}: no session found")
    from inspector.cli.fleet import run_fleet_sweep

    return run_fleet_sweep(args, config, values, ids)


def run(args: argparse.Namespace) -> int:
    """Run `inspector replay` or `inspector sweep`; the exit code."""
    if args.command == "replay":
        return _run_replay(args)
    return _run_sweep(args)
