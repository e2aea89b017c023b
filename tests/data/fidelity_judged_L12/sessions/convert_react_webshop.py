"""Convert one WebShop episode printed by ysymyth/ReAct's WebShop.ipynb (cell 7, `res1 = run_episodes(prompt1, 500)`)
into an openai-chat JSON {"messages": [...]}.
Usage: python convert_react_webshop.py raw/ReAct_WebShop.ipynb EPISODE_INDEX OUT.json
message 0 (system): the few-shot ReAct prompt `prompt1` (cell 4), which the notebook prepended to every call;
message 1 (user): the observation after `reset` (the instruction page);
then for each step: assistant = the action text the model produced (text-davinci-002, e.g. "search[...]",
"think[...]", "click[...]"), user = "Observation: ..." as printed. The printed stream's cell outputs are joined first
(the notebook split them into chunks). Text only, no tool-call structure (the agent acts by writing actions)."""
import json
import sys

nb = json.load(open(sys.argv[1]))
ns = {}
exec("".join(nb["cells"][4]["source"]), ns)
system = ns["prompt1"]
stream = "".join("".join(o.get("text", [])) for o in nb["cells"][7]["outputs"])
eps = {e.split("\n")[0]: e for e in stream.split("-----------------\n")[1:]}
ep = eps[sys.argv[2]]
body = ep.split("\n", 1)[1]
body = body.split("\n-------------")[0]
steps = body.split("Action: ")[1:]
msgs = [{"role": "system", "content": system}]
for i, s in enumerate(steps):
    act, obs = s.split("\nObservation:", 1)
    obs = obs.strip("\n")
    if i == len(steps) - 1:
        # the trailing line is the notebook's running score print ("idx score avg fail"), not an observation
        lines = obs.rstrip("\n").split("\n")
        tail = lines[-1]
        obs = "\n".join(lines[:-1]).rstrip("\n")
    if act == "reset":
        msgs.append({"role": "user", "content": obs.strip()})
    else:
        msgs.append({"role": "assistant", "content": act})
        msgs.append({"role": "user", "content": "Observation: " + obs.strip()})
json.dump({"messages": msgs}, open(sys.argv[3], "w"), ensure_ascii=False, indent=1)
print(len(msgs), "messages; last score line:", tail)
