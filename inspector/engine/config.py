"""Compaction config: one section per mechanism, each knob citing where its default
comes from. TOML text in and out (files are the callers': `inspector.service.config`);
presets reproduce the reference systems.

Dotted names (`summarization.trigger.context_tokens`) address every knob, for
`--set KEY=VALUE` and for the TUI's tuning panel.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from inspector.engine.templates import template_problem

DEFAULT_SUMMARY_PROMPT = (
    "Summarize the conversation below so that an assistant can continue the work "
    "without the original messages. Keep the user's goals and constraints, decisions "
    "made, facts found (file paths, identifiers, numbers, error messages), tool results "
    "that still matter, and what remains to be done. Write at most {max_summary_words} "
    "words.\n\n<conversation>\n{conversation_text}\n</conversation>"
)

EINO_CONTINUE_INSTRUCTION = (
    "Continue the conversation from where it left off without asking the user any "
    "further questions."
)

DEFAULT_TRUNCATION_NOTICE = (
    "[... {removed_chars} characters truncated from the middle of this {tool} output. "
    "The full output is stored as {offload_id}; call {recovery_tool}(id=\"{offload_id}\", "
    "offset, limit) to read it ...]"
)

DEFAULT_CLEAR_PLACEHOLDER = (
    "[{tool} output cleared to save context ({tokens} tokens). It is stored as "
    "{offload_id}; call {recovery_tool}(id=\"{offload_id}\") if you need it again.]"
)

DEFAULT_ARGUMENTS_PLACEHOLDER = '{{"cleared": "arguments stored as {offload_id}"}}'

DEFAULT_COMPACTION_PLACEHOLDER = (
    "[Historical {tool} result compacted ({tokens} tokens): tool_call_id={tool_call_id}, "
    "stored as {offload_id}; call {recovery_tool}(id=\"{offload_id}\") to reload it.]"
)


_NUMBERS = (int, float, int | None, float | None)
MAX_RETRIES = 100  # per model: more would retry a failing model for days

# The fields each kind of template may use (`inspector.engine.templates`).
NOTICE_FIELDS = frozenset({"removed_chars", "tool", "offload_id", "recovery_tool"})
PLACEHOLDER_FIELDS = frozenset({"tool", "tokens", "offload_id", "recovery_tool", "tool_call_id"})
ARGUMENTS_FIELDS = frozenset({"offload_id"})


def _template(value: str, fields: frozenset[str]) -> str:
    problem = template_problem(value, fields)
    if problem:
        raise ValueError(problem)
    return value


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    @model_validator(mode="before")
    @classmethod
    def _no_booleans_for_numbers(cls, data: Any) -> Any:
        # pydantic reads true as 1 for a number; in a config that is a mistake
        if isinstance(data, dict):
            for name, value in data.items():
                field = cls.model_fields.get(name)
                if isinstance(value, bool) and field is not None and field.annotation in _NUMBERS:
                    raise ValueError(f"{name}: expected a number, got {str(value).lower()}")
        return data


class TokensConfig(_Section):
    """How tokens are counted: the counter, the model (its tokenizer and window), the framing."""

    counter: Literal["tiktoken", "estimate"] = Field(
        "tiktoken",
        description="'tiktoken' counts exactly; 'estimate' divides characters by "
        "chars_per_token, as every reference system does by default.",
    )
    model: str = Field(
        "gpt-4o",
        description="Model whose tokenizer counts and whose context window applies.",
    )
    chars_per_token: float = Field(
        4.0, gt=0, description="Estimator ratio (Eino, trpc, Synaptic: 4.0). Only used "
        "when counter = 'estimate'.",
    )
    context_window: int = Field(
        0, ge=0, description="Context window in tokens; 0 = look it up from the model name (litellm's model "
        "map, as trpc and Synaptic take it from the model: 128000 for gpt-4o)."
    )


class TriggerConfig(_Section):
    """When summarization fires: context tokens, messages, or a share of the window."""

    context_tokens: int = Field(
        0, ge=0, description="Fire when context tokens exceed this (Eino ContextTokens, "
        "default 160000; Sagents max_tokens_before_summary 170000). 0 = off.",
    )
    messages: int = Field(
        0, ge=0, description="Fire when the message count exceeds this (Eino "
        "ContextMessages; trpc WithEventThreshold). 0 = off.",
    )
    context_ratio: float = Field(
        0.0, ge=0, le=1, description="Fire when tokens exceed this share of the context "
        "window (trpc WithContextThreshold, default ratio 0.5). 0 = off.",
    )
    idle_seconds: float = Field(
        0.0, ge=0, description="Fire when the last message is older than this (trpc "
        "WithTimeThreshold). Evaluated only when a clock is given. 0 = off.",
    )
    combine: Literal["any", "all"] = Field(
        "any", description="'any' fires when one enabled trigger fires (trpc "
        "WithChecksAny, Eino); 'all' needs every enabled one (trpc WithChecksAll).",
    )
    since_last_summary: bool = Field(
        False, description="Count tokens and messages only after the latest summary "
        "(trpc's delta semantics) instead of the whole context (Eino).",
    )


class KeepConfig(_Section):
    """What stays verbatim after a summary: the last messages, a token budget, or a fraction."""

    mode: Literal["messages", "tokens", "fraction"] = Field(
        "messages", description="What stays verbatim after the summary: the last N "
        "messages (Sagents), the recent messages that fit N tokens (Synaptic: half the "
        "budget), or a fraction of the context's tokens.",
    )
    messages: int = Field(6, ge=0, description="Messages to keep (Sagents messages_to_keep, default 6).")
    tokens: int = Field(
        0, ge=0, description="Token budget for kept messages in mode 'tokens'; 0 = half "
        "the token trigger (Synaptic).",
    )
    fraction: float = Field(0.25, ge=0, le=1, description="Share of tokens kept in mode 'fraction' (inspector's own mode, no reference system; 0.25).")
    latest_turn: bool = Field(
        False, description="Keep the latest turn verbatim: the summary covers only what came before the "
        "latest user message (trpc: the request carries \"all incremental events after the summary point\"). "
        "false = messages after the latest user message may be summarized like any others.",
    )
    latest_user: bool = Field(
        True, description="Keep the latest user message (the current request) verbatim, whatever the "
        "mode: trpc sends the current request after the summary. false = it may be folded into the "
        "summary like any other message; the plan then warns (latest_user_summarized).",
    )


class PreserveUserConfig(_Section):
    """Recent user messages carried into the summary message (Eino's PreserveUserMessages)."""

    enabled: bool = Field(
        True, description="Carry the most recent original user messages into the summary "
        "(Eino PreserveUserMessages, enabled by default).",
    )
    max_tokens: int = Field(
        0, ge=0, description="Budget for preserved user messages; 0 = trigger tokens / 3 "
        "(Eino default).",
    )


class PreserveToolsConfig(_Section):
    """Latest outputs of named tools carried into the summary message (Eino's PreserveSkills)."""

    tools: list[str] = Field(
        default_factory=list, description="Tools whose latest outputs are carried into "
        "the summary (generalises Eino PreserveSkills, whose tool is 'skill').",
    )
    max_items: int = Field(5, ge=0, description="Outputs to carry at most (Eino MaxSkills, default 5).")
    max_tokens_per_item: int = Field(
        5000, ge=0, description="Each output is truncated to this (Eino MaxTokensPerSkill, 5000)."
    )
    total_tokens: int = Field(25000, ge=0, description="Budget for all of them (Eino SkillsTokenBudget, 25000).")


class SummarizationConfig(_Section):
    """Summarization: its trigger, what is kept and preserved, the model and how its text is injected."""

    enabled: bool = Field(True, description="Replace older turns with a summary when a trigger fires (Eino, Sagents, Synaptic and trpc summarization; on by default).")
    trigger: TriggerConfig = Field(default_factory=TriggerConfig)
    keep: KeepConfig = Field(default_factory=KeepConfig)
    preserve_user_messages: PreserveUserConfig = Field(default_factory=PreserveUserConfig)
    preserve_tools: PreserveToolsConfig = Field(default_factory=PreserveToolsConfig)
    model: str = Field(
        "", description="Summary model, any litellm model string; empty = the offline "
        "extractive summarizer.",
    )
    fallback_models: list[str] = Field(
        default_factory=list, description="Tried in order when the model fails (Eino Failover)."
    )
    api_base: str = Field("", description="Base URL for a local or proxied model server.")
    retries: int = Field(3, ge=0, le=MAX_RETRIES, description="Retries per model, exponential backoff + jitter (Eino MaxRetries, 3 once Retry is set; the eino preset has none, as Eino by default).")
    backoff_seconds: float = Field(1.0, ge=0, description="First backoff delay; doubles per attempt.")
    timeout_seconds: float = Field(120.0, gt=0, description="Per-request timeout.")
    max_input_tokens: int = Field(
        100_000, ge=1000, description="Longest conversation text sent in one summary call; "
        "longer ranges are summarized in chunks, each folding in the previous summary.",
    )
    prompt: str = Field(
        DEFAULT_SUMMARY_PROMPT, description="User prompt; must contain {conversation_text} "
        "and, when max_summary_words > 0, {max_summary_words} (trpc WithPrompt).",
    )
    system_prompt: str = Field(
        "", description="Optional system message for the summary call; must not contain "
        "{conversation_text} (trpc WithSystemPrompt).",
    )
    max_summary_words: int = Field(300, ge=0, description="Word limit given to the model (trpc WithMaxSummaryWords).")
    injection: Literal["system", "system_merge", "user"] = Field(
        "system", description="'system': a system message after the leading system "
        "messages (Synaptic); 'system_merge': merged into the first system message (trpc "
        "default); 'user': merged into the first kept user message or a user message "
        "of its own (trpc user mode).",
    )
    injection_strict: bool = Field(
        False, description="Inject the summary as `injection` says even when the kept messages start with "
        "an assistant message (Synaptic: always \"a system message prefixed with [Previous conversation "
        "summary]\"); false = a system summary becomes a user message there, as providers such as "
        "Anthropic need a user message first (inspector).",
    )
    summary_prefix: str = Field(
        "[Previous conversation summary]", description="First line of the injected summary (Synaptic prefix)."
    )
    continue_instruction: str = Field(
        "", description="Last line of the injected summary (Eino's default post-processing adds a "
        "continuation instruction; the other reference systems add none).",
    )
    incremental: bool = Field(
        True, description="Fold an earlier summary in the input into the new one (trpc incremental summaries)."
    )
    recovery_hint: bool = Field(
        True, description="Append where the original messages are kept (Eino TranscriptFilePath)."
    )
    on_failure: Literal["raise", "keep"] = Field(
        "raise", description="When every summary model fails: 'raise' (nothing is applied) or 'keep' "
        "(Sagents: keep the messages the summary would replace, apply the reductions that need no "
        "model, and report the failure as an event).",
    )


class ToolOverride(_Section):
    """One tool's exceptions to truncation and clearing."""

    max_chars: int | None = Field(None, ge=1, description="Truncation limit for this tool.")
    skip_truncation: bool = False
    skip_clear: bool = False


class TruncationConfig(_Section):
    """Truncation of oversized tool outputs, head and tail kept (Eino's reduction)."""

    enabled: bool = Field(True, description="Truncate oversized tool outputs head + tail (Eino reduction, on by default).")
    max_chars: int = Field(50000, ge=1, description="Characters per tool output before truncation (Eino MaxLengthForTrunc, 50000).")
    head_ratio: float = Field(
        0.5, ge=0, le=1, description="Share of the kept characters taken from the head "
        "(Eino keeps max/(parts*2) from each end: 0.5).",
    )
    exclude_tools: list[str] = Field(default_factory=list, description="Never truncated (Eino TruncExcludeTools).")
    per_tool: dict[str, ToolOverride] = Field(default_factory=dict, description="Per-tool overrides (Eino ToolConfig).")
    notice: str = Field(DEFAULT_TRUNCATION_NOTICE, description="Inserted where the middle was removed.")
    notice_in_limit: bool = Field(
        True, description="The notice counts within max_chars, so a truncated output is within the limit "
        "and truncating it again changes nothing (inspector); false keeps max_chars of text beside "
        "the notice (Eino keeps MaxLengthForTrunc/(parts*2) characters from each end).",
    )

    @field_validator("notice")
    @classmethod
    def _notice_fields(cls, v: str) -> str:
        return _template(v, NOTICE_FIELDS)


class ClearConfig(_Section):
    """Clearing of old tool results when the context is large (Eino's reduction)."""

    enabled: bool = Field(True, description="Clear old tool results when the context is large (Eino reduction, on by default).")
    trigger_tokens: int = Field(160000, ge=0, description="Clear when context tokens exceed this (Eino MaxTokensForClear, 160000).")
    keep_rounds: int = Field(1, ge=0, description="Latest assistant rounds never cleared (Eino ClearRetentionSuffixLimit, 1).")
    at_least_tokens: int = Field(
        0, ge=0, description="Skip clearing unless it frees this many tokens, to spare the "
        "prompt cache (Eino ClearAtLeastTokens, 0).",
    )
    exclude_tools: list[str] = Field(default_factory=list, description="Never cleared (Eino ClearExcludeTools).")
    clear_arguments: bool = Field(True, description="Clear the call's arguments too (Eino clears both).")
    placeholder: str = Field(DEFAULT_CLEAR_PLACEHOLDER, description="Replaces a cleared result.")
    arguments_placeholder: str = Field(DEFAULT_ARGUMENTS_PLACEHOLDER, description="Replaces cleared arguments (JSON).")

    @field_validator("placeholder")
    @classmethod
    def _placeholder_fields(cls, v: str) -> str:
        return _template(v, PLACEHOLDER_FIELDS)

    @field_validator("arguments_placeholder")
    @classmethod
    def _arguments_fields(cls, v: str) -> str:
        return _template(v, ARGUMENTS_FIELDS)


class ToolResultCompactionConfig(_Section):
    """trpc's two-pass tool result compaction: old results to placeholders, then oversized ones."""

    enabled: bool = Field(False, description="trpc WithEnableContextCompaction (off by default).")
    tool_result_max_tokens: int = Field(
        1024, ge=0, description="Pass 1: historical results over this become placeholders "
        "(trpc ContextCompactionToolResultMaxTokens, 1024).",
    )
    keep_recent_requests: int = Field(
        1, ge=0, description="Completed requests protected from pass 1, besides the current "
        "one (trpc ContextCompactionKeepRecentRequests).",
    )
    oversized_max_tokens: int = Field(
        0, ge=0, description="Pass 2: any result over this is head+tail truncated, the "
        "current request included (trpc, 0 = off, 8192 recommended).",
    )
    keep_tools: list[str] = Field(default_factory=list, description="Never compacted (trpc KeepToolNames; wins over force).")
    force_clean_tools: list[str] = Field(
        default_factory=list, description="Historical results always replaced (trpc ForceCleanToolNames)."
    )
    placeholder: str = Field(DEFAULT_COMPACTION_PLACEHOLDER, description="Pass 1 placeholder.")

    @field_validator("placeholder")
    @classmethod
    def _placeholder_fields(cls, v: str) -> str:
        return _template(v, PLACEHOLDER_FIELDS)


class ReductionConfig(_Section):
    """The reductions applied before summarizing: truncation, clearing, tool result compaction."""

    truncation: TruncationConfig = Field(default_factory=TruncationConfig)
    clear: ClearConfig = Field(default_factory=ClearConfig)
    compaction: ToolResultCompactionConfig = Field(default_factory=ToolResultCompactionConfig)


class TailoringConfig(_Section):
    """Tailoring: whole oldest rounds dropped to fit a final budget (trpc's token tailoring)."""

    enabled: bool = Field(False, description="Drop whole oldest rounds to fit a final budget (trpc token tailoring).")
    budget_tokens: int = Field(
        0, ge=0, description="Final budget; 0 = context window minus reserve_output_tokens (trpc token tailoring)."
    )
    reserve_output_tokens: int = Field(4096, ge=0, description="Kept free for the reply when the budget is derived.")
    keep_task: bool = Field(
        True, description="Keep the task (the session's first real request) with its round while anything "
        "else can go (inspector; trpc keeps only the system prompt and the latest turn). Dropped all the "
        "same when nothing else fits, with a task_dropped warning.",
    )


class CompactionConfig(_Section):
    """The whole engine config; what `inspector.toml` holds."""

    preset: str = Field("balanced", description="Preset this config started from (informational).")
    recovery_tool: str = Field(
        "read_offload", description="Tool name recovery hints tell the agent to call "
        "(Eino ReadFileToolName, default read_file).",
    )
    tokens: TokensConfig = Field(default_factory=TokensConfig)
    summarization: SummarizationConfig = Field(default_factory=SummarizationConfig)
    reduction: ReductionConfig = Field(default_factory=ReductionConfig)
    tailoring: TailoringConfig = Field(default_factory=TailoringConfig)

    @field_validator("summarization")
    @classmethod
    def _prompt_placeholders(cls, v: SummarizationConfig) -> SummarizationConfig:
        if "{conversation_text}" not in v.prompt:
            raise ValueError("summarization.prompt must contain {conversation_text}")
        if "{conversation_text}" in v.system_prompt:
            raise ValueError("summarization.system_prompt must not contain {conversation_text}")
        if v.max_summary_words > 0 and "{max_summary_words}" not in v.prompt + v.system_prompt:
            raise ValueError(
                "summarization.prompt or system_prompt must contain {max_summary_words} "
                "when max_summary_words > 0"
            )
        return v

    @model_validator(mode="after")
    def _budgets_hold(self) -> CompactionConfig:
        """Refuse budgets no session can meet (`budget_problems`)."""
        problems = budget_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    # ------------------------------------------------------------------ derived values

    @property
    def context_window(self) -> int:
        """The context window: the one set, or the model's from litellm's map."""
        return self.tokens.context_window or context_window_for(self.tokens.model)[0]

    def preserve_user_budget(self) -> int:
        """Tokens for preserved user messages: the one set, or a third of the trigger (Eino's default)."""
        p = self.summarization.preserve_user_messages
        if p.max_tokens:
            return p.max_tokens
        trig = self.summarization.trigger
        base = trig.context_tokens or int(trig.context_ratio * self.context_window)
        return base // 3 if base else 30000  # Eino DefaultFinalizer: 30000

    def keep_tokens_budget(self) -> int:
        """Tokens kept verbatim in mode `tokens`: the one set, or half the trigger (Synaptic)."""
        k = self.summarization.keep
        if k.tokens:
            return k.tokens
        trig = self.summarization.trigger
        base = trig.context_tokens or int(trig.context_ratio * self.context_window)
        return base // 2

    def tailoring_budget(self) -> int:
        """Tailoring's final budget: the one set, or the window minus the reply's reserve."""
        t = self.tailoring
        return t.budget_tokens or max(0, self.context_window - t.reserve_output_tokens)

    # ------------------------------------------------------------------ (de)serialise

    @classmethod
    def from_toml_text(cls, text: str, source: str = "config") -> CompactionConfig:
        """The config a TOML text describes (as `to_toml` writes it; a partial text
        starts from the preset it names).

        Args:
            text: The TOML.
            source: What the text came from (a file name), named in errors.

        Returns:
            The validated config; raises ConfigError naming `source`.
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{source}: invalid TOML: {exc}") from None
        except RecursionError:
            raise ConfigError(f"{source}: invalid TOML: nested too deeply") from None
        except ValueError as exc:  # an integer of more than 4,300 digits
            raise ConfigError(f"{source}: invalid TOML: {exc}") from None
        return cls.from_dict(data, source=source)

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "config") -> CompactionConfig:
        """A config from a dict (a TOML table): its preset's values, then the dict's over them.

        Args:
            data: the settings; a `preset` key names the base.
            source: what the dict came from, named in errors.

        Returns:
            The config.

        Raises:
            ConfigError: an unknown preset or key, or a value out of range, naming `source`.
        """
        base = data.get("preset")
        if "preset" in data:
            _known_preset(base, source)
        merged: dict[str, Any] = {}
        if isinstance(base, str) and base in PRESETS:
            merged = preset(base).model_dump()
        _deep_update(merged, data)
        try:
            return cls.model_validate(merged)
        except ValidationError as exc:
            raise ConfigError(_format_validation(exc, source)) from None

    def to_toml(self, comments: bool = True) -> str:
        """The config as TOML text (`from_toml_text` reads it back); `comments` adds
        each setting's description."""
        return _to_toml(self, comments)

    def get(self, dotted: str) -> Any:
        """The value at a dotted key (`summarization.trigger.context_tokens`).

        Raises:
            ConfigError: no such key.
        """
        obj: Any = self
        for part in dotted.split("."):
            if isinstance(obj, BaseModel):
                if part not in type(obj).model_fields:
                    raise ConfigError(f"unknown config key {dotted!r}")
                obj = getattr(obj, part)
            elif isinstance(obj, dict):
                obj = obj[part]
            else:
                raise ConfigError(f"unknown config key {dotted!r}")
        return obj

    def as_preset(self, name: str) -> CompactionConfig:
        """Preset `name` with this config's `tokens` section (the counter, the model and
        its window), so switching presets keeps counting as before.

        Args:
            name: a preset name (`PRESETS`).

        Returns:
            The preset's config.
        """
        return preset(name).with_values({f"tokens.{k}": v for k, v in self.tokens.model_dump().items()})

    def changed_values(self) -> dict[str, Any]:
        """The values that differ from this config's preset (same `tokens` section), by
        dotted key: what makes it "modified". Empty for an unknown preset name.

        Returns:
            Dotted key -> this config's value, for every value not the preset's.
        """
        try:
            base = self.as_preset(self.preset).model_dump()
        except ConfigError:
            return {}
        out: dict[str, Any] = {}

        def walk(mine: Any, theirs: Any, prefix: str) -> None:
            if isinstance(mine, dict) and isinstance(theirs, dict) and set(mine) == set(theirs):
                for key, value in mine.items():
                    walk(value, theirs[key], f"{prefix}{key}.")
            elif mine != theirs:
                out[prefix[:-1]] = mine

        walk(self.model_dump(), base, "")
        out.pop("preset", None)
        return out

    def with_values(self, values: dict[str, Any]) -> CompactionConfig:
        """A copy with dotted keys set; values are validated like the file's."""
        data = self.model_dump()
        for dotted, value in values.items():
            _check_key(dotted)
            if dotted == "preset":
                _known_preset(value, "--set")
            node = data
            parts = dotted.split(".")
            for part in parts[:-1]:
                node = node.setdefault(part, {})
            node[parts[-1]] = value
        try:
            return CompactionConfig.model_validate(data)
        except ValidationError as exc:
            raise ConfigError(_format_validation(exc, "--set")) from None

    def with_set(self, assignments: list[str]) -> CompactionConfig:
        """Apply `KEY=VALUE` strings; VALUE is parsed as TOML/JSON when it can be."""
        values: dict[str, Any] = {}
        for item in assignments:
            if "=" not in item:
                raise ConfigError(f"--set {item!r}: expected KEY=VALUE")
            key, raw = item.split("=", 1)
            key = key.strip()
            _check_key(key)
            values[key] = _parse_value(raw.strip(), self.get(key))
        return self.with_values(values)


def budget_problems(config: CompactionConfig) -> list[str]:
    """Budgets in `config` that cannot hold, each naming its keys:

    - a derived tailoring budget of zero (the window is not larger than the output
      reserve: every session would fail);
    - in `keep.mode = "messages"`, `keep.messages` not smaller than a message-count
      trigger that decides alone (`combine = "any"`, or no other trigger): the trigger
      fires with nothing to summarize (every message is kept) until the session is
      longer than what is kept, and from then on the messages kept after the summary
      fire it again on every call.

    A kept share in tokens over the token trigger is not refused: the planner bounds
    `keep.tokens` below the token trigger and within the budget, and says so in the
    plan's reasons.

    Args:
        config: the config to check.

    Returns:
        One sentence per problem; empty when every budget can hold.
    """
    out: list[str] = []
    t = config.tailoring
    if t.enabled and not t.budget_tokens:
        window = config.tokens.context_window or context_window_for(config.tokens.model)[0]
        if window <= t.reserve_output_tokens:
            out.append(f"tokens.context_window ({window:,}) must be larger than tailoring.reserve_output_tokens "
                       f"({t.reserve_output_tokens:,}): the tailoring budget would be "
                       f"{max(0, window - t.reserve_output_tokens):,} tokens")
    sc = config.summarization
    tr, keep = sc.trigger, sc.keep
    decides_alone = tr.combine == "any" or not (tr.context_tokens or tr.context_ratio or tr.idle_seconds)
    if sc.enabled and keep.mode == "messages" and tr.messages and keep.messages >= tr.messages and decides_alone:
        out.append(f"summarization.keep.messages ({keep.messages:,}) must be smaller than "
                   f"summarization.trigger.messages ({tr.messages:,}): the trigger would fire with nothing to "
                   "summarize, then on every call, as the messages kept after a summary are over it")
    return out


class ConfigError(ValueError):
    """A config file or value is invalid; the message names the file and key."""


def _known_preset(name: Any, source: str) -> None:
    # Checked where a user names it (a file, --set), not on every validation: a version
    # stored before this check still loads.
    if name not in PRESETS:
        raise ConfigError(f"{source}: preset: unknown preset {name!r} (choose from {', '.join(PRESETS)})")


def _check_key(dotted: str) -> None:
    model: Any = CompactionConfig
    parts = dotted.split(".")
    for i, part in enumerate(parts):
        if isinstance(model, type) and issubclass(model, BaseModel):
            field = model.model_fields.get(part)
            if field is None:
                known = ", ".join(model.model_fields)
                where = ".".join(parts[:i]) or "top level"
                raise ConfigError(f"unknown config key {dotted!r} ({where} has: {known})")
            model = field.annotation
        else:
            # dict sections (per_tool): any key below is validated on model_validate
            return


MAX_SET_CHARS = 100_000  # a --set value longer than any prompt worth typing


def _parse_value(raw: str, current: Any) -> Any:
    if len(raw) > MAX_SET_CHARS:
        raise ConfigError(f"--set value of {len(raw):,} characters: at most {MAX_SET_CHARS:,}")
    if isinstance(current, str) and not (raw.startswith('"') or raw.startswith("'")):
        return raw
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except (ValueError, RecursionError):  # not TOML, an integer of 4,300+ digits, nested too deep
        pass
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        pass
    if isinstance(current, list):
        return [x.strip() for x in raw.split(",") if x.strip()]
    return raw


def _format_validation(exc: ValidationError, source: str) -> str:
    lines = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"])
        msg = err["msg"].removeprefix("Value error, ")
        lines.append(f"{source}: {loc}: {msg}" if loc else f"{source}: {msg}")
    return "; ".join(lines)


def _deep_update(base: dict[str, Any], new: dict[str, Any]) -> None:
    for k, v in new.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            _deep_update(base[k], v)
        else:
            base[k] = v


def _toml_value(value: Any) -> str:
    import tomli_w

    return tomli_w.dumps({"v": value}, multiline_strings=True).split("=", 1)[1].strip()


def _to_toml(model: BaseModel, comments: bool) -> str:
    out: list[str] = [
        "# inspector compaction config. Load it with Compactor.from_toml(path),",
        "# `inspector plan|apply|export --config path`, or the TUI.",
        "",
    ]

    def emit(obj: BaseModel, prefix: str) -> None:
        scalars: list[tuple[str, Any, Any]] = []
        tables: list[tuple[str, Any, Any]] = []
        for name, field in type(obj).model_fields.items():
            value = getattr(obj, name)
            if isinstance(value, BaseModel):
                tables.append((name, field, value))
            elif isinstance(value, dict) and value and all(isinstance(v, BaseModel) for v in value.values()):
                tables.append((name, field, value))
            else:
                scalars.append((name, field, value))
        if prefix:
            out.append(f"[{prefix}]")
        for name, field, value in scalars:
            if comments and field.description:
                for line in _wrap(field.description):
                    out.append(f"# {line}")
            if isinstance(value, dict):
                value = {}  # empty dict section
                out.append(f"{name} = {{}}")
            else:
                out.append(f"{name} = {_toml_value(value)}")
        if prefix or scalars:
            out.append("")
        for name, field, value in tables:
            sub = f"{prefix}.{name}" if prefix else name
            if isinstance(value, dict):
                if comments and field.description:
                    out.append(f"# {field.description}")
                for key, item in value.items():
                    emit(item, f"{sub}.{_toml_key(key)}")
            else:
                emit(value, sub)

    emit(model, "")
    return "\n".join(out).rstrip() + "\n"


def _toml_key(key: str) -> str:
    import re

    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _wrap(text: str, width: int = 86) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width) or [""]


