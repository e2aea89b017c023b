"""Convert an AgentDojo run file (runs/<pipeline>/<suite>/<task>/<attack>/<injection>.json,
ethz-spylab/agentdojo, MIT) to the OpenAI chat JSON inspector reads: {"messages": [...]}.

    python convert_agentdojo.py RAW.json OUT.json

- Order and text kept byte for byte; nothing dropped, nothing added.
- content: a string as stored; a list of blocks ({"type": "text", "content": ...}, newer
  AgentDojo) is joined with "\n"; null stays null.
- assistant tool_calls {"function", "args", "id"} -> {"id", "type": "function",
  "function": {"name", "arguments": json.dumps(args)}}.
- tool messages keep tool_call_id; a tool call that raised has content "" and the exception
  text in "error": the content becomes that error text (what AgentDojo's OpenAI pipeline
  sends the model), so the failure stays visible.
"""
import json
import sys


def text(c):
    if c is None or isinstance(c, str):
        return c
    return "\n".join(b.get("content") or b.get("text") or "" for b in c)


def convert(raw):
    out = []
    for m in raw["messages"]:
        o = {"role": m["role"], "content": text(m.get("content"))}
        if m.get("tool_calls"):
            o["tool_calls"] = [{"id": c["id"], "type": "function",
                                "function": {"name": c["function"],
                                             "arguments": json.dumps(c["args"], ensure_ascii=False)}}
                               for c in m["tool_calls"]]
        if m["role"] == "tool":
            o["tool_call_id"] = m["tool_call_id"]
            if m.get("error"):
                o["content"] = m["error"]
        out.append(o)
    return {"messages": out}


if __name__ == "__main__":
    raw = json.load(open(sys.argv[1], encoding="utf-8"))
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(convert(raw), f, ensure_ascii=False, indent=1)
