"""Steps a replacement says were not taken that the original shows taken.

A summary written as of an earlier point (stale) says "no message has been sent yet"
after the run sent four; a planted error says "the sent email has not been deleted yet"
after `delete_email("34")` succeeded. Both send the agent to do again what it did: a
careful reader calls the context false. The clause says a step was not done (a negation
before a past participle: "has not been sent", "wasn't deleted", "no file was created",
"nothing has been sent or deleted yet", "looked up before anything is cancelled": in the
present, as a state; "asked before anything was cancelled" orders past steps), and a
call of a tool the session has, whose name holds the participle's verb and a noun the
clause names (`send_direct_message`: "send" and "message"; with "nothing" or "before
anything", which name no object, any such call), went through before the range's end.

Not flagged: a clause naming someone or something (a capitalized name, a quoted string,
a number) that none of those calls' arguments holds ("no message was sent to Alice" after
one was sent to Charlie); a step the clause puts ahead ("do not send any more messages":
no participle); calls that failed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import cast

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.content import Kind, extract_paths, message_artifacts
from inspector.engine.fidelity_outcomes import Outcome
from inspector.engine.fidelity_text import clause_around
from inspector.engine.models import Message

# A negation, then the participle of the step said not taken, and a second one joined
# to it ("has not been sent or deleted"). "Nothing has been sent" names no object: every
# call of a tool doing that step is one it denies.
_NOT_DONE = re.compile(r"(?:\b(?:(?:has|have|had|was|were|is|are)(?:n't|\s+not)|not|never)|\bno\s+[a-z]+\s+"
                       r"(?:has|have|had|was|were)|\b(?P<nothing>nothing|none)\s+(?:has|have|had|was|were|is)|"
                       r"\b(?P<before>before|until)\s+(?:anything|any\s+[a-z]+|something)\s+(?:is|are|has\s+been|"
                       r"have\s+been|gets|get))"
                       r"\s+(?:yet\s+)?(?:been\s+)?(?P<done>[a-z]{3,})\b(?:\s+(?:or|and|nor)\s+(?P<also>[a-z]{3,})\b)?",
                       re.I)
# Participles whose verb is not the participle less its "-ed".
_IRREGULAR = {"sent": "send", "paid": "pay", "written": "write", "made": "make", "done": "do", "bought": "buy",
              "sold": "sell", "built": "build", "told": "tell", "given": "give", "taken": "take", "run": "run",
              "set": "set", "put": "put", "read": "read", "left": "leave", "got": "get", "gotten": "get",
              "shown": "show", "chosen": "choose", "sent out": "send"}
# What ends a clause: a claim in one clause says nothing of another.
_CLAUSE_END = re.compile(r";|\.\s|\s(?:but|while|whereas|although|though)\s|\u2014")
# Words that pick some of a kind out of others ("the last file", "the remaining two files", "the
# next instructions file"): a clause saying those were not taken, without naming them, is not
# denied by calls that took the others.
_PICKED = r"\b(?:last|next|remaining|final|other|later|following|second|third|fourth|fifth|two|three|four|five)" \
    r"\s+(?:[a-z]+\s+)?%s"
# What names a particular thing in a clause: a capitalized word not first, a quoted string, a number.
_NAMED = re.compile(r"(?<=[\w,:)] )[A-Z][\w.@-]+|[\"'`]([^\"'`\n]{2,60})[\"'`]|\b\d+\b")


def _verbs(participle: str) -> set[str]:
    """The verbs a past participle may be of ("deleted": delete, delet; "cancelled": cancel)."""
    p = participle.lower()
    if p in _IRREGULAR:
        return {_IRREGULAR[p]}
    if not p.endswith("ed") or len(p) < 5:
        return set()
    if p.endswith("ied"):
        return {p[:-3] + "y"}
    out = {p[:-1], p[:-2]}
    if len(p) > 5 and p[-3] == p[-4]:
        out.add(p[:-3])  # cancelled, submitted
    return out


# What a sentence `_NOT_DONE` can match holds (most sentences hold none: not searched).
_NEGATIONS = ("not", "n't", "no ", "never", "nothing", "none", "before any", "until any", "before some", "until some")
# sentence -> (where, the verbs, whether it names no object: "nothing") of each step it
# says was not taken: a knob move's new summary repeats most sentences of the last.
_SAID: Memo[str, tuple[tuple[int, frozenset[str], bool], ...]] = Memo(50_000)


def _said_undone(sentence: str) -> tuple[tuple[int, frozenset[str], bool], ...]:
    hit = _SAID.get(sentence)
    if hit is None:
        low = sentence.lower()
        found = [(m.start(), frozenset(_verbs(m.group("done")) | (_verbs(m.group("also")) if m.group("also") else set())),
                  m.group("nothing") is not None or m.group("before") is not None)
                 for m in _NOT_DONE.finditer(sentence)] \
            if any(word in low for word in _NEGATIONS) else []
        hit = _SAID.put(sentence, tuple((at, verbs, nothing) for at, verbs, nothing in found if verbs))
    return hit


def reads_undone(sentence: str) -> bool:
    """Whether `undone_claims` reads `sentence`: it says a step was not taken.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return bool(_said_undone(sentence))


