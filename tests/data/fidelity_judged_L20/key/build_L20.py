"""Build L20: /work/labels-L20/items-L20.jsonl and /work/labels-L20-key/key-L20.json.
Run: /work/main/.venv/bin/python /work/labels-L20-key/build_L20.py
Hand-written variants are in texts.py; nothing, task_only (message 1 verbatim: the first real
request in every session, message 0 being the converter's note) and inspector
(tools.py extractive SESSION CUT) are generated here."""
import json
import random
import secrets
import subprocess
import sys

sys.path.insert(0, "/work/labels-L20-key")
sys.path.insert(0, "/work/main")
import texts

from inspector.sources.registry import open_source

FIX = "/work/labels-L20/sessions/"
CUTS = {
    "pi_theme_port.json": 45,
    "pi_issue288_no_model.json": 85,
    "pi_docs_sysprompt.json": 41,
    "kimi_sklearn26323_main.json": 66,
    "kimi_sklearn26323_readcontext.json": 26,
}
WRITTEN = ["faithful", "faithful_short", "terse", "planted_errors", "keyword_dump", "stale", "vague_long"]
T, P = texts.T, texts.P

items, key = [], {}
for s, cut in CUTS.items():
    ms = list(next(open_source(FIX + s).sessions()).messages)
    assert ms[0].role == "system" and ms[1].role == "user", s
    assert ms[cut].role == "assistant", (s, cut)
    assert 0.40 <= cut / len(ms) <= 0.85, (s, cut, len(ms))
    kept_calls = {c.id for m in ms[cut:] for c in m.tool_calls}
    for m in ms[cut:]:
        tid = getattr(m, "tool_call_id", None)
        assert not tid or tid in kept_calls, (s, cut, tid)
    texts_ = {v: T[s, v] for v in WRITTEN}
    texts_["nothing"] = ""
    texts_["task_only"] = ms[1].text
    texts_["inspector"] = subprocess.run(
        [sys.executable, "/work/labels-L20/tools.py", "extractive", FIX + s, str(cut)],
        capture_output=True, text=True, check=True).stdout.rstrip("\n")
    assert texts_["inspector"], s
    for v, r in texts_.items():
        i = secrets.token_hex(4)
        while i in key:
            i = secrets.token_hex(4)
        items.append({"id": i, "session": s, "cut": cut, "replacement": r})
        key[i] = {"variant": v, "session": s}
        if v == "planted_errors":
            key[i]["planted"] = P[s]
random.shuffle(items)
with open("/work/labels-L20/items-L20.jsonl", "w", encoding="utf-8") as f:
    for it in items:
        f.write(json.dumps(it, ensure_ascii=False) + "\n")
with open("/work/labels-L20-key/key-L20.json", "w", encoding="utf-8") as f:
    json.dump(key, f, ensure_ascii=False, indent=1)
print(len(items), "items")
for s in CUTS:
    for v in WRITTEN:
        print(f"{s[:34]:34} {v:15} {len(T[s, v].split())} words")
