"""`inspector open [SOURCE]` and `inspector demo`: the Textual app."""

from __future__ import annotations

import os

from inspector.cli.main import CliError


def _config(args, settings):
    """The compaction config to start from: --config FILE, else --preset, else the
    settings' default; then every --set KEY=VALUE."""
    from inspector.engine.config import CompactionConfig, ConfigError, preset

    try:
        if getattr(args, "config", None):
            cfg = CompactionConfig.from_toml(args.config)
        elif getattr(args, "preset", None):
            cfg = preset(args.preset)
        else:
            cfg = settings.compaction()
        if getattr(args, "set_values", None):
            cfg = cfg.with_set(args.set_values)
    except ConfigError as exc:
        raise CliError(str(exc)) from None
    return cfg


def run(args) -> int:
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
            from pathlib import Path

            from inspector.sources.base import SourceError, check_path

            try:  # before the app starts: a FIFO would block its loading worker
                check_path(Path(source), directory_ok=True)
            except SourceError as exc:
                raise CliError(str(exc)) from None
        try:
            app = create_app(source, workspace=settings.workspace, settings=settings,
                             config=_config(args, settings))
        except (OSError, ValueError, RuntimeError) as exc:
            raise CliError(str(exc)) from None
    app.run()
    return int(app.return_code or 0)
