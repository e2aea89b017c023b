"""Helpers for driving the real app with Pilot."""

from __future__ import annotations

import pytest



@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, monkeypatch):
    """No user settings file, no INSPECTOR_* from the environment, data dirs in tmp."""
    import os

    for key in list(os.environ):
        if key.startswith("INSPECTOR_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("INSPECTOR_SETTINGS", str(tmp_path / "no-settings.toml"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="session")
def demo_sessions_cached():
    from inspector.demo import demo_sessions

    return demo_sessions()


@pytest.fixture
def memory_demo(demo_sessions_cached):
    """The demo sessions in memory (deterministic labels for snapshots)."""
    from inspector.tui.data import MemoryData

    return MemoryData(demo_sessions_cached, label="demo")
