"""`inspector mcp [--workspace DB]`: the recovery tool as an MCP stdio server (the
protocol in `inspector.service.mcp`; this is its loop over stdin and stdout).

Messages are newline-delimited JSON-RPC on stdin and stdout; stdout carries nothing
else (a line of anything else would break the client), and what goes wrong before
serving is one line on stderr."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, BinaryIO

from inspector.cli.main import CliError

if TYPE_CHECKING:  # pragma: no cover
    from inspector.service.mcp import RecoveryMcpServer


def serve(server: RecoveryMcpServer, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Answer each line of `stdin` on `stdout` until it closes.

    Args:
        server: a `RecoveryMcpServer` (its `handle_line`).
        stdin, stdout: the byte streams of the transport.
    """
    for raw in stdin:
        # an undecodable byte becomes U+FFFD: the line is then answered as bad JSON, not a crash
        answer = server.handle_line(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
        if answer is not None:
            stdout.write(answer.encode("utf-8") + b"\n")
            stdout.flush()


def run(args: argparse.Namespace) -> int:
    """Run `inspector mcp`: the workspace's offloads served to an agent over MCP (stdio); the exit code."""
    from inspector.cli.compact import _config
    from inspector.service.mcp import workspace_recovery_server
    from inspector.service.store import WorkspaceError, open_workspace

    config = _config(args)
    try:
        workspace = open_workspace(args.workspace)
    except WorkspaceError as exc:
        raise CliError(str(exc)) from None
    with workspace:
        server = workspace_recovery_server(workspace, config.recovery_tool)
        try:
            serve(server, sys.stdin.buffer, sys.stdout.buffer)
        except (BrokenPipeError, KeyboardInterrupt):  # the client went away: nothing left to answer
            pass
    return 0
