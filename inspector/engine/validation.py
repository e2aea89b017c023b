"""What a provider would reject in a message list.

The most reported failure of every compaction system is an HTTP 400 from a broken
tool-call pair; `validate` finds those and the other structural problems, and
`new_problems` tells whether a compaction introduced any.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, count
from operator import is_not
from typing import Literal

from inspector.engine.limits import loads_bounded
from inspector.engine.models import SYSTEM_ROLES, Message


def _is_json(text: str) -> bool:
    """Parse without keeping the result (`ToolCall.arguments` would cache it on every
    call: ~2 MB on a 10,000-message session, for a yes/no answer). Memoised up to a
    size, so the memo stays small: replay and re-plans validate the same arguments at
    every call."""
    return _is_json_memo(text) if len(text) <= 4096 else _parses(text)


@lru_cache(maxsize=1 << 14)
def _is_json_memo(text: str) -> bool:
    return _parses(text)


def _parses(text: str) -> bool:
    try:
        loads_bounded(text)
    except ValueError:
        return False
    return True


Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (or doubtful) in a message list: a code, its severity, where, and what."""

    code: str
    severity: Severity
    position: int
    detail: str
    tool_call_id: str | None = None

    @property
    def key(self) -> tuple[str, str]:
        """Position-independent identity, to compare problems before and after."""
        return (self.code, self.tool_call_id or "")

    def __str__(self) -> str:
        return f"{self.severity} at message {self.position}: {self.detail} [{self.code}]"


def validate(messages: Sequence[Message]) -> list[Problem]:
    """What a provider would reject in `messages` (errors) or may mishandle (warnings)."""
    return validate_resumable(messages).problems


# Where `Validation` notes the scan's state: every this many messages.
CHECKPOINT_EVERY = 16


@dataclass(slots=True)
class Validation:
    """`validate()` of a message list, with what lets a list sharing its first messages
    be validated from there (`validate_resumable(..., resume=)`): the scan's state every
    `CHECKPOINT_EVERY` messages (a few small values), and the ids of the tool calls it
    has seen, in order, with their positions (a resumed scan takes those before its
    start, without reading the messages again)."""

    messages: tuple[Message, ...]  # as validated (a list changed later is not this one)
    problems: list[Problem]
    # (position, calls awaiting a result (None: none), last call message, a non-system
    # message seen, first conversational message, problems found so far): the state
    # before `position`
    checkpoints: list[tuple[int, dict[str, int] | None, int, bool, int | None, int]]
    # the id and position of each call of an assistant message, in order
    call_ids: list[str] = field(default_factory=list)
    call_positions: list[int] = field(default_factory=list)


def same_objects(a: Sequence[object], b: Sequence[object]) -> int:
    """How many leading items of `a` and `b` are the very same objects (one C-level
    pass of identity tests).

    Args:
        a: a list (the messages a validation or a check had).
        b: another list.

    Returns:
        The length of their common prefix by identity.
    """
    return next(compress(count(), map(is_not, a, b)), min(len(a), len(b)))


def validate_resumable(messages: Sequence[Message], resume: Validation | None = None) -> Validation:
    """`validate(messages)`, kept resumable.

    Args:
        messages: the messages to validate.
        resume: the validation of a list whose first messages are (the same objects
            as) the first of `messages`: the scan starts at its last checkpoint among
            them. The result is the same as without it.

    Returns:
        The problems, and the checkpoints of the scan.
    """
    scan = None
    if resume is not None:
        # how many leading messages are the same objects
        same = same_objects(resume.messages, messages)
        if same == len(resume.messages) == len(messages):
            return Validation(resume.messages, list(resume.problems), list(resume.checkpoints),
                              list(resume.call_ids), list(resume.call_positions))
        scan = _Scan.resumed(resume, same)
    if scan is None:
        scan = _Scan([], {}, {}, -1, False, None, [], [], [], 0)
    problems = scan.problems
    add = problems.append
    open_calls, seen_ids = scan.open_calls, scan.seen_ids
    call_ids, call_positions, checkpoints = scan.call_ids, scan.call_positions, scan.checkpoints
    last_call_msg, seen_non_system, first_conversational = (scan.last_call_msg, scan.seen_non_system,
                                                            scan.first_conversational)

    for k in range(scan.start, len(messages)):
        m = messages[k]
        i = m.position if m.position == k else k  # the message's own int, not a copy kept (as `analysis` does)
        if not i % CHECKPOINT_EVERY:
            checkpoints.append((i, dict(open_calls) if open_calls else None, last_call_msg, seen_non_system,
                                first_conversational, len(problems)))
        role = m.role
        if role in SYSTEM_ROLES:
            if seen_non_system and m.kind == "message":
                add(Problem("system_not_first", "warning", i,
                            f"{role} message after the conversation started"))
            continue
        seen_non_system = True
        if first_conversational is None:
            first_conversational = i

        if role == "tool":
            _check_result(m, i, open_calls, last_call_msg, add)
            continue

        # A non-tool message closes the previous assistant's batch of calls.
        if open_calls:
            _close_batch(open_calls, last_call_msg, i, add)
        last_call_msg = -1

        if role == "assistant":
            _check_assistant(m, i, seen_ids, open_calls, call_ids, call_positions, add)
            if m.tool_calls:
                last_call_msg = i
        elif role == "user":
            if not any((p.text.strip() or p.type in ("image", "file") or p.data) for p in m.parts):
                add(Problem("empty_message", "error", i, "user message with no content"))

    _check_end(messages, open_calls, last_call_msg, first_conversational, add)
    return Validation(tuple(messages), problems, checkpoints, call_ids, call_positions)