_CALLS: Memo[tuple[int, int], dict[str, dict[str, list[tuple[int, str]]]]] = Memo(8)


@per_index_state(_CALLS)
def _calls(messages: Sequence[Message], kinds: Sequence[object], serial: int) -> dict[str, dict[str, list[tuple[int, str]]]]:
    """Each word of a snake_case tool's name -> the tool names holding it -> (action index,
    arguments lower case) of each of the session's calls of it, in order."""
    out: dict[str, dict[str, list[tuple[int, str]]]] = {}
    for i, m in enumerate(messages):
        if str(kinds[i]) != "action":
            continue
        for c in m.tool_calls:
            if "_" in c.name.strip("_"):
                name = c.name.lower()
                for word in set(name.split("_")):
                    out.setdefault(word, {}).setdefault(name, []).append((i, c.arguments_raw.lower()))
    return out


_ASKED: Memo[tuple[int, int], frozenset[str]] = Memo(8)


@per_index_state(_ASKED)
def _asked_paths(messages: Sequence[Message], kinds: Sequence[object], serial: int) -> frozenset[str]:
    """The files the task and the user's requests name, as the content model reads them
    (`message_artifacts`: the user's own words, not the framework's around them)."""
    return frozenset(p for i, m in enumerate(messages) if kinds[i] in (Kind.TASK, Kind.REQUEST)
                     for p in message_artifacts(m, cast("Kind", kinds[i]), decisions=False).paths)


def _another_file_asked(calls: Sequence[tuple[int, str]], asked: frozenset[str], horizon: int) -> bool:
    """Whether the user named a file that none of a file tool's calls up to `horizon` took: a
    clause that names no file ("the output file has not been written") may be saying it of
    that one, while the calls wrote others (L23's zork run wrote its command lists, not the
    answer file the task names)."""
    took = {p for i, args in calls if i <= horizon for p in extract_paths(args)}
    return bool(took) and any(p not in took for p in asked)


def _of_written(calls: Sequence[tuple[int, str]], by_word: dict[str, dict[str, list[tuple[int, str]]]]
                ) -> list[tuple[int, str]]:
    """The `calls` taking a file a writing tool's call (a tool named "write...") took before."""
    writes = [(i, p) for name, made in by_word.get("write", {}).items() for i, args in made for p in extract_paths(args)]
    return [(i, args) for i, args in calls if any(w < i and p in args for w, p in writes)]


