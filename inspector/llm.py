"""The only network code: the LiteLLM summarizer (any provider) and litellm's price map.

litellm is imported lazily, inside the first summary call, with its offline price map
(`LITELLM_LOCAL_MODEL_COST_MAP=True`); `import inspector.llm` stays cheap. Costs are read
from the price map's JSON file without importing litellm at all.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from inspector.engine.models import Message
from inspector.engine.summarizers import (
    EXTRACTIVE,
    EventHandler,
    ExtractiveSummarizer,
    Summarizer,
    SummaryEvent,
    SummaryFailed,
    SummaryRejected,
    SummaryRequest,
    SummaryResult,
    _ignore,
    check_summary,
    format_conversation,
)
from inspector.formats.terminal import visible

# ---------------------------------------------------------------------------- LiteLLM

# Errors that retrying the same model cannot fix: go straight to the next model.
_NO_RETRY = ("AuthenticationError", "PermissionDeniedError", "NotFoundError", "BadRequestError",
             "ContextWindowExceededError", "ContentPolicyViolationError", "UnsupportedParamsError",
             "InvalidRequestError")
_NO_RETRY_STATUS = (400, 401, 403, 404, 422)


def _import_litellm():
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm  # noqa: PLC0415 - deliberately lazy (seconds of import time)

    litellm.suppress_debug_info = True
    return litellm


def retryable(exc: BaseException) -> bool:
    """Whether another attempt on the same model may succeed (timeouts, rate limits,
    5xx, empty answers) or not (bad key, unknown model, bad request, too long)."""
    if isinstance(exc, SummaryRejected):
        return exc.retryable
    names = {t.__name__ for t in type(exc).__mro__}
    if names & set(_NO_RETRY):
        return False
    status = getattr(exc, "status_code", None)
    return not (isinstance(status, int) and status in _NO_RETRY_STATUS)


class LiteLLMSummarizer:
    """Any model litellm accepts; temperature 0; retries with exponential backoff and
    jitter (Eino Retry, default 3), then failover to the next model (Eino Failover).

    On total failure raises SummaryFailed and nothing is applied (Sagents). A summary
    that is empty is retried; one that is not shorter than what it replaces is
    rejected and the next model is tried (temperature 0: the same model would answer
    the same).

    `completion` / `acompletion` replace litellm's functions (tests, proxies);
    `sleep` / `asleep` and `rng` make the backoff observable and deterministic.
    """

    extractive = False

    def __init__(
        self,
        models: Sequence[str],
        *,
        api_base: str | None = None,
        retries: int = 3,
        backoff_seconds: float = 1.0,
        max_backoff_seconds: float = 60.0,
        timeout_seconds: float = 120.0,
        completion: Callable[..., Any] | None = None,
        acompletion: Callable[..., Any] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        asleep: Callable[[float], Any] | None = None,
        rng: random.Random | None = None,
        extra: dict[str, Any] | None = None,
    ):
        models = [m for m in models if m]
        if not models:
            raise ValueError("LiteLLMSummarizer needs at least one model")
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.models = list(models)
        self.name = self.models[0]
        self.api_base = api_base or None
        self.retries = retries
        self.backoff = backoff_seconds
        self.max_backoff = max_backoff_seconds
        self.timeout = timeout_seconds
        self._completion = completion
        self._acompletion = acompletion
        self._sleep = sleep
        self._asleep = asleep
        self._rng = rng or random.Random()
        self.extra = extra or {}

    def __repr__(self) -> str:
        return f"LiteLLMSummarizer({self.models!r}, retries={self.retries})"

    # -- shared
    def _messages(self, request: SummaryRequest, conversation_text: str) -> list[dict[str, str]]:
        return request.prompt_messages(conversation_text)

    def _kwargs(self, model: str, messages: list[dict[str, str]]) -> dict[str, Any]:
        # Retries are ours (`retries`, with backoff and fallbacks): litellm's own
        # (num_retries) and the OpenAI client's (max_retries, 2 by default) are off, or
        # retries=0 sent 3 requests and a 3 s timeout took 11-16 s.
        kw: dict[str, Any] = {"model": model, "messages": messages, "temperature": 0,
                              "timeout": self.timeout, "drop_params": True, "num_retries": 0, "max_retries": 0,
                              **self.extra}
        if self.api_base:
            kw["api_base"] = self.api_base
        return kw

    def delay(self, retry: int) -> float:
        """Seconds to wait before retry number `retry` (0-based): the exponential step
        backoff * 2**retry, times a jitter factor drawn from [0.5, 1.5), capped."""
        base = self.backoff * (2 ** retry)
        return min(self.max_backoff, base * (0.5 + self._rng.random()))

    def _chunks(self, request: SummaryRequest) -> list[list[Message]]:
        """Split the range so each call's conversation text fits max_input_tokens."""
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

    @staticmethod
    def _text(response: Any) -> tuple[str, int, int]:
        choices = response["choices"] if isinstance(response, dict) else response.choices
        if not choices:
            return "", 0, 0
        choice = choices[0]
        msg = choice["message"] if isinstance(choice, dict) else choice.message
        content = msg.get("content") if isinstance(msg, dict) else msg.content
        usage = response.get("usage") if isinstance(response, dict) else getattr(response, "usage", None)
        if isinstance(usage, dict):
            pin, pout = usage.get("prompt_tokens") or 0, usage.get("completion_tokens") or 0
        else:
            pin = (getattr(usage, "prompt_tokens", 0) or 0) if usage else 0
            pout = (getattr(usage, "completion_tokens", 0) or 0) if usage else 0
        # what a model returns is shown and stored: no escape sequence gets through
        return visible(content or "", newlines=True), pin, pout

    def _steps(self, request: SummaryRequest, emit: EventHandler):
        """The retry/failover state machine, shared by the sync and async drivers.

        Yields ("call", kwargs) expecting the response (or the exception thrown in),
        and ("sleep", seconds); returns the SummaryResult. Per model: one attempt plus
        `retries` retries, with a backoff before each retry; then the next model
        (phase "failover"), whose attempts start again at 1.
        """
        chunks = self._chunks(request)
        previous = request.previous_summary
        total_attempts = 0
        tin = tout = 0
        used_model = self.models[0]
        all_errors: list[str] = []
        for ci, chunk in enumerate(chunks):
            last_chunk = ci == len(chunks) - 1
            conv = request.conversation_text(chunk, previous)
            messages = self._messages(request, conv)
            emit(SummaryEvent("before", request.key, model=self.models[0], chunk=ci, chunks=len(chunks),
                              input_tokens=sum(request.count(m["content"]) for m in messages)))
            text = None
            for k, model in enumerate(self.models):
                phase = "primary" if k == 0 else "failover"
                for attempt in range(self.retries + 1):
                    total_attempts += 1
                    try:
                        resp = yield ("call", self._kwargs(model, messages))
                        raw, pin, pout = self._text(resp)
                        tin += pin
                        tout += pout
                        if last_chunk:
                            text = check_summary(raw, request)
                        else:
                            text = (raw or "").strip()
                            if not text:
                                raise SummaryRejected("the summary is empty", retryable=True)
                    except Exception as exc:  # provider errors are many; all are reported
                        err = f"{model} ({phase}, attempt {attempt + 1}): {type(exc).__name__}: {_one_line(exc)}"
                        all_errors.append(err)
                        again = retryable(exc) and attempt < self.retries
                        wait = self.delay(attempt) if again else 0.0
                        nxt = "retry" if again else ("failover" if k + 1 < len(self.models) else "give up")
                        emit(SummaryEvent("attempt", request.key, model=model, phase=phase,
                                          attempt=attempt + 1, error=err, chunk=ci, chunks=len(chunks),
                                          delay=wait, next=nxt))
                        if not again:
                            break
                        yield ("sleep", wait)
                        continue
                    used_model = model
                    emit(SummaryEvent("attempt", request.key, model=model, phase=phase, attempt=attempt + 1,
                                      chunk=ci, chunks=len(chunks), text=text))
                    break
                if text is not None:
                    break
            if text is None:
                last = all_errors[-1] if all_errors else "no attempt made"
                emit(SummaryEvent("failed", request.key, model=self.models[-1], error=last,
                                  attempt=total_attempts, chunk=ci, chunks=len(chunks)))
                raise SummaryFailed(
                    f"summary failed after {total_attempts} attempt(s) on {', '.join(self.models)}: {last}",
                    all_errors)
            previous = text
        emit(SummaryEvent("after", request.key, model=used_model, text=previous, attempt=total_attempts))
        return SummaryResult(text=previous or "", model=used_model, extractive=False,
                             attempts=total_attempts, input_tokens=tin, output_tokens=tout,
                             errors=all_errors)

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        completion = self._completion or _import_litellm().completion
        steps = self._steps(request, on_event or _ignore)
        send: Any = None
        error: BaseException | None = None
        while True:
            try:
                op, arg = steps.throw(error) if error else steps.send(send)
            except StopIteration as stop:
                return stop.value
            send, error = None, None
            if op == "sleep":
                self._sleep(arg)
                continue
            try:
                send = completion(**arg)
            except Exception as exc:
                error = exc

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        if self._acompletion is None and self._completion is not None:
            # An injected sync fake: run it in a thread so the loop stays free.
            return await asyncio.to_thread(self.summarize, request, on_event)
        acompletion = self._acompletion or _import_litellm().acompletion
        asleep = self._asleep or asyncio.sleep
        steps = self._steps(request, on_event or _ignore)
        send: Any = None
        error: BaseException | None = None
        while True:
            try:
                op, arg = steps.throw(error) if error else steps.send(send)
            except StopIteration as stop:
                return stop.value
            send, error = None, None
            if op == "sleep":
                await asleep(arg)
                continue
            try:
                send = await acompletion(**arg)
            except Exception as exc:
                error = exc



