"""Convert a ChatDev WareHouse run log (OpenBMB/ChatDev, WareHouse/<project>/<project>.log) into an
openai-chat JSON session {"messages": [...]} that inspector reads.

usage: python convert_chatdev.py RAW.log OUT.json

Mapping (every kept entry's text is copied verbatim, except the bracketed role preamble noted below):
- message 0 (system): the log's "**[Preprocessing]**" entry (ChatDev start, task_prompt, configs).
- "<Role>: **[Start Chat]**"  -> user message, name=<Role> (the instruction that opens a phase;
  ChatDev composes it from the phase prompt and the replying role's system prompt, kept verbatim).
- "<Role>: **<Role><-><Other> on : <Phase>, turn N**" -> assistant message, name=<Role> (the
  LLM agent's reply). In replies, the leading "[ChatDev is a software company ... ]" block (the
  other role's system prompt, which the log repeats before every reply) is dropped; the phase name
  (from the preceding "[chatting]" table) is added as a first line "(phase: <Phase>)" on the
  user message.
- Environment entries written by ChatDev itself ("[Update Codes]", "[Rewrite Codes]",
  "[Execute Detail]", "[Test Reports]", "[Test Info]", "[Seminar Conclusion]" when it differs from
  the last reply, and any other bracketed entry) -> user messages, name="ChatDev"; consecutive
  environment entries are joined into one message (blank line between).
- Dropped: "flask app.py did not start for online log", "HTTP Request: POST ..." (httpx lines), "[OpenAI_Usage_Info Receive]",
  "System: [chatting]" / "System: [RolePlaying]" parameter tables (their phase_name is used above),
  "[Software Info]" cost/size statistics.
ChatDev has no function calling: code is written by parsing the Programmer's markdown reply, and
tests run the program; these appear as the environment messages above.
"""
import json
import re
import sys

HEAD = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) INFO\] ", re.M)


def entries(text):
    ms = list(HEAD.finditer(text))
    for i, m in enumerate(ms):
        end = ms[i + 1].start() if i + 1 < len(ms) else len(text)
        yield m.group(1), text[m.end():end]


def strip_preamble(body):
    b = body.lstrip("\n")
    if b.startswith("[ChatDev is a software company") or b.startswith("[ChatDev"):
        depth = 0
        for i, ch in enumerate(b):
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth -= 1
                if depth == 0:
                    return b[i + 1:].strip("\n")
    return b.strip("\n")


def convert(text):
    msgs = []
    env = []
    phase = None
    last_reply = None

    def flush():
        if env:
            msgs.append({"role": "user", "name": "ChatDev", "content": "\n\n".join(env)})
            env.clear()

    for _ts, raw in entries(text):
        first, _, body = raw.partition("\n")
        first = first.rstrip()
        if first.startswith("flask app.py did not start") or first.startswith("HTTP Request:"):
            continue
        if first == "**[Preprocessing]**":
            msgs.append({"role": "system", "content": (first + "\n" + body).strip("\n")})
            continue
        if first.startswith("**[OpenAI_Usage_Info"):
            continue
        if first.startswith("System: **[chatting]**"):
            m = re.search(r"\| \*\*phase_name\*\* \| (.*?) \|", body)
            phase = m.group(1) if m else None
            continue
        if first.startswith("System: **[RolePlaying]**"):
            continue
        if first.startswith("**[Software Info]**"):
            continue
        m = re.match(r"^(.+?): \*\*\[Start Chat\]\*\*$", first)
        if m:
            flush()
            content = body.strip("\n")
            if phase:
                content = f"(phase: {phase})\n\n" + content
            msgs.append({"role": "user", "name": m.group(1), "content": content})
            continue
        m = re.match(r"^(.+?): \*\*(.+?)<->(.+?) on : (.+?), turn (\d+)\*\*$", first)
        if m:
            flush()
            content = strip_preamble(body)
            msgs.append({"role": "assistant", "name": m.group(1), "content": content})
            last_reply = content.strip()
            continue
        if first.startswith("**[Seminar Conclusion]**"):
            c = body.strip("\n").strip()
            if c and c != last_reply:
                env.append("**[Seminar Conclusion]**:\n\n" + body.strip("\n"))
            continue
        # any other entry: environment event written by ChatDev
        env.append((first + "\n" + body).strip("\n"))
    flush()
    for m in msgs:
        if m.get("name"):
            m["name"] = re.sub(r"[^A-Za-z0-9_-]", "_", m["name"])  # OpenAI's name field pattern
    return msgs


if __name__ == "__main__":
    text = open(sys.argv[1], encoding="utf-8").read()
    msgs = convert(text)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump({"messages": msgs}, f, ensure_ascii=False, indent=1)
    print(len(msgs), "messages")
