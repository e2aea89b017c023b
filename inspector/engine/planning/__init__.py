"""Planning: what compaction would do to a session (`plan`), stage by stage.

Named `planning`, not `plan`: a submodule named like the function `plan` would
replace it on `inspector.engine` as soon as it is imported (DEVELOPERS.md).
"""

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

__all__ = ["Action", "Cutoff", "Plan", "PlanWarning", "Reduction", "StageResult", "SummarySpec",
           "TriggerCheck", "counter_for", "plan"]
