from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

# The run writes bytecode as Python does by default (`__pycache__`, git-ignored), even
# where PYTHONDONTWRITEBYTECODE is set: without it every process of a run compiles
# inspector's modules again and pytest rewrites every test module again (each xdist
# worker ~5 s of CPU at collection, each child `python` a test starts ~0.2 s;
# tests/system/test_import_hygiene.py 33.9 -> 28.4 s of CPU). Set before any test module
# is imported (pytest reads the flag when it rewrites one) and passed on to the workers
# and children through the environment.
if sys.dont_write_bytecode:
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest
from hypothesis import settings

from inspector.sources.model import OPEN_EVENT

# The cyclic collector's youngest generation is collected after 50,000 allocations (not
# 700), the older ones every 20: a Textual app makes and drops containers by the hundred
# thousand. An app started and a session opened spent 0.5-1.0 s of its 4-5 s of CPU in
# ~570 collections, 0.15 s in 3 with these; tests/tui/test_layout.py 51.4 -> 48.5 s of
# CPU (the two run side by side). The test processes only: the app and the CLI keep
# Python's defaults, and no test depends on when garbage is collected.
gc.set_threshold(50_000, 20, 20)

# `INSPECTOR_CPU_REPORT=FILE` writes the CPU seconds of every test (own and children) to
# FILE; `python -m tests.cpu_report FILE` sums them per module (README, "Try it").
pytest_plugins = ["tests.cpu_report"]

# Property tests run a bounded number of examples by default, the same ones every run
# (derandomize); `pytest --hypothesis-profile=deep` runs the full count (README, "Tests").
# Each property scales its own count from the profile's `max_examples` (tests/examples.py).
settings.register_profile("bounded", max_examples=300)
settings.register_profile("deep", max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "bounded"))

# No test reads or writes the user's own inspector data: the default workspace and the
# settings live under XDG_DATA_HOME / XDG_CONFIG_HOME (platformdirs), which point into a
# directory of this process (each worker of a distributed run has its own; subprocesses
# inherit it). Tests that need a fresh one per test use `app_env` or `workspace`. Before,
# a CLI test without `workspace` wrote ~/.local/share/inspector/workspace.db, shared with
# every other run on the machine.
_OWN_HOME = tempfile.mkdtemp(prefix="inspector-tests-home-")
os.environ["XDG_DATA_HOME"] = os.path.join(_OWN_HOME, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_OWN_HOME, "config")

# No test may touch the network: litellm's price map stays local, tiktoken reads the
# BPE files bundled with litellm. The engine finds those files without the variable;
# tests that call tiktoken itself as the reference need it.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
if not os.environ.get("TIKTOKEN_CACHE_DIR"):
    from inspector.edge import bundled_tiktoken_dir

    os.environ["TIKTOKEN_CACHE_DIR"] = bundled_tiktoken_dir() or ""



# ------------------------------------------------------------------ the run: workers and early work


MAX_WORKERS = 8  # each worker holds up to ~1 GB (the TUI and property tests): bounded on big machines


def pytest_xdist_auto_num_workers(config) -> int | None:
    """How many processes `-n auto` (pyproject's addopts) starts: one per core the run
    may use when it runs a whole tree (no paths given, or a directory), none for a
    listing or a run of files and tests (starting workers, each importing and collecting,
    costs more than it saves there). `PYTEST_XDIST_AUTO_NUM_WORKERS` and `-n N` still win."""
    if config.option.collectonly:
        return 0
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own reading of it
    given = [Path(str(a).split("::")[0]) for a in config.args]
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS and not any(p.is_dir() for p in given):
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(cores, MAX_WORKERS)


def pytest_configure(config) -> None:
    if not hasattr(config, "workerinput"):  # the process that runs or controls the run
        from tests.resolution import share

        share()


def pytest_collection_modifyitems(session, config, items) -> None:
    """Start test_extras' pip resolutions at once when it is selected (they wait on the
    package index for minutes; tests/resolution.py). Distributed, the controlling process
    starts them (below); a worker only orders its items, heaviest modules first."""
    if hasattr(config, "workerinput"):
        _heavy_modules_first(items)
        return
    if config.option.collectonly:
        return
    from tests.resolution import MODULE, start_early

    if any(item.nodeid.startswith(MODULE) for item in items):
        start_early()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids) -> None:
    from tests.resolution import MODULE, start_early

    if any(nodeid.startswith(MODULE) for nodeid in ids):
        start_early()


HEAVY_DIRECTORIES = ("tests/tui/",)  # every test starts an app: 2-6 s of CPU each, modules of 20-70 s


def _heavy_modules_first(items) -> None:
    """Modules holding a `slow` test go first, whole and in their order, then the TUI's
    modules, so a long one does not start last and leave the other worker idle at the
    end (`--dist loadfile` sends modules in collection order with
    `--no-loadscope-reorder`): the many short modules come last and even the workers
    out. test_extras goes last, by when the resolutions it reads, started at
    collection, are done. Every worker collects the same order, as xdist requires."""
    from tests.resolution import MODULE

    slow = {item.path for item in items if item.get_closest_marker("slow")}

    def rank(item) -> int:
        if item.nodeid.startswith(MODULE):
            return 3
        if item.path in slow:
            return 0
        return 1 if item.nodeid.startswith(HEAVY_DIRECTORIES) else 2

    items.sort(key=rank)


