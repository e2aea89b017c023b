"""Items a short faithful summary keeps in another form than the original writes them
(issue #23, session 19: short faithful summaries ranked under keyword dumps and our own
extractive summary): a file named by its bare name whatever its extension, an error's
message stated without the shell's prefix, a number glued to Chinese text or without the
zeros that end its decimals, a name written qualified by its owner, a commit's hash
abbreviated. Each on a small made-up session, with a summary that does not state the item
still losing it."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _status(msgs: list[Message], summary: str, kind: str, text: str) -> tuple[str, float]:
    """The status and credit of the `kind` item holding `text` when `summary` stands for
    all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    hit = [it for it in f.items if it.kind == kind and text in it.text]
    assert hit, [(it.kind, it.text) for it in f.items]
    return hit[0].status, hit[0].credit


def _elixir() -> list[Message]:
    root = "/home/dev/projects/spotter"
    return [
        sys("You are a coding agent."),
        user("Read the sync job and summarize how it works."),
        asst("Reading the job.", [("c1", "read_file", f'{{"path": "{root}/lib/spotter/jobs/sync_transcripts.ex"}}')]),
        tool("c1", "defmodule Spotter.Jobs.SyncTranscripts do\n  use Oban.Worker\nend"),
        asst("Now the session resource.", [("c2", "read_file", f'{{"path": "{root}/lib/spotter/session_store.ex"}}')]),
        tool("c2", "defmodule Spotter.SessionStore do\nend"),
        asst("", [("c3", "read_file", f'{{"path": "{root}/lib/spotter/jobs/sync_transcripts.ex"}}')]),
        tool("c3", "defmodule Spotter.Jobs.SyncTranscripts do\n  use Oban.Worker\nend"),
    ]


def test_a_file_named_by_its_bare_name_is_that_file_whatever_its_extension():
    """"`sync_transcripts.ex` (under /home/dev/projects/spotter)" names the job's file: an
    Elixir file's extension is not among those a bare name is read as a path by, so the
    summary was taken to name no file. Another name, or the name as another path's tail,
    does not."""
    msgs = _elixir()
    said = "Read `session_store.ex` under /home/dev/projects/spotter: a plain resource; the sync job is next."
    assert _status(msgs, said, "files", "session_store.ex")[1] == 1.0
    assert _status(msgs, "Read the session store: a plain resource; the sync job is next.",
                   "files", "session_store.ex")[1] == 0.0
    assert _status(msgs, "Read `other/session_store.ex`: a plain resource.", "files", "session_store.ex")[1] == 0.0


def _check() -> list[Message]:
    return [
        sys("You are a coding agent."),
        user("Run `just check` and fix whatever makes it fail."),
        asst("", [("c1", "bash", '{"command": "just check"}')]),
        tool("c1", "sh: 1: pytest: Permission denied\nerror: Recipe `check` failed"),
        asst("", [("c2", "bash", '{"command": "ls -la .venv/bin"}')]),
        tool("c2", "total 0"),
        asst("", [("c3", "bash", '{"command": "uv pip install pytest"}')]),
        tool("c3", "Installed 1 package"),
    ]


def test_an_error_stated_without_the_shells_prefix_is_kept():
    """'pytest "Permission denied" (exit 127)' states "sh: 1: pytest: Permission denied" in
    a sentence that is no prose (a command in parentheses): the shell and the line number
    open the line without telling the error apart. A sentence without the error's words
    does not keep it."""
    msgs = _check()
    said = ("The check (pytest tests/ --cov=src) first failed: pytest \"Permission denied\" (exit 127), "
            "no pip; uv pip install pytest worked.")
    assert _status(msgs, said, "errors", "permission denied")[1] == 1.0
    assert _status(msgs, "The check (pytest tests/ --cov=src) first failed for environment reasons; uv worked.",
                   "errors", "permission denied")[1] == 0.0


