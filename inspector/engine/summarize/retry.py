"""The retry / failover decisions of a model summarizer, without IO (sans-IO).

`summary_steps` is a generator: it yields `Call` (send back the model's `Reply`, or
throw in the exception the call raised) and `Sleep` (send back None after waiting),
and returns the `SummaryResult`. The driver in `inspector.llm` makes the real calls
and waits; so which model comes next, whether to retry and how long to wait are
decided here, in pure code, and tested without a network or a clock.

Per model: one attempt plus `retries` retries (timeouts, rate limits, 5xx, empty
answers), an exponential backoff with jitter before each retry; an error retrying
cannot fix (bad key, unknown model, bad request, a summary too long) goes straight
to the next model (phase "failover"), whose attempts count from 1 again.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from inspector.engine.models import Message
from inspector.engine.summarize.protocol import (
    EventHandler,
    SummaryEvent,
    SummaryFailed,
    SummaryRejected,
    SummaryRequest,
    SummaryResult,
    check_summary,
    format_conversation,
)
from inspector.engine.wording import plural

# Errors that retrying the same model cannot fix: go straight to the next model.
NO_RETRY = frozenset(("AuthenticationError", "PermissionDeniedError", "NotFoundError", "BadRequestError",
                      "ContextWindowExceededError", "ContentPolicyViolationError", "UnsupportedParamsError",
                      "InvalidRequestError"))
NO_RETRY_STATUS = frozenset((400, 401, 403, 404, 422))


@dataclass(frozen=True)
class Call:
    """Ask `model` for a summary of `messages` (chat messages: system prompt, prompt)."""

    model: str
    messages: list[dict[str, str]]


@dataclass(frozen=True)
class Sleep:
    """Wait `seconds` before the next call."""

    seconds: float


@dataclass(frozen=True)
class Reply:
    """What a model answered, with the token usage it reported."""

    text: str
    input_tokens: int = 0
    output_tokens: int = 0


Step = Call | Sleep


@dataclass(frozen=True)
class RetryPolicy:
    """Models in order (the first is the primary), retries per model, backoff."""

    models: tuple[str, ...]
    retries: int = 3
    backoff_seconds: float = 1.0
    max_backoff_seconds: float = 60.0

    def __post_init__(self) -> None:
        if not self.models:
            raise ValueError("a model summarizer needs at least one model")
        if self.retries < 0:
            raise ValueError("retries must be >= 0")

    def delay(self, retry: int, jitter: float) -> float:
        """Seconds to wait before retry number `retry` (0-based): the exponential step
        backoff * 2**retry, times a jitter factor 0.5 + `jitter` (`jitter` drawn
        from [0, 1)), capped at `max_backoff_seconds`."""
        base: float = self.backoff_seconds * (2 ** retry)  # int ** int is Any to mypy
        return min(self.max_backoff_seconds, base * (0.5 + jitter))


def retryable(exc: BaseException) -> bool:
    """Whether another attempt on the same model may succeed (timeouts, rate limits,
    5xx, empty answers) or not (bad key, unknown model, bad request, too long)."""
    if isinstance(exc, SummaryRejected):
        return exc.retryable
    if {t.__name__ for t in type(exc).__mro__} & NO_RETRY:
        return False
    status = getattr(exc, "status_code", None)
    return not (isinstance(status, int) and status in NO_RETRY_STATUS)


def chunk_messages(request: SummaryRequest) -> list[list[Message]]:
    """Split the range so each call's conversation text fits `max_input_tokens`."""
    chunks: list[list[Message]] = [[]]
    size = 0
    for m in request.messages:
        t = request.count(format_conversation([m])) + 4
        if chunks[-1] and size + t > request.max_input_tokens:
            chunks.append([])
            size = 0
        chunks[-1].append(m)
        size += t
    return chunks


def summary_steps(request: SummaryRequest, policy: RetryPolicy, emit: EventHandler,
                  jitter: Callable[[], float]) -> Generator[Step, Reply | None, SummaryResult]:
    """The retry/failover state machine (see the module docstring).

    Args:
        request: What to summarize. A long range is summarized in chunks, each
            folding the summary of the previous one.
        policy: Models, retries and backoff.
        emit: Receives a SummaryEvent before each chunk, after each attempt, and at
            the end ("after" or "failed").
        jitter: Draws the backoff's jitter in [0, 1) (a seeded `random.Random().random`
            makes it deterministic).

    Returns:
        The accepted summary; raises SummaryFailed when every model and retry failed.
    """
    models = policy.models
    chunks = chunk_messages(request)
    previous = request.previous_summary
    total_attempts = 0
    tin = tout = 0
    used_model = models[0]
    all_errors: list[str] = []
    for ci, chunk in enumerate(chunks):
        last_chunk = ci == len(chunks) - 1
        messages = request.prompt_messages(request.conversation_text(chunk, previous))
        emit(SummaryEvent("before", request.key, model=models[0], chunk=ci, chunks=len(chunks),
                          input_tokens=sum(request.count(m["content"]) for m in messages)))
        text = None
        for k, model in enumerate(models):
            phase = "primary" if k == 0 else "failover"
            for attempt in range(policy.retries + 1):
                total_attempts += 1
                try:
                    reply = yield Call(model, messages)
                    if reply is None:
                        raise TypeError("the driver sent no Reply for a Call")
                    tin += reply.input_tokens
                    tout += reply.output_tokens
                    if last_chunk:
                        text = check_summary(reply.text, request)
                    else:
                        text = reply.text.strip()
                        if not text:
                            raise SummaryRejected("the summary is empty", retryable=True)
                except Exception as exc:  # provider errors are many; all are reported
                    err = f"{model} ({phase}, attempt {attempt + 1}): {type(exc).__name__}: {one_line(exc)}"
                    all_errors.append(err)
                    again = retryable(exc) and attempt < policy.retries
                    wait = policy.delay(attempt, jitter()) if again else 0.0
                    nxt = "retry" if again else ("failover" if k + 1 < len(models) else "give up")
                    emit(SummaryEvent("attempt", request.key, model=model, phase=phase,
                                      attempt=attempt + 1, error=err, chunk=ci, chunks=len(chunks),
                                      delay=wait, next=nxt))
                    if not again:
                        break
                    yield Sleep(wait)
                    continue
                used_model = model
                emit(SummaryEvent("attempt", request.key, model=model, phase=phase, attempt=attempt + 1,
                                  chunk=ci, chunks=len(chunks), text=text))
                break
            if text is not None:
                break
        if text is None:
            last = all_errors[-1] if all_errors else "no attempt made"
            emit(SummaryEvent("failed", request.key, model=models[-1], error=last,
                              attempt=total_attempts, chunk=ci, chunks=len(chunks)))
            raise SummaryFailed(
                f"summary failed after {plural(total_attempts, 'attempt')} on {', '.join(models)}: {last}",
                all_errors)
        previous = text
    emit(SummaryEvent("after", request.key, model=used_model, text=previous, attempt=total_attempts))
    return SummaryResult(text=previous or "", model=used_model, extractive=False,
                         attempts=total_attempts, input_tokens=tin, output_tokens=tout,
                         errors=all_errors)


def one_line(exc: BaseException, limit: int = 300) -> str:
    """An exception's message on one line, at most `limit` characters."""
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"

