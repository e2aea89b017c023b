"""An id a replacement gives to a thing the original names with another id of its kind.

A summary with errors planted in it often moves a real id to the wrong thing: "select 6
in the quantity dropdown a284" where the page lists `a284 button Order Now` and `a243
combobox Quantity`; "invention assignment agreement No. HR-BEN-2022-0341" where that
number heads the benefits form and the agreement is No. HR-2018-0312-LV. The id alone is
supported (the original holds it), and so is the thing; what is false is which id is
whose. A careful reader checks it where the original writes the id: the words the
summary puts before it are none of those around it there, and they are around another
id of the same kind (the same letters before its digits).

Read: an id (letters and digits, both, four characters or more) in a replacement's
sentence, and the content words (four letters or more, `_PLAIN` left out) of the few
words right before it in its clause. Where the original writes the id, its clause (the
text between the nearest line break, sentence end or ";" either side, at most
`REACH` characters) is read. Contradicted when no such clause holds any of those words
and a clause the environment wrote (a page, a document, a tool's answer) of another id of
the same kind holds one.

Cheap: the original's ids and their clauses are read once per index state; a sentence is
read only when it holds a digit.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_bindings import Binding
from inspector.engine.models import Message

# An id: letters then digits, hyphens between parts ("a284", "HR-BEN-2022-0341", "INC0042");
# not a file's name ("a284.png") nor a part of a path or a longer word.
_ID = re.compile(r"(?<![\w./@#$-])([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?![\w/@-]|\.[A-Za-z0-9])")
_HAS_DIGIT = re.compile(r"\d")
_PREFIX = re.compile(r"[A-Za-z]+")
_WORDS = re.compile(r"[A-Za-z]+")
# The words right before an id that name what it is (a noun, its adjectives): this many.
BEFORE = 4
# Characters either side of an id the original's clause of it may reach.
REACH = 120
# Characters of a message read.
SCAN = 40_000
# Where a clause ends: a line break, a sentence's end, ";".
_END = re.compile(r"\n|(?<![Nn][or])[.;!?](?:\s|$)")  # (not "No. 12": a number's mark)
# A number's mark right before an id ("No.", "Nr.", "#").
_NUMBER_MARK = re.compile(r"\s*(?:\b(?:no|nr|num)\.?|#)\s*$", re.I)
# Words that say nothing of what an id is of (function words, the words of a mention).
_PLAIN = frozenset("""the this that these those with from into onto than then them they their there here what
which when where while whose about after before under over also only just still very more most some each every
been being were have has had does done will would should could must shall called named labelled labeled marked
number numbered code ref reference item items element elements field fields value values entry entries record
records using used uses next step steps select selected click clicked choose chose chosen open opened read wrote
write written said says shows showed shown gave given found find returned returns listed lists list page pages
message messages tool tools call calls result results line lines file files form forms such check checked
chose try tried view viewed visit visited pick picked added removed bought ordered booked first second third
last other another same""".split())


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORDS.findall(text) if len(w) >= 4} - _PLAIN


def _kind(ident: str) -> str:
    m = _PREFIX.match(ident)
    return m.group().lower() if m else ""


def is_id(token: str) -> bool:
    """Whether `token` reads as an id: four characters or more, a letter first, a digit in it.

    Args:
        token: a token as `_ID` reads one.

    Returns:
        True when it is one.
    """
    return len(token) >= 4 and _HAS_DIGIT.search(token) is not None


_CLAUSES: Memo[tuple[int, int], tuple[dict[str, set[str]], dict[str, set[str]]]] = Memo(8)


@per_index_state(_CLAUSES)
def _clauses(messages: Sequence[Message], serial: int) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Each id of the original (lower case) -> the words of its clauses (`_words`), in
    every message and in what the environment wrote (the messages not the agent's: a page,
    a document, a tool's answer, which say what an id is; the agent's thoughts guess)."""
    every: dict[str, set[str]] = defaultdict(set)
    shown: dict[str, set[str]] = defaultdict(set)
    for m in messages:
        text = m.text[:SCAN]
        for hit in _ID.finditer(text):
            ident = hit.group(1)
            if not is_id(ident):
                continue
            words = _words(_clause(text, hit.start(), hit.end()))
            every[ident.lower()] |= words
            if m.role != "assistant":
                shown[ident.lower()] |= words
    return dict(every), dict(shown)


_KINDS: Memo[tuple[int, int], dict[str, list[tuple[str, set[str]]]]] = Memo(8)


def _of_kind(shown: dict[str, set[str]], serial: int, length: int) -> dict[str, list[tuple[str, set[str]]]]:
    """`shown` grouped by the ids' kind (`_kind`), per index state."""
    hit = _KINDS.get((serial, length))
    if hit is None:
        grouped: dict[str, list[tuple[str, set[str]]]] = defaultdict(list)
        for o, words in shown.items():
            grouped[_kind(o)].append((o, words))
        hit = _KINDS.put((serial, length), dict(grouped))
    return hit


def _clause(text: str, start: int, end: int) -> str:
    """The clause of `text` around `start`..`end`, at most REACH characters either side."""
    lo = max(0, start - REACH)
    before = [m.end() for m in _END.finditer(text, lo, start)]
    after = _END.search(text, end, end + REACH)
    return text[before[-1] if before else lo:after.start() if after else end + REACH]


def _said_before(sentence: str, at: int) -> set[str]:
    """The content words of the few words before position `at` of `sentence`, within its clause."""
    head = _NUMBER_MARK.sub("", sentence[:at])  # ("agreement No. HR-...": the mark ends no sentence)
    cut = max(head.rfind(p) for p in (":", ";", ",", "(", ")", "\n", ". "))
    # (plain words only: a call's name before its argument, "click_action a146", says what was done)
    words = [w.strip("*`'\"[]") for w in head[cut + 1:].split()][-BEFORE:]
    return _words(" ".join(w for w in words if w.isalpha()))


def role_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences giving a real id to a thing the original names with another id of its
    kind (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the ids' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    # (a sentence cut after a number's mark, "... agreement No." + "HR-BEN-2022-0341, ...", read whole)
    joined = [f"{a} {b}" if _NUMBER_MARK.search(a) else b for a, b in zip(["", *sentences], sentences, strict=False)]
    said = [s for s in joined if _HAS_DIGIT.search(s)]
    if not said:
        return []
    clauses, shown = _clauses(messages, serial)
    if len(shown) < 2:
        return []
    out: list[Binding] = []
    for sentence in said:
        for hit in _ID.finditer(sentence):
            ident = hit.group(1).lower()
            own = clauses.get(ident)
            if own is None or not is_id(ident):
                continue
            named = _said_before(sentence, hit.start())
            if not named or named & own:
                continue
            other = next((o for o, words in _of_kind(shown, serial, len(messages)).get(_kind(ident), ())
                          if o != ident and named & words), None)
            if other is not None:
                out.append(Binding(f"{' '.join(sorted(named))} {hit.group(1)}", sentence,
                                   f"the original writes {hit.group(1)} without these words; they are at {other}"))
                break
    return out
