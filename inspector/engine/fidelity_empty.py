"""Calls a replacement says found something, or went well, whose results held nothing.

A summary with errors planted in it states a finding of a call whose result was empty:
`read_section("vince_mcmahon:business_career") -> says McMahon founded Titan Sports in
1980` where the section came back as its heading alone (`## Business career`);
`edgar_search (...) returned the 2024 10-K` where it answered `{"results":"[]"}`; or it
calls a step that failed a success: `::test_column_transformer_mixed_types passed` where
that pytest run found no such test and exited with code 4. The call is named and was
made (so no other check sees a false statement: `fidelity_claims.call_claims` checks
calls never made, `fidelity_outcomes` calls that erred said to succeed), and only what
it gave is false. An agent reading such a summary takes the finding as established and
answers with it, or moves on from a step still to be done: a careful reader calls it a
failed step presented as a success.

What a result holding nothing is, read from the result's own text for any tool:

    empty   an empty JSON or Python container (`[]`, `{}`, an object whose every value
            is empty, as `{"results": "[]"}`), a result saying there is nothing ("No
            results found", "No files found", "(no output)", "no tests ran", "collected
            0 items"), one heading alone (a section read back as its title), or one
            saying in a few words that what it looked for is absent ("Error: Patient
            PT-84201 not found", "ls: cannot access 'src/lib': No such file or directory");
    failed  a traceback, an exception's line (`ModuleNotFoundError: ...`), an error line
            saying something could not be done (`ERROR: Could not install packages`,
            `ERROR: not found: ...`), `command not found`, an exit code other than 0 in
            the lines framing the output; not when it also reports tests passed or a
            package installed.

(A blank result, or a bare None, is neither: a command that prints nothing may have
worked, a tool returning an image has no text, a tool that acts answers None.)

What a sentence must say, in the clause naming the call: a call of a snake_case tool of
the session by its name, with its argument where one is given (quoted or not, in
parentheses, or as JSON after it), else every call of that tool; or a command the
session ran, quoted whole in backticks or named by a word of it (a test's id, a path).
Then, after it: a finding (`->`, "returned", "found", "says", "confirmed", a colon right
after the call) of a tool or a quoted command whose every result up to the range's end
was empty; or a success ("passed", "succeeded", "installed", "went through") of a call
each of whose results failed. Not flagged: a clause saying the call gave nothing (no,
empty, only the heading, an error), one about what comes next, a finding whose words
the result itself holds (the offline summary's `→ ## Business career`) or that states a
status only ("-> sent"), a finding of a command named by a bare word (a script whose
traceback was the finding sought).

Cheap: the session's calls are listed once per index state, only when a sentence names
one with such a cue; each result's reading is kept per message; each sentence's
mentions per index state.
"""

from __future__ import annotations

import ast
import json
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.content import Kind, message_artifacts
from inspector.engine.fidelity_claims import FUTURE_WORDS, answering, headed_ahead, may_hold
from inspector.engine.fidelity_outcomes import Outcome
from inspector.engine.fidelity_text import clause_around
from inspector.engine.models import Message

# Characters of a result read, and of a result shown as evidence.
SCAN_RESULT = 4_000
EVIDENCE_CHARS = 200
# Results longer than this are not parsed as one JSON or Python value.
_PARSED_CHARS = 2_000

# ------------------------------------------------------------------------------ results

# A result saying there is nothing, as its whole text.
_NO_RESULTS = re.compile(r"^\W{0,3}(?:no (?:results?|matches|match|items?|entries|records?|data|documents?|"
                         r"pages?|hits?|files?|output)(?: (?:were |was )?found)?|nothing(?: was)? found|not found|"
                         r"found 0 \w+|"
                         r"0 (?:results?|matches|items?|hits?|records?))\b[^\n]{0,120}$", re.I)
# ... and anywhere in it: a test run that ran nothing.
_RAN_NOTHING = re.compile(r"\bno tests ran\b|\bcollected 0 items\b", re.I)
# A result opening on what it looked for being absent: the call found nothing ("Error:
# Patient PT-84201 not found", "ls: cannot access 'src/lib': No such file or directory").
_ABSENT = re.compile(r"\b(?:no such file|cannot access|not found|does ?n[o']t exist)\b", re.I)
# ... that says nothing more (not "Function main not found! Instead, here is the
# decompilation of FUN_00401260: ...").
ABSENT_CHARS = 300
# A result that is one heading alone: a section read back as its title.
_HEADING = re.compile(r"^\s*#{1,6}\s+\S")
# A failure a result reports: a traceback, an error line saying something could not be
# done, a command the shell lacks.
_FAILED = re.compile(
    r"traceback \(most recent call last\)|"
    r"^\W{0,3}(?:error|fatal|e)\s*:.*?\b(?:could ?n[o']t|cannot|can't|unable|failed|no such|not found|no space|"
    r"denied|not permitted|does ?n[o']t exist|invalid)\b|command not found", re.I | re.M)
