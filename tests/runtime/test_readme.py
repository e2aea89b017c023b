"""README's "Use the tuned config in your agent" example runs as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Use the tuned config in your agent", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    return blocks[0]


def test_readme_example_runs_and_compacts(tmp_path):
    code = readme_example()
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         timeout=120, env={"PATH": "", "HOME": str(tmp_path), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                                           "PYTHONPATH": str(ROOT)})
    assert res.returncode == 0, res.stderr
    first, second = res.stdout.splitlines()
    before, after = re.fullmatch(r"(\d+) -> (\d+) messages", first).groups()
    assert int(before) == 49 and int(after) < int(before)
    assert second == "[Previous conversation summary]"
    assert (tmp_path / "inspector.toml").exists()


def test_readme_engine_example_runs(tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The engine", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={"PATH": "", "HOME": str(tmp_path), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                              "PYTHONPATH": str(ROOT)})
    assert res.returncode == 0, res.stderr
    before, after, counts = re.fullmatch(r"(\d+) -> (\d+) (\{.*\})\n", res.stdout).groups()
    assert int(after) < int(before)
    assert "'summarize': " in counts and "'summarize': 0" not in counts
