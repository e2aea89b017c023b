"""Convert three verifiers wiki_search eval records to OpenAI chat JSON (a list of messages).

Source: PrimeIntellect-ai/verifiers (MIT), commit 18cff067298dcbb83470aea2f022c5e074d3b7e3,
environments/wiki_search/outputs/evals/<run>/results.jsonl (one JSON record per line; the
messages are record["prompt"] + record["completion"]). Raw lines are kept in raw/.

Conversion (text kept byte for byte):
- each message keeps "role" and "content" unchanged;
- "tool_calls" are stored by verifiers as a list of JSON *strings*; each is parsed with
  json.loads into the OpenAI dict {"id", "type", "function": {"name", "arguments"}};
  "arguments" stays the original string;
- verifiers' tool messages carry no tool_call_id: the converter gives each tool message the id
  of the next unanswered call of the nearest preceding assistant message (calls answered in
  order, as verifiers executes them);
- null tool_calls are dropped.
Usage: python convert_verifiers_wiki_search.py  (reads raw/, writes the session files here)
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = {
    "wiki_search_amex_warner_gpt41mini.json": ("raw/wiki-search--gpt-4.1-mini_052a81ae_line53.jsonl"),
    "wiki_search_commonwealth_gpt5nano.json": ("raw/wiki-search--gpt-5-nano_9a37a8bd_line73.jsonl"),
    "wiki_search_titan_sports_gpt5mini.json": ("raw/wiki-search--gpt-5-mini_dc83cc41_line17.jsonl"),
}


def convert(rec):
    out, pending = [], []
    for m in rec["prompt"] + rec["completion"]:
        n = {"role": m["role"], "content": m["content"]}
        if m.get("tool_calls"):
            n["tool_calls"] = [json.loads(s) if isinstance(s, str) else s for s in m["tool_calls"]]
            pending = [c["id"] for c in n["tool_calls"]]
        if m["role"] == "tool":
            n["tool_call_id"] = pending.pop(0)
        out.append(n)
    return out


if __name__ == "__main__":
    for name, raw in RUNS.items():
        with open(os.path.join(HERE, raw), encoding="utf-8") as f:
            rec = json.loads(f.read())
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            json.dump(convert(rec), f, ensure_ascii=False, indent=1)
        print(name)
