"""What the model would see of one message once a plan is applied: the message as a
stage leaves it, the summary it is folded into, or nothing, with a one-line note.

The session screen's detail pane and the preview both show it; the text of a message
is the front end's to render.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspector.engine.planning.results import Action

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.models import Message, Session
    from inspector.engine.planning.results import Plan


@dataclass(frozen=True, slots=True)
class MessageAfter:
    """One message after the plan.

    Attributes:
        message: the message as sent (reduced by truncation or clearing, or as it is);
            None when it is folded into a summary or dropped.
        summary: the text standing for it inside a summary (the generated summary when
            known, else a placeholder with the planner's estimate); "" otherwise.
        note: one line saying what happens to it.
    """

    message: Message | None
    summary: str
    note: str


def message_after(session: Session, plan: Plan, i: int, summary_texts: dict[str, str] | None = None) -> MessageAfter:
    """What the model would see of message `i` once `plan` is applied.

    Args:
        session: the planned session.
        plan: its plan.
        i: the message's position.
        summary_texts: generated summaries by their cache key, when known.

    Returns:
        The message as sent, or the summary text standing for it, and a note.
    """
    from inspector.engine.applier import reduce_message

    action = plan.actions[i]
    msg = session.messages[i]
    if action in (Action.TRUNCATE, Action.CLEAR):
        red = plan.reductions.get(i)
        reduced, _ = reduce_message(session, plan, i)
        note = f"{action} ({red.stage}, offload {red.offload_id})" if red else str(action)
        return MessageAfter(reduced, "", note)
    if action in (Action.SUMMARIZE, Action.PRESERVE):
        spec = next((s for s in plan.summaries if s.start <= i < s.end), None)
        if spec is None:
            return MessageAfter(None, "", str(action))
        where = f"summary of messages {spec.start}–{spec.end - 1}"
        if action == Action.PRESERVE:
            return MessageAfter(msg, "", f"preserved: carried verbatim inside the {where}")
        text = (summary_texts or {}).get(spec.key)
        body = text if text else (f"(folded into the {where}; about {spec.estimated_tokens:,} tokens, "
                                  "generated on apply)")
        return MessageAfter(None, body, f"summarized into the {where} (injected as {spec.injection})")
    if action == Action.DROP:
        return MessageAfter(None, "", "dropped by tailoring: not sent to the model")
    return MessageAfter(msg, "", "kept as is")
