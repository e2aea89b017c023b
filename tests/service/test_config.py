"""Config files: reading names the file in every error, saving is atomic and round trips."""

from __future__ import annotations

import pytest

from inspector.engine.config import PRESETS, ConfigError, preset
from inspector.service.config import load_config, resolve_config, save_config


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips_through_a_file(tmp_path, name):
    cfg = preset(name)
    path = save_config(cfg, tmp_path / "inspector.toml")
    assert load_config(path) == cfg


def test_a_failed_save_leaves_the_old_file(tmp_path, monkeypatch):
    path = save_config(preset("eino"), tmp_path / "inspector.toml")
    before = path.read_bytes()

    def broken(self, *a, **kw):
        raise OSError("disk full")

    monkeypatch.setattr(type(preset("balanced")), "to_toml", broken)
    with pytest.raises(OSError):
        save_config(preset("balanced"), path)
    assert path.read_bytes() == before


def test_file_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[summarization\n")
    with pytest.raises(ConfigError) as err:
        load_config(bad)
    assert str(bad) in str(err.value) and "invalid TOML" in str(err.value)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("[reduction.clear]\nkeep_rounds = 'many'\n")
    with pytest.raises(ConfigError) as err:
        load_config(wrong)
    assert str(wrong) in str(err.value) and "reduction.clear.keep_rounds" in str(err.value)
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "missing.toml")


def test_not_utf8_names_the_file(tmp_path):
    p = tmp_path / "latin1.toml"
    p.write_bytes('preset = "eino" # caf\xe9\n'.encode("latin-1"))
    with pytest.raises(ConfigError, match=f"{p}: not UTF-8"):
        load_config(p)


def test_partial_file_starts_from_its_preset(tmp_path):
    p = tmp_path / "small.toml"
    p.write_text('preset = "eino"\n[reduction.truncation]\nmax_chars = 1234\n')
    c = load_config(p)
    assert c.reduction.truncation.max_chars == 1234
    assert c.summarization.trigger.context_tokens == 160_000  # from eino


def test_resolve_config_takes_a_file_or_a_preset_then_overrides(tmp_path):
    path = save_config(preset("trpc"), tmp_path / "inspector.toml")
    cfg = resolve_config(path, set_values=["reduction.clear.keep_rounds=7"], summarizer="gpt-4o-mini")
    assert cfg.preset == "trpc" and cfg.reduction.clear.keep_rounds == 7
    assert cfg.summarization.model == "gpt-4o-mini"
    assert resolve_config(preset_name="eino", summarizer="extractive").summarization.model == ""
    with pytest.raises(ConfigError, match="not both"):
        resolve_config(path, "eino")
