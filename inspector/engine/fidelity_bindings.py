"""Values a replacement binds to a key that the original binds to another value.

A summary with errors planted in it often states a value the original HAS, in a role
it does not have there: `port 8080` where the session's port is 8000 and 8080 is some
other number it printed, `hotel_id 1` where the hotel booked was `hotel_id 8`. The
value alone is supported (the original holds it), so `engine.fidelity` does not flag
it; what is false is the binding. A careful reader names this class "the right kind of
value, the wrong one": the key (a word, or a snake_case or dotted name, right before
the number: `port 8000`, `order #W123`, `hotel_id: 8`, `total $475`) is one the
original binds to a few values only (a setting, an id, a total), and the replacement's
value is none of them.

Only keys the original binds to at most `MAX_VALUES` distinct values are checked: a
key bound to many (`line`, `step`, `page`) names no single fact, and a faithful summary
may cite any of its values in a form the original never wrote next to it.

The same class in other forms (session 9): a label given words the original never
gives it ("Favorite ice cream: Chocolate" where the user's block says Vanilla:
`label_claims`), and an exception put in a file none of its tracebacks passes through
(`raised_claims`).

Cheap: the original's bindings are read once per index state (its serial and length),
and a replacement's sentences are each read once (linear in its length).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.content import output_lines
from inspector.engine.models import Message

# A key, then at most a mark (":", "=", "#", "$", "is", "was", "of") before its number.
# (a sigil may lead the key: Elixir's and Ruby's `@max_sessions 20`, a shell's `$PORT=8000`;
# not a word's "@": `user@host_name 20` binds nothing)
_BINDING = re.compile(r"(?<![\w.@$-])[@$]?([a-z][a-z_]*[a-z](?:[_.][a-z]+)*)[\"']?\s*(?:[:=#]\s*|\s+(?:is|was|of|are|=)\s+)?"
                      r"[\"'(]?(?:\$|#|no\.\s?)?(\d[\d,]*(?:\.\d+)?|[a-z]{0,6}\d[a-z0-9]{1,15})(?![\w.%/:-]|\.\d|,\d)"
                      # (a count: "rust_utils: 5 passed" binds no value to rust_utils)
                      r"(?!\s+(?:passed|failed|errors?|warnings?|tests?|items?|files?|lines?|results?|matches|hits|"
                      r"times|skipped|ok|of|out|more|new|total)\b)", re.I)
# Words before a number that name no fact of their own: counts, units, positions,
# function words, months, verbs of a step.
_NOT_KEYS = frozenset("""a an the and or of to in on at by for with from as is are was were be been it its this
that these those than then into about over under after before up down per via vs each every all any some no not
only just also still now once twice times time top first last next previous other another more less most least
message messages turn turns step steps line lines col column columns page pages row rows item items result results
round rounds cycle cycles attempt attempts try tries run runs call calls test tests case cases file files byte
bytes char chars character characters word words char min max minute minutes second seconds sec secs hour hours day
days week weeks month months year years ms kb mb gb tb px pt em percent pct version versions ver python py node
jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august september
october november december monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun
returned returns return printed prints print shows showed show gave gives give got gets get reads read says said
has had have having found finds find took takes take made makes make set sets changed change from until since
around approximately about roughly nearly almost exactly over under below above between among into onto upto
pass passed fail failed error errors warning warnings issue issues problem problems exit code status
total totals count counts number numbers sum amount amounts size sizes length width height depth level levels
phase phases part parts section sections chapter chapters figure figures table tables option options choice
choices point points score scores value values index indices id ids no nr num
""".split())
# A key is a name a program gives a setting or a record's field (`hotel_id`,
# `max_sessions_per_sync`), or one of the nouns that name one record or endpoint by its
# number; a prose word before a number ("systems: 4", "guide (#231)") names no fact.
_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
FACT_NOUNS = frozenset({"port", "pid", "uid", "gid", "order", "reservation", "ticket", "flight", "invoice", "account",
                        "booking", "rental"})
# A named entry of a list with its count or amount in brackets ("Bulgaria (5) · Cuba (1)",
# "Alice (3 votes)"): a proper name binds the number. (Case matters: a capital starts a name.)
_LISTED = re.compile(r"(?<![\w.@$-])([A-Z][a-z]{2,}(?: [A-Z][a-z]{2,})?) \((\d[\d,]*(?:\.\d+)?)(?:\)| [a-z]+\))")
# A digit, as `_BINDING` and `_LISTED` read one (each binding's value holds one).
_DIGIT = re.compile(r"\d")
# Keys bound to more distinct values than this name no single fact.
MAX_VALUES = 2
# Characters of a message read for bindings.
SCAN = 20_000
# Characters of the original's line shown as evidence.
EVIDENCE_CHARS = 200


@dataclass(frozen=True)
class Binding:
    """A value the replacement binds to a key, and what the original binds it to.

    Attributes:
        text: "key value" as the replacement states it.
        sentence: the replacement's sentence stating it.
        source: the original's line binding the key to its own value.
    """

    text: str
    sentence: str
    source: str


def canonical_number(raw: str) -> str:
    """A number's canonical form: no thousands commas, no trailing zero decimals; an id
    (`ka7i60`, `w123`) lower case.

    Args:
        raw: a number as written ("3,739", "4.50").

    Returns:
        "3739", "4.5".
    """
    n = raw.replace(",", "").lower()
    if not n[0].isdigit() or not n.replace(".", "").isdigit():
        return n  # an id (`ka7i60`, `w123`)
    if "." in n:
        n = n.rstrip("0").rstrip(".")
    return n.lstrip("0") or "0"


def _kind(value: str) -> str:
    return "number" if value.replace(".", "").isdigit() else "id"


def bindings_in(text: str, *, direct: bool = True) -> list[tuple[str, str, int, int]]:
    """(key, number, start, end) of each key-number binding in `text` (keys lower case,
    numbers canonical), leaving out keys that name no fact of their own (`_NOT_KEYS`).

    Args:
        text: any text.
        direct: skip the patterns where no binding can be kept: a text without a
            digit, and the key-value pattern on an ASCII text without "_" or a fact
            noun (every key kept has one); False: search them all (the same answer).

    Returns:
        The bindings, in order.
    """
    out: list[tuple[str, str, int, int]] = []
    if direct and not _DIGIT.search(text):
        return out  # (both patterns bind a number or an id holding a digit: most prose holds none)
    if not direct or _may_hold_key(text):
        out = _keyed(text)
    if "(" in text:
        for m in _LISTED.finditer(text):
            if m.group(1).lower() not in _NOT_KEYS:
                out.append(("listed " + m.group(1).lower(), canonical_number(m.group(2)), m.start(), m.end()))
    return out


def _may_hold_key(text: str) -> bool:
    """Whether `_keyed` may keep a binding of `text`: a key kept is a name with "_" or a
    fact noun (`FACT_NOUNS`), which an ASCII text holds as it is, lower case."""
    if "_" in text or not text.isascii():
        return True
    low = text.lower()
    return any(noun in low for noun in FACT_NOUNS)


def _keyed(text: str) -> list[tuple[str, str, int, int]]:
    out = []
    for m in _BINDING.finditer(text):
        key = m.group(1).lower()
        if key in _NOT_KEYS or not (_NAME.fullmatch(key) or key in FACT_NOUNS):
            continue
        if key in FACT_NOUNS and "." in m.group(2):
            continue  # a record's number is no decimal: "New Car Rental 4.5" is a rating after a name
        out.append((key, canonical_number(m.group(2)), m.start(), m.end()))
    return out


# sentence -> `bindings_in` of it: a knob move's new summary repeats most of the last
# one's sentences, the cleared messages beside it all of theirs.
_SENTENCE_BINDINGS: Memo[str, tuple[tuple[str, str, int, int], ...]] = Memo(50_000)


def _bindings_of(sentence: str) -> tuple[tuple[str, str, int, int], ...]:
    hit = _SENTENCE_BINDINGS.get(sentence)
    if hit is None:
        hit = _SENTENCE_BINDINGS.put(sentence, tuple(bindings_in(sentence)))
    return hit


@dataclass
class _Bound:
    values: dict[str, set[str]]  # key -> the numbers the original binds it to
    where: dict[tuple[str, str], int]  # (key, number) -> the first message binding them
    numbers: set[str]  # every number the original binds to any key


_BOUND: Memo[tuple[int, int], _Bound] = Memo(8)


@per_index_state(_BOUND)
def _bound(messages: Sequence[Message], serial: int) -> _Bound:
    values: dict[str, set[str]] = defaultdict(set)
    where: dict[tuple[str, str], int] = {}
    for i, m in enumerate(messages):
        # (an output inside a JSON string read by its lines: '"root\\nuid=0(root)"' binds uid, not "nuid")
        text = output_lines(m.text[:SCAN])
        for c in m.tool_calls:
            text += "\n" + c.arguments_raw[:2000]
        for k, n, _, _ in bindings_in(text):
            values[k].add(n)
            where.setdefault((k, n), i)
    return _Bound(dict(values), where, {n for v in values.values() for n in v})


def _line_at(text: str, needle: str) -> str:
    at = text.lower().find(needle)
    if at < 0:
        return ""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return " ".join(text[start:end if end >= 0 else len(text)].split())[:EVIDENCE_CHARS]


def binding_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences binding a key to a value when the original binds that key to one or
    two other values only (and never to this one).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the bindings' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    found = [(s, b) for s in sentences for b in _bindings_of(s)]
    if not found:
        return []
    bound = _bound(messages, serial)
    out: list[Binding] = []
    seen: set[str] = set()
    for sentence, (key, number, _, _) in found:
        if sentence in seen:
            continue
        theirs = bound.values.get(key)
        if not theirs or number in theirs or len(theirs) > MAX_VALUES:
            continue
        # (the same kind of value: a flight's number is not its code `LX0112`)
        theirs = {n for n in theirs if _kind(n) == _kind(number)}
        if not theirs:
            continue
        real = sorted(theirs)[0]
        at = bound.where[(key, real)]
        m = messages[at]
        name = key.removeprefix("listed ")
        source = _line_at(m.text[:SCAN] + "".join("\n" + c.arguments_raw[:2000] for c in m.tool_calls), name)
        seen.add(sentence)
        stated, given = ((f"{name} ({number})", f"{name} ({real})") if name != key else (f"{key} {number}", f"{key} {real}"))
        out.append(Binding(stated, sentence, source or f"the original gives {given}"))
    return out


# ------------------------------------------------------------------------- errors' objects

# An error message naming the object it is of: (template, its slots). A summary quoting
# the message with another object ("'HumanPlayer' object has no attribute 'set_blind'"
# where the run raised it for 'AIPlayer') reports the error of the wrong object.
_Q = r"['\"`]"  # (quoted, as Python and most runtimes print them: "a name that is not defined" names none)
_ERROR_OF = (
    ("attribute", re.compile(_Q + r"(\w+)" + _Q + r" object has no attribute " + _Q + r"(\w+)", re.I)),
    ("module", re.compile(r"no module named " + _Q + r"([\w.]+)", re.I)),
    ("name", re.compile(r"\bname " + _Q + r"(\w+)" + _Q + r" is not defined", re.I)),
    ("import", re.compile(r"cannot import name " + _Q + r"(\w+)", re.I)),
    ("missing", re.compile(r"\b(\w+) " + _Q + r"([^'\"`\n]{1,80})" + _Q + r" (?:does not exist|not found)", re.I)),
)

# What every template says, as they read it ("no attribute", "no module", "not defined",
# "cannot import", "not found", "does not exist"): a sentence without it is read no further.
_NO = re.compile(r"no", re.I)


def errors_in(text: str, *, direct: bool = True) -> list[tuple[str, tuple[str, ...], int]]:
    """(template, slots) of each error message in `text` that names its object (an
    attribute missing on a type, a module or name not found, an endpoint that does not
    exist), slots lower case.

    Args:
        text: any text.
        direct: skip the templates on a text without "no" (`_NO`); False: search
            them all (the same answer).

    Returns:
        (template, slots, where in `text`) per error message, in order of template.
    """
    if direct and not _NO.search(text):
        return []
    return [(name, tuple(g.lower() for g in m.groups()), m.start()) for name, rx in _ERROR_OF
            for m in rx.finditer(text)]


_ERRORS: Memo[tuple[int, int], dict[str, dict[tuple[str, ...], str]]] = Memo(8)
# sentence -> `errors_in` of it (as `_SENTENCE_BINDINGS`).
_SENTENCE_ERRORS: Memo[str, tuple[tuple[str, tuple[str, ...], int], ...]] = Memo(50_000)


def _errors_of(sentence: str) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    hit = _SENTENCE_ERRORS.get(sentence)
    if hit is None:
        hit = _SENTENCE_ERRORS.put(sentence, tuple(errors_in(sentence)))
    return hit


@per_index_state(_ERRORS)
def _errors(messages: Sequence[Message], serial: int) -> dict[str, dict[tuple[str, ...], str]]:
    """template -> slots -> the original's first line stating that error."""
    out: dict[str, dict[tuple[str, ...], str]] = defaultdict(dict)
    for m in messages:
        text = m.text[:SCAN]
        if "rror" in text or "xception" in text or "not found" in text or "not exist" in text or "named" in text:
            for name, slots, at in errors_in(text):
                if slots not in out[name]:
                    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
                    out[name][slots] = " ".join(text[start:end if end >= 0 else len(text)].split())[:EVIDENCE_CHARS]
    return dict(out)


