"""The offline extractive summarizer: deterministic, no model, always labelled as such.

What a summary must keep, found offline: the task, requests, files, errors and next
step; earlier summaries (ours and other systems') are folded in once, without their frame.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import compress, count
from operator import is_not, itemgetter

from inspector.engine.content import (
    TEMPLATE_REPEATS,
    ContentModel,
    Kind,
    content_model,
    error_lines,
    heads_result,
    holds_file_text,
    normalize_path,
    own_text,
    path_matches,
    said_line,
    template_key,
)
from inspector.engine.models import Message
from inspector.engine.summarize.edits import call_changed_texts, changed_texts
from inspector.engine.summarize.protocol import (
    EXTRACTIVE,
    TOKENS_PER_WORD,
    EventHandler,
    SummaryEvent,
    SummaryRejected,
    SummaryRequest,
    SummaryResult,
    check_summary,
    ignore,
    trim_to_tokens,
)


class ExtractiveSummarizer:
    """Offline and deterministic: the task, later requests, files changed and read, real errors,
    last actions and the next step, within the word budget (`build_summary`). Always
    labelled as extractive."""

    name = EXTRACTIVE
    extractive = True

    def summarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        emit = on_event or ignore
        emit(SummaryEvent("before", request.key, model=self.name))
        # Aim well under what is replaced (half of it), so a small range still gets a
        # usable summary; the budget is in the plan's own tokens, not only words.
        # Also within the words' worth of tokens the planner estimated for it.
        words = request.max_words or 300
        room = request.replaced_tokens - request.overhead_tokens
        max_tokens = max(8, min(room // 2, math.ceil(words * TOKENS_PER_WORD)))
        text = self.build(request.messages, request.previous_summary, words,
                          count=request.count, max_tokens=max_tokens)
        # Counting is not additive (a token of rounding where the text joins its frame):
        # a text the plan's margin fits to the token may come out one token too long.
        # Shrink it by the overshoot, so a summary the planner planned is never rejected.
        while request.measure is not None and request.total_replaced_tokens and max_tokens > 1:
            over = request.measure(text) - request.total_replaced_tokens + 1
            if over <= 0:
                break
            max_tokens = max(1, max_tokens - over)
            text = self.build(request.messages, request.previous_summary, words,
                              count=request.count, max_tokens=max_tokens)
        try:
            text = check_summary(text, request)
        except SummaryRejected as exc:
            emit(SummaryEvent("attempt", request.key, model=self.name, phase="primary", attempt=1,
                              error=f"{self.name}: {exc}", next="give up"))
            emit(SummaryEvent("failed", request.key, model=self.name, error=str(exc), attempt=1))
            raise
        emit(SummaryEvent("attempt", request.key, model=self.name, phase="primary", attempt=1, text=text))
        emit(SummaryEvent("after", request.key, model=self.name, text=text, attempt=1))
        return SummaryResult(text=text, model=self.name, extractive=True)

    async def asummarize(self, request: SummaryRequest, on_event: EventHandler | None = None) -> SummaryResult:
        return self.summarize(request, on_event)

    @staticmethod
    def build(messages: Sequence[Message], previous: str | None, max_words: int,
              count: Callable[[str], int] | None = None, max_tokens: int | None = None) -> str:
        return build_summary(messages, [previous] if previous else [], max_words, count, max_tokens)


# ------------------------------------------------------------------ earlier summaries

HEADER = "(extractive summary, generated offline without a model)"
CONTINUE_RE = re.compile(
    r"^\s*(?:please )?continue (?:the conversation|with the last task)[^\n]*$", re.I | re.M)
HINT_RE = re.compile(r"^The original messages \d+\u2013\d+ [^\n]*$", re.M)
# Preambles other systems put before their compaction summaries (Claude Code, Codex, Eino).
FOREIGN_PREAMBLES = (
    "This session is being continued from a previous conversation that ran out of context.",
    "The conversation is summarized below:",
    "The summary below covers the earlier portion of the conversation.",
    "Another language model started to solve this problem and produced a summary of its thinking "
    "process.",
    "Context from previous interactions:",
)
USERS_RE = re.compile(r"(?:The user's most recent messages, verbatim:\s*)?<all_user_messages>(.*?)"
                      r"</all_user_messages>", re.S)


def strip_frame(text: str, prefixes: Sequence[str] = ()) -> tuple[str, list[str]]:
    """An earlier summary without what was written around it: our or another system's
    preamble, recovery hints, continuation lines and the extractive header, so that
    folding it again nests nothing.

    Args:
        text: the earlier summary as it stands in the history.
        prefixes: summary prefixes to remove (the config's `summary_prefix`).

    Returns:
        (the summary's own content, the user messages it carried verbatim).
    """
    users = [u.strip() for block in USERS_RE.findall(text) for u in block.split("\n\n") if u.strip()]
    text = USERS_RE.sub("", text)
    for p in (*prefixes, *FOREIGN_PREAMBLES):
        if p:
            text = text.replace(p, "")
    text = HINT_RE.sub("", text)
    text = CONTINUE_RE.sub("", text)
    text = text.replace(HEADER, "")
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return text, users


def _parse_sections(text: str) -> tuple[dict[str, list[str]], str] | None:
    """The sections of an earlier extractive summary and the text around them (a
    request the summary was merged into, in user mode); None when `text` has none."""
    out: dict[str, list[str]] = {}
    rest: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        key = _TITLE_KEYS.get(line[:-1].strip()) if line.endswith(":") else None
        if key is not None:
            current = out.setdefault(key, [])
        elif line.startswith("- ") and current is not None:
            current.append(line[2:])
        else:
            current = None
            if line.strip():
                rest.append(line)
    return (out, "\n".join(rest)) if out else None

# ------------------------------------------------------------------------- extraction

_TITLES = {
    "task": "Task",
    "result": "Last result",
    "requests": "User requests (newest first)",
    "changed": "Files changed",
    "files": "Files read or named",
    "errors": "Errors seen (newest first)",
    "actions": "Last actions (newest first)",
    "next": "Next step",
    "tools": "Tools used",
    "earlier": "Earlier context",
}
_TITLE_KEYS = {v: k for k, v in _TITLES.items()} | {
    "User requests": "requests", "Assistant conclusions": "actions", "Errors seen": "errors",
    "Files touched": "files",  # (summaries before changed files were told apart)
    "Earlier summary": "earlier"}

_EXTENSIONS = (r"\.(?:py|pyi|js|jsx|ts|tsx|go|rs|java|kt|c|h|cc|cpp|hpp|rb|php|cs|swift|"
               r"md|rst|toml|ya?ml|json|txt|cfg|ini|sh|html|css|sql|lock)")
# (an absolute path too: `/tmp/x/server.cc`, as Claude Code's and Gemini CLI's tools name files)
_PATH_RE = re.compile(r"(?<![\w/.:-])(/?(?:[\w.-]+/)*[\w-]+" + _EXTENSIONS + r")\b")
_PATH_END_RE = re.compile(_EXTENSIONS + r"\b")  # how every path _PATH_RE finds ends: a cheap search first
# Error lines (`content.error_lines`) the summary leaves out as noise.
_BENIGN_RE = re.compile(
    r"Requirement already satisfied|\b0 (?:errors?|failed|failures)\b|\bno errors?\b|\bwarning\b|"
    r"\bDEPRECAT", re.I)
_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+")


def _line(text: str, limit: int) -> str:
    line = " ".join(text.strip().split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "\u2026"


# Texts -> their error line: a sweep summarizes the same outputs under every value.
# Bounded by the characters it holds (tool outputs can be megabytes).
_ERRORS: dict[str, str | None] = {}
_ERRORS_CHARS = [0]
_ERRORS_MAX_CHARS = 1 << 25


def _error_of(text: str) -> str | None:
    """The line that says what went wrong in a tool output, or None (benign noise)."""
    try:
        return _ERRORS[text]
    except KeyError:
        pass
    found = _find_error(text)
    if _ERRORS_CHARS[0] + len(text) > _ERRORS_MAX_CHARS:
        _ERRORS.clear()
        _ERRORS_CHARS[0] = 0
    _ERRORS[text] = found
    _ERRORS_CHARS[0] += len(text)
    return found


def _find_error(text: str) -> str | None:
    """The error line an output shows, as the content model reads errors
    (`content.error_lines`): a traceback's last, else the first that is not benign
    noise ("0 errors", a warning)."""
    lines = [line for line in error_lines(text) if not _BENIGN_RE.search(line)]
    if not lines:
        return None
    if "Traceback (most recent call last)" in text:
        return lines[-1]
    # (a bare exit status, "Exit code 1", "<returncode>1</returncode>", opens what a shell
    # printed: the line that says what went wrong is the one after it)
    return next((line for line in lines if not _bare_status(line)), lines[0])


_TAG = re.compile(r"<[^>\n]{1,40}>")
_NOT_WORD = re.compile(r"[\W_]+")
_BARE_STATUS = re.compile(r"(?:the )?(?:command (?:failed|completed) with )?(?:exit(?:ed)? (?:code|status) ?)?\d+|error")


def _bare_status(line: str) -> bool:
    """Whether an error line says no more than that something failed (an exit status)."""
    return _BARE_STATUS.fullmatch(" ".join(_NOT_WORD.sub(" ", _TAG.sub(" ", line)).split()).lower()) is not None


def _call_text(name: str, args_raw: str) -> str:
    try:
        args = json.loads(args_raw) if args_raw else {}
    except ValueError:
        args = None
    if isinstance(args, dict):
        for key in ("cmd", "command", "path", "file_path", "file", "query", "pattern", "url"):
            v = args.get(key)
            if isinstance(v, str) and v:
                return f"{name} {_line(v, 100)}"
    return f"{name} {_line(args_raw, 60)}" if args_raw else name


# content hash -> what `build_summary` reads of an assistant message: successive
# summaries of a session (replay, a sweep) fold in the same messages again and again.
# Actions and files apart: the newest few messages fill the actions, files may take
# many more.
_ACTIONS: dict[str, tuple[list[str], str | None]] = {}
_FILES: dict[str, list[str]] = {}
_CHANGED: dict[str, list[str]] = {}
_MEMO_LIMIT = 50_000


# A turn's closing words that say nothing of what it did: a role-play's hand-over ("Next
# request.", CAMEL's), a courtesy, a bare label. Its action line is the sentence before.
_SIGN_OFF = re.compile(r"(?:next request|let me know\b|hope this helps|feel free\b|is there anything else|"
                       r"thank you|thanks\b|<camel_task_done>|\w+\s*[.!?:]?\Z)", re.I)


def _assistant_actions(m: Message) -> tuple[list[str], str | None]:
    """(its action lines: the last sentence, then one per call; its text as the next
    step, None without text)."""
    hit = _ACTIONS.get(m.content_hash)
    if hit is not None:
        return hit
    said: list[str] = []
    step = None
    text = m.text.strip()
    if text:
        sentences = [s for s in _SENTENCE_RE.split(text) if s.strip()]
        telling = [s for s in sentences if not _SIGN_OFF.match(s.strip())]
        said.append(_line(telling[-1] if telling else sentences[-1] if sentences else text, 200))
        step = _line(text, 240)
    for c in m.tool_calls:
        said.append("called " + _call_text(c.name, c.arguments_raw))
    if len(_ACTIONS) >= _MEMO_LIMIT:
        _ACTIONS.clear()
    _ACTIONS[m.content_hash] = hit = (said, step)
    return hit


def _assistant_files(m: Message) -> list[str]:
    """The file paths an assistant message names: in its text, then in each call's
    arguments."""
    hit = _FILES.get(m.content_hash)
    if hit is not None:
        return hit
    files = _paths(m.text.strip())
    for c in m.tool_calls:
        files.extend(_paths(c.arguments_raw))
    if len(_FILES) >= _MEMO_LIMIT:
        _FILES.clear()
    _FILES[m.content_hash] = files
    return files


def _changed_files(read: _Read, live: Sequence[Message], model: ContentModel) -> list[str]:
    """The files the assistant's actions changed (`edits`), newest first: of every
    assistant message (`_Read.changed`), not only the newest ones the other sections
    read, as an edit made early in the range is what the next agent most needs to know.
    A file whose every edit failed (its result opens with an error: Claude Code's
    "<tool_use_error>String to replace not found") or never ran (no result before the
    next message: a batch the user interrupted) was not changed: L20's judges marked a
    summary down for listing one. (Never ran only where the messages record results at
    all: a recording without any, as LangGraph tutorial printouts are, says nothing.)"""
    failed: set[str] = set()
    done: set[str] = set()
    records_results: bool | None = None
    for i, files in read.changed:
        m = live[i]
        answers = {live[j].tool_call_id: j for j in model.result_of(i)} if m.tool_calls else {}
        if m.tool_calls and not answers and i + 1 < len(live):
            if records_results is None:
                records_results = any(x.role == "tool" for x in live)
            # (never ran; results beyond the range's end are unknown: kept)
            (failed if records_results else done).update(files)
            continue
        if not any(_opens_with_error(live[j].text) for j in answers.values()):
            done.update(files)
            continue
        for call in m.tool_calls:
            paths = [p for t in call_changed_texts(call) for p in _paths(t)]
            at = answers.get(call.id)
            (failed if at is not None and _opens_with_error(live[at].text) else done).update(paths)
    return _dedupe([f for _, files in reversed(read.changed) for f in reversed(files)
                    if f in done or f not in failed])


def _opens_with_error(text: str) -> bool:
    """Whether a result's first line with words reports an error (a failed edit says so first)."""
    first = next((line for line in text[:2000].splitlines() if line.strip()), "")
    return bool(first) and _find_error(first) is not None


def changed_files(m: Message) -> list[str]:
    """The files an assistant message's actions change, as the summary's "Files changed"
    lists them (`edits.changed_texts`, then the summary's own path pattern).

    Args:
        m: an assistant message.

    Returns:
        The paths, each once, in the order its actions name them.
    """
    return list(_assistant_changed(m))


def _assistant_changed(m: Message) -> list[str]:
    hit = _CHANGED.get(m.content_hash)
    if hit is None:
        if len(_CHANGED) >= _MEMO_LIMIT:
            _CHANGED.clear()
        _CHANGED[m.content_hash] = hit = _dedupe([p for t in changed_texts(m) for p in _paths(t)])
    return hit


def _files_once(files: list[str]) -> list[str]:
    """Each file once (`content.path_matches`: `main.ts`, `/prompt.txt` and
    `/home/u/repo/src/main.ts` spell files the rest names), in the order first named,
    by its most specific spelling (the most components); a name matching two files listed apart stays out."""
    out: list[str] = []
    norms: list[str] = []
    for f in _dedupe(files):
        norm = normalize_path(f)
        same = [k for k, listed in enumerate(norms) if path_matches(norm, listed)]
        if not same:
            out.append(f)
            norms.append(norm)
        elif len(same) == 1 and _components(norm) > _components(norms[same[0]]):
            out[same[0]], norms[same[0]] = f, norm
    return out


def _components(norm: str) -> int:
    return sum(1 for part in norm.split("/") if part)


class _SameFile:
    """The changed files, asked whether a path names one of them (`content.path_matches`:
    `fields.py` and `/testbed/src/fields.py` are the same file), so a file is listed once."""

    def __init__(self, paths: Sequence[str]) -> None:
        self._norms = [normalize_path(p) for p in paths]
        self._seen: dict[str, bool] = {}

    def __contains__(self, path: object) -> bool:
        if not isinstance(path, str) or not self._norms:
            return False
        hit = self._seen.get(path)
        if hit is None:
            norm = normalize_path(path)
            self._seen[path] = hit = any(path_matches(norm, c) for c in self._norms)
        return hit


def _paths(text: str) -> list[str]:
    """The file paths `text` names (`_PATH_RE`)."""
    return _PATH_RE.findall(text) if _PATH_END_RE.search(text) else []


def _result_line(m: Message, names: dict[str, str], file_text: bool = False) -> str | None:
    """What an observation says in one line: its error when one occurred, else what it
    says (`content.said_line`: `[main 3f2a9c1] Fix the parser`, `5 passed`); `file_text`: it
    shows a file's contents (`content.holds_file_text`), whose error words are the file's."""
    text = m.text
    err = None if file_text else _error_of(text)
    line = err if err is not None else said_line(text[:4000].splitlines())
    if not line.strip():
        return None
    tool = m.name or names.get(m.tool_call_id or "", "") if m.role == "tool" else ""
    return f"{tool}: {_line(line, 200)}" if tool else _line(line, 200)


def _dedupe(items: list[str]) -> list[str]:
    seen: set[str] = set()
    return [x for x in items if not (x in seen or seen.add(x))]  # type: ignore[func-returns-value]


def build_summary(messages: Sequence[Message], previous: Sequence[str], max_words: int,
                  count: Callable[[str], int] | None = None, max_tokens: int | None = None,
                  prefixes: Sequence[str] = ()) -> str:
    """The offline summary of `messages`, folding each earlier summary in once.

    Within the budget, in this priority: the task (the first real request), the open
    next step, the user's later requests newest first, the last actions, real errors
    (tracebacks, failing commands; not benign noise), files changed, files read or named, then the rest of
    an earlier summary.

    Args:
        messages: the summarized messages; summary records among them are earlier
            summaries (non-incremental presets fold them like the rest).
        previous: earlier summary texts (incremental presets).
        max_words: word budget.
        count: token counter for `max_tokens`.
        max_tokens: token budget, when given.
        prefixes: summary prefixes to strip from earlier summaries.

    Returns:
        The summary text, deterministic for the same input.
    """
    earlier_texts = list(previous) + [m.text for m in messages if m.kind != "message" and m.text.strip()]
    old, loose, old_users = _fold_earlier(earlier_texts, prefixes)
    live = [m for m in messages if m.kind == "message"]
    # What each message is (engine.content): the task and the requests are the user's
    # words, never observations a framework stored as user messages, demonstrations or
    # framework context. The task an earlier summary states stays the task: the first
    # request of this range is then a request like the others.
    model = content_model(live)
    old_task = old.get("task", [])[:1]
    task = old_task or ([_line(live[model.task].text, 600)] if model.task is not None else [])
    read = _Read.of(live)
    requests, tools, names = _requests_and_tools(live, model, bool(old_task), read)
    changed = _files_once(_changed_files(read, live, model) + old.get("changed", []))
    result, shown_at = _last_result(live, model, names)
    recent = _Recent.read(live, model, names, _SameFile(changed), read.error_at, shown_at)
    next_step = _next_step(live, model, requests, recent.next_step)
    lists = {
        "task": task,
        "result": result or old.get("result", [])[:1],
        "requests": _dedupe(requests[::-1] + old.get("requests", []) + old_users[::-1]),
        "changed": changed,
        # (a file changed in the range, or in an earlier summary, is listed once: as changed)
        "files": [f for f in _files_once(recent.files + old.get("files", [])) if f not in recent.changed],
        "errors": _dedupe(recent.errors + old.get("errors", [])),
        "actions": _dedupe(recent.actions + old.get("actions", [])),
        # an earlier summary's next step only while nothing was done since it
        "next": next_step or (old.get("next", [])[:1] if model.last_action is None else []),
        "tools": [", ".join(f"{k} \u00d7{v}" for k, v in sorted(tools.items(), key=lambda kv: (-kv[1], kv[0])))]
        if tools else old.get("tools", [])[:1],
        "earlier": loose + old.get("earlier", []),
    }
    return _fit(lists, max_words, count, max_tokens)


def _fold_earlier(texts: Sequence[str], prefixes: Sequence[str]) -> tuple[dict[str, list[str]], list[str], list[str]]:
    """Earlier summaries without their frames: (the items of their sections, the text
    outside any section, the user messages they carried verbatim)."""
    old: dict[str, list[str]] = {}
    loose: list[str] = []
    old_users: list[str] = []
    for t in texts:
        body, users = strip_frame(t, prefixes)
        old_users.extend(users)
        parsed = _parse_sections(body)
        if parsed is None:
            if body:
                loose.append(body)
            continue
        sections, rest = parsed
        for k, v in sections.items():
            old.setdefault(k, []).extend(v)
        if rest:
            loose.append(rest)
    return old, loose, old_users


_REQUEST_KINDS = (Kind.TASK, Kind.REQUEST)


@dataclass(slots=True)
class _Read:
    """What `build_summary` reads of every message of a run of them, whatever the
    budget: each tool call (its position, id and name, in order) and the results and
    user messages that report an error (`_error_of`; the observations among them count). Kept for the last runs read, so a run sharing
    its first messages with one (the same objects: a knob move's range grown or
    shrunk) is read from where they part."""

    messages: list[Message]
    user_at: list[int]
    call_at: list[int]
    calls: list[tuple[str, str]]  # (call id, tool name)
    # the assistant messages whose actions change files, with those files (`edits`)
    changed: list[tuple[int, list[str]]]
    # None for a run read once: the summary of one range reads only its newest results
    # (tests/engine/summarize/test_extractive_linear.py); the next range reads them all
    # once, and the ranges after it only the results they do not share.
    error_at: list[int] | None

    @classmethod
    def of(cls, live: Sequence[Message]) -> _Read:
        """The facts of `live`, from the kept run sharing the most first messages with it."""
        listed = list(live)
        best, same = None, 0
        for kept in _READS:
            n = next(compress(count(), map(is_not, kept.messages, listed)), min(len(kept.messages), len(listed)))
            if n > same:
                best, same = kept, n
        if best is None:
            out = cls(listed, [], [], [], [], None)
        else:
            cut = bisect_left(best.call_at, same)
            out = cls(listed, best.user_at[:bisect_left(best.user_at, same)], best.call_at[:cut], best.calls[:cut],
                      best.changed[:bisect_left(best.changed, (same,))],
                      None if best.error_at is None else best.error_at[:bisect_left(best.error_at, same)])
        user_at, call_at, calls, changed = out.user_at, out.call_at, out.calls, out.changed
        for i in range(same, len(listed)):
            role = listed[i].role
            if role == "assistant":
                for c in listed[i].tool_calls:
                    call_at.append(i)
                    calls.append((c.id, c.name))
                if files := _assistant_changed(listed[i]):
                    changed.append((i, files))
            elif role == "user":
                user_at.append(i)
        if best is not None:
            errors_from = same if out.error_at is not None else 0
            error_at = out.error_at if out.error_at is not None else []
            for i in range(errors_from, len(listed)):
                m = listed[i]
                if m.role != "assistant" and _error_of(m.text) is not None:  # (observations among them)
                    error_at.append(i)
            out.error_at = error_at
        # (a run kept is never changed: a thread reading it meanwhile reads it whole)
        _READS[:] = [*[kept for kept in _READS if kept is not best][1 - _READS_KEPT:], out]
        return out


_READS: list[_Read] = []
_READS_KEPT = 2


def forget_reads() -> None:
    """Forget the runs of messages read so far (`_Read`), so the next summary reads its
    messages from scratch (a memo only: results do not change; tests compare the two)."""
    _READS.clear()


# a request's text -> its line: each knob move's summary states the same requests again
_REQUEST_LINES: dict[str, tuple[str, str]] = {}


def _request_line(text: str) -> tuple[str, str]:
    """(`_line(text, 240)`, its `content.template_key`), memoised."""
    hit = _REQUEST_LINES.get(text)
    if hit is None:
        if len(_REQUEST_LINES) >= _MEMO_LIMIT:
            _REQUEST_LINES.clear()
        line = _line(text, 240)
        hit = _REQUEST_LINES[text] = (line, template_key(line))
    return hit


def _requests_and_tools(live: Sequence[Message], model: ContentModel, task_known: bool,
                        read: _Read) -> tuple[list[str], dict[str, int], dict[str, str]]:
    """(the user's requests in order, the task included unless an earlier summary
    states it; calls per tool name; tool call id -> tool name).

    The requests are the newest ones `_fit` can take (newest first, each line once):
    read back from the end until they hold `_TAKEN_AT_MOST["requests"]` different
    lines (and at most `_READ_PER_REQUEST` times as many repeats of a template's form), or
    all of them. A summary of 100,000 messages made a line of each of its 50,000 requests
    to keep 133. A line said in `TEMPLATE_REPEATS` of them or more (a long one, but for its
    numbers) is a framework's, no request.
    """
    calls = read.calls
    names = dict(calls)  # (the last call with an id names it)
    tools = dict(Counter(map(itemgetter(1), calls)))
    requests: list[tuple[str, str]] = []  # (the line, its template form), newest first
    different: set[str] = set()  # (lines, or template forms: a reminder saying another number each turn is one)
    most = _TAKEN_AT_MOST["requests"]
    kinds, task = model.kinds, model.task
    repeats = 0  # (requests read whose template form was read before)
    for i in reversed(read.user_at):  # (the user's messages only)
        if len(different) >= most or repeats >= most * _READ_PER_REQUEST:
            break
        if kinds[i] in _REQUEST_KINDS and (i != task or task_known):
            text = own_text(live[i].text)  # (not a harness's reminder, not a runtime's envelope)
            if text.strip():
                line, form = _request_line(text)
                form = form if i != task else ""
                requests.append((line, form))
                repeats += bool(form) and form in different
                different.add(form or line)
    # A line said in TEMPLATE_REPEATS requests or more (a long one, but for its numbers) is the
    # framework's ("Info: 0:06:16 time elapsed out of 3:00:00. ..."): fidelity's request items skip it too
    # (`content.template_lines`, there read over the whole session; here over the requests read).
    times = Counter(form for _, form in requests)
    kept = [line for line, form in requests if not form or times[form] < TEMPLATE_REPEATS]
    kept.reverse()
    return kept, tools, names


@dataclass
class _Recent:
    """Actions, errors and files newest first, and the assistant's latest words as the
    next step, read only as far as `_fit` can take them: reading a message's text is
    most of the work, and a summary of thousands of messages states a dozen actions."""

    actions: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # (those not changed)
    changed: _SameFile = field(default_factory=lambda: _SameFile([]))
    next_step: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, live: Sequence[Message], model: ContentModel, names: dict[str, str], changed: _SameFile,
             error_at: Sequence[int] | None = None, shown_at: int = -1) -> _Recent:
        """Newest first until each section is full; with `error_at` (the positions of
        the tool results that report an error), once only errors are missing, just
        those results are read. The errors are the content model's: none in a result
        showing a file's contents (`content.holds_file_text`). Each call's line says what
        its result was (`with_outcomes`), but the one at `shown_at` ("Last result" says it)."""
        out = cls(changed=changed)
        actions: set[str] = set()
        errors: set[str] = set()
        files: set[str] = set()
        most_actions, most_errors, most_files = (_TAKEN_AT_MOST[k] for k in ("actions", "errors", "files"))
        results: dict[str, int] = {}  # call id -> its result's position (read before the call: newest first)
        for at in range(len(live) - 1, -1, -1):
            m = live[at]
            # (each section is full once it holds as many different items as `_fit` may take)
            actions_full, files_full = len(actions) >= most_actions, len(files) >= most_files
            errors_full = len(errors) >= most_errors
            if actions_full and files_full and out.next_step and (errors_full or error_at is not None):
                if not errors_full and error_at is not None:
                    out._errors_from(live, model, names, error_at[:bisect_left(error_at, at + 1)], errors,
                                     most_errors)
                break
            role = m.role
            if role == "assistant":
                if not (actions_full and out.next_step):
                    said, step = _assistant_actions(m)
                    if step is not None and not out.next_step:
                        out.next_step = [step]
                    said = with_outcomes(said, at, results, live, model, shown_at)
                    out.actions.extend(reversed(said))
                    actions.update(said)
                if not files_full:
                    found = [f for f in _assistant_files(m) if f not in changed]
                    out.files.extend(reversed(found))
                    files.update(found)
            else:
                if m.tool_call_id and not actions_full and at != shown_at:
                    results[m.tool_call_id] = at
                if not errors_full and (line := _observed_error(live, model, names, at)) is not None:
                    out.errors.append(line)
                    errors.add(line)
        return out

    def _errors_from(self, live: Sequence[Message], model: ContentModel, names: dict[str, str],
                     error_at: Sequence[int], errors: set[str], most: int) -> None:
        """The errors of the results at `error_at`, newest first, until `most` different."""
        for at in reversed(error_at):
            if len(errors) >= most:
                return
            if (line := _observed_error(live, model, names, at)) is not None:
                self.errors.append(line)
                errors.add(line)


def with_outcomes(said: list[str], at: int, results: dict[str, int], live: Sequence[Message],
                  model: ContentModel, shown_at: int = -1) -> list[str]:
    """An assistant message's action lines (`_assistant_actions`), each call's with what
    its result said (`_outcome`): a list of calls without their results told the judges
    of the labelled sets nothing of what was found (no counts, no ratings, no stops). A
    text agent's action (SWE-agent's command, no tool call) ends with what the
    observation after it said.

    Args:
        said: its action lines, one per call last.
        at: the assistant message's position in `live`.
        results: call id -> the position of its result in `live`.
        live: the summarized messages.
        model: their content model.
        shown_at: the result "Last result" states (not said again).

    Returns:
        The lines, those of actions with a result ending "→ outcome".
    """
    m = live[at]
    if not m.tool_calls:
        answer = model.result_of(at)[:1] if said and model.kinds[at] is Kind.ACTION else []
        if not answer or answer[0] == shown_at:
            return said
        return [*said[:-1], f"{said[-1]} \u2192 {_outcome(live[answer[0]], holds_file_text(model, answer[0]))}"]
    if not results:
        return said
    first = len(said) - len(m.tool_calls)
    out = said[:first]
    for line, call in zip(said[first:], m.tool_calls, strict=True):
        j = results.get(call.id)
        out.append(line if j is None else f"{line} \u2192 {_outcome(live[j], holds_file_text(model, j))}")
    return out


def _outcome(m: Message, file_text: bool) -> str:
    """What a call's result says in a few words: the lines of a file it showed, its
    error, else its first words (a framework's heading, a download's progress meter and
    benign noise skipped: "Requirement already satisfied", a warning), "(no output)"."""
    text = m.text
    if file_text:
        return f"{text.count(chr(10)) + 1} lines shown"
    err = _error_of(text)
    if err is not None:
        return _line(err, OUTCOME_CHARS)
    lines = [ln for ln in text[:4000].splitlines()
             if ln.strip() and not heads_result(ln) and not _PROGRESS.match(ln)]
    words = [ln for ln in lines if not _BENIGN_RE.search(ln)] or lines
    return _line(" ".join(words), OUTCOME_CHARS) if words else "(no output)"


# The characters of a call's outcome on its action line.
OUTCOME_CHARS = 100
# A transfer's progress meter (curl's, wget's), which opens what a download printed.
_PROGRESS = re.compile(r"\s*(?:% Total\s+% Received|Dload\s+Upload|\d{1,3}\s+[\d.]+[kMG]?\s+\d{1,3}\s+[\d.]+[kMG]?\s"
                       r"|\s*\d+K(?: \.{10})+)")


def _observed_error(live: Sequence[Message], model: ContentModel, names: dict[str, str], at: int) -> str | None:
    """The "Errors seen" line of message `at`: the error an observation shows (a tool's
    result, or an environment's output a framework stores as a user message: SWE-agent,
    InterCode), by the content model, none in a file's contents; None for none."""
    m = live[at]
    if m.role == "assistant" or model.kinds[at] is not Kind.OBSERVATION:
        return None
    err = _error_of(m.text)
    if err is None or holds_file_text(model, at):
        return None
    source = (m.name or names.get(m.tool_call_id or "", "tool")) if m.role == "tool" else "output"
    return f"{source}: {_line(err, 160)}"


def _last_result(live: Sequence[Message], model: ContentModel, names: dict[str, str]) -> tuple[list[str], int]:
    """The last action's result in a line (a commit hash, a test count), and the position
    of the result it is of (-1 for none: its call's action line then says nothing more)."""
    last = model.last_action
    if last is not None:
        for j in model.result_of(last):
            if seen_line := _result_line(live[j], names, holds_file_text(model, j)):
                return [seen_line], j
    return [], -1


def _next_step(live: Sequence[Message], model: ContentModel, requests: list[str], next_step: list[str]) -> list[str]:
    """The next step as it stands after the last action: the assistant's words only when
    written after it (words before it name a step that has happened since)."""
    last = model.last_action
    if last is not None and not any(live[j].role == "assistant" and live[j].text.strip()
                                    for j in range(last + 1, len(live))):
        next_step = []  # what the assistant said before its last action has happened
    if live and live[-1].role == "assistant" and live[-1].tool_calls:
        next_step = ["waiting for " + ", ".join(_call_text(c.name, c.arguments_raw) for c in live[-1].tool_calls)]
    elif live and live[-1].role == "user" and model.kinds[-1] in _REQUEST_KINDS and requests:
        next_step = [f"answer the latest request: {requests[-1]}"]
    elif not next_step and last is not None and model.result_of(last):
        # Said as not stated: "continue from the result of send_direct_message ..." read
        # to the judges of L18 and L19 as an instruction to send again.
        what = " ".join(_assistant_actions(live[last])[0][-1:]) or "the last action"
        next_step = [_line(f"not stated after the last action ({what.removeprefix('called ')}); "
                           "decide from its result", 240)]
    return next_step


# Which items go in first: (section, how many more of it).
# The user's requests come before the work's details: a request held only in an
# earlier summary must survive the next one (non-incremental presets fold it in again).
_PRIORITY = (("task", 1), ("result", 1), ("earlier", 1), ("next", 1), ("requests", 3), ("actions", 2),
             ("errors", 1), ("changed", 5), ("files", 3), ("requests", 30), ("actions", 2), ("errors", 2),
             ("tools", 1), ("changed", 10), ("files", 7), ("requests", 100), ("actions", 8), ("errors", 5), ("earlier", 100))
# The most items of a section `_fit` may take.
_TAKEN_AT_MOST = {key: sum(more for k, more in _PRIORITY if k == key) for key in _TITLES}
# The repeats of a template's form read back at most, per request line the fit may take: a
# harness's reminder after every step adds no line, so a run of them is read this far and no further.
_READ_PER_REQUEST = 2
# The first earlier summary (older history, compressed) takes at most this share.
EARLIER_SHARE = 3
# ... and the last result at most this share: a line of a thousand tokens (binary output
# read as text) is still carried, its head, beside the next step and the requests.
RESULT_SHARE = 4


def _render(chosen: dict[str, list[str]]) -> str:
    out = [HEADER]
    for key, title in _TITLES.items():
        items = chosen.get(key)
        if items:
            out.append(f"{title}:")
            out.extend(f"- {x}" for x in items)
    return "\n".join(out)


def _fit(lists: dict[str, list[str]], max_words: int, count: Callable[[str], int] | None,
         max_tokens: int | None) -> str:
    def over(t: str) -> bool:
        return len(t.split()) > max_words or (count is not None and max_tokens is not None
                                                and count(t) > max_tokens)

    chosen: dict[str, list[str]] = {k: [] for k in lists}
    taken = dict.fromkeys(lists, 0)
    text = _render(chosen)
    if over(text):  # no room for the sections: the most important line, cut to fit
        first = next((x[0] for x in (lists["task"], lists["next"], lists["requests"]) if x), HEADER)
        cut = " ".join(first.split()[:max(1, max_words)])
        return trim_to_tokens(cut, max_tokens, count) if count is not None and max_tokens else cut
    for key, more in _PRIORITY:
        src = lists[key]
        for _ in range(more):
            k = taken[key]
            if k >= len(src):
                break
            taken[key] = k + 1
            item = src[k]
            share = {"earlier": EARLIER_SHARE, "result": RESULT_SHARE}.get(key) if k == 0 else None
            if share is not None:
                item = _cut_words(item, (max_words // share, None if max_tokens is None
                                         else max_tokens // share), count) or item
            chosen[key].append(item)
            candidate = _render(chosen)
            if over(candidate) and key in ("task", "earlier", "next"):
                # Too long to fit whole: the part that fits (an earlier summary's head,
                # where the task usually is).
                chosen[key].pop()
                room = _room(chosen, max_words, count, max_tokens)
                cut = _cut_words(item, room, count)
                if cut:
                    chosen[key].append(cut)
                    candidate = _render(chosen)
                else:
                    continue
            if over(candidate):
                chosen[key].pop()
                break
            text = candidate
    return text


def _room(chosen: dict[str, list[str]], max_words: int, count: Callable[[str], int] | None,
          max_tokens: int | None) -> tuple[int, int | None]:
    base = _render(chosen)
    words = max_words - len(base.split()) - 2
    tokens = None if count is None or max_tokens is None else max_tokens - count(base) - 4
    return words, tokens


def _cut_words(item: str, room: tuple[int, int | None], count: Callable[[str], int] | None) -> str:
    """`item` cut to `room` (words, tokens); empty when there is hardly any room."""
    words, tokens = room
    if words <= 3 or (tokens is not None and tokens <= 4):
        return ""
    cut = " ".join(item.split()[:words])
    if tokens is not None and count is not None:
        cut = trim_to_tokens(cut, tokens, count)
    return cut if cut.strip() else ""
