"""Opening a stored session for a front end (`service.loading.load_analysed`): read,
counted and analysed in one pass, each message's count looked up once, the analysis
the same as a fresh one."""

from __future__ import annotations

import dataclasses

import pytest

from inspector.engine import Session, make_counter
from inspector.engine.analysis import analyze
from inspector.engine.tokens import TokenCache
from inspector.service.loading import load_analysed
from inspector.workspace.database import Workspace
from tests.sessions import agent_session


class Lookups(TokenCache):
    """A token cache in front of the workspace's that records every hash asked for."""

    def __init__(self, inner: TokenCache) -> None:
        super().__init__(max_entries=None)
        self.inner = inner
        self.asked: list[str] = []

    def get_many(self, counter, hashes):
        wanted = list(hashes)
        self.asked += wanted
        return self.inner.get_many(counter, wanted)

    def put_many(self, counter, values):
        self.inner.put_many(counter, values)


def _fields(a) -> dict:
    return {f.name: getattr(a, f.name) for f in dataclasses.fields(a)
            if f.name not in ("plan_memo", "_validation", "_validation_base", "_chain")}


@pytest.fixture
def stored(tmp_path):
    session = agent_session(rounds=60, pending=True, id="big")
    counter = make_counter(model="gpt-4o")
    with Workspace(tmp_path / "ws.db") as ws:
        wid = ws.add_session(session)
        analyze(session, counter, ws.token_cache())  # counts stored, as an import does
    return tmp_path / "ws.db", wid, counter


@pytest.mark.parametrize("batch", [1, 7, 2000])
def test_one_pass_gives_the_fresh_analysis_and_every_row_once(stored, batch):
    path, wid, counter = stored
    with Workspace(path) as ws:
        cache = Lookups(ws.token_cache())
        shown: list[tuple[str, int]] = []
        session, a = load_analysed(ws.load_session, wid, counter, cache,
                                   lambda ms, tokens: shown.extend(zip((m.content_hash for m in ms), tokens)),
                                   batch)
        fresh = analyze(Session(id=session.id, messages=list(session.messages)), counter)
        assert _fields(a) == _fields(fresh)
        assert analyze(session, counter) is a  # memoised: the plans reuse it
        assert shown == list(zip(fresh.hashes, fresh.tokens))  # every row once, in order
        assert sorted(cache.asked) == sorted(fresh.hashes)  # each count looked up once


def test_a_load_leaves_no_per_message_facts_behind(stored):
    """The engine keeps the facts of each tool result it scans (by content hash) for
    replay, which analyses hundreds of contexts sharing them; a session loaded for a
    front end is scanned once, so a load keeps none (45,725 entries, ~5.5 MB, on the
    100k bench session) and its analysis is the fresh one all the same."""
    from inspector.engine import analysis

    path, wid, counter = stored
    analysis.forget_tool_facts()
    with Workspace(path) as ws:
        session, a = load_analysed(ws.load_session, wid, counter, ws.token_cache(), None, 7)
    assert analysis.tool_facts_kept() == 0
    fresh = analyze(Session(id=session.id, messages=list(session.messages)), counter)
    assert _fields(a) == _fields(fresh)
    assert analysis.tool_facts_kept()  # a plain analysis still keeps them for the next


def test_the_spans_a_load_keeps_take_no_spare_room(stored):
    """Each span's results list lives as long as the session: made at its exact size,
    not as grown by appends during the scan."""
    import sys

    path, wid, counter = stored
    with Workspace(path) as ws:
        _session, a = load_analysed(ws.load_session, wid, counter, ws.token_cache(), None, 7)
    done = [s for s in a.spans if not s.pending]
    assert done
    exact = sys.getsizeof([])  # an empty list; each item is one pointer more
    assert all(sys.getsizeof(s.results) == exact + 8 * len(s.results) for s in done)


def test_the_positions_an_analysis_keeps_are_the_messages_own(stored, tmp_path):
    """A position the analysis keeps (of a tool result, a user or assistant message) is
    the message's own `position` int, not a second object for each (~3 MB at 100,000
    messages); the analysis is the fresh one all the same."""
    _path, _wid, counter = stored
    with Workspace(tmp_path / "long.db") as ws:
        wid = ws.add_session(agent_session(rounds=150, id="long"))
        session, a = load_analysed(ws.load_session, wid, counter, ws.token_cache(), None, 50)
    msgs = session.messages
    kept = a.tool_results + a.user_positions + a.assistant_positions + list(a.result_call.values())
    assert [i for i in kept if i > 256]  # past the ints Python keeps one of anyway
    assert all(i is msgs[i].position for i in kept)
    fresh = analyze(Session(id=session.id, messages=list(session.messages)), counter)
    assert _fields(a) == _fields(fresh)


