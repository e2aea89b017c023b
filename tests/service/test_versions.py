"""compact_and_save: concurrent applies take distinct version numbers and count what
the plan counted, and the fewest plans an apply needs."""

from __future__ import annotations

import re
import threading

import pytest

from inspector.cli.main import main
from tests.conftest import SWE_AGENT

TRAJ = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
SUMMARIZE = ["--preset", "sagents", "--set", "summarization.trigger.context_tokens=8000"]


def _config():
    from inspector.engine.config import preset

    return preset("sagents").with_set(["summarization.trigger.context_tokens=8000"])


def test_inspector_apply_plans_twice_first_plan_then_exact_replan(tmp_path, monkeypatch, capsys):
    """One `inspector apply` used to call plan() four times (plus two for its cost
    line); the first plan names the summaries, the exact re-plan sizes them."""
    import inspector.engine.planning.planner as planner

    calls = []
    real = planner.plan

    def counting(*args, **kwargs):
        calls.append(kwargs.get("summary_tokens"))
        return real(*args, **kwargs)

    monkeypatch.setattr(planner, "plan", counting)
    code = main(["apply", str(TRAJ), "-w", str(tmp_path / "ws.db"), *SUMMARIZE])
    _, err = capsys.readouterr()
    assert code == 0, err
    assert len(calls) == 2
    assert calls[0] is None and calls[1]  # the second one is the exact re-plan


def test_apply_with_nothing_to_summarize_plans_once(tmp_path, monkeypatch, capsys):
    import inspector.engine.planning.planner as planner

    calls = []
    real = planner.plan
    monkeypatch.setattr(planner, "plan", lambda *a, **k: calls.append(1) or real(*a, **k))
    code = main(["apply", str(TRAJ), "-w", str(tmp_path / "ws.db"), "--preset", "none"])
    _, err = capsys.readouterr()
    assert code == 0, err
    assert len(calls) == 1


def test_two_concurrent_applies_take_distinct_versions_and_count_as_planned(tmp_path):
    """Both applies generate their summaries before either stores; the version
    number is taken in the write transaction, so they are stored as v1 and v2. The
    hint names the offload id, not the version (issue 17.3: naming the version made
    apply count ~12 tokens more than plan, preview and export), and it resolves."""
    from inspector.engine.summarize import ExtractiveSummarizer
    from inspector.service.versions import compact_and_save
    from inspector.sources.swe_agent import read_traj
    from inspector.workspace.database import Workspace

    path = tmp_path / "ws.db"
    with Workspace(path) as ws:
        stored = ws.import_session(read_traj(TRAJ))
    both_generating = threading.Barrier(2, timeout=30)

    class Slow(ExtractiveSummarizer):
        def summarize(self, request, on_event=None):
            both_generating.wait()  # both are generating before either stores
            return super().summarize(request, on_event)

    saved, errors = [], []

    def one() -> None:
        try:
            with Workspace(path) as w:
                saved.append(compact_and_save(w, stored, _config(), summarizer=Slow()))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=one) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    ids = sorted(s.version_id for s in saved)
    assert ids == [f"{stored.id}@v1", f"{stored.id}@v2"]
    from inspector.service.pipeline import plan_session

    with Workspace(path) as ws:
        planned = plan_session(stored, _config(), summary_cache=ws.summary_cache())
        assert all(spec.exact for spec in planned.summaries)
        for vid in ids:
            summaries = [m for m in ws.load_version(vid).messages if m.kind == "summary"]
            assert summaries, vid
            assert not any("workspace version" in m.text for m in summaries)
            for oid in re.findall(r'read_offload\(id="(off-[0-9a-f]{12})"\)', "".join(m.text for m in summaries)):
                assert ws.recover(oid)
            info = ws.version_info(vid)
            assert info.tokens_after == info.stats["tokens_after"] == planned.total_after


def test_a_failed_summary_stores_nothing(tmp_path):
    from inspector.engine.summarize import SummaryFailed
    from inspector.service.versions import compact_and_save
    from inspector.sources.swe_agent import read_traj
    from inspector.workspace.database import Workspace

    class Broken:
        name = "broken"
        extractive = False

        def summarize(self, request, on_event=None):
            raise SummaryFailed("the model is down", ["timeout"])

    config = _config().with_values({"summarization.on_failure": "raise"})
    with Workspace(tmp_path / "ws.db") as ws:
        stored = ws.import_session(read_traj(TRAJ))
        with pytest.raises(SummaryFailed):
            compact_and_save(ws, stored, config, summarizer=Broken())
        assert ws.list_versions(stored.id) == []
        # on_failure = keep (Sagents' default): the version keeps the messages the
        # summary would have replaced, and says so
        events = []
        saved = compact_and_save(ws, stored, _config(), summarizer=Broken(), on_event=events.append)
        assert [e.kind for e in events] == ["kept"]
        assert not saved.result.plan.summaries and not any(m.kind == "summary" for m in saved.result.messages)
        assert any(w.code == "summary_failed_kept" for w in saved.result.plan.warnings)
        assert [v.id for v in ws.list_versions(stored.id)] == [saved.version_id]


def test_import_session_returns_what_load_session_reads(tmp_path):
    from inspector.sources.swe_agent import read_traj
    from inspector.workspace.database import Workspace

    with Workspace(tmp_path / "ws.db") as ws:
        stored = ws.import_session(read_traj(TRAJ))
        loaded = ws.load_session(stored.id)
    assert stored.id == loaded.id
    assert stored.metadata == loaded.metadata
    assert [m.model_dump() for m in stored.messages] == [m.model_dump() for m in loaded.messages]


def test_inspector_apply_does_not_read_back_the_session_it_imported(tmp_path, monkeypatch, capsys):
    from inspector.workspace.database import Workspace

    def no_reread(self, session_id):
        raise AssertionError(f"read {session_id} back from the workspace")

    monkeypatch.setattr(Workspace, "load_session", no_reread)
    code = main(["apply", str(TRAJ), "-w", str(tmp_path / "ws.db"), *SUMMARIZE])
    _, err = capsys.readouterr()
    assert code == 0, err
