"""Config files and the config a command runs with: the engine reads and writes TOML
text; this module owns the paths (reading, atomic saving) and the resolution of a
file or preset plus `--set` overrides and a summarizer.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from inspector.atomic import atomic_write_text
from inspector.engine.config import CompactionConfig, ConfigError, preset
from inspector.engine.summarize.protocol import EXTRACTIVE


def load_config(path: str | os.PathLike[str]) -> CompactionConfig:
    """The config in a TOML file (as the TUI and `inspector config` save it).

    Args:
        path: The file.

    Returns:
        The config; raises ConfigError naming the file when it is missing, not UTF-8,
        not TOML or not a valid config.
    """
    p = Path(path)
    if p.exists() and not p.is_file():  # a directory; a FIFO would block the read
        raise ConfigError(f"{p}: not a config file ({'a directory' if p.is_dir() else 'not a regular file'})")
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{p}: no such config file") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise ConfigError(f"{p}: cannot read the config file ({exc.strerror or exc})") from None
    return CompactionConfig.from_toml_text(text, source=str(p))


def save_config(config: CompactionConfig, path: str | os.PathLike[str]) -> Path:
    """Write `config` as commented TOML to `path`, atomically.

    Returns:
        The path written.
    """
    return atomic_write_text(Path(path), config.to_toml())


def resolve_config(
    config_path: str | os.PathLike[str] | None = None,
    preset_name: str | None = None,
    set_values: Sequence[str] = (),
    summarizer: str | None = None,
    base: CompactionConfig | None = None,
) -> CompactionConfig:
    """The config a command runs with: a file (as the TUI saves it) or a preset
    (default: `base`, else balanced), then `--set KEY=VALUE` overrides, then the
    summarizer. Raises ConfigError naming the file or key."""
    if config_path and preset_name:
        raise ConfigError("give either --config FILE or --preset NAME, not both "
                          "(a config file names the preset it started from)")
    if config_path:
        config = load_config(config_path)
    elif preset_name:
        config = preset(preset_name)
    else:
        config = base if base is not None else preset("balanced")
    if set_values:
        config = config.with_set(list(set_values))
    if summarizer:
        config = with_summarizer(config, summarizer)
    return config


def with_summarizer(config: CompactionConfig, name: str) -> CompactionConfig:
    """`extractive` (offline) or any litellm model string; the model becomes part of
    the summary-cache key, so a previewed summary is only reused for the same model."""
    name = name.strip()
    if not name:
        raise ConfigError("--summarizer: give a model name or 'extractive'")
    model = "" if name == EXTRACTIVE else name
    return config.with_values({"summarization.model": model})
