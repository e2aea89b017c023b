"""Replay (inspector.engine.replay) and fidelity (inspector.engine.fidelity) on the real
fixtures: the unmanaged baseline, the call count, compaction bounds, the cache and cost
model, and agreement with the runtime Compactor fed the same history call by call."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inspector import Compactor
from inspector.engine import Message, Session, analyze, make_counter, preset
from inspector.engine.fidelity import fidelity
from inspector.engine.flow import replay_step
from inspector.engine.replay import Prices, call_positions, replay
from inspector.exports.registry import to_openai_chat
from inspector.sources.registry import open_source
from inspector.sources.swe_agent import read_traj
from tests.conftest import CLAUDE_CODE, SWE_AGENT
from tests.engine.test_properties import EST, EXAMPLES, configs, sessions

TRAJS = sorted(SWE_AGENT.glob("*.traj"))


def _sessions() -> list[Session]:
    out = [read_traj(p) for p in TRAJS]
    for p in sorted(Path(CLAUDE_CODE).glob("*.jsonl")):
        with open_source(p) as src:
            out.extend(src.read(sid) for sid in src.session_ids())
    return out


SESSIONS = _sessions()


@pytest.fixture(scope="module")
def counter():
    return make_counter("tiktoken", model="gpt-4o")


def tight(trigger: int, name: str = "balanced"):
    """A preset on a token trigger, keeping half of it (so the trigger is what decides)."""
    return preset(name).with_values({"summarization.trigger.context_tokens": trigger,
                                     "summarization.trigger.context_ratio": 0,
                                     "summarization.keep.tokens": 0})


def assistant_turns(session: Session) -> int:
    return sum(1 for role, _ in itertools.groupby(m.role for m in session.messages) if role == "assistant")


@pytest.mark.parametrize("session", SESSIONS, ids=lambda s: s.id[:40])
def test_no_policy_bills_the_unmanaged_context(session, counter):
    r = replay(session, preset("none"), counter=counter)
    t = r.totals
    assert t.calls == assistant_turns(session) > 0
    assert t.compactions == 0
    assert t.billed_input_tokens == t.unmanaged_input_tokens
    assert t.cached_input_tokens == t.unmanaged_cached_tokens
    assert [c.tokens_sent for c in r.calls] == [c.tokens_unmanaged for c in r.calls]
    # each call resends everything before it: the previous context is its cached prefix
    priming = counter.framing.reply_priming
    for prev, c in zip(r.calls, r.calls[1:]):
        assert c.cached_tokens == prev.tokens_sent - priming
    assert r.fidelity.score == 1.0 and r.fidelity.removed_messages == 0


@pytest.mark.parametrize("path", TRAJS, ids=lambda p: p.stem[:40])
def test_a_trigger_below_the_session_size_compacts_and_bounds_the_peak(path, counter):
    session = read_traj(path)
    unmanaged = replay(session, preset("none"), counter=counter)
    trigger = unmanaged.totals.unmanaged_peak_tokens // 2
    r = replay(session, tight(trigger), counter=counter)
    sizes = [0] + [c.tokens_unmanaged for c in r.calls]
    largest_turn = max(b - a for a, b in zip(sizes, sizes[1:]))
    assert r.totals.compactions >= 1
    assert r.totals.peak_context_tokens <= trigger + largest_turn
    assert r.totals.billed_input_tokens < r.totals.unmanaged_input_tokens
    assert r.totals.billed_input_tokens == sum(c.tokens_sent for c in r.calls)
    assert r.totals.cached_input_tokens == sum(c.cached_tokens for c in r.calls)
    assert r.totals.summary_output_tokens == sum(c.summary_output_tokens for c in r.calls) > 0
    for c in r.calls:
        assert 0 <= c.cached_tokens < c.tokens_sent
        if c.compacted:
            # the summary goes after the system prompt, or after the request whose work it
            # covers (issue 24): at most the prompt and that request stay cached
            users = [i for i, m in enumerate(session.messages[:c.position]) if m.role == "user"]
            before = [session.messages[0]] + ([session.messages[users[-1]]] if users else [])
            assert c.cached_tokens <= sum(counter.count(m.text) + 10 for m in before)


def test_fidelity_is_measured_when_asked_and_as_the_final_context_was_made(counter, monkeypatch):
    import inspector.engine.replay as replay_module

    session = read_traj(TRAJS[0])
    trigger = replay(session, preset("none"), counter=counter).totals.unmanaged_peak_tokens // 2
    measured = []
    real = replay_module.fidelity
    monkeypatch.setattr(replay_module, "fidelity", lambda a, b: measured.append((a, b)) or real(a, b))
    r = replay(session, tight(trigger), counter=counter)
    assert measured == []  # the replay's cost alone does not index the session
    last = r.calls[-1].position
    first = r.fidelity
    assert r.fidelity is first and len(measured) == 1  # once
    original, final = measured[0]
    assert [m.position for m in original] == [m.position for m in session.messages[:last]]
    assert [m.text for m in final] == [m.text for m in r.final_messages]
    assert first.score == real(list(session.messages[:last]), final).score


def test_cost_is_tokens_times_prices(counter):
    session = read_traj(SWE_AGENT / "ctf_web_i_got_id_demo.traj")
    agent = Prices(input=3e-6, output=15e-6, cache_read=0.3e-6, cache_write=3.75e-6)
    summ = Prices(input=1e-6, output=2e-6)
    r = replay(session, tight(6000), counter=counter, prices=agent, summary_prices=summ)
    t = r.totals
    assert t.compactions >= 1 and t.summary_input_tokens > 0
    expected = (t.cached_input_tokens * 0.3e-6 + (t.billed_input_tokens - t.cached_input_tokens) * 3.75e-6
                + t.summary_input_tokens * 1e-6 + t.summary_output_tokens * 2e-6)
    assert t.cost_usd == pytest.approx(expected, rel=1e-12)
    unmanaged = (t.unmanaged_cached_tokens * 0.3e-6
                 + (t.unmanaged_input_tokens - t.unmanaged_cached_tokens) * 3.75e-6)
    assert t.unmanaged_cost_usd == pytest.approx(unmanaged, rel=1e-12)
    # no cache prices: every input token at the input price
    plain = replay(session, tight(6000), counter=counter, prices=Prices(input=2e-6, output=0.0))
    assert plain.totals.cost_usd == pytest.approx(plain.totals.billed_input_tokens * 2e-6
                                                  + plain.totals.summary_input_tokens * 2e-6)
    assert replay(session, tight(6000), counter=counter).totals.cost_usd is None


CASES = [
    ("balanced", {}),
    ("eino", {"reduction.clear.trigger_tokens": 5000}),
    ("trpc", {"reduction.compaction.enabled": True, "reduction.compaction.tool_result_max_tokens": 200,
              "summarization.keep.latest_turn": False}),  # single-request runs: summarize inside the turn
    ("sagents", {"reduction.truncation.max_chars": 2000}),
    ("balanced", {"reduction.clear.trigger_tokens": 5000, "reduction.clear.at_least_tokens": 1500,
                  "tailoring.budget_tokens": 7000}),
]


@pytest.mark.parametrize("name,extra", CASES, ids=[f"{n}-{k}" for k, (n, _) in enumerate(CASES)])
@pytest.mark.parametrize("path", [SWE_AGENT / "ctf_web_i_got_id_demo.traj",
                                  SWE_AGENT / "marshmallow-1867_function_calling.traj",
                                  SWE_AGENT / "ctf_crypto_katy.traj"], ids=lambda p: p.stem[:20])
def test_replayed_context_is_what_compactor_returns_call_by_call(path, name, extra, counter):
    """The agent loop: before each model call, the history so far (as the compactor
    last returned it, plus what arrived since) goes through `Compactor.compact`."""
    original = read_traj(path)
    config = tight(4000, name).with_values(extra) if extra else tight(4000, name)
    compactor = Compactor(config, session_id=original.id)
    dicts = to_openai_chat(original.messages)
    session = compactor.session(dicts, original.id)  # what the compactor sees of the same history
    r = replay(session, config, counter=counter)
    history: list[dict] = []
    last = 0
    changed = 0
    for p in call_positions(session.messages):
        history = history + dicts[last:p]
        last = p
        out = compactor.compact(history)
        changed += out != history
        history = out
    assert r.totals.compactions == changed >= 1
    assert to_openai_chat(r.final_messages) == history


def test_calls_where_nothing_can_fire_are_not_planned(counter):
    session = read_traj(SWE_AGENT / "ctf_web_i_got_id_demo.traj")
    planned = []
    step = replay_step(counter)

    def counting(s, config):
        planned.append(analyze(s, counter).total)
        return step(s, config)

    r = replay(session, tight(6000), counter=counter, step=counting)
    assert 1 <= r.totals.compactions <= len(planned) < r.totals.calls
    # every call planned had a context over the trigger (nothing else is enabled that low)
    assert all(total > 6000 for total in planned), planned
    over = [c for c in r.calls if c.tokens_unmanaged > 6000]
    assert len(planned) <= len(over)


def _truncating(trigger: int = 6000):
    return tight(trigger).with_values({"reduction.truncation.enabled": True, "reduction.truncation.max_chars": 800})


# runs whose tool outputs are tool messages, several over 800 characters
TRUNCATED = [SWE_AGENT / "marshmallow-1867_function_calling.traj", SWE_AGENT / "marshmallow-1867_function_calling_replace.traj"]


def test_counting_ahead_covers_what_truncation_counts(counter, monkeypatch):
    """The second thread's counts of the kept heads and tails are all a plan's stage 1
    needs: after it, planning truncates without tokenizing a chunk."""
    import threading

    from inspector.engine import plan
    from inspector.engine.planning import truncation
    from inspector.engine.planning.memo import memo_for

    session = read_traj(TRUNCATED[0])
    config = _truncating().with_values({"summarization.enabled": False, "reduction.clear.enabled": False})
    a = analyze(session, counter)
    truncation.count_ahead(a, session.messages, config, memo_for(a, counter), threading.Event().is_set)
    counted = []
    real = truncation.Chunks.span

    def span(self, lo, hi, c):
        counted.extend(k for k in range(lo, hi) if self.counts[k] is None)
        return real(self, lo, hi, c)

    monkeypatch.setattr(truncation.Chunks, "span", span)
    p = plan(session, config, counter)
    assert sum(act == "truncate" for act in p.actions) >= 3
    assert counted == []


def test_a_second_thread_only_when_some_output_is_over_the_limit(counter):
    """Replaying a session of short outputs (a fleet's, mostly) starts no thread; the
    engine starts none itself, it asks the caller's `beside` (the edge's `run_beside`)."""
    from inspector.edge import run_beside

    started = []

    def beside(work):
        started.append(work)
        return run_beside(work)

    replay(read_traj(SWE_AGENT / "ctf_crypto_katy.traj"), _truncating(), counter=counter, beside=beside)
    assert started == []
    replay(read_traj(TRUNCATED[0]), _truncating(), counter=counter, beside=beside)
    assert len(started) == 1


@pytest.mark.parametrize("path", TRUNCATED)
def test_counting_ahead_changes_no_replay(path, counter):
    """Whoever counts a chunk first, the replay is the same as with no second thread."""

    from inspector.edge import run_beside

    config = _truncating()
    with_thread = replay(read_traj(path), config, counter=make_counter(model="gpt-4o"), beside=run_beside)
    alone = replay(read_traj(path), config, counter=make_counter(model="gpt-4o"))
    assert with_thread.calls == alone.calls and with_thread.totals == alone.totals
    assert [m.content_hash for m in with_thread.final_messages] == [m.content_hash for m in alone.final_messages]
    assert with_thread.totals.compactions >= 1
    assert any(m.meta.get("inspector_reduced") for m in with_thread.final_messages)


def test_no_policy_never_plans(counter):
    session = read_traj(SWE_AGENT / "ctf_crypto_katy.traj")

    def fail(s, config):
        raise AssertionError("planned a call where nothing can fire")

    assert replay(session, preset("none"), counter=counter, step=fail).totals.compactions == 0


# ----------------------------------------------------------------------------- fidelity


def _msg(role: str, text: str, **kw) -> Message:
    return Message.text_message(role, text, **kw)


def test_fidelity_counts_what_the_compacted_context_still_mentions():
    task = _msg("user", "Fix the failing parser test in src/parser/core.py\nThe CI job test-unit is red since Monday")
    err = _msg("tool", "Traceback (most recent call last):\nValueError: bad token at line 3\n"
                       "see tests/test_core.py", tool_call_id="c1")
    ask = _msg("user", "Also update the changelog please")
    last = _msg("assistant", "Running the tests again\n```\npytest -x tests/test_core.py\n```")
    original = [_msg("system", "You are a coding agent."), task, err, ask, last]
    summary = _msg("system", "Summary: task: fix the failing parser test in src/parser/core.py. "
                             "Error seen: ValueError: bad token at line 3.")
    f = fidelity(original, [original[0], summary])
    k = f.kinds
    assert f.removed_messages == 4
    assert k["task"].items == 2 and k["task"].kept == 1  # the first line is in the summary
    assert k["files"].items == 2 and k["files"].kept == 1  # src/parser/core.py yes, tests/test_core.py no
    assert "tests/test_core.py" in k["files"].missing
    assert k["errors"].items == 1 and k["errors"].kept == 1  # the error that occurred, quoted
    assert k["requests"].items == 1 and k["requests"].kept == 0
    assert k["last_step"].kept == 0 and "pytest -x tests/test_core.py" in k["last_step"].missing
    assert 0 < f.score < 1
    # keeping everything keeps everything
    full = fidelity(original, original)
    assert full.score == 1.0 and full.removed_messages == 0 and all(s.items == 0 for s in full.kinds.values())
    d = f.to_dict()
    assert set(d) == {"score", "removed_messages", "kinds", "items", "signals"} and d["kinds"]["files"]["fraction"] == 0.5



# ------------------------------------------------------- the fast path and the reference


def reference_calls(session: Session, config, counter) -> list[tuple]:
    """Per-call records of the naive replay: the compaction step run at EVERY call (no
    "nothing can fire" check, no counts carried over), the cached prefix found by
    comparing the two contexts message by message."""
    from inspector.engine.analysis import analyze
    from inspector.engine.planning.planner import Plan

    step = replay_step(counter)
    msgs = session.messages
    unmanaged = analyze(session, counter).prefix
    priming = counter.framing.reply_priming
    ctx: list[Message] = []
    prev: list[tuple[str, int]] = []
    out = []
    last = 0
    for k, p in enumerate(call_positions(msgs)):
        ctx = ctx + msgs[last:p]
        last = p
        result = step(Session(id=session.id, source_format=session.source_format, messages=list(ctx)), config)
        s_in = s_out = 0
        fired = not isinstance(result, Plan)
        if isinstance(result, Plan):
            tokens = list(result.tokens_before)
        else:
            ctx = list(result.messages)
            tokens = list(result.tokens_after)
            s_in = sum(sp.replaced_tokens for sp in result.plan.summaries if sp.injection != "evicted")
            s_out = sum(counter.count(g.text) for g in result.summaries)
        now = [(m.content_hash, n) for m, n in zip(ctx, tokens)]
        cached = 0
        for a, b in zip(prev, now):
            if a[0] != b[0]:
                break
            cached += b[1]
        out.append((k, p, unmanaged[p] + priming, sum(tokens) + priming, cached, fired, s_in, s_out))
        prev = now
    return out


def fast_calls(session: Session, config, counter) -> list[tuple]:
    r = replay(session, config, counter=counter)
    return [(c.index, c.position, c.tokens_unmanaged, c.tokens_sent, c.cached_tokens, c.compacted,
             c.summary_input_tokens, c.summary_output_tokens) for c in r.calls]


REFERENCE_CASES = CASES + [
    ("balanced", {"reduction.clear.trigger_tokens": 2000, "reduction.clear.at_least_tokens": 0}),
    ("balanced", {"reduction.clear.trigger_tokens": 3000, "reduction.clear.at_least_tokens": 800,
                  "reduction.clear.keep_rounds": 1, "reduction.clear.clear_arguments": False}),
    ("eino", {"reduction.clear.trigger_tokens": 3000, "reduction.clear.exclude_tools": ["bash"],
              "reduction.truncation.max_chars": 3000}),
    # tailoring at nearly every call, under a trigger that never fires (a sweep's high values)
    ("balanced", {"tailoring.budget_tokens": 4000, "summarization.trigger.context_tokens": 40000}),
]


@pytest.mark.parametrize("name,extra", REFERENCE_CASES, ids=[f"{n}-{k}" for k, (n, _) in enumerate(REFERENCE_CASES)])
@pytest.mark.parametrize("path", [SWE_AGENT / "ctf_web_i_got_id_demo.traj",
                                  SWE_AGENT / "marshmallow-1867_function_calling.traj"], ids=lambda p: p.stem[:20])
def test_replay_gives_the_per_call_records_of_the_reference(path, name, extra, counter):
    """Skipping the calls where nothing can fire and carrying counts over changes no
    record: every call's tokens, cached prefix, compaction and summary sizes are the
    naive loop's."""
    session = read_traj(path)
    config = tight(4000, name).with_values(extra)
    fast = fast_calls(session, config, counter)
    assert fast == reference_calls(session, config, counter)
    assert any(c[5] for c in fast)


