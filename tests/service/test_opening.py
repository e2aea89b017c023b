"""Opening sources through the service: a directory is a source of many sessions
(issue 17.6: "a directory of sessions cannot be opened")."""

from __future__ import annotations

import pytest

from tests.conftest import SWE_AGENT


def test_a_directory_imports_as_a_source_of_many_sessions(tmp_path):
    from inspector.service.opening import import_source
    from inspector.workspace.database import Workspace

    trajs = sorted(SWE_AGENT.glob("*.traj"))
    progress = []
    with Workspace(tmp_path / "ws.db") as ws:
        report = import_source(ws, SWE_AGENT, progress=lambda done, total: progress.append((done, total)))
        assert len(report.session_ids) == len(trajs) == len(report.new)
        assert report.format == "swe-agent"
        assert any("LICENSE" in s for s in report.skipped)  # not a session file: named, not fatal
        assert progress[-1][0] == progress[-1][1]
        again = import_source(ws, SWE_AGENT)
        assert sorted(again.unchanged) == sorted(report.session_ids)


def test_the_tui_opens_a_directory(tmp_path):
    from inspector.engine.tokens import EstimateCounter
    from inspector.service.store import open_store

    trajs = sorted(SWE_AGENT.glob("*.traj"))
    data = open_store(SWE_AGENT, tmp_path / "ws.db").data
    rows = data.list_sessions(EstimateCounter(4.0))
    assert len(rows) == len(trajs)
    assert any("LICENSE" in n for n in data.take_notes())
    memory = open_store(SWE_AGENT, None, use_workspace=False)
    assert len(memory.data.list_sessions(EstimateCounter(4.0))) == len(trajs)
    assert any("LICENSE" in n for n in memory.notes)


def test_an_empty_directory_is_named(tmp_path):
    from inspector.service.opening import import_source
    from inspector.service.pipeline import PipelineError
    from inspector.workspace.database import Workspace

    (tmp_path / "empty").mkdir()
    with Workspace(tmp_path / "ws.db") as ws, pytest.raises(PipelineError, match="empty directory"):
        import_source(ws, tmp_path / "empty")