def undone_claims(sentences: Sequence[str], messages: Sequence[Message], kinds: Sequence[object], serial: int,
                  horizon: int, failed: Callable[[int], bool]) -> list[Outcome]:
    """The sentences saying a step was not taken that a call up to `horizon` took (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        kinds: the original's content kinds (`ContentModel.kinds`; the calls of ACTION messages count).
        serial: the original's index serial (the calls' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        failed: whether the step at an action index failed (`ContentModel.step_failed`).

    Returns:
        One `Outcome` per sentence at most.
    """
    said = [(s, at, verbs, nothing) for s in sentences for at, verbs, nothing in _said_undone(s)]
    if not said:
        return []
    by_word = _calls(messages, kinds, serial)
    if not by_word:
        return []
    out: list[Outcome] = []
    done: set[str] = set()
    for sentence, at, verbs, nothing in said:
        if sentence in done:
            continue
        clause = clause_around(sentence, at, at, _CLAUSE_END)
        low = clause.lower()
        named = [(n.group(1) or n.group()).lower() for n in _NAMED.finditer(clause)]
        names = {name: calls for verb in sorted(verbs) for name, calls in by_word.get(verb, {}).items()}
        said_at = _NOT_DONE.match(sentence, at)
        back = said_at is not None and sentence[said_at.end():said_at.end() + 5].lower() == " back"
        for name, calls in names.items():
            if back:  # "not been read back": of what the run wrote; reads of other files do not deny it
                calls = _of_written(calls, by_word)
            nouns = [w for w in name.split("_") if w not in verbs and len(w) >= 3]
            # (files named by their paths name the tool's object as its noun does: "step_2.txt has
            # not been read"; only the calls taking one of them deny it)
            paths = [p.lower() for p in extract_paths(clause)] if not nothing else []
            if paths and not any(re.search(r"\b" + re.escape(w), low) for w in nouns):
                calls = [(i, args) for i, args in calls if any(p in args for p in paths)]
            elif not nothing and not any(re.search(r"\b" + re.escape(w), low) for w in nouns):
                continue
            if not named and not nothing and any(re.search(_PICKED % re.escape(w), low) for w in nouns):
                continue  # (some of them, picked out: not denied by the calls that took the others)
            if not named and not nothing and not back and not extract_paths(clause) \
                    and _another_file_asked(calls, _asked_paths(messages, kinds, serial), horizon):
                continue
            took = next((i for i, args in calls if i <= horizon and (not named or any(n in args for n in named))
                         and not failed(i)), None)  # (none: another thing than the calls took, or failed)
            if took is not None:
                done.add(sentence)
                out.append(Outcome(f"{name} not done", sentence, f"{name} went through at message {took}"))
                break
    return out


# ------------------------------------------------------------------ an edit said not applied

# A clause saying a file stands as it was at the cut: its change not applied, the file unchanged
# (a state now: "a first rewrite was rejected" tells an attempt, not where the file stands).
_NOT_APPLIED = re.compile(r"\b(?:(?:has|have|is|are)(?:n't|\s+not)\s+(?:yet\s+)?(?:been\s+)?(?:applied|saved|"
                          r"written|edited|changed|modified)|not\s+yet\s+applied|(?:is|remains?|stays?)\s+"
                          r"(?:still\s+)?unchanged)\b", re.I)
# What every match of `_NOT_APPLIED` holds, lower case.
NOT_APPLIED_WORDS = ("n't", "not", "unchanged")
# ... and the same sentence saying it went in after all, or telling an earlier attempt.
_WENT_IN = re.compile(r"\b(?:went through|succeeded|(?:then|later|finally|eventually) applied|(?:was|were) applied|"
                      r"applied (?:cleanly|successfully)|first|initial|earlier|previous|second|retr(?:y|ied))\b", re.I)
# A tool's result saying it changed a file ("Applied the change to x.py", "The file x.py has
# been edited", "Successfully wrote to x.py"), and one saying a change of it failed.
_CHANGED = re.compile(r"applied (?:the )?(?:changes?|edits?|patch(?:es)?) to|successfully (?:wrote|written|updated|"
                      r"edited|modified|created|replaced)|(?:has been|was) (?:edited|updated|modified|written|saved|"
                      r"created)|file updated", re.I)
_NOT_CHANGED = re.compile(r"rejected|no exact match|syntax error|failed|error:|could not|couldn't|not found", re.I)
# Characters of a result read for what it says of a file.
_RESULT_HEAD = 400


