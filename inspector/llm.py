"""The only network code: the LiteLLM summarizer (any provider) and litellm's price map.

litellm is imported lazily, inside the first summary call, with its offline price map
(`LITELLM_LOCAL_MODEL_COST_MAP=True`); `import inspector.llm` stays cheap. Costs are read
from the price map's JSON file without importing litellm at all.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
import warnings
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

from inspector.engine.driving import adrive, drive
from inspector.engine.replay import Prices
from inspector.engine.summarize.extractive import ExtractiveSummarizer
from inspector.engine.summarize.protocol import (
    EXTRACTIVE,
    EventHandler,
    Summarizer,
    SummaryRequest,
    SummaryResult,
    ignore,
    summary_share_tokens,
)
from inspector.engine.summarize.retry import Call, Reply, RetryPolicy, Sleep, Step, summary_steps
from inspector.formats.terminal import visible

# ---------------------------------------------------------------------------- LiteLLM


def _import_litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm  # noqa: PLC0415 - deliberately lazy (seconds of import time)

    litellm.suppress_debug_info = True
    return litellm


def completion_kwargs(model: str, messages: list[dict[str, Any]], timeout: float, api_base: str | None,
                      extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """litellm `completion` arguments for one call, at temperature 0.

    Retries are the caller's (the summarizer's, with backoff and fallbacks; the judge
    makes one attempt): litellm's own (num_retries) and the OpenAI client's
    (max_retries, 2 by default) are off, or retries=0 sent 3 requests and a 3 s timeout
    took 11-16 s.
    """
    kw: dict[str, Any] = {"model": model, "messages": messages, "temperature": 0, "timeout": timeout,
                          "drop_params": True, "num_retries": 0, "max_retries": 0, **(extra or {})}
    if api_base:
        kw["api_base"] = api_base
    return kw


class LiteLLMSummarizer:
    """Any model litellm accepts; temperature 0; retries with exponential backoff and
    jitter (Eino Retry, default 3), then failover to the next model (Eino Failover).

    On total failure raises SummaryFailed and nothing is applied (Sagents). A summary
    that is empty is retried; one that is not shorter than what it replaces is
    rejected and the next model is tried (temperature 0: the same model would answer
    the same). The decisions are `inspector.engine.summarize.retry`'s; this class
    makes the calls and waits.

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
        self.policy = RetryPolicy(tuple(models), retries, backoff_seconds, max_backoff_seconds)
        self.models = list(models)
        self.name = self.models[0]
        self.api_base = api_base or None
        self.retries = retries
        self.timeout = timeout_seconds
        self._completion = completion
        self._acompletion = acompletion
        self._sleep = sleep
        self._asleep = asleep
        self._rng = rng or random.Random()
        self.extra = extra or {}

    @property
    def backoff(self) -> float:
        """Seconds before the first retry (doubling for each next one, with jitter)."""
        return self.policy.backoff_seconds

    @property
    def max_backoff(self) -> float:
        """The longest wait between two attempts."""
        return self.policy.max_backoff_seconds

    def __repr__(self) -> str:
        return f"LiteLLMSummarizer({self.models!r}, retries={self.retries})"

    def _kwargs(self, call: Call) -> dict[str, Any]:
        return completion_kwargs(call.model, call.messages, self.timeout, self.api_base, self.extra)

    def delay(self, retry: int) -> float:
        """Seconds to wait before retry number `retry` (0-based): the exponential step
        backoff * 2**retry, times a jitter factor drawn from [0.5, 1.5), capped."""
        return self.policy.delay(retry, self._rng.random())

    @staticmethod
    def _reply(response: Any) -> Reply:
        """The text and token usage of a litellm response (an object or a dict)."""
        choices = response["choices"] if isinstance(response, dict) else response.choices
        if not choices:
            return Reply("")
        choice = choices[0]
        msg = choice["message"] if isinstance(choice, dict) else choice.message
        content = msg.get("content") if isinstance(msg, dict) else msg.content
        usage = response.get("usage") if isinstance(response, dict) else getattr(response, "usage", None)
        if isinstance(usage, dict):
            pin, pout = _tokens(usage.get("prompt_tokens")), _tokens(usage.get("completion_tokens"))
        else:
            pin = _tokens(getattr(usage, "prompt_tokens", 0)) if usage else 0
            pout = _tokens(getattr(usage, "completion_tokens", 0)) if usage else 0
        # what a model returns is shown and stored: no escape sequence gets through
        return Reply(visible(content or "", newlines=True), pin, pout)

    def _steps(self, request: SummaryRequest, on_event: EventHandler | None) -> Generator[Step, Reply | None,
                                                                                        SummaryResult]:
        return summary_steps(request, self.policy, on_event or ignore, self._rng.random)

    def _perform(self, step: Step) -> Reply | None:
        """One step of the retry steps, blocking: the call (litellm's `completion`, or
        the injected one) or the wait."""
        if isinstance(step, Sleep):
            self._sleep(step.seconds)
            return None
        completion = self._completion or _import_litellm().completion
        with warnings.catch_warnings():  # pydantic's, on a malformed reply
            warnings.simplefilter("ignore")
            return self._reply(completion(**self._kwargs(step)))

    async def _aperform(self, step: Step) -> Reply | None:
        """`_perform` on the event loop (`acompletion`, `asyncio.sleep`)."""
        if isinstance(step, Sleep):
            await (self._asleep or asyncio.sleep)(step.seconds)
            return None
        acompletion = self._acompletion or _import_litellm().acompletion
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return self._reply(await acompletion(**self._kwargs(step)))

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        """Summarize `request`, blocking (see the class docstring)."""
        return drive(self._steps(request, on_event), self._perform)

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        """Summarize `request` on the event loop (see the class docstring)."""
        if self._acompletion is None and self._completion is not None:
            # An injected sync fake: run it in a thread so the loop stays free.
            return await asyncio.to_thread(self.summarize, request, on_event)
        return await adrive(self._steps(request, on_event), self._aperform)