def _one_line(exc: BaseException, limit: int = 300) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def summarizer_for(config, **kwargs: Any) -> Summarizer:
    """The summarizer a config asks for: LiteLLM when a model is set (with its
    fallbacks, retries and backoff), else the offline extractive one. `kwargs` go to
    LiteLLMSummarizer (completion, sleep, rng, extra, ...)."""
    sc = config.summarization
    if not sc.model or sc.model == EXTRACTIVE:
        return ExtractiveSummarizer()
    return LiteLLMSummarizer(
        [sc.model, *sc.fallback_models], api_base=sc.api_base or None, retries=sc.retries,
        backoff_seconds=sc.backoff_seconds, timeout_seconds=sc.timeout_seconds, **kwargs,
    )


# ------------------------------------------------------------------------------- cost


def _price_map() -> dict[str, Any]:
    """litellm's bundled price map, read as JSON (no litellm import)."""
    import importlib.util

    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return {}
    for base in spec.submodule_search_locations:
        path = os.path.join(base, "model_prices_and_context_window_backup.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
    return {}


_PRICES: dict[str, Any] | None = None


def model_price(model: str) -> tuple[float, float] | None:
    """(USD per input token, USD per output token) from litellm's local price map, or
    None when the model is not in it."""
    global _PRICES
    if _PRICES is None:
        _PRICES = _price_map()
    entry = _PRICES.get(model) or _PRICES.get(model.split("/", 1)[-1])
    if not entry or not isinstance(entry, dict):
        return None
    return float(entry.get("input_cost_per_token") or 0.0), float(entry.get("output_cost_per_token") or 0.0)


def estimate_cost(model: str, input_tokens: int, output_tokens: int = 0) -> float | None:
    """USD for a call, from litellm's local price map; None when the model is unknown;
    0 for the extractive summarizer."""
    if not model or model == EXTRACTIVE:
        return 0.0
    price = model_price(model)
    if price is None:
        return None
    return input_tokens * price[0] + output_tokens * price[1]


@dataclass
class CostEstimate:
    """What summarizing would cost before anything is sent: input tokens x the
    model's price (litellm's local price map), plus the expected output."""

    model: str
    input_tokens: int
    output_tokens: int  # expected: the word budget in tokens
    usd: float | None  # None: the model is not in the price map

    def describe(self) -> str:
        if self.model == EXTRACTIVE:
            return "extractive summary: offline, no cost"
        cost = f"${self.usd:.4f}" if self.usd is not None else "price unknown (not in litellm's price map)"
        return (f"{self.model}: {self.input_tokens:,} input + ~{self.output_tokens:,} output tokens, "
                f"{cost}")


def estimate_request_cost(model: str, requests: Sequence[SummaryRequest]) -> CostEstimate:
    tin = sum(r.input_tokens() for r in requests)
    tout = sum(math.ceil((r.max_words or 300) * 1.35) for r in requests)
    if not model or model == EXTRACTIVE:
        return CostEstimate(EXTRACTIVE, tin, 0, 0.0)
    return CostEstimate(model, tin, tout, estimate_cost(model, tin, tout))
