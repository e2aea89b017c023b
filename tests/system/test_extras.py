"""The framework extras resolve to the set README names, and what pip gives a user
today is what the tests run with (issue 25: "the test set follows what pip resolves
today; the test fails when the resolved set and the tested set diverge").

pip resolves (`--dry-run`, nothing installed) the project's dependencies with its
`agents`, `langchain` and `adk` extras (a user's install) and with its `test` extra (the
tests' install), as pyproject.toml states them. Needs the package index; skipped when it
cannot be reached. Each resolution is slow (a minute or more of waiting on the index): the two both
tests need start at collection and run while the rest of the suite does
(tests/resolution.py), and the README set is resolved again only when the plain
resolution does not already give it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.resolution import Resolution, dry_run, requirements, started

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _pip(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
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


def _report(started: Resolution, timeout: float = 900) -> dict[str, dict]:
    """The resolved set of a started dry run: name -> the release's metadata."""
    code, err = started.wait(timeout)
    assert code == 0, err[-3000:]
    return {i["metadata"]["name"].lower(): i["metadata"] for i in json.loads(started.report.read_text())["install"]}


def _accepts(metadata: dict, name: str, version: str) -> bool:
    """Whether the release's requirement on `name` (it must have one) admits `version`."""
    from packaging.requirements import Requirement

    reqs = [Requirement(r) for r in metadata.get("requires_dist") or []]
    found = [r for r in reqs if r.name == name and not r.marker]
    assert found, f"{metadata['name']} {metadata['version']} does not require {name}"
    return all(r.specifier.contains(version, prereleases=True) for r in found)


KEY = ("litellm", "openai", "openai-agents", "google-adk", "langchain", "langchain-core")


@pytest.fixture(scope="module")
def resolved(index, tmp_path_factory) -> dict[str, dict[str, dict]]:
    """What pip resolves today for a user's install (`users`: the extras agents,
    langchain, adk) and for the tests' (`tested`: the test extra), resolved side by side."""
    tmp = tmp_path_factory.mktemp("resolve")
    users, tested = started("users", tmp), started("tested", tmp)  # both started at collection
    return {"users": _report(users), "tested": _report(tested)}


def test_the_extras_resolve_to_the_set_readme_names(tmp_path, resolved):
    """The extras resolve with README's exact versions: pip gives them today, or, when a
    newer release came out since, they still resolve together when pinned."""
    named = _readme_set()
    assert set(KEY) <= set(named)
    got = resolved["users"]
    if any(got.get(k, {}).get("version") != v for k, v in named.items()):
        got = _report(dry_run(tmp_path, "users-named", requirements("agents", "langchain", "adk"),
                               *(f"{k}=={v}" for k, v in named.items())))
    assert {k: got[k]["version"] for k in named} == named
    # The test extra pins openai-agents to the tested release's series.
    pin = next(r for r in requirements("test") if r.startswith("openai-agents"))
    series = ".".join(named["openai-agents"].split(".")[:2])
    assert pin == f"openai-agents>={series},<0.{int(series.split('.')[1]) + 1}", pin


def test_what_users_get_is_what_the_tests_run_with(resolved):
    """`pip install 'inspector[agents,langchain,adk]'` today and `pip install
    'inspector[test]'` today resolve the frameworks to the same releases; when a new
    release (or a pin in the test extra) makes them differ, users would run a
    combination the tests never saw: this fails, naming the packages."""
    users, tested = resolved["users"], resolved["tested"]
    differ = {k: (users[k]["version"], tested.get(k, {}).get("version")) for k in KEY
              if users[k]["version"] != tested.get(k, {}).get("version")}
    assert not differ, f"users get / the tests run with: {differ}"
    # README names the same series of each (exact versions there are the ones last checked).
    named = _readme_set()
    for k in KEY:
        assert named[k].split(".")[:2] == tested[k]["version"].split(".")[:2], (k, named[k], tested[k]["version"])
    # openai-agents 0.24 needs openai 3, which this litellm accepts (the conflict of 0.20's days is gone).
    assert _accepts(tested["litellm"], "openai", tested["openai"]["version"])
    assert _accepts(tested["openai-agents"], "openai", tested["openai"]["version"])
