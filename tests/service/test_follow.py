"""Sessions still being written, with real appends: a Codex rollout growing line by line
(read incrementally, a half-written last line waited for), an Agents SDK database in
WAL mode getting rows from the SDK's own session while it is open, `inspector watch`,
and the app updating in place."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import pytest

from inspector.cli.main import main
from inspector.engine import preset
from inspector.engine.planning import counter_for
from inspector.service.follow import Follower, watch_row
from inspector.sources.model import SourceError
from inspector.sources.registry import open_source

ROLLOUT = Path(__file__).resolve().parents[1] / "fixtures" / "codex" / "rollout-2025-10-29T01-00-00-marshmallow.jsonl"
LINES = ROLLOUT.read_bytes().splitlines(keepends=True)
FIRST = 12  # the session meta, the prompts and the first call and its output


def whole(path: Path) -> int:
    with open_source(path) as src:
        return len(src.read(src.session_ids()[0]).messages)


@pytest.fixture
def growing(tmp_path) -> Path:
    path = tmp_path / "rollout-live.jsonl"
    path.write_bytes(b"".join(LINES[:FIRST]))
    return path


APPENDED: set[Path] = set()


def append(path: Path, data: bytes) -> None:
    """What the agent writing the source does (the source guard is told, below)."""
    APPENDED.add(path)
    with path.open("ab") as fh:
        fh.write(data)
        fh.flush()


@pytest.fixture(autouse=True)
def _written_on_purpose(source_guard):
    """The files these tests append to change by design; any other source read must not."""
    yield
    for path in APPENDED:
        source_guard.forget(path)
        source_guard.forget(path.parent / "live.db")
    APPENDED.clear()


def test_a_growing_transcript_is_read_incrementally(growing, tmp_path):
    follower = Follower(growing)
    try:
        first = follower.poll()
        assert first is not None and len(first.messages) == whole(growing)
        assert follower.poll() is None  # nothing new: not read again
        read_before = follower.tail.bytes_read
        for k in range(FIRST, len(LINES)):
            append(growing, LINES[k])
            session = follower.poll()
            assert session is not None
            copy = tmp_path / f"copy{k}.jsonl"
            copy.write_bytes(growing.read_bytes())
            assert [m.text for m in session.messages] == [m.text for m in open_source(copy).read(session.id).messages]
        # every byte was read once: the first poll read the start, each later one its line
        assert follower.tail.bytes_read - read_before == sum(len(line) for line in LINES[FIRST:])
        assert follower.tail.bytes_read == growing.stat().st_size
    finally:
        follower.close()


def test_a_half_written_last_line_is_waited_for(growing):
    follower = Follower(growing)
    try:
        before = len(follower.poll().messages)
        line = LINES[FIRST + 3]  # a message record
        append(growing, line[:len(line) // 2])
        with open_source(growing) as src:
            session = src.read(src.session_ids()[0])
            assert any("incomplete last line, waited for" in str(s) for s in src.skipped)
        assert len(session.messages) == before  # not reported as bad, not half a message
        append(growing, line[len(line) // 2:])
        grown = follower.poll()
        assert grown is not None and len(grown.messages) > before
    finally:
        follower.close()


def test_a_rewritten_file_is_read_anew(growing):
    follower = Follower(growing)
    try:
        follower.poll()
        APPENDED.add(growing)
        growing.write_bytes(b"".join(LINES[:FIRST - 4]))  # shorter: a new file in its place
        session = follower.poll()
        assert session is not None and len(session.messages) == whole(growing)
    finally:
        follower.close()


def test_a_wal_database_getting_rows_from_the_sdk(tmp_path):
    pytest.importorskip("agents")
    from agents.memory import SQLiteSession

    db = tmp_path / "live.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
    writer = SQLiteSession("live-1", str(db))  # keeps its connection: a live writer

    async def add(items):
        await writer.add_items(items)

    APPENDED.add(db)
    try:
        asyncio.run(add([{"role": "user", "content": "hello"}]))
        follower = Follower(db, "live-1")
        assert len(follower.poll().messages) == 1
        assert follower.poll() is None
        asyncio.run(add([{"role": "assistant", "content": "hi there"}, {"role": "user", "content": "and now?"}]))
        assert follower.changed()
        session = follower.poll()
        assert [m.text for m in session.messages] == ["hello", "hi there", "and now?"]
    finally:
        writer.close()


def test_watch_row_counts_and_tokens_until_compaction(growing):
    config = preset("balanced").with_values({"summarization.trigger.context_tokens": 50_000,
                                             "summarization.trigger.context_ratio": 0.0})
    counter = counter_for(config)
    follower = Follower(growing)
    try:
        row = watch_row(follower.poll(), "codex", "/testbed", config, counter)
    finally:
        follower.close()
    assert row.window == config.context_window
    # the trigger counts the messages; the context adds the reply priming the API bills
    assert row.until_compaction == 50_000 - (row.context_tokens - counter.framing.reply_priming) > 0
    low = config.with_values({"summarization.trigger.context_tokens": 100})
    assert watch_row(Follower(growing).sessions()[0], "codex", "/testbed", low, counter).until_compaction == 0


def test_watch_command_one_line_per_session(growing, tmp_path, capsys):
    db = tmp_path / "agents.db"
    db.write_bytes((Path(__file__).resolve().parents[1] / "fixtures" / "openai-agents" / "sessions.db").read_bytes())
    assert main(["watch", str(growing), str(db), "--once", "--json",
                 "--set", "summarization.trigger.context_tokens=60000"]) == 0
    rows = json.loads(capsys.readouterr().out)
    with open_source(db) as src:
        n = len(src.session_ids())
    assert len(rows) == 1 + n
    assert rows[0]["tool"] == "codex" and rows[0]["messages"] == whole(growing)
    assert all(r["until_compaction"] is not None for r in rows)
    assert main(["watch", str(growing), "--once"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("codex") and "until compaction" in out[0]


@pytest.mark.anyio
async def test_the_app_follows_a_transcript_being_written(growing, tmp_path, app_env):
    from inspector.tui.app import create_app
    from inspector.tui.screens.session import SessionScreen
    from inspector.tui.widgets.heatmap import Heatmap
    from inspector.tui.widgets.profile import ContextGauge
    from tests.tui.helpers import settings, settle

    app = create_app(growing, workspace=tmp_path / "ws.db", settings=settings())
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        for _ in range(50):  # following starts once the source is primed
            if screen.follower is not None:
                break
            await pilot.pause(0.05)
        before = len(screen.session.messages)
        assert screen.query_one(Heatmap).rows.n == before
        plans = app.plan_count
        append(growing, b"".join(LINES[FIRST:FIRST + 8]))
        started = time.monotonic()
        while len(screen.session.messages) == before and time.monotonic() - started < 5:
            await pilot.pause(0.05)
        await settle(pilot, app)
        grown = len(screen.session.messages)
        assert grown > before and grown == whole(growing)
        assert screen.query_one(Heatmap).rows.n == grown  # the heatmap shows the new messages
        assert app.plan_count > plans and len(screen.plan.actions) == grown  # planned again
        gauge = screen.query_one(ContextGauge)
        assert gauge.before == screen.plan.total_before and gauge.until_trigger == screen.plan.tokens_until_trigger
        assert gauge.until_trigger is not None and "until compaction" in str(gauge.render())


def test_an_update_keeps_the_messages_shown_and_extends_their_analysis(growing, tmp_path, monkeypatch):
    """Each change: the messages the view has that the source still holds are kept (the
    same objects), the new ones appended, and only those are analysed; the result is
    what a fresh read and a fresh analysis give."""
    from inspector.engine import analysis

    analysed: list[int] = []  # how many messages each analysis read
    real_count = analysis.count_messages

    def spy(messages, *args, **kw):
        analysed.append(len(messages))
        return real_count(messages, *args, **kw)

    monkeypatch.setattr(analysis, "count_messages", spy)
    counter = counter_for(preset("balanced"))
    follower = Follower(growing)
    try:
        shown = follower.update(None, counter)
        assert shown is not None and shown.kept == 0 and len(shown.session.messages) == whole(growing)
        assert follower.update(shown.session, counter) is None  # nothing new
        carried = 0
        for k in range(FIRST, len(LINES)):
            line = LINES[k]
            append(growing, line[:len(line) // 2])
            assert follower.update(shown.session, counter) is None  # a half-written line is waited for
            append(growing, line[len(line) // 2:])
            analysed.clear()
            grown = follower.update(shown.session, counter)
            copy = tmp_path / f"copy{k}.jsonl"
            copy.write_bytes(growing.read_bytes())
            with open_source(copy) as src:
                fresh = src.read(src.session_ids()[0])
            if grown is None:  # a record that changes no message
                assert not analysed
                assert [m.text for m in fresh.messages] == [m.text for m in shown.session.messages]
                continue
            kept = grown.kept
            assert analysed == [len(grown.session.messages) - kept]  # the new messages only
            assert [m.text for m in grown.session.messages] == [m.text for m in fresh.messages]
            assert grown.tokens == list(analysis.analyze(fresh, counter).tokens)  # as a fresh analysis finds
            assert all(a is b for a, b in zip(grown.session.messages[:kept], shown.session.messages[:kept]))
            carried += kept
            shown = grown
        assert carried > (len(LINES) - FIRST) * 2  # most updates carried most of the session over
    finally:
        follower.close()


@pytest.mark.parametrize("name", ["representative_messages.jsonl", "branch_merge.jsonl", "session_b.jsonl"])
def test_a_followed_claude_code_transcript_converts_only_its_new_records(tmp_path, name):
    """Each record appended: the messages of the records read before are the very
    objects the last read made (not converted again), and the session is what a fresh
    read of the file gives (an assistant message streamed over several records, tool
    results naming their calls, branches)."""
    lines = (ROLLOUT.parents[1] / "claude-code" / name).read_bytes().splitlines(keepends=True)
    path = tmp_path / name
    start = next(k for k, line in enumerate(lines) if b'"type":"user"' in line.replace(b" ", b"")) + 1
    path.write_bytes(b"".join(lines[:start]))
    APPENDED.add(path)
    follower = Follower(path)
    try:
        last = follower.poll()
        reused = 0
        for k in range(start, len(lines)):
            append(path, lines[k])
            session = follower.poll() if follower.changed() else None
            if session is None:
                continue
            copy = tmp_path / f"copy-{k}.jsonl"
            copy.write_bytes(path.read_bytes())
            with open_source(copy) as src:
                fresh = src.read(src.session_ids()[0])
            assert [m.model_dump() for m in session.messages] == [m.model_dump() for m in fresh.messages]
            if last is not None:
                same = sum(1 for a, b in zip(last.messages, session.messages) if a is b)
                equal = 0
                while equal < min(len(last.messages), len(session.messages)) and \
                        last.messages[equal].model_dump() == session.messages[equal].model_dump():
                    equal += 1
                assert same >= equal - 1  # all but a last message still growing are reused
                reused += same
            last = session
        assert reused > 0
    finally:
        follower.close()


CODEX = sorted((ROLLOUT.parent).glob("*.jsonl"))


def _settled(messages) -> int:
    """How many leading messages no record appended can change: those before the
    assistant message that follows the last one with its usage (a `token_count`
    record fills only the latest assistant message's usage, and only a missing one);
    the last assistant message itself may still be open."""
    assistants = [i for i, m in enumerate(messages) if m.role == "assistant" and m.kind == "message"]
    with_usage = [i for i in assistants if messages[i].usage is not None]
    if not with_usage:
        return assistants[0] if assistants else len(messages) - 1
    after = [i for i in assistants if i > with_usage[-1]]
    return after[0] if after else with_usage[-1]


@pytest.mark.parametrize("rollout", CODEX, ids=[p.stem for p in CODEX])
def test_a_followed_codex_rollout_converts_only_its_new_records(tmp_path, monkeypatch, rollout):
    """Each record appended (half a line first): the session, its metadata and what
    the reader reports skipping are what a fresh read of the file gives; only the new
    records are converted, with those from the last message a new record can still
    change (an assistant message still open, or waiting for its `token_count` usage);
    the messages before it are the very objects the last read made."""
    from inspector.sources import codex
    from inspector.sources.jsonio import follow_jsonl, unfollow_jsonl

    fed: list[int] = []
    real_feed = codex._Reading.feed

    def counting(self, path, lineno, line):
        fed.append(lineno)
        return real_feed(self, path, lineno, line)

    monkeypatch.setattr(codex._Reading, "feed", counting)
    lines = rollout.read_bytes().splitlines(keepends=True)
    path = tmp_path / rollout.name
    path.write_bytes(b"".join(lines[:3]))
    APPENDED.add(path)
    follow_jsonl(path)

    def read(p: Path):
        with open_source(p) as src:
            return src.read(src.session_ids()[0]), [str(s) for s in src.skipped]

    try:
        last, _ = read(path)
        total_fed = reused = 0
        for k in range(3, len(lines)):
            append(path, lines[k][:len(lines[k]) // 2])
            read(path)  # a half-written line: waited for
            append(path, lines[k][len(lines[k]) // 2:])
            fed.clear()
            session, skipped = read(path)
            converted = list(fed)
            copy = tmp_path / f"copy-{k}" / path.name  # the same name: an id taken from it is the same
            copy.parent.mkdir()
            copy.write_bytes(path.read_bytes())
            fresh, fresh_skipped = read(copy)
            assert [m.model_dump() for m in session.messages] == [m.model_dump() for m in fresh.messages]
            assert session.model_dump(exclude={"messages", "source_path"}) == \
                fresh.model_dump(exclude={"messages", "source_path"})
            assert skipped == fresh_skipped
            assert converted and converted[-1] == k + 1  # the new record, converted
            if session.metadata.get("compactions") == last.metadata.get("compactions"):  # else all replaced
                settled = _settled(last.messages)
                assert all(a is b for a, b in zip(last.messages[:settled], session.messages[:settled]))
                assert converted[0] > 1  # not the whole file again
            total_fed += len(converted)
            reused += sum(1 for a, b in zip(last.messages, session.messages) if a is b)
            last = session
        converted_anew = sum(range(4, len(lines) + 1))  # what reading the whole file each time converts
        assert total_fed < converted_anew / 4, (total_fed, converted_anew)
        assert reused > 0
    finally:
        unfollow_jsonl(path)


def test_a_followed_agents_database_converts_only_its_new_rows(tmp_path, monkeypatch, source_guard):
    """The SDK's own `SQLiteSession` adding items to a WAL database: each read converts
    only the rows after the last one seen (the messages before are the very objects the
    last read made) and gives what a fresh read gives; a row the SDK pops (deleted) makes
    the next read start over, and still right."""
    pytest.importorskip("agents")
    from agents.memory import SQLiteSession

    from inspector.formats.responses import ItemConverter

    fed: list[str] = []
    real_feed = ItemConverter.feed

    def counting(self, item, where, source_id=None, ts=None):
        fed.append(source_id)
        return real_feed(self, item, where, source_id=source_id, ts=ts)

    monkeypatch.setattr(ItemConverter, "feed", counting)
    db = tmp_path / "live.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA journal_mode=WAL")
    writer = SQLiteSession("live-1", str(db))
    APPENDED.add(db)
    turns = [
        [{"role": "user", "content": "find the parser"}],
        [{"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "look around"}]},
         {"type": "function_call", "call_id": "c1", "name": "grep", "arguments": "{\"q\": \"parse\"}"}],
        [{"type": "function_call_output", "call_id": "c1", "output": "src/parser.py:1: def parse"}],
        [{"role": "assistant", "content": [{"type": "output_text", "text": "It is in src/parser.py."}]}],
        [{"role": "user", "content": "and the tests?"}],
        [{"type": "function_call", "call_id": "c2", "name": "ls", "arguments": "{}"},
         {"type": "function_call_output", "call_id": "c2", "output": "tests/test_parser.py"}],
    ]

    def fresh():
        copy = tmp_path / f"copy-{len(fed)}.db"
        with sqlite3.connect(db) as src, sqlite3.connect(copy) as dst:
            src.backup(dst)
        with open_source(copy) as s:
            session = s.read("live-1")
        source_guard.forget(copy)  # a copy of the live database, still in WAL mode
        return session

    follower = Follower(db, "live-1")
    try:
        asyncio.run(writer.add_items(turns[0]))
        last = follower.poll()
        rows = 1
        for items in turns[1:]:
            asyncio.run(writer.add_items(items))
            fed.clear()
            session = follower.poll()
            converted = list(fed)
            assert [m.model_dump() for m in session.messages] == [m.model_dump() for m in fresh().messages]
            assert converted and len(converted) <= len(items) + 2  # the new rows (an open call group again)
            assert int(converted[0]) > rows - 2
            kept = sum(1 for a, b in zip(last.messages, session.messages) if a is b)
            assert kept >= len(last.messages) - 1
            rows += len(items)
            last = session
        asyncio.run(writer.pop_item())  # the SDK deletes the last row: the next read starts over
        asyncio.run(writer.add_items([{"role": "user", "content": "never mind"}]))
        fed.clear()
        session = follower.poll()
        assert len(fed) == rows  # every row converted again: rows-1 kept, one new
        assert [m.model_dump() for m in session.messages] == [m.model_dump() for m in fresh().messages]
        assert session.messages[-1].text == "never mind"
    finally:
        follower.close()
        writer.close()


@pytest.mark.parametrize("rollout", CODEX, ids=[p.stem for p in CODEX])
def test_a_codex_rollout_growing_in_random_pieces_reads_as_a_fresh_read(tmp_path, rollout):
    """Bytes appended in pieces of any size (lines cut anywhere, several records at
    once, a complete last record without its newline): every read of the followed file
    gives the session, metadata and reports a fresh read of the same bytes gives."""
    import random

    from inspector.sources.jsonio import follow_jsonl, unfollow_jsonl

    def read(p: Path):
        with open_source(p) as src:
            session = src.read(src.session_ids()[0])
            # following waits for a half-written last line; a single read leaves it out: same line
            reports = [str(s).split(", ")[0] if "incomplete last line" in str(s) else str(s) for s in src.skipped]
        return ([m.model_dump() for m in session.messages], session.model_dump(exclude={"messages", "source_path"}),
                reports)

    data = rollout.read_bytes()
    rng = random.Random(rollout.name)  # seeded: the same pieces every run
    for trial in range(4):
        path = tmp_path / f"live-{trial}" / rollout.name
        path.parent.mkdir()
        path.write_bytes(b"")
        APPENDED.add(path)
        follow_jsonl(path)
        try:
            pos = 0
            while pos < len(data):
                piece = data[pos:pos + rng.choice([1, 9, 80, 600, 3000, 20000])]
                append(path, piece)
                pos += len(piece)
                copy = tmp_path / f"copy-{trial}-{pos}" / rollout.name
                copy.parent.mkdir()
                copy.write_bytes(data[:pos])
                try:
                    followed = read(path)
                except SourceError as exc:  # nothing read yet: the same error as a fresh read
                    with pytest.raises(SourceError) as fresh_error:
                        read(copy)
                    assert str(fresh_error.value).replace(str(copy), "X") == str(exc).replace(str(path), "X")
                    continue
                assert followed == read(copy), (trial, pos)
        finally:
            unfollow_jsonl(path)
