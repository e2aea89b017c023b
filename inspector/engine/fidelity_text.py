"""What `engine.fidelity` reads of a rewritten message's whole text, found at the cost
of what is new in it: the same answers as its whole-text regular expressions.

A knob move writes a new summary of a moving range; consecutive summaries repeat most
of their lines. A scan whose pattern never spans a line break, and treats one as it
treats the start or end of the text, is the same scan line by line, and each line's
answer is kept (`by_lines`). A substitution whose every match starts with one of a few
literals is the same substitution tried only where those literals occur (`sub_at`).
tests/engine/test_fidelity_lines.py checks each against the whole-text scan on random
texts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import AnyStr, TypeVar, cast

from inspector.engine.bounded import Memo
from inspector.engine.fidelity_quotes import ELLIPSES

T = TypeVar("T")

# Lines longer than this are read but not kept (a long line is rarely repeated).
LINE_CHARS = 4_000
_IGNORECASE = int(re.IGNORECASE)
# Characters `str.lower` does not map to the ASCII letter `re.IGNORECASE` matches them
# with (the long s, the Kelvin sign, the dotless i, the dotted capital I).
_FOLDS_APART = ("\u017f", "\u212a", "\u0131", "\u0130")


def by_lines(text: str, read: Callable[[str], T], memo: Memo[str, T]) -> list[T]:
    """`read` of each line of `text` (split at "\\n"), each line's answer memoised.

    Args:
        text: the text.
        read: what is read of one line (a function of the line alone).
        memo: where the lines' answers are kept (one per `read`).

    Returns:
        The answers, line by line.
    """
    lines = text.split("\n")
    out = memo.get_all(lines)
    # (the lines not kept: a knob move's new ones, read in order)
    for k in [k for k, hit in enumerate(out) if hit is None]:
        line = lines[k]
        hit = memo.get(line)  # (read above in this text)
        if hit is None:
            hit = read(line)
            if len(line) <= LINE_CHARS:
                memo.put(line, hit)
        out[k] = hit
    return cast("list[T]", out)


def sub_at(pattern: re.Pattern[str], starts: Sequence[str], repl: str, text: str) -> str:
    """`pattern.sub(repl, text)` for a pattern whose every match begins with one of
    `starts` (lower case when the pattern ignores case): tried where they occur only.

    Args:
        pattern: the pattern (no match of it is empty).
        starts: the literals every match begins with.
        repl: the replacement (no group references).
        text: the text.

    Returns:
        The text substituted, as `pattern.sub` gives it.
    """
    folded = bool(pattern.flags & _IGNORECASE)  # (an int: `re.IGNORECASE`'s `&` is a Python method)
    if folded and any(c in text for c in _FOLDS_APART):
        return pattern.sub(repl, text)  # (positions would not line up: the plain scan)
    if folded and not text.isascii() and all(s.isascii() and "?" not in s for s in starts):
        # (the text's ASCII letters lower case, each other character a "?", in C: the same
        # positions, and an ASCII start is where it is in `text.lower()`: no character
        # but those of `_FOLDS_APART` is lower case ASCII when it is not ASCII; ~3x
        # faster than `str.lower` on a knob move's summary, which is rarely all ASCII)
        folded_bytes = text.encode("ascii", "replace").lower()
        found = sorted({at for s in starts for at in occurrences(folded_bytes, s.encode())})
    else:
        hay = text.lower() if folded else text
        if len(hay) != len(text):
            return pattern.sub(repl, text)  # (a lower case form longer than its text: the plain scan)
        found = sorted({at for s in starts for at in occurrences(hay, s)})
    return replace_spans(text, found, lambda at: m.end() if (m := pattern.match(text, at)) is not None else -1, repl)


def replace_spans(text: str, found: Sequence[int], end_at: Callable[[int], int], repl: str) -> str:
    """`text` with each span that starts at one of `found` and ends where `end_at` says
    replaced by `repl`: left to right, none started inside the span before (as `re.sub`
    goes on after each match).

    Args:
        text: the text.
        found: where spans may start, ascending.
        end_at: where the span starting at a position ends (-1: none starts there).
        repl: the replacement.

    Returns:
        The text with the spans replaced (itself when none).
    """
    pieces, done = [], 0
    for at in found:
        if at < done:
            continue  # (inside the span before)
        end = end_at(at)
        if end < 0:
            continue
        pieces.append(text[done:at])
        pieces.append(repl)
        done = end
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)


def occurrences(text: AnyStr, literal: AnyStr) -> list[int]:
    """Where `literal` occurs in `text` (every start, overlapping ones too), in order.

    Args:
        text: the text.
        literal: a non-empty string.

    Returns:
        The positions.
    """
    out, at = [], text.find(literal)
    while at >= 0:
        out.append(at)
        at = text.find(literal, at + 1)
    return out


def clause_around(sentence: str, start: int, end: int, ends: re.Pattern[str]) -> str:
    """The clause of `sentence` holding its span `start`..`end`: from the last match of
    `ends` before the span to the first after it (the checks of `engine.fidelity_outcomes`,
    `_undone` and `_vcs` read a claim in its own clause only).

    Args:
        sentence: a sentence.
        start: where the span starts.
        end: where it ends.
        ends: what ends a clause.

    Returns:
        The clause.
    """
    first = max((m.end() for m in ends.finditer(sentence, 0, start)), default=0)
    stop = ends.search(sentence, end)
    return sentence[first:stop.start() if stop else len(sentence)]


# A line ending in an ellipsis right after a character other than white space (quotes
# closing after it, then spaces or tabs, allowed): a quote cut short (`fidelity._task_cut`).
CUT_LINE = re.compile(r"^[^\n]*\S(?:\u2026|\.\.\.)[\"'`]*[ \t]*$", re.M)


def cut_lines(text: str, *, direct: bool = True) -> tuple[str, ...]:
    """The lines of `text` (split at "\\n") that end in an ellipsis right after a
    character (`CUT_LINE`), in order.

    Args:
        text: any text.
        direct: only the lines whose end, its spaces, tabs and closing quotes aside, is
            an ellipsis tried (no match of `CUT_LINE` spans a line break, and each is a
            whole line: its `[^\\n]*` from a line's start to the last ellipsis the line
            ends with); False: the scan of the whole text (the same lines; ~1 ms on a
            knob move's summary, which tries `[^\\n]*` and backs off at every line).

    Returns:
        The lines.
    """
    if not direct:
        return tuple(CUT_LINE.findall(text))
    if not any(e in text for e in ELLIPSES):
        return ()
    return tuple(line for line in text.split("\n") if line.rstrip(" \t").rstrip("\"'`").endswith(ELLIPSES)
                 and CUT_LINE.fullmatch(line) is not None)
