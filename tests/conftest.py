from __future__ import annotations

import os
from pathlib import Path

import pytest

# No test may touch the network: litellm's price map stays local, tiktoken reads the
# BPE files bundled with litellm.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

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
    from inspector.store.swe_agent import read_traj

    return [read_traj(p) for p in traj_paths]
