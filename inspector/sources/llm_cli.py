"""Simon Willison's `llm` CLI `logs.db`, both layouts, whichever a database has.

- Message store (llm >= 0.36): `threads` point at a tip message; `messages` form a
  content-addressed tree through `parent_hash`; `parts` hold text, reasoning,
  tool_call, tool_result and attachment parts, with text borrowed from `fragments`
  through a `text_ref` list in the payload. `turns` give model, time and usage.
- Legacy tables (llm 0.x before the store): `conversations`, `responses` (prompt,
  system, response, usage), `tool_calls` and `tool_results` (a result is logged on
  the response it was sent with), fragments in `prompt_fragments` /
  `system_fragments`.

Tables are found by their columns. A session is a thread (store) or a conversation
(legacy); a database that has both lists both.
"""

from __future__ import annotations

import json
from typing import Any

from inspector.engine.models import Message, Part, Session, ToolCall, Usage
from inspector.sources.jsonio import parse_json
from inspector.sources.model import parse_time
from inspector.sources.probing import Probe
from inspector.sources.sqlite import SqliteSource

FORMAT = "llm"
THREADS = ("id", "name", "tip_message_hash", "forked_from")
MESSAGES = ("hash", "parent_hash", "role")
PARTS = ("message_hash", "position", "type", "tool_name", "text", "payload")
TURNS = ("id", "thread_id", "parent_message_hash", "tip_message_hash", "model")
CONVERSATIONS = ("id", "name", "model")
RESPONSES = ("id", "model", "prompt", "system", "response", "conversation_id", "datetime_utc")
TOOL_CALLS = ("response_id", "name", "arguments", "tool_call_id")
TOOL_RESULTS = ("response_id", "name", "output", "tool_call_id")
FRAGMENTS = ("id", "hash", "content")
CHUNK = 900  # SQLite host-parameter limit headroom
SQLITE_TABLES = (RESPONSES, THREADS, PARTS)  # for the "lacks column" hint on unknown schemas


def _store_tables(probe: Probe) -> dict[str, str | None]:
    return {
        "threads": probe.find_table(*THREADS),
        "messages": probe.find_table(*MESSAGES, without=("message_data", "event_data")),
        "parts": probe.find_table(*PARTS),
        "turns": probe.find_table(*TURNS),
    }


def _legacy_tables(probe: Probe) -> dict[str, str | None]:
    return {
        "responses": probe.find_table(*RESPONSES),
        "conversations": probe.find_table(*CONVERSATIONS, without=("prompt",)),
        "tool_calls": probe.find_table(*TOOL_CALLS, without=("output",)),
        "tool_results": probe.find_table(*TOOL_RESULTS),
    }


def sniff(probe: Probe) -> bool:
    """Is the database an `llm` CLI log (the threads store, or the legacy `responses` table)?"""
    if probe.kind != "sqlite":
        return False
    st = _store_tables(probe)
    if st["threads"] and st["messages"] and st["parts"]:
        return True
    return _legacy_tables(probe)["responses"] is not None


def load(probe: Probe) -> LlmSource:
    """The `llm` conversations of the probed database."""
    return LlmSource(probe)


def _usage(inp: Any, out: Any, details: Any) -> Usage | None:
    if inp is None and out is None:
        return None
    cached = None
    if isinstance(details, str) and details:
        try:
            d = json.loads(details)
            if isinstance(d, dict):
                c = d.get("cached_tokens") or (d.get("prompt_tokens_details") or {}).get("cached_tokens")
                cached = c if isinstance(c, int) else None
        except ValueError:
            pass
    if isinstance(inp, int) and cached:
        inp -= cached
    return Usage(input_tokens=inp, output_tokens=out, cache_read_tokens=cached)


