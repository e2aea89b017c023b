"""`json_depth_exceeds` walks level by level: the same answer as a walk of every path
(the reference below), at every depth around the limit and on mixed shapes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from inspector.engine.limits import MAX_JSON_DEPTH, json_depth_exceeds, loads_bounded


def _depth(value: Any) -> int:
    """The plain definition: a scalar is depth 0, a container one more than its deepest item."""
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _nested(depth: int, rng: random.Random) -> Any:
    value: Any = rng.choice([1, "s", None, 2.5])
    for _ in range(depth):
        siblings: list[Any] = [rng.choice([[], {}, "x", 3]) for _ in range(rng.randrange(3))]
        value = {"k": value, "o": siblings} if rng.random() < 0.5 else [*siblings, value]
    return value


@pytest.mark.parametrize("seed", range(30))
def test_the_level_walk_agrees_with_the_depth_of_every_path(seed):
    rng = random.Random(seed)
    value = [_nested(rng.randrange(0, 12), rng) for _ in range(rng.randrange(1, 5))]
    depth = _depth(value)
    for limit in range(0, depth + 2):
        assert json_depth_exceeds(value, limit) == (depth > limit), (limit, depth)


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1])
def test_the_limit_of_the_readers(depth):
    text = "[" * depth + "]" * depth
    if depth > MAX_JSON_DEPTH:
        with pytest.raises(ValueError, match="nested deeper than"):
            loads_bounded(text)
    else:
        assert _depth(loads_bounded(text)) == depth


def test_scalars_and_empty_containers():
    assert not json_depth_exceeds(5, 0)
    assert json_depth_exceeds([], 0) and not json_depth_exceeds([], 1)
    assert json_depth_exceeds({"a": {}}, 1) and not json_depth_exceeds({"a": {}}, 2)
