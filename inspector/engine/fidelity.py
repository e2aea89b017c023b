"""Fidelity: did a compacted context keep what the agent needs to go on?

An offline, deterministic approximation of the probe evaluations of context
compression (recall, artifact, continuation, decision probes): from the messages
compaction removed or rewrote, extract what those probes ask about, and check which
items still appear in the compacted context.

    task       the task statement: the first lines of the first real request (system
               prompts stored as user messages and demonstrations skipped, as
               `engine.intro` finds it)
    requests   later user requests (their first line; preambles are not requests)
    files      file paths (from tool arguments and outputs)
    errors     error lines (tracebacks, failing commands)
    last_step  the last action before the cut (its command or first line)

Items are compared case-insensitively with whitespace collapsed; a kind with no item
removed counts as fully kept. No model is involved, so it can run on every re-plan.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from inspector.engine.intro import first_request_index, is_preamble
from inspector.engine.models import Message, ToolCall

KINDS = ("task", "requests", "files", "errors", "last_step")

# Items per kind at most (the most recent ones first), so a huge history stays cheap.
MAX_ITEMS = 200
ITEM_CHARS = 160
# Characters of each removed message searched for paths and errors (tool outputs can
# be megabytes; their head is what a reader of the output saw first).
SCAN_CHARS = 20_000
# Removed messages searched at most, newest first (what was lost long ago matters less,
# and a 10,000-message history must stay cheap to score).
MAX_SCANNED = 500
SHOWN_MISSING = 5
# Lines of the first request that state the task (what follows is usually the
# framework's instructions, or detail a summary may rightly leave out).
TASK_LINES = 3

_PATH_RE = re.compile(r"(?<![\w/.~-])(?:~|\.{1,2})?/?(?:[\w.-]+/)+[\w.-]*[\w]\.[A-Za-z][A-Za-z0-9]{0,7}\b"
                      r"|(?<![\w/.~:-])/(?:[\w.-]+/)+[\w.-]+")
# The runs of path characters that hold a "/". A path is in one of them, and starts where
# it starts (both lookbehinds refuse a path character before it), so `_PATH_RE.findall`
# is `_PATH_RE.match` at each of them (`_paths`): the pattern is not tried in every word.
_PATH_RUN_RE = re.compile(r"(?<![\w/.~-])[\w.~-]*+/[\w/.~-]*+")
# Error lines: the lines where this matches (none of its alternatives matches a line
# break), found by `_error_lines`.
_ERROR_CORE_RE = re.compile(r"Traceback \(most recent call last\)|\b\w*(?:Error|Exception)\b:?|\berror:"
                            r"|\bFAILED\b|\bfatal:|command not found|No such file or directory"
                            r"|exit (?:code|status) [1-9]")
# Substrings that every match of _ERROR_CORE_RE contains one of.
_ERROR_HINTS = ("Traceback", "Error", "Exception", "error:", "FAILED", "fatal:", "command not found",
                "No such file", "exit ")

# Content hash -> the items of a removed message (files, errors): a sweep replays the
# same session under every value, the TUI at every slider move, and each scores
# mostly the same removed messages. Bounded by the characters the items hold.
_ITEMS: dict[tuple[str, str], tuple[str, ...]] = {}
_ITEMS_CHARS = [0]
_ITEMS_MAX_CHARS = 1 << 24


def _paths(text: str) -> list[str]:
    """`_PATH_RE.findall(text)`, trying the pattern only where a path can start."""
    match = _PATH_RE.match
    out = []
    for run in _PATH_RUN_RE.finditer(text):
        m = match(text, run.start(), run.end())
        if m is not None:
            out.append(m.group())
    return out


def _error_lines(text: str) -> list[str]:
    """The lines of `text` where `_ERROR_CORE_RE` matches, in order (as a findall of
    `^.*(?:core).*$` in multiline mode returns them), searched only in the lines where
    one of `_ERROR_HINTS` occurs."""
    starts = set()
    for hint in _ERROR_HINTS:
        at = text.find(hint)
        while at >= 0:
            starts.add(text.rfind("\n", 0, at) + 1)
            end = text.find("\n", at)
            if end < 0:
                break
            at = text.find(hint, end + 1)
    out = []
    search = _ERROR_CORE_RE.search
    for start in sorted(starts):
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        if search(text, start, end) is not None:
            out.append(text[start:end])
    return out


def _items(kind: str, m: Message, text: str) -> tuple[str, ...]:
    """The `kind` items ("files" or "errors") of removed message `m` (`text`: its
    scanned head), memoised by content hash (the hash covers all they are read from:
    role, texts, arguments)."""
    key = (kind, m.content_hash)
    try:
        return _ITEMS[key]
    except KeyError:
        pass
    if kind == "files":
        found = tuple(p.rstrip(".") for chunk in [text, *_arg_texts(m)] if "/" in chunk for p in _paths(chunk))
    elif m.role in ("tool", "user"):
        found = tuple(_cut(x) for x in _error_lines(text))
    else:
        found = ()
    size = sum(map(len, found)) + 1
    if _ITEMS_CHARS[0] + size > _ITEMS_MAX_CHARS:
        _ITEMS.clear()
        _ITEMS_CHARS[0] = 0
    _ITEMS[key] = found
    _ITEMS_CHARS[0] += size
    return found


@dataclass
class KindScore:
    items: int = 0
    kept: int = 0
    missing: list[str] = field(default_factory=list)  # a few of the items not found

    @property
    def fraction(self) -> float:
        return self.kept / self.items if self.items else 1.0


@dataclass
class Fidelity:
    """Share of each kind of item kept; `score` is their mean over kinds with items."""

    kinds: dict[str, KindScore]
    removed_messages: int

    @property
    def score(self) -> float:
        scored = [k.fraction for k in self.kinds.values() if k.items]
        return sum(scored) / len(scored) if scored else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": round(self.score, 4),
            "removed_messages": self.removed_messages,
            "kinds": {name: {"items": k.items, "kept": k.kept, "fraction": round(k.fraction, 4),
                             "missing": list(k.missing)} for name, k in self.kinds.items()},
        }


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


def _cut(text: str) -> str:
    return _norm(text)[:ITEM_CHARS]


def _arg_texts(m: Message) -> list[str]:
    return [t for c in m.tool_calls for t in _call_texts(c)]


def _call_texts(call: ToolCall) -> list[str]:
    """A tool call's argument values (the command, the path), or its raw arguments."""
    try:
        args = json.loads(call.arguments_raw) if call.arguments_raw else None
    except ValueError:
        return [call.arguments_raw]
    if isinstance(args, dict):
        return [str(v) for v in args.values() if isinstance(v, str | int | float)]
    return [call.arguments_raw] if call.arguments_raw else []


