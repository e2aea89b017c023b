"""A real id given to a thing the original names with another id of its kind
(`engine.fidelity_roles`; issue #23, session 20). L25's planted summary sent the agent to
"the quantity dropdown a284" (the page lists a284 as the Order Now button, a243 as the
Quantity combobox); L21's gave the invention assignment agreement the benefits form's
number. Both ids are in the original, so no value check saw it."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _shop() -> list[Message]:
    return [
        sys("Order items in the web shop with page(bid) and press(bid)."),
        user("Order three red lamps."),
        asst("", [("c1", "page", '{"bid": "e100"}')]),
        tool("c1", "Lamp page\ne131 radio Red\ne132 radio Blue\ne157 combobox Amount value='1'\ne190 button Checkout"),
        asst("", [("c2", "press", '{"bid": "e131"}')]),
        tool("c2", "Lamp page\ne131 radio Red checked\ne157 combobox Amount value='1'\ne190 button Checkout"),
        asst("Red is chosen; the amount is next."),
        user("Go on."),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _shop()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-1:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_an_id_given_to_what_another_id_is_is_contradicted():
    said = "Red (e131) is checked. Next: set 3 in the amount combobox e190, then press the checkout button."
    assert any("e190" in t for t in _flagged(said))


def test_an_id_with_its_own_words_or_a_word_saying_nothing_of_it_is_not():
    assert _flagged("Red (e131) is checked. Next: set 3 in the amount combobox e157, then press the "
                    "checkout button e190.") == []
    assert _flagged("Red (e131) is checked. Next: set 3 in e157 and then check e190.") == []
