"""The offline summarizer's fit to the word budget is linear in the session size
(issue 15: it removed one item at a time, re-rendering the whole text: `apply` on
100,000 messages did not finish in 590 s) and drops exactly what it dropped before."""

from __future__ import annotations

import random

import pytest

from inspector.engine.models import Message, Part, ToolCall
from inspector.engine.summarize import extractive


def _reference_fit(sections, max_words, count=None, max_tokens=None) -> str:
    """The quadratic loop as it was (one item per iteration), for comparison."""
    def over(t):
        return len(t.split()) > max_words or (count is not None and max_tokens is not None and count(t) > max_tokens)

    def render(secs):
        out = ["(extractive summary, generated offline without a model)"]
        for title, items in secs:
            if items:
                out.append(f"{title}:")
                out.extend(f"- {x}" for x in items)
        return "\n".join(out)

    secs = [(t, list(items)) for t, items in sections]
    text = render(secs)
    while over(text):
        longest = max(range(len(secs)), key=lambda k: len(secs[k][1]))
        title, items = secs[longest]
        if len(items) <= 1:
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


def _sections(rng: random.Random) -> list[tuple[str, list[str]]]:
    def item():
        return " ".join(rng.choice(["fix", "the", "test", "x", "α", "long-word", ""]) for _ in range(rng.randint(0, 12)))

    out = []
    if rng.random() < 0.5:
        out.append(("Earlier summary", [item()]))
    out.append(("User requests", [item() for _ in range(rng.randint(0, 40))]))
    out.append(("Assistant conclusions", [item() for _ in range(rng.randint(0, 12))]))
    if rng.random() < 0.5:
        out.append(("Tools used", [item()]))
    if rng.random() < 0.5:
        out.append(("Errors seen", [item() for _ in range(rng.randint(1, 8))]))
    return out


@pytest.mark.parametrize("seed", range(300))
def test_the_fit_drops_exactly_what_the_old_loop_dropped(seed):
    rng = random.Random(seed)
    sections = _sections(rng)
    words = rng.choice([5, 20, 60, 150, 300, 2000])
    assert extractive._fit_words(sections, words) == _reference_fit(sections, words)
    count = len  # a token budget too: characters as "tokens"
    tokens = rng.choice([40, 200, 1000])
    assert extractive._fit_words(sections, words, count, tokens) == _reference_fit(sections, words, count, tokens)


def test_the_fit_renders_a_bounded_number_of_times_on_a_huge_session(monkeypatch):
    """50,000 user requests: the text is rendered and checked a handful of times, not
    once per dropped request (no wall-clock assertion)."""
    messages = []
    for k in range(50_000):
        messages.append(Message(role="user", parts=[Part(text=f"please run step {k} of the migration")]))
        messages.append(Message(role="assistant", parts=[Part(text=f"Step {k} done.")],
                                tool_calls=[ToolCall(id=f"c{k}", name="bash", arguments_raw="{}")] if k % 7 == 0 else []))
    checks = 0

    def count(text: str) -> int:  # called once per check of a rendered text
        nonlocal checks
        checks += 1
        return 0

    text = extractive.ExtractiveSummarizer.build(messages, None, 300, count=count, max_tokens=10**9)
    assert checks < 50, checks
    assert "please run step 0 of the migration" in text  # the first request kept
    assert "please run step 49999 of the migration" in text  # and the latest
    assert len(text.split()) <= 300
