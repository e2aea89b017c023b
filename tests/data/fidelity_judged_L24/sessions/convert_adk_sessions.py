"""Convert the three Google ADK session exports in raw/ (google/adk-samples, Apache-2.0) to OpenAI chat JSON.

Run: python3 /work/labels-L24/sessions/convert_adk_sessions.py

Mapping, per event of the export's "events" list, in order:
- an event with no content (ADK state-only events, e.g. a "_time" state delta) is skipped;
- author "user" with text parts -> {"role": "user", "content": the text parts joined with ""};
- a model event (content.role "model") -> {"role": "assistant", "content": its text parts joined with ""
  (null when it has none), "tool_calls": one per function_call part, in order}; the export keeps no call
  ids, so each call gets id "call_<event id>_<n>" (n = position of the call in the event) and the
  arguments are json.dumps(args, ensure_ascii=False);
- an event whose parts are function_response (content.role "user", author = the agent) -> one
  {"role": "tool", "tool_call_id", "content"} per response, matched to the earliest unanswered call of the
  same name; content is the response's "result" string verbatim when the response is {"result": <string>}
  (the shopping tools), else json.dumps(response, ensure_ascii=False).
Texts are kept byte for byte. Message 0 is written by this converter (the export stores no system prompt)
and says so; for the customer-service session it also quotes the session state of the export verbatim
(the customer profile the agent's instructions are filled from). The image the user attached in
image_search_denim_skirt is not in the export.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = "google/adk-samples @ adf640295027be408de52734372b0f8d53e01f75"
SESSIONS = {
    "text_search_floral_dress.session.json": (
        "adk_shopping_floral_dress.json",
        "personalized-shopping agent (python/agents/personalized-shopping), gemini-2.0-flash-001 per the agent's code"),
    "image_search_denim_skirt.session.json": (
        "adk_shopping_denim_skirt.json",
        "personalized-shopping agent (python/agents/personalized-shopping), gemini-2.0-flash-001 per the agent's code"),
    "123.session.json": (
        "adk_customer_service_olive_tree.json",
        "customer-service agent 'cymbal_retail_agent' (python/agents/customer-service), gemini-2.0-flash-001 per its config"),
}


def convert(raw, name, agent):
    d = json.load(open(os.path.join(HERE, "raw", raw), encoding="utf-8"))
    head = (f"[Written by the converter, not part of the recorded session] A real session of the {agent}, exported by "
            f"Google ADK as {raw} ({SRC}). The export stores no system prompt; the agent's instructions are in the "
            "repository. Tools are called through real function calls.")
    if name.startswith("adk_customer"):
        head += "\nSession state in the export (verbatim):\n" + json.dumps(d["state"], ensure_ascii=False, indent=2)
    out = [{"role": "system", "content": head}]
    pending = []  # (name, id) of calls without a response yet
    for ev in d["events"]:
        c = ev.get("content")
        if not c or not c.get("parts"):
            continue
        parts = c["parts"]
        texts = [p["text"] for p in parts if p.get("text") is not None]
        calls = [p["function_call"] for p in parts if p.get("function_call")]
        resps = [p["function_response"] for p in parts if p.get("function_response")]
        if resps:
            assert not texts and not calls, ev["id"]
            for r in resps:
                idx = next(i for i, (n, _) in enumerate(pending) if n == r["name"])
                _, cid = pending.pop(idx)
                resp = r["response"]
                if isinstance(resp, dict) and list(resp) == ["result"] and isinstance(resp["result"], str):
                    content = resp["result"]
                else:
                    content = json.dumps(resp, ensure_ascii=False)
                out.append({"role": "tool", "tool_call_id": cid, "content": content})
        elif ev["author"] == "user":
            assert not calls, ev["id"]
            out.append({"role": "user", "content": "".join(texts)})
        else:
            m = {"role": "assistant", "content": "".join(texts) if texts else None}
            if calls:
                m["tool_calls"] = []
                for n, fc in enumerate(calls):
                    cid = f"call_{ev['id']}_{n}"
                    pending.append((fc["name"], cid))
                    m["tool_calls"].append({"id": cid, "type": "function", "function": {
                        "name": fc["name"], "arguments": json.dumps(fc.get("args") or {}, ensure_ascii=False)}})
            out.append(m)
    assert not pending, (raw, pending)
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
    print(name, len(out), "messages")


for raw, (name, agent) in SESSIONS.items():
    convert(raw, name, agent)
