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
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import accumulate, chain, islice, repeat
from typing import TYPE_CHECKING

from inspector.engine.intro import first_request, is_preamble
from inspector.engine.models import SYSTEM_ROLES, Message, Session
from inspector.engine.tokens import TokenCache, TokenCounter, count_messages

if TYPE_CHECKING:
    from inspector.engine.planning.memo import PlanMemo
    from inspector.engine.validation import Problem, Validation

# An offload id in a short tool result means it is already a placeholder of ours.
OFFLOAD_ID_RE = re.compile(r"\boff-[0-9a-f]{12}\b")
PLACEHOLDER_MAX_CHARS = 1200
# the calls awaiting a result are recorded before every so many messages (Analysis._open_at)
OPEN_CHECKPOINT = 64


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
    # prefix[i] = sum(tokens[:i]). The columns of integers no message holds (sums, lengths,
    # cut positions, span indices) are arrays, 8 or 4 bytes an item, rather than lists of
    # int objects (8 + 32 bytes an item): ~8 MB at 100,000 messages (bench `rss_ratio_100k`).
    prefix: array[int]
    roles: list[str]
    kinds: list[str]
    hashes: list[str]
    text_chars: array[int]  # characters of each tool result's text parts (0 for the other messages)
    text_parts: list[int]
    tool_names: list[str | None]  # tool name for tool results
    tool_results: list[int]  # positions of tool results
    result_call: dict[int, int]  # tool result position -> its call's message position
    spans: list[Span]
    safe: bytearray  # safe[i] for i in 0..n
    prev_safe: array[int]  # largest safe j <= i
    unsafe_by: array[int]  # for an unsafe cut i: index into spans of a span covering it (-1: none)
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
    # What the scan had, for `analyze_extending` to start from at any position without
    # reading the messages before it again: each tool call's position, id and argument
    # length in order; the calls awaiting a result before every OPEN_CHECKPOINT-th
    # message and at the end; for spans[:k + 1] the largest `last`.
    _call_at: list[int] = field(default_factory=list, repr=False, compare=False)
    _call_ids: list[str] = field(default_factory=list, repr=False, compare=False)
    _call_args: list[int] = field(default_factory=list, repr=False, compare=False)
    _open_at: list[dict[str, tuple[int, str]]] = field(default_factory=list, repr=False, compare=False)
    _open_end: dict[str, tuple[int, str]] = field(default_factory=dict, repr=False, compare=False)
    _reach: list[int] = field(default_factory=list, repr=False, compare=False)

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

    def problems(self, messages: Sequence[Message]) -> list[Problem]:
        """validate() of the input, computed once."""
        return self.validation(messages).problems

    def validation(self, messages: Sequence[Message]) -> Validation:
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


def tool_facts_kept() -> int:
    """How many tool results' facts the scans keep for the next ones (at most 200,000).

    Returns:
        The number of content hashes whose facts are kept.
    """
    return len(_TOOL_FACTS)


def forget_tool_facts() -> None:
    """Forget the tool results' facts kept from one scan to the next: the next scans read
    each text again, with the same results."""
    _TOOL_FACTS.clear()


def _tool_facts(m: Message, h: str, remember: bool = True) -> tuple[int, int, bool]:
    chars = 0
    parts = 0
    for p in m.parts:
        if p.type == "text":
            chars += len(p.text)
            parts += 1
    facts = (chars, parts, chars <= PLACEHOLDER_MAX_CHARS and has_offload_id(m.text))
    if not remember:
        return facts
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
    """A fresh analysis, or one extending `base` from `keep` (`analyze_extending`)."""
    if base is not None and keep:
        scan = Scan.from_base(session.messages, counter, cache, base, keep)
        return scan.feed(session.messages[keep:]).finish(session)
    return Scan.fresh(counter, cache).feed(session.messages).finish(session)