# An exception's line, by its class's name (`ModuleNotFoundError: ...`; a bare "ERROR:" is
# a level, read above).
_RAISED = re.compile(r"^(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception):", re.M)
# An exit code other than 0, in the lines framing a result (its first or last two: "Exit
# code 1", "<system>Command failed with exit code: 4.</system>", "[The command completed
# with exit code 127.]"), not in the output between (a test named "... exit code 1").
_EXIT = re.compile(r"\bexit(?:ed)? (?:with )?(?:code|status)\s*:?\s*[1-9]\d*\b|\bexited with [1-9]\d*\b|"
                   r"non-zero exit status", re.I)
FRAME_LINES = 2
# ... unless the result also reports a success (a run with tests passed, a package installed).
_SUCCEEDED = re.compile(r"\b[1-9]\d* pass(?:ed|es|ing)?\b|\bsuccessfully installed\b", re.I)


def _exit_stated(head: list[str], tail: str) -> bool:
    """Whether the lines framing a result (its first lines, `head`, and the last of its
    whole text, `tail`) state an exit code other than 0."""
    last = [line for line in tail.splitlines() if line.strip()][-FRAME_LINES:]
    return any(_EXIT.search(line) for line in (*head[:FRAME_LINES], *last))


@dataclass(frozen=True)
class Reading:
    """What a call's result held, read from its text.

    Attributes:
        empty: it held nothing (module doc: an empty value, "no results", headings only).
        failed: it reports the call failed.
        shown: its first characters, white space joined (evidence).
    """

    empty: bool
    failed: bool
    shown: str


def _empty_value(value: object) -> bool:
    """Whether a parsed value holds nothing: None, an empty string or container, a
    string that is itself an empty JSON value, an object whose every value is empty."""
    if value is None:
        return True
    if isinstance(value, str):
        text = value.strip()
        if text in ("", "[]", "{}", "null", "None"):
            return True
        return text[:1] in "[{" and _empty_text(text)
    if isinstance(value, list | tuple | set):
        return not value
    if isinstance(value, dict):
        return all(_empty_value(v) for v in value.values())
    return False


def _empty_text(text: str) -> bool:
    """Whether `text` (stripped) is one JSON or Python container holding nothing (a bare
    None or null is no such answer: what a tool that acts returns, a message sent)."""
    if len(text) > _PARSED_CHARS or text[:1] not in "[{(":
        return False
    try:
        value = json.loads(text)
    except ValueError:
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return False
    return _empty_value(value)


def read_result(text: str) -> Reading:
    """What a call's result held (module doc: empty, failed, or something).

    Args:
        text: the result's text.

    Returns:
        Its `Reading`.
    """
    head = text[:SCAN_RESULT].strip()
    shown = " ".join(head.split())[:EVIDENCE_CHARS]
    if not head:
        return Reading(False, False, shown)  # (blank: a command printing nothing, an image)
    lines = [line for line in head.splitlines() if line.strip()]
    ran_nothing = bool(_RAN_NOTHING.search(head))
    empty = (ran_nothing or _empty_text(head) or bool(_NO_RESULTS.match(head))
             or (len(lines) == 1 and len(text) <= SCAN_RESULT and bool(_HEADING.match(lines[0])))
             or (len(head) <= ABSENT_CHARS and len(lines) <= FRAME_LINES + 1
                 and any(_ABSENT.search(line) for line in lines[:FRAME_LINES])))
    failed = ran_nothing or (bool(_FAILED.search(head) or _RAISED.search(head) or _exit_stated(lines, text[-300:]))
                            and not _SUCCEEDED.search(head))
    return Reading(empty, failed, shown)


# message content hash -> its reading: a result reads the same wherever it is.
_READINGS: Memo[str, Reading] = Memo(20_000)


def _reading(m: Message) -> Reading:
    key = m.content_hash
    hit = _READINGS.get(key)
    if hit is None:
        hit = _READINGS.put(key, read_result(m.text))
    return hit


# ------------------------------------------------------------------------------- calls


@dataclass(frozen=True)
class _Call:
    at: int  # the action's message index
    arguments: str  # its arguments' values, lower case, white space joined
    result: int  # the index of the message answering it (-1: none yet)


