"""The offline summarizer's fit to its budget does not grow with the session (issue 15:
it removed one item at a time, re-rendering the whole text each time, so `apply` on
100,000 messages did not finish in 590 s). The fit now takes items by a fixed priority
table, so the number of renders is bounded whatever the session's size."""

from __future__ import annotations

import pytest

from inspector.engine.models import Message, ToolCall
from inspector.engine.summarize import extractive


def _session(rounds: int) -> list[Message]:
    out = [Message.text_message("user", "Fix the failing parser test in src/parse.py")]
    for k in range(rounds):
        out.append(Message.text_message("user", f"step {k}: please run the tests again"))
        out.append(Message(role="assistant", tool_calls=[
            ToolCall(id=f"c{k}", name="bash", arguments_raw=f'{{"cmd": "pytest tests/test_{k}.py"}}')]))
        out.append(Message.text_message("tool", f"Traceback (most recent call last):\nValueError: case {k}",
                                        tool_call_id=f"c{k}", name="bash"))
        out.append(Message.text_message("assistant", f"Step {k} still fails; next I will look at line {k}."))
    return out


def _renders(monkeypatch: pytest.MonkeyPatch, rounds: int) -> tuple[int, str]:
    calls = []
    real = extractive._render
    monkeypatch.setattr(extractive, "_render", lambda chosen: calls.append(1) or real(chosen))
    text = extractive.build_summary(_session(rounds), [], max_words=200)
    return len(calls), text


def test_the_fit_renders_a_bounded_number_of_times_whatever_the_session_size(monkeypatch) -> None:
    small, small_text = _renders(monkeypatch, 50)
    large, large_text = _renders(monkeypatch, 5_000)
    assert large <= small + 5  # 100x the messages: (almost) the same number of renders
    assert len(large_text.split()) <= 200 and len(small_text.split()) <= 200
    # the task and the newest work are what a budget keeps
    assert "src/parse.py" in large_text and "step 4999" in large_text


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the readings of assistant messages and tool outputs build_summary makes
    (their memos emptied first)."""
    read = [0]
    for memo in ("_ACTIONS", "_FILES", "_ERRORS"):
        monkeypatch.setattr(extractive, memo, {})
    for name in ("_assistant_actions", "_assistant_files", "_find_error"):
        real = getattr(extractive, name)
        monkeypatch.setattr(extractive, name, lambda x, real=real: read.__setitem__(0, read[0] + 1) or real(x))
    return read


def test_only_the_newest_messages_a_summary_can_state_are_read(monkeypatch) -> None:
    """Actions, errors and files are taken newest first, as far as the fit can take them:
    5,000 rounds read about as many messages as 50 do."""
    read = _reads(monkeypatch)
    small = extractive.build_summary(_session(50), [], max_words=200)
    small_reads = read[0]
    read[0] = 0
    large = extractive.build_summary(_session(5_000), [], max_words=200)
    assert read[0] <= small_reads < 300
    assert "step 4999" in large and "src/parse.py" in large and small


def test_reading_newest_first_states_what_reading_everything_states(monkeypatch, traj_sessions) -> None:
    """The early stop changes no summary: the same text as with no limit on what is
    read, on real agent runs, with and without an earlier summary folded in."""
    cases = []
    for s in traj_sessions:
        msgs = s.messages
        half = len(msgs) // 2
        earlier = extractive.build_summary(msgs[:half], [], max_words=300)
        for words in (40, 300, 3000):
            cases.append((msgs, [], words))
            cases.append((msgs[half:], [earlier], words))
    limited = [extractive.build_summary(m, p, w) for m, p, w in cases]
    monkeypatch.setattr(extractive, "_TAKEN_AT_MOST", dict.fromkeys(extractive._TAKEN_AT_MOST, 10**9))
    assert [extractive.build_summary(m, p, w) for m, p, w in cases] == limited


def test_the_error_word_skip_finds_the_line_the_full_scan_finds(traj_sessions) -> None:
    """An ASCII output skips to the first line naming an error word; a non-ASCII line
    appended (a line that is no error) makes it take the full line-by-line scan, which
    must agree, on real tool outputs and on line breaks and cases of every kind."""
    outputs = [m.text for s in traj_sessions for m in s.messages if m.role == "tool"]
    outputs += ["ok\nfoo\x0cerror: x", "x\r\nERROR: y", "Exit code 2\n", "ExIt StAtUs 3", "a\x1cerror\x1dnext",
                "fine\n\nno errors\nreal error: z", "Requirement already satisfied\nwarning: error: skipped\n",
                "build\n  error[E0308]: mismatched types", "nothing wrong here", ""]
    found = 0
    for text in outputs:
        fast = extractive._find_error(text)
        assert fast == extractive._find_error(text + "\n\u00e9"), text[:200]
        found += fast is not None
    assert found >= 8  # (9: a viewer's numbered source lines are no errors since session 8)


def test_paths_are_searched_only_in_texts_that_name_one(traj_sessions) -> None:
    texts = [t for s in traj_sessions for m in s.messages
             for t in (m.text, *(c.arguments_raw for c in m.tool_calls))]
    named = [t for t in texts if extractive._PATH_RE.findall(t)]
    assert named and all(extractive._paths(t) == extractive._PATH_RE.findall(t) for t in texts)
