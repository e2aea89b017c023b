"""Convert a Claude Code sub-agent transcript (JSONL, every record `isSidechain: true`)
into an Anthropic Messages request body that inspector reads (`anthropic-json`).

Why: inspector's Claude Code reader skips sidechain (sub-agent) records, so a sub-agent
file alone reads as empty. The conversion keeps the content blocks verbatim:

- `user` / `assistant` records only; `progress` records (UI streaming notices) are dropped.
- Claude Code writes one record per content block, and the results of parallel tool calls
  may be written between the blocks of one assistant message. All assistant records of one
  `message.id` are joined into one assistant turn (blocks in record order), and the
  `tool_result` records written among or after them into the one user turn that follows it
  (the API requires all the results answering one assistant turn in the next user turn).
- Other consecutive user records are joined into one user turn.
- A user record whose content is a string becomes a text block.
- Blocks are copied as recorded (text, tool_use, tool_result); nothing else is changed.
- The transcript records no system prompt for the sub-agent; `system` is one line,
  written by this script, naming where the transcript comes from (agentId, Claude Code
  version, model). `model` is the model recorded on the assistant records.

Usage: python convert_claude_code_subagent.py IN.jsonl OUT.json
"""
import json
import sys


def convert(path):
    recs = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    turns = []  # [role, msg_id, blocks]
    model = None
    meta = next(r for r in recs if r.get("type") in ("user", "assistant"))
    for r in recs:
        if r.get("type") not in ("user", "assistant"):
            continue
        m = r["message"]
        role = m["role"]
        content = m["content"]
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
        if role == "assistant":
            model = model or m.get("model")
            mid = m.get("id")
            if turns and turns[-1][0] == "assistant" and turns[-1][1] == mid:
                turns[-1][2].extend(blocks)
                continue
            if (len(turns) >= 2 and turns[-2][0] == "assistant" and turns[-2][1] == mid
                    and all(b.get("type") == "tool_result" for b in turns[-1][2])):
                turns[-2][2].extend(blocks)  # a later block of the same message, after some results
                continue
            turns.append(["assistant", mid, blocks])
        else:
            if turns and turns[-1][0] == "user":
                turns[-1][2].extend(blocks)
                continue
            turns.append(["user", None, blocks])
    system = (f"[Claude Code sub-agent transcript: agentId {meta.get('agentId')}, parent session "
              f"{meta.get('sessionId')}, Claude Code {meta.get('version')}, model {model}. The sub-agent's "
              f"system prompt is not recorded in the transcript; this line was added by the conversion.]")
    return {"model": model, "system": system,
            "messages": [{"role": role, "content": blocks} for role, _, blocks in turns]}


if __name__ == "__main__":
    doc = convert(sys.argv[1])
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
