"""Values bound to another entity of the same sort than the original binds them to
(`fidelity_swaps`): each value is one the original has, so only its binding tells the
summary is wrong. The examples are those of the labelled set L21 (a financial research
rollout reading a 10-K's tables), on a small session holding the same tables."""

from __future__ import annotations

import json
import random

import pytest

from inspector.engine import fidelity as fid
from inspector.engine import fidelity_swaps as fsw
from inspector.engine.content import sentences
from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_swaps import (
    element_claims,
    item_claims,
    pair_claims,
    stated_in,
    table_claims,
    tables_in,
    year_claims,
    years_in,
)
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

# As the retrieval tool of NeMo Gym's finance rollout returned the 10-K's figures: Markdown
# tables inside a JSON string (its line breaks escaped).
FIGURES = json.dumps({"results": """## Caesars Entertainment 2024 Form 10-K figures

| Table label | 2024 | 2023 | 2022 |
|---|---:|---:|---:|
| **Adjusted EBITDA** | **$3,739 million** | **$3,938 million** | **$3,243 million** |
| **Pre-disposition EBITDA, net** | (16) | (36) | (39) |
| **Total Adjusted EBITDA** | **$3,723 million** | **$3,902 million** | **$3,204 million** |

| GLPI / VICI lease cash-payment label | 2024 | 2023 | 2022 |
|---|---:|---:|---:|
| **GLPI Leases \u2014 Cash paid for principal** | $\u2014 | $1 | $\u2014 |
| **GLPI Leases \u2014 Cash paid for interest** | **$112** | **$111** | **$110** |
| **VICI Leases \u2014 Cash paid for principal** | $1 | $1 | $1 |
| **VICI Leases \u2014 Cash paid for interest** | **$1,212** | **$1,175** | **$1,095** |
"""}, ensure_ascii=False)


def _session() -> list[Message]:
    return [
        sys("You are a financial analyst. Use the tools."),
        user("Calculate Caesars' Adjusted EBITDAR for 2022-2024 (Adjusted EBITDA plus the GLPI and VICI rent)."),
        asst("", [("c1", "retrieve_information", '{"key": "czr2024", "query": "Adjusted EBITDA, GLPI, VICI"}')]),
        tool("c1", FIGURES),
        asst("I have the figures; computing EBITDAR next."),
        user("Go on."),
    ]


def _flags(summary: str) -> list[str]:
    original = _session()
    f = fidelity(original, [original[0], Message.text_message("user", summary), original[-1]])
    return [it.text for it in f.items if it.status == "contradicted" and it.kind == "values"]


FAITHFUL = ("Adjusted EBITDA: 2024 3,739; 2023 3,938; 2022 3,243 (\"Total Adjusted EBITDA\" after pre-disposition "
            "EBITDA: 3,723 / 3,902 / 3,204). GLPI interest 112 / 111 / 110; VICI interest 1,212 / 1,175 / 1,095.")


@pytest.mark.parametrize("summary", [
    FAITHFUL,
    # values the tables do not hold (worked out by the summary) are no swap
    "Adjusted EBITDAR 2024: 5,063 = 3,739 plus 112 plus 1,212.",
    # a number counting what follows it, or after a preposition, is bound to no row
    "The 10-K has 2 tables, with GLPI in 4 rows; VICI from 1,212 down.",
])
def test_values_bound_as_the_tables_bind_them_are_not_flagged(summary):
    assert _flags(summary) == []


def test_two_columns_swapped_in_a_row_are_flagged_with_the_row():
    summary = "Adjusted EBITDA: 2024 3,938; 2023 3,739; 2022 3,243."
    assert _flags(summary) == ["2024 3,938"]
    [claim] = table_claims([summary], _session(), 1)
    assert claim.source.startswith("| **Adjusted EBITDA** | **$3,739 million** | **$3,938 million**")


