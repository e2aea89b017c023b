"""Replay: a compaction policy over the whole life of a session, call by call.

    from inspector.engine.replay import replay, Prices

    r = replay(session, config, prices=Prices(input=2.5e-6, output=1e-5, cache_read=1.25e-6))
    r.totals.billed_input_tokens, r.totals.compactions, r.totals.cost_usd, r.fidelity.score

A model call is each assistant turn (a run of consecutive assistant messages is one
response). Its context is everything before it as the runtime holds it: what the
policy left at the previous call plus the messages that arrived since, compacted
when the policy fires there, exactly as `Compactor` called on every turn would do it
(plan, summaries, exact re-plan, apply). Pure and offline: the extractive
summarizer, or summaries already in `summary_cache`.

Incremental: every token count comes from the session's analysis (its prefix sums)
or from the counts `apply` returns for the messages it writes; at a call the policy
cannot fire at (the context is under every size trigger, no new tool output is over
a truncation limit, clearing would free less than its minimum), nothing is counted or
planned, the context just grows. The check is conservative: when it cannot rule a
stage out, the call is planned for real. What clearing would free is summed from
each message's exact saving (its placeholder rendered and counted as the planner
does), so a call is planned for clearing only when clearing fires there; a bound of
it that needs no counting (a result's whole tokens) spares those sums when it is
under the minimum already. The plans share the session's memo of placeholder counts
(`PlanMemo(shared=)`), across calls and across replays of the same session (a
sweep's values, the TUI). A call where tailoring is provably all the policy does
(nothing else can fire, the context is over the tailoring budget) is not planned
either: the tailoring stage runs on the context as it is, and apply's checks on the
messages it keeps (`_tailored`).

A call that is planned costs what its context changed since the last one planned,
not the whole context: that context is the last one, grown, or compacted and grown,
so their leading messages are the same. The new context's analysis extends the last
one's (`analyze_extending`), its validation resumes from the last one's checkpoints
(`validate_resumable`, as `apply` validates its output from the input's), its plan
memo takes over what clearing makes of the shared messages (`PlanMemo.carry`), and
what the checks above know of a message survives a compaction that kept it.

Prompt-cache model: the cached part of a call is the longest prefix of messages
identical to the previous call's context; cached tokens are billed at the cache-read
price, the rest at the cache-write price when the model has one (Anthropic), else the
input price. Summarizer calls are billed as their input (the tokens they fold in) and
output (the summary's tokens). Providers' minimum cacheable sizes are ignored.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, islice
from typing import TYPE_CHECKING, Any

from inspector.engine.analysis import PLACEHOLDER_MAX_CHARS, Analysis, has_offload_id
from inspector.engine.config import CompactionConfig
from inspector.engine.fidelity import Fidelity, fidelity
from inspector.engine.models import Message, Session
from inspector.engine.planning.clear import argument_counts, arguments_floor
from inspector.engine.planning.compaction import placeholder_count
from inspector.engine.planning.memo import PlanMemo, memo_for
from inspector.engine.planning.summarize import evaluate
from inspector.engine.planning.text import make_offload_id
from inspector.engine.planning.truncation import count_ahead, may_truncate
from inspector.engine.tokens import DEFAULT_CACHE

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import SummaryCache
    from inspector.engine.flow import CompactStep
    from inspector.engine.summarize import Summarizer
    from inspector.engine.tokens import TokenCache, TokenCounter
    from inspector.engine.validation import Validation

# Starts `work(stopped)` beside the caller (a second thread: inspector/edge.py,
# `run_beside`) and returns what stops it and waits for it to end.
Beside = Callable[[Callable[[Callable[[], bool]], None]], Callable[[], None]]


@dataclass(frozen=True)
class Prices:
    """USD per token (litellm's price map: input_cost_per_token, output_cost_per_token,
    cache_read_input_token_cost, cache_creation_input_token_cost). A missing cache
    price means no discount (read) or no premium (write)."""

    input: float
    output: float
    cache_read: float | None = None
    cache_write: float | None = None

    def input_cost(self, tokens: int, cached: int) -> float:
        """Cost of a prompt of `tokens` of which `cached` come from the prompt cache."""
        read = self.input if self.cache_read is None else self.cache_read
        write = self.input if self.cache_write is None else self.cache_write
        return cached * read + (tokens - cached) * write


@dataclass(slots=True)
class Call:
    """One model call of the replay."""

    index: int
    position: int  # position in the session of the assistant message answering it
    tokens_unmanaged: int  # the context without any policy
    tokens_sent: int  # the context the policy leaves (reply priming included)
    cached_tokens: int  # the prefix unchanged since the previous call
    compacted: bool  # the policy changed the context at this call
    summary_input_tokens: int = 0
    summary_output_tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The call as a JSON-ready dict."""
        return {"index": self.index, "position": self.position, "tokens_unmanaged": self.tokens_unmanaged,
                "tokens_sent": self.tokens_sent, "cached_tokens": self.cached_tokens,
                "compacted": self.compacted}