def error_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences quoting an error message of another object than the original's:
    the original raised that kind of error (the same template; for a missing attribute,
    of the same attribute or type) only of other objects, never of this one.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the errors' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    found = [(s, e) for s in sentences for e in _errors_of(s)]
    if not found:
        return []
    theirs = _errors(messages, serial)
    out: list[Binding] = []
    seen: set[str] = set()
    for sentence, (name, slots, _) in found:
        known = theirs.get(name)
        if sentence in seen or not known or slots in known:
            continue
        if name in ("attribute", "missing"):
            # (the same attribute of another type, or another attribute of the same type)
            alike = [s for s in known if s[0] == slots[0] or s[1] == slots[1]]
        else:
            alike = list(known)
        if not alike:
            continue
        seen.add(sentence)
        out.append(Binding(" ".join(slots), sentence, known[alike[0]]))
    return out


# ------------------------------------------------------------------------ lines' code

# A source line as a viewer shows it, numbered: "1475:     return x", "   171\t    except
# TypeError:", "12|foo", "12→foo".
_NUMBERED_LINE = re.compile(r"^\s*(\d{1,6})(?:[:|\t\u2192]| {2,})(.*\S)\s*$", re.M)
# A line number and the code a sentence says is on it, written next to each other:
# "line 1475: `return x`", "line 505 was `return y`", "`except TypeError:` at line 172"
# (not across a comma: "the call at line 170, `except TypeError:` at line 172" are two).
_LINE_HOLDS = re.compile(r"\bline (\d{1,6})\s*(?::|is|was|reads|read|holds|has|shows|=)?\s*`([^`\n]{6,200})`|"
                         r"`([^`\n]{6,200})`\s*(?:is |was |sits |stands )?(?:at|on|in) line (\d{1,6})\b(?!\s*[-\u2013])",
                         re.I)
