"""The planner: what compaction would do to a session, message by message.

`plan(session, config)` is pure and deterministic: no I/O, no LLM call. It runs the
stages in this order, each on the result of the previous one (one module each):

1. truncation  (Eino): oversized tool outputs keep head + tail, the middle is offloaded
2. compaction  (trpc): pass 1 placeholders for old large results, pass 2 head + tail
3. clear       (Eino): above a token threshold, old tool results (and arguments) cleared
4. summarize   (Eino, Sagents, Synaptic, trpc): older turns replaced by one summary
5. tailor      (trpc): whole oldest rounds dropped to fit the final budget

Only tool results and tool-call arguments are ever rewritten by stages 1-3; stage 4
cuts at safe points only (never between a tool call and its results); stage 5 drops
whole rounds, keeping the task (the first real request) with its round.

When the result does not fit the tailoring budget, the planner searches before it
refuses (`_search`): a summary of older turns, demonstrations included, whether a
trigger fired or not and keeping only what the budget allows; then tailoring with the
task's round, then the latest round allowed to go; each with and without the summary.
The first that fits wins; then the first whose one summary fits with a lower word
limit (`summary_shrunk`); when none does, the plan sacrifices nothing more and its
`over_budget` warning names what stays and by how much. After counts are cached (`analysis.analyze`, `memo.PlanMemo`), a
re-plan does only list arithmetic, so it can run on every keypress.
"""

from __future__ import annotations

import copy
import dataclasses
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from inspector.engine.analysis import Analysis, analyze
from inspector.engine.config import CompactionConfig, context_window_for
from inspector.engine.content import Kind, content_model
from inspector.engine.models import SYSTEM_ROLES, Message, Session
from inspector.engine.planning.clear import clear
from inspector.engine.planning.compaction import compact
from inspector.engine.planning.memo import PlanMemo, Reduced, memo_for
from inspector.engine.planning.results import (
    Action,
    Plan,
    PlanWarning,
    Reduction,
    SharedReductions,
    StageResult,
    SummarySpec,
    TriggerCheck,
)
from inspector.engine.planning.summarize import (
    PRESERVE_LOOKBACK,
    Summarized,
    check_triggers,
    evaluate,
    shrink_summary,
    summarize,
)
from inspector.engine.planning.tailor import LATEST_ROUND, OLDEST, TASK, tailor
from inspector.engine.planning.truncation import truncate
from inspector.engine.summarize.protocol import summary_share_tokens
from inspector.engine.tokens import Framing, TokenCache, TokenCounter
from inspector.engine.tokens import counter_for as counter_for  # its home was here
from inspector.engine.validation import Problem
from inspector.engine.wording import plural


