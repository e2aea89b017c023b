"""The breakdown: every token of the context in exactly one category, before and after."""

from __future__ import annotations

import pytest

from inspector.engine.breakdown import Category, breakdown
from inspector.engine.config import preset
from inspector.engine.models import Message, Part, ToolCall
from inspector.engine.planning import plan
from inspector.engine.tokens import count_messages, make_counter
from tests.sessions import agent_session, asst, session, sys, tool, user


def _tight():
    """A config that truncates, clears and summarizes the small sessions here."""
    return preset("balanced").with_values({
        "reduction.truncation.max_chars": 300, "reduction.clear.trigger_tokens": 1000,
        "reduction.clear.at_least_tokens": 0, "summarization.trigger.context_tokens": 1000,
        "summarization.keep.mode": "tokens", "summarization.keep.tokens": 400})


def _bar(b, category, tool=""):
    return next((x for x in b.bars if x.category == category and x.tool == tool), None)


@pytest.fixture(params=["tiktoken", "estimate"])
def any_counter(request):
    return make_counter(request.param, model="gpt-4o")


def test_bars_add_up_to_the_plan_totals(any_counter):
    s = agent_session(rounds=30, output="result line\n" * 300)
    p = plan(s, _tight(), any_counter)
    b = breakdown(s, any_counter, plan=p)
    assert b.total_before == p.total_before
    assert b.total_after == p.total_after
    assert sum(x.before for x in b.bars) == p.total_before
    assert p.total_after < p.total_before  # the plan did something, so the after-figures were computed


def test_categories_are_exact_per_piece(counter):
    reasoning = "Let me think about the failing test carefully before I act."
    args = '{"path": "src/app.py"}'
    m = Message(role="assistant", parts=[Part(type="reasoning", text=reasoning), Part(text="Reading it.")],
                tool_calls=[ToolCall(id="c1", name="read_file", arguments_raw=args)])
    s = session(sys("You are terse."), user("fix the bug"), m, tool("c1", "def main():\n    pass\n" * 50),
                tool("c9", "no such call", name="read_file"))
    b = breakdown(s, counter)
    f = counter.framing
    assert _bar(b, Category.REASONING).before == counter.count(reasoning)
    assert _bar(b, Category.ARGUMENTS).before == counter.count("read_file") + counter.count(args) + f.per_tool_call
    assert _bar(b, Category.ASSISTANT).before == counter.count("Reading it.") + f.per_message
    assert _bar(b, Category.SYSTEM).before == counter.count("You are terse.") + f.per_message
    assert _bar(b, Category.REQUESTS).before == counter.count("fix the bug") + f.per_message
    results = _bar(b, Category.RESULTS, "read_file")
    assert results is not None and results.messages == (3, 4)
    assert _bar(b, Category.PRIMING).before == f.reply_priming
    assert b.total_before == sum(count_messages(s.messages, counter)[0]) + f.reply_priming
    # the file a read returned, by the path its call named
    assert [x.path for x in b.files] == ["src/app.py"]
    assert b.files[0].before == counter.count("def main():\n    pass\n" * 50) + f.per_message
    assert b.files[0].messages == (3,)


def test_summaries_and_removed_messages_after_the_plan(counter):
    s = agent_session(rounds=40, output="x " * 600)
    p = plan(s, _tight(), counter)
    assert p.summaries, "the tight config summarizes this session"
    b = breakdown(s, counter, plan=p)
    new = _bar(b, Category.NEW_SUMMARIES)
    assert new is not None and new.before == 0 and new.after == sum(x.estimated_tokens for x in p.summaries)
    assert set(new.messages) >= set(p.summaries[0].summarized)
    results = [x for x in b.bars if x.category == Category.RESULTS]
    assert sum(x.after for x in results) < sum(x.before for x in results)


def test_observation_kinds_move_user_messages_out_of_requests(counter):
    s = session(sys(), user("please fix it"), user("OBSERVATION: 3 tests failed\n" * 20))
    by_role = breakdown(s, counter)
    by_kind = breakdown(s, counter, kinds=["system", "task", "observation"])
    assert _bar(by_role, Category.REQUESTS).messages == (1, 2)
    assert _bar(by_kind, Category.REQUESTS).messages == (1,)
    moved = _bar(by_kind, Category.RESULTS, "(in user messages)")
    assert moved is not None and moved.messages == (2,)
    assert by_kind.total_before == by_role.total_before


def test_images_and_earlier_summaries(counter):
    pic = Message(role="user", parts=[Part(text="what is this?"), Part(type="image", url="http://x/y.png")])
    old = Message(role="user", kind="summary", parts=[Part(text="Earlier we fixed the parser.")])
    b = breakdown(session(old, pic, asst("a cat")), counter)
    assert _bar(b, Category.MEDIA).before == counter.framing.image
    assert _bar(b, Category.SUMMARIES).messages == (0,)
    assert b.largest().category == Category.MEDIA


def test_tool_definitions_outside_the_totals(counter):
    s = session(sys(), user("hi"))
    assert breakdown(s, counter).tool_definitions is None
    s.metadata["tools"] = [{"name": "bash", "description": "run a shell command", "parameters": {}}]
    b = breakdown(s, counter)
    assert b.tool_definitions and b.tool_definitions > 5
    assert b.total_before == sum(count_messages(s.messages, counter)[0]) + counter.framing.reply_priming


def test_the_content_model_moves_observations_and_names_the_files_they_show(counter):
    """A SWE-agent run stored as chat messages: its observations are user messages. With
    the content model they count as tool results (not requests), and a file an `open`
    command showed is listed by the tokens of what it showed."""
    from pathlib import Path

    from inspector.engine.content import Kind, content_model
    from inspector.service.opening import load_session
    from inspector.service.pipeline import session_breakdown

    path = Path(__file__).resolve().parents[2] / "inspector" / "demo" / "data" / "marshmallow-1867_window100.openai.json"
    s = load_session(path, None)
    kinds = content_model(s.messages).kinds
    observations = [i for i, k in enumerate(kinds) if k is Kind.OBSERVATION and s.messages[i].role == "user"]
    assert observations
    b = session_breakdown(s, counter)
    requests = _bar(b, Category.REQUESTS)
    assert not set(requests.messages) & set(observations)
    assert set(_bar(b, Category.RESULTS, "(in user messages)").messages) == set(observations)
    shown = {f.path: f for f in b.files}
    assert "src/marshmallow/fields.py" in shown
    opened = shown["src/marshmallow/fields.py"]
    assert set(opened.messages) <= set(observations)
    assert opened.before == sum(_split_results(b, s, counter, i) for i in opened.messages)


def _split_results(b, s, counter, i):
    from inspector.engine.tokens import count_messages

    return count_messages([s.messages[i]], counter)[0][0]  # an observation's tokens are all tool results
