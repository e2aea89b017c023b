"""Convert a TapeAgents WorkArena tape (ServiceNow/TapeAgents, Apache-2.0, LICENSE-tapeagents) to OpenAI chat JSON.

Run: python3 convert_tapeagents_workarena.py   (reads raw/, writes the session file beside this script)

Source: tests/examples/res/workarena/guided/tapes/task26_seed1337_workarena.servicenow.order-ipad-pro.json at commit
e22d5e39ee043fcfe759902df4748d7e937d8aa0 (blob 82113c4a7152c25b5df6c36761664ee5e01ffc31), copied byte for byte to raw/.

Conversion (one message per tape step, as TapeAgents' MonoNode renders a tape into its prompt: agent steps as
assistant messages, observations as user messages):
- message 0 (system) is written by this converter and says so: the tape stores neither the agent's system prompt
  nor its steps description;
- `set_next_node` steps (control flow, never shown to the model) are dropped;
- agent steps (thoughts and actions) become assistant messages whose content is the step's llm_view: JSON of the
  step without its metadata, indent 2 (tapeagents/core.py Step.llm_view);
- the task step becomes a user message holding the task text verbatim;
- page observations become user messages holding the page text verbatim; when the observation carries an `error`
  (the last action failed) the error text comes first, then a blank line, then the page text.
The actions are JSON steps that the environment executes, not function calls (no tool_calls in this session).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RAW = "task26_seed1337_workarena.servicenow.order-ipad-pro.json"
OUT = "tapeagents_workarena_order_ipad_pro.json"
OBSERVATIONS = {"page_observation"}


def convert():
    with open(os.path.join(HERE, "raw", RAW), encoding="utf-8") as f:
        tape = json.load(f)
    msgs = [{"role": "system", "content": (
        "[Written by the converter, not part of the run: a TapeAgents WorkArenaAgent episode on the ServiceNow "
        "WorkArena task 'order-ipad-pro' (seed 1337), kept as test data in ServiceNow/TapeAgents. The tape stores no "
        "system prompt. Each following message is one tape step: page observations and the task as user messages, "
        "the agent's thoughts and actions as assistant messages (JSON, as the agent wrote them).]")}]
    for step in tape["steps"]:
        kind = step["kind"]
        if kind == "set_next_node":
            continue
        if kind in OBSERVATIONS:
            text = step["text"]
            if step.get("error"):
                text = step["error"] + "\n\n" + text
            msgs.append({"role": "user", "content": text})
        elif kind == "task":
            msgs.append({"role": "user", "content": step["task"]})
        else:
            view = {k: v for k, v in step.items() if k != "metadata" and v is not None}
            msgs.append({"role": "assistant", "content": json.dumps(view, indent=2, ensure_ascii=False)})
    return msgs


if __name__ == "__main__":
    msgs = convert()
    with open(os.path.join(HERE, OUT), "w", encoding="utf-8") as f:
        json.dump(msgs, f, ensure_ascii=False, indent=1)
    print(OUT, len(msgs), "messages")
