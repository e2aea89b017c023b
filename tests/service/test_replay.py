"""inspector.service.replay: prices from the price map, the pipeline's own step, knob
values, and sweeps in-process and on a process pool."""

from __future__ import annotations

import dataclasses

import pytest

from inspector.engine import ConfigError, preset
from inspector.llm import token_prices
from inspector.service.replay import configs_for, parse_values, percentile, replay_session, session_ids, sweep
from inspector.sources.swe_agent import read_traj
from tests.conftest import SWE_AGENT

WEB = SWE_AGENT / "ctf_web_i_got_id_demo.traj"
KNOB = "summarization.trigger.context_tokens"


def base():
    return preset("balanced").with_values({"summarization.trigger.context_ratio": 0,
                                           "summarization.keep.tokens": 0})


def _spy_replays(monkeypatch) -> list[int]:
    """The list the token trigger of every replay the sweep runs goes to."""
    import inspector.service.replay as service

    replayed: list[int] = []
    real = service.replay_session

    def spy(session, cfg, **kw):
        replayed.append(cfg.summarization.trigger.context_tokens)
        return real(session, cfg, **kw)

    monkeypatch.setattr(service, "replay_session", spy)
    return replayed


def test_costs_come_from_the_price_map():
    session = read_traj(WEB)
    p = token_prices("claude-haiku-4-5")
    assert p is not None and p.cache_read is not None and p.cache_write is not None
    r = replay_session(session, base().with_values({KNOB: 6000}), model="claude-haiku-4-5")
    t = r.totals
    assert t.compactions >= 1
    expected = (t.cached_input_tokens * p.cache_read
                + (t.billed_input_tokens - t.cached_input_tokens) * p.cache_write
                + t.summary_input_tokens * p.input + t.summary_output_tokens * p.output)
    assert t.cost_usd == pytest.approx(expected, rel=1e-12)
    gpt = token_prices("gpt-4o")
    assert gpt is not None
    assert replay_session(session, preset("none"), model="gpt-4o").totals.cost_usd == pytest.approx(
        t.unmanaged_cached_tokens * gpt.cache_read  # type: ignore[operator]
        + (t.unmanaged_input_tokens - t.unmanaged_cached_tokens) * gpt.input)
    assert replay_session(session, preset("none"), model="no-such-model").totals.cost_usd is None


@pytest.mark.parametrize("name", ["balanced", "eino", "trpc"])
def test_replay_compacts_as_the_pipeline_does(name):
    """Each compaction of the replay is what `compact_session` (Compactor's pipeline)
    makes of the same context."""
    from inspector.engine import MemorySummaryCache, counter_for
    from inspector.engine.replay import replay
    from inspector.service.pipeline import compact_session, plan_session

    session = read_traj(WEB)
    config = preset(name).with_values({KNOB: 5000, "summarization.trigger.context_ratio": 0,
                                       "summarization.keep.tokens": 0, "reduction.clear.trigger_tokens": 6000})
    counter = counter_for(config)
    cache = MemorySummaryCache()

    def pipeline_step(s, cfg):
        p = plan_session(s, cfg, counter=counter, summary_cache=cache)
        return compact_session(s, cfg, counter=counter, summary_cache=cache) if p.changed else p

    mine = replay_session(session, config)
    theirs = replay(session, config, counter=counter, step=pipeline_step)
    assert mine.totals.compactions >= 1
    assert [c.to_dict() for c in mine.calls] == [c.to_dict() for c in theirs.calls]
    assert dataclasses.replace(mine.totals, cost_usd=None, unmanaged_cost_usd=None) == theirs.totals
    assert [m.content_hash for m in mine.final_messages] == [m.content_hash for m in theirs.final_messages]


def test_replay_never_writes_into_the_summary_cache_it_reads():
    from inspector.engine import MemorySummaryCache

    written: list[str] = []

    class Recording(MemorySummaryCache):
        def put(self, key, result):
            written.append(key)
            super().put(key, result)

    r = replay_session(read_traj(WEB), base().with_values({KNOB: 5000}), summary_cache=Recording())
    assert r.totals.compactions >= 1 and written == []


