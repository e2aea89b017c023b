"""Issue 17.3, one count for one thing: the same session, config and summaries give
the same total in the CLI plan, the TUI's sessions list, plan and compacted-context
view, the export and `stats` of the exported file; apply, the version row and its
stats agree; a figure that depends on a summary not generated yet is marked as an
estimate."""

from __future__ import annotations

import json
import re

from inspector.cli.main import main
from tests.conftest import SWE_AGENT

SOURCE = SWE_AGENT / "function_calling_simple.traj"
ARGS = ["--preset", "balanced", "--set", "reduction.truncation.max_chars=300",
        "--set", "reduction.clear.trigger_tokens=1000", "--set", "reduction.clear.at_least_tokens=0",
        "--set", "summarization.trigger.context_tokens=1000", "--set", "summarization.keep.tokens=400"]


def _config():
    from inspector.engine.config import preset

    return preset("balanced").with_set(ARGS[3::2])


def _plan_json(capsys, *argv) -> dict:
    assert main(["plan", *map(str, argv), *ARGS, "--json"]) == 0
    return json.loads(capsys.readouterr()[0])


def test_one_total_for_one_session_config_and_summaries(tmp_path, monkeypatch, capsys):
    from inspector.service.pipeline import plan_session
    from inspector.tui.data import WorkspaceData
    from inspector.tui.screens.preview import ContextScreen
    from inspector.workspace.database import Workspace

    ws_path = tmp_path / "ws.db"
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(ws_path))

    # Before any summary exists the total is an estimate, and says so.
    before = _plan_json(capsys, SOURCE)
    assert before["summaries"] and before["tokens_after_estimated"] is True

    assert main(["apply", str(SOURCE), *ARGS, "--json"]) == 0
    applied = json.loads(capsys.readouterr()[0])
    wid, vid = applied["session"], applied["version"]
    with Workspace(ws_path) as ws:
        info = ws.version_info(vid)
    assert applied["tokens_after"] == info.tokens_after == info.stats["tokens_after"]
    assert main(["versions", "--json"]) == 0
    assert json.loads(capsys.readouterr()[0])[0]["tokens_after"] == applied["tokens_after"]

    # The summary now exists: every view of the same session agrees, exactly.
    plan = _plan_json(capsys, ws_path, "-s", wid)
    assert plan["tokens_after_estimated"] is False
    total = plan["tokens_after"]

    out = tmp_path / "out.json"
    assert main(["export", str(ws_path), "-s", wid, *ARGS, "-f", "openai-json", "-o", str(out)]) == 0
    err = capsys.readouterr()[1]
    assert re.search(rf"-> {total:,} tokens; wrote", err), err
    # `stats` of the exported file counts it as the plan does (reply priming included).
    assert main(["stats", str(out), "--json"]) == 0
    (exported,) = json.loads(capsys.readouterr()[0])["sessions"]
    assert exported["tokens"] == total

    data = WorkspaceData(Workspace(ws_path))
    session = data.load_session(wid)
    config = _config()
    from inspector.engine.planning.planner import counter_for

    counter = counter_for(config)
    tui_plan = plan_session(session, config, counter=counter, token_cache=data.token_cache(),
                            summary_cache=data.summary_cache())
    assert tui_plan.total_after == total
    # The sessions list shows the session as the plan counts it before compaction.
    (row,) = [r for r in data.list_sessions(counter) if r.id == wid]
    assert row.tokens == tui_plan.total_before == plan["tokens_before"]
    screen = ContextScreen.for_plan(session, tui_plan, counter, data.summary_cache())
    assert screen.build is not None
    _, line = screen.build()
    assert f"{total:,} tokens as the model would receive them" in line and "estimated" not in line

    # Without the summary the context view marks the plan's figure as an estimate.
    _, pending = ContextScreen.for_plan(session, tui_plan, counter, None).build()
    assert f"about {tui_plan.total_after:,} tokens once it is (estimated)" in pending
