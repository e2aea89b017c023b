"""Convert Tarko MCP-agent snapshot event streams (bytedance/UI-TARS-desktop, Apache-2.0, LICENSE-ui-tars-desktop)
to OpenAI chat JSON.

Run: python3 convert_tarko_github_reviewer.py   (reads raw/, writes the session files beside this script)

Source: multimodal/tarko/mcp-agent/snapshot/github-reviewer-agent/<model>/event-stream.jsonl at commit
239b6544a0ea69e512c9b31253edba7d8a90581d, copied byte for byte to raw/tarko-github-reviewer-<model>.event-stream.jsonl:
  aws_sdk_claude37_sonnet  blob 583166c7198d8ff20fc284c91d97616bb9ef5499
  doubao-seed-1.6          blob 42b6587585c587b7fb7460eee3ffeb47848bb088
Each file is the event stream of one real run of the Tarko "github-reviewer-agent" example (an MCP agent with a
browser server and a filesystem server) asked to review a pull request, recorded by the project's snapshot tool
(`npx tsx snapshot/runner.ts generate ...`) for its replay tests.

Conversion (one message per conversational event, in stream order):
- message 0 (system) is written by this converter and says so: the stream stores neither the system prompt nor the
  tool definitions; it names the model recorded in the stream's `agent_run_start` event;
- `user_message` -> user message, content verbatim;
- `assistant_message` -> assistant message: content verbatim, `toolCalls` -> `tool_calls` (id, name, arguments
  verbatim);
- `tool_call` events repeat the assistant message's calls (with parsed arguments and the tool schema) and are dropped;
- `tool_result` -> tool message with `tool_call_id` = `toolCallId`; a string content is kept verbatim; a list of
  content parts becomes its text parts joined by newlines, and an image part (one screenshot, base64) is replaced by
  the line "[image part omitted by the converter: <N> base64 characters]";
- `agent_run_start` (metadata) is dropped.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = {
    "tarko-github-reviewer-aws_sdk_claude37_sonnet.event-stream.jsonl": "tarko_github_reviewer_claude37_sonnet.json",
    "tarko-github-reviewer-doubao-seed-1.6.event-stream.jsonl": "tarko_github_reviewer_doubao_seed_1_6.json",
}


def result_text(content):
    if isinstance(content, str):
        return content
    parts = []
    for p in content:
        if p.get("type") == "text":
            parts.append(p["text"])
        elif p.get("type") == "image":
            parts.append(f"[image part omitted by the converter: {len(p.get('data', ''))} base64 characters]")
        else:
            raise ValueError(p.get("type"))
    return "\n".join(parts)


def convert(raw):
    with open(os.path.join(HERE, "raw", raw), encoding="utf-8") as f:
        events = json.load(f)
    model = next(e["model"] for e in events if e["type"] == "agent_run_start")
    msgs = [{"role": "system", "content": (
        "[Written by the converter, not part of the run: a run of the Tarko MCP agent example "
        "'github-reviewer-agent' (browser and filesystem MCP servers), recorded by bytedance/UI-TARS-desktop as a "
        f"snapshot (multimodal/tarko/mcp-agent/snapshot/github-reviewer-agent/{raw.split('github-reviewer-')[1].split('.event-stream')[0]}/). Model recorded: {model}. The "
        "stream stores neither the system prompt nor the tool definitions.]")}]
    for e in events:
        t = e["type"]
        if t == "user_message":
            msgs.append({"role": "user", "content": e["content"]})
        elif t == "assistant_message":
            m = {"role": "assistant", "content": e.get("content") or ""}
            if e.get("toolCalls"):
                m["tool_calls"] = [{"id": c["id"], "type": "function",
                                    "function": {"name": c["function"]["name"],
                                                 "arguments": c["function"]["arguments"]}}
                                   for c in e["toolCalls"]]
            msgs.append(m)
        elif t == "tool_result":
            msgs.append({"role": "tool", "tool_call_id": e["toolCallId"], "content": result_text(e["content"])})
        elif t in ("tool_call", "agent_run_start"):
            continue
        else:
            raise ValueError(t)
    return msgs


def main():
    for raw, out in RUNS.items():
        msgs = convert(raw)
        with open(os.path.join(HERE, out), "w", encoding="utf-8") as f:
            json.dump(msgs, f, ensure_ascii=False, indent=1)
        print(out, len(msgs))


if __name__ == "__main__":
    main()
