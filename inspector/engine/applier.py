"""Turn a Plan into the compacted message list.

`materialize` is pure: given the summary texts (or none, for a preview), it writes
exactly what the plan described, with the same truncation and placeholder text the
planner counted. `apply` generates the summaries first (through a Summarizer, with
a cache so a previewed summary is the applied one), then materializes and checks
that the output has no problem the input did not have.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from itertools import compress, count
from operator import is_not
from typing import Any, Protocol

from inspector.engine.analysis import analysis_of, input_validation
from inspector.engine.invariants import Violation
from inspector.engine.invariants import check as check_invariants
from inspector.engine.models import Message, Part, Role, Session, ToolCall
from inspector.engine.planning.results import IN_FLIGHT, Action, Plan, Reduction, SummarySpec
from inspector.engine.planning.text import fit_marker, render, truncate_text_parts, truncated_part
from inspector.engine.summarize.extractive import strip_frame
from inspector.engine.summarize.protocol import (
    EventHandler,
    Summarize,
    Summarizer,
    SummaryRequest,
    SummaryResult,
    format_conversation,
    summary_share_tokens,
)
from inspector.engine.summary_format import (
    pending_summary_text,
    summary_body,
    summary_message_tokens,
    summary_offload_id,
)
from inspector.engine.tokens import TextCountCache, TokenCounter, count_messages, remember_counts, rewritten_counts
from inspector.engine.validation import Validation, new_problems, validate_resumable
from inspector.engine.validation import errors as only_errors


@dataclass
class Offload:
    """Content a reduction removed, retrievable by `id` (the id in the recovery hint)."""

    id: str
    session_id: str
    position: int
    kind: str  # "truncate" | "clear" | "arguments" | "summary" (the messages a summary replaced)
    tool_name: str | None
    tool_call_id: str | None
    content: str


@dataclass
class GeneratedSummary:
    """A summary written into a compacted session: its text, its model, and the positions it replaced."""

    key: str
    text: str
    model: str
    extractive: bool
    start: int
    end: int


@dataclass
class Compacted:
    """A compacted session: the messages, what was offloaded and summarized, and where each message came from."""

    messages: list[Message]
    offloads: list[Offload]
    summaries: list[GeneratedSummary]
    lineage: list[list[int]]  # per output message: the input positions it came from
    plan: Plan
    tokens_after: list[int] = field(default_factory=list)
    # what validating `messages` found (apply checks its output), resumable: a list
    # that starts with them (replay's next context) is validated from there
    validation: Validation | None = field(default=None, repr=False, compare=False)

    @property
    def total_after(self) -> int:
        """Tokens of the compacted messages, reply priming included (the plan's `total_after`, exact)."""
        return sum(self.tokens_after) + self.plan.reply_priming


class SummaryCache(Protocol):
    """Where summaries already made are kept, by the key of their request (text and settings)."""

    def get(self, key: str) -> SummaryResult | None:
        """The summary made for this key, or None."""

    def put(self, key: str, result: SummaryResult) -> None:
        """Keep the summary made for this key."""


class MemorySummaryCache:
    """Summaries kept in this process."""

    def __init__(self) -> None:
        self._data: dict[str, SummaryResult] = {}

    def get(self, key: str) -> SummaryResult | None:
        """The summary made for this key, or None."""
        return self._data.get(key)

    def put(self, key: str, result: SummaryResult) -> None:
        """Keep the summary made for this key."""
        self._data[key] = result


# (call message, its tool results) -> replacement messages, or None to drop the group.
ClearRewriter = Callable[[Message, list[Message]], "list[Message] | None"]
# (original messages, summary message) -> messages that stand for the summary.
Finalizer = Callable[[Sequence[Message], Message], list[Message]]


class CompactionFailed(RuntimeError):
    """Apply could not produce a valid result; the session is unchanged."""


class InvariantViolated(CompactionFailed):
    """The result would break an invariant (`engine.invariants`); nothing is written.
    `violations` lists them; the message is one line naming the first."""

    def __init__(self, violations: list[Violation]):
        more = f" (and {len(violations) - 1} more)" if len(violations) > 1 else ""
        super().__init__(f"{violations[0]}{more}")
        self.violations = violations


# --------------------------------------------------------------------- reduced messages


def reduce_message(session: Session, plan: Plan, i: int) -> tuple[Message, list[Offload]]:
    """Message `i` as stages 1-3 leave it, with what they removed."""
    msg = session.messages[i]
    red = plan.reductions.get(i)
    if red is None:
        return msg, []
    recovery = plan.config.recovery_tool
    # (new parts and calls built `trusted`: their values are strings, or a validated call's)
    offloads: list[Offload] = []
    update: dict[str, Any] = {}
    meta = dict(msg.meta)
    if red.kind == "truncate":
        full = msg.text
        if red.stage == "truncation":
            texts, *_ = truncate_text_parts(msg, red.limit, red.head_ratio, red.template, recovery,
                                            red.offload_id, msg.name or _tool_name(session, plan, i),
                                            red.fit_notice)
            it = iter(texts)
            update["parts"] = [p.model_copy(update={"text": next(it)}) if p.type == "text" else p
                               for p in msg.parts]
        else:  # trpc pass 2: the joined text, head + tail
            marker = fit_marker(red.removed_chars, red.offload_id, recovery)
            new_text = truncated_part(full, red.head_chars, red.tail_chars, marker)
            update["parts"] = [Part.trusted(text=new_text)] + [p for p in msg.parts if p.type != "text"]
        meta["inspector_reduced"] = "truncate"
        offloads.append(Offload(red.offload_id, session.id, i, "truncate", msg.name,
                                msg.tool_call_id, full))
    elif red.kind == "clear":
        if red.clear_result:
            text = render(red.template, tool=_tool_name(session, plan, i) or "tool",
                          tokens=f"{red.shown_tokens:,}", offload_id=red.offload_id,
                          recovery_tool=recovery, tool_call_id=msg.tool_call_id or "")
            update["parts"] = [Part.trusted(text=text)]
            meta["inspector_reduced"] = "clear"
            offloads.append(Offload(red.offload_id, session.id, i, "clear", msg.name,
                                    msg.tool_call_id, msg.text))
        if red.clear_arguments:
            calls = []
            for c in msg.tool_calls:
                oid = red.clear_arguments.get(c.id)
                if oid is not None:
                    placeholder = render(plan.config.reduction.clear.arguments_placeholder, offload_id=oid)
                    calls.append(ToolCall.trusted(id=c.id, name=c.name, arguments_raw=placeholder, type=c.type))
                    offloads.append(Offload(oid, session.id, i, "arguments", c.name, c.id, c.arguments_raw))
                else:
                    calls.append(c)
            update["tool_calls"] = calls
            meta["inspector_reduced"] = "clear"
    update["meta"] = meta
    return msg.model_copy(update=update), offloads


def _tool_name(session: Session, plan: Plan, i: int) -> str | None:
    msg = session.messages[i]
    if msg.name:
        return msg.name
    for j in range(i - 1, -1, -1):
        for c in session.messages[j].tool_calls:
            if c.id == msg.tool_call_id:
                return c.name
    return None


# ---------------------------------------------------------------------------- summaries


def summary_request(session: Session, plan: Plan, spec: SummarySpec, counter: TokenCounter) -> SummaryRequest:
    """The request that summarizes one planned span, its messages as the plan reduced them.

    Args:
        session: the session planned.
        plan: its plan.
        spec: the summary of the plan to request.
        counter: the plan's token counter (the "shorter" check counts with it).

    Returns:
        The request: the messages, the previous summary, the prompt and the word budget.
    """
    sc = plan.config.summarization
    msgs, counts = summarized_messages(session, plan, spec.start, spec.end, counter)
    # The summary must be shorter than what it stands for: the summarized messages,
    # not the preserved ones, which are carried verbatim beside it.
    if counts is not None:
        # (the range's counts less the preserved ones: `_replaced_tokens` without a pass
        # over the range)
        carried = {i for i in (*spec.preserved_users, *spec.preserved_tools, *spec.kept) if spec.start <= i < spec.end}
        replaced = sum(counts) - sum(counts[i - spec.start] for i in carried)
    else:
        replaced = _replaced_tokens(plan, spec, msgs, counter)
    # ... counting what the summary message adds around the text (preamble, hint).
    bare = dataclasses.replace(spec, preserved_users=[], preserved_tools=[])
    overhead = counter.framing.per_message + counter.count(summary_body(session, plan.config, bare, "", counter))
    previous = None

    def measure(text: str) -> int:
        return summary_message_tokens(session, plan.config, spec, text, counter)

    if sc.incremental:
        prev_texts = [session.messages[i].text for i in spec.previous_summaries]
        if spec.injection == "system_merge" and spec.merge_into is not None:
            embedded = _embedded_summary(session.messages[spec.merge_into].text, sc.summary_prefix)
            if embedded:
                prev_texts.insert(0, embedded)
        previous = "\n\n".join(_unframed(t, sc.summary_prefix) for t in prev_texts if t) or None
        msgs = [m for m in msgs if m.kind == "message"]
    else:  # an earlier summary is one of the old messages, without its frame
        msgs = [m if m.kind == "message" else m.model_copy(update={"parts": [Part(
            text=_unframed(m.text, sc.summary_prefix))]}) for m in msgs]
    return SummaryRequest(
        key=spec.key, messages=msgs, previous_summary=previous, prompt_template=sc.prompt,
        system_prompt=sc.system_prompt, max_words=spec.word_limit(sc.max_summary_words),
        replaced_tokens=replaced, count=_line_counts(counter), max_input_tokens=sc.max_input_tokens,
        overhead_tokens=overhead, measure=measure, total_replaced_tokens=spec.replaced_tokens,
        max_text_tokens=summary_share_tokens(spec.word_limit(sc.max_summary_words)),
    )


@dataclass(slots=True)
class _SummarizedRange:
    """The messages of a summarized range as a plan reduced them, with what they were
    made from (compared by identity) and each one's count."""

    session_messages: list[Message]
    start: int
    settings: tuple[object, ...]
    originals: list[Message]
    reductions: list[Reduction | None]
    messages: list[Message]
    counter: str
    known: list[int]  # the plan's counts these counts took the unreduced messages' from
    counts: list[int]


# The last ranges summarized: a knob move's range is the last one grown or shrunk.
_RANGES: list[_SummarizedRange] = []
_RANGES_KEPT = 2


def summarized_messages(session: Session, plan: Plan, start: int, end: int,
                        counter: TokenCounter) -> tuple[list[Message], list[int] | None]:
    """Messages `start` to `end` - 1 as the plan's reductions leave them
    (`reduce_message`), with each one's count, at the cost of what changed since the
    range last summarized: a knob move grows or shrinks the summarized range by a few
    messages, and reduces most of them as the last plan did.

    A reduced message is the same object from one request to the next
    (`materialize_view.reduced_message`), its content hash and reading memoised on it.
    A message the plan leaves as it is counts what the plan counted it (its
    `tokens_before`, `count_messages`' total under the same counter); one a stage
    rewrote is counted (`count_messages`).

    Args:
        session: the session planned.
        plan: its plan.
        start: the first position.
        end: one past the last.
        counter: the plan's token counter.

    Returns:
        (the messages, their counts under `counter`; None when the plan was counted
        with another counter).
    """
    from inspector.engine.materialize_view import reduced_message

    config = plan.config
    settings = (config.recovery_tool, config.reduction.clear.arguments_placeholder)
    originals = session.messages[start:end]
    reductions = list(map(plan.reductions.get, range(start, end)))
    known = plan.tokens_before
    if counter.name != plan.counter or len(known) != len(session.messages):
        return [m if r is None else reduced_message(session, plan, i)
                for i, (m, r) in enumerate(zip(originals, reductions), start)], None
    last = next((r for r in reversed(_RANGES) if r.session_messages is session.messages and r.start == start
                 and r.settings == settings and r.counter == counter.name and r.known is known), None)
    if last is None:
        common, messages, counts, changed = 0, [], [], []
    else:
        common = min(len(last.messages), end - start)
        messages, counts = last.messages[:common], last.counts[:common]
        # (the positions whose message or reduction is another object, found in C)
        changed = sorted(set(compress(count(), map(is_not, last.originals, originals)))
                         | set(compress(count(), map(is_not, last.reductions, reductions))))
    messages.extend(originals[common:])
    counts.extend([0] * (end - start - common))
    fresh = [k for k in changed if k < common] + list(range(common, end - start))
    rewritten: list[int] = []
    for k in fresh:
        i = start + k
        if reductions[k] is None:
            messages[k], counts[k] = originals[k], known[i]
        else:
            messages[k] = reduced_message(session, plan, i)
            rewritten.append(k)
    if rewritten:
        for k, n in zip(rewritten, count_messages([messages[k] for k in rewritten], counter)[0], strict=True):
            counts[k] = n
    _RANGES[:] = [*[r for r in _RANGES if r is not last][1 - _RANGES_KEPT:],
                  _SummarizedRange(session.messages, start, settings, originals, reductions, messages,
                                   counter.name, known, counts)]
    return list(messages), list(counts)


def _replaced_tokens(plan: Plan, spec: SummarySpec, msgs: Sequence[Message], counter: TokenCounter) -> int:
    """The tokens of the summarized messages of `spec` as the plan reduced them
    (`msgs`: messages `spec.start` to `spec.end` - 1).

    A message the plan leaves as it is counts what the plan counted it (its
    `tokens_before`, `count_messages`' total under the same counter): counting again
    tokenized each of them, a whole 100,000-message session twice per apply (the
    estimate, then the request), whenever the counts were cached elsewhere than the
    process-wide cache. Only the ones a stage rewrote are counted here."""
    folded = set(spec.summarized)
    if counter.name != plan.counter:
        return sum(count_messages([m for i, m in enumerate(msgs, spec.start) if i in folded], counter)[0])
    known, reduced = plan.tokens_before, plan.reductions
    total = 0
    rewritten: list[Message] = []
    for i, m in enumerate(msgs, spec.start):
        if i in folded:
            if i in reduced:
                rewritten.append(m)
            else:
                total += known[i]
    return total + sum(count_messages(rewritten, counter)[0]) if rewritten else total


def _line_counts(counter: TokenCounter) -> Callable[[str], int]:
    """`counter.count`, exact, memoised line by line where counting is additive
    (`TextCountCache.count_long`): the extractive summarizer counts each candidate
    summary, one line longer than the last, and a model summary's checks count
    texts that share most lines."""
    texts = TextCountCache(counter)
    texts.LONG = 0  # by lines however short: candidates are a few hundred words

    def count(text: str) -> int:
        # a long prompt in one piece, as the counter counts it (runs without spaces)
        return texts.count_long(text) if len(text) <= 1 << 16 else counter.count(text)

    return count


def _unframed(text: str, prefix: str) -> str:
    """An earlier summary without preamble, hints and continuation lines; the user
    messages it carried come back as a tagged block (folded as requests)."""
    body, users = strip_frame(text, (prefix,))
    if users:
        body += "\n\n<all_user_messages>\n" + "\n\n".join(users) + "\n</all_user_messages>"
    return body


def _embedded_summary(text: str, prefix: str) -> str | None:
    if prefix and prefix in text:
        return text[text.index(prefix) + len(prefix):].strip()
    return None


# ---------------------------------------------------------------------------- materialize

# Actions whose message is not written (a summary may be, in its place), and those that
# write it reduced: shared with `materialize_view`, the measuring copy of the writer.
NOT_WRITTEN = frozenset((Action.SUMMARIZE, Action.PRESERVE, Action.DROP))
REDUCED_ACTIONS = frozenset((Action.TRUNCATE, Action.CLEAR))


def materialize(
    session: Session,
    plan: Plan,
    summary_texts: dict[str, str] | None = None,
    counter: TokenCounter | None = None,
    *,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
    offload_summarized: bool = True,
) -> Compacted:
    """The compacted messages the plan describes.

    Args:
        session: the session (never mutated).
        plan: its plan.
        summary_texts: the summaries' texts by key; a missing one is shown as a pending
            marker (for previews).
        counter: the plan's counter (default: the config's).
        finalize: (original messages, summary message) -> the messages standing for it.
        clear_rewriter: (call message, its results) -> their replacement.
        offload_summarized: False leaves out the offload records of the summarized
            messages (their whole text: a measure of the messages does not need them).

    Returns:
        The messages, with their lineage, counts, offloads and summaries.
    """
    from inspector.engine.planning import counter_for

    counter = counter or counter_for(plan.config)
    written = SummaryMessages(session, plan, summary_texts or {}, counter, finalize, offload_summarized)
    writer = ContextWriter(session, plan, counter, written, clear_rewriter)
    writer.write_all()
    return writer.compacted(written.offloads, written.generated)


class SummaryMessages:
    """What each summary of the plan writes (by the summary's index): the summary
    message (or a pending marker), or what a Finalizer made of it; with the offload
    record of the messages it replaced and what was generated."""

    def __init__(self, session: Session, plan: Plan, texts: dict[str, str], counter: TokenCounter,
                 finalize: Finalizer | None, offload_summarized: bool) -> None:
        self.summaries = plan.applied_summaries()
        self.messages: dict[int, list[Message]] = {}
        self.finalized: set[int] = set()  # specs a Finalizer wrote: emitted as it returned them, never merged
        self.offloads: list[Offload] = []
        self.generated: list[GeneratedSummary] = []
        sc = plan.config.summarization
        msgs = session.messages
        for spec in self.summaries:
            text = texts.get(spec.key)
            if finalize is not None and text:
                self.messages[spec.index] = finalized_summary(session, spec, text, finalize)
                self.finalized.add(spec.index)
            else:
                body = (summary_body(session, plan.config, spec, text, counter) if text
                        else pending_summary_text(spec))
                self.messages[spec.index] = [Message.text_message(
                    _summary_role(spec), body, kind="summary", meta=_summary_meta(spec, text is None))]
            if text and offload_summarized:
                replaced = format_conversation([msgs[i] for i in spec.summarized], max_result_chars=10**9)
                self.offloads.append(Offload(summary_offload_id(spec), session.id, spec.start, "summary", None,
                                             None, replaced))
                self.generated.append(GeneratedSummary(spec.key, text, sc.model or "extractive",
                                                       not sc.model, spec.start, spec.end))

    def merges(self) -> dict[int, SummarySpec]:
        """Message -> the first summary merged into it (not one a Finalizer wrote)."""
        out: dict[int, SummarySpec] = {}
        for spec in self.summaries:
            if spec.merge_into is not None and spec.index not in self.finalized:
                out.setdefault(spec.merge_into, spec)
        return out


class ContextWriter:
    """Writes the plan's output in order, with each message's lineage and, where known
    without tokenizing, its count."""

    def __init__(self, session: Session, plan: Plan, counter: TokenCounter, summaries: SummaryMessages,
                 clear_rewriter: ClearRewriter | None) -> None:
        self.session, self.plan, self.counter = session, plan, counter
        self.msgs = session.messages
        self.n = len(self.msgs)
        self.summaries = summaries
        self.by_insert: dict[int, SummarySpec] = {s.insert_at: s for s in summaries.summaries}
        self.merges = summaries.merges()
        self.clear_rewriter = clear_rewriter
        self.rewritten_groups: set[int] = set()
        self.out: list[Message] = []
        self.lineage: list[list[int]] = []
        self.offloads: list[Offload] = []
        # The plan's counts of the messages kept as they are (their content is the input's)
        # and of those reduction rewrote: only what summarization wrote is counted.
        known = plan.tokens_before if plan.counter == counter.name and len(plan.tokens_before) == self.n else None
        self.known = known
        self.analysis = analysis_of(session, counter) if known is not None else None
        self.counts: list[int | None] = []
        # counts of what reduction wrote, found without tokenizing, for the count cache
        # (the next analysis of the output, replay's next context, reads them there)
        self.remembered: dict[str, tuple[int, int]] = {}

    def write_all(self) -> None:
        """Runs of messages kept as they are, with nothing inserted or merged into them,
        are copied as runs; every other position is written one by one (all of them when
        a ClearRewriter may take results out of the run). A position summarized or
        dropped, with nothing inserted before it, ends a run and writes nothing."""
        actions, n, msgs, known = self.plan.actions, self.n, self.msgs, self.known
        if self.clear_rewriter is None:
            keep = Action.KEEP
            stops = sorted({i for i, act in enumerate(actions) if act is not keep and act != keep}
                           | self.by_insert.keys() | self.merges.keys() | {n})
        else:
            stops = list(range(n + 1))
        start = 0
        for stop in stops:
            if stop > start:
                self.out.extend(msgs[start:stop])
                self.lineage.extend([[j] for j in range(start, stop)])
                self.counts.extend(known[start:stop] if known is not None else [None] * (stop - start))
            if stop == n or actions[stop] not in NOT_WRITTEN or stop in self.by_insert:
                self.write(stop)
            start = stop + 1

    def write(self, i: int) -> None:
        """Message `i` as the plan leaves it (after the summary inserted before it)."""
        if self.by_insert:
            here = self.by_insert.get(i)
            if here is not None and (here.merge_into is None or here.index in self.summaries.finalized):
                origin = list(range(here.start, here.end))
                for smsg in self.summaries.messages[here.index]:
                    self.emit(smsg, origin, None)
        if i == self.n:
            return
        act = self.plan.actions[i]
        if act in NOT_WRITTEN or i in self.rewritten_groups:
            return
        m, count = self.reduced(i, act)
        origin = [i]
        merged = self.merges.get(i) if self.merges else None
        if merged is not None:
            m = self.merged(m, merged)
            origin = list(range(merged.start, merged.end)) + [i]
            count = None
        if self.clear_rewriter is not None and rewrites(self.plan, self.session, i):
            replacement, group, roffs = rewritten_group(self.session, self.plan, i, m, self.clear_rewriter)
            self.offloads.extend(roffs)
            self.rewritten_groups.update(group)
            for r in replacement or []:
                self.emit(r, [i, *group], None)
            return
        self.emit(m, origin, count)

    def emit(self, m: Message, origin: list[int], count: int | None) -> None:
        """Appends `m` with the positions it came from and its count (None: unknown)."""
        self.out.append(m)
        self.lineage.append(origin)
        self.counts.append(count)

    def reduced(self, i: int, act: Action) -> tuple[Message, int | None]:
        """Message `i` as the reductions leave it, with its count when known."""
        msgs, known = self.msgs, self.known
        if act == Action.KEEP:
            return msgs[i], known[i] if known is not None else None
        m, offs = reduce_message(self.session, self.plan, i) if act in REDUCED_ACTIONS else (msgs[i], [])
        self.offloads.extend(offs)
        if m is msgs[i]:  # nothing to reduce (a placeholder already)
            return m, known[i] if known is not None else None
        a = self.analysis
        if a is not None:
            # The planner counted what reduction writes, exactly (the properties
            # recount the output to hold it to that).
            pair = rewritten_counts(msgs[i], m, (a.tokens[i], a.text_tokens[i]), self.plan.tokens_after[i],
                                    self.counter.framing)
            if pair is not None:
                self.remembered[m.content_hash] = pair
                return m, pair[0]
        return m, None

    def merged(self, m: Message, merged: SummarySpec) -> Message:
        """Message `m` with the summary `merged` merged into it."""
        smsg = self.summaries.messages[merged.index][0]
        if merged.injection == "system_merge":
            base = m.text
            prefix = self.plan.config.summarization.summary_prefix
            if prefix and prefix in base:
                base = base[: base.index(prefix)].rstrip()
            m = m.model_copy(update={"parts": [Part(text=f"{base}\n\n{smsg.text}" if base else smsg.text)]
                                     + [p for p in m.parts if p.type != "text"]})
        else:  # user mode: the summary leads the first kept user message
            m = m.model_copy(update={"parts": [Part(text=smsg.text + "\n\n")] + list(m.parts)})
        m.meta = {**m.meta, "inspector_summary": smsg.meta["inspector_summary"]}
        return m

    def compacted(self, summary_offloads: list[Offload], generated: list[GeneratedSummary]) -> Compacted:
        """The result: the output numbered, each count the plan did not know counted."""
        out, counts, counter = self.out, self.counts, self.counter
        for k, m in enumerate(out):
            if m.position != k:
                out[k] = m.model_copy(update={"position": k})
        if self.remembered:
            remember_counts(counter, self.remembered)
        memo = self.analysis.plan_memo if self.analysis is not None else None
        fresh = iter(count_messages([m for m, c in zip(out, counts) if c is None], counter,
                                    text_counts=memo.texts if memo is not None else None)[0])
        totals = [c if c is not None else next(fresh) for c in counts]
        return Compacted(out, summary_offloads + self.offloads, generated, self.lineage, self.plan, totals)


def rewrites(plan: Plan, session: Session, i: int) -> bool:
    """True when message `i` is a call whose arguments the plan clears: a ClearRewriter
    gets it with its results (Eino ClearMessageRewriter)."""
    red = plan.reductions.get(i)
    return (plan.actions[i] == Action.CLEAR and red is not None and bool(red.clear_arguments)
            and bool(session.messages[i].tool_calls))


def rewritten_group(session: Session, plan: Plan, i: int, call: Message,
                    clear_rewriter: ClearRewriter) -> tuple[list[Message], list[int], list[Offload]]:
    """(what `clear_rewriter` makes of cleared call `i` and its results, the results'
    positions, what reducing the results offloaded). The results are the tool messages
    right after the call that answer it (an id reused later answers another call)."""
    msgs = session.messages
    ids = {c.id for c in msgs[i].tool_calls}
    group = []
    for j in range(i + 1, len(msgs)):
        if msgs[j].role != "tool":
            break
        if msgs[j].tool_call_id in ids:
            group.append(j)
    results, offloads = [], []
    for j in group:
        rm, roffs = reduce_message(session, plan, j) if plan.actions[j] in (Action.TRUNCATE, Action.CLEAR) else (msgs[j], [])
        offloads.extend(roffs)
        results.append(rm)
    return list(clear_rewriter(call, results) or []), group, offloads


def _summary_role(spec: SummarySpec) -> Role:
    if spec.injection == IN_FLIGHT:
        return "assistant"
    return "system" if spec.injection in ("system", "system_merge") else "user"


def _summary_meta(spec: SummarySpec, pending: bool) -> dict[str, Any]:
    return {"inspector_summary": {"start": spec.start, "end": spec.end, "key": spec.key, "pending": pending}}


def finalized_summary(session: Session, spec: SummarySpec, text: str, finalize: Finalizer) -> list[Message]:
    """What a Finalizer makes of a summary (Eino Finalize): it gets the original messages
    and the summary as the model wrote it, without the default post-processing, and
    its messages stand for the summary as returned."""
    raw = Message.text_message(_summary_role(spec), text.strip(), kind="summary", meta=_summary_meta(spec, False))
    return list(finalize([session.messages[i] for i in range(spec.start, spec.end)], raw))


# ---------------------------------------------------------------------------------- apply


def apply_steps(
    session: Session,
    plan: Plan,
    counter: TokenCounter,
    *,
    summary_cache: SummaryCache | None = None,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
) -> Generator[Summarize, SummaryResult, Compacted]:
    """`apply` step by step (sans-IO, see `engine.driving`): yields `Summarize` for
    each of the plan's summaries not in `summary_cache` (send back its result; it is
    put in the cache), then writes the messages and checks them.

    Returns:
        The compaction, each summary labelled with the model its result names.
        Raises CompactionFailed (InvariantViolated) with nothing changed.
    """
    results: dict[str, SummaryResult] = {}
    for spec in plan.applied_summaries():
        hit = summary_cache.get(spec.key) if summary_cache is not None else None
        if hit is None:
            hit = yield Summarize(spec.key, summary_request(session, plan, spec, counter))
            if summary_cache is not None:
                summary_cache.put(spec.key, hit)
        results[spec.key] = hit
    result = _finish(session, plan, {key: r.text for key, r in results.items()}, counter, finalize, clear_rewriter)
    for g in result.summaries:
        g.model, g.extractive = results[g.key].model, results[g.key].extractive
    return result


def apply(
    session: Session,
    plan: Plan,
    summarizer: Summarizer | None = None,
    counter: TokenCounter | None = None,
    *,
    summary_cache: SummaryCache | None = None,
    on_event: EventHandler | None = None,
    finalize: Finalizer | None = None,
    clear_rewriter: ClearRewriter | None = None,
) -> Compacted:
    """Generate the plan's summaries and write the compacted messages.

    Args:
        session: the session (never mutated).
        plan: its plan.
        summarizer: writes the summaries not in `summary_cache` (default: extractive);
            each summary is labelled with it.
        counter: the plan's counter (default: the config's).
        summary_cache: summaries already written; those written here are put there.
        on_event: the summarizer's events.
        finalize: (original messages, summary message) -> the messages standing for it.
        clear_rewriter: (call message, its results) -> their replacement.

    Returns:
        The compaction. Raises SummaryFailed (every model failed) or CompactionFailed;
        in both cases nothing was changed.
    """
    from inspector.engine.driving import drive
    from inspector.engine.planning import counter_for
    from inspector.engine.summarize.extractive import ExtractiveSummarizer

    summ = summarizer or ExtractiveSummarizer()
    result = drive(apply_steps(session, plan, counter or counter_for(plan.config), summary_cache=summary_cache,
                               finalize=finalize, clear_rewriter=clear_rewriter),
                   lambda step: summ.summarize(step.request, on_event))
    extractive = summarizer is None or getattr(summarizer, "extractive", False)
    for g in result.summaries:
        g.model, g.extractive = ("extractive", True) if extractive else (summ.name, False)
    return result


def trigger_tokens(plan: Plan, result: Compacted) -> int | None:
    """The result's tokens as the summarization trigger counts them (as the planner's
    `still_over_trigger` check does: since the new summary when `since_last_summary`,
    without the reply priming), when the plan promised to end below the trigger; None
    when it made no such promise (no trigger evaluated, or it warned)."""
    if not plan.triggers or any(w.code == "still_over_trigger" for w in plan.warnings):
        return None
    if plan.summaries and plan.config.summarization.trigger.since_last_summary:
        end = plan.summaries[-1].end
        return sum(t for t, origin in zip(result.tokens_after, result.lineage) if origin and min(origin) >= end)
    return result.total_after - plan.reply_priming


def _finish(session: Session, plan: Plan, texts: dict[str, str], counter: TokenCounter,
            finalize: Finalizer | None, clear_rewriter: ClearRewriter | None) -> Compacted:
    """The messages the plan describes with these summary texts, checked: no broken
    invariant, no provider error the input did not have."""
    result = materialize(session, plan, texts, counter, finalize=finalize, clear_rewriter=clear_rewriter)
    violations = check_invariants(session.messages, result.messages, plan.config, lineage=result.lineage,
                                  total_after=result.total_after,
                                  summary_tokens=[counter.count(g.text) for g in result.summaries],
                                  trigger_tokens=trigger_tokens(plan, result))
    if violations:
        raise InvariantViolated(violations)
    before = input_validation(session, counter)
    # the output's leading messages that are the input's own are not scanned again
    result.validation = validate_resumable(result.messages, before)
    introduced = only_errors(new_problems(before.problems, result.validation.problems))
    if introduced:
        raise CompactionFailed(
            "compaction would introduce provider errors: " + "; ".join(str(p) for p in introduced))
    return result
