"""`text_floor`: the fewest tokens a placeholder template renders to, whatever its
values; stage 3 and replay skip counting an arguments placeholder that cannot be
smaller than the arguments it would replace (issue 31). The floor bounds every
rendering, and what is decided with it is what counting decides."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from inspector.engine import plan, preset
from inspector.engine.config import DEFAULT_ARGUMENTS_PLACEHOLDER, DEFAULT_CLEAR_PLACEHOLDER
from inspector.engine.models import Session
from inspector.engine.planning import clear as clear_stage
from inspector.engine.planning.clear import argument_counts
from inspector.engine.planning.memo import PlanMemo
from inspector.engine.planning.text import render, text_floor
from inspector.engine.tokens import EstimateCounter, TiktokenCounter, TokenCache
from inspector.sources.registry import open_source
from inspector.sources.swe_agent import read_traj
from tests.conftest import CLAUDE_CODE, SWE_AGENT

FIELDS = ("tool", "tokens", "offload_id", "recovery_tool", "tool_call_id")
TEMPLATES = [
    DEFAULT_CLEAR_PLACEHOLDER,
    DEFAULT_ARGUMENTS_PLACEHOLDER,
    preset("balanced").reduction.compaction.placeholder,
    "{offload_id}",
    "x{offload_id}y and z",
    "[{tool:>12}] cleared: {tokens} tokens, see {offload_id} (call {recovery_tool})",
    "  two  spaces {tool}\n\nnew line {offload_id}\t tab {tokens}.",
    "{tool}{tokens}{offload_id} glued words here",
    "déjà vu — {tool} 工具 {offload_id} ok",
    "{tool",  # braces that do not balance: replaced as written
    "{unknown} field left as written {offload_id}",
]
VALUES = ["", " ", "  ", "\n", "bash", "str_replace_editor", "off-0123456789ab", "1,234", " leading", "trailing ",
          "a b", "ünï cödé", "x\ny", "(", "\"}", "12345678", "{}", "'s", "read_offloaded"]


def _random_value(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(VALUES)
    if rng.random() < 0.5:
        return f"off-{rng.getrandbits(48):012x}"
    return "".join(rng.choice("ab1 -_(\"}\n.é") for _ in range(rng.randrange(0, 12)))


@pytest.mark.parametrize("template", TEMPLATES)
def test_the_floor_is_at_most_every_rendering(template):
    counter = TiktokenCounter(model="gpt-4o")
    rng = random.Random(template)
    for names in (FIELDS, ("offload_id",)):
        floor = text_floor(template, names, counter)
        counts = []
        for _ in range(300):
            text = render(template, **{n: _random_value(rng) for n in names})
            counts.append(counter.count(text))
        assert floor <= min(counts), (template, names)


def test_the_default_placeholders_have_a_floor_and_an_estimate_none():
    counter = TiktokenCounter(model="gpt-4o")
    floor = text_floor(DEFAULT_ARGUMENTS_PLACEHOLDER, ("offload_id",), counter)
    exact = counter.count(render(DEFAULT_ARGUMENTS_PLACEHOLDER, offload_id="off-0123456789ab"))
    assert 0 < floor < exact
    assert text_floor(DEFAULT_CLEAR_PLACEHOLDER, FIELDS, counter) > 5
    assert text_floor(DEFAULT_ARGUMENTS_PLACEHOLDER, ("offload_id",), EstimateCounter()) == 0


def _real_sessions() -> list[Session]:
    out = [read_traj(p) for p in sorted(SWE_AGENT.glob("*.traj"))]
    for p in sorted(Path(CLAUDE_CODE).glob("*.jsonl")):
        with open_source(p) as src:
            out.extend(src.read(sid) for sid in src.session_ids())
    return out


def _real_arguments() -> list[str]:
    return [c.arguments_raw for s in _real_sessions() for m in s.messages for c in m.tool_calls if c.arguments_raw]


def test_arguments_decided_by_the_floor_are_decided_as_counting_decides():
    """Over every call of the real SWE-agent and Claude Code sessions, under random ids: the pair says the
    placeholder is smaller exactly when it is, and then gives its exact count."""
    counter = TiktokenCounter(model="gpt-4o")
    rng = random.Random(7)
    skipped = counted = 0
    for template in (DEFAULT_ARGUMENTS_PLACEHOLDER, '{{"gone": "{offload_id}"}}'):
        floor = text_floor(template, ("offload_id",), counter)
        for args, _ in itertools.product(_real_arguments(), range(5)):
            oid = f"off-{rng.getrandbits(48):012x}"
            before, after = argument_counts(PlanMemo(counter), args, oid, template)
            exact = counter.count(render(template, offload_id=oid))
            assert before == counter.count(args)
            assert (after < before) == (exact < before)
            if after < before:
                assert after == exact
            skipped += before <= floor
            counted += before > floor
    assert skipped > 50 and counted > 200


def test_plans_are_the_same_with_the_floor_switched_off(monkeypatch):
    """Stage 3's batch (`count_arguments`) and replay's checks (`argument_counts`) with
    the floor as it is and with it at 0 (every placeholder counted): the same plans."""
    config = preset("balanced").with_values({
        "reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 500,
        "reduction.clear.at_least_tokens": 0, "reduction.clear.keep_rounds": 1,
        "reduction.clear.clear_arguments": True})

    placeholders: list[str] = []

    class Recording(TiktokenCounter):
        def count_batch(self, texts):
            placeholders.extend(t for t in texts if "off-" in t)
            return super().count_batch(texts)

    def plans():
        placeholders.clear()
        out = [plan(s, config, Recording(model="gpt-4o"), token_cache=TokenCache()) for s in _real_sessions()]
        return out, len(placeholders)

    with_floor, fewer = plans()
    monkeypatch.setattr(clear_stage, "text_floor", lambda *args: 0)
    without, every = plans()
    assert sum(bool(r.clear_arguments) for p in with_floor for r in p.reductions.values()) > 5
    assert fewer < every  # the floor spared some placeholders their count
    for a, b in zip(with_floor, without):
        assert a.reductions == b.reductions
        assert a.tokens_after == b.tokens_after
        assert a.stages == b.stages


def test_replays_are_the_same_with_the_floor_switched_off(monkeypatch):
    """Replay's clearing checks skip the arguments whose placeholder cannot be smaller
    (`_Quiet.clear_gain`): every call, total and final context as with every
    placeholder counted, over the real sessions under a clearing policy."""
    from inspector.engine import replay as replay_module

    config = preset("balanced").with_values({
        "reduction.clear.enabled": True, "reduction.clear.trigger_tokens": 2_000,
        "reduction.clear.at_least_tokens": 200, "reduction.clear.keep_rounds": 2,
        "reduction.clear.clear_arguments": True,
        "summarization.trigger.context_tokens": 12_000, "summarization.trigger.context_ratio": 0,
        "summarization.keep.tokens": 0})
    placeholders: list[str] = []

    class Recording(TiktokenCounter):
        def count(self, text):
            if "off-" in text:
                placeholders.append(text)
            return super().count(text)

        def count_batch(self, texts):
            placeholders.extend(t for t in texts if "off-" in t)
            return super().count_batch(texts)

    def replays():
        placeholders.clear()
        out = []
        for s in _real_sessions():
            r = replay_module.replay(s, config, counter=Recording(model="gpt-4o"), token_cache=TokenCache())
            out.append(([c.to_dict() for c in r.calls], r.totals.to_dict(), [m.content_hash for m in r.final_messages]))
        return out, len(placeholders)

    with_floor, fewer = replays()
    monkeypatch.setattr(clear_stage, "text_floor", lambda *args: 0)  # (replay's floor is stage 3's: `arguments_floor`)
    without, every = replays()
    assert sum(t["compactions"] for _, t, _ in with_floor) > 5
    assert fewer < every
    assert with_floor == without
