"""Summarizers: the offline extractive one and LiteLLM (any provider).

litellm is imported lazily, inside the first summary call, with its price map kept
local (`LITELLM_LOCAL_MODEL_COST_MAP=True`): importing the engine never imports it.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .models import Message

EXTRACTIVE = "extractive"


@dataclass
class SummaryEvent:
    """Emitted around summarization (Eino's BeforeSummarize / GenerateSummary / AfterSummarize)."""

    kind: str  # "before" | "attempt" | "after" | "failed"
    key: str
    model: str = ""
    phase: str = ""  # "primary" | "failover" (Eino GenerateSummaryPhase)
    attempt: int = 0
    error: str | None = None
    chunk: int = 0
    chunks: int = 1
    text: str | None = None


EventHandler = Callable[[SummaryEvent], None]


@dataclass
class SummaryRequest:
    key: str
    messages: list[Message]  # the messages to summarize, as the model currently sees them
    previous_summary: str | None
    prompt_template: str
    system_prompt: str
    max_words: int
    replaced_tokens: int
    count: Callable[[str], int]  # the plan's counter, for the "shorter" check
    max_input_tokens: int = 100_000

    def conversation_text(self, messages: Sequence[Message] | None = None, previous: str | None = None) -> str:
        msgs = self.messages if messages is None else messages
        prev = self.previous_summary if previous is None else previous
        body = format_conversation(msgs)
        if prev:
            return f"Summary of the earlier conversation:\n{prev}\n\nNew messages:\n{body}"
        return body

    def render(self, conversation_text: str) -> str:
        return self.prompt_template.replace("{max_summary_words}", str(self.max_words)).replace(
            "{conversation_text}", conversation_text
        )


@dataclass
class SummaryResult:
    text: str
    model: str
    extractive: bool
    attempts: int = 1
    input_tokens: int = 0
    output_tokens: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return "extractive (offline, no model)" if self.extractive else f"model {self.model}"


class SummaryRejected(ValueError):
    """A summary that is empty or not shorter than what it replaces."""


class SummaryFailed(RuntimeError):
    """Every model and retry failed; nothing is applied."""

    def __init__(self, message: str, errors: list[str]):
        super().__init__(message)
        self.errors = errors


@runtime_checkable
class Summarizer(Protocol):
    name: str
    extractive: bool

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult: ...

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult: ...


def check_summary(text: str | None, request: SummaryRequest) -> str:
    """The summary text if acceptable, else SummaryRejected."""
    text = (text or "").strip()
    if not text:
        raise SummaryRejected("the summary is empty")
    tokens = request.count(text)
    if tokens >= request.replaced_tokens:
        raise SummaryRejected(
            f"the summary ({tokens:,} tokens) is not shorter than the {request.replaced_tokens:,} "
            "tokens it replaces"
        )
    return text


# ------------------------------------------------------------------------- formatting


def format_conversation(messages: Sequence[Message], max_result_chars: int = 4000) -> str:
    """trpc's default transcript: role lines, `[Called tool: ...]`, `[tool returned: ...]`."""
    lines: list[str] = []
    for m in messages:
        if m.role == "tool":
            text = m.text
            if len(text) > max_result_chars:
                half = max_result_chars // 2
                text = f"{text[:half]}\n[... {len(text) - 2 * half:,} characters omitted ...]\n{text[-half:]}"
            lines.append(f"[{m.name or 'tool'} returned: {text}]")
            continue
        text = m.text
        if text:
            lines.append(f"{m.role}: {text}")
        for c in m.tool_calls:
            args = c.arguments_raw
            if len(args) > max_result_chars:
                args = args[:max_result_chars] + "..."
            lines.append(f"[Called tool: {c.name} with args: {args}]")
    return "\n".join(lines)


# ------------------------------------------------------------------------- extractive

_ERROR_RE = re.compile(r"(error|exception|traceback|failed|failure|not found|denied|fatal)", re.I)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")


def _first_line(text: str, limit: int) -> str:
    line = " ".join(text.strip().split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "\u2026"


class ExtractiveSummarizer:
    """Offline and deterministic: user requests, the assistant's conclusions, tools used
    and errors, within the word budget. Always labelled as extractive."""

    name = EXTRACTIVE
    extractive = True

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        emit = on_event or (lambda e: None)
        emit(SummaryEvent("before", request.key, model=self.name))
        emit(SummaryEvent("attempt", request.key, model=self.name, phase="primary", attempt=1))
        text = self.build(request.messages, request.previous_summary, request.max_words or 300)
        text = check_summary(text, request)
        emit(SummaryEvent("after", request.key, model=self.name, text=text))
        return SummaryResult(text=text, model=self.name, extractive=True)

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        return self.summarize(request, on_event)

    @staticmethod
    def build(messages: Sequence[Message], previous: str | None, max_words: int) -> str:
        requests: list[str] = []
        conclusions: list[str] = []
        tools: dict[str, int] = {}
        errors: list[str] = []
        for m in messages:
            if m.role == "user" and m.kind == "message":
                if m.text.strip():
                    requests.append(_first_line(m.text, 240))
            elif m.role == "assistant":
                for c in m.tool_calls:
                    tools[c.name] = tools.get(c.name, 0) + 1
                text = m.text.strip()
                if text:
                    sentences = [s for s in _SENTENCE_RE.split(text) if s.strip()]
                    conclusions.append(_first_line(sentences[-1] if sentences else text, 200))
            elif m.role == "tool":
                for line in m.text.splitlines():
                    if _ERROR_RE.search(line):
                        errors.append(f"{m.name or 'tool'}: {_first_line(line, 160)}")
                        break
        sections: list[tuple[str, list[str]]] = []
        if previous:
            sections.append(("Earlier summary", [_first_line(previous, 1200)]))
        sections.append(("User requests", _dedupe(requests)))
        sections.append(("Assistant conclusions", _dedupe(conclusions)[-12:]))
        if tools:
            used = sorted(tools.items(), key=lambda kv: (-kv[1], kv[0]))
            sections.append(("Tools used", [", ".join(f"{k} \u00d7{v}" for k, v in used)]))
        if errors:
            sections.append(("Errors seen", _dedupe(errors)[-8:]))
        return _fit_words(sections, max_words)


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for x in items:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def _fit_words(sections: list[tuple[str, list[str]]], max_words: int) -> str:
    """Render sections as bullet lists, trimming items (oldest requests and conclusions
    last-kept) until the word budget holds."""
    def render(secs):
        out = ["(extractive summary, generated offline without a model)"]
        for title, items in secs:
            if items:
                out.append(f"{title}:")
                out.extend(f"- {x}" for x in items)
        return "\n".join(out)

    secs = [(t, list(items)) for t, items in sections]
    text = render(secs)
    while len(text.split()) > max_words:
        # Drop from the longest section, keeping the first user request and the
        # latest conclusions, which matter most for continuing.
        longest = max(range(len(secs)), key=lambda k: len(secs[k][1]))
        title, items = secs[longest]
        if len(items) <= 1:
            words = text.split()[:max_words]
            return " ".join(words)
        if title == "User requests":
            items.pop(1 if len(items) > 1 else 0)
        else:
            items.pop(0)
        text = render(secs)
    return text


# ---------------------------------------------------------------------------- LiteLLM

_NO_RETRY = ("AuthenticationError", "PermissionDeniedError", "NotFoundError", "BadRequestError",
             "ContextWindowExceededError", "ContentPolicyViolationError", "UnsupportedParamsError")


def _import_litellm():
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm  # noqa: PLC0415 - deliberately lazy (seconds of import time)

    litellm.suppress_debug_info = True
    return litellm


class LiteLLMSummarizer:
    """Any model litellm accepts; retries with exponential backoff and jitter, then
    failover to the next model. On total failure raises SummaryFailed."""

    extractive = False

    def __init__(
        self,
        models: Sequence[str],
        *,
        api_base: str | None = None,
        retries: int = 3,
        backoff_seconds: float = 1.0,
        timeout_seconds: float = 120.0,
        completion: Callable[..., Any] | None = None,
        acompletion: Callable[..., Any] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        extra: dict[str, Any] | None = None,
    ):
        if not models:
            raise ValueError("LiteLLMSummarizer needs at least one model")
        self.models = list(models)
        self.name = self.models[0]
        self.api_base = api_base or None
        self.retries = retries
        self.backoff = backoff_seconds
        self.timeout = timeout_seconds
        self._completion = completion
        self._acompletion = acompletion
        self._sleep = sleep
        self._rng = rng or random.Random(0)
        self.extra = extra or {}

    # -- shared
    def _messages(self, request: SummaryRequest, conversation_text: str) -> list[dict[str, str]]:
        msgs = []
        if request.system_prompt:
            msgs.append({"role": "system", "content": request.system_prompt.replace(
                "{max_summary_words}", str(request.max_words))})
        msgs.append({"role": "user", "content": request.render(conversation_text)})
        return msgs

    def _kwargs(self, model: str, messages: list[dict[str, str]]) -> dict[str, Any]:
        kw: dict[str, Any] = {"model": model, "messages": messages, "temperature": 0,
                              "timeout": self.timeout, **self.extra}
        if self.api_base:
            kw["api_base"] = self.api_base
        return kw

    def _delay(self, attempt: int) -> float:
        base = self.backoff * (2 ** attempt)
        return base * (0.5 + self._rng.random())  # full jitter around the exponential step

    def _attempts(self):
        for k, model in enumerate(self.models):
            phase = "primary" if k == 0 else "failover"
            for attempt in range(self.retries + 1):
                yield model, phase, attempt

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
        choice = response.choices[0]
        msg = choice.message if hasattr(choice, "message") else choice["message"]
        content = msg.content if hasattr(msg, "content") else msg.get("content")
        usage = getattr(response, "usage", None)
        pin = getattr(usage, "prompt_tokens", 0) or 0 if usage else 0
        pout = getattr(usage, "completion_tokens", 0) or 0 if usage else 0
        return content or "", pin, pout

    def _steps(self, request: SummaryRequest, emit: EventHandler):
        """The retry/failover state machine, shared by the sync and async drivers.

        Yields ("call", kwargs) expecting the response (or an exception thrown in), and
        ("sleep", seconds); returns the SummaryResult.
        """
        chunks = self._chunks(request)
        previous = request.previous_summary
        total_attempts = 0
        tin = tout = 0
        used_model = self.models[0]
        for ci, chunk in enumerate(chunks):
            last_chunk = ci == len(chunks) - 1
            emit(SummaryEvent("before", request.key, model=self.models[0], chunk=ci, chunks=len(chunks)))
            errors: list[str] = []
            text = None
            skip_model: str | None = None
            for model, phase, attempt in self._attempts():
                if model == skip_model:
                    continue
                total_attempts += 1
                emit(SummaryEvent("attempt", request.key, model=model, phase=phase, attempt=attempt + 1,
                                  chunk=ci, chunks=len(chunks)))
                try:
                    conv = request.conversation_text(chunk, previous)
                    resp = yield ("call", self._kwargs(model, self._messages(request, conv)))
                    raw, pin, pout = self._text(resp)
                    tin += pin
                    tout += pout
                    if last_chunk:
                        text = check_summary(raw, request)
                    else:
                        text = (raw or "").strip()
                        if not text:
                            raise SummaryRejected("the summary is empty")
                    used_model = model
                    break
                except Exception as exc:  # provider errors are many; all are reported
                    err = f"{model} ({phase}, attempt {attempt + 1}): {type(exc).__name__}: {exc}"
                    errors.append(err)
                    emit(SummaryEvent("attempt", request.key, model=model, phase=phase,
                                      attempt=attempt + 1, error=err, chunk=ci, chunks=len(chunks)))
                    if type(exc).__name__ in _NO_RETRY:
                        skip_model = model  # retrying cannot help; go to the next model
                        continue
                    if attempt < self.retries:
                        yield ("sleep", self._delay(attempt))
            if text is None:
                emit(SummaryEvent("failed", request.key, error=errors[-1] if errors else None))
                raise SummaryFailed(
                    f"summary failed after {total_attempts} attempt(s) on {', '.join(self.models)}: "
                    f"{errors[-1] if errors else 'no attempt made'}", errors)
            previous = text
        emit(SummaryEvent("after", request.key, model=used_model, text=previous))
        return SummaryResult(text=previous or "", model=used_model, extractive=False,
                             attempts=total_attempts, input_tokens=tin, output_tokens=tout)

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        completion = self._completion or _import_litellm().completion
        steps = self._steps(request, on_event or (lambda e: None))
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
        steps = self._steps(request, on_event or (lambda e: None))
        send: Any = None
        error: BaseException | None = None
        while True:
            try:
                op, arg = steps.throw(error) if error else steps.send(send)
            except StopIteration as stop:
                return stop.value
            send, error = None, None
            if op == "sleep":
                await asyncio.sleep(arg)
                continue
            try:
                send = await acompletion(**arg)
            except Exception as exc:
                error = exc


def summarizer_for(config, **kwargs: Any) -> Summarizer:
    """The summarizer a config asks for: LiteLLM when a model is set, else extractive."""
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


def estimate_cost(model: str, input_tokens: int, output_tokens: int = 0) -> float | None:
    """USD for a call, from litellm's local price map; None when the model is unknown."""
    global _PRICES
    if not model or model == EXTRACTIVE:
        return 0.0
    if _PRICES is None:
        _PRICES = _price_map()
    entry = _PRICES.get(model) or _PRICES.get(model.split("/", 1)[-1])
    if not entry:
        return None
    cin = entry.get("input_cost_per_token") or 0.0
    cout = entry.get("output_cost_per_token") or 0.0
    return input_tokens * cin + output_tokens * cout
