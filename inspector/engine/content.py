"""The content model of an agent session: what each message is, and what it holds.

One model that the extractive summarizer, fidelity, eval's questions, titles,
preserved user messages and the plan's warnings share, so none of them treats an
observation as a request again. Pure: no IO.

Each message gets one `Kind`:

    SYSTEM         a system or developer prompt, or framework context stored as a user
                   message (a system prompt in a user turn, AGENTS.md, environment context)
    TASK           the first real request: the task statement
    REQUEST        a later request of the user
    OBSERVATION    what the environment returned: tool results, and the observations a
                   framework stores as user messages (SWE-agent's file viewer, command
                   output, tracebacks, "(Open file: …)" footers)
    DEMONSTRATION  a demonstration or example trajectory shown to the model
    ACTION         an assistant turn that acts: a tool call, or a command in its text
                   (SWE-agent's fenced command, `<command>`)
    REASONING      an assistant turn that only talks: reasoning, decisions, answers
    SUMMARY        a previous compaction summary (ours or another tool's)

A user message is an observation when the environment wrote it: it follows an
assistant action in a session where such replies carry the environment's marks
(SWE-agent's footer, a file viewer, `<returncode>`), or it carries those marks
itself. The first user message before any action that is none of SYSTEM,
DEMONSTRATION or SUMMARY is the task, even when it quotes a traceback.

The artifacts inside the messages (`artifacts(model, i)`), each read only where it
means something: file paths (from every message, `normalize_path` makes
`/testbed/src/x.py`, `src/x.py` and `./src/x.py` comparable), errors that occurred
(from observations and requests only, never from source lines a viewer or a diff
shows), identifiers and values (hashes, versions, ids, numbers), commands (from
actions) and decisions (the assistant's stated choices and reasons).

    model = content_model(session.messages)
    model.kinds[i], model.task, model.last_action
    artifacts(model, i).paths
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from itertools import chain, compress, count
from operator import is_not
from typing import cast

from inspector.engine.bounded import Memo
from inspector.engine.fidelity_text import occurrences as _occurrences
from inspector.engine.fidelity_text import replace_spans
from inspector.engine.models import Message, ToolCall


class Kind(StrEnum):
    """What a message of an agent session is (see the module's docstring)."""

    SYSTEM = "system"
    TASK = "task"
    REQUEST = "request"
    OBSERVATION = "observation"
    DEMONSTRATION = "demonstration"
    ACTION = "action"
    REASONING = "reasoning"
    SUMMARY = "summary"


# Where agents' sandboxes put the repository; a session adds its own working directories.
SANDBOX_ROOTS = ("/testbed", "/workspace", "/repo", "/app", "/code")

# Characters of a message's text read for its classification and its artifacts: tool
# output can be megabytes, and what a reader saw first is its head.
SCAN_CHARS = 20_000
_HEAD = 600

# --------------------------------------------------------------------------- markers

# Openings of text addressed to the model rather than written by a user.
_SYSTEM_OPENINGS = (
    "you are ", "you're a ", "setting:", "system:", "[system]", "<system", "# system",
    "instructions:", "your role", "act as ", "# agents.md", "<environment_context", "<user_instructions",
    "<system-reminder", "<command-name>", "<local-command-", "caveat: the messages below",
    "<permissions instructions", "<environment_details", "<user-prompt-submit-hook",
    "[request interrupted by user",
)
# Blocks a harness injects into a user's turn (Claude Code's reminders before or after
# the prompt, a hook's output): not the user's words.
_INJECTED = re.compile(r"<(system-reminder|user-prompt-submit-hook)>.*?</\1>\s*", re.S)
# How Claude Code records a slash command the user typed ("/review the parser"): its name
# twice in tags (the harness's), then what the user wrote after it in `<command-args>`.
_COMMAND_TAGS = re.compile(r"<(command-message|command-name)>.*?</\1>\s*", re.S)
_COMMAND_ARGS = re.compile(r"<command-args>(.*?)</command-args>", re.S)
# A line a file viewer numbered: "12:" or "12|" (SWE-agent), "    12→" (Claude Code's
# Read), "    12<tab>" (`cat -n`).
_NUMBERED = r"\s*\d+(?:\s*[:|]|\u2192|\t)"
_SYSTEM_LIKE = re.compile(
    r"^\s*(?:<\s*system|\[?system\]?\s*:|#+\s*system|you are (?:a|an|the)\b|your role is|"
    r"instructions\s*:|SETTING:)", re.I)
# SWE-agent's demonstration template and its kin: a solved example shown to the model.
_DEMONSTRATION = re.compile(
    r"here is a demonstration|---\s*DEMONSTRATION\s*---|demonstration of how to|here is an example "
    r"(?:of how|session|trajectory|of a)|example (?:session|trajectory)\b|<example(?:s)?>", re.I)
# Openings of a summary of earlier conversation (Claude Code, LangChain, ours, Eino's).
_SUMMARY_OPENINGS = re.compile(
    r"^\s*(?:this session is being continued from a previous conversation|here is a (?:brief )?summary of "
    r"(?:your|the) previous|\[previous conversation summary\]|<summary>|summary of (?:the )?(?:earlier|previous) "
    r"(?:conversation|messages|work)|previous conversation summary:|conversation summary:|another language model "
    r"started to solve this problem|summary so far:|"
    # (Letta's, in its system alert: "Note: prior messages (12 of 40 total messages) have been hidden ...")
    r"note: prior messages (?:\([^)\n]{0,60}\) )?have been hidden from view)", re.I)
# Marks only an environment writes: SWE-agent's footer and viewer, mini-swe-agent's
# `<returncode>`, ReAct's "Observation:", a shell prompt, tool feedback templates,
# AutoGen's executor reply ("exitcode: 1 (execution failed)").
# The marks a line starts with share one "^" (searched once per position, not once per
# mark: ten times faster on the long observations of a cold replay).
_OBSERVATION_MARKS = re.compile(
    r"\(Open file: [^)\n]*\)|\(Current directory: [^)\n]*\)|<returncode>|^(?:bash-\$\s*$|\[File: [^\]\n]+\]|"
    r"\(\d+ more lines (?:above|below)\)|<output>|Observation:|OBSERVATION:|"
    r"Your command ran successfully|Your proposed edit has introduced|File updated\. Please review|"
    r"Found \d+ matches for|No matches found for|Text replaced\. Please review|EXECUTION RESULT|"
    r"Exit code:? -?\d+|Command (?:exited|failed) with (?:exit )?code|"
    r"exitcode: -?\d+ \(execution (?:succeeded|failed)\)|"  # (AutoGen's code executor)
    r"Now let's retry: take care not to repeat previous errors|"  # (smolagents' reply to a step that failed)
    r"Tokens: [\d.,]+k? sent, |"  # (aider's report after each request: tokens, cost, the edit applied, the commit)
    r"Add the output to the chat\? [yn]\s*$|"  # (aider's /run: the command's output, then its question)
    r"\[\w+(?: for '[^'\n]*')?\] Result:|"  # (Cline's and Roo Code's reply to a tool: "[read_file for 'x.py'] Result:")
    # A shell's own words (InterCode and other loops that return raw output as the user's turn).
    # (each from a line's start, as the group's other marks)
    r"\(no output\)\s*$|[^\n]*?: command not found$|[^\n]*?: No such file or directory$|"
    r"Try '[\w.-]+ --help' for more information)", re.M)
_NUMBERED_LINE = re.compile("^" + _NUMBERED, re.M)
# A task in a framework's template (SWE-agent's issue and CTF templates, SWE-bench's
# `<pr_description>`): a statement of work, wherever in the session it comes, even with
# the environment's footer after it.
_TASK_STATEMENT = re.compile(
    r"^\s*(?:we're currently solving the following|<pr_description>|<issue>|<task>)|^ISSUE:\s*$|"
    r"\bThe CTF challenge is an? [\w -]{1,40} problem named\b", re.I | re.M)
# A framework's brief to the model, stored as the user's turn, that quotes what the user asked
# ("You are working on ticker `NOC` ...\nUser request: Revisa si ..."): the task, not a system prompt.
_EMBEDDED_REQUEST = re.compile(r"^\s*(?:the )?user(?:'s)? (?:request|question|query)\s*:\s*\S", re.I | re.M)
# An action written in an assistant's text: a fenced block at the end (SWE-agent),
# a `<command>` element, a ReAct "Action:" line, a function call of the XML parsers,
# OpenHands' CodeAct `<execute_bash>` and `<execute_ipython>`, Cline's `<read_file>` and kin.
_TEXT_ACTION = re.compile(
    r"```[^\n`]*\n(?:(?!```).)*?\n?```\s*$|<command>.+?</command>|^Action(?: Input)?:\s*\S|<function=\w+>|"
    r"<tool_call>|<invoke name=|<execute_(?:ipython|bash|browse)>|"
    # (Cline's and Roo Code's tools, an element each)
    r"<(?:read_file|write_to_file|replace_in_file|apply_diff|execute_command|search_files|list_files|"
    r"list_code_definition_names|browser_action|use_mcp_tool|access_mcp_resource|insert_content|search_and_replace)>",
    re.S | re.M)
# A turn that is nothing but one command line (InterCode's "cmd ls", a bare `python3 -c ...`,
# a ReAct "execute[...]"), or that ends in a ReAct "Action:" line after its thought: what
# answers it is the environment's output, marked or not (ReAct's next turn is the observation).
_BARE_COMMAND = re.compile(
    r"\A\s*(?:(?:cmd|bash|shell)\s+)?(?:ls|cat|cd|grep|find|python3?|pip3?|echo|git|curl|wget|sed|awk|head|"
    r"tail|file|strings|xxd|unzip|gunzip|tar|chmod|mkdir|rm|cp|mv|sudo|apt(?:-get)?|npm|node|make|gcc|submit)"
    r"\b[^\n]*\Z|\A\s*(?:cmd|bash|shell)\s+\S[^\n]*\Z|\A\s*(?:Action:\s*)?\w+\[[^\n]*\]\s*\Z")
_REACT_LAST = re.compile(r"^Action(?: Input)?:[ \t]*\S[^\n]*\s*\Z", re.M)


# Letta (MemGPT) stores what reaches the agent as a user turn holding a JSON envelope:
# `{"type": "user_message", "message": ...}` the user's words, `{"type": "system_alert",
# "message": ...}` its memory notices (among them the summary of the messages it evicted),
# `{"type": "heartbeat"|"login", ...}` the runtime's own events, no one's words.
_ENVELOPE = re.compile(r'\A\s*\{\s*"type"\s*:\s*"(user_message|system_alert|heartbeat|login)"')
_ENVELOPE_SAYS = frozenset({"user_message", "system_alert"})


def own_text(text: str) -> str:
    """A user turn's own words: its text without the blocks a harness injected into it
    (`<system-reminder>`, a prompt hook's output, a slash command's name: its arguments
    stay), and out of a runtime's envelope
    (Letta's `{"type": "user_message", "message": ...}`: its message; a heartbeat's or
    a login's: nothing).

    Args:
        text: a user message's text.

    Returns:
        The text without them (empty when they were all of it).
    """
    if text[:1] in ("{", " ", "\n") and (found := _ENVELOPE.match(text)) is not None:
        try:
            envelope = json.loads(text)
        except ValueError:
            return text  # (not the runtime's JSON after all: the text as written)
        said = envelope.get("message") if isinstance(envelope, dict) else None
        if found.group(1) not in _ENVELOPE_SAYS:
            return ""
        return said.strip() if isinstance(said, str) else ""
    if "</" not in text:
        return text
    if "<command-" in text:  # (a slash command's: its arguments are the user's words, its name the harness's)
        text = _COMMAND_ARGS.sub(r"\1", _COMMAND_TAGS.sub("", text))
    return _INJECTED.sub("", text).strip()


def cuts_own_text(text: str) -> bool:
    """Whether `own_text` may give a user turn other than its text (a runtime's envelope,
    a harness's block, a slash command's tags, white space around): what reads a user
    turn line by line reads its whole text instead then.

    Args:
        text: a user message's text.

    Returns:
        False only when `own_text(text)` is `text`.
    """
    if text[:1] in ("{", " ", "\n") and _ENVELOPE.match(text) is not None:
        return True
    return "</" in text and ("<system-reminder>" in text or "<user-prompt-submit-hook>" in text
                             or "<command-" in text or text != text.strip())


# aider's banner as it starts ("Aider v0.48.2-dev", then its models, repository and map), after
# the command line that started it: the tool's own words.
_AIDER_BANNER = re.compile(r"^Aider v\d+\.\d+[\w.+-]*\s*\nModels?: ", re.M)


# A line a coding tool writes into the user's turn, or a command the user gives the tool
# rather than the model: aider's notices ("Applied edit to x.py", "Commit 1d8b4a6 aider: ...",
# "Added x.py to the chat", "^C again to exit", "Add the output to the chat? y") and its
# slash commands ("/add x.py", "/diff", "/run pytest"; its own, not "/tmp is full").
_TOOL_NOTICE_LINE = re.compile(
    r"(?:Applied edit to \S+|Commit [0-9a-f]{7,} .*|(?:Added|Removed) \S+ (?:to|from) the chat|"
    r"\^C (?:again to exit|KeyboardInterrupt)|Allow creation of new file .*\? [yn]|Add .* to git\? [yn]|"
    r"Add the output to the chat\? [yn]|Using git repo: .*|\$ aider\b.*|Removed: [0-9a-f]{7,} .*|"
    r"Now at: +[0-9a-f]{7,} .*|Committing \S+ before applying edits\.?|<blank>|"
    r"/(?:add|drop|diff|undo|run|test|lint|commit|clear|reset|ask|code|architect|model|models|help|exit|quit|"
    r"tokens|ls|git|web|voice|paste|read-only|map|map-refresh|settings|chat-mode|copy|editor|load|save|"
    r"multiline-mode|report|think-tokens|reasoning-effort)(?: [^\n]*)?)\s*")


def _tool_notices_only(text: str) -> bool:
    # (its first line first: most turns are no notice, and are not split further)
    if _TOOL_NOTICE_LINE.fullmatch(text.lstrip().split("\n", 1)[0].strip()) is None:
        return False
    lines = [ln for ln in text.strip().splitlines()[:40] if ln.strip()]
    return all(_TOOL_NOTICE_LINE.fullmatch(ln.strip()) for ln in lines)


def _is_system_like(text: str) -> bool:
    head = text.lstrip()[:_HEAD]
    return (head.lower().startswith(_SYSTEM_OPENINGS) or bool(_SYSTEM_LIKE.search(head))
            or ("Aider v" in head and bool(_AIDER_BANNER.search(head))))


# A conversation forwarded as a user turn, as a memory agent is shown its main agent's
# (Letta's sleep-time agents): role-labelled lines, from the first, or after a heading
# line of its own ("Messages:").
_TRANSCRIPT = re.compile(r"(?:[A-Z][\w ]{0,30}:[ \t]*\n\s*)?(?:user|assistant):\s")


def _has_observation_marks(text: str) -> bool:
    head = text[:SCAN_CHARS]
    if _OBSERVATION_MARKS.search(head):
        return True
    # A file viewer's or `cat -n`'s output: most lines numbered.
    lines = [ln for ln in head.splitlines()[:60] if ln.strip()]
    return len(lines) >= 4 and len(_NUMBERED_LINE.findall("\n".join(lines))) >= 0.6 * len(lines)


def _meta_flag(m: Message, key: str) -> object:
    raw = m.raw
    return m.meta.get(key) or (raw.get(key) if isinstance(raw, dict) else None)


@dataclass(frozen=True, slots=True)
class _Local:
    """What a message says about itself, before its neighbours are read."""

    summary: bool
    system: bool
    demonstration: bool
    observation_marks: bool
    action: bool
    empty: bool
    task_statement: bool = False  # it states a task in a framework's task template
    bare_command: bool = False  # an assistant turn that is one command line, or ends in a ReAct action
    transcript: bool = False  # a user turn forwarding another conversation ("user: ...\nassistant: ...")
    notices: bool = False  # a user turn of a coding tool's notices and the user's commands to it only


# content hash -> _Local: re-planning classifies the same messages again and again.
_LOCAL: Memo[str, _Local] = Memo(200_000)


def _memoised(m: Message) -> bool:
    """Whether `_local(m)` is its content's (kept by hash): its meta has none of the
    keys `_local` reads (a reduction's marks, say, do not change what it says)."""
    meta = m.meta
    return m.kind == "message" and (not meta or ("is_demo" not in meta and "message_type" not in meta))


def _local(m: Message) -> _Local:
    key = m.content_hash
    hit = _LOCAL.get(key)
    memoised = _memoised(m)
    if hit is not None and memoised:
        return hit
    text = own_text(m.text) if m.role == "user" else m.text
    stripped = text.strip()
    head = stripped[:_HEAD]
    demo_flag = bool(_meta_flag(m, "is_demo")) or _meta_flag(m, "message_type") == "demonstration"
    bare = m.role == "assistant" and not m.tool_calls and (
        bool(_BARE_COMMAND.match(stripped)) or bool(_REACT_LAST.search(stripped[-SCAN_CHARS:])))
    local = _Local(
        summary=m.kind != "message" or (m.role in ("user", "system") and bool(_SUMMARY_OPENINGS.search(head))),
        system=m.role in ("system", "developer") or (m.role == "user" and _is_system_like(stripped)
                                                     and not _EMBEDDED_REQUEST.search(head)),
        demonstration=demo_flag or (m.role == "user" and bool(_DEMONSTRATION.search(head))),
        # read of user messages only (a tool result is an observation whatever it says)
        observation_marks=m.role == "user" and _has_observation_marks(text),
        action=m.role == "assistant" and (bool(m.tool_calls) or bare or bool(_TEXT_ACTION.search(text[-SCAN_CHARS:]))),
        empty=not stripped and not m.tool_calls,
        task_statement=m.role == "user" and bool(_TASK_STATEMENT.search(head) or _EMBEDDED_REQUEST.search(head)),
        bare_command=bare,
        transcript=m.role == "user" and bool(_TRANSCRIPT.match(stripped)) and (
            stripped.startswith("assistant:") or "\nassistant:" in stripped[:SCAN_CHARS]),
        notices=m.role == "user" and len(stripped) < 4_000 and _tool_notices_only(stripped),
    )
    if memoised:
        _LOCAL.put(key, local)
    return local


# --------------------------------------------------------------------------- the model


@dataclass(frozen=True)
class ContentModel:
    """The kind of every message of a run of messages, and where the task, the last
    action and its result are.

    Attributes:
        kinds: one `Kind` per message index.
        task: the index of the task statement (the first real request), or None.
        environment_users: True when the session's environment answers in user
            messages (SWE-agent and its kin), so its user turns after an action are
            observations.
        hashes: the content hash of each message (what the model was built from).
        roots: where the session's repository is: the sandbox roots and the working
            directories its environment reports, longest first (`relative_path`).
    """

    kinds: tuple[Kind, ...]
    task: int | None
    environment_users: bool
    hashes: tuple[str, ...]
    messages: tuple[Message, ...] = field(repr=False, compare=False)
    roots: tuple[str, ...] = SANDBOX_ROOTS

    def indices(self, *kinds: Kind) -> list[int]:
        """The indices of the messages of the given kinds, in order.

        Args:
            kinds: the kinds wanted.

        Returns:
            Their indices.
        """
        wanted = set(kinds)
        return [i for i, k in enumerate(self.kinds) if k in wanted]

    @property
    def requests(self) -> list[int]:
        """The task and the later requests: what the user asked, in order."""
        return self.indices(Kind.TASK, Kind.REQUEST)

    @property
    def last_action(self) -> int | None:
        """The index of the last assistant action, or None."""
        for i in range(len(self.kinds) - 1, -1, -1):
            if self.kinds[i] is Kind.ACTION:
                return i
        return None

    def step_failed(self, action: int) -> bool:
        """Whether what answered the action at `action` reports a failure: an error
        that occurred, an edit not applied, a wrong answer, a timeout.

        Args:
            action: the index of an ACTION message.

        Returns:
            True when one of its observations reports a failure.
        """
        for j in self.result_of(action):
            m = self.messages[j]
            if artifacts(self, j).errors:
                return True
            # Not in the source lines a viewer shows (`make_error("invalid")`).
            if _STEP_FAILED.search(_VIEWER_PREFIX_LINES.sub("", m.text[:SCAN_CHARS])):
                return True
        return False

    def result_of(self, action: int) -> list[int]:
        """The observations that answer the action at `action` (the messages right
        after it, up to the next non-observation).

        Args:
            action: the index of an ACTION message.

        Returns:
            Their indices (empty when none follows yet).
        """
        out = []
        for j in range(action + 1, len(self.kinds)):
            if self.kinds[j] is not Kind.OBSERVATION:
                break
            out.append(j)
        return out


# What an environment says when a step failed, beyond the errors `extract_errors` finds.
# (whole words: not a test's name, "test_is_valid_email_invalid"; and not a run's "0 failed")
_STEP_FAILED = re.compile(r"(?<![\w-])(?:not been applied|wrong flag|timed out|command not found|no such file|"
                          r"syntax error|invalid|traceback|(?<!\b0 )failed)(?![\w-])", re.I)

_VIEWER_PREFIX_LINES = re.compile("^" + _NUMBERED + ".*$", re.M)

_MODELS: Memo[tuple[str, ...], ContentModel] = Memo(16)
# The list itself is held with its model: an id() is reused once its object is freed, and
# a new list with the old one's id, length and ends classified as the old one.
_LAST: dict[tuple[int, int, str, str], tuple[Sequence[Message], ContentModel]] = {}


def forget_models(*, messages_too: bool = True) -> None:
    """Empty the content model's memos, so the next `content_model` classifies from
    scratch (a memo is only a cache: results do not change; tests compare the two).

    Args:
        messages_too: also forget each message's own marks (kept on its hash), not
            only the models of whole sessions.
    """
    _LAST.clear()
    _MODELS.clear()
    _TEMPLATES.clear()
    _SCANS.clear()
    if messages_too:
        _LOCAL.clear()


def forget_texts() -> None:
    """Empty the memos of what each text, line and message holds (artifacts, values, paths,
    sentences, error lines), not the content models: the next read of a text scans it
    again (what `fidelity.forget` asks, so a measure after it pays for every text it
    reads, as a knob move pays for its new ones)."""
    for memo in (_ARTIFACTS, _ARTIFACTS_PLAIN, _LINE_VALUES, _LINE_PATHS, _LINE_SENTENCES, _ERROR_LINES, _HOLDING):
        memo.clear()


def content_model(messages: Sequence[Message]) -> ContentModel:
    """Classify every message of a session (or any run of its messages).

    Memoised on the messages' content hashes (a few models kept), and each message's
    own marks on its hash, so re-planning the same session costs one pass over the
    hashes.

    Args:
        messages: the messages, in order.

    Returns:
        The `ContentModel`.
    """
    n = len(messages)
    # The same list as last time, unchanged at its ends: re-planning asks again and again.
    quick = (id(messages), n, messages[0].content_hash if n else "", messages[-1].content_hash if n else "")
    last = _LAST.get(quick)
    if last is not None and last[0] is messages:
        return last[1]
    # (the hashes of the first messages a kept pass shares are its own)
    best, same = _shared(messages)
    hashes = tuple(best.hashes[:same] + [m.content_hash for m in messages[same:]] if best is not None
                   else [m.content_hash for m in messages])
    hit = _MODELS.get(hashes)
    if hit is not None:
        _LAST.clear()
        _LAST[quick] = (messages, hit)
    if hit is not None:
        return hit
    model = _classify(messages, hashes)
    _MODELS.put(hashes, model)
    _LAST.clear()
    _LAST[quick] = (messages, model)
    return model


# A resumable pass keeps its state every this many messages.
_STRIDE = 64


@dataclass(slots=True)
class _EnvironmentCount:
    """Whether the environment answers in user messages (most user replies to an
    assistant's action in text carry its marks), counted message by message: (the
    replies, the ones marked, whether the last message was such an action)."""

    replies: int = 0
    marked: int = 0
    after_action: int = 0  # the last message was an action in text (1), a bare command line (2)
    checkpoints: list[tuple[int, int, int]] = field(default_factory=list)

    def run(self, messages: Sequence[Message], locals_: Sequence[_Local], start: int) -> None:
        """Counts from message `start` on (the state is the one before it), keeping the
        state before every `_STRIDE`-th message."""
        replies, marked, after_action = self.replies, self.marked, self.after_action
        checkpoints = self.checkpoints
        for i in range(start, len(messages)):
            if not i % _STRIDE:
                checkpoints.append((replies, marked, after_action))
            role = messages[i].role
            if role == "assistant":
                loc = locals_[i]
                after_action = 0 if messages[i].tool_calls else 2 if loc.bare_command else int(loc.action)
            elif role == "user":
                if after_action:
                    loc = locals_[i]
                    if not (loc.system or loc.summary or loc.demonstration):
                        replies += 1
                        marked += loc.observation_marks or after_action == 2
                after_action = 0
        self.replies, self.marked, self.after_action = replies, marked, after_action

    @property
    def answers(self) -> bool:
        """Most replies counted carry the environment's marks."""
        return self.replies > 0 and self.marked * 2 >= self.replies

    def resumed(self, at: int) -> _EnvironmentCount:
        """A count of the same first messages, at the last state kept at or before
        message `at`: its next message is `len(checkpoints) * _STRIDE`."""
        k = min(at // _STRIDE, len(self.checkpoints) - 1)
        if k < 0:
            return _EnvironmentCount()
        replies, marked, after_action = self.checkpoints[k]
        return _EnvironmentCount(replies, marked, after_action, self.checkpoints[:k])


@dataclass(slots=True)
class _ScanState:
    """The state of `_classify`'s pass over the messages before one of them."""

    task: int | None = None
    acted: bool = False  # an assistant message came since the last request
    replied_to: int = 0  # the latest assistant message wrote an action (1), a bare command line (2)
    seen_action: bool = False
    summarized: bool = False  # a summary with text came first: it states the task
    demonstrating: int | None = None  # a demonstration began here, and no task came yet


@dataclass(slots=True)
class _Scan:
    """`_classify`'s pass over one list of messages, kept so that a list sharing its
    first messages (the same objects: a summarized range grown or shrunk by a knob move)
    is classified from where they part, at the cost of the messages after it.

    What each message's kind is depends on the messages before it and on two facts of
    the whole list (`environment_users`, `calls_tools`): a kept pass resumes only under
    the same two facts. `kinds` are as the pass assigned them, before the demonstration
    found afterwards (`backfill`) and the second look at actions in text (`_finish`)."""

    messages: list[Message]
    hashes: list[str]
    locals_: list[_Local]
    environment: _EnvironmentCount
    first_call: int  # the first assistant message with tool calls (len(messages) if none)
    environment_users: bool
    calls_tools: bool
    kinds: list[Kind] = field(default_factory=list)
    states: list[_ScanState] = field(default_factory=list)  # before every `_STRIDE`-th message
    state: _ScanState = field(default_factory=_ScanState)  # after the last
    backfill: tuple[int, int] | None = None  # (demonstration began, task found)
    roots: tuple[str, ...] = SANDBOX_ROOTS
    acting_in_text: list[int] = field(default_factory=list)  # assistant actions without tool calls

    def run(self, start: int) -> None:
        """The pass from message `start` on, `state` being the state before it."""
        messages, locals_, kinds, states = self.messages, self.locals_, self.kinds, self.states
        calls_tools, environment_users, acting_in_text = self.calls_tools, self.environment_users, self.acting_in_text
        st = self.state
        task, acted, replied_to = st.task, st.acted, st.replied_to
        seen_action, summarized, demonstrating = st.seen_action, st.summarized, st.demonstrating
        for i in range(start, len(messages)):
            if not i % _STRIDE:
                states.append(_ScanState(task, acted, replied_to, seen_action, summarized, demonstrating))
            m, loc = messages[i], locals_[i]
            kind = _kind(m, loc)
            if kind is Kind.ACTION and calls_tools and not m.tool_calls:
                kind = Kind.REASONING
            if kind is Kind.DEMONSTRATION and task is None and demonstrating is None:
                demonstrating = i
            if kind is Kind.REQUEST and loc.transcript:
                kind = Kind.OBSERVATION  # (what another conversation said: read, not asked)
            elif kind is Kind.REQUEST and loc.notices:
                # (the tool's report of an action, or the user driving the tool: not asked of the model)
                kind = Kind.OBSERVATION if acted else Kind.SYSTEM
            elif kind is Kind.REQUEST:
                if task is None and loc.task_statement and demonstrating is not None:
                    # The turns since the demonstration began were its own, unflagged.
                    self.backfill = (demonstrating, i)
                    task, kind = i, Kind.TASK
                elif task is None and not seen_action and not summarized:
                    task, kind = i, Kind.TASK
                elif acted and (loc.observation_marks or environment_users and replied_to or replied_to == 2) \
                        and not loc.task_statement:
                    # (an unmarked turn answers an action; after words only, a person speaks:
                    # a group chat's user asking for more after a critic's review)
                    kind = Kind.OBSERVATION
            elif kind is Kind.SUMMARY and task is None and m.text.strip():
                summarized = True
            if m.role == "assistant":
                replied_to = 2 if loc.bare_command else int(loc.action)
                if loc.action and not m.tool_calls:
                    acting_in_text.append(i)
            elif kind is Kind.OBSERVATION and m.role == "user":
                # (the action is answered: an unmarked user turn after the answer is a person's,
                # as aider's user writes after the tool's report of the edit it applied)
                replied_to = 0
            if kind in (Kind.ACTION, Kind.REASONING):
                acted = True
                seen_action = seen_action or kind is Kind.ACTION
            elif kind in (Kind.TASK, Kind.REQUEST):
                acted = False
            kinds.append(kind)
        self.state = _ScanState(task, acted, replied_to, seen_action, summarized, demonstrating)

    def model(self) -> ContentModel:
        """The content model of the messages scanned."""
        kinds, messages = list(self.kinds), self.messages
        if self.backfill is not None:
            began, found = self.backfill
            for j in range(began + 1, found):
                if kinds[j] is not Kind.SYSTEM:
                    kinds[j] = Kind.DEMONSTRATION
        if self.calls_tools and self.environment_users:
            # A session that does both (runs of several frameworks in one, the demo's
            # marathon): a command in text that the environment answered, in the user
            # message right after it, was run. (Each position reads the kinds as the
            # pass left them: the positions are independent.)
            last = len(kinds) - 1
            for i in self.acting_in_text:  # (the positions with `locals_[i].action` and no tool call)
                if (i < last and kinds[i] is Kind.REASONING and kinds[i + 1] is Kind.OBSERVATION
                        and messages[i + 1].role == "user"):
                    kinds[i] = Kind.ACTION
        return ContentModel(tuple(kinds), self.state.task, self.environment_users, tuple(self.hashes),
                            tuple(messages), self.roots)

    def resumed(self, messages: list[Message], hashes: list[str], same: int) -> _Scan:
        """The pass over `messages` (their content `hashes`), whose first `same` messages
        are this pass's own objects: what they say is taken from here, the rest is read."""
        locals_ = self.locals_[:same] + [_local(m) for m in messages[same:]]
        environment = self.environment.resumed(same)
        environment.run(messages, locals_, len(environment.checkpoints) * _STRIDE)
        first_call = self.first_call if self.first_call < same else next(
            (i for i in range(same, len(messages)) if messages[i].tool_calls and messages[i].role == "assistant"),
            len(messages))
        scan = _Scan(messages, hashes, locals_, environment, first_call, environment.answers,
                     first_call < len(messages),
                     roots=self.roots if same >= ROOT_MESSAGES else _roots(messages))
        if (scan.environment_users, scan.calls_tools) == (self.environment_users, self.calls_tools):
            k = min(same // _STRIDE, len(self.states) - 1)
            if k >= 0:
                at = k * _STRIDE
                scan.kinds, scan.states, scan.state = self.kinds[:at], self.states[:k], self.states[k]
                scan.acting_in_text = self.acting_in_text[:bisect_left(self.acting_in_text, at)]
                scan.backfill = self.backfill if self.backfill is not None and self.backfill[1] < at else None
                scan.run(at)
                return scan
        scan.run(0)
        return scan

    @classmethod
    def fresh(cls, messages: list[Message], hashes: list[str]) -> _Scan:
        """The pass over `messages` from the start."""
        locals_ = [_local(m) for m in messages]
        environment = _EnvironmentCount()
        environment.run(messages, locals_, 0)
        first_call = next((i for i, m in enumerate(messages) if m.tool_calls and m.role == "assistant"),
                          len(messages))
        scan = cls(messages, hashes, locals_, environment, first_call, environment.answers,
                   first_call < len(messages), roots=_roots(messages))
        scan.run(0)
        return scan


# The last passes made (most recent last): a knob move's range shares its first
# messages with the last one's.
_SCANS: list[_Scan] = []
_SCANS_KEPT = 2


def _shared(messages: Sequence[Message]) -> tuple[_Scan | None, int]:
    """The kept pass sharing the most first messages with `messages` (the same
    objects), and how many; (None, 0) when none shares any."""
    best, same = None, 0
    for kept in _SCANS:
        # (how many first messages are the same objects, found in C)
        n = next(compress(count(), map(is_not, kept.messages, messages)), min(len(kept.messages), len(messages)))
        if n > same:
            best, same = kept, n
    return best, same


def _classify(messages: Sequence[Message], hashes: tuple[str, ...]) -> ContentModel:
    listed = list(messages)
    best, same = _shared(listed)
    scan = best.resumed(listed, list(hashes), same) if best is not None else _Scan.fresh(listed, list(hashes))
    # (a pass kept is never changed: a thread reading it meanwhile reads it whole)
    _SCANS[:] = [*[kept for kept in _SCANS if kept is not best][1 - _SCANS_KEPT:], scan]
    return scan.model()


ROOT_MESSAGES = 200  # messages read for working directories (they are reported from the start)


def _roots(messages: Sequence[Message]) -> tuple[str, ...]:
    found = set(SANDBOX_ROOTS)
    for m in messages[:ROOT_MESSAGES]:
        text = m.text
        if "directory" in text or "<cwd>" in text:
            for groups in _CWD.findall(text[:SCAN_CHARS]):
                cwd = normalize_path(next(g for g in groups if g)).rstrip("/")
                if cwd.count("/") >= 1 and len(cwd) > 1:
                    found.add(cwd)
    return tuple(sorted(found, key=len, reverse=True))


def _kind(m: Message, loc: _Local) -> Kind:
    """A message's kind from itself alone (a user message: REQUEST until its place in
    the session says otherwise)."""
    if loc.summary:
        return Kind.SUMMARY
    if m.role in ("system", "developer"):
        return Kind.SYSTEM
    if m.role == "tool":
        return Kind.OBSERVATION
    if m.role == "assistant":
        if _meta_flag(m, "is_demo"):
            return Kind.DEMONSTRATION
        return Kind.ACTION if loc.action else Kind.REASONING
    if loc.demonstration:
        return Kind.DEMONSTRATION
    if loc.system or loc.empty:
        return Kind.SYSTEM
    return Kind.REQUEST


# --------------------------------------------------------------------------- artifacts

# A path: at least one "/" between name characters, or a file name with an extension.
_SLASHED_PATH = r"(?<![\w/.~:-])(?:~|\.{1,2})?/?(?:[\w.@+-]+/)+[\w.@+-]*\w(?:\.[A-Za-z][A-Za-z0-9]{0,7})?"
_FILE_NAME_PATH = (r"(?<![\w/.~:-])[\w@+-][\w.@+-]*\.(?:py|pyi|js|jsx|ts|tsx|go|rs|java|c|h|cc|cpp|hpp|rb|php|"
                   r"sh|md|rst|txt|toml|yaml|yml|json|cfg|ini|html|css|sql|ipynb|lock|xml|csv|log|traj|jsonl|"
                   r"kt|swift|scala|m|mpeg|m4v|zip|tar|gz|bin|elf|pcap|png|jpg|jpeg|gif|bmp|svg|img|iso|pdf|exe|so|out|"
                   r"avi|mp4|mp3|wav|pub|pem|key|enc|dat|db|sqlite|jar|apk|tgz|bz2|xz|7z|rar|cs|lua|conf|"
                   r"env|patch|diff|whl|pyc)\b")
_PATH_RE = re.compile(_SLASHED_PATH + "|" + _FILE_NAME_PATH)
# (the second branch alone: the first holds a "/", tried at every word of a text without one
# for nothing; a text with neither a "/" nor a "." holds no path)
_FILE_NAME_RE = re.compile(_FILE_NAME_PATH)
# (what every match of it holds: a "." and its extension's first character, a lower case
# letter or digit; a sentence's full stop is followed by white space)
_DOT_EXTENSION = re.compile(r"\.[a-z0-9]")
_URLISH = re.compile(r"^[a-z][\w+.-]*:|^//")
_CWD = re.compile(r"\(Current directory: (/[^)\s]+)\)|<cwd>\s*(/[^<\s]+)\s*</cwd>|Current working directory: (/\S+)")


def normalize_path(path: str) -> str:
    """A path as compared across a session: lower case, no leading "./", no trailing
    punctuation; an absolute path keeps its leading "/".

    Args:
        path: a path as written (absolute, relative, "./"-prefixed).

    Returns:
        The normalized form; `relative_path` takes the session's roots off it, and
        `path_matches` compares two of them, so `/testbed/src/x.py`, `src/x.py` and
        `./src/x.py` match.
    """
    p = path.strip().rstrip(".,;:)'\"`").lower()
    while p.startswith("./"):
        p = p[2:]
    if p.startswith("//"):
        p = "/" + p.lstrip("/")
    return p


@lru_cache(maxsize=65_536)
def relative_path(norm: str, roots: tuple[str, ...] = SANDBOX_ROOTS) -> tuple[bool, str]:
    """A normalized path relative to its repository: the longest of `roots` it starts
    with taken off.

    Args:
        norm: a path from `normalize_path`.
        roots: the session's roots (`ContentModel.roots`), normalized, without a
            trailing "/".

    Returns:
        (anchored, rel): anchored when the path was absolute (or under "~"), so it
        names exactly one file; rel without a leading "/".
    """
    if norm.startswith("/"):
        for root in roots:
            if norm.startswith(root + "/"):
                return True, norm[len(root) + 1:]
        return True, norm.lstrip("/")
    if norm.startswith("~/"):
        return True, norm
    return False, norm


def path_suffixes(norm: str) -> list[str]:
    """The trailing component runs of a normalized path ("a/b/c.py" -> "a/b/c.py",
    "b/c.py", "c.py"): what another mention of the same file may keep of it.

    Args:
        norm: a path from `normalize_path`.

    Returns:
        The suffixes, longest first.
    """
    norm = norm.lstrip("/")
    parts = [p for p in norm.split("/") if p]
    return ["/".join(parts[k:]) for k in range(len(parts))]


def path_matches(a: str, b: str, roots: tuple[str, ...] = SANDBOX_ROOTS) -> bool:
    """True when two normalized paths name the same file: two absolute ones the same
    path below the session's roots; otherwise the relative one the other's trailing
    components (a bare name counts only when it has an extension).

    Args:
        a: a normalized path.
        b: another.
        roots: the session's roots (`ContentModel.roots`).

    Returns:
        Whether they match.
    """
    (anchored_a, a), (anchored_b, b) = relative_path(a, roots), relative_path(b, roots)
    if anchored_a and anchored_b:
        return a == b
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if not short:
        return False
    if short == long_:
        return True
    if not long_.endswith("/" + short):
        return False
    return "/" in short or "." in short


def looks_like_file(norm: str) -> bool:
    """True when a normalized path names a file or a directory tree rather than a
    pair of words ("python/vim", "n/a", "and/or"): its last component has an
    extension, or it has three components or more, or it is absolute ("/etc/passwd").

    Args:
        norm: a path from `normalize_path`.

    Returns:
        Whether it is kept as a path.
    """
    parts = [p for p in norm.split("/") if p and p != "~"]
    if not parts or len(parts[-1]) < 2:
        return False
    base = parts[-1]
    if "." in base.strip(".") and re.search(r"\.[a-z][a-z0-9]{0,7}$", base):
        return True
    return len(parts) >= 3 or (len(parts) == 2 and norm.startswith(("/", "~/")))


def extract_paths(text: str, *, direct: bool = True) -> list[str]:
    """The file paths in a text, normalized, in order of appearance (URLs and bare
    directory names of one component left out).

    Args:
        text: any text.
        direct: a text without a "/" scanned for file names alone (the other branch
            needs one), one without a "/" or a "." before a letter or digit not at all;
            False: the whole pattern
            (the same paths: tests/engine/test_fidelity_readings.py).

    Returns:
        The normalized paths, each once.
    """
    out: dict[str, None] = {}
    if direct and "/" not in text:
        if _DOT_EXTENSION.search(text) is None:
            return []
        pattern = _FILE_NAME_RE
    else:
        pattern = _PATH_RE
    for m in pattern.finditer(text):
        raw = m.group()
        if _URLISH.search(raw) or raw.count("/") > 30:
            continue
        start = m.start()
        if start >= 3 and text[start - 3:start] == "://":
            continue
        norm = normalize_path(raw)
        if len(norm) < 3 or norm.replace("/", "").replace(".", "").replace("~", "") == "":
            continue
        if not looks_like_file(norm):
            continue
        out[norm] = None
    return list(out)


# A shell command that changes to an absolute directory and goes on in it ("cd /app/frotz &&
# make dfrotz && ./dfrotz", "cd /testbed; python reproduce.py"): the directory, then what runs
# there, up to the command's end (a line break, a JSON string's escaped one or its closing quote)
# or the next "cd".
_CD_THEN = re.compile(r"(?<![\w/.-])cd\s+(['\"]?)(/[^\s;&|'\"\\]+)\1\s*(?:&&|;)((?:(?!\bcd\s)[^\n\"\\]|\\(?!n)[^n]?)*)")
# A path written from the directory a command runs in ("./dfrotz").
_DOT_SLASH = re.compile(r"(?<![\w/.~-])\./([\w.-]+(?:/[\w.-]+)*)")


def cd_paths(command: str) -> list[str]:
    """The files a command names relative to the directory it changes to first: `cd D &&
    ./x` runs D/x, `cd D; cat src/y.py` reads D/src/y.py. A summary that writes the whole
    path ("/app/frotz/dfrotz" of `cd /app/frotz && ./dfrotz`) states what the session ran.

    Args:
        command: an action's text or its call's arguments (a shell command, maybe inside
            a JSON string).

    Returns:
        The joined paths, normalized (`normalize_path`), each once, in order.
    """
    out: dict[str, None] = {}
    if "cd " not in command:
        return []
    for m in _CD_THEN.finditer(command):
        directory, rest = m.group(2).rstrip("/"), m.group(3)
        relative = [p for p in extract_paths(rest) if not p.startswith(("/", "~"))]
        relative += [d.group(1) for d in _DOT_SLASH.finditer(rest)]
        for rel in relative:
            norm = normalize_path(f"{directory}/{rel}")
            if len(norm) > len(directory) + 1:
                out[norm] = None
    return list(out)


# An error that occurred: an exception line, a shell or tool failure. Never a bare
# exception name inside code (`except (TypeError, ValueError) as error:`).
_ERROR_LINE = re.compile(
    r"\b[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning|Failure)\b(?::\s*\S|\s*$)|^\s*(?:\w+\s+)?error(?:\[\w+\])?:\s*\S"
    r"|^\s*fatal:|command not found|No such file or directory|Permission denied|Segmentation fault|"
    r"^\s*FAILED\b|^\s*ERROR\b|\bexit (?:code|status):? [1-9]|<returncode>[1-9]|^E\d{3}\b|"
    r"cannot open|not found$|Killed$|Aborted|<tool_use_error>|"
    # a compiler's diagnostic after its location (tsc's "a.ts(3,1): error TS2304:", gcc's and
    # clang's "x.c:3:5: error:"), npm's, make's and a test runner's failure lines
    # (none of them across a line break: [ \t], not \s)
    r"^\S+?(?:\(\d+,\d+\)|:\d+(?::\d+)?):[ \t]+(?:fatal[ \t]+)?error(?:\[\w+\])?(?::|[ \t]+[A-Z]{1,4}\d{2,5}:)|"
    r"(?-i:^npm ERR!|^[ \t]*FAIL[ \t]+\S)|\*\*\*.*\bError \d+",
    re.I | re.M)
_CASE_SENSITIVE_ERROR = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Failure)\b")
# Lines that are code shown, not output: a viewer's numbered lines, diff lines, and
# statements of common languages.
_VIEWER_LINE = re.compile("^" + _NUMBERED)
_CODE_LINE = re.compile(
    r"^\s*(?:raise|except|class|def|import|from\s+\S+\s+import|return|if|elif|else|try|with|assert|for|while|"
    r"throw|catch|function|const|let|var|public|private|#|//|\*|@)\b|^\s*(?:except|catch)\s*\(|[({\[,]\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•>]+|E\s{2,}|\d+\.)\s+")
_ERROR_NAME = re.compile(r"\b([A-Z]\w*(?:Error|Exception|Exit|Interrupt|Failure))\b")
ERROR_CHARS = 160


def normalize_error(line: str) -> str:
    """An error line as compared: bullets and markers ("- ", "E   ") removed,
    whitespace collapsed, lower case, at most `ERROR_CHARS` characters.

    Args:
        line: an error line as the output showed it.

    Returns:
        The normalized line.
    """
    line = _BULLET.sub("", line.strip())
    return " ".join(line.split()).lower()[:ERROR_CHARS]


def error_core(line: str) -> str:
    """The part of a normalized error line a summary would quote: from the exception
    name on ("e999 indentationerror: unexpected indent" -> "indentationerror:
    unexpected indent"), else the line.

    Args:
        line: a line from `normalize_error`.

    Returns:
        The core.
    """
    m = re.search(r"\b\w*(?:error|exception|exit|interrupt|failure)\b:?", line)
    if m and m.start() > 0:
        return line[m.start():]
    return line


def is_shown_code(line: str, in_diff: bool = False) -> bool:
    """True when an output line is code shown rather than something that happened: a
    file viewer's numbered line, a diff's line, a statement (`raise ValueError(`,
    `throw EnvoyException(...)`, `except (TypeError, ValueError) as error:`).

    Args:
        line: one line of an observation.
        in_diff: whether the observation is a diff (its `+`, `-` and context lines).

    Returns:
        Whether an error word in it is code, not an error that occurred.
    """
    if _VIEWER_LINE.match(line) or (in_diff and line[:1] in "+- "):
        return True
    return bool(_CODE_LINE.search(_BULLET.sub("", line)))


def in_diff_text(text: str) -> bool:
    """Whether an observation shows a diff (`is_shown_code`'s `in_diff`).

    Args:
        text: an observation's text.

    Returns:
        True when it holds a `diff --git` header or a hunk.
    """
    return "diff --git" in text or "\n@@ " in text


def output_lines(text: str) -> str:
    """An output with the line breaks it writes as escapes made line breaks: a tool's output
    inside a JSON string (`{"output": "hello\\nEXIT:0", "exit_code": 0}`) is read by its
    lines, as it printed them; else a line's first word is read glued to the escape's
    letter ("nEXIT:0", taken for an exception's name).

    Args:
        text: an output's text.

    Returns:
        The text, its escaped line breaks ("\\n", "\\r\\n") made real ones.
    """
    return text.replace("\\r\\n", "\n").replace("\\n", "\n") if "\\n" in text else text


def extract_errors(text: str, *, direct: bool = True) -> list[str]:
    """The errors a command's output shows: exception lines (the last line of a
    traceback), shell and tool failures; not source lines a viewer or a diff shows.

    Args:
        text: an observation's (or a request's) text.
        direct: skip the scans of a text or line holding none of the words an error
            line holds (`_may_state_error`); False: every scan, no line's answer
            memoised (the same errors: tests/engine/test_fidelity_readings.py).

    Returns:
        The normalized error lines, each once.
    """
    text = output_lines(text[:SCAN_CHARS])
    if (direct and not _may_state_error(text)) or not _ERROR_LINE.search(text):
        return []
    in_diff = in_diff_text(text)
    out: dict[str, None] = {}
    lines = _ERROR_LINES
    for raw in text.splitlines():
        # (each line's error memoised: a rewritten text measured on every knob move
        # repeats most of the lines of the one before)
        if len(raw) > 600:
            continue  # (not an error line: not kept in the memo either)
        if not direct:
            norm = _line_error(raw, in_diff, direct=False)
        else:
            hit = lines.get((raw, in_diff))
            norm = lines.put((raw, in_diff), _line_error(raw, in_diff)) if hit is None else hit
        if norm:
            out[norm] = None
    return list(out)


# (a line of output, whether it is in a diff) -> its normalized error, "" for none.
_ERROR_LINES: Memo[tuple[str, bool], str] = Memo(20_000)


def line_errors(line: str) -> tuple[str, ...]:
    """The errors `extract_errors` reads in one line (cut at "\\n") of a text that is
    no diff, once the scan that opens it matched (`error_scan_opens`): its pieces'
    (`str.splitlines`), each memoised as `extract_errors` keeps it. A text's errors are
    its lines' when that scan matches in the text, none else (`fidelity`'s keys of a
    long rewritten text, read line by line, each line's reading kept).

    Args:
        line: one line of a text.

    Returns:
        Its normalized errors, in order.
    """
    out = []
    for raw in line.splitlines():
        if len(raw) > 600:
            continue  # (as `extract_errors`: not an error line)
        hit = _ERROR_LINES.get((raw, False))
        if hit is None:  # (`_line_error` tests the words first: a bullet may hide an "E123")
            hit = _ERROR_LINES.put((raw, False), _line_error(raw, False))
        if hit:
            out.append(hit)
    return tuple(out)


def error_lines(text: str) -> list[str]:
    """The lines of an output that show an error that occurred, as written: the lines
    whose error `extract_errors` reads, over the whole text (an error at the end of a
    long test log is what a summary most needs), each once, in order. The offline
    summary's "Errors seen" lists these, so it never calls a source line a viewer shows
    (`console.error(...)`, `raise ValueError(`) an error, as the measure does not.

    Args:
        text: an observation's text.

    Returns:
        The lines, stripped, each once.
    """
    text = output_lines(text)
    if not _may_state_error(text) or not _ERROR_LINE.search(text):
        return []
    in_diff = in_diff_text(text)
    # (not memoised in `_ERROR_LINES`: whole outputs would push out the lines the
    # measure's knob moves read again; the summarizer keeps each text's answer itself)
    return list(dict.fromkeys(raw.strip() for raw in text.splitlines() if _line_error(raw, in_diff)))


def error_scan_opens(text: str) -> bool:
    """Whether the scan that opens `extract_errors` matches in `text` (its errors are
    none else).

    Args:
        text: any text (a line: a match in it is one in any text it is a line of).

    Returns:
        True when `_ERROR_LINE` matches in it.
    """
    return _may_state_error(text) and _ERROR_LINE.search(text) is not None


def _line_error(raw: str, in_diff: bool, *, direct: bool = True) -> str:
    """The error one line of output shows (`extract_errors`), normalized; "" for none."""
    line = raw.rstrip("\r")
    if not line.strip() or len(line) > 600:
        return ""
    body = _BULLET.sub("", line)
    if direct and not _may_state_error(body):  # (most lines: "" whatever the checks below say)
        return ""
    if is_shown_code(line, in_diff) or "Traceback (most recent call last)" in line:
        return ""
    if not _ERROR_LINE.search(body):
        return ""
    found = _CASE_SENSITIVE_ERROR.search(body)
    if found is None and not re.search(r"(?i)error|fatal|not found|no such file|denied|fault|failed|exit|"
                                       r"returncode|killed|aborted|cannot open|^E\d{3}|err!|^\s*fail\s", body):
        return ""
    norm = normalize_error(body)
    return norm if len(norm) >= 6 else ""


# The words one of which every match of `_ERROR_LINE` holds (lower case), but "^E\d{3}".
_ERROR_WORDS = ("error", "exception", "exit", "interrupt", "warning", "failure", "fatal:", "command not found",
                "no such file or directory", "permission denied", "segmentation fault", "failed", "<returncode>",
                "cannot open", "not found", "killed", "aborted", "err!", "fail")
# Characters `re.IGNORECASE` matches with an ASCII letter that `str.lower` does not map to it.
_FOLDS_APART = ("\u017f", "\u0131", "\u0130")


def _may_state_error(text: str) -> bool:
    """False when `_ERROR_LINE` cannot match in `text`: it holds none of `_ERROR_WORDS`
    in lower case and no line of it starts with "E" ("E123"); a few `in` tests where the
    search tried its branches at each character (~40 us a line of a knob move's new
    summary, ~140 us a rewritten message). (The Kelvin sign lowers to "k".)"""
    if text[:1] in "eE" or "\ne" in text or "\nE" in text or any(c in text for c in _FOLDS_APART):
        return True
    low = text.lower()
    return any(w in low for w in _ERROR_WORDS)


# Identifiers and values: hashes, UUIDs, versions, flags, numbers of 3+ digits, and
# dotted or underscored names in code spans.
_HASH = re.compile(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b")
_UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I)
_VERSION = re.compile(r"\bv?\d+\.\d+(?:\.\d+)+(?:[-.]?\w+)?\b|\bv\d+\.\d+\b")
_FLAG = re.compile(r"\b\w{2,12}\{[^{}\s]{3,120}\}")
# An identifier written in capitals and digits: a product, booking, ticket or patient id
# ("B08WYY37SB", "PS-48210", "ZFA04Y").
_CAPS_ID = re.compile(r"(?<![\w-])(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])){5,23}(?![\w-])")
# (Not a group of a number written with thousands separators: "1,124".)
# (not the version in a name, glued to it by a hyphen: "GPT-3.5-turbo", "python-3.11" name
# a model or a package, which a summary may know from outside the session)
# (a number glued to Chinese or Japanese text is a number: "高达47.1%", "126万" hold 47.1 and
# 126; the characters around it that make it part of a word are ASCII ones)
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,])(?<![A-Za-z]-)-?\d{3,}(?:\.\d+)?(?![A-Za-z0-9_]|\.[A-Za-z0-9_]|,\d)"
                     r"|(?<![A-Za-z0-9_.,])(?<![A-Za-z]-)\d+\.\d+(?![A-Za-z0-9_]|\.[A-Za-z0-9_]|,\d)")
