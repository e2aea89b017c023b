"""Every TUI worker names itself: Textual's default description is the repr of the
worker's arguments, built at every start, and a plan or a session repr'd per knob move
cost more than the plan itself (issue 14)."""

from __future__ import annotations

import ast
from pathlib import Path

import inspector.tui

TUI = Path(inspector.tui.__file__).parent


def _work_decorators():
    for path in sorted(TUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for deco in node.decorator_list:
                    if isinstance(deco, ast.Call) and getattr(deco.func, "id", None) == "work":
                        yield f"{path.relative_to(TUI)}:{node.name}", deco


def test_every_worker_has_a_fixed_description():
    found = list(_work_decorators())
    assert len(found) >= 10  # the screens' workers are all seen
    unnamed = [where for where, deco in found if not any(k.arg == "description" for k in deco.keywords)]
    assert unnamed == []
