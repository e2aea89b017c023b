"""Chinese and Japanese text is words too (`fidelity.words`, `CJK_BIGRAMS`): they write no
spaces between words, so each pair of characters in a run stands for one, as a search
engine indexes them. A step whose words are Chinese is kept by a summary that names them,
and not by one that names another query to the same tool."""

from __future__ import annotations

import json

from inspector.engine.fidelity import fidelity, words
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session() -> list[Message]:
    return [
        sys(),
        user("研究 北京 的 空气质量 变化 (study how Beijing's air quality changed)."),
        asst("Searching first.", calls=[("c1", "web_search", json.dumps({"query": "北京 空气质量 2024 年度报告"}))]),
        tool("c1", "2024年北京市PM2.5年均浓度为30.5微克/立方米，同比下降2.2%。"),
        asst("Found the yearly figure; now the monthly data.",
             calls=[("c2", "web_search", json.dumps({"query": "北京 空气质量 月度 数据"}))]),
        tool("c2", "1月 PM2.5 45 微克/立方米; 7月 PM2.5 18 微克/立方米"),
        # after the cut: a search for winter heating's effect
        asst("", calls=[("c3", "web_search", json.dumps({"query": "北京 冬季 供暖 污染 影响"}))]),
        tool("c3", "供暖季 PM2.5 浓度 较 非供暖季 高 40%"),
    ]


def _next_step(summary: str):
    original = _session()
    f = fidelity(original, [original[0], Message.text_message("user", summary), *original[6:]])
    return next(it for it in f.items if it.kind == "next_step")


_DONE = "Yearly PM2.5 for 2024 was 30.5 (down 2.2%); monthly figures 45 in January, 18 in July. "


def test_a_step_named_in_its_own_script_is_kept():
    step = _next_step(_DONE + "Next: web_search 北京 冬季 供暖 污染 影响 (winter heating's effect on pollution).")
    assert step.status == "kept"


def test_another_query_is_not_the_step():
    # (before, only "web_search" was read of either: the two were the same step)
    assert _next_step(_DONE + "Next: web_search 上海 空气质量 对比 (compare with Shanghai).").status == "missing"


def test_cjk_runs_give_character_pairs():
    assert {"空气", "气质", "质量"} <= words("北京的空气质量")
    assert words("plain ascii text") == words("plain ascii text 。")
