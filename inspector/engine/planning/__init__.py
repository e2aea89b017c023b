"""Planning: what compaction would do to a session (`plan`), stage by stage.

Named `planning`, not `plan`: a submodule named like the function `plan` would
replace it on `inspector.engine` as soon as it is imported (DEVELOPERS.md).

Names are exported lazily: a module that needs the plan's vocabulary only (`Action`,
`Reduction`: the app's colours, its first frame) imports `planning.results` without
loading the planner (tests/system/test_import_hygiene.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "counter_for": "planner", "plan": "planner",
    "Action": "results", "Cutoff": "results", "Plan": "results", "PlanWarning": "results",
    "Reduction": "results", "StageResult": "results", "SummarySpec": "results", "TriggerCheck": "results",
}

__all__ = ["Action", "Cutoff", "Plan", "PlanWarning", "Reduction", "StageResult", "SummarySpec",
           "TriggerCheck", "counter_for", "plan"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'inspector.engine.planning' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.planning.planner import counter_for, plan
    from inspector.engine.planning.results import (
        Action,
        Cutoff,
        Plan,
        PlanWarning,
        Reduction,
        StageResult,
        SummarySpec,
        TriggerCheck,
    )
