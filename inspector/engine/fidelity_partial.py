"""Files a replacement says were read in full whose reads showed a part of them only.

A reading tool that pages a file says so in its result's head: "[Read
seller-operational-constraints.eml: showing lines 0-199 of 425. ...]" (NeMo Gym's),
"File has 106 total lines. Showing lines 1 to 50." (Inspect AI's), "[File: x.py (372 lines
total)] (100 more lines above) ... (172 more lines below)" (SWE-agent's window). A summary with an
error planted in it says such a file was "read in full" after its first page only, so
the agent never reads the rest and answers from half a document: a careful reader calls
it an incomplete read reported as complete.

The check: a clause naming a file (by its name) and saying it was read whole ("in full",
"fully", "entirely", "completely", "in its entirety", "end to end", "the whole file"),
where every call up to the range's end whose arguments name that file answered with
such a head, and the parts they showed together do not reach the file's last line. Not
flagged: a clause saying less ("not in full", "only", "first", "partly", "the rest"),
one about what comes next, a file any call of which showed no such head (`cat`, a
viewer that shows it whole: what it showed is not known), a file whose pages together
cover it ("lines 200-399 of 399. End of file.").

Cheap: a sentence is read only when it says a whole read; the session's calls naming a
file are found then, and each result's head read once per message.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from inspector.engine.bounded import Memo
from inspector.engine.content import extract_paths
from inspector.engine.fidelity_claims import FUTURE_WORDS, answering, headed_ahead
from inspector.engine.fidelity_outcomes import Outcome
from inspector.engine.fidelity_text import clause_around
from inspector.engine.models import Message

# A clause saying a file was read whole.
_WHOLE = re.compile(r"\b(?:in full|fully|in (?:its|their) entirety|entirely|completely|end to end|cover to cover|"
                    r"(?:the )?whole (?:file|document|thing))\b", re.I)
# What every match of `_WHOLE` holds, lower case.
WHOLE_WORDS = ("full", "entire", "complete", "end to end", "cover to cover", "whole")
# ... and one saying less, or what comes next.
_LESS = re.compile(rf"\b(?:not|never|only|first|partly|partially|part|rest|remaining|unread|{FUTURE_WORDS})\b", re.I)
_CLAUSE_END = re.compile(r";|\.\s|\n|\s(?:but|while|whereas|although|though)\s|\u2014")
# The part of a file a result says it shows, in its head: (first line, last line, lines in all).
_PART = re.compile(r"\blines?\s+(\d+)\s*(?:-|\u2013|to|through)\s*(\d+)\s+of\s+(\d+)\b", re.I)
_PART_TOTAL_FIRST = re.compile(r"\b(\d+) total lines\b.{0,80}?\blines?\s+(\d+)\s*(?:-|\u2013|to|through)\s*(\d+)\b",
                               re.I | re.S)
# SWE-agent's window: "[File: /testbed/x.py (372 lines total)]", "(100 more lines above)" in
# its head, "(172 more lines below)" at its end.
_WINDOW_TOTAL = re.compile(r"\((\d+) lines total\)")
_WINDOW_ABOVE = re.compile(r"\((\d+) (?:more )?lines above\)")
_WINDOW_BELOW = re.compile(r"\((\d+) more lines below\)")
# A file's name as a summary writes it (`seller-operational-constraints.eml`), beside the
# paths `content.extract_paths` reads.
_FILE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-][\w.-]*\.[a-z][a-z0-9]{0,5})(?![\w/-])", re.I)
# Characters of a result's head read for it.
HEAD_CHARS = 300


def shown_part(text: str) -> tuple[int, int, int] | None:
    """The part of a file a read's result says it shows: (first line, last line, lines
    in all), from its head; None when it says none (a whole file, or no read).

    Args:
        text: a result's text.

    Returns:
        The part, or None.
    """
    head = text[:HEAD_CHARS]
    m = _PART.search(head)
    if m:
        return int(m.group(1)), int(m.group(2)), int(m.group(3))
    m = _PART_TOTAL_FIRST.search(head)
    if m:
        return int(m.group(2)), int(m.group(3)), int(m.group(1))
    m = _WINDOW_TOTAL.search(head)
    if m:
        total = int(m.group(1))
        above = _WINDOW_ABOVE.search(head)
        below = _WINDOW_BELOW.search(text[-HEAD_CHARS:])
        first = int(above.group(1)) + 1 if above else 1
        return first, total - (int(below.group(1)) if below else 0), total
    return None


def covers(parts: Sequence[tuple[int, int, int]]) -> bool:
    """Whether the parts shown of one file cover it: from its first line (0 or 1) to its
    last (lines counted from 0 or from 1), with no line left out between.

    Args:
        parts: (first, last, lines in all) of each read.

    Returns:
        True when together they show the whole file.
    """
    total = max(n for _, _, n in parts)
    reach = 1  # (the first line not yet shown, counting from 1; a part from 0 shows line 1 too)
    for first, last, _ in sorted(parts):
        if first > reach:
            return False
        reach = max(reach, last + 1)
    return reach > total - 1


# message content hash -> `shown_part` of its text: a result reads the same wherever it is.
_PARTS: Memo[str, tuple[tuple[int, int, int] | None]] = Memo(20_000)


def _part(m: Message) -> tuple[int, int, int] | None:
    hit = _PARTS.get(m.content_hash)
    if hit is None:
        hit = _PARTS.put(m.content_hash, (shown_part(m.text),))
    return hit[0]


def reads_partial(sentence: str, *, direct: bool = True) -> bool:
    """Whether `partial_claims` reads `sentence`: it says something was read whole.

    Args:
        sentence: a replacement's sentence.
        direct: skip the pattern on an ASCII sentence holding none of `WHOLE_WORDS`;
            False: search it (the same answer).

    Returns:
        True when it may make a claim.
    """
    if "." not in sentence:
        return False
    # (~25 us a sentence ignoring case, skipped on most of a knob move's new sentences)
    if direct and sentence.isascii():
        low = sentence.lower()
        if not any(w in low for w in WHOLE_WORDS):
            return False
    return _WHOLE.search(sentence) is not None


# (the index's state, a file's name) -> (action, result) of each call whose arguments name it,
# in order: found once per file a sentence says was read whole, the range's end applied after.
_NAMING: Memo[tuple[tuple[int, int], str], tuple[tuple[int, int], ...]] = Memo(2_000)


def _naming(name: str, messages: Sequence[Message], serial: int,
            results: Callable[[int], Sequence[int]]) -> tuple[tuple[int, int], ...]:
    key = ((serial, len(messages)), name)
    hit = _NAMING.get(key)
    if hit is None:
        answers = answering(messages, serial)
        found: list[tuple[int, int]] = []
        for i, m in enumerate(messages):
            for c in m.tool_calls:
                if name in c.arguments_raw[:2000].lower():
                    at = answers.get(c.id or "")
                    found += [(i, at)] if at is not None else [(i, j) for j in results(i)]
        hit = _NAMING.put(key, tuple(found))
    return hit


def partial_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int, horizon: int,
                   results: Callable[[int], Sequence[int]]) -> list[Outcome]:
    """The sentences saying a file was read whole when its reads up to `horizon` each
    showed a part and together not all of it (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the calls' answers' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        results: the indices of an action's results (`ContentModel.result_of`).

    Returns:
        One `Outcome` per sentence at most.
    """
    out: list[Outcome] = []
    for sentence in sentences:
        if not reads_partial(sentence):
            continue
        for whole in _WHOLE.finditer(sentence):
            claim = _partly_read(sentence, whole.start(), whole.end(), messages, serial, horizon, results)
            if claim is not None:
                out.append(claim)
                break
    return out


def _named_before(sentence: str, at: int) -> tuple[int, str] | None:
    """The file named last before position `at` of `sentence` (where, and as written)."""
    named = [(m.start(), m.group(1)) for m in _FILE.finditer(sentence, 0, at)]
    named += [(k, p) for p in extract_paths(sentence[:at]) if (k := sentence.rfind(p, 0, at)) >= 0]
    return max(named, default=None)


def _partly_read(sentence: str, start: int, end: int, messages: Sequence[Message], serial: int, horizon: int,
                 results: Callable[[int], Sequence[int]]) -> Outcome | None:
    """The claim of the file named last before a whole read stated at `start`..`end`, when
    its reads showed part of it only; None when the words between say less, or it is ahead."""
    named = _named_before(sentence, start)
    if named is None:
        return None
    at, path = named
    # (what is said of that file: from its name to the end of the whole read's clause)
    said = sentence[at:end] + clause_around(sentence, start, end, _CLAUSE_END)[end - start:]
    if _LESS.search(said) or headed_ahead(sentence, at):
        return None
    name = path.rpartition("/")[2].lower()
    if "." not in name.strip("."):
        return None
    answered = [j for i, j in _naming(name, messages, serial, results) if i <= horizon]
    parts = [_part(messages[j]) for j in answered]
    if not parts or any(p is None for p in parts):
        return None  # (no read, or one that showed no part: perhaps the whole file)
    shown = [p for p in parts if p is not None]
    if covers(shown):
        return None
    seen = ", ".join(f"{a}-{b}" for a, b, _ in sorted(set(shown)))
    return Outcome(path, sentence, f"its reads showed lines {seen} of {max(n for _, _, n in shown)} only")
