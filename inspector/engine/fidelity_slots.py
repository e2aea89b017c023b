"""Outcomes a replacement states for a step it names by its words, where the step's
observation shows another outcome.

`engine.fidelity_outcomes` checks the steps a summary names by a handle the session gives
them (a tool's name, a bracketed action, an edited file, a step noun such as "the
commit"). Summaries of text and code agents name a step by what it ran instead: "`uniq -Di
file.txt` printed file.txt twice", "the '"equine veterinarian" in exercise_page_content'
check: it was found", "`sudo apt-get install sleuthkit` succeeded". This module ALIGNS each
clause that states an outcome with the session's steps that share its distinctive words
(the words of the step's command or call, weighed by how few steps hold them), and reads
the aligned steps' observations:

    a clause saying the step went well ("succeeded", "worked", "installed")
        is contradicted when each aligned step failed (an error, a refusal, an
        HTTP 4xx/5xx status, "command not found");
    a clause saying the step produced something ("printed X", "listed", "showed",
    "matched", "found", "returned X", "confirmed")
        is contradicted when each aligned step failed or printed nothing (no output,
        "[]", "None", "Not found ...").

A clause that negates or limits ("nothing", "no", "not", "only", "empty", "failed") or
looks ahead ("next", "will", "try") states no such outcome. The alignment must be clear:
at least two distinctive words shared, and every step sharing nearly as much (two
thirds of the best) must show the contradicting outcome, so a sentence that could be
about a step that did go well is never flagged.

Cheap: the session's steps are read once per index state (`bounded.per_index_state`);
a sentence is read once (`_reading`: its clauses stating an outcome; most state none and
stop at a regex) and a clause aligned once per index state (`_candidates`: the steps it may
be about at any range's end, cut at the range's end after), so a knob move, whose summary
repeats most sentences of the last, reads its new sentences only.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.fidelity_claims import may_hold
from inspector.engine.fidelity_outcomes import Outcome
from inspector.engine.models import Message

# A clause saying the step went well; one saying it produced output.
# (past tense only: "reproduce.py prints 344" describes a behaviour, not how a step went;
# "is installed", a state, is neither)
_WELL = re.compile(r"\b(?:succeeded|successful(?:ly)?|worked|went through|was accepted|loaded)\b", re.I)
_GAVE = re.compile(r"\b(?:printed|listed|showed|returned|matched|found|confirmed|gave|yielded|located|revealed|"
                   r"displayed)\b", re.I)
_CLAIMED = re.compile(f"{_WELL.pattern}|{_GAVE.pattern}", re.I)
# The first word of each of `_CLAIMED`'s phrases ("successful(ly)" both ways).
CLAIM_FIRST_WORDS = frozenset({"succeeded", "successful", "successfully", "worked", "went", "was", "loaded", "printed",
                               "listed", "showed", "returned", "matched", "found", "confirmed", "gave", "yielded",
                               "located", "revealed", "displayed"})
# A clause that negates, limits or reports a failure: it states no success to contradict.
_LIMITS = re.compile(r"\b(?:not|no|nothing|none|never|empty|only|fail\w*|errors?|cannot|couldn't|didn't|"
                     r"doesn't|wasn't|weren't|without|neither|nor|unable|blank|zeros?|missing|refused|denied|"
                     r"rejected|forbidden|invalid|cut off|truncated|instead)\b|\[\]|n't\b|\b40\d\b|\b50\d\b", re.I)
# A clause about what comes next or might be: no outcome yet.
_AHEAD = re.compile(r"\b(?:next|will|would|should|could|might|may|plan\w*|try|retry|again|want\w*|need\w*|"
                    r"to be|intend\w*|going to|then)\b", re.I)
# Where a sentence's clauses end (an argument list's own ":" and "," blanked first).
_CLAUSE_END = re.compile(r"[;]|:\s|\.\s|,\s+(?:and |but |while |whereas |so )|\s(?:but|whereas)\s")
_PARENS = re.compile(r"\([^()\n]{0,200}\)")
# A word of a step or a clause: identifiers, flags, file names, numbers (no stop words).
_TOKEN = re.compile(r"[a-z0-9][a-z0-9_.\-]*[a-z0-9]|[a-z0-9]")
_ALNUM = re.compile(r"[a-z0-9]+")
_FLAG = re.compile(r"(?<![\w-])--?[a-z][a-z0-9-]*")
_STOP = frozenset("""the and for with from that this was were are has had have not but its into then than there
their them they you your our out all any can each one two via per cmd bin bash print printed python code
calling tools function arguments name type call_1 call_2 call_3 call_4 call_5 call_6 call_7 call_8 call_9
observation execution logs last output snippet none true false self import def return id""".split())
# An observation that failed (beyond what the content model reads as a failed step).
_FAILED_OUTPUT = re.compile(r"\b(?:[45]\d\d (?:client |server )?error|forbidden|not acceptable|command not found|"
                            r"no such file|permission denied|traceback|exception)\b|<response \[[45]\d\d\]>", re.I)
# What a framework wraps an output in, and outputs that say nothing was printed or found.
_WRAPPERS = re.compile(r"^\s*(?:observation:|execution logs:)\s*|last output from code snippet:\s*none\s*$", re.I | re.M)
_NOTHING = re.compile(r"^\s*(?:\(no output\)|\[\]|\{\}|none|null|''|\"\"|not found\b.*|no (?:results?|matches?|output)\b.*|"
                      r"nothing found\b.*)?\s*$", re.I | re.S)
REFERRING_WORDS = 3  # a subject this short naming nothing ("it was", "the PDF") refers to the clause before
STEP_CHARS = 1_500  # of a step's command or call read for its words
RESULT_CHARS = 600  # of a step's observation read for its outcome
WORDS_SHARED = 2  # distinctive words a clause must share with a step to be about it
NEAR_BEST = 0.9  # steps sharing this share of the best alignment are read too
DISTINCT_SHARE = 0.34  # a word held by more of the session's steps than this tells none apart
EVIDENCE_CHARS = 200

OK, FAILED, EMPTY = "ok", "failed", "empty"


@dataclass(frozen=True)
class _Step:
    at: int  # the action's index
    words: frozenset[str]
    results: tuple[int, ...]  # the observations answering it


@dataclass(frozen=True)
class _Steps:
    steps: tuple[_Step, ...]
    weight: dict[str, float]  # word -> log(steps / steps holding it + 1), the distinctive ones only
    postings: dict[str, list[int]]  # a distinctive word -> the positions in `steps` of those holding it
    ats: list[int]  # the steps' action indices (ascending: where a horizon cuts them)
    # action index -> (its outcome, its observation), read when a clause is first aligned with it
    outcomes: dict[int, tuple[str, str]] = field(default_factory=dict)

    def outcome(self, step: _Step, messages: Sequence[Message], failed: Callable[[int], bool]) -> tuple[str, str]:
        """The step's outcome (`outcome_of`) and its observation's text, read once."""
        hit = self.outcomes.get(step.at)
        if hit is None:
            shown = "\n".join(messages[j].text[:RESULT_CHARS] for j in step.results)
            hit = self.outcomes[step.at] = (outcome_of(shown, failed(step.at)), shown)
        return hit


_STEPS: Memo[tuple[int, int], _Steps] = Memo(8)


def tokens(text: str) -> frozenset[str]:
    """The words a step or a clause is aligned by: lower-case identifiers, flags, file
    names and numbers, each also split at "_", ".", "/" and "-" (`exercise_page_content`
    aligns with "exercise page content"), stop words left out."""
    low = text.lower()
    # (whole tokens, their alphanumeric parts and flags: three scans in C, no loop per token)
    out = {*_TOKEN.findall(low), *_ALNUM.findall(low), *_FLAG.findall(low)}
    return frozenset(w for w in out if (len(w) > 2 or w[0] == "-") and w not in _STOP)


def outcome_of(text: str, failed: bool) -> str:
    """A step's outcome from its observation's text: FAILED, EMPTY (nothing printed or
    found) or OK.

    Args:
        text: the observation (its first `RESULT_CHARS` are read).
        failed: whether the content model reads the step as failed (`ContentModel.step_failed`).

    Returns:
        The outcome.
    """
    head = text[:RESULT_CHARS]
    if failed or _FAILED_OUTPUT.search(head):
        return FAILED
    return EMPTY if _NOTHING.match(_WRAPPERS.sub("", head)) else OK


@per_index_state(_STEPS)
def _steps(messages: Sequence[Message], kinds: Sequence[object], result_of: Callable[[int], list[int]],
           serial: int) -> _Steps:
    from inspector.engine.content import Kind

    steps = []
    for i, m in enumerate(messages):
        if kinds[i] is not Kind.ACTION:
            continue
        results = result_of(i)
        if not results:
            continue
        # (a step is named by its command or call, which comes first: its first STEP_CHARS)
        said = m.text[:STEP_CHARS] + " " + " ".join(c.arguments_raw[:STEP_CHARS] for c in m.tool_calls)
        steps.append(_Step(i, tokens(said), tuple(results)))
    held = Counter(w for s in steps for w in s.words)
    limit = max(1, int(len(steps) * DISTINCT_SHARE))
    weight = {w: math.log(len(steps) / n + 1) for w, n in held.items() if n <= limit}
    postings: dict[str, list[int]] = {}
    for p, s in enumerate(steps):
        for w in s.words:
            if w in weight:
                postings.setdefault(w, []).append(p)
    return _Steps(tuple(steps), weight, postings, [s.at for s in steps])


def _clauses(sentence: str) -> list[tuple[int, int]]:
    blank = _PARENS.sub(lambda m: " " * len(m.group()), sentence)
    out, start = [], 0
    for m in _CLAUSE_END.finditer(blank):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(sentence)))
    return [(a, b) for a, b in out if b > a]


_CODE = re.compile(r"`([^`\n]{1,300})`|\"([^\"\n]{1,300})\"|'([^'\n]{1,300})'")


def _named(text: str) -> frozenset[str]:
    """The words of `text` that name a step: identifiers, flags, files and numbers, and
    any word quoted as code (prose words such as "agent" or "dashboard" are shared by a
    step's thoughts and any summary)."""
    quoted = tokens(" ".join(m.group(m.lastindex or 0) for m in _CODE.finditer(text)))
    return frozenset(w for w in tokens(text) if not w.isalpha()) | quoted


class _Candidate(NamedTuple):
    """A step a clause shares words with: its position in `_Steps.steps`, its score (the
    weights of the words shared, summed in the clause's word order) and those words."""

    score: float
    p: int
    shared: tuple[str, ...]


# (the steps' state: index serial, session length; a clause's text) -> every step it may
# be aligned with at any horizon (`_candidates`): a knob move's summary states most of the
# last one's clauses again, each cut at another range's end.
_CANDIDATES: Memo[tuple[int, int, str], tuple[_Candidate, ...]] = Memo(5_000)


def _candidates(text: str, steps: _Steps, state: tuple[int, int]) -> tuple[_Candidate, ...]:
    """The steps sharing at least `WORDS_SHARED` distinctive words with `text`, one naming
    it (`_named`), by position: what `_aligned` chooses from, before a horizon cuts them
    (a step's score is the same with or without the steps after it)."""
    key = (*state, text)
    hit = _CANDIDATES.get(key)
    if hit is not None:
        return hit
    words = tokens(text).intersection(steps.weight)
    if len(words) < WORDS_SHARED:
        return _CANDIDATES.put(key, ())
    named = _named(text)
    score: dict[int, float] = defaultdict(float)
    shared: dict[int, list[str]] = defaultdict(list)
    # (through the distinctive words' postings: a long session's steps are not all read)
    for w in words:
        for p in steps.postings[w]:
            score[p] += steps.weight[w]
            shared[p].append(w)
    return _CANDIDATES.put(key, tuple(sorted(
        (_Candidate(v, p, tuple(shared[p])) for p, v in score.items()
         if len(shared[p]) >= WORDS_SHARED and named.intersection(shared[p])), key=lambda c: c.p)))


def _aligned(text: str, steps: _Steps, horizon: int, state: tuple[int, int]) -> list[_Step]:
    end = bisect.bisect_right(steps.ats, horizon)
    scored = [c for c in _candidates(text, steps, state) if c.p < end]
    if not scored:
        return []
    # The steps the clause may be about: the best aligned, those sharing every word it
    # shares (the same command run twice), and those nearly as well aligned.
    best, top = max((c.score, c.p) for c in scored)
    held = set(next(c.shared for c in scored if c.p == top))
    return [steps.steps[c.p] for c in scored if c.score >= best * NEAR_BEST or held.issubset(c.shared)]


def _claim(clause: str) -> str | None:
    if _LIMITS.search(clause) or _AHEAD.search(clause):
        return None
    if _WELL.search(clause):
        return "well"
    if _GAVE.search(clause):
        return "gave"
    return None


def aligned_outcome_claims(sentences: Sequence[str], messages: Sequence[Message], kinds: Sequence[object],
                           serial: int, horizon: int, failed: Callable[[int], bool],
                           result_of: Callable[[int], list[int]]) -> list[Outcome]:
    """The sentences stating an outcome of the steps their words name that the steps'
    observations show the other way (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        kinds: the original's content kinds (its ACTION messages are the steps).
        serial: the original's index serial (the steps' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        failed: whether the step at an action index failed (`ContentModel.step_failed`).
        result_of: the observations answering an action (`ContentModel.result_of`).

    Returns:
        One `Outcome` per sentence at most.
    """
    said = [(s, read) for s in sentences for read in [_reading(s)] if read]
    if not said:
        return []
    steps = _steps(messages, kinds, result_of, serial)
    if not steps.steps:
        return []
    state = (serial, len(messages))
    out = []
    for sentence, clauses in said:
        for a, b, claim, subject, before in clauses:
            aligned = _aligned(subject, steps, horizon, state)
            if not aligned and before is not None:
                aligned = _aligned(before, steps, horizon, state)
            against = (FAILED,) if claim == "well" else (FAILED, EMPTY)
            read = [steps.outcome(st, messages, failed) for st in aligned]
            if claim == "well" and _outcome_split(sentence, a, b) and all(_chained(messages[st.at]) for st in aligned):
                continue  # "the download worked but `sudo mv` failed": a chain's parts, each its own outcome
            if aligned and all(o in against for o, _ in read):
                outcome, shown = read[-1]
                shown = " ".join(shown.split())[:EVIDENCE_CHARS]
                out.append(Outcome(sentence[a:b].strip().lstrip("-*\u2022 ").rstrip(".,;"), sentence,
                                   f"message {aligned[-1].at}'s step {'failed' if outcome == FAILED else 'printed nothing'}:"
                                   f" {shown or '(no output)'}"))
                break
    return out


# A failure stated in a clause of its own ("... but sudo mv failed"); commands chained in one step.
_FAILURE = re.compile(r"\b(?:failed|fails|errored|error|not found|refused|denied)\b", re.I)
_CHAIN = re.compile(r"&&|\|\||;\s|\\\n")


def _outcome_split(sentence: str, a: int, b: int) -> bool:
    """Whether `sentence` states a failure outside its clause `a:b`: it tells the outcomes of
    a step's parts apart, no success of the whole step."""
    return bool(_FAILURE.search(sentence[:a]) or _FAILURE.search(sentence[b:]))


def _chained(action: Message) -> bool:
    """Whether an action runs several commands in one step (`a && b`, `a; b`): a failure of
    the step may be any one part's."""
    return bool(_CHAIN.search(action.text[:STEP_CHARS])) or any(
        _CHAIN.search(c.arguments_raw[:STEP_CHARS]) for c in action.tool_calls)


def reads_aligned(sentence: str, *, direct: bool = True) -> bool:
    """Whether `aligned_outcome_claims` reads `sentence`: a clause of it states an
    outcome a step's observation can contradict.

    Args:
        sentence: a replacement's sentence.
        direct: skip the patterns when the sentence has none of their first words
            (`CLAIM_FIRST_WORDS`, `may_hold`); False: read it, nothing kept (the same answer).

    Returns:
        True when it may make a claim.
    """
    return bool(_reading(sentence) if direct else _clauses_claimed(sentence))


class _Clause(NamedTuple):
    """A clause of a sentence stating an outcome (`_reading`)."""

    a: int  # where it starts in the sentence
    b: int  # where it ends
    claim: str  # "well" or "gave" (`_claim`)
    subject: str  # what comes before its verb: the words naming the step
    before: str | None  # the clause before and the subject, when the subject refers to it ("it was found")


# sentence -> its clauses stating an outcome (`_reading`): a function of the sentence
# alone, and a knob move's summary repeats most sentences of the last.
_READINGS: Memo[str, tuple[_Clause, ...]] = Memo(50_000)


def _reading(sentence: str) -> tuple[_Clause, ...]:
    """The clauses of `sentence` that state an outcome a step's observation can
    contradict, each with the words naming the step (none for most sentences: they stop
    at a regex)."""
    hit = _READINGS.get(sentence)
    if hit is None:
        hit = _READINGS.put(sentence, _clauses_claimed(sentence) if may_hold(sentence, CLAIM_FIRST_WORDS) else ())
    return hit


def _clauses_claimed(sentence: str) -> tuple[_Clause, ...]:
    out: list[_Clause] = []
    if _CLAIMED.search(sentence):
        clauses = _clauses(sentence)
        for n, (a, b) in enumerate(clauses):
            claim = _claim(sentence[a:b])
            if claim is None or _AHEAD.search(sentence, 0, a):
                # (nor one after a look ahead: "Next step: ...; check the displayed result")
                continue
            # The step is named before the verb (what comes after it is what the step is
            # said to have given, which may be any step's values), in the clause or, for
            # "it was found", the clause before it ("Checked `x in page`: it was found"), when
            # the subject is a few words that name nothing themselves.
            verb = _CLAIMED.search(sentence, a, b)
            subject = sentence[a:verb.start() if verb else b]
            referring = n and not _named(subject) and len(subject.split()) <= REFERRING_WORDS
            out.append(_Clause(a, b, claim, subject,
                               sentence[clauses[n - 1][0]:clauses[n - 1][1]] + " " + subject if referring else None))
    return tuple(out)
