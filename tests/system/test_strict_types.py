"""mypy runs `--strict` over the whole package (#29, "Habits"): the configuration that
`test_checks.test_mypy_is_clean` runs stays strict, with no module of ours let off."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The flags `strict = true` turns on that a per-module override could turn off again.
STRICT_FLAGS = {
    "disallow_any_generics": True, "disallow_subclassing_any": True, "disallow_untyped_calls": True,
    "disallow_untyped_defs": True, "disallow_incomplete_defs": True, "check_untyped_defs": True,
    "disallow_untyped_decorators": True, "warn_return_any": True, "warn_unused_ignores": True,
    "warn_redundant_casts": True, "strict_equality": True, "implicit_reexport": False,
}


def _mypy_config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        config: dict[str, object] = tomllib.load(f)["tool"]["mypy"]
    return config


def test_mypy_is_strict_for_the_whole_package() -> None:
    config = _mypy_config()
    assert config.get("strict") is True
    assert config.get("packages") == ["inspector"]
    # a global flag set against strict would undo it for every module
    assert not {k for k, v in STRICT_FLAGS.items() if k in config and config[k] != v}


def test_no_module_of_ours_is_let_off_a_strict_flag() -> None:
    overrides = _mypy_config().get("overrides", [])
    assert isinstance(overrides, list)
    let_off = []
    for override in overrides:
        modules = override["module"]
        for module in [modules] if isinstance(modules, str) else modules:
            for flag, strict_value in STRICT_FLAGS.items():
                if module.startswith("inspector") and flag in override and override[flag] != strict_value:
                    let_off.append(f"{module}: {flag} = {override[flag]}")
    assert not let_off, let_off