@dataclass(slots=True)
class _Scan:
    """Where `validate_resumable`'s scan starts: the state at a checkpoint of a list
    sharing its first messages, or the start of the list."""

    problems: list[Problem]
    seen_ids: dict[str, int]
    open_calls: dict[str, int]  # call id -> position, awaiting a result
    last_call_msg: int  # position of the assistant message whose results may follow
    seen_non_system: bool
    first_conversational: int | None
    checkpoints: list[tuple[int, dict[str, int] | None, int, bool, int | None, int]]
    call_ids: list[str]
    call_positions: list[int]
    start: int

    @classmethod
    def resumed(cls, resume: Validation, same: int) -> _Scan | None:
        """The state at `resume`'s last checkpoint among its first `same` messages (those
        the list validated shares with it); None when there is none past the start."""
        k = bisect_right(resume.checkpoints, same, key=lambda c: c[0]) - 1
        if k <= 0:
            return None
        start, opened, last_call_msg, seen_non_system, first_conversational, found = resume.checkpoints[k]
        # the calls seen before `start` (its messages are the same objects)
        cut = bisect_left(resume.call_positions, start)
        call_ids, call_positions = resume.call_ids[:cut], resume.call_positions[:cut]
        return cls(resume.problems[:found], dict(zip(call_ids, call_positions)), dict(opened) if opened else {},
                   last_call_msg, seen_non_system, first_conversational, resume.checkpoints[:k],
                   call_ids, call_positions, start)


def _check_result(m: Message, i: int, open_calls: dict[str, int], last_call_msg: int,
                  add: Callable[[Problem], None]) -> None:
    """A tool result answers an open call of the assistant message just before."""
    cid = m.tool_call_id
    if not cid:
        add(Problem("missing_tool_call_id", "error", i, "tool result without a tool_call_id"))
        return
    call_pos = open_calls.pop(cid, None)
    if call_pos is None:
        add(Problem("orphan_tool_result", "error", i,
                    f"tool result {cid!r} answers no earlier tool call", cid))
        return
    # Results must follow their call with nothing but other results between.
    if call_pos != last_call_msg:
        add(Problem("result_not_adjacent", "error", i,
                    f"tool result {cid!r} is separated from its call at {call_pos}", cid))


def _check_assistant(m: Message, i: int, seen_ids: dict[str, int], open_calls: dict[str, int],
                     call_ids: list[str], call_positions: list[int], add: Callable[[Problem], None]) -> None:
    """An assistant message has content or calls; its calls (opened here) have new ids
    and JSON arguments."""
    if not m.tool_calls and not any((p.text or p.data) for p in m.parts):
        add(Problem("empty_message", "error", i, "assistant message with no content and no tool calls"))
    for c in m.tool_calls:
        if c.id in seen_ids:
            add(Problem("duplicate_tool_call_id", "error", i,
                        f"tool call id {c.id!r} already used at {seen_ids[c.id]}", c.id))
        seen_ids[c.id] = i
        open_calls[c.id] = i
        call_ids.append(c.id)
        call_positions.append(i)
        if c.type == "function" and c.arguments_raw and not _is_json(c.arguments_raw):
            add(Problem("invalid_arguments_json", "warning", i,
                        f"arguments of {c.name!r} ({c.id}) are not valid JSON", c.id))


def _check_end(messages: Sequence[Message], open_calls: dict[str, int], last_call_msg: int,
               first_conversational: int | None, add: Callable[[Problem], None]) -> None:
    """What only the end tells: calls left open, and how the conversation starts."""
    # Calls still open at the end: pending if they belong to the last assistant batch.
    for cid, pos in sorted(open_calls.items(), key=lambda kv: kv[1]):
        if pos == last_call_msg:
            add(Problem("pending_tool_call", "warning", pos,
                        f"tool call {cid!r} at the end has no result yet", cid))
        else:
            add(Problem("unanswered_tool_call", "error", pos, f"tool call {cid!r} has no result", cid))

    if messages and first_conversational is None:
        add(Problem("no_conversation", "error", 0,
                    "only system messages: providers need at least one user or assistant message"))
    if first_conversational is not None and messages[first_conversational].role == "assistant":
        add(Problem("first_not_user", "warning", first_conversational,
                    "the conversation starts with an assistant message (Anthropic rejects this)"))


def _close_batch(open_calls: dict[str, int], batch: int, at: int,
                 add: Callable[[Problem], None]) -> None:
    if batch < 0:
        return
    for cid, pos in list(open_calls.items()):
        if pos == batch:
            add(Problem("unanswered_tool_call", "error", pos,
                        f"tool call {cid!r} has no result before message {at}", cid))
            del open_calls[cid]


def errors(problems: Sequence[Problem]) -> list[Problem]:
    """The problems that are errors (warnings left out)."""
    return [p for p in problems if p.severity == "error"]


def new_problems(before: Sequence[Problem], after: Sequence[Problem]) -> list[Problem]:
    """Problems in `after` that `before` did not have (compared by code and call id)."""
    budget = Counter(p.key for p in before)
    out = []
    for p in after:
        if budget[p.key] > 0:
            budget[p.key] -= 1
        else:
            out.append(p)
    return out
