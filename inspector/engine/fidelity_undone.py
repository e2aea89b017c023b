"""Steps a replacement says were not taken that the original shows taken.

A summary written as of an earlier point (stale) says "no message has been sent yet"
after the run sent four; a planted error says "the sent email has not been deleted yet"
after `delete_email("34")` succeeded. Both send the agent to do again what it did: a
careful reader calls the context false. The clause says a step was not done (a negation
before a past participle: "has not been sent", "wasn't deleted", "no file was created"),
and a call of a tool the session has, whose name holds the participle's verb and a noun
the clause names (`send_direct_message`: "send" and "message"), went through before the
range's end.

Not flagged: a clause naming someone or something (a capitalized name, a quoted string,
a number) that none of those calls' arguments holds ("no message was sent to Alice" after
one was sent to Charlie); a step the clause puts ahead ("do not send any more messages":
no participle); calls that failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_outcomes import Outcome
from inspector.engine.models import Message

# A negation, then the participle of the step said not taken.
_NOT_DONE = re.compile(r"\b(?:(?:has|have|had|was|were|is|are)(?:n't|\s+not)|not|never)\s+(?:yet\s+)?(?:been\s+)?"
                       r"([a-z]{3,})\b|\bno\s+[a-z]+\s+(?:has|have|had|was|were)\s+(?:yet\s+)?(?:been\s+)?([a-z]{3,})\b",
                       re.I)
# Participles whose verb is not the participle less its "-ed".
_IRREGULAR = {"sent": "send", "paid": "pay", "written": "write", "made": "make", "done": "do", "bought": "buy",
              "sold": "sell", "built": "build", "told": "tell", "given": "give", "taken": "take", "run": "run",
              "set": "set", "put": "put", "read": "read", "left": "leave", "got": "get", "gotten": "get",
              "shown": "show", "chosen": "choose", "sent out": "send"}
# What ends a clause: a claim in one clause says nothing of another.
_CLAUSE_END = re.compile(r";|\.\s|\s(?:but|while|whereas|although|though)\s|\u2014")
# What names a particular thing in a clause: a capitalized word not first, a quoted string, a number.
_NAMED = re.compile(r"(?<=[\w,:)] )[A-Z][\w.@-]+|[\"'`]([^\"'`\n]{2,60})[\"'`]|\b\d+\b")


def _verbs(participle: str) -> set[str]:
    """The verbs a past participle may be of ("deleted": delete, delet; "cancelled": cancel)."""
    p = participle.lower()
    if p in _IRREGULAR:
        return {_IRREGULAR[p]}
    if not p.endswith("ed") or len(p) < 5:
        return set()
    if p.endswith("ied"):
        return {p[:-3] + "y"}
    out = {p[:-1], p[:-2]}
    if len(p) > 5 and p[-3] == p[-4]:
        out.add(p[:-3])  # cancelled, submitted
    return out


def _clause(sentence: str, at: int) -> str:
    start = max((m.end() for m in _CLAUSE_END.finditer(sentence, 0, at)), default=0)
    end = _CLAUSE_END.search(sentence, at)
    return sentence[start:end.start() if end else len(sentence)]


_CALLS: Memo[tuple[int, int], tuple[tuple[int, str, str], ...]] = Memo(8)


@per_index_state(_CALLS)
def _calls(messages: Sequence[Message], kinds: Sequence[object], serial: int) -> tuple[tuple[int, str, str], ...]:
    """(action index, tool name, arguments), lower case, of the session's calls of snake_case tools."""
    return tuple((i, c.name.lower(), c.arguments_raw.lower()) for i, m in enumerate(messages)
                 if str(kinds[i]) == "action" for c in m.tool_calls if "_" in c.name.strip("_"))


def undone_claims(sentences: Sequence[str], messages: Sequence[Message], kinds: Sequence[object], serial: int,
                  horizon: int, failed: Callable[[int], bool]) -> list[Outcome]:
    """The sentences saying a step was not taken that a call up to `horizon` took (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        kinds: the original's content kinds (`ContentModel.kinds`; the calls of ACTION messages count).
        serial: the original's index serial (the calls' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        failed: whether the step at an action index failed (`ContentModel.step_failed`).

    Returns:
        One `Outcome` per sentence at most.
    """
    said = [(s, m, verbs) for s in sentences for low in [s.lower()] if "not" in low or "no " in low or "never" in low
            for m in _NOT_DONE.finditer(s) for verbs in [_verbs(m.group(1) or m.group(2))] if verbs]
    if not said:
        return []
    calls = [call for call in _calls(messages, kinds, serial) if call[0] <= horizon]
    if not calls:
        return []
    out: list[Outcome] = []
    done: set[str] = set()
    for sentence, m, verbs in said:
        if sentence in done:
            continue
        clause = _clause(sentence, m.start())
        low = clause.lower()
        named = [(n.group(1) or n.group()).lower() for n in _NAMED.finditer(clause)]
        for i, name, args in calls:
            words = name.split("_")
            if not verbs & set(words):
                continue
            nouns = [w for w in words if w not in verbs and len(w) >= 3]
            if not any(re.search(r"\b" + re.escape(w), low) for w in nouns):
                continue
            if named and not any(n in args for n in named):
                continue  # about another thing than the calls took
            if failed(i):
                continue
            done.add(sentence)
            out.append(Outcome(f"{name} not done", sentence, f"{name} went through at message {i}"))
            break
    return out
