"""Convert a Claude Code main-session transcript (JSONL) into openai-chat JSON {"messages": [...]}.

- Message 0 is a one-line system message written by this script (the transcript records no system
  prompt): it names the source, Claude Code version, model and working directory.
- `user` / `assistant` records only (queue-operation etc. dropped). Claude Code writes one record per
  content block; consecutive assistant records of one `message.id` are joined into one assistant
  message (text blocks joined with a blank line, tool_use blocks -> tool_calls, id and input verbatim),
  also when tool results were written between its blocks.
- Each tool_result block becomes a `tool` message (tool_call_id = tool_use_id); its content is the
  string, or the text blocks joined. A user string (the task, stop-hook feedback) becomes a user message.
Usage: python convert_claude_code.py IN.jsonl OUT.json
"""
import json
import sys


def text_of(c):
    if isinstance(c, str):
        return c
    return "\n".join(b.get("text", "") for b in c if b.get("type") == "text")


def convert(path):
    recs = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    msgs, last_aid, model, meta = [], None, None, None
    for r in recs:
        if r.get("type") not in ("user", "assistant"):
            continue
        meta = meta or r
        m = r["message"]
        content = m["content"]
        if m["role"] == "assistant":
            model = model or m.get("model")
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
            target = None
            if last_aid == m.get("id"):
                target = next(x for x in reversed(msgs) if x["role"] == "assistant")
            else:
                target = {"role": "assistant", "content": "", "tool_calls": []}
                msgs.append(target)
                last_aid = m.get("id")
            for b in blocks:
                if b["type"] == "text" and b["text"].strip():
                    target["content"] = (target["content"] + "\n\n" + b["text"]) if target["content"] else b["text"]
                elif b["type"] == "tool_use":
                    target["tool_calls"].append({"id": b["id"], "type": "function", "function": {
                        "name": b["name"], "arguments": json.dumps(b["input"], ensure_ascii=False)}})
        else:
            if isinstance(content, str):
                msgs.append({"role": "user", "content": content})
                last_aid = None
                continue
            for b in content:
                if b.get("type") == "tool_result":
                    msgs.append({"role": "tool", "tool_call_id": b["tool_use_id"], "content": text_of(b.get("content", ""))})
                elif b.get("type") == "text":
                    msgs.append({"role": "user", "content": b["text"]})
                    last_aid = None
    for x in msgs:
        if x["role"] == "assistant" and not x["tool_calls"]:
            del x["tool_calls"]
    system = (f"[Claude Code session {meta.get('sessionId')}, Claude Code {meta.get('version')}, model {model}, "
              f"cwd {meta.get('cwd')}. The system prompt is not recorded in the transcript; this line was added by the conversion.]")
    return {"messages": [{"role": "system", "content": system}] + msgs}


if __name__ == "__main__":
    json.dump(convert(sys.argv[1]), open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False, indent=1)