@dataclass
class Totals:
    """A replay's totals; `unmanaged_*` is the same session with no policy."""

    calls: int = 0
    compactions: int = 0
    billed_input_tokens: int = 0  # sum of tokens_sent
    cached_input_tokens: int = 0
    unmanaged_input_tokens: int = 0
    unmanaged_cached_tokens: int = 0
    summary_input_tokens: int = 0
    summary_output_tokens: int = 0
    peak_context_tokens: int = 0
    unmanaged_peak_tokens: int = 0
    over_window_calls: int = 0
    unmanaged_over_window_calls: int = 0
    cost_usd: float | None = None  # None: no prices given
    unmanaged_cost_usd: float | None = None

    # The keys `inspector replay --json` prints, in order.
    JSON_KEYS = ("calls", "compactions", "billed_input_tokens", "cached_input_tokens", "unmanaged_input_tokens",
                 "summary_output_tokens", "peak_context_tokens", "over_window_calls", "cost_usd",
                 "unmanaged_cost_usd")

    def to_dict(self) -> dict[str, Any]:
        """The totals as a JSON-ready dict."""
        return {k: getattr(self, k) for k in self.JSON_KEYS}

    def add(self, call: Call, unmanaged_cached: int, window: int) -> None:
        """Count `call` in (`unmanaged_cached`: its unmanaged context's prefix cached, the
        previous call's whole; `window`: the context window)."""
        sent, unmanaged = call.tokens_sent, call.tokens_unmanaged
        self.calls += 1
        self.compactions += call.compacted
        self.billed_input_tokens += sent
        self.cached_input_tokens += call.cached_tokens
        self.unmanaged_input_tokens += unmanaged
        self.unmanaged_cached_tokens += unmanaged_cached
        self.summary_input_tokens += call.summary_input_tokens
        self.summary_output_tokens += call.summary_output_tokens
        self.peak_context_tokens = max(self.peak_context_tokens, sent)
        self.unmanaged_peak_tokens = max(self.unmanaged_peak_tokens, unmanaged)
        self.over_window_calls += sent > window
        self.unmanaged_over_window_calls += unmanaged > window

    def price(self, prices: Prices | None, summary_prices: Prices | None) -> None:
        """Set the costs at the agent model's `prices` (None: leave them None), summaries
        at `summary_prices` (default: the agent model's)."""
        if prices is None:
            return
        sp = summary_prices or prices
        self.cost_usd = (prices.input_cost(self.billed_input_tokens, self.cached_input_tokens)
                         + self.summary_input_tokens * sp.input + self.summary_output_tokens * sp.output)
        self.unmanaged_cost_usd = prices.input_cost(self.unmanaged_input_tokens, self.unmanaged_cached_tokens)

    @property
    def thrashing(self) -> bool:
        """The policy compacts on most calls (`thrashes`): each compaction leaves the
        context over a trigger, so the next call compacts again."""
        return thrashes(self.calls, self.compactions)


def thrashes(calls: int, compactions: int) -> bool:
    """Compactions on most of the calls (more than half, at least three): what a
    value that thrashes does (each result still over the trigger).

    Args:
        calls: model calls replayed.
        compactions: the calls at which the policy compacted.

    Returns:
        Whether to mark it.
    """
    return compactions >= 3 and 2 * compactions > calls


@dataclass
class Replay:
    """What a policy does over a session's life: per call, totals, and what was lost."""

    session_id: str
    config: CompactionConfig
    counter: str
    context_window: int
    calls: list[Call]
    totals: Totals
    final_messages: list[Message] = field(default_factory=list)  # the context of the last call
    # Every `summarization.trigger.context_tokens` from this one up, below the replay's
    # own trigger as above it, gives this same replay (None: not shown): no plan of it
    # triggered a summary, no trigger check went above this, nor any call it did not
    # plan (under every limit, so under any trigger from this up it is not planned either).
    same_from_trigger: int | None = None
    # What `fidelity` compares, kept until it is first asked for: the session up to the last
    # call and that call's context as the engine made it.
    _measured: tuple[Sequence[Message], Sequence[Message]] = field(default=((), ()), repr=False, compare=False)
    _fidelity: Fidelity | None = field(default=None, repr=False, compare=False)

    @property
    def fidelity(self) -> Fidelity:
        """What the last call's context lost of the session, measured on first use.

        Returns:
            The `Fidelity` of the final context against the session up to its last call.
            Measured lazily: the first measure of a session indexes all of it (seconds on a
            10,000-message session), which callers that want only the replay's cost (a
            `Compactor` check, a bench of the compaction work) need not pay.
        """
        if self._fidelity is None:
            self._fidelity = fidelity(*self._measured)
        return self._fidelity

    def to_dict(self, model: str = "") -> dict[str, Any]:
        """The replay as a JSON-ready dict: its calls, totals and fidelity, under `model`."""
        return {"session": self.session_id, "model": model, "calls": [c.to_dict() for c in self.calls],
                "totals": self.totals.to_dict() | {"thrashing": self.totals.thrashing},
                "fidelity": self.fidelity.to_dict()}


