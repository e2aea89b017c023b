"""Build L9: /work/labels-L9/items-L9.jsonl and /work/labels-L9-key/key-L9.json.
Run: /work/main/.venv/bin/python /work/labels-L9-key/build_L9.py
Hand-written variants are in texts.py; nothing, task_only and inspector (tools.py extractive
SESSION CUT) are generated here. task_only is the first real user request verbatim: the first
user message that is not aider's console output (name "aider_console"); that is message 1 for the
moatless sessions, message 2 for the aider and tau2 sessions (whose message 1 is aider's start-up
output or the tau2 agent's fixed greeting)."""
import json
import random
import secrets
import subprocess
import sys

sys.path.insert(0, "/work/labels-L9-key")
sys.path.insert(0, "/work/main")
import texts

from inspector.sources.registry import open_source

FIX = "/work/labels-L9/sessions/"
CUTS = {
    "aider_census.json": 20,
    "aider_history_2024-08-09_commit-before-message.json": 33,
    "moatless_scikit-learn-13779.json": 26,
    "moatless_django-11095.json": 20,
    "tau2_medical_adaptive-agent_task36.json": 23,
}
WRITTEN = ["faithful", "faithful_short", "terse", "planted_errors", "keyword_dump", "stale", "vague_long"]
T, P = texts.T, texts.P

items, key = [], {}
for s, cut in CUTS.items():
    ms = list(next(open_source(FIX + s).sessions()).messages)
    assert ms[cut].role == "assistant", (s, cut)
    assert 0.40 <= cut / len(ms) <= 0.85, (s, cut, len(ms))
    kept_calls = {c.id for m in ms[cut:] for c in m.tool_calls}
    for m in ms[cut:]:
        assert not getattr(m, "tool_call_id", None) or m.tool_call_id in kept_calls, (s, m.tool_call_id)
    first_req = next(m for m in ms[1:] if m.role == "user" and not getattr(m, "name", None))
    texts_ = {v: T[s, v] for v in WRITTEN}
    texts_["nothing"] = ""
    texts_["task_only"] = first_req.text
    texts_["inspector"] = subprocess.run(
        [sys.executable, "/work/labels-L9/tools.py", "extractive", s, str(cut)],
        capture_output=True, text=True, check=True).stdout.rstrip("\n")
    for v, r in texts_.items():
        i = secrets.token_hex(4)
        while i in key:
            i = secrets.token_hex(4)
        items.append({"id": i, "session": s, "cut": cut, "replacement": r})
        key[i] = {"variant": v, "session": s}
        if v == "planted_errors":
            key[i]["planted"] = P[s]
random.shuffle(items)
with open("/work/labels-L9/items-L9.jsonl", "w", encoding="utf-8") as f:
    for it in items:
        f.write(json.dumps(it, ensure_ascii=False) + "\n")
with open("/work/labels-L9-key/key-L9.json", "w", encoding="utf-8") as f:
    json.dump(key, f, ensure_ascii=False, indent=1)
print(len(items), "items")
for s in CUTS:
    for v in WRITTEN:
        print(f"{s[:34]:34} {v:15} {len(T[s, v].split())} words")
