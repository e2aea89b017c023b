"""Sweep results kept in the workspace, so an interrupted sweep resumes.

One row per session replayed under one config: table `sweep_results`, keyed by the
source, the session id, the config's digest (the config, the knob's value in it, and
the model whose prices apply) and the inspector version (a new version may replay
differently, so its results are never mixed with an older one's). The result is
the JSON the sweep merges. The table is a cache: created when first used (not a
schema migration), rows are replaced when the same key is replayed again, and
nothing else in the workspace refers to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from inspector.workspace.database import Workspace

TABLE = "sweep_results"
KEY = ("source", "session_id", "config_digest", "inspector_version")


class SweepResults:
    """Results of sweeps in `workspace` (see the module docstring)."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        with workspace._write():
            workspace.db.table(TABLE).create(
                {"source": str, "session_id": str, "config_digest": str, "inspector_version": str, "result": str},
                pk=KEY, not_null=set(KEY) | {"result"}, if_not_exists=True)

    def found(self, source: str, config_digest: str, version: str) -> dict[str, str]:
        """session id -> result JSON, for every session of `source` kept under this
        config and version."""
        rows = self.workspace._query(
            f"SELECT session_id, result FROM {TABLE} WHERE source = ? AND config_digest = ? "
            "AND inspector_version = ?", (source, config_digest, version))
        return dict(rows)

    def keep(self, source: str, version: str, results: Iterable[tuple[str, str, str]]) -> None:
        """Store (session id, config digest, result JSON) rows, in one transaction."""
        rows = [{"source": source, "session_id": sid, "config_digest": digest, "inspector_version": version,
                 "result": result} for sid, digest, result in results]
        if not rows:
            return
        with self.workspace._write():
            self.workspace.db.table(TABLE).upsert_all(rows, pk=KEY)
