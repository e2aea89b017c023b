"""Build L29: /work/labels-L29/items-L29.jsonl and /work/labels-L29-key/key-L29.json.
Run: /work/main/.venv/bin/python /work/labels-L29-key/build_L29.py
Hand-written variants are in texts.py; keyword_dump is the verbatim strings K[session] joined by
newlines (each one is checked to occur in messages 1..cut-1, text or tool-call name + arguments);
nothing, task_only (the first real request verbatim: FIRST_REQUEST below) and inspector
(tools.py extractive SESSION CUT) are generated here. Message 0 of each session is written by the
converter, except in spider2_tc_sf_bq024.json (whose message 0 is the run's own system prompt)."""
import json
import random
import secrets
import subprocess
import sys

sys.path.insert(0, "/work/labels-L29-key")
sys.path.insert(0, "/work/main")
import texts

from inspector.sources.registry import open_source

FIX = "/work/labels-L29/sessions/"
CUTS = {
    "spider2_tc_sf_bq024.json": 32,
    "kubectl_ai_20250904_0504.json": 31,
    "kubectl_ai_20250904_0856.json": 24,
    "tradingagents_aptv.json": 19,
    "tradingagents_noc.json": 21,
}
# the first real request: message 1 where the session opens with it; the kubectl-ai sessions open with
# the CLI's greeting and meta commands ("models", "model", "tools"), their first real request is later
FIRST_REQUEST = {s: 1 for s in CUTS}
FIRST_REQUEST["kubectl_ai_20250904_0504.json"] = 17
FIRST_REQUEST["kubectl_ai_20250904_0856.json"] = 11
WRITTEN = ["faithful", "faithful_short", "terse", "planted_errors", "stale", "vague_long"]
T, P, K = texts.T, texts.P, texts.K

items, key = [], {}
for s, cut in CUTS.items():
    ms = list(next(open_source(FIX + s).sessions()).messages)
    assert ms[0].role == "system", s
    assert ms[cut].role == "assistant", (s, cut)
    assert 0.55 <= cut / len(ms) <= 0.70, (s, cut, len(ms))
    assert FIRST_REQUEST[s] < cut and ms[FIRST_REQUEST[s]].role == "user", s
    kept_calls = {c.id for m in ms[cut:] for c in m.tool_calls}
    for m in ms[cut:]:
        tid = getattr(m, "tool_call_id", None)
        assert not tid or tid in kept_calls, (s, cut, tid)
    removed = "\n".join((m.text or "") + "\n" + "\n".join((c.name or "") + " " + (c.arguments_raw or "") for c in m.tool_calls)
                        for m in ms[1:cut])
    missing = [k for k in K[s] if k not in removed]
    assert not missing, (s, missing)
    texts_ = {v: T[s, v] for v in WRITTEN}
    texts_["keyword_dump"] = "\n".join(K[s])
    texts_["nothing"] = ""
    texts_["task_only"] = ms[FIRST_REQUEST[s]].text
    texts_["inspector"] = subprocess.run(
        [sys.executable, "/work/labels-L29/tools.py", "extractive", FIX + s, str(cut)],
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
with open("/work/labels-L29/items-L29.jsonl", "w", encoding="utf-8") as f:
    for it in items:
        f.write(json.dumps(it, ensure_ascii=False) + "\n")
with open("/work/labels-L29-key/key-L29.json", "w", encoding="utf-8") as f:
    json.dump(key, f, ensure_ascii=False, indent=1)
print(len(items), "items")
for s in CUTS:
    for v in WRITTEN + ["keyword_dump"]:
        t = T[s, v] if v != "keyword_dump" else "\n".join(K[s])
        print(f"{s[:40]:40} {v:15} {len(t.split())} words")
