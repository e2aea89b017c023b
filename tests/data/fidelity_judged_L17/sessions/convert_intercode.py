"""Convert InterCode result files (raw/*.json, princeton-nlp/intercode data/results/) to OpenAI chat JSON.
Run from this folder: python3 convert_intercode.py
The results keep, per task, the query and the turn history (actions, observations, rewards, and for
ReAct runs thoughts), not the prompts sent to the model. So:
- message 0 (system) is written here (marked as such): environment, model and action format, from
  the file's own fields and its path;
- message 1 (user) is the task's `query`, verbatim;
- per turn: an assistant message (the action verbatim; for ReAct runs "Thought: " + thought + "\n"
  + "Action: " + action), then a user message with the observation verbatim (str() if not a string;
  an empty string is written as "(no output)"; whitespace-only output is kept as it is). Rewards are kept in SOURCES.md only.
"""
import json

RUNS = [
    # (output, raw file, task key, model, environment text, react)
    ("intercode_ctf_dds2.json", "raw/ic_ctf_gpt-4_25_turns.json", "1", "gpt-4",
     "InterCode CTF (ic_ctf, picoCTF tasks in a Linux container)", False),
    ("intercode_ctf_whitepages.json", "raw/ic_ctf_gpt-4_25_turns.json", "3", "gpt-4",
     "InterCode CTF (ic_ctf, picoCTF tasks in a Linux container)", False),
    ("intercode_bash_dupnames.json", "raw/ic_bash_react_10_turns_fs_1.json", "53", "gpt-3.5 (ReAct)",
     "InterCode Bash (ic_bash / nl2bash, file system fs_1 under /testbed)", True),
]

for out, raw, key, model, env, react in RUNS:
    d = json.load(open(raw, encoding="utf-8"))[key]
    th = d["turn_history"]
    sysmsg = (f"[Written by the converter; the result file keeps no prompt.] {env}. Model: {model}. "
              f"Task {d['task_id']} of {d['dataset']}. The agent acts one command per turn "
              + ("(`execute[<bash command>]`, or `submit` to end)" if react else
                 "(`cmd <bash or python command>`, or `submit <flag>` to end)")
              + "; each observation comes back as the next message.")
    msgs = [{"role": "system", "content": sysmsg}, {"role": "user", "content": d["query"]}]
    for i, (a, o) in enumerate(zip(th["actions"], th["observations"])):
        text = f"Thought: {th['thoughts'][i]}\nAction: {a}" if react else a
        msgs.append({"role": "assistant", "content": text})
        o = o if isinstance(o, str) else str(o)
        msgs.append({"role": "user", "content": o if o != "" else "(no output)"})
    json.dump(msgs, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    print(out, len(msgs), "messages", d["summary"])
