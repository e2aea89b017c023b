"""Build L8: /work/labels-L8/items-L8.jsonl and /work/labels-L8-key/key-L8.json.
Run: /work/main/.venv/bin/python /work/labels-L8-key/build_L8.py
Hand-written variants are in texts_a.py / texts_b.py; nothing, task_only (message 1 verbatim)
and inspector (tools.py extractive SESSION CUT) are generated here."""
import json
import random
import secrets
import subprocess
import sys

sys.path.insert(0, "/work/labels-L8-key")
sys.path.insert(0, "/work/main")
import texts_a
import texts_b

from inspector.sources.registry import open_source

FIX = "/work/labels-L8/sessions/"
CUTS = {
    "tau-bench_airline_gpt-4o_task28.json": 26,
    "matplotlib__matplotlib-23314.traj.json": 24,
    "astropy__astropy-12907.traj.json": 32,
    "openhands_ponyc-4593.json": 55,
    "spotter_subagent_aa84377.json": 15,
}
WRITTEN = ["faithful", "faithful_short", "terse", "planted_errors", "keyword_dump", "stale", "vague_long"]
T = {**texts_a.T, **texts_b.T}
P = {**texts_a.P, **texts_b.P}

items, key = [], {}
for s, cut in CUTS.items():
    ms = list(next(open_source(FIX + s).sessions()).messages)
    assert ms[cut].role == "assistant", (s, cut)
    assert 0.40 <= cut / len(ms) <= 0.85, (s, cut, len(ms))
    texts = {v: T[s, v] for v in WRITTEN}
    texts["nothing"] = ""
    texts["task_only"] = ms[1].text
    texts["inspector"] = subprocess.run(
        [sys.executable, "/work/labels-L8/tools.py", "extractive", s, str(cut)],
        capture_output=True, text=True, check=True).stdout.rstrip("\n")
    for v, r in texts.items():
        i = secrets.token_hex(4)
        while i in key:
            i = secrets.token_hex(4)
        items.append({"id": i, "session": s, "cut": cut, "replacement": r})
        key[i] = {"variant": v, "session": s}
        if v == "planted_errors":
            key[i]["planted"] = P[s]
random.shuffle(items)
with open("/work/labels-L8/items-L8.jsonl", "w", encoding="utf-8") as f:
    for it in items:
        f.write(json.dumps(it, ensure_ascii=False) + "\n")
with open("/work/labels-L8-key/key-L8.json", "w", encoding="utf-8") as f:
    json.dump(key, f, ensure_ascii=False, indent=1)
print(len(items), "items")
for s in CUTS:
    for v in WRITTEN:
        print(f"{s[:30]:30} {v:15} {len(T[s, v].split())} words")
