"""Values a replacement binds to one entity that the original binds to another of the same sort.

A summary with errors planted in it most often keeps every value right and binds some to
the wrong entity: two rows of a table swapped ("GLPI interest 1,212" where the original's
table gives GLPI's row 112 and VICI's 1,212), two columns ("Adjusted EBITDA: 2024 3,938"
where the row reads 3,739 under 2024 and 3,938 under 2023). Each value alone is supported
(the original holds it), so `engine.fidelity` does not flag it; what is false is the
binding. This module reads the bindings the original states least ambiguously: a table's
rows and columns, the years prose gives events, the numbered elements of a page an
agent acts on, the named items of a list, and two values a sentence gives two words.

A table is a Markdown table (`| label | 2024 | 2023 |` rows; a JSON string's escaped
lines too, as a tool returns them): each row binds its values to its first cell's words,
each value to its column's header. A replacement's sentence states a value of a row when
the words right before it (`CONTEXT_WORDS` at most, back to the number before them) are
all in some row's label; of a column when the header and then the value are written one
after the other ("2024 3,938", "2024: 3,938") with the row's words before.

Flagged (status "contradicted", the original's row as evidence), when:

    row      no row whose label holds the sentence's words holds the value, while another
             row of the same table does (the value of another entity of the table);
    column   the rows the words name hold the value, under another column only.

A value the original's tables do not hold at all (a sum the summary worked out, a figure
from prose) is left alone: what is checked is the swap, not the arithmetic.

A year is bound to the event the words around it name ("When he purchased the WWF in
1982", "In 1984, he recruited Hogan"). A replacement's clause giving an event a year is
flagged when most of its words (two at least) are around one other year of the
original, and fewer of them anywhere in the sentences of the year it states, which the
original gives another event ("McMahon purchased the WWF in 1984"). A year the original
never writes is left to the value checks; a year a call asked for (a search's query) is
no event's.

A page's numbered element (the "[13]" of a browsing agent's labelled screenshot) is bound
to what a step typed into it ("Type [13]; Dublin") and to the strings the step's thought
quotes (the thought's first sentence, which tells how the step before went, to that
step's element too). A sentence typing into one element what the original typed into
another only, or binding an element to a string only the steps on another quote, is
flagged. Steps still to take ("Next: click [19]") bind nothing.

A list of named items ("- Linda: email the agenda to John", "- Mark: review the sales
projections") binds each name to its item's words. A sentence giving a name an item
that shares two thirds of its words with another name's item of the same list, and a
third at most with its own, is flagged.

Two words each given the other's value in one sentence ("stop-loss 2%, take-profit 1%"
where the original sets "a stop-loss at 1% ... and a take-profit at 2%"): each value is
one the original writes right after the other word and never after its own.

Precision first: a missed swap costs less than a faithful summary flagged. Cheap: the
original's tables, years, steps, lists and values are read once per index state (its serial and length), and
only once a sentence states a value; a replacement's sentences once each (memos by
sentence).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.content import output_lines
from inspector.engine.fidelity_bindings import Binding, canonical_number
from inspector.engine.models import Message

# Characters of a message read for tables (a tool's result of a filing's tables runs long).
SCAN = 60_000
# Characters of the original's row shown as evidence.
EVIDENCE_CHARS = 200
# Words right before a value read as the entity it is bound to (the nearest; words
# further back name the topic of the sentence, not the row).
CONTEXT_WORDS = 4
# What ends the clause of the words before a number: they name no value after it.
_CLAUSE_BREAK = re.compile(r"[;()\[\]|\u2014\u2013]")

# A row of a Markdown table: a line opening and closing with "|", two cells at least.
_ROW = re.compile(r"^[ \t]*\|(.+\|.*)\|[ \t]*$", re.M)
_DIGIT = re.compile(r"\d")
_RULE = re.compile(r"^[\s|:-]*$")  # the line under a header (`|---|---:|`)
# A number as a table's cell or a sentence writes it: "$3,739 million", "(16)", "4.5".
_NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?![\w]|[.,]\d)")
# A sentence's words and numbers, in order (a word: letters, with inner "-", "'", "&").
_TOKEN = re.compile(r"(?<![\w./-])\d+(?:,\d{3})*(?:\.\d+)?(?![\w/-]|[.,]\d)|[A-Za-z][A-Za-z'&-]*[A-Za-z]|[A-Za-z]")
# The word right after a number, past a unit sign (a noun there is what the number counts,
# "46 countries", or what it is the value of, "1% stop-loss").
_NEXT_WORD = re.compile(r"[ \t]*%?[ \t]*([A-Za-z][A-Za-z'-]*)")
# Units and scales a value is written with ("3,739 million"): no noun it counts.
_UNITS = frozenset("million millions billion billions thousand thousands m bn k mn usd eur gbp percent pct".split())
# Words after which a number is bound to what comes next, not to the words before it.
_PREPOSITIONS = frozenset("from to in on at by with than over under about after before since until into between "
                          "among across through within".split())
# Words between an entity and its value that keep the binding ("EBITDA of 3,739", "the port is 8000").
_LINKS = frozenset("of is was were are".split())
# Between a column's header and its value in a sentence: nothing but a mark ("2024 3,938",
# "2024: $3,938", "2024 = 3,938"); "3,739 (2024), 3,938" binds 3,938 to no header.
_HEADER_TO_VALUE = re.compile(r"[ \t]*[:=]?[ \t]*\$?[ \t]*")
# Words that name no row: function words, and units a value is written with.
_NOT_LABEL = frozenset("""a an the and or of to in on at by for with from as is are was were be been it its this
that these those than then into per via vs each all any no not only also total usd eur gbp million millions
billion billions thousand thousands m bn k mn
january february march april may june july august september october november december
jan feb mar apr jun jul aug sep sept oct nov dec""".split())


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in (t.lower() for t in re.findall(r"[A-Za-z][A-Za-z'&-]*[A-Za-z]|[A-Za-z]", text))
                 if w not in _NOT_LABEL)


@dataclass(frozen=True)
class Row:
    """A row of one of the original's tables.

    Attributes:
        table: which table of the original (its order).
        label: its first cell's words, lower case (`_NOT_LABEL` left out).
        cells: its values (canonical) by column header ("" when the table has none).
        line: the row as the original writes it (evidence).
    """

    table: int
    label: frozenset[str]
    cells: tuple[tuple[str, str], ...]
    line: str

    @property
    def values(self) -> frozenset[str]:
        """The row's values, canonical."""
        return frozenset(v for _, v in self.cells)