# Code this short is on many lines of any file (`}`, `else:`, `pass`).
MIN_CODE = 8


def _code(text: str) -> str:
    return " ".join(text.split())


_LINES: Memo[tuple[int, int], dict[str, tuple[set[str], str]]] = Memo(8)


@per_index_state(_LINES)
def _numbered_lines(messages: Sequence[Message], serial: int) -> dict[str, tuple[set[str], str]]:
    """code -> (the line numbers the original's viewers show it at, the first such line)."""
    out: dict[str, tuple[set[str], str]] = {}
    for m in messages:
        for number, code in _NUMBERED_LINE.findall(m.text[:SCAN]):
            c = _code(code)
            if len(c) >= MIN_CODE:
                if c not in out:
                    out[c] = (set(), f"{number}: {c}"[:EVIDENCE_CHARS])
                out[c][0].add(number.lstrip("0") or "0")
    return out


def line_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences putting quoted code at a line number ("line 505 was `return x`")
    when the original's viewers show that code, and at other line numbers only.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the lines' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    said = [s for s in sentences if reads_line(s)]
    if not said:
        return []
    lines = _numbered_lines(messages, serial)
    if not lines:
        return []
    out: list[Binding] = []
    for sentence in said:
        for m in _LINE_HOLDS.finditer(sentence):
            number, code = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            number = number.lstrip("0") or "0"
            known = lines.get(_code(code))
            if known and number not in known[0]:
                out.append(Binding(f"line {number}", sentence, known[1]))
                break
    return out