_CODE_SPAN = re.compile(r"`([^`\n]{3,80})`")
_DIGIT = re.compile(r"\d")  # (any digit `\d` matches: each pattern's digits are `\d`'s or ASCII)
# What every match of `_HASH`, `_VERSION` (both branches), `_CAPS_ID` holds: seven hex digits
# in a row; a digit, a ".", a digit; six capitals, digits or "-" in a row, the first no "-".
_HEX_RUN = re.compile(r"[0-9a-f]{7}")
_DIGIT_DOT = re.compile(r"\d\.\d")
_CAPS_RUN = re.compile(r"[A-Z0-9][A-Z0-9-]{5}")
_IDENT = re.compile(r"^[A-Za-z_][\w.]*[\w)]$")
_FILE_NAME = re.compile(r"[\w./-]+\.[A-Za-z][A-Za-z0-9]{0,7}")
_VIEWER_PREFIX = re.compile("^" + _NUMBERED + r"|^\(\d+ more lines (?:above|below)\)|\(\d+ lines total\)", re.M)
# (the same less its unanchored last branch, which is tried at every character: ~3x
# faster on a 20,000-character text, for a text where that branch has nothing to match)
_VIEWER_LINE_PREFIX = re.compile("^" + _NUMBERED + r"|^\(\d+ more lines (?:above|below)\)", re.M)