def _cells(line: str) -> list[str]:
    return [c.strip().strip("*_` ").strip() for c in line.strip().strip("|").split("|")]


def tables_in(text: str, first: int = 0) -> list[Row]:
    """The rows of the Markdown tables of `text` that bind values to a label: a first
    cell with words, and at least one other cell holding a number (its first number).

    Args:
        text: any text (a JSON string's escaped line breaks are read as line breaks).
        first: the number given to the text's first table.

    Returns:
        The rows, in order; `Row.table` counts the tables from `first`.
    """
    if "\\n|" in text:  # (a table inside a JSON string: read by its lines, `content.output_lines`)
        text = output_lines(text)
    out: list[Row] = []
    table, header, last_end = first - 1, [], -2
    for m in _ROW.finditer(text):
        line = m.group(0)
        cells = _cells(line)
        # (a row on the line right after the last one continues its table)
        if text.count("\n", last_end, m.start()) > 1 or last_end < 0:
            table, header = table + 1, cells
            last_end = m.end()
            continue
        last_end = m.end()
        if _RULE.match(line):
            continue
        # (a first cell with a digit is a date or an id, "Sunday, August 3": no entity's name)
        label = frozenset(_words(cells[0])) if cells and not _DIGIT.search(cells[0]) else frozenset()
        if not label:
            continue
        found = []
        for k, cell in enumerate(cells[1:], 1):
            number = _NUMBER.search(cell)
            if number is not None:
                found.append((header[k].lower() if k < len(header) else "", canonical_number(number.group())))
        if found:
            out.append(Row(table, label, tuple(found), " ".join(line.split())[:EVIDENCE_CHARS]))
    return out


@dataclass(frozen=True)
class _Tables:
    rows: tuple[Row, ...]
    vocabulary: dict[int, frozenset[str]]  # table -> the words of its rows' labels


_TABLES: Memo[tuple[int, int], _Tables] = Memo(8)


@per_index_state(_TABLES)
def _tables(messages: Sequence[Message], serial: int) -> _Tables:
    rows: list[Row] = []
    for m in messages:
        text = m.text[:SCAN]
        if "|" in text:
            rows += tables_in(text, rows[-1].table + 1 if rows else 0)
    vocabulary: dict[int, frozenset[str]] = {}
    for r in rows:
        vocabulary[r.table] = vocabulary.get(r.table, frozenset()) | r.label
    return _Tables(tuple(rows), vocabulary)


@dataclass(frozen=True)
class Stated:
    """A value a sentence binds to words.

    Attributes:
        words: up to `CONTEXT_WORDS` words right before it, lower case, in order.
        nearest: the word right before it (or before its header).
        clause: every word since the number before it (what else the sentence may name).
        header: the number right before it, read as its column's header, or "".
        value: the value, canonical.
        written: the value as written.
    """

    words: tuple[str, ...]
    nearest: str
    clause: frozenset[str]
    header: str
    value: str
    written: str


# sentence -> the values it binds (`stated_in`)
_SENTENCE_VALUES: Memo[str, tuple[Stated, ...]] = Memo(50_000)


def stated_in(sentence: str, *, direct: bool = True) -> tuple[Stated, ...]:
    """The values `sentence` binds to words: each number with up to `CONTEXT_WORDS` words
    right before it (back to the number before them), or, for a number written right
    after another ("2024 3,938"), that one as its column's header and the words before the
    header. A number right after a preposition ("from 46") or right before a noun ("46
    countries", a count of what follows) is bound to no word before it.

    Args:
        sentence: a replacement's sentence.
        direct: a sentence without a digit binds none, its words not read (`_TOKEN`'s
            numbers start with a decimal digit: every new sentence of a knob move is asked, most
            write no number); False: every sentence's tokens read, nothing kept (the
            same values: tests/engine/test_fidelity_readings.py).

    Returns:
        The values, in order.
    """
    if not direct:
        return _stated(sentence)
    hit = _SENTENCE_VALUES.get(sentence)
    if hit is None:
        hit = _SENTENCE_VALUES.put(sentence, _stated(sentence) if _DIGIT.search(sentence) else ())
    return hit


