"""Convert CAMEL cookbook notebooks' printed role-playing runs (raw/*.ipynb) to OpenAI chat JSON.
Run from this folder: python3 convert_camel.py
- ANSI colour codes (ESC[..m) are removed; nothing else in the printed text is changed.
- "AI User" turns become role "user", "AI Assistant" turns role "assistant", each the printed
  text of the turn (label and the blank lines after it removed, trailing newlines stripped).
- camel_trading_bot.json: message 0 (system) is the printed header of the run ("AI Assistant sys
  message" .. "Final task prompt"), verbatim.
- camel_time_travel.json: the notebook prints no header; message 0 (system) is written here from the
  notebook's own configuration cells (task prompt and role names), marked as such.
"""
import json
import re

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def out_text(nb, cell):
    return "".join(nb["cells"][cell]["outputs"][0]["text"])


def trading_bot():
    nb = json.load(open("raw/camel_agents_society.ipynb", encoding="utf-8"))
    t = ANSI.sub("", out_text(nb, 21))
    head, _, rest = t.partition("AI User:\n\n")
    msgs = [{"role": "system", "content": head.rstrip("\n")}]
    parts = re.split(r"\n(AI User|AI Assistant):\n\n", "\n" + "AI User:\n\n" + rest)
    # parts: ['', 'AI User', text, 'AI Assistant', text, ...]
    for who, text in zip(parts[1::2], parts[2::2]):
        msgs.append({"role": "user" if who == "AI User" else "assistant", "content": text.rstrip("\n")})
    return msgs


def time_travel():
    nb = json.load(open("raw/camel_create_your_first_agents_society.ipynb", encoding="utf-8"))
    t = ANSI.sub("", out_text(nb, 26))
    sysmsg = ("[Written by the converter from the notebook's configuration; the run prints no system "
              "messages.] CAMEL RolePlaying session (camel-ai 0.2.16, model GPT-4o-mini per the notebook). "
              "task_prompt: 'Develop a plan to TRAVEL TO THE PAST and make changes.' (with_task_specify=True). "
              "AI user (instruction sender): 'an ambitious aspiring TIME TRAVELER'. "
              "AI assistant (instruction executor): 'the best-ever experimental physicist'. round_limit=10.")
    msgs = [{"role": "system", "content": sysmsg}]
    parts = re.split(r"(?:^|\n)\[(AI User|AI Assistant)\] ", t)
    for who, text in zip(parts[1::2], parts[2::2]):
        msgs.append({"role": "user" if who == "AI User" else "assistant", "content": text.rstrip("\n")})
    return msgs


for name, fn in [("camel_trading_bot.json", trading_bot), ("camel_time_travel.json", time_travel)]:
    ms = fn()
    json.dump(ms, open(name, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    print(name, len(ms), "messages")