def test_values():
    assert parse_values("32k,64k,96k") == [32000, 64000, 96000]
    assert parse_values("16k:64k:16k") == [16000, 32000, 48000, 64000]
    assert parse_values("0.5:0.7:0.1") == [0.5, 0.6, 0.7]
    assert parse_values("50%,1.5m") == [0.5, 1500000]
    assert parse_values("eino, trpc", "preset") == ["eino", "trpc"]
    for bad in ("", "1:2", "a,b", "5:1:1", "1:2:0"):
        with pytest.raises(ConfigError):
            parse_values(bad)
    with pytest.raises(ConfigError):
        configs_for(base(), "summarization.trigger.nope", [1])
    cfgs = configs_for(base().with_values({"tokens.context_window": 50000}), "preset", ["eino", "trpc"])
    assert [c.preset for c in cfgs] == ["eino", "trpc"] and all(c.context_window == 50000 for c in cfgs)
    assert percentile([5, 1, 3, 2, 4], 0.5) == 3 and percentile([5, 1, 3, 2, 4], 0.9) == 5
    assert percentile([7], 0.9) == 7


def test_sweep_in_process_and_on_a_pool_agree():
    ids = session_ids(SWE_AGENT, on_skip=lambda line: None)
    assert len(ids) == len(list(SWE_AGENT.glob("*.traj")))
    ids = ids[:6]
    values = [3000, 8000]
    seen = []
    one = sweep(SWE_AGENT, ids, base(), KNOB, values, workers=1, progress=lambda d, t: seen.append((d, t)))
    pool = sweep(SWE_AGENT, ids, base(), KNOB, values, workers=2)
    assert seen[-1] == (len(ids) * len(values),) * 2 and len(seen) == len(ids) * len(values)
    assert one.to_dict() == pool.to_dict()
    rows = one.to_dict()["rows"]
    assert [r["value"] for r in rows] == values and all(r["sessions"] == len(ids) for r in rows)
    # a lower trigger compacts more; totals are the sums of the sessions' replays
    assert rows[0]["totals"]["compactions"] > rows[1]["totals"]["compactions"]
    single = [replay_session(read_traj(SWE_AGENT / f"{sid}.traj"), base().with_values({KNOB: 3000}))
              for sid in ids]
    assert rows[0]["totals"]["billed_input_tokens"] == sum(r.totals.billed_input_tokens for r in single)
    assert rows[0]["max"]["billed_input_tokens"] == max(r.totals.billed_input_tokens for r in single)
    assert rows[0]["p50"]["billed_input_tokens"] == percentile([r.totals.billed_input_tokens for r in single], .5)


def test_sweep_replays_once_the_triggers_a_replay_shows_give_the_same(monkeypatch):
    """Tailoring at most calls, the trigger never firing: the values from the lowest such
    one up share its replay (engine `same_from_trigger`), and each row is what
    replaying its value separately gives; the values that summarize are replayed."""

    config = base().with_values({"tailoring.budget_tokens": 4400})
    values = [4600, 6400, 9000, 30000]
    separate = [replay_session(read_traj(WEB), config.with_values({KNOB: v})).totals.to_dict() for v in values]
    replayed = _spy_replays(monkeypatch)
    ids = [read_traj(WEB).id]
    shared = sweep(WEB, ids, config, KNOB, values, workers=1)
    assert replayed == [4600, 6400]
    assert [row.sessions[0].totals for row in shared.rows] == separate
    assert separate[1]["compactions"] >= 10 and separate[1]["summary_output_tokens"] == 0
    assert separate[0] != separate[1]  # 4,600 summarizes
    monkeypatch.undo()
    assert sweep(WEB, ids, config, KNOB, values, workers=2).to_dict() == shared.to_dict()


def test_sweep_reports_the_sessions_that_overflow():
    ids = session_ids(SWE_AGENT, on_skip=lambda line: None)
    window = preset("none").with_values({"tokens.context_window": 9000})
    peaks = {sid: replay_session(read_traj(SWE_AGENT / f"{sid}.traj"), window).totals.peak_context_tokens
             for sid in ids}
    result = sweep(SWE_AGENT, ids, window, "preset", ["none", "balanced"], workers=1)
    none, balanced = result.rows
    assert sorted(none.overflowing) == sorted(s for s, p in peaks.items() if p > 9000) != []
    assert len(balanced.overflowing) < len(none.overflowing)


