"""Per-session analysis, computed once per (session, counter) and reused by every
re-plan: token counts and their prefix sums, tool-call pairing, safe cut points,
turn and round boundaries.

A cut "before position i" keeps messages i.. and removes (summarizes, drops) the
ones before. It is safe when no assistant tool call before i has a result at or
after i; a pending call at the end makes every cut inside its turn unsafe.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate
from typing import TYPE_CHECKING

from inspector.engine.intro import first_request, is_preamble
from inspector.engine.models import SYSTEM_ROLES, Message, Session
from inspector.engine.tokens import TokenCache, TokenCounter, count_messages

if TYPE_CHECKING:
    from inspector.engine.planning.memo import PlanMemo
    from inspector.engine.validation import Validation

# An offload id in a short tool result means it is already a placeholder of ours.
OFFLOAD_ID_RE = re.compile(r"\boff-[0-9a-f]{12}\b")
PLACEHOLDER_MAX_CHARS = 1200


def has_offload_id(text: str) -> bool:
    """`text` names an offload id (`OFFLOAD_ID_RE`; a substring test first, as most
    texts have none)."""
    return "off-" in text and OFFLOAD_ID_RE.search(text) is not None


@dataclass(slots=True)
class Span:
    """Messages that must stay together: an assistant tool call and its results."""

    start: int  # cuts after this position and up to `last` would split the group
    call: int  # position of the assistant message
    last: int  # position of its last result (n for a pending call)
    results: list[int]
    pending: bool  # some call has no result and nothing but its results follow


@dataclass
class Analysis:
    session_id: str
    counter_name: str
    n: int
    tokens: list[int]
    text_tokens: list[int]
    prefix: list[int]  # prefix[i] = sum(tokens[:i])
    roles: list[str]
    kinds: list[str]
    hashes: list[str]
    text_chars: list[int]
    text_parts: list[int]
    tool_names: list[str | None]  # tool name for tool results
    tool_results: list[int]  # positions of tool results
    result_call: dict[int, int]  # tool result position -> its call's message position
    spans: list[Span]
    safe: bytearray  # safe[i] for i in 0..n
    prev_safe: list[int]  # largest safe j <= i
    unsafe_by: list[int]  # for an unsafe cut i: index into spans of a span covering it
    leading_system: int
    user_positions: list[int]
    assistant_positions: list[int]
    last_summary: int  # position of the latest summary/compaction record, -1 if none
    record_positions: list[int]  # summaries and compaction records already in the data
    call_args_chars: dict[str, int]  # tool call id -> length of its arguments
    already_reduced: bytearray  # tool results that are already placeholders
    last_timestamp: datetime | None
    offload_ids: dict[tuple[int, str], str] = field(default_factory=dict)
    # what successive plans share (inspector.engine.planning.memo), made by the first
    plan_memo: PlanMemo | None = field(default=None, repr=False, compare=False)
    media_users: list[int] = field(default_factory=list)  # user messages of images/files only, no text
    _chain: bytes | None = None  # link(i) for i >= 1, 16 bytes each (a prefix of them until link() runs)
    _validation: Validation | None = None
    _validation_base: Validation | None = None  # a validation to resume from (analyze_extending)

    def link(self, i: int) -> bytes:
        """The digest of messages 0..i-1 (b"" for none); (link(a), link(b)) identifies
        a range.

        Args:
            i: a position, 0 to n.

        Returns:
            16 bytes (none for 0).
        """
        chain = self._chain
        if chain is None or len(chain) < 16 * self.n:
            # One bytes object of 16 per message, not a bytes object each (~0.4 MB on
            # 10,000 messages); an extended analysis starts from its base's.
            out = bytearray(chain or b"")
            prev = out[-16:] if out else b""
            for h in self.hashes[len(out) // 16:]:
                prev = hashlib.blake2b(prev + bytes.fromhex(h), digest_size=16).digest()
                out += prev
            chain = self._chain = bytes(out)
        return chain[16 * (i - 1):16 * i] if i else b""

    def problems(self, messages) -> list:
        """validate() of the input, computed once."""
        return self.validation(messages).problems

    def validation(self, messages) -> Validation:
        """`validate_resumable()` of the input, computed once."""
        if self._validation is None:
            from inspector.engine.validation import validate_resumable

            self._validation = validate_resumable(messages, self._validation_base)
            self._validation_base = None
        return self._validation

    def validate_from(self, base: Validation) -> None:
        """Validate the input (`validation`) resuming from `base`, the validation of a
        list whose first messages are (the same objects as) the input's: replay's next
        context after a compaction starts with the output apply validated."""
        if self._validation is None:
            self._validation_base = base

    @property
    def total(self) -> int:
        return self.prefix[-1]

    def explain_unsafe(self, i: int) -> str:
        span = self.spans[self.unsafe_by[i]]
        if span.pending:
            return f"assistant tool call {span.call} is still waiting for results"
        res = span.results
        where = f"{res[0]}" if len(res) == 1 else f"{res[0]}\u2013{res[-1]}"
        plural = "result" if len(res) == 1 else "results"
        return f"assistant tool call {span.call} has {plural} at {where}"

    def turn_starts(self) -> list[int]:
        """Positions where a user turn starts and a cut is safe."""
        safe = self.safe
        return [p for p in self.user_positions if safe[p]]


def analyze(
    session: Session,
    counter: TokenCounter,
    cache: TokenCache | None = None,
) -> Analysis:
    """Analysis of `session` for `counter`, memoised on the session."""
    memo = session._analyses
    a = memo.get(counter.name)
    if a is not None and a.n == len(session.messages):
        return a
    a = _analyze(session, counter, cache)
    memo[counter.name] = a
    return a


def analysis_of(session: Session, counter: TokenCounter) -> Analysis | None:
    """The analysis of `session` for `counter` made so far (`analyze`), or None."""
    a = session._analyses.get(counter.name)
    return a if a is not None and a.n == len(session.messages) else None


def input_validation(session: Session, counter: TokenCounter) -> Validation:
    """validate() of `session`'s messages, resumable (`validate_resumable`): the
    analysis' when `session` was analysed for `counter` (a plan of it was made), else
    computed."""
    a = analysis_of(session, counter)
    if a is not None:
        return a.validation(session.messages)
    from inspector.engine.validation import validate_resumable

    return validate_resumable(session.messages)


# content hash -> (text characters, text parts, an offload id in a short text) of a
# tool result: what `_analyze` reads of its text, the same in every context it is in
# (replay analyses hundreds of contexts that share most messages).
_TOOL_FACTS: dict[str, tuple[int, int, bool]] = {}
_TOOL_FACTS_LIMIT = 200_000


def _tool_facts(m: Message, h: str) -> tuple[int, int, bool]:
    chars = 0
    parts = 0
    for p in m.parts:
        if p.type == "text":
            chars += len(p.text)
            parts += 1
    facts = (chars, parts, chars <= PLACEHOLDER_MAX_CHARS and has_offload_id(m.text))
    if len(_TOOL_FACTS) >= _TOOL_FACTS_LIMIT:
        _TOOL_FACTS.clear()
    _TOOL_FACTS[h] = facts
    return facts


def analyze_extending(session: Session, counter: TokenCounter, base: Analysis, keep: int,
                      cache: TokenCache | None = None) -> Analysis:
    """`analyze(session, counter)` when its first `keep` messages are the first `keep`
    messages `base` analysed (the same content, kind, time and reduction mark: replay's
    next context, grown from or compacted from the last one): what `base` found for
    them is kept and only the messages after them are read. Memoised on the session
    as `analyze` memoises.

    Args:
        session: the session to analyse.
        counter: the token counter (`base`'s).
        base: the analysis of a session sharing the first `keep` messages.
        keep: how many leading messages the two share, at most both lengths.
        cache: where message counts are cached.

    Returns:
        The analysis, equal to a fresh one.
    """
    if base.counter_name != counter.name or not 0 <= keep <= min(base.n, len(session.messages)):
        raise ValueError(f"cannot extend an analysis of {base.n} messages by {counter.name} from {keep}")
    a = _analyze(session, counter, cache, base, keep)
    session._analyses[counter.name] = a
    return a


def _analyze(session: Session, counter: TokenCounter, cache: TokenCache | None,
             base: Analysis | None = None, keep: int = 0) -> Analysis:
    msgs = session.messages
    n = len(msgs)
    if base is None:
        keep = 0
    rest = msgs[keep:] if keep else msgs
    tokens, text_tokens = count_messages(rest, counter, cache)
    roles: list[str] = [m.role for m in rest]
    kinds: list[str] = [m.kind for m in rest]
    hashes = [m.content_hash for m in rest]
    text_chars = [0] * (n - keep)
    text_parts = [0] * (n - keep)
    tool_names: list[str | None] = [None] * (n - keep)
    already = bytearray(n - keep)
    tool_results: list[int] = []
    result_call: dict[int, int] = {}
    open_calls: dict[str, tuple[int, str]] = {}  # call id -> (position, tool name)
    call_results: dict[int, list[int]] = {}
    call_ids_at: dict[int, list[str]] = {}
    user_positions: list[int] = []
    media_users: list[int] = []
    assistant_positions: list[int] = []
    last_summary = -1
    records: list[int] = []
    call_args_chars: dict[str, int] = {}
    last_ts = None
    chain: bytes | None = None
    offload_ids: dict[tuple[int, str], str] = {}
    reused: dict[int, Span] = {}  # call position -> its span in `base`, the same here
    if base is not None and keep:
        # What the scan below would have found in msgs[:keep], from `base`.
        tokens = base.tokens[:keep] + tokens
        text_tokens = base.text_tokens[:keep] + text_tokens
        roles = base.roles[:keep] + roles
        kinds = base.kinds[:keep] + kinds
        hashes = base.hashes[:keep] + hashes
        text_chars = base.text_chars[:keep] + text_chars
        text_parts = base.text_parts[:keep] + text_parts
        tool_names = base.tool_names[:keep] + tool_names
        already = base.already_reduced[:keep] + already
        tool_results = base.tool_results[:bisect_left(base.tool_results, keep)]
        user_positions = base.user_positions[:bisect_left(base.user_positions, keep)]
        media_users = base.media_users[:bisect_left(base.media_users, keep)]
        assistant_positions = base.assistant_positions[:bisect_left(base.assistant_positions, keep)]
        records = base.record_positions[:bisect_left(base.record_positions, keep)]
        last_summary = records[-1] if records else -1
        if base.last_timestamp is not None:
            last_ts = next((msgs[i].timestamp for i in range(keep - 1, -1, -1) if msgs[i].timestamp is not None),
                           None)
        result_call = {r: c for r, c in base.result_call.items() if r < keep}
        calls = [i for i in assistant_positions if msgs[i].tool_calls]
        for i in calls:
            for c in msgs[i].tool_calls:
                call_args_chars[c.id] = len(c.arguments_raw)
        # the calls awaiting a result at `keep`: the scan's pairing, replayed in order
        k = 0
        for r in tool_results:
            while k < len(calls) and calls[k] < r:
                for c in msgs[calls[k]].tool_calls:
                    open_calls[c.id] = (calls[k], c.name)
                k += 1
            cid = msgs[r].tool_call_id
            if cid:
                open_calls.pop(cid, None)
        for i in calls[k:]:
            for c in msgs[i].tool_calls:
                open_calls[c.id] = (i, c.name)
        # A call no result after `keep` can answer has the span it had (the same
        # object: spans are never changed but a pending one's, made anew); the others
        # are made again below, from their results so far.
        waiting = {pos for pos, _name in open_calls.values()}
        for sp in base.spans:
            if sp.call >= keep:
                break
            if sp.call in waiting:
                call_results[sp.call] = [r for r in sp.results if r < keep]
            else:
                reused[sp.call] = sp
        for i in sorted(waiting):
            call_ids_at[i] = []
        offload_ids = {key: oid for key, oid in base.offload_ids.items() if key[0] < keep}
        if base._chain is not None:
            chain = base._chain[:16 * keep]
    prefix = list(accumulate(tokens, initial=0))

    for i in range(keep, n):
        m = msgs[i]
        role = m.role
        if m.kind != "message":
            last_summary = i
            records.append(i)
        if m.timestamp is not None:
            last_ts = m.timestamp
        if role == "tool":
            tool_results.append(i)
            facts = _TOOL_FACTS.get(hashes[i])
            if facts is None:
                facts = _tool_facts(m, hashes[i])
            chars, parts, has_id = facts
            text_chars[i] = chars
            text_parts[i] = parts
            hit = open_calls.pop(m.tool_call_id, None) if m.tool_call_id else None
            if hit is not None:
                call_pos, call_name = hit
                result_call[i] = call_pos
                call_results.setdefault(call_pos, []).append(i)
                tool_names[i] = m.name or call_name
            else:  # an orphan result (validate() reports it)
                tool_names[i] = m.name
            if chars <= PLACEHOLDER_MAX_CHARS and (m.meta.get("inspector_reduced") or has_id):
                already[i] = 1
        elif role == "user":
            if m.kind == "message":
                user_positions.append(i)
                if not m.text.strip() and any(p.type in ("image", "file") for p in m.parts):
                    media_users.append(i)
        elif role == "assistant":
            assistant_positions.append(i)
            if m.tool_calls:
                ids = []
                for c in m.tool_calls:
                    open_calls[c.id] = (i, c.name)
                    ids.append(c.id)
                    call_args_chars[c.id] = len(c.arguments_raw)
                call_ids_at[i] = ids

    # The leading system prompt; a summary injected as a system message after it is
    # history (summarized again, incrementally), not part of the prompt.
    leading = 0
    while leading < n and roles[leading] in SYSTEM_ROLES and kinds[leading] == "message":
        leading += 1
    # A system prompt stored as the first user message (Google ADK and others) is the
    # prompt too, as in the copy of the same run that stores it as a system message;
    # only when a real request follows it, so a session's request is never pinned.
    if leading < n and roles[leading] == "user" and kinds[leading] == "message" \
            and is_preamble(session.messages[leading]) and first_request(session) is not None:
        leading += 1

    # Calls without results: pending if only their own results follow them.
    unanswered = sorted(((pos, cid) for cid, (pos, _name) in open_calls.items()))
    pending_from = -1
    if unanswered:
        last_call = unanswered[-1][0]
        if all(roles[j] == "tool" for j in range(last_call + 1, n)):
            pending_from = last_call

    spans: list[Span] = []
    for call_pos in sorted(call_ids_at.keys() | reused.keys()) if reused else call_ids_at:
        same_span = reused.get(call_pos)
        if same_span is not None:
            spans.append(same_span)
            continue
        res = call_results.get(call_pos, [])
        pending = call_pos == pending_from
        last = max(res) if res else call_pos
        if pending:
            last = n  # nothing after the call can be cut away from it
        if last > call_pos or pending:
            spans.append(Span(call_pos, call_pos, last, sorted(res), pending))

    # A pending call at the end stays with its whole turn.
    if pending_from >= 0:
        turn_start = 0
        for u in user_positions:
            if u <= pending_from:
                turn_start = u
        span = next(s for s in spans if s.call == pending_from)
        if turn_start:
            span.start = max(turn_start, leading)

    # Cuts up to `same` are covered by the same spans, in the same places of the list,
    # as in `base`: their safety is `base`'s.
    same = -1
    if base is not None and keep:
        k0 = 0
        old = base.spans
        while k0 < len(spans) and k0 < len(old) and spans[k0] is old[k0]:
            k0 += 1
        same = min([keep] + [sp.start for sp in spans[k0:]] + [sp.start for sp in old[k0:]])
    diff = [0] * (n + 2)
    depth = 0  # spans covering the cut after `same`, started at or before it
    if base is not None and same >= 0:
        unsafe_by = base.unsafe_by[:same + 1] + [-1] * (n - same)
        safe = base.safe[:same + 1] + bytearray(n - same)
        prev_safe = base.prev_safe[:same + 1] + [0] * (n - same)
        last_safe = prev_safe[same]
    else:
        unsafe_by = [-1] * (n + 1)
        safe = bytearray(n + 1)
        prev_safe = [0] * (n + 1)
        last_safe = 0
    for k, s in enumerate(spans):
        lo, hi = s.start + 1, min(s.last, n)
        if lo > hi or hi <= same:
            continue
        if lo <= same:
            depth += 1
        else:
            diff[lo] += 1
        diff[hi + 1] -= 1
        for i in range(max(lo, same + 1), hi + 1):
            if unsafe_by[i] < 0:
                unsafe_by[i] = k
    for i in range(same + 1, n + 1):
        depth += diff[i]
        if depth == 0:
            safe[i] = 1
            last_safe = i
        prev_safe[i] = last_safe

    return Analysis(
        session_id=session.id,
        counter_name=counter.name,
        n=n,
        tokens=tokens,
        text_tokens=text_tokens,
        prefix=prefix,
        roles=roles,
        kinds=kinds,
        hashes=hashes,
        text_chars=text_chars,
        text_parts=text_parts,
        tool_names=tool_names,
        tool_results=tool_results,
        result_call=result_call,
        spans=spans,
        safe=safe,
        prev_safe=prev_safe,
        unsafe_by=unsafe_by,
        leading_system=leading,
        user_positions=user_positions,
        assistant_positions=assistant_positions,
        last_summary=last_summary,
        record_positions=records,
        call_args_chars=call_args_chars,
        already_reduced=already,
        last_timestamp=last_ts,
        offload_ids=offload_ids,
        media_users=media_users,
        _chain=chain,
        _validation_base=base._validation if base is not None and keep else None,
    )