def _delivery() -> list[Message]:
    return [
        sys("You are a research agent."),
        user("如何看待外卖大战"),
        asst("", [("c1", "web_search", '{"query": "京东 外卖 日订单"}')]),
        tool("c1", "截至2025年4月17日，京东App日活跃用户规模为1.36亿，较上线首日增长了2073万。"),
        asst("京东App日活跃用户1.36亿，增长2073万。", [("c2", "web_search", '{"query": "美团 外卖 数据"}')]),
        tool("c2", "美团 数据"),
        asst("", [("c3", "web_search", '{"query": "美团 市场份额"}')]),
        tool("c3", "美团 市场份额"),
    ]


def test_a_number_glued_to_chinese_text_is_that_number():
    """"JD App DAU 1.36亿 (+2073万)" states 1.36 and 2073: the characters after them are
    Chinese units, no part of the number (as `content._NUMBER` reads them). Another number
    is not them."""
    msgs = _delivery()
    said = "Step 2: JD App DAU 1.36亿 on 17 April (+2073万 since launch); next Meituan's data."
    assert _status(msgs, said, "values", "2073")[1] == 1.0
    assert _status(msgs, said, "values", "1.36")[1] == 1.0
    assert _status(msgs, "Step 2: JD App DAU 1.37亿 on 17 April (+2074万); next Meituan's data.",
                   "values", "2073")[1] == 0.0


def _aider() -> list[Message]:
    return [
        sys("You are a coding agent."),
        user("Add a commit before each message and tell me the commit."),
        asst("I will add `commit_before_message` to the coder.", [("c1", "bash", '{"command": "git log -1"}')]),
        tool("c1", "commit 966e0df2a1b3c4d5e6f708192a3b4c5d6e7f8091\n    don't ask to enable again"),
        asst("Commit 966e0df2a1b3c4d5e6f708192a3b4c5d6e7f8091 is the last one; `commit_before_message` goes in.",
             [("c2", "bash", '{"command": "git status"}')]),
        tool("c2", "clean"),
        asst("", [("c3", "bash", '{"command": "git diff"}')]),
        tool("c3", "no changes"),
    ]


def test_a_name_qualified_by_its_owner_and_an_abbreviated_hash_are_those_values():
    """"`Coder.commit_before_message`" names commit_before_message, and "commit 966e0df2"
    the commit 966e0df2a1b3...: a reader writes a method with its class and a hash by its
    first characters. A number after a point ("v1.966") or another hash is not them."""
    msgs = _aider()
    said = "Adding `Coder.commit_before_message`; the last commit is 966e0df2 (don't ask to enable again)."
    assert _status(msgs, said, "values", "commit_before_message")[1] == 1.0
    assert _status(msgs, said, "values", "966e0df2a1b3")[1] == 1.0
    other = "Adding `Coder.commit_after_message`; the last commit is 966e0dfa (don't ask to enable again)."
    assert _status(msgs, other, "values", "commit_before_message")[1] == 0.0
    assert _status(msgs, other, "values", "966e0df2a1b3")[1] == 0.0


def _shop() -> list[Message]:
    return [
        sys("You are a shopping agent."),
        user("I would like a small blue blazer that can be dry cleaned, and price lower than 90.00 dollars."),
        asst("search[small blue blazer]", [("c1", "search", '{"q": "small blue blazer"}')]),
        tool("c1", "B07T9RSCQR Mens Sports Coat $65.00 to $75.00; B08ML7C3CK Azaro velvet blazer $99.99"),
        asst("B07T9RSCQR is under 90.00 dollars.", [("c2", "click", '{"item": "B07T9RSCQR"}')]),
        tool("c2", "size: small, medium"),
        asst("", [("c3", "click", '{"option": "small"}')]),
        tool("c3", "ok"),
    ]


def test_a_number_without_the_zeros_that_end_its_decimals_is_that_number():
    """"under $90" states the price limit 90.00: the zeros after the point add nothing a
    reader needs. Another number is not it."""
    msgs = _shop()
    assert _status(msgs, "Task: a small blue blazer, dry-cleanable, under $90; B07T9RSCQR is open.",
                   "values", "90.00")[1] == 1.0
    assert _status(msgs, "Task: a small blue blazer, dry-cleanable, under $95; B07T9RSCQR is open.",
                   "values", "90.00")[1] == 0.0
