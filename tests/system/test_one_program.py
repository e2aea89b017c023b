"""The CLI and the TUI are one program: for the same session and config they store
identical version rows (`inspector apply` vs the Apply screen) and write
byte-identical exports (`inspector export` vs the Export screen)."""

from __future__ import annotations

import re

import pytest

from inspector.cli.main import main
from tests.conftest import SWE_AGENT
from tests.tui.helpers import open_session, settings, settle

TRAJ = SWE_AGENT / "function_calling_simple.traj"
SIZE = (160, 48)
FORMATS = ("openai-json", "openai-jsonl", "anthropic-json", "markdown", "report")
pytestmark = pytest.mark.anyio


@pytest.fixture
def cfg(tmp_path):
    from inspector.engine.config import preset
    from inspector.service.config import save_config

    path = tmp_path / "inspector.toml"
    save_config(preset("sagents").with_set(["summarization.trigger.context_tokens=1000",
                                            "reduction.truncation.enabled=true",
                                            "reduction.truncation.max_chars=300"]), path)
    return path


def _row(ws, vid):
    info = ws.version_info(vid)
    return {
        "id": info.id, "summarizer": info.summarizer, "config": info.config_toml, "stats": info.stats,
        "preset": info.preset, "counter": info.counter, "tokens": (info.tokens_before, info.tokens_after),
        "messages": [m.model_dump_json() for m in ws.load_version(vid).messages],
        "lineage": ws.version_lineage(vid), "offloads": [o.id for o in ws.list_offloads(vid)],
        "parent": info.parent, "engine": info.engine_version,
    }


async def test_cli_and_tui_store_identical_versions_and_write_identical_exports(tmp_path, cfg, monkeypatch,
                                                                                capsys):
    from textual.widgets import Input, Select

    from inspector.service.config import load_config
    from inspector.tui.app import create_app
    from inspector.tui.screens.apply import ApplyScreen
    from inspector.tui.screens.export import ExportScreen
    from inspector.workspace.database import Workspace

    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "default.db"))
    cli_ws, tui_ws = tmp_path / "cli.db", tmp_path / "tui.db"
    code = main(["apply", str(TRAJ), "-w", str(cli_ws), "--config", str(cfg)])
    out, err = capsys.readouterr()
    assert code == 0, err
    cli_vid = out.strip()

    app = create_app(TRAJ, workspace=tui_ws, settings=settings(), config=load_config(cfg))
    tui_out = tmp_path / "tui"
    tui_out.mkdir()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_session(pilot, app, "function_calling")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ApplyScreen)
        await pilot.click("#apply-go")
        await settle(pilot, app)
        assert app.last_version is not None
        tui_vid = app.last_version.version_id
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        for fmt in FORMATS:
            await pilot.press("e")
            await pilot.pause()
            dlg = app.screen
            assert isinstance(dlg, ExportScreen)
            dlg.query_one("#export-format", Select).value = fmt
            await pilot.pause()
            dlg.query_one("#export-path", Input).value = str(tui_out / fmt)
            await pilot.click("#export-go")
            await settle(pilot, app)
            assert app.last_export == (tui_out / fmt, fmt)
            await pilot.press("escape")
            await pilot.pause()
        session_id = screen.session_id

    assert cli_vid == tui_vid
    with Workspace(cli_ws) as a, Workspace(tui_ws) as b:
        row = _row(a, cli_vid)
        assert row == _row(b, tui_vid)
    assert row["offloads"] and any('"kind":"summary"' in m for m in row["messages"])  # both stages ran

    cli_out = tmp_path / "cli"
    cli_out.mkdir()
    hints = 0
    for fmt in FORMATS:
        code = main(["export", str(tui_ws), "-s", session_id, "--config", str(cfg), "-f", fmt,
                     "-o", str(cli_out / fmt)])
        _, err = capsys.readouterr()
        assert code == 0, err
        cli_bytes, tui_bytes = (cli_out / fmt).read_bytes(), (tui_out / fmt).read_bytes()
        if fmt == "report":  # the one field that differs: when it was written
            cli_bytes, tui_bytes = (re.sub(rb'"generated_at": "[^"]*"', b"", b) for b in (cli_bytes, tui_bytes))
        assert cli_bytes == tui_bytes, fmt
        # The TUI's export kept what it removed: its recovery hints resolve (issue 17.2).
        for oid in sorted({m.decode() for m in re.findall(rb"off-[0-9a-f]{8,}", tui_bytes)}):
            assert main(["recover", oid, "-w", str(tui_ws)]) == 0, oid
            assert capsys.readouterr()[0]
            hints += 1
    assert hints