# ------------------------------------------------------------ values swapped between named entries

# Named entries of a list, each with its number, as a summary lists them ("Green Motion 4.5,
# New Car Rental 4.3", "Alice: 2, Bob: 1"): a proper name of one to five capitalized words
# (with "of", "de", "the", "&" between them), at most a colon or "rated" after it, then its
# number. Swapping two entries' numbers is how a summary most often gets such a list wrong,
# and every number stays one the original has: the value checks find nothing false.
_NAMED_VALUE = re.compile(r"(?<![\w'&.@/-])([A-Z][A-Za-z0-9'&-]*(?: (?:(?:of|de|du|la|le|the|and|&) )?"
                          r"[A-Z][A-Za-z0-9'&-]*){0,4}):?[ \t]+(?:rated[ \t]+)?(\d+(?:\.\d+)?)(?![\w%/:.-]|\.\d)")
# Characters read as a mention's record each way, at most (up to the next or last entry's name).
RECORD_CHARS = 300
_RECORD_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w]|\.\d)")
# sentence -> its named entries (name, canonical number, as stated)
_SENTENCE_ENTRIES: Memo[str, tuple[tuple[str, str, str], ...]] = Memo(20_000)
# (names, serial, messages) -> name -> (the numbers of its records, its first record)
_RECORDS: Memo[tuple[frozenset[str], int, int], dict[str, tuple[set[str], str]]] = Memo(2_000)


