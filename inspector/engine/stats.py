"""What a compaction did, as plain data: what the workspace stores with each version
and the JSON report includes."""

from __future__ import annotations

from typing import Any

from inspector.engine.applier import Compacted
from inspector.engine.planning import Plan


def compaction_stats(compacted: Compacted) -> dict[str, Any]:
    """Tokens before/after (exact, with the plan's counter), saved per stage, summaries."""
    plan = compacted.plan
    after = compacted.total_after if compacted.tokens_after else plan.total_after
    stats = plan_stats(plan)
    stats.update({
        "tokens_after": after,
        "tokens_after_planned": plan.total_after,
        "saved": plan.total_before - after,
        "messages_after": len(compacted.messages),
        "summaries": [
            {"key": g.key, "model": g.model, "extractive": g.extractive, "start": g.start, "end": g.end,
             "chars": len(g.text)}
            for g in compacted.summaries
        ],
        "offloads": {"count": len(compacted.offloads), "chars": sum(len(o.content) for o in compacted.offloads)},
    })
    return stats


def plan_stats(plan: Plan) -> dict[str, Any]:
    """Tokens before/after as planned, the actions, and what each stage did."""
    return {
        "counter": plan.counter,
        "counter_exact": plan.counter_exact,
        "preset": plan.config.preset,
        "context_window": plan.context_window,
        "triggered": plan.triggered,
        "tokens_before": plan.total_before,
        "tokens_after": plan.total_after,
        "saved": plan.saved,
        "messages_before": len(plan.actions),
        "actions": plan.action_counts(),
        "stages": [
            {"name": s.name, "enabled": s.enabled, "ran": s.ran, "reason": s.reason,
             "tokens_before": s.tokens_before, "tokens_after": s.tokens_after, "saved": s.saved,
             "messages": s.messages}
            for s in plan.stages
        ],
    }
