"""The remaining error paths of issue 26 (points 7-9) end with one line and the
documented exit status: deep or huge config values, unbounded ones, format-string
injection in templates, a full or read-only disk, and the silent surprises (a preset
that does not exist, `true` for a number, `--into-source` with another output)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inspector.engine.config import ConfigError, preset
from inspector.engine.planning.text import render
from tests.bad_inputs.cases import AGENTS_DB, HERE
from tests.cli.test_eval import mock_judge
from tests.conftest import run_cli

CHAT = HERE / "hostile-names.json"
KEEP = ["--knob", "summarization.keep.messages"]

pytestmark = pytest.mark.usefixtures("workspace")


def one_line(code, out, err, status=2):
    assert code == status and out == "", (code, err)
    assert err.count("\n") == 1 and err.startswith("inspector: ") and "Traceback" not in err, err
    return err


def test_a_deeply_nested_config_is_one_line_in_every_command(tmp_path, capsys, monkeypatch):
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    mock_judge(monkeypatch, "a", '{"score": 1}')
    for argv in (("plan", CHAT, "-c", deep), ("config", "validate", deep), ("config", "show", deep),
                 ("sweep", CHAT, "--all", "-c", deep, *KEEP, "--values", "1"),
                 ("eval", CHAT, "--judge", "gpt-4o-mini", "-c", deep), ("replay", CHAT, "-c", deep)):
        err = one_line(*run_cli(capsys, *argv))
        assert f"{deep}: invalid TOML: nested too deeply" in err, argv


@pytest.mark.parametrize(("value", "says"), [
    ("summarization.trigger.context_tokens=" + "9" * 5000, "summarization.trigger.context_tokens"),
    ("tokens.model=" + "x" * 200_000, "at most 100,000"),
    ("summarization.retries=1000000000", "less than or equal to 100"),
    ("reduction.truncation.notice={removed_chars:>999999999}", "width at most 1000"),
    ("reduction.clear.placeholder={offload_id.__init__.__globals__}", "only a plain name"),
    ("reduction.clear.arguments_placeholder={offload_id[0]}", "only a plain name"),
    ("reduction.truncation.notice={removed_chars!r}", "no conversion"),
    ("reduction.truncation.notice={secret}", "unknown field {secret}"),
    ("preset=nonexistent", "unknown preset 'nonexistent' (choose from balanced"),
    ("summarization.trigger.context_tokens=true", "context_tokens: expected a number, got true"),
    ("reduction.truncation.head_ratio=false", "head_ratio: expected a number, got false"),
], ids=lambda v: v[:40])
def test_bad_set_values_are_one_line_naming_the_bound(value, says, capsys):
    err = one_line(*run_cli(capsys, "plan", CHAT, "--set", value))
    assert says in err


def test_a_sweep_list_is_bounded(capsys):
    values = ",".join(str(k) for k in range(3001))
    err = one_line(*run_cli(capsys, "sweep", CHAT, "--all", *KEEP, "--values", values))
    assert "3,001 values, at most 1,000" in err


def test_templates_fill_only_their_fields_and_bounded_widths():
    # what a config written before the validation, or a caller bypassing it, gets
    assert render("{removed_chars:>999999999}|{tool:>6}|{offload_id.__init__.__globals__}|{{x}}",
                  removed_chars="5", tool="ls", offload_id="off-1") == \
        "{removed_chars:>999999999}|    ls|{offload_id.__init__.__globals__}|{x}"
    assert render("{tool", tool="ls") == "{tool"  # unbalanced: left as written
    cfg = preset("balanced")
    with pytest.raises(ConfigError, match="width at most 1000"):
        cfg.with_values({"reduction.truncation.notice": "{tool:^5000}"})
    assert cfg.with_values({"reduction.truncation.notice": "[{removed_chars:>8} cut from {tool}]"})


def test_into_source_with_another_output_is_refused(tmp_path, capsys, source_guard):
    src = tmp_path / "sessions.db"
    shutil.copy(AGENTS_DB, src)
    before = src.read_bytes()
    other = tmp_path / "other.db"
    err = one_line(*run_cli(capsys, "export", src, "-s", "swe-simple", "-f", "openai-agents-sqlite", "-o", other,
                            "--into-source"))
    assert "--into-source adds the session to the source database itself" in err
    assert not other.exists() and src.read_bytes() == before
    code, out, err = run_cli(capsys, "export", src, "-s", "swe-simple", "-f", "openai-agents-sqlite", "-o", src,
                             "--into-source")
    source_guard.forget(src)  # this one write was asked for
    assert code == 0 and out.strip() == "swe-simple-compacted", err


def test_a_workspace_write_that_fails_is_one_line(capsys, monkeypatch):
    from inspector.workspace import database

    def full(name: str) -> None:
        if name == "workspace.version_end":
            raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(database, "fault_point", full)
    code, out, err = run_cli(capsys, "apply", CHAT, "--set", "reduction.truncation.max_chars=20")
    assert code in (1, 2) and out == "" and "Traceback" not in err, err
    last = err.splitlines()[-1]
    assert last.startswith("inspector: ") and "cannot write the workspace (database or disk is full" in last
    assert "--workspace" in last


DISK = textwrap.dedent("""
    import os, subprocess, sys
    m, src = sys.argv[1], sys.argv[2]
    for d, opts in (("full", "size=600k"), ("ro", "size=1m")):
        os.makedirs(f"{m}/{d}", exist_ok=True)
        assert os.system(f"mount -t tmpfs -o {opts} {d} {m}/{d}") == 0
    # each command a process of its own, forked from this one once it imported the CLI
    from tests.forked import Command, run_here, warm
    os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    warm()
    def run(*argv):
        (p,) = run_here([Command(list(argv))])
        print(repr((argv[0], argv[-1], p.returncode, p.stdout, p.stderr)))
    run_here([Command(["apply", src, "-w", f"{m}/ro/ws.db"]), Command(["apply", src, "-w", f"{m}/full/ws.db"])])
    assert os.system(f"mount -o remount,ro {m}/ro") == 0
    try:
        with open(f"{m}/full/filler", "wb", buffering=0) as fh:
            while True:
                fh.write(b"x" * 4096)
    except OSError:
        pass
    run("apply", src, "--set", "reduction.truncation.max_chars=100", "-w", f"{m}/full/ws.db")
    run("versions", "-w", f"{m}/ro/ws.db")
    run("apply", src, "-w", f"{m}/ro/new.db")
    run("config", "init", f"{m}/full/c.toml")
    run("config", "init", f"{m}/ro/c.toml")
    for fmt in ("openai-agents-sqlite", "adk-sqlite", "openai-json"):
        run("export", src, "-f", fmt, "-w", f"{m}/../ws.db", "-o", f"{m}/ro/out")
        run("export", src, "-f", fmt, "-w", f"{m}/../ws.db", "-o", f"{m}/full/out")
""")


@pytest.mark.slow
def test_a_full_or_read_only_disk_is_one_line_saying_so(tmp_path):
    if not shutil.which("unshare") or subprocess.run(["unshare", "--mount", "--map-root-user", "true"],
                                                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a private tmpfs here (unshare --mount --map-root-user)")
    m = tmp_path / "m"
    m.mkdir()
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(["unshare", "--mount", "--map-root-user", sys.executable, "-c", DISK, str(m), str(CHAT)],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    import ast

    results = [ast.literal_eval(line) for line in run.stdout.splitlines()]
    assert len(results) == 11
    for command, target, code, out, err in results:
        assert code in (1, 2) and out == "", (command, target, err)
        assert err.count("\n") == 1 and err.startswith("inspector: ") and "Traceback" not in err, err
        assert "not an inspector workspace" not in err, err
        assert any(s in err for s in ("full", "No space left", "Read-only file system", "read-only")), err
        if "ws.db" in err or "new.db" in err:
            assert "--workspace" in err, err  # and what to do
    assert not list((m / "full").glob("out*")) if (m / "full").exists() else True