def call_positions(messages: Sequence[Message]) -> list[int]:
    """Where each model call's answer starts: the first assistant message of each run."""
    out = []
    prev = ""
    for i, m in enumerate(messages):
        if m.role == "assistant" and prev != "assistant":
            out.append(i)
        prev = m.role
    return out


# -------------------------------------------------------------- when nothing can fire


class _Quiet:
    """Decides, from counts already known, that a plan of the context cannot change
    anything; says "maybe" whenever it cannot rule a stage out."""

    def __init__(self, config: CompactionConfig, call_names: dict[str, str], priming: int,
                 counter: TokenCounter, memo: PlanMemo):
        rc = config.reduction
        self.call_names = call_names
        self.recovery = config.recovery_tool
        # counts of placeholders, shared with the plans of every call (PlanMemo(shared=))
        self.memo = memo
        self._gains: dict[tuple[int, bytes, int, str | None, bool], int] = {}
        self._flags: dict[tuple[str, int, bool], bool] = {}
        self.trunc = rc.truncation if rc.truncation.enabled else None
        self.comp = rc.compaction if rc.compaction.enabled else None
        self.clear = rc.clear if rc.clear.enabled else None
        self.counter = counter
        # the fewest tokens an arguments placeholder has: arguments of no more are never cleared
        self.args_floor = arguments_floor(self.clear.arguments_placeholder, counter) if self.clear else 0
        limits: list[int] = []
        sc = config.summarization
        self.max_messages = 0
        if sc.enabled:
            tr = sc.trigger
            if tr.context_tokens:
                limits.append(tr.context_tokens)
            if tr.context_ratio:
                limits.append(int(tr.context_ratio * config.context_window))
            self.max_messages = tr.messages
        # above it tailoring fires (None: tailoring off)
        self.tailor_above = config.tailoring_budget() - priming if config.tailoring.enabled else None
        if self.tailor_above is not None:
            limits.append(self.tailor_above)
        self.max_tokens = min(limits) if limits else None
        self.trigger = sc.trigger if sc.enabled else None
        self.window = config.context_window
        self._bounds: dict[tuple[str, int, bool], int] = {}

    def only_tailoring(self, total: int, count: int) -> bool:
        """A context of `total` tokens and `count` messages is over the tailoring budget
        and no summarization trigger check fires on it, each taken apart (so the context
        tailoring leaves is under each token trigger, as the plan promises). With no
        reduction firing either, tailoring is then all the plan does."""
        if self.tailor_above is None or total <= self.tailor_above:
            return False
        tr = self.trigger
        if tr is None:
            return True
        if tr.since_last_summary:
            return False  # the trigger counts from the last summary: left to the planner
        checks, _ = evaluate(tr, total, count, "in context", None, self.window)
        return not any(c.fired for c in checks)

    def bounds(self, ctx: Sequence[Message], tokens: Sequence[int], start: int, prefix: list[int]) -> None:
        """Extend `prefix` (an upper bound of what clearing frees, summed) over
        `ctx[start:]`: a result's whole tokens, a call's arguments' whole tokens (its
        placeholder counted as nothing). It does not depend on positions, so unlike the
        exact gains it needs no counting after a compaction moved every message."""
        cl = self.clear
        bounds = self._bounds
        if len(bounds) >= 200_000:
            bounds.clear()
        acc = prefix[-1]
        for j in range(start, len(ctx)):
            m = ctx[j]
            if cl is not None:
                key = (m.content_hash, tokens[j], bool(m.meta.get("inspector_reduced")))
                bound = bounds.get(key)
                if bound is None:
                    bound = bounds[key] = self.clear_bound(m, tokens[j])
                acc += bound
            prefix.append(acc)

    def clear_bound(self, m: Message, tokens: int) -> int:
        """At least `clear_gain` of message `m` (`tokens` tokens), wherever it stands."""
        cl = self.clear
        bound = 0
        if cl is not None and m.tool_calls and cl.clear_arguments:
            for c in m.tool_calls:
                args = c.arguments_raw
                if args and not (len(args) <= PLACEHOLDER_MAX_CHARS and has_offload_id(args)):
                    bound += self.memo.texts.count(args)  # the count argument_counts takes
        if m.role == "tool" and not _reduced(m):
            bound += tokens
        return bound

    def over(self, total: int, count: int) -> bool:
        """A summarization trigger or the tailoring budget may fire."""
        if self.max_tokens is not None and total > self.max_tokens:
            return True
        return bool(self.max_messages) and count > self.max_messages

    def over_clear(self, total: int) -> bool:
        return self.clear is not None and total > self.clear.trigger_tokens

    def may_clear(self, total: int, freeable: int) -> bool:
        """The clear stage may fire on a context of `total` tokens whose messages before
        the protected latest rounds could free at most `freeable` tokens."""
        cl = self.clear
        return cl is not None and total > cl.trigger_tokens and freeable >= max(cl.at_least_tokens, 1)

    def clear_fires(self, ctx: Sequence[Message], tokens: Sequence[int], state: _Gains, bound: Sequence[int],
                    protected: int, total: int) -> bool:
        """`may_clear` with what the messages before `protected` free, exactly (`state`,
        summed), extended only as far as the answer needs: it is known once the sum
        reaches the minimum, or once the sum with the upper bounds (`bound`, summed) of
        the messages not yet counted stays under it."""
        clr_prefix = state[1]
        j = len(clr_prefix) - 1  # messages counted
        while True:
            if j >= protected:
                return self.may_clear(total, clr_prefix[protected])
            if self.may_clear(total, clr_prefix[j]):
                return True
            if not self.may_clear(total, clr_prefix[j] + bound[protected] - bound[j]):
                return False
            step = min(protected, j + 32)
            self.gains(ctx, tokens, j, state, bound, step)
            j = step

    def scan(self, ctx: Sequence[Message], tokens: Sequence[int], start: int, assistants: list[int],
             flag_prefix: list[int]) -> None:
        """Take in the context's messages from `start` (`ctx[start:]`, of `tokens`):
        extend `assistants` (their positions) and `flag_prefix` (how many messages
        truncation or compaction may rewrite, summed)."""
        assistants.extend(j for j in range(start, len(ctx)) if ctx[j].role == "assistant")
        acc = flag_prefix[-1]
        if self.trunc is None and self.comp is None:
            flag_prefix.extend([acc] * (len(ctx) - start))
            return
        flags = self._flags
        if len(flags) >= 200_000:
            flags.clear()
        for j in range(start, len(ctx)):
            m = ctx[j]
            if m.role == "tool":
                key = (m.content_hash, tokens[j], bool(m.meta.get("inspector_reduced")))  # meta is not hashed
                hit = flags.get(key)
                if hit is None:
                    hit = flags[key] = self.flag(m, tokens[j])
                acc += hit
            flag_prefix.append(acc)

    def gains(self, ctx: Sequence[Message], tokens: Sequence[int], start: int, state: _Gains,
              bound: Sequence[int], stop: int) -> None:
        """Extend `state` (what clearing frees, summed) over `ctx[start:stop]`. Computed
        only at calls that need it: after a compaction that moved every message
        (tailoring, a summary), each placeholder's id, so its count, is new. A message
        whose upper bound (`bound`, summed) is nothing frees nothing: not counted."""
        names, clr_prefix, chain = state
        gains = self._gains
        if len(gains) >= 200_000:
            gains.clear()
        acc = clr_prefix[-1]
        digest = chain[-1]
        for j in range(start, stop):
            m = ctx[j]
            n = tokens[j]
            tool = names.see(m, j)
            # the offload id digests the context up to and including j (planning.text)
            digest = hashlib.blake2b(digest + bytes.fromhex(m.content_hash), digest_size=16).digest()
            chain.append(digest)
            if bound[j + 1] != bound[j]:
                key = (j, digest, n, tool, bool(m.meta.get("inspector_reduced")))
                gain = gains.get(key)
                if gain is None:
                    gain = gains[key] = self.clear_gain(m, j, n, tool, digest)
                acc += gain
            clr_prefix.append(acc)

    def clear_gain(self, m: Message, position: int, tokens: int, tool: str | None, chain: bytes) -> int:
        """At most what clearing message `m` (at `position` of the context, `tokens`
        tokens; a tool result of tool `tool`; `chain` digests the context up to and
        including it) frees: what the clear stage counts for it, each placeholder rendered and counted exactly as the planner does. The
        stage's own checks (excluded tools, rounds kept) only ever free less."""
        cl = self.clear
        if cl is None:
            return 0
        gain = 0
        if m.tool_calls:
            if cl.clear_arguments:
                for c in m.tool_calls:
                    args = c.arguments_raw
                    if not args or (len(args) <= PLACEHOLDER_MAX_CHARS and has_offload_id(args)):
                        continue
                    if self.memo.texts.count(args) <= self.args_floor:
                        continue  # no placeholder is smaller (`argument_counts` decides so uncounted)
                    oid = make_offload_id(chain, position, "args:" + c.id)
                    # the arguments' count from the text cache (`clear_bound` counted them there):
                    # only the placeholder, new with each id, is counted
                    old, new = argument_counts(self.memo, args, oid, cl.arguments_placeholder, self.memo.texts.count)
                    if new < old:
                        gain += old - new
        elif m.role == "tool" and not _reduced(m):
            oid = make_offload_id(chain, position, "clear")
            gain = max(0, tokens - placeholder_count(self.memo, self.counter.framing, cl.placeholder, tool, tokens,
                                                     oid, self.recovery, m.tool_call_id))
        return gain

    def protected_from(self, assistants: list[int], n: int) -> int:
        """Where the clear stage's protected latest rounds start in a context of `n`
        messages (as the planner finds it)."""
        k = self.clear.keep_rounds if self.clear is not None else 0
        if not k:
            return n
        return assistants[-k] if len(assistants) >= k else 0

    def flag(self, m: Message, tokens: int) -> bool:
        """Message `m` may be rewritten by truncation or tool-result compaction."""
        if m.role != "tool":
            return False
        name = m.name or self.call_names.get(m.tool_call_id or "", "")
        chars = -1
        tc = self.trunc
        if tc is not None and name not in tc.exclude_tools:
            o = tc.per_tool.get(name)
            if o is None or not o.skip_truncation:
                limit = (o.max_chars if o is not None and o.max_chars else None) or tc.max_chars
                chars = m.text_chars
                if chars > limit:
                    return True
        cc = self.comp
        if cc is not None and name not in cc.keep_tools:
            if chars < 0:
                chars = m.text_chars
            if chars <= PLACEHOLDER_MAX_CHARS and _reduced(m):
                return False  # already a placeholder of ours
            big = [x for x in (cc.tool_result_max_tokens, cc.oversized_max_tokens) if x]
            if name in cc.force_clean_tools or (big and tokens > min(big)):
                return True
        return False


