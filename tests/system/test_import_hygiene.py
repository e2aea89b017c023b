"""The engine and the store are libraries: no Textual, no litellm at import time."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imported(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(','.join(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(out.stdout.strip().split(","))


LIBRARIES = [
    "inspector.engine",
    "inspector.engine.planning",
    "inspector.engine.applier",
    "inspector.engine.summarize",
    "inspector.formats.openai_chat",
    "inspector.workspace",
    "inspector.sources.swe_agent",
    "inspector.sources.registry",
    "inspector.sources.probing",
    "inspector.sources.jsonio",
    "inspector.sources.openai_agents",
    "inspector.sources.adk",
    "inspector.sources.llm_cli",
    "inspector.sources.claude_code",
    "inspector.sources.codex",
    "inspector.sources.openai_chat",
    "inspector.workspace.database",
    "inspector.workspace.migrations",
    "inspector.exports.registry",
    "inspector.sources.anthropic_json",
    "inspector.cli.stats",
    "inspector",
]

# Using the engine, not just importing it: a lazy import must stay lazy.
USE_ENGINE = (
    "from inspector.engine import plan, preset, make_counter, apply\n"
    "from tests.sessions import agent_session\n"
    "s = agent_session(rounds=6)\n"
    "cfg = preset('balanced').with_values({'summarization.trigger.context_ratio': 0.0,"
    " 'summarization.trigger.messages': 5, 'summarization.keep.messages': 2, 'summarization.keep.mode': 'messages'})\n"
    "apply(s, plan(s, cfg))\n"
)


def _imported_after_each(steps: list[str]) -> list[set[str]]:
    """Run each step's code in turn in one fresh interpreter; the top-level modules
    loaded after each step."""
    probe = "import json, sys\n" + "".join(
        f"exec({code!r})\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))\n" for code in steps)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    return [set(json.loads(line)) for line in out.stdout.splitlines()]


def test_library_imports_neither_textual_nor_litellm():
    """Each library module imported in turn, then the engine used, in one fresh
    interpreter (one interpreter per module cost ~1.2 s of CPU each, 22 of them): nothing
    is unloaded, so the first step after which Textual or litellm is loaded is the one
    that loads it, and it is named."""
    steps = [f"import {module}" for module in LIBRARIES] + [USE_ENGINE]
    loaded = _imported_after_each(steps)
    assert len(loaded) == len(steps)
    assert "inspector" in loaded[0] and "tests" in loaded[-1]  # the steps ran, in this order
    for step, mods in zip(steps, loaded):
        assert "textual" not in mods, step
        assert "litellm" not in mods, step


def test_cli_help_imports_nothing_heavy():
    mods = _imported("from inspector.cli.main import main\nmain(['--help'])")
    for heavy in ("textual", "litellm", "pydantic", "tiktoken", "langgraph", "sqlalchemy", "psycopg"):
        assert heavy not in mods, heavy


def test_frameworks_load_only_with_their_adapters(tmp_path):
    """`import inspector`, the CLI and the ADK / Claude Code write-back (pure sqlite and
    JSON) load none of the agent frameworks; their adapters import them lazily."""
    mods = _imported(
        "import inspector, inspector.cli.main, inspector.formats.genai, inspector.formats.langchain\n"
        "from inspector.exports.registry import export_session\n"
        "from tests.sessions import agent_session\n"
        "s = agent_session(rounds=3)\n"
        f"export_session(s, 'adk-sqlite', {str(tmp_path / 'adk.db')!r})\n"
        f"export_session(s, 'claude-code', {str(tmp_path / 'cc.jsonl')!r})\n"
    )
    for framework in ("langchain", "langchain_core", "langgraph", "google", "agents", "litellm"):
        assert framework not in mods, framework


# What the app's first frame (the sessions list) does without: the first plan loads them
# (bench `tui_first_frame_vs_textual`). Each was imported at start-up once, through a
# name used only in annotations or in one method.
NOT_AT_START = ("inspector.engine.applier", "inspector.engine.planning.planner", "inspector.engine.analysis",
                "inspector.engine.flow", "inspector.engine.summarize", "inspector.engine.content",
                "inspector.service.pipeline")


def test_the_apps_start_up_leaves_the_planner_and_applier_for_later():
    probe = ("import sys\nimport inspector.tui.app\nfrom inspector.service.store import Workspace\n"
             # the session list's counter, made in a worker while the first frame is drawn
             "from inspector.engine.config import CompactionConfig\nfrom inspector.engine.tokens import counter_for\n"
             "counter_for(CompactionConfig())\n"
             "print(','.join(sorted(m for m in sys.modules if m.startswith('inspector'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = set(out.stdout.strip().split(","))
    assert "inspector.tui.screens.sessions" in loaded  # the probe ran
    assert not loaded & set(NOT_AT_START), sorted(loaded & set(NOT_AT_START))


def test_making_the_app_on_a_new_workspace_leaves_sqlite_utils_and_the_summarizers_for_later(tmp_path):
    """`inspector demo` on first start: the app is made, and its workspace created and
    migrated, before the first frame; sqlite-utils (click, dateutil, pluggy) loads with
    the first write (the demo's import, in a worker after that frame), the summarizers'
    text patterns with a config file's summarizer or the first plan."""
    import os

    probe = ("import sys\nfrom inspector.settings import AppSettings\nfrom inspector.tui.app import create_app\n"
             f"app = create_app(demo=True, workspace={str(tmp_path / 'demo.db')!r}, settings=AppSettings())\n"
             "assert app.data.label.startswith('demo')\n"
             "print(','.join(sorted(m for m in sys.modules if m.startswith(('inspector', 'sqlite_utils')))))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("INSPECTOR_")}
    env["INSPECTOR_SETTINGS"] = str(tmp_path / "no-settings.toml")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    loaded = set(out.stdout.strip().split(","))
    assert (tmp_path / "demo.db").exists() and "inspector.demo" in loaded  # the workspace was made
    assert "sqlite_utils" not in loaded
    assert not loaded & set(NOT_AT_START), sorted(loaded & set(NOT_AT_START))


def test_the_lazy_names_are_the_modules_own():
    """`inspector.engine.planning`'s names, exported lazily, are those of the modules
    that define them, and the service's error is one class wherever it is imported from."""
    probe = ("import inspector.engine.planning as p\nfrom inspector.engine.planning import planner, results\n"
             "from inspector.service import errors, opening, pipeline\n"
             "from inspector.engine.tokens import counter_for\n"
             "assert p.plan is planner.plan and p.counter_for is planner.counter_for is counter_for\n"
             "assert all(getattr(p, n) is getattr(results, n) for n in p.__all__ if n not in ('plan', 'counter_for'))\n"
             "assert pipeline.PipelineError is errors.PipelineError is opening.PipelineError\n"
             "try:\n    p.nothing\nexcept AttributeError:\n    print('ok')\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "ok"
