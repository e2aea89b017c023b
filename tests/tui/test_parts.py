"""The app's building blocks: knob scales, value parsing, colours, diff, settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspector.tui.colors import TokenScale, viridis
from inspector.tui.render import clean, diff_lines
from inspector.tui.widgets.knobs import ALL_KNOBS, KnobSpec, from_position, moved_position, parse_value, to_position

ROOT = Path(__file__).resolve().parents[2]


def test_every_knob_addresses_a_real_config_key():
    from inspector.engine.config import preset

    cfg = preset("balanced")
    for key, spec in ALL_KNOBS.items():
        value = cfg.get(key)  # raises ConfigError for an unknown key
        if spec.kind == "choice":
            assert value in spec.choices


@pytest.mark.parametrize("key", [k for k, s in ALL_KNOBS.items() if s.kind in ("int", "float")])
def test_slider_positions_round_trip_and_are_monotonic(key):
    spec = ALL_KNOBS[key]
    values = [from_position(spec, p) for p in range(spec.steps + 1)]
    assert values == sorted(values)
    assert values[-1] == pytest.approx(spec.hi, rel=0.05)
    for p in range(0, spec.steps + 1, 7):
        assert to_position(spec, values[p]) == pytest.approx(p, abs=1)
    if spec.zero_off:
        assert values[0] == 0 and to_position(spec, 0) == 0


@pytest.mark.parametrize("key", [k for k, s in ALL_KNOBS.items() if s.kind in ("int", "float")])
def test_every_step_of_a_slider_changes_its_value(key):
    """An arrow press is a move of one position; where a log slider's rounding gives the
    next position the same value, the move goes on to the next value (moved_position), so
    a walk over the whole slider, either way, changes the value at every press."""
    spec = ALL_KNOBS[key]
    for direction, start in ((1, 0), (-1, spec.steps)):
        end = spec.steps if direction > 0 else 0
        position, value = start, from_position(spec, start)
        seen = [value]
        while position != end:
            position, value = moved_position(spec, position + direction, position, value)
            seen.append(value)
        assert all((b - a) * direction > 0 for a, b in zip(seen, seen[1:])), (direction, seen)


def test_log_slider_lands_on_round_values():
    spec = KnobSpec("x", "x", "int", 500, 2_000_000, "log", 120, zero_off=True)
    for p in range(1, 121):
        v = from_position(spec, p)
        digits = str(v).rstrip("0")
        assert len(digits) <= 2, v


def test_exact_values_parse_with_suffixes():
    i = ALL_KNOBS["summarization.trigger.context_tokens"]
    f = ALL_KNOBS["summarization.trigger.context_ratio"]
    assert parse_value(i, "120k") == 120_000
    assert parse_value(i, "1.5M") == 1_500_000
    assert parse_value(i, "64_000") == 64_000
    assert parse_value(i, "12,345") == 12_345
    assert parse_value(f, "50%") == pytest.approx(0.5)
    with pytest.raises(ValueError):
        parse_value(i, "lots")


def test_colour_scale_is_monotonic_in_lightness():
    lum = [0.2126 * r + 0.7152 * g + 0.0722 * b for r, g, b in (viridis(t / 20) for t in range(21))]
    assert lum == sorted(lum)
    scale = TokenScale(100_000)
    steps = [scale.step(t) for t in (0, 1, 10, 100, 1_000, 10_000, 100_000, 10**7)]
    assert steps == sorted(steps) and steps[0] == 0 and steps[-1] == scale.step(100_000)


def test_diff_and_control_characters():
    lines = diff_lines("a\nb\nc\n", "a\nB\nc\n")
    kinds = [(t[0], s) for t, s in lines if t and t[0] in "+-" and not t.startswith(("+++", "---"))]
    assert kinds == [("-", "red"), ("+", "green")]
    assert diff_lines("same", "same") == [("(no change)", "dim")]
    assert clean("\x1b[31mred\x00\tok\n") == "red\u2400\tok\n"  # colour codes removed (issue 27.10)
    assert clean("a\x1b") == "a\u241b"  # a lone escape made visible


def test_settings_from_environment_and_file(tmp_path, monkeypatch):
    from inspector.settings import SettingsError, load_settings

    f = tmp_path / "settings.toml"
    f.write_text('theme = "nord"\npreset = "eino"\ncontext_window = 200000\n[keybindings]\n"session.apply" = "ctrl+y"\n')
    monkeypatch.setenv("INSPECTOR_SETTINGS", str(f))
    s = load_settings()
    assert (s.theme, s.preset, s.context_window) == ("nord", "eino", 200000)
    assert s.keybindings == {"session.apply": "ctrl+y"}
    cfg = s.compaction()
    assert cfg.preset == "eino" and cfg.context_window == 200000
    monkeypatch.setenv("INSPECTOR_THEME", "gruvbox")  # the environment wins over the file
    assert load_settings().theme == "gruvbox"
    f.write_text('preset = "nope"\n')
    with pytest.raises(SettingsError, match="unknown preset 'nope'"):
        load_settings()


def test_opening_the_app_never_imports_litellm():
    code = """
import asyncio, sys, tempfile, os
os.environ["INSPECTOR_SETTINGS"] = os.path.join(tempfile.mkdtemp(), "none.toml")
from inspector.tui.app import create_app
from inspector.settings import AppSettings

async def main():
    app = create_app(demo=True, workspace=os.path.join(tempfile.mkdtemp(), "ws.db"), settings=AppSettings())
    async with app.run_test(size=(140, 40)) as pilot:
        for _ in range(3):
            await pilot.pause(); await app.workers.wait_for_complete()
        app.open_session(next(r.id for r in app.session_rows if "marathon" in r.id))
        for _ in range(3):
            await pilot.pause(); await app.workers.wait_for_complete()
        app.screen.set_values({"summarization.trigger.context_ratio": 0.3})
        for _ in range(3):
            await pilot.pause(); await app.workers.wait_for_complete()
        assert app.last_plan.plan.triggered
        await pilot.press("c")
        await pilot.pause()
    print("litellm" in sys.modules, "textual" in sys.modules)

asyncio.run(main())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split()[-2:] == ["False", "True"]


def test_cli_demo_and_open_build_the_app(monkeypatch, tmp_path):
    from inspector import cli
    from inspector.service.store import MemoryStore, WorkspaceStore
    from inspector.tui.app import InspectorApp

    seen = []
    monkeypatch.setattr(InspectorApp, "run", lambda self, *a, **k: seen.append(self))
    monkeypatch.setenv("INSPECTOR_SETTINGS", str(tmp_path / "none.toml"))
    assert cli.main(["demo", "--workspace", str(tmp_path / "ws.db")]) == 0
    assert isinstance(seen[-1].data, WorkspaceStore)
    traj = ROOT / "tests/fixtures/swe-agent/function_calling_simple.traj"
    assert cli.main([str(traj), "--workspace", str(tmp_path / "ws2.db"), "--preset", "eino",
                     "--set", "summarization.trigger.context_tokens=1000"]) == 0
    app = seen[-1]
    assert app.config.preset == "eino" and app.config.summarization.trigger.context_tokens == 1000
    assert isinstance(app.data, (WorkspaceStore, MemoryStore))
    assert cli.main(["open", str(tmp_path / "missing.json")]) == 2
    assert cli.main(["open", str(traj), "--set", "nope=1"]) == 2
