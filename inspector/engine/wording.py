"""Counts in words, for every text a user reads (plan reasons, warnings, CLI lines,
the TUI): `1 summary`, `2 summaries`, never `summary(ies)`."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """A count with its noun, in the singular or the plural.

    Args:
        n: the count (shown with thousands separators).
        one: the singular noun.
        many: the plural when it is not `one` + "s" (`summaries`, `entries`).

    Returns:
        The text, e.g. `1 message`, `1,204 messages`, `2 summaries`.
    """
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def usd(value: float | None) -> str:
    """A cost in US dollars to four decimals, or "n/a" when the price is unknown."""
    return "n/a" if value is None else f"${value:,.4f}"
