"""`inspector config show | init | validate | presets`."""

from __future__ import annotations

import tomllib

import pytest

from inspector.cli.main import main
from inspector.engine.config import PRESETS, preset
from inspector.service.config import load_config


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_init_writes_every_knob_with_a_comment(capsys, tmp_path):
    path = tmp_path / "inspector.toml"
    code, out, _ = run(capsys, "config", "init", path)
    assert code == 0 and "preset balanced" in out
    text = path.read_text()
    assert load_config(path) == preset("balanced")
    lines = text.splitlines()
    assignments = [k for k, line in enumerate(lines) if " = " in line and not line.startswith("#")]
    assert len(assignments) > 60
    for k in assignments:  # every knob has its comment just above it
        assert lines[k - 1].startswith("#"), lines[k]
    # every field of the model is in the file
    data = tomllib.loads(text)

    def fields(model, node, prefix=""):
        for name in type(model).model_fields:
            assert name in node, prefix + name
            value = getattr(model, name)
            if hasattr(type(value), "model_fields"):
                fields(value, node[name], f"{prefix}{name}.")

    fields(preset("balanced"), data)


def test_init_refuses_to_overwrite_without_force(capsys, tmp_path):
    path = tmp_path / "inspector.toml"
    path.write_text("# mine\n")
    code, _, err = run(capsys, "config", "init", path)
    assert code == 2 and "already exists" in err and path.read_text() == "# mine\n"
    code, _, _ = run(capsys, "config", "init", path, "--force", "--preset", "trpc")
    assert code == 0 and load_config(path).preset == "trpc"


@pytest.mark.parametrize("name", list(PRESETS))
def test_show_round_trips_every_preset(capsys, tmp_path, name):
    code, out, _ = run(capsys, "config", "show", "--preset", name)
    assert code == 0
    path = tmp_path / "c.toml"
    path.write_text(out)
    assert load_config(path) == preset(name)


def test_presets_lists_all_of_them(capsys):
    code, out, _ = run(capsys, "config", "presets")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == list(PRESETS)


def test_validate_reports_changed_knobs_and_errors(capsys, tmp_path):
    path = tmp_path / "c.toml"
    run(capsys, "config", "init", path, "--preset", "eino")
    path.write_text(path.read_text().replace("retries = 0", "retries = 5"))
    code, out, _ = run(capsys, "config", "validate", path)
    assert code == 0
    assert "valid (preset eino; 1 knob differs from it)" in out and "summarization.retries = 5" in out

    path.write_text(path.read_text().replace("retries = 5", "retries = -1"))
    code, out, err = run(capsys, "config", "validate", path)
    assert code == 2 and out == ""
    assert str(path) in err and "summarization.retries" in err and err.count("\n") == 1

    path.write_text("[summarization]\nunknown_knob = 1\n")
    code, _, err = run(capsys, "config", "validate", path)
    assert code == 2 and "summarization.unknown_knob" in err

    path.write_text("[summarization\n")
    code, _, err = run(capsys, "config", "validate", path)
    assert code == 2 and "invalid TOML" in err

    code, _, err = run(capsys, "config", "validate", tmp_path / "absent.toml")
    assert code == 2 and "no such config file" in err
    code, _, err = run(capsys, "config", "validate")
    assert code == 2 and "give the file" in err
