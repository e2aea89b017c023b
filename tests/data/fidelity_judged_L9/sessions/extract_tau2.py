"""Extract one simulation from a tau2-bench results file (a JSON list of SimulationRun records,
as submitted to the tau2-bench leaderboard) as a bare OpenAI chat JSON list (inspector's
`openai-chat` format). Texts are copied verbatim.

- system: the run's `policy` (the domain policy the agent was given).
- messages in recorded order: assistant / user messages with their `content`; an assistant
  tool call {id, name, arguments} becomes an OpenAI tool call (arguments JSON-encoded); a
  `tool` message becomes {"role": "tool", "tool_call_id": its id, "content"}.
  The recorded first message is the agent's fixed greeting ("Hi! How can I help you today?"),
  kept; the customer's (LLM user simulator's) request is message 2.

Usage: python extract_tau2.py RESULTS.json TASK_ID OUT.json
"""
import json
import sys

runs = json.load(open(sys.argv[1], encoding="utf-8"))
run = next(r for r in runs if str(r["task_id"]) == sys.argv[2])
out = [{"role": "system", "content": run["policy"]}]
for m in run["messages"]:
    if m["role"] == "tool":
        out.append({"role": "tool", "tool_call_id": m["id"], "content": m.get("content") or ""})
        continue
    o = {"role": m["role"], "content": m.get("content") or ""}
    if m.get("tool_calls"):
        o["tool_calls"] = [{"id": c["id"], "type": "function",
                            "function": {"name": c["name"], "arguments": json.dumps(c["arguments"], ensure_ascii=False)}}
                           for c in m["tool_calls"]]
    out.append(o)
with open(sys.argv[3], "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
print(f"task {run['task_id']}: reward {(run.get('reward_info') or {}).get('reward')}, {run['termination_reason']}, {len(out)} messages")