def reads_unapplied(sentence: str, *, direct: bool = True) -> bool:
    """Whether `unapplied_claims` reads `sentence`: it says a file's change did not go in.

    Args:
        sentence: a replacement's sentence.
        direct: skip the patterns on an ASCII sentence holding none of
            `NOT_APPLIED_WORDS`; False: search them (the same answer).

    Returns:
        True when it may make a claim.
    """
    if "." not in sentence:
        return False
    # (~25 us a sentence ignoring case, skipped on most of a knob move's new sentences)
    if direct and sentence.isascii():
        low = sentence.lower()
        if not any(w in low for w in NOT_APPLIED_WORDS):
            return False
    return bool(_NOT_APPLIED.search(sentence)) and not _WENT_IN.search(sentence)


class _Scanned:
    """The tool results read so far for what they say of a file: one run of messages,
    `low`..`high`, read from the horizon back, and the results in it (message, the head of
    its text lower case) in order. A claim reads back only as far as its file's last result,
    and a slider moves the horizon a little at a time: the session is read once at most,
    never in one knob move (read whole on the first claim, it cost one move 200 ms on the
    10k bench session)."""

    __slots__ = ("found", "high", "low")

    def __init__(self) -> None:
        self.low = 0
        self.high = -1  # (nothing read)
        self.found: list[tuple[int, str]] = []


_SCANNED: Memo[tuple[int, int], _Scanned] = Memo(8)


@per_index_state(_SCANNED)
def _scanned(messages: Sequence[Message], serial: int) -> _Scanned:
    return _Scanned()


def _file_result(message: Message) -> str | None:
    """The head of `message`'s text lower case, when it is a tool result saying a file
    changed or a change of it failed."""
    if message.role not in ("tool", "user"):
        return None
    head = message.text[:_RESULT_HEAD]
    if _CHANGED.search(head) or (message.role == "tool" and _NOT_CHANGED.search(head)):
        return head.lower()
    return None


def _last_result(messages: Sequence[Message], serial: int, horizon: int, base: str) -> tuple[int, str] | None:
    """The last tool result up to `horizon` saying a file changed or a change of it
    failed whose head names `base` (lower case), or None."""
    state = _scanned(messages, serial)
    horizon = min(horizon, len(messages) - 1)
    if state.high < 0 or horizon < state.low - 1 or horizon > state.high:
        if state.high < 0 or horizon < state.low - 1:  # (a run apart from the one read: start it again)
            state.low, state.high, state.found = horizon + 1, horizon, []
        newer = [(i, head) for i in range(state.high + 1, horizon + 1)
                 if (head := _file_result(messages[i])) is not None]
        state.found.extend(newer)
        state.high = horizon
    hit = next(((i, head) for i, head in reversed(state.found) if i <= horizon and base in head), None)
    while hit is None and state.low > 0:
        state.low -= 1
        head = _file_result(messages[state.low])
        if head is not None:
            state.found.insert(0, (state.low, head))
            if base in head:
                hit = (state.low, head)
    return hit


def unapplied_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int,
                     horizon: int) -> list[Outcome]:
    """The sentences saying a file's change did not go in ("the editor rejected it and
    checks.py is unchanged") where the range's last result of a change to that file says
    it went in ("Applied the change to django/contrib/admin/checks.py."): an edit made,
    called not made, which the agent would make twice.

    Args:
        sentences: the replacement's sentences (those `reads_unapplied` reads).
        messages: the original's messages.
        serial: the original's index serial (the results' cache key, with its length).
        horizon: the last message of the range the replacement stands for.

    Returns:
        One `Outcome` per sentence at most.
    """
    out: list[Outcome] = []
    for sentence in sentences:
        for said in _NOT_APPLIED.finditer(sentence):
            clause = clause_around(sentence, said.start(), said.end(), _CLAUSE_END)
            for named in extract_paths(clause):  # (normalized: lower case)
                base = named.rsplit("/", 1)[-1].lower()
                last = _last_result(messages, serial, horizon, base)
                if last is not None and _CHANGED.search(last[1]) and not _NOT_CHANGED.search(last[1]):
                    out.append(Outcome(f"{named} said unchanged", sentence,
                                       " ".join(messages[last[0]].text[:_RESULT_HEAD].split())[:200]))
                    break
            else:
                continue
            break
    return out
