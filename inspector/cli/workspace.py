"""`inspector versions [SESSION]` and `inspector recover OFFLOAD_ID`: what the
workspace keeps of applied compactions."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from inspector.service.store import Workspace

import sys

from inspector.cli.main import CliError
from inspector.formats.terminal import terminal_json, visible


def _open(path: str | None) -> Workspace:
    from inspector.service.store import WorkspaceError, open_workspace

    try:
        return open_workspace(path)
    except WorkspaceError as exc:
        raise CliError(str(exc)) from None


def _versions(args: argparse.Namespace) -> int:
    from inspector.service.store import WorkspaceError

    with _open(args.workspace) as ws:
        try:
            sids = [args.session] if args.session else [s.id for s in ws.list_sessions()]
            rows = [v for sid in sids for v in ws.list_versions(sid)]
        except WorkspaceError as exc:
            raise CliError(str(exc)) from None
    if args.json:
        sys.stdout.write(terminal_json([
            {"id": v.id, "session": v.session_id, "number": v.number, "parent": v.parent, "label": v.label,
             "created_at": v.created_at.isoformat() if v.created_at else None, "preset": v.preset,
             "summarizer": v.summarizer, "counter": v.counter, "tokens_before": v.tokens_before,
             "tokens_after": v.tokens_after, "messages": v.messages}
            for v in rows]) + "\n")
        return 0
    if not rows:
        what = f"session {args.session}" if args.session else "this workspace"
        sys.stderr.write(f"no versions in {visible(what)} (create one with `inspector apply`)\n")
        return 0
    width = max(len(v.id) for v in rows)
    for v in rows:
        when = v.created_at.strftime("%Y-%m-%d %H:%M") if v.created_at else "?"
        tokens = (f"{v.tokens_before:,} -> {v.tokens_after:,}"
                  if v.tokens_before is not None and v.tokens_after is not None else "?")
        line = (f"{v.id.ljust(width)}  {when}  {v.preset or '-':<9} {tokens:>22} tokens  "
                f"{v.messages:>5} msgs  {v.summarizer or '-'}" + (f"  {v.label}" if v.label else ""))
        sys.stdout.write(visible(line) + "\n")
    return 0


_LARGEST = 2**63 - 1


def _recover(args: argparse.Namespace) -> int:
    from inspector.service.store import WorkspaceError

    if args.offset < 0 or (args.limit is not None and args.limit < 0):
        raise CliError("recover: --offset and --limit must not be negative")
    if max(args.offset, args.limit or 0) > _LARGEST:  # SQLite's integers are 64-bit
        raise CliError(f"recover: --offset and --limit must be at most {_LARGEST:,}")
    with _open(args.workspace) as ws:
        try:
            text = ws.recover(args.offload_id, args.offset, args.limit)
        except WorkspaceError as exc:
            raise CliError(str(exc)) from None
    # exact when piped; on a terminal, escapes in the recovered content made visible
    sys.stdout.write(visible(text, newlines=True) if sys.stdout.isatty() else text)
    if text and not text.endswith("\n") and sys.stdout.isatty():
        sys.stdout.write("\n")
    return 0


def run(args: argparse.Namespace) -> int:
    """Run `inspector versions` or `inspector recover`; the exit code."""
    if args.command == "versions":
        return _versions(args)
    if args.command == "recover":
        return _recover(args)
    raise CliError(f"unknown command {args.command!r}")
