"""Convert DeerFlow 1.x replay files (bytedance/deer-flow, MIT, LICENSE-deer-flow) to OpenAI chat JSON.

Run: python3 convert_deerflow_replays.py   (reads raw/, writes the session files beside this script)

Source: web/public/replay/*.txt of bytedance/deer-flow at commit 06248fa6f18e9be230f7563c1a1883fed07e3275 (the last
commit before "Prepare to merge deer-flow-2" removed them); copied byte for byte to raw/. Each file is the
server-sent-event stream of one real DeerFlow run, as the project recorded it for the web UI's replay mode: the
user's question, then the multi-agent graph (coordinator, planner, researcher, coder, reporter) streaming its
messages, its function calls (`tool_calls` + `tool_call_chunks` events) and the tool results (`tool_call_result`).

Conversion:
- message 0 (system) is written by this converter and says so: the replay stores no system prompt;
- the first `message_chunk` (role user) becomes the user message, content verbatim;
- consecutive events of one LLM run (same `id`) become one assistant message: its content is the concatenation of
  its `message_chunk` contents, its tool calls are rebuilt from the `tool_calls` / `tool_call_chunks` events (name
  and id from the first chunk of each call index, arguments = the concatenated argument chunks, verbatim); the
  agent that wrote it (`agent` field) is kept in the message's `name` field (the text is unchanged);
- a call whose id the stream left empty (the coordinator's `handoff_to_planner`) gets the id `deerflow_<run id>_<i>`;
- each `tool_call_result` becomes a tool message with its `tool_call_id` and content verbatim;
- an `interrupt` event (the UI asking the user to review the plan) becomes an assistant message holding its content
  and its options, name "human_feedback".
No text is changed; nothing is dropped except streaming metadata (thread id, finish reasons, chunk indices).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = {
    "nanjing-traditional-dishes.txt": "deerflow_nanjing_traditional_dishes.json",
    "github-top-trending-repo.txt": "deerflow_github_top_trending_repo.json",
    "china-food-delivery.txt": "deerflow_china_food_delivery.json",
}
# Also looked at and not used (too short): ultra-processed-foods.txt (17 messages), rag.txt (21),
# eiffel-tower-vs-tallest-building.txt (14); their raw files are not kept.


def events(path):
    ev = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("event: "):
                ev = line[7:]
            elif line.startswith("data: "):
                yield ev, json.loads(line[6:])


def convert(raw):
    msgs = []
    cur = None  # the assistant message of the current run id
    calls = None  # index -> {"id","name","args"}

    def close():
        nonlocal cur, calls
        if cur is not None:
            if calls:
                cur["tool_calls"] = []
                for i, (_idx, c) in enumerate(sorted(calls.items(), key=lambda kv: kv[0])):
                    cid = c["id"] or f"deerflow_{cur['_run']}_{i}"
                    cur["tool_calls"].append({"id": cid, "type": "function",
                                              "function": {"name": c["name"], "arguments": c["args"]}})
            del cur["_run"]
            msgs.append(cur)
        cur, calls = None, None

    for ev, d in events(os.path.join(HERE, "raw", raw)):
        if ev == "message_chunk" and d.get("role") == "user":
            close()
            msgs.append({"role": "user", "content": d.get("content", "")})
            continue
        if ev in ("message_chunk", "tool_calls", "tool_call_chunks"):
            if cur is None or cur["_run"] != d["id"]:
                close()
                cur = {"role": "assistant", "name": d.get("agent") or "", "content": "", "_run": d["id"]}
                calls = {}
            if ev == "message_chunk":
                cur["content"] += d.get("content", "")
            for ch in d.get("tool_call_chunks", []):
                idx = ch.get("index") or 0
                c = calls.setdefault(idx, {"id": "", "name": "", "args": ""})
                if ch.get("id") and not c["id"]:
                    c["id"] = ch["id"]
                if ch.get("name") and not c["name"]:
                    c["name"] = ch["name"]
                c["args"] += ch.get("args") or ""
            continue
        close()
        if ev == "tool_call_result":
            msgs.append({"role": "tool", "tool_call_id": d["tool_call_id"], "content": d.get("content", "")})
        elif ev == "interrupt":
            opts = "; ".join(f"{o['text']} ({o['value']})" for o in d.get("options", []))
            msgs.append({"role": "assistant", "name": "human_feedback",
                         "content": d.get("content", "") + "\nOptions: " + opts})
        else:
            raise ValueError(ev)
    close()
    return msgs


def main():
    for raw, out in RUNS.items():
        msgs = convert(raw)
        system = {"role": "system", "content": (
            "[Written by the converter, not part of the run: a DeerFlow 1.x run recorded by bytedance/deer-flow "
            f"for its web UI's replay mode (web/public/replay/{raw}). The replay stores no system prompt. "
            "Assistant messages are written by DeerFlow's agents (coordinator, planner, researcher, coder, reporter; "
            "the agent is in each message's `name` field); tool messages are the results of their function calls.]")}
        with open(os.path.join(HERE, out), "w", encoding="utf-8") as f:
            json.dump([system] + msgs, f, ensure_ascii=False, indent=1)
        print(out, len(msgs) + 1)


if __name__ == "__main__":
    main()