def _stated(sentence: str) -> tuple[Stated, ...]:
    """`stated_in(sentence)` read token by token."""
    out: list[Stated] = []
    words: list[str] = []
    last: Stated | None = None
    previous: re.Match[str] | None = None
    after = ""  # the word right before the number, as written (a preposition's too)
    word_end = 0
    for m in _TOKEN.finditer(sentence):
        token = m.group()
        if not token[0].isdigit():
            after = token.lower()
            if after not in _NOT_LABEL:
                words.append(after)
            previous = None
            word_end = m.end()
            continue
        if words and _CLAUSE_BREAK.search(sentence, word_end, m.start()):
            words = []  # ("logs, additional; 7 of the 9 are required": the words end their clause)
        follows = _NEXT_WORD.match(sentence, m.end())
        counts = follows is not None and follows.group(1).lower() not in _NOT_LABEL | _UNITS
        if words and not counts and (after == words[-1] or after in _LINKS):
            last = Stated(tuple(words[-CONTEXT_WORDS:]), words[-1], frozenset(words), "", canonical_number(token), token)
            out.append(last)
        elif (not words and previous is not None and last is not None and not counts
              and _HEADER_TO_VALUE.fullmatch(sentence, previous.end(), m.start())):
            out.append(Stated(last.words, last.nearest, last.clause, previous.group().lower(), canonical_number(token),
                              token))
        words, after = [], ""
        previous = m
    return tuple(out)


def _swapped(stated: Stated, tables: _Tables) -> tuple[str, Row] | None:
    """(the binding as stated, the original's row it contradicts) when the stated value
    is bound to another row or column of a table than the one its words name, else None."""
    value, header = stated.value, stated.header
    rows = tables.rows
    # (the word right before the value is in the row's label, and so is every other word
    # of the sentence's that is in the table's labels at all)
    words = frozenset(stated.words)
    named = [r for r in rows if stated.nearest in r.label and words & tables.vocabulary[r.table] <= r.label]
    if not named:
        return None
    # (the rows it names best, by the run of words right before the value they hold:
    # "GLPI interest" names GLPI's interest row, not "Cash interest paid for rent")
    runs = [_run(stated.words, r.label) for r in named]
    named = [r for r, n in zip(named, runs, strict=True) if n == max(runs)]
    if header:
        under = [v for r in named for h, v in r.cells if h == header]
        if under and value not in under and any(value in r.values for r in named):
            own = next(r for r in named if any(h == header for h, _ in r.cells))
            return f"{header} {stated.written}", own
        return None
    if any(value in r.values for r in named):
        return None
    where = {r.table for r in named}
    # (a row holding the value whose every word the sentence says may be the row it names)
    if any(r.table in where and value in r.values and not r.label <= stated.clause for r in rows):
        return " ".join(w for w in stated.words if w in named[0].label) + f" {stated.written}", named[0]
    return None


def _run(words: tuple[str, ...], label: frozenset[str]) -> int:
    """How many of `words`, from the last back, are in `label` one after the other."""
    n = 0
    for w in reversed(words):
        if w not in label:
            break
        n += 1
    return n


def table_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences binding a value of the original's tables to another row or column
    than the one holding it (module docstring).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the tables' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    said = [(s, stated_in(s)) for s in sentences]
    said = [(s, st) for s, st in said if st]
    if not said:
        return []
    tables = _tables(messages, serial)
    if not tables.rows:
        return []  # (no table in the session: no sentence read further)
    out: list[Binding] = []
    for sentence, values in said:
        for stated in values:
            wrong = _swapped(stated, tables)
            if wrong is not None:
                out.append(Binding(wrong[0], sentence, wrong[1].line))
                break
    return out


