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
whole rounds. After counts are cached (`analysis.analyze`, `memo.PlanMemo`), a
re-plan does only list arithmetic, so it can run on every keypress.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from datetime import datetime

from inspector.engine.analysis import Analysis, analyze
from inspector.engine.config import CompactionConfig, context_window_for
from inspector.engine.models import Message, Session
from inspector.engine.planning.clear import clear
from inspector.engine.planning.compaction import compact
from inspector.engine.planning.memo import PlanMemo, Reduced, memo_for
from inspector.engine.planning.results import Action, Plan, PlanWarning, Reduction, SummarySpec, TriggerCheck
from inspector.engine.planning.summarize import evaluate, summarize
from inspector.engine.planning.tailor import tailor
from inspector.engine.planning.truncation import truncate
from inspector.engine.tokens import Framing, TokenCache, TokenCounter, make_counter
from inspector.engine.validation import Problem
from inspector.engine.wording import plural


def counter_for(config: CompactionConfig) -> TokenCounter:
    """The token counter `config.tokens` asks for."""
    t = config.tokens
    return make_counter(t.counter, model=t.model, chars_per_token=t.chars_per_token)


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
    notes: list[str] = []
    if counter.note:
        notes.append(f"{counter.name}: {counter.note}")
    if not config.tokens.context_window:
        w_note = context_window_for(config.tokens.model)[1]
        if w_note:
            notes.append(w_note)

    # 1-3. Their result depends only on the reduction config (and the analysis), so it
    # is computed once per reduction config and shared: moving a summarization or
    # tailoring knob re-plans from a copy of it.
    rc = config.reduction
    key12 = (framing, config.recovery_tool, rc.truncation.model_dump_json(), rc.compaction.model_dump_json())
    s12 = memo.reduced.get(key12)
    if s12 is None:
        s12 = memo.reduced.put(key12, _reduce_12(a, msgs, config, memo, framing))
    state, clear_stage = clear(a, msgs, config, memo, framing, s12, key12)
    cur = list(state.cur)
    actions = list(state.actions)
    stages = [copy.copy(s) for s in s12.stages]
    stages.append(clear_stage)

    # 4, 5
    s4 = summarize(config, a, session, memo, cur, actions, state.total, now, summary_tokens)
    stages.append(s4.stage)
    summaries = [s4.summary] if s4.summary else []
    warnings = list(s4.warnings)
    total, tailor_stage, over = tailor(config, a, cur, actions, summaries, s4.total, framing.reply_priming)
    stages.append(tailor_stage)
    if over:
        warnings.append(over)

    input_problems = a.problems(msgs)
    warnings += _input_warnings(input_problems)
    if s4.triggers:
        warnings += _again_warning(config, a, cur, actions, summaries, total)
    return Plan(
        session_id=session.id,
        counter=counter.name,
        counter_exact=counter.exact,
        config=config,
        actions=actions,
        tokens_before=a.tokens,
        tokens_after=cur,
        reductions=dict(state.reductions),
        summaries=summaries,
        stages=stages,
        triggers=s4.triggers,
        triggered=s4.triggered,
        cutoff=s4.cutoff,
        warnings=warnings,
        input_problems=input_problems,
        notes=notes,
        context_window=config.context_window,
        reply_priming=framing.reply_priming if a.n else 0,
    )


def _reduce_12(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
               framing: Framing) -> Reduced:
    """Stages 1 (truncation) and 2 (trpc compaction) from the session as it is."""
    cur = list(a.tokens)
    actions = [Action.KEEP] * a.n
    reductions: dict[int, Reduction] = {}
    total, s1 = truncate(a, msgs, config, memo, cur, actions, reductions, a.total)
    total, s2 = compact(a, msgs, config, memo, framing, cur, actions, reductions, total)
    return Reduced(cur, actions, reductions, total, [s1, s2])


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
