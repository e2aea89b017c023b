"""Summarizers: the offline extractive one and LiteLLM (any provider).

litellm is imported lazily, inside the first summary call, with its price map kept
local (`LITELLM_LOCAL_MODEL_COST_MAP=True`): importing the engine never imports it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from inspector.engine.models import Message

EXTRACTIVE = "extractive"
TOKENS_PER_WORD_EST = 1.35


@dataclass
class SummaryEvent:
    """Emitted around summarization (Eino's BeforeSummarize / GenerateSummary / AfterSummarize).

    kind:
      "before"  once per summary call range (per chunk), before the first attempt;
                `input_tokens` is the size of the prompt sent.
      "attempt" after each model call, success or not (Eino GenerateSummary): `phase`
                is "primary" or "failover", `attempt` counts from 1 per model; on
                failure `error` says why, `next` is "retry" (after `delay` seconds),
                "failover" or "give up".
      "after"   once, with the accepted summary `text`.
      "failed"  once, when every model and retry failed (nothing is applied).
    """

    kind: str  # "before" | "attempt" | "after" | "failed"
    key: str
    model: str = ""
    phase: str = ""  # "primary" | "failover" (Eino GenerateSummaryPhase)
    attempt: int = 0
    error: str | None = None
    chunk: int = 0
    chunks: int = 1
    text: str | None = None
    delay: float = 0.0
    next: str = ""
    input_tokens: int = 0

    def describe(self) -> str:
        """One line for a progress display."""
        where = f" (part {self.chunk + 1}/{self.chunks})" if self.chunks > 1 else ""
        if self.kind == "before":
            if self.model == EXTRACTIVE:
                return f"summarizing offline (extractive){where}"
            return f"summarizing with {self.model}{where}: {self.input_tokens:,} input tokens"
        if self.kind == "attempt":
            if self.error is None:
                return f"{self.model}: attempt {self.attempt} ({self.phase}) succeeded{where}"
            then = {"retry": f"retrying in {self.delay:.1f}s", "failover": "trying the next model",
                    "give up": "no model left"}.get(self.next, self.next)
            return f"{self.error}; {then}"
        if self.kind == "after":
            return f"summary ready from {self.model}{where}"
        if self.kind == "failed":
            return f"summary failed: {self.error}"
        return self.kind


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
    # Tokens the summary message adds around the text (framing, preamble, recovery
    # hint, continuation instruction): the whole message must be shorter.
    overhead_tokens: int = 0
    # Exact check, when the caller knows how the summary is written: text -> tokens the
    # summary message adds (preserved messages included), compared with everything
    # the summary stands for (`total_replaced_tokens`).
    measure: Callable[[str], int] | None = None
    total_replaced_tokens: int = 0

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

    def prompt_messages(self, conversation_text: str | None = None) -> list[dict[str, str]]:
        """The chat messages sent to a summary model (system prompt, then the prompt)."""
        conv = self.conversation_text() if conversation_text is None else conversation_text
        msgs = []
        if self.system_prompt:
            msgs.append({"role": "system", "content": self.system_prompt.replace(
                "{max_summary_words}", str(self.max_words))})
        msgs.append({"role": "user", "content": self.render(conv)})
        return msgs

    def input_tokens(self) -> int:
        """Prompt tokens of the summary call (all chunks, if the range is split)."""
        return sum(self.count(m["content"]) + 4 for m in self.prompt_messages())


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
    """A summary that is empty or not shorter than what it replaces; never applied.

    `retryable`: an empty answer may be transient (retry the model); a summary that is
    too long comes back the same at temperature 0 (go to the next model)."""

    def __init__(self, message: str, retryable: bool = False):
        super().__init__(message)
        self.retryable = retryable


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
        raise SummaryRejected("the summary is empty", retryable=True)
    tokens = request.count(text)
    if request.measure is not None and request.total_replaced_tokens:
        total = request.measure(text)
        if total >= request.total_replaced_tokens:
            raise SummaryRejected(
                f"the summary message ({total:,} tokens with its preamble and the messages it carries) "
                f"is not shorter than the {request.total_replaced_tokens:,} tokens it replaces")
        return text
    if tokens + request.overhead_tokens >= request.replaced_tokens:
        framed = f", {tokens + request.overhead_tokens:,} with its preamble" if request.overhead_tokens else ""
        raise SummaryRejected(
            f"the summary ({tokens:,} tokens{framed}) is not shorter than the {request.replaced_tokens:,} "
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
        emit = on_event or _ignore
        emit(SummaryEvent("before", request.key, model=self.name))
        # Aim well under what is replaced (half of it), so a small range still gets a
        # usable summary; the budget is in the plan's own tokens, not only words.
        # Also within the words' worth of tokens the planner estimated for it.
        words = request.max_words or 300
        room = request.replaced_tokens - request.overhead_tokens
        max_tokens = max(8, min(room // 2, math.ceil(words * TOKENS_PER_WORD_EST)))
        text = self.build(request.messages, request.previous_summary, words,
                          count=request.count, max_tokens=max_tokens)
        try:
            text = check_summary(text, request)
        except SummaryRejected as exc:
            emit(SummaryEvent("attempt", request.key, model=self.name, phase="primary", attempt=1,
                              error=f"{self.name}: {exc}", next="give up"))
            emit(SummaryEvent("failed", request.key, model=self.name, error=str(exc), attempt=1))
            raise
        emit(SummaryEvent("attempt", request.key, model=self.name, phase="primary", attempt=1, text=text))
        emit(SummaryEvent("after", request.key, model=self.name, text=text, attempt=1))
        return SummaryResult(text=text, model=self.name, extractive=True)

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        return self.summarize(request, on_event)

    @staticmethod
    def build(messages: Sequence[Message], previous: str | None, max_words: int,
              count: Callable[[str], int] | None = None, max_tokens: int | None = None) -> str:
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
        return _fit_words(sections, max_words, count, max_tokens)


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for x in items:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def _drop_to_word_budget(secs: list[tuple[str, list[str]]], max_words: int,
                         render: Callable[[list[tuple[str, list[str]]]], str]) -> None:
    """Drop items from `secs` (in place) exactly as `_fit_words`' loop would, until the
    rendered text's word count is within `max_words` or one item per section is left,
    in one pass: the words are counted per item and kept as a running total instead
    of rendering and splitting the whole text after each drop (quadratic: 100,000
    messages never finished)."""
    head = len(render([]).split())
    words = [[1 + len(x.split()) for x in items] for _, items in secs]  # "- " + item
    title = [len(f"{t}:".split()) for t, _ in secs]
    total = head + sum(title[k] + sum(w) for k, w in enumerate(words) if w)
    dropped = [0] * len(secs)
    left = [len(items) for _, items in secs]
    while total > max_words:
        longest = max(range(len(secs)), key=lambda k: left[k])
        if left[longest] <= 1:
            break  # the caller cuts the text itself
        # the same item the loop drops: the second user request, else the oldest
        index = 1 + dropped[longest] if secs[longest][0] == "User requests" else dropped[longest]
        total -= words[longest][index]
        dropped[longest] += 1
        left[longest] -= 1
    for k, (t, items) in enumerate(secs):
        n = dropped[k]
        if n:
            items[:] = items[:1] + items[1 + n:] if t == "User requests" else items[n:]


def _fit_words(sections: list[tuple[str, list[str]]], max_words: int,
               count: Callable[[str], int] | None = None, max_tokens: int | None = None) -> str:
    """Render sections as bullet lists, trimming items (oldest requests and conclusions
    last-kept) until the word budget (and the token budget, when given) holds."""
    def over(t: str) -> bool:
        return len(t.split()) > max_words or (count is not None and max_tokens is not None
                                                and count(t) > max_tokens)

    def render(secs):
        out = ["(extractive summary, generated offline without a model)"]
        for title, items in secs:
            if items:
                out.append(f"{title}:")
                out.extend(f"- {x}" for x in items)
        return "\n".join(out)

    secs = [(t, list(items)) for t, items in sections]
    _drop_to_word_budget(secs, max_words, render)
    text = render(secs)
    while over(text):
        # Drop from the longest section, keeping the first user request and the
        # latest conclusions, which matter most for continuing.
        longest = max(range(len(secs)), key=lambda k: len(secs[k][1]))
        title, items = secs[longest]
        if len(items) <= 1:
            # One item per section left: cut the text itself until it fits.
            text = " ".join(text.split()[:max_words])
            lo, hi = 0, len(text)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if over(text[:mid]):
                    hi = mid - 1
                else:
                    lo = mid
            return text[:lo].rstrip()
        if title == "User requests":
            items.pop(1 if len(items) > 1 else 0)
        else:
            items.pop(0)
        text = render(secs)
    return text


def _ignore(event: SummaryEvent) -> None:
    return None