_CALLS: Memo[tuple[int, int], dict[str, list[_Call]]] = Memo(8)


def _values(value: object) -> str:
    if isinstance(value, dict):
        return " ".join(_values(v) for v in value.values())
    if isinstance(value, list | tuple):
        return " ".join(_values(v) for v in value)
    return str(value)


@per_index_state(_CALLS)
def _calls(messages: Sequence[Message], serial: int) -> dict[str, list[_Call]]:
    """The session's calls of snake_case tools by name (a summary naming `read_section`
    names that tool; `Read` is a word), each with the message answering it: the tool
    message carrying its id, else, for a message of one call, the message after it."""
    answered = answering(messages, serial)
    out: dict[str, list[_Call]] = defaultdict(list)
    for i, m in enumerate(messages):
        for c in m.tool_calls:
            if "_" not in c.name.strip("_"):
                continue
            at = answered.get(c.id or "", -1)
            if at < 0 and len(m.tool_calls) == 1 and i + 1 < len(messages) and messages[i + 1].role == "tool":
                at = i + 1
            args = c.arguments
            flat = _values(args) if isinstance(args, dict | list) else c.arguments_raw
            out[c.name.lower()].append(_Call(i, " ".join(flat[:2000].lower().split()), at))
    return dict(out)


# ---------------------------------------------------------------------------- sentences

# A finding stated after a call: an arrow, a colon right after it, or a verb of finding.
_FINDING = re.compile(r"^\s*:|->|\u2192|=>|\b(?:returned|returns|found|finds|shows?|showed|shown|says|said|"
                      r"lists?|listed|gave|gives|yielded|yields|confirm(?:s|ed)|reveal(?:s|ed)|contains?|contained|"
                      r"holds|held|"
                      r"mentions?|mentioned|states?|stated|reports?|reported|turned up|located|matched|retrieved|"
                      r"fetched|extracted|loaded|provided|describes?|described|explains?|explained|covers?|covered|prints|printed|"
                      r"outputs)\b",
                      re.I)
# A success stated of a step.
_SUCCESS = re.compile(r"\b(?:succeeded|succeeds|successful(?:ly)?|passed|passes|worked|works|went through|installed|"
                      r"completed)\b", re.I)
# A clause saying the call gave nothing, or failed: it states no finding to check.
_NOTHING_SAID = re.compile(r"\b(?:no|not|nothing|none|empty|only (?:a |the |its )?(?:heading|title|header)s?|"
                           r"headings? only|without|fail\w*|error\w*|exception|traceback|missing|unable|cannot|can't|"
                           r"couldn't|zero|exit(?:ed)? (?:code|status)|non-?zero|denied|refused|invalid|unrelated|"
                           r"irrelevant|blank|never|nor)\b|\[\]|\{\}|\b0 \w+", re.I)
# A clause about what comes next or might be.
_NOT_YET = re.compile(rf"\b(?:{FUTURE_WORDS}|try|retry|again|about to)\b", re.I)
# What ends a clause (a colon does not: "read_section(x): <what it said>").
_CLAUSE_END = re.compile(r";|\.\s|\n|\s(?:but|while|whereas|although|though)\s|\u2014|,\s+(?:and|then)\s")
# A tool's argument after its name: quoted in parentheses, bare in parentheses, or a JSON
# object's first string value.
_QUOTED_ARGUMENT = re.compile(r"\s*\(\s*(?:\w+\s*=\s*)?([\"'`])(.{1,200}?)\1\s*\)?")
_BARE_ARGUMENT = re.compile(r"\s*\(\s*(?:\w+\s*=\s*)?([^\s\"'`(),]{2,200})\s*[),]")
_JSON_ARGUMENT = re.compile(r"\s*\{\s*\"\w+\"\s*:\s*\"([^\"]{1,200})\"")
# A command's word a sentence may name it by: a test's id, a path, a snake_case name.
_COMMAND_WORD = re.compile(r"(?<![\w./:-])(?:\w+/)*\w*_\w*(?:\.\w+)?(?:::\w+)?(?![\w/])|::\w+")
_SPAN = re.compile(r"`([^`\n]{3,200})`")
_CONTENT = re.compile(r"[a-z0-9][a-z0-9_'-]{2,}")
_STOP = frozenset("""the and for but not was were are its this that with from into which what when then than
says said shows showed returned returns found finds lists listed gave gives holds held states stated
about also only one two has have had been being did does done there their they them""".split())
# Share of a finding's words the result itself holds from which it states what the result held.
HELD_SHARE = 0.6
# Words that state a step's status, not something found ("send_direct_message(...) -> sent").
_STATUS = frozenset("""ok okay done sent success succeeded successful successfully deleted removed created saved posted
updated completed complete true false accepted applied delivered written booked cancelled canceled added""".split())