# ------------------------------------------------------------------------------ replay


def replay(
    session: Session,
    config: CompactionConfig,
    *,
    counter: TokenCounter | None = None,
    prices: Prices | None = None,
    summary_prices: Prices | None = None,
    summarizer: Summarizer | None = None,
    summary_cache: SummaryCache | None = None,
    token_cache: TokenCache | None = None,
    step: CompactStep | None = None,
    context_window: int | None = None,
    fast_tailoring: bool = True,
    beside: Beside | None = None,
) -> Replay:
    """Replay `config` over every model call of `session`.

    Args:
        session: the session as recorded (never modified).
        config: the policy, applied at each call as `Compactor` would.
        counter: token counter (default: the config's).
        prices: the agent model's prices, for `cost_usd`; None leaves costs None.
        summary_prices: the summary model's prices (default: `prices`).
        summarizer: writes summaries not in `summary_cache` (default: extractive, offline).
        summary_cache: summaries already written (for example a model's, from the workspace).
        token_cache: counts already known (the workspace's).
        step: the compaction run at a call that may fire (default:
            `flow.replay_step`, the compaction flow `Compactor` runs, driven here; the
            service passes it with its summary cache read-only).
        context_window: for `over_window_calls` (default: the config's).
        fast_tailoring: at a call where tailoring is provably all the policy does,
            drop the rounds without `step` (`_tailored`: the same result and checks);
            False runs `step` there too (the tests compare the two).
        beside: runs stage 1's count of the long outputs it will truncate beside this
            replay (`Beside`; the service passes the edge's `run_beside`); None counts
            them as the plans need them.

    Returns:
        A `Replay`: per-call records, totals next to the unmanaged ones, the fidelity of
        the last call's context, and that context.
    """
    from inspector.engine.analysis import analyze
    from inspector.engine.flow import replay_step
    from inspector.engine.planning.planner import counter_for

    counter = counter or counter_for(config)
    window = context_window or config.context_window
    msgs = session.messages
    a = analyze(session, counter, token_cache)
    tokens, prefix = a.tokens, a.prefix
    priming = counter.framing.reply_priming if msgs else 0
    call_names = {c.id: c.name for m in msgs for c in m.tool_calls}
    # The session's own memo: its counts of placeholders serve every context of it, and
    # every replay of it (a sweep's values, the TUI's slider moves).
    quiet = _Quiet(config, call_names, priming, counter, memo_for(a, counter))
    stop_counting = _count_ahead(a, msgs, config, quiet.memo, beside)
    # The contexts' analyses and `apply` count with the default cache: it gets the
    # session's counts (from the workspace's cache, say), so that only the messages
    # compaction writes are ever counted.
    DEFAULT_CACHE.put_many(counter.name, dict(zip(a.hashes, zip(a.tokens, a.text_tokens))))

    ctx = _Context(quiet)
    compactions = _Compactions(session, config, counter, step or replay_step(counter, summarizer, summary_cache),
                               quiet.memo)
    sent_before = 0  # the previous call's context, without priming
    numbered = 0  # leading messages of the context whose position `apply` would have renumbered
    last = 0
    calls: list[Call] = []
    t = Totals()
    for k, p in enumerate(call_positions(msgs)):
        before, before_len = ctx.messages, len(ctx.messages)  # the previous call's context
        ctx.grow(msgs[last:p], tokens[last:p])
        last = p
        total = ctx.total
        cached = sent_before  # nothing fired: the previous context is a prefix of this one
        s_in = s_out = 0
        fired = False
        fires, only_tailoring = ctx.may_fire(total, fast_tailoring)
        if not fires:
            compactions.reach = max(compactions.reach, total)
        elif (compacted := compactions.compact(ctx.messages, total, only_tailoring)) is None:
            ctx.settle_truncation()
        else:
            new_ctx, new_tokens, s_in, s_out, numbered = compacted
            fired = True
            ctx.replace(new_ctx, new_tokens)
            total = ctx.total
            cached = _common_prefix_tokens(before, before_len, ctx.messages, ctx.tokens)
        calls.append(Call(k, p, prefix[p] + priming, total + priming, cached, fired, s_in, s_out))
        t.add(calls[-1], calls[-2].tokens_unmanaged - priming if k else 0, window)
        sent_before = total
    t.price(prices, summary_prices)
    stop_counting()
    final = ctx.messages
    measured = (msgs[:last], list(final)) if calls else ((), ())  # before `apply`'s numbering
    for j in range(numbered):  # as `apply` numbers its output
        if final[j].position != j:
            final[j] = final[j].model_copy(update={"position": j})
    same = max(compactions.reach, 1) if compactions.provable else None
    return Replay(session.id, config, counter.name, window, calls, t, final, same, measured)


