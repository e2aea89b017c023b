"""The content model's memo of what each message says about itself (`content._LOCAL`):
a memoised classification is the one made from scratch, for messages that carry a
reduction's marks in their meta too (replay's contexts are full of them), and a meta
that does change the classification is never served from the memo."""

from __future__ import annotations

import pytest

from inspector.engine import content
from inspector.engine.content import content_model
from inspector.engine.models import Message
from inspector.sources.swe_agent import read_traj
from tests.conftest import SWE_AGENT
from tests.sessions import asst

TRAJS = sorted(SWE_AGENT.glob("*.traj"))[:4]


def _marked(m: Message, k: int) -> Message:
    """`m` as a compaction leaves a message it kept (a reduction's mark in its meta)."""
    return m.model_copy(update={"meta": {"inspector_reduced": "clear" if k % 2 else "truncate"}})


def _from_scratch(msgs: list[Message]) -> content.ContentModel:
    saved = dict(content._LOCAL._data)
    content._LOCAL._data.clear()
    content._LAST.clear()
    content._MODELS._data.clear()
    try:
        return content_model(msgs)
    finally:
        content._LOCAL._data.clear()
        content._LOCAL._data.update(saved)
        content._LAST.clear()
        content._MODELS._data.clear()


@pytest.mark.parametrize("path", TRAJS, ids=lambda p: p.stem[:40])
def test_marked_messages_classify_as_from_scratch(path):
    msgs = read_traj(path).messages
    marked = [_marked(m, k) if k % 3 == 0 else m for k, m in enumerate(msgs)]
    content_model(msgs)  # the plain messages memoised first
    content._LAST.clear()
    content._MODELS._data.clear()
    served = content_model(marked)
    assert served.kinds == _from_scratch(marked).kinds
    assert served.task == _from_scratch(marked).task


def test_a_meta_that_makes_a_demonstration_is_not_served_from_the_memo():
    plain = asst("Let's look.\n```\nls\n```")
    assert not content._local(plain).demonstration  # memoised by its content hash
    assert content._LOCAL.get(plain.content_hash) is not None
    for meta in ({"is_demo": True}, {"message_type": "demonstration"}):
        demo = plain.model_copy(update={"meta": meta})
        assert demo.content_hash == plain.content_hash
        assert content._local(demo).demonstration
        assert content._local(_marked(plain, 1)) == content._local(plain)
