"""Convert a Codex CLI rollout (JSONL) into openai-chat JSON {"messages": [...]}.

Only `response_item` records are used (session_meta, turn_context and event_msg records, which
duplicate them or carry token counts, are dropped):
- message/developer -> system; message/user -> user (input_text blocks joined with a newline; an
  input_image block becomes the text "[image attached]"); message/assistant -> assistant.
- reasoning: its summary_text parts are kept at the start of the content of the next assistant message
  (the one carrying the next tool call, or the next assistant text) (Codex shows these summaries to the user; the encrypted reasoning is dropped).
- function_call -> a tool_calls entry (id = call_id, arguments verbatim); custom_tool_call
  (apply_patch) -> a tool_calls entry whose arguments are {"input": <the patch text>}.
- function_call_output / custom_tool_call_output -> a tool message (tool_call_id = call_id).
Usage: python convert_codex.py IN.jsonl OUT.json
"""
import json
import sys


def convert(path):
    msgs, pending = [], []
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        r = json.loads(line)
        if r.get("type") != "response_item":
            continue
        p = r["payload"]
        t = p.get("type")
        if t == "message":
            parts = []
            for b in p.get("content", []):
                if b.get("type") in ("input_text", "output_text"):
                    parts.append(b["text"])
                elif b.get("type") == "input_image":
                    parts.append("[image attached]")
            role = {"developer": "system"}.get(p["role"], p["role"])
            if role == "assistant" and pending:
                parts = pending + parts
            msgs.append({"role": role, "content": ("\n\n" if role == "assistant" else "\n").join(parts)})
            pending = []
        elif t == "reasoning":
            pending += [s["text"] for s in p.get("summary", []) if s.get("type") == "summary_text"]
        elif t in ("function_call", "custom_tool_call"):
            args = p["arguments"] if t == "function_call" else json.dumps({"input": p["input"]}, ensure_ascii=False)
            msgs.append({"role": "assistant", "content": "\n\n".join(pending), "tool_calls": [
                {"id": p["call_id"], "type": "function", "function": {"name": p["name"], "arguments": args}}]})
            pending = []
        elif t in ("function_call_output", "custom_tool_call_output"):
            out = p["output"]
            msgs.append({"role": "tool", "tool_call_id": p["call_id"], "content": out if isinstance(out, str) else json.dumps(out)})
    return {"messages": msgs}


if __name__ == "__main__":
    json.dump(convert(sys.argv[1]), open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False, indent=1)
