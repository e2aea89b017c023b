#!/usr/bin/env python3
"""Convert one NeMo Gym rollout (a line of an example_rollouts.jsonl, OpenAI Responses API items)
into an OpenAI chat message list that inspector reads.

Usage: convert_nemo_gym.py RAW_JSONL LINE_INDEX OUT_JSON

Mapping (texts are copied byte for byte, nothing is rewritten):
- when the rollout records no system message (legal_agent_bench stores only the user's task),
  message 0 is a note written by this converter, saying so and naming the agent, the instance
  and the model from the rollout's own fields; nothing else is added;
- responses_create_params.input: each {"role", "content"} message -> {"role", "content"}
  (content given as a list of input_text parts is joined with "").
- response.output, in order:
  - {"type": "message", "role": "assistant"} -> an assistant message whose content is its
    output_text parts joined with "";
  - {"type": "function_call"} -> a tool call {"id": call_id, "type": "function",
    "function": {"name", "arguments"}} appended to the current assistant message (the one
    just opened by a message item, or a new assistant message with content "" when the
    previous item was not an assistant message or call), so a text reply and the calls that
    follow it form one assistant turn, as the chat API would return them;
  - {"type": "function_call_output"} -> {"role": "tool", "tool_call_id": call_id,
    "content": output};
  - {"type": "reasoning"}: its summary texts joined with "\n" (empty reasoning items are
    dropped). When it comes right after function calls that opened an assistant turn with no
    text (this environment logs a step's reasoning after its call), it becomes that turn's
    content; otherwise it is a new assistant turn of its own.
  - a function_call never joins a user turn: after a user message it opens a new assistant turn.
"""
import json
import sys


def text_of(content):
    if isinstance(content, str):
        return content
    parts = []
    for p in content or []:
        if isinstance(p, dict) and isinstance(p.get("text"), str):
            parts.append(p["text"])
    return "".join(parts)


def convert(row):
    msgs = []
    inp = row["responses_create_params"]["input"]
    if isinstance(inp, str) or not any(m.get("role") in ("system", "developer") for m in inp):
        msgs.append({"role": "system", "content": (
            "[Written by the converter, not part of the original run] NeMo Gym stores no system "
            "prompt for this rollout (agent " + row.get("agent_ref", {}).get("name", "?")
            + ", instance " + str(row.get("instance_id", "?")) + ", model "
            + str(row["response"].get("model", "?")) + "). The user's task follows.")})
    if isinstance(inp, str):
        msgs.append({"role": "user", "content": inp})
    else:
        for m in inp:
            msgs.append({"role": m["role"], "content": text_of(m.get("content"))})
    cur = None  # the open assistant turn that calls may join
    for o in row["response"]["output"]:
        t = o.get("type")
        if t == "message":
            cur = {"role": o.get("role", "assistant"), "content": text_of(o.get("content"))}
            msgs.append(cur)
        elif t == "reasoning":
            s = "\n".join(x.get("text", "") for x in (o.get("summary") or []))
            if s:
                if cur is not None and cur["role"] == "assistant" and cur.get("tool_calls") and cur["content"] == "":
                    cur["content"] = s
                else:
                    cur = {"role": "assistant", "content": s}
                    msgs.append(cur)
        elif t == "function_call":
            if cur is None or cur["role"] != "assistant":
                cur = {"role": "assistant", "content": ""}
                msgs.append(cur)
            cur.setdefault("tool_calls", []).append({
                "id": o["call_id"], "type": "function",
                "function": {"name": o["name"], "arguments": o["arguments"]}})
        elif t == "function_call_output":
            out = o.get("output")
            if not isinstance(out, str):
                out = text_of(out) if isinstance(out, list) else json.dumps(out)
            msgs.append({"role": "tool", "tool_call_id": o["call_id"], "content": out})
            cur = None
        else:
            raise SystemExit(f"unknown item type {t!r}")
    return msgs


if __name__ == "__main__":
    raw, idx, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(raw, encoding="utf-8") as f:
        row = json.loads(f.readlines()[idx])
    msgs = convert(row)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(msgs, f, ensure_ascii=False, indent=1)
    print(out, len(msgs), "messages")