def _count_ahead(a: Analysis, msgs: list[Message], config: CompactionConfig, memo: PlanMemo,
                 beside: Beside | None) -> Callable[[], None]:
    """Stage 1's counts of the long outputs it will truncate, beside this replay (on the
    other core while this one plans), when some output may be truncated and the caller
    gave a way to run it.

    Returns:
        What stops it and waits for it: nothing outlives the replay.
    """
    if beside is None or not (memo.texts.by_lines and may_truncate(a, config)):
        return lambda: None
    return beside(lambda stopped: count_ahead(a, msgs, config, memo, stopped))


class _Context:
    """The context the policy leaves, call after call: its messages and counts, and
    what replay's checks (`_Quiet`) know of them, each summed over the context, so a
    compaction that keeps a prefix of it keeps what was worked out for that prefix."""

    __slots__ = ("assistants", "bound", "clearable", "flag_base", "flag_prefix", "messages", "prefix", "quiet",
                 "tokens")

    def __init__(self, quiet: _Quiet) -> None:
        self.quiet = quiet
        self.messages: list[Message] = []
        self.tokens: list[int] = []  # the context's counts
        self.prefix = [0]  # ... summed
        # What clearing can free, summed over the context (see _Quiet.clear_gain), with the
        # tool names the planner gives its results: extended only when a call needs it, so
        # it may cover a prefix of the context.
        self.clearable: _Gains = (_ToolNames(), [0], [b""])
        self.bound = [0]  # ... at most, summed (_Quiet.bounds): the exact sums are needed only from max(at_least, 1) up
        self.assistants: list[int] = []  # assistant positions in the context
        self.flag_prefix = [0]  # messages truncation or compaction may rewrite, summed over the context
        self.flag_base = 0  # ... of which these, truncation left alone at a plan, are not counted

    @property
    def total(self) -> int:
        return self.prefix[-1]

    def grow(self, arrived: list[Message], tokens: list[int]) -> None:
        """Take in the messages that arrived since the last call (`tokens`, their counts)."""
        start = len(self.messages)
        self.messages.extend(arrived)
        self.tokens.extend(tokens)
        self.prefix.extend(islice(accumulate(tokens, initial=self.prefix[-1]), 1, None))
        self.quiet.scan(self.messages, self.tokens, start, self.assistants, self.flag_prefix)
        self.quiet.bounds(self.messages, self.tokens, start, self.bound)

    def may_fire(self, total: int, fast_tailoring: bool) -> tuple[bool, bool]:
        """(whether the policy may change the context, of `total` tokens: it is planned
        then; whether tailoring is provably all it may do: see `_tailored`)."""
        quiet, n = self.quiet, len(self.messages)
        flagged = self.flag_prefix[-1] - self.flag_base
        over = quiet.over(total, n)
        only_tailoring = fast_tailoring and over and not flagged and quiet.only_tailoring(total, n)
        may_clear = False
        if (only_tailoring or not (flagged or over)) and quiet.over_clear(total):  # else planned anyway
            protected = quiet.protected_from(self.assistants, n)
            may_clear = quiet.may_clear(total, self.bound[protected])
            if may_clear:  # the bound does not rule it out: what clearing frees, exactly
                may_clear = quiet.clear_fires(self.messages, self.tokens, self.clearable, self.bound, protected,
                                              total)
            only_tailoring = only_tailoring and not may_clear
        return bool(flagged or may_clear or over), only_tailoring

    def settle_truncation(self) -> None:
        """A plan changed nothing: what truncation left alone it always will (what
        compaction may rewrite depends on the context: it stays counted)."""
        self.flag_base = 0 if self.quiet.comp else self.flag_prefix[-1]

    def replace(self, messages: list[Message], tokens: list[int]) -> None:
        """The context a compaction left (`tokens`, its counts). What was worked out for
        the messages it kept as they were (a prefix of the context: clearing starts at
        the oldest result it clears, tailoring at the oldest turn it drops) holds for
        them still."""
        keep = _unchanged_prefix(self.messages, messages)
        self.messages, self.tokens = messages, tokens
        self.prefix = list(accumulate(tokens, initial=0))
        _truncate_gains(self.clearable, keep)
        del self.assistants[bisect_left(self.assistants, keep):]
        del self.flag_prefix[keep + 1:]
        del self.bound[keep + 1:]
        self.flag_base = 0
        self.quiet.scan(messages, tokens, keep, self.assistants, self.flag_prefix)
        self.quiet.bounds(messages, tokens, keep, self.bound)


