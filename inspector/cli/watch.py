"""`inspector watch [SOURCE…]`: every live session at once, one line each: tool,
project, context used of the window, tokens until the compaction trigger fires, last
activity. Without SOURCE, the stores discovery finds that changed recently. Sources
are followed (only what they gain is read) and redrawn as they change."""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from inspector.cli.main import CliError
from inspector.formats.terminal import terminal_json, visible


def _ago(ts: datetime | None, now: datetime) -> str:
    if ts is None:
        return "–"
    ts = ts if ts.tzinfo else ts.replace(tzinfo=UTC)
    s = max(0, int((now - ts).total_seconds()))
    return f"{s}s ago" if s < 120 else f"{s // 60}m ago" if s < 7200 else f"{s // 3600}h ago"


def _line(row: Any, now: datetime) -> str:
    share = row.context_tokens / row.window if row.window else 0.0
    until = ("–" if row.until_compaction is None else "compacting" if row.until_compaction == 0
             else f"{row.until_compaction:,} until compaction")
    return (f"{row.tool:<13} {visible(row.project)[:34]:<34} {row.context_tokens:>9,} / {row.window:,} "
            f"({share:.0%})  {until:<24} {_ago(row.last_activity, now)}")


def run(args: argparse.Namespace) -> int:
    """Run `inspector watch`: the live sessions on this machine and how far each is from compaction; the exit code."""
    from inspector.cli.compact import _config
    from inspector.engine.planning import counter_for
    from inspector.engine.tokens import TokenCache
    from inspector.service.discovery import discover
    from inspector.service.follow import Follower, watch_row
    from inspector.service.pipeline import PipelineError

    config = _config(args)
    counter = counter_for(config)
    cache = TokenCache()
    since = timedelta(minutes=args.since)
    targets: list[tuple[Follower, str, str]] = []  # (follower, tool, project)
    try:
        if args.sources:
            from inspector.service.opening import detect_format

            for source in args.sources:
                follower = Follower(source)
                targets.append((follower, detect_format(source), str(follower.path.parent)))
        else:
            recent = datetime.now(UTC) - since
            for found in discover():
                if found.modified >= recent:
                    targets.append((Follower(found.path), found.tool, found.project))
    except (PipelineError, ValueError) as exc:
        raise CliError(str(exc)) from None
    rows: dict[int, list[Any]] = {}

    def refresh() -> bool:
        changed = False
        for k, (follower, tool, project) in enumerate(targets):
            if not follower.changed():
                continue
            changed = True
            try:
                sessions = follower.sessions()
            except PipelineError as exc:
                print(f"inspector: {visible(str(exc))}", file=sys.stderr)
                rows[k] = []
                continue
            if not args.sources:  # discovered stores: only their sessions active lately
                cutoff = datetime.now(UTC) - since
                sessions = [s for s in sessions if s.last_activity is None
                            or (s.last_activity if s.last_activity.tzinfo
                                else s.last_activity.replace(tzinfo=UTC)) >= cutoff]
            rows[k] = [watch_row(s, tool, project, config, counter, cache) for s in sessions]
        return changed

    def show() -> None:
        now = datetime.now(UTC)
        every = [r for k in sorted(rows) for r in rows[k]]
        if args.json:
            print(terminal_json([r.to_dict() for r in every]))
        else:
            if not args.once and sys.stdout.isatty():
                print("\x1b[H\x1b[2J", end="")
            if not every:
                print("no live sessions" + ("" if args.sources else f" (none changed in the last {args.since:g} min)"))
            for r in every:
                print(_line(r, now))
        sys.stdout.flush()

    refresh()
    show()
    if args.once:
        return 0
    try:
        while True:
            time.sleep(args.interval)
            if refresh():
                show()
    except KeyboardInterrupt:
        return 0
