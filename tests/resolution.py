"""Background pip resolutions for tests/system/test_extras.py.

Resolving against the package index takes minutes of waiting and little CPU, so the
two resolutions that test needs start as soon as collection selects it
(`tests/conftest.py`, `pytest_collection_modifyitems`) and run while the rest of the
suite does; the test then only reads their reports.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "tests/system/test_extras.py"

# name -> (its requirements' extras)
SETS = {"users": ("agents", "langchain", "adk"), "tested": ("test",)}

_started: dict[str, tuple[subprocess.Popen[str], Path]] = {}


def requirements(*extras: str) -> list[str]:
    """The project's dependencies and those of `extras`, as pyproject.toml states them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *(r for e in extras for r in project["optional-dependencies"][e])]


def dry_run(tmp_path: Path, name: str, reqs: list[str], *constraints: str) -> tuple[subprocess.Popen[str], Path]:
    """Start `pip install --dry-run --report` of `reqs` (under `constraints`) in the background."""
    (tmp_path / f"{name}.txt").write_text("\n".join(reqs) + "\n")
    args = ["-r", str(tmp_path / f"{name}.txt")]
    if constraints:
        (tmp_path / f"{name}-set.txt").write_text("".join(f"{c}\n" for c in constraints))
        args += ["-c", str(tmp_path / f"{name}-set.txt")]
    out = tmp_path / f"{name}-report.json"
    cmd = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet", "--report", str(out),
           *args]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True), out


def start_early() -> None:
    """Start the resolutions of `SETS` now, once."""
    if _started:
        return
    tmp = Path(tempfile.mkdtemp(prefix="inspector-resolve-"))
    for name, extras in SETS.items():
        _started[name] = dry_run(tmp, name, requirements(*extras))


def started(name: str, tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    """The resolution of set `name`: the one started early, else one started now."""
    if name in _started:
        return _started.pop(name)
    return dry_run(tmp_path, name, requirements(*SETS[name]))


def stop_all() -> None:
    """Stop resolutions nobody read (the test was skipped or deselected late)."""
    for proc, _ in _started.values():
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    _started.clear()
