"""Command line. The parser is built from the standard library only, and each
command's implementation is imported when it runs, so `inspector --help` is fast
and never imports Textual, pydantic or litellm.

Exit status: 0 done, 1 compaction failed (nothing written), 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any

from inspector.formats.terminal import visible
from inspector.service.catalog import EXPORT_FORMATS

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2



class CliError(Exception):
    """Bad input or usage: printed as one line, exit status 2."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT):
        super().__init__(message)
        self.status = status


def _count(least: int, meaning_of_zero: str = "") -> Any:
    """An argparse type: a whole number >= `least` (argparse names the flag)."""

    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
        if n < least:
            zero = f" ({meaning_of_zero})" if meaning_of_zero else ""
            raise argparse.ArgumentTypeError(f"must be {least}{zero} or more, not {n}")
        return n

    return parse


def _common_source(p: argparse.ArgumentParser, session_required: bool = False) -> None:
    p.add_argument("source", help="a session file or database (any supported format), or a workspace")
    p.add_argument("--session", "-s", metavar="ID", required=session_required,
                   help="session id (see `inspector stats SOURCE`)")


def _common_config(p: argparse.ArgumentParser) -> None:
    p.add_argument("--config", "-c", metavar="FILE", help="compaction config TOML (as the TUI saves it)")
    p.add_argument("--preset", metavar="NAME",
                   help="start from a preset: balanced, eino, sagents, trpc, synaptic, none")
    p.add_argument("--set", dest="set_values", metavar="KEY=VALUE", action="append", default=[],
                   help="override one knob by its dotted name, e.g. summarization.trigger.context_tokens=100000")


def _workspace(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workspace", "-w", metavar="DB",
                   help="workspace database (default: $INSPECTOR_WORKSPACE or the user data directory)")


