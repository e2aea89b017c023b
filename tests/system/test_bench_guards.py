"""Guards for the performance work measured by bench/run.py (no timings here).

- `inspector --help` never imports litellm (its import takes seconds and fetches a
  price map; opening the TUI: tests/tui/test_parts.py);
- counting a long generated text from memoised lines (the planner's summary frame)
  gives exactly tiktoken's count of the whole text;
- a re-plan served from the per-config stage cache equals a plan computed from
  scratch, whatever knob moved in between.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]


def _modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(','.join(sorted({m.split('.')[0] for m in sys.modules})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.strip().splitlines()[-1].split(","))


def test_cli_help_does_not_import_litellm():
    mods = _modules_after("from inspector.cli.main import main\nmain(['--help'])")
    assert "inspector" in mods and "argparse" in mods  # the probe ran the CLI
    assert "litellm" not in mods


# Opening the TUI (the demo imported, a session planned, a screen opened) imports no
# litellm: tests/tui/test_parts.py::test_opening_the_app_never_imports_litellm (one
# child process for that check, not two).


# ---------------------------------------------------------------- counting by lines

PIECES = ["a", "Zebra", "9", "1234", "'s", "'LL", " ", "  ", "\t", "\n", "\n", "\n\n", "\r", "\r\n",
          "/", "//", "\n/", "/\n", ".", "...", ",", "-", "_", "(", "}", '"', "#", "\u00a0", "\u2028",
          "\x0b", "\x0c", "\x1c", "\x85", "é", "e\u0301", "日本語", "😀", "Ωμέγα", "<all_user_messages>"]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(PIECES), max_size=300))
def test_counting_by_lines_is_exact(pieces):
    from inspector.engine.tokens import TextCountCache, make_counter

    counter = make_counter()
    text = "".join(pieces)
    memo = TextCountCache(counter)
    memo.LONG = 0  # split even short texts
    assert memo.count_long(text) == counter.count(text)
    # and again from the memo, with other text around the same lines
    assert memo.count_long("intro\n" + text) == counter.count("intro\n" + text)


def test_counting_by_lines_on_real_outputs_and_other_counters():
    from inspector.engine.tokens import EstimateCounter, TextCountCache, make_counter, splits_after_newline
    from inspector.sources.swe_agent import read_traj

    session = read_traj(ROOT / "tests" / "fixtures" / "swe-agent" / "ctf_web_i_got_id_demo.traj")
    text = "\n\n".join(m.text for m in session.messages)
    counter = make_counter()
    assert splits_after_newline(counter)
    memo = TextCountCache(counter)
    assert len(text) > memo.LONG
    assert memo.count_long(text) == counter.count(text)
    # Other encodings and the estimator are not split (their pattern or rounding
    # is not additive): the whole text is counted.
    for other in (make_counter(model="gpt-4"), EstimateCounter(4.0)):
        assert not splits_after_newline(other)
        assert TextCountCache(other).count_long(text) == other.count(text)


# ---------------------------------------------------------------- stage cache


def _fresh(session):
    from inspector.engine.models import Session

    return Session(id=session.id, messages=[m.model_copy() for m in session.messages])


@pytest.mark.parametrize("preset_name", ["balanced", "eino", "trpc"])
def test_replans_from_the_stage_cache_equal_plans_from_scratch(preset_name):
    from inspector.engine import plan, preset
    from inspector.engine.tokens import TokenCache, make_counter
    from tests.sessions import agent_session

    session = agent_session(rounds=30)
    counter = make_counter()
    base = preset(preset_name)
    moves = [
        {"summarization.trigger.context_tokens": 3000, "summarization.trigger.context_ratio": 0.0},
        {"reduction.clear.trigger_tokens": 1000, "reduction.clear.keep_rounds": 2},
        {"reduction.clear.at_least_tokens": 10_000_000},
        {"reduction.clear.at_least_tokens": 0, "reduction.truncation.max_chars": 500},
        {"reduction.clear.keep_rounds": 5, "summarization.trigger.context_tokens": 6000},
        {"reduction.clear.enabled": False},
        {"reduction.compaction.enabled": True, "reduction.compaction.tool_result_max_tokens": 50},
        {"reduction.clear.enabled": True, "tailoring.budget_tokens": 2000},
    ]
    cfg = base
    for values in moves:
        cfg = cfg.with_values(values)
        cached = plan(session, cfg, counter)  # same session object: served from its caches
        scratch = plan(_fresh(session), cfg, counter, token_cache=TokenCache())
        assert cached.actions == scratch.actions
        assert cached.tokens_after == scratch.tokens_after
        assert cached.total_after == scratch.total_after
        assert [(s.name, s.ran, s.reason, s.tokens_before, s.tokens_after) for s in cached.stages] == \
               [(s.name, s.ran, s.reason, s.tokens_before, s.tokens_after) for s in scratch.stages]
        assert cached.reductions.keys() == scratch.reductions.keys()
        for i, red in cached.reductions.items():
            assert red == scratch.reductions[i]
        assert [w.code for w in cached.warnings] == [w.code for w in scratch.warnings]


# ---------------------------------------------------------------- workspace loads


def test_a_loaded_session_shares_strings_and_field_sets_without_changing_anything(tmp_path):
    from inspector.formats.openai_chat import to_openai
    from inspector.sources.swe_agent import read_traj
    from inspector.workspace.database import Workspace

    session = read_traj(ROOT / "tests" / "fixtures" / "swe-agent" / "marshmallow-1867_function_calling.traj")
    with Workspace(tmp_path / "ws.db") as ws:
        wid = ws.add_session(session)
    with Workspace(tmp_path / "ws.db") as ws:
        loaded = ws.load_session(wid)
    assert [m.model_dump() for m in loaded.messages] == [m.model_dump() for m in session.messages]
    assert [m.content_hash for m in loaded.messages] == [m.content_hash for m in session.messages]
    assert to_openai(loaded.messages) == to_openai(session.messages)
    # The source record's copy of a long text is the part's own string, not a copy.
    shared = 0
    for m in loaded.messages:
        if isinstance(m.raw, dict) and isinstance(m.raw.get("content"), str) and len(m.raw["content"]) >= 64:
            assert m.raw["content"] is m.parts[0].text
            shared += 1
        for c, raw_call in zip(m.tool_calls, (m.raw or {}).get("tool_calls") or []):
            if len(c.arguments_raw) >= 64:
                assert raw_call["function"]["arguments"] is c.arguments_raw
    assert shared > 5
    # Field sets: what pydantic reports is unchanged, and assigning a field to one
    # message is invisible to the others.
    a, b = loaded.messages[1], loaded.messages[2]
    assert a.model_fields_set == set(type(a).model_fields)
    a.name = "renamed"
    assert b.name is None and b.model_fields_set == set(type(b).model_fields)
    assert a.model_copy(update={"name": "x"}).name == "x" and a.name == "renamed"
    assert b.model_dump(exclude_unset=True) == b.model_dump()


# ---------------------------------------------------------------- truncation counts


@pytest.mark.parametrize("head_ratio", [0.0, 0.3, 0.6, 1.0])
def test_truncation_counted_from_chunks_is_what_apply_writes(head_ratio):
    """The planner counts truncated outputs from cached chunks of the original (only the
    text around the cut is tokenized); apply writes the text: they must agree exactly,
    limit after limit on the same session (chunks filled by earlier limits reused)."""
    import random

    from inspector.engine import apply, plan, preset
    from inspector.engine.models import Message, Part, Session, ToolCall
    from inspector.engine.planning import Action
    from inspector.engine.tokens import TokenCache, count_messages, make_counter
    from inspector.sources.swe_agent import read_traj

    outputs = [m.text for p in sorted((ROOT / "tests" / "fixtures" / "swe-agent").glob("*.traj"))
               for m in read_traj(p).messages if m.role in ("user", "tool") and len(m.text) > 200]
    rng = random.Random(3)
    msgs = [Message.text_message("system", "You are an agent.")]
    for k in range(12):
        msgs.append(Message.text_message("user", f"task {k}"))
        big = "\n".join(rng.choice(outputs) for _ in range(rng.randint(5, 40)))
        if k % 4 == 3:  # punctuation, a line break, then a slash: one piece for tiktoken
            big = big.replace("\n", ".\n/")
        elif k % 4 == 1:  # blank lines and indented lines
            big = big.replace("\n", "\n\n  ")
        parts = [Part(text=big)] + ([Part(text=rng.choice(outputs) * 3)] if k % 3 == 0 else [])
        msgs.append(Message(role="assistant", tool_calls=[ToolCall(id=f"c{k}", name="bash", arguments_raw="{}")]))
        msgs.append(Message(role="tool", tool_call_id=f"c{k}", name="bash", parts=parts))
    session = Session(id="trunc", messages=msgs).renumber()
    counter = make_counter()
    base = preset("none").with_values({"reduction.truncation.enabled": True,
                                       "reduction.truncation.head_ratio": head_ratio})
    truncated = 0
    for limit in (20_000, 8_000, 30_000, 3_000, 12_345, 8_000, 60_000, 700):
        cfg = base.with_values({"reduction.truncation.max_chars": limit})
        p = plan(session, cfg, counter)
        out = apply(session, p, counter=counter)
        for msg, origin in zip(out.messages, out.lineage):
            i = origin[0]
            if p.actions[i] == Action.TRUNCATE:
                truncated += 1
                assert count_messages([msg], counter, TokenCache())[0][0] == p.tokens_after[i], (limit, i)
    assert truncated > 30