def without_viewer_prefixes(text: str, *, direct: bool = True) -> str:
    """A text with a file viewer's line numbers and its "(n more lines above)", "(n
    lines total)" notes taken out (where `extract_values` looks for values).

    Args:
        text: any text.
        direct: the anchored branches alone when the text holds no "lines total)";
            False: the whole pattern (the same text: tests/engine/test_fidelity_lines.py).

    Returns:
        The text without them.
    """
    return (_VIEWER_LINE_PREFIX if direct and "lines total)" not in text else _VIEWER_PREFIX).sub("", text)


# (a line of white space and digits alone: a viewer's prefix may end on the next line)
_NUMBER_ALONE = re.compile(r"\s*\d+\s*")


def line_without_viewer_notes(line: str) -> str | None:
    """One line of a text as `without_viewer_prefixes` of the whole text leaves it, read
    from the line alone, or None when that may depend on the lines around it: a line
    holding an anchored branch's match, or a number alone. When no line of a text gives
    None, no anchored branch matches in the text (a match that spans a line break holds
    the digits of a line that is one or the other), and the scan takes out of each line
    its "(n lines total)" notes alone, as from the line on its own: a text that shows
    one (a summary quoting a viewer's output) is then read line by line, not whole.

    Args:
        line: one line, no line break in it.

    Returns:
        The line less its notes, or None.
    """
    if _VIEWER_LINE_PREFIX.search(line) is not None or _NUMBER_ALONE.fullmatch(line) is not None:
        return None
    return _VIEWER_PREFIX.sub("", line) if "lines total)" in line else line


