"""Explicit limits on what inspector reads, so a hostile or broken file is refused with
a clear message instead of exhausting the stack or the memory (see README, "Limits").

- `MAX_JSON_DEPTH`: JSON (a record, a row, tool-call arguments) nested deeper than this
  is refused: "nested deeper than 128". Real agent data nests a few levels; Python's
  parser would raise RecursionError near 1,000 and the workspace's reader (pydantic)
  refuses stored messages nested deeper than 200, so a session inspector accepted once
  could not be opened again.
- `MAX_EXACT_CHARS`: a text longer than this with no whitespace (one unbroken token
  run, e.g. a 200 MB base64 or minified blob) is not tokenized but estimated, and the
  count says so (see `inspector.engine.tokens`).
"""

from __future__ import annotations

import json
from typing import Any

MAX_JSON_DEPTH = 128


class TooDeep(ValueError):
    """JSON nested deeper than `MAX_JSON_DEPTH`."""

    def __init__(self, limit: int = MAX_JSON_DEPTH):
        super().__init__(f"nested deeper than {limit}")


def json_depth_exceeds(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether `value` (parsed JSON) nests lists and objects deeper than `limit`.

    Iterative, so it is safe on any depth the parser produced.

    Args:
        value: a parsed JSON value.
        limit: the deepest nesting allowed (a scalar is depth 0, `[1]` depth 1).

    Returns:
        True when some list or object is nested more than `limit` levels.
    """
    # Level by level (every container of one depth, then their children): a loop per
    # level instead of a push and a pop per container, three times faster on a
    # 100,000-message document.
    level: list[Any] = [value] if isinstance(value, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        deeper: list[Any] = []
        for v in level:
            for x in (v.values() if isinstance(v, dict) else v):
                if isinstance(x, (dict, list)):
                    deeper.append(x)
        level = deeper
    return False


def loads_bounded(text: str | bytes, limit: int = MAX_JSON_DEPTH, *, strict: bool = True) -> Any:
    """`json.loads` that refuses deep nesting with `TooDeep` (a ValueError), never a
    RecursionError.

    Args:
        text: JSON text.
        limit: the deepest nesting allowed.
        strict: as `json.loads`'s (False accepts control characters inside strings).

    Returns:
        The parsed value.

    Raises:
        ValueError: not JSON; `TooDeep` when nested deeper than `limit`.
    """
    try:
        value = json.loads(text, strict=strict)
    except RecursionError:
        raise TooDeep(limit) from None
    # Each level of nesting opens with its own `[` or `{`: text with no more of them than
    # `limit` cannot nest deeper, and counting characters is far cheaper than the walk.
    if isinstance(value, (dict, list)) and _openers(text) > limit and json_depth_exceeds(value, limit):
        raise TooDeep(limit)
    return value


def _openers(text: str | bytes) -> int:
    if isinstance(text, str):
        return text.count("[") + text.count("{")
    return text.count(b"[") + text.count(b"{")