def named_values_in(sentence: str) -> tuple[tuple[str, str, str], ...]:
    """(name, canonical number, "name number" as stated) of each named entry of `sentence`
    (`_NAMED_VALUE`); none unless it lists two or more names with different numbers.

    Args:
        sentence: a sentence of a replacement.

    Returns:
        The entries, in order.
    """
    hit = _SENTENCE_ENTRIES.get(sentence)
    if hit is None:
        found = []
        if _DIGIT.search(sentence):
            for m in _NAMED_VALUE.finditer(sentence):
                name = m.group(1)
                if all(w.lower() in _NOT_KEYS for w in name.split()):
                    continue  # ("Step 3", "Top 10": no name)
                found.append((name, canonical_number(m.group(2)), m.group(0).rstrip()))
        if len({n for n, _, _ in found}) < 2 or len({v for _, v, _ in found}) < 2:
            found = []
        hit = _SENTENCE_ENTRIES.put(sentence, tuple(found))
    return hit


def _records(names: frozenset[str], messages: Sequence[Message], serial: int) -> dict[str, tuple[set[str], str]]:
    """name -> (the numbers the original gives in its records, its first record holding
    one): a record is what surrounds a mention of the name, from the last mention of
    another of `names` before it to the next after it, RECORD_CHARS at most each way. A
    number between two names is in both records: a record printed after its name
    ("'Green Motion': 'Rating: 4.3'") and one printed before it (`{"id": 2, "name":
    "Avis"}`) are both read, and only a number in neither neighbour of the name counts
    against it."""
    key = (names, serial, len(messages))
    hit = _RECORDS.get(key)
    if hit is not None:
        return hit
    out: dict[str, tuple[set[str], str]] = {n: (set(), "") for n in names}
    # (a name of letters and a number is mentioned as "EMA10", "EMA 10" or "EMA_10" alike)
    pattern = re.compile(r"(?<![\w])(" + "|".join(_GLUED.sub(r"\g<0>[ _-]?", re.escape(n))
                                                   for n in sorted(names, key=len, reverse=True)) + r")(?![\w])")
    probes = {_GLUED.split(n, 1)[0] for n in names} - {""}
    canon = {_JOINED.sub("", n): n for n in names}
    for m in messages:
        text = m.text[:SCAN]
        if not any(n in text for n in probes):
            continue
        mentions = list(pattern.finditer(text))
        for k, at in enumerate(mentions):
            start = max(at.start() - RECORD_CHARS, 0, *(n.end() for n in mentions[:k] if n.group(1) != at.group(1)))
            end = min(at.end() + RECORD_CHARS, len(text),
                      *(n.start() for n in mentions[k + 1:] if n.group(1) != at.group(1)))
            before = {canonical_number(x) for x in _RECORD_NUMBER.findall(text, start, at.start())}
            after = {canonical_number(x) for x in _RECORD_NUMBER.findall(text, at.end(), end)}
            name = canon.get(_JOINED.sub("", at.group(1)), "")
            if (before or after) and name in out:
                seen, first = out[name]
                seen |= before | after
                if not first:  # (shown from the name on when its numbers follow it)
                    shown = text[at.start():end] if after else text[start:at.end()]
                    out[name] = (seen, " ".join(shown.split())[:EVIDENCE_CHARS])
    return _RECORDS.put(key, out)


