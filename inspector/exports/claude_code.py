"""Canonical messages -> a Claude Code transcript (`<sessionId>.jsonl`), so a compacted
session can be resumed with `claude --resume <sessionId>` from its project folder
(`~/.claude/projects/<project>/`).

Records follow what Claude Code writes (and `inspector.sources.claude_code` reads):

- every record gets a fresh `uuid` and the new `sessionId`; each record's
  `parentUuid` is the record before it, so the whole file is one branch;
- a summary is written the way Claude Code writes its own `/compact`: a `system`
  record with subtype `compact_boundary` (`parentUuid` null, `compactMetadata` with
  the tokens before compaction), then a `user` record with `isCompactSummary` holding
  the summary after Claude Code's own preamble. The boundary starts the branch, so
  messages that preceded the summary are written after it (with a warning);
- an API response is one `assistant` record per content block, sharing `message.id`;
  each tool result is its own `user` record with one `tool_result` block;
- a message compaction left alone, read from a Claude Code transcript, is written from
  its records (thinking signatures, `toolUseResult`, usage) with only the ids and
  links renewed; anything else is built with the Anthropic codec
  (`inspector.formats.anthropic`);
- system prompts are not part of a transcript (Claude Code sends its own) and are
  left out, with a warning.
"""

from __future__ import annotations

import copy
import os
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from inspector.atomic import atomic_write_chunks
from inspector.engine.models import SYSTEM_ROLES, Message
from inspector.engine.wording import plural
from inspector.formats.anthropic import to_anthropic
from inspector.formats.common import json_text, untouched

# What Claude Code puts before its own compact summaries.
SUMMARY_PREAMBLE = ("This session is being continued from a previous conversation that ran out of context. "
                    "The conversation is summarized below:\n")
VERSION = "1.0.71"  # the transcript version the reader's fixtures are written in


def _records(raw: Any) -> list[dict[str, Any]]:
    items = raw if isinstance(raw, list) else [raw]
    if items and all(isinstance(r, dict) and r.get("type") in ("user", "assistant", "system")
                     and isinstance(r.get("message", {}), dict) for r in items):
        return items
    return []


def _has_results(records: list[dict[str, Any]]) -> bool:
    """Does a user record also carry tool results (written with their tool messages)?"""
    return any(isinstance(b, dict) and b.get("type") == "tool_result"
               for r in records for b in (r["message"].get("content") if isinstance(r["message"].get("content"), list)
                                          else []))


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _stamp(m: Message) -> str:
    if m.timestamp is None:
        return _now()
    t = m.timestamp if m.timestamp.tzinfo else m.timestamp.replace(tzinfo=UTC)
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


class _Writer:
    """Builds the records of one transcript, linking each to the one before."""

    def __init__(self, session_id: str, cwd: str, version: str, git_branch: str | None) -> None:
        self.session_id = session_id
        self.base: dict[str, Any] = {"isSidechain": False, "userType": "external", "cwd": cwd,
                                     "sessionId": session_id, "version": version}
        if git_branch:
            self.base["gitBranch"] = git_branch
        self.records: list[dict[str, Any]] = []
        self.parent: str | None = None

    def add(self, rec: dict[str, Any], *, root: bool = False) -> None:
        u = str(uuid.uuid4())
        rec["parentUuid"] = None if root else self.parent
        rec["uuid"] = u
        rec["sessionId"] = self.session_id
        rec.pop("logicalParentUuid", None)
        rec.pop("leafUuid", None)
        self.records.append(rec)
        self.parent = u

    def new(self, type_: str, timestamp: str, **fields: Any) -> dict[str, Any]:
        return {"parentUuid": None, **self.base, "type": type_, **fields, "uuid": "", "timestamp": timestamp}

    def copy(self, rec: dict[str, Any]) -> None:
        r = copy.deepcopy(rec)
        r.pop("isSidechain", None)
        self.add({"parentUuid": None, "isSidechain": False, **r})


def _blocks(m: Message, warnings: list[str]) -> list[dict[str, Any]]:
    """The message's Anthropic content blocks (one message at a time, so no leading
    user turn)."""
    body = to_anthropic([m], warnings=warnings, lead_with_user=False)
    turns = body.get("messages") or []
    return [b for t in turns for b in t["content"]]


def _summary_text(m: Message) -> str:
    text = m.text
    return text if text.startswith(SUMMARY_PREAMBLE) else SUMMARY_PREAMBLE + text


def to_claude_code(
    messages: Sequence[Message],
    *,
    session_id: str | None = None,
    model: str | None = None,
    cwd: str | None = None,
    version: str | None = None,
    git_branch: str | None = None,
    pre_tokens: int | None = None,
    warnings: list[str] | None = None,
) -> tuple[str, list[dict[str, Any]]]:
    """The transcript records for the messages.

    Args:
        messages: the (compacted) session's messages.
        session_id: the new session's id (default: a fresh uuid, as Claude Code uses).
        model: the model named on assistant records that have none.
        cwd, version, git_branch: the fields Claude Code puts on every record
            (default: the current directory and this writer's transcript version).
        pre_tokens: tokens before compaction, for the boundary's `compactMetadata`.
        warnings: collects what could not be carried.

    Returns:
        (the session id, the records in file order).
    """
    warn = warnings if warnings is not None else []
    w = _Writer(session_id or str(uuid.uuid4()), cwd or os.getcwd(), version or VERSION, git_branch)
    order, boundary = _summary_first(messages, warn)
    i = 0
    while i < len(order):
        m = order[i]
        i += 1
        if i == 1 and boundary:
            _write_boundary(w, m, pre_tokens)
            continue
        if m.role in SYSTEM_ROLES and m.kind == "message":
            warn.append(f"message {m.position}: {m.role} message left out (Claude Code sends its own system prompt)")
            continue
        copied = _copy_source_records(w, order, i - 1)
        if copied:
            i += copied - 1
            continue
        _write_fresh(w, m, model, warn)
    return w.session_id, w.records


