"""Stage 5, tailor (trpc): drop whole oldest rounds until the context fits the budget."""

from __future__ import annotations

from inspector.engine.analysis import Analysis
from inspector.engine.config import CompactionConfig
from inspector.engine.models import SYSTEM_ROLES
from inspector.engine.planning.results import EVICTED, Action, PlanWarning, StageResult, SummarySpec
from inspector.engine.wording import plural


def tailor(config: CompactionConfig, a: Analysis, cur: list[int], actions: list[Action],
           summaries: list[SummarySpec], total: int, reply_priming: int,
           ) -> tuple[int, StageResult, PlanWarning | None]:
    """Run stage 5 on `cur` / `actions` / `summaries` (changed in place).

    Returns:
        The new total, the stage's result, and a warning when even the latest round
        does not fit.
    """
    before = total
    if not config.tailoring.enabled:
        return total, StageResult("tailor", False, False, "disabled", before, before), None
    budget = config.tailoring_budget()
    if total + reply_priming <= budget:
        return total, StageResult("tailor", True, False, f"{total:,} tokens fit the {budget:,} budget",
                                  before, before), None
    dropped, total, latest = drop_rounds(a, cur, actions, summaries, total, budget - reply_priming)
    reason = f"dropped {plural(dropped, 'message')} from the oldest rounds to fit {budget:,}"
    warning = None
    if total + reply_priming > budget:
        warning = PlanWarning(
            "over_budget",
            f"still {total + reply_priming:,} tokens after tailoring, over the "
            f"{budget:,} budget: the latest turn alone (from {latest}) does not fit", [latest])
    return total, StageResult("tailor", True, dropped > 0, reason, before, total, dropped), warning


def drop_rounds(a: Analysis, cur: list[int], actions: list[Action], summaries: list[SummarySpec],
                total: int, budget: int) -> tuple[int, int, int]:
    """Drop whole oldest rounds (system messages stay) until `total` fits `budget`.

    Before the latest user message, rounds are whole user turns; after it, any safe
    point (between complete tool rounds) starts one, so a single-request agent loop
    can be tailored too. A tool call and its results always go together; the latest
    user message and the latest round are never dropped.
    """
    n = a.n
    roles = a.roles
    gone = (Action.SUMMARIZE, Action.PRESERVE, Action.DROP)
    # The leading prompt stays, a system prompt stored as a user message included.
    kept = [i for i in range(a.leading_system, n) if actions[i] not in gone and roles[i] not in SYSTEM_ROLES]
    if not kept:
        return 0, total, n
    kept_set = set(kept)
    users = a.user_positions
    current = users[-1] if users and users[-1] in kept_set else -1
    bounds = [kept[0]] + [p for p in a.turn_starts() if kept[0] < p <= current and p in kept_set]
    bounds += [p for p in kept if p > max(current, kept[0]) and a.safe[p]]
    latest = bounds[-1]
    # A user-injected summary sits at the start of the first kept round and goes with it.
    evictable = [s for s in summaries if s.injection == "user"]
    dropped = 0
    for r in range(len(bounds) - 1):
        if total <= budget:
            break
        lo, hi = bounds[r], bounds[r + 1]
        if lo <= current < hi:
            continue  # the current request stays
        for i in range(lo, hi):
            if i in kept_set:
                total -= cur[i]
                cur[i] = 0
                actions[i] = Action.DROP
                dropped += 1
        for s in evictable:
            if s.estimated_tokens and s.insert_at < hi:
                total -= s.estimated_tokens
                s.estimated_tokens = 0
                s.injection = EVICTED
    return dropped, total, latest
