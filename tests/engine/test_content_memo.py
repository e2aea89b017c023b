"""The content model's memo of what each message says about itself: a memoised
classification is the one made from scratch, for messages that carry a reduction's marks
in their meta too (replay's contexts are full of them), and a meta that does change the
classification is never served from the memo."""

from __future__ import annotations

import pytest

from inspector.engine.content import ContentModel, Kind, content_model, forget_models
from inspector.engine.models import Message
from inspector.sources.swe_agent import read_traj
from tests.conftest import SWE_AGENT
from tests.sessions import sys, user

TRAJS = sorted(SWE_AGENT.glob("*.traj"))[:4]


def _marked(m: Message, k: int) -> Message:
    """`m` as a compaction leaves a message it kept (a reduction's mark in its meta)."""
    return m.model_copy(update={"meta": {"inspector_reduced": "clear" if k % 2 else "truncate"}})


def _from_scratch(msgs: list[Message]) -> ContentModel:
    forget_models()
    return content_model(msgs)


@pytest.mark.parametrize("path", TRAJS, ids=lambda p: p.stem[:40])
def test_marked_messages_classify_as_from_scratch(path):
    msgs = read_traj(path).messages
    marked = [_marked(m, k) if k % 3 == 0 else m for k, m in enumerate(msgs)]
    content_model(msgs)  # the plain messages memoised first
    forget_models(messages_too=False)
    served = content_model(marked)
    fresh = _from_scratch(marked)
    assert served.kinds == fresh.kinds
    assert served.task == fresh.task


def test_a_meta_that_makes_a_demonstration_is_not_served_from_the_memo():
    head = sys("You are an autonomous programmer.")
    plain = user("Fix the bug in src/app.py: the totals are off by one.")
    assert content_model([head, plain]).kinds[1] is not Kind.DEMONSTRATION  # memoised by its content hash
    for meta in ({"is_demo": True}, {"message_type": "demonstration"}):
        demo = plain.model_copy(update={"meta": meta})
        assert demo.content_hash == plain.content_hash
        forget_models(messages_too=False)
        assert content_model([head, demo]).kinds[1] is Kind.DEMONSTRATION
    forget_models(messages_too=False)
    assert content_model([head, _marked(plain, 1)]).kinds == content_model([head, plain]).kinds
