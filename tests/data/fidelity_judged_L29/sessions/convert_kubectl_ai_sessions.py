"""Convert kubectl-ai session histories (GoogleCloudPlatform/kubectl-ai, pkg/sessions/<id>/history.json,
one JSON event per line) to OpenAI chat JSON: kubectl_ai_<id>.json.

Events: Source user/model/agent; Type text, tool-call-request, tool-call-response, user-input-request,
user-choice-request, error. Mapping:
- user text -> user message.
- model text -> assistant message; a model tool-call-request right after model text joins that message
  as its tool call (otherwise it is an assistant message of its own). The record stores only the
  command line of a call, not the function name: the name is `kubectl` when the command starts with
  `kubectl`, else `bash` (the two tools the session lists), arguments {"command": <command>}.
- agent tool-call-response -> tool message (content: the recorded payload as JSON: command, stdout,
  stderr, exit_code, error).
- agent text / error / user-choice-request (messages the kubectl-ai program itself prints: greetings,
  model lists, "Welcome back", approval prompts, errors) -> assistant message with name "kubectl-ai-cli";
  an approval prompt keeps its prompt text and options. The user's answer to an approval prompt is not
  recorded.
- user-input-request (the ">>>" prompt) is dropped.
Message 0 is written by this converter (the history stores no system prompt). Text is unchanged."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SYS = ("[Written by the converter, not part of the run: a kubectl-ai session (GoogleCloudPlatform/kubectl-ai, "
       "the Kubernetes assistant CLI with `bash` and `kubectl` tools) persisted by the CLI as "
       "pkg/sessions/{sid}/history.json; model {model}. The history stores no system prompt. Assistant "
       "messages named `kubectl-ai-cli` are printed by the CLI program itself, not by the model; the others "
       "are the model's. Tool calls store only the command line; the function name is inferred.]")


def convert(sid, model):
    evs = [json.loads(l) for l in open(os.path.join(HERE, f"raw/kubectl-ai-session-{sid}.history.json"), encoding="utf-8")]
    out = [{"role": "system", "content": SYS.format(sid=sid, model=model)}]
    pending = []
    for e in evs:
        src, typ, p = e["Source"], e["Type"], e["Payload"]
        if typ == "user-input-request":
            continue
        if src == "user":
            out.append({"role": "user", "content": p})
        elif src == "model" and typ == "text":
            out.append({"role": "assistant", "content": p})
        elif src == "model" and typ == "tool-call-request":
            cid = "kubectl_ai_" + e["ID"]
            call = {"id": cid, "type": "function",
                    "function": {"name": "kubectl" if p.strip().startswith("kubectl") else "bash",
                                 "arguments": json.dumps({"command": p}, ensure_ascii=False)}}
            prev = out[-1]
            if prev["role"] == "assistant" and "name" not in prev and not prev.get("tool_calls"):
                prev["tool_calls"] = [call]
            else:
                out.append({"role": "assistant", "content": "", "tool_calls": [call]})
            pending.append(cid)
        elif typ == "tool-call-response":
            out.append({"role": "tool", "tool_call_id": pending.pop(0), "content": json.dumps(p, ensure_ascii=False)})
        elif typ == "user-choice-request":
            opts = ", ".join(o["label"] for o in p["Options"])
            out.append({"role": "assistant", "name": "kubectl-ai-cli", "content": p["Prompt"] + "\n[options: " + opts + "]"})
        else:  # agent text / error
            out.append({"role": "assistant", "name": "kubectl-ai-cli", "content": p if isinstance(p, str) else json.dumps(p)})
    fixed = out
    json.dump(fixed, open(os.path.join(HERE, f"kubectl_ai_{sid.replace('-', '_')}.json"), "w", encoding="utf-8"),
              ensure_ascii=False, indent=1)
    print(sid, len(fixed), "messages")


convert("20250904-0504", "gemini-2.5-pro, later gpt-4.1-mini (the CLI reports both; metadata.yaml says gemini-2.5-pro)")
convert("20250904-0856", "gpt-4.1-mini (azopenai)")
