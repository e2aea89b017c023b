"""A comparison a summary states that its own figures deny (`engine.fidelity_compare`, issue
#23 session 20: a planted error of the blind set L29, "SMA50 62.93 above SMA200 75.35 is a
golden-cross setup", where every figure is right and the comparison is turned around)."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_compare import denied_comparison
from tests.sessions import asst, sys, tool, user


@pytest.mark.parametrize(("sentence", "denied"), [
    ("SMA50 62.93 above SMA200 75.35 is a golden-cross setup.", "SMA50 62.93 above SMA200 75.35"),
    ("Price 540.69 is above the SMA50 649.39.", "Price 540.69 is above the SMA50 649.39"),
    ("Cash fell from 2.090B to 4.403B in the quarter.", "fell from 2.090B to 4.403B"),
    ("MACD fell from -34 to -30.05.", "fell from -34 to -30.05"),
    ("Errors increased from 42 to 18 after the fix.", "increased from 42 to 18"),
])
def test_a_comparison_its_figures_deny_is_found(sentence: str, denied: str) -> None:
    assert denied_comparison(sentence) == denied


@pytest.mark.parametrize("sentence", [
    "SMA50 62.93 below SMA200 75.35: a bearish stack.",
    "MACD rose from -34 to -30.05.",
    "Cash fell from 4.403B to 2.090B.",
    "Cash fell from 4.4B to 900M.",  # (two units: not compared)
    "Rank 2 above rank 5 in the list.",  # (a smaller number is the higher place)
    "Sales decreased from 2012 to 2013 by 5%.",  # (a period)
    "Receivables grew 18.2% from 1,250 to 1,478.",
])
def test_a_comparison_its_figures_hold_or_that_compares_no_figures_is_not(sentence: str) -> None:
    assert denied_comparison(sentence) == ""


def test_a_denied_comparison_is_contradicted_where_its_figures_are_the_originals() -> None:
    report = "EMA 10 = 56.38; SMA 50 = 62.93; SMA 200 = 75.35. The short averages sit below the long one."
    msgs = [sys("You are a market analyst."), user("Analyse APTV."),
            asst("", [("c1", "get_indicators", '{"symbol": "APTV"}')]), tool("c1", report),
            asst("Bearish."), user("Go on.")]

    def false(summary: str) -> list[str]:
        f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
        return [it.text for it in f.items if it.status == "contradicted"]

    assert false("get_indicators: SMA50 62.93 below SMA200 75.35, a bearish stack.") == []
    assert false("get_indicators: SMA50 62.93 above SMA200 75.35, a golden cross.") == ["SMA50 62.93 above SMA200 75.35"]
