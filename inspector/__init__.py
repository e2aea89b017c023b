"""inspector: see, preview, tune and apply the compaction of LLM agent sessions.

`from inspector import Compactor` is the runtime API an agent imports; names are
resolved lazily so `import inspector` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "Compactor": "inspector.runtime",
    "MemoryOffloadStore": "inspector.runtime",
    "WorkspaceOffloadStore": "inspector.runtime",
    "OffloadNotFound": "inspector.runtime",
    "CompactionConfig": "inspector.engine.config",
    "SummaryEvent": "inspector.engine.summarize",
    "SummaryFailed": "inspector.engine.summarize",
    "CompactionFailed": "inspector.engine.applier",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'inspector' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
