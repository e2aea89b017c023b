"""Hostile input (issue 15): strings a crafted session file or a model carries to attack
the terminal (OSC 52 clipboard, OSC 2 title, CSI clear, 8-bit CSI, markup, newlines, bidi
overrides) reach no terminal raw: every CLI command, every export, the TUI (its rendered
segments). JSON exports keep the data exact."""

from __future__ import annotations

import json

import pytest

from inspector.exports.catalog import EXPORT_FORMATS
from tests.bad_inputs.cases import (
    HERE,
    HOSTILE_ID,
    HOSTILE_TITLE,
    HOSTILE_TOOL,
    HOSTILE_TOOL2,
    OSC2,
)
from tests.conftest import run_cli as run
from tests.formats.test_terminal import assert_inert

HOSTILE_FILES = ["hostile-names.json", "cc-hostile-names.jsonl"]


pytestmark = pytest.mark.usefixtures("workspace")


def inert_lines(text: str) -> None:
    for line in text.splitlines():
        assert_inert(line)


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_stats_plan_apply_versions_print_nothing_raw(name, capsys):
    path = HERE / name
    for argv in (("stats", path, "--estimate"), ("plan", path), ("apply", path, "--summarizer", "extractive"),
                 ("versions",)):
        code, out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
        inert_lines(out)
        inert_lines(err)
    code, out, _ = run(capsys, "stats", path, "--estimate")
    # the id stays on one line of the table (its newline shown as ␊), markup as written
    (row,) = [line for line in out.splitlines() if line.startswith("x[/]y[bold=]")]
    assert "\u241b]2;pwned\u2407\u240a\ufffdtxt.exe" in row
    code, out, _ = run(capsys, "plan", path)
    assert out.splitlines()[0].startswith("session x[/]y[bold=]\u241b]2;pwned")


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_json_output_keeps_the_data_exact(name, capsys):
    code, out, _ = run(capsys, "stats", HERE / name, "--json", "--estimate")
    assert code == 0
    assert json.loads(out)["sessions"][0]["id"] == HOSTILE_ID


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_every_export_neutralises_text_and_keeps_json_exact(fmt, capsys, tmp_path):
    path = HERE / "hostile-names.json"
    out = tmp_path / f"out.{fmt}"
    code, stdout, err = run(capsys, "export", path, "-f", fmt, "-o", out, "--preset", "none")
    assert code == 0, err
    inert_lines(stdout)
    inert_lines(err)
    assert "wrote" in err
    if fmt == "markdown":
        assert_inert(out.read_text(encoding="utf-8"), newlines=True)
        assert "[/]bash\u241b]52;c;" in out.read_text(encoding="utf-8")
    elif fmt == "report":  # JSON: the data exact
        assert json.loads(out.read_text(encoding="utf-8"))["session"]["id"] == HOSTILE_ID
    elif fmt != "openai-agents-sqlite":  # the JSON exports read back
        code, stdout, _ = run(capsys, "stats", out, "--json", "--estimate")
        assert code == 0


def test_openai_json_export_reads_back_with_the_exact_names(capsys, tmp_path):
    out = tmp_path / "out.json"
    assert run(capsys, "export", HERE / "hostile-names.json", "-f", "openai-json", "-o", out,
               "--preset", "none")[0] == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    messages = doc["messages"] if isinstance(doc, dict) else doc
    names = [c["function"]["name"] for m in messages for c in m.get("tool_calls") or []]
    assert names == [HOSTILE_TOOL, HOSTILE_TOOL2]
    assert messages[-1]["content"].startswith("Done.")


def test_choose_one_with_session_is_one_inert_line(capsys, tmp_path):
    path = tmp_path / "two.jsonl"
    line = {"id": HOSTILE_ID, "messages": [{"role": "user", "content": "hi"}]}
    path.write_text(json.dumps(line) + "\n" + json.dumps({**line, "id": OSC2 + "b"}) + "\n")
    code, out, err = run(capsys, "plan", path)
    assert code == 2 and "choose one with --session" in err
    assert err.count("\n") == 1
    assert_inert(err.rstrip("\n"))


def test_a_hostile_title_in_markdown_is_one_heading_line(capsys, tmp_path):
    out = tmp_path / "t.md"
    assert run(capsys, "export", HERE / "hostile-names.json", "-f", "markdown", "-o", out, "--preset", "none")[0] == 0
    first = out.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# [/]title \u241b]52;c;") and "\u241b[H" in first
    assert first.index(" (compacted)") == len("# " + HOSTILE_TITLE)


# -------------------------------------------------------------------------------- TUI


