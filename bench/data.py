"""Benchmark data, built deterministically from the real fixtures (never committed).

- `big_session(n)`: n messages (10,000 by default, about 3 million tokens; 100,000 for
  the `open_100k_s` and `replan_100k_ms` figures, about 30 million) re-sampled from the real
  SWE-agent runs in tests/fixtures/swe-agent. Each copy of a run ("episode") keeps its
  messages' real text; its tool-call ids get a per-copy suffix so every call/result
  pair is unique. The runs recorded without function calling (the observation comes
  back as a user message, the command in the entry's `action`) are put in the
  function-calling form SWE-agent's own function-calling runs use: the assistant
  message calls the command, the observation is the tool result. So the token
  distribution is the runs' own; on top of it, a few tool outputs (about one in 250)
  are long real-output concatenations (a `cat` of a big file, a long build log), so the
  tail reaches tens of thousands of tokens as real sessions do. Every copy varies its
  texts deterministically (`_vary`: the numbers in a text shifted by the copy number,
  or, in a text without numbers, a short per-copy line), so nearly all message texts
  are distinct, as in a real session (`distinct_text_fraction` reports it): counting
  "each distinct text once" cannot look faster than it would on real data.
- `write_agents_db(path)`: a 1,000-session OpenAI Agents SDK `SQLiteSession` database
  in the SDK's own schema, re-sampling the items the real SDK wrote in
  tests/fixtures/openai-agents/sessions.db (ids made unique per copy).
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SWE_DIR = ROOT / "tests" / "fixtures" / "swe-agent"
AGENTS_DB = ROOT / "tests" / "fixtures" / "openai-agents" / "sessions.db"

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_NUMBER = re.compile(r"\d+")


def _vary(text: str, copy: int) -> str:
    """`text` as copy number `copy` of its run would say it: its numbers (line numbers,
    sizes, counts, step numbers) shifted by `copy`, or, without numbers, one short
    per-copy line; token counts move by a few tokens at most."""
    varied, n = _NUMBER.subn(lambda m: str(int(m.group()) + copy), text)
    return varied if n else f"{text}\n(step {copy})"


def _episodes() -> tuple[dict[str, Any], list[list[dict[str, Any]]], list[str]]:
    """(system prompt dict, one OpenAI-chat message list per run without its system
    prompt, the pool of real tool-output texts)."""
    from inspector.sources.swe_agent import history_to_openai, read_traj

    system = None
    episodes: list[list[dict[str, Any]]] = []
    outputs: list[str] = []
    fc_tools: set[str] = set()
    raw_runs = []
    for path in sorted(SWE_DIR.glob("*.traj")):
        history = json.loads(path.read_text(encoding="utf-8"))["history"]
        fc = any(h.get("tool_calls") for h in history)
        raw_runs.append((path, history, fc))
        if fc:
            # The function-calling runs, as the store reads them.
            session = read_traj(path)
            for m in session.messages:
                for c in m.tool_calls:
                    fc_tools.add(c.name)
    for path, history, fc in raw_runs:
        if fc:
            msgs = history_to_openai(history, str(path))
        else:
            msgs = []
            for i, h in enumerate(history):
                role, content = h["role"], h.get("content")
                if isinstance(content, list):
                    content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
                action = (h.get("action") or "").strip()
                nxt = history[i + 1] if i + 1 < len(history) else None
                if role == "assistant" and action and nxt is not None and nxt["role"] == "user":
                    first = action.split()[0]
                    name = first if first in fc_tools or first in ("submit", "decompile", "disassemble") else "bash"
                    args = {"command": action} if name == "bash" else {"args": action[len(first):].strip()}
                    msgs.append({"role": "assistant", "content": content, "tool_calls": [{
                        "id": f"call_{path.stem}_{i}", "type": "function",
                        "function": {"name": name, "arguments": json.dumps(args)}}]})
                elif role == "user" and msgs and msgs[-1].get("tool_calls"):
                    msgs.append({"role": "tool", "tool_call_id": msgs[-1]["tool_calls"][0]["id"],
                                 "content": content})
                else:
                    msgs.append({"role": role, "content": content})
        if system is None and msgs[0]["role"] == "system":
            system = msgs[0]
        body = [m for m in msgs if m["role"] != "system"]
        episodes.append(body)
        outputs.extend(m["content"] for m in body if m["role"] == "tool" and m.get("content"))
    assert system is not None
    return system, episodes, outputs


def big_session(n: int = 10_000, seed: int = 20240611, long_tail: float = 1 / 250):
    """The benchmark session of `n` messages (a canonical `Session`), identical on every
    call; a larger `n` continues the same sequence of copies (the first 10,000 messages
    of the 100k session are the 10k session's)."""
    from inspector.engine.models import Session
    from inspector.formats.openai_chat import from_openai

    rng = random.Random(seed)
    system, episodes, outputs = _episodes()
    out: list[dict[str, Any]] = [dict(system)]
    copy = 0
    while len(out) < n:
        episode = rng.choice(episodes)
        copy += 1
        suffix = f"_{copy:05d}"
        for m in episode:
            d = dict(m)
            if d.get("tool_calls"):
                d["tool_calls"] = [
                    {**c, "id": c["id"] + suffix} for c in d["tool_calls"]]
            if isinstance(d.get("content"), str) and d["content"]:
                d["content"] = _vary(d["content"], copy)
            if d["role"] == "tool":
                d["tool_call_id"] = d["tool_call_id"] + suffix
                if rng.random() < long_tail:
                    # A long real output: concatenated real outputs up to a target size
                    # drawn log-uniformly between 20k and 160k characters.
                    target = int(20_000 * 8 ** rng.random())
                    pieces, size = [], 0
                    while size < target:
                        piece = rng.choice(outputs)
                        pieces.append(piece)
                        size += len(piece) + 1
                    d["content"] = "\n".join(pieces)
            out.append(d)
    out = out[:n]
    # End on a complete turn: no call left waiting for its results.
    while out[-1]["role"] != "tool" and out[-1].get("tool_calls"):
        out.pop()
    messages = from_openai(out)
    name = f"{n // 1000}k" if n % 1000 == 0 else str(n)
    return Session(id=f"bench-{name}", source_format="swe-agent",
                   title=f"benchmark: {name} re-sampled SWE-agent messages",
                   model="gpt-4o", messages=messages).renumber()


def session_texts(session) -> list[str]:
    """Every text the exact counter tokenizes for `session`, once per distinct message
    (what `count_messages` sends to tiktoken on a cold cache)."""
    from inspector.engine.tokens import message_texts

    seen: set[str] = set()
    texts: list[str] = []
    for m in session.messages:
        h = m.content_hash
        if h in seen:
            continue
        seen.add(h)
        t, other, _, _ = message_texts(m)
        texts.extend(t)
        texts.extend(other)
    return texts


def distinct_text_fraction(session) -> float:
    """Distinct message texts / messages in `session`: a message's text is everything
    the counter tokenizes for it (its text parts, tool-call names and arguments)."""
    from inspector.engine.tokens import message_texts

    seen: set[tuple[str, ...]] = set()
    for m in session.messages:
        t, other, _, _ = message_texts(m)
        seen.add((*t, "\x00", *other))
    return len(seen) / len(session.messages) if session.messages else 1.0


def text_bytes(session) -> int:
    """UTF-8 bytes of the text a model reads in `session` (text and reasoning parts,
    tool-call names and arguments), counted once per message."""
    from inspector.engine.tokens import message_texts

    total = 0
    for m in session.messages:
        t, other, _, _ = message_texts(m)
        total += sum(len(s.encode("utf-8", "surrogatepass")) for s in t)
        total += sum(len(s.encode("utf-8", "surrogatepass")) for s in other)
    return total


# --------------------------------------------------------------------- Agents SDK database


def write_agents_db(path: str | Path, sessions: int = 1000, seed: int = 7, copies: int = 3,
                    first_items: int | None = None) -> dict[str, int]:
    """Write `sessions` Agents SDK sessions (1 to `copies` re-sampled copies of the real
    ones; with `first_items`, each copy's first items only)."""
    from inspector.exports.agents_sqlite import SCHEMA  # the SDK's own DDL

    src = sqlite3.connect(f"file:{AGENTS_DB}?mode=ro", uri=True)
    real: dict[str, list[str]] = {}
    for sid, data in src.execute("SELECT session_id, message_data FROM agent_messages ORDER BY id"):
        real.setdefault(sid, []).append(data)
    src.close()
    names = sorted(real)
    rng = random.Random(seed)
    path = Path(path)
    if path.exists():
        path.unlink()
    conn = sqlite3.connect(str(path))
    for ddl in SCHEMA:
        conn.execute(ddl)
    items = 0
    with conn:
        for k in range(sessions):
            sid = f"bench-{k:04d}"
            conn.execute("INSERT INTO agent_sessions (session_id) VALUES (?)", (sid,))
            rows = []
            for c in range(rng.randint(1, copies)):
                tag = f"_{k:04d}_{c}"
                for data in real[rng.choice(names)][:first_items]:
                    item = json.loads(data)
                    for key in ("id", "call_id"):
                        if isinstance(item.get(key), str):
                            item[key] = item[key] + tag
                    rows.append((sid, json.dumps(item)))
            conn.executemany("INSERT INTO agent_messages (session_id, message_data) VALUES (?, ?)", rows)
            items += len(rows)
    conn.close()
    return {"sessions": sessions, "items": items, "bytes": path.stat().st_size}
