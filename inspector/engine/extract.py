"""What a summary must keep, found offline: text trimming to a token share, and (for
the extractive summarizer) the task, requests, files, errors and next step."""

from __future__ import annotations

from collections.abc import Callable

TRIM_MARK = " [\u2026]"


def trim_to_tokens(text: str, limit: int, count: Callable[[str], int]) -> str:
    """`text` cut at a word boundary so that it (with a trailing marker) fits `limit`
    tokens; unchanged when it already fits.

    Args:
        text: the text to trim.
        limit: the token share it may take.
        count: the plan's counter (`TokenCounter.count`).

    Returns:
        The text, or its longest fitting prefix ending with `TRIM_MARK`.
    """
    if limit <= 0 or count(text) <= limit:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix whose trimmed form fits
        mid = (lo + hi + 1) // 2
        if count(text[:mid].rstrip() + TRIM_MARK) <= limit:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    space = max(cut.rfind(" "), cut.rfind("\n"))
    if space > lo // 2:
        cut = cut[:space]
    return cut.rstrip() + TRIM_MARK if cut.strip() else ""
