"""Claims a replacement makes that the original CONTRADICTS, beside those it merely lacks.

Fidelity (`engine.fidelity`) flags as `unsupported` an artifact a replacement states that
the original never has: a path, a number, an id. Most such artifacts in a faithful
summary are the measure's own misses (a value written another way, a position), while a
summary with errors planted in it states values that are NEAR MISSES of real ones: a
patient id PS-84210 where the session has PS-48210, a port 8080 for 8000, a census
variable B25064 for B25077, a file `sklearn/ensemble/_voting.py` for `.../voting.py`,
`tests/reproduce.py` for `reproduce.py`. A near miss says the writer had the real object
in view and stated it wrong, which sends an agent the wrong way, so it is scored as a
contradiction (`contradicted`, weighed apart in `engine.fidelity_blend`), with the
original's sentence it contradicts as evidence. What makes a near miss, for any agent
and genre:

    token   a digit-bearing token (id, number, version part, hash) of the same length
            and shape (digits where digits are) as one the original holds, differing
            in one character (two adjacent ones swapped, or two of a long token);
    setting a name the original sets to a number, stated with another number;
    path    a file path whose file name the original has in another directory, or a
            path in a directory the original has with a similar file name (same
            extension) the original has there.

Cheap: the original's candidate tokens and paths are listed once per index state (the
index's serial and size), and only the few unsupported artifacts are compared.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.content import relative_path
from inspector.engine.models import Message

# Tokens shorter than this are not compared: a two-digit number has a one-digit
# neighbour in any session (21 and 18, 05 and 03).
MIN_TOKEN = 3
# Differing characters a near miss may have: one below this length, two from it on.
LONG_NEAR = 5
# Two file names in one directory are a near miss from this similarity on.
NAME_SIMILARITY = 0.4
# Characters of the original's sentence shown as evidence.
EVIDENCE_CHARS = 200


@dataclass(frozen=True)
class Contradiction:
    """An artifact the replacement states, the real one it is a near miss of, and where.

    Attributes:
        kind: the fidelity kind ("values", "files").
        text: the artifact as the replacement states it.
        sentence: the replacement's sentence stating it.
        real: the original's artifact it is a near miss of.
        source: the original's line holding `real` ("" when not found).
    """

    kind: str
    text: str
    sentence: str
    real: str
    source: str


def _shape(tok: str) -> str:
    return "".join("9" if c.isdigit() else "a" if c.isalpha() else c for c in tok)


def token_near(a: str, b: str) -> bool:
    """Whether token `a` is a near miss of `b` (not equal): same length and shape, one
    differing character, two adjacent ones swapped, or two differing in a long token.

    Args:
        a: a token (lower case).
        b: another.

    Returns:
        True for a near miss.
    """
    if a == b or len(a) != len(b) or len(a) < MIN_TOKEN or _shape(a) != _shape(b):
        return False
    diff = [k for k in range(len(a)) if a[k] != b[k]]
    if len(diff) == 1:
        return True
    if len(diff) == 2:
        i, j = diff
        return (j == i + 1 and a[i] == b[j] and a[j] == b[i]) or len(a) >= LONG_NEAR
    return False


@dataclass
class _Candidates:
    tokens: dict[tuple[int, str], list[str]]  # (length, shape) -> the original's tokens
    names: dict[str, list[str]]  # file name -> the original's paths (below their roots)
    anchored: set[str]  # the original's paths stated absolute (each names one place)
    dirs: dict[str, list[str]]  # directory -> the original's paths in it
    settings: dict[str, list[str]]  # name -> the numbers the original sets it to


_CANDIDATES: Memo[tuple[int, int], _Candidates] = Memo(8)


@per_index_state(_CANDIDATES)
def _candidates(postings: Mapping[str, list[int]], serial: int) -> _Candidates:
    tokens: dict[tuple[int, str], list[str]] = defaultdict(list)
    names: dict[str, list[str]] = defaultdict(list)
    dirs: dict[str, list[str]] = defaultdict(list)
    settings: dict[str, list[str]] = defaultdict(list)
    anchored: set[str] = set()
    for k in postings:
        head = k[:2]
        if head == "t:" or (head == "v:" and any(c.isdigit() for c in k)):
            tok = k[2:]
            if len(tok) >= MIN_TOKEN:
                tokens[(len(tok), _shape(tok))].append(tok)
        elif head in ("P:", "U:"):
            path = k[2:]
            if head == "P:":
                anchored.add(path)
            directory, _, name = path.rpartition("/")
            names[name].append(path)
            if directory:
                dirs[directory].append(path)
        elif head == "=:" and "=" in k[2:]:
            name, _, number = k[2:].partition("=")
            settings[name].append(number)
    return _Candidates(dict(tokens), dict(names), anchored, dict(dirs), dict(settings))


def _near_token(tok: str, cands: _Candidates) -> str | None:
    for other in cands.tokens.get((len(tok), _shape(tok)), ()):
        if token_near(tok, other):
            return other
    return None


def _extension(name: str) -> str:
    return name.rpartition(".")[2] if "." in name else ""


def _near_path(rel: str, anchored: bool, cands: _Candidates) -> str | None:
    directory, _, name = rel.rpartition("/")
    if not name:
        return None
    # The same file name at another place (`tests/reproduce.py` for the root's
    # `reproduce.py`). Not a shorter mention of the same path (`fields.py` of
    # `src/fields.py`, unless stated absolute: then it names the wrong place), nor a
    # longer one of a name the original never places (`lib/x.py` for a bare `x.py`).
    for other in cands.names.get(name, ()):
        if other == rel or (other.endswith("/" + rel) and not anchored):
            continue
        if rel.endswith("/" + other) and other not in cands.anchored:
            continue
        return other
    # a similar file name in the same directory (`_voting.py` for `voting.py`)
    if directory:
        for other in cands.dirs.get(directory, ()):
            other_name = other.rpartition("/")[2]
            if (other_name != name and _extension(other_name) == _extension(name)
                    and difflib.SequenceMatcher(None, name, other_name).ratio() >= NAME_SIMILARITY):
                return other
    return None


_SETTING_CLAIM = re.compile(r"^([a-z_]\w*) = (.+)$")


def _source_line(real: str, postings: Mapping[str, list[int]], keys: Sequence[str],
                 messages: Sequence[Message], scan: int) -> str:
    """The first line of the original holding `real` (case-insensitive), shortened."""
    needle = real.lower()
    for key in keys:
        for i in postings.get(key, ())[:20]:
            text = messages[i].text[:scan]
            at = text.lower().find(needle)
            if at >= 0:
                start = text.rfind("\n", 0, at) + 1
                end = text.find("\n", at)
                line = " ".join(text[start:end if end >= 0 else len(text)].split())
                return line[:EVIDENCE_CHARS]
    return ""


def near_misses(claims: Sequence[tuple[str, str, str]], postings: Mapping[str, list[int]], serial: int,
                messages: Sequence[Message], roots: Sequence[str], scan: int) -> list[Contradiction]:
    """The unsupported claims that are near misses of an artifact the original holds.

    Args:
        claims: (kind, artifact, sentence) for each artifact the replacement states
            that the original does not support (`fidelity._unsupported`).
        postings: the original's index (`fidelity._Index.postings`).
        serial: the index's serial (with its size, the key of the candidates' cache).
        messages: the original's messages (for the evidence line).
        roots: the session's roots (`ContentModel.roots`).
        scan: characters of a message read for the evidence line.

    Returns:
        One `Contradiction` per claim that is a near miss.
    """
    if not claims:
        return []  # (the common case: the original's candidates are not listed)
    cands = _candidates(postings, serial)
    out: list[Contradiction] = []
    for kind, text, sentence in claims:
        real: str | None = None
        keys: list[str] = []
        shown = ""
        if kind == "files" and "://" not in text and "/" in text.strip("/"):
            anchored, rel = relative_path(text, tuple(roots))
            real = _near_path(rel, anchored, cands)
        elif kind == "files" and "/" not in text.strip("/") and "." in text:
            real = _near_path(text.lstrip("/"), False, cands)
        elif kind == "values":
            setting = _SETTING_CLAIM.match(text)
            if setting:
                numbers = cands.settings.get(setting.group(1))
                if numbers:
                    real = f"{setting.group(1)} = {numbers[0]}"
                    keys = []  # (evidence: the setting itself, `real`)
            elif " " not in text:
                real = _near_token(text, cands)
                keys, shown = ([f"t:{real}", f"v:{real}"], real) if real else ([], "")
        if real and kind == "files":
            keys = [f"P:{real}", f"U:{real}"]
            # the line naming the real path whole, else its file name
            source = (_source_line(real, postings, keys, messages, scan)
                      or _source_line(real.rpartition("/")[2], postings, keys, messages, scan))
            out.append(Contradiction(kind, text, sentence, real, source))
        elif real:
            out.append(Contradiction(kind, text, sentence, real, _source_line(shown, postings, keys, messages, scan)))
    return out



# ------------------------------------------------------------------------------ calls

# Words of a clause about what comes next or might be (`fidelity_outcomes` reads them too).
FUTURE_WORDS = (r"next|will|would|should|shall|going to|to do|plan(?:s|ned)?|todo|remaining|still to|"
                r"needs? to|must|if|once|until|whether")
# A sentence about what comes next or might be: it states no call that was made.
_NOT_MADE = re.compile(rf"\b(?:{FUTURE_WORDS}|instead of)\b", re.I)
# ... and one that says the call went well, or not.
_CALL_WENT_WELL = re.compile(r"\b(?:succeeded|successful(?:ly)?|went through|worked|approved|confirmed|booked|"
                             r"completed?|done|applied)\b", re.I)
_CALL_WENT_BADLY = re.compile(r"\b(?:fail\w*|reject\w*|refused|error\w*|denied|not|never|no|cannot|can't|couldn't|"
                              r"unable)\b", re.I)
# What follows a tool's name in a sentence up to its first argument ("book_hotel(8)",
# "update_ticket_to_new_flight to flight 19252", "book_hotel 8").
# Its first argument stated: in parentheses, or named right after ("to flight 19252").
_ARGUMENT = re.compile(r"\s*(?:\(\s*(?:[a-z_]+\s*=\s*)?[\"']?|\s+(?:to|for|with|on)\s+(?:[a-z]+\s+){0,2}(?:id\s+)?)(\d+)"
                       r"[\"']?\s*[),]?")
_FIRST_NUMBER = re.compile(r"\d+")
# ... or an identifier in parentheses, quoted or not ("read_section(republics)",
# "view_sections(\"vince_mcmahon\")"): a name, an id, a path; free text with spaces (a
# search's query, which a summary paraphrases) is none.
_ID_ARGUMENT = re.compile(r"\s*\(\s*(?:[a-z_]+\s*=\s*)?[\"'`]?([a-z][\w:./-]{3,})[\"'`]?\s*[),]")
# The identifiers of a call's arguments, as `_ID_ARGUMENT` reads one (lower case).
_IDENTIFIER = re.compile(r"[a-z][\w:./-]{3,}")
# A call's arguments stated in parentheses right after its name, read up to this many
# characters (`_other_arguments`).
_OPEN_ARGUMENTS = re.compile(r"\s*\(")
_ARGUMENTS_CHARS = 300
_DIGIT = re.compile(r"\d")


# A tool said called (with an argument, in a clause that does not look ahead) before the
# range's end, whose first call came after it, is a call never made by then (`call_claims`;
# session 18, L23's planted "Wikipedia__get_summary(...) has already been fetched"), when
# said so in words: a call named bare ("- `delete_email(email_id="34")`" under "Not done
# yet:", a line of its own) may be a step still to take.
_SAID_MADE = re.compile(r"\b(?:already|has been|have been|had been|was|were|returned|fetched|called|ran|done|"
                        r"succeeded|gave|showed|found|confirmed|retrieved)\b", re.I)


@dataclass(frozen=True)
class _Call:
    at: int  # the action's message index
    numbers: frozenset[str]  # the numbers of its arguments
    names: frozenset[str]  # the identifiers of its arguments (lower case)


_CALLS: Memo[tuple[int, int], dict[str, list[_Call]]] = Memo(8)
_ANSWERS: Memo[tuple[int, int], dict[str, int]] = Memo(8)


@per_index_state(_ANSWERS)
def answering(messages: Sequence[Message], serial: int) -> dict[str, int]:
    """Each tool call's id -> the first tool message answering it (its `tool_call_id`):
    the one reading of which result is whose, for every check that pairs them.

    Args:
        messages: the original's messages.
        serial: the original's index serial (the cache key, with its length).

    Returns:
        The id -> message index map (calls no tool message answers are not in it).
    """
    out: dict[str, int] = {}
    for j, m in enumerate(messages):
        if m.role == "tool" and m.tool_call_id:
            out.setdefault(m.tool_call_id, j)
    return out


@per_index_state(_CALLS)
def _calls(messages: Sequence[Message], serial: int) -> dict[str, list[_Call]]:
    """The session's tool calls by tool name (snake_case names only: a summary naming
    `book_hotel` names that tool; `Edit` or `Read` are words), in order."""
    out: dict[str, list[_Call]] = defaultdict(list)
    for i, m in enumerate(messages):
        for c in m.tool_calls:
            if "_" in c.name.strip("_"):
                args = c.arguments_raw[:2000]
                out[c.name.lower()].append(_Call(i, frozenset(_FIRST_NUMBER.findall(args)),
                                                 frozenset(_IDENTIFIER.findall(args.lower()))))
    return dict(out)


@dataclass(frozen=True)
class CallClaim:
    """A sentence stating a call of a tool with an argument that the original never
    made, or made and saw fail.

    Attributes:
        text: the tool and its argument as the sentence states them.
        sentence: the replacement's sentence.
        source: what the original shows instead.
    """

    text: str
    sentence: str
    source: str


def call_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int, horizon: int,
                failed: Callable[[int], bool], results: Callable[[int], Sequence[int]]) -> list[CallClaim]:
    """The sentences saying a tool of the session was called with a number (an id, a
    flight, a line) or an identifier in parentheses (a section, a page, a path) when no
    call of that tool up to `horizon` had that number, or an identifier holding that one,
    among its arguments (while it was called, with others), or saying that call went well
    when its last one failed; or saying a tool was called (with any argument, free text in
    quotes too) whose first call came after `horizon`.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the calls' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        failed: whether the action at an index failed (`ContentModel.step_failed`; `refused` is
            checked too).
        results: the indices of an action's results (`ContentModel.result_of`).

    Returns:
        One claim per sentence at most.
    """
    if not any(map(reads_call, sentences)):
        return []  # no snake_case name stated: no tool named (the session's calls not listed)
    calls = _calls(messages, serial)
    if not calls:
        return []
    out: list[CallClaim] = []
    state = (serial, len(messages))
    for sentence in sentences:
        named = _NAMED_CALLS.get((state, sentence))
        if named is None:
            named = _NAMED_CALLS.put((state, sentence), _named_calls(sentence, calls))
        if not named:
            continue
        low = sentence.lower()
        for name, arg in named:
            made = calls[name]
            before = [c for c in made if c.at <= horizon]
            if not before and _SAID_MADE.search(low):
                # (the tool is the session's, first called after the range: said made, it was not yet)
                out.append(CallClaim(f"{name} {arg}", sentence,
                                     f"{name} was first called at message {made[0].at}, after the range's end"))
                break
            if " " in arg:
                continue  # (free text: a query paraphrased, not compared with the arguments)
            if arg[0].isdigit():
                # (the tool's calls with an argument of that shape: the same number of digits)
                alike = sorted({n for c in before for n in c.numbers if len(n) == len(arg)})
                with_it = [c for c in before if arg in c.numbers]
            else:  # (an identifier: any part of one of the call's, "history" of "page:history")
                alike = sorted({n for c in before for n in c.names})
                with_it = [c for c in before if any(arg in n for n in c.names)]
            if not alike:
                continue
            claim = f"{name} {arg}"
            if not with_it:
                out.append(CallClaim(claim, sentence, f"{name} was called with {', '.join(alike[:3])}, never with {arg}"))
                break
            good, bad = _CALL_WENT_WELL.search(low), _CALL_WENT_BADLY.search(low)
            last = with_it[-1].at
            answers = results(last)
            if good and not bad and (failed(last) or refused(messages, answers)):
                said = next((" ".join(messages[j].text.split())[:EVIDENCE_CHARS] for j in answers), "")
                out.append(CallClaim(claim, sentence, f"its last call (message {last}) answered: {said}"))
                break
    return out


# (the index's state, a sentence) -> (tool, number) for each tool of the session it says was
# called with a number, in the session's order of tools (`_named_calls`): what `call_claims`
# reads of a sentence before the range's end; a knob move's new summary repeats most
# sentences of the last.
_NAMED_CALLS: Memo[tuple[tuple[int, int], str], tuple[tuple[str, str], ...]] = Memo(50_000)


def _named_calls(sentence: str, calls: Mapping[str, list[_Call]]) -> tuple[tuple[str, str], ...]:
    low = sentence.lower()
    out = []
    for name in calls:
        at = low.find(name)
        while at >= 0:  # (every mention: "delete_file("11"), delete_file("1") and delete_file("3") succeeded")
            number = _named_call(sentence, low, name, at)
            if number:
                out.append((name, number))
                out.extend((name, other) for other in _other_arguments(low, at + len(name)) if other != number)
            at = low.find(name, at + len(name))
    return tuple(out)


def headed_ahead(sentence: str, at: int) -> bool:
    """Whether position `at` of `sentence` lies in a list headed as steps still to take: a
    few words before its first colon say what comes next ("Next steps: ...", "Plan: ...").

    Args:
        sentence: a replacement's sentence.
        at: a position in it.

    Returns:
        True when the header comes before `at`.
    """
    colon = sentence.find(":")
    return 0 <= colon < at and len(sentence[:colon].split()) <= 4 and _NOT_MADE.search(sentence[:colon]) is not None


def _named_call(sentence: str, low: str, name: str, at: int) -> str | None:
    """The number the mention of `name` at `at` says it was called with, unless the clause
    naming it says it will or might be."""
    start = max(low.rfind(p, 0, at) for p in ";,:") + 1
    ends = [e for e in (low.find(p, at) for p in ";:") if e >= 0]
    if _NOT_MADE.search(sentence[start:min(ends, default=len(low))]):
        return None
    if headed_ahead(low, at):
        return None  # ... nor does a list of them headed so ("Next steps: delete_file("3"), delete_file("4")")
    number = _ARGUMENT.match(low, at + len(name)) or _ID_ARGUMENT.match(low, at + len(name))
    if number:
        return number.group(1)
    text = _TEXT_ARGUMENT.match(low, at + len(name))
    if text is not None:
        return text.group(1) if " " in text.group(1) else None  # (a short word quoted is no identifier to compare)
    bare = _FILE_ARGUMENT.match(low, at + len(name))
    if bare is not None and _RESULT_STATED.match(low, bare.end()):
        return bare.group(1)
    # (arguments written as "name value" pairs: "modify_cart(customer_id 123, items_to_add x)")
    return next(iter(_other_arguments(low, at + len(name))), None)


def _other_arguments(low: str, at: int) -> list[str]:
    """The identifiers with an underscore or a digit in the parenthesised arguments that
    follow position `at` ("(customer_id 123, items_to_add leccino_olive_tree x1)": its
    parameter names and the tree's id), each to be found among the calls' own. Plain words
    are left out: free text in parentheses (a search's query) a summary paraphrases."""
    opened = _OPEN_ARGUMENTS.match(low, at)
    if not opened:
        return []
    end = low.find(")", opened.end(), opened.end() + _ARGUMENTS_CHARS)
    if end < 0:
        return []
    return [t for t in _IDENTIFIER.findall(low, opened.end(), end) if "_" in t.strip("_") or _DIGIT.search(t)]


# ... or a file's name written right after the tool's, without parentheses ("read_file
# instructions_4.txt -> ...", "write_file result.txt"): the way a numbered list of calls
# reads; a name with an extension, not a word (the argument of a call of a tool that
# takes a file is its file).
_FILE_ARGUMENT = re.compile(r"[ \t]+((?:[\w.-]+/)*[a-z][\w-]*\.[a-z][a-z0-9]{1,5})(?![\w/(-])")
# ... when its result follows ("-> ...", "returned ..."): a call stated as made, not a
# command quoted from the instructions ("find_file buggy-input.png" in an example).
_RESULT_STATED = re.compile(r"\s*(?:\([^()]{0,80}\)\s*)?(?:->|\u2192|=>|"
                            r"(?:returned|gave|showed|printed|answered|failed|succeeded)\b)")


# ... or free text quoted in parentheses (`get_summary("Ancient Egyptian furniture")`): a
# query, which a summary may paraphrase, so it says only that the tool was called
# (`call_claims`: not before the range's end).
_TEXT_ARGUMENT = re.compile(r"\s*\(\s*(?:[a-z_]+\s*=\s*)?[\"'`\u201c]([^\"'`\u201d)]{3,80})[\"'`\u201d]\s*\)")


# A tool's answer refusing or failing the call (a booking tool's "not permitted", an
# API's error), beside the failures `ContentModel.step_failed` reads.
_REFUSED = re.compile(r"\b(?:not permitted|not allowed|cannot|can't|unable to|error|failed|denied|refused|invalid|"
                      r"not found|exception|rejected)\b", re.I)


def refused(messages: Sequence[Message], results: Sequence[int]) -> bool:
    """Whether the results of a call (their first lines) refuse or fail it.

    Args:
        messages: the session's messages.
        results: the indices of the call's results (`ContentModel.result_of`).

    Returns:
        True when one of them says so within its first 300 characters.
    """
    return any(_REFUSED.search(messages[j].text[:300]) for j in results)


# --------------------------------------------------------------- words a pattern needs

# A sentence's words as `may_hold` reads them: runs of ASCII letters, lower case.
_LETTER_RUN = re.compile(r"[a-z]+")
# sentence -> its words (the last few: the sentence tests ask one sentence in a row)
_WORDS: Memo[str, frozenset[str]] = Memo(64)


def may_hold(sentence: str, words: frozenset[str]) -> bool:
    """Whether a case-insensitive pattern whose every match begins (or holds) one of
    `words` as a whole word, between word boundaries, can match `sentence`: False when
    the sentence is ASCII (where case-insensitive is lower case) and none of its runs of
    letters is one of them. (A word so matched is a run of letters: letters, digits and
    "_" are no boundary, so the run starts and ends where the word does.) The claim
    checks' sentence tests skip their patterns on most sentences this way.

    Args:
        sentence: the text the pattern would search.
        words: lower-case words, one of which every match holds as a whole word.

    Returns:
        False only when the pattern cannot match.
    """
    if not sentence.isascii():
        return True
    found = _WORDS.get(sentence)
    if found is None:
        found = _WORDS.put(sentence, frozenset(_LETTER_RUN.findall(sentence.lower())))
    return not found.isdisjoint(words)


# ------------------------------------------------------------------------------ writes

# A sentence saying a file was written to: by the agent, already, in the past.
_WROTE = re.compile(r"\b(?:already (?:added|wrote|written|created|updated|edited|changed|applied)|(?:was|were|been|is|are) "
                    r"already (?:added|written|created|updated|edited|changed|applied)|(?:i|we|the agent) (?:added|wrote|"
                    r"created|updated|edited|changed|modified|inserted|applied))\b", re.I)
# Tools that write a file and name it in their arguments (function-calling agents).
WRITE_TOOL = re.compile(r"edit|write|replace|patch|insert|create|apply", re.I)


# The words `_WROTE` needs one of ("already", or the verb after "I", "we", "the agent").
WROTE_WORDS = frozenset({"already", "added", "wrote", "created", "updated", "edited", "changed", "modified", "inserted",
                         "applied"})
_WRITES: Memo[tuple[int, int], list[int]] = Memo(8)
# sentence -> whether it says a file was written (`write_claims`), or what the user
# said of a scope (`answer_claims`): asked of every sentence of a summary on every knob
# move, and consecutive summaries repeat most of their sentences.
_SAYS_WRITTEN: Memo[str, bool] = Memo(50_000)
_SAYS_SCOPE: Memo[str, bool] = Memo(50_000)


def reads_call(sentence: str) -> bool:
    """Whether `call_claims` reads `sentence`: it holds a "_" (the tools it checks are
    named in snake_case).

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return "_" in sentence


def reads_write(sentence: str, *, direct: bool = True) -> bool:
    """Whether `write_claims` reads `sentence`: it says a file was written, already.

    Args:
        sentence: a replacement's sentence.
        direct: skip the patterns when the sentence has none of their words
            (`may_hold`); False: search them, nothing kept (the same answer).

    Returns:
        True when it may make a claim.
    """
    if not direct:
        return bool(_WROTE.search(sentence)) and not _NOT_MADE.search(_outside_parentheses(sentence))
    hit = _SAYS_WRITTEN.get(sentence)
    if hit is None:
        hit = _SAYS_WRITTEN.put(sentence, may_hold(sentence, WROTE_WORDS) and bool(_WROTE.search(sentence))
                                and not _NOT_MADE.search(_outside_parentheses(sentence)))
    return hit


# A span in parentheses (not nested), which `_outside_parentheses` drops.
_PARENTHESES = re.compile(r"\([^()]*\)")


def _outside_parentheses(sentence: str) -> str:
    """The sentence without what it says in parentheses: what the written code does ("a
    special case (if all args have cols == 0, return ...)") is no condition on the write,
    so its "if" does not make the sentence look ahead (L23's planted insert into another
    file went unread for it)."""
    return _PARENTHESES.sub(" ", sentence)


def reads_scope(sentence: str, *, direct: bool = True) -> bool:
    """Whether `answer_claims` reads `sentence`: it says what the user said of a scope.

    Args:
        sentence: a replacement's sentence.
        direct: skip the patterns when the sentence names no one who says
            (`USER_WORDS`, `may_hold`); False: search them, nothing kept (the same answer).

    Returns:
        True when it may make a claim.
    """
    if not direct:
        return bool(_USER_SAID.search(sentence) and (_ALL.search(sentence) or _ONLY.search(sentence)))
    hit = _SAYS_SCOPE.get(sentence)
    if hit is None:
        hit = _SAYS_SCOPE.put(sentence, may_hold(sentence, USER_WORDS) and bool(
            _USER_SAID.search(sentence) and (_ALL.search(sentence) or _ONLY.search(sentence))))
    return hit


def write_claims(sentences: Sequence[str], postings: Mapping[str, list[int]], serial: int,
                 messages: Sequence[Message], kinds: Sequence[object], horizon: int,
                 roots: Sequence[str]) -> list[CallClaim]:
    """The sentences saying the agent wrote to a file (added to it, created, edited it)
    when no call of a writing tool up to `horizon` names that file, in a session whose
    writing calls do name their files (an agent that edits by tool calls, not one that
    edits "the open file").

    Args:
        sentences: the replacement's sentences.
        postings: the original's index.
        serial: the index's serial (the writing calls' cache key, with the session's length).
        messages: the original's messages.
        kinds: the original's content kinds.
        horizon: the last message of the range the replacement stands for.
        roots: the session's roots.

    Returns:
        One claim per sentence at most.
    """
    from inspector.engine.content import Kind, extract_paths, path_suffixes

    out: list[CallClaim] = []
    writes: list[int] | None = None
    for sentence in sentences:
        if not reads_write(sentence):
            continue
        if writes is None:
            # (the session's writing calls, to its end: they show that its writes name their files)
            writes = _WRITES.get((serial, len(messages)))
            if writes is None:
                writes = _WRITES.put((serial, len(messages)), [
                    i for i in range(len(messages)) if kinds[i] is Kind.ACTION
                    and any(WRITE_TOOL.search(c.name) for c in messages[i].tool_calls)])
        if not writes:
            return []
        for p in extract_paths(sentence):
            _, rel = relative_path(p, tuple(roots))
            if "." not in rel.rpartition("/")[2]:
                continue
            named = set(postings.get("S:" + path_suffixes(rel)[-1], ()))
            if not any(i in named for i in writes if i <= horizon):
                out.append(CallClaim(p, sentence, f"no writing call in the range names {rel}"))
                break
    return out


# A sentence saying a file was written more than once: rewritten after a first write or
# version ("claim_audit.json: the first write was invalid; the agent rewrote it"), or
# written again. (Past forms only: "rewrite it next" is a plan.)
_REWROTE = re.compile(r"\b(?:rewrote|rewritten|re-wrote|re-written)\b", re.I)
_EARLIER = re.compile(r"\bfirst (?:write|version|draft|attempt)\b|\bagain\b", re.I)
_WROTE_AGAIN = re.compile(r"\b(?:wrote|written) (?:it |the file )?again\b|\bsecond (?:write|version)\b", re.I)
# A sentence that denies or plans the rewrite states none.
_NOT_DONE = re.compile(r"\b(?:not|never|no|yet|next|will|should|must|needs?|plan\w*|about to|going to)\b|n't\b", re.I)
# Tools that read a file (a call naming it that is neither writes nor reads it: unknown).
_READ_TOOL = re.compile(r"read|view|cat|open|get|list|search|grep|find|show|fetch|head|tail|ls", re.I)


def reads_rewrite(sentence: str) -> bool:
    """Whether `rewrite_claims` reads `sentence`: it says a file was written again.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    if "writ" not in sentence and "wrot" not in sentence and "second" not in sentence:
        return False  # (the common case, no pattern searched)
    said = bool(_REWROTE.search(sentence) and _EARLIER.search(sentence)) or bool(_WROTE_AGAIN.search(sentence))
    return said and not _NOT_DONE.search(_outside_parentheses(sentence))


def _writes_naming(base: str, at: Sequence[int], messages: Sequence[Message], kinds: Sequence[object]) -> int | None:
    """How many writing calls among the actions `at` name the file `base`; None when a
    call names it that neither writes nor reads (a shell command may write it: unknown)."""
    from inspector.engine.content import Kind

    writes = 0
    for i in at:
        if kinds[i] is not Kind.ACTION:
            continue
        for c in messages[i].tool_calls:
            if base not in c.arguments_raw:
                continue
            if WRITE_TOOL.search(c.name):
                writes += 1
            elif not _READ_TOOL.search(c.name):
                return None
    return writes


def rewrite_claims(sentences: Sequence[str], postings: Mapping[str, list[int]], messages: Sequence[Message],
                   kinds: Sequence[object], horizon: int, roots: Sequence[str]) -> list[CallClaim]:
    """The sentences saying the one file they name was written more than once (rewritten
    after a first write, written again) when the range's calls wrote it once: the
    careful reader counts the writing calls naming it. Only files the session writes by
    tool calls naming them are read, and not one a call other than a read or a write
    names (a shell command may have written it).

    Args:
        sentences: the replacement's sentences.
        postings: the original's index.
        messages: the original's messages.
        kinds: the original's content kinds.
        horizon: the last message of the range the replacement stands for.
        roots: the session's roots.

    Returns:
        One claim per sentence at most.
    """
    from inspector.engine.content import extract_paths, path_suffixes

    out: list[CallClaim] = []
    for sentence in sentences:
        if not reads_rewrite(sentence):
            continue
        rels = {relative_path(p, tuple(roots))[1] for p in extract_paths(sentence)}
        files = {r for r in rels if "." in r.rpartition("/")[2]}
        if len({r.rpartition("/")[2] for r in files}) != 1:
            continue  # (no file, or several: which one was rewritten is not said)
        rel = min(files, key=len)
        base = rel.rpartition("/")[2]
        at = [i for i in postings.get("S:" + path_suffixes(rel)[-1], ()) if i <= horizon]
        if _writes_naming(base, at, messages, kinds) == 1:
            out.append(CallClaim(rel, sentence, f"one writing call in the range names {rel}: written once, not again"))
    return out


# ------------------------------------------------------------------------- user answers

# A sentence saying what the user wants, chose or answered.
_USER_SAID = re.compile(r"\b(?:the user|user|the customer|customer|she|he|they)\b[^.;:]{0,40}?\b(?:wants?|wanted|"
                        r"prefer(?:s|red)?|chose|chooses|picked|answered|agreed|asked for|decided|selected|"
                        r"confirmed|would like)\b", re.I)
# The words `_USER_SAID` needs one of (who says: "the user" holds "user").
USER_WORDS = frozenset({"user", "customer", "she", "he", "they"})
# Its scope: all of the things, or one of them only. A user's "only" answers a
# summary's "both"/"all" and the reverse.
# (Narrow on purpose: "all" and "just" are everyday words of a summary and of a request.)
_ALL = re.compile(r"\b(?:both|combined|all (?:of them|three|four|five))\b", re.I)
_ONLY = re.compile(r"\b(?:only|separate|separately)\b", re.I)
_CONTENT = re.compile(r"[a-z][a-z0-9_-]{2,}")
_COMMON = frozenset("""the and for but not you are was can its all one any out our she her him his who how why
that this with from they them their there what when which would could should about into
have has had were been being will your yours want wants like just only both also then than some more most very
user users here make made does doing done lets yeah sure okay""".split())


def answer_claims(sentences: Sequence[str], messages: Sequence[Message], kinds: Sequence[object],
                  horizon: int) -> list[CallClaim]:
    """The sentences saying the user wanted, chose or answered all or both of something
    when the user's own message on that subject (sharing a content word with the
    sentence) limits it ("only", "just", "separate"), or the reverse.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        kinds: the original's content kinds.
        horizon: the last message of the range the replacement stands for.

    Returns:
        One claim per sentence at most.
    """
    from inspector.engine.content import Kind

    said = [s for s in sentences if reads_scope(s)]
    if not said:
        return []
    asked = [m.text[:500] for i, m in enumerate(messages[:horizon + 1]) if kinds[i] is Kind.REQUEST]
    out: list[CallClaim] = []
    for sentence in said:
        low = sentence.lower()
        mine = set(_CONTENT.findall(low)) - _COMMON
        scope_all, scope_only = bool(_ALL.search(low)), bool(_ONLY.search(low))
        if scope_all == scope_only:
            continue
        for text in reversed(asked):  # the user's latest word on it
            theirs = set(_CONTENT.findall(text.lower())) - _COMMON
            if not mine & theirs:
                continue
            if (scope_all and _ONLY.search(text) and not _ALL.search(text)) or (
                    scope_only and _ALL.search(text) and not _ONLY.search(text)):
                out.append(CallClaim(", ".join(sorted(mine & theirs)[:3]), sentence,
                                     "the user said: " + " ".join(text.split())[:EVIDENCE_CHARS]))
            break
    return out
