"""What a session is about: its first real request, told apart from preambles.

Agents often open a session with text that is not the user's request: a system prompt
stored as a user message (Google ADK and others), framework boilerplate (environment
context, reminders, AGENTS.md), or demonstrations of an earlier solved task (SWE-agent).
`is_preamble` recognises those; `first_request` finds the first user message that is
none of them and pulls the request out of its wrapper ("ISSUE:", `<pr_description>`);
`display_title` is what a list shows for a session. Pure functions: no IO.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from inspector.engine.models import Message, Session

TITLE_WIDTH = 60
TITLE_MESSAGES = 200  # messages read for a title: the request comes first

# Openings of text addressed to the model rather than written by the user.
_SYSTEM_OPENINGS = (
    "you are ", "you're a ", "setting:", "system:", "[system]", "<system", "# system",
    "instructions:", "your role", "act as ", "# agents.md", "<environment_context", "<user_instructions",
    "<system-reminder", "<command-name>", "<local-command-", "caveat: the messages below",
    "<permissions instructions",
)
# Where wrappers put the actual request; the first match wins.
_EXTRACTORS = (
    re.compile(r"<pr_description>\s*(.+?)\s*(?:</pr_description>|$)", re.S),
    re.compile(r"<issue>\s*(.+?)\s*(?:</issue>|$)", re.S),
    re.compile(r"<task>\s*(.+?)\s*(?:</task>|$)", re.S),
    re.compile(r"^ISSUE:\s*\n(.+)", re.S | re.M),
)
# The same, as patterns anywhere near the start (SWE-agent's templates, pasted prompts).
_SYSTEM_LIKE = re.compile(
    r"^\s*(?:<\s*system|\[?system\]?\s*:|#+\s*system|you are (?:a|an|the)\b|your role is|"
    r"instructions?\s*:|SETTING:)", re.I)
_DEMONSTRATION = re.compile(
    r"demonstration|here is an example|example (?:session|trajectory)|---\s*DEMONSTRATION", re.I)
_HEAD = 400  # characters looked at: the markers sit at the start of such messages
_CHALLENGE = re.compile(r"\ban? ((?:[\w-]+ ){0,2}?[\w-]+) problem named \"([^\"]{1,80})\"")


def _text(message: Message) -> str:
    from inspector.engine.content import own_text

    # (a user turn's own words: Claude Code puts its reminders into the first prompt)
    return own_text(message.text).strip() if message.role == "user" else message.text.strip()


def is_preamble(message: Message) -> bool:
    """True when a message is not a user's request: a system or developer message, a
    summary, an empty message, a system prompt or framework context stored as a user
    message, or a demonstration.

    Args:
        message: any message of a session.

    Returns:
        Whether a title or a summarizer should skip it when looking for the request.
    """
    if message.role in ("system", "developer") or message.kind != "message":
        return True
    if message.role != "user":
        return False
    if message.meta.get("is_demo") or (isinstance(message.raw, dict) and message.raw.get("is_demo")):
        return True
    text = _text(message)
    if not text:
        return True
    head = text[:_HEAD]
    return looks_like_system_prompt(text) or bool(_SYSTEM_LIKE.search(head) or _DEMONSTRATION.search(head))


def looks_like_system_prompt(text: str) -> bool:
    """True when a text reads as instructions to the model (a system prompt or
    framework context) rather than a request.

    Args:
        text: a message's text.

    Returns:
        Whether its opening is one of the known system-like openings.
    """
    head = text.lstrip().lower()
    return head.startswith(_SYSTEM_OPENINGS)


def first_request_index(messages: Sequence[Message]) -> int | None:
    """Position of the first real user request in a run of messages (what a summary
    states as the task).

    Args:
        messages: any run of messages (a summarized range, a whole session).

    Returns:
        The index of the first user message with text that is not a preamble; the
        first user message with text when all look like preambles; None when there is
        none.
    """
    first = None
    for i, m in enumerate(messages):
        if m.role != "user" or m.kind != "message" or not m.text.strip():
            continue
        if first is None:
            first = i
        if not is_preamble(m):
            return i
    return first


def first_request(session: Session) -> str | None:
    """The first real user request of a session, unwrapped, on one line.

    Args:
        session: the session (only its first user messages are read).

    Returns:
        The request's first meaningful line, whitespace collapsed; None when the
        session holds no user message other than preambles.
    """
    from inspector.engine.content import content_model

    # The session's content model: an observation stored as a user message (SWE-agent)
    # or a demonstration is never the request.
    head = session.messages[:TITLE_MESSAGES]
    model = content_model(head)
    asked = model.requests
    if asked:
        return request_line(_text(head[asked[0]]))
    for message in head:
        if message.role == "user" and not is_preamble(message):
            return request_line(_text(message))
    return None


def request_line(text: str) -> str | None:
    """The request inside a user message's text, as one line.

    Args:
        text: a user message's text.

    Returns:
        The first non-empty line of the request (unwrapped from known wrappers), or
        None for blank text.
    """
    challenge = _CHALLENGE.search(text[:2000])
    if challenge:
        return f"{challenge.group(1).strip()} challenge “{challenge.group(2)}”"
    for pattern in _EXTRACTORS:
        found = pattern.search(text)
        if found:
            text = found.group(1)
            break
    for line in text.splitlines():
        line = " ".join(line.split())
        if line:
            return line
    return None


def shorten(text: str, width: int = TITLE_WIDTH) -> str:
    """`text` on one line, cut at a word boundary to at most `width` characters.

    Args:
        text: any text.
        width: the maximum length, the ellipsis included.

    Returns:
        The shortened text, ending in "…" when something was cut.
    """
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text[:width - 1]
    space = cut.rfind(" ")
    if space >= width // 2:
        cut = cut[:space]
    return cut.rstrip(" ,.;:-") + "…"


def looks_like_id(title: str | None, *ids: str | None) -> bool:
    """True when a stored title is only an identifier: no title, or one of `ids`
    (or part of one: workspace ids embed the source's id) with no spaces.

    Args:
        title: the stored title.
        ids: the session's ids (its own, the source's).

    Returns:
        Whether a derived title would say more.
    """
    if not title or not title.strip():
        return True
    t = title.strip().lower()
    if " " in t:
        return False
    slug = re.sub(r"[^a-z0-9]+", "-", t).strip("-")
    for i in ids:
        if not i:
            continue
        low = i.lower()
        if t == low or t in low or (slug and slug in re.sub(r"[^a-z0-9]+", "-", low)):
            return True
    return False


def display_title(session: Session, width: int = TITLE_WIDTH, *ids: Any) -> str:
    """The title a list shows: the stored title, else the first real request,
    shortened, else the id.

    Args:
        session: the session.
        width: the maximum length.
        ids: other ids the stored title may merely repeat (the source's session id).

    Returns:
        A one-line title of at most `width` characters.
    """
    stored = session.title
    if not looks_like_id(stored, session.id, *[str(i) for i in ids if i]):
        return shorten(stored or "", width)
    request = first_request(session)
    if request:
        return shorten(request, width)
    return shorten(stored or session.id, width)
