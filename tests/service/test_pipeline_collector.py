"""compact_session with pause_collector (inspector's apply, `compact_and_save`) runs
the engine's work with the cyclic collector paused, never a model's wait, and leaves
the collector as it found it, whatever happens; without it (the runtime, inside an
agent's process) the collector is left alone."""

from __future__ import annotations

import gc

import pytest

from inspector.engine.config import preset
from inspector.engine.summarize import SummaryResult
from inspector.service.pipeline import compact_session, failure_types
from tests.sessions import agent_session

CONFIG = preset("balanced").with_values({"summarization.trigger.context_tokens": 1_000,
                                         "summarization.trigger.context_ratio": 0.0,
                                         "summarization.keep.mode": "messages",
                                         "summarization.keep.messages": 4})


class FakeModel:
    """A model summarizer that records whether the collector ran while it was called."""

    name = "fake-model"
    extractive = False

    def __init__(self, fail: bool = False) -> None:
        self.collector: list[bool] = []
        self.fail = fail

    def summarize(self, request, on_event=None):
        self.collector.append(gc.isenabled())
        if self.fail:
            from inspector.engine.summarize import SummaryFailed

            raise SummaryFailed("the fake model is down", ["down"])
        return SummaryResult(text="The agent looked at the code.", model=self.name, extractive=False)

    async def asummarize(self, request, on_event=None):
        return self.summarize(request, on_event)


def test_the_engine_work_runs_paused_and_a_model_call_does_not():
    assert gc.isenabled()
    seen: list[bool] = []
    model = FakeModel()
    result = compact_session(agent_session(rounds=20), CONFIG, summarizer=model, pause_collector=True,
                             on_plan=lambda p: seen.append(gc.isenabled()))
    assert result.summaries and seen == [False]  # planning: paused
    assert model.collector == [True]  # the model's call: the collector on
    assert gc.isenabled()


def test_the_offline_summarizer_runs_paused():
    from inspector.engine.summarize.extractive import ExtractiveSummarizer

    seen: list[bool] = []

    class Watched(ExtractiveSummarizer):
        def summarize(self, request, on_event=None):
            seen.append(gc.isenabled())
            return super().summarize(request, on_event)

    result = compact_session(agent_session(rounds=20), CONFIG, summarizer=Watched(), pause_collector=True)
    assert result.summaries and seen == [False]
    assert gc.isenabled()


def test_a_failure_leaves_the_collector_on():
    with pytest.raises(failure_types()):
        compact_session(agent_session(rounds=20), CONFIG, summarizer=FakeModel(fail=True), pause_collector=True)
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off():
    gc.disable()
    try:
        compact_session(agent_session(rounds=20), CONFIG, summarizer=FakeModel(), pause_collector=True)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_without_the_option_the_collector_is_left_alone():
    seen: list[bool] = []
    compact_session(agent_session(rounds=20), CONFIG, summarizer=FakeModel(),
                    on_plan=lambda p: seen.append(gc.isenabled()))
    assert seen == [True]


def test_inspector_apply_pauses_it(tmp_path, monkeypatch):
    import inspector.service.pipeline as pipeline
    from inspector.service.store import open_workspace
    from inspector.service.versions import compact_and_save

    asked = []
    real = pipeline.compact_session
    monkeypatch.setattr("inspector.service.versions.compact_session",
                        lambda *a, **kw: asked.append(kw.get("pause_collector")) or real(*a, **kw))
    ws = open_workspace(tmp_path / "ws.db")
    try:
        stored = ws.import_session(agent_session(rounds=20))
        saved = compact_and_save(ws, stored, CONFIG)
    finally:
        ws.close()
    assert asked == [True] and saved.result.summaries
