"""`inspector eval SOURCE -s ID --judge MODEL`: the model-judged fidelity check of a
session's compaction, through `inspector.service.eval`.

Exit status: 0 done, 1 the compaction or a judge call failed, 2 bad input (unknown
session, no judge key).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from inspector.cli.main import EXIT_FAILED, CliError


def format_report(report: Any) -> str:
    """The scores as a table: one row per question, then per category and overall."""
    from inspector.cli.replay import _table
    from inspector.engine.probes import MAX_SCORE

    out = [f"session {report.session_id}: {report.tokens_before:,} -> {report.tokens_after:,} tokens "
           f"(preset {report.preset}), {report.removed_messages:,} messages removed or rewritten; "
           f"judge {report.judge}\n"]
    if not report.results:
        out.append("nothing was removed: no question to ask\n")
    else:
        rows: list[tuple[str, ...]] = [("category", "reason", "score")]
        rows += [(r.category, r.reason[:80], f"{r.score}/{MAX_SCORE}") for r in report.results]
        out.append(_table(rows, right_from=2))
        cats = ", ".join(f"{c} {v:.2f}" for c, v in report.category_scores().items())
        out.append(f"judged score: {report.score:.2f} ({cats})\n")
    out.append(f"offline fidelity: {report.offline.score:.2f}\n")
    usd = report.judge_usd
    out.append(f"judge tokens: {report.judge_input_tokens:,} in, {report.judge_output_tokens:,} out, "
               + ("price unknown" if usd is None else f"${usd:.4f}") + "\n")
    return "".join(out)


def run(args: argparse.Namespace) -> int:
    """Run `inspector eval`: the model-judged fidelity of a compaction; the exit code."""
    from inspector.cli.compact import _config, _load
    from inspector.formats.terminal import terminal_json, visible
    from inspector.service.eval import EvalError, EvalFailed, evaluate
    from inspector.service.pipeline import failure_types

    failed: tuple[type[BaseException], ...] = (EvalFailed, *failure_types())
    config = _config(args)
    session, ws = _load(args)
    try:
        caches = (ws.token_cache(), ws.summary_cache()) if ws is not None else (None, None)
        try:
            report = evaluate(session, config, args.judge, token_cache=caches[0], summary_cache=caches[1],
                              api_base=args.api_base)
        except EvalError as exc:
            raise CliError(str(exc)) from None
        except failed as exc:
            sys.stderr.write(f"inspector: eval failed: {visible(str(exc))}\n")
            return EXIT_FAILED
    finally:
        if ws is not None:
            ws.close()
    if args.json:
        sys.stdout.write(terminal_json(report.to_dict()) + "\n")
    else:
        sys.stdout.write(visible(format_report(report), newlines=True))
    return 0
