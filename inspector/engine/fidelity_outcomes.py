"""Outcomes a replacement states for a step that the original shows the other way.

A summary with errors planted in it often turns an outcome around: an edit rejected
each time is "applied", a tool call that answered an error "succeeded and returned
the news", an action the environment accepted "returned Invalid action!". The step is
named (so nothing is unsupported) and only its outcome is false, which a careful reader
names "a failure called success" or "a success called failure". `engine.fidelity`
already checks the commands a summary quotes (`_found_step_claims`) and the tool calls
it states with a numeric argument (`fidelity_claims.call_claims`); this module checks
the other ways a summary names a step:

    tool    a tool of the session by its name (`news_for_seo_api`), any arguments;
    action  a text agent's bracketed action (`click[khaki]`, `search[blue blazer]`);
    edit    an edit of a file by the file's name (`the App.tsx edit`), when the
            session's writing calls name their files;
    command a command by the word of its program's step (`the commit`, `the build
            attempt`, `the install`), when the session's commands hold that word.

A clause stating that such a step went well (and nothing bad) is contradicted when
every one of its calls in the range failed; a clause stating that it failed (and
nothing good) is contradicted when none of them did.

Cheap: the session's steps are listed once per index state (its serial and length);
each sentence of a replacement is read once.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_claims import FUTURE_WORDS, WRITE_TOOL, answering, may_hold
from inspector.engine.fidelity_text import clause_around
from inspector.engine.models import Message

# A clause saying the step went well, or that it failed.
_WELL = re.compile(r"\b(?:succeeded|succeeds|successful(?:ly)?|went through|(?:was|were) accepted|worked|was applied|were applied|"
                   r"applied (?:cleanly|successfully)|took effect|passed|returned (?:the |its |a |an )?(?:results?|"
                   r"entries|data|list|matches|news)|booked)\b", re.I)
_BADLY = re.compile(r"\b(?:fail\w*|reject\w*|refused|errors?|erred|invalid|denied|not|never|no|cannot|can't|couldn't|"
                    r"unable|did ?n[o']t|does ?n[o']t|unrecognized|missing|exception)\b", re.I)
# (a failure stated: narrower than `_BADLY`, whose "no" and "not" only keep a success unsaid)
_FAILED = re.compile(r"\b(?:failed|fails|rejected|was refused|errored|returned (?:an? )?(?:error|\"?invalid)|"
                     r"invalid action|did not (?:apply|work|go through)|was not applied|were not applied)\b", re.I)
# A sentence saying something failed, in the words a summary puts an error in ("the
# contact searches failed", "pytest: Permission denied", "`sudo` is not available"):
# broader than `_FAILED`, which names a step's outcome to check it against the steps.
_FAILURE_STATED = re.compile(
    r"\b(?:fail(?:s|ed|ing|ure|ures)?|errors?|errored|crash(?:ed|es)?|exception|rais(?:ed|es)|threw|"
    r"not (?:found|available|allowed|permitted|defined|installed|supported)|does ?n[o']t exist|do ?n[o']t exist|"
    r"no such|could ?n[o']t|cannot|can't|unable|denied|refused|rejected|invalid|missing)\b", re.I)
# The first word of each of `_WELL`'s and `_FAILED`'s phrases ("successful(ly)" both ways).
OUTCOME_FIRST_WORDS = frozenset({"succeeded", "succeeds", "successful", "successfully", "went", "was", "were", "worked",
                                 "applied", "took", "passed", "returned", "booked", "failed", "fails", "rejected",
                                 "errored", "invalid", "did"})
# A clause about what comes next or might be: it states no outcome.
_NOT_YET = re.compile(rf"\b(?:{FUTURE_WORDS}|try|retry|again)\b", re.I)
_ACTION = re.compile(r"\b([a-z_]+\[[^\]\n]{1,80}\])", re.I)
# (not one followed by a line, "x.go:148:21": where a failure points, not a file edited)
_FILE = re.compile(r"(?<![\w.-])([\w-]+\.[a-z][a-z0-9]{0,5})(?![\w-])(?!:\d)", re.I)
_WRITE_CALL = re.compile(r"\b\w*(?:edit|write|replace|patch|insert|create)\w*\(", re.I)
_EDITED = re.compile(r"\bedit|\bchange|\bstr_replace|\bwrite|\bpatch", re.I)
_CLAUSE_END = re.compile(r"[;:]|\.\s|,\s+(?:and |but |while |whereas |then )")
# A step named by its command's word, as a noun ("the commit attempt failed", "the
# build succeeded"): the word a command of that step holds.
_STEP_WORDS = {"commit": "commit", "push": "push", "merge": "merge", "rebase": "rebase", "install": "install",
               "installation": "install", "build": "build", "compile": "compile", "compilation": "compile",
               "checkout": "checkout", "clone": "clone", "deploy": "deploy", "deployment": "deploy",
               "migration": "migrate"}
_STEP_NOUN = re.compile(r"\b(?:the|a|an|its|their|my|our|first|second|third|last|final|latest|previous|next)\s+"
                        r"(?:(?:first|second|third|last|final|latest|previous|git|npm|pip|cargo)\s+)?"
                        r"(" + "|".join(_STEP_WORDS) + r")\b(?:\s+(?:attempt|step|command|run))?", re.I)
_WORD = re.compile(r"[a-z]+")
EVIDENCE_CHARS = 200


@dataclass(frozen=True)
class Outcome:
    """A clause stating an outcome of a step the original shows the other way.

    Attributes:
        text: the step as the clause names it.
        sentence: the replacement's sentence.
        source: what the original shows.
    """

    text: str
    sentence: str
    source: str


@dataclass
class _Steps:
    tools: dict[str, list[int]]  # snake_case tool name -> its calls' action indices
    actions: dict[str, list[int]]  # bracketed action (lower case) -> its action indices
    edits: dict[str, list[int]]  # file name (lower case) -> the writing calls naming it
    words: dict[str, list[int]]  # a step's word (`_STEP_WORDS`' values) -> the actions whose command holds it


_STEPS: Memo[tuple[int, int], _Steps] = Memo(8)


@per_index_state(_STEPS)
def _steps(messages: Sequence[Message], kinds: Sequence[object], serial: int) -> _Steps:
    from inspector.engine.content import Kind, message_artifacts

    tools: dict[str, list[int]] = defaultdict(list)
    actions: dict[str, list[int]] = defaultdict(list)
    edits: dict[str, list[int]] = defaultdict(list)
    words: dict[str, list[int]] = defaultdict(list)
    wanted = set(_STEP_WORDS.values())
    for i, m in enumerate(messages):
        if m.role == "assistant" and not m.tool_calls and kinds[i] in (Kind.ACTION, Kind.REASONING):
            # (a text agent's action: ReAct's `click[khaki]`, read as reasoning or action)
            for a in {a.lower() for a in _ACTION.findall(m.text[-400:])}:
                actions[a].append(i)
            # (and its edit written as a call in its text: OpenHands' `edit_file_by_replace('/w/src/App.tsx', ...)`)
            call = _WRITE_CALL.search(m.text)
            if call:
                for f in {f.lower() for f in _FILE.findall(m.text[call.end():call.end() + 300])}:
                    edits[f].append(i)
        if kinds[i] is not Kind.ACTION:
            continue
        for command in message_artifacts(m, Kind.ACTION).commands:
            for w in wanted.intersection(_WORD.findall(command.lower())):
                words[w].append(i)
        for c in m.tool_calls:
            name = c.name.lower()
            if "_" in name.strip("_"):
                tools[name].append(i)
            if WRITE_TOOL.search(name):
                for f in {f.lower() for f in _FILE.findall(c.arguments_raw[:2000])}:
                    edits[f].append(i)
    return _Steps(dict(tools), dict(actions), dict(edits),
                  {w: sorted(set(at)) for w, at in words.items()})


# A tool's answer refusing or failing the call, its empty error field ("error": "") left out.
_ANSWERED_BADLY = re.compile(r"\b(?:not permitted|not allowed|cannot|can't|unable to|error|failed|denied|refused|"
                             r"invalid|not found|exception|rejected|does not exist|unrecognized)\b", re.I)
_NO_ERROR = re.compile(r"[\"']error[\"']\s*:\s*(?:\"\"|''|null|none|\[\]|\{\})", re.I)


def answered_badly(messages: Sequence[Message], results: Sequence[int]) -> bool:
    """Whether a step's results (their first 300 characters) refuse or fail it, an empty
    error field (`"error": ""`, as ToolBench's answers all carry) not counting.

    Args:
        messages: the session's messages.
        results: the indices of the step's results.

    Returns:
        True when one of them says so.
    """
    return any(_ANSWERED_BADLY.search(_NO_ERROR.sub("", messages[j].text[:300])) for j in results)


_PARENS = re.compile(r"\([^()]*\)")


# A URL: its "://" and its port's ":" end no clause.
_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s)\]>\"']+", re.I)


def _clause(sentence: str, at: int, end: int) -> str:
    # (an argument list's own ":" and "," end no clause, nor a URL's ":": blanked, same length)
    sentence = _URL.sub(lambda m: "u" * len(m.group()), _PARENS.sub(lambda m: " " * len(m.group()), sentence))
    return clause_around(sentence, at, end, _CLAUSE_END)


# sentence -> whether it states an outcome at all (`_WELL` or `_FAILED`): most do not, and
# a knob move's new summary repeats most of the last one's sentences.
_STATES_OUTCOME: Memo[str, bool] = Memo(50_000)


def reads_outcome(sentence: str, *, direct: bool = True) -> bool:
    """Whether `outcome_claims` reads `sentence`: it states an outcome at all.

    Args:
        sentence: a replacement's sentence.
        direct: skip the patterns when the sentence has none of their first words
            (`OUTCOME_FIRST_WORDS`, `may_hold`); False: search them, nothing kept (the same answer).

    Returns:
        True when it may make a claim.
    """
    if not direct:
        return bool(_WELL.search(sentence) or _FAILED.search(sentence))
    hit = _STATES_OUTCOME.get(sentence)
    if hit is None:
        hit = _STATES_OUTCOME.put(sentence, may_hold(sentence, OUTCOME_FIRST_WORDS) and bool(
            _WELL.search(sentence) or _FAILED.search(sentence)))
    return hit


def states_failure(sentence: str) -> bool:
    """Whether a sentence says that something failed (an error, a refusal, a thing not
    found): what a summary that puts an error in its own words says of it.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it states a failure.
    """
    return _FAILURE_STATED.search(sentence) is not None


def outcome_claims(sentences: Sequence[str], messages: Sequence[Message], kinds: Sequence[object], serial: int,
                   horizon: int, failed: Callable[[int], bool]) -> list[Outcome]:
    """The sentences stating that a named step of the session went well when each of
    its calls up to `horizon` failed, or that it failed when none did.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        kinds: the original's content kinds.
        serial: the original's index serial (the steps' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        failed: whether the step at an action index failed (its results report a failure
            or refuse it).

    Returns:
        One `Outcome` per sentence at most.
    """
    said = [s for s in sentences if reads_outcome(s)]
    if not said:
        return []
    steps = _steps(messages, kinds, serial)
    state = (serial, len(messages))
    out: list[Outcome] = []
    for sentence in said:
        for text, at, well, bad, stated_fail in _named_steps(sentence, steps, state):
            made = [i for i in at if i <= horizon]
            if not made:
                continue
            outcomes = [failed(i) for i in made]
            if well and not bad and all(outcomes):
                shown = " ".join(messages[made[-1] + 1].text.split())[:EVIDENCE_CHARS] if made[-1] + 1 < len(
                    messages) else ""
                out.append(Outcome(text, sentence, f"each call of {text} in the range failed; the last answered: {shown}"))
                break
            if stated_fail and not well and not any(outcomes):
                shown = " ".join(messages[made[-1] + 1].text.split())[:EVIDENCE_CHARS] if made[-1] + 1 < len(
                    messages) else ""
                out.append(Outcome(text, sentence, f"no call of {text} in the range failed; the last answered: {shown}"))
                break
    return out


# ((the steps' state: index serial, session length), a sentence) -> `_named_steps`: a knob
# move's summary states the last one's outcomes again, with another range's end. (The
# calls are the steps' own lists, not copies: a tool's may hold thousands.)
_NAMED: Memo[tuple[tuple[int, int], str], tuple[tuple[str, Sequence[int], bool, bool, bool], ...]] = Memo(5_000)


def _named_steps(sentence: str, steps: _Steps, state: tuple[int, int]
                 ) -> tuple[tuple[str, Sequence[int], bool, bool, bool], ...]:
    """The steps `sentence` names, in the order `outcome_claims` weighs them, each with
    the calls that made it (at any horizon) and whether its clause says it went well,
    badly, or failed; clauses about what comes next left out (a function of the sentence
    and the session's steps alone)."""
    key = (state, sentence)
    hit = _NAMED.get(key)
    if hit is not None:
        return hit
    low = sentence.lower()
    named: list[tuple[str, int, int, list[int]]] = []
    for name, calls in steps.tools.items():
        k = low.find(name)
        if k >= 0:
            named.append((name, k, k + len(name), calls))
    for m in _ACTION.finditer(low):
        acted = steps.actions.get(m.group(1))
        if acted:
            named.append((m.group(1), m.start(), m.end(), acted))
    for m in _FILE.finditer(low):
        edited = steps.edits.get(m.group(1))
        if edited and _EDITED.search(low):
            named.append((m.group(1), m.start(), m.end(), edited))
    for m in _STEP_NOUN.finditer(low):
        ran = steps.words.get(_STEP_WORDS[m.group(1)])
        if ran:
            named.append((m.group(1), m.start(), m.end(), ran))
    found = []
    for text, start, end, at in named:
        clause = _clause(sentence, start, end)
        if _NOT_YET.search(clause):
            continue
        found.append((text, at, bool(_WELL.search(clause)), bool(_BADLY.search(clause)),
                      bool(_FAILED.search(clause))))
    return _NAMED.put(key, tuple(found))


# ------------------------------------------------------------------ a result of another call

# A result quoted after the call it is said to be of: "search_shows(...) -> \"Endpoint
# '/search/people' does not exist\"", "news_for_seo_api returned 'Message error...'".
_QUOTED = re.compile(r"\"([^\"\n]{12,200})\"|'([^'\n]{12,200})'|`([^`\n]{12,200})`")
_RESULT_CUE = re.compile(r"->|\u2192|=>|\b(?:returned|returns|answered|responded|replied|gave|failed with|errored|"
                         r"error|said|output|printed)\b", re.I)
_RESULT_CLAUSE = re.compile(r"[;|]|\.\s|\n")
# Characters of a result read (a quoted result is its first lines: an error, a message),
# and the index states whose results are kept: flattened, they are a copy of the
# session's results, so few are kept.
SCAN_RESULT = 4_000


def _flat(text: str) -> str:
    return " ".join(text.lower().replace('\\"', '"').split())


@dataclass
class _Results:
    results: dict[str, list[str]]  # snake_case tool name -> its calls' results, flattened
    arguments: dict[str, str]  # tool name -> its calls' arguments, flattened and joined


_RESULTS: Memo[tuple[int, int], _Results] = Memo(2)


@per_index_state(_RESULTS)
def _results(messages: Sequence[Message], serial: int) -> _Results:
    answered = answering(messages, serial)
    results: dict[str, list[str]] = defaultdict(list)
    arguments: dict[str, str] = defaultdict(str)
    for m in messages:
        for c in m.tool_calls:
            name = c.name.lower()
            arguments[name] += " " + _flat(c.arguments_raw[:2000])
            at = answered.get(c.id or "")
            if at is not None:
                results[name].append(_flat(messages[at].text[:SCAN_RESULT]))
    return _Results(dict(results), dict(arguments))



def result_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int) -> list[Outcome]:
    """The clauses quoting, as the result of a named tool, text that the session shows
    as the result of other calls only: a result moved to the wrong call ("search_shows
    -> 'Endpoint /search/people does not exist'" where that error answered search_people).
    Text the session never shows as a result, the call's own arguments and tool names
    are not checked.

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the results' cache key, with its length).

    Returns:
        One `Outcome` per sentence at most.
    """
    said = [s for s in sentences if reads_result(s)]
    if not said:
        return []
    found = _results(messages, serial)
    key = (serial, len(messages))
    named = [n for n in found.results if "_" in n.strip("_")]
    out: list[Outcome] = []
    for sentence in said:
        hit = _SENTENCE_RESULTS.get((key, sentence))
        if hit is None:
            hit = _SENTENCE_RESULTS.put((key, sentence), (_wrong_result(sentence, found, named),))
        if hit[0] is not None:
            out.append(hit[0])
    return out


# sentence -> whether it quotes text after a result's cue (`result_claims` reads no other);
# (the index's state, a sentence) -> its wrong result, if any (a function of the sentence and
# the session's results alone: a knob move's new summary repeats most of the last one's
# sentences, and the cleared notices theirs).
_QUOTES_RESULT: Memo[str, bool] = Memo(50_000)
_SENTENCE_RESULTS: Memo[tuple[tuple[int, int], str], tuple[Outcome | None]] = Memo(50_000)


def quotes_across(sentences: Sequence[str], most: int = 4) -> list[str]:
    """The runs of consecutive `sentences` that one quote spans (a result quoted whole holds
    sentences of its own: "-> \"The id is 3791. Read the file step_4.txt.\"" is read as two),
    joined: what `result_claims` reads of a quote no single sentence closes.

    Args:
        sentences: one replacement's sentences, in order.
        most: the most sentences a run joins.

    Returns:
        The joined runs that read a result (`reads_result`).
    """
    out: list[str] = []
    k = 0
    while k < len(sentences):
        if sentences[k].count('"') % 2 == 0:
            k += 1
            continue
        run = [sentences[k]]
        while len(run) < most and k + len(run) < len(sentences) and sum(x.count('"') for x in run) % 2:
            run.append(sentences[k + len(run)])
        joined = " ".join(run)
        if joined.count('"') % 2 == 0 and reads_result(joined) \
                and all(_prose_quote(q.group()) for q in _QUOTED.finditer(joined)):
            out.append(joined)  # (quotes paired across a list's strings are none: `_NOT_PROSE`)
        k += len(run)
    return out


def reads_result(sentence: str) -> bool:
    """Whether `result_claims` reads `sentence`: it quotes text after a result's cue.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    hit = _QUOTES_RESULT.get(sentence)
    if hit is None:
        hit = _QUOTES_RESULT.put(sentence, bool(_QUOTED.search(sentence) and _RESULT_CUE.search(sentence)))
    return hit


def _clauses(sentence: str) -> list[str]:
    """`sentence` split at `_RESULT_CLAUSE`, but not inside a quote: a quoted result holds
    sentences of its own ("-> \"The id is 3791. Read the file step_4.txt.\"")."""
    quotes = [q.span() for q in _QUOTED.finditer(sentence) if _prose_quote(q.group())]
    out, start = [], 0
    for m in _RESULT_CLAUSE.finditer(sentence):
        if not any(a < m.start() < b for a, b in quotes):
            out.append(sentence[start:m.start()])
            start = m.end()
    return [*out, sentence[start:]]


def _wrong_result(sentence: str, found: _Results, named: list[str]) -> Outcome | None:
    """The first clause of `sentence` quoting as the result of one of the `named` tools
    what the session shows as another tool's only (`result_claims`), None for none."""
    for clause in _clauses(sentence):
        low = clause.lower()
        for name in named:
            k = low.find(name)
            if k < 0:
                continue
            for q in _QUOTED.finditer(clause, k + len(name)):
                if not _RESULT_CUE.search(clause, k + len(name), q.start()):
                    continue
                if any(low.find(n, k + len(name), q.start()) >= 0 for n in named if n != name):
                    break  # (another tool named nearer the quote: the result is its)
                text = _flat(next(g for g in q.groups() if g))
                if text in found.arguments.get(name, "") or text in found.results:
                    continue
                if any(text in r for r in found.results[name]):
                    continue
                other = next((n for n, rs in found.results.items() if any(text in r for r in rs)), None)
                if other is not None:
                    return Outcome(name, sentence, f"the session shows it as a result of {other}, not of {name}: "
                                                   f"{text[:EVIDENCE_CHARS]}")
                near = _one_name_changed(text, found.results.get(name, ()))
                if near is not None:
                    return Outcome(name, sentence, f"no result of {name} reads so; one reads: {near[:EVIDENCE_CHARS]}")
    return None


# The words of a quote, and the names among them: a word holding a letter and a digit, "_" or
# "." ("step_3.txt", "v2", "main.py"); numbers alone are the value checks'.
_QUOTE_WORD = re.compile(r"[\w.-]+")
_NAME_WORD = re.compile(r"(?=.*[a-z])(?=.*[\d_.])")
# Words a quote needs before one changed name in it tells: a short one is too often a paraphrase.
# What a quote of a result's prose never holds: escapes, braces, a result's arrow, the bar
# between the strings of a list (quotes paired across strings: not one quote).
_NOT_PROSE = ("\\", "{", "}", "\u2192", "->", "|")


def _prose_quote(quote: str) -> bool:
    """Whether `quote` may be one result's prose (`_NOT_PROSE`)."""
    return not any(c in quote for c in _NOT_PROSE)
_QUOTE_WORDS = 5


def _words(text: str) -> list[str]:
    return [w for w in (w.strip(".-") for w in _QUOTE_WORD.findall(text)) if w]


def _one_name_changed(text: str, results: Sequence[str]) -> str | None:
    """The words of one of a tool's `results` that `text` (a quote of it, flattened) repeats
    word for word but for one name put in place of another ("read the file step_1.txt" where
    it reads "read the file step_4.txt"): the result misquoted; None for none."""
    if not _prose_quote(text):
        return None  # (a quote of a raw output, its quotes paired across JSON: not one result's words)
    quote = _words(text)
    if len(quote) < _QUOTE_WORDS:
        return None
    for result in results:
        if quote[0] not in result or quote[1] not in result:
            continue  # (the cheap test first: most results hold not even its first words)
        words = _words(result)
        for k in (k for k, w in enumerate(words) if w == quote[0]):
            window = words[k:k + len(quote)]
            if len(window) < len(quote):
                break
            changed = [(a, b) for a, b in zip(quote, window, strict=True) if a != b]
            if len(changed) == 1 and all(_NAME_WORD.match(w) for w in changed[0]):
                return " ".join(window)
    return None
