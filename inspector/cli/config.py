"""`inspector config show|init|validate|presets [FILE]`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig

import sys
from pathlib import Path

from inspector.cli.main import CliError
from inspector.engine.wording import plural
from inspector.formats.terminal import escaped_in_strings, visible


def run(args: argparse.Namespace) -> int:
    """Run `inspector config` (presets, show, init, set); the exit code."""
    from inspector.engine.config import PRESETS, ConfigError, preset
    from inspector.service.config import load_config, save_config

    try:
        if args.action == "presets":
            width = max(len(k) for k in PRESETS)
            for name, (desc, _) in PRESETS.items():
                print(f"{name.ljust(width)}  {desc}")
            return 0
        if args.action == "init":
            if not args.file:
                raise CliError("config init: give the file to write, e.g. `inspector config init inspector.toml`")
            path = Path(args.file)
            if path.exists() and not args.force:
                raise CliError(f"{path}: already exists (use --force to overwrite)")
            cfg = preset(args.preset or "balanced")
            try:
                save_config(cfg, path)
            except OSError as exc:
                raise CliError(f"{path}: cannot write ({exc.strerror or exc})") from None
            print(f"wrote {visible(path)} (preset {visible(cfg.preset)})")
            return 0
        if args.action == "show":
            if args.file:
                cfg = load_config(args.file)
            else:
                cfg = preset(args.preset or "balanced")
            sys.stdout.write(escaped_in_strings(cfg.to_toml()))
            return 0
        if args.action == "validate":
            if not args.file:
                raise CliError("config validate: give the file to check")
            cfg = load_config(args.file)
            changed = _differences(cfg)
            print(f"{visible(args.file)}: valid (preset {visible(cfg.preset)}"
                  + (f"; {plural(len(changed), 'knob')} " + ("differs" if len(changed) == 1 else "differ") + " from it)" if changed else ", unchanged)"))
            for key, value in changed:
                print(f"  {key} = {visible(repr(value))}")
            return 0
    except ConfigError as exc:
        raise CliError(str(exc)) from None
    raise CliError(f"unknown config action {args.action!r}")


def _differences(cfg: CompactionConfig) -> list[tuple[str, object]]:
    """(dotted key, value) of every knob that differs from the config's preset."""
    from inspector.engine.config import PRESETS, preset

    if cfg.preset not in PRESETS:
        return []
    base = preset(cfg.preset).model_dump()
    out: list[tuple[str, object]] = []

    def walk(a: Any, b: Any, prefix: str) -> None:
        for key in sorted(set(a) | set(b)):
            va, vb = a.get(key), b.get(key)
            dotted = f"{prefix}{key}"
            if isinstance(va, dict) and isinstance(vb, dict) and va and vb:
                walk(va, vb, dotted + ".")
            elif va != vb:
                out.append((dotted, va))

    walk(cfg.model_dump(), base, "")
    return out