def _model_summaries(session, config, counter):
    """A summary cache holding a (fake) model's summary for every summary the replay of
    `session` under `config` asks for: what the workspace holds after a model ran."""
    from inspector.engine import MemorySummaryCache
    from inspector.engine.summarize import SummaryResult

    class Asked(MemorySummaryCache):
        def __init__(self):
            super().__init__()
            self.keys = []

        def get(self, key):
            self.keys.append(key)
            return super().get(key)

    asked = Asked()
    replay_session(session, config, counter=counter, summary_cache=asked)
    cache = MemorySummaryCache()
    for key in asked.keys:
        cache.put(key, SummaryResult(text="The user asked for a fix; the model found the bug in app.py.",
                                     model="fake-model", extractive=False))
    return cache


def test_an_in_process_sweep_counts_and_summarizes_as_the_replay_it_stands_beside():
    """The Sweep view's row for the current value is the Replay view's replay: the same
    counter, token cache and model summaries (before, the sweep used the config's
    counter and extractive summaries)."""
    from inspector.engine import analyze
    from inspector.engine.tokens import EstimateCounter, TokenCache

    session = read_traj(WEB)
    config = base().with_values({KNOB: 6000})
    counter = EstimateCounter(3.0)
    summaries = _model_summaries(session, config, counter)
    tokens = TokenCache()
    analyze(session.model_copy(), counter, tokens)
    view = replay_session(session, config, counter=counter, token_cache=tokens, summary_cache=summaries)
    assert view.totals.compactions >= 1 and view.totals.summary_output_tokens > 0
    values = [4000, 6000, 9000]
    result = sweep("", [], config, KNOB, values, workers=1, sessions=[session], counter=counter,
                   token_cache=tokens, summary_cache=summaries)
    assert result.rows[1].sessions[0].totals == view.totals.to_dict()
    assert result.rows[1].fidelity == round(view.fidelity.score, 4)
    plain = sweep("", [], config, KNOB, values, workers=1, sessions=[session])
    assert plain.rows[1].sessions[0].totals != view.totals.to_dict()  # what the view showed before
    with pytest.raises(ValueError, match="in-process"):
        sweep(WEB, [session.id], config, KNOB, values, workers=2, counter=counter)


def test_an_in_process_sweep_shares_replays_whatever_the_order_of_its_values(monkeypatch):
    """Values given highest first are replayed lowest first, so the lowest of those the
    trigger never reaches serves the others (before, only ascending values shared)."""

    config = base().with_values({"tailoring.budget_tokens": 4400})
    values = [30000, 9000, 6400, 4600]
    replayed = _spy_replays(monkeypatch)
    session = read_traj(WEB)
    seen = []
    result = sweep("", [], config, KNOB, values, workers=1, sessions=[session], progress=lambda d, t: seen.append(d))
    assert replayed == [4600, 6400]
    assert seen == [1, 2, 3, 4]
    monkeypatch.undo()
    separate = [replay_session(session, config.with_values({KNOB: v})).totals.to_dict() for v in values]
    assert [row.value for row in result.rows] == values
    assert [row.sessions[0].totals for row in result.rows] == separate


def _inline_pool(monkeypatch) -> list[int]:
    """Sweeps' pools run each task in this process as it is sent (so what is sent does
    not depend on timing); returns the list the sent values' token triggers go to."""
    from concurrent.futures import Executor, Future

    import inspector.service.replay as service
    from inspector.engine.config import CompactionConfig

    sent: list[int] = []

    class Inline(Executor):
        def __init__(self, max_workers=None, **options):  # initializer: in this process, none
            pass

        def submit(self, fn, /, *args, **kwargs):
            sent.extend(CompactionConfig.model_validate_json(c).summarization.trigger.context_tokens
                        for c in args[2])
            fut: Future = Future()
            fut.set_result(fn(*args, **kwargs))
            return fut

    monkeypatch.setattr(service, "ProcessPoolExecutor", Inline)
    return sent


