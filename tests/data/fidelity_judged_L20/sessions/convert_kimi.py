"""Convert a Kimi CLI session context file (JSONL, MoonshotAI/kimi-cli, Apache-2.0) to the
OpenAI chat JSON inspector reads: {"messages": [...]}.

    python convert_kimi.py RAW.jsonl OUT.json NOTE

- Message 0 is written by the converter (a system message, NOTE): the context file keeps no
  system prompt. It says so.
- Lines with role "_checkpoint" and "_usage" are bookkeeping, not messages, and are dropped.
- user / assistant / tool lines are kept in order. A content list of {"type": "text"} blocks is
  joined with "\n" (a string stays as it is; an empty list becomes None for an assistant that
  only calls tools). tool_calls ({"type", "id", "function": {"name", "arguments"}}) and
  tool_call_id are kept as stored (arguments are already JSON strings).
- Text is kept byte for byte.
"""
import json
import sys


def text(c):
    if c is None or isinstance(c, str):
        return c
    assert all(b.get("type") == "text" for b in c), c
    return "\n".join(b["text"] for b in c) or None


def convert(lines, note):
    out = [{"role": "system", "content": note}]
    for line in lines:
        m = json.loads(line)
        if m["role"] in ("_checkpoint", "_usage"):
            continue
        assert m["role"] in ("user", "assistant", "tool"), m["role"]
        o = {"role": m["role"], "content": text(m.get("content"))}
        if m.get("tool_calls"):
            o["tool_calls"] = [{"id": c["id"], "type": "function",
                                "function": {"name": c["function"]["name"],
                                             "arguments": c["function"]["arguments"]}}
                               for c in m["tool_calls"]]
        if m["role"] == "tool":
            o["tool_call_id"] = m["tool_call_id"]
            if o["content"] is None:
                o["content"] = ""
        out.append(o)
    return {"messages": out}


if __name__ == "__main__":
    raw, dst, note = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(convert(open(raw, encoding="utf-8"), note), f, ensure_ascii=False, indent=1)
