"""`inspector open [SOURCE]` and `inspector demo`: the Textual app."""

from __future__ import annotations

import os

from inspector.cli.main import CliError


def _config(args, settings):
    """The compaction config to start from: --config FILE, else --preset, else the
    settings' default; then every --set KEY=VALUE."""
    from inspector.engine.config import ConfigError
    from inspector.service.config import resolve_config

    try:
        return resolve_config(getattr(args, "config", None), getattr(args, "preset", None),
                              getattr(args, "set_values", None) or (), base=settings.compaction())
    except ConfigError as exc:
        raise CliError(str(exc)) from None


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
        if source and not os.path.exists(source):
            raise CliError(f"{source}: no such file or directory")
        from inspector.service.pipeline import PipelineError

        try:
            app = create_app(source, workspace=settings.workspace, settings=settings,
                             config=_config(args, settings))
        except (OSError, ValueError, RuntimeError, PipelineError) as exc:
            raise CliError(str(exc)) from None
    app.run()
    return int(app.return_code or 0)
