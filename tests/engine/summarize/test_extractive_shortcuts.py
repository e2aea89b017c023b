"""The extractive summary reads only what its budget can take: the newest requests
until they hold as many different lines as `_fit` may place, and the recent actions,
errors and files until each section is full. The summary must be the one the plain
reading of every message (the reference functions below, as they were) writes, on real
sessions cut anywhere and on sessions built to sit at the edges (repeated requests,
exactly as many different ones as fit, an earlier summary's requests after them)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from inspector.engine.content import ContentModel, Kind, holds_file_text, template_form
from inspector.engine.models import Message, Part, ToolCall
from inspector.engine.summarize import extractive
from inspector.engine.summarize.extractive import (
    _REQUEST_KINDS,
    _TAKEN_AT_MOST,
    _assistant_actions,
    _assistant_files,
    _error_of,
    _line,
    _Recent,
    build_summary,
    with_outcomes,
)
from inspector.engine.tokens import TiktokenCounter
from inspector.sources.swe_agent import read_traj

COUNTER = TiktokenCounter(model="gpt-4o")
SWE = Path(__file__).resolve().parents[2] / "fixtures" / "swe-agent"


def _plain_requests_and_tools(live, model: ContentModel, task_known: bool, *_read):
    """The reference: a line of every request, in order (what was read before, unused),
    but a line said in three requests or more but for its numbers (a framework's)."""
    requests: list[tuple[str, bool]] = []  # (the line, whether it is the task)
    tools: dict[str, int] = {}
    names: dict[str, str] = {}
    for i, m in enumerate(live):
        if m.role == "user":
            if model.kinds[i] in _REQUEST_KINDS and (i != model.task or task_known) and m.text.strip():
                requests.append((_line(m.text, 240), i == model.task))
        elif m.role == "assistant":
            for c in m.tool_calls:
                tools[c.name] = tools.get(c.name, 0) + 1
                names[c.id] = c.name
    forms = Counter(template_form(line) for line, task in requests if not task)

    def framework(line: str) -> bool:
        return len(template_form(line)) >= 20 and forms[template_form(line)] >= 3

    return [line for line, task in requests if task or not framework(line)], tools, names


def _plain_recent(live, model, names, changed, shown_at=-1):
    """The reference reading of the recent actions, errors and files (not `changed`)."""
    out = _Recent(changed=changed)  # (a _SameFile)
    seen: dict[str, set[str]] = {"actions": set(), "errors": set(), "files": set()}

    def full(key: str) -> bool:
        return len(seen[key]) >= _TAKEN_AT_MOST[key]

    results: dict[str, int] = {}
    for at in range(len(live) - 1, -1, -1):
        m = live[at]
        if full("actions") and full("errors") and full("files") and out.next_step:
            break
        if m.role == "assistant":
            if not (full("actions") and out.next_step):
                said, step = _assistant_actions(m)
                if step is not None and not out.next_step:
                    out.next_step = [step]
                said = with_outcomes(said, at, results, live, model, shown_at)
                out.actions.extend(reversed(said))
                seen["actions"].update(said)
            if not full("files"):
                found = [f for f in _assistant_files(m) if f not in changed]
                out.files.extend(reversed(found))
                seen["files"].update(found)
            continue
        if m.tool_call_id and not full("actions") and at != shown_at:
            results[m.tool_call_id] = at
        if not full("errors") and model.kinds[at] is Kind.OBSERVATION:
            err = _error_of(m.text)
            if err is not None and not holds_file_text(model, at):
                source = (m.name or names.get(m.tool_call_id or '', 'tool')) if m.role == "tool" else "output"
                line = f"{source}: {_line(err, 160)}"
                out.errors.append(line)
                seen["errors"].add(line)
    return out


class _PlainRecent(_Recent):
    read = classmethod(lambda cls, live, model, names, changed, _errors=None, shown_at=-1:  # type: ignore[assignment]
                       _plain_recent(live, model, names, changed, shown_at))


def _both(monkeypatch, messages, previous=(), words=400, tokens=None) -> tuple[str, str]:
    count = COUNTER.count if tokens else None
    fast = build_summary(messages, list(previous), words, count, tokens)
    with monkeypatch.context() as patch:
        patch.setattr(extractive, "_requests_and_tools", _plain_requests_and_tools)
        patch.setattr(extractive, "_Recent", _PlainRecent)
        plain = build_summary(messages, list(previous), words, count, tokens)
    return fast, plain


@cache
def _swe(path: Path) -> tuple[Message, ...]:
    return tuple(read_traj(path).messages)


@pytest.mark.parametrize("path", sorted(SWE.glob("*.traj"))[:6], ids=lambda p: p.stem)
def test_real_sessions_cut_anywhere_get_the_plain_summary(monkeypatch, path):
    msgs = _swe(path)
    for end in sorted({2, 5, len(msgs) // 3, len(msgs) // 2, len(msgs) - 1, len(msgs)}):
        for words, tokens in ((400, None), (60, 90), (2000, None)):
            fast, plain = _both(monkeypatch, msgs[:end], words=words, tokens=tokens)
            assert fast == plain


def _chat(requests: list[str], files: int = 0, errors: int = 0, late: bool = False) -> list[Message]:
    """A chat of requests, each answered by an edit and a test run: `files` different
    files named, `errors` runs failing; `late`: the files named and the failures in the
    oldest turns only (read last, after the other sections are full)."""
    out = [Message.text_message("user", "Fix the parser in src/app/parse.py please")]
    n = len(requests)
    for k, text in enumerate(requests):
        out.append(Message.text_message("user", text))
        edited = f" Edited src/m{k % max(files, 1)}.py" if not late or k < files else ""
        out.append(Message(role="assistant", parts=[Part(text=f"Done with {k}.{edited}")],
                           tool_calls=[ToolCall(id=f"c{k}", name="bash", arguments_raw='{"cmd": "pytest"}')]))
        failed = k < errors if late else k >= n - errors
        out.append(Message(role="tool", tool_call_id=f"c{k}", name="bash",
                           parts=[Part(text=f"Error: case {k} failed" if failed else "3 passed")]))
    return out


EARLIER = ("(extractive summary, generated offline without a model)\nTask:\n- the old task\n"
           "User requests (newest first):\n- an older request\n- step 3\nFiles touched:\n- old.py")


@pytest.mark.parametrize("distinct", [1, 40, _TAKEN_AT_MOST["requests"] - 1, _TAKEN_AT_MOST["requests"],
                                      _TAKEN_AT_MOST["requests"] + 1, 400])
@pytest.mark.parametrize("previous", [(), (EARLIER,)])
def test_requests_at_the_edges_of_what_fits(monkeypatch, distinct, previous):
    requests = [f"step {k % distinct}" for k in range(3 * distinct + 5)]
    for words in (150, 5000):
        for late in (False, True):
            fast, plain = _both(monkeypatch, _chat(requests, files=30, errors=12, late=late), previous, words=words)
            assert fast == plain
    if distinct >= _TAKEN_AT_MOST["requests"]:
        # the newest requests fill the section: the earlier summary's never get in
        assert "an older request" not in fast


@pytest.mark.parametrize("turns", [2, 3, 50, 600])
def test_a_reminder_each_turn_is_no_request_and_the_rest_are_read_as_plainly(monkeypatch, turns):
    """A harness's reminder after every turn, another number each time ("Info: 0:06:16 time
    elapsed ..."), is no request once said three times; a person's requests between the
    reminders are (session 16: a PaperBench run's summary listed only the reminders). With
    more reminders than the requests read back reach (`_READ_PER_REQUEST`, 2, per line that
    fits), the reading stops there: the newest of the plain summary's requests."""
    requests = []
    for k in range(turns):
        requests.append(f"Info: 0:{k // 60:02d}:{k % 60:02d} time elapsed out of 3:00:00. Remember the time limit.")
        if k % 7 == 3:  # (its number in words: a person's requests differ by more than a number)
            requests.append(f"Please also check module {' '.join(DIGITS[int(d)] for d in str(k))} of the parser")
    fast, plain = _both(monkeypatch, _chat(requests), words=5000)
    if turns <= _TAKEN_AT_MOST["requests"] * 2:
        assert fast == plain
    else:  # (read back as far as that: the newest of the plain summary's requests)
        said = [ln for ln in fast.splitlines() if ln.startswith("- Please")]
        assert said and set(said) < {ln for ln in plain.splitlines() if ln.startswith("- Please")}
        assert said[0] == next(ln for ln in plain.splitlines() if ln.startswith("- Please"))
    assert ("time elapsed" in fast) == (turns < 3), fast
    person = [r for r in requests if r.startswith("Please")]
    assert (bool(person) and person[-1] in fast) == (turns > 3)


DIGITS = "zero one two three four five six seven eight nine".split()


def test_the_shortcut_reads_only_the_newest_requests(monkeypatch):
    seen: list[str] = []
    real = extractive._line

    def spy(text: str, limit: int) -> str:
        seen.append(text)
        return real(text, limit)

    monkeypatch.setattr(extractive, "_line", spy)
    msgs = _chat([f"request {k}" for k in range(2000)])
    build_summary(msgs, [], 5000)
    requests_read = [t for t in seen if t.startswith("request ")]
    assert len(requests_read) == _TAKEN_AT_MOST["requests"]


def _plain_transcript(messages, max_result_chars=4000):
    """The reference transcript: every message's text through `Message.text`."""
    lines = []
    for m in messages:
        if m.role == "tool":
            text = m.text
            if len(text) > max_result_chars:
                half = max_result_chars // 2
                text = f"{text[:half]}\n[... {len(text) - 2 * half:,} characters omitted ...]\n{text[-half:]}"
            lines.append(f"[{m.name or 'tool'} returned: {text}]")
            continue
        if m.text:
            lines.append(f"{m.role}: {m.text}")
        for c in m.tool_calls:
            args = c.arguments_raw
            if len(args) > max_result_chars:
                args = args[:max_result_chars] + "..."
            lines.append(f"[Called tool: {c.name} with args: {args}]")
    return "\n".join(lines)


def test_the_transcript_takes_a_single_text_as_message_text_does():
    from inspector.engine.summarize.protocol import format_conversation

    odd = [Message(role="user", parts=[Part(text="")]), Message(role="tool", name="t", parts=[Part(text="x" * 9000)]),
           Message(role="assistant", parts=[Part(type="reasoning", text="hidden")]),
           Message(role="assistant", parts=[Part(text="a"), Part(text=""), Part(text="b")]),
           Message(role="tool", parts=[Part(type="image", url="u")])]
    for msgs in [*(list(_swe(p)) for p in sorted(SWE.glob("*.traj"))[:4]), odd, _chat(["go", "on"], files=2)]:
        for limit in (4000, 50, 10**9):
            assert format_conversation(msgs, limit) == _plain_transcript(msgs, limit)
