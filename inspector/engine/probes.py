"""Probe questions for a model-judged fidelity check (`inspector eval`): pure, no IO.

Published evaluations of agent context compression ask a model questions whose
answers were in the part compaction removed, in four kinds, and have a judge model
grade the answers against the original:

    recall        a specific fact: the task statement, an exact error line
    artifact      which files were created, modified or read
    continuation  the last action, the user's latest requests: what comes next
    decision      what was decided and why (the assistant's stated reasons)

The facts each question is graded against come from the removed or rewritten range
only, through `fidelity`'s items on the session's content model (`engine.content`):
the task, the errors that occurred, the files worked on, the last action and its
result, the decisions; so a question is asked only where compaction could have lost
its answer, and never about an observation mistaken for a request. The same session
and compaction give the same questions; this
module only builds the prompts and reads the grades, `inspector.llm` sends them.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from inspector.engine.summarize.protocol import format_conversation

CATEGORIES = ("recall", "artifact", "continuation", "decision")
MAX_SCORE = 5
# Reference facts per question at most (the newest first): a judge grades a short list.
MAX_FACTS = 5
# Characters of each tool result the answering model sees: the compacted context is
# what the agent has, but a megabyte of log output says nothing more to a judge.
RESULT_CHARS = 20_000

QUESTIONS = {
    "recall": "What exactly was the task you were given, and which exact error messages or failing "
              "commands came up so far? Quote them.",
    "artifact": "Which files have been created, modified or read in this session so far? Give their paths.",
    "continuation": "What was the last action taken, and what has the user asked for most recently? "
                    "What should happen next?",
    "decision": "What has been decided so far in this session, and why? Name the approaches chosen "
                "and the reasons given.",
}

ANSWER_SYSTEM = ("You are the agent whose working context is given below. Answer the question from that "
                 "context only. If the context does not contain the answer, say \"not in the context\". "
                 "Be specific: quote exact file paths, commands and error messages.")
GRADE_SYSTEM = ("You grade an answer against reference facts taken from the original, uncompressed session. "
                f"Score from 0 to {MAX_SCORE}: {MAX_SCORE} when the answer contains every reference fact "
                "(paraphrase is fine; paths, commands, numbers and error messages must match), 0 when it "
                "contains none of them or says it does not know; in between, in proportion. Reply with JSON "
                f"only: {{\"score\": <0-{MAX_SCORE}>, \"reason\": \"<one sentence>\"}}")

@dataclass(frozen=True)
class Probe:
    """One question, and the facts from the original its answer is graded against."""

    category: str
    question: str
    reference: tuple[str, ...]


# Fidelity's item kinds each probe category asks about.
_FACTS = {
    "recall": ("task", "errors", "values"),
    "artifact": ("files",),
    "continuation": ("last_step", "requests"),
    "decision": ("decisions",),
}


def probes(original: Sequence[Message], compacted: Sequence[Message]) -> list[Probe]:
    """The questions to ask about what `compacted` removed or rewrote of `original`.

    The facts come from the original's content model (`engine.content`, through
    `fidelity`'s items): the task statement, the errors that occurred (never source
    lines a viewer showed), the files worked on, the last action and its result, the
    user's later requests, the agent's findings and decisions.

    Args:
        original: the session's messages before compaction.
        compacted: the messages compaction made of them.

    Returns:
        One probe per category that has facts in the removed range (none when nothing
        was removed), in `CATEGORIES` order.
    """
    kept = {m.content_hash for m in compacted}
    if all(m.content_hash in kept for m in original):
        return []
    # Scored against the messages kept verbatim only, every item of the removed range
    # is lost: the items then list that range's facts, newest first per kind.
    lost = fidelity(original, [m for m in original if m.content_hash in kept])
    by_kind: dict[str, list[str]] = {}
    for item in lost.items:
        if item.status != "unsupported":
            by_kind.setdefault(item.kind, []).append(item.text)
    facts = {c: [f for kind in kinds for f in by_kind.get(kind, [])[:MAX_FACTS]] for c, kinds in _FACTS.items()}
    return [Probe(c, QUESTIONS[c], tuple(dict.fromkeys(facts[c]))[:MAX_FACTS]) for c in CATEGORIES if facts[c]]


def answer_prompt(compacted: Sequence[Message], probe: Probe) -> list[dict[str, str]]:
    """The chat messages that ask a model `probe`'s question from the compacted context.

    Args:
        compacted: the context the agent would continue from.
        probe: the question.

    Returns:
        OpenAI-style chat messages (system, user).
    """
    context = format_conversation(compacted, max_result_chars=RESULT_CHARS)
    return [{"role": "system", "content": ANSWER_SYSTEM},
            {"role": "user", "content": f"<context>\n{context}\n</context>\n\nQuestion: {probe.question}"}]


def grade_prompt(probe: Probe, answer: str) -> list[dict[str, str]]:
    """The chat messages that ask the judge to grade `answer` against `probe`'s facts.

    Args:
        probe: the question and its reference facts from the original.
        answer: what the model answered from the compacted context.

    Returns:
        OpenAI-style chat messages (system, user).
    """
    facts = "\n".join(f"- {f}" for f in probe.reference)
    return [{"role": "system", "content": GRADE_SYSTEM},
            {"role": "user", "content": f"Question: {probe.question}\n\nReference facts (from the original "
                                        f"session):\n{facts}\n\nAnswer to grade:\n{answer}"}]


class GradeError(ValueError):
    """The judge's reply holds no score."""


def parse_grade(text: str) -> tuple[int, str]:
    """The score (0..MAX_SCORE) and reason of a judge's reply.

    Args:
        text: the reply: the JSON object asked for, possibly inside prose or a code
            fence; a bare number is accepted too.

    Returns:
        (score, reason).

    Raises:
        GradeError: no score in the reply.
    """
    for match in re.finditer(r"\{[^{}]*\}", text):
        try:
            obj = json.loads(match.group())
        except ValueError:
            continue
        score = obj.get("score") if isinstance(obj, dict) else None
        if isinstance(score, int | float) and not isinstance(score, bool):
            if not math.isfinite(score):  # NaN or Infinity: JSON the judge should not write
                raise GradeError(f"the judge's score is not a finite number ({score!r})")
            return max(0, min(MAX_SCORE, round(score))), str(obj.get("reason", "")).strip()
    bare = re.fullmatch(r"\s*(\d+)\s*(?:/\s*\d+)?\s*", text)
    if bare:
        return max(0, min(MAX_SCORE, int(bare.group(1)))), ""
    raise GradeError(f"no score in the judge's reply: {text[:200]!r}")