class _Compactions:
    """Runs the policy on the contexts that may fire, each planned from the last one
    planned (its analysis extended, its validation resumed, its plan memo carried),
    and keeps what shows a higher token trigger would replay the same
    (`Replay.same_from_trigger`)."""

    def __init__(self, session: Session, config: CompactionConfig, counter: TokenCounter, run: CompactStep,
                 memo: PlanMemo) -> None:
        self.session, self.config, self.counter, self.run = session, config, counter, run
        self.memo = memo  # the session's memo of placeholder counts, shared by every plan
        # The trigger is then compared only with totals (since_last_summary compares parts).
        tr = config.summarization.trigger
        self.provable = config.summarization.enabled and tr.context_tokens > 0 and not tr.since_last_summary
        # The largest total the token trigger was compared with, or a call not planned had
        # (it was under every limit: planned with a trigger under it, it would fire there).
        self.reach = 0
        self.planned: Session | None = None  # the context planned last
        self.validated: Validation | None = None  # ... when it was compacted: apply's validation of the output

    def analysis(self, s: Session, memo: PlanMemo) -> Analysis:
        """Context `s`'s analysis: it is the last one planned, grown or compacted, so its
        analysis extends that one's from the messages they share. Its plans share the
        counts of placeholders already made (its messages' counts are in the default
        cache, as `plan` would find them)."""
        from inspector.engine.analysis import analyze, analyze_extending

        if self.planned is None:
            a = analyze(s, self.counter)
        else:
            prev = analyze(self.planned, self.counter)
            shared = _unchanged_prefix(self.planned.messages, s.messages)
            a = analyze_extending(s, self.counter, prev, shared)
            if prev.plan_memo is not None:
                memo.carry(prev.plan_memo, shared)
        a.plan_memo = memo
        if self.validated is not None:  # the context starts with that output
            a.validate_from(self.validated)
        self.planned, self.validated = s, None
        return a

    def compact(self, ctx: list[Message], total: int, only_tailoring: bool,
                ) -> tuple[list[Message], list[int], int, int, int] | None:
        """What the policy makes of context `ctx` (`total` tokens): (the new context,
        its counts, the summaries' input and output tokens, how many of its leading
        messages the caller numbers as `apply` would), or None when it changes nothing."""
        from inspector.engine.planning.results import Plan

        s = _as_session(self.session, ctx)
        a = self.analysis(s, PlanMemo(self.counter, shared=self.memo))
        tailored = _tailored(s, a, self.config, self.counter, total) if only_tailoring else None
        if tailored is not None:
            self.reach = max(self.reach, total)  # the trigger's check (nothing reduced before it)
            return tailored[0], tailored[1], 0, 0, len(tailored[0])
        result = self.run(s, self.config)
        planned = result if isinstance(result, Plan) else result.plan
        # a summary the budget forced depends on the trigger too (what is kept)
        self.provable = self.provable and not planned.triggered and not planned.summaries
        for check in planned.triggers:
            if check.name == "context_tokens":
                self.provable = self.provable and not check.fired
                self.reach = max(self.reach, int(check.value))
        if isinstance(result, Plan):
            return None
        # What the result holds beyond this (offloads, lineage, its plan) dies young with
        # it, before the collector promotes it (and scans it again and again).
        s_in = sum(sp.replaced_tokens for sp in result.plan.applied_summaries())
        s_out = sum(self.counter.count(g.text) for g in result.summaries)
        self.validated = result.validation
        return list(result.messages), list(result.tokens_after), s_in, s_out, 0


