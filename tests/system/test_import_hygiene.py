"""The engine and the store are libraries: no Textual, no litellm at import time."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imported(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(','.join(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(out.stdout.strip().split(","))


@pytest.mark.parametrize("module", [
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
])
def test_library_imports_neither_textual_nor_litellm(module):
    # Also use the engine, not just import it: a lazy import must stay lazy.
    mods = _imported(
        f"import {module}\n"
        "from inspector.engine import plan, preset, make_counter, apply\n"
        "from tests.sessions import agent_session\n"
        "s = agent_session(rounds=6)\n"
        "cfg = preset('balanced').with_values({'summarization.trigger.context_ratio': 0.0,"
        " 'summarization.trigger.messages': 5, 'summarization.keep.messages': 2, 'summarization.keep.mode': 'messages'})\n"
        "apply(s, plan(s, cfg))\n"
    )
    assert "textual" not in mods
    assert "litellm" not in mods


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
