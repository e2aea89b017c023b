"""Helpers for the per-stage tests: a config with one stage on, the output's counts."""

from __future__ import annotations

from typing import Any

from inspector.engine import materialize, preset
from inspector.engine.config import CompactionConfig
from inspector.engine.planning import Plan
from inspector.engine.tokens import TiktokenCounter, TokenCache, count_messages

COUNTER = TiktokenCounter(model="gpt-4o")

OFF = {
    "reduction.truncation.enabled": False,
    "reduction.compaction.enabled": False,
    "reduction.clear.enabled": False,
    "summarization.enabled": False,
    "tailoring.enabled": False,
}


def only(stage: str, **values: Any) -> CompactionConfig:
    """The balanced preset with every stage off but `stage` ("reduction.clear", ...),
    then `values` (dotted keys, with "__" for ".")."""
    return preset("balanced").with_values(
        OFF | {f"{stage}.enabled": True} | {k.replace("__", "."): v for k, v in values.items()})


def output_counts(session, p: Plan) -> list[int]:
    """Exact counts of what apply writes for the plan (no summaries)."""
    out = materialize(session, p, {}, COUNTER)
    return count_messages(out.messages, COUNTER, TokenCache())[0]