def summarizer_for(config: Any, **kwargs: Any) -> Summarizer:
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


# ------------------------------------------------------------------------------ judge


class JudgeUnavailable(Exception):
    """The judge model cannot be called (its API key is not set): nothing was sent."""


class JudgeFailed(Exception):
    """A call to the judge model failed (network, provider, rate limit)."""


class Judge:
    """One model that answers and grades probe questions (`inspector eval`), through
    litellm at temperature 0, one attempt per call (a failed call fails the check).

    `completion` replaces litellm's function (tests pass one that adds litellm's
    `mock_response`); without it, the model's API key must be set.
    """

    def __init__(self, model: str, *, api_base: str | None = None, timeout_seconds: float = 120.0,
                 completion: Callable[..., Any] | None = None):
        if not model:
            raise JudgeUnavailable("no judge model given")
        self.model = model
        self.api_base = api_base or None
        self.timeout = timeout_seconds
        self._completion = completion
        self.input_tokens = 0
        self.output_tokens = 0

    def check(self) -> None:
        """Raise JudgeUnavailable when the model's API key is missing, before any call."""
        if self._completion is not None or self.api_base:
            return
        try:
            env = _import_litellm().validate_environment(model=self.model)
        except Exception as exc:  # an unknown provider prefix: litellm says which
            raise JudgeUnavailable(f"judge model {self.model!r}: {exc}") from None
        # API bases (ollama's) default to localhost; only a missing key is fatal.
        keys = [k for k in env.get("missing_keys") or [] if k.endswith("_KEY") or k.endswith("_TOKEN")]
        if keys:
            raise JudgeUnavailable(f"judge model {self.model!r} needs {', '.join(keys)} (not set)")

    def ask(self, messages: list[dict[str, str]]) -> str:
        """The model's reply to `messages` (its token usage added to the totals).

        Raises:
            JudgeFailed: the call failed.
        """
        completion = self._completion or _import_litellm().completion
        kw = completion_kwargs(self.model, messages, self.timeout, self.api_base)
        try:
            with warnings.catch_warnings():  # pydantic's serializer warnings on a malformed reply
                warnings.simplefilter("ignore")
                reply = LiteLLMSummarizer._reply(completion(**kw))
        except Exception as exc:
            raise JudgeFailed(f"judge model {self.model!r} failed: {type(exc).__name__}: {one_line(exc)}") from None
        self.input_tokens += reply.input_tokens
        self.output_tokens += reply.output_tokens
        return reply.text