def plan(
    session: Session,
    config: CompactionConfig,
    counter: TokenCounter | None = None,
    *,
    now: datetime | None = None,
    token_cache: TokenCache | None = None,
    summary_tokens: dict[str, int] | None = None,
) -> Plan:
    """Plan the compaction of `session` under `config`.

    Args:
        session: The conversation.
        config: The compaction config.
        counter: The token counter; by default the one `config.tokens` names.
        now: Enables the idle-time trigger.
        token_cache: Where message counts are cached (the workspace passes its own).
        summary_tokens: Summary-cache keys -> exact tokens of summaries already
            generated, so a preview after generation is exact.

    Returns:
        The plan: an action per message, the reductions, the summary, each stage's
        result, warnings.
    """
    counter = counter or counter_for(config)
    a = analyze(session, counter, token_cache)
    memo = memo_for(a, counter)
    msgs = session.messages
    framing = counter.framing

    # 1-3. Their result depends only on the reduction config (and the analysis), so it
    # is computed once per reduction config and shared: moving a summarization or
    # tailoring knob re-plans from a copy of it.
    rc = config.reduction
    key12 = (framing, config.recovery_tool, rc.truncation.model_dump_json(), rc.compaction.model_dump_json())
    s12 = memo.reduced.get(key12)
    if s12 is None:
        s12 = memo.reduced.put(key12, _reduce_12(a, msgs, config, memo, framing))
    state, clear_stage = clear(a, msgs, config, memo, framing, s12, key12)
    stages = [copy.copy(s) for s in s12.stages]
    stages.append(clear_stage)

    # 4, 5; then, when the result does not fit the budget, the search: what can go
    # goes in order of sacrifice (`_search`).
    priming = framing.reply_priming if a.n else 0
    lead = pinned_lead(a, msgs)
    task = task_position(a, msgs, memo)
    room = _room(config, a, lead, priming)
    keep_cap = _keep_cap(config, a, lead, room)
    end = _stages_45(config, a, session, memo, state.cur, state.actions, state.total, now, summary_tokens,
                     priming, task=task, lead=lead, keep_cap=keep_cap, preserve_cap=room // 2)
    least = None
    if config.tailoring.enabled and end.total + priming > config.tailoring_budget():
        found, least = _search(config, a, session, memo, state.cur, state.actions, state.total, now,
                               summary_tokens, priming, task, lead, room)
        # Nothing fits: the plan sacrifices nothing more (apply refuses it anyway), and
        # its warning says what does not fit once everything that can go is gone.
        end = found or end
    s4 = end.s4
    stages += [s4.stage, end.tailor_stage]
    input_problems = a.problems(msgs)
    return Plan(
        session_id=session.id,
        counter=counter.name,
        counter_exact=counter.exact,
        config=config,
        actions=end.actions,
        tokens_before=a.tokens,
        tokens_after=end.cur,
        reductions=state.reductions,  # shared with the stages' state (read-only), not a copy per plan
        summaries=end.summaries,
        stages=stages,
        triggers=s4.triggers,
        triggered=s4.triggered,
        cutoff=s4.cutoff,
        warnings=_warnings(config, a, end, least, priming, lead, task, input_problems),
        input_problems=input_problems,
        notes=_notes(config, counter),
        context_window=config.context_window,
        reply_priming=priming,
    )


def _notes(config: CompactionConfig, counter: TokenCounter) -> list[str]:
    """What the plan's figures rest on: the counter's caveat, the window's source."""
    notes: list[str] = []
    if counter.note:
        notes.append(f"{counter.name}: {counter.note}")
    if not config.tokens.context_window:
        w_note = context_window_for(config.tokens.model)[1]
        if w_note:
            notes.append(w_note)
    return notes


def _warnings(config: CompactionConfig, a: Analysis, end: _End, least: _End | None, priming: int, lead: int,
              task: int, input_problems: list[Problem]) -> list[PlanWarning]:
    """The plan's warnings: stage 4's, what does not fit, the task dropped, the input's
    unmatched tool calls and results, and a result left over the trigger."""
    warnings = list(end.s4.warnings)
    if end.over is not None:
        warnings.append(_over_warning(config, a, least or end, priming, lead))
    if task >= 0 and (end.actions[task] == Action.DROP
                      or any(sp.evicted and sp.start <= task < sp.end for sp in end.summaries)):
        warnings.append(PlanWarning(
            "task_dropped",
            f"the task (message {task}, the session's first real request) is dropped: "
            + ("tailoring.keep_task = false" if not config.tailoring.keep_task
               else "nothing else left to drop fits the budget"), [task]))
    warnings += _input_warnings(input_problems)
    if end.s4.triggers:
        warnings += _again_warning(config, a, end.cur, end.actions, end.summaries, end.total)
    return warnings


def pinned_lead(a: Analysis, msgs: Sequence[Message]) -> int:
    """Messages pinned at the start of the session: the leading system prompt (one
    stored as a user message included), but not a demonstration (an example task
    solved before the real one: SWE-agent's), which is history like any other turn:
    summarized, or dropped by tailoring. (The content model of the leading messages
    alone: a demonstration is one by its own marks.)"""
    lead = a.leading_system
    if not lead or a.roles[lead - 1] != "user":
        return lead
    kinds = content_model(msgs[:lead]).kinds
    while lead and kinds[lead - 1] is Kind.DEMONSTRATION:
        lead -= 1
    return lead


def task_position(a: Analysis, msgs: Sequence[Message], memo: PlanMemo | None = None) -> int:
    """Position of the task, the session's first real request (`engine.content`), -1
    when there is none. The task comes before the first action, and what a message
    before it is does not depend on what follows: the content model of a growing
    prefix finds it without reading a long session (memoised on `memo`)."""
    if memo is not None and memo.task is not None:
        return memo.task
    task = -1
    size = 32
    while True:
        model = content_model(msgs[:size])
        if model.task is not None:
            task = model.task
            break
        if size >= a.n or any(k in (Kind.ACTION, Kind.SUMMARY) for k in model.kinds):
            break
        size *= 4
    if memo is not None:
        memo.task = task
    return task


class RequestKinds:
    """Whether a user message is the user's request (the task or a later request), not
    an observation a framework stored as a user message, a demonstration or framework
    context: its kind in one content model of the messages around the newest user
    messages, made when first asked (`summarize` asks newest first, at most
    PRESERVE_LOOKBACK of them).

    The model's window ends at a block of WINDOW_BLOCK messages (`request_window`), and
    its kinds are kept on the plan memo: plans a slider move apart ask about nearly the
    same user messages, and so share one window (classifying a thousand messages again
    for each threshold cost ten times the rest of a re-plan). The window reaches up to
    a block past the message asked about: the session's habits (does the environment
    answer in user messages? does the agent call tools?) are read from a little more of
    it, never less."""

    def __init__(self, a: Analysis, msgs: Sequence[Message], lead: int, memo: PlanMemo):
        self.a, self.msgs, self.lead, self.memo = a, msgs, lead, memo
        self.start = -1
        self.end = -1
        self.kinds: tuple[Kind, ...] = ()

    def __call__(self, i: int) -> bool:
        """Whether user message `i` is the task or a later request."""
        return self.kind(i) in (Kind.TASK, Kind.REQUEST)

    def observation(self, i: int) -> bool:
        """Whether user message `i` is the environment's answer to an action."""
        return self.kind(i) is Kind.OBSERVATION

    def kind(self, i: int) -> Kind | None:
        """What user message `i` is; None before the messages read (the pinned lead)."""
        if self.start < 0 or i >= self.end:
            self.start, self.end = request_window(self.a, self.lead, i)
            self.kinds = self._kinds(self.start, self.end)
        if i < self.start:
            return None
        return self.kinds[i - self.start]

    def _kinds(self, start: int, end: int) -> tuple[Kind, ...]:
        key = (start, end)
        hit = self.memo.request_kinds.get(key)
        if hit is not None:
            return hit
        return self.memo.request_kinds.put(key, content_model(self.msgs[start:end]).kinds)


def request_window(a: Analysis, lead: int, i: int) -> tuple[int, int]:
    """The messages (start, end) whose content model says what user message `i` and
    the PRESERVE_LOOKBACK user messages before it are (`RequestKinds`): `end` just past
    `i`, aligned to WINDOW_BLOCK messages, and `start` a little before the oldest user
    message any message of that block looks back to (the session's habit is read from
    the messages around them), so that one window serves the whole block."""
    users = a.user_positions
    end = min(a.n, (i // WINDOW_BLOCK + 1) * WINDOW_BLOCK)
    block = bisect_left(users, end - WINDOW_BLOCK)
    k = min(block, bisect_right(users, i) - 1)
    first = users[max(0, k - PRESERVE_LOOKBACK)]
    return max(lead, first - REQUEST_CONTEXT), end


# Messages read before the oldest user message looked at (`RequestKinds`).
REQUEST_CONTEXT = 40
# The alignment of `RequestKinds`' window: one model serves the plans whose asked
# messages fall in the same blocks.
WINDOW_BLOCK = 256


def _room(config: CompactionConfig, a: Analysis, lead: int, priming: int) -> int:
    """Tokens left for the history (the summary, the kept and carried messages) beside
    the pinned prompt and a summary's own words, in the final budget (the tailoring
    budget, else the window less the output reserve)."""
    t = config.tailoring
    limit = config.tailoring_budget() if t.enabled else max(0, config.context_window - t.reserve_output_tokens)
    share = summary_share_tokens(config.summarization.max_summary_words)
    return max(0, limit - priming - a.prefix[lead] - share - SUMMARY_FRAME_TOKENS)


def _keep_cap(config: CompactionConfig, a: Analysis, lead: int, room: int) -> int:
    """The most tokens kept verbatim after a summary: what the budget allows, and what
    leaves the context below the token trigger beside the prompt and the summary (kept
    messages over it fire the trigger on every call: Synaptic's "staying within
    budget"), or half the trigger (Synaptic's share) when the prompt and the summary
    alone take the whole trigger."""
    tr = config.summarization.trigger
    trig = tr.context_tokens or int(tr.context_ratio * config.context_window)
    cap = room
    if trig:
        share = summary_share_tokens(config.summarization.max_summary_words)
        left = trig - a.prefix[lead] - share - SUMMARY_FRAME_TOKENS
        cap = min(cap, left if left > 0 else trig // 2)
    return cap


# What a summary message adds around its words (prefix, hint, framing), as planned
# for before the summary is laid out.
SUMMARY_FRAME_TOKENS = 64


@dataclass
class _End:
    """The plan after stages 4 and 5 (one candidate of the search)."""

    cur: list[int]
    actions: list[Action]
    s4: Summarized
    summaries: list[SummarySpec]
    total: int
    tailor_stage: StageResult
    over: PlanWarning | None


def _stages_45(config: CompactionConfig, a: Analysis, session: Session, memo: PlanMemo, cur0: list[int],
               actions0: list[Action], total0: int, now: datetime | None, summary_tokens: dict[str, int] | None,
               priming: int, *, task: int, lead: int, keep_cap: int | None, preserve_cap: int | None,
               force: bool = False, level: int = OLDEST, summarize_on: bool = True) -> _End:
    """Stages 4 and 5 on copies of the state after stage 3."""
    cur = list(cur0)
    actions = list(actions0)
    if summarize_on:
        kinds = RequestKinds(a, session.messages, lead, memo)
        s4 = summarize(config, a, session, memo, cur, actions, total0, now, summary_tokens, force=force,
                       lead=lead, keep_cap=keep_cap, preserve_cap=preserve_cap,
                       is_request=kinds, is_observation=kinds.observation)
    else:
        # the triggers are still evaluated: the result may stay over them (`_again_warning`)
        triggers, triggered = ((check_triggers(config, a, cur, total0, a.n, now, config.context_window))
                               if config.summarization.enabled else ([], False))
        s4 = Summarized(total0, StageResult("summarize", config.summarization.enabled, False,
                                            "left out: the summary itself does not fit the budget",
                                            total0, total0), triggers=triggers, triggered=triggered)
    summaries = [s4.summary] if s4.summary else []
    total, stage, over = tailor(config, a, cur, actions, summaries, s4.total, priming, task=task, lead=lead,
                                level=level)
    return _End(cur, actions, s4, summaries, total, stage, over)


def _search(config: CompactionConfig, a: Analysis, session: Session, memo: PlanMemo, cur0: list[int],
            actions0: list[Action], total0: int, now: datetime | None, summary_tokens: dict[str, int] | None,
            priming: int, task: int, lead: int, room: int) -> tuple[_End | None, _End]:
    """The plan that fits the tailoring budget, sacrificing in order: the reductions
    are done; then older turns are summarized (whether a trigger fired or not, keeping
    only what the budget allows), then tailoring drops the oldest rounds; the task and
    the latest round go last, and the summary itself when it is what does not fit.

    Returns:
        (the first candidate that fits, None when none does; the smallest candidate).
    """
    budget = config.tailoring_budget()
    least: _End | None = None
    summary_on = config.summarization.enabled
    candidates: list[_End] = []
    for level in (OLDEST, TASK, LATEST_ROUND):
        for with_summary in ((True, False) if summary_on else (False,)):
            end = _stages_45(config, a, session, memo, cur0, actions0, total0, now, summary_tokens, priming,
                             task=task, lead=lead, keep_cap=room, preserve_cap=room // 2, force=with_summary,
                             level=level, summarize_on=with_summary)
            if end.total + priming <= budget:
                return end, end
            candidates.append(end)
            if least is None or end.total < least.total:
                least = end
    assert least is not None
    # Last, before refusing: a summary whose own words are all that does not fit is
    # asked for fewer words (a shorter summary loses less than a refusal).
    for end in candidates:
        if _shrunk(config, a, session, memo, end, budget - priming, summary_tokens):
            return end, end
    return None, least


def _shrunk(config: CompactionConfig, a: Analysis, session: Session, memo: PlanMemo, end: _End, limit: int,
            summary_tokens: dict[str, int] | None) -> bool:
    """Whether `end` fits `limit` once its one summary's word limit is lowered
    (`shrink_summary`); `end` is changed in place only when it does."""
    live = [s for s in end.summaries if not s.evicted]
    if len(live) != 1 or end.total <= limit:
        return False
    spec = dataclasses.replace(live[0])  # the candidate changes only when it then fits
    configured = config.summarization.max_summary_words
    saved = shrink_summary(config, a, session, end.cur, memo, spec, end.total - limit, summary_tokens)
    if not saved or end.total - saved > limit:
        return False
    end.summaries[end.summaries.index(live[0])] = spec
    end.total -= saved
    end.over = None
    s4 = end.s4
    s4.summary = spec
    s4.stage = dataclasses.replace(s4.stage, tokens_after=s4.stage.tokens_after - saved)
    end.tailor_stage = dataclasses.replace(end.tailor_stage, tokens_before=end.tailor_stage.tokens_before - saved,
                                           tokens_after=end.tailor_stage.tokens_after - saved)
    s4.warnings.append(PlanWarning(
        "summary_shrunk",
        f"the summary of {spec.start}\u2013{spec.end - 1} is asked for at most {spec.max_words} words, not "
        f"{configured} (summarization.max_summary_words), to fit the {config.tailoring_budget():,}-token budget",
        [spec.start]))
    return True


def _over_warning(config: CompactionConfig, a: Analysis, least: _End, priming: int, lead: int) -> PlanWarning:
    """What does not fit the tailoring budget, by how much: the parts that stay in
    `least`, the plan with everything that can go gone."""
    budget = config.tailoring_budget()
    cur, actions, summaries, total = least.cur, least.actions, least.summaries, least.total
    users = a.user_positions
    current = users[-1] if users else -1
    parts: list[tuple[str, int]] = []
    pinned = sum(cur[:lead])
    if pinned:
        parts.append(("the system prompt", pinned))
    summary = sum(s.estimated_tokens for s in summaries if not s.evicted)
    if summary:
        parts.append(("the summary", summary))
    other_system = sum(cur[i] for i in range(lead, a.n) if a.roles[i] in SYSTEM_ROLES and actions[i] == Action.KEEP)
    if other_system:
        parts.append(("later system messages", other_system))
    if current >= 0 and actions[current] not in (Action.DROP, Action.SUMMARIZE):
        parts.append((f"the latest user message ({current})", cur[current]))
    after = [i for i in range(max(current, lead - 1) + 1, a.n)
             if actions[i] in (Action.KEEP, Action.TRUNCATE, Action.CLEAR) and a.roles[i] not in SYSTEM_ROLES]
    if after:
        parts.append((f"the latest round (from {after[0]})", sum(cur[i] for i in after)))
    before = sum(cur[i] for i in range(lead, max(current, lead)) if a.roles[i] not in SYSTEM_ROLES
                 and actions[i] in (Action.KEEP, Action.TRUNCATE, Action.CLEAR))
    if before:
        parts.append(("earlier kept messages", before))
    if priming:
        parts.append(("the reply priming", priming))
    need = total + priming
    what = ", ".join(f"{name} {tokens:,}" for name, tokens in parts)
    return PlanWarning(
        "over_budget",
        f"does not fit the {budget:,}-token budget: {need:,} tokens, {need - budget:,} over, after "
        f"dropping everything that can go ({what})",
        [current] if current >= 0 else [])


def _reduce_12(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
               framing: Framing) -> Reduced:
    """Stages 1 (truncation) and 2 (trpc compaction) from the session as it is."""
    cur = list(a.tokens)
    actions = [Action.KEEP] * a.n
    reductions: dict[int, Reduction] = {}
    total, s1 = truncate(a, msgs, config, memo, cur, actions, reductions, a.total)
    total, s2 = compact(a, msgs, config, memo, framing, cur, actions, reductions, total)
    return Reduced(cur, actions, SharedReductions(reductions), total, [s1, s2])


def _input_warnings(problems: list[Problem]) -> list[PlanWarning]:
    """Warnings for tool results and calls in the input that have no counterpart."""
    out = []
    orphans = [p.position for p in problems if p.code in ("orphan_tool_result", "missing_tool_call_id")]
    if orphans:
        out.append(PlanWarning("orphan_tool_results",
                               f"{plural(len(orphans), 'tool result')} in the input "
                               + ("answers" if len(orphans) == 1 else "answer") + " no tool call", orphans))
    unanswered = [p.position for p in problems if p.code == "unanswered_tool_call"]
    if unanswered:
        out.append(PlanWarning("unanswered_tool_calls",
                               f"{plural(len(unanswered), 'tool call')} in the input "
                               + ("has" if len(unanswered) == 1 else "have") + " no result", unanswered))
    return out


def _again_warning(config: CompactionConfig, a: Analysis, cur: list[int], actions: list[Action],
                   summaries: list[SummarySpec], total: int) -> list[PlanWarning]:
    """Would the next turn fire the summarization trigger again? (The idle clock
    restarts after compaction, so idle time is left out.)"""
    tr = config.summarization.trigger
    n = a.n
    if summaries and tr.since_last_summary:
        end = summaries[-1].end
        tokens_again = sum(cur[end:])
        count_again = n - end - actions.count(Action.DROP)
    else:
        tokens_again = total
        count_again = (n - actions.count(Action.SUMMARIZE) - actions.count(Action.DROP)
                       - actions.count(Action.PRESERVE) + len(summaries))
    again: list[TriggerCheck]
    again, fired_again = evaluate(tr.model_copy(update={"idle_seconds": 0.0}), tokens_again,
                                  count_again, "after compaction", None, config.context_window)
    if not fired_again:
        return []
    what = "; ".join(t.detail for t in again if t.fired)
    return [PlanWarning(
        "still_over_trigger",
        f"still over the trigger after compaction ({what}): it would compact again next turn")]