def reads_table(sentence: str) -> bool:
    """Whether `table_claims` reads `sentence`: it binds a number to words.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(stated_in(sentence))


# ------------------------------------------------------------------------ years of events

# A year as prose writes one (not a date's part, an amount, a version or an id's digits).
_YEAR = re.compile(r"(?<![\w.,$/#:-])(1[6-9]\d\d|20\d\d)(?![\w%/:-]|[.,]\d)")
# A word of an event: letters (a possessive's "'s" left out), three at least.
_EVENT_WORD = re.compile(r"[A-Za-z][A-Za-z-]*[A-Za-z](?='s\b)|[A-Za-z][A-Za-z-]*[A-Za-z]")
# What ends a clause of a replacement around a year: its words name the event the year is of.
_CLAUSE_END = re.compile(r"[;:()\[\]{}|]|->|\u2192|\u2014|\s-\s|(?<=[.!?])\s")
# Words of a clause that name no event (function words, verbs of telling, time words).
_NOT_EVENT = frozenset("""the and for with from was were are is been being has had have that this these those than
then into onto about over under after before since until its his her their our your they them she him who whom
which what when where why how not but also only just still some any all each every other another more most less
least said says say stated states state found finds reported reports reads read shows showed show year years
month months day days date dates time times later earlier first last next same section page article text""".split())
# Words of a clause read for its event, each side of the year at most.
EVENT_WORDS = 6
# Words each side of a year in the original read as its event's.
WINDOW = 10
# Characters each side of a year read for its sentence, at most.
SENTENCE_CHARS = 600


def _event_words(text: str) -> list[str]:
    return [w for w in (m.group().lower() for m in _EVENT_WORD.finditer(text)) if len(w) > 2 and w not in _NOT_EVENT]


@dataclass(frozen=True)
class _Years:
    # year -> (the words around it, its sentence's words, its sentence, whether it states a
    # fact: not a call's argument) per mention
    mentions: dict[str, list[tuple[frozenset[str], frozenset[str], str, bool]]]
    # word -> (year, its mention) per mention stating a fact with the word around the year
    # (what a clause's words are looked up by: a long session writes hundreds of years)
    around: dict[str, list[tuple[str, int]]]


_YEARS: Memo[tuple[int, int], _Years] = Memo(8)
# The digits of every match of `_YEAR` (no look-around: a scan in C ~4x as fast over a
# session's 10 MB, most of whose texts write no year).
_YEAR_DIGITS = re.compile(r"(?:1[6-9]|20)\d\d")


def years_written(text: str, *, direct: bool = True) -> list[re.Match[str]]:
    """The matches of `_YEAR` in `text` (what `_years` reads a message's text and each
    call's arguments for), in order.

    Args:
        text: any text.
        direct: `_YEAR` tried only where its digits are (`_YEAR_DIGITS`: a match's
            start is one of theirs, none inside another's: the character before a year
            is no digit), its look-behind reading the text before as the scan does;
            False: the pattern's scan (the same matches: tests/engine/test_fidelity_readings.py).

    Returns:
        The matches.
    """
    if not direct:
        return list(_YEAR.finditer(text))
    match = _YEAR.match
    return [y for d in _YEAR_DIGITS.finditer(text) for y in [match(text, d.start())] if y is not None]


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n")
# A call with a string argument, as code writes one (`web_search(query="...")`).
_CALL_STRING = re.compile(r"\w\((?:\s*\w+\s*=)?\s*\\?[\"']")


@per_index_state(_YEARS)
def _years(messages: Sequence[Message], serial: int) -> _Years:
    """Each year the original writes, with the words around it (`WINDOW` each side, in
    its sentence) and its sentence. A year in a call's arguments (a search's query, "MBTA
    stops list May 2023") is what was asked for, not the date of an event: kept as a
    mention of the year, never as the year an event had."""
    mentions: dict[str, list[tuple[frozenset[str], frozenset[str], str, bool]]] = {}
    for m in messages:
        text = m.text[:SCAN]
        for part, fact in ((text, True), *(("\n" + c.arguments_raw[:2000], False) for c in m.tool_calls)):
            found = years_written(part)
            if not found:
                continue
            # (each year's sentence found around it, not the text split whole: a session's
            # long outputs hold few years)
            read: dict[int, tuple[str, list[tuple[int, str]], frozenset[str], bool]] = {}
            for y in found:
                lo = max(y.start() - SENTENCE_CHARS, 0)
                start = max([lo, *(b.end() for b in _SENTENCE_BREAK.finditer(part, lo, y.start()))])
                if start not in read:
                    stop = _SENTENCE_BREAK.search(part, y.end(), y.end() + SENTENCE_CHARS)
                    sentence = part[start:stop.start() if stop else min(y.end() + SENTENCE_CHARS, len(part))]
                    tokens = [(t.start() + start, t.group().lower()) for t in _EVENT_WORD.finditer(sentence)]
                    whole = frozenset(w for _, w in tokens if len(w) > 2 and w not in _NOT_EVENT)
                    read[start] = (" ".join(sentence.split())[:EVIDENCE_CHARS], tokens, whole,
                                   fact and not _CALL_STRING.search(sentence))
                shown, tokens, whole, stated = read[start]
                at = next((k for k, (begins, _) in enumerate(tokens) if begins > y.start()), len(tokens))
                near = whole.intersection(w for _, w in tokens[max(at - WINDOW, 0):at + WINDOW])
                mentions.setdefault(y.group(), []).append((near, whole, shown, stated))
    around: dict[str, list[tuple[str, int]]] = {}
    for year, said in mentions.items():
        for k, (near, _, _, fact) in enumerate(said):
            if fact:
                for w in near:
                    around.setdefault(w, []).append((year, k))
    return _Years(mentions, around)


# sentence -> (year, the words of its event as the sentence writes them) per year
_SENTENCE_YEARS: Memo[str, tuple[tuple[str, frozenset[str]], ...]] = Memo(50_000)


def years_in(sentence: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The years `sentence` states, each with the words of its clause before it (back to
    the number or clause mark before them, `EVENT_WORDS` at most), or after it when fewer
    than two come before ("in 1921, Smuts coined the term").

    Args:
        sentence: a replacement's sentence.

    Returns:
        (year, words) per year, in order.
    """
    hit = _SENTENCE_YEARS.get(sentence)
    if hit is not None:
        return hit
    out = []
    if _YEAR.search(sentence):
        numbers = [m.end() for m in _NUMBER.finditer(sentence)]
        marks = [m.end() for m in _CLAUSE_END.finditer(sentence)]
        for y in _YEAR.finditer(sentence):
            after_number = max([-1, *(n for n in numbers if n <= y.start())])
            start = max([0, after_number, *(k for k in marks if k <= y.start())])
            words = _event_words(sentence[start:y.start()])[-EVENT_WORDS:]
            # (the clause opens with its year: "in 1921, Smuts coined the term"; not a list's
            # next year, "from 1887 and 1911, Smuts coined ...")
            if not words and start != after_number:
                end = min([len(sentence), *(m.start() for m in _NUMBER.finditer(sentence, y.end())),
                           *(m.start() for m in _CLAUSE_END.finditer(sentence, y.end()))])
                words = _event_words(sentence[y.end():end])[:EVENT_WORDS]
            if len(words) >= 2:
                out.append((y.group(), frozenset(words)))
    return _SENTENCE_YEARS.put(sentence, tuple(out))


def _other_year(year: str, words: frozenset[str], said: frozenset[str], years: _Years) -> tuple[str, str] | None:
    """(the year the original gives the event, its sentence) when the words of the event
    are around that year in the original more than around `year` anywhere, and `year`
    is one the original gives another event; else None. A year the sentence states too
    (`said`) is not the one it mistook ("it reflects 2025, not May 2023")."""
    own = years.mentions.get(year)
    if not own:
        return None  # (a year the original never writes is no swap: the value checks' business)
    # (around this year: anywhere in its sentences, a sentence may bind two years to two events)
    here = max(len(words & whole) for _, whole, _, _ in own)
    # (how many of the words are around each other year's mentions, looked up by word)
    counts: dict[tuple[str, int], int] = {}
    for w in words:
        for at in years.around.get(w, ()):
            counts[at] = counts.get(at, 0) + 1
    best: dict[str, tuple[int, int]] = {}  # other year -> (its most words around a mention, that mention)
    for (other, k), n in counts.items():
        if other != year and other not in said and (other not in best or (n, -k) > (best[other][0], -best[other][1])):
            best[other] = (n, k)
    top = max((n for n, _ in best.values()), default=0)
    # (most of the event's words, two at least, around one other year; fewer around this one)
    winners = [other for other, (n, _) in best.items() if n == top]
    if top >= 2 and 3 * top >= 2 * len(words) and top > here and len(winners) == 1:
        [other] = winners
        return other, years.mentions[other][best[other][1]][2]
    return None


def year_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences giving an event a year the original gives another event, where the
    original writes this event's words around another year ("McMahon purchased the WWF
    in 1984" where the section reads "When he purchased the WWF in 1982" and "In 1984, he
    recruited Hogan").

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the years' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    said = [(s, y) for s in sentences for y in [years_in(s)] if y]
    if not said:
        return []
    years = _years(messages, serial)
    out: list[Binding] = []
    for sentence, stated in said:
        # (a knob move's summary repeats most sentences of the last: each one's answer kept
        # per index state, the years of a long session each read against every mention)
        key = (serial, len(messages), sentence)
        hit = _YEAR_CLAIMS.get(key)
        if hit is None:
            hit = _YEAR_CLAIMS.put(key, (_year_claim(sentence, stated, years),))
        if hit[0] is not None:
            out.append(hit[0])
    return out


# (serial, messages, sentence) -> its year claim or None
_YEAR_CLAIMS: Memo[tuple[int, int, str], tuple[Binding | None]] = Memo(20_000)


def _year_claim(sentence: str, stated: tuple[tuple[str, frozenset[str]], ...], years: _Years) -> Binding | None:
    written = frozenset(_YEAR.findall(sentence))
    for year, words in stated:
        wrong = _other_year(year, words, written, years)
        if wrong is not None:
            return Binding(f"{year} ({' '.join(sorted(words))})", sentence, wrong[1])
    return None


def reads_years(sentence: str) -> bool:
    """Whether `year_claims` reads `sentence`: it gives a year words.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(years_in(sentence))


# ------------------------------------------------------------------ labelled elements of a page

# A step of an agent acting on a page's numbered elements (the Set-of-Marks labels of
# WebVoyager, SeeAct, browser agents): "Action: Click [24]", "Type [13]; Dublin".
_ACTION = re.compile(r"\b(?:Click|Type|Select|Hover|Press|Tap)\s*\[(\d{1,4})\](?:;[ \t]*([^\n]*\S))?", re.I)
# An element a sentence names: "[13]".
_ELEMENT = re.compile(r"\[(\d{1,4})\]")
# What a sentence says was typed into an element: "Type [13]; Athens, Greece: first box",
# "typed "Dublin" into [13]".
_TYPED = re.compile(r"\bType\s*\[(\d{1,4})\];[ \t]*([^:;()\n]*[^:;()\n\s.])|"
                    r"\btyped[ \t]+[\"'\u201c]([^\"'\u201d\n]{1,80})[\"'\u201d][ \t]+in(?:to)?[ \t]+\[(\d{1,4})\]", re.I)
# A quoted string (what a step's thought names: a button's text, an option).
_QUOTED = re.compile(r"[\"\u201c]([^\"\u201c\u201d\n]{3,120})[\"\u201d]")
# An element and a string a sentence binds to it, next to each other (no clause between:
# "Click [25]: the promo element "Free word lists..."", "clicked [25] "lion""; not
# "click Search ([19]), open "Price graph"").
_ELEMENT_QUOTE = re.compile(r"\[(\d{1,4})\][^,;\"\u201c\n]{0,40}[\"\u201c]([^\"\u201c\u201d\n]{3,120})[\"\u201d]|"
                            r"[\"\u201c]([^\"\u201c\u201d\n]{3,120})[\"\u201d][^,;\"\u201c\n\[]{0,40}\[(\d{1,4})\]")
# A step still to take binds nothing that happened.
_AHEAD = re.compile(r"\b(?:next|will|then)\b", re.I)
# The first sentence of a step's thought (where it tells how the last step went).
_FIRST_SENTENCE = re.compile(r"^.*?(?:[.!?](?=\s)|$)", re.S)


def _said(text: str) -> str:
    """A typed or quoted string as compared: lower case, white space collapsed, its
    closing punctuation left out."""
    return " ".join(text.lower().split()).strip(" .,;:!?'\"")


@dataclass(frozen=True)
class _Steps:
    typed: dict[str, dict[str, str]]  # element -> typed text -> the action's line
    quoted: dict[str, dict[str, str]]  # quoted string -> element acted on -> the action's line


_STEPS: Memo[tuple[int, int], _Steps] = Memo(8)


@per_index_state(_STEPS)
def _steps(messages: Sequence[Message], serial: int) -> _Steps:
    """The original's steps on numbered elements: each assistant message's last action,
    what it typed, and the strings its thought quotes."""
    typed: dict[str, dict[str, str]] = {}
    quoted: dict[str, dict[str, str]] = {}
    last = ""  # the element the step before acted on
    for m in messages:
        if m.role != "assistant" or "[" not in m.text:
            continue
        text = m.text[:SCAN]
        actions = list(_ACTION.finditer(text))
        if not actions:
            continue
        act = actions[-1]
        line = " ".join(act.group().split())[:EVIDENCE_CHARS]
        element = act.group(1)
        if act.group(2) and act.group().lower().startswith("type"):
            typed.setdefault(element, {}).setdefault(_said(act.group(2)), line)
        # (a thought opens on how the last step went: "The destination "Athens" has been
        # inputted" is of the step before's element too)
        opening = _FIRST_SENTENCE.match(text)
        for q in _QUOTED.finditer(text):
            elements = quoted.setdefault(_said(q.group(1)), {})
            elements.setdefault(element, line)
            if last and opening is not None and q.end() <= opening.end():
                elements.setdefault(last, line)
        last = element
    return _Steps(typed, quoted)


def _element_claim(sentence: str, steps: _Steps) -> tuple[str, str] | None:
    """(the binding as stated, the original's action) when `sentence` puts on one element
    what the original typed into another only, or names one element with a string the
    thoughts of the steps on another element quote and those on this one never do."""
    if _AHEAD.search(sentence):
        return None
    typed = list(_TYPED.finditer(sentence))
    for m in typed:
        element, text = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        said = _said(text)
        own = steps.typed.get(element)
        if not own or said in own:
            continue
        other = next((line for e, texts in steps.typed.items() if e != element for t, line in texts.items()
                      if t == said), None)
        if other is not None:
            return f"[{element}]; {text.strip()}", other
    # (a sentence telling what was typed binds its element by that; one element and one
    # string only: a list of options, "("Round trip", "One way")", binds none)
    if typed or len(set(_ELEMENT.findall(sentence))) != 1 or len(_QUOTED.findall(sentence)) != 1:
        return None
    bound = _ELEMENT_QUOTE.search(sentence)
    if bound is None:
        return None
    element, quote = (bound.group(1), bound.group(2)) if bound.group(1) else (bound.group(4), bound.group(3))
    where = steps.quoted.get(_said(quote))
    if not where or element in where or not any(element in acts for acts in steps.quoted.values()):
        return None
    return f"[{element}] \"{quote}\"", next(iter(where.values()))


def element_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences binding a page's numbered element to what the original's steps bind
    to another ("Type [13]; Athens, Greece" where the agent typed Dublin into [13] and
    Athens, Greece into [14]; "Click [25]: the promo "Free word lists..."" where the step
    quoting that promo clicked [24]).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the steps' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    said = [s for s in sentences if reads_element(s)]
    if not said:
        return []
    steps = _steps(messages, serial)
    if not steps.typed and not steps.quoted:
        return []
    out: list[Binding] = []
    for sentence in said:
        wrong = _element_claim(sentence, steps)
        if wrong is not None:
            out.append(Binding(wrong[0], sentence, wrong[1]))
    return out


def reads_element(sentence: str) -> bool:
    """Whether `element_claims` reads `sentence`: it names a numbered element.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return "[" in sentence and _ELEMENT.search(sentence) is not None


# ------------------------------------------------------------------- named items of a list

# An item of a list naming whom or what it is of, then what it says: "- Linda: email the
# 'meeting-agenda-2024-05-15.docx' file to ...", "2. Mark: review the sales projections".
_ITEM = re.compile(r"^[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+([A-Z][a-z]+(?: [A-Z][a-z]+){0,2}):[ \t]+(\S.{8,})$", re.M)
# ... as a replacement's sentence states one (its bullet may be gone).
_SAID_ITEM = re.compile(r"^[ \t]*(?:(?:[-*\u2022]|\d{1,2}[.)])[ \t]+)?([A-Z][a-z]+(?: [A-Z][a-z]+){0,2}):[ \t]+(\S.{8,})$")
# ... or naming an id (a product's, a ticket's: capitals and digits, both), bold or not,
# then what it is: "*   **B092QL1FLW:** Women Summer Cold Shoulder Dress".
_ID = r"(?=[A-Z0-9_-]*\d)(?=[A-Z0-9_-]*[A-Z])[A-Z0-9][A-Z0-9_-]{5,}"
_ID_ITEM = re.compile(rf"^[ \t]*(?:[-*\u2022]|\d{{1,2}}[.)])[ \t]+\**({_ID})\**:\**[ \t]+(\S.{{8,}})$", re.M)
# ... as a replacement's sentence gives one anywhere ("The user chose B09RDX8KQJ: \"Women ...\"").
_SAID_ID_ITEM = re.compile(rf"(?<![\w-])\**({_ID})\**:\**[ \t]+(\S.{{8,}})")
# Labels that head a kind of line, not an entity ("Note:", "Result:", "Next:").
_HEADINGS = frozenset("""note notes result results error errors output input status task tasks next step steps
summary answer thought action observation question warning info debug file files path reason cause fix solution
example expected actual name type value description title date subject from to cc bcc body plan goal done found
state current update request response reply message command code test tests issue problem context source total
attendee attendees deadline owner""".split())
# Words of an item's text that say what it is (its content words, three letters at least).
MIN_ITEM_WORDS = 3


def _item_words(text: str) -> frozenset[str]:
    return frozenset(w for w in (t.lower() for t in re.findall(r"[A-Za-z][A-Za-z'-]+|\d[\d-]+\d", text))
                     if len(w) > 2 and w not in _NOT_EVENT and w not in _NOT_LABEL)


@dataclass(frozen=True)
class _Items:
    lists: tuple[dict[str, tuple[frozenset[str], str]], ...]  # per list: name -> (its text's words, its line)
    id_lists: tuple[dict[str, tuple[frozenset[str], str]], ...]  # the same, items named by an id


_ITEMS: Memo[tuple[int, int], _Items] = Memo(8)
# A line opening as a list's item, as `_ITEM` and `_ID_ITEM` open theirs (after "^" in
# `re.M`: the text's start or a line break), the break its literal first character (a
# scan in C that skips to each "\n": ~3x as fast as "^" tried at every character).
_ITEM_OPENING = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]")
_ITEM_LINE = re.compile(r"\n" + _ITEM_OPENING.pattern)
_ITEM_LINE_SCAN = re.compile(r"^" + _ITEM_OPENING.pattern, re.M)


def has_item_line(text: str, *, direct: bool = True) -> bool:
    """Whether a line of `text` opens as an item of a list does (white space, a bullet or
    a number of one or two digits with "." or ")", then a space or a tab): every line
    `_ITEM` or `_ID_ITEM` matches opens so, and `_items` reads no other text.

    Args:
        text: any text.
        direct: the text's start matched, then each line break looked for with the
            opening after it; False: the opening tried at every line's start (`re.M`)
            (the same answer: tests/engine/test_fidelity_readings.py).

    Returns:
        True when a line opens so.
    """
    if not direct:
        return _ITEM_LINE_SCAN.search(text) is not None
    return _ITEM_OPENING.match(text) is not None or _ITEM_LINE.search(text) is not None


@per_index_state(_ITEMS)
def _items(messages: Sequence[Message], serial: int) -> _Items:
    """The lists of named items the original shows (a message's items; two names at least),
    and of items named by an id."""
    lists, id_lists = [], []
    for m in messages:
        text = m.text[:SCAN]
        if ":" not in text or not has_item_line(text):
            continue
        found: dict[str, tuple[frozenset[str], str]] = {}
        for it in _ITEM.finditer(text):
            name = it.group(1).lower()
            if name not in _HEADINGS and name not in found:
                found[name] = (_item_words(it.group(2)), " ".join(it.group().split())[:EVIDENCE_CHARS])
        if len(found) >= 2:
            lists.append(found)
        by_id = {it.group(1).lower(): (_item_words(it.group(2)), " ".join(it.group().split())[:EVIDENCE_CHARS])
                 for it in _ID_ITEM.finditer(text)}
        if len(by_id) >= 2:
            id_lists.append(by_id)
    return _Items(tuple(lists), tuple(id_lists))


def item_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences giving a named item of a list what the original's list gives another
    ("Linda: review the sales projections" where the minutes read "Mark: review the sales
    projections" and "Linda: email the agenda to John"): flagged when two thirds of the
    sentence's words are in the other item and a third at most in the item of its name.
    Items named by an id are read as `_id_item_claims` says.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the lists' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    if not any(map(reads_item, sentences)):
        return []
    found_lists = _items(messages, serial)
    out = _id_item_claims(sentences, found_lists.id_lists)
    claimed = {b.sentence for b in out}
    said = [(s, m) for s in sentences if s not in claimed for m in [_SAID_ITEM.match(s)] if m is not None]
    lists = found_lists.lists
    for sentence, m in said:
        name, words = m.group(1).lower(), _item_words(m.group(2))
        if name in _HEADINGS or len(words) < MIN_ITEM_WORDS:
            continue
        for found in lists:
            own = found.get(name)
            if own is None or 3 * len(words & own[0]) > len(words):
                continue
            other = next((line for n, (w, line) in found.items() if n != name and 3 * len(words & w) >= 2 * len(words)),
                         None)
            if other is not None:
                out.append(Binding(f"{m.group(1)}: {' '.join(m.group(2).split()[:6])}", sentence, other))
                break
    return out


def _id_item_claims(sentences: Sequence[str], id_lists: Sequence[dict[str, tuple[frozenset[str], str]]]
                    ) -> list[Binding]:
    """The sentences giving an id the words of another id's item of the same list ("chose
    B09RDX8KQJ: Women Summer Cold Shoulder Dress ..." where the list gives those words to
    B092QL1FLW): two thirds of the other item's words (three at least) in the sentence's
    text after the id, a third of its own at most. An item's words are measured against
    the sentence (the sentence adds a price, a rating), not the sentence's against the item."""
    out: list[Binding] = []
    if not id_lists:
        return out
    for sentence in sentences:
        m = _SAID_ID_ITEM.search(sentence)
        if m is None:
            continue
        name, words = m.group(1).lower(), _item_words(m.group(2))
        for found in id_lists:
            own = found.get(name)
            if own is None or 3 * len(own[0] & words) > len(own[0]):
                continue
            other = next((line for n, (w, line) in found.items()
                          if n != name and len(w) >= MIN_ITEM_WORDS and 3 * len(w & words) >= 2 * len(w)), None)
            if other is not None:
                out.append(Binding(f"{m.group(1)}: {' '.join(m.group(2).split()[:6])}", sentence, other))
                break
    return out


def reads_item(sentence: str) -> bool:
    """Whether `item_claims` reads `sentence`: it opens with a capitalized name and a colon,
    or gives an id (capitals and digits) a colon and words.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return ":" in sentence and ((":" in sentence[:40] and _SAID_ITEM.match(sentence) is not None)
                                or _SAID_ID_ITEM.search(sentence) is not None)


# ------------------------------------------------------------- two values swapped in a sentence

# A word and the number the original writes right after it ("a stop-loss at 1%",
# "# Take-profit at 2%", "port: 8000"): the word's value.
# A word and the number the original writes right after it ("a stop-loss at 1%",
# "# Take-profit at 2%", "port: 8000"): the word's value. Read from the number back (a
# session's text holds far fewer numbers than words): the number, then the word before it
# in the characters just before.
_VALUE = re.compile(r"(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)?(?![\w/-]|[.,]\d)")
_WORD_BEFORE = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z-]*[A-Za-z])[ \t]*(?:(?:at|of|is|was|=|:)[ \t]*)?\$?\Z")
# Characters before a number read for its word.
WORD_BEFORE_CHARS = 40
# What `_WORD_BEFORE` may end with: the characters right before a number with a word.
_BEFORE_VALUE = frozenset(" \t:=$" + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_VALUES: Memo[tuple[int, int], dict[str, tuple[set[str], str]]] = Memo(8)


@per_index_state(_VALUES)
def _word_values(messages: Sequence[Message], serial: int) -> dict[str, tuple[set[str], str]]:
    """word -> (the numbers the original writes right after it, its first line doing so)."""
    out: dict[str, tuple[set[str], str]] = {}
    for m in messages:
        text = m.text[:SCAN]
        if not _DIGIT.search(text):
            continue
        for v in _VALUE.finditer(text):
            at = v.start()
            # (a word, a mark or a space right before, or no word is: "(124, 16)", "x=3,")
            if at == 0 or text[at - 1] not in _BEFORE_VALUE:
                continue
            before = _WORD_BEFORE.search(text, max(at - WORD_BEFORE_CHARS, 0), at)
            if before is None:
                continue
            word = before.group(1).lower()
            if word in _NOT_LABEL or word in _PREPOSITIONS:
                continue
            hit = out.get(word)
            if hit is None:
                # (the words around it, in its line: a line of prose runs long)
                start = max(text.rfind("\n", 0, at) + 1, at - EVIDENCE_CHARS // 2)
                end = text.find("\n", v.end())
                end = min(end if end >= 0 else len(text), v.end() + EVIDENCE_CHARS // 2)
                hit = out[word] = (set(), " ".join(text[start:end].split()))
            hit[0].add(canonical_number(v.group()))
    return out


def pair_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Binding]:
    """The sentences giving two words each other's values ("stop-loss 2%, take-profit 1%"
    where the original sets "a stop-loss at 1% ... and a take-profit at 2%"): each value is
    one the original writes right after the other word, never after its own.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the values' cache key, with its length).

    Returns:
        One `Binding` per sentence at most.
    """
    said = [(s, pairs) for s in sentences for pairs in [[v for v in stated_in(s) if not v.header]]
            if len({v.nearest for v in pairs}) >= 2]
    if not said:
        return []
    values = _word_values(messages, serial)
    out: list[Binding] = []
    for sentence, pairs in said:
        known = [(v, values[v.nearest]) for v in pairs if v.nearest in values]
        swap = next(((a, b, own_a) for k, (a, own_a) in enumerate(known) for b, own_b in known[k + 1:]
                     if a.nearest != b.nearest and a.value != b.value
                     and a.value in own_b[0] and b.value in own_a[0]
                     and a.value not in own_a[0] and b.value not in own_b[0]), None)
        if swap is not None:
            a, b, own_a = swap
            out.append(Binding(f"{a.nearest} {a.written}, {b.nearest} {b.written}", sentence, own_a[1]))
    return out


def read_session(messages: Sequence[Message], serial: int) -> None:
    """Read now what `year_claims` and `item_claims` read of the whole session on their
    first call for an index state (its years, its lists of items): the measure that
    builds a session's index calls it, so the first knob move whose summary states a
    year or an item does not pay ~0.1-0.3 s (the 10k bench session) for them.

    Args:
        messages: the original's messages.
        serial: the original's index serial (the readings' cache key, with its length).
    """
    _years(messages, serial)
    _items(messages, serial)
