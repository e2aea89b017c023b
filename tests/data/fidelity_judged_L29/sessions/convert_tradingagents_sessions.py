"""Convert two TradingAgents "analyst access" runs (TauricResearch/TradingAgents, pull-request head commit
ade69ef002471829bf4cdad506db267388771d4b, analyst_access_sessions/<TICKER>/2026-05-18/research_manager/<run>/)
to OpenAI chat JSON: tradingagents_<ticker>.json.

Each run executes a chain of agents for one user request (in Spanish) about one ticker: market analyst,
social media analyst, news analyst, fundamentals analyst (each a tool-calling loop), bull researcher,
bear researcher, research manager, then the selected agent's follow-up answer. Each stage directory has
llm_calls.json (every LLM call with its input messages and output). Mapping:
- message 0: written by this converter (the stages have different system prompts; none is the run's);
- message 1: the HumanMessage of the first stage (the user request with ticker and trade date; every
  analyst stage receives the same one);
- for each analyst stage, the messages after its HumanMessage in its last LLM call (AIMessage with
  tool_calls -> assistant with tool_calls, ToolMessage -> tool with the call id in order), then the last
  call's output as the stage's final assistant message;
- bull researcher, bear researcher, research manager, follow-up: the output of their single call as an
  assistant message (their inputs are prompts built from the earlier reports, not kept).
Every assistant message has the stage as `name`. From each output the leading reasoning-item line
("{'id': 'rs_...', 'summary': [], 'type': 'reasoning'}") is removed; text is otherwise unchanged."""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SYS = ("[Written by the converter, not part of the run: a TradingAgents multi-agent run ({ticker}, trade date "
       "2026-05-18; quick model gpt-5.4-mini, deep model gpt-5.5, data from yfinance) saved by a contributor's "
       "analyst-access tool in TauricResearch/TradingAgents (analyst_access_sessions/{ticker}/...). Agents in "
       "order: market_analyst, social_media_analyst, news_analyst, fundamentals_analyst (tool-calling), then "
       "bull_researcher, bear_researcher, research_manager and the research manager's follow-up answer. The "
       "agent of each assistant message is in its `name` field. Each agent had its own system prompt (not kept).]")
STAGES = ["01_market_analyst", "02_social_media_analyst", "03_news_analyst", "04_fundamentals_analyst",
          "05_bull_researcher", "06_bear_researcher", "07_research_manager", "selected_agent_followup"]


def text(output):
    lines = output.split("\n")
    while lines and re.match(r"^\{'id': 'rs_[^']*', 'summary': \[.*\], 'type': 'reasoning'\}$", lines[0]):
        lines.pop(0)
    return "\n".join(lines)


def convert(ticker, run):
    base = os.path.join(HERE, f"raw/tradingagents-{ticker}")
    out = [{"role": "system", "content": SYS.format(ticker=ticker)}]
    for st in STAGES:
        calls = json.load(open(os.path.join(base, st, "llm_calls.json"), encoding="utf-8"))
        last = calls[-1]
        name = st.split("_", 1)[1] if st[0].isdigit() else "research_manager_followup"
        msgs = last["messages"]
        if st.startswith("01"):
            hu = [m for m in msgs if m["type"] == "HumanMessage"][0]
            out.append({"role": "user", "content": hu["content"]})
        if st[:2] in ("01", "02", "03", "04"):
            k = [i for i, m in enumerate(msgs) if m["type"] == "HumanMessage"][0]
            pending = []
            for m in msgs[k + 1:]:
                if m["type"] == "AIMessage":
                    tcs = [{"id": c["id"], "type": "function",
                            "function": {"name": c["name"], "arguments": json.dumps(c["args"], ensure_ascii=False)}}
                           for c in m["tool_calls"]]
                    pending += [c["id"] for c in tcs]
                    a = {"role": "assistant", "name": name, "content": m["content"] or ""}
                    if tcs:
                        a["tool_calls"] = tcs
                    out.append(a)
                elif m["type"] == "ToolMessage":
                    out.append({"role": "tool", "tool_call_id": pending.pop(0), "content": m["content"]})
                else:
                    raise ValueError(m["type"])
            assert not pending
        out.append({"role": "assistant", "name": name, "content": text(last["output"])})
    fn = f"tradingagents_{ticker.lower()}.json"
    json.dump(out, open(os.path.join(HERE, fn), "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    print(fn, len(out), "messages")


convert("APTV", "20260518_101526")
convert("NOC", "20260518_093601")
