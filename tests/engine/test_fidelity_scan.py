"""The fidelity measure's scan of removed messages (`engine.fidelity`): its paths and
error lines are exactly what the two whole-text regexes find (`findall` of `_PATH_RE`,
and of the error alternation framed by `^.*` and `.*$`), on every message of the real
fixtures and on edge cases; its memo by content hash gives the same scores as a scan
without it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import inspector.engine.fidelity as F
from inspector.engine import preset
from inspector.engine.models import Message, Part, ToolCall
from inspector.engine.replay import replay
from inspector.sources.base import open_source

FIX = Path(__file__).parent.parent / "fixtures"

# The pattern the error lines were found with: whole lines holding the core alternation.
ERROR_LINE_RE = re.compile(r"^.*(?:" + F._ERROR_CORE_RE.pattern + r").*$", re.M)

EDGES = [
    "", "\n", "/", "a/b", "./x.py", "../a/b.txt", "~/a/b.c", "a:/x/y", "x:/a/b.py", "https://h.io/a/b.py",
    "see /usr/lib/x.so. and ./a/b.py, then a/b/c.", "/a//b/c.tar.gz\n/x/", "é/ü.py ü/é/ñ.txt", "-/a/b.py",
    "foo.bar/baz.qux/zz.py1234567890", "x=/etc/passwd;y=/var/log/a.log", "\t/a/b\r\n/c/d.e\r\n",
    "a/b.py-c/d.py", "word/ /a/b.cc", "~~/a/b.py", ".../a/b.py",
    "Traceback (most recent call last):\n  x\nValueError: bad", "no error here\nerror: x\n\nFAILED\n",
    "errors: 3\nSomeError\nErrorless\nmy_Error: x\n_Exception", "exit code 0\nexit code 3\nexit status 12",
    "bash: foo: command not found\r\nls: x: No such file or directory\n", "fatal: not a repo\nxfatal: no",
    "Error", "\nError\n", "line1\n\nTypeError\n\n", "exit 1\nexit \nexit code 1", "ERROR: x\nerror:y\nanerror: z",
]


def _texts() -> list[str]:
    texts = list(EDGES)
    sessions = [s for p in sorted((FIX / "swe-agent").glob("*.traj")) for s in open_source(p).sessions()]
    sessions += [s for p in sorted((FIX / "claude-code").glob("*.jsonl")) for s in open_source(p).sessions()]
    assert len(sessions) >= 8
    for s in sessions:
        for m in s.messages:
            texts.append(m.text)
            texts.append(m.text[:F.SCAN_CHARS])
            texts.extend(F._arg_texts(m))
    return texts


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return _texts()


def test_paths_are_the_findall_of_the_path_pattern(texts):
    found = 0
    for t in texts:
        want = F._PATH_RE.findall(t)
        assert F._paths(t) == want, t[:200]
        found += len(want)
    assert found > 100  # the fixtures hold paths: the comparison is not of empty lists


def test_error_lines_are_the_findall_of_the_line_pattern(texts):
    found = 0
    for t in texts:
        want = ERROR_LINE_RE.findall(t)
        assert F._error_lines(t) == want, t[:200]
        found += len(want)
    assert found > 20


def _reference(original, compacted):
    """`fidelity` as it scanned before: both whole-text regexes over every removed
    message, no memo."""
    saved = dict(F._ITEMS), F._paths, F._error_lines
    F._ITEMS.clear()
    F._paths, F._error_lines = F._PATH_RE.findall, ERROR_LINE_RE.findall
    try:
        return F.fidelity(original, compacted)
    finally:
        F._ITEMS.clear()
        F._ITEMS.update(saved[0])
        F._paths, F._error_lines = saved[1], saved[2]


def test_memoised_fidelity_equals_a_fresh_scan(traj_sessions, counter):
    scored = 0
    for s in traj_sessions:
        msgs = s.messages
        # a replay's context, and contexts that removed most of the session
        r = replay(s, preset("balanced"), counter=counter)
        last = r.calls[-1].position if r.calls else 0
        cases = [(msgs[:last], r.final_messages), (msgs, msgs[:2] + msgs[-3:]), (msgs, msgs[-1:])]
        for original, compacted in cases:
            fresh = _reference(original, compacted).to_dict()
            assert F.fidelity(original, compacted).to_dict() == fresh
            assert F.fidelity(original, compacted).to_dict() == fresh  # from the memo now
            scored += fresh["kinds"]["files"]["items"] + fresh["kinds"]["errors"]["items"]
    assert scored > 50


def test_memo_is_keyed_by_content_not_by_object():
    """Two messages with the same content share items; a different text gets its own."""
    a = Message(role="tool", tool_call_id="c1", parts=[Part(text="ls: /x/y.py: No such file or directory")])
    b = a.model_copy(update={"position": 7})
    c = Message(role="tool", tool_call_id="c1", parts=[Part(text="ls: /x/z.py: No such file or directory")])
    call = Message(role="assistant", tool_calls=[ToolCall(id="c1", name="bash", arguments_raw='{"cmd": "ls /q/r.sh"}')])
    kept = Message(role="user", parts=[Part(text="go on")])
    f_a = F.fidelity([call, a, kept], [kept])
    assert F.fidelity([call, b, kept], [kept]).to_dict() == f_a.to_dict()
    f_c = F.fidelity([call, c, kept], [kept])
    assert f_c.kinds["files"].missing != f_a.kinds["files"].missing
    assert "/x/z.py" in f_c.kinds["files"].missing and "/q/r.sh" in f_c.kinds["files"].missing


def test_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(F, "_ITEMS_MAX_CHARS", 64)
    monkeypatch.setattr(F, "_ITEMS", {})
    monkeypatch.setattr(F, "_ITEMS_CHARS", [0])
    kept = Message(role="user", parts=[Part(text="go on")])
    for k in range(20):
        F.fidelity([Message(role="tool", tool_call_id="c", parts=[Part(text=f"/a/b{k}/c{k}.py")]), kept], [kept])
        assert F._ITEMS_CHARS[0] <= 64
        assert sum(len(x) for v in F._ITEMS.values() for x in v) + len(F._ITEMS) == F._ITEMS_CHARS[0]
