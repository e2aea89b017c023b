"""Convert the Spider-Agent-TC rollout raw/spider2_tc_sf_bq024.json (xlang-ai/Spider2,
methods/spider-agent-tc/results/claude-3-7-sonnet-20250219_temp0.7_rounds25_rollout1_exp4/sf_bq024.json)
to OpenAI chat JSON: spider2_tc_sf_bq024.json.

The rollout's `conversation` is already a chat list (system, user, assistant with `tool_calls`
[{name, arguments: dict}], tool). Kept as is, except: each tool call gets an id
(`spider2_sf_bq024_<message index>`) and its arguments are serialised as a JSON string; each tool
message gets the tool_call_id of the call before it. Text is unchanged. The `final_messages` field
(the same run as the model saw it, with tool calls as XML text and long outputs elided) is not used."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
raw = json.load(open(os.path.join(HERE, "raw/spider2_tc_sf_bq024.json"), encoding="utf-8"))
conv = raw[0]["conversation"]
out, last_id = [], None
for i, m in enumerate(conv):
    if m["role"] == "assistant":
        msg = {"role": "assistant", "content": m.get("content") or ""}
        if m.get("tool_calls"):
            assert len(m["tool_calls"]) == 1
            c = m["tool_calls"][0]
            last_id = f"spider2_sf_bq024_{i}"
            msg["tool_calls"] = [{"id": last_id, "type": "function",
                                  "function": {"name": c["name"], "arguments": json.dumps(c["arguments"], ensure_ascii=False)}}]
        out.append(msg)
    elif m["role"] == "tool":
        out.append({"role": "tool", "tool_call_id": last_id, "content": m["content"]})
    else:
        out.append({"role": m["role"], "content": m["content"]})
json.dump(out, open(os.path.join(HERE, "spider2_tc_sf_bq024.json"), "w", encoding="utf-8"), ensure_ascii=False, indent=1)
print(len(out), "messages")
