"""Every command over the hostile-ids corpus (issue 26, point 2): nothing a session file,
a judge model or an argument carries reaches the terminal as ESC or a C1 control, in
text output or `--json` (whose data stays exact)."""

from __future__ import annotations

import json
import re
import sys

import pytest

from inspector.exports.catalog import EXPORT_FORMATS
from tests.bad_inputs.cases import C1_CSI, HERE, HOSTILE_AGENTS_ID, HOSTILE_CODEX_ID, HOSTILE_ID, OSC2, OSC52
from tests.cli.test_eval import mock_judge
from tests.conftest import run_cli

HOSTILE_FILES = {"hostile-names.json": HOSTILE_ID, "cc-hostile-names.jsonl": HOSTILE_ID,
                 "agents-hostile-id.db": HOSTILE_AGENTS_ID, "codex-hostile-id.jsonl": HOSTILE_CODEX_ID}
# ESC, the C1 controls (8-bit CSI, OSC, ST...), and the other C0 controls but line feed
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SQUEEZE = ["--set", "tokens.counter=estimate", "--set", "summarization.trigger.messages=2",
           "--set", "summarization.trigger.context_ratio=0", "--set", "summarization.keep.messages=1",
           "--set", "summarization.keep.mode=messages", "--set", "reduction.clear.trigger_tokens=1",
           "--set", "reduction.clear.keep_rounds=0", "--set", "reduction.clear.at_least_tokens=0"]

pytestmark = pytest.mark.usefixtures("workspace")


def scan(argv, code, out, err, codes=(0,)) -> None:
    assert code in codes, (argv, code, err)
    for name, text in (("stdout", out), ("stderr", err)):
        found = RAW.search(text)
        assert found is None, (argv, name, repr(text[max(0, found.start() - 40):found.end() + 40]))


def run(capsys, *argv, codes=(0,)):
    code, out, err = run_cli(capsys, *argv)
    scan(argv, code, out, err, codes)
    return code, out, err


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_every_command_prints_no_escape_or_c1(name, capsys, monkeypatch, tmp_path):
    path = HERE / name
    sid = HOSTILE_FILES[name]
    for flags in ((), ("--json",)):
        _, out, _ = run(capsys, "stats", path, "--estimate", *flags)
        if flags:
            assert json.loads(out)["sessions"][0]["id"] == sid  # the data exact
        run(capsys, "plan", path, *SQUEEZE, *flags)
        _, out, _ = run(capsys, "apply", path, *SQUEEZE, "--summarizer", "extractive", *flags)
        if flags:
            applied = json.loads(out)
        run(capsys, "versions", *flags)
        _, out, _ = run(capsys, "replay", path, *SQUEEZE, *flags)
        if flags:
            assert json.loads(out)["session"] == sid
        run(capsys, "sweep", path, "--all", *SQUEEZE, "--knob", "summarization.keep.messages", "--values", "0,1",
            "--workers", "1", *flags)
    for offload in applied["offloads"][:2]:  # exact when piped; inert on a terminal
        with monkeypatch.context() as m:
            m.setattr(sys.stdout, "isatty", lambda: True)
            run(capsys, "recover", offload)
    run(capsys, "recover", f"off-{OSC52}{C1_CSI}", codes=(2,))
    run(capsys, "plan", path, "--session", f"{OSC2}{C1_CSI}", codes=(2,))
    for fmt in EXPORT_FORMATS:
        run(capsys, "export", path, *SQUEEZE, "-f", fmt, "-o", tmp_path / f"{fmt}-out")
    run(capsys, "export", path, *SQUEEZE, "--all", "-f", "openai-json", "-o", f"{tmp_path}/all/")
    # a judge model answering with escapes
    mock_judge(monkeypatch, f"It says {OSC52}", json.dumps({"score": 2, "reason": f"partly {OSC2}{C1_CSI}"}))
    for flags in ((), ("--json",)):
        _, out, _ = run(capsys, "eval", path, "--judge", "gpt-4o-mini", *SQUEEZE, *flags)
    assert json.loads(out)["session"] == sid


def test_config_commands_print_no_escape_or_c1(capsys, tmp_path):
    hostile = tmp_path / f"cfg{C1_CSI}.toml"
    hostile.write_text(f'[summarization]\nsummary_prefix = "{C1_CSI}\\u001b]2;x\\u0007"\n', encoding="utf-8")
    for argv in (("config", "show", hostile), ("config", "validate", hostile), ("config", "presets"),
                 ("config", "init", tmp_path / f"new{C1_CSI}.toml")):
        run(capsys, *argv)
    _, out, _ = run(capsys, "config", "show", hostile)
    assert "\\u009b" in out  # the value, escaped in the TOML shown


def test_the_replay_header_shows_the_id_inert(capsys):
    _, out, _ = run(capsys, "replay", HERE / "agents-hostile-id.db")
    assert out.startswith("session user\u241b]52;c;cm0gLXJmIH4K\u2407\ufffd2J\u240a: ")
