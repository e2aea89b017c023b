"""A small fleet for the fleet-sweep tests: an OpenAI Agents SDK database of re-sampled
real sessions, written by the same generator as the bench's 1,000-session database
(bench/data.py, `write_agents_db`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# small enough to replay in about a second, summarized often enough to differ per value
SET = ["--set", "summarization.trigger.context_ratio=0", "--set", "summarization.keep.tokens=0"]
KNOB = "summarization.trigger.context_tokens"
VALUES = "3k,6k"


def write_fleet(path: Path, sessions: int = 24, seed: int = 7) -> Path:
    """`sessions` Agents SDK sessions (1 to 3 copies of the real ones each) at `path`."""
    spec = importlib.util.spec_from_file_location("_bench_data", ROOT / "bench" / "data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write_agents_db(path, sessions=sessions, seed=seed)
    return path


def base_config():
    from inspector.engine import preset

    return preset("balanced").with_values({"summarization.trigger.context_ratio": 0,
                                           "summarization.keep.tokens": 0})
