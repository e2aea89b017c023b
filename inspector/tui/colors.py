"""Perceptual colour scale (viridis) over log token counts, and action colours."""

from __future__ import annotations

import math
from functools import lru_cache

from rich.color import Color as RichColor
from rich.style import Style

from inspector.engine.planning.results import Action

# Viridis anchor points (matplotlib's, sampled at 16 even steps).
_VIRIDIS = (
    (68, 1, 84), (72, 26, 108), (71, 47, 125), (65, 68, 135), (57, 86, 140), (49, 104, 142),
    (42, 120, 142), (35, 136, 142), (31, 152, 139), (34, 168, 132), (53, 183, 121),
    (84, 197, 104), (122, 209, 81), (165, 219, 54), (210, 226, 27), (253, 231, 37),
)

STEPS = 64


@lru_cache(maxsize=STEPS + 1)
def viridis(t: float) -> tuple[int, int, int]:
    """The viridis colour at `t` (0..1, clamped), interpolated between its stops."""
    t = min(1.0, max(0.0, t))
    x = t * (len(_VIRIDIS) - 1)
    i = min(int(x), len(_VIRIDIS) - 2)
    f = x - i
    a, b = _VIRIDIS[i], _VIRIDIS[i + 1]
    return tuple(round(a[k] + (b[k] - a[k]) * f) for k in range(3))  # type: ignore[return-value]


class TokenScale:
    """Maps a token count to a 0..1 position on a log scale between 1 and `top`."""

    def __init__(self, top: int):
        self.top = max(2, top)
        self._log_top = math.log1p(self.top)

    def position(self, tokens: int) -> float:
        """The count's place on the log scale, 0..1."""
        if tokens <= 0:
            return 0.0
        return min(1.0, math.log1p(tokens) / self._log_top)

    def step(self, tokens: int) -> int:
        """The count's step on the scale, 0..STEPS."""
        return round(self.position(tokens) * STEPS)


@lru_cache(maxsize=STEPS + 1)
def heat_style(step: int) -> Style:
    """Background on the scale with a readable foreground."""
    r, g, b = viridis(step / STEPS)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    fg = RichColor.from_rgb(0, 0, 0) if luminance > 140 else RichColor.from_rgb(255, 255, 255)
    return Style(bgcolor=RichColor.from_rgb(r, g, b), color=fg)


@lru_cache(maxsize=STEPS + 1)
def heat_fg(step: int) -> Style:
    """Text coloured with the scale's colour at `step`."""
    r, g, b = viridis(step / STEPS)
    return Style(color=RichColor.from_rgb(r, g, b))


ACTION_COLORS = {
    "keep": "#7f8c8d",
    "truncate": "#f1c40f",
    "clear": "#e67e22",
    "summarize": "#c678dd",
    "drop": "#e74c3c",
    "preserve": "#2ecc71",
}

ACTION_LABELS = {
    "keep": "keep",
    "truncate": "truncate",
    "clear": "clear",
    "summarize": "summarize",
    "drop": "drop",
    "preserve": "preserved",
}


@lru_cache(maxsize=16)
def action_style(action: str) -> Style:
    """The style of a plan action: its colour for text when kept, as a bold background otherwise."""
    color = ACTION_COLORS.get(action, "#7f8c8d")
    if action == Action.KEEP:
        return Style(color=color)
    return Style(color="#000000", bgcolor=color, bold=True)


ROLE_COLORS = {
    "system": "#e5c07b",
    "developer": "#e5c07b",
    "user": "#61afef",
    "assistant": "#98c379",
    "tool": "#56b6c2",
}
