"""An error is kept by a quote of its message alone (`fidelity.error_messages`): the line
without the shell's prefix, the errno, the URL or the bare name it happened at, or the
message of the innermost exception it chains to. A faithful summary quotes what went wrong
("failed with \"No space left on device\""); a list of outputs copies the whole line. An
error line that says only that a command failed (its exit status, an "Error:" heading) is
no item (`fidelity.tells_what_failed`): what failed and why are."""

from __future__ import annotations

import pytest

from inspector.engine.content import error_core
from inspector.engine.fidelity import error_messages, fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _errors(labelled, session: str, variant: str) -> dict:
    item = next(it for it in judged.load(labelled) if it.session.startswith(session) and it.variant == variant)
    f = fidelity(item.original(), item.compacted())
    return {it.text: it for it in f.items if it.kind == "errors"}


@pytest.mark.parametrize(("labelled", "session", "variant", "error", "quoted"), [
    # L21 (PaperBench): the faithful summary quotes the two failures without pip's prefix and
    # errno, and without git's aside and the ".git" it names
    (judged.L21, "paperbench_rice_gpt41", "faithful",
     "error: could not install packages due to an oserror: [errno 28] no space left on device",
     "No space left on device"),
    (judged.L21, "paperbench_rice_gpt41", "faithful",
     "fatal: not a git repository (or any of the parent directories): .git", "not a git repository"),
    # L18 (smolagents): the fetch error quoted without the URL it failed for
    (judged.L18, "smol_code_yankees_1977", "faithful",
     "error fetching the webpage: 403 client error: forbidden for url: https://www.baseball-reference.com/teams/"
     "nyy/1977.shtml", "Error fetching the webpage: 403 Client Error: Forbidden"),
    # L13 (Claude Code): the shell's "/bin/bash: line 1:" left out
    (judged.L13, "cc_coverage-test-fix", "faithful", "/bin/bash: line 1: pip: command not found",
     "pip: command not found"),
    # L20 (pi): the short faithful summary quotes the message's first sentence
    (judged.L20, "pi_issue288_no_model", "faithful_short",
     "error: no models available. set an api key environment variable (anthropic_api_key, openai_api_key, etc.) "
     "or provide a model explicitly.", "No models available"),
])
def test_an_error_quoted_by_its_message_is_kept(labelled, session, variant, error, quoted):
    item = _errors(labelled, session, variant)[error]
    assert item.status == "kept"
    assert quoted in item.evidence


@pytest.mark.parametrize(("error", "messages"), [
    ("/bin/bash: line 1: pip: command not found", ("pip: command not found",)),
    ("sh: 1: pytest: permission denied", ("pytest: permission denied",)),
    ("fatal: not a git repository (or any of the parent directories): .git", ("not a git repository",)),
    # the message's own parentheses kept: they tell it apart
    ("typeerror: write() argument must be str, not none", ("write() argument must be str, not none",)),
    # a tool's prefix that names what failed is the message's: the whole line only
    ("grep: packages/ai/src/agent.ts: no such file or directory", ()),
    # nothing but a status or a heading: no message to quote
    ("exit code 1", ()),
    ("error:", ()),
])
def test_the_messages_of_an_error(error, messages):
    assert error_messages(error_core(error)) == messages


def _session(output: str) -> list[Message]:
    return [
        sys(),
        user("Install the test tools and run the tests."),
        asst("Installing pytest.", calls=[("c1", "bash", '{"cmd": "pip install pytest"}')]),
        tool("c1", output),
        asst("I will try uv instead.", calls=[("c2", "bash", '{"cmd": "uv pip install pytest"}')]),
        tool("c2", "Installed 1 package"),
        user("Now run the tests."),
    ]


def _error_items(output: str, summary: str) -> dict:
    original = _session(output)
    f = fidelity(original, [original[0], Message.text_message("user", summary), original[-1]])
    return {it.text: it for it in f.items if it.kind == "errors"}


@pytest.mark.parametrize("summary", [
    # the same generic message, of another command
    "pip install pytest failed: cat: setup.cfg: No such file or directory. uv pip install pytest installed it.",
    # another status of the same fetch
    "pip install pytest failed with Error fetching the webpage: 404 Client Error; uv pip install pytest installed it.",
])
def test_a_message_of_another_error_keeps_nothing(summary):
    output = ("grep: requirements.txt: No such file or directory\n"
              "Error fetching the webpage: 403 Client Error: Forbidden for url: https://pypi.org/simple/pytest/")
    items = _error_items(output, summary)
    assert items, "the output's errors are items"
    assert all(it.status == "missing" for it in items.values())


def test_a_bare_exit_status_is_no_item():
    # L10 (Claude Code): "Exit code 1" heads the output whose next lines say what failed; a
    # summary saying that the check failed and why keeps what there is to keep
    errors = _errors(judged.L10, "entire_96_6462b9a8e7", "faithful_short")
    assert "exit code 1" not in errors
    items = _error_items("[The command completed with exit code 1.]\nERROR: No matching distribution found for pytst",
                         "pip could not find pytst.")
    assert list(items) == ["error: no matching distribution found for pytst"]
