"""Claude Code transcripts (`~/.claude/projects/<project>/<session>.jsonl`).

One JSON record per line. `user` / `assistant` records carry an Anthropic
`message`; records link to their parent through `parentUuid`, so a file holds a
tree (edits and retries branch it). The active branch is the chain from the last
main-chain record back to the root. Files whose records carry no parent links at
all are read in file order.

- Claude Code writes one record per content block of a streamed response; records of
  the same API response share `message.id` and become one assistant message (`raw` is
  the list of records).
- `tool_result` blocks in user records become `tool` messages (name from the call).
- `system` records with subtype `compact_boundary`, and the `isCompactSummary` user
  record that follows, become one compaction record; the chain stops at the boundary
  (its `parentUuid` is null), so history before it is not part of the session.
- `toolUseResult` (the tool's structured output for the UI) stays in `raw` only: the
  model never sees it, so it is not counted as context.
- `summary` records give the title. Sidechain (sub-agent) records and other record
  types are skipped and reported.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspector.engine.models import Message, Part, Session, ToolCall, Usage
from inspector.sources.base import Probe, Source, SourceError, iter_jsonl, parse_time

FORMAT = "claude-code"
MESSAGE_TYPES = ("user", "assistant", "system")


def _looks_like(rec: Any) -> bool:
    if not isinstance(rec, dict):
        return False
    t = rec.get("type")
    if t in ("user", "assistant") and isinstance(rec.get("message"), dict) and ("uuid" in rec or "sessionId" in rec):
        return True
    if t == "summary" and "leafUuid" in rec:
        return True
    if t == "system" and "uuid" in rec and ("subtype" in rec or "sessionId" in rec):
        return True
    if t == "file-history-snapshot" and "snapshot" in rec:
        return True
    return False


def sniff(probe: Probe) -> bool:
    if probe.kind not in ("json", "jsonl"):
        return False
    recs = [r for r in probe.records if isinstance(r, dict)]
    return bool(recs) and any(_looks_like(r) for r in recs) and all(
        isinstance(r.get("type"), str) for r in recs)


def load(probe: Probe) -> ClaudeCodeSource:
    return ClaudeCodeSource(probe.path)


_USAGE_KEYS = {"input_tokens": "input_tokens", "output_tokens": "output_tokens",
               "cache_read_input_tokens": "cache_read_tokens", "cache_creation_input_tokens": "cache_creation_tokens"}


def _usage(u: Any, where: str) -> Usage | None:
    if not isinstance(u, dict):
        return None
    counts: dict[str, int | None] = {}
    for key, field in _USAGE_KEYS.items():
        value = u.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise SourceError(f"{where}: message.usage.{key} is not a token count ({value!r:.40})")
        counts[field] = value
    return Usage(**counts)


def _tool_result_parts(content: Any) -> list[Part]:
    if content is None:
        return [Part(text="")]
    if isinstance(content, str):
        return [Part(text=content)]
    parts: list[Part] = []
    if isinstance(content, list):
        for b in content:
            if isinstance(b, str):
                parts.append(Part(text=b))
            elif isinstance(b, dict):
                if b.get("type") == "text":
                    parts.append(Part(text=str(b.get("text") or "")))
                elif b.get("type") == "image":
                    src = b.get("source") or {}
                    parts.append(Part(type="image", media_type=src.get("media_type"), url=src.get("url"), data=b))
                else:
                    parts.append(Part(type="other", text=str(b.get("text") or ""), data=b))
        return parts
    return [Part(text=json.dumps(content, ensure_ascii=False))]


def _blocks(content: Any) -> list[dict]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return [b if isinstance(b, dict) else {"type": "text", "text": str(b)} for b in content]
    return []


def _assistant_parts(blocks: list[dict], parts: list[Part], calls: list[ToolCall]) -> None:
    for b in blocks:
        t = b.get("type")
        if t == "text":
            parts.append(Part(text=str(b.get("text") or "")))
        elif t == "thinking":
            parts.append(Part(type="reasoning", text=str(b.get("thinking") or ""),
                              data={k: v for k, v in b.items() if k != "thinking"}))
        elif t == "redacted_thinking":
            parts.append(Part(type="reasoning", data=b))
        elif t in ("tool_use", "server_tool_use"):
            inp = b.get("input", {})
            calls.append(ToolCall(id=str(b.get("id") or ""), name=str(b.get("name") or ""),
                                  arguments_raw=inp if isinstance(inp, str) else json.dumps(inp, ensure_ascii=False),
                                  type="function" if t == "tool_use" else "server_tool_use"))
        else:
            parts.append(Part(type="other", text=str(b.get("text") or ""), data=b))


class ClaudeCodeSource(Source):
    format = FORMAT

    def __init__(self, path: Path):
        super().__init__(path)
        self._session: Session | None = None
        self._sid: str | None = None
        self._parse()

    def session_ids(self) -> list[str]:
        return [self._sid] if self._sid else []

    def _read(self, session_id: str) -> Session:
        return self._session  # type: ignore[return-value]

    # ---- parsing

    def _parse(self) -> None:
        path = self.path
        records: list[tuple[int, dict]] = []
        titles: dict[str, str] = {}
        for lineno, rec in iter_jsonl(path, self.skip):
            where = f"line {lineno}"
            if not isinstance(rec, dict):
                raise SourceError(f"{path}: {where}: expected a JSON object, got {type(rec).__name__}")
            t = rec.get("type")
            if t == "summary":
                if rec.get("leafUuid") and isinstance(rec.get("summary"), str):
                    titles[rec["leafUuid"]] = rec["summary"]
                continue
            if t not in MESSAGE_TYPES:
                self.skip(where, f"record type {t!r} is not part of the conversation")
                continue
            if rec.get("isSidechain"):
                self.skip(where, "sidechain (sub-agent) record")
                continue
            if t == "system" and rec.get("subtype") != "compact_boundary":
                self.skip(where, f"system record {rec.get('subtype') or ''}".strip() + " (not sent to the model)")
                continue
            if t in ("user", "assistant") and not isinstance(rec.get("message"), dict):
                raise SourceError(f"{path}: {where}: {t} record without a 'message' object")
            records.append((lineno, rec))
        active = self._active_branch(records)
        messages = self._messages(active)
        sid = None
        for _, rec in reversed(active or records):
            if rec.get("sessionId"):
                sid = str(rec["sessionId"])
                break
        self._sid = sid or path.stem
        title = None
        for _, rec in reversed(active):
            if rec.get("uuid") in titles:
                title = titles[rec["uuid"]]
                break
        if title is None and titles:
            title = list(titles.values())[-1]
        if title is None:
            for m in messages:
                if m.role == "user" and m.kind == "message" and m.text:
                    title = m.text.strip().splitlines()[0][:80]
                    break
        model = None
        for _, rec in reversed(active):
            if rec.get("type") == "assistant":
                model = rec["message"].get("model")
                if model and model != "<synthetic>":
                    break
        meta: dict[str, Any] = {}
        for _, rec in active[:1]:
            for k in ("cwd", "version", "gitBranch"):
                if rec.get(k):
                    meta[k] = rec[k]
        self._session = Session(
            id=self._sid, source_format=FORMAT, source_path=str(path), title=title, model=model,
            created_at=messages[0].timestamp if messages else None,
            updated_at=messages[-1].timestamp if messages else None,
            metadata=meta, messages=messages).renumber()

    def _active_branch(self, records: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
        if not records:
            return []
        if not any(rec.get("parentUuid") for _, rec in records):
            return records  # no links at all: file order
        by_uuid: dict[str, tuple[int, dict]] = {}
        for lr in records:
            u = lr[1].get("uuid")
            if u:
                by_uuid[u] = lr
        chain: list[tuple[int, dict]] = []
        seen: set[str] = set()
        cur: tuple[int, dict] | None = records[-1]
        while cur is not None:
            rec = cur[1]
            u = rec.get("uuid")
            if u in seen:
                self.skip(f"line {chain[-1][0]}", f"parentUuid cycle (parent {u} is already on the branch); "
                                                  "the branch starts here")
                break
            if u:
                seen.add(u)
            chain.append(cur)
            parent = rec.get("parentUuid")
            cur = by_uuid.get(parent) if parent else None
            if parent and cur is None:
                self.skip(f"line {chain[-1][0]}", f"parent {parent} is not in the file; the branch starts here")
        chain.reverse()
        off = len(records) - len(chain)
        if off:
            self.skip("file", f"{off} record(s) not on the active branch (earlier branches or before a compaction)")
        return chain

    def _messages(self, active: list[tuple[int, dict]]) -> list[Message]:
        out: list[Message] = []
        names: dict[str, str] = {}
        i = 0
        n = len(active)
        while i < n:
            lineno, rec = active[i]
            t = rec["type"]
            ts = parse_time(rec.get("timestamp"))
            if t == "system":  # compact boundary (+ the summary that follows)
                raw = [rec]
                text = ""
                if i + 1 < n and active[i + 1][1].get("isCompactSummary"):
                    i += 1
                    summary = active[i][1]
                    raw.append(summary)
                    text = "\n\n".join(str(b.get("text") or "") for b in _blocks(summary["message"].get("content"))
                                       if b.get("type") == "text")
                meta = {}
                if isinstance(rec.get("compactMetadata"), dict):
                    meta = dict(rec["compactMetadata"])
                out.append(Message(role="user", kind="compaction", parts=[Part(text=text)] if text else [],
                                   source_id=rec.get("uuid"), timestamp=ts, raw=raw, meta=meta))
                i += 1
                continue
            msg = rec["message"]
            if t == "assistant":
                mid = msg.get("id")
                group = [rec]
                j = i + 1
                while mid and j < n and active[j][1]["type"] == "assistant" and active[j][1]["message"].get("id") == mid:
                    group.append(active[j][1])
                    j += 1
                parts: list[Part] = []
                calls: list[ToolCall] = []
                for r in group:
                    _assistant_parts(_blocks(r["message"].get("content")), parts, calls)
                for c in calls:
                    names[c.id] = c.name
                out.append(Message(role="assistant", parts=parts, tool_calls=calls, source_id=rec.get("uuid"),
                                   timestamp=ts, usage=_usage(group[-1]["message"].get("usage"),
                                                              f"{self.path}: line {active[j - 1][0]}"),
                                   raw=group if len(group) > 1 else rec,
                                   meta={"message_id": mid} if mid else {}))
                i = j
                continue
            # user record
            blocks = _blocks(msg.get("content"))
            results = [b for b in blocks if b.get("type") == "tool_result"]
            rest = [b for b in blocks if b.get("type") != "tool_result"]
            for b in results:
                cid = str(b.get("tool_use_id") or "")
                out.append(Message(role="tool", tool_call_id=cid, name=names.get(cid),
                                   parts=_tool_result_parts(b.get("content")), source_id=rec.get("uuid"),
                                   timestamp=ts, raw=rec, meta={"is_error": True} if b.get("is_error") else {}))
            if rest:
                parts = []
                for b in rest:
                    if b.get("type") == "text":
                        parts.append(Part(text=str(b.get("text") or "")))
                    elif b.get("type") == "image":
                        src = b.get("source") or {}
                        parts.append(Part(type="image", media_type=src.get("media_type"), url=src.get("url"), data=b))
                    elif b.get("type") == "document":
                        parts.append(Part(type="file", media_type=(b.get("source") or {}).get("media_type"), data=b))
                    else:
                        parts.append(Part(type="other", text=str(b.get("text") or ""), data=b))
                kind = "compaction" if rec.get("isCompactSummary") else "message"
                out.append(Message(role="user", parts=parts, source_id=rec.get("uuid"), timestamp=ts, raw=rec,
                                   kind=kind, meta={"isMeta": True} if rec.get("isMeta") else {}))
            i += 1
        return out
