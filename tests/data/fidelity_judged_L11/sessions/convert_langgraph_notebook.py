"""Convert one printed LangGraph conversation (a code cell's output in a tutorial notebook) to an
openai-chat JSON {"messages": [...]}.
Usage: python convert_langgraph_notebook.py NOTEBOOK OUTPUT_CELL PROMPT_CELL PROMPT_VAR OUT.json
The notebook prints each new message with langchain's pretty_print banners (Human / Ai / Tool
Message), truncated to 1500 characters by the tutorial's _print_event ("... (truncated)").
- message 0: the system string of the ChatPromptTemplate assigned to PROMPT_VAR in PROMPT_CELL,
  verbatim (its {user_info} / {time} placeholders were filled at run time but are not printed).
- Human Message -> user; Ai Message -> assistant: when the content is printed as a Python list of
  Anthropic blocks, the text blocks become the content and the tool_use blocks the tool_calls
  (id, name, input); otherwise the printed "Tool Calls:" block is parsed.
- Tool Message -> tool, tool_call_id = the next unanswered call of the last assistant message
  (the print shows only the tool name, in the same order).
- A tool message whose call is not printed (the assistant message before it was truncated, with
  its tool_use blocks) gets a call added to that assistant message: id "unprinted_<index>", the
  printed tool name, arguments "{}".
- Tool results of calls approved at the confirmation prompt are not printed by the tutorial (the
  resumed run is not streamed), so some assistant tool calls have no tool message.
- The tutorial's interactive confirmation prompt ("Do you approve of the above actions? ..."
  followed by the typed answer) is printed between messages; it is removed from the text and the
  answer is kept in the JSON as "approval" on the following message (not read by inspector).
"""
import ast
import json
import re
import sys

BANNER = re.compile(r"^=+ (Human|Ai|Tool) Message =+$", re.M)
APPROVE = re.compile(r"Do you approve of the above actions\? Type 'y' to continue; otherwise, explain your requested changed\.\n\n(.*)\n")


def cell_text(cell):
    out = []
    for o in cell.get("outputs", []):
        t = o.get("text", "")
        out.append("".join(t) if isinstance(t, list) else t)
    return re.sub(r"\x1b\[[0-9;]*m", "", "".join(out))


def system_prompt(cell, var):
    tree = ast.parse("".join(cell["source"]))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == var for t in node.targets):
            for sub in ast.walk(node.value):
                if isinstance(sub, ast.Tuple) and len(sub.elts) == 2 and getattr(sub.elts[0], "value", None) == "system":
                    return sub.elts[1].value
    raise SystemExit(f"no system prompt for {var}")


def parse_tool_block(block):
    calls, cur = [], None
    for line in block.split("\n"):
        m = re.match(r"^  (\S+) \((\S+)\)$", line)
        if m:
            cur = {"name": m.group(1), "id": m.group(2), "args": {}, "key": None}
            calls.append(cur)
            continue
        if cur is None or line.startswith(" Call ID:") or line.strip() == "Args:":
            continue
        m = re.match(r"^    (\w+): ?(.*)$", line)
        if m:
            cur["key"] = m.group(1)
            cur["args"][m.group(1)] = m.group(2)
        elif cur["key"]:
            cur["args"][cur["key"]] += "\n" + line
    return [{"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": json.dumps(c["args"], ensure_ascii=False)}} for c in calls]


def main(nb_path, out_cell, prompt_cell, prompt_var, out_path):
    nb = json.load(open(nb_path, encoding="utf-8"))
    text = cell_text(nb["cells"][int(out_cell)])
    msgs = [{"role": "system", "content": system_prompt(nb["cells"][int(prompt_cell)], prompt_var)}]
    parts = BANNER.split(text)
    pending, approval = [], None
    lead = parts[0]
    for a in APPROVE.findall(lead):
        approval = a
    for kind, body in zip(parts[1::2], parts[2::2]):
        answers = APPROVE.findall(body)
        body = APPROVE.sub("", body)
        body = body.lstrip("\n")
        body = body.rstrip("\n")
        if kind == "Human":
            m = {"role": "user", "content": body}
        elif kind == "Ai":
            content, calls = body, []
            if "\nTool Calls:\n" in "\n" + body:
                i = ("\n" + body).index("\nTool Calls:\n")
                content, block = body[:max(i - 1, 0)], body[i + len("Tool Calls:\n"):]
                calls = parse_tool_block(block)
            if content.startswith("[{") or content.startswith("[]"):
                try:
                    blocks = ast.literal_eval(content)
                    content = "\n".join(b.get("text", "") for b in blocks if b.get("type") == "text")
                    uses = [b for b in blocks if b.get("type") == "tool_use"]
                    if uses:
                        calls = [{"id": b["id"], "type": "function", "function": {"name": b["name"], "arguments": json.dumps(b["input"], ensure_ascii=False)}} for b in uses]
                except (ValueError, SyntaxError):
                    pass
            m = {"role": "assistant", "content": content}
            if calls:
                m["tool_calls"] = calls
            pending = [c["id"] for c in calls]
        else:
            if body.startswith("Name: "):
                name, _, rest = body.partition("\n")
                name = name[len("Name: "):]
                rest = rest[1:] if rest.startswith("\n") else rest
            else:  # tool messages built by the graph itself (routing, CompleteOrEscalate) print no name
                name, rest = None, body
            if not pending:
                # the assistant message was printed truncated (its tool_use blocks cut off by the
                # tutorial's 1500-character limit): record a call with the printed tool name and
                # unknown arguments so that the result keeps its call.
                prev = next(x for x in reversed(msgs) if x["role"] == "assistant")
                cid = f"unprinted_{len(msgs)}"
                prev.setdefault("tool_calls", []).append({"id": cid, "type": "function", "function": {"name": name or "(not printed)", "arguments": "{}"}})
                pending = [cid]
            m = {"role": "tool", "tool_call_id": pending.pop(0), "content": rest}
            if name:
                m["name"] = name
        if approval is not None:
            m["approval"] = approval
            approval = None
        msgs.append(m)
        if answers:
            approval = answers[-1]
    json.dump({"messages": msgs}, open(out_path, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    print(out_path, len(msgs), "messages")


if __name__ == "__main__":
    main(*sys.argv[1:])
