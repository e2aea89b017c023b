"""Progress of a long sweep: sessions done of total, and when it should end.

`fleet_sweep` calls its `progress` with a `Progress` after every batch merged (and
once at the start, with the results a resumed sweep found in the workspace). The CLI
shows it on the terminal and, with `--json`, writes `Progress.to_event()` as one JSON
object per line on stderr:

    {"event": "progress", "done": 1200, "total": 100000, "reused": 1000,
     "elapsed_s": 12.5, "eta_s": 1031.2, "engine": "ray"}

`done` counts sessions whose every value is known (reused ones included), `reused`
those read back from the workspace, `eta_s` is the time left at the rate of the
sessions replayed in this run (null until one is).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Progress:
    """Where a sweep is (see the module docstring)."""

    done: int
    total: int
    reused: int
    elapsed_s: float
    eta_s: float | None
    engine: str

    def to_event(self) -> dict[str, Any]:
        """The progress as a JSON event (`{"event": "progress", ...}`), times rounded."""
        return {"event": "progress", "done": self.done, "total": self.total, "reused": self.reused,
                "elapsed_s": round(self.elapsed_s, 3), "eta_s": None if self.eta_s is None else round(self.eta_s, 1),
                "engine": self.engine}

    def line(self) -> str:
        """One line for a terminal: `1,200/100,000 sessions (1,000 reused), 12s, about 17m left`."""
        reused = f" ({self.reused:,} reused)" if self.reused else ""
        left = "" if self.eta_s is None or self.done >= self.total else f", about {duration(self.eta_s)} left"
        return f"{self.done:,}/{self.total:,} sessions{reused}, {duration(self.elapsed_s)}{left}"


def duration(seconds: float) -> str:
    """`42s`, `3m05s`, `2h10m`."""
    s = int(round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


class ProgressClock:
    """Turns counts into `Progress` (elapsed time, ETA from this run's own rate)."""

    def __init__(self, total: int, reused: int, engine: str,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.reused = reused
        self.engine = engine
        self._clock = clock
        self._start = clock()

    def at(self, done: int) -> Progress:
        """The progress after `done` sessions: elapsed time, and the ETA from this run's rate."""
        elapsed = self._clock() - self._start
        replayed = done - self.reused
        eta = None if replayed <= 0 else elapsed / replayed * (self.total - done)
        return Progress(done, self.total, self.reused, elapsed, eta, self.engine)