def _tokens(value: Any) -> int:
    """A token count from a provider's usage object: a whole number >= 0, else 0 (a
    malformed usage costs the totals nothing rather than failing the call)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    if isinstance(value, float) and not value.is_integer():
        return 0
    return max(0, int(value))


def one_line(error: BaseException, limit: int = 300) -> str:
    """An exception's message as one line of at most `limit` characters: litellm puts
    whole tracebacks and provider bodies in its messages."""
    text = str(error)
    cut = text.find("Traceback (most recent call last)")
    if cut >= 0:
        text = text[:cut]
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


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
                loaded: dict[str, Any] = json.load(fh)
                return loaded
    return {}


_PRICES: dict[str, Any] | None = None


def model_price(model: str) -> tuple[float, float] | None:
    """(USD per input token, USD per output token) from litellm's local price map, or
    None when the model is not in it."""
    prices = token_prices(model)
    return None if prices is None else (prices.input, prices.output)


def token_prices(model: str) -> Prices | None:
    """A model's per-token prices from litellm's local price map (input, output, cache
    read, cache write), for `inspector.engine.replay`; None when the model is unknown."""
    global _PRICES
    if _PRICES is None:
        _PRICES = _price_map()
    entry = _PRICES.get(model) or _PRICES.get(model.split("/", 1)[-1])
    if not entry or not isinstance(entry, dict):
        return None

    def get(key: str) -> float | None:
        value = entry.get(key)
        return float(value) if isinstance(value, int | float) else None

    return Prices(input=get("input_cost_per_token") or 0.0, output=get("output_cost_per_token") or 0.0,
                  cache_read=get("cache_read_input_token_cost"),
                  cache_write=get("cache_creation_input_token_cost"))


def model_output_limit(model: str) -> int | None:
    """The most tokens a model may generate in one reply (`max_output_tokens`, else
    `max_tokens`, in litellm's local model map, read without importing litellm); None
    when the model is not in it.

    Args:
        model: a model name, with or without a provider prefix (`anthropic/...`).

    Returns:
        The limit in tokens, or None.
    """
    global _PRICES
    if _PRICES is None:
        _PRICES = _price_map()
    entry = _PRICES.get(model) or _PRICES.get(model.split("/", 1)[-1])
    if not isinstance(entry, dict):
        # litellm's own lookup knows provider aliases the bare map lacks (its local map:
        # LITELLM_LOCAL_MODEL_COST_MAP, set by _import_litellm; no network)
        try:
            entry = dict(_import_litellm().get_model_info(model))
        except Exception:  # litellm raises a bare Exception for an unmapped model
            return None
    for key in ("max_output_tokens", "max_tokens"):
        value = entry.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None


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
        """One line: the model, the tokens in and out, and the cost (or why it is unknown)."""
        if self.model == EXTRACTIVE:
            return "extractive summary: offline, no cost"
        cost = f"${self.usd:.4f}" if self.usd is not None else "price unknown (not in litellm's price map)"
        return (f"{self.model}: {self.input_tokens:,} input + ~{self.output_tokens:,} output tokens, "
                f"{cost}")


def estimate_request_cost(model: str, requests: Sequence[SummaryRequest]) -> CostEstimate:
    """What summarizing `requests` with `model` would cost, from litellm's local price map.

    Args:
        model: the summary model; empty or `extractive` costs nothing.
        requests: the summary requests a plan makes.

    Returns:
        The token counts and the price (None when the model is not in the price map).
    """
    tin = sum(r.input_tokens() for r in requests)
    tout = sum(summary_share_tokens(r.max_words) for r in requests)
    if not model or model == EXTRACTIVE:
        return CostEstimate(EXTRACTIVE, tin, 0, 0.0)
    return CostEstimate(model, tin, tout, estimate_cost(model, tin, tout))