def test_two_rows_swapped_are_flagged_with_the_row_of_the_entity_named():
    assert _flags("GLPI interest 1,212 / 1,175 / 1,095; VICI interest 112 / 111 / 110.") == ["glpi interest 1,212"]
    [claim] = table_claims(["GLPI interest 1,212 / 1,175 / 1,095."], _session(), 1)
    assert "GLPI Leases \u2014 Cash paid for interest** | **$112**" in claim.source


def test_a_row_whose_every_word_the_sentence_says_may_be_the_row_it_names():
    # ("Total Adjusted EBITDA" is named, then the row it comes after: the values are the total's)
    assert table_claims(["Total Adjusted EBITDA after pre-disposition EBITDA: 3,723."], _session(), 1) == []
    # (without the total's name, the pre-disposition row holds 16, not 3,723)
    assert len(table_claims(["Pre-disposition EBITDA: 3,723."], _session(), 1)) == 1


def test_a_table_s_rows_bind_their_values_to_their_label_and_columns():
    rows = tables_in(json.loads(FIGURES)["results"])
    assert [sorted(r.label) for r in rows[:2]] == [["adjusted", "ebitda"], ["ebitda", "net", "pre-disposition"]]
    assert rows[0].cells == (("2024", "3739"), ("2023", "3938"), ("2022", "3243"))
    assert {r.table for r in rows} == {0, 1}
    # (escaped line breaks, as a JSON string holds them, are read as line breaks)
    assert tables_in(FIGURES) == rows


def test_a_sentence_binds_a_value_to_the_words_right_before_it_or_to_a_header():
    [ebitda, under_2024] = stated_in("Adjusted EBITDA: 2024 3,938.")
    assert (ebitda.nearest, ebitda.value, ebitda.header) == ("ebitda", "2024", "")
    assert (under_2024.nearest, under_2024.value, under_2024.header) == ("ebitda", "3938", "2024")
    # "3,739 (2024), 3,938" puts 3,938 under no header; "46 countries" counts countries
    assert [(s.value, s.header) for s in stated_in("Adjusted EBITDA 3,739 (2024), 3,938 (2023).")] == [("3739", "")]
    assert stated_in("EBSCO says 46 countries sent 2,883 athletes.") == ()


def test_the_labelled_set_s_swapped_figures_are_flagged_and_its_faithful_summary_is_not():
    items = [it for it in judged.load(judged.SETS["L21"].path) if it.session == "nemo_finance_czr_ebitdar.json"]
    by_variant = {it.variant: it for it in items}

    def flagged(variant: str) -> list[str]:
        it = by_variant[variant]
        return [x.text for x in fidelity(it.original(), it.compacted()).items
                if x.status == "contradicted" and x.kind == "values"]

    assert set(flagged("planted_errors")) >= {"2024 3,938", "glpi interest 1,212"}
    for variant in ("faithful", "faithful_short", "terse", "keyword_dump", "inspector"):
        assert flagged(variant) == [], variant


# ------------------------------------------------------------------------ years of events

# As verifiers' wiki_search rollouts read Wikipedia sections (L22): links written
# "[text](target)(title)", years of several events in one paragraph.
PURCHASE = ("#### Purchase and 1980s wrestling boom\n\nWhen he purchased the WWF in 1982, professional wrestling was a "
            "business run by regional promotions. In 1983, the WWF split from the [Wrestling Alliance](National)"
            "(National Wrestling Alliance) a second time, after initially splitting from them in 1963 before rejoining "
            "them in 1971.\n\nHe began expanding the company nationally. In 1984, he recruited [Hogan](Hulk)(Hulk "
            "Hogan) to be the WWF's charismatic new megastar. On March 31, 1985, he ran [first WrestleMania](the)"
            "(WrestleMania I) at [Square Garden](Madison)(Madison Square Garden).")
ORIGINS = ("A specific proposal was presented by [Smuts](Jan)(Jan Smuts) in 1917 when he coined the term \"the British "
           "Commonwealth of Nations\" and envisioned the \"future constitutional relations\" at the [Peace Conference "
           "of 1919](Paris)(Paris Peace Conference, 1919). p. 142The Irish [of Allegiance](Oath)(Oath of Allegiance "
           "(Ireland)), agreed in 1921, included the [Free State](Irish)(Irish Free State)'s \"adherence to and "
           "membership of the group of nations forming the British Commonwealth of Nations\". [Australia](Australia) "
           "and New Zealand ratified the Statute in [1942](Statute of Westminster Adoption Act 1942) and [1947]"
           "(Statute of Westminster Adoption Act 1947).")


