"""Convert an aider chat transcript (aider's `.aider.chat.history.md` markdown, or a transcript
page of aider's website that embeds one) into a bare OpenAI chat JSON list (inspector's
`openai-chat` format). Texts are copied verbatim, minus aider's markdown line prefixes.

aider writes its history file line by line:
- `#### text`  a line the user typed (a chat message or an in-chat command such as /add, /diff)
               -> consecutive lines form one {"role": "user"} message, prefix removed;
- `> text`     aider's own console output (files added, edits applied, commits, /diff and /run
               output, errors) -> consecutive lines form one {"role": "user", "name":
               "aider_console"} message, prefix removed (aider is the tool here; its output is
               not a tool-call result, so it is given as a named user turn); a line that starts
               with ">" without the space (aider writes /run output as ">```", ">Summary...")
               is console output too, except ">>>>>>> REPLACE/UPDATED" edit-block markers;
- any other line: the model's reply -> one {"role": "assistant"} message.
Blank lines stay with the block they follow; a block's surrounding blank lines are stripped.
system: one line written by this script (the history file does not record aider's prompts).

Usage:
  python convert_aider.py chat-history.md N OUT.json      # N-th session ("# aider chat started at")
  python convert_aider.py --page census.md OUT.json       # website page: only the lines inside
                                                          # <div class="chat-transcript"> blocks
"""
import json
import re
import sys


def blocks(lines):
    out, kind, buf = [], None, []

    def flush():
        text = "\n".join(buf).strip("\n")
        if text.strip():
            m = {"role": "assistant" if kind == "a" else "user", "content": text}
            if kind == "c":
                m["name"] = "aider_console"
            out.append(m)

    for ln in lines:
        if ln.startswith("#### ") or ln == "####":
            k, body = "u", ln[5:]
        elif ln.startswith("> ") or ln == ">":
            k, body = "c", ln[2:]
        elif ln.startswith(">") and not ln.startswith(">>>>>>>"):
            k, body = "c", ln[1:]  # e.g. ">```" lines of /run output
        elif not ln.strip():
            buf.append("")
            continue
        else:
            k, body = "a", ln
        if k != kind:
            if kind is not None:
                flush()
            kind, buf = k, []
        buf.append(body.rstrip() if k != "a" else body)
    if kind is not None:
        flush()
    return out


if sys.argv[1] == "--page":
    text = open(sys.argv[2], encoding="utf-8").read()
    inside = []
    for seg in re.findall(r'<div class="chat-transcript"[^>]*>\n(.*?)</div>', text, re.S):
        inside.extend(seg.split("\n"))
    sysmsg = "[aider chat transcript from aider's website (" + sys.argv[2].split("/")[-1] + "); aider's prompts are not recorded]"
    msgs, outp = blocks(inside), sys.argv[3]
else:
    text = open(sys.argv[1], encoding="utf-8").read()
    parts = re.split(r"(?m)^# aider chat started at ", text)
    part = parts[int(sys.argv[2])]
    head, _, rest = part.partition("\n")
    sysmsg = f"[aider chat session started at {head.strip()} (aider's own .aider.chat.history.md); aider's prompts are not recorded]"
    msgs, outp = blocks(rest.split("\n")), sys.argv[3]
out = [{"role": "system", "content": sysmsg}] + msgs
with open(outp, "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
print(len(out), "messages")
