"""`inspector discover [--json]` (and `inspector` with no argument outside a terminal):
the session stores of this machine, grouped by tool and project, newest first."""

from __future__ import annotations

import argparse
import sys

from inspector.formats.terminal import terminal_json, visible


def run(args: argparse.Namespace) -> int:
    """Run `inspector discover`: the session stores found on this machine, as a table or JSON; the exit code."""
    from inspector.service.discovery import discover, fill

    found = discover()
    if getattr(args, "json", False):
        print(terminal_json([fill(f).to_dict() for f in found], indent=2))
        return 0
    if not found:
        print("no sessions found (looked in ~/.claude/projects, ~/.codex/sessions, the llm CLI's logs.db, "
              "and this directory's databases)")
        return 0
    group = None
    for f in found:  # printed as each is counted: the first lines come at once
        if (f.tool, f.project) != group:
            group = (f.tool, f.project)
            print(f"{f.tool_name}  {visible(f.project)}")
        fill(f)
        counts = (f"error: {visible(f.error)}" if f.error else
                  f"{f.sessions:,} sessions  {f.messages:,} messages  ~{f.tokens:,} tokens")
        print(f"  {f.modified.astimezone().strftime('%Y-%m-%d %H:%M')}  {visible(str(f.path))}  {counts}")
        sys.stdout.flush()
    return 0
