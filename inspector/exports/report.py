"""The JSON compaction report: config, plan, stats and lineage.

`compaction_stats` is also what the workspace stores with each version.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from inspector.engine.applier import Compacted
from inspector.engine.models import Session
from inspector.engine.planning import Plan
from inspector.engine.validation import validate

REPORT_VERSION = 1


def compaction_stats(compacted: Compacted) -> dict[str, Any]:
    """Tokens before/after (exact, with the plan's counter), saved per stage, summaries."""
    plan = compacted.plan
    after = compacted.total_after if compacted.tokens_after else plan.total_after
    stats = _plan_stats(plan)
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


def _plan_stats(plan: Plan) -> dict[str, Any]:
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


def _change(session: Session, m, origin: list[int]) -> str:
    if m.kind == "summary":
        return "summary"
    if m.meta.get("inspector_summary") is not None:
        return "merged"  # a kept message that now carries the summary
    reduced = m.meta.get("inspector_reduced")
    if reduced:
        return "truncated" if reduced == "truncate" else "cleared"
    if len(origin) == 1 and session.messages[origin[0]].content_hash == m.content_hash:
        return "unchanged"
    return "rewritten"


def lineage(session: Session, compacted: Compacted) -> list[dict[str, Any]]:
    """Which original messages became which compacted ones."""
    out = []
    originals = session.messages
    for k, (m, origin) in enumerate(zip(compacted.messages, compacted.lineage)):
        entry: dict[str, Any] = {"position": k, "role": m.role, "kind": m.kind, "from": list(origin),
                                 "change": _change(session, m, origin)}
        ids = [originals[i].source_id for i in origin if i < len(originals) and originals[i].source_id]
        if ids:
            entry["source_ids"] = ids
        out.append(entry)
    return out


def _problems(problems) -> list[dict[str, Any]]:
    return [{"code": p.code, "severity": p.severity, "position": p.position, "detail": p.detail}
            for p in problems]


def report(session: Session, compacted: Compacted | None = None, plan: Plan | None = None) -> dict[str, Any]:
    """The report as a JSON-ready dict. Needs the applied result or at least the plan."""
    from inspector.engine import ENGINE_VERSION

    if compacted is None and plan is None:
        raise ValueError("a compaction report needs the compacted result or the plan")
    plan = compacted.plan if compacted is not None else plan
    assert plan is not None
    out: dict[str, Any] = {
        "report": "inspector-compaction",
        "report_version": REPORT_VERSION,
        "engine_version": ENGINE_VERSION,
        "generated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "applied": compacted is not None,
        "session": {
            "id": session.id,
            "source_format": session.source_format,
            "source_path": session.source_path,
            "title": session.title,
            "model": session.model,
            "messages": len(session.messages),
        },
        "config": plan.config.model_dump(mode="json"),
        "plan": plan.to_dict(messages=True),
    }
    if compacted is not None:
        kept = {i for origin in compacted.lineage for i in origin}
        out["stats"] = compaction_stats(compacted)
        out["lineage"] = lineage(session, compacted)
        out["removed"] = [i for i in range(len(session.messages)) if i not in kept]
        out["offloads"] = [
            {"id": o.id, "position": o.position, "kind": o.kind, "tool_name": o.tool_name,
             "tool_call_id": o.tool_call_id, "chars": len(o.content)}
            for o in compacted.offloads
        ]
        out["problems"] = {"before": _problems(validate(session.messages)),
                           "after": _problems(validate(compacted.messages))}
    else:
        out["stats"] = _plan_stats(plan)
        out["lineage"] = None
    return out