# Where a name's letters meet its number ("EMA|10", "Q|3"), and the separator a mention may put there.
_GLUED = re.compile(r"(?<=[A-Za-z])(?=\d)")
_JOINED = re.compile(r"(?<=[A-Za-z])[ _-](?=\d)")


def record_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences listing named entries with numbers swapped: a name given a number
    none of its records in the original holds, which the record of another name of the
    same list does ("Green Motion 4.5, New Car Rental 4.3" where the ratings read
    "'Green Motion': 'Rating: 4.3', 'New Car Rental': 'Rating: 4.5'"). A name the
    original never gives a number, or a number no other entry's record holds, is left
    alone: what is checked is the swap, not the reading of the records.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the records' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    out: list[Binding] = []
    for sentence in sentences:
        entries = named_values_in(sentence)
        if not entries:
            continue
        records = _records(frozenset(n for n, _, _ in entries), messages, serial)
        for name, number, stated in entries:
            own, source = records[name]
            if not own or number in own:
                continue
            if any(other != name and number in records[other][0] for other, _, _ in entries):
                out.append(Binding(stated, sentence, source))
                break
    return out


# ------------------------------------------------------------------------ labelled words

# A label and the words it holds, as a form, a memory block or a profile writes them:
# "Favorite ice cream: Vanilla", "Seat preference: aisle", "Payment method: Mastercard".
# A summary that puts the label with other words ("Favorite ice cream: Chocolate") states
# a choice the user never made: the numbers' `binding_claims` for words. The label has
# two to four words (one word before a colon is a heading, "Next:", "Result:"), none of
# them a function word; the value one to three words, to the end of its line or quote.
_LABELLED = re.compile(r"(?<![\w-])([A-Za-z][a-z]+(?: [A-Za-z][a-z]+){1,3}):[ \t]+"
                       r"([A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){0,2})[ \t]*(?=$|[\"'`\n,;)\]}|]|\.(?:\s|$))", re.M)
_NOT_LABEL_WORDS = frozenset("""a an the and or of to in on at by for with from as is are was were be been it its this
that these those not no next then step steps note result results error errors output file files task status here
there what which when why how""".split())


def labelled_in(text: str) -> list[tuple[str, str]]:
    """(label, value) of each labelled value in `text`, both lower case (`_LABELLED`).

    Args:
        text: any text.

    Returns:
        The pairs, in order.
    """
    out = []
    for m in _LABELLED.finditer(text):
        label = m.group(1).lower().split()
        if not any(w in _NOT_LABEL_WORDS for w in label):
            out.append((" ".join(label), " ".join(m.group(2).lower().split())))
    return out


_LABELS: Memo[tuple[int, int], dict[str, tuple[set[str], str]]] = Memo(8)


@per_index_state(_LABELS)
def _labels(messages: Sequence[Message], serial: int) -> dict[str, tuple[set[str], str]]:
    """label -> (the values the original gives it, its first line giving one)."""
    out: dict[str, tuple[set[str], str]] = {}
    for m in messages:
        text = m.text[:SCAN] + "".join("\n" + c.arguments_raw[:2000] for c in m.tool_calls)
        if ":" not in text:
            continue
        for label, value in labelled_in(text):
            if label not in out:
                out[label] = (set(), _line_at(text, label))
            out[label][0].add(value)
    return out


def label_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences giving a label words that share none with the one or two values the
    original gives it ("Favorite ice cream: Chocolate" where the user's block says
    "Favorite ice cream: Vanilla"). A label the original gives more values names no
    single fact; a value sharing a word with the original's is a rewording.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the labels' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    labels = _labels(messages, serial)
    if not labels:
        return []  # (no labelled value in the session: no sentence read)
    found = [(s, lv) for s in sentences if reads_label(s) for lv in labelled_in(s)]
    out: list[Binding] = []
    seen: set[str] = set()
    for sentence, (label, value) in found:
        known = labels.get(label)
        if sentence in seen or known is None or value in known[0] or len(known[0]) > MAX_VALUES:
            continue
        words = set(value.split())
        if any(words & set(v.split()) for v in known[0]):
            continue
        seen.add(sentence)
        out.append(Binding(f"{label}: {value}", sentence, known[1] or f"the original gives {label}: {sorted(known[0])[0]}"))
    return out