def _outcome(fn, session, config, counter):
    from inspector.engine.applier import CompactionFailed

    try:
        return fn(session, config, counter)
    except CompactionFailed as exc:  # the reference must fail at the same call, the same way
        return (type(exc).__name__, str(exc))


@given(session=sessions(), config=configs())
@settings(max_examples=max(1, EXAMPLES // 10), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_replay_and_reference_agree_on_generated_sessions(session, config):
    """About half the generated pairs compact at some call, a fifth fail (apply refuses)."""
    config = config.with_values({"summarization.model": ""})  # offline: the extractive summarizer
    assert _outcome(fast_calls, session, config, EST) == _outcome(reference_calls, session, config, EST)


def test_a_trigger_above_what_the_replay_reached_replays_the_same(counter):
    """`same_from_trigger` (what a sweep shares): tailoring compacts at most calls, the
    token trigger never fires, and every trigger from the one replayed up gives the
    same records, totals and final context; a trigger that summarizes shows nothing."""
    session = read_traj(SWE_AGENT / "ctf_web_i_got_id_demo.traj")  # 13,226 tokens

    def run(trigger: int):
        return replay(session, tight(trigger).with_values({"tailoring.budget_tokens": 4400}), counter=counter,
                      prices=Prices(input=2e-6, output=8e-6, cache_read=1e-6))

    low = run(6400)
    assert low.same_from_trigger is not None and 4400 <= low.same_from_trigger <= 6400
    assert low.totals.compactions >= 10 and low.totals.summary_input_tokens == 0
    for trigger in (low.same_from_trigger, 6401, 9000, 30000):
        other = run(trigger)
        assert other.calls == low.calls
        assert other.totals == low.totals
        assert [m.content_hash for m in other.final_messages] == [m.content_hash for m in low.final_messages]
        assert other.fidelity == low.fidelity
        assert other.same_from_trigger == low.same_from_trigger  # the highest replays prove the lower ones
    summarized = run(4600)
    assert summarized.totals.summary_input_tokens > 0 and summarized.same_from_trigger is None


@given(session=sessions(), config=configs(), above=st.integers(0, 40_000))
@settings(max_examples=max(1, EXAMPLES // 10), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_every_trigger_from_same_from_trigger_up_replays_the_same(session, config, above):
    config = config.with_values({"summarization.model": ""})
    first = _outcome(lambda s, c, n: replay(s, c, counter=n), session, config, EST)
    if isinstance(first, tuple) or first.same_from_trigger is None:
        return
    other = replay(session, config.with_values({"summarization.trigger.context_tokens":
                                                first.same_from_trigger + above}), counter=EST)
    assert other.calls == first.calls and other.totals == first.totals
    assert [m.content_hash for m in other.final_messages] == [m.content_hash for m in first.final_messages]


# ------------------------------------------------- calls where tailoring is all that fires


def _tailoring_counted(monkeypatch) -> list[bool]:
    """Records whether each call `replay` took to `_tailored` was served there."""
    import inspector.engine.replay as engine_replay

    served: list[bool] = []
    real = engine_replay._tailored

    def spy(*args, **kwargs):
        out = real(*args, **kwargs)
        served.append(out is not None)
        return out

    monkeypatch.setattr(engine_replay, "_tailored", spy)
    return served


def _same_replays(fast, plain) -> None:
    assert fast.calls == plain.calls
    assert fast.totals == plain.totals
    assert fast.final_messages == plain.final_messages  # positions included: numbered as apply numbers them
    assert fast.fidelity == plain.fidelity
    assert fast.same_from_trigger == plain.same_from_trigger


@pytest.mark.parametrize("extra", [
    {"tailoring.budget_tokens": 4000},
    {"tailoring.budget_tokens": 4000, "reduction.clear.trigger_tokens": 2500, "reduction.clear.at_least_tokens": 300},
    {"tailoring.budget_tokens": 6000, "reduction.clear.enabled": False, "summarization.trigger.messages": 400},
    {"tailoring.budget_tokens": 3000, "reduction.truncation.max_chars": 1500},
], ids=["tailor", "tailor-clear", "tailor-messages-trigger", "tailor-truncate"])
@pytest.mark.parametrize("path", [SWE_AGENT / "ctf_web_i_got_id_demo.traj",
                                  SWE_AGENT / "marshmallow-1867_function_calling.traj"], ids=lambda p: p.stem[:20])
def test_calls_where_only_tailoring_fires_give_what_the_step_gives(path, extra, counter, monkeypatch):
    """Tailoring under a trigger it keeps the context below: the calls where only
    tailoring fires skip the step (`_tailored`), and every record, total, the final
    context (positions too), the fidelity and `same_from_trigger` are what running
    the step at those calls gives."""
    session = read_traj(path)
    config = tight(40000).with_values(extra)
    served = _tailoring_counted(monkeypatch)
    fast = replay(session, config, counter=counter)
    assert any(served)  # the fast path did serve calls
    assert fast.totals.compactions >= sum(served)
    plain = replay(session, config, counter=counter, fast_tailoring=False)
    _same_replays(fast, plain)


@given(session=sessions(), config=configs(), budget=st.sampled_from([300, 800, 2_000, 5_000]))
@settings(max_examples=max(1, EXAMPLES // 10), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_the_tailoring_fast_path_changes_nothing_on_generated_sessions(session, config, budget):
    """Any config with tailoring on a small budget: the replay with calls served by
    `_tailored` equals the one running the step at every call that may fire (or both
    fail the same way)."""
    config = config.with_values({"summarization.model": "", "tailoring.enabled": True,
                                 "tailoring.budget_tokens": budget})

    def run(fast: bool):
        from inspector.engine.applier import CompactionFailed

        try:
            return replay(session, config, counter=EST, fast_tailoring=fast)
        except CompactionFailed as exc:
            return (type(exc).__name__, str(exc))

    fast, plain = run(True), run(False)
    if isinstance(fast, tuple) or isinstance(plain, tuple):
        assert fast == plain
    else:
        _same_replays(fast, plain)
