"""Convert agent-run.json files of ljoukov/llm's filesystem agent benchmark to OpenAI chat JSON.

Run: python3 convert_ljoukov_agent_runs.py   (reads raw/, writes the session files beside this script)

Sources (ljoukov/llm, MIT, LICENSE-ljoukov-llm): benchmarks/agent/traces/latest/workspaces/<run>/agent-run.json,
blobs named in SOURCES.md, copied byte for byte to raw/agent-run_<blob10>.json.

Conversion:
- message 0 (system) is written by this converter and says so: the run file stores no system prompt;
- message 1 (user) is the agent prompt the benchmark sends as the run's input: benchmarks/agent/prompts/agent_prompt.md
  at the commits that added these runs (raw/agent_prompt_f392af3a.md, same text at all four commits) with
  {{TASK_FILE}} rendered as "TASK.md" (run.ts: buildAgentPrompt; taskFilePath "TASK.md"); the run file itself does
  not store it;
- each step of result.steps becomes one assistant message: content = the step's "text" (empty when absent),
  tool_calls = its toolCalls (id = callId, name = toolName, arguments = json.dumps(input)); each tool call's output
  becomes one tool message (content = output, verbatim; non-string outputs are json.dumps'ed);
- the steps' "thoughts" (reasoning summaries of some models), usage and costs are not carried over (they stay in raw/).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = {
    "agent-run_2ebb763706.json": "ljoukov_gpt53codex_gcse_chemistry_run2.json",
    "agent-run_5537dd7e26.json": "ljoukov_gpt53codexspark_trappist1b_run1.json",
    "agent-run_c3ece30ea9.json": "ljoukov_gpt53codexspark_tumor_vaccine_run1.json",
    "agent-run_9a81f7086a.json": "ljoukov_glm5_tumor_vaccine_run1.json",
}


def convert(raw_name):
    with open(os.path.join(HERE, "raw", raw_name), encoding="utf-8") as f:
        run = json.load(f)
    with open(os.path.join(HERE, "raw", "agent_prompt_f392af3a.md"), encoding="utf-8") as f:
        prompt = f.read().replace("{{TASK_FILE}}", "TASK.md")
    msgs = [
        {"role": "system", "content": (
            "[Written by the converter, not part of the run: ljoukov/llm filesystem agent benchmark, "
            f"model {run['model']}, task {run['taskId']}, run {run['runIndex']}. The run file stores no system "
            "prompt; the next message is the benchmark's agent prompt, which the agent received as its input.]")},
        {"role": "user", "content": prompt},
    ]
    for step in run["result"]["steps"]:
        text = step.get("text") or ""
        calls = step.get("toolCalls") or []
        m = {"role": "assistant", "content": text}
        if calls:
            m["tool_calls"] = [{"id": c["callId"], "type": "function",
                                "function": {"name": c["toolName"],
                                             "arguments": json.dumps(c["input"], ensure_ascii=False)}}
                               for c in calls]
        msgs.append(m)
        for c in calls:
            out = c.get("output")
            msgs.append({"role": "tool", "tool_call_id": c["callId"],
                         "content": out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)})
    return msgs


if __name__ == "__main__":
    for raw_name, out_name in RUNS.items():
        msgs = convert(raw_name)
        with open(os.path.join(HERE, out_name), "w", encoding="utf-8") as f:
            json.dump(msgs, f, ensure_ascii=False, indent=1)
        print(out_name, len(msgs), "messages")