def _fleet_options(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("fleets (README, \"Fleet sweeps\")")
    g.add_argument("--engine", choices=("pool", "ray"), default="pool",
                   help="where the replays run: processes here (default) or Ray tasks (inspector[ray])")
    g.add_argument("--address", metavar="ADDR",
                   help="the Ray cluster to join (auto, ray://HOST:10001; default $RAY_ADDRESS, else a local Ray)")
    g.add_argument("--sample", type=int, metavar="N",
                   help="sweep N sessions drawn at random and estimate the fleet's totals (95%% CI)")
    g.add_argument("--seed", type=int, default=0, help="the sample's random seed (default 0)")
    g.add_argument("--sample-design", choices=("stratified", "uniform"), default="stratified",
                   help="stratified by session size (default) or uniform")
    g.add_argument("--resume", action="store_true",
                   help="keep each session's results in the workspace as they come, and reuse those an "
                        "earlier (interrupted) run of the same sweep kept")
    g.add_argument("--workspace", "-w", metavar="DB",
                   help="with --resume: the workspace keeping results (default: $INSPECTOR_WORKSPACE or the "
                        "user data directory)")


def build_parser() -> argparse.ArgumentParser:
    """The `inspector` argument parser, every command included."""
    parser = argparse.ArgumentParser(
        prog="inspector",
        description="See where an agent session's tokens go, preview compaction, tune it, apply it.",
        epilog="Run `inspector demo` to open the bundled demo (no network, no API key).",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_browsing_commands(sub)
    _add_compaction_commands(sub)
    _add_replay_commands(sub)
    _add_workspace_commands(sub)
    return parser


def _add_browsing_commands(sub: Any) -> None:
    """The subcommands open, discover, watch, demo and stats: reading sessions."""
    p = sub.add_parser("open", help="open SOURCE (or the workspace) in the TUI")
    p.add_argument("source", nargs="?", help="a session file or database; default: the workspace")
    _workspace(p)
    _common_config(p)

    p = sub.add_parser("discover", help="list the sessions on this machine (Claude Code, Codex, llm, "
                       "and this directory's Agents SDK, ADK, LangGraph databases)")
    p.add_argument("--json", action="store_true", help="print one JSON list, counts filled")

    p = sub.add_parser("watch", help="live sessions, one line each: context used, tokens until compaction")
    p.add_argument("sources", nargs="*", metavar="SOURCE",
                   help="session files or databases to follow (default: the discovered ones that changed lately)")
    p.add_argument("--once", action="store_true", help="print once and exit")
    p.add_argument("--json", action="store_true", help="one JSON list per update")
    p.add_argument("--interval", type=float, default=1.0, metavar="S", help="seconds between checks (default 1)")
    p.add_argument("--since", type=float, default=30.0, metavar="MIN",
                   help="without SOURCE: stores and sessions active in the last MIN minutes (default 30)")
    _common_config(p)

    p = sub.add_parser("demo", help="open the bundled demo workspace in the TUI")
    _workspace(p)

    p = sub.add_parser("stats", help="per-session counts and tokens of a source")
    _common_source(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--model", default=None, help="model whose tokenizer counts (default gpt-4o)")
    p.add_argument("--estimate", action="store_true", help="use the chars/4 estimator instead of tiktoken")
    p.add_argument("--breakdown", action="store_true",
                   help="tokens by category of content (system prompt, requests, tool results by tool, ...) "
                        "before and after the plan of the config")
    _common_config(p)


def _add_compaction_commands(sub: Any) -> None:
    """The subcommands plan, apply and export: compacting a session."""
    p = sub.add_parser("plan", help="print what compaction would do to a session")
    _common_source(p, session_required=False)
    _common_config(p)
    _workspace(p)
    p.add_argument("--json", action="store_true", help="print the plan as JSON")

    p = sub.add_parser("apply", help="compact a session into a new workspace version")
    _common_source(p, session_required=False)
    _common_config(p)
    _workspace(p)
    p.add_argument("--summarizer", metavar="MODEL|extractive",
                   help="summary model (any litellm model string) or 'extractive' (offline)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("export", help="compact through the engine, then export")
    _common_source(p)
    p.add_argument("--all", action="store_true", help="every session of SOURCE")
    _common_config(p)
    _workspace(p)
    p.add_argument("--summarizer", metavar="MODEL|extractive")
    p.add_argument("--format", "-f", required=True, choices=EXPORT_FORMATS)
    p.add_argument("--output", "-o", required=True, metavar="OUT",
                   help="file, or directory (an existing one, or a path ending in /; required with --all): "
                        "files are named <session><format suffix>")
    p.add_argument("--force", action="store_true", help="replace existing files (never done otherwise)")
    p.add_argument("--keep-duplicate-ids", action="store_true",
                   help="write duplicate tool-call ids as recorded (by default anthropic-json, "
                        "openai-agents-sqlite, adk-sqlite and claude-code rename them, since those targets "
                        "reject, drop or mis-pair duplicates)")
    p.add_argument("--model", "-m", default=None,
                   help="openai-json, anthropic-json: the request body's model (default: the session's, "
                        "else the config's tokens.model)")
    p.add_argument("--max-tokens", type=_count(1), default=None, metavar="N",
                   help="anthropic-json: max_tokens (default: the model's output limit in litellm's model map)")
    p.add_argument("--adk-author", default=None, metavar="NAME",
                   help="adk-sqlite: the name of the ADK agent that will resume (default: the ADK source's agent, "
                        "else 'agent'); ADK shows other authors' turns to an agent as quoted context")
    p.add_argument("--adk-app", default=None, metavar="NAME",
                   help="adk-sqlite: the session's app name (default: the ADK source's, else 'inspector')")
    p.add_argument("--adk-user", default=None, metavar="ID",
                   help="adk-sqlite: the session's user id (default: the ADK source's, else 'user')")
    p.add_argument("--concurrency", type=_count(1), default=4, help="sessions in flight with --all")
    p.add_argument("--into-source", action="store_true",
                   help="openai-agents-sqlite and adk-sqlite: add the compacted session to the SOURCE database itself "
                        "(a new session id; nothing existing changes)")


def _add_replay_commands(sub: Any) -> None:
    """The subcommands replay, sweep, eval and fidelity: measuring a policy."""
    p = sub.add_parser("replay", help="replay a policy over every model call of a session: tokens, cost, fidelity")
    _common_source(p)
    _common_config(p)
    _workspace(p)
    p.add_argument("--model", "-m", default=None, help="model whose prices apply (default: the config's tokens.model)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("sweep", help="replay one knob's values (or presets) over one or every session")
    _common_source(p)
    p.add_argument("--all", action="store_true", help="every session of SOURCE")
    _common_config(p)
    p.add_argument("--knob", "-k", required=True, metavar="KEY",
                   help="dotted config key (e.g. summarization.trigger.context_tokens), or 'preset'")
    p.add_argument("--values", "-V", required=True, metavar="LIST",
                   help="32k,64k,96k or start:stop:step (16k:128k:16k); preset names for --knob preset")
    p.add_argument("--model", "-m", default=None, help="model whose prices apply (default: the config's tokens.model)")
    p.add_argument("--workers", type=_count(0, "one per core"), default=None,
                   help="processes (default or 0: one per core)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object (and progress events, one JSON object a line, on stderr)")
    _fleet_options(p)

    p = sub.add_parser("eval", help="ask a judge model what a session's compaction lost (recall, artifact, "
                                    "continuation and decision questions)")
    _common_source(p)
    _common_config(p)
    _workspace(p)
    p.add_argument("--judge", required=True, metavar="MODEL",
                   help="the model that answers from the compacted context and grades against the original "
                        "(any litellm model string; its API key must be set)")
    p.add_argument("--api-base", default=None, metavar="URL", help="the judge's API base URL")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("fidelity", help="score any compaction (ours or another tool's): what COMPACTED keeps "
                                        "of ORIGINAL, item by item")
    p.add_argument("original", help="the session before compaction (any supported source)")
    p.add_argument("compacted", help="the session after compaction (any supported source)")
    p.add_argument("--session", "-s", metavar="ID", help="session id in ORIGINAL (and in COMPACTED, unless "
                                                          "--compacted-session is given)")
    p.add_argument("--compacted-session", metavar="ID", help="session id in COMPACTED")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _add_workspace_commands(sub: Any) -> None:
    """The subcommands config, versions and recover: the config and the workspace."""
    p = sub.add_parser("config", help="show, create or check a compaction config")
    p.add_argument("action", choices=("show", "init", "validate", "presets"))
    p.add_argument("file", nargs="?", help="config file (init writes it; show/validate read it)")
    p.add_argument("--preset", metavar="NAME", help="show or init from this preset")
    p.add_argument("--force", action="store_true", help="init: overwrite an existing file")

    p = sub.add_parser("versions", help="list the compaction versions of a session in the workspace")
    p.add_argument("session", nargs="?", help="session id (default: all)")
    _workspace(p)
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("recover", help="print content that reduction removed, by its offload id")
    p.add_argument("offload_id")
    p.add_argument("--offset", type=_count(0), default=0)
    p.add_argument("--limit", type=_count(0), default=None)
    _workspace(p)

    p = sub.add_parser("mcp", help="serve the recovery tool to an agent over MCP (stdio), answered from the "
                                   "workspace; Claude Code: claude mcp add inspector-recover -- inspector mcp "
                                   "--workspace DB")
    _workspace(p)
    p.add_argument("--config", "-c", metavar="FILE", help="compaction config TOML: its recovery_tool names the tool")
    p.add_argument("--preset", metavar="NAME", help="or a preset's recovery_tool")
    p.add_argument("--set", dest="set_values", metavar="KEY=VALUE", action="append", default=[],
                   help="override one knob, e.g. recovery_tool=read_file")


# command -> module implementing `run(args) -> int`
_COMMANDS = {
    "open": "inspector.cli.tui",
    "demo": "inspector.cli.tui",
    "discover": "inspector.cli.discover",
    "watch": "inspector.cli.watch",
    "stats": "inspector.cli.stats",
    "plan": "inspector.cli.compact",
    "apply": "inspector.cli.compact",
    "export": "inspector.cli.compact",
    "config": "inspector.cli.config",
    "replay": "inspector.cli.replay",
    "sweep": "inspector.cli.replay",
    "eval": "inspector.cli.eval",
    "fidelity": "inspector.cli.fidelity",
    "versions": "inspector.cli.workspace",
    "recover": "inspector.cli.workspace",
    "mcp": "inspector.cli.mcp",
}


def main(argv: list[str] | None = None) -> int:
    """The `inspector` command: parse `argv` and run the command it names.

    Args:
        argv: the arguments after the program name; `sys.argv[1:]` when None.

    Returns:
        The exit code: `EXIT_OK`, `EXIT_FAILED`, `EXIT_BAD_INPUT` (usage errors too), 130 when interrupted.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    # `inspector FILE` is short for `inspector open FILE`.
    if argv and not argv[0].startswith("-") and argv[0] not in _COMMANDS:
        argv.insert(0, "open")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: usage errors exit 2, --help exits 0
        return int(exc.code or 0)
    if args.version:
        from importlib.metadata import version

        print(f"inspector {version('inspector')}")
        return EXIT_OK
    if not args.command:
        # What this machine has: in a terminal the app's discovery screen, else the list.
        args.command = "discover" if not (sys.stdin.isatty() and sys.stdout.isatty()) else "open"
        args.json, args.discover = False, True
    try:
        module = importlib.import_module(_COMMANDS[args.command])
        return int(module.run(args) or 0)
    except CliError as exc:
        # one line, whatever the file or the model put in the message; never a password
        # of a database URL given on the command line, whoever quoted it
        text = str(exc)
        if "://" in " ".join(argv):
            from inspector.formats.locations import passwords

            for secret in passwords(argv):
                text = text.replace(secret, "***")
        print(f"inspector: {visible(text)}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print("inspector: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `inspector plan ... | head`: not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    # `python -m inspector.cli.main` runs this file as `__main__`; the commands raise
    # `inspector.cli.main.CliError`, a different class from this module's copy, so run the
    # importable module's `main`, which catches it.
    from inspector.cli.main import main as _main

    sys.exit(_main())
