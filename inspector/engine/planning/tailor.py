"""Stage 5, tailor (trpc): drop whole oldest rounds until the context fits the budget.

What may go, in order of sacrifice (`level`): the oldest rounds and the finished rounds
of the latest turn (level 0); then the round of the task, the first real request
(level 1, a `task_dropped` warning); then the last round of the latest turn, unless a
call in it still waits for its results (level 2). The system prompt and the latest
user message never go.
"""

from __future__ import annotations

from collections.abc import Sequence

from inspector.engine.analysis import Analysis
from inspector.engine.config import CompactionConfig
from inspector.engine.models import SYSTEM_ROLES
from inspector.engine.planning.results import EVICTED, IN_FLIGHT, Action, PlanWarning, StageResult, SummarySpec
from inspector.engine.wording import plural

# Levels of `drop_rounds`: what it may drop besides the oldest rounds.
OLDEST, TASK, LATEST_ROUND = 0, 1, 2


def tailor(config: CompactionConfig, a: Analysis, cur: list[int], actions: list[Action],
           summaries: list[SummarySpec], total: int, reply_priming: int, *, task: int = -1,
           lead: int | None = None, level: int = OLDEST,
           ) -> tuple[int, StageResult, PlanWarning | None]:
    """Run stage 5 on `cur` / `actions` / `summaries` (changed in place).

    Args:
        config: the config (`tailoring`).
        a: the session's analysis.
        cur, actions, summaries: the plan so far, changed in place.
        total: the context's tokens so far (reply priming apart).
        reply_priming: tokens the reply adds.
        task: position of the task (the first real request), kept with its round
            below level TASK (and while `tailoring.keep_task`); -1 for none.
        lead: messages pinned at the start (default: the analysis' leading prompt).
        level: what may go besides the oldest rounds (OLDEST, TASK, LATEST_ROUND).

    Returns:
        The new total, the stage's result, and a warning when the context still does
        not fit (the planner replaces it by one naming what does not fit).
    """
    before = total
    if not config.tailoring.enabled:
        return total, StageResult("tailor", False, False, "disabled", before, before), None
    budget = config.tailoring_budget()
    if total + reply_priming <= budget:
        return total, StageResult("tailor", True, False, f"{total:,} tokens fit the {budget:,} budget",
                                  before, before), None
    protect: list[int] = []
    if task >= 0 and config.tailoring.keep_task and level < TASK:
        # the task, or the user-injected summary that carries it (evicted with its round)
        protect.append(task)
        protect += [s.insert_at for s in summaries if s.injection == "user" and s.start <= task < s.end]
    dropped, total, latest = drop_rounds(a, cur, actions, summaries, total, budget - reply_priming,
                                         protect=protect, lead=lead, last_round=level >= LATEST_ROUND)
    reason = f"dropped {plural(dropped, 'message')} from the oldest rounds to fit {budget:,}"
    warning = None
    if total + reply_priming > budget:
        warning = PlanWarning(
            "over_budget",
            f"still {total + reply_priming:,} tokens after tailoring, over the "
            f"{budget:,} budget: the latest turn alone (from {latest}) does not fit", [latest])
    return total, StageResult("tailor", True, dropped > 0, reason, before, total, dropped), warning


def drop_rounds(a: Analysis, cur: list[int], actions: list[Action], summaries: list[SummarySpec],
                total: int, budget: int, *, protect: Sequence[int] = (), lead: int | None = None,
                last_round: bool = False) -> tuple[int, int, int]:
    """Drop whole oldest rounds (system messages stay) until `total` fits `budget`.

    Before the latest user message, rounds are whole user turns; after it, any safe
    point (between complete tool rounds) starts one, so a single-request agent loop
    can be tailored too. A tool call and its results always go together; the latest
    user message never goes, nor the rounds holding a position in `protect`, nor the
    latest round unless `last_round` (and no call in it waits for results); nor the
    last round whose going would leave only system messages (a user-injected summary
    then stays on its own instead of going with its round).
    """
    n = a.n
    roles = a.roles
    gone = (Action.SUMMARIZE, Action.PRESERVE, Action.DROP)
    # The leading prompt stays, a system prompt stored as a user message included.
    first = a.leading_system if lead is None else lead
    kept = [i for i in range(first, n) if actions[i] not in gone and roles[i] not in SYSTEM_ROLES]
    if not kept:
        return 0, total, n
    kept_set = set(kept)
    users = a.user_positions
    current = users[-1] if users and users[-1] in kept_set else -1
    bounds = [kept[0]] + [p for p in a.turn_starts() if kept[0] < p <= current and p in kept_set]
    bounds += [p for p in kept if p > max(current, kept[0]) and a.safe[p]]
    latest = bounds[-1]
    pending = bool(a.spans) and a.spans[-1].pending
    if last_round and not pending and latest > current:
        bounds.append(n)  # the latest round is a round like the others
    # A user-injected summary sits at the start of the first kept round and goes with it.
    evictable = [s for s in summaries if s.injection == "user" and s.estimated_tokens]
    dropped = 0
    alive = len(kept)  # non-system messages left
    oldest = True  # every round before this one was dropped
    for r in range(len(bounds) - 1):
        if total <= budget:
            break
        lo, hi = bounds[r], bounds[r + 1]
        if lo <= current < hi or any(lo <= p < hi for p in protect):
            oldest = False
            continue  # the current request stays, and the task with its round
        in_round = [i for i in range(lo, hi) if i in kept_set]
        going = [s for s in evictable if oldest and s.insert_at < hi]
        if alive == len(in_round) and len(going) == len(evictable):
            # Nothing but system messages would be left, which providers reject: the
            # summary stays, on its own, when there is one; else the round stays.
            if not going:
                break
            for s in going:
                if s.merge_into is not None and lo <= s.merge_into < hi:
                    s.merge_into = None
            going = []
        for i in in_round:
            total -= cur[i]
            cur[i] = 0
            actions[i] = Action.DROP
        dropped += len(in_round)
        alive -= len(in_round)
        for s in going:
            total -= s.estimated_tokens
            s.estimated_tokens = 0
            s.injection = EVICTED
            evictable.remove(s)
    for s in summaries:
        if s.injection == IN_FLIGHT and not any(actions[i] not in gone and roles[i] not in SYSTEM_ROLES
                                                for i in range(s.insert_at, n)):
            # nothing is left after the summary of the turn in flight: an assistant
            # message last would be a prefill to continue
            s.injection = "user"
    return dropped, total, latest
