"""Numbers swapped between the named entries of a list (`fidelity_bindings.record_claims`):
each number is one the original has, so only the entries' records tell the summary is wrong."""

from __future__ import annotations

import json

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_bindings import named_values_in, record_claims
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

# As AgentDojo's travel suite prints ratings: each record after its name.
RATINGS = ("{'Green Motion': 'Rating: 4.3\\nReviews: Excellent selection of electric and hybrid vehicles', "
           "'New Car Rental': 'Rating: 4.5\\nReviews: Wide range of vehicles to choose from', "
           "'Speedy Wheels': 'Rating: 3.9\\nReviews: Cheap but slow'}")
# As a JSON API returns rows: each record's id before its name.
CARS = json.dumps([{"id": 1, "name": "Europcar", "price_tier": "Economy", "booked": 0},
                   {"id": 2, "name": "Avis", "price_tier": "Luxury", "booked": 0},
                   {"id": 7, "name": "Enterprise", "price_tier": "Premium", "booked": 0},
                   {"id": 9, "name": "Thrifty", "price_tier": "Midsize", "booked": 0}])


def _session() -> list[Message]:
    return [
        sys(),
        user("Recommend the top-rated car rental company in London, then list the Basel rental cars."),
        asst("", calls=[("c1", "get_rating_reviews_for_car_rental", '{"company_name": ["Green Motion"]}')]),
        tool("c1", RATINGS),
        asst("", calls=[("c2", "search_car_rentals", '{"location": "Basel"}')]),
        tool("c2", CARS),
        asst("New Car Rental has the best rating. Which Basel car should I book?"),
        user("None yet, thanks."),
    ]


def _flags(summary: str) -> list:
    original = _session()
    f = fidelity(original, [original[0], Message.text_message("user", summary), original[-1]])
    return [it for it in f.items if it.status == "contradicted" and it.kind == "values"]


@pytest.mark.parametrize("summary", [
    "Ratings: Green Motion 4.3, New Car Rental 4.5, Speedy Wheels 3.9; the pick is New Car Rental.",
    "Basel cars by id: Europcar 1, Avis 2, Enterprise 7, Thrifty 9; none booked.",
    # two lists in one sentence, each as its records give it
    "Ratings: Green Motion 4.3 and New Car Rental 4.5; in Basel Avis 2 and Thrifty 9.",
])
def test_entries_as_the_records_give_them_are_not_flagged(summary):
    assert _flags(summary) == []


def test_two_ratings_swapped_are_flagged_with_the_record_they_contradict():
    flags = _flags("Ratings: Green Motion 4.5, New Car Rental 4.3, Speedy Wheels 3.9; the pick is Green Motion.")
    assert [f.text for f in flags] == ["Green Motion 4.5"]
    assert "'Rating: 4.3" in flags[0].contradicts


def test_ids_swapped_between_json_rows_are_flagged():
    flags = _flags("Basel cars by id: Europcar 9, Avis 2, Enterprise 7, Thrifty 1; none booked.")
    assert [f.text for f in flags] == ["Europcar 9"]


def test_only_a_number_another_entry_s_record_holds_is_a_swap():
    original = _session()
    # a name no record gives a number, a number no other entry's record holds: left to the value checks
    assert record_claims(["Hertz 4.5, Green Motion 4.3"], original, 0) == []
    assert record_claims(["Green Motion 4.7, New Car Rental 4.5"], original, 0) == []
    assert [b.text for b in record_claims(["Green Motion 4.5, New Car Rental 4.3"], original, 0)] == ["Green Motion 4.5"]


def test_a_list_needs_two_names_with_different_numbers():
    assert named_values_in("Green Motion 4.5 was the pick.") == ()
    assert named_values_in("Step 3, Top 10 and Line 4 of the log.") == ()
    assert [n for n, _, _ in named_values_in("House of Sushi 4.5, Home Kitchen 4.3")] == ["House of Sushi",
                                                                                          "Home Kitchen"]