def extract_values(text: str, *, direct: bool = True) -> list[str]:
    """The identifiers and values in a text: hashes, UUIDs, versions, flags, numbers
    of three or more digits or with a decimal point, identifiers quoted in code spans.

    Args:
        text: any text.

    Returns:
        The values, lower case, each once.
    """
    # A viewer's line numbers are where a line is, not a value the work produced.
    text = without_viewer_prefixes(text[:SCAN_CHARS])
    return _merged_values([_value_parts(text, direct=direct)])


def _value_parts(text: str, *, direct: bool = True) -> tuple[tuple[str, ...], ...]:
    """The values `extract_values` finds in a text (its viewer prefixes taken off), one
    tuple per pattern, in the order it adds them."""
    # (each pattern scanned only where it can match: each but the UUID's, the flag's and
    # the code span's needs a digit; those need a "-", a "{", a "`": most lines of a
    # summary need few of the seven scans)
    # (direct False: every scan, the same values: tests/engine/test_fidelity_readings.py)
    digits = not direct or _DIGIT.search(text) is not None
    # (and a hash, a version, a capitals id only where their run of characters is: a
    # plain scan for it costs a third of theirs, and most lines of prose have none)
    out: list[tuple[str, ...]] = [tuple(m.group().lower() for m in pattern.finditer(text)) if need else ()
                                  for pattern, need in ((_UUID, not direct or text.count("-") >= 4),
                                                        (_HASH, digits and (not direct or _HEX_RUN.search(text))),
                                                        (_VERSION, digits and (not direct or _DIGIT_DOT.search(text))),
                                                        (_FLAG, not direct or _may_flag(text)),
                                                        (_CAPS_ID, digits and (not direct or _CAPS_RUN.search(text))))]
    numbers = []
    # (a DOI's parts are where a paper is, not values: "10.1038/s41586-025-09006-8")
    dois = [d.span() for d in _DOI.finditer(text)] if digits and "10." in text else []
    for m in (_NUMBER.finditer(text) if not direct else _numbers(text)) if digits else ():
        v = m.group().lstrip("-")
        if not _ZEROS.fullmatch(v) and not (dois and any(a <= m.start() < b for a, b in dois)):
            numbers.append(v)
    out.append(tuple(numbers))
    spans = []
    for m in _CODE_SPAN.finditer(text) if not direct or "`" in text else ():
        v = m.group(1).strip()
        # A name with "_" or a dotted member: an identifier, not a word or a file name.
        if _IDENT.match(v) and ("_" in v or "." in v) and not _FILE_NAME.fullmatch(v):
            spans.append(v.lower())
    out.append(tuple(spans))
    return tuple(out)