def test_a_store_that_hands_over_part_of_the_messages(stored):
    path, wid, counter = stored
    with Workspace(path) as ws:
        def load(session_id, each):
            s = ws.load_session(session_id)
            each(s.messages[:5])
            return s

        session, a = load_analysed(load, wid, counter, ws.token_cache())
        assert a.n == len(session.messages)
        assert _fields(a) == _fields(analyze(Session(id=session.id, messages=list(session.messages)), counter))


def test_a_session_already_analysed_keeps_its_analysis(stored):
    path, wid, counter = stored
    with Workspace(path) as ws:
        s = ws.load_session(wid)
        before = analyze(s, counter, ws.token_cache())
        _, a = load_analysed(lambda _sid, each: (each(s.messages), s)[1], wid, counter, ws.token_cache())
        assert a is before


def test_batches_grow_to_the_largest_then_stay(stored):
    """A front end redraws once per batch: few redraws for a long session, the first
    rows as soon as the first batch is read."""
    path, wid, counter = stored
    with Workspace(path) as ws:
        sizes: list[int] = []
        session, _ = load_analysed(ws.load_session, wid, counter, ws.token_cache(),
                                   lambda ms, tokens: sizes.append(len(ms)), batch=3, max_batch=20)
    n = len(session.messages)
    expected, done = [], 0
    while done < n:
        size = min(3 if done < 3 else min(done, 20), n - done)
        expected.append(size)
        done += size
    assert sizes == expected and sum(sizes) == n and max(sizes) == 20


@pytest.mark.parametrize("batch", [1, 7, 2000])
def test_counts_the_store_keeps_by_position_are_taken_without_a_lookup(stored, batch):
    """The workspace's counts read in one query (`counts_by_position`) stand for the
    per-batch cache lookups: the same rows and analysis, no hash asked for."""
    path, wid, counter = stored
    with Workspace(path) as ws:
        known = ws.counts_by_position(wid, counter.name)
        assert known is not None and None not in known[1]
        cache = Lookups(ws.token_cache())
        shown: list[tuple[str, int]] = []
        session, a = load_analysed(ws.load_session, wid, counter, cache,
                                   lambda ms, tokens: shown.extend(zip((m.content_hash for m in ms), tokens)),
                                   batch, stored_counts=known)
        fresh = analyze(Session(id=session.id, messages=list(session.messages)), counter)
    assert _fields(a) == _fields(fresh)
    assert shown == list(zip(fresh.hashes, fresh.tokens))
    assert cache.asked == []


def test_stored_counts_that_do_not_match_the_messages_read_are_not_used(stored):
    """A count is taken only for the message whose hash is stored at its position, and
    only when cached: a batch with another message (the session changed between the
    two reads) or a count missing is counted as before."""
    path, wid, counter = stored
    with Workspace(path) as ws:
        hashes, tokens, texts = ws.counts_by_position(wid, counter.name)
        # another message at position 3, with its own count: not taken for the one read
        wrong = ([*hashes[:3], "0" * 32, *hashes[4:]], [*tokens[:3], tokens[3] + 1000, *tokens[4:]], texts)
        missing = (hashes, [None, *tokens[1:]], texts)
        for known in (wrong, missing):
            cache = Lookups(ws.token_cache())
            session, a = load_analysed(ws.load_session, wid, counter, cache, batch=2, stored_counts=known)
            fresh = analyze(Session(id=session.id, messages=list(session.messages)), counter)
            assert _fields(a) == _fields(fresh)
            assert cache.asked  # the batch that did not match was looked up


def test_counts_by_position_are_each_messages_hash_and_cached_counts(stored):
    """`counts_by_position` (one joined query, the hashes kept as one string) gives, at
    every position, the hash of the message loaded there and the counts the cache
    holds for it, None where nothing is cached: the from-scratch lookup's answer."""
    path, wid, counter = stored
    with Workspace(path) as ws:
        session = ws.load_session(wid)
        hashes, tokens, texts = ws.counts_by_position(wid, counter.name)
        expected = [m.content_hash for m in session.messages]
        assert len(hashes) == len(expected) and list(hashes) == expected
        assert hashes[-1] == expected[-1] and hashes[2:5] == expected[2:5]
        cached = ws.token_cache().get_many(counter.name, set(expected))
        assert tokens == [cached[h][0] for h in expected] and texts == [cached[h][1] for h in expected]
        assert ws.counts_by_position(wid, "estimate:4 chars/token")[1] == [None] * len(expected)
        assert len(ws.counts_by_position("no-such-session", counter.name)[0]) == 0
