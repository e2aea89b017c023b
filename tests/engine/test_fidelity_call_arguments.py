"""A call a summary states with an identifier the session never called that tool with
(`engine.fidelity_claims.call_claims`; issue #23, session 16): its blind set L22 held
planted summaries saying `read_section(republics)` was read (the agent read two other
sections) and `view_sections("nickelodeon_movies")` listed sections (never called), and
they scored as the faithful ones did. Numbers were checked so since session 8 ("book_hotel(8)");
an identifier in parentheses now is too."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _wiki() -> list[Message]:
    return [
        sys("Answer with the tools: search_pages, view_sections, read_section."),
        user("In what year was the Commonwealth of Nations formally constituted by the London Declaration?"),
        asst("", [("c1", "search_pages", '{"query": "London Declaration Commonwealth of Nations year"}')]),
        tool("c1", '[{"page_id": "commonwealth_of_nations"}, {"page_id": "london_declaration_1949"}]'),
        asst("", [("c2", "view_sections", '{"page_id": "commonwealth_of_nations"}')]),
        tool("c2", '["commonwealth_of_nations:history", "commonwealth_of_nations:republics", '
                   '"commonwealth_of_nations:structure"]'),
        asst("", [("c3", "read_section", '{"section_id": "commonwealth_of_nations:history"}')]),
        tool("c3", "The term was coined by Jan Smuts in 1917."),
        asst("", [("c4", "read_section", '{"section_id": "commonwealth_of_nations:structure"}')]),
        tool("c4", "The Head of the Commonwealth is chosen by its members."),
        asst("The history section does not date the London Declaration; I will search again."),
        user("Please keep going."),
    ]


def _flagged(summary: str) -> list[str]:
    msgs = _wiki()
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def test_a_call_stated_with_an_identifier_the_tool_never_had_is_contradicted():
    said = "Done: read_section(republics) states the London Declaration of 1949 formally constituted it."
    assert any("read_section republics" in t for t in _flagged(said))
    assert any("read_section commonwealth" in t for t in _flagged(
        'Done: read_section("commonwealth_of_nations:membership") said nothing of the declaration.'))


def test_a_part_of_the_ids_called_a_query_in_words_or_a_call_ahead_is_not():
    assert _flagged("Done: read_section(history) says Smuts coined the term in 1917; "
                    "read_section(commonwealth_of_nations:structure) says nothing of the declaration.") == []
    assert _flagged('Searched with search_pages("London Declaration year") and read two sections.') == []
    assert _flagged("Next: read_section(republics) to find the year of the London Declaration.") == []


def test_l22s_planted_reads_are_flagged_and_no_faithful_summary_of_the_blind_sets_is():
    from tests import judged

    for directory in (judged.L21, judged.L22):
        for it in judged.load(directory):
            f = fidelity(it.original(), it.compacted())
            calls = [x.text for x in f.items if x.status == "contradicted"]
            if it.variant in ("faithful", "faithful_short"):
                assert not calls, (it.session, it.variant, calls)
            elif it.variant == "planted_errors" and it.session.startswith("wiki_search_commonwealth"):
                assert any("read_section republics" in t for t in calls), calls
