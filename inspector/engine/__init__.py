"""inspector's compaction engine: a library with no UI and no LLM import.

    from inspector.engine import Session, CompactionConfig, plan, apply

Names are exported lazily so that importing one piece stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspector.engine.lazy import lazy_exports

_EXPORTS = {
    # models
    "Session": "models", "Message": "models", "Part": "models", "ToolCall": "models", "Usage": "models",
    # tokens
    "TokenCounter": "tokens", "TiktokenCounter": "tokens", "EstimateCounter": "tokens",
    "TokenCache": "tokens", "make_counter": "tokens", "count_messages": "tokens",
    "CounterUnavailable": "tokens",
    # config
    "CompactionConfig": "config", "ConfigError": "config", "PRESETS": "config", "preset": "config",
    # analysis, planning, validation
    "analyze": "analysis", "Analysis": "analysis",
    "plan": "planning", "Plan": "planning", "counter_for": "planning", "Action": "planning",
    "validate": "validation", "Problem": "validation", "new_problems": "validation",
    # apply and summaries
    "apply": "applier", "materialize": "applier", "Compacted": "applier",
    "Offload": "applier", "CompactionFailed": "applier", "MemorySummaryCache": "applier",
    "InvariantViolated": "applier",
    "Summarizer": "summarize", "ExtractiveSummarizer": "summarize",
    "SummaryFailed": "summarize",
    "SummaryRejected": "summarize", "SummaryEvent": "summarize",
    "calibration": "calibration",
}

__all__ = sorted(_EXPORTS)

ENGINE_VERSION = "1"


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.analysis import Analysis, analyze
    from inspector.engine.applier import (
        Compacted,
        CompactionFailed,
        InvariantViolated,
        MemorySummaryCache,
        Offload,
        apply,
        materialize,
    )
    from inspector.engine.calibration import calibration
    from inspector.engine.config import PRESETS, CompactionConfig, ConfigError, preset
    from inspector.engine.models import Message, Part, Session, ToolCall, Usage
    from inspector.engine.planning import Action, Plan, counter_for, plan
    from inspector.engine.summarize import (
        ExtractiveSummarizer,
        Summarizer,
        SummaryEvent,
        SummaryFailed,
        SummaryRejected,
    )
    from inspector.engine.tokens import (
        CounterUnavailable,
        EstimateCounter,
        TiktokenCounter,
        TokenCache,
        TokenCounter,
        count_messages,
        make_counter,
    )
    from inspector.engine.validation import Problem, new_problems, validate