# ---------------------------------------------------------------------------- windows

_WINDOWS: tuple[tuple[str, int], ...] = (
    ("gpt-4.1", 1_047_576),
    ("gpt-4o", 128_000),
    ("gpt-4-turbo", 128_000),
    ("gpt-4-1106", 128_000),
    ("gpt-4-0125", 128_000),
    ("gpt-4-32k", 32_768),
    ("gpt-4", 8_192),
    ("gpt-3.5-turbo", 16_385),
    ("gpt-5", 400_000),
    ("gpt-oss", 131_072),
    ("o1-mini", 128_000),
    ("o1", 200_000),
    ("o3", 200_000),
    ("o4", 200_000),
    ("codex-", 200_000),
    ("claude", 200_000),
    ("gemini-1.5-pro", 2_097_152),
    ("gemini", 1_048_576),
    ("deepseek", 128_000),
    ("qwen", 131_072),
    ("llama", 128_000),
    ("mistral", 128_000),
)

DEFAULT_CONTEXT_WINDOW = 128_000


def context_window_for(model: str | None) -> tuple[int, str | None]:
    """(window, note); the note says when the window was guessed."""
    name = (model or "").split("/")[-1].lower()
    for prefix, window in _WINDOWS:
        if name.startswith(prefix):
            return window, None
    return DEFAULT_CONTEXT_WINDOW, (
        f"context window of {model!r} unknown; assuming {DEFAULT_CONTEXT_WINDOW:,} "
        "(set tokens.context_window)"
    )


