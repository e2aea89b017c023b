"""The text of an injected summary (Eino's default post-processing), shared by the
planner (which counts it) and apply (which writes it)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from inspector.engine.analysis import analysis_of
from inspector.engine.models import Session
from inspector.engine.tokens import TokenCounter

if TYPE_CHECKING:
    from inspector.engine.config import CompactionConfig
    from inspector.engine.planning.results import SummarySpec



def summary_body(session: Session, config: CompactionConfig, spec: SummarySpec, text: str,
                 counter: TokenCounter) -> str:
    """Eino's default post-processing: preserved user messages, preserved tool outputs,
    the recovery hint, the preamble and the continuation instruction."""
    sc = config.summarization
    msgs = session.messages
    body = text.strip()
    if spec.preserved_users:  # Eino: replaces <all_user_messages> in the summary
        users = "\n\n".join(msgs[i].text for i in spec.preserved_users)
        section = f"<all_user_messages>\n{users}\n</all_user_messages>"
        start, end = body.find("<all_user_messages>"), body.find("</all_user_messages>")
        if 0 <= start < end:
            body = body[:start] + section + body[end + len("</all_user_messages>"):]
        else:
            body = f"{body}\n\nThe user's most recent messages, verbatim:\n{section}"
    if spec.preserved_tools:
        per_item = sc.preserve_tools.max_tokens_per_item
        blocks = []
        for i in spec.preserved_tools:
            content = _truncate_tokens(counter, msgs[i].text, per_item)
            blocks.append(f'<tool_output name="{msgs[i].name or "tool"}">\n{content}\n</tool_output>')
        body = f"{body}\n\nTool outputs kept from before the summary:\n" + "\n".join(blocks)
    if sc.recovery_hint:  # true: apply offloads the summarized messages under this id
        oid = summary_offload_id(spec)
        # The id alone resolves (`recover`); naming the version too would make the
        # applied summary longer than the planned, previewed and exported one.
        body = (f"{body}\n\nThe original messages {spec.start}\u2013{spec.end - 1} summarized here are stored "
                f"as {oid}; call {config.recovery_tool}(id=\"{oid}\") to read them.")
    return "\n\n".join(x for x in (sc.summary_prefix, body, sc.continue_instruction) if x)


def summary_offload_id(spec: SummarySpec) -> str:
    """The offload id the summarized messages of `spec` are stored under."""
    return "off-" + hashlib.blake2b(spec.key.encode(), digest_size=6).hexdigest()


def _truncate_tokens(counter: TokenCounter, text: str, limit: int) -> str:
    if counter.count(text) <= limit:
        return text
    encode = getattr(counter, "encode", None)
    if encode is not None:
        toks = encode(text)[:limit]
        # `encode` found: a tiktoken counter, whose `_enc` the TokenCounter protocol does not name
        kept: str = counter._enc.decode(toks)  # type: ignore[attr-defined]
        return kept + "\n[... truncated]"
    chars = int(limit * getattr(counter, "chars_per_token", 4.0))
    return text[:chars] + "\n[... truncated]"


def summary_message_tokens(session: Session, config: CompactionConfig, spec: SummarySpec, text: str,
                           counter: TokenCounter) -> int:
    """Exact tokens the summary adds to the context, as materialize writes it: a message
    of its own, or the growth of the message it is merged into."""
    body = summary_body(session, config, spec, text, counter)
    # Measured again and again (the summarizer's fit, its check, the exact re-plan, and
    # the next summary carrying the same preserved messages): by memoised lines where
    # the session's plans keep a memo of counts (exact: `TextCountCache.count_long`).
    a = analysis_of(session, counter)
    count = a.plan_memo.texts.count_long if a is not None and a.plan_memo is not None else counter.count
    if spec.merge_into is None:
        return counter.framing.per_message + count(body)
    if spec.injection == "user":
        return count(body + "\n\n")
    original = session.messages[spec.merge_into].text
    base = original
    prefix = config.summarization.summary_prefix
    if prefix and prefix in base:
        base = base[: base.index(prefix)].rstrip()
    return count(f"{base}\n\n{body}" if base else body) - count(original)


def pending_summary_text(spec: SummarySpec) -> str:
    """The placeholder a preview shows for a summary not generated yet: its span and estimated size."""
    return (f"(summary of messages {spec.start}\u2013{spec.end - 1} not generated yet: "
            f"about {spec.estimated_tokens:,} tokens)")