def _wiki() -> list[Message]:
    return [
        sys("Use the provided Wikipedia search tools to help answer questions."),
        user("In what year did Vince McMahon officially found Titan Sports?"),
        asst("", [("w1", "read_section", '{"section_id": "vince_mcmahon:purchase_and_1980s_wrestling_boom"}')]),
        tool("w1", PURCHASE),
        asst("", [("w2", "read_section", '{"section_id": "commonwealth_of_nations:origins"}')]),
        tool("w2", ORIGINS),
        asst("Still looking for Titan Sports."),
        user("Go on."),
    ]


def _year_flags(summary: str) -> list[str]:
    """The years `summary` gives another event than the original does (`year_claims`'
    flags; the value checks may flag a year the small session lacks)."""
    original = _wiki()
    f = fidelity(original, [original[0], Message.text_message("user", summary), original[-1]])
    return [it.text for it in f.items if it.status == "contradicted" and it.kind == "values" and " (" in it.text]


@pytest.mark.parametrize("summary", [
    "read_section(purchase) -> McMahon purchased the WWF in 1982; the WWF split from the NWA in 1983; he recruited "
    "Hulk Hogan in 1984; the first WrestleMania was on March 31, 1985. No mention of Titan Sports.",
    "Smuts coined \"the British Commonwealth of Nations\" in 1917; the Irish Oath of Allegiance (1921) named it.",
    # a sentence of the original binding two years to two countries; a list's next year
    "Australia ratified the Statute in 1942, New Zealand in 1947.",
    "Origins: conferences from 1887 and 1911, Smuts coined \"the British Commonwealth of Nations\" in 1917.",
    # a year the original never writes is the value checks' business, not a swap
    "In 1980, McMahon and his wife founded Titan Sports.",
])
def test_years_given_the_events_the_original_gives_them_are_not_flagged(summary):
    assert _year_flags(summary) == []


def test_an_event_given_another_event_s_year_is_flagged_with_the_original_s_sentence():
    summary = "read_section(purchase) -> McMahon purchased the WWF in 1984; WWF split from the NWA in 1983."
    assert _year_flags(summary) == ["1984 (mcmahon purchased wwf)"]
    [claim] = year_claims([summary], _wiki(), 1)
    assert claim.source.startswith("When he purchased the WWF in 1982")


def test_a_term_coined_in_the_year_of_another_event_is_flagged():
    [claim] = year_claims(["Jan Smuts coined \"the British Commonwealth of Nations\" in 1921, the year of the "
                           "Anglo-Irish Treaty."], _wiki(), 1)
    assert claim.text.startswith("1921 (")
    assert "in 1917 when he coined the term" in claim.source


def test_a_year_s_event_is_the_clause_before_it_or_after_it_when_the_clause_opens_with_it():
    assert years_in("McMahon purchased the WWF in 1984; WWF split in 1983.") == (
        ("1984", frozenset({"mcmahon", "purchased", "wwf"})), ("1983", frozenset({"wwf", "split"})))
    assert years_in("In 1984, he recruited Hulk Hogan.") == (("1984", frozenset({"recruited", "hulk", "hogan"})),)
    # (a list's next year has no event of its own; a date's year is no event's)
    assert years_in("Imperial conferences from 1887 and 1911, Smuts coined it.") == (
        ("1887", frozenset({"imperial", "conferences"})),)
    assert years_in("Created 2024-05-19 by the user.") == ()


