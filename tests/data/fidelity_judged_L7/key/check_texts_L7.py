"""Checks of the hand-written L7 texts: word counts per variant, and that every line of each
keyword_dump occurs verbatim in the replaced range (messages 1..cut-1: texts and tool-call
arguments as inspector reads them)."""
import json
import sys

sys.path.insert(0, "/work/main")
sys.path.insert(0, "/work/labels-L7-key")
from texts_L7 import CUTS, T  # noqa: E402

from inspector.sources.registry import open_source  # noqa: E402


def range_text(session, cut):
    ms = list(next(open_source("/work/labels-L7/sessions/" + session).sessions()).messages)
    parts = []
    for m in ms[1:cut]:
        parts.append(m.text or "")
        for c in m.tool_calls:
            a = c.arguments
            parts.append(json.dumps(a, ensure_ascii=False) if not isinstance(a, str) else a)
            if isinstance(a, dict):
                parts.extend(str(v) for v in a.values())
    return "\n".join(parts)


for s, vs in T.items():
    rt = range_text(s, CUTS[s])
    print(s, "cut", CUTS[s])
    for v, t in vs.items():
        print(f"   {v:15s} {len(t.split()):4d} words")
    missing = [l for l in vs["keyword_dump"].splitlines() if l.strip() and l not in rt]
    for l in missing:
        print("   NOT VERBATIM:", repr(l))