def screen_text(app) -> str:
    """Every segment the app's screen would send to the terminal, as one string."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(seg.text for strip in line for seg in strip) for line in update.strips)


@pytest.mark.anyio
@pytest.mark.parametrize("name", HOSTILE_FILES)
async def test_tui_shows_hostile_names_as_written_and_inert(name, app_env):
    from inspector.tui.app import create_app
    from inspector.tui.screens.session import SessionScreen
    from tests.tui.helpers import settings, settle

    app = create_app(HERE / name, workspace=app_env / "ws.db", settings=settings())
    app.auto_open_single = False
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        assert app.is_running and app.session_rows
        text = screen_text(app)
        for line in text.splitlines():
            assert_inert(line)
        if name == "hostile-names.json":  # the title, markup shown as written
            assert "[/]title \u241b]52;c;" in text
        app.open_session(app.session_rows[0].id)
        await settle(pilot, app)
        assert isinstance(app.screen, SessionScreen)
        text = screen_text(app)
        for line in text.splitlines():
            assert_inert(line)
        assert "[/]bash\u241b]52" in text  # the heatmap's tool column
        app.notify(HOSTILE_ID + "[/]", title=HOSTILE_TOOL2)  # a load error with brackets
        await settle(pilot, app)
        for line in screen_text(app).splitlines():
            assert_inert(line)
        assert app.is_running


def _deep(n: int) -> dict:
    v: dict = {}
    for _ in range(n):
        v = {"x": v}
    return v


@pytest.mark.anyio
async def test_a_deep_session_stored_earlier_does_not_stop_the_workspace_opening(app_env):
    """A session nested ~250 levels (stored before the depth limit existed) once made
    `inspector open` crash on every start: now its load fails alone, with one line."""
    from inspector.engine.models import Message, Part, Session
    from inspector.service.opening import import_source
    from inspector.tui.app import create_app
    from inspector.workspace.database import Workspace, WorkspaceError
    from tests.tui.helpers import settings, settle

    deep = Session(id="deep", source_format="openai-chat", messages=[
        Message(role="user", parts=[Part(text="hi")], raw=_deep(250)),
        Message(role="assistant", parts=[Part(text="ok")])]).renumber()
    with Workspace(app_env / "ws.db") as ws:
        wid = ws.add_session(deep)
        import_source(ws, HERE / "hostile-names.json")
        try:
            loaded = ws.load_session(wid)
        except WorkspaceError as exc:
            assert "\n" not in str(exc) and "deep" in str(exc)
        else:
            assert loaded.messages[0].raw == _deep(250)
    app = create_app(None, workspace=app_env / "ws.db", settings=settings())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert app.is_running and len(app.session_rows) == 2
        app.open_session(wid)
        await settle(pilot, app)
        assert app.is_running


def test_a_model_summary_with_escape_sequences_is_stored_inert():
    """A summary model that answers with OSC 52 / CSI: what is stored and shown has the
    escapes made visible (lines kept)."""
    from inspector.llm import LiteLLMSummarizer
    from tests.bad_inputs.cases import CSI, OSC52
    from tests.llm.test_llm import OK_SUMMARY, litellm_mock, request

    answer = f"{OK_SUMMARY}\n{OSC52}{CSI}done"
    completion, _ = litellm_mock([answer])
    s = LiteLLMSummarizer(["gpt-4o-mini"], completion=completion, retries=0)
    text = s.summarize(request()).text
    assert_inert(text, newlines=True)
    assert text.endswith("\u241b]52;c;cm0gLXJmIH4K\u2407\u241b[2J\u241b[Hdone") and "\n" in text


@pytest.mark.anyio
async def test_the_command_palette_lists_a_hostile_session_id_inert(app_env):
    """Sessions kept in memory keep their source's id; the palette (ctrl+p) parses a
    plain string as markup, so "[/]" in an id once raised a MarkupError there."""
    from inspector.engine.models import Message, Part, Session
    from inspector.service.store import MemoryStore
    from inspector.tui.app import InspectorApp
    from tests.tui.helpers import settings, settle

    session = Session(id=HOSTILE_ID, source_format="openai-chat",
                      messages=[Message(role="user", parts=[Part(text="hi")])]).renumber()
    app = InspectorApp(MemoryStore([session]), settings=settings())
    app.auto_open_single = False
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        for keys in (("ctrl+p",), tuple("session")):  # listed, then searched (highlighted)
            await pilot.press(*keys)
            await settle(pilot, app)
            await pilot.pause(0.3)
            assert app.is_running
            text = screen_text(app)
            for line in text.splitlines():
                assert_inert(line)
            assert "Open session x[/]y[bold=]\u241b]2;pwned" in text
