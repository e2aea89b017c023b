"""App settings (the TUI's, not the engine's compaction config).

Read, highest priority first, from: values passed in code, environment variables
prefixed `INSPECTOR_` (e.g. `INSPECTOR_THEME=nord`, `INSPECTOR_WORKSPACE=/tmp/ws.db`,
`INSPECTOR_KEYBINDINGS='{"apply": "ctrl+a"}'`), then a TOML file
(`$INSPECTOR_SETTINGS`, default `settings.toml` in the user config directory):

    theme = "nord"
    preset = "eino"
    model = "gpt-4o"
    context_window = 200000
    [keybindings]
    apply = "ctrl+a"        # binding id -> key(s); see the help screen (F1)

The compaction config itself lives in its own TOML (`inspector config init`), which
the TUI can load and save.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

APP_NAME = "inspector"


def user_config_dir() -> Path:
    """The directory of the app's settings file (platformdirs: `~/.config/inspector` on Linux)."""
    from platformdirs import user_config_dir as _dir

    return Path(_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """The directory of the app's data, the default workspace included (platformdirs)."""
    from platformdirs import user_data_dir as _dir

    return Path(_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """The settings file: `$INSPECTOR_SETTINGS`, or `settings.toml` in `user_config_dir()`."""
    env = os.environ.get("INSPECTOR_SETTINGS")
    return Path(env) if env else user_config_dir() / "settings.toml"


def default_workspace_path() -> Path:
    """The workspace used when none is named: `workspace.db` in `user_data_dir()`."""
    return user_data_dir() / "workspace.db"


class AppSettings(BaseSettings):
    """The app's settings: from `INSPECTOR_*` variables, then the settings file, then the defaults."""

    model_config = SettingsConfigDict(env_prefix="INSPECTOR_", extra="ignore", validate_default=True)

    theme: str = Field("textual-dark", description="Textual theme name (ctrl+p → 'theme' lists them).")
    keybindings: dict[str, str] = Field(
        default_factory=dict, description="Binding id -> key(s), overriding the defaults (help: F1)."
    )
    model: str = Field("gpt-4o", description="Model whose tokenizer counts and whose window applies.")
    context_window: int = Field(0, ge=0, description="Context window in tokens; 0 = from the model name.")
    preset: str = Field("balanced", description="Compaction preset the tuning panel starts from.")
    compaction_config: Path | None = Field(
        None, description="Compaction config TOML to start from instead of the preset."
    )
    summary_model: str = Field(
        "", description="litellm model for summaries on Apply; empty = offline extractive summarizer."
    )
    workspace: Path | None = Field(None, description="Workspace database; default: the user data directory.")

    @field_validator("preset")
    @classmethod
    def _known_preset(cls, v: str) -> str:
        from inspector.engine.config import PRESETS

        if v not in PRESETS:
            raise ValueError(f"unknown preset {v!r} (choose from {', '.join(PRESETS)})")
        return v

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Where settings come from, first wins: arguments, `INSPECTOR_*` variables, the TOML settings file."""
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls, toml_file=settings_path()))

    @property
    def workspace_path(self) -> Path:
        """The workspace to open: the one set, or `default_workspace_path()`."""
        return self.workspace or default_workspace_path()

    def compaction(self) -> Any:
        """The engine config the tuning panel starts from."""
        from inspector.engine.config import preset

        if self.compaction_config:
            # Only for a config file: it loads the summarizers' names, whose text
            # patterns took ~0.04 s before the app's first frame.
            from inspector.service.config import load_config

            cfg = load_config(self.compaction_config)
        else:
            cfg = preset(self.preset)
        values: dict[str, Any] = {}
        if self.model and self.model != cfg.tokens.model:
            values["tokens.model"] = self.model
        if self.context_window:
            values["tokens.context_window"] = self.context_window
        if self.summary_model:
            values["summarization.model"] = self.summary_model
        return cfg.with_values(values) if values else cfg


def load_settings(**overrides: Any) -> AppSettings:
    """Settings from code, environment and file; a bad file is reported with its path."""
    from pydantic import ValidationError

    try:
        return AppSettings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        where = settings_path()
        errors = exc.errors()
        fields = {str(e["loc"][0]) for e in errors if e["loc"]}
        env = sorted(f"INSPECTOR_{f.upper()}" for f in fields if f"INSPECTOR_{f.upper()}" in os.environ)
        details = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in errors)
        if env and len(env) == len(fields):  # every bad value came from the environment
            raise SettingsError(f"environment variable {', '.join(env)}: {details}") from None
        raise SettingsError(f"settings ({where} or INSPECTOR_* environment): {details}") from None
    except Exception as exc:  # TOML syntax errors from the file source, JSON ones from a variable
        m = re.search(r'field "(\w+)" from source "EnvSettingsSource"', str(exc))
        if m:
            name = f"INSPECTOR_{m.group(1).upper()}"
            raise SettingsError(f"environment variable {name}: not valid JSON "
                                f"({os.environ.get(name, '')[:60]!r}); e.g. {name}='{{\"apply\": \"ctrl+a\"}}'"
                                ) from None
        raise SettingsError(f"{settings_path()}: {exc}") from None


class SettingsError(ValueError):
    """The settings file cannot be read or holds a bad value; the message names it."""
