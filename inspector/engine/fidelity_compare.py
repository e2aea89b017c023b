"""Comparisons a replacement states that its own figures deny.

A summary of an analysis states figures and how they compare: "SMA50 62.93 above SMA200
75.35", "free cash flow fell from 1.2B to 1.8B". Each figure may be right (the value checks
find nothing false), while the comparison, the part a reader acts on, is turned around: a
careful reader sees it without the original, from the two figures the sentence gives. This
module reads such clauses of a sentence alone:

    NAME x above / over / higher than / greater than / > NAME y    is denied when x <= y
    NAME x below / under / lower than / less than / < NAME y       is denied when x >= y
    rose / increased / grew / climbed from x to y                  is denied when y < x
    fell / dropped / decreased / declined from x to y              is denied when y > x

Figures with a unit are compared only when both have the same one ("1.2B" and "1.8B");
ranks and positions (where a smaller number is the higher place) and years ("from 2012 to
2013": a period) are left alone; a figure's sign is read ("rose from -34 to -30.05" is right). Sentence-local: read once per sentence (`_DENIED`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from inspector.engine.bounded import Memo
from inspector.engine.fidelity_bindings import Binding

# A figure: digits with a decimal part, thousands separators or a unit after them
# ("62.93", "1,250", "4.4B", "18.2%"); not a date's or a version's part.
_FIGURE = r"([-\u2212]?\d+(?:,\d{3})*(?:\.\d+)?)\s?(%|[KMBT]\b|bn\b|million\b|billion\b)?(?![\w/:-]|\.\d)"
_NAME = r"([A-Za-z][\w.]{0,30})"
_ABOVE = r"above|over|higher than|greater than|more than|>"
_BELOW = r"below|under|lower than|less than|<"
_COMPARED = re.compile(
    rf"(?<![\w.-]){_NAME}\s+(?:of\s+|at\s+|=\s*)?{_FIGURE}\s*(?:(?:is|was|sits|stays|stood|remains|trades|trading)\s+)?"
    rf"({_ABOVE}|{_BELOW})\s+(?:the\s+|its\s+)?{_NAME}\s+(?:of\s+|at\s+|=\s*)?{_FIGURE}", re.I)
_ROSE = r"rose|risen|increased|grew|grown|climbed|went up|jumped|improved"
_FELL = r"fell|fallen|dropped|decreased|declined|went down|shrank|slipped|sank"
_MOVED = re.compile(rf"\b({_ROSE}|{_FELL})\s+(?:sharply\s+|slightly\s+)?from\s+(?:about\s+|~)?\$?{_FIGURE}\s+to\s+"
                    rf"(?:about\s+|~)?\$?{_FIGURE}", re.I)
# Where a smaller number is the higher place: compared so, "rank 2 above rank 5" is right.
_PLACES = re.compile(r"\b(?:rank\w*|position\w*|place[sd]?|tier|priority|step|line|row|page|version|level|#)\b", re.I)
_UP = frozenset(_ABOVE.split("|"))
_RISING = frozenset(_ROSE.split("|"))
_FIRST_WORDS = re.compile(rf"\b(?:{_ABOVE}|{_BELOW}|{_ROSE}|{_FELL})\b|[<>]", re.I)
EVIDENCE_CHARS = 200

# sentence -> the comparison it states that its figures deny ("" for none)
_DENIED: Memo[str, str] = Memo(20_000)


def _figure(digits: str) -> float:
    return float(digits.replace(",", "").replace("\u2212", "-"))


def _same_unit(a: str | None, b: str | None) -> bool:
    return (a or "").lower() == (b or "").lower()


def _years(x: str, y: str, unit: str | None) -> bool:
    """Whether two figures are years ("decreased from 2012 to 2013": over a period, no values)."""
    return not unit and all(v.isdigit() and 1900 <= int(v) <= 2100 for v in (x, y))


def denied_comparison(sentence: str) -> str:
    """The clause of `sentence` comparing two figures the other way round from what they
    are (module doc), as written; "" for none.

    Args:
        sentence: a sentence of a replacement.

    Returns:
        The clause, or "".
    """
    hit = _DENIED.get(sentence)
    if hit is not None:
        return hit
    found = ""
    if _FIRST_WORDS.search(sentence) and not _PLACES.search(sentence):
        for m in _COMPARED.finditer(sentence):
            x, ux, rel, y, uy = m.group(2), m.group(3), m.group(4).lower(), m.group(6), m.group(7)
            if not _same_unit(ux, uy) or m.group(1).lower() == m.group(5).lower():
                continue
            up = " ".join(rel.split()) in _UP
            if (up and _figure(x) <= _figure(y)) or (not up and _figure(x) >= _figure(y)):
                found = m.group(0)
                break
        for m in () if found else _MOVED.finditer(sentence):
            verb, x, ux, y, uy = m.group(1).lower(), m.group(2), m.group(3), m.group(4), m.group(5)
            if not _same_unit(ux, uy) or _years(x, y, ux):
                continue
            rising = " ".join(verb.split()) in _RISING
            if (rising and _figure(y) < _figure(x)) or (not rising and _figure(y) > _figure(x)):
                found = m.group(0)
                break
    return _DENIED.put(sentence, found)


def reads_compare(sentence: str) -> bool:
    """Whether `compare_claims` reads `sentence` at all: it holds a digit and a word that
    compares or moves (the claim checks' sentence test, `fidelity._SENTENCE_TESTS`).

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may state a comparison.
    """
    return any(c.isdigit() for c in sentence) and _FIRST_WORDS.search(sentence) is not None


def compare_claims(sentences: Sequence[str]) -> list[Binding]:
    """The sentences stating a comparison their own figures deny (`denied_comparison`).

    Args:
        sentences: the replacement's sentences.

    Returns:
        One `Binding` per sentence at most: the clause, the sentence, and why it is denied.
    """
    out = []
    for sentence in sentences:
        clause = denied_comparison(sentence)
        if clause:
            out.append(Binding(clause, sentence, f"its own figures compare the other way: {clause[:EVIDENCE_CHARS]}"))
    return out
