"""Convert a Claude Code main-session transcript (JSONL, as stored by Entire in
`<id>/<n>/full.jsonl` on entireio/cli's `entire/checkpoints/v1` branch) into an Anthropic
Messages request body that inspector reads (`anthropic-json`).

Adapted for L10 from L8's convert_claude_code_subagent.py. Why: inspector reads the JSONL
directly, but then the user's request is message 0 (no system prompt is recorded), and the
labelled set keeps message 0 and replaces 1..cut-1. The conversion keeps content blocks verbatim:

- Sidechain records (`isSidechain: true`, sub-agent work) are dropped, as inspector's own
  Claude Code reader does; `summary`, `system`, `file-history-snapshot` records too.

- `user` / `assistant` records only; `progress` records (UI streaming notices) are dropped.
- Claude Code writes one record per content block, and the results of parallel tool calls
  may be written between the blocks of one assistant message. All assistant records of one
  `message.id` are joined into one assistant turn (blocks in record order), and the
  `tool_result` records written among or after them into the one user turn that follows it
  (the API requires all the results answering one assistant turn in the next user turn).
- Other consecutive user records are joined into one user turn.
- A user record whose content is a string becomes a text block.
- Blocks are copied as recorded (text, tool_use, tool_result); nothing else is changed.
- The transcript records no system prompt; `system` is one line,
  written by this script, naming where the transcript comes from (agentId, Claude Code
  version, model). `model` is the model recorded on the assistant records.

Usage: python convert_claude_code_session.py IN.jsonl OUT.json
"""
import json
import sys


def convert(path):
    recs = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    turns = []  # [role, msg_id, blocks]
    model = None
    meta = next(r for r in recs if r.get("type") in ("user", "assistant"))
    for r in recs:
        if r.get("type") not in ("user", "assistant") or r.get("isSidechain"):
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
    system = (f"[Claude Code session transcript: sessionId {meta.get('sessionId')}, Claude Code "
              f"{meta.get('version')}, model {model}, branch {meta.get('gitBranch')}. Claude Code's "
              f"system prompt is not recorded in the transcript; this line was added by the conversion.]")
    return {"model": model, "system": system,
            "messages": [{"role": role, "content": blocks} for role, _, blocks in turns]}


if __name__ == "__main__":
    doc = convert(sys.argv[1])
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
