"""Convert a pi coding-agent session file (JSONL, badlogic/pi-mono, MIT) to the OpenAI chat
JSON inspector reads: {"messages": [...]}.

    python convert_pi.py RAW.jsonl OUT.json FIRST END NOTE

Takes the session's entries FIRST..END-1 (0-based entry numbers of the raw file, where one
physical line may hold several JSON entries: they are split with raw_decode), i.e. the first
episode of a long session, ending just before a later user request.

- Message 0 is written by the converter (a system message, NOTE): pi keeps no system prompt
  in its session files. It says so.
- Entries of type "session", "model_change", "thinking_level_change" are metadata, not
  messages, and are dropped. (No "compaction" entry lies in the ranges used.)
- user: the text blocks, joined with "\n" (each episode has one text block per message).
- assistant: text blocks joined with "\n" -> content (None when there is no text);
  toolCall blocks -> tool_calls [{"id", "type": "function", "function": {"name",
  "arguments": json.dumps(arguments, ensure_ascii=False)}}]. An assistant entry with no
  content at all (a request aborted before any output, stopReason "aborted") is dropped;
  one that was cut off mid-stream but holds tool calls (stopReason "error", "terminated")
  is kept with its calls, which have no results.
- toolResult -> {"role": "tool", "tool_call_id", "content": text blocks joined with "\n"}.
- Text is kept byte for byte; thinking blocks do not occur in the ranges used.
"""
import json
import sys


def load(path):
    rows = []
    dec = json.JSONDecoder()
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        i = 0
        while i < len(line):
            o, j = dec.raw_decode(line, i)
            rows.append(o)
            i = j
            while i < len(line) and line[i] in " \t":
                i += 1
    return rows


def texts(blocks):
    return "\n".join(b["text"] for b in blocks if b.get("type") == "text")


def convert(rows, first, end, note):
    out = [{"role": "system", "content": note}]
    for r in rows[first:end]:
        if r["type"] != "message":
            continue
        m = r["message"]
        role = m["role"]
        if role == "user":
            assert all(b.get("type") == "text" for b in m["content"]), m
            out.append({"role": "user", "content": texts(m["content"])})
        elif role == "assistant":
            assert not any(b.get("type") == "thinking" for b in m["content"]), "thinking block"
            calls = [b for b in m["content"] if b.get("type") == "toolCall"]
            text = texts(m["content"])
            if not calls and not text:
                continue  # aborted before any output
            o = {"role": "assistant", "content": text or None}
            if calls:
                o["tool_calls"] = [{"id": c["id"], "type": "function",
                                    "function": {"name": c["name"],
                                                 "arguments": json.dumps(c["arguments"], ensure_ascii=False)}}
                                   for c in calls]
            out.append(o)
        elif role == "toolResult":
            out.append({"role": "tool", "tool_call_id": m["toolCallId"], "content": texts(m["content"])})
        else:
            raise ValueError(role)
    return {"messages": out}


if __name__ == "__main__":
    raw, dst, first, end, note = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(convert(load(raw), first, end, note), f, ensure_ascii=False, indent=1)