# ---------------------------------------------------------------------------- presets


_REDUCTION_OFF: dict[str, Any] = {
    "reduction.truncation.enabled": False,
    "reduction.clear.enabled": False,
    "reduction.compaction.enabled": False,
}

# Each preset: a description and the dotted knobs it sets on top of the field defaults.
PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    # Ours: reduce first (cheap, no LLM), summarize only when reduction is not enough,
    # always keep a verbatim recent window, and guarantee the final budget.
    "balanced": ("inspector's default: truncate, clear, summarize at 75% of the window, tailor", {
        "summarization.trigger.context_ratio": 0.75,
        "summarization.keep.mode": "tokens",
        "summarization.keep.tokens": 20_000,
        "summarization.preserve_user_messages.max_tokens": 8_000,
        "reduction.truncation.max_chars": 20_000,
        "reduction.truncation.head_ratio": 0.6,
        "reduction.clear.trigger_tokens": 64_000,
        "reduction.clear.keep_rounds": 3,
        "reduction.clear.at_least_tokens": 4_000,
        "tailoring.enabled": True,
    }),
    # Eino summarization + reduction middlewares with their documented defaults. The
    # summary replaces the whole history (no kept suffix); recent user messages are
    # carried inside it instead.
    "eino": ("CloudWeGo Eino ADK summarization + reduction middleware defaults", {
        "summarization.trigger.context_tokens": 160_000,
        "summarization.keep.messages": 0,
        "summarization.keep.latest_user": False,  # the summary replaces the whole history ...
        "summarization.preserve_user_messages.enabled": True,  # ... carrying the user messages
        "summarization.preserve_user_messages.max_tokens": 0,  # = trigger / 3
        "summarization.preserve_tools.tools": ["skill"],
        "summarization.retries": 0,  # Retry: "nil (no retry)" by default
        "summarization.continue_instruction": EINO_CONTINUE_INSTRUCTION,
        "recovery_tool": "read_file",  # ReadFileToolName, default "read_file"
        "summarization.injection": "user",
        "summarization.summary_prefix": (
            "This session is being continued from a previous conversation that ran out of context. "
            "The summary below covers the earlier portion of the conversation."),
        "reduction.truncation.max_chars": 50_000,
        "reduction.truncation.head_ratio": 0.5,
        "reduction.truncation.notice_in_limit": False,  # "the first and last MaxLengthForTrunc/(textParts*2)"
        "summarization.recovery_hint": False,  # TranscriptFilePath: unset by default, so no hint
        "reduction.clear.trigger_tokens": 160_000,
        "reduction.clear.keep_rounds": 1,
        "reduction.clear.at_least_tokens": 0,
        "reduction.clear.clear_arguments": True,
    }),
    # Sagents: summarize above 170k tokens, keep the last 6 messages, safe cutoff.
    "sagents": ("Sagents summarization: 170k tokens, keep 6 messages, safe cutoff", {
        "summarization.trigger.context_tokens": 170_000,
        "summarization.keep.messages": 6,
        "summarization.preserve_user_messages.enabled": False,
        "summarization.incremental": False,
        "summarization.on_failure": "keep",  # "falls back to keeping all messages"
        **_REDUCTION_OFF,
    }),
    # trpc-agent-go: context-window-ratio trigger (50%) on what came since the last
    # summary, incremental summaries merged into the system prompt, token tailoring as
    # the last resort. Tool-result compaction is off, as in trpc ("EnableContextCompaction
    # =false always means the framework will not modify any tool result"); turned on
    # (reduction.compaction.enabled) it has trpc's defaults: pass 1 at 1024 tokens, pass 2 off.
    "trpc": ("trpc-agent-go: window-ratio trigger, incremental summary, tailoring (tool-result compaction opt-in)", {
        "summarization.trigger.context_ratio": 0.5,
        "summarization.trigger.since_last_summary": True,
        "summarization.keep.messages": 0,
        "summarization.keep.latest_turn": True,  # "all incremental events after the summary point"
        "summarization.preserve_user_messages.enabled": False,
        "summarization.injection": "system_merge",
        "summarization.summary_prefix": "Here is a brief summary of your previous interactions:",
        "summarization.max_summary_words": 200,
        **_REDUCTION_OFF,
        "reduction.compaction.tool_result_max_tokens": 1024,
        "reduction.compaction.keep_recent_requests": 1,
        "reduction.compaction.oversized_max_tokens": 0,
        "tailoring.enabled": True,
    }),
    # Synaptic: above max_tokens (4000 in its examples) keep the recent messages that
    # fit half the budget and inject the summary as a system message.
    "synaptic": ("Synaptic: keep what fits half the budget, summary as a system message", {
        "summarization.trigger.context_tokens": 4000,
        "summarization.keep.mode": "tokens",
        "summarization.keep.tokens": 0,  # = trigger / 2
        "summarization.preserve_user_messages.enabled": False,
        "summarization.summary_prefix": "[Previous conversation summary]",
        "summarization.injection_strict": True,  # "a system message prefixed with [...]", always
        "summarization.incremental": False,
        **_REDUCTION_OFF,
    }),
    "none": ("no compaction: the session as it is", {"summarization.enabled": False, **_REDUCTION_OFF}),
}


def preset(name: str) -> CompactionConfig:
    """The named preset's config.

    Raises:
        ConfigError: no such preset (the presets named).
    """
    try:
        values = PRESETS[name][1]
    except KeyError:
        raise ConfigError(f"unknown preset {name!r} (choose from {', '.join(PRESETS)})") from None
    return CompactionConfig(preset=name).with_values(values)