def _summary_first(messages: Sequence[Message], warn: list[str]) -> tuple[list[Message], bool]:
    """The messages in file order, the first summary moved to the front (a compact
    boundary starts a Claude Code transcript), and whether there is one.

    The summary of the turn in flight, an assistant message after its request, stays
    where it is, as the assistant's: a boundary would put it before the request.
    """
    start = next((k for k, m in enumerate(messages) if (m.kind in ("summary", "compaction") and m.role != "assistant")
                  or (m.role in SYSTEM_ROLES and m.meta.get("inspector_summary"))), None)
    order = list(messages)
    if start is None:
        return order, False
    before = [m for m in order[:start] if m.role not in SYSTEM_ROLES]
    if before:
        warn.append(f"{plural(len(before), 'message')} before the summary written after it (a compact boundary "
                    "starts a Claude Code transcript)")
    return [order[start]] + order[:start] + order[start + 1:], True


def _write_boundary(w: _Writer, m: Message, pre_tokens: int | None) -> None:
    """The compact boundary and the summary record after it, as `/compact` writes them."""
    meta: dict[str, Any] = {"trigger": "manual"}
    meta.update({k: v for k, v in m.meta.items() if k in ("trigger", "preTokens")})
    if pre_tokens is not None:
        meta["preTokens"] = pre_tokens
    ts = _stamp(m)
    # Claude Code names the record before the boundary in logicalParentUuid; the
    # boundary opens this file, so there is none (null, the key kept as it writes it)
    w.add(w.new("system", ts, subtype="compact_boundary", content="Conversation compacted", isMeta=False,
                level="info", compactMetadata=meta), root=True)
    w.records[-1]["logicalParentUuid"] = None
    w.add(w.new("user", ts, message={"role": "user", "content": _summary_text(m)},
                isCompactSummary=True, isVisibleInTranscriptOnly=True))


def _copy_source_records(w: _Writer, order: Sequence[Message], i: int) -> int:
    """Copy `order[i]`'s own source records when they still say what it says.

    Returns:
        How many messages the copied records carry (0: nothing copied). One user record
        may hold several tool results: it is copied once, for all of them.
    """
    m = order[i]
    # (a changed message, a summary or one with renamed tool-call ids is not copied
    # from its source records: they hold the old content and ids)
    raw = None if not untouched(m) else m.raw  # unpacked once (a loaded record is packed)
    records = [] if raw is None else _records(raw)
    if not records:
        return 0
    if m.role == "tool":
        content = records[0]["message"].get("content") or []
        results = [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]
        group = [m]
        j = i + 1
        while (j < len(order) and len(group) < len(results) and order[j].role == "tool"
               and untouched(order[j]) and order[j].raw == raw):
            group.append(order[j])
            j += 1
        if len(results) == len(content) and [b.get("tool_use_id") for b in results] == [x.tool_call_id
                                                                                    for x in group]:
            w.copy(records[0])
            return len(group)
        return 0
    if m.role in ("user", "assistant") and m.kind == "message" and not _has_results(records):
        for r in records:
            w.copy(r)
        return 1
    return 0


def _write_fresh(w: _Writer, m: Message, model: str | None, warn: list[str]) -> None:
    """New records for a message that has no source records to copy: one per block for
    an assistant reply (as Claude Code streams them), one user record otherwise."""
    ts = _stamp(m)
    blocks = _blocks(m, warn)
    if m.role == "assistant":
        if not blocks:
            warn.append(f"message {m.position}: empty assistant message left out")
            return
        mid = f"msg_{uuid.uuid4().hex[:24]}"
        request_id = f"req_{uuid.uuid4().hex[:24]}"  # one API request: every record of the reply has it
        usage = {"input_tokens": 0, "output_tokens": 0}
        if m.usage is not None:
            usage = {"input_tokens": m.usage.input_tokens or 0, "output_tokens": m.usage.output_tokens or 0,
                     "cache_read_input_tokens": m.usage.cache_read_tokens or 0,
                     "cache_creation_input_tokens": m.usage.cache_creation_tokens or 0}
        for b in blocks:
            w.add(w.new("assistant", ts, message={
                "id": mid, "type": "message", "role": "assistant", "model": model or "<synthetic>",
                "content": [b], "stop_reason": None, "stop_sequence": None, "usage": usage},
                requestId=request_id))
    elif m.role == "tool":
        w.add(w.new("user", ts, message={"role": "user", "content": blocks}))
    else:  # user, or a later summary / compaction record
        content: Any = blocks
        if len(blocks) == 1 and set(blocks[0]) == {"type", "text"}:
            content = blocks[0]["text"]
        if not blocks:
            content = m.text
        w.add(w.new("user", ts, message={"role": "user", "content": content}))


def write_claude_code(path: str | Path, records: Sequence[dict[str, Any]]) -> Path:
    """Write the records as JSONL, atomically (whole or not at all)."""
    return atomic_write_chunks(path, (json_text(r) + "\n" for r in records))
