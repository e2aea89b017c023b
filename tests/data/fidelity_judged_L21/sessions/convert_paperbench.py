#!/usr/bin/env python3
"""Convert the PaperBench (benchflow-ai/paperbench) gpt-4.1 BasicAgent run into an OpenAI chat
message list that inspector reads.

The run is stored as a tar.gz in the repository; inside it, logs/*.eval is an Inspect AI log
(a zip) whose samples/1_epoch_1.json holds the conversation in `messages`.

Usage: convert_paperbench.py RUN_TAR_GZ OUT_JSON

Mapping (texts copied byte for byte):
- each message -> {"role", "content"} (content is a string in every message of this run);
- assistant tool_calls -> {"id", "type": "function", "function": {"name": function,
  "arguments": json.dumps(arguments)}} (Inspect stores the arguments as a JSON object; they
  are serialized with json.dumps, ensure_ascii=False);
- tool messages -> {"role": "tool", "tool_call_id", "content"};
- Inspect's own fields (id, source, view, function on tool messages) are dropped.
"""
import io
import json
import sys
import tarfile
import zipfile


def load(tgz):
    with tarfile.open(tgz, "r:gz") as t:
        m = next(x for x in t.getmembers() if x.name.endswith(".eval") and "/logs/" in x.name)
        data = t.extractfile(m).read()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return json.loads(z.read("samples/1_epoch_1.json"))


def convert(sample):
    out = []
    for x in sample["messages"]:
        assert isinstance(x["content"], str), x["role"]
        m = {"role": x["role"], "content": x["content"]}
        if x.get("tool_calls"):
            m["tool_calls"] = [{"id": c["id"], "type": "function",
                                "function": {"name": c["function"],
                                             "arguments": json.dumps(c["arguments"], ensure_ascii=False)}}
                               for c in x["tool_calls"]]
        if x["role"] == "tool":
            m["tool_call_id"] = x["tool_call_id"]
        out.append(m)
    return out


if __name__ == "__main__":
    tgz, dst = sys.argv[1], sys.argv[2]
    msgs = convert(load(tgz))
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(msgs, f, ensure_ascii=False, indent=1)
    print(dst, len(msgs), "messages")
