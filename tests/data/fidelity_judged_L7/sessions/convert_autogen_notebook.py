"""Convert the recorded console log of an AutoGen 0.2 chat (the stdout a notebook cell kept in
its outputs) into a bare OpenAI chat JSON list (inspector's `openai-chat` format).

AutoGen prints every message it sends as
    "<sender> (to <recipient>):\n\n" + content + "\n\n" + "-" * 80 + "\n"
(names in ANSI colour). The conversion strips the colour codes, splits the log on those headers
and keeps each message's content verbatim (the two newlines AutoGen adds after the content are
removed). The executor's console notices between messages (">>>>>>>> EXECUTING CODE BLOCK 0
(inferred language is python)...") are not messages and are dropped. Roles: the senders named
in --user become `user` messages, every other sender an `assistant` message; each message keeps
its sender in `name`. The log records no system prompt: message 0 is one `system` line given on
the command line (--system), written by whoever ran the conversion, saying so.

Usage: python convert_autogen_notebook.py NOTEBOOK.ipynb --cells 6,7,8,11 --user user_proxy
           --system "..." OUT.json
"""
import argparse
import json
import re

HEADER = re.compile(r"^(\S+) \(to (\S+)\):\n\n", re.M)
NOTICE = re.compile(r"\n*>>>>>>>> EXECUTING CODE BLOCK \d+ \(inferred language is \w+\)\.\.\.\n")
SEP = "\n\n" + "-" * 80 + "\n"


def cell_log(nb, idx):
    out = ""
    for o in nb["cells"][idx].get("outputs", []):
        if o.get("output_type") == "stream" and o.get("name") == "stdout":
            t = o["text"]
            out += "".join(t) if isinstance(t, list) else t
    return re.sub(r"\x1b\[[0-9;]*m", "", out)


def parse(log):
    log = NOTICE.sub("\n", log)
    heads = list(HEADER.finditer(log))
    msgs = []
    for i, h in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(log)
        body = log[h.end():end]
        k = body.rfind(SEP)
        if k < 0:
            raise SystemExit(f"message {i} from {h.group(1)}: no separator")
        if body[k + len(SEP):].strip():
            raise SystemExit(f"unexpected text after message {i}: {body[k + len(SEP):][:80]!r}")
        msgs.append((h.group(1), body[:k]))
    return msgs


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("notebook")
    ap.add_argument("out")
    ap.add_argument("--cells", required=True)
    ap.add_argument("--user", required=True, help="comma-separated senders mapped to role user")
    ap.add_argument("--system", required=True)
    a = ap.parse_args()
    nb = json.load(open(a.notebook, encoding="utf-8"))
    users = set(a.user.split(","))
    out = [{"role": "system", "content": a.system}]
    for c in a.cells.split(","):
        for sender, content in parse(cell_log(nb, int(c))):
            out.append({"role": "user" if sender in users else "assistant", "name": sender,
                        "content": content})
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
    print(f"{len(out)} messages")
