"""Regenerate the bundled demo data in inspector/demo/data/ from the SWE-agent runs in
tests/fixtures/swe-agent/ (MIT; the LICENSE is copied beside the data).

The same real trajectories are written in several source formats, each in the form
the framework itself writes, so `inspector demo` exercises the readers:

- swe-agent      `.traj` files, copied as they are;
- openai-chat    a JSON file (`{"messages": [...]}`) and a JSONL file (one conversation
                 per line), from the trajectories' OpenAI-style history;
- openai-agents  an Agents SDK `SQLiteSession` database (`agent_sessions` /
                 `agent_messages`, one Responses-API input item per row), holding a
                 few runs and one long "marathon" session: many runs back to back,
                 past the default 128k window, so the default preset compacts it.

Usage: python scripts/build_demo.py [--check]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "tests" / "fixtures" / "swe-agent"
OUT = ROOT / "inspector" / "demo" / "data"
sys.path.insert(0, str(ROOT))

TRAJ = ["ctf_web_i_got_id_demo", "marshmallow-1867_function_calling", "humanevalfix-python-0"]
CHAT_JSON = ["ctf_crypto_BabyEncryption", "marshmallow-1867_window100"]
CHAT_JSONL = ["ctf_crypto_katy", "ctf_forensics_flash", "ctf_rev_rock"]
AGENTS = ["function_calling_simple", "marshmallow-1867_function_calling_replace"]
# The marathon: one agent working through a queue of tasks without compaction, the
# queue run twice (a second attempt at every task), so the session is past the default
# 128k window and the default preset compacts it from the first screen.
QUEUE = [
    "ctf_crypto_BabyTimeCapsule", "ctf_crypto_eps", "ctf_misc_networking_1", "ctf_pwn_warmup",
    "marshmallow-1867_xml_window100", "ctf_web_i_got_id_demo", "marshmallow-1867_function_calling",
    "ctf_crypto_katy", "ctf_forensics_flash", "ctf_rev_rock", "ctf_crypto_BabyEncryption",
    "marshmallow-1867_window100", "humanevalfix-python-0", "function_calling_simple",
    "marshmallow-1867_function_calling_replace",
]
MARATHON = QUEUE + QUEUE
MARATHON_ID = f"marathon-{len(MARATHON)}-tasks"
BASE_TIME = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def history(name: str) -> list[dict]:
    from inspector.sources.swe_agent import history_to_openai

    data = json.loads((SRC / f"{name}.traj").read_text(encoding="utf-8"))
    return history_to_openai(data["history"], name)


def responses_items(messages: list[dict]) -> list[dict]:
    """OpenAI chat messages as Responses-API input items (what the Agents SDK stores)."""
    items: list[dict] = []
    for m in messages:
        role = m["role"]
        content = m.get("content") or ""
        if role == "tool":
            items.append({"type": "function_call_output", "call_id": m["tool_call_id"], "output": content})
            continue
        if role == "assistant":
            if content:
                items.append({"type": "message", "role": "assistant", "status": "completed",
                              "content": [{"type": "output_text", "text": content, "annotations": []}]})
            for call in m.get("tool_calls") or []:
                items.append({"type": "function_call", "call_id": call["id"], "name": call["function"]["name"],
                              "arguments": call["function"]["arguments"] or "{}", "status": "completed"})
            continue
        items.append({"role": "system" if role == "system" else "user", "content": content})
    return items


def write_agents_db(path: Path, sessions: list[tuple[str, list[dict], datetime]]) -> None:
    """The Agents SDK SQLiteSession schema, written as the SDK writes it."""
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE agent_sessions (
            session_id TEXT PRIMARY KEY,
            created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
            updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
        );
        CREATE TABLE agent_messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id TEXT NOT NULL,
            message_data TEXT NOT NULL,
            created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
            FOREIGN KEY (session_id) REFERENCES agent_sessions (session_id) ON DELETE CASCADE
        );
        CREATE INDEX idx_agent_messages_session_id ON agent_messages (session_id, created_at);
        """
    )
    for sid, items, start in sessions:
        end = start + timedelta(seconds=20 * len(items))
        fmt = "%Y-%m-%d %H:%M:%S"
        conn.execute("INSERT INTO agent_sessions VALUES (?, ?, ?)", (sid, start.strftime(fmt), end.strftime(fmt)))
        conn.executemany(
            "INSERT INTO agent_messages (session_id, message_data, created_at) VALUES (?, ?, ?)",
            [(sid, json.dumps(item), (start + timedelta(seconds=20 * k)).strftime(fmt))
             for k, item in enumerate(items)])
    conn.commit()
    conn.close()


def marathon() -> list[dict]:
    """Many runs as one conversation: the first system prompt, then each task's turns."""
    out: list[dict] = []
    for k, name in enumerate(MARATHON):
        msgs = history(name)
        if k == 0:
            out.append(msgs[0] if msgs[0]["role"] == "system" else
                       {"role": "system", "content": "You are an autonomous software agent."})
        body = [m for m in msgs if m["role"] != "system"]
        # Tool call ids must stay unique across the runs.
        for m in body:
            m = dict(m)
            if m.get("tool_call_id"):
                m["tool_call_id"] = f"{m['tool_call_id']}-{k}"
            if m.get("tool_calls"):
                m["tool_calls"] = [dict(c, id=f"{c['id']}-{k}") for c in m["tool_calls"]]
            out.append(m)
        attempt = "" if k < len(QUEUE) else " (second attempt)"
        out.append({"role": "user", "content": f"Task {k + 1} ({name}{attempt}) is closed. Next task follows."})
    return out


def build(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    shutil.copyfile(SRC / "LICENSE", out / "LICENSE")
    written.append(out / "LICENSE")
    for name in TRAJ:
        shutil.copyfile(SRC / f"{name}.traj", out / f"{name}.traj")
        written.append(out / f"{name}.traj")
    for name in CHAT_JSON:
        p = out / f"{name}.openai.json"
        p.write_text(json.dumps({"messages": history(name)}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(p)
    p = out / "ctf-runs.openai.jsonl"
    with p.open("w", encoding="utf-8") as fh:
        for name in CHAT_JSONL:
            fh.write(json.dumps({"messages": history(name)}, ensure_ascii=False) + "\n")
    written.append(p)
    p = out / "agents.db"
    if p.exists():
        p.unlink()
    sessions = [(f"swe-{name}", responses_items(history(name)), BASE_TIME + timedelta(days=k))
                for k, name in enumerate(AGENTS)]
    sessions.append((MARATHON_ID, responses_items(marathon()), BASE_TIME + timedelta(days=5)))
    write_agents_db(p, sessions)
    written.append(p)
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="build into a temp dir and compare with the bundled data")
    args = ap.parse_args()
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            files = build(Path(tmp))
            stale = [f.name for f in files if f.suffix != ".db"
                     and f.read_bytes() != (OUT / f.name).read_bytes()]
            if stale:
                print("stale demo data: " + ", ".join(stale), file=sys.stderr)
                return 1
        print("demo data up to date")
        return 0
    for f in build(OUT):
        print(f"{f.relative_to(ROOT)}  {f.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
