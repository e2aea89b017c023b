"""No hang, no orphan (issue 26, points 3 and 4): numeric flags are validated, nothing
opens a FIFO given where a file is expected, and a sweep's pool workers die with it
when it is killed with kill -9. Every command runs as a subprocess with a timeout: a
hang fails the test instead of stopping the suite."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bad_inputs.cases import HERE
from tests.conftest import SWE_AGENT
from tests.forked import Command, run_commands

CHAT = HERE / "hostile-names.json"


def inspector(*argv, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("INSPECTOR_FAULT", None)
    return subprocess.run([sys.executable, "-m", "inspector.cli", *map(str, argv)], env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_a_fifo_anywhere_a_file_is_expected_is_refused_without_opening_it(fifo, tmp_path):
    ws = ["-w", tmp_path / "ws.db"]
    cases = [
        ("sweep", fifo, "--all", "--knob", "summarization.keep.messages", "--values", "1,2"),
        ("stats", fifo), ("plan", fifo, *ws), ("replay", fifo, *ws), ("eval", fifo, "--judge", "x", *ws),
        ("plan", CHAT, "-c", fifo, *ws), ("config", "validate", fifo), ("config", "show", fifo),
        ("apply", CHAT, "-w", fifo), ("versions", "-w", fifo), ("recover", "off-1", "-w", fifo),
        ("mcp", "-w", fifo), ("mcp", "-c", fifo, *ws),
        ("export", CHAT, "-f", "openai-agents-sqlite", "-o", fifo, *ws),
        ("export", CHAT, "-f", "adk-sqlite", "-o", fifo, *ws),
        ("export", CHAT, "-f", "openai-json", "-o", fifo, "--force", *ws),
    ]
    # each command a process of its own (forked from one that imported the CLI once):
    # one that opens the FIFO blocks there and is killed at the timeout
    results = run_commands([Command([str(a) for a in argv], env={"INSPECTOR_FAULT": None}) for argv in cases],
                           parallel=True, timeout=120)
    for argv, r in zip(cases, results):
        assert not r.timed_out, f"inspector {' '.join(map(str, argv))} hangs on a FIFO"
        assert r.returncode == 2 and r.stdout == "", (argv, r.stderr)
        err = r.stderr
        assert err.count("\n") == 1 and str(fifo) in err and "Traceback" not in err, (argv, err)
        assert "pipe" in err or "not a regular file" in err, (argv, err)


@pytest.mark.parametrize(("flag", "value", "says"), [
    ("--workers", "-1", "must be 0 (one per core) or more, not -1"),
    ("--workers", "many", "not a whole number"),
])
def test_sweep_workers_are_validated(flag, value, says):
    run = inspector("sweep", CHAT, "--all", "--knob", "summarization.keep.messages", "--values", "1,2", flag, value,
                    timeout=60)
    assert run.returncode == 2 and says in run.stderr and f"argument {flag}" in run.stderr


def test_other_counts_are_validated(tmp_path):
    run = inspector("export", CHAT, "--all", "-f", "openai-json", "-o", f"{tmp_path}/", "--concurrency", "0",
                    timeout=60)
    assert run.returncode == 2 and "argument --concurrency: must be 1 or more, not 0" in run.stderr
    run = inspector("recover", "off-1", "--offset", "-5", "-w", tmp_path / "ws.db", timeout=60)
    assert run.returncode == 2 and "argument --offset: must be 0 or more" in run.stderr
    run = inspector("recover", "off-1", "--offset", "9" * 30, "-w", tmp_path / "ws.db", timeout=60)
    assert run.returncode == 2 and "at most 9,223,372,036,854,775,807" in run.stderr, run.stderr


def test_the_sweep_service_refuses_negative_workers():
    from inspector.engine.config import preset
    from inspector.service.replay import sweep

    with pytest.raises(ValueError, match="workers must be 0"):
        sweep(CHAT, ["x"], preset("balanced"), "summarization.keep.messages", [1], workers=-1)


def _children(pid: int) -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has exited; only its parent's reaping is left


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sweep_workers_exit_when_the_sweep_is_killed_with_kill_9():
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    proc = subprocess.Popen([sys.executable, "-m", "inspector.cli", "sweep", SWE_AGENT, "--all", "--set",
                             "tokens.counter=estimate", "--knob", "summarization.keep.messages", "--values",
                             "1:1000:1", "--workers", "2", "--json"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    kids: set[int] = set()
    try:
        deadline = time.monotonic() + 300
        while len(kids := _children(proc.pid)) < 2:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            assert time.monotonic() < deadline, "the pool never started"
            time.sleep(0.1)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 120
        while any(_alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [k for k in kids if _alive(k)]
        assert not left, f"pool workers {left} outlived their killed parent"
    finally:
        for k in kids | _children(proc.pid):  # what a failed run leaves: not left running
            try:
                os.kill(k, signal.SIGKILL)
            except OSError:
                pass
        if proc.poll() is None:
            proc.kill()
