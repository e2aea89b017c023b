"""Build the L6 labelled set: /work/labels-L6/items-L6.jsonl (shuffled, random ids) and the key
/work/labels-L6-key/key-L6.json. Kept beside the key, away from the judges.

Run with /work/main/.venv/bin/python /work/labels-L6-key/build_L6.py [--write]
Without --write it only checks (keyword dumps verbatim, word counts, cuts).
"""
import json
import random
import secrets
import sys

sys.path.insert(0, "/work/labels-L6")
sys.path.insert(0, "/work/labels-L6-key")
import content_A_B  # noqa: E402
import content_C_D  # noqa: E402
import content_E  # noqa: E402
import tools  # noqa: E402

from inspector.engine.summarize.extractive import build_summary  # noqa: E402

CUTS = {
    "tau-bench_airline_gpt-4o_task3.json": 50,
    "tau-bench_airline_gpt-4o_task17.json": 18,
    "spotter_subagent_a7be2f0.json": 21,
    "spotter_subagent_a93ccab.json": 29,
    "scikit-learn__scikit-learn-26194.traj.json": 22,
}
VARIANTS = ["faithful", "faithful_short", "terse", "planted_errors", "keyword_dump", "nothing",
            "task_only", "inspector", "stale", "vague_long"]

TEXTS, PLANTED = {}, {}
for mod in (content_A_B, content_C_D, content_E):
    TEXTS.update(mod.TEXTS)
    PLANTED.update(mod.PLANTED)


def corpus(session, cut):
    """Every verbatim string of messages 1..cut-1: texts, tool call names and arguments."""
    ms = tools.messages(session)
    out = []
    for m in ms[1:cut]:
        out.append(m.text or "")
        for c in m.tool_calls:
            out.append(c.name)
            args = c.arguments
            if isinstance(args, dict):
                out.append(json.dumps(args))
                out.append(json.dumps(args, separators=(",", ":")))
                out.extend(str(v) for v in args.values())
            else:
                out.append(str(args))
    # the raw source file (OpenAI argument strings as recorded)
    raw = open(tools.FIX + session, encoding="utf-8").read()
    try:
        doc = json.loads(raw)
        msgs = doc if isinstance(doc, list) else doc.get("messages", [])
        for m in msgs[1:cut]:
            for c in m.get("tool_calls") or []:
                out.append(c["function"]["name"] + " " + c["function"]["arguments"])
                out.append(c["function"]["arguments"])
    except Exception:
        pass
    return "\n".join(out)


def check():
    ok = True
    for s, cut in CUTS.items():
        ms = tools.messages(s)
        assert ms[cut].role == "assistant", (s, cut)
        assert not getattr(ms[cut], "tool_call_id", None)
        frac = cut / len(ms)
        assert 0.40 <= frac <= 0.85, (s, frac)
        text = corpus(s, cut)
        for line in TEXTS[s]["keyword_dump"].splitlines():
            if line.strip() and line not in text:
                ok = False
                print(f"NOT VERBATIM [{s}]: {line!r}")
        for v in ("faithful", "faithful_short", "terse", "planted_errors", "keyword_dump", "stale", "vague_long"):
            print(f"{s[:34]:34} {v:15} {len(TEXTS[s][v].split()):4} words")
        print(f"{s[:34]:34} cut {cut}/{len(ms)} = {frac:.2f}")
    return ok


def build():
    items, key = [], {}
    used = set()
    for s, cut in CUTS.items():
        ms = tools.messages(s)
        rep = dict(TEXTS[s])
        rep["nothing"] = ""
        rep["task_only"] = ms[1].text
        rep["inspector"] = build_summary(ms[1:cut], [], max_words=300)
        for v in VARIANTS:
            while True:
                iid = secrets.token_hex(4)
                if iid not in used:
                    used.add(iid)
                    break
            items.append({"id": iid, "session": s, "cut": cut, "replacement": rep[v]})
            k = {"variant": v, "session": s}
            if v == "planted_errors":
                k["planted"] = PLANTED[s]
            key[iid] = k
    random.SystemRandom().shuffle(items)
    with open("/work/labels-L6/items-L6.jsonl", "w", encoding="utf-8") as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    with open("/work/labels-L6-key/key-L6.json", "w", encoding="utf-8") as f:
        json.dump(key, f, ensure_ascii=False, indent=1)
    print(f"wrote {len(items)} items, {len(key)} keys")


if __name__ == "__main__":
    good = check()
    if "--write" in sys.argv:
        if not good:
            sys.exit("keyword dumps not verbatim; not written")
        build()
