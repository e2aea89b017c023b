"""Our counts next to the usage a source recorded.

Where an assistant message carries the provider's input-token usage, the context
that produced it is every message before it; comparing the two shows how close our
count is to what was billed (tool schemas and hidden system prompts explain most of
the difference).
"""

from __future__ import annotations

from dataclasses import dataclass

from inspector.engine.analysis import analyze
from inspector.engine.models import Session
from inspector.engine.tokens import TokenCache, TokenCounter


@dataclass
class CalibrationPoint:
    """One assistant turn where the source recorded the input tokens: theirs against our count."""

    position: int
    recorded: int  # input tokens the source recorded (cached input included)
    counted: int  # our count of the messages before it, plus reply priming

    @property
    def ratio(self) -> float:
        """Our count over the recorded one (0.0 when nothing was recorded)."""
        return self.counted / self.recorded if self.recorded else 0.0


def calibration(session: Session, counter: TokenCounter, cache: TokenCache | None = None) -> list[CalibrationPoint]:
    """Per assistant turn with recorded usage, the recorded input tokens against our count of its context.

    Args:
        session: the session.
        counter: the token counter to check.
        cache: token counts already made, reused.

    Returns:
        One point per assistant message with usage, in order.
    """
    a = analyze(session, counter, cache)
    priming = counter.framing.reply_priming
    points = []
    for i, m in enumerate(session.messages):
        if m.role != "assistant" or m.usage is None:
            continue
        recorded = m.usage.context_tokens
        if recorded:
            points.append(CalibrationPoint(i, recorded, a.prefix[i] + priming))
    return points
