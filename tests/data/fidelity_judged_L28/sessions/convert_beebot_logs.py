"""Convert beebot runs logged by Significant-Gravitas/Auto-GPT-Benchmarks (paper/specific_logs/
TestRememberMultipleIds/beebot/{request,response}.json) to OpenAI chat JSON.
response.json holds every LLM output of a run in order (planner text, or a function_call);
the last request of the run holds beebot's own history of executed functions with their results
("N. You executed the function `f` with the arguments {...}: "result"."). Each function_call is paired
with the next history entry of the same name and arguments, whose result becomes its tool message;
history entries the response log has no call for are emitted from the history (name, arguments,
result) where they fall; calls with no history entry are left out (none in the five runs used).
Message 0 is written here; message 1 is the human task as beebot's first request holds it. Text is unchanged."""
import json
import re

FILES = {"TestRememberMultipleIds": ("raw/beebot_TestRememberMultipleIds_request.json", "raw/beebot_TestRememberMultipleIds_response.json")}

def history(text):
    h = text.split("# History", 1)[1].split("\n# ", 1)[0]
    out = []
    for block in re.split(r'\n(?=\d+\. You executed)', h):
        m = re.match(r'(\d+)\. You executed the function `([^`]+)` with the arguments (\{.*?\}): "(.*)"\.\s*$', block.strip(), re.S)
        if m:
            out.append((m.group(2), m.group(3), m.group(4)))
    return out

def convert(challenge, run, out):
    req, resp = (json.load(open(f)) for f in FILES[challenge])
    steps = req[run]
    last = steps[list(steps)[-1]][0]["content"]
    hist = history(last)
    first = steps[list(steps)[0]]
    task = first[0]["content"].split("presented you with the following task: ", 1)[1].split("\n\nYour objective", 1)[0]
    msgs = [{"role": "system", "content": "[Written by the converter; the log stores no system prompt for this agent.] "
             "This is a run of beebot (an autonomous agent with OpenAI function calling) on the agbenchmark challenge "
             "" + challenge + ", logged by Significant-Gravitas/Auto-GPT-Benchmarks on " + run + ". "
             "Assistant messages with text are beebot's planning outputs; assistant messages with a tool call are its function calls; "
             "tool messages are the function results from beebot's own execution history."},
            {"role": "user", "content": task}]
    k = 0  # next history entry
    n = 0
    def call(name, args, result):
        nonlocal n
        n += 1
        cid = f"call_{n}"
        msgs.append({"role": "assistant", "content": None, "tool_calls": [{"id": cid, "type": "function",
                     "function": {"name": name, "arguments": args}}]})
        if result is not None:
            msgs.append({"role": "tool", "tool_call_id": cid, "content": result})
    def same(fc, h):
        try:
            return fc["name"] == h[0] and json.loads(fc["arguments"]) == json.loads(h[1])
        except ValueError:
            return False
    skipped = 0
    for m in resp[run].values():
        fc = m.get("function_call")
        if fc:
            # pair the call with the first later history entry of the same name and arguments; history
            # entries before it (calls the response log lacks) are emitted from the history; a call with
            # no history entry (never executed) is left out
            j = next((j for j in range(k, len(hist)) if same(fc, hist[j])), None)
            if j is None:
                skipped += 1
                continue
            while k < j:
                call(hist[k][0], hist[k][1], hist[k][2])
                k += 1
            call(fc["name"], fc["arguments"], hist[k][2])
            k += 1
        else:
            msgs.append({"role": "assistant", "content": m["content"]})
    while k < len(hist):
        call(hist[k][0], hist[k][1], hist[k][2])
        k += 1
    print("calls without a history entry, left out:", skipped)
    json.dump(msgs, open(out, "w"), ensure_ascii=False, indent=1)
    print(out, len(msgs), "messages", len(hist), "history entries", k, "used", n, "calls")

RUNS = {"beebot_remember_ids_0817.json": "2023-08-17 00:01:11+00:00",
        "beebot_remember_ids_0819.json": "2023-08-19 08:11:51+00:00",
        "beebot_remember_ids_0824.json": "2023-08-24 08:13:31+00:00",
        "beebot_remember_ids_0813.json": "2023-08-13 08:12:00+00:00",
        "beebot_remember_ids_0820.json": "2023-08-20 08:13:03+00:00"}

if __name__ == "__main__":
    # run from the sessions/ directory: python3 convert_beebot_logs.py
    for out, run in RUNS.items():
        convert("TestRememberMultipleIds", run, out)
