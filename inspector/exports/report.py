"""The JSON compaction report: config, plan, stats (`inspector.engine.stats`) and lineage."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from inspector.engine.applier import Compacted
from inspector.engine.models import Session
from inspector.engine.planning import Plan
from inspector.engine.stats import compaction_stats, plan_stats
from inspector.engine.validation import validate

REPORT_VERSION = 1


def _change(session: Session, m: Any, origin: list[int]) -> str:
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


def _problems(problems: Any) -> list[dict[str, Any]]:
    return [{"code": p.code, "severity": p.severity, "position": p.position, "detail": p.detail}
            for p in problems]


def report(session: Session, compacted: Compacted | None = None, plan: Plan | None = None,
           fidelity: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report as a JSON-ready dict. Needs the applied result or at least the plan.

    Args:
        session: the original session.
        compacted: the applied compaction, if any.
        plan: the plan, when nothing was applied.
        fidelity: what the compaction kept of what it removed, per category
            (`service.pipeline.measure_fidelity(...).to_dict()`); None when not measured.

    Returns:
        The report: config, plan, stats, fidelity, and for an applied compaction the
        lineage, removed positions, offloads and provider problems.
    """
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
        "fidelity": fidelity,
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
        out["stats"] = plan_stats(plan)
        out["lineage"] = None
    return out
