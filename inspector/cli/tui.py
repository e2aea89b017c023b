"""`inspector open [SOURCE]` and `inspector demo`: the Textual app."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig

import asyncio
import os
import sys

from inspector.cli.main import CliError


def _config(args: argparse.Namespace, settings: Any) -> CompactionConfig:
    """The compaction config to start from: --config FILE, else --preset, else the
    settings' default; then every --set KEY=VALUE."""
    from inspector.engine.config import ConfigError
    from inspector.service.config import resolve_config

    try:
        return resolve_config(getattr(args, "config", None), getattr(args, "preset", None),
                              getattr(args, "set_values", None) or (), base=settings.compaction())
    except ConfigError as exc:
        raise CliError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    """Run the TUI (`inspector open`, `inspector demo`); the exit code."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from inspector.settings import SettingsError, load_settings

    try:
        settings = load_settings(workspace=getattr(args, "workspace", None))
    except SettingsError as exc:
        raise CliError(str(exc)) from None
    from inspector import tui  # noqa: F401  (fail early, with a clear message, if Textual is missing)
    from inspector.tui.app import create_app

    if args.command == "demo":
        try:
            app = create_app(demo=True, workspace=args.workspace, settings=settings)
        except (OSError, RuntimeError) as exc:
            raise CliError(f"demo: {exc}") from None
    else:
        source = getattr(args, "source", None)
        if source:
            from inspector.service.opening import checked_location, source_errors
            from inspector.service.pipeline import PipelineError

            unusable: tuple[type[BaseException], ...] = (*source_errors(), PipelineError)
            try:  # before the app starts: a FIFO would block its loading worker
                checked_location(source)
            except unusable as exc:
                raise CliError(str(exc)) from None
        from inspector.service.pipeline import PipelineError

        try:
            app = create_app(source, workspace=settings.workspace, settings=settings,
                             config=_config(args, settings), discover=getattr(args, "discover", False))
        except (OSError, ValueError, RuntimeError, PipelineError) as exc:
            raise CliError(str(exc)) from None
    # Our own loop: `asyncio.run` would wait for the worker threads when it closes.
    loop = asyncio.new_event_loop()
    try:
        app.run(loop=loop)
    finally:
        loop.close()  # the executor is told to stop, not waited for
    code = int(app.return_code or 0)
    if _worker_threads_stuck():
        # A worker thread still blocked (a read that never returns): the interpreter
        # would join it at exit and the quit the user asked for would hang. Its
        # writes are SQLite transactions, so leaving now loses nothing committed.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _worker_threads_stuck(grace: float = 1.0) -> bool:
    """Whether a thread of the app's (asyncio's default executor) is still busy after
    `grace` seconds; idle ones end as soon as the loop closed."""
    import threading
    import time

    deadline = time.monotonic() + grace
    for t in threading.enumerate():
        if t is not threading.current_thread() and t.name.startswith("asyncio_"):
            t.join(max(0.0, deadline - time.monotonic()))
            if t.is_alive():
                return True
    return False
