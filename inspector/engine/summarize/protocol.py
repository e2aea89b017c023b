"""What a summarizer is: the request it gets, the result and events it gives, the
errors, and the check every summary passes before it is applied.

No network here: the LiteLLM summarizer lives in `inspector.llm`, driving the
sans-IO retry steps of `inspector.engine.summarize.retry`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from inspector.engine.models import Message

EXTRACTIVE = "extractive"
# Words -> tokens, to size a summary before it exists (English prose averages about
# 1.3 tokens per word with o200k/cl100k): the planner's estimate, the extractive
# summarizer's budget and the cost estimate all use it.
TOKENS_PER_WORD = 1.35


def summary_share_tokens(max_words: int | None) -> int:
    """Tokens a summary's own text may take for a word limit (300 when unset): what the
    planner reserves, the summarizers aim at and the budget invariant checks."""
    return math.ceil((max_words or 300) * TOKENS_PER_WORD)
# What ends a text trimmed to its token share.
TRIM_MARK = " [\u2026]"


def trim_to_tokens(text: str, limit: int, count: Callable[[str], int]) -> str:
    """`text` cut at a word boundary so that it (with a trailing marker) fits `limit`
    tokens; unchanged when it already fits.

    Args:
        text: the text to trim.
        limit: the token share it may take.
        count: the plan's counter (`TokenCounter.count`).

    Returns:
        The text, or its longest fitting prefix ending with `TRIM_MARK`.
    """
    if limit <= 0 or count(text) <= limit:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix whose trimmed form fits
        mid = (lo + hi + 1) // 2
        if count(text[:mid].rstrip() + TRIM_MARK) <= limit:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    space = max(cut.rfind(" "), cut.rfind("\n"))
    if space > lo // 2:
        cut = cut[:space]
    return cut.rstrip() + TRIM_MARK if cut.strip() else ""


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
      "kept"    after "failed", under summarization.on_failure = "keep": the messages are
                kept and only the reductions that need no model are applied.
      "fallback" at runtime under on_failure = "keep", when the result would break an
                invariant: `error` names it, `text` says what was applied instead.
    """

    kind: str  # "before" | "attempt" | "after" | "failed" | "kept" | "fallback"
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
        if self.kind == "kept":
            return "summary failed: keeping the messages it would have replaced (on_failure = keep)"
        if self.kind == "fallback":
            return f"compaction failed ({self.error}): applied {self.text} instead (on_failure = keep)"
        return self.kind


EventHandler = Callable[[SummaryEvent], None]


@dataclass
class SummaryRequest:
    """What to summarize and how: the messages, the previous summary, the prompt and the budget."""

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
    # The summary text's token share in the plan: a longer text is trimmed to it before
    # it is accepted, so what was planned is what is applied (0 = no share).
    max_text_tokens: int = 0

    def conversation_text(self, messages: Sequence[Message] | None = None, previous: str | None = None) -> str:
        """The text the prompt gets: the previous summary, then the messages as a transcript.

        Args:
            messages: the messages; the request's own when None.
            previous: the previous summary; the request's own when None.

        Returns:
            The conversation as text.
        """
        msgs = self.messages if messages is None else messages
        prev = self.previous_summary if previous is None else previous
        body = format_conversation(msgs)
        if prev:
            return f"Summary of the earlier conversation:\n{prev}\n\nNew messages:\n{body}"
        return body

    def render(self, conversation_text: str) -> str:
        """The prompt: the template with the word budget and `conversation_text` filled in."""
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


@dataclass(frozen=True)
class Summarize:
    """A step of a step generator (`applier.apply_steps`, `flow.compaction`): write
    the summary `request` asks for (its range is `key`) and send back its
    `SummaryResult`, or throw in what the summarizer raised."""

    key: str
    request: SummaryRequest


@dataclass
class SummaryResult:
    """A summary made: its text, the model that wrote it, attempts and tokens, and the errors met."""

    text: str
    model: str
    extractive: bool
    attempts: int = 1
    input_tokens: int = 0
    output_tokens: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """Who wrote it: `model NAME`, or the extractive summarizer."""
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
    """What writes summaries: a model through litellm, the extractive summarizer, or a fake."""

    name: str
    extractive: bool

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        """Summarize `request`, reporting attempts and retries to `on_event`.

        Raises:
            SummaryFailed: every model and retry failed.
        """

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        """`summarize` for async callers."""


def check_summary(text: str | None, request: SummaryRequest) -> str:
    """The summary text if acceptable, else SummaryRejected."""
    text = (text or "").strip()
    if text and request.max_text_tokens:
        text = trim_to_tokens(text, request.max_text_tokens, request.count)
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
    add = lines.append
    for m in messages:
        parts = m.parts
        # `m.text` (the text parts joined by blank lines), without the property's call
        # for the usual single text part: the offload of 100,000 messages is this loop.
        if len(parts) == 1 and parts[0].type == "text":
            text = parts[0].text
        else:
            text = m.text
        if m.role == "tool":
            if len(text) > max_result_chars:
                half = max_result_chars // 2
                text = f"{text[:half]}\n[... {len(text) - 2 * half:,} characters omitted ...]\n{text[-half:]}"
            add(f"[{m.name or 'tool'} returned: {text}]")
            continue
        if text:
            add(f"{m.role}: {text}")
        for c in m.tool_calls:
            args = c.arguments_raw
            if len(args) > max_result_chars:
                args = args[:max_result_chars] + "..."
            add(f"[Called tool: {c.name} with args: {args}]")
    return "\n".join(lines)


def ignore(event: SummaryEvent) -> None:
    """The event handler used when the caller gives none."""
    return None