_ZEROS = re.compile(r"0+(?:\.0+)?")
_DOI = re.compile(r"(?<![\w.])10\.\d{4,9}/[^\s\"'<>,;]+")
# A run of digits (`\d`, as `_NUMBER`'s): where a match of `_NUMBER` may start.
_DIGITS = re.compile(r"\d+")


def _numbers(text: str) -> Iterator[re.Match[str]]:
    """`_NUMBER.finditer(text)`, the pattern tried only where a match can start: every
    match starts where no word character, "." or "," precedes (its lookbehind), so at
    a digit that starts a run of digits (a digit is a word character), or at a "-"
    right before one. A match ends at the end of a run (no word character follows
    it): the next is tried at a run after it, as `finditer` goes on from its end. The
    lookbehinds see the text before the position tried, as in the scan. (The scan
    tries the lookbehinds at every character: ~12 us a line of a knob move's summary,
    ~3 us so; tests/engine/test_fidelity_readings.py: the same values.)"""
    done = 0
    for run in _DIGITS.finditer(text):
        at = run.start()
        if at < done:
            continue
        m = _NUMBER.match(text, at - 1) if at and text[at - 1] == "-" and at - 1 >= done else None
        if m is None:
            m = _NUMBER.match(text, at)
        if m is not None:
            done = m.end()
            yield m


