"""Convert a Claude Code transcript (JSONL; a main session or a sub-agent file) into an
Anthropic Messages request body that inspector reads (`anthropic-json`).

Adapted from labels-L6/sessions/convert_claude_code_subagent.py (same joining rules; only the
`system` line differs between a main session and a sub-agent file).

Why: inspector's Claude Code reader follows one parentUuid chain back from the last record.
Claude Code hangs the result of each parallel tool call off its own tool_use record, so the
chain passes through one of them only: the other calls of that assistant message and their
results are not on it and are not read (in spotter's create-beads session 2 of 4 calls in the
first turn with 3 of their 4 results, and one of the two parallel `bd create` results). A
sub-agent file alone reads as empty (sidechain records are skipped). The conversion keeps
every content block verbatim:

- `user` / `assistant` records only; `progress` records (UI streaming notices) are dropped.
- Claude Code writes one record per content block, and the results of parallel tool calls
  may be written between the blocks of one assistant message. All assistant records of one
  `message.id` are joined into one assistant turn (blocks in record order), and the
  `tool_result` records written among or after them into the one user turn that follows it
  (the API requires all the results answering one assistant turn in the next user turn).
- Other consecutive user records are joined into one user turn.
- A user record whose content is a string becomes a text block.
- Blocks are copied as recorded (text, tool_use, tool_result); nothing else is changed.
- The transcript records no system prompt; `system` is one line, written by this script,
  naming where the transcript comes from (session or agentId, Claude Code version, model). `model` is the model recorded on the assistant records.

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
    if meta.get("isSidechain"):
        system = (f"[Claude Code sub-agent transcript: agentId {meta.get('agentId')}, parent session "
                  f"{meta.get('sessionId')}, Claude Code {meta.get('version')}, model {model}. The sub-agent's "
                  f"system prompt is not recorded in the transcript; this line was added by the conversion.]")
    else:
        system = (f"[Claude Code main session {meta.get('sessionId')}, Claude Code {meta.get('version')}, "
                  f"model {model}, working directory {meta.get('cwd')}. Claude Code's system prompt is not "
                  f"recorded in the transcript; this line was added by the conversion.]")
    return {"model": model, "system": system,
            "messages": [{"role": role, "content": blocks} for role, _, blocks in turns]}


if __name__ == "__main__":
    doc = convert(sys.argv[1])
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
