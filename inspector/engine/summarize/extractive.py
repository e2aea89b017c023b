"""The offline extractive summarizer: deterministic, no model, always labelled as such."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from inspector.engine.models import Message
from inspector.engine.summarize.protocol import (
    EXTRACTIVE,
    TOKENS_PER_WORD,
    EventHandler,
    SummaryEvent,
    SummaryRejected,
    SummaryRequest,
    SummaryResult,
    check_summary,
    ignore,
)

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
        emit = on_event or ignore
        emit(SummaryEvent("before", request.key, model=self.name))
        # Aim well under what is replaced (half of it), so a small range still gets a
        # usable summary; the budget is in the plan's own tokens, not only words.
        # Also within the words' worth of tokens the planner estimated for it.
        words = request.max_words or 300
        room = request.replaced_tokens - request.overhead_tokens
        max_tokens = max(8, min(room // 2, math.ceil(words * TOKENS_PER_WORD)))
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

