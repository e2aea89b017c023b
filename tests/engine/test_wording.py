"""Issue 17.6: counts in words ("1 summary", "2 summaries"), never "summary(ies)"."""

from __future__ import annotations

import re
from pathlib import Path

from inspector.engine import plan, preset
from inspector.engine.tokens import EstimateCounter
from inspector.engine.wording import plural
from tests.sessions import agent_session

ROOT = Path(__file__).resolve().parents[2]


def test_plural_picks_the_form_by_the_count():
    assert plural(1, "message") == "1 message"
    assert plural(0, "message") == "0 messages"
    assert plural(2, "summary", "summaries") == "2 summaries"
    assert plural(1, "summary", "summaries") == "1 summary"
    assert plural(12_345, "token") == "12,345 tokens"


def test_plan_reasons_say_proper_plurals():
    s = agent_session(rounds=12, output="log line " * 200, user_every=3)
    config = preset("balanced").with_values({
        "reduction.truncation.max_chars": 300, "reduction.clear.trigger_tokens": 500,
        "reduction.clear.at_least_tokens": 0, "summarization.trigger.context_tokens": 800,
        "summarization.keep.mode": "messages", "summarization.keep.messages": 1})
    p = plan(s, config, EstimateCounter(4.0))
    reasons = " | ".join(st.reason for st in p.stages) + " | " + " | ".join(w.message for w in p.warnings)
    assert "(s)" not in reasons and "(ies)" not in reasons, reasons
    assert re.search(r"\b1 tool outputs?\b|\d+ tool outputs over", reasons), reasons
    assert "keep the last 1 message\"" not in reasons and "keep the last 1 message" in reasons, reasons


def test_no_parenthesised_plural_left_in_what_users_read():
    """Every f-string of the package says its plural properly (the helper above)."""
    hits = []
    for path in (ROOT / "inspector").rglob("*.py"):
        for k, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"f[\"'].*\w\((s|es|ies)\)", line):
                hits.append(f"{path.relative_to(ROOT)}:{k}: {line.strip()}")
    assert hits == []
