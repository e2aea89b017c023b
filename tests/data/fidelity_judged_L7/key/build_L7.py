"""Build the L7 labelled set: /work/labels-L7/items-L7.jsonl (shuffled, random ids) and
/work/labels-L7-key/key-L7.json. Hand-written texts come from texts_L7.py; task_only is
message 1 of the session verbatim (as inspector reads it), inspector is
`tools.py extractive SESSION CUT` (build_summary of messages[1:cut], 300 words), nothing is "".

Run: /work/main/.venv/bin/python /work/labels-L7-key/build_L7.py
"""
import json
import random
import secrets
import sys

sys.path.insert(0, "/work/main")
sys.path.insert(0, "/work/labels-L7-key")
from texts_L7 import CUTS, PLANTED, T  # noqa: E402

from inspector.engine.summarize.extractive import build_summary  # noqa: E402
from inspector.sources.registry import open_source  # noqa: E402

SESS = "/work/labels-L7/sessions/"
VARIANTS = ["faithful", "faithful_short", "terse", "planted_errors", "keyword_dump", "nothing",
            "task_only", "inspector", "stale", "vague_long"]


def messages(session):
    return list(next(open_source(SESS + session).sessions()).messages)


def main():
    rows, key, used = [], {}, set()
    for session, cut in CUTS.items():
        ms = messages(session)
        assert ms[cut].role == "assistant", (session, cut, ms[cut].role)
        assert 0.40 <= cut / len(ms) <= 0.85, (session, cut, len(ms))
        texts = dict(T[session])
        texts["nothing"] = ""
        texts["task_only"] = ms[1].text
        texts["inspector"] = build_summary(ms[1:cut], [], max_words=300)
        for v in VARIANTS:
            iid = secrets.token_hex(4)
            while iid in used:
                iid = secrets.token_hex(4)
            used.add(iid)
            rows.append({"id": iid, "session": session, "cut": cut, "replacement": texts[v]})
            key[iid] = {"variant": v, "session": session}
            if (session, v) in PLANTED:
                key[iid]["planted"] = PLANTED[(session, v)]
    random.SystemRandom().shuffle(rows)
    with open("/work/labels-L7/items-L7.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open("/work/labels-L7-key/key-L7.json", "w", encoding="utf-8") as f:
        json.dump(key, f, ensure_ascii=False, indent=1)
    print(f"{len(rows)} items, {len(set(r['id'] for r in rows))} ids")


if __name__ == "__main__":
    main()
