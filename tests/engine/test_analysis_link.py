"""The digest chain of a session's messages (offload ids and summary-cache keys are
made from it) is kept in one bytes object; its links are the digests they were, so ids
and keys made before stay valid."""

from __future__ import annotations

import hashlib

from inspector.engine import make_counter
from inspector.engine.analysis import analyze
from inspector.engine.planning.text import offload_id
from tests.sessions import agent_session


def test_links_are_the_chained_digests_of_the_messages():
    session = agent_session(rounds=12)
    a = analyze(session, make_counter())
    expected = [b""]
    for m in session.messages:  # each link digests the previous one and the next message
        expected.append(hashlib.blake2b(expected[-1] + bytes.fromhex(m.content_hash), digest_size=16).digest())
    assert [a.link(i) for i in range(len(session.messages) + 1)] == expected
    h = hashlib.blake2b(digest_size=6)
    h.update(expected[4] + b"\x1f3\x1fclear")
    assert offload_id(a, 3, "clear", memoise=False) == "off-" + h.hexdigest()