def test_a_pool_sweep_of_one_session_sends_no_value_a_replay_already_serves(monkeypatch):
    """On the pool, every row is what replaying its value separately gives, and values a
    replay already back shows (above the tailoring budget the trigger is never reached)
    are not sent: fewer replays than values, none twice. Which ones go first is
    `value_order`'s business (tested below on its own); this asserts results only. (The
    tasks run in this process, each as it is sent, so what is sent does not depend on
    timing.)"""
    config = base().with_values({"tailoring.budget_tokens": 4400})
    values = [4600, 30000, 9000, 6400, 12000, 20000]
    session = read_traj(WEB)
    separate = [replay_session(session, config.with_values({KNOB: v})).totals.to_dict() for v in values]
    on_pool = sweep(WEB, [session.id], config, KNOB, values, workers=2)
    assert [row.sessions[0].totals for row in on_pool.rows] == separate
    sent = _inline_pool(monkeypatch)
    inline = sweep(WEB, [session.id], config, KNOB, values, workers=2)
    assert inline.to_dict() == on_pool.to_dict()
    assert len(set(sent)) == len(sent) < len(values) and set(sent) <= set(values), sent
    sent.clear()
    values = [4500, 30000, 5000, 4700, 9000]
    rows = sweep(WEB, [session.id], config, KNOB, values, workers=2).rows
    assert len(set(sent)) == len(sent) < len(values), sent
    assert [row.sessions[0].totals for row in rows] == [
        replay_session(session, config.with_values({KNOB: v})).totals.to_dict() for v in values]


def test_a_pool_sweep_across_the_tailoring_budget_gives_each_values_own_replay(monkeypatch):
    """Values below, at and above the tailoring budget (both summaries and tailoring fire
    on some): every row is its value's separate replay, each value sent at most once."""
    config = base().with_values({"tailoring.budget_tokens": 4400})
    values = [3000, 30000, 3500, 4600, 2500]
    session = read_traj(WEB)
    sent = _inline_pool(monkeypatch)
    rows = sweep(WEB, [session.id], config, KNOB, values, workers=2).rows
    assert len(set(sent)) == len(sent) and set(sent) <= set(values), sent
    assert [row.sessions[0].totals for row in rows] == [
        replay_session(session, config.with_values({KNOB: v})).totals.to_dict() for v in values]


def test_the_pool_gets_the_highest_value_first_then_the_lowest_above_the_budget_then_lowest_up():
    """The scheduling rule itself, on the function that decides it: the highest trigger
    first (its replay may serve the values above the budget), then the lowest value
    above the tailoring budget (rarely served and usually the costliest: sent last, it
    ran alone at the end), then the rest lowest first; without tailoring, the highest
    then lowest up."""
    from inspector.service.replay import value_order

    config = base().with_values({"tailoring.budget_tokens": 4400})
    budget = config.tailoring_budget()
    values = [3000, 30000, 3500, budget + 200, 2500, budget + 900]
    configs = [config.with_values({KNOB: v}) for v in values]
    assert [values[i] for i in value_order(configs)] == [30000, budget + 200, 2500, 3000, 3500, budget + 900]
    plain = [c.with_values({"tailoring.enabled": False}) for c in configs]
    assert [values[i] for i in value_order(plain)] == [30000, 2500, 3000, 3500, budget + 200, budget + 900]


def test_the_collector_is_paused_during_a_replay_and_restored(monkeypatch):
    """What a replay allocates dies young: the service runs the engine's replay with the
    cyclic collector off (its collections walked the session again and again; the pause
    is the edge's, the engine does not touch the collector), on again after, also when
    the replay fails."""
    import gc

    import inspector.engine.replay as engine_replay

    session = read_traj(WEB)
    real = engine_replay.replay
    seen = []

    def watching(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(engine_replay, "replay", watching)
    replay_session(session, base())
    assert seen == [False] and gc.isenabled()

    def failing(*args, **kwargs):
        raise RuntimeError("a replay failing midway")

    monkeypatch.setattr(engine_replay, "replay", failing)
    with pytest.raises(RuntimeError):
        replay_session(session, base())
    assert gc.isenabled()