def _may_flag(text: str) -> bool:
    """False when `_FLAG` cannot match in `text`: every match has a "{" right after a
    word character (`\\w` is a character `str.isalnum` holds, or "_") and a "}" after it
    (a "{" in a line of JSON or code after a space or a quote starts none; the scan's
    `\\b` tried at every character: ~8 us a line)."""
    at = text.find("{", 1)
    while at >= 0:
        before = text[at - 1]
        if (before.isalnum() or before == "_") and "}" in text[at:]:
            return True
        at = text.find("{", at + 1)
    return False


def _merged_values(parts: Sequence[tuple[tuple[str, ...], ...]]) -> list[str]:
    """`_value_parts` of consecutive pieces of a text as the whole text's: pattern by
    pattern, piece by piece, each value once."""
    out: dict[str, None] = {}
    # (most lines hold no value; the others' found pattern by pattern: their parts transposed)
    for column in zip(*filter(any, parts)):
        out.update(dict.fromkeys(chain.from_iterable(column)))
    return list(out)


# A line -> its `_value_parts`, its `extract_paths` (`extract_values_by_line`, `extract_paths_by_line`).
_LINE_VALUES: Memo[str, tuple[tuple[str, ...], ...]] = Memo(20_000)
_LINE_PATHS: Memo[str, tuple[str, ...]] = Memo(20_000)
_LINE_CHARS = 4_000  # lines longer than this are not memoised


def extract_values_by_line(text: str) -> list[str]:
    """`extract_values(text)`, each line's values memoised: a rewritten text measured on
    every knob move (a summary of a moving range) repeats most of the lines of the one
    before. No pattern of `extract_values` matches across a line break, and each treats
    a line break as it treats the start or the end of the text (what
    tests/engine/test_fidelity_lines.py checks on random texts).

    Args:
        text: any text.

    Returns:
        The same values, in the same order.
    """
    # (the viewer prefixes first, on the whole text: their `\s*` may take a line break)
    text = without_viewer_prefixes(text[:SCAN_CHARS])
    memo, parts = _LINE_VALUES, []
    for line in text.split("\n"):
        hit = memo.get(line)
        if hit is None:
            hit = _value_parts(line)
            if len(line) <= _LINE_CHARS:  # (a long line is rarely repeated: not held)
                memo.put(line, hit)
        parts.append(hit)
    return _merged_values(parts)


def value_parts(line: str) -> tuple[tuple[str, ...], ...]:
    """What `extract_values` finds in one line (no viewer prefix on it), one tuple per
    pattern, memoised as `extract_values_by_line` keeps its lines': what a reader of
    the lines of a text puts together with `merged_values`.

    Args:
        line: one line, no line break in it.

    Returns:
        The values, pattern by pattern.
    """
    hit = _LINE_VALUES.get(line)
    if hit is None:
        hit = _value_parts(line)
        if len(line) <= _LINE_CHARS:  # (a long line is rarely repeated: not held)
            _LINE_VALUES.put(line, hit)
    return hit


def lines_value_parts(lines: Sequence[str]) -> list[tuple[tuple[str, ...], ...]]:
    """`value_parts` of each of `lines`, in order (the lines kept found at once).

    Args:
        lines: lines, no line break in any.

    Returns:
        Each line's values, pattern by pattern.
    """
    out = _LINE_VALUES.get_all(lines)
    for k in [k for k, hit in enumerate(out) if hit is None]:
        out[k] = value_parts(lines[k])
    return cast("list[tuple[tuple[str, ...], ...]]", out)


def merged_values(parts: Sequence[tuple[tuple[str, ...], ...]]) -> list[str]:
    """`value_parts` of the consecutive lines of a text as `extract_values` of it (once its
    viewer prefixes are taken out and it is cut to `SCAN_CHARS`).

    Args:
        parts: each line's `value_parts`, in order.

    Returns:
        The values, in the order `extract_values` gives them.
    """
    return _merged_values(parts)


def extract_paths_by_line(text: str) -> list[str]:
    """`extract_paths(text)`, each line's paths memoised (as `extract_values_by_line`:
    a path never spans a line break).

    Args:
        text: any text.

    Returns:
        The same paths, in the same order.
    """
    out: dict[str, None] = {}
    for line in text.split("\n"):
        out.update(dict.fromkeys(line_paths(line)))
    return list(out)


def line_paths(line: str) -> tuple[str, ...]:
    """`extract_paths(line)` of one line, memoised as `extract_paths_by_line` keeps its
    lines' (a reader of a rewritten text's lines shares them: a knob move's new summary
    line is read by its view and by its keys).

    Args:
        line: one line, no line break in it.

    Returns:
        Its paths, in order.
    """
    hit = _LINE_PATHS.get(line)
    if hit is None:
        hit = tuple(extract_paths(line))
        if len(line) <= _LINE_CHARS:
            _LINE_PATHS.put(line, hit)
    return hit


# Sentences in which an agent states a decision or its reason.
_DECISION_RE = re.compile(r"\b(?:decid\w*|instead|because|since|chose|choose|will use|need to|needs to|"
                          r"should be|the (?:fix|issue|problem|cause|bug|error|key|flag|output|result) (?:is|was)|"
                          r"so we|plan is|approach|this means|which means|suggests?|confirms?|the solution|"
                          r"turns out|it seems|seems to|appears to|looks like|indicates?|failed|fails|works|worked|"
                          r"did not|didn't|doesn't|does not|cannot|can't|wrong|correct(?:ly)?|found|caused?)\b", re.I)
# (not after an abbreviation that goes on: "revert it (e.g. `git checkout x`)" is one sentence)
_SENTENCE_RE = re.compile(r"(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)(?<!\bcf\.)\s+(?=[A-Z`\"'(])|\n\s*\n|"
                          r"\n(?=\s*(?:[-*]|\d+\.)\s)")
# A closed code block (a command, a snippet): not prose. An unclosed fence is left,
# so it cannot swallow the prose after it.
_FENCE = re.compile(r"```[^\n`]*\n.{0,4000}?```|<command>.{0,4000}?</command>", re.S)
_FENCE_STARTS = ("```", "<command>")  # (the literals every match of `_FENCE` starts with)


def without_fences(text: str, *, direct: bool = True) -> str:
    """A text with its closed code blocks (a fence, a `<command>`) each a space.

    Args:
        text: any text.
        direct: each match found where it can start (every match starts with "```"
            or "<command>"; a knob move reads its new summary's 40,000 characters,
            where the scan tried the pattern at each: ~0.3 ms) and its end by
            `str.find` (`_fence_end`); False: the plain scan (the same text:
            tests/engine/test_fidelity_readings.py).

    Returns:
        The text without them.
    """
    if not direct:
        return _FENCE.sub(" ", text)
    # (each match found by its literals, not by the pattern: its lazy `.{0,4000}?` tested
    # the closing literal at every character after an opening one, up to 4,000 of them
    # when none closes it (a summary's quotes cut short leave fences open: ~80 us of a
    # knob move's summary, read twice); the first closing literal in reach is where the
    # lazy match ends, `str.find` finds it. Tried where `sub_at` tries the pattern: at
    # each start, left to right, none inside the match before.)
    found = sorted({at for start in _FENCE_STARTS for at in _occurrences(text, start)})
    return replace_spans(text, found, lambda at: _fence_end(text, at), " ") if found else text


def _fence_end(text: str, at: int) -> int:
    """Where the match of `_FENCE` at `at` ends (-1 for none): a "```" whose line holds
    no other "`" up to its line break (`[^\n`]*\n`: that break is the first after it),
    then the first "```" within 4,000 characters of the next line's start; or a
    "<command>", then the first "</command>" within 4,000 characters of its end (each
    `.{0,4000}?`, which matches any character, line breaks too, lazily)."""
    if text.startswith("```", at):
        nl = text.find("\n", at + 3)
        if nl < 0 or "`" in text[at + 3:nl]:
            return -1
        end = text.find("```", nl + 1, nl + 1 + _FENCE_REACH + 3)
        return end + 3 if end >= 0 else -1
    end = text.find("</command>", at + 9, at + 9 + _FENCE_REACH + 10)  # (a "<command>": its only other start)
    return end + 10 if end >= 0 else -1


_FENCE_REACH = 4_000  # (`_FENCE`'s `{0,4000}`)


def sentences(text: str, limit: int = SCAN_CHARS, *, by_line: bool = False) -> list[str]:
    """The sentences of a text, code fences removed, whitespace collapsed.

    Args:
        text: any prose.
        limit: characters read at most.
        by_line: end a sentence at every line break too (a list of strings, one a
            line, is not one long sentence).

    Returns:
        The sentences of at least 3 characters, in order.
    """
    text = without_fences(text[:limit])
    out = []
    parts = _SENTENCE_RE.split(text)
    if by_line:
        parts = [line for part in parts for line in part.splitlines()]
    for s in parts:
        s = " ".join(s.split())
        if len(s) >= 3:
            out.append(s)
    return out


def sentences_holding(text: str, marks: tuple[str, ...], limit: int = SCAN_CHARS, *, direct: bool = True) -> list[str]:
    """`[s for s in sentences(text, limit) if any(c in s for c in marks)]`, the others
    never normalized (what a reader of a few kinds of sentence asks of a long summary).

    Args:
        text: any prose.
        marks: the strings a sentence kept holds one of (no white space in them).
        limit: characters read at most.
        direct: the sentences around the marks alone found; False: the text split
            whole (the same sentences: tests/engine/test_fidelity_readings.py).

    Returns:
        Those sentences, in order.
    """
    text = text[:limit]
    if not any(c in text for c in marks):
        return []
    text = without_fences(text)
    if not direct:
        # (normalizing a sentence only collapses its white space: it holds a mark after as before)
        return [n for part in _SENTENCE_RE.split(text) if any(c in part for c in marks)
                for n in [" ".join(part.split())] if len(n) >= 3]
    if "\n\n" not in text:
        return _holding(text, marks)
    # A blank line is a break (`\n\s*\n`, or inside a break matched before it): no
    # sentence spans one, and each paragraph's sentences are its own, kept (a knob move's
    # new summary repeats most paragraphs of the last: it pays for its new ones). Only a
    # break before a list's item looks past the blank line ("x\n-" + "\n\n": the "-"
    # an item's mark): a paragraph whose last line is an item's mark alone is read with
    # the next.
    out: list[str] = []
    memo = _HOLDING
    for chunk in _paragraphs(text):
        if any(c in chunk for c in marks):
            key = (chunk, marks)
            hit = memo.get(key)
            if hit is None:
                hit = tuple(_holding(chunk, marks))
                if len(chunk) <= 4_000:  # (a long paragraph is rarely repeated: not held)
                    memo.put(key, hit)
            out.extend(hit)
    return out


# (a paragraph, the marks) -> its sentences holding one (`sentences_holding`).
_HOLDING: Memo[tuple[str, tuple[str, ...]], tuple[str, ...]] = Memo(20_000)
# How a paragraph read with the next ends (`_paragraphs`): a line holding an item's mark
# alone (`_SENTENCE_RE`'s last branch, its look-ahead's marks), its last characters.
_ITEM_MARK_ENDS = ("-", "*", ".")
_ITEM_MARK_ALONE = re.compile(r"\s*(?:[-*]|\d+\.)")


