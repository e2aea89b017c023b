"""Planning: what compaction would do to a session (`plan`), stage by stage.

Named `planning`, not `plan`: a submodule named like the function `plan` would
replace it on `inspector.engine` as soon as it is imported (DEVELOPERS.md).

Names are exported lazily: a module that needs the plan's vocabulary only (`Action`,
`Reduction`: the app's colours, its first frame) imports `planning.results` without
loading the planner (tests/system/test_import_hygiene.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspector.engine.lazy import lazy_exports

_EXPORTS = {
    "counter_for": "planner", "plan": "planner",
    "Action": "results", "Cutoff": "results", "Plan": "results", "PlanWarning": "results",
    "Reduction": "results", "StageResult": "results", "SummarySpec": "results", "TriggerCheck": "results",
}

__all__ = ["Action", "Cutoff", "Plan", "PlanWarning", "Reduction", "StageResult", "SummarySpec",
           "TriggerCheck", "counter_for", "plan"]


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


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
