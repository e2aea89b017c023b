"""An entry of a listing given the number another entry of it holds.

A tool that lists records one a line, each as fields ("Department ID: 10, Display Name:
Egyptian Art" then "Department ID: 11, Display Name: European Paintings"), binds each
record's number to its name. A summary with an error planted in it says "Egyptian Art is
department 11": both values are the original's, so the value checks pass it, and
`fidelity_bindings.record_claims` compares only entries a sentence names together (L23's
planted summary, session 18, named one).

The check: the original's listings are runs of three lines at least with the same fields,
each a "Key: value" pair and the pairs comma-separated. A clause of a replacement's sentence
naming one record (a text value of four characters at least, unique to it) and giving a
number right after a word of a numeric field's key ("department 11", "ID 11") is flagged
when the number is that field's value in another record of the listing, not in its own,
and the clause names no other record (a sentence listing two entries is `record_claims`'
to read). A number the listing does not hold is left to the value checks.

Cheap: the listings are read once per index state (its serial and length); a sentence is
read only when it holds a digit, once per index state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_bindings import Binding
from inspector.engine.models import Message

# Characters of a message read for listings.
SCAN = 60_000
# Lines of the same fields a listing has at least.
MIN_ROWS = 3
# Characters a name has at least (shorter ones match inside other words' phrases).
MIN_NAME = 4
_KEY = re.compile(r"[A-Za-z][A-Za-z _-]{0,30}")
_NUMBER = re.compile(r"\d+")
_CLAUSE_END = re.compile(r"[;()\n]|\.\s")
# Words of a key that name no field of their own.
_GENERIC = frozenset({"id", "display", "name", "the", "of"})


@dataclass(frozen=True)
class _Listing:
    rows: tuple[dict[str, str], ...]  # each record's fields, keys lower case
    lines: tuple[str, ...]  # each record's line as the original shows it
    numeric: tuple[str, ...]  # the keys whose every value is a number
    names: dict[str, int]  # a text value (lower case) -> the one record holding it


def _record(line: str) -> dict[str, str] | None:
    parts = line.strip().split(", ")
    if len(parts) < 2:
        return None
    out = {}
    for part in parts:
        key, sep, value = part.partition(": ")
        if not sep or not _KEY.fullmatch(key) or not value.strip():
            return None
        out[key.lower()] = value.strip()
    return out


def _listings_in(text: str) -> list[_Listing]:
    out: list[_Listing] = []
    run: list[tuple[dict[str, str], str]] = []

    def close() -> None:
        if len(run) >= MIN_ROWS:
            rows = tuple(r for r, _ in run)
            numeric = tuple(k for k in rows[0] if all(r[k].isdigit() for r in rows))
            seen: dict[str, list[int]] = {}
            for k, r in enumerate(rows):
                for key, v in r.items():
                    if key not in numeric and len(v) >= MIN_NAME and any(c.isalpha() for c in v):
                        seen.setdefault(v.lower(), []).append(k)
            names = {v: ks[0] for v, ks in seen.items() if len(ks) == 1}
            if numeric and names:
                out.append(_Listing(rows, tuple(line for _, line in run), numeric, names))
        run.clear()

    end = -2
    # (the lines shaped as records found in C; a run is lines one right after the other)
    for found in _RECORD_LINE.finditer(text):
        r = _record(found.group())
        if r is None or found.start() != end + 1 or (run and tuple(r) != tuple(run[0][0])):
            close()
        if r is not None:
            run.append((r, found.group().strip()))
        end = found.end()
    close()
    return out


# A line that may be a record: two "Key: value" pairs at least, comma-separated.
_RECORD_LINE = re.compile(r"^[ \t]*[A-Za-z][A-Za-z _-]{0,30}: [^\n]*?, [A-Za-z][A-Za-z _-]{0,30}: [^\n]*$", re.M)


_LISTINGS: Memo[tuple[int, int], tuple[_Listing, ...]] = Memo(8)


@per_index_state(_LISTINGS)
def _listings(messages: Sequence[Message], serial: int) -> tuple[_Listing, ...]:
    """The session's listings (`_listings_in` of each tool result), in order."""
    return tuple(x for m in messages if m.role == "tool" for x in _listings_in(m.text[:SCAN]))


# (the index's state, a sentence) -> its claim, or none
_CLAIMS: Memo[tuple[tuple[int, int], str], tuple[Binding, ...]] = Memo(20_000)


def listing_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences giving an entry of a listing the number another entry holds.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the listings' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    if not any(_NUMBER.search(s) for s in sentences):
        return []
    listings = _listings(messages, serial)
    if not listings:
        return []
    state = (serial, len(messages))
    out: list[Binding] = []
    for sentence in sentences:
        if not _NUMBER.search(sentence):
            continue
        key = (state, sentence)
        hit = _CLAIMS.get(key)
        if hit is None:
            found = _claim(sentence, listings)
            hit = _CLAIMS.put(key, (found,) if found else ())
        out.extend(hit)
    return out


def _claim(sentence: str, listings: Sequence[_Listing]) -> Binding | None:
    low = sentence.lower()
    for clause in _CLAUSE_END.split(low):
        if not _NUMBER.search(clause):
            continue
        for listing in listings:
            named = [(name, k) for name, k in listing.names.items() if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", clause)]
            if len({k for _, k in named}) != 1:
                continue  # (none, or two entries: a list `record_claims` reads)
            name, own = named[0]
            for field in listing.numeric:
                words = [w for w in re.findall(r"[a-z]+", field) if w not in _GENERIC] + ["id"]
                stated = re.search(rf"\b(?:{'|'.join(words)})\b\W{{0,3}}(\d+)\b", clause)
                if stated is None:
                    continue
                number = stated.group(1)
                if number == listing.rows[own][field]:
                    continue
                other = [k for k, r in enumerate(listing.rows) if r[field] == number]
                if other:
                    return Binding(f"{name} {field} {number}", sentence, listing.lines[own])
    return None