def _paragraphs(text: str) -> list[str]:
    """`text` cut at its blank lines ("\n\n"), a piece whose last line (after a line
    break) is an item's mark alone kept with the next (what `sentences_holding` reads
    paragraph by paragraph)."""
    pieces = text.split("\n\n")
    out: list[str] = []
    held = pieces[0]
    for piece in pieces[1:]:
        if held.endswith(_ITEM_MARK_ENDS) and (nl := held.rfind("\n")) >= 0 and _ITEM_MARK_ALONE.fullmatch(held, nl + 1):
            held = f"{held}\n\n{piece}"
        else:
            out.append(held)
            held = piece
    out.append(held)
    return out


def _holding(text: str, marks: tuple[str, ...]) -> list[str]:
    """`sentences_holding` of a text its fences are out of, found around its marks."""
    # Every break `_SENTENCE_RE` matches is white space, and a mark holds none: a mark is
    # inside one sentence, which ends where the first break after it starts (the scan
    # searched from the mark: no break spans it) and starts where the last break before
    # it ends, found by scanning from a point no break spans (after a character that is
    # not white space), further back until one is found. The text between the marks'
    # sentences is never scanned (`_SENTENCE_RE.split` of a 20,000-character summary: ~0.4 ms).
    found = sorted({at for c in marks for at in _occurrences(text, c)})
    out: list[str] = []
    done = 0  # where the last sentence taken ends (a break starts there; 0: none taken)
    for at in found:
        if at < done:
            continue  # (in the sentence taken)
        start = _sentence_start(text, at, done)
        after = _SENTENCE_RE.search(text, at)
        done = len(text) if after is None else after.start()
        n = " ".join(text[start:done].split())
        if len(n) >= 3:
            out.append(n)
    return out


# Characters `_sentence_start` looks back from a mark first (then four times as many, ...).
_BACK = 128


def _sentence_start(text: str, at: int, floor: int) -> int:
    """Where the sentence holding the character at `at` (not white space) starts: the end
    of the last break of `_SENTENCE_RE.split(text)` before it, none before `floor` (0, or
    where a break starts)."""
    back = _BACK
    while True:
        begin = max(floor, at - back)
        while begin > floor and text[begin - 1].isspace():  # (a break may span it: further back)
            begin -= 1
        start = -1
        for m in _SENTENCE_RE.finditer(text, begin):
            if m.start() >= at:
                break
            start = m.end()
        if start >= 0:
            return start
        if begin == floor:
            return floor  # (0: no break before it; a break starts at a floor above 0, found above)
        back *= 4


# A line (fences taken out) -> its sentences (`sentences_by_line`).
_LINE_SENTENCES: Memo[str, tuple[str, ...]] = Memo(20_000)


def sentences_by_line(text: str, limit: int = SCAN_CHARS) -> list[str]:
    """`sentences(text, limit, by_line=True)`, each line's sentences memoised: a
    rewritten text measured on every knob move repeats most of the lines of the one
    before. (A sentence break is a run of white space: split at the line breaks first,
    then at the breaks inside each line, the same pieces come out.)

    Args:
        text: any prose.
        limit: characters read at most.

    Returns:
        The same sentences, in the same order.
    """
    memo = _LINE_SENTENCES
    out: list[str] = []
    for line in sentence_lines(text, limit):
        hit = memo.get(line)
        if hit is None:
            hit = line_sentences(line)
            if len(line) <= 4_000:  # (a long line is rarely repeated: not held)
                memo.put(line, hit)
        out.extend(hit)
    return out


def sentence_lines(text: str, limit: int = SCAN_CHARS) -> list[str]:
    """The lines `sentences_by_line` reads (fences out), each a function of its own
    sentences (`line_sentences`): what a reader keeping more per line than its
    sentences reads line by line.

    Args:
        text: any prose.
        limit: characters read at most.

    Returns:
        The lines.
    """
    return without_fences(text[:limit]).splitlines()


def line_sentences(line: str) -> tuple[str, ...]:
    """The sentences of one line of `sentence_lines` (not memoised).

    Args:
        line: the line.

    Returns:
        Its sentences of at least 3 characters, in order.
    """
    return tuple(s for s in (" ".join(p.split()) for p in _SENTENCE_RE.split(line)) if len(s) >= 3)


# An agent's boilerplate: assurances ("the code should be ready to run without any
# issues"), notes ("Please note that the code provided is already in the correct
# format") and approvals ("The code seems to be well-structured"). Such a sentence is
# a decision only when it names its object (`_OBJECT`): a file, a symbol, a value.
_BOILERPLATE_DECISION = re.compile(
    r"\b(?:should (?:now )?(?:be (?:ready|resolved|fixed|able to)|work|run)|without any (?:issues|errors|problems)|"
    r"as expected|please note|note that|seems? to be (?:well|correct|fine|good|in order)|looks? (?:good|fine|correct)|"
    r"well-structured|follows? the (?:regulations|guidelines|requirements)|there (?:is|are) (?:one|a few|some)"
    r"(?: \w+)? (?:issues?|bugs?|problems?) that|let me know|hope this helps|in the correct format)\b", re.I)
# What a decision is about: a code span, a path or file name, a call, a name with "_"
# or inner capitals, a number.
_OBJECT = re.compile(r"`[^`]+`|\w\.\w{1,5}\b|\w\(|\b\w+_\w+|\b[a-z]+[A-Z]\w*|\b[A-Z][a-z]+[A-Z]\w*|\d")


def extract_decisions(text: str) -> list[str]:
    """The sentences of an assistant's text that state a decision, a finding or its
    reason; not its boilerplate (an assurance, a note, an approval that names no file,
    symbol or value: `_BOILERPLATE_DECISION`).

    Args:
        text: an assistant message's text.

    Returns:
        The sentences (20 to 400 characters), in order.
    """
    return [s for s in sentences(text) if 20 <= len(s) <= 400 and _DECISION_RE.search(s)
            and not (_BOILERPLATE_DECISION.search(s) and not _OBJECT.search(s))]


def call_texts(call: ToolCall) -> list[str]:
    """A tool call's argument values (the command, the path), or its raw arguments.

    Args:
        call: a tool call.

    Returns:
        Its scalar argument values as text.
    """
    try:
        args = json.loads(call.arguments_raw) if call.arguments_raw else None
    except ValueError:
        return [call.arguments_raw]
    if isinstance(args, dict):
        return [str(v) for v in args.values() if isinstance(v, str | int | float) and not isinstance(v, bool)]
    return [call.arguments_raw] if call.arguments_raw else []


# Longer than this, or over more than one line, an argument is a call's payload (the text
# a write puts in a file, a message's body), not what names its step (`call_step`).
STEP_ARGUMENT_CHARS = 200


def call_step(call: ToolCall) -> str:
    """The step a tool call takes as a reader names it: its tool and the arguments that
    name its target (a path, a query, a mode), its payload left out. A write of a whole
    file is "write_file output/report.json", not the file's text: no account of the work
    restates what the file holds, and one saying the agent wrote that file states the step.
    A call whose only argument is long (a shell command) is that argument (`commands`).

    Args:
        call: a tool call.

    Returns:
        The step, whitespace collapsed, at most 200 characters.
    """
    texts = [t for t in call_texts(call) if t.strip()]
    short = [t for t in texts if len(t) <= STEP_ARGUMENT_CHARS and "\n" not in t.strip()]
    named = short if short and len(short) < len(texts) else [max(texts, key=len)] if texts else []
    return " ".join(" ".join([call.name, *named]).split())[:200]


_LAST_FENCE = re.compile(r"```[^\n`]*\n(.*?)\n?```\s*$|<command>\s*(.*?)\s*</command>", re.S)


def commands(m: Message) -> list[str]:
    """The commands an assistant message runs: each tool call's main argument (or its
    name), else the command in its text.

    Args:
        m: an assistant message.

    Returns:
        The commands, whitespace collapsed, at most 200 characters each.
    """
    out = []
    for c in m.tool_calls:
        texts = [t for t in call_texts(c) if t.strip()]
        main = max(texts, key=len) if texts else ""
        out.append(" ".join(f"{c.name} {main}".split())[:200] if main else c.name)
    if not out:
        found = _LAST_FENCE.search(m.text[-SCAN_CHARS:])
        if found:
            cmd = (found.group(1) or found.group(2) or "").strip()
            if cmd:
                out.append(" ".join(cmd.splitlines()[0].split())[:200])
        else:
            act = re.search(r"^Action(?: Input)?:\s*(.+)$", m.text, re.M)
            if act:
                out.append(" ".join(act.group(1).split())[:200])
    return out


@dataclass(frozen=True, slots=True)
class Artifacts:
    """What one message holds that a compaction should keep.

    Attributes:
        paths: normalized file paths.
        errors: normalized error lines that occurred (observations and requests only).
        values: identifiers and values (hashes, versions, ids, numbers).
        commands: the commands an action runs.
        decisions: the decision and finding sentences of an assistant message.
    """

    paths: tuple[str, ...] = ()
    errors: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    commands: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()


_ARTIFACTS: Memo[tuple[str, Kind], Artifacts] = Memo(100_000)
# The same without decisions (`message_artifacts(..., decisions=False)`).
_ARTIFACTS_PLAIN: Memo[tuple[str, Kind], Artifacts] = Memo(20_000)


def message_artifacts(m: Message, kind: Kind, *, decisions: bool = True) -> Artifacts:
    """The artifacts of one message of a given kind, memoised on its content hash.

    Args:
        m: the message.
        kind: its kind in its session (`ContentModel.kinds`).
        decisions: False: the decisions left out (empty), not extracted (what the
            fidelity's keys of a rewritten message read: each of a knob move's new
            ones, ~40 us of scans each for an assistant's).

    Returns:
        Its `Artifacts` (system prompts and demonstrations hold none: they are not
        the session's own work).
    """
    key = (m.content_hash, kind)
    hit = _ARTIFACTS.get(key)
    if not decisions:
        if hit is not None:
            return replace(hit, decisions=()) if hit.decisions else hit
        plain = _ARTIFACTS_PLAIN.get(key)
        if plain is None:
            plain = _ARTIFACTS_PLAIN.put(key, _read_artifacts(m, kind, decisions=False))
        return plain
    if hit is not None:
        return hit
    return _ARTIFACTS.put(key, _read_artifacts(m, kind, decisions=True))


def message_values(m: Message, kind: Kind) -> tuple[str, ...]:
    """`message_artifacts(m, kind, decisions=False).values`, read alone when its
    artifacts are not kept (what recency weighs of a message whose calls' arguments a
    knob move cleared: its values, not its paths).

    Args:
        m: the message.
        kind: its kind in its session (`ContentModel.kinds`).

    Returns:
        Its values, as its `Artifacts` hold them.
    """
    key = (m.content_hash, kind)
    hit = _ARTIFACTS.get(key) or _ARTIFACTS_PLAIN.get(key)
    if hit is not None:
        return hit.values
    if kind in (Kind.SYSTEM, Kind.DEMONSTRATION):
        return ()
    whole = _artifact_texts(m, kind)[1]
    return tuple(extract_values_by_line(whole) if kind is Kind.SUMMARY else extract_values(whole))


def _artifact_texts(m: Message, kind: Kind) -> tuple[str, str]:
    """The text `_read_artifacts` reads a message's artifacts from, and that text with its
    calls' argument values (no system prompt's or demonstration's)."""
    text = (own_text(m.text) if m.role == "user" else m.text)[:SCAN_CHARS]
    if kind is Kind.TASK:  # the task's own words, not the framework's instructions around it
        text = task_text(text)
    args = [t for c in m.tool_calls for t in call_texts(c)]
    return text, "\n".join([text, *args]) if args else text


def _read_artifacts(m: Message, kind: Kind, *, decisions: bool) -> Artifacts:
    """`message_artifacts` read (its decisions only with `decisions`)."""
    if kind in (Kind.SYSTEM, Kind.DEMONSTRATION):
        out = Artifacts()
    else:
        text, whole = _artifact_texts(m, kind)
        # (what a compaction wrote, read on every knob move: line by line, each line's
        # answer kept, the same paths and values: a new summary repeats most of the last
        # one's lines, and the fidelity's view of a message read its lines just before)
        line_wise = kind is Kind.SUMMARY
        out = Artifacts(
            paths=tuple(extract_paths_by_line(whole) if line_wise else extract_paths(whole)),
            errors=tuple(extract_errors(text)) if kind in (Kind.OBSERVATION, Kind.REQUEST, Kind.TASK) else (),
            values=tuple(extract_values_by_line(whole) if line_wise else extract_values(whole)),
            commands=tuple(commands(m)) if kind is Kind.ACTION else (),
            decisions=tuple(extract_decisions(text)) if decisions and m.role == "assistant" else (),
        )
    return out


