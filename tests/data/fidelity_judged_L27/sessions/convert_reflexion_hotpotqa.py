"""Convert Reflexion HotpotQA ReAct run logs (noahshinn/reflexion, MIT) to OpenAI chat JSON sessions.

    python3 convert_reflexion_hotpotqa.py RAW_LOG OUT.json "QUESTION PREFIX" [LAST_TRIAL]

The raw log (raw/*.txt, byte for byte from the repository) holds, for each trial, the trajectory of every
question's agent (Thought k / Action k / Observation k), grouped as correct, incorrect and halted agents; from
trial 2 on, a failed question's prompt carries the agent's own reflections on its earlier failures. One
session = one question followed through its trials, in order, up to and including the first trial it answered
correctly (or LAST_TRIAL). Mapping, text unchanged:
  - message 0: a system message written by this converter (the log keeps no system prompt; the ReAct few-shot
    prompt is not in the log);
  - the 'Question: ...' block of each trial (with its 'Reflections:' in trials >= 2) -> a user message, prefixed
    with '[Trial N]' by the converter;
  - 'Thought k: ...' -> assistant message text; 'Action k: Search[x]' / 'Lookup[x]' / 'Finish[x]' -> one tool
    call (name search / lookup / finish, argument x verbatim); 'Observation k: ...' -> the tool message;
  - the logger's 'Correct answer: ...' line (never shown to the agent) is dropped; a halted trial (step limit)
    gets a user message '[Trial N halted: step limit reached]' written by the converter."""
import json
import re
import sys

STATUS = {"CORRECT": "correct", "INCORRECT": "incorrect", "HALTED": "halted"}


def parse(text):
    """-> list of (trial, status, block_text)"""
    out, trial, status = [], None, None
    cur = []

    def flush():
        if cur and trial is not None and status is not None:
            out.append((trial, status, "\n".join(cur).strip("\n")))
    for line in text.split("\n"):
        m = re.match(r"BEGIN TRIAL (\d+)$", line)
        if m:
            flush()
            cur = []
            trial = int(m.group(1))
            status = None
            continue
        m = re.match(r"-+ BEGIN (CORRECT|INCORRECT|HALTED) AGENTS -+$", line)
        if m:
            flush()
            cur = []
            status = STATUS[m.group(1)]
            continue
        if line.startswith("Question:"):
            flush()
            cur = [line]
            continue
        if cur:
            cur.append(line)
    flush()
    return [(t, s, b) for t, s, b in out if b.startswith("Question:")]


def qkey(block):
    q = block.split("\n", 1)[0][len("Question:"):].strip()
    return q.split("You have attempted to answer")[0].strip()


def steps(block):
    lines = block.split("\n")
    i = 0
    head = []
    while i < len(lines) and not re.match(r"Thought \d+:", lines[i]):
        head.append(lines[i])
        i += 1
    items, cur = [], None
    for line in lines[i:]:
        m = re.match(r"(Thought|Action|Observation) (\d+):", line)
        if m:
            cur = [m.group(1), int(m.group(2)), line]
            items.append(cur)
        elif line.startswith("Correct answer:"):
            cur = None
        elif cur is not None:
            cur[2] += "\n" + line
    return "\n".join(head).strip("\n"), items


def convert(raw, question_prefix, last_trial=None):
    blocks = [b for b in parse(raw) if qkey(b[2]).startswith(question_prefix)]
    blocks.sort(key=lambda b: b[0])
    msgs = [{"role": "system", "content": (
        "[Written by the converter; the original log keeps no system prompt.] A Reflexion ReAct agent answers a "
        "HotpotQA question with a Wikipedia API: Search[entity] returns the first paragraphs of the page or similar "
        "titles, Lookup[keyword] returns the next sentence containing the keyword on the current page, Finish[answer] "
        "submits the answer and ends the trial. After a failed trial the agent writes a reflection and tries again.")}]
    n = 0
    for trial, status, block in blocks:
        if last_trial and trial > last_trial:
            break
        head, items = steps(block)
        msgs.append({"role": "user", "content": f"[Trial {trial}] " + head})
        pending = None
        for kind, k, text in items:
            if kind == "Thought":
                pending = {"role": "assistant", "content": text, "tool_calls": []}
                msgs.append(pending)
            elif kind == "Action":
                m = re.match(r"Action \d+: (\w+)\[(.*)\]\s*$", text, re.S)
                name, arg = (m.group(1).lower(), m.group(2)) if m else ("invalid_action", text.split(":", 1)[1].strip())
                if pending is None or pending["tool_calls"]:
                    pending = {"role": "assistant", "content": "", "tool_calls": []}
                    msgs.append(pending)
                n += 1
                cid = f"call_t{trial}_{k}"
                pending["tool_calls"].append({"id": cid, "type": "function", "function": {
                    "name": name, "arguments": json.dumps({"argument": arg}, ensure_ascii=False)}})
            else:
                cid = f"call_t{trial}_{k}"
                msgs.append({"role": "tool", "tool_call_id": cid, "content": text})
                pending = None
        if status == "halted":
            msgs.append({"role": "user", "content": f"[Trial {trial} halted: step limit reached]"})
        if status == "correct":
            break
    for m in msgs:
        if m.get("tool_calls") == []:
            del m["tool_calls"]
    return msgs, blocks


if __name__ == "__main__":
    raw = open(sys.argv[1], encoding="utf-8").read()
    last = int(sys.argv[4]) if len(sys.argv) > 4 else None
    msgs, blocks = convert(raw, sys.argv[3], last)
    json.dump({"messages": msgs}, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    print(len(msgs), "messages;", [(t, s) for t, s, _ in blocks])
