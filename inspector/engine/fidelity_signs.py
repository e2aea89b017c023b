"""Numbers a replacement states with the sign the original never gives them.

A summary with errors planted in it may turn a signed value around: "deltaH +814 kJ
mol-1" where the session computed "-814" (an exothermic reaction made endothermic), a
change of "-3.5%" where the run printed "+3.5%". The digits alone are supported (the
original holds 814), so `engine.fidelity` does not flag them; what is false is the sign.
A careful reader checks it without knowing what was planted: the original writes the
number with a sign, always the other one, and never with the sign the summary gives it.

A sign is a "+", a "-" or a minus sign ("\u2212") written against the number, after a
space, a bracket, a quote or "=" / ":" (so not a range's "0.3-1.0", a date's "2025-12",
a name's "UTC+9" or "L45-L47", nor a spaced subtraction "2648 \u2212 3462"). Only
numbers of two digits or more are read ("+1" and "-1" are steps, offsets and scores
everywhere); a number the original also writes unsigned is still read (the unsigned
form is a magnitude, "814 kJ released"), one it writes with both signs is not.

Cheap: the original's signed numbers are read once per index state (its serial and
length); a sentence is read only when it holds a sign against a digit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_bindings import Binding
from inspector.engine.models import Message

# A sign against a number of two digits or more (or with decimals), not inside a word, a
# range or a time ("-08:00": a number followed by ":" is a time).
# (a unit may follow, "+17.0h", "-3.5%"; not a hash's letters and digits, "-3f2a1b")
_SIGNED = re.compile(r"(?:^|(?<=[\s(\[{\"'=:,]))([+\-\u2212])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:[a-z]{1,3}|%)?"
                     r"(?![\w:/]|\.\d|[+\-\u2212]\d)", re.M | re.I)
# A text worth reading: a sign against a digit somewhere in it.
_ANY_SIGNED = re.compile(r"[+\-\u2212]\d")
# Characters of the original's line shown as evidence.
EVIDENCE_CHARS = 200


def _number(raw: str) -> str | None:
    """The number's canonical digits ("1,024.50" -> "1024.5"), or None for one of a single
    digit (`module doc`)."""
    n = raw.replace(",", "")
    if "." in n:
        n = n.rstrip("0").rstrip(".")
    digits = sum(ch.isdigit() for ch in n)
    return n if digits >= 2 else None


def signed_in(text: str) -> list[tuple[str, str, int]]:
    """(sign, number, where) of each signed number in `text` (`_SIGNED`), the sign "+"
    or "-" (a minus sign read as "-"), the number canonical (`_number`).

    Args:
        text: any text.

    Returns:
        The signed numbers, in order.
    """
    if _ANY_SIGNED.search(text) is None:
        return []
    out = []
    for m in _SIGNED.finditer(text):
        n = _number(m.group(2))
        if n is not None:
            out.append(("+" if m.group(1) == "+" else "-", n, m.start()))
    return out


_SIGNS: Memo[tuple[int, int], dict[str, tuple[set[str], str]]] = Memo(8)


def _line_at(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start:end if end >= 0 else len(text)].strip()
    return line[:EVIDENCE_CHARS]


@per_index_state(_SIGNS)
def _signs(messages: Sequence[Message], serial: int) -> dict[str, tuple[set[str], str]]:
    """number -> (the signs the original writes it with, its first line writing one).
    Every message is read whole (a summary may quote any line of it: one it quotes holds
    its sign), with its calls' arguments."""
    out: dict[str, tuple[set[str], str]] = {}
    for m in messages:
        for text in (m.text, *(c.arguments_raw for c in m.tool_calls)):
            for sign, n, at in signed_in(text):
                if n not in out:
                    out[n] = (set(), _line_at(text, at))
                out[n][0].add(sign)
    return out


def read_signs(messages: Sequence[Message], serial: int) -> None:
    """Read now what `sign_claims` reads of the whole session on its first call for an
    index state (the signed numbers of every message, ~0.35 s on the 10k bench session):
    the measure that builds a session's index calls it, so no knob move pays for it.

    Args:
        messages: the original's messages.
        serial: the original's index serial (the readings' cache key, with its length).
    """
    _signs(messages, serial)


def sign_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences stating a number with the sign the original never gives it, where
    the original gives it the other sign ("+814" where the session wrote "-814" only).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the signs' cache key, with its length).

    Returns:
        One `Binding` per sentence at most: the number as stated, the sentence, the
        original's line with the other sign.
    """
    said = [(s, found) for s in sentences for found in [signed_in(s)] if found]
    if not said:
        return []  # (the common case: no signed number stated, the original not read)
    signs = _signs(messages, serial)
    out = []
    for sentence, found in said:
        for sign, n, _ in found:
            known = signs.get(n)
            if known is not None and sign not in known[0]:
                out.append(Binding(sign + n, sentence, known[1]))
                break
    return out
