"""The layers, lint and types are enforced by the test suite, not hoped for: each
check runs the tool configured in pyproject.toml over the tree and fails with its report."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:  # the [test] extra installs all three
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)


def test_import_layers_hold() -> None:
    """import-linter contracts: front ends -> service -> workspace/sources/exports ->
    formats -> engine; the CLI and the TUI reach the workspace, sources and exports
    only through the service; the engine imports nothing that does IO; only the TUI
    imports Textual; only llm.py imports litellm."""
    out = _run(_tool("lint-imports"), "--no-cache")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert " 0 broken" in out.stdout and "BROKEN" not in out.stdout
    # the front-end rule is a contract that ran, not a sentence in DEVELOPERS.md
    assert "Front ends reach workspace, sources, exports only through the service KEPT" in out.stdout


def test_ruff_is_clean() -> None:
    out = _run(_tool("ruff"), "check", "inspector", "tests", "bench", "scripts")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]


def test_mypy_is_clean() -> None:
    out = _run(_tool("mypy"))
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]


LONGEST_FUNCTION = 120  # lines; a longer function holds several concepts (issue #29)


def test_no_function_is_longer_than_the_limit() -> None:
    import ast

    long = []
    for path in sorted((ROOT / "inspector").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > LONGEST_FUNCTION:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, "split along its concepts: " + "; ".join(long)


def test_the_session_screen_paints_and_delegates() -> None:
    """The session screen stays a painter: tuning lives in `service.tuning`, reading,
    following and texts in their own modules (issue #29: under 400 lines)."""
    lines = (ROOT / "inspector/tui/screens/session.py").read_text(encoding="utf-8").count("\n")
    assert lines < 400, f"inspector/tui/screens/session.py has {lines} lines"
