"""Convert one OpenHands run (an evaluation/resolver output record: a JSON object whose
`history` is the list of OpenHands events) into a bare OpenAI chat JSON list (inspector's
`openai-chat` format). Texts are copied verbatim from the events; nothing is summarized.

Two event layouts occur:

1. Function-calling CodeActAgent (OpenHands >= 0.30, e.g. evaluation/benchmarks/multi_swe_bench
   examples): every action event carries `tool_call_metadata` with the raw `model_response`.
   - the `system` action -> {"role": "system", "content": args.content}
   - a user `message` action -> {"role": "user", "content": args.content}
   - agent actions with tool_call_metadata -> the assistant message of `model_response`
     (content and tool_calls exactly as the model returned them), once per response id
   - observations with tool_call_metadata -> {"role": "tool", "tool_call_id", "name",
     "content"}: the observation's `content`, followed by `extras.metadata.suffix` when the
     event recorded one (OpenHands appends it, e.g. "[The command completed with exit code 0.]")
   - `recall` actions/observations (microagent and workspace-context lookups) are dropped.
   - (L8) an `error` observation without tool_call_metadata (a tool call that failed validation;
     the invalid call itself is not recorded) -> {"role": "user", "content": content +
     "\n[Error occurred in processing last action]"}, as OpenHands' ConversationMemory sends it.

2. Text CodeActAgent (OpenHands 0.9-era, e.g. tests/unit/resolver/mock_output): no tool-call
   metadata; the model wrote its command inside tags. Rendered the way that agent rendered its
   own history: assistant content = the action's `thought`, then the command in
   `<execute_bash>` / `<execute_ipython>` tags (a `finish` action: its thought alone);
   observations -> user messages "OBSERVATION:\n" + content (+ "\n[Command finished with exit
   code N]" for shell commands, from the recorded `exit_code`). The run records no system
   prompt: `system` is one line written by this script, saying so.

Usage: python convert_openhands.py RECORD.json OUT.json
"""
import json
import sys


def convert_fc(rec):
    out, seen = [], set()
    for e in rec["history"]:
        act, obs = e.get("action"), e.get("observation")
        tcm = e.get("tool_call_metadata")
        if act == "system":
            out.append({"role": "system", "content": e["args"]["content"]})
        elif act == "message" and e.get("source") == "user":
            out.append({"role": "user", "content": e["args"]["content"]})
        elif act == "recall" or obs == "recall":
            continue
        elif act and tcm:
            mr = tcm["model_response"]
            if mr["id"] in seen:
                continue
            seen.add(mr["id"])
            m = mr["choices"][0]["message"]
            msg = {"role": "assistant", "content": m.get("content") or ""}
            if m.get("tool_calls"):
                msg["tool_calls"] = [{"id": c["id"], "type": "function",
                                      "function": {"name": c["function"]["name"],
                                                   "arguments": c["function"]["arguments"]}}
                                     for c in m["tool_calls"]]
            out.append(msg)
        elif obs and tcm:
            content = e.get("content") or ""
            suffix = ((e.get("extras") or {}).get("metadata") or {}).get("suffix")
            if suffix:
                content += suffix
            out.append({"role": "tool", "tool_call_id": tcm["tool_call_id"],
                        "name": tcm["function_name"], "content": content})
        elif act == "message" and e.get("source") == "agent":
            out.append({"role": "assistant", "content": e["args"]["content"]})
        elif obs == "error" and not tcm:
            # L8: an ErrorObservation with no tool call (the model's call failed validation, so no
            # action was recorded). OpenHands' ConversationMemory sends it as a user message, the
            # content followed by this fixed line.
            out.append({"role": "user",
                        "content": (e.get("content") or "") + "\n[Error occurred in processing last action]"})
        else:
            raise SystemExit(f"unhandled event {e.get('id')}: {act or obs}")
    return out


def convert_text(rec):
    out = [{"role": "system", "content": (
        "[OpenHands CodeActAgent run recorded in an OpenHands resolver output file. The agent's "
        "system prompt is not recorded; this line was added by the conversion.]")}]
    for e in rec["history"]:
        act, obs = e.get("action"), e.get("observation")
        if act == "message":
            out.append({"role": "user", "content": e["content"]})
        elif act == "run":
            out.append({"role": "assistant",
                        "content": f"{e.get('thought', '')}\n<execute_bash>\n{e['command']}\n</execute_bash>"})
        elif act == "run_ipython":
            out.append({"role": "assistant",
                        "content": f"{e.get('thought', '')}\n<execute_ipython>\n{e['code']}\n</execute_ipython>"})
        elif act == "finish":
            out.append({"role": "assistant", "content": e.get("thought", "")})
        elif obs == "run":
            out.append({"role": "user", "content": "OBSERVATION:\n" + e["content"]
                        + f"\n[Command finished with exit code {e['exit_code']}]"})
        elif obs == "run_ipython":
            out.append({"role": "user", "content": "OBSERVATION:\n" + e["content"]})
        else:
            raise SystemExit(f"unhandled event: {act or obs}")
    return out


if __name__ == "__main__":
    rec = json.load(open(sys.argv[1], encoding="utf-8"))
    fc = any(e.get("tool_call_metadata") for e in rec["history"])
    msgs = convert_fc(rec) if fc else convert_text(rec)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(msgs, f, ensure_ascii=False, indent=1)
    print(f"{'function-calling' if fc else 'text'} layout: {len(rec['history'])} events -> {len(msgs)} messages")