@dataclass(frozen=True)
class _Mention:
    text: str  # the call as the sentence names it
    start: int  # where it starts in the sentence
    end: int  # where its name and argument end
    tool: str  # the tool's name ("" for a command)
    argument: str  # its argument, lower case ("" for none)
    bare: bool  # a command named by a word of it, not quoted whole


def _argument(sentence: str, end: int) -> tuple[str, int]:
    for pattern, group in ((_QUOTED_ARGUMENT, 2), (_BARE_ARGUMENT, 1), (_JSON_ARGUMENT, 1)):
        m = pattern.match(sentence, end)
        if m:
            arg = m.group(group).lower().strip().lstrip(".\u2026/").strip()
            return arg.split("\u2026")[0].split("...")[0], m.end()
    return "", end


def _mentions(sentence: str, tools: Sequence[str]) -> list[_Mention]:
    """The calls `sentence` names: tools of the session (by name), commands (quoted whole
    in backticks, or by a word of theirs)."""
    low = sentence.lower()
    out: list[_Mention] = []
    taken: list[tuple[int, int]] = []
    for name in tools:
        at = low.find(name)
        while at >= 0:
            end = at + len(name)
            if (at == 0 or not (low[at - 1].isalnum() or low[at - 1] == "_")) and (
                    end >= len(low) or not (low[end].isalnum() or low[end] == "_")):
                arg, stop = _argument(sentence, end)
                out.append(_Mention(f"{name}({arg})" if arg else name, at, stop, name, arg, False))
                taken.append((at, stop))
            at = low.find(name, end)
    for m in _SPAN.finditer(sentence):
        if not any(a <= m.start() < b for a, b in taken):
            # (a command cut at its start, "... | sort | uniq -Di": the part quoted)
            command = " ".join(m.group(1).lower().split()).lstrip(".\u2026 ")
            if len(command.split()) >= 2:
                out.append(_Mention(m.group(1), m.start(), m.end(), "", command, False))
            taken.append((m.start(), m.end()))
    for m in _COMMAND_WORD.finditer(low):
        word = m.group().strip(":")
        if len(word) >= 8 and not any(a <= m.start() < b for a, b in taken):
            out.append(_Mention(word, m.start(), m.end(), "", word, True))
    return out


# (the index's state, a sentence) -> the claims it makes, each (its mention, whether a
# finding, whether a success, the finding's words): a knob move's new summary repeats most
# sentences of the last.
_SAID: Memo[tuple[tuple[int, int], str], tuple[tuple[_Mention, bool, bool, frozenset[str]], ...]] = Memo(50_000)


def _said(sentence: str, tools: Sequence[str], state: tuple[int, int]
          ) -> tuple[tuple[_Mention, bool, bool, frozenset[str]], ...]:
    key = (state, sentence)
    hit = _SAID.get(key)
    if hit is not None:
        return hit
    out = []
    for mention in _mentions(sentence, tools):
        clause = clause_around(sentence, mention.start, mention.end, _CLAUSE_END)
        if _NOT_YET.search(clause) or headed_ahead(sentence, mention.start) or _NOTHING_SAID.search(clause):
            continue
        stop = _CLAUSE_END.search(sentence, mention.end)
        after = sentence[mention.end:stop.start() if stop else len(sentence)]
        found = _FINDING.search(after)
        success = bool(_SUCCESS.search(after))
        if found is None and not success:
            continue
        words = frozenset(_CONTENT.findall(after[found.end():].lower()) if found else ()) - _STOP
        out.append((mention, found is not None and not mention.bare, success, words))
    return _SAID.put(key, tuple(out))


# The words `_FINDING` and `_SUCCESS` need one of (beside their marks: an arrow, a colon).
CUE_WORDS = frozenset("""returned returns found finds show shows showed shown says said list lists listed gave gives
yielded yields confirms confirmed reveals revealed contain contains contained holds held mention mentions mentioned
state states stated report reports reported turned located matched retrieved fetched extracted loaded provided
describe describes described explain explains explained cover covers covered succeeded succeeds successful
successfully passed passes worked works went installed completed prints printed outputs""".split())
# sentence -> whether `empty_claims` reads it: a knob move's new summary repeats most sentences of the last.
_READS: Memo[str, bool] = Memo(50_000)


