"""Convert smolagents benchmark runs (huggingface/smolagents, Apache-2.0) to OpenAI chat JSON.

Source: commit 8a3687cba11a3d1fed8ac198e6f22c6b7e7e9a2b ("Uploading outputs"),
examples/smolagents_benchmark/output/*.jsonl (blobs in SOURCES.md). Each line is one GAIA question
run by gpt-4o; `intermediate_steps` is the agent's memory as smolagents' ChatMessage list.

Step 1 (extract): take line N of the blob, byte for byte, into raw/SESSION.line.jsonl.
Step 2 (convert), one message per memory entry, texts kept byte for byte:
  system / user / assistant      -> same role, content = the text parts joined ("" between parts)
  tool-call ("Calling tools:\n[...]") -> role assistant, content = that text unchanged, plus
      tool_calls parsed from it (ast.literal_eval; arguments, a dict or a code string, -> json.dumps)
  tool-response right after a tool-call -> role tool, tool_call_id = that call's id, content unchanged
  tool-response with no call before it (a step whose code failed to parse, or the final-answer echo
      after another tool-response) -> role user (smolagents itself sends tool-responses to the
      model as user messages), content unchanged
Run: python3 convert_smolagents.py RAW_BLOB_FILE LINE_NO OUT_NAME
"""
import ast
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def text_of(m):
    c = m["content"]
    if isinstance(c, str):
        return c
    return "".join(p.get("text", "") for p in c if p.get("type") == "text")


def convert(steps):
    out, last_ids = [], None
    for m in steps:
        role, text = m["role"], text_of(m)
        if role in ("system", "user", "assistant"):
            out.append({"role": role, "content": text})
            last_ids = None
        elif role == "tool-call":
            body = text.split("\n", 1)[1] if text.startswith("Calling tools:") else text
            calls = ast.literal_eval(body.strip())
            tcs = []
            for c in calls:
                a = c["function"]["arguments"]
                tcs.append({"id": c["id"], "type": "function",
                            "function": {"name": c["function"]["name"],
                                         "arguments": json.dumps(a, ensure_ascii=False)}})
            out.append({"role": "assistant", "content": text, "tool_calls": tcs})
            last_ids = [t["id"] for t in tcs]
        elif role == "tool-response":
            if last_ids:
                out.append({"role": "tool", "tool_call_id": last_ids[0], "content": text})
            else:
                out.append({"role": "user", "content": text})
            last_ids = None
        else:
            raise ValueError(role)
    return out


if __name__ == "__main__":
    blob, n, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(blob, "rb") as f:
        line = f.read().split(b"\n")[n]
    os.makedirs(os.path.join(HERE, "raw"), exist_ok=True)
    with open(os.path.join(HERE, "raw", name.replace(".json", ".line.jsonl")), "wb") as f:
        f.write(line + b"\n")
    row = json.loads(line)
    msgs = convert(row["intermediate_steps"])
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(msgs, f, ensure_ascii=False, indent=1)
    print(name, len(msgs), "messages")
