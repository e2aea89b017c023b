"""The framework extras resolve to the set README names, and the conflict README gives
for openai-agents is real (issue 13: "where a real conflict remains, the README says
which versions and why, and a test installs that set").

pip resolves (`--dry-run`, nothing installed) the project's dependencies and its
`agents`, `langchain` and `adk` extras, as pyproject.toml states them, constrained to
README's versions; the conflict is checked on the releases' own metadata, which never
changes. Needs the package index; skipped when it cannot be reached.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _pip(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)


@pytest.fixture(scope="module")
def index():
    try:
        probe = _pip("index", "versions", "openai-agents", timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"pip cannot be run ({exc})")
    if probe.returncode != 0 or "Available versions" not in probe.stdout:
        pytest.skip("no package index reachable: " + (probe.stderr.strip().splitlines() or ["?"])[-1])


def _readme_set() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    para = text[text.index("The set the tests run with"):]
    para = para[:para.index("\n\n")]
    return dict(re.findall(r"`([A-Za-z0-9_.-]+)==([0-9][0-9A-Za-z.]*)`", para))


def _report(tmp_path: Path, *args: str) -> dict[str, str]:
    out = tmp_path / "report.json"
    res = _pip("install", "--dry-run", "--ignore-installed", "--quiet", "--report", str(out), *args)
    assert res.returncode == 0, res.stderr[-3000:]
    return {i["metadata"]["name"].lower(): i["metadata"] for i in json.loads(out.read_text())["install"]}


def _accepts(metadata: dict, name: str, version: str) -> bool:
    """Whether the release's requirement on `name` (it must have one) admits `version`."""
    from packaging.requirements import Requirement

    reqs = [Requirement(r) for r in metadata.get("requires_dist") or []]
    found = [r for r in reqs if r.name == name and not r.marker]
    assert found, f"{metadata['name']} {metadata['version']} does not require {name}"
    return all(r.specifier.contains(version, prereleases=True) for r in found)


def _requires(metadata: dict, name: str) -> bool:
    from packaging.requirements import Requirement

    return any(Requirement(r).name == name for r in metadata.get("requires_dist") or [])


def test_the_extras_resolve_to_the_set_readme_names(tmp_path, index):
    named = _readme_set()
    assert {"litellm", "openai", "openai-agents", "google-adk", "langchain"} <= set(named)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    reqs = [*project["dependencies"], *extras["agents"], *extras["langchain"], *extras["adk"]]
    (tmp_path / "reqs.txt").write_text("\n".join(reqs) + "\n")
    (tmp_path / "set.txt").write_text("".join(f"{k}=={v}\n" for k, v in named.items()))
    got = _report(tmp_path, "-r", str(tmp_path / "reqs.txt"), "-c", str(tmp_path / "set.txt"))
    assert {k: got[k]["version"] for k in named} == named
    # The test extra pins openai-agents to the tested release's series.
    pin = next(r for r in extras["test"] if r.startswith("openai-agents"))
    assert pin == "openai-agents>=0.2,<0.21" and named["openai-agents"].startswith("0.20.")


def test_the_conflict_readme_gives_is_in_the_releases_metadata(tmp_path, index):
    got = _report(tmp_path, "--no-deps", "openai-agents==0.21.0", "litellm==1.108.0")
    assert not _accepts(got["openai-agents"], "openai", "2.99") and _accepts(got["openai-agents"], "openai", "3.0")
    assert not _accepts(got["litellm"], "certifi", "2026.10.18"), "1.108 accepts openai 3 but needs a newer certifi"
    named = _readme_set()
    got = _report(tmp_path, "--no-deps", f"litellm=={named['litellm']}")
    assert not _accepts(got["litellm"], "openai", "3.0"), "the tested litellm refuses openai 3"
    assert not _requires(got["litellm"], "certifi"), "the tested litellm needs no unpublished certifi"
    got = _report(tmp_path, "--no-deps", "litellm==1.83.0")
    assert _accepts(got["litellm"], "openai", "3.54.0"), "README's untested alternative: no upper bound"