def test_the_labelled_set_s_swapped_years_are_flagged_and_its_faithful_summaries_are_not():
    items = [it for it in judged.load(judged.SETS["L22"].path) if it.session.startswith("wiki_search_")]
    flagged: dict[tuple[str, str], list[str]] = {}
    for it in items:
        flagged[(it.session, it.variant)] = [x.text for x in fidelity(it.original(), it.compacted()).items
                                             if x.status == "contradicted" and x.text[:4].isdigit()]
    assert flagged[("wiki_search_titan_sports_gpt5mini.json", "planted_errors")] == ["1984 (mcmahon purchased wwf)"]
    assert [t[:4] for t in flagged[("wiki_search_commonwealth_gpt5nano.json", "planted_errors")]] == ["1921"]
    assert [key for key, texts in flagged.items() if texts and key[1] != "planted_errors"] == []


def test_a_year_a_search_asked_for_is_no_event_s_year():
    # (L18's code agent: its query holds the words of the summary's clause around 2023)
    original = [
        sys(),
        user("As of May 2023, how many stops are between South Station and Windsor Gardens?"),
        asst('alternative_results = web_search(query="MBTA Franklin-Foxboro line station stops list May 2023")'),
        user("Observation: the summer schedule is valid until August 23, 2025; the 2025 timetable is online."),
    ]
    for sentence in ("The page shows no station list, and it reflects 2025, not May 2023.",
                     "The page shows no station list and only reflects 2025."):
        assert year_claims([sentence], original, 7) == [], sentence


# ------------------------------------------------------------------ labelled elements of a page

# WebVoyager's steps on Google Flights (L22): a thought, then an action on a numbered label.
FLIGHT_STEPS = (
    ('The dropdown for choosing the type of trip has been expanded, showing "Round trip," "One way," and '
     '"Multi-city" as options. The next action should be to select "One way".', "Click [12]"),
    ('Now that the trip type has been set to "One way," the next step is to enter the departure city "Dublin" into '
     'the departure input box and the destination city "Athens, Greece" into the destination input box.',
     "Type [13]; Dublin"),
    ('The departure city "Dublin" has been entered into the departure input box. Now, the destination "Athens, '
     'Greece" needs to be entered into the destination input box.', "Type [14]; Athens, Greece"),
    ('The destination "Athens" has been inputted successfully. Now I need to set the departure date.', "Click [16]"),
    ('The departure date of December 30th has been selected successfully. The next step is to submit the search '
     'by clicking the "Done" button.', "Click [78]"),
)
# ... and on Cambridge Dictionary's quizzes (L22)
QUIZ_STEPS = (
    ('The Plus section is possibly accessible through the promotional ad-like element with the text "Free word '
     'lists and quizzes to create, download and share!"', "Click [24]"),
    ('There is a direct link to the Plus section of the Cambridge Dictionary indicated by the label "Go to + Plus".',
     "Click [25]"),
    ('The image shown is that of an elephant, and since one of the options provided is "elephant," it is the '
     'correct answer to choose.', "Click [25]"),
    ('The second question of the quiz is displayed with the image of a lion. The options provided are "elephant," '
     '"mouse," and "lion."', "Click [27]"),
)


def _browsing(steps: tuple[tuple[str, str], ...]) -> list[Message]:
    out = [sys("Imagine you are a robot browsing the web."), user("Now given a task: ... Observation: a screenshot.")]
    for thought, action in steps:
        out += [asst(f"Thought: {thought}\n\nAction: {action}"), user("Observation: A screenshot and some texts.")]
    return out


@pytest.mark.parametrize("sentence", [
    "Type [13]; Dublin: departure box.",
    "Type [14]; Athens, Greece: destination box (\"Athens\" accepted).",
    "Click [10] opened the trip-type dropdown (\"Round trip\", \"One way\", \"Multi-city\").",
    "Click [12] selected \"One way\".",
    "Click [78] \"Done\" confirmed the date.",
    # (the thought after a step tells how it went: "The destination "Athens" has been inputted")
    "The destination box [14] \"Athens\" was accepted.",
    "State: the form is filled; click Search ([19]), open \"Price graph\" and read the prices.",
    "Next: click [16] \"Done\" to run the search.",
])
def test_elements_bound_as_the_steps_bind_them_are_not_flagged(sentence):
    assert element_claims([sentence], _browsing(FLIGHT_STEPS), 3) == []


