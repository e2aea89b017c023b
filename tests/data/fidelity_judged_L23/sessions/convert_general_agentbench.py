"""Convert General AgentBench trace files (lixiaochuan2020/General-AgentBench, MIT) to OpenAI chat JSON.

Each raw file in sessions/raw/ is a trace file from general_agent/traces/baseline/<run>/traces/ at commit
3cf8124e39d1b6412e5c694e202aa7437080374d, byte for byte (the raw name is <run>__<file>, with ':' in a run name written as '_'). The trace already
holds the conversation as an OpenAI chat message list (trace.messages: system, user, assistant with
tool_calls, tool with tool_call_id and name). The conversion writes that list unchanged: every message keeps
its role, content, tool_calls, tool_call_id and name exactly as stored (json.dumps re-serialises the same
strings; nothing is added, removed or reordered). Run/benchmark metadata (steps, rounds, final_response,
token counts) is dropped; it stays in the raw file.

Run: python3 convert_general_agentbench.py   (from sessions/)
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MAP = {
    "mcpbench_claude-sonnet-4-5_distraction_all__mcpbench_mcpbench_26.json": "gab_mcpbench26_time_meeting_sonnet45.json",
    "search_claude-sonnet-4-5_distraction_all__browsecomp_90.json": "gab_browsecomp90_sonnet45.json",
    "mcpbench_DeepSeek-V3.2-Exp_novita_distraction_all__mcpbench_mcpbench_34.json": "gab_mcpbench34_met_wikipedia_deepseekv32.json",
    "swebench_GPT-5_distraction_100__swebench_sympy_sympy-13031.json": "gab_swebench_sympy13031_gpt5.json",
    "terminalbench_GPT-5_distraction_100__terminalbench_play-zork.json": "gab_terminalbench_playzork_gpt5.json",
}

for raw, out in MAP.items():
    with open(os.path.join(HERE, "raw", raw), encoding="utf-8") as f:
        trace = json.load(f)
    messages = trace["trace"]["messages"]
    with open(os.path.join(HERE, out), "w", encoding="utf-8") as f:
        json.dump(messages, f, ensure_ascii=False, indent=1)
    print(out, len(messages), "messages")
