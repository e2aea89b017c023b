"""Background pip resolutions for tests/system/test_extras.py.

Resolving against the package index takes minutes of waiting and little CPU, so the
two resolutions that test needs start as soon as the run knows it selected that test
(`tests/conftest.py`: after collection, or in a distributed run, in the controlling
process when the workers report their collections) and run while the rest of the suite
does; the test then only reads their reports.

A resolution's outcome lives in files (its report, its exit status, its errors) in a
directory the whole run shares (`$INSPECTOR_RESOLUTIONS`, made before the workers of a
distributed run start), so the worker that runs the test reads what another process
started.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "tests/system/test_extras.py"
SHARED = "INSPECTOR_RESOLUTIONS"  # the run's directory of early resolutions

# name -> (its requirements' extras)
SETS = {"users": ("agents", "langchain", "adk"), "tested": ("test",)}

# Runs the command in argv[2:], then writes its exit status to argv[1] (atomically: the
# file appears only once complete) and its stderr beside it.
_RECORD = """
import os, subprocess, sys
with open(sys.argv[1] + ".err", "w") as err:
    code = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=err).returncode
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(code))
os.replace(sys.argv[1] + ".tmp", sys.argv[1])
"""


@dataclass
class Resolution:
    """A `pip install --dry-run --report` running in the background (its own process
    group), read through its files by whichever process of the run needs it."""

    report: Path  # pip's JSON report
    status: Path  # the exit status, written when pip has ended

    @property
    def pid_file(self) -> Path:
        return self.status.with_suffix(".pid")

    def wait(self, timeout: float) -> tuple[int, str]:
        """Wait for pip to end; returns (exit status, stderr). Stops it and raises
        TimeoutError after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not self.status.exists():
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"pip's resolution {self.report.name} took over {timeout:.0f} s")
            time.sleep(0.2)
        return int(self.status.read_text()), Path(str(self.status) + ".err").read_text()

    def stop(self) -> None:
        """Kill pip and its recorder if they still run."""
        if self.status.exists() or not self.pid_file.exists():
            return
        try:
            os.killpg(int(self.pid_file.read_text()), signal.SIGKILL)
        except ProcessLookupError:
            pass


def requirements(*extras: str) -> list[str]:
    """The project's dependencies and those of `extras`, as pyproject.toml states them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *(r for e in extras for r in project["optional-dependencies"][e])]


def dry_run(tmp_path: Path, name: str, reqs: list[str], *constraints: str) -> Resolution:
    """Start `pip install --dry-run --report` of `reqs` (under `constraints`) in the background."""
    (tmp_path / f"{name}.txt").write_text("\n".join(reqs) + "\n")
    args = ["-r", str(tmp_path / f"{name}.txt")]
    if constraints:
        (tmp_path / f"{name}-set.txt").write_text("".join(f"{c}\n" for c in constraints))
        args += ["-c", str(tmp_path / f"{name}-set.txt")]
    resolution = Resolution(tmp_path / f"{name}-report.json", tmp_path / f"{name}.status")
    cmd = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet", "--report",
           str(resolution.report), *args]
    proc = subprocess.Popen([sys.executable, "-c", _RECORD, str(resolution.status), *cmd], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    resolution.pid_file.write_text(str(proc.pid))
    _children.append(proc)
    return resolution


_children: list[subprocess.Popen[bytes]] = []  # reaped when the run ends


def share() -> None:
    """Make the run's directory of early resolutions (in the process that runs or
    controls the run, before any worker starts: they inherit the variable)."""
    if SHARED not in os.environ:
        os.environ[SHARED] = tempfile.mkdtemp(prefix="inspector-resolve-")


def start_early() -> None:
    """Start the resolutions of `SETS` now, once, in the run's shared directory."""
    shared = os.environ.get(SHARED)
    if not shared or any(Path(shared).iterdir()):
        return
    for name, extras in SETS.items():
        dry_run(Path(shared), name, requirements(*extras))


def started(name: str, tmp_path: Path) -> Resolution:
    """The resolution of set `name`: the one started early, else one started now."""
    shared = os.environ.get(SHARED)
    if shared and (Path(shared) / f"{name}.pid").exists():
        return Resolution(Path(shared) / f"{name}-report.json", Path(shared) / f"{name}.status")
    return dry_run(tmp_path, name, requirements(*SETS[name]))


def stop_all(shared: bool) -> None:
    """Stop this process's resolutions; with `shared` (the process that made the run's
    directory, at the end of the run) also those nobody read (the test was skipped or
    deselected late), and remove the directory."""
    directory = os.environ.get(SHARED) if shared else None
    if directory and Path(directory).is_dir():
        for pid in Path(directory).glob("*.pid"):
            Resolution(pid.with_name(pid.stem + "-report.json"), pid.with_suffix(".status")).stop()
        shutil.rmtree(directory, ignore_errors=True)
    for proc in _children:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()
    _children.clear()