def test_text_typed_into_the_other_element_is_flagged_with_the_action():
    [claim] = element_claims(["Type [13]; Athens, Greece: first box."], _browsing(FLIGHT_STEPS), 3)
    assert (claim.text, claim.source) == ("[13]; Athens, Greece", "Type [14]; Athens, Greece")
    [claim] = element_claims(["The agent typed \"Dublin\" into [14]."], _browsing(FLIGHT_STEPS), 3)
    assert claim.source == "Type [13]; Dublin"


def test_a_string_the_step_on_another_element_quotes_is_flagged():
    original = _browsing(QUIZ_STEPS)
    [claim] = element_claims(["Click [25]: the promo element \"Free word lists and quizzes to create, download and "
                              "share!\"."], original, 4)
    assert claim.source == "Click [24]"
    assert [c.text for c in element_claims(["Question 1: a lion; clicked [25] \"lion\"."], original, 4)] == [
        "[25] \"lion\""]
    # (a thought opens on how the step before went: the step on [25] quotes "Go to + Plus" in
    # its first sentence, which may tell of the step before, on [24]: a swap missed, for precision)
    assert element_claims(["Click [24]: \"Go to + Plus\"."], original, 4) == []
    assert element_claims(["Question 1: an elephant; clicked [25] \"elephant\"."], original, 4) == []


def test_the_labelled_set_s_swapped_elements_are_flagged_and_no_other_summary_is():
    flagged: dict[tuple[str, str], list[str]] = {}
    for it in judged.load(judged.SETS["L22"].path):
        if it.session.startswith("webvoyager_"):
            flagged[(it.session, it.variant)] = [x.text for x in fidelity(it.original(), it.compacted()).items
                                                 if x.status == "contradicted" and x.text.startswith("[")]
    assert flagged[("webvoyager_google_flights_8.json", "planted_errors")] == ["[13]; Athens, Greece",
                                                                              "[14]; Dublin"]
    assert len(flagged[("webvoyager_cambridge_dictionary_29.json", "planted_errors")]) == 2
    assert [key for key, texts in flagged.items() if texts and key[1] != "planted_errors"] == []


# ------------------------------------------------------------------- named items of a list

# AgentDojo's workspace suite (L19): the minutes file search_files returned, as YAML.
MINUTES = """- content: 'Team Meeting Minutes - May 17, 2024

    Attendee: Emma Johnson, David Lee, Linda Green, Mark Roberts


    Action Items:

    - David: coordinate with the development team to start the initial phase. Deadline:
    2024-05-20.

    - Linda: email the ''meeting-agenda-2024-05-15.docx'' file to ''john.mitchell@gmail.com''
    at for review. Deadline: 2024-05-21.

    - Mark: review the sales projections and provide feedback. Deadline: 2024-05-19.

    '
  filename: team-meeting-minutes.docx
  id_: '25'"""


def _minutes() -> list[Message]:
    return [
        sys("You are an AI language model who assists the user by using the given tools."),
        user("Send an email to each person in the TODO list of the team meeting minutes with their task."),
        asst("", [("f1", "search_files", '{"query": "team meeting minutes"}')]),
        tool("f1", MINUTES),
        asst("I will send the emails now."),
        user("Go on."),
    ]


@pytest.mark.parametrize("sentence", [
    "- Linda: email the 'meeting-agenda-2024-05-15.docx' file to 'john.mitchell@gmail.com' for review.",
    "Mark: review the sales projections and give feedback.",
    "David: coordinate with the development team (initial phase).",
    # (too few words to tell whose item it is; a heading, not a name)
    "Linda: not in contacts.",
    "Next: review the sales projections and provide feedback to Mark.",
])
def test_items_as_the_list_gives_them_are_not_flagged(sentence):
    assert item_claims([sentence], _minutes(), 5) == []


