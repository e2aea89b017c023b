"""A call a replacement says was made, named by its tool's verb with a quoted argument,
that no call of that tool in the range made.

Agents whose tools are single verbs (`click`, `search`, `select`, `navigate`) are
summarized in those verbs: 'the agent clicked "natural khaki"', 'searched "denim
skirt"'. `fidelity_claims.call_claims` reads the snake_case tools a summary names; a
verb is no name, so a summary with an error planted in it may say a button was clicked
that the range never clicked (the click came after the cut, or never). A careful reader
checks it against the calls: a call of that tool up to the range's end whose arguments
hold the quoted text.

Read: a tool whose name is one lower-case word of four letters or more, in its past
form ("clicked", "searched", "selected", "typed"), then a quoted argument, in a clause
that neither denies nor plans ("not", "never", "next", "will", "then", "to ..."). The
argument is compared lower case, its spaces collapsed, with each call's string
arguments (either holding the other: a summary may quote part of a long query).

Cheap: the session's single-word tools and their calls are read once per index state;
a sentence is read only when it holds a quote.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_claims import CallClaim
from inspector.engine.models import Message

_WORD_TOOL = re.compile(r"[a-z]{4,}")
_QUOTE = re.compile(r"[\"\u201c]([^\"\u201d\n]{1,80})[\"\u201d]")
_CLAUSE_END = re.compile(r"[;]|\.\s|,\s+(?:and |but |while |whereas |then |so )|\s(?:but|whereas)\s")
_NOT_DONE = re.compile(r"\b(?:not|never|no|yet|next|will|would|should|must|need\w*|plan\w*|about to|going to|then|"
                       r"try|tries|tried|again|instead|wants?|asked|asks|if|before|until)\b|n't\b", re.I)
EVIDENCE_CHARS = 200


def past_forms(verb: str) -> tuple[str, ...]:
    """The past forms a summary writes a tool's verb in ("click" -> "clicked", "type" ->
    "typed", "apply" -> "applied", "drag" -> "dragged").

    Args:
        verb: a lower-case verb.

    Returns:
        Its regular past forms.
    """
    if verb.endswith("e"):
        return (verb + "d",)
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return (verb[:-1] + "ied",)
    if verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        return (verb + "ed", verb + verb[-1] + "ed")  # ("tap": "taped" or "tapped")
    return (verb + "ed",)


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


_TOOLS: Memo[tuple[int, int], dict[str, list[tuple[int, tuple[str, ...]]]]] = Memo(8)


@per_index_state(_TOOLS)
def _word_tools(messages: Sequence[Message], serial: int) -> dict[str, list[tuple[int, tuple[str, ...]]]]:
    """Single-word tool (lower case) -> (message index, its string arguments, normalized)
    of each call of it."""
    out: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for i, m in enumerate(messages):
        for c in m.tool_calls:
            name = c.name.lower()
            if not _WORD_TOOL.fullmatch(name):
                continue
            try:
                args = json.loads(c.arguments_raw)
            except ValueError:
                args = c.arguments_raw
            values = args.values() if isinstance(args, dict) else [args]
            out.setdefault(name, []).append((i, tuple(_norm(v) for v in values if isinstance(v, str))))
    return out


def _clause(sentence: str, at: int) -> str:
    start = 0
    for m in _CLAUSE_END.finditer(sentence):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= at:
            return sentence[start:m.start()]
    return sentence[start:]


def verb_call_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int,
                     horizon: int) -> list[CallClaim]:
    """The sentences saying a single-word tool was called with a quoted argument (its
    verb's past form, then the quote) that no call of it up to `horizon` had (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the tools' cache key, with its length).
        horizon: the last message of the range the replacement stands for.

    Returns:
        One claim per sentence at most.
    """
    said = [s for s in sentences if '"' in s or "\u201c" in s]
    if not said:
        return []
    tools = _word_tools(messages, serial)
    if not tools:
        return []
    verbs = {form: name for name in tools for form in past_forms(name)}
    stated = re.compile(r"\b(" + "|".join(map(re.escape, sorted(verbs, key=len, reverse=True))) +
                        r")\s+(?:on\s+)?(?:the\s+)?(?=[\"\u201c])", re.I)
    out = []
    for sentence in said:
        for m in stated.finditer(sentence):
            quote = _QUOTE.match(sentence, m.end())
            if quote is None or _NOT_DONE.search(_clause(sentence, m.start())):
                continue
            name, arg = verbs[m.group(1).lower()], _norm(quote.group(1))
            made = [(i, values) for i, values in tools[name] if i <= horizon]
            if not made or any(arg in v or (v and v in arg) for _, values in made for v in values):
                continue
            later = next((i for i, values in tools[name] if i > horizon and any(arg in v for v in values)), None)
            out.append(CallClaim(f'{name} "{quote.group(1)}"', sentence,
                                 f"no {name} call in the range has {quote.group(1)!r}"
                                 + (f"; message {later}, after the range, makes it" if later is not None else "")))
            break
    return out


# ------------------------------------------------------------- a tool said used, not yet called

# A tool said used for a step done: a past verb, then "with", "using", "via" or "through"
# the tool ("I recorded it in the todo block with memory_replace").
_USED_WITH = re.compile(r"\b(?:with|using|via|through|by calling)\s+(?:the\s+)?`?$", re.I)
# (the agent as its subject: "I recorded", "the agent then saved"; "answered as an IOC code
# via final_answer" describes a task, "the removed fields" a thing)
_PAST = re.compile(r"\b(?:i|we|the agent|it|he|she|they)\s+(?:(?:also|then|already|have|has|had|just)\s+)*"
                   r"([a-z]{3,}ed)\b", re.I)
# Past participles that describe what a tool is for or may do, not a step done with it.
_NOT_STEPS = frozenset({"allowed", "limited", "restricted", "equipped", "supposed", "expected", "required", "based",
                        "provided", "intended", "designed", "needed", "wanted", "planned", "called", "named",
                        "compared", "combined", "described", "listed", "defined", "exposed", "registered",
                        "configured", "enabled", "disabled", "supported", "meant", "used"})
USED_REACH = 90  # characters before the tool its past verb may stand


_SNAKE: Memo[tuple[int, int], dict[str, list[int]]] = Memo(8)


@per_index_state(_SNAKE)
def _snake_calls(messages: Sequence[Message], serial: int) -> dict[str, list[int]]:
    """snake_case tool (lower case) -> the indices of the messages calling it."""
    out: dict[str, list[int]] = {}
    for i, m in enumerate(messages):
        for c in m.tool_calls:
            name = c.name.lower()
            if "_" in name.strip("_"):
                out.setdefault(name, []).append(i)
    return out


def used_tool_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int,
                     horizon: int) -> list[CallClaim]:
    """The sentences saying a step was done with a tool of the session ("I recorded it
    with memory_replace") that no call up to `horizon` made: the session's first call of
    it came after the range.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the calls' cache key, with its length).
        horizon: the last message of the range the replacement stands for.

    Returns:
        One claim per sentence at most.
    """
    said = [s for s in sentences if "_" in s]
    if not said:
        return []
    tools = _snake_calls(messages, serial)
    out = []
    for sentence in said:
        low = sentence.lower()
        for name, at in tools.items():
            k = low.find(name)
            if k < 0 or at[0] <= horizon or not _USED_WITH.search(low[max(0, k - 20):k]):
                continue
            clause = _clause(sentence, k)
            before = clause[:max(0, clause.lower().find(name))][-USED_REACH:]
            verbs = [v.lower() for v in _PAST.findall(before)]
            if not verbs or verbs[-1] in _NOT_STEPS or _NOT_DONE.search(sentence):
                continue
            out.append(CallClaim(name, sentence, f"no call of {name} in the range; its first call is message {at[0]}"))
            break
    return out
