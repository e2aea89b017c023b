"""Convert a ToolBench answer file (OpenBMB/ToolBench data_example/answer/...) to openai-chat JSON.
Usage: python convert_toolbench.py raw/FILE.json OUT.json
Takes answer_generation.train_messages[-1] (the final, complete message list of the winning DFSDT path, in the
legacy OpenAI function-calling layout) and rewrites `function_call` as one `tool_calls` entry with a made-up id
(call_N, N = message index) and each following `function` message as a `tool` message answering it. Contents are
unchanged; an assistant content of null stays null."""
import json
import sys

d = json.load(open(sys.argv[1]))
tm = d["answer_generation"]["train_messages"][-1]
out, pending = [], None
for i, m in enumerate(tm):
    m = dict(m)
    if m["role"] == "assistant" and m.get("function_call"):
        fc = m.pop("function_call")
        pending = f"call_{i}"
        m["tool_calls"] = [{"id": pending, "type": "function",
                            "function": {"name": fc["name"], "arguments": fc["arguments"]}}]
    elif m["role"] == "function":
        m = {"role": "tool", "tool_call_id": pending, "name": m.get("name"), "content": m["content"]}
        pending = None
    out.append(m)
json.dump({"messages": out}, open(sys.argv[2], "w"), ensure_ascii=False, indent=1)
print(len(out), "messages")
