"""Which user message states the task.

Agent stores often keep the system prompt or a worked demonstration as the first
user message (SWE-agent's instance and demonstration templates, prompts pasted as a
first turn). The task is the first user message that is neither.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from inspector.engine.models import Message

# Openings of a system prompt written as a user turn.
_SYSTEM_LIKE = re.compile(
    r"^\s*(?:<\s*system|\[?system\]?\s*:|#+\s*system|you are (?:a|an|the)\b|your role is|"
    r"instructions?\s*:|SETTING:)", re.I)
# A worked example shown before the real task.
_DEMONSTRATION = re.compile(
    r"demonstration|here is an example|example (?:session|trajectory)|---\s*DEMONSTRATION", re.I)
_HEAD = 400  # characters looked at: markers sit at the start of such messages


def is_preamble(m: Message) -> bool:
    """True for a user message that is a system prompt or a demonstration, not a request."""
    head = m.text[:_HEAD]
    return bool(_SYSTEM_LIKE.search(head) or _DEMONSTRATION.search(head))


def first_request(messages: Sequence[Message]) -> int | None:
    """Position of the first real user request in `messages`.

    Args:
        messages: any run of messages (a summarized range, a whole session).

    Returns:
        The index of the first user message (kind "message", with text) that is not a
        preamble; the first user message with text when all look like preambles; None
        when there is none.
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
