"""Convert a Letta agent file (.af) to openai-chat JSON {"messages": [...]}.
Usage: python convert_letta_af.py RAW.af OUT.json [AGENT_INDEX] [--base-system]
- Older .af files keep `messages` at top level; newer ones under `agents[i].messages`.
- Message order is the stored order. Content blocks of type "text" are joined with blank lines;
  tool_calls and tool_call_id are kept as recorded.
- Only the first `system` message is kept (message 0). Letta rewrites the system prompt (with the
  current memory blocks) after memory edits and stores each rewrite as a new system message; those
  later rewrites are dropped (their count is printed).
- --base-system: message 0 is the agent's `system` field (base instructions only) instead of the
  stored compiled system message. Newer .af exports store ONE system message compiled with the
  memory blocks as they were at export time, i.e. after the whole run; that text would leak state
  from after the cut, so for those files only the base instructions are kept.
"""
import json
import sys

raw, out = sys.argv[1], sys.argv[2]
args = [a for a in sys.argv[3:] if not a.startswith("--")]
idx = int(args[0]) if args else 0
base = "--base-system" in sys.argv
d = json.load(open(raw, encoding="utf-8"))
agent = d if "messages" in d else d["agents"][idx]
ms = agent["messages"]


def text(m):
    parts = []
    for c in m.get("content") or []:
        if c.get("type") == "text" and c.get("text"):
            parts.append(c["text"])
        elif c.get("type") in ("reasoning", "omitted_reasoning") and c.get("reasoning"):
            parts.append(c["reasoning"])
    return "\n\n".join(parts)


res, dropped = [], 0
for m in ms:
    r = m["role"]
    if r == "system":
        if res:
            dropped += 1
            continue
        res.append({"role": "system", "content": agent["system"] if base else text(m)})
    elif r == "assistant":
        o = {"role": "assistant", "content": text(m) or None}
        if m.get("tool_calls"):
            o["tool_calls"] = [{"id": c["id"], "type": "function",
                                "function": {"name": c["function"]["name"], "arguments": c["function"]["arguments"]}}
                               for c in m["tool_calls"]]
        res.append(o)
    elif r == "tool":
        res.append({"role": "tool", "tool_call_id": m["tool_call_id"], "content": text(m)})
    elif r == "user":
        res.append({"role": "user", "content": text(m)})
    else:
        raise SystemExit(f"unhandled role {r}")
json.dump({"messages": res}, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
print(len(res), "messages;", dropped, "later system rewrites dropped")
