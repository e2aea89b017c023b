"""A summary request's size of what it replaces: the plan's own counts reused, equal to
counting the reduced messages again."""

from __future__ import annotations

from typing import Any

import pytest

from inspector.engine import plan, preset
from inspector.engine.applier import reduce_message, summary_request
from inspector.engine.tokens import TiktokenCounter, TokenCache, count_messages
from tests.sessions import agent_session, asst, session, tool, user


class Spy(TiktokenCounter):
    """A tiktoken counter that records every text it tokenizes in a batch."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.batched: list[str] = []

    def count_batch(self, texts: Any) -> list[int]:
        texts = list(texts)
        self.batched.extend(texts)
        return super().count_batch(texts)


def _recounted(session, p, spec, counter) -> int:
    """What the summarized messages count, reduced as the plan says, counted afresh."""
    msgs = [reduce_message(session, p, i)[0] for i in spec.summarized if spec.start <= i < spec.end]
    return sum(count_messages(msgs, counter, TokenCache())[0])


CONFIGS = [
    # reductions inside the summarized range: truncated and cleared results are counted as written
    {"summarization.trigger.context_tokens": 2_000, "summarization.trigger.context_ratio": 0.0,
     "reduction.truncation.max_chars": 600, "reduction.clear.enabled": True,
     "summarization.keep.mode": "messages", "summarization.keep.messages": 6},
    # the users preserved beside the summary are not among what it replaces
    {"summarization.trigger.context_tokens": 1_000, "summarization.trigger.context_ratio": 0.0,
     "summarization.keep.mode": "messages", "summarization.keep.messages": 4,
     "summarization.preserve_user_messages.enabled": True},
]


@pytest.mark.parametrize("values", CONFIGS)
@pytest.mark.parametrize("incremental", [False, True])
def test_replaced_tokens_equal_a_fresh_count_of_the_reduced_messages(values, incremental):
    s = agent_session(rounds=30, output="lorem ipsum dolor " * 200)
    config = preset("balanced").with_values(values | {"summarization.incremental": incremental})
    counter = TiktokenCounter(model="gpt-4o")
    p = plan(s, config, counter, token_cache=TokenCache())
    assert p.summaries, "the config summarizes"
    for spec in p.summaries:
        req = summary_request(s, p, spec, counter)
        assert req.replaced_tokens == _recounted(s, p, spec, counter)
    if values.get("reduction.clear.enabled"):
        spec = p.summaries[0]
        assert any(i in p.reductions for i in spec.summarized), "a reduced message in the range"


def test_messages_the_plan_left_alone_are_not_tokenized_again():
    # (texts no other test counts: the process-wide cache has none of them)
    msgs = [user("please tidy the spied module")]
    for r in range(30):
        msgs += [asst(f"Spied step {r}: reading part {r}.", [(f"s{r}", "bash", f'{{"cmd": "cat spied{r}.py"}}')]),
                 tool(f"s{r}", f"spied output {r}: " + "consectetur adipiscing elit " * 150, "bash")]
    s = session(*msgs, asst("The spied module is tidy."), id="spied")
    config = preset("balanced").with_values(CONFIGS[0])
    spy = Spy(model="gpt-4o")
    p = plan(s, config, spy, token_cache=TokenCache())  # counts cached apart from the process-wide cache
    spec = p.summaries[0]
    untouched = [i for i in spec.summarized if i not in p.reductions]
    assert untouched
    spy.batched.clear()
    req = summary_request(s, p, spec, spy)
    assert req.replaced_tokens == _recounted(s, p, spec, TiktokenCounter(model="gpt-4o"))
    for i in untouched:
        assert s.messages[i].text not in spy.batched or not s.messages[i].text