def artifacts(model: ContentModel, index: int) -> Artifacts:
    """The artifacts of message `index` of a classified session: `message_artifacts`, with
    no errors for an observation that shows a file's contents (`shows_file`) in more than
    a line or two: a document's "| `error` | error occurred |" or a source's
    `// if the message was aborted` is text the file holds, not a step that failed (a read
    that failed says so in a line: "cat: x.py: No such file or directory").

    Args:
        model: the session's content model.
        index: a message index.

    Returns:
        Its `Artifacts`.
    """
    a = message_artifacts(model.messages[index], model.kinds[index])
    if a.errors and holds_file_text(model, index):
        return replace(a, errors=())
    return a


def holds_file_text(model: ContentModel, index: int) -> bool:
    """Whether message `index` is an observation showing a file's contents in more than a
    line or two (`shows_file`): its error words are the file's text, not a step that
    failed (`artifacts` reads no errors in it, nor does the offline summary).

    Args:
        model: the session's content model.
        index: a message index.

    Returns:
        True for such an observation.
    """
    return (model.kinds[index] is Kind.OBSERVATION and model.messages[index].text.count("\n") >= 2
            and shows_file(model, index))


# Tools whose result is a file's contents, and shell commands that print one (alone, or
# after a `cd`): what such a result holds is the file's text.
_READ_TOOLS = frozenset({"read", "read_file", "readfile", "file_read", "read_text_file", "view", "view_file",
                         "open_file", "cat", "get_file_contents"})
_EDITOR_TOOLS = frozenset({"str_replace_editor", "str_replace_based_edit_tool"})
_READ_COMMAND = re.compile(r"^\s*(?:cd\s+[^\s;&|]+\s*&&\s*)?(?:(?:cat|head|tail|nl|bat|less|more)(?:\s+-\S+)*|sed\s+-n\s+"
                           r"(?:'[^']*'|\"[^\"]*\"|\S+))\s+[^\s|;&<>]+\s*$")


def _reads_file(call: ToolCall) -> bool:
    name = call.name.lower()
    if name in _READ_TOOLS:
        return True
    args = call.arguments
    if not isinstance(args, dict):
        return False
    if name in _EDITOR_TOOLS:
        return args.get("command") == "view" and not args.get("path", "").endswith("/")
    command = args.get("command") or args.get("cmd")
    return isinstance(command, str) and _READ_COMMAND.match(command) is not None


def shows_file(model: ContentModel, index: int) -> bool:
    """Whether observation `index` answers an action that read a file: a read tool (Claude
    Code's `Read`, pi's `read`, an editor's `view`) or a shell command printing one (`cat`,
    `head`, `sed -n '1,80p'`), its own call found by the result's call id.

    Args:
        model: the session's content model.
        index: the index of an OBSERVATION message.

    Returns:
        True when the action (every call it answers) read a file.
    """
    action = index - 1
    while action >= 0 and model.kinds[action] is Kind.OBSERVATION:
        action -= 1
    if action < 0 or model.kinds[action] is not Kind.ACTION:
        return False
    act, result = model.messages[action], model.messages[index]
    calls = [c for c in act.tool_calls if c.id == result.tool_call_id] or list(act.tool_calls)
    if calls:
        return all(_reads_file(c) for c in calls)
    said = message_artifacts(act, Kind.ACTION).commands
    return bool(said) and all(_READ_COMMAND.match(c) for c in said)


# --------------------------------------------------------------------------- the task

_EXTRACTORS = (
    re.compile(r"<pr_description>\s*(.+?)\s*(?:</pr_description>|$)", re.S),
    re.compile(r"<issue>\s*(.+?)\s*(?:</issue>|$)", re.S),
    re.compile(r"<task>\s*(.+?)\s*(?:</task>|$)", re.S),
    re.compile(r"<issue_description>\s*(.+?)\s*(?:</issue_description>|$)", re.S),  # (OpenHands SWE-bench)
    # OpenHands resolver's "# Problem Statement", up to its instructions
    re.compile(r"^#{1,3}\s*(?:Problem Statement|Issue(?: Description)?|Task)\s*\n(.+?)(?:\n\s*(?:IMPORTANT|INSTRUCTIONS):|\Z)",
               re.S | re.M),
    re.compile(r"^ISSUE:\s*\n(.+?)(?:\n\s*INSTRUCTIONS:|\Z)", re.S | re.M),
    re.compile(r"The description is:\s*\n(.+?)(?:\n\s*INSTRUCTIONS:|\Z)", re.S),
    # A role-play template's task line (ChatDev's "Here is a new customer's task: ...",
    # "Task: ..."): the line, not the persona and company preamble around it.
    re.compile(r"^[^\n:]{0,40}?\btask:[ \t]*[\"']?(\S[^\n]{20,})$", re.I | re.M),
)
# Framework lines around a task that say nothing about it.
_BOILERPLATE = re.compile(
    r"^(?:we're currently solving|here's the issue text|now, you're going to solve this issue on your own|"
    r"\(open file:|\(current directory:|bash-\$|instructions:|remember, you|note however that you cannot|"
    r"files included in the challenge|the flag format|"
    # a role or persona preamble ("You are Chief Product Officer. we are both working at ...")
    # (not a task put to the reader: "You are given a list, ...", "You are asked to ...")
    r"\[?you are (?!(?:given|asked|to|going|provided|required|expected|tasked|allowed|not|now|about|working|in|on|at)"
    r"\b)(?:a |an |the )?[\w -]{1,40}[.,]|you are responsible for|we are both working|we share a common)", re.I)


def task_text(text: str) -> str:
    """The task inside a task message: the request unwrapped from a framework's
    template ("ISSUE:", `<pr_description>`, a CTF's description), its boilerplate lines
    and the instructions after it left out.

    Args:
        text: the TASK message's text.

    Returns:
        The task's own text (the whole text when no wrapper is known).
    """
    text = own_text(text)
    for pattern in _EXTRACTORS:
        found = pattern.search(text)
        if found:
            text = found.group(1)
            break
    lines = [ln for ln in text.splitlines() if not _BOILERPLATE.match(ln.strip()) and not is_label(ln)]
    return "\n".join(lines).strip()


# A bare label a framework marks its messages with: "(phase: Coding)", "**[Update Codes]**",
# "**[Test Reports]**:". No request of a person's.
_LABEL = re.compile(r"^\s*(?:\*\*)?[\[(]\s*[\w .:/-]{1,40}\s*[\])](?:\*\*)?:?\s*$")
# A line the framework repeats: in this many user messages of the session, verbatim or, a
# long one, but for its numbers (a harness's reminder: "Info: 0:06:16 time elapsed out of
# 3:00:00. Remember, you only have to stop working when the time limit has been reached.").
TEMPLATE_REPEATS = 3
TEMPLATE_MIN_CHARS = 20
# ... and a line compared but for its numbers is this long at least: a harness's reminder is a
# sentence or two of boilerplate around a counter, while a short numbered line ("REQ-07: handle
# item 7", "Process order 48213") is a request whose number is what it asks.
TEMPLATE_NUMBERED_MIN_CHARS = 60


def is_label(line: str) -> bool:
    """Whether a line is a bare label marker (`_LABEL`: "(phase: Coding)", "**[Update Codes]**").

    Args:
        line: one line of text.

    Returns:
        True for a label.
    """
    return bool(_LABEL.match(line))


def template_lines(model: ContentModel) -> frozenset[str]:
    """The lines a framework repeats: each said in `TEMPLATE_REPEATS` distinct user
    messages of the session or more, verbatim or, a long one, but for its numbers (a
    role-play preamble, a phase prompt, a harness's reminder of the time or turns left:
    `template_form`). Kept per model.

    Args:
        model: the session's `ContentModel`.

    Returns:
        The lines as `template_form` gives them.
    """
    hit = _TEMPLATES.get(model.hashes)
    if hit is not None:
        return hit
    counts: dict[str, int] = {}
    seen: set[str] = set()
    for m in model.messages:
        if m.role != "user" or m.content_hash in seen:
            continue
        seen.add(m.content_hash)
        for line in {template_key(ln) for ln in m.text[:SCAN_CHARS].splitlines()}:
            if line:
                counts[line] = counts.get(line, 0) + 1
    found = frozenset(line for line, n in counts.items() if n >= TEMPLATE_REPEATS)
    _TEMPLATES.put(model.hashes, found)
    return found


_TEMPLATES: Memo[tuple[str, ...], frozenset[str]] = Memo(64)


def template_form(line: str) -> str:
    """A line as `template_lines` compares it: whitespace collapsed, and from
    `TEMPLATE_NUMBERED_MIN_CHARS` characters on each run of digits one "0" (a reminder
    says another time each turn; a short numbered request is another request).

    Args:
        line: one line of text.

    Returns:
        The line's form.
    """
    line = " ".join(line.split())
    return _DIGITS.sub("0", line) if len(line) >= TEMPLATE_NUMBERED_MIN_CHARS else line


def template_key(line: str) -> str:
    """A line's `template_form` when it is long enough to be a template's
    (`TEMPLATE_MIN_CHARS`), else "": what `template_lines` counts, and the offline summary
    among the requests it reads.

    Args:
        line: one line of text.

    Returns:
        The form, or "".
    """
    form = template_form(line)
    return form if len(form) >= TEMPLATE_MIN_CHARS else ""


# A line that only heads a result ("Observation:", "Execution logs:", "ERROR:", a status
# "<returncode>0</returncode>" or "Exit code 1", an opening "<output>", Codex's header
# lines): what the result says is on the lines after it. A status tag around words
# ("<system>Command executed successfully.</system>", Kimi's) says them.
_RESULT_HEADING = re.compile(r"[A-Za-z][\w ]{0,30}:|<(returncode|exit_code|exitcode)>\s*-?\d+\s*</\1>|<[a-z_]+>|"
                             r"exit code:? -?\d+|"
                             # (Codex's exec header: "Chunk ID: 046310", "Wall time: 0.05 seconds", ...)
                             r"chunk id: \w+|wall time: [\d.]+ ?\w*|process exited with code -?\d+|"
                             r"original token count: \d+", re.I)
_STATUS_TAG = re.compile(r"<(system|output|result|stdout)>\s*(.*?)\s*</\1>")


def heads_result(line: str) -> bool:
    """Whether a line of a result only heads the lines after it (`_RESULT_HEADING`).

    Args:
        line: one line of a result.

    Returns:
        True for "Observation:", "<returncode>0</returncode>", "Exit code 1", "<output>".
    """
    return _RESULT_HEADING.fullmatch(line.strip()) is not None


def said_line(lines: Iterable[str]) -> str:
    """What a result says in one line: its first line with words that does not only head
    the lines after it (nor is punctuation alone, a JSON result's "{"), out of a status
    tag; the first heading when nothing follows (a run's "<returncode>0</returncode>"
    with no output). One reading for the offline summary's "Last result" and fidelity's
    last step.

    Args:
        lines: the result's lines (a viewer's headers already left out by the caller).

    Returns:
        The line, stripped ("" for none).
    """
    heading = ""
    for line in lines:
        s = line.strip()
        if not s or not any(c.isalnum() for c in s):
            continue
        if heads_result(s):
            heading = heading or s
            continue
        tagged = _STATUS_TAG.fullmatch(s)
        return tagged.group(2) if tagged is not None and tagged.group(2) else s
    return heading


def request_line(text: str, template: frozenset[str]) -> str:
    """What a user message asks, as its first line says it: "" for a framework's
    message (one that opens with a bare label, `is_label`, or a line the framework
    repeats, `template_lines`), not a person's request.

    Args:
        text: the message's text.
        template: the session's `template_lines`.

    Returns:
        The first line (whitespace collapsed), or "".
    """
    for line in text.splitlines():
        line = " ".join(line.split())
        if len(line) < 3 or line.startswith("```"):
            continue
        return "" if is_label(line) or template_form(line) in template else line
    return ""
