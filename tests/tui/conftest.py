"""Helpers for driving the real app with Pilot."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_settings(app_env, monkeypatch):
    """No user settings file, no INSPECTOR_* from the environment, data dirs in tmp."""
    monkeypatch.chdir(app_env)


@pytest.fixture(scope="session")
def demo_sessions_cached():
    from inspector.demo import demo_sessions

    return demo_sessions()


@pytest.fixture
def memory_demo(demo_sessions_cached):
    """The demo sessions in memory (deterministic labels for snapshots)."""
    from inspector.tui.data import MemoryData

    return MemoryData(demo_sessions_cached, label="demo")