# ------------------------------------------------------------------- where an error was raised

# A Python traceback: its frames' files, then the exception's line.
_TRACEBACK = "Traceback (most recent call last)"
_FRAME = re.compile(r'File "([^"\n]+)", line \d+')
_RAISED = re.compile(r"^\s*(?:[\w.]+\.)?([A-Z]\w*(?:Error|Exception|Warning))\b(.*)$", re.M)
_EXCEPTION = re.compile(r"\b([A-Z]\w*(?:Error|Exception|Warning))\b")
# A source file a sentence names (its base name: tracebacks give the paths the run had).
_SOURCE = re.compile(r"(?<![\w.-])([\w-]+)\.(py|pyx|pyi)\b", re.I)
_SOURCE_CLAUSE = re.compile(r";|\.\s|,\s+(?:and|but|while|whereas|then|so|after|before)\s|\u2014")


def base_name(path: str) -> str:
    """A path's file name, lower case: what a traceback's frame, a definition's file and a
    claim's are compared by.

    Args:
        path: a path as written ("/" or "\\" separated).

    Returns:
        Its last part, lower case.
    """
    return re.split(r"[/\\]", path)[-1].lower()


_RAISED_IN: Memo[tuple[int, int], list[tuple[int, str, frozenset[str], str, str]]] = Memo(8)


@per_index_state(_RAISED_IN)
def _raised_in(messages: Sequence[Message], serial: int) -> list[tuple[int, str, frozenset[str], str, str]]:
    """(message, exception, its frames' files, its message lower case, its last frame and
    exception line) per Python traceback of the original, in order."""
    out = []
    for i, m in enumerate(messages):
        text = m.text[:SCAN]
        if _TRACEBACK not in text:
            continue
        for tb in text.split(_TRACEBACK)[1:]:
            frames = _FRAME.findall(tb)
            raised = _RAISED.search(tb)
            if frames and raised is not None:
                out.append((i, raised.group(1), frozenset(base_name(f) for f in frames), raised.group(2).lower(),
                            " ".join(f"File {frames[-1]}: {raised.group().strip()}".split())[:EVIDENCE_CHARS]))
    return out


# A frame as a traceback prints it, quoted or not (a user pasting one: `File main.py, line
# 26, in is_collision`), and a file and line a clause puts an error at ("raindrop.py line
# 26", "raindrop.py:26", "line 26 of raindrop.py").
_ANY_FRAME = re.compile(r'File "?([^",\s]+\.py)"?, line (\d+)')
_AT_LINE = re.compile(r"(?<![\w.-])([\w-]+\.py)(?:,? line |:)(\d+)\b|\bline (\d+) (?:of|in) ([\w-]+\.py)\b", re.I)
_ERROR_CUE = re.compile(r"\b(?:error|exception|traceback|raised?|raises|crash\w*|fail\w*)\b", re.I)
_FRAMES: Memo[tuple[int, int], list[tuple[int, str, str, str]]] = Memo(8)


@per_index_state(_FRAMES)
def _frames(messages: Sequence[Message], serial: int) -> list[tuple[int, str, str, str]]:
    """(message, file base name, line, the frame's line) per traceback frame the original
    prints, in order."""
    out: list[tuple[int, str, str, str]] = []
    for i, m in enumerate(messages):
        text = m.text[:SCAN]
        if "File " in text:
            out.extend((i, base_name(f.group(1)), f.group(2), " ".join(f.group().split())[:EVIDENCE_CHARS])
                       for f in _ANY_FRAME.finditer(text))
    return out


