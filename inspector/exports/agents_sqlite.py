"""Canonical messages -> OpenAI Responses-API input items, written as a new session of
an OpenAI Agents SDK `SQLiteSession` database, so an agent resumes from the
compacted state.

The database schema is the SDK's own (`agent_sessions(session_id, created_at,
updated_at)`, `agent_messages(id, session_id, message_data, created_at)`), created if
missing. A new session id is always used: an existing session is never written to.
The whole session is inserted in one transaction.

Items:
- a message that came from a Responses-API source (Agents SDK, Codex) and was not
  changed is written back from `raw`, verbatim (ids, encrypted reasoning, statuses);
- otherwise: user/system/developer -> `{"role", "content"}` messages; an assistant
  message -> its `reasoning` items (kept verbatim from the part's `data`, with
  `encrypted_content`), an assistant message, then `function_call` /
  `custom_tool_call` items; a tool result -> `function_call_output` (or the output
  type matching its call).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from inspector._faults import fault_point
from inspector.engine.models import Message

SESSIONS_TABLE = "agent_sessions"
MESSAGES_TABLE = "agent_messages"

# The SDK's schema (agents.memory.SQLiteSession._init_db_for_connection).
SCHEMA = (
    f"""CREATE TABLE IF NOT EXISTS {SESSIONS_TABLE} (
        session_id TEXT PRIMARY KEY,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
    )""",
    f"""CREATE TABLE IF NOT EXISTS {MESSAGES_TABLE} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL,
        message_data TEXT NOT NULL,
        created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
        FOREIGN KEY (session_id) REFERENCES {SESSIONS_TABLE} (session_id)
            ON DELETE CASCADE
    )""",
    f"""CREATE INDEX IF NOT EXISTS idx_{MESSAGES_TABLE}_session_id
        ON {MESSAGES_TABLE} (session_id, id)""",
)

ITEM_TYPES = {
    "message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
    "custom_tool_call_output", "web_search_call", "file_search_call", "computer_call", "computer_call_output",
    "code_interpreter_call", "image_generation_call", "local_shell_call", "local_shell_call_output",
    "shell_call", "shell_call_output", "apply_patch_call", "apply_patch_call_output", "mcp_call",
    "mcp_list_tools", "mcp_approval_request", "mcp_approval_response", "tool_search_call",
    "tool_search_output", "compaction", "compaction_summary", "item_reference",
}
_PART_TYPES = {"input_text", "output_text", "input_image", "input_file", "input_audio", "refusal"}
_MESSAGE_ROLES = {"user", "assistant", "system", "developer"}


class AgentsExportError(RuntimeError):
    pass


def _is_item(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    t = value.get("type")
    if t is not None:
        if t not in ITEM_TYPES:
            return False
        if t != "message":
            return True
    # A message item: a role, and content the Responses API reads.
    if value.get("role") not in _MESSAGE_ROLES or set(value) & {"tool_calls", "tool_call_id", "function_call"}:
        return False
    content = value.get("content")
    if isinstance(content, str):
        return True
    return isinstance(content, list) and all(isinstance(c, dict) and c.get("type") in _PART_TYPES for c in content)


def _untouched(m: Message) -> bool:
    return not (m.meta.get("inspector_reduced") or m.meta.get("inspector_summary")) and m.kind != "summary"


def _raw_items(m: Message) -> list[dict] | None:
    if not _untouched(m):
        return None
    raw = m.raw
    items = raw if isinstance(raw, list) else [raw]
    if items and all(_is_item(i) for i in items):
        return items  # type: ignore[return-value]
    return None


def _content(m: Message, role: str) -> Any:
    text_type = "output_text" if role == "assistant" else "input_text"
    parts: list[dict[str, Any]] = []
    plain = True
    for p in m.parts:
        if p.type == "text":
            if p.text or not parts:
                item: dict[str, Any] = {"type": text_type, "text": p.text}
                if role == "assistant":
                    item["annotations"] = []
                parts.append(item)
        elif p.type == "image" and role != "assistant":
            plain = False
            if isinstance(p.data, dict) and p.data.get("type") == "input_image":
                parts.append(p.data)
            elif p.url:
                parts.append({"type": "input_image", "image_url": p.url, "detail": "auto"})
        elif p.type == "file" and role != "assistant":
            plain = False
            if isinstance(p.data, dict) and p.data.get("type") == "input_file":
                parts.append(p.data)
            elif p.text:
                parts.append({"type": text_type, "text": p.text})
    if plain and role != "assistant":
        texts = [p["text"] for p in parts]
        return texts[0] if len(texts) == 1 else "\n\n".join(texts)
    return parts


def _reasoning_item(data: dict, text: str) -> dict[str, Any] | None:
    if data.get("type") == "reasoning":
        return data
    if "encrypted_content" in data:
        item = {"type": "reasoning", "id": data.get("id") or "", "summary": []}
        if text:
            item["summary"] = [{"type": "summary_text", "text": text}]
        item["encrypted_content"] = data["encrypted_content"]
        if not item["id"]:
            del item["id"]
        return item
    return None


def to_responses_items(messages: Sequence[Message], warnings: list[str] | None = None) -> list[dict[str, Any]]:
    """Responses-API input items for the messages, in order."""
    warn = warnings if warnings is not None else []
    items: list[dict[str, Any]] = []
    call_types: dict[str, str] = {}
    for m in messages:
        where = f"message {m.position}"
        raw = _raw_items(m)
        if raw is not None:
            for it in raw:
                if it.get("type") in ("function_call", "custom_tool_call") or str(it.get("type", "")).endswith("_call"):
                    if it.get("call_id"):
                        call_types[str(it["call_id"])] = it["type"]
            items.extend(raw)
            continue
        if m.kind == "compaction":
            warn.append(f"{where}: compaction record from another format left out")
            continue
        if m.role == "tool":
            cid = m.tool_call_id or ""
            kind = call_types.get(cid, "function_call")
            out_type = f"{kind}_output"
            output: Any = m.text
            if any(p.type == "image" for p in m.parts):
                output = _content(m, "user")
                if isinstance(output, str):
                    output = [{"type": "input_text", "text": output}]
            if out_type not in ITEM_TYPES:
                out_type = "function_call_output"
            items.append({"type": out_type, "call_id": cid, "output": output})
            continue
        if m.role != "assistant":
            items.append({"role": m.role, "content": _content(m, m.role)})
            continue
        # assistant: reasoning and hosted items in part order, the text, then the calls
        texts_pending = False
        for p in m.parts:
            if p.type == "reasoning":
                item = _reasoning_item(p.data or {}, p.text)
                if item is None:
                    warn.append(f"{where}: reasoning without OpenAI encrypted content left out")
                else:
                    items.append(item)
            elif p.type == "other" and _is_item(p.data) and (p.data or {}).get("type") != "message":
                items.append(p.data)  # type: ignore[arg-type]
            elif p.type == "text" and p.text:
                texts_pending = True
        if texts_pending:
            items.append({"type": "message", "role": "assistant", "status": "completed",
                          "content": _content(m, "assistant")})
        raw_by_call = {}
        if isinstance(m.raw, (list, dict)):
            for it in m.raw if isinstance(m.raw, list) else [m.raw]:
                if isinstance(it, dict) and it.get("call_id"):
                    raw_by_call[str(it["call_id"])] = it
        for c in m.tool_calls:
            if c.type == "custom":
                items.append({"type": "custom_tool_call", "call_id": c.id, "name": c.name, "input": c.arguments_raw})
                call_types[c.id] = "custom_tool_call"
            elif c.type == "function":
                items.append({"type": "function_call", "call_id": c.id, "name": c.name, "arguments": c.arguments_raw})
                call_types[c.id] = "function_call"
            elif c.id in raw_by_call:
                items.append(raw_by_call[c.id])
                call_types[c.id] = raw_by_call[c.id].get("type", "function_call")
                if m.meta.get("inspector_reduced"):
                    warn.append(f"{where}: {c.type} call {c.id} written as recorded (its arguments cannot be "
                                "cleared in this format)")
            else:
                items.append({"type": "function_call", "call_id": c.id, "name": c.name, "arguments": c.arguments_raw})
                call_types[c.id] = "function_call"
    return items


def _now_sql() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")


def write_agents_session(
    items: Sequence[dict[str, Any]],
    db_path: str | Path,
    session_id: str | None = None,
    *,
    base: str = "inspector",
) -> str:
    """Insert `items` as a new session of the SDK database at `db_path`; returns its id.

    `session_id` is used if free; if that session exists, `-2`, `-3`, ... is appended
    (nothing is ever added to an existing session). One transaction: on any error the
    database is unchanged.
    """
    path = Path(db_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        with open(path, "rb") as fh:
            head = fh.read(16)
        if head and head != b"SQLite format 3\x00":
            raise AgentsExportError(f"{path}: exists and is not a SQLite database")
    payloads = [json.dumps(item, ensure_ascii=False) for item in items]
    conn = sqlite3.connect(str(path), timeout=30.0, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for sql in SCHEMA:
                conn.execute(sql)
            wanted = session_id or f"{base}-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}"
            sid = wanted
            n = 1
            while conn.execute(
                f"SELECT 1 FROM {SESSIONS_TABLE} WHERE session_id = ? UNION ALL "
                f"SELECT 1 FROM {MESSAGES_TABLE} WHERE session_id = ? LIMIT 1", (sid, sid)).fetchone():
                n += 1
                sid = f"{wanted}-{n}"
            now = _now_sql()
            conn.execute(f"INSERT INTO {SESSIONS_TABLE} (session_id, created_at, updated_at) VALUES (?, ?, ?)",
                         (sid, now, now))
            conn.executemany(
                f"INSERT INTO {MESSAGES_TABLE} (session_id, message_data, created_at) VALUES (?, ?, ?)",
                ((sid, data, now) for data in payloads))
            fault_point("export.agents_insert")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise AgentsExportError(f"{path}: cannot write the Agents SDK session ({exc})") from None
    finally:
        conn.close()
    return sid