def _reduced(m: Message) -> bool:
    """A tool result that is already a placeholder of ours (`Analysis.already_reduced`)."""
    return m.text_chars <= PLACEHOLDER_MAX_CHARS and bool(m.meta.get("inspector_reduced")
                                                          or has_offload_id(m.text))


# (the tool names of a context's results so far, what clearing its messages frees summed)
_Gains = tuple["_ToolNames", list[int], list[bytes]]


class _ToolNames:
    """The tool name of each result of a context, as its analysis finds it
    (`Analysis.tool_names`), fed the messages in order; `truncate` forgets the
    messages from a position on (a compaction rewrote them)."""

    __slots__ = ("open", "undo")

    def __init__(self) -> None:
        self.open: dict[str, str] = {}  # call id -> tool name, awaiting a result
        self.undo: list[tuple[int, str, str | None]] = []  # (position, call id, what open held before)

    def see(self, m: Message, position: int) -> str | None:
        """Take message `m` (at `position`) in; for a tool result, its tool's name."""
        if m.role == "tool":
            name = self.open.pop(m.tool_call_id, None) if m.tool_call_id else None
            if name is not None:
                self.undo.append((position, m.tool_call_id or "", name))
            return m.name or name
        if m.role == "assistant":
            for c in m.tool_calls:
                self.undo.append((position, c.id, self.open.get(c.id)))
                self.open[c.id] = c.name
        return None

    def truncate(self, keep: int) -> None:
        """As if only the messages before position `keep` had been seen."""
        undo, open_ = self.undo, self.open
        while undo and undo[-1][0] >= keep:
            _, cid, before = undo.pop()
            if before is None:
                del open_[cid]
            else:
                open_[cid] = before