def _line_elsewhere(clause: str, frames: Sequence[tuple[int, str, str, str]]) -> tuple[str, str] | None:
    """(file and line, the original's frame) when `clause` puts an error at a file's line
    that no traceback frame shows while a frame shows that line in another file, and no
    frame at all is in the clause's file: the error moved to another file."""
    if not frames or not _ERROR_CUE.search(clause):
        return None
    for m in _AT_LINE.finditer(clause):
        file, line = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        file = file.lower()
        if any(f == file for _, f, _, _ in frames):
            continue
        other = next((shown for _, f, n, shown in frames if n == line), None)
        if other is not None:
            return f"{file} line {line}", other
    return None


def _put_elsewhere(clause: str, raised: dict[str, list[tuple[frozenset[str], str, str]]]) -> tuple[str, str] | None:
    """(exception and file, the original's traceback) when `clause` puts an exception
    in a file none of its tracebacks fits, else None. A traceback fits when its frames
    pass through the file or its message names it; when the clause quotes a traceback's
    message, only the tracebacks with that message are the ones it reports."""
    files = {m.group(1).lower(): m.group().lower() for m in _SOURCE.finditer(clause)}
    if not files:
        return None
    low = clause.lower()
    for name in sorted(set(_EXCEPTION.findall(clause))):
        occurrences = raised.get(name)
        if not occurrences:
            continue
        quoted = [o for o in occurrences if len(o[1]) >= 8 and o[1] in low]
        if any(set(files.values()) & o[0] or any(stem in o[1] for stem in files) for o in quoted or occurrences):
            continue
        return f"{name} in {sorted(files.values())[0]}", (quoted or occurrences)[0][2]
    return None


def raised_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int,
                  horizon: int) -> list[Binding]:
    """The clauses putting an exception in a Python file none of its tracebacks in the
    original passes through ("the NameError was in leave_work_reminder.py" where each
    NameError's frames are in drink_water_reminder.py and main.py), or an error at a
    file's line where the frames show that line in another file only ("the error came
    from raindrop.py line 26" where the frame is `main.py, line 26`): an error put in
    the wrong file. A file the exception's own message names (the module not found) is
    not a place it is put.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the tracebacks' cache key, with its length).
        horizon: the last message of the range the replacement stands for (a traceback
            after it is not what the replacement reports).

    Returns:
        One `Binding` per sentence at most.
    """
    frames = [f for f in _frames(messages, serial) if f[0] <= horizon]
    raised: dict[str, list[tuple[frozenset[str], str, str]]] = defaultdict(list)
    for i, name, files, message, evidence in _raised_in(messages, serial):
        if i > horizon:
            break
        raised[name].append((files, message.strip(" :"), evidence))
    if not raised and not frames:
        return []  # (no traceback in the range: no sentence read)
    # (".py" first: a plain substring test, the regexes only on the sentences naming a file)
    said = [s for s in sentences if reads_raised(s)]
    out: list[Binding] = []
    for sentence in said:
        for clause in _SOURCE_CLAUSE.split(sentence):
            wrong = _put_elsewhere(clause, raised) or _line_elsewhere(clause, frames)
            if wrong is not None:
                out.append(Binding(wrong[0], sentence, wrong[1]))
                break
    return out


# ----------------------------------------------------------- the sentences each check reads
# (`fidelity` asks these once per sentence and passes each check only the sentences it
# reads: the same claims, tests/engine/test_fidelity_claim_memos.py)


def reads_binding(sentence: str) -> bool:
    """Whether `binding_claims` reads `sentence`: it binds a key to a value.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(_bindings_of(sentence))


def reads_records(sentence: str) -> bool:
    """Whether `record_claims` reads `sentence`: it lists named entries with numbers.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(named_values_in(sentence))


def reads_error(sentence: str) -> bool:
    """Whether `error_claims` reads `sentence`: it quotes an error naming its object.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(_errors_of(sentence))


def reads_line(sentence: str) -> bool:
    """Whether `line_claims` reads `sentence`: it quotes code and says "line".

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return "`" in sentence and "line" in sentence.lower()


def reads_label(sentence: str) -> bool:
    """Whether `label_claims` reads `sentence`: it holds a colon.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return ":" in sentence


def reads_raised(sentence: str) -> bool:
    """Whether `raised_claims` reads `sentence`: it names a Python file and an exception
    or a line of one (".py" first: a plain substring test, the regexes only on the
    sentences naming a file).

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool((".py" in sentence or ".PY" in sentence) and _SOURCE.search(sentence)
                and (_EXCEPTION.search(sentence) or _AT_LINE.search(sentence)))
