"""Stage 4, summarize (Eino, Sagents, Synaptic, trpc): when a trigger fires, the older
turns are replaced by one summary, cut at a safe point only (never between a tool
call and its results); the latest user messages and named tools' outputs can be
carried verbatim inside it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from inspector.engine.analysis import Analysis
from inspector.engine.config import CompactionConfig, TriggerConfig
from inspector.engine.models import Session
from inspector.engine.planning.memo import PlanMemo
from inspector.engine.planning.results import (
    IN_FLIGHT,
    Action,
    Cutoff,
    PlanWarning,
    StageResult,
    SummarySpec,
    TriggerCheck,
)
from inspector.engine.summarize.protocol import TOKENS_PER_WORD, summary_share_tokens
from inspector.engine.summary_format import summary_body
from inspector.engine.wording import plural

# User messages looked at, newest first, for the ones PreserveUserMessages carries (in
# a session whose environment answers in user messages, most are observations).
PRESERVE_LOOKBACK = 50

# A model summary has to be able to say at least this much to be worth planning.
MIN_SUMMARY_TOKENS = 16


@dataclass
class Summarized:
    """What stage 4 did."""

    total: int  # context tokens after it
    stage: StageResult
    summary: SummarySpec | None = None
    triggers: list[TriggerCheck] = field(default_factory=list)
    triggered: bool = False
    cutoff: Cutoff | None = None
    warnings: list[PlanWarning] = field(default_factory=list)


def summarize(config: CompactionConfig, a: Analysis, session: Session, memo: PlanMemo, cur: list[int],
              actions: list[Action], total: int, now: datetime | None,
              summary_tokens: dict[str, int] | None, *, force: bool = False, lead: int | None = None,
              keep_cap: int | None = None, preserve_cap: int | None = None,
              is_request: Callable[[int], bool] | None = None,
              is_observation: Callable[[int], bool] | None = None) -> Summarized:
    """Run stage 4 on `cur` / `actions` (changed in place).

    Args:
        force: summarize even when no trigger fires (the context does not fit the
            budget otherwise: trpc's synchronous summary before the call).
        lead: messages pinned at the start (default: the analysis' leading prompt).
        keep_cap: most tokens kept verbatim after the summary (what the budget allows);
            bounds `keep.tokens`, and when forced every keep mode.
        preserve_cap: most tokens of user messages carried inside the summary.
        is_request: whether user message i is the user's request: only those are
            carried inside the summary, never observations a framework stored as user
            messages; None carries every user message.
        is_observation: whether user message i is the environment's answer to an
            action (a summary of the work after it stays before it); None: none is.
    """
    sc = config.summarization
    before = total
    if not sc.enabled:
        return Summarized(total, StageResult("summarize", False, False, "disabled", before, before))
    triggers, triggered = check_triggers(config, a, cur, total, a.n, now, config.context_window)
    if not triggered and not force:
        why = "; ".join(t.detail for t in triggers) or "no trigger enabled"
        return Summarized(total, StageResult("summarize", True, False, f"not triggered ({why})", before, before),
                          triggers=triggers)
    spec, cutoff, reason = plan_summary(config, a, session, cur, actions, memo, summary_tokens, lead=lead,
                                        keep_cap=keep_cap, preserve_cap=preserve_cap, force=force,
                                        is_request=is_request, is_observation=is_observation)
    if force and spec is not None:
        reason = f"forced (the context does not fit the budget otherwise): {reason}"
    if spec is None:
        return Summarized(total, StageResult("summarize", True, False, reason, before, before), None,
                          triggers, triggered, cutoff, [PlanWarning("nothing_to_summarize", reason)])
    total = total - spec.replaced_tokens + spec.estimated_tokens
    kept_tokens = [(i, cur[i]) for i in spec.kept]
    cur[spec.start:spec.end] = [0] * (spec.end - spec.start)
    for i, t in kept_tokens:
        cur[i] = t
    out = Summarized(total, StageResult("summarize", True, True, reason, before, total, spec.end - spec.start),
                     spec, triggers, True, cutoff)
    if spec.estimated_tokens >= spec.replaced_tokens:
        out.warnings.append(PlanWarning(
            "summary_too_large",
            f"the summary (~{spec.estimated_tokens:,} tokens) would not be smaller than "
            f"the {spec.replaced_tokens:,} tokens it replaces; apply will reject it",
            [spec.start, spec.end]))
    latest = a.user_positions[-1] if a.user_positions else -1
    if not sc.keep.latest_user and spec.start <= latest < spec.end:
        out.warnings.append(PlanWarning(
            "latest_user_summarized",
            f"the latest user message ({latest}) is not kept verbatim: it goes into the summary"
            + (" (carried inside it)" if latest in spec.preserved_users else "")
            + " because summarization.keep.latest_user = false", [latest]))
    if latest in spec.kept and spec.insert_at == latest + 1:
        out.warnings.append(PlanWarning(
            "injection_changed",
            f"summary injected as {'an assistant' if spec.injection == IN_FLIGHT else 'a user'} message right "
            f"after the current request ({latest}), not as a {sc.injection.replace('_', ' ')} summary before it: "
            "it covers work already done for that request", [spec.insert_at]))
    elif spec.injection != sc.injection:
        out.warnings.append(PlanWarning(
            "injection_changed",
            "summary injected as a user message: " + (
                f"the kept messages start with an assistant message at {spec.end}"
                if spec.end < a.n else "no message is kept after it")
            + " (providers such as Anthropic need a user message first)", [spec.end]))
    return out


def check_triggers(config: CompactionConfig, a: Analysis, cur: list[int], total: int, n: int,
                   now: datetime | None, window: int) -> tuple[list[TriggerCheck], bool]:
    """Evaluate the summarization triggers on the context as it stands."""
    tr = config.summarization.trigger
    base = a.last_summary + 1 if (tr.since_last_summary and a.last_summary >= 0) else 0
    tokens = total if base == 0 else sum(cur[base:])
    scope = "since the last summary" if base else "in context"
    idle = None
    if now is not None and a.last_timestamp is not None:
        last = a.last_timestamp if a.last_timestamp.tzinfo else a.last_timestamp.replace(tzinfo=UTC)
        ref = now if now.tzinfo else now.replace(tzinfo=UTC)
        idle = (ref - last).total_seconds()
    return evaluate(tr, tokens, n - base, scope, idle, window)


def evaluate(tr: TriggerConfig, tokens: int, count: int, scope: str, idle: float | None,
             window: int) -> tuple[list[TriggerCheck], bool]:
    """The trigger checks for a context of `tokens` tokens and `count` messages, and
    whether they fire (`tr.combine`: any or all of those evaluated)."""
    checks: list[TriggerCheck] = []
    if tr.context_tokens:
        fired = tokens > tr.context_tokens
        checks.append(TriggerCheck("context_tokens", fired, tokens, tr.context_tokens,
                                   f"{tokens:,} tokens {scope} {'>' if fired else '<='} {tr.context_tokens:,}"))
    if tr.messages:
        fired = count > tr.messages
        checks.append(TriggerCheck("messages", fired, count, tr.messages,
                                   f"{count:,} messages {scope} {'>' if fired else '<='} {tr.messages:,}"))
    if tr.context_ratio:
        limit = int(tr.context_ratio * window)
        fired = tokens > limit
        checks.append(TriggerCheck("context_ratio", fired, tokens, limit,
                                   f"{tokens:,} tokens {scope} {'>' if fired else '<='} "
                                   f"{tr.context_ratio:.0%} of the {window:,} window ({limit:,})"))
    evaluated = list(checks)
    if tr.idle_seconds:
        if idle is None:
            checks.append(TriggerCheck("idle_seconds", False, 0, tr.idle_seconds,
                                       "idle time not evaluated (no clock or no timestamps)"))
        else:
            fired = idle > tr.idle_seconds
            c = TriggerCheck("idle_seconds", fired, idle, tr.idle_seconds,
                             f"last message {idle:,.0f}s ago {'>' if fired else '<='} {tr.idle_seconds:,.0f}s")
            checks.append(c)
            evaluated.append(c)
    if not evaluated:
        return checks, False
    if tr.combine == "all":
        return checks, all(c.fired for c in evaluated)
    return checks, any(c.fired for c in evaluated)


def plan_summary(config: CompactionConfig, a: Analysis, session: Session, cur: list[int],
                 actions: list[Action], memo: PlanMemo, summary_tokens: dict[str, int] | None, *,
                 lead: int | None = None, keep_cap: int | None = None, preserve_cap: int | None = None,
                 force: bool = False, is_request: Callable[[int], bool] | None = None,
                 is_observation: Callable[[int], bool] | None = None,
                 ) -> tuple[SummarySpec | None, Cutoff | None, str]:
    """The summary to make (None when there is nothing worth summarizing), its
    cutoff and the reason; marks the summarized and preserved messages in `actions`.
    `lead`, `keep_cap`, `preserve_cap`, `force`, `is_request` and `is_observation` as
    `summarize` takes them."""
    sc = config.summarization
    if lead is None:
        lead = a.leading_system
    target, why = _target(config, a, cur, lead, keep_cap, force)
    final = a.prev_safe[target]
    if final != target:
        reason = f"moved back from {target} to {final}: {a.explain_unsafe(target)}"
    else:
        reason = f"cut at {final} to {why}"
    cut = Cutoff(target, final, reason)
    if final <= lead:
        msg = ("no safe cutoff: keeping everything (Sagents)" if final != target
               else f"nothing to summarize: {why} keeps every message")
        if final != target:
            msg = f"{msg}; {reason}"
        return None, cut, msg

    kept = _kept_in_range(a, lead, final, sc.keep.latest_user)
    # (asked before the preserved users: one content model of the messages around the
    # request answers both)
    in_flight = _in_flight(a, final, kept, is_observation)
    spec = SummarySpec(
        index=0, start=lead, end=final,
        preserved_users=_preserved_users(config, a, cur, lead, final, kept, preserve_cap, is_request),
        preserved_tools=_preserved_tools(config, a, cur, actions, lead, final),
        previous_summaries=[i for i in a.record_positions if lead <= i < final] if sc.incremental else [],
        replaced_tokens=sum(cur[lead:final]) - sum(cur[i] for i in kept), estimated_tokens=0,
        exact=False, injection=sc.injection, insert_at=lead, merge_into=None,
        key=summary_key(a, lead, final, config), kept=kept,
    )
    estimated, fixed = _fit_carried(config, session, cur, memo, spec)
    if estimated is None:
        return None, cut, (
            f"summarizing {lead}\u2013{final - 1} would not save tokens: its {spec.replaced_tokens:,} tokens are "
            f"not more than the summary's preamble and hint ({fixed:,}) plus a minimal summary")
    actions[lead:final] = [Action.SUMMARIZE] * (final - lead)
    for i in (*spec.preserved_users, *spec.preserved_tools):
        actions[i] = Action.PRESERVE
    for i in kept:
        actions[i] = Action.KEEP
    if summary_tokens and spec.key in summary_tokens:
        spec.exact = True
        spec.estimated_tokens = summary_tokens[spec.key]
    else:
        spec.estimated_tokens = estimated
    _place(config, a, spec, in_flight)
    summary_reason = f"{plural(final - lead, 'message')} {lead}\u2013{final - 1} into one summary; {reason}"
    return spec, cut, summary_reason


def _target(config: CompactionConfig, a: Analysis, cur: list[int], lead: int, keep_cap: int | None,
            force: bool) -> tuple[int, str]:
    """Where the keep policy puts the cut (before it is moved back to a safe point), and
    why in words."""
    keep = config.summarization.keep
    n = a.n

    def fitting(budget: int) -> int:
        """The cut that keeps the recent messages fitting `budget` tokens."""
        acc = 0
        target = n
        for i in range(n - 1, lead - 1, -1):
            acc += cur[i]
            if acc > budget:
                break
            target = i
        return target

    if keep.mode == "messages":
        target = n - keep.messages
        why = f"keep the last {plural(keep.messages, 'message')}"
    else:
        if keep.mode == "tokens":
            budget = config.keep_tokens_budget()
            if keep_cap is not None and keep_cap < budget:
                why = (f"keep the recent messages that fit {keep_cap:,} tokens "
                       f"(keep.tokens {budget:,}, bounded by what the budget allows)")
                budget = keep_cap
            else:
                why = f"keep the recent messages that fit {budget:,} tokens"
        else:
            budget = int(keep.fraction * sum(cur))
            why = f"keep the most recent {keep.fraction:.0%} of tokens ({budget:,})"
        target = fitting(budget)
    if force and keep_cap is not None and keep.mode != "tokens":
        capped = fitting(keep_cap)
        if capped > target:
            target = capped
            why += f", bounded to the recent messages that fit {keep_cap:,} tokens"
    users = a.user_positions
    if keep.latest_turn and users and users[-1] < target:
        # trpc: the summary covers the history before the current request; "all
        # incremental events after the summary point" are sent as they are.
        target = users[-1]
        why += " and the latest turn (from the latest user message)"
    return max(target, lead), why


def _kept_in_range(a: Analysis, lead: int, final: int, latest_user: bool) -> list[int]:
    """The messages of the summarized range that stay verbatim in place: the latest user
    message (the current request; trpc sends it after the summary), and images or
    files sent without text (a summary cannot carry them)."""
    users = a.user_positions
    kept = [users[-1]] if latest_user and users and lead <= users[-1] < final else []
    media = a.media_users
    return sorted(set(kept).union(media[bisect_left(media, lead):bisect_left(media, final)]))


def _preserved_users(config: CompactionConfig, a: Analysis, cur: list[int], lead: int, final: int,
                     kept: list[int], preserve_cap: int | None,
                     is_request: Callable[[int], bool] | None) -> list[int]:
    """Eino PreserveUserMessages: the most recent user requests of the range, carried
    verbatim inside the summary, within budget."""
    sc = config.summarization
    if not sc.preserve_user_messages.enabled:
        return []
    users = a.user_positions
    budget = config.preserve_user_budget()
    if preserve_cap is not None:
        budget = min(budget, max(0, preserve_cap))
    out: list[int] = []
    used = 0
    looked = 0
    for k in range(bisect_left(users, final) - 1, -1, -1):
        i = users[k]
        if i < lead or looked >= PRESERVE_LOOKBACK:
            break
        looked += 1
        if i in kept or (is_request is not None and not is_request(i)):
            continue  # not the user's words: an observation, framework context, a demonstration
        t = cur[i]
        if used + t > budget and (out or kept or i != users[-1]):
            break  # over budget; but the latest user message is carried whatever its size
        used += t
        out.append(i)
    out.reverse()
    return out


def _preserved_tools(config: CompactionConfig, a: Analysis, cur: list[int], actions: list[Action],
                     lead: int, final: int) -> list[int]:
    """PreserveSkills, generalised: the latest outputs of the named tools in the range."""
    pt = config.summarization.preserve_tools
    if not (pt.tools and pt.max_items):
        return []
    names = set(pt.tools)
    out: list[int] = []
    used = 0
    results = a.tool_results
    for k in range(bisect_left(results, final) - 1, -1, -1):
        i = results[k]
        if i < lead:
            break
        if (a.tool_names[i] or "") in names and actions[i] != Action.CLEAR:
            t = min(cur[i], pt.max_tokens_per_item)
            if used + t > pt.total_tokens:
                break
            used += t
            out.append(i)
            if len(out) >= pt.max_items:
                break
    out.reverse()
    return out


def _fit_carried(config: CompactionConfig, session: Session, cur: list[int], memo: PlanMemo,
                 spec: SummarySpec) -> tuple[int | None, int]:
    """(the summary's estimated tokens, its frame's), once it is smaller than what it
    replaces (apply rejects it otherwise): when the messages carried verbatim leave no
    room, the oldest of them are folded into the summary instead (`spec` changed in
    place). The estimate is None when even the bare frame does not fit."""
    sc = config.summarization
    counter = memo.texts.counter
    per_message = counter.framing.per_message
    replaced = spec.replaced_tokens

    def frame_tokens(s: SummarySpec) -> int:
        """The summary message without the model's words: preamble, carried messages, hint."""
        return per_message + memo.texts.count_long(summary_body(session, config, s, "", counter))

    words_tokens = summary_share_tokens(spec.word_limit(sc.max_summary_words))
    extractive = not sc.model or sc.model == "extractive"
    bare = frame_tokens(dataclasses.replace(spec, preserved_users=[], preserved_tools=[]))

    def text_tokens(s: SummarySpec) -> int:
        """The summary's own words: what the extractive summarizer allows itself (half
        the room the folded messages leave beside the bare frame), or for a model the
        least worth writing (its word limit is only an upper bound)."""
        if not extractive:
            return MIN_SUMMARY_TOKENS
        carried = sum(cur[i] for i in s.preserved_users) + sum(cur[i] for i in s.preserved_tools)
        return max(8, min(words_tokens, (replaced - carried - bare) // 2))

    fixed = frame_tokens(spec)
    while fixed + text_tokens(spec) >= replaced and (spec.preserved_users or spec.preserved_tools):
        (spec.preserved_users or spec.preserved_tools).pop(0)
        fixed = frame_tokens(spec)
    if fixed + text_tokens(spec) >= replaced:
        return None, fixed
    # Everything around the summary text is known exactly; only its words are not.
    return fixed + (text_tokens(spec) if extractive else words_tokens), fixed


def shrink_summary(config: CompactionConfig, a: Analysis, session: Session, cur: list[int], memo: PlanMemo,
                   spec: SummarySpec, excess: int, summary_tokens: dict[str, int] | None) -> int:
    """Lower `spec`'s word limit so that its estimate falls by `excess` tokens: the
    planner's last resort before it refuses a budget the summary's own words are all
    that keeps from fitting (the frame and what it carries stay as they are). Its key
    names the lower limit, so a summary made under it is found again exactly.

    Args:
        config, a, session, cur, memo: as `plan_summary` takes them.
        spec: the summary, changed in place when it can shrink.
        excess: tokens the plan is over its budget.
        summary_tokens: summary-cache keys -> exact tokens of summaries made.

    Returns:
        The tokens saved; 0 when the summary is exact already, or would fall below
        MIN_SHRUNK_WORDS words (spec unchanged).
    """
    if spec.exact or excess <= 0:
        return 0
    before = spec.estimated_tokens
    words = math.floor((before - _fit_carried(config, session, cur, memo, spec)[1] - excess) / TOKENS_PER_WORD)
    trial = dataclasses.replace(spec, preserved_users=list(spec.preserved_users),
                                preserved_tools=list(spec.preserved_tools))
    for _ in range(3):  # the frame names the summary's key (its recovery id): a token or two may move
        if words < MIN_SHRUNK_WORDS:
            return 0
        trial.max_words = words
        trial.key = summary_key(a, spec.start, spec.end, config, words)
        if summary_tokens and trial.key in summary_tokens:
            trial.exact, trial.estimated_tokens = True, summary_tokens[trial.key]
        else:
            trial.estimated_tokens = _fit_carried(config, session, cur, memo, trial)[0] or before
        short = excess - (before - trial.estimated_tokens)
        if short <= 0 or trial.exact:
            break
        words -= math.ceil(short / TOKENS_PER_WORD)
    for name in ("max_words", "key", "exact", "estimated_tokens", "preserved_users", "preserved_tools"):
        setattr(spec, name, getattr(trial, name))
    return before - spec.estimated_tokens


# The fewest words a summary is shrunk to (`shrink_summary`): below it, leaving the
# range out loses about as little.
MIN_SHRUNK_WORDS = 40


def _in_flight(a: Analysis, final: int, kept: list[int], is_observation: Callable[[int], bool] | None) -> bool:
    """Whether a summary ending at `final` covers work done after the latest user
    message, which it keeps in place (the recent messages kept are fewer than the turn
    in flight's own), and that message is not an observation (`summarize`'s
    `is_observation`)."""
    request = a.user_positions[-1] if a.user_positions else -1
    return request in kept and final - 1 > request and not (is_observation is not None and is_observation(request))


def _place(config: CompactionConfig, a: Analysis, spec: SummarySpec, in_flight: bool = False) -> None:
    """Where the summary goes and as which role (`spec` changed in place); `in_flight`:
    it covers work done for the latest user message, kept in place (`_in_flight`)."""
    sc = config.summarization
    lead, final, kept = spec.start, spec.end, spec.kept
    if in_flight:
        # The turn in flight is summarized (the recent messages kept are fewer than its
        # own): the summary goes right after the request, so that what was done for it
        # reads after it, never before it as if still to do (Synaptic and Sagents: the
        # summary "replaces the older messages"; the request itself is kept in place).
        # As the assistant's own account of its work, which every provider format
        # carries as such (a late system message is user text in Anthropic's), and as a
        # message of its own (kind summary), which the next summary folds once. With
        # nothing after it, it is a user message: an assistant message last would be
        # a prefill to continue. (An observation stored as a user message answers an
        # action the summary holds: the summary stays before it. Any other user
        # message opens the work after it: a request, framework context, another
        # tool's summary handed over as a user message.)
        spec.insert_at = a.user_positions[-1] + 1
        spec.merge_into = None
        spec.injection = IN_FLIGHT if final < a.n else "user"
        return
    injection = sc.injection
    first_role = a.roles[final] if final < a.n else None
    if injection == "system_merge":
        if lead > 0:
            spec.merge_into = lead - 1
        else:
            spec.insert_at = 0
    # Synaptic's strict system summary still becomes a user message when nothing follows
    # it: providers reject a request of system messages only.
    if injection in ("system", "system_merge") and first_role in ("assistant", None) and not kept \
            and (first_role is None or not sc.injection_strict):
        injection = "user"
        spec.merge_into = None
    if injection == "user" and kept:  # merged into the kept current request (trpc user mode)
        spec.insert_at = spec.merge_into = kept[0]
    elif injection == "user":
        spec.insert_at = final
        spec.merge_into = final if first_role == "user" and a.kinds[final] == "message" else None
    spec.injection = injection


def summary_key(a: Analysis, start: int, end: int, config: CompactionConfig, max_words: int | None = None) -> str:
    """Summary-cache key: the exact messages replaced, the prompt, the word limit
    (`max_words` when the plan lowered it) and the model."""
    sc = config.summarization
    words = sc.max_summary_words if max_words is None else max_words
    h = hashlib.blake2b(digest_size=16)
    h.update(a.link(start) + a.link(end))
    h.update(b"\x1e" + sc.prompt.encode() + b"\x1e" + sc.system_prompt.encode())
    h.update(f"\x1e{words}\x1e{sc.model or 'extractive'}".encode())
    return h.hexdigest()