def _truncate_gains(state: _Gains, keep: int) -> None:
    """Forget what `state` knows of the messages from position `keep` on."""
    names, clr_prefix, chain = state
    if len(chain) > keep + 1:
        names.truncate(keep)
        del clr_prefix[keep + 1:]
        del chain[keep + 1:]


def _unchanged_prefix(before: Sequence[Message], after: Sequence[Message]) -> int:
    """How many leading messages of `after` are those of `before`: the same content
    (so the same counts), kind, time and reduction mark, all that an analysis and
    replay's own checks read of a message."""
    n = 0
    for x, y in zip(before, after):
        if x is not y and (x.content_hash != y.content_hash or x.kind != y.kind or x.timestamp != y.timestamp
                           or x.meta.get("inspector_reduced") != y.meta.get("inspector_reduced")):
            break
        n += 1
    return n


def _tailored(s: Session, a: Analysis, config: CompactionConfig, counter: TokenCounter,
              total: int) -> tuple[list[Message], list[int]] | None:
    """What the step makes of context `s` (`a`, its analysis; `total` tokens) at a call
    where the caller showed that truncation, compaction, clearing and summarization
    leave it as it is and that it is over the tailoring budget: the plan is then the
    tailoring stage on the context as it is, and apply keeps the messages it does not
    drop. So this runs that stage (`planning.tailor`) and apply's own checks
    (`_finish`: the invariants, no new provider error) on the same messages, without
    the planning of stages that do nothing and the copy of every message apply
    renumbers (the caller numbers the final context as apply would).

    Returns:
        (the messages kept, their counts), or None when tailoring drops nothing, cannot
        fit the budget or a check fails: the step then decides, or raises, as always.
    """
    from inspector.engine.invariants import check as check_invariants
    from inspector.engine.planning.memo import memo_for
    from inspector.engine.planning.planner import pinned_lead, task_position
    from inspector.engine.planning.results import Action
    from inspector.engine.planning.tailor import tailor
    from inspector.engine.validation import errors, new_problems, validate

    cur = list(a.tokens)
    actions = [Action.KEEP] * a.n
    priming = counter.framing.reply_priming
    msgs = s.messages
    # as the planner tailors: the task kept with its round, a demonstration not pinned
    after, stage, over = tailor(config, a, cur, actions, [], total, priming,
                                task=task_position(a, msgs, memo_for(a, counter)), lead=pinned_lead(a, msgs))
    if over is not None or not stage.messages:  # dropped nothing, or the planner's search decides
        return None
    keep = [i for i, act in enumerate(actions) if act is not Action.DROP]
    out = [msgs[i] for i in keep]
    # As strict as apply (the trigger checked after compaction whenever a trigger is
    # set): a result it might refuse goes to the step.
    trigger = after if config.summarization.enabled else None
    if check_invariants(msgs, out, config, lineage=[[i] for i in keep], total_after=after + priming,
                        trigger_tokens=trigger):
        return None
    if errors(new_problems(a.problems(msgs), validate(out))):
        return None
    return out, [cur[i] for i in keep]


def _as_session(session: Session, ctx: list[Message]) -> Session:
    # Positions are left as they are: planning goes by index, and apply numbers its output.
    return Session(id=session.id, source_format=session.source_format, messages=list(ctx))


def _common_prefix_tokens(before: list[Message], before_len: int, after: list[Message],
                          after_tokens: list[int]) -> int:
    """Tokens of the longest run of leading messages `after` shares with `before[:before_len]`."""
    n = 0
    for x, y, tok in zip(islice(before, before_len), after, after_tokens):
        if x is not y and x.content_hash != y.content_hash:
            break
        n += tok
    return n