def pytest_sessionfinish(session, exitstatus) -> None:
    from tests.resolution import stop_all

    stop_all(shared=not hasattr(session.config, "workerinput"))
    shutil.rmtree(_OWN_HOME, ignore_errors=True)


FIXTURES = Path(__file__).parent / "fixtures"
SWE_AGENT = FIXTURES / "swe-agent"
CLAUDE_CODE = FIXTURES / "claude-code"


@pytest.fixture(scope="session")
def counter():
    from inspector.engine import make_counter

    return make_counter("tiktoken", model="gpt-4o")


@pytest.fixture(scope="session")
def traj_paths() -> list[Path]:
    return sorted(SWE_AGENT.glob("*.traj"))


@pytest.fixture
def traj_sessions(traj_paths):
    from inspector.sources.swe_agent import read_traj

    return [read_traj(p) for p in traj_paths]


# --------------------------------------------------------------------------- sources are never modified


_SOURCE_WATCHERS: list[Callable[[Path], None]] = []


def _on_audit_event(event: str, args: tuple) -> None:
    if event == OPEN_EVENT:
        for watcher in list(_SOURCE_WATCHERS):
            watcher(args[0])


# One audit hook for the whole run (Python cannot remove one): it calls whoever watches.
sys.addaudithook(_on_audit_event)


@contextmanager
def watching_sources(watcher: Callable[[Path], None]) -> Iterator[None]:
    """Call `watcher(path)` with every source file opened inside the block, before it
    is read (the audit event `inspector.sources.open`)."""
    _SOURCE_WATCHERS.append(watcher)
    try:
        yield
    finally:
        _SOURCE_WATCHERS.remove(watcher)


class SourceGuard:
    """sha256 of every source file read (and its -wal/-journal), taken before it is
    opened and checked again when the test ends.

    Recorded through the audit event `inspector.sources.open`, which every way of
    reading a source raises (`inspector.sources.model.audit_open`; `watching_sources`):
    `Probe` (so `open_source`, `detect_format`, the workspace import and the TUI), every
    `Source` (readers built directly), `read_traj` and `read_anthropic_json`. Sources
    a test hands to a subprocess are recorded with `source_guard.record(path)`."""

    SUFFIXES = ("", "-wal", "-journal")
    EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"  # sha256 of b""

    def __init__(self):
        self.before: dict[Path, dict[str, str | None]] = {}

    @staticmethod
    def _digest(path: Path) -> str | None:
        import hashlib

        try:
            return hashlib.sha256(path.read_bytes()).hexdigest()
        except (FileNotFoundError, IsADirectoryError):
            return None

    def _state(self, path: Path) -> dict[str, str | None]:
        state = {s: self._digest(Path(str(path) + s)) for s in self.SUFFIXES}
        # A read-only connection to a WAL database creates an empty -wal (and the -shm
        # index) when none exists; SQLite does that for every reader. An empty WAL holds
        # nothing, so it counts as no WAL.
        for s in ("-wal", "-journal"):
            if state[s] == self.EMPTY:
                state[s] = None
        return state

    def record(self, path: Path) -> None:
        path = Path(path).resolve()
        if path not in self.before:
            self.before[path] = self._state(path)

    def forget(self, path) -> None:
        self.before.pop(Path(path).resolve(), None)

    def changed(self) -> list[str]:
        return [f"{p}{s}" for p, st in self.before.items() for s, h in self._state(p).items() if st[s] != h]

    def verify(self) -> None:
        changed = self.changed()
        assert not changed, f"sources modified by reading: {changed}"


@pytest.fixture(autouse=True)
def source_guard():
    """Fails the test if any source it read changed."""
    guard = SourceGuard()
    with watching_sources(guard.record):
        yield guard
    guard.verify()


@pytest.fixture
def anyio_backend():
    """Async tests (the TUI under run_test) run on asyncio."""
    return "asyncio"


@pytest.fixture
def app_env(tmp_path, monkeypatch):
    """The app as on a fresh machine: no user settings, no INSPECTOR_* variables, data
    and config directories inside tmp_path."""
    import os

    for key in list(os.environ):
        if key.startswith("INSPECTOR_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("INSPECTOR_SETTINGS", str(tmp_path / "no-settings.toml"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    """A fresh default workspace for CLI runs (`$INSPECTOR_WORKSPACE`); its path."""
    path = tmp_path / "ws.db"
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(path))
    return path


def run_cli(capsys, *argv):
    """`inspector ARGV...` in process: (exit status, stdout, stderr)."""
    from inspector.cli.main import main

    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the session (tests/postgres_server.py). Skipped only
    where there is no server binary at all; under CI (`.ci/run` installs the package)
    a missing server fails instead."""
    import os

    from tests import postgres_server

    try:
        server = postgres_server.start()
    except FileNotFoundError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}: .ci/run installs Debian's postgresql package")
        pytest.skip(str(exc))
    try:
        yield server
    finally:
        server.stop()
