"""Wrong items stated in a form the measure did not read (issue #23, session 18: found on the
blind set L24, Google ADK samples' recorded shopping and customer-service sessions, where
none of the nine planted errors was flagged): a call's arguments written as "name value"
pairs in parentheses, and an id given the title another id of the same list has. Each on a
small made-up session, with the right statement of the same shape left alone, and on L24's
own summaries."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def _cart() -> list[Message]:
    return [
        sys("You are a garden store's customer-service agent."),
        user("I need an olive tree, what do you have? Add one to my cart."),
        asst("", [("c1", "search_products", '{"query": "olive tree", "customer_id": "123"}')]),
        tool("c1", '{"products": ["arbequina_olive_tree", "soil-123"]}'),
        asst("", [("c2", "modify_cart", '{"customer_id": "123", "items_to_add": '
                                         '[{"product_id": "arbequina_olive_tree", "quantity": 1}], "items_to_remove": []}')]),
        tool("c2", '{"status": "success", "message": "Cart updated successfully."}'),
        asst("The tree is in your cart.", [("c3", "access_cart_information", '{"customer_id": "123"}')]),
        tool("c3", '{"items": [{"product_id": "soil-123", "quantity": 1}], "subtotal": 25.98}'),
    ]


def test_a_call_argument_written_as_a_name_and_a_value_is_checked():
    """"modify_cart(customer_id 123, items_to_add leccino_olive_tree x1)": neither the number
    form nor the one-identifier form read it, so the tree's id no call ever had passed (L24's
    customer-service planted summary, 0.66 against the judges' 0.30). The id the call had is
    left alone, and so are plain words in parentheses (a query a summary paraphrases)."""
    msgs = _cart()
    wrong = "modify_cart(customer_id 123, items_to_add leccino_olive_tree x1) returned success."
    assert "modify_cart leccino_olive_tree" in _flagged(msgs, wrong)
    assert _flagged(msgs, wrong.replace("leccino", "arbequina")) == []
    assert _flagged(msgs, "search_products(olive trees for customer 123) listed the arbequina_olive_tree.") == []
    # (a later argument too: the first one right, the second never passed)
    assert "modify_cart leccino_olive_tree" in _flagged(
        msgs, "modify_cart(customer_id=123, items_to_add=leccino_olive_tree) returned success.")


def _dresses() -> list[Message]:
    return [
        sys("You are a shopping agent with search and click tools."),
        user("Find me a flowy floral summer dress."),
        asst("", [("c1", "search", '{"keywords": "flowy floral summer dress"}')]),
        tool("c1", "Page 1 [SEP] B092QL1FLW [SEP] Women Summer Cold Shoulder Dress [SEP] B09RDX8KQJ [SEP] FABIURT"),
        asst("Here are some options:\n\n"
             "*   **B092QL1FLW:** Women Summer Cold Shoulder Dress, Beach Vintage Bohemian Print Sundress\n"
             "*   **B094Z77449:** Casual Summer Dress for Women, V-Neck Sleeveless High Waist Maternity Dress\n"
             "*   **B09RDX8KQJ:** FABIURT Sundresses for Women Casual Beach, Women's Summer Butterfly Printed "
             "Dress V-Neck Sleeveless Long Dresses with Pockets\n\nWhich one?"),
        user("B092QL1FLW looks good!"),
        asst("", [("c2", "click", '{"button_name": "B092QL1FLW"}')]),
        tool("c2", "Back to Search [SEP] color [SEP] black [SEP] sky blue [SEP] Buy Now"),
    ]


def test_an_id_given_the_title_of_another_id_of_the_list_is_contradicted():
    """"The user chose B09RDX8KQJ: "Women Summer Cold Shoulder Dress, Beach Vintage Bohemian
    Print Sundress"": the agent's list gives those words to B092QL1FLW, and B09RDX8KQJ a title
    that shares a fifth of them (L24's floral-dress planted summary, 0.83 against the judges'
    0.20). The right pair, an id with its own title, and an id with words of no item are left alone."""
    msgs = _dresses()
    wrong = 'The user chose B09RDX8KQJ: "Women Summer Cold Shoulder Dress, Beach Vintage Bohemian Print Sundress".'
    flagged = _flagged(msgs, wrong)
    assert any(text.startswith("B09RDX8KQJ:") for text in flagged), flagged
    assert _flagged(msgs, wrong.replace("B09RDX8KQJ", "B092QL1FLW")) == []
    assert _flagged(msgs, "Offered B09RDX8KQJ: FABIURT Sundresses for Women Casual Beach, a printed long dress.") == []
    assert _flagged(msgs, "Offered B09RDX8KQJ: a long sleeveless printed dress with pockets, not chosen.") == []


L24 = judged.load(judged.L24) if any(judged.L24.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L24, reason="the labelled set L24 is not there")
def test_l24_planted_items_are_flagged_and_faithful_ones_are_not():
    """On L24 (session 18's blind set): the planted tree id and the planted product are
    flagged, and no faithful or short faithful summary states anything flagged."""
    flagged: dict[tuple[str, str], list[str]] = {}
    for it in L24:
        if it.variant in ("faithful", "faithful_short", "planted_errors"):
            f = fidelity(it.original(), it.compacted())
            flagged[it.session, it.variant] = [x.text for x in f.items if x.status in ("unsupported", "contradicted")]
    for (session, variant), texts in flagged.items():
        if variant != "planted_errors":
            assert texts == [], (session, variant, texts)
    assert "modify_cart leccino_olive_tree" in flagged["adk_customer_service_olive_tree.json", "planted_errors"]
    assert any(t.startswith("B09RDX8KQJ:") for t in flagged["adk_shopping_floral_dress.json", "planted_errors"])