def reads_empty(sentence: str, *, direct: bool = True) -> bool:
    """Whether `empty_claims` reads `sentence`: it names a tool (snake_case) or a command
    (backticks, a word with "_") and says what came of it.

    Args:
        sentence: a replacement's sentence.
        direct: skip the patterns when the sentence has none of their words or marks
            (`may_hold`), and keep the answer; False: search them (the same answer).

    Returns:
        True when it may make a claim.
    """
    if "_" not in sentence and "`" not in sentence:
        return False
    if not direct:
        return bool(_FINDING.search(sentence) or _SUCCESS.search(sentence) or ":" in sentence)
    hit = _READS.get(sentence)
    if hit is None:
        hit = _READS.put(sentence, any(mark in sentence for mark in (":", "->", "\u2192", "=>")) or (
            may_hold(sentence, CUE_WORDS) and bool(_FINDING.search(sentence) or _SUCCESS.search(sentence))))
    return hit


def _held(words: frozenset[str], results: Sequence[Reading]) -> bool:
    """Whether the results themselves hold most of a finding's words (it states what they held)."""
    if not words or words <= _STATUS:
        return True  # (nothing stated after the cue, "search_pages returned", or a status: "-> sent")
    shown = " ".join(r.shown.lower() for r in results)
    return sum(w in shown for w in words) >= HELD_SHARE * len(words)


def empty_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int, horizon: int,
                 running: Callable[[str], Sequence[int]], results: Callable[[int], Sequence[int]],
                 stated: Collection[str] = ()) -> list[Outcome]:
    """The sentences saying a call found something when each of its results up to
    `horizon` held nothing, or went well when each failed (module doc). A call is counted
    once: not again in a later sentence, nor when a sentence another check called false
    names it (a summary repeating a false statement makes one error).

    Args:
        sentences: the replacement's sentences (those `reads_empty` reads).
        messages: the original's messages.
        serial: the original's index serial (the calls' cache key, with its length).
        horizon: the last message of the range the replacement stands for.
        running: the actions whose command holds a text (normalized; `fidelity._Index.running`).
        results: the indices of an action's results (`ContentModel.result_of`).
        stated: the sentences other checks called false.

    Returns:
        One `Outcome` per sentence at most.
    """
    said = [s for s in sentences if reads_empty(s)]
    if not said:
        return []
    calls = _calls(messages, serial)
    tools = sorted(calls, key=len, reverse=True)  # (a longer name first: `search_pages_v2` before `search_pages`)
    state = (serial, len(messages))
    false = " \n".join(stated).lower()
    counted: set[tuple[int, ...]] = set()
    out: list[Outcome] = []
    for sentence in said:
        for mention, finding, success, words in _said(sentence, tools, state):
            if (mention.argument or mention.tool) in false:
                continue
            if mention.tool:
                made = [c for c in calls[mention.tool] if c.at <= horizon and c.result >= 0]
                if mention.argument:
                    holding = [c for c in made if mention.argument in c.arguments]
                    # (a query in other words: the tool's every call; an id never passed: `call_claims`)
                    made = holding or (made if " " in mention.argument else [])
                answers = tuple(c.result for c in made)
            else:
                answers = tuple(j for i in _running(mention.argument, messages, running) if i <= horizon
                                for j in results(i))
            if not answers or answers in counted:
                continue
            read = [_reading(messages[j]) for j in answers]
            if finding and all(r.empty for r in read) and not _held(words, read):
                counted.add(answers)
                out.append(Outcome(mention.text, sentence, f"{_counted(len(read))} held nothing: {read[-1].shown}"))
                break
            # (an empty result is no failure: a message sent answers None, a file written nothing)
            if success and all(r.failed for r in read):
                counted.add(answers)
                out.append(Outcome(mention.text, sentence, f"{_counted(len(read))} failed: {read[-1].shown}"))
                break
    return out


def _running(command: str, messages: Sequence[Message], running: Callable[[str], Sequence[int]]) -> list[int]:
    """The actions running `command` as a whole part of theirs: holding it with no word
    going on either side (`uniq -Di` is not the start of `uniq -Dif`)."""
    whole = re.compile(r"(?<![\w-])" + re.escape(command) + r"(?![\w-])")
    return [i for i in running(command) if any(whole.search(" ".join(c.lower().split()))
                                               for c in message_artifacts(messages[i], Kind.ACTION).commands)]


def _counted(n: int) -> str:
    return "its result" if n == 1 else f"each of its {n} results"