class LlmSource(SqliteSource):
    """The conversations of an `llm` CLI log database: threads, or legacy responses grouped by conversation."""

    format = FORMAT

    def __init__(self, probe: Probe):
        super().__init__(probe)
        st = _store_tables(probe)
        self.store = st if st["threads"] and st["messages"] and st["parts"] else None
        lg = _legacy_tables(probe)
        self.legacy = lg if lg["responses"] else None
        self.fragments = probe.find_table(*FRAGMENTS)
        self._ids: list[str] | None = None
        self._kind: dict[str, tuple[str, Any]] = {}

    def session_ids(self) -> list[str]:
        """The conversation ids: the threads first, then the legacy conversations, in the order written."""
        if self._ids is not None:
            return self._ids
        ids: list[str] = []
        if self.store:
            t = self.store["threads"]
            for r in self.query(f"SELECT id, name, tip_message_hash, datetime_utc FROM {self.q(t)} ORDER BY rowid",
                                where=f"table {t}") if self.has(t, "datetime_utc") else \
                    self.query(f"SELECT id, name, tip_message_hash, NULL FROM {self.q(t)} ORDER BY rowid",
                               where=f"table {t}"):
                if r[0] is None:  # not a session called "None"
                    self.skip(f"table {t}", "a thread with a NULL id, left out")
                    continue
                sid = str(r[0])
                if sid not in self._kind:
                    self._kind[sid] = ("thread", (r[1], r[2], r[3]))
                    ids.append(sid)
        if self.legacy:
            rt = self.legacy["responses"]
            names: dict[str, tuple[Any, ...]] = {}
            ct = self.legacy["conversations"]
            if ct:
                for r in self.query(f"SELECT id, name, model FROM {self.q(ct)}", where=f"table {ct}"):
                    names[str(r[0])] = (r[1], r[2])
            for r in self.query(f"SELECT COALESCE(conversation_id, id), MIN(datetime_utc) FROM {self.q(rt)} "
                                f"GROUP BY COALESCE(conversation_id, id) ORDER BY MIN(datetime_utc), MIN(rowid)",
                                where=f"table {rt}"):
                if r[0] is None:  # neither a conversation id nor its own id: not a session "None"
                    self.skip(f"table {rt}", "responses with a NULL id and no conversation_id, left out")
                    continue
                sid = str(r[0])
                if sid not in self._kind:
                    self._kind[sid] = ("conversation", names.get(sid, (None, None)))
                    ids.append(sid)
        self._ids = ids
        return ids

    def _read(self, session_id: str) -> Session:
        kind, info = self._kind[session_id]
        if kind == "thread":
            return self._read_thread(session_id, *info)
        return self._read_conversation(session_id, *info)

    # ---- helpers

    def _in_query(self, sql: str, keys: list[Any], where: str) -> list[Any]:
        rows: list[Any] = []
        for i in range(0, len(keys), CHUNK):
            chunk = keys[i:i + CHUNK]
            rows.extend(self.query(sql.format(ph=",".join("?" * len(chunk))), chunk, where=where))
        return rows

    def _fragment_texts(self, ids: set[int]) -> dict[int, str]:
        if not ids or not self.fragments:
            return {}
        rows = self._in_query(f"SELECT id, content FROM {self.q(self.fragments)} WHERE id IN ({{ph}})",
                              sorted(ids), where=f"table {self.fragments}")
        return {r[0]: r[1] for r in rows}

    # ---- message store

    def _read_thread(self, thread_id: str, name: Any, tip: Any, created: Any) -> Session:
        assert self.store is not None  # session_ids() lists threads only with the store tables
        where = f"thread {thread_id!r}"
        chain = self._chain(where, tip)
        hashes = [r["hash"] for r in chain]
        part_rows, payloads, frags = self._parts(where, hashes)
        turn_at, model = self._turns(thread_id, where, hashes)
        messages: list[Message] = []
        for row in chain:
            messages.extend(self._thread_messages(row, part_rows.get(row["hash"], []), payloads, frags,
                                                  turn_at.get(row["hash"])))
        return Session(id=thread_id, source_format=FORMAT, source_path=str(self.path), title=name,
                       created_at=parse_time(created), model=model,
                       updated_at=messages[-1].timestamp if messages else None,
                       metadata={"layout": "message-store"}, messages=messages).renumber()

    def _chain(self, where: str, tip: Any) -> list[Any]:
        """The thread's message rows from the root to `tip`; a missing tip, a missing
        parent or a parent cycle is skipped with a note (the thread starts after it)."""
        assert self.store is not None
        mt = self.store["messages"]
        # Walk from the tip to the root in one recursive query. No chain is longer than
        # the table, so that bounds the walk even when parent links loop.
        chain = self.query(
            f"WITH RECURSIVE chain(h, depth) AS (SELECT ?, 0 UNION ALL "
            f"SELECT m.parent_hash, c.depth + 1 FROM {self.q(mt)} m JOIN chain c ON m.hash = c.h "
            f"WHERE m.parent_hash IS NOT NULL AND c.depth < (SELECT count(*) FROM {self.q(mt)})) "
            f"SELECT m.* FROM chain c JOIN {self.q(mt)} m ON m.hash = c.h ORDER BY c.depth DESC",
            (tip,), where=f"{where} in table {mt}") if tip else []
        if tip and (not chain or chain[-1]["hash"] != tip):
            self.skip(where, f"tip message {tip} is missing from table {mt}")
        seen_hashes: set[Any] = set()
        for k in range(len(chain) - 1, -1, -1):
            if chain[k]["hash"] in seen_hashes:
                chain = chain[k + 1:]
                self.skip(where, f"parent_hash cycle in table {mt}: the parent of message {chain[0]['hash']} is "
                                 f"{chain[0]['parent_hash']}, already on the thread; the thread starts at that message")
                break
            seen_hashes.add(chain[k]["hash"])
        else:
            if chain and chain[0]["parent_hash"]:
                self.skip(where, f"parent {chain[0]['parent_hash']} of message {chain[0]['hash']} is missing "
                                 f"from table {mt}; the thread starts at that message")
        return chain

    def _parts(self, where: str, hashes: list[Any]) -> tuple[dict[str, list[Any]], dict[int, dict[str, Any]], dict[Any, str]]:
        """The parts of the messages (by message hash, in order), each part's parsed
        payload (by part id), and the text of the fragments the payloads refer to."""
        assert self.store is not None
        pt = self.store["parts"]
        part_rows: dict[str, list[Any]] = {}
        for r in self._in_query(f"SELECT * FROM {self.q(pt)} WHERE message_hash IN ({{ph}}) ORDER BY position",
                                hashes, where=f"{where} in table {pt}"):
            part_rows.setdefault(r["message_hash"], []).append(r)
        payloads: dict[int, dict[str, Any]] = {}
        frag_ids: set[int] = set()
        for rows in part_rows.values():
            for r in rows:
                try:
                    p = parse_json(r["payload"], f"part {r['id']} of table {pt} ({where})", self.skip) \
                        if r["payload"] else {}
                except ValueError as exc:
                    self.skip(f"part {r['id']} of table {pt} ({where})", f"invalid JSON payload ({exc})")
                    p = {}
                payloads[r["id"]] = p
                for piece in p.get("text_ref") or []:
                    if isinstance(piece, dict) and "fragment" in piece:
                        frag_ids.add(piece["fragment"])
        return part_rows, payloads, self._fragment_texts(frag_ids)

    def _turns(self, thread_id: str, where: str, hashes: list[Any]) -> tuple[dict[str, Any], Any]:
        """Turns: the turn row (model, time, usage) of each message it added, by
        message hash; and the thread's last model."""
        assert self.store is not None
        tt = self.store["turns"]
        turn_at: dict[str, Any] = {}
        model = None
        if not tt:
            return turn_at, model
        index = {hh: i for i, hh in enumerate(hashes)}
        cols = [c for c in ("datetime_utc", "input_tokens", "output_tokens", "token_details") if self.has(tt, c)]
        sel = ", ".join(["id", "parent_message_hash", "tip_message_hash", "model"] + cols)
        for r in self.query(f"SELECT {sel} FROM {self.q(tt)} WHERE thread_id = ? ORDER BY rowid",
                            (thread_id,), where=f"{where} in table {tt}"):
            model = r["model"] or model
            end = index.get(r["tip_message_hash"])
            if end is None:
                continue
            start = index.get(r["parent_message_hash"], -1)
            start = max(start, 0)
            for k in range(start, end + 1):
                turn_at.setdefault(hashes[k], r)
        return turn_at, model

    def _thread_messages(self, row: Any, rows: list[Any], payloads: dict[int, dict[str, Any]], frags: dict[Any, str],
                         turn: Any) -> list[Message]:
        """One stored message as canonical messages: its tool results (one message
        each) then what else it holds, or the message itself."""
        h = row["hash"]
        raw = {"message": dict(row), "parts": [dict(r) for r in rows]}
        ts = parse_time(turn["datetime_utc"]) if turn is not None and "datetime_utc" in turn.keys() else None
        role = row["role"] if row["role"] in ("system", "developer", "user", "assistant", "tool") else "user"
        parts: list[Part] = []
        calls: list[ToolCall] = []
        results: list[Message] = []
        for r in rows:
            p = payloads.get(r["id"], {})
            text = r["text"]
            if text is None and "text_ref" in p:
                text = "".join(piece.get("literal", "") if "literal" in piece
                               else frags.get(piece.get("fragment"), "") for piece in p["text_ref"])
            t = r["type"]
            if t == "text":
                parts.append(Part(type="text", text=text or ""))
            elif t == "reasoning":
                parts.append(Part(type="reasoning", text=text or "", data=p or None))
            elif t == "tool_call":
                args = p.get("arguments", {})
                calls.append(ToolCall(id=str(p.get("tool_call_id") or f"llm_{r['id']}"),
                                      name=str(p.get("name") or r["tool_name"] or ""),
                                      arguments_raw=args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)))
            elif t == "tool_result":
                out = p.get("output", "")
                results.append(Message(role="tool", tool_call_id=p.get("tool_call_id"),
                                       name=p.get("name") or r["tool_name"],
                                       parts=[Part(type="text", text=out if isinstance(out, str) else json.dumps(out))],
                                       source_id=h, timestamp=ts, raw=raw,
                                       meta={"exception": p["exception"]} if p.get("exception") else {}))
            elif t == "attachment":
                att = p.get("attachment") or {}
                mime = att.get("type") if isinstance(att, dict) else None
                parts.append(Part(type="image" if str(mime or "").startswith("image/") else "file",
                                  media_type=mime, url=(att.get("url") or att.get("path")) if isinstance(att, dict) else None,
                                  data=p or None))
            else:
                parts.append(Part(type="other", text=text or "", data=p or None))
        if results:
            if parts or calls:
                results.append(Message(role="user" if role == "tool" else role, parts=parts,
                                       tool_calls=calls, source_id=h, timestamp=ts, raw=raw))
            return results
        usage = None
        if turn is not None and role == "assistant" and turn["tip_message_hash"] == h:
            keys = turn.keys()
            usage = _usage(turn["input_tokens"] if "input_tokens" in keys else None,
                           turn["output_tokens"] if "output_tokens" in keys else None,
                           turn["token_details"] if "token_details" in keys else None)
        return [Message(role=role, parts=parts, tool_calls=calls, source_id=h, timestamp=ts, usage=usage, raw=raw)]

    # ---- legacy tables

    def _read_conversation(self, conv_id: str, name: Any, conv_model: Any) -> Session:
        lg = self.legacy
        assert lg is not None  # session_ids() lists conversations only with the legacy tables
        rt = lg["responses"]
        where = f"conversation {conv_id!r}"
        responses = self.query(f"SELECT rowid AS _rowid, * FROM {self.q(rt)} WHERE COALESCE(conversation_id, id) = ? "
                               f"ORDER BY datetime_utc, rowid", (conv_id,), where=f"{where} in table {rt}")
        rids = [r["id"] for r in responses]
        calls_by: dict[str, list[Any]] = {}
        results_by: dict[str, list[Any]] = {}
        if lg["tool_calls"]:
            for r in self._in_query(f"SELECT * FROM {self.q(lg['tool_calls'])} WHERE response_id IN ({{ph}}) ORDER BY id",
                                    rids, where=f"{where} in table {lg['tool_calls']}"):
                calls_by.setdefault(r["response_id"], []).append(r)
        if lg["tool_results"]:
            for r in self._in_query(f"SELECT * FROM {self.q(lg['tool_results'])} WHERE response_id IN ({{ph}}) ORDER BY id",
                                    rids, where=f"{where} in table {lg['tool_results']}"):
                results_by.setdefault(r["response_id"], []).append(r)
        frag_by: dict[tuple[str, str], list[str]] = {}
        if self.fragments:
            for table in ("prompt_fragments", "system_fragments"):
                if table in self.tables and {"response_id", "fragment_id", "order"} <= set(self.tables[table]):
                    for r in self._in_query(
                            f"SELECT pf.response_id, f.content FROM {self.q(table)} pf JOIN {self.q(self.fragments)} f "
                            f"ON f.id = pf.fragment_id WHERE pf.response_id IN ({{ph}}) ORDER BY pf.response_id, pf.\"order\"",
                            rids, where=f"{where} in table {table}"):
                        frag_by.setdefault((table, r[0]), []).append(r[1])
        messages: list[Message] = []
        last_system = None
        model = conv_model
        for resp in responses:
            rid = resp["id"]
            ts = parse_time(resp["datetime_utc"])
            model = resp["model"] or model
            sys_text = "\n".join(frag_by.get(("system_fragments", rid), []) + ([resp["system"]] if resp["system"] else []))
            if sys_text and sys_text != last_system:
                messages.append(Message(role="system", parts=[Part(text=sys_text)], source_id=rid, timestamp=ts,
                                        raw={"response": dict(resp)}))
                last_system = sys_text
            for tr in results_by.get(rid, []):
                messages.append(Message(role="tool", tool_call_id=tr["tool_call_id"], name=tr["name"],
                                        parts=[Part(text=tr["output"] or "")], source_id=f"tool_results:{tr['id']}",
                                        timestamp=ts, raw=dict(tr)))
            prompt_text = "\n".join(frag_by.get(("prompt_fragments", rid), []) + ([resp["prompt"]] if resp["prompt"] else []))
            if prompt_text:
                messages.append(Message(role="user", parts=[Part(text=prompt_text)], source_id=rid, timestamp=ts,
                                        raw={"response": dict(resp)}))
            calls = [ToolCall(id=str(c["tool_call_id"] or f"llm_{c['id']}"), name=c["name"] or "",
                              arguments_raw=c["arguments"] or "") for c in calls_by.get(rid, [])]
            text = resp["response"] or ""
            keys = resp.keys()
            usage = _usage(resp["input_tokens"] if "input_tokens" in keys else None,
                           resp["output_tokens"] if "output_tokens" in keys else None,
                           resp["token_details"] if "token_details" in keys else None)
            raw = {"response": dict(resp), "tool_calls": [dict(c) for c in calls_by.get(rid, [])]}
            messages.append(Message(role="assistant", parts=[Part(text=text)] if text else [], tool_calls=calls,
                                    source_id=rid, timestamp=ts, usage=usage, raw=raw))
        return Session(id=conv_id, source_format=FORMAT, source_path=str(self.path), title=name, model=model,
                       created_at=messages[0].timestamp if messages else None,
                       updated_at=messages[-1].timestamp if messages else None,
                       metadata={"layout": "legacy"}, messages=messages).renumber()
