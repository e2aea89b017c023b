"""The two drivers of the engine's step generators (sans-IO, as httpx's auth flows).

A step generator (`summarize.retry.summary_steps`, `flow.compaction`) decides; it
yields what it needs done (a model call, a wait, a summary) and gets the answer sent
back, or the exception doing it raised thrown in at the same `yield`. A driver does
the work (`perform`) and nothing else: `drive` blocking, `adrive` on an event loop.
The decisions are made once, in the generator, for both.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from typing import Any, Generic, TypeVar

StepT = TypeVar("StepT")
ResultT = TypeVar("ResultT")


class _Exchange(Generic[StepT, ResultT]):
    """What goes back into the generator next (an answer or an exception), and what it
    returned once it is done."""

    __slots__ = ("answer", "error", "result", "steps")

    def __init__(self, steps: Generator[StepT, Any, ResultT]) -> None:
        self.steps = steps
        self.answer: Any = None
        self.error: Exception | None = None
        self.result: ResultT | None = None

    def next_step(self) -> StepT | None:
        """The generator's next step; None once it returned (its value in `result`)."""
        try:
            step = self.steps.throw(self.error) if self.error is not None else self.steps.send(self.answer)
        except StopIteration as stop:
            self.result = stop.value
            return None
        self.answer, self.error = None, None
        return step


def drive(steps: Generator[StepT, Any, ResultT], perform: Callable[[StepT], Any]) -> ResultT:
    """Run `steps` to the end, blocking.

    Args:
        steps: a step generator, not started.
        perform: does one step and returns its answer; what it raises is thrown into
            `steps`, which decides (an exception it does not catch comes out here).

    Returns:
        What the generator returned.
    """
    exchange = _Exchange(steps)
    while (step := exchange.next_step()) is not None:
        try:
            exchange.answer = perform(step)
        except Exception as exc:  # the generator decides what an error means
            exchange.error = exc
    return exchange.result  # type: ignore[return-value]


async def adrive(steps: Generator[StepT, Any, ResultT], perform: Callable[[StepT], Awaitable[Any]]) -> ResultT:
    """`drive` on an event loop: each step is awaited, so many runs can wait at once.

    Args:
        steps: a step generator, not started.
        perform: a coroutine function doing one step (see `drive`).

    Returns:
        What the generator returned.
    """
    exchange = _Exchange(steps)
    while (step := exchange.next_step()) is not None:
        try:
            exchange.answer = await perform(step)
        except Exception as exc:  # the generator decides what an error means
            exchange.error = exc
    return exchange.result  # type: ignore[return-value]
