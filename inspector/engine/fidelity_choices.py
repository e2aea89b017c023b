"""Choices a replacement says the user made that the user did not make.

A summary with errors planted in it often swaps a user's choice for another option the
agent offered: "rig = `spotter`" where the user answered "No rig" to "spotter or No
rig?", "she prefers chocolate" where she answered "vanilla" to "vanilla or chocolate?".
The option is supported (the original holds it, the agent offered it), so
`engine.fidelity` does not flag it; what is false is that the user chose it. A careful
reader names this "a swapped user choice".

The original's questions with options, and the answer to each:

    offered   a tool call's options (`"options": [{"label": "spotter"}, ...]`, as Claude
              Code's AskUserQuestion sends them), answered by the call's result;
    asked     an agent's question ending in "A or B?" (one word each side), answered
              by the user's next message.

An answer naming exactly one of the options chose it; the others are the options not
chosen. A sentence of the replacement that tells what the user answered, chose or
prefers, and names an option not chosen and not the chosen one of the same question,
is flagged.

Cheap: the original's questions are read once per index state (its serial and length),
and only sentences telling a user's choice are read against them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.models import Message

# A sentence telling what the user answered, chose or prefers.
_USER = r"\b(?:the user|user|users|the customer|customer|she|he|they|her|his|their)\b"
_CHOSE = (r"\b(?:answer(?:s|ed)?|chose|chooses|choice|picked|selected|prefer(?:s|red)?|preference|wants?|wanted|"
          r"would like|likes?|liked|favou?rite|decided|opted)\b")
_TELLS_CHOICE = re.compile(rf"{_USER}[^.;]{{0,60}}?{_CHOSE}|{_CHOSE}[^.;]{{0,30}}?{_USER}", re.I)
# An agent's question offering two options, one word each: "vanilla or chocolate?".
_EITHER = re.compile(r"\b([A-Za-z][\w-]{2,30}) or ([A-Za-z][\w-]{2,30})\s*\?")
# Words too common to be an option ("now or later?" names no choice a summary could swap).
_NOT_OPTIONS = frozenset("""this that these those it them not now later here there yes no both either neither
something anything nothing else more less other another all none some any""".split())
_NOTE = re.compile(r"\s*\([^()]*\)\s*$")
# Characters of a message read for questions and answers.
SCAN = 20_000
EVIDENCE_CHARS = 200


@dataclass(frozen=True)
class Choice:
    """A sentence stating that the user chose an option the user did not choose.

    Attributes:
        text: the option as the sentence names it.
        sentence: the replacement's sentence.
        source: the user's answer in the original.
    """

    text: str
    sentence: str
    source: str


@dataclass(frozen=True)
class _Question:
    at: int  # the message answering it (a question counts up to a horizon once answered)
    chosen: str  # lower case
    others: tuple[str, ...]  # lower case
    answer: str  # the answer's text, for evidence


def _offered(arguments: str) -> list[tuple[list[str], str]]:
    """Per question a tool call's arguments ask, the labels of its options and the
    question's own text ("" when none), else []."""
    if "options" not in arguments and "choices" not in arguments:
        return []
    try:
        args = json.loads(arguments)
    except ValueError:
        return []
    out: list[tuple[list[str], str]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("options", "choices") and isinstance(v, list):
                    # (a label's own note, "All four (Recommended)", is not what a summary repeats)
                    raw = [o.get("label") if isinstance(o, dict) else o for o in v]
                    labels = [_NOTE.sub("", x) for x in raw if isinstance(x, str)]
                    question = node.get("question")
                    out.append(([x for x in labels if isinstance(x, str) and 2 < len(x) <= 60],
                                question if isinstance(question, str) else ""))
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(args)
    return out


def _named(option: str, low: str) -> bool:
    """Whether lower-case text `low` names `option` (lower case) as whole words."""
    at = low.find(option)
    while at >= 0:
        end = at + len(option)
        if (at == 0 or not (low[at - 1].isalnum() or low[at - 1] == "_")) and (
                end == len(low) or not (low[end].isalnum() or low[end] == "_")):
            return True
        at = low.find(option, at + 1)
    return False


def _answered(options: Sequence[str], answer: str, at: int, shown: str = "") -> _Question | None:
    low = answer.lower()
    opts = [o.lower() for o in dict.fromkeys(options)]
    chosen = [o for o in opts if _named(o, low)]
    # (one option named: the answer chose it; none or several: no clear choice)
    if len(chosen) != 1 or len(opts) < 2:
        return None
    # (an option inside the chosen one is not left out: "Credo" in "Credo + Dialyxir")
    others = tuple(o for o in opts if o != chosen[0] and not _named(o, chosen[0]))
    return _Question(at, chosen[0], others, " ".join((shown or answer).split())[:EVIDENCE_CHARS])


def _next_user(messages: Sequence[Message], i: int) -> int:
    for j in range(i + 1, len(messages)):
        if messages[j].role == "user":
            return j
        if messages[j].role == "assistant":
            return -1
    return -1


def _questions_in(messages: Sequence[Message]) -> Iterator[_Question]:
    by_call: dict[str, int] = {}
    for j, m in enumerate(messages):
        if m.role == "tool" and m.tool_call_id:
            by_call.setdefault(m.tool_call_id, j)
    for i, m in enumerate(messages):
        if m.role != "assistant":
            continue
        for c in m.tool_calls:
            offered = _offered(c.arguments_raw[:SCAN])
            j = by_call.get(c.id or "", -1) if offered else -1
            if j <= i:
                continue
            answer = shown = messages[j].text[:SCAN]
            # (an answer that quotes its questions, `"Which rig?"="No rig"`: the questions'
            # words are not the user's)
            for _, question in offered:
                if len(question) > 3:
                    answer = answer.replace(question, " ")
            for labels, _ in offered:
                q = _answered(labels, answer, j, shown)
                if q is not None:
                    yield q
        asked = _EITHER.findall(m.text[-2000:])
        if asked:
            j = _next_user(messages, i)
            a, b = asked[-1]
            if j > 0 and a.lower() not in _NOT_OPTIONS and b.lower() not in _NOT_OPTIONS:
                q = _answered((a, b), messages[j].text[:SCAN], j)
                if q is not None:
                    yield q


_QUESTIONS: Memo[tuple[int, int], tuple[_Question, ...]] = Memo(8)


@per_index_state(_QUESTIONS)
def _questions(messages: Sequence[Message], serial: int) -> tuple[_Question, ...]:
    return tuple(_questions_in(messages))


def choice_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int, horizon: int) -> list[Choice]:
    """The sentences telling a user's choice that name an option the user was offered
    and did not choose, without the option chosen.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the questions' cache key, with its length).
        horizon: the last message of the range the replacement stands for (a question
            answered after it is not one the replacement reports).

    Returns:
        One `Choice` per sentence at most.
    """
    asked = [q for q in _questions(messages, serial) if q.at <= horizon]
    if not asked:
        return []  # (most sessions: no question answered, no sentence read)
    said = [s for s in sentences if reads_choice(s)]
    out: list[Choice] = []
    for sentence in said:
        low = sentence.lower()
        for q in asked:
            if _named(q.chosen, low):
                continue
            swapped = next((o for o in q.others if _named(o, low)), None)
            if swapped is not None:
                out.append(Choice(swapped, sentence, f"the user answered: {q.answer}"))
                break
    return out


def reads_choice(sentence: str) -> bool:
    """Whether `choice_claims` reads `sentence`: it tells what the user chose.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(_TELLS_CHOICE.search(sentence))
