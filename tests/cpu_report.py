"""Where the suite's CPU goes: an opt-in pytest plugin that writes, for every test, the
CPU seconds its setup, call and teardown took in the test process and in the child
processes it waited for (subprocesses, pip, mypy), with wall seconds and the worker.

    INSPECTOR_CPU_REPORT=/tmp/cpu.jsonl python -m pytest -q     # (tests/conftest.py loads it)
    python -m tests.cpu_report /tmp/cpu.jsonl      # per module, heaviest first

CPU rather than wall: the machine the suite runs on is shared, and CPU seconds are what
load inflates least. Processes a test leaves running (a Ray cluster's daemons) are not
counted until they are reaped.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict

import pytest

_FILE = "INSPECTOR_CPU_REPORT"
# Read once, when the plugin loads: tests remove INSPECTOR_* variables while they run
# (`app_env`, the TUI's module-scoped apps), which must not stop the report.
_PATH = os.environ.get(_FILE)


def _cpu() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Time one test's whole protocol (setup, call, teardown) and append it to the report."""
    path = _PATH
    if not path:
        yield
        return
    own0, kids0 = _cpu()
    wall0, start = time.perf_counter(), time.time()
    yield
    own1, kids1 = _cpu()
    record = {
        "test": item.nodeid,
        "module": item.nodeid.split("::")[0],
        "cpu": round(own1 - own0, 3),
        "children": round(kids1 - kids0, 3),
        "wall": round(time.perf_counter() - wall0, 3),
        "start": round(start, 3),
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
    }
    with open(path, "a") as f:
        f.write(json.dumps(record) + "\n")


def summary(path: str, top: int = 60) -> str:
    """Per-module CPU (own + children) and wall of a report, heaviest first, with a per-worker total."""
    modules: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    workers: dict[str, list[float]] = defaultdict(lambda: [0.0, float("inf"), 0.0])
    tests = []
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            m = modules[r["module"]]
            m[0] += r["cpu"]
            m[1] += r["children"]
            m[2] += r["wall"]
            m[3] += 1
            w = workers[r["worker"]]
            w[0] += r["cpu"] + r["children"]
            w[1] = min(w[1], r["start"])
            w[2] = max(w[2], r["start"] + r["wall"])
            tests.append((r["cpu"] + r["children"], r["test"]))
    lines = [f"{'cpu':>8} {'own':>8} {'child':>8} {'wall':>8} {'n':>4}  module"]
    for name, (own, kids, wall, n) in sorted(modules.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))[:top]:
        lines.append(f"{own + kids:8.1f} {own:8.1f} {kids:8.1f} {wall:8.1f} {n:4d}  {name}")
    total = sum(m[0] + m[1] for m in modules.values())
    lines.append(f"{total:8.1f} total over {len(tests)} tests")
    first = min(w[1] for w in workers.values())
    for name, (cpu, start, end) in sorted(workers.items()):
        lines.append(f"worker {name}: cpu {cpu:.1f} s, tests from +{start - first:.0f} s to +{end - first:.0f} s")
    lines.append("heaviest tests:")
    lines.extend(f"{cpu:8.1f}  {name}" for cpu, name in sorted(tests, reverse=True)[:top])
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 60))
