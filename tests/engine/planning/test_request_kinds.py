"""Which user messages are the user's requests (`planner.RequestKinds`): one content
model serves the re-plans a slider move apart, and its kinds are those of a plan made
afresh."""

from __future__ import annotations

import copy

import pytest

from inspector.engine import content, plan, preset
from inspector.engine.analysis import analysis_of
from inspector.engine.content import Kind, content_model
from inspector.engine.models import Message, Session
from inspector.engine.planning.planner import WINDOW_BLOCK, request_window

from .stages import COUNTER


def swe_style_session(rounds: int, tag: str) -> tuple[Session, set[int]]:
    """A SWE-agent-like session: the environment answers each fenced command in a user
    message with its footer; every 25th round the user asks something new (in a task
    template: in such a session a user message after an action is the environment's
    unless it states a task, `engine.content`). Returns it
    and the positions of the user's own requests (the task included)."""
    msgs = [Message.text_message("system", "You are an autonomous programmer."),
            Message.text_message("user", f"We're currently solving the following issue ({tag}): the parser "
                                         "drops the last line of every file.")]
    requests = {1}
    for r in range(rounds):
        msgs.append(Message.text_message(
            "assistant", f"Round {r} of {tag}: let me look at the next part of the parser.\n\n```\n"
                         f"open src/parser_{r}.py {r * 7}\n```"))
        msgs.append(Message.text_message(
            "user", f"[File: /testbed/src/parser_{r}.py (240 lines total)]\n{r}: def parse_{r}(lines):\n"
                    f"{r + 1}:     return lines[:-1]  # {tag} " + "x " * 60 +
                    "\n(Open file: /testbed/src/parser.py)\n(Current directory: /testbed)\nbash-$"))
        if r % 25 == 24:
            requests.add(len(msgs))
            msgs.append(Message.text_message("user", f"<task>Also ({tag}, {r}): keep the trailing newline when "
                                                     "the file has one, and add a test for it.</task>"))
    return Session(id=f"swe-{tag}", source_format="test", messages=msgs).renumber(), requests


def balanced(threshold: int):
    """Preset balanced summarizing above `threshold` tokens, keeping half of them."""
    return preset("balanced").with_values({"summarization.trigger.context_tokens": threshold,
                                           "summarization.trigger.context_ratio": 0.0,
                                           "summarization.keep.tokens": 0})


@pytest.fixture
def classified(monkeypatch) -> list[int]:
    """The number of messages of each content model classified afresh from here on."""
    sizes: list[int] = []
    original = content._classify

    def spy(messages, hashes):
        sizes.append(len(messages))
        return original(messages, hashes)

    monkeypatch.setattr(content, "_classify", spy)
    return sizes


def test_replans_a_slider_move_apart_share_one_content_model(classified):
    s, _ = swe_style_session(900, "share")
    thresholds = [20_000 + 400 * k for k in range(20)]
    plan(s, balanced(thresholds[0]), COUNTER)  # the plan shown on opening
    classified.clear()
    cuts = []
    for t in thresholds:
        p = plan(s, balanced(t), COUNTER)
        assert p.summaries, f"threshold {t} summarized nothing"
        cuts.append(p.summaries[0].end)
    assert len(set(cuts)) >= 10  # the cut moved with the slider...
    # ...and the plans asked about the user messages of at most two blocks, each
    # classified once (it was once per plan)
    windows = {request_window(analysis_of(s, COUNTER), 1, cut - 1) for cut in cuts}
    assert len(classified) <= len(windows) <= 2, (classified, windows)


def test_the_kinds_come_from_one_block_aligned_window_and_match_a_fresh_plan():
    s, requests = swe_style_session(900, "fresh")
    eino = preset("eino")
    for t in (9_000, 20_000, 31_000, 60_000, 120_000):
        # eino carries the user's recent requests verbatim in the summary
        for config in (balanced(t), eino.with_values({"summarization.trigger.context_tokens": t})):
            warm = plan(s, config, COUNTER)
            fresh = plan(copy.deepcopy(s), config, COUNTER)  # its own analysis and memo
            assert warm.actions == fresh.actions
            assert warm.summaries == fresh.summaries
            assert warm.summaries, f"threshold {t} summarized nothing"
        preserved = set(warm.summaries[0].preserved_users)
        assert preserved and preserved <= requests, f"an observation carried as a request at {t}"


def test_a_window_covers_its_block_and_the_lookback_of_every_user_message_in_it():
    s, requests = swe_style_session(900, "window")
    plan(s, balanced(20_000), COUNTER)
    a = analysis_of(s, COUNTER)
    users = a.user_positions
    whole = content_model(s.messages).kinds
    for k in range(0, len(users), 7):
        i = users[k]
        start, end = request_window(a, 1, i)
        assert end % WINDOW_BLOCK == 0 or end == a.n
        assert start <= users[max(0, k - 50)] and i < end
        # every user message of the block shares that window
        same = [j for j in users if (j // WINDOW_BLOCK) == (i // WINDOW_BLOCK)]
        assert {request_window(a, 1, j) for j in same} == {(start, end)}
        kinds = content_model(s.messages[start:end]).kinds
        for j in users[max(0, k - 50):k + 1]:
            if j >= start:
                assert (kinds[j - start] in (Kind.TASK, Kind.REQUEST)) == (j in requests)
                assert (kinds[j - start] is Kind.OBSERVATION) == (whole[j] is Kind.OBSERVATION)
