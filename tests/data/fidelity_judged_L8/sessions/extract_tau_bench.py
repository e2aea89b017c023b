"""Extract one run from tau-bench's historical_trajectories/gpt-4o-airline.json (a JSON list of
runs {task_id, reward, info, traj, trial}) as a bare OpenAI chat JSON list (inspector's
`openai-chat` format). The messages of `traj` are copied unchanged (role, content, tool_calls,
tool_call_id, name); nothing is added or removed.

Usage: python extract_tau_bench.py gpt-4o-airline.json INDEX OUT.json
"""
import json
import sys

runs = json.load(open(sys.argv[1], encoding="utf-8"))
run = runs[int(sys.argv[2])]
with open(sys.argv[3], "w", encoding="utf-8") as f:
    json.dump(run["traj"], f, ensure_ascii=False, indent=1)
print(f"index {sys.argv[2]}: task_id {run['task_id']}, trial {run['trial']}, reward {run['reward']}, {len(run['traj'])} messages")
