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
    position: int
    recorded: int  # input tokens the source recorded (cached input included)
    counted: int  # our count of the messages before it, plus reply priming

    @property
    def ratio(self) -> float:
        return self.counted / self.recorded if self.recorded else 0.0


def calibration(session: Session, counter: TokenCounter, cache: TokenCache | None = None) -> list[CalibrationPoint]:
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
