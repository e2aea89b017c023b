"""Claude Code transcripts (`~/.claude/projects/<project>/<session>.jsonl`).

One JSON record per line. `user` / `assistant` records carry an Anthropic
`message`; records link to their parent through `parentUuid`, so a file holds a
tree (edits and retries branch it). The active branch is the chain from the last
main-chain record back to the root. Files whose records carry no parent links at
all, or only links to records not in the file, are read in file order; a record whose
parent is not in the file (a transcript cut out of a longer one) is read after the
record before it, and `skipped` says so.

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

from collections.abc import Callable
from pathlib import Path
from typing import Any

from inspector.edge import collection_paused
from inspector.engine.models import Message, Part, Session, ToolCall, Usage
from inspector.engine.wording import plural
from inspector.formats.anthropic import TOOL_RESULT_TYPES, TOOL_USE_TYPES, block_part, tool_call, tool_result_parts
from inspector.sources.jsonio import follow_memo, iter_jsonl
from inspector.sources.model import Source, SourceError, parse_time
from inspector.sources.probing import Probe, majority

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
    """Is the probed file a Claude Code transcript (JSONL records typed `user`, `assistant`, ...)?"""
    if probe.kind not in ("json", "jsonl"):
        return False
    return any(_looks_like(r) for r in probe.records) and majority(
        probe.records, lambda r: isinstance(r, dict) and isinstance(r.get("type"), str))


def load(probe: Probe) -> ClaudeCodeSource:
    """The Claude Code session of the probed file."""
    return ClaudeCodeSource(probe.path)


_USAGE_KEYS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def _usage(u: Any, path: Path, lineno: int) -> Usage | None:
    if not isinstance(u, dict):
        return None
    get = u.get
    i, o, r, c = (get("input_tokens"), get("output_tokens"), get("cache_read_input_tokens"),
                  get("cache_creation_input_tokens"))
    # Token counts or absent (`type(x) is int`: a bool is not a count).
    if ((i is None or type(i) is int and i >= 0) and (o is None or type(o) is int and o >= 0)
            and (r is None or type(r) is int and r >= 0) and (c is None or type(c) is int and c >= 0)):
        return Usage.trusted(input_tokens=i, output_tokens=o, cache_read_tokens=r, cache_creation_tokens=c)
    for key in _USAGE_KEYS:
        value = get(key)
        if value is not None and (type(value) is not int or value < 0):
            break
    raise SourceError(f"{path}: line {lineno}: message.usage.{key} is not a token count ({value!r:.40})")


def _text_or_none(value: Any) -> str | None:
    """A record's id as the message's `source_id` (text, as every other reader's)."""
    return value if value is None or type(value) is str else str(value)


def _blocks(content: Any) -> list[Any]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content if isinstance(content, list) else []


def _assistant_parts(blocks: list[Any], where: str, parts: list[Part], calls: list[ToolCall]) -> None:
    # Not strict: nothing raises, so `where` is not made per block.
    for b in blocks:
        if isinstance(b, dict) and b.get("type") in TOOL_USE_TYPES:
            calls.append(tool_call(b, where, strict=False))
        else:
            parts.append(block_part(b, where, strict=False))


def one_chain(records: list[tuple[int, dict[str, Any]]], parent: Callable[[dict[str, Any]], Any] | None = None) -> bool:
    """Is every record the child of the record before it, the first a root, and no uuid
    seen twice? Then the active branch is the whole list (`_active_branch` finds the same
    by walking the links back from the last record, a few times slower). Public for the
    test that reads every file both ways (tests/sources/test_readers.py).

    Args:
        records: (line number, record) of a file's message records, in file order.
        parent: a record's parent uuid (default its `parentUuid`).

    Returns:
        True when the records form one chain the reader may take whole.
    """
    if parent is None:
        def parent(rec: dict[str, Any]) -> Any:
            return rec.get("parentUuid")
    if parent(records[0][1]):
        return False
    previous = records[0][1].get("uuid")
    seen = {previous}
    for _, rec in records[1:]:
        if not previous or parent(rec) != previous:
            return False
        previous = rec.get("uuid")
        seen.add(previous)
    return len(seen) == len(records)


def _with_parallel_calls(records: list[tuple[int, dict[str, Any]]],
                         branch: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
    """The branch with the records of its parallel tool calls, in file order.

    Claude Code writes one record per content block and links them as a tree: the second
    `tool_use` of one response, and each `tool_result`, may hang off another record than
    the one before, so walking back from the last record misses siblings. A record off the
    branch belongs to it when it is a block of a response on it (the same `message.id`; a
    retried response has a new id) or the result of a call on it not answered on it. An
    abandoned branch (an edited or retried prompt) shares neither, so it stays out."""
    on = {id(rec) for _, rec in branch}
    responses = {rec["message"].get("id") for _, rec in branch if rec["type"] == "assistant"} - {None}
    calls: set[str] = set()
    answered: set[str] = set()
    for _, rec in branch:
        calls.update(_call_ids(rec))
        answered.update(str(b.get("tool_use_id")) for b in _result_blocks(rec))
    added = True
    while added:
        added = False
        for _, rec in records:
            if id(rec) in on:
                continue
            if rec["type"] == "assistant":
                if rec["message"].get("id") in responses:
                    on.add(id(rec))
                    calls.update(_call_ids(rec))
                    added = True
            elif rec["type"] == "user":
                results = {str(b.get("tool_use_id")) for b in _result_blocks(rec)}
                if results and results <= calls and not results & answered:
                    on.add(id(rec))
                    answered.update(results)
                    added = True
    return _responses_together([lr for lr in records if id(lr[1]) in on])


def _responses_together(records: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
    """The blocks of one response next to each other, its results after them: Claude Code
    may write a call's result before the response's next block."""
    out: list[tuple[int, dict[str, Any]]] = []
    pending: list[tuple[int, dict[str, Any]]] = []  # results waiting for the response to end
    open_id = None  # the response whose blocks are still arriving
    for lr in records:
        rec = lr[1]
        if rec["type"] == "assistant" and open_id is not None and rec["message"].get("id") == open_id:
            out.append(lr)
        elif open_id is not None and _result_blocks(rec) and not _text_blocks(rec):
            pending.append(lr)
        else:
            out.extend(pending)
            pending = []
            out.append(lr)
            open_id = rec["message"].get("id") if rec["type"] == "assistant" else None
    out.extend(pending)
    return out


def _call_ids(rec: dict[str, Any]) -> list[str]:
    if rec.get("type") != "assistant":
        return []
    return [str(b.get("id")) for b in _blocks(rec["message"].get("content"))
            if isinstance(b, dict) and b.get("type") in TOOL_USE_TYPES]


def _text_blocks(rec: dict[str, Any]) -> bool:
    """Does the user record say something besides tool results?"""
    content = rec["message"].get("content") if isinstance(rec.get("message"), dict) else None
    if isinstance(content, str):
        return bool(content)
    return any(not (isinstance(b, dict) and b.get("type") in TOOL_RESULT_TYPES) for b in _blocks(content))


def _result_blocks(rec: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool results a user record carries (none for other records)."""
    if rec.get("type") != "user" or not isinstance(rec.get("message"), dict):
        return []
    return [b for b in _blocks(rec["message"].get("content")) if isinstance(b, dict)
            and b.get("type") in TOOL_RESULT_TYPES]


def _title(active: list[tuple[int, dict[str, Any]]], titles: dict[str, str], messages: list[Message]) -> str | None:
    """The session's title: the summary of a record on the branch (the latest), else the
    last summary in the file, else the first line of the first user message."""
    for _, rec in reversed(active):
        if rec.get("uuid") in titles:
            return titles[rec["uuid"]]
    if titles:
        return list(titles.values())[-1]
    from inspector.engine.content import own_text  # (its regexes compiled only once a title is wanted)

    for m in messages:
        if m.role == "user" and m.kind == "message" and not m.meta.get("isMeta"):
            # Claude Code puts its own <system-reminder> blocks into the first prompt; the
            # title is the user's words, as the content model reads them.
            words = own_text(m.text).strip()
            if words:
                return words.splitlines()[0][:80]
    return None


def _model(active: list[tuple[int, dict[str, Any]]]) -> str | None:
    """The model of the branch's last assistant record that names a real one (Claude
    Code's `<synthetic>` messages name none); when none does, what the branch's first
    assistant record says."""
    model = None
    for _, rec in reversed(active):
        if rec.get("type") == "assistant":
            model = rec["message"].get("model")
            if model and model != "<synthetic>":
                break
    return model


class ClaudeCodeSource(Source):
    """One Claude Code transcript: its one session, read from the conversation's leaf back to its root."""

    format = FORMAT

    def __init__(self, path: Path):
        super().__init__(path)
        self._session: Session | None = None
        self._sid: str | None = None
        self._sub_agent = False  # a sub-agent's own transcript (sidechain records only)
        self._links: dict[str, Any] = {}  # uuid -> parentUuid of records not in the conversation
        self._parse()

    def session_ids(self) -> list[str]:
        """The transcript's one session id (none when no record was a message)."""
        return [self._sid] if self._sid else []

    def _read(self, session_id: str) -> Session:
        return self._session  # type: ignore[return-value]

    # ---- parsing

    def _parse(self) -> None:
        # The collector paused while the file is read: the records are hundreds of
        # thousands of new containers, all kept (full collections would walk them over
        # and over: ~10% of reading a 100,000-message transcript).
        with collection_paused():
            self._parse_records()

    def _parse_records(self) -> None:
        path = self.path
        records, titles = self._conversation_records()
        if not records:
            raise self.nothing_read("Claude Code conversation record")
        active = self._active_branch(records)
        messages = self._messages(active)
        sid = None
        for _, rec in reversed(active or records):
            if rec.get("sessionId"):
                sid = str(rec["sessionId"])
                break
        self._sid = sid or path.stem
        meta: dict[str, Any] = {}
        for _, rec in active[:1]:
            for k in ("cwd", "version", "gitBranch"):
                if rec.get(k):
                    meta[k] = rec[k]
            if self._sub_agent and rec.get("agentId"):
                # Its records carry the parent's sessionId; the sub-agent is named as its file is.
                meta["agentId"] = str(rec["agentId"])
                if sid:
                    meta["parentSessionId"] = sid
                self._sid = f"agent-{rec['agentId']}"
        self._session = Session(
            id=self._sid, source_format=FORMAT, source_path=str(path), title=_title(active, titles, messages),
            model=_model(active), created_at=messages[0].timestamp if messages else None,
            updated_at=messages[-1].timestamp if messages else None,
            metadata=meta, messages=messages).renumber()

    def _conversation_records(self) -> tuple[list[tuple[int, dict[str, Any]]], dict[str, str]]:
        """The file's records that are part of the conversation, with their line numbers
        (the others reported as skipped), and the titles of `summary` records by the
        uuid of the leaf they name."""
        records: list[tuple[int, dict[str, Any]]] = []
        sidechain: list[tuple[int, dict[str, Any]]] = []
        titles: dict[str, str] = {}
        links = self._links
        for lineno, rec in iter_jsonl(self.path, self.skip):
            if not isinstance(rec, dict):
                self.skip(f"line {lineno}", f"expected a JSON object, got {type(rec).__name__}; left out")
                continue
            t = rec.get("type")
            if t not in MESSAGE_TYPES and rec.get("uuid"):
                # Progress and hook records sit in the parent chain (Claude Code 2.x): a
                # conversation record's parent may be one of them, so their links are kept.
                links[str(rec["uuid"])] = rec.get("parentUuid")
            if t == "summary":
                if rec.get("leafUuid") and isinstance(rec.get("summary"), str):
                    titles[rec["leafUuid"]] = rec["summary"]
                continue
            if t not in MESSAGE_TYPES:
                self.skip(f"line {lineno}", f"record type {t!r} is not part of the conversation")
                continue
            if rec.get("isSidechain"):
                sidechain.append((lineno, rec))
                continue
            if t == "system" and rec.get("subtype") != "compact_boundary":
                self.skip(f"line {lineno}",
                          f"system record {rec.get('subtype') or ''}".strip() + " (not sent to the model)")
                continue
            if t != "system" and not isinstance(rec.get("message"), dict):
                self.skip(f"line {lineno}", f"{t} record without a 'message' object; left out")
                continue
            records.append((lineno, rec))
        return self._main_or_sub_agent(records, sidechain), titles

    def _main_or_sub_agent(self, records: list[tuple[int, dict[str, Any]]],
                           sidechain: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
        """The conversation this file holds. Inside a main transcript, sidechain records are a
        sub-agent's and are left out (each said in `skipped`); a file of sidechain records only
        is a sub-agent's own transcript (Claude Code 2.1 writes `<session>/subagents/agent-<id>.jsonl`)
        and is read as its conversation."""
        if records or not sidechain:
            for lineno, _ in sidechain:
                self.skip(f"line {lineno}", "sidechain (sub-agent) record")
            return records
        self._sub_agent = True
        kept = []
        for lineno, rec in sidechain:
            t = rec.get("type")
            if t == "system" and rec.get("subtype") != "compact_boundary":
                self.skip(f"line {lineno}",
                          f"system record {rec.get('subtype') or ''}".strip() + " (not sent to the model)")
            elif t != "system" and not isinstance(rec.get("message"), dict):
                self.skip(f"line {lineno}", f"{t} record without a 'message' object; left out")
            else:
                kept.append((lineno, rec))
        return kept

    def _parent(self, rec: dict[str, Any]) -> Any:
        """The record's parent in the conversation: its `parentUuid`, past any progress or
        hook records between them (a root when the chain ends there)."""
        parent = rec.get("parentUuid")
        links = self._links
        if not links or parent not in links:
            return parent
        seen = set()
        while parent in links and parent not in seen:
            seen.add(parent)
            parent = links[parent]
        return parent

    def _active_branch(self, records: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
        """The records of the conversation the file ends on, in file order: the branch from
        the last record back to its root, with the records of the same parallel tool calls
        (`_with_parallel_calls`)."""
        branch = self._branch(records)
        if len(branch) == len(records) or not branch:
            return branch
        with_calls = _with_parallel_calls(records, branch)
        off = len(records) - len(with_calls)
        if off:
            self.skip("file", f"{plural(off, 'record')} not on the active branch (earlier branches or before a compaction)")
        return with_calls

    def _branch(self, records: list[tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
        parent = self._parent
        if not records:
            return []
        if not any(parent(rec) for _, rec in records):
            if len(records) > 1:
                self.skip("file", f"no record names a parent (parentUuid null on all {len(records)}): "
                                  "read in file order")
            return records  # no links at all: file order
        if one_chain(records, parent):
            return records  # each record the child of the one before (a file without branches)
        by_uuid: dict[str, tuple[int, dict[str, Any]]] = {}
        for lr in records:
            u = lr[1].get("uuid")
            if u:
                by_uuid[u] = lr
        if len(records) > 1 and not any(parent(rec) in by_uuid for _, rec in records):
            self.skip("file", f"no record's parent is in the file (parentUuid null or naming a record not in "
                              f"the file on all {len(records)}): read in file order")
            return records  # links, but none inside this file: file order
        chain = self._walk_links(records, by_uuid)
        chain.reverse()
        return chain

    def _walk_links(self, records: list[tuple[int, dict[str, Any]]],
                    by_uuid: dict[str, tuple[int, dict[str, Any]]]) -> list[tuple[int, dict[str, Any]]]:
        """The active branch from the last record back to its root, through `parentUuid`.

        A null parent is a root, as Claude Code means it (the first prompt, a prompt
        retried from scratch, a compact boundary). A parent that is not in the file is a
        lost link (a transcript cut out of a longer one): the record is read after the
        record before it in file order, and that is said in `skipped`; only the file's
        first record starts the branch there."""
        position = {id(lr): k for k, lr in enumerate(records)}
        chain: list[tuple[int, dict[str, Any]]] = []
        seen: set[str] = set()
        lost: list[int] = []
        cur: tuple[int, dict[str, Any]] | None = records[-1]
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
            parent = self._parent(rec)
            cur = by_uuid.get(parent) if parent else None
            if parent and cur is None:
                k = position[id(chain[-1])]
                if k == 0:
                    self.skip(f"line {chain[-1][0]}", f"parent {parent} is not in the file; the branch starts here")
                else:
                    lost.append(chain[-1][0])
                    cur = records[k - 1]
        if lost:
            self.skip("file", f"{plural(len(lost), 'record')} name a parent that is not in the file (first: line "
                              f"{min(lost)}): each read after the record before it in file order")
        return chain

    def _messages(self, active: list[tuple[int, dict[str, Any]]]) -> list[Message]:
        """The records of the active branch as messages. A followed file (`follow_memo`)
        converts only records it has not converted before: a group of records that are
        the same objects as last time, looking up the same tool names, gives the same
        messages (the same objects) again."""
        out: list[Message] = []
        names: dict[str, str] = {}
        memo = follow_memo(self.path)
        i = 0
        n = len(active)
        while i < n:
            lineno, rec = active[i]
            j = self._group_end(active, i)
            group = [r for _, r in active[i:j]]
            looked = tuple(names.get(str(b.get("tool_use_id") or "")) for b in _result_blocks(rec))
            hit = memo.get(lineno) if memo is not None else None
            if hit is not None and len(hit[0]) == len(group) and all(a is b for a, b in zip(hit[0], group)) \
                    and hit[1] == looked:
                made = hit[2]
            else:
                made = self._group_messages(active, i, j, names)
                if memo is not None:
                    memo[lineno] = (group, looked, made)
            for m in made:  # the tool names later results are given
                for c in m.tool_calls:
                    names[c.id] = c.name
            out.extend(made)
            i = j
        return out

    @staticmethod
    def _group_end(active: list[tuple[int, dict[str, Any]]], i: int) -> int:
        """Where the group of records starting at `i` ends: an assistant message's
        records (one per content block, sharing the message id), a compact boundary
        and its summary, or one record."""
        rec = active[i][1]
        n = len(active)
        if rec["type"] == "system":
            return i + 2 if i + 1 < n and active[i + 1][1].get("isCompactSummary") else i + 1
        if rec["type"] == "assistant":
            mid = rec["message"].get("id")
            j = i + 1
            while mid and j < n and active[j][1]["type"] == "assistant" and active[j][1]["message"].get("id") == mid:
                j += 1
            return j
        return i + 1

    def _group_messages(self, active: list[tuple[int, dict[str, Any]]], i: int, j: int,
                        names: dict[str, str]) -> list[Message]:
        """The messages of the records `active[i:j]` (`_group_end`); `names`: the tool
        name of each call id seen before them."""
        lineno, rec = active[i]
        t = rec["type"]
        ts = parse_time(rec.get("timestamp"))
        if t == "system":  # compact boundary (+ the summary that follows)
            raw = [rec]
            text = ""
            if j > i + 1:
                summary = active[i + 1][1]
                raw.append(summary)
                text = "\n\n".join(str(b.get("text") or "") for b in _blocks(summary["message"].get("content"))
                                   if isinstance(b, dict) and b.get("type") == "text")
            meta = {}
            if isinstance(rec.get("compactMetadata"), dict):
                meta = dict(rec["compactMetadata"])
            return [Message.trusted(role="user", kind="compaction", parts=[Part.trusted(text=text)] if text else [],
                                    source_id=_text_or_none(rec.get("uuid")), timestamp=ts, raw=raw, meta=meta)]
        msg = rec["message"]
        if t == "assistant":
            mid = msg.get("id")
            group = [r for _, r in active[i:j]]
            parts: list[Part] = []
            calls: list[ToolCall] = []
            for r in group:
                _assistant_parts(_blocks(r["message"].get("content")), f"line {lineno}", parts, calls)
            return [Message.trusted(role="assistant", parts=parts, tool_calls=calls,
                                    source_id=_text_or_none(rec.get("uuid")), timestamp=ts,
                                    usage=_usage(group[-1]["message"].get("usage"), self.path, active[j - 1][0]),
                                    raw=group if len(group) > 1 else rec,
                                    meta={"message_id": mid} if mid else {})]
        # user record
        out: list[Message] = []
        blocks = _blocks(msg.get("content"))
        rest = [(k, b) for k, b in enumerate(blocks) if not (isinstance(b, dict) and b.get("type") in TOOL_RESULT_TYPES)]
        for b in _result_blocks(rec):
            cid = str(b.get("tool_use_id") or "")
            out.append(Message.trusted(role="tool", tool_call_id=cid, name=names.get(cid),
                                       parts=tool_result_parts(b.get("content"), f"line {lineno}", strict=False),
                                       source_id=_text_or_none(rec.get("uuid")), timestamp=ts, raw=rec,
                                       meta={"is_error": True} if b.get("is_error") else {}))
        if rest:
            parts = [block_part(b, f"line {lineno}: content[{k}]", strict=False) for k, b in rest]
            out.append(Message.trusted(role="user", parts=parts, source_id=_text_or_none(rec.get("uuid")),
                                       timestamp=ts, raw=rec,
                                       kind="compaction" if rec.get("isCompactSummary") else "message",
                                       meta={"isMeta": True} if rec.get("isMeta") else {}))
        return out