def _last_step(m: Message) -> list[str]:
    """The command of each tool call, else the action line of the text."""
    if m.tool_calls:
        items = []
        for c in m.tool_calls:
            texts = [t for t in _call_texts(c) if t.strip()]
            items.append(_cut(max(texts, key=len)) if texts else _cut(c.name))
        return items
    lines = [ln for ln in m.text.splitlines() if ln.strip() and not ln.strip().startswith("```")]
    return [_cut(lines[-1])] if lines else []


def _add(bucket: dict[str, None], items: Iterable[str]) -> None:
    for it in items:
        if len(it) >= 4 and len(bucket) < MAX_ITEMS:
            bucket[it] = None


def fidelity(original: Sequence[Message], compacted: Sequence[Message]) -> Fidelity:
    """What `compacted` kept of what it removed or rewrote from `original`.

    Args:
        original: the context without compaction (the session up to a call).
        compacted: the context the policy sends at that call.

    Returns:
        A `Fidelity`: per kind, how many items the removed messages hold and how many
        of them appear in the compacted context.
    """
    kept_hashes = {m.content_hash for m in compacted}
    removed = [m for m in original if m.content_hash not in kept_hashes]
    buckets: dict[str, dict[str, None]] = {k: {} for k in KINDS}
    t = first_request_index(original)
    first_user = original[t] if t is not None else None
    if first_user is not None and first_user.content_hash not in kept_hashes:
        lines = [ln for ln in first_user.text.splitlines() if len(ln.strip()) >= 12]
        _add(buckets["task"], (_cut(ln) for ln in lines[:TASK_LINES]))
    last_assistant = next((m for m in reversed(original) if m.role == "assistant"), None)
    if last_assistant is not None and last_assistant.content_hash not in kept_hashes:
        _add(buckets["last_step"], _last_step(last_assistant))
    # Newest first, each distinct message once, until every bucket holds MAX_ITEMS.
    seen: set[str] = set()
    open_kinds = {"requests", "files", "errors"}
    for m in reversed(removed):
        h = m.content_hash
        if h in seen:
            continue
        seen.add(h)
        if len(seen) > MAX_SCANNED:
            break
        text = m.text[:SCAN_CHARS]
        if (m.role == "user" and m.kind == "message" and m is not first_user and "requests" in open_kinds
                and not is_preamble(m)):
            first = next((ln for ln in text.splitlines() if ln.strip()), "")
            _add(buckets["requests"], [_cut(first)])
        if "files" in open_kinds:
            _add(buckets["files"], _items("files", m, text))
        if "errors" in open_kinds:
            _add(buckets["errors"], _items("errors", m, text))
        open_kinds = {k for k in open_kinds if len(buckets[k]) < MAX_ITEMS}
        if not open_kinds:
            break

    haystack = _norm("\n".join([m.text for m in compacted] + [t for m in compacted for t in _arg_texts(m)]))
    kinds: dict[str, KindScore] = {}
    for name in KINDS:
        items = list(buckets[name])
        score = KindScore(items=len(items))
        for it in items:
            if it.lower() in haystack:
                score.kept += 1
            elif len(score.missing) < SHOWN_MISSING:
                score.missing.append(it)
        kinds[name] = score
    return Fidelity(kinds, len(removed))