class Scan:
    """One pass over a session's messages in order, keeping the running totals an
    `Analysis` is made of: `fresh()` starts from nothing, `from_base()` from what an
    analysis found in the messages a session shares with it, `feed()` reads the next
    messages (all at once, or batch by batch as they are read from a store), and
    `finish()` pairs the calls, makes the spans and the safe cuts.

    A scan is used once: feed it, then finish it."""

    def __init__(self, counter: TokenCounter, cache: TokenCache | None, remember: bool = True) -> None:
        self.counter = counter
        self.cache = cache
        self.remember = remember  # keep each tool result's facts for later scans (`_TOOL_FACTS`)
        self.n = 0
        self.tokens: list[int] = []
        self.text_tokens: list[int] = []
        self.prefix = array("q", [0])
        self.roles: list[str] = []
        self.kinds: list[str] = []
        self.hashes: list[str] = []
        self.text_chars = array("q")
        self.text_parts: list[int] = []
        self.tool_names: list[str | None] = []
        self.already = bytearray()
        self.tool_results: list[int] = []
        self.result_call: dict[int, int] = {}
        self.open_calls: dict[str, tuple[int, str]] = {}  # call id -> (position, tool name)
        self.open_at: list[dict[str, tuple[int, str]]] = []
        self.call_results: dict[int, list[int]] = {}
        self.call_positions: list[int] = []  # the messages with tool calls, in order
        self.call_at: list[int] = []
        self.call_ids: list[str] = []
        self.call_args: list[int] = []
        self.user_positions: list[int] = []
        self.media_users: list[int] = []
        self.assistant_positions: list[int] = []
        self.last_summary = -1
        self.records: list[int] = []
        self.last_ts: datetime | None = None
        self.links: bytes | None = None
        self.offload_ids: dict[tuple[int, str], str] = {}
        # Extending `base` from `keep`: `base`'s spans of calls before `keep` stay (the
        # same objects: spans are never changed but a pending one's, made anew) but
        # those of the calls still awaiting a result at `keep`, made again from their
        # results so far: spans[k] for k < kept, but the ones at `redo` (index in
        # base.spans, 1 if it has one there).
        self.base: Analysis | None = None
        self.keep = 0
        self.kept = 0
        self.redo: list[tuple[int, int, int]] = []  # (call position, index, 1 if base has its span)

    @classmethod
    def fresh(cls, counter: TokenCounter, cache: TokenCache | None = None, *, remember: bool = True) -> Scan:
        """A scan of no messages yet.

        Args:
            counter: the token counter.
            cache: where message counts are cached.
            remember: keep what the scan reads of each tool result, by content hash,
                for the scans of other contexts holding it (replay's); False for a
                session scanned once (a front end's load: 45,725 entries, ~5.5 MB,
                on the 100k bench session). The analysis is the same either way.

        Returns:
            The scan, to `feed()`.
        """
        return cls(counter, cache, remember)

    @classmethod
    def from_base(cls, msgs: Sequence[Message], counter: TokenCounter, cache: TokenCache | None,
                  base: Analysis, keep: int) -> Scan:
        """A scan that has read `msgs[:keep]`, the first `keep` messages `base` analysed
        (see `analyze_extending`): slices of what `base` recorded, no loop over those
        messages (but the ones since `base`'s last checkpoint of open calls).

        Args:
            msgs: the messages of the session being analysed (at least `keep`).
            counter: the token counter (`base`'s).
            cache: where message counts are cached.
            base: the analysis of a session sharing the first `keep` messages.
            keep: how many leading messages the two share, 1 to both lengths.

        Returns:
            The scan, to `feed()` with `msgs[keep:]`.
        """
        self = cls(counter, cache)
        self.base, self.keep, self.n = base, keep, keep
        self.tokens = base.tokens[:keep]
        self.text_tokens = base.text_tokens[:keep]
        self.roles = base.roles[:keep]
        self.kinds = base.kinds[:keep]
        self.hashes = base.hashes[:keep]
        self.text_chars = base.text_chars[:keep]
        self.text_parts = base.text_parts[:keep]
        self.tool_names = base.tool_names[:keep]
        self.already = base.already_reduced[:keep]
        self.prefix = base.prefix[:keep + 1]
        self.tool_results = base.tool_results[:bisect_left(base.tool_results, keep)]
        self.user_positions = base.user_positions[:bisect_left(base.user_positions, keep)]
        self.media_users = base.media_users[:bisect_left(base.media_users, keep)]
        self.assistant_positions = base.assistant_positions[:bisect_left(base.assistant_positions, keep)]
        self.records = base.record_positions[:bisect_left(base.record_positions, keep)]
        self.last_summary = self.records[-1] if self.records else -1
        if keep == base.n:
            self.last_ts = base.last_timestamp
        elif base.last_timestamp is not None:
            self.last_ts = next((msgs[i].timestamp for i in range(keep - 1, -1, -1)
                                 if msgs[i].timestamp is not None), None)
        # result_call's keys are in scan order: the first `cut` are before `keep`
        cut = bisect_left(list(base.result_call), keep)
        self.result_call = dict(islice(base.result_call.items(), cut))
        cut = bisect_left(base._call_at, keep)
        self.call_at = base._call_at[:cut]
        self.call_ids = base._call_ids[:cut]
        self.call_args = base._call_args[:cut]
        self._open_calls_at(msgs, base, keep)
        old = base.spans
        self.kept = bisect_left(old, keep, key=_span_call)
        for pos in sorted({pos for pos, _name in self.open_calls.values()}):
            at = bisect_left(old, pos, key=_span_call)
            has = int(at < self.kept and old[at].call == pos)
            if has:
                so_far = old[at].results
                self.call_results[pos] = so_far[:bisect_left(so_far, keep)]
            self.redo.append((pos, at, has))
        if base.offload_ids:
            self.offload_ids = (dict(base.offload_ids) if keep == base.n else
                                {key: oid for key, oid in base.offload_ids.items() if key[0] < keep})
        if base._chain is not None:
            self.links = base._chain[:16 * keep]
        return self

    def _open_calls_at(self, msgs: Sequence[Message], base: Analysis, keep: int) -> None:
        """The calls awaiting a result at `keep`: `base`'s at its end, or at its last
        checkpoint before `keep` with the pairing replayed from there."""
        self.open_at = base._open_at[:(keep + OPEN_CHECKPOINT - 1) // OPEN_CHECKPOINT]
        if keep == base.n:
            self.open_calls = dict(base._open_end)
            return
        start = keep // OPEN_CHECKPOINT * OPEN_CHECKPOINT
        open_calls = self.open_calls = dict(base._open_at[keep // OPEN_CHECKPOINT])
        for i in range(start, keep):
            m = msgs[i]
            if m.role == "tool":
                if m.tool_call_id:
                    open_calls.pop(m.tool_call_id, None)
            elif m.role == "assistant":
                for c in m.tool_calls:
                    open_calls[c.id] = (i, c.name)

    def feed(self, batch: Sequence[Message], counts: tuple[list[int], list[int]] | None = None) -> Scan:
        """Read the next messages: counted (or their `counts` given, as
        `count_messages` returns them), then scanned.

        Args:
            batch: the messages after the ones read so far, in order.
            counts: their (tokens, text-part tokens), when already counted.

        Returns:
            This scan.
        """
        if not batch:
            return self
        tokens, text_tokens = counts if counts is not None else count_messages(batch, self.counter, self.cache)
        start = self.n
        self.n = n = start + len(batch)
        self.tokens += tokens
        self.text_tokens += text_tokens
        self.prefix.extend(islice(accumulate(tokens, initial=self.prefix[-1]), 1, None))
        self.roles += [m.role for m in batch]
        self.kinds += [m.kind for m in batch]
        self.hashes += [m.content_hash for m in batch]
        self.text_chars.frombytes(bytes(self.text_chars.itemsize * len(batch)))  # zeros
        self.text_parts += [0] * len(batch)
        self.tool_names += [None] * len(batch)
        self.already += bytearray(len(batch))
        self._scan(batch, start, n)
        return self

    def _scan(self, batch: Sequence[Message], start: int, n: int) -> None:
        """The running totals over `batch`, messages `start` to `n` - 1."""
        hashes, open_calls, call_results, open_at = self.hashes, self.open_calls, self.call_results, self.open_at
        records, tool_results, result_call = self.records, self.tool_results, self.result_call
        text_chars, text_parts, tool_names, already = self.text_chars, self.text_parts, self.tool_names, self.already
        user_positions, media_users, assistant_positions = self.user_positions, self.media_users, \
            self.assistant_positions
        call_at, call_ids, call_args, call_positions = self.call_at, self.call_ids, self.call_args, \
            self.call_positions
        last_summary, last_ts, remember = self.last_summary, self.last_ts, self.remember
        for k in range(start, n):
            m = batch[k - start]
            # The message's own int where it is its position (a stored session's are): the
            # positions the analysis keeps are then not a second copy of each (~3 MB of
            # int objects at 100,000 messages).
            i = m.position if m.position == k else k
            role = m.role
            if not i % OPEN_CHECKPOINT:
                open_at.append(dict(open_calls))
            if m.kind != "message":
                last_summary = i
                records.append(i)
            if m.timestamp is not None:
                last_ts = m.timestamp
            if role == "tool":
                tool_results.append(i)
                facts = _TOOL_FACTS.get(hashes[i])
                if facts is None:
                    facts = _tool_facts(m, hashes[i], remember)
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
                    # the parts first: most users send none, and m.text joins (then
                    # strip() copies) the whole of a long message
                    if any(p.type in ("image", "file") for p in m.parts) and not m.text.strip():
                        media_users.append(i)
            elif role == "assistant":
                assistant_positions.append(i)
                if m.tool_calls:
                    for c in m.tool_calls:
                        open_calls[c.id] = (i, c.name)
                        call_at.append(i)
                        call_ids.append(c.id)
                        call_args.append(len(c.arguments_raw))
                    call_positions.append(i)
        self.last_summary, self.last_ts = last_summary, last_ts

    def finish(self, session: Session, *, memoise: bool = False) -> Analysis:
        """The analysis of the messages fed, which are `session`'s.

        Args:
            session: the session whose messages were fed, all of them.
            memoise: keep it on the session, as `analyze` does.

        Returns:
            The analysis.
        """
        n = self.n
        if n != len(session.messages):
            raise ValueError(f"session {session.id}: {len(session.messages)} messages, {n} scanned")
        leading = self._leading(session)
        spans = self._spans(leading)
        reach, safe, prev_safe, unsafe_by = self._safety(spans)
        a = self._analysis(session, spans, leading, reach, safe, prev_safe, unsafe_by)
        if memoise:
            session._analyses[self.counter.name] = a
        return a

    def _analysis(self, session: Session, spans: list[Span], leading: int, reach: list[int], safe: bytearray,
                  prev_safe: array[int], unsafe_by: array[int]) -> Analysis:
        n = self.n
        base = self.base
        return Analysis(
            session_id=session.id,
            counter_name=self.counter.name,
            n=n,
            tokens=self.tokens,
            text_tokens=self.text_tokens,
            prefix=self.prefix,
            roles=self.roles,
            kinds=self.kinds,
            hashes=self.hashes,
            text_chars=self.text_chars,
            text_parts=self.text_parts,
            tool_names=self.tool_names,
            tool_results=self.tool_results,
            result_call=self.result_call,
            spans=spans,
            safe=safe,
            prev_safe=prev_safe,
            unsafe_by=unsafe_by,
            leading_system=leading,
            user_positions=self.user_positions,
            assistant_positions=self.assistant_positions,
            last_summary=self.last_summary,
            record_positions=self.records,
            # a call id made again keeps the last call's length, as assigning in order would
            call_args_chars=dict(zip(self.call_ids, self.call_args)),
            already_reduced=self.already,
            last_timestamp=self.last_ts,
            offload_ids=self.offload_ids,
            media_users=self.media_users,
            _chain=self.links,
            _validation_base=base._validation if base is not None else None,
            _call_at=self.call_at,
            _call_ids=self.call_ids,
            _call_args=self.call_args,
            _open_at=self.open_at,
            _open_end=self.open_calls,
            _reach=reach,
        )

    def _leading(self, session: Session) -> int:
        """The leading system prompt's length. A summary injected as a system message
        after it is history (summarized again, incrementally), not part of the prompt.
        A system prompt stored as the first user message (Google ADK and others) is
        the prompt too, as in the copy of the same run that stores it as a system
        message; only when a real request follows it, so a session's request is never
        pinned."""
        n, roles, kinds = self.n, self.roles, self.kinds
        leading = 0
        while leading < n and roles[leading] in SYSTEM_ROLES and kinds[leading] == "message":
            leading += 1
        if leading < n and roles[leading] == "user" and kinds[leading] == "message" \
                and is_preamble(session.messages[leading]) and first_request(session) is not None:
            leading += 1
        return leading

    def _spans(self, leading: int) -> list[Span]:
        """Spans in call order: `base`'s before `keep` spliced with the ones made
        again, then the new calls' (at `kept`, with no span in `base` to replace)."""
        n, roles, open_calls = self.n, self.roles, self.open_calls
        # Calls without results: pending if only their own results follow them.
        pending_from = -1
        if open_calls:
            last_call = max(pos for pos, _name in open_calls.values())
            if all(roles[j] == "tool" for j in range(last_call + 1, n)):
                pending_from = last_call
        spans: list[Span] = []
        old = self.base.spans if self.base is not None else []
        done = 0
        for call_pos, at, has in chain(self.redo, zip(self.call_positions, repeat(self.kept), repeat(0))):
            spans += old[done:at]
            done = at + has
            res = self.call_results.get(call_pos)  # after the call: a span if any
            if call_pos == pending_from:
                spans.append(Span(call_pos, call_pos, n, res or [], True))  # nothing after it can be cut away
            elif res:
                # a copy at its exact size: the list grew by appends (spare room for
                # three more: ~1 MB on the 100k bench session's 45,725 calls)
                spans.append(Span(call_pos, call_pos, res[-1], res[:], False))
        spans += old[done:self.kept]
        # A pending call at the end stays with its whole turn. Its span is the last: no
        # call follows it.
        if pending_from >= 0:
            u = bisect_right(self.user_positions, pending_from)
            turn_start = self.user_positions[u - 1] if u else 0
            if turn_start:
                spans[-1].start = max(turn_start, leading)
        return spans

    def _safety(self, spans: list[Span]) -> tuple[list[int], bytearray, array[int], array[int]]:
        """(reach, safe, prev_safe, unsafe_by) of the cuts 0..n given the spans."""
        n, base, keep = self.n, self.base, self.keep
        # Cuts up to `same` are covered by the same spans, in the same places of the
        # list, as in `base`: their safety is `base`'s.
        same = -1
        k0 = 0
        if base is not None:
            old = base.spans
            k0 = self.redo[0][1] if self.redo else self.kept  # the lists are the same objects before it
            while k0 < len(spans) and k0 < len(old) and spans[k0] is old[k0]:
                k0 += 1
            same = min([keep] + [sp.start for sp in spans[k0:]] + [sp.start for sp in old[k0:]])
            reach = base._reach[:k0]
        else:
            reach = []
        reach += islice(accumulate([sp.last for sp in spans[k0:]], max, initial=reach[-1] if reach else -1), 1,
                        None)
        diff = [0] * (n + 2)
        depth = 0  # spans covering the cut after `same`, started at or before it
        if base is not None and same >= 0:
            unsafe_by = base.unsafe_by[:same + 1] + _filled(-1, n - same)
            safe = base.safe[:same + 1] + bytearray(n - same)
            prev_safe = base.prev_safe[:same + 1] + _filled(0, n - same)
            last_safe = prev_safe[same]
        else:
            unsafe_by = _filled(-1, n + 1)
            safe = bytearray(n + 1)
            prev_safe = _filled(0, n + 1)
            last_safe = 0
        # the spans before `first` end at or before `same`: nothing to do for them
        first = bisect_right(reach, same)
        for k in range(first, len(spans)):
            s = spans[k]
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
        return reach, safe, prev_safe, unsafe_by


def _span_call(span: Span) -> int:
    return span.call


def _filled(value: int, count: int) -> array[int]:
    """`count` times `value`, a column of `Analysis` (positions and span indices: 32 bits)."""
    return array("i", [value]) * count

