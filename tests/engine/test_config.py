"""Config: TOML round trip, presets with the reference defaults, dotted --set keys."""

from __future__ import annotations

import tomllib

import pytest

from inspector.engine.config import PRESETS, CompactionConfig, ConfigError, context_window_for, preset


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips_through_toml(name):
    cfg = preset(name)
    assert CompactionConfig.from_toml_text(cfg.to_toml()) == cfg


def test_saved_config_has_a_comment_for_every_knob(tmp_path):
    text = preset("balanced").to_toml()
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if "=" in line and not line.startswith("#") and not line.startswith("["):
            assert lines[k - 1].startswith("#"), f"no comment above {line!r}"
    assert "Eino MaxLengthForTrunc, 50000" in text
    tomllib.loads(text)


def test_eino_preset_documented_defaults():
    c = preset("eino")
    assert c.summarization.trigger.context_tokens == 160_000
    assert c.preserve_user_budget() == 160_000 // 3  # PreserveUserMessages.MaxTokens default
    assert c.summarization.retries == 0  # Retry: "nil (no retry)"
    assert c.recovery_tool == "read_file"  # ReadFileToolName default
    assert c.summarization.continue_instruction.endswith("without asking the user any further questions.")
    # the continuation line is Eino's post-processing only
    assert all(not preset(n).summarization.continue_instruction for n in ("balanced", "sagents", "trpc", "synaptic"))
    assert c.summarization.preserve_tools.tools == ["skill"]
    assert (c.summarization.preserve_tools.max_items, c.summarization.preserve_tools.max_tokens_per_item,
            c.summarization.preserve_tools.total_tokens) == (5, 5000, 25000)
    r = c.reduction
    assert r.truncation.max_chars == 50_000 and r.truncation.head_ratio == 0.5
    assert (r.clear.trigger_tokens, r.clear.keep_rounds, r.clear.at_least_tokens) == (160_000, 1, 0)
    assert r.clear.clear_arguments


def test_sagents_synaptic_trpc_preset_defaults():
    s = preset("sagents").summarization
    assert s.trigger.context_tokens == 170_000 and s.keep.mode == "messages" and s.keep.messages == 6
    syn = preset("synaptic")
    assert syn.summarization.keep.mode == "tokens"
    assert syn.keep_tokens_budget() == syn.summarization.trigger.context_tokens // 2
    assert syn.summarization.summary_prefix == "[Previous conversation summary]"
    assert syn.summarization.injection == "system"
    t = preset("trpc")
    assert t.summarization.trigger.context_ratio == 0.5
    assert t.summarization.injection == "system_merge" and t.summarization.incremental
    comp = t.reduction.compaction
    # trpc: compaction is opt-in ("EnableContextCompaction=false always means the framework
    # will not modify any tool result"); turned on, it has trpc's defaults
    assert not comp.enabled and comp.tool_result_max_tokens == 1024 and comp.oversized_max_tokens == 0
    assert t.tailoring.enabled


def test_none_preset_disables_everything():
    c = preset("none")
    assert not any([c.summarization.enabled, c.reduction.truncation.enabled, c.reduction.clear.enabled,
                    c.reduction.compaction.enabled, c.tailoring.enabled])


def test_set_parses_values_by_type_and_validates():
    c = preset("balanced").with_set([
        "summarization.trigger.context_tokens=100000",
        "reduction.truncation.exclude_tools=grep,read_file",
        "summarization.injection=user",
        "reduction.clear.clear_arguments=false",
        "tokens.chars_per_token=3.5",
    ])
    assert c.summarization.trigger.context_tokens == 100_000
    assert c.reduction.truncation.exclude_tools == ["grep", "read_file"]
    assert c.summarization.injection == "user"
    assert c.reduction.clear.clear_arguments is False
    assert c.tokens.chars_per_token == 3.5


@pytest.mark.parametrize("item,message", [
    ("summarization.trigger.tokens=5", "unknown config key 'summarization.trigger.tokens'"),
    ("nope=1", "unknown config key 'nope'"),
    ("summarization.trigger.context_tokens=-5", "summarization.trigger.context_tokens"),
    ("summarization.injection=sideways", "summarization.injection"),
    ("summarization.trigger.context_tokens", "expected KEY=VALUE"),
])
def test_set_errors_name_the_key(item, message):
    with pytest.raises(ConfigError, match=".*") as err:
        preset("balanced").with_set([item])
    assert message in str(err.value)


def test_text_errors_name_the_source():
    with pytest.raises(ConfigError) as err:
        CompactionConfig.from_toml_text("[summarization\n", source="team.toml")
    assert "team.toml: invalid TOML" in str(err.value)
    with pytest.raises(ConfigError) as err:
        CompactionConfig.from_toml_text("[reduction.clear]\nkeep_rounds = 'many'\n", source="team.toml")
    assert "team.toml" in str(err.value) and "reduction.clear.keep_rounds" in str(err.value)


def test_prompt_placeholders_are_required():
    with pytest.raises(ConfigError, match="conversation_text"):
        preset("balanced").with_values({"summarization.prompt": "Summarize in {max_summary_words} words"})
    with pytest.raises(ConfigError, match="max_summary_words"):
        preset("balanced").with_values({"summarization.prompt": "Summarize {conversation_text}"})
    ok = preset("balanced").with_values({"summarization.prompt": "Summarize {conversation_text}",
                                         "summarization.max_summary_words": 0})
    assert ok.summarization.max_summary_words == 0
    with pytest.raises(ConfigError, match="system_prompt"):
        preset("balanced").with_values({"summarization.system_prompt": "{conversation_text}"})


def test_partial_text_starts_from_its_preset():
    c = CompactionConfig.from_toml_text('preset = "eino"\n[reduction.truncation]\nmax_chars = 1234\n')
    assert c.reduction.truncation.max_chars == 1234
    assert c.summarization.trigger.context_tokens == 160_000  # from eino


def test_context_windows():
    assert context_window_for("gpt-4o")[0] == 128_000
    assert context_window_for("gpt-4.1-mini")[0] == 1_047_576
    assert context_window_for("gpt-4")[0] == 8_192
    w, note = context_window_for("my-private-model")
    assert w == 128_000 and "my-private-model" in note
    c = preset("trpc").with_values({"tokens.context_window": 10_000})
    assert c.context_window == 10_000
