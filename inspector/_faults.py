"""Fault injection for the reliability tests: `fault_point(name)` does nothing unless
the environment variable `INSPECTOR_FAULT` names that point.

    INSPECTOR_FAULT=workspace.version_row        kill -9 this process at the first hit
    INSPECTOR_FAULT=workspace.bodies_batch@2     ... at the second hit

The process sends itself SIGKILL: no `finally`, no rollback, no close, no flush, exactly
as if the machine had killed it. Points are named where they are called (the
workspace's transactions, the exporters' temp-file writes) and listed in
tests/test_atomic_writes.py.
"""

from __future__ import annotations

import os
import signal

ENV_VAR = "INSPECTOR_FAULT"
_hits: dict[str, int] = {}


def fault_point(name: str) -> None:
    spec = os.environ.get(ENV_VAR)
    if not spec:
        return
    point, _, nth = spec.partition("@")
    if point != name:
        return
    count = _hits[name] = _hits.get(name, 0) + 1
    if count == (int(nth) if nth else 1):
        os.kill(os.getpid(), signal.SIGKILL)