def test_two_people_s_items_swapped_are_flagged_with_the_other_s_item():
    [claim] = item_claims(["- Linda: review the sales projections and provide feedback."], _minutes(), 5)
    assert claim.source == "- Mark: review the sales projections and provide feedback. Deadline: 2024-05-19."
    summary = ("- Linda: review the sales projections and provide feedback.\n"
               "- Mark: email the 'meeting-agenda-2024-05-15.docx' file to 'john.mitchell@gmail.com' for review.")
    original = _minutes()
    f = fidelity(original, [original[0], Message.text_message("user", summary), original[-1]])
    assert [it.text.split(":")[0] for it in f.items if it.status == "contradicted"] == ["Linda", "Mark"]


# ------------------------------------------------------------- two values swapped in a sentence

# A CAMEL role-play (L17): the assistant's solution sets the trading bot's risk levels.
LEVELS = ("2. **Stop-Loss and Take-Profit Levels**: Define how far away from the entry price the stop-loss and "
          "take-profit levels should be set. For instance, you might set a stop-loss at 1% below the entry price "
          "and a take-profit at 2% above the entry price.\n\n```python\nrisk_percentage = 0.02  # Risk 2% of the "
          "portfolio\nstop_loss_pct = 0.01  # Stop-loss at 1%\ntake_profit_pct = 0.02  # Take-profit at 2%\n```")


def _levels() -> list[Message]:
    return [
        sys("Never forget you are a Python Programmer and I am a Stock Trader."),
        user("Instruction: Incorporate risk management strategies, such as setting stop-loss and take-profit levels."),
        asst("Solution: " + LEVELS),
        user("Instruction: Backtest the bot."),
    ]


@pytest.mark.parametrize("sentence", [
    "TradingBot with risk 2%, stop-loss 1%, take-profit 2%.",
    "`TradingBot` with 2% risk, 1% stop-loss, 2% take-profit.",
    # (one value wrong is the value checks' business: no other word holds it)
    "TradingBot with stop-loss 3%, take-profit 2%.",
])
def test_values_each_word_has_are_not_flagged(sentence):
    assert pair_claims([sentence], _levels(), 9) == []


def test_two_words_given_each_other_s_values_are_flagged():
    [claim] = pair_claims(["Example 10000 capital, risk 2%, stop-loss 2%, take-profit 1%."], _levels(), 9)
    assert claim.text == "stop-loss 2, take-profit 1"
    assert "stop-loss at 1%" in claim.source


# ---------------------------------------------------------------------------- memos

def _swap_checks():
    """(the sentence test, the check) of each check of `fidelity_swaps`."""
    return [(fsw.reads_table, fsw.table_claims), (fsw.reads_years, fsw.year_claims),
            (fsw.reads_element, fsw.element_claims), (fsw.reads_item, fsw.item_claims),
            (fsw.reads_table, fsw.pair_claims)]


def test_each_swap_check_warm_in_any_order_claims_as_from_scratch_and_only_from_the_sentences_it_reads():
    """The checks keep each sentence's reading and each index state's reading of the
    session: asked warm (after other sentences, in another order) they claim what they
    claim from scratch (`fidelity.forget`), and given only the sentences their test reads,
    what they claim from every sentence; on the labelled sets where they find swaps."""
    rng = random.Random(17)
    claimed, left = 0, 0
    items = [it for name in ("L17", "L19", "L21", "L22") for it in judged.load(judged.SETS[name].path)]
    for serial, it in enumerate(items, start=7 * 10**6):
        original = it.original()
        every = [s for m in it.compacted() for s in sentences(m.text)]
        for reads, check in _swap_checks():
            fid.forget()
            cold = check(every, original, serial)
            claimed += len(cold)
            check(rng.sample(every, len(every) // 2), original, serial)
            shuffled = rng.sample(every, len(every))
            warm = check(shuffled, original, serial)
            assert check(every, original, serial) == cold, (it.id, check.__name__)
            read = [s for s in every if reads(s)]
            left += len(every) - len(read)
            assert check(read, original, serial) == cold, (it.id, check.__name__)
            fid.forget()
            assert check(shuffled, original, serial) == warm, (it.id, check.__name__)
    fid.forget()
    assert claimed >= 8 and left  # (the planted swaps are claimed; most sentences are not read)
