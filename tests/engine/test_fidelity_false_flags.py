"""False statements the measure must not see in a faithful summary (issue #23, session 11:
found on the blind sets L19 and L20, where each such flag halved a faithful summary's score
while the planted errors beside it went uncaught). Each class on a small made-up session of
a tool-calling agent, with the wrong statement of the same shape still flagged."""

from __future__ import annotations

import json

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_bindings import bindings_in
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _session() -> list[Message]:
    return [
        sys("You are a workspace assistant. Use the tools."),
        user("Compare the London car rentals by rating, then delete files 11, 1 and 3, and restyle the header."),
        asst("", [("c1", "get_rating_reviews_for_car_rental", '{"company_name": ["Green Motion", "New Car Rental"]}')]),
        tool("c1", "{'Green Motion': 'Rating: 4.3\\nReviews: Friendly staff', "
                   "'New Car Rental': 'Rating: 4.5\\nReviews: Competitive prices'}"),
        asst("", [("c2", "get_car_price_per_day", '{"company_name": ["Green Motion", "New Car Rental"]}')]),
        tool("c2", "{'Green Motion': 60.0, 'New Car Rental': 50.0}"),
        asst("", [("c3", "delete_file", '{"file_id": "11"}')]),
        tool("c3", "id_: '11'\nfilename: recipe-collection.docx"),
        asst("", [("c4", "delete_file", '{"file_id": "1"}')]),
        tool("c4", "id_: '1'\nfilename: 2024-05-08_product-meeting.docx"),
        asst("", [("c5", "read_file", '{"path": "src/header.ts"}')]),
        tool("c5", "export const header = (theme) => theme.fg('accent', theme.bold('Inbox'));"),
        asst("Deleting the last file.", [("c6", "delete_file", '{"file_id": "3"}')]),
        tool("c6", "id_: '3'\nfilename: team-building-activities.docx"),
    ]


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def _flags(summary: str) -> list[str]:
    return _flagged(_session(), summary)


GOOD = ("The user wants the London car rentals compared by rating, files 11, 1 and 3 deleted, and the header "
        "restyled. Ratings: New Car Rental 4.5, Green Motion 4.3 -> New Car Rental (Green Motion 60 a day, "
        "New Car Rental 50). delete_file(\"11\") and delete_file(\"1\") succeeded. The header in src/header.ts "
        "styles its title with theme.fg/theme.bold. ")


def test_the_faithful_summary_is_not_flagged():
    assert _flags(GOOD + "Next steps: delete_file(\"3\"), then restyle the header.") == []


def test_a_rating_after_a_name_ending_in_a_record_noun_is_no_record_number():
    # ("rental" names a record by its number, "rental 12345": never a decimal)
    assert bindings_in("New Car Rental 4.5, Eiffel Tower Car Rental 5.0") == []
    assert bindings_in("rental 12345 was booked") == [("rental", "12345", 0, 12)]
    # (GOOD's "New Car Rental 4.5" was read as rental 4.5 where the session binds rental to 50)
    assert _flags(GOOD) == []


def test_a_tally_the_summary_makes_is_no_made_up_value():
    assert _flags(GOOD + "London rentals (2 checked): New Car Rental is top of\n2.") == []
    assert _flags(GOOD + "London rentals: New Car Rental costs 27 a day.") == ["27"]


def test_calls_listed_under_next_steps_are_not_said_to_be_made():
    assert _flags(GOOD + "Next steps: delete_file(\"3\"), delete_file(\"7\").") == []
    # every call a sentence says was made is checked, not the first only
    said = "delete_file(\"11\"), delete_file(\"1\") and delete_file(\"7\") succeeded. "
    assert _flags(GOOD + said) == ["delete_file 7"]


def test_two_names_joined_by_a_slash_are_alternatives_not_a_path():
    assert _flags(GOOD + "Only theme.fg/theme.bold and the header.ts/footer.ts pair matter.") == []
    assert _flags(GOOD + "The title style is in src/styles.ts.") == ["src/styles.ts"]


def _coding() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Make Dataset.pixel_array work without PixelRepresentation (see sect_C.7.6.24.html), "
             "then commit. The repository's hook runs `just check`."),
        asst("", [("c1", "bash", '{"command": "ls -R django/contrib/sitemaps"}')]),
        tool("c1", "django/contrib/sitemaps:\n__init__.py\nmanagement\nviews.py\n\n"
                   "django/contrib/sitemaps/management/commands:\n__init__.py\nping_google.py"),
        asst("", [("c2", "bash", '{"command": "git commit -am wip"}')]),
        tool("c2", "error: the hook `just check` failed: 2 tests failed\nexit code 1"),
        asst("Fixing the tests first.", [("c3", "bash", '{"command": "pytest -q"}')]),
        tool("c3", "2 failed, 10 passed"),
    ]


def _coding_flags(summary: str) -> list[str]:
    return _flagged(_coding(), summary)


CODING = ("The user wants Dataset.pixel_array to work without PixelRepresentation, then a commit; "
          "`git commit -am wip` failed: the hook's `just check` saw 2 failed tests. ")


def test_a_section_number_read_from_a_page_name_is_stated():
    # ("sect_C.7.6.24.html": the number the original states, before the page's extension)
    assert _coding_flags(CODING + "The spec is section C.7.6.24.") == []
    assert "7.6.25" in _coding_flags(CODING + "The spec is section C.7.6.25.")


def test_a_path_composed_from_a_recursive_listing_is_the_file_it_shows():
    said = "`ls -R django/contrib/sitemaps` shows views.py and management/commands/ping_google.py. "
    assert _coding_flags(CODING + said) == []
    assert _coding_flags(CODING + said.replace("ping_google.py", "ping_bing.py")) == [
        "management/commands/ping_bing.py"]


def test_a_step_still_to_take_hoped_to_go_well_is_no_claim_it_did():
    assert _coding_flags(CODING + "Next: fix the tests, then `git commit -am wip` so the hook passes.") == []
    assert _coding_flags(CODING + "Then `git commit -am wip` passed.") == ["git commit -am wip"]


FAITHFUL = judged.ROOT / "data" / "faithful_summaries" / "items.jsonl"


def test_no_faithful_summary_of_the_corpus_is_flagged_but_counts_made_by_hand():
    flagged = []
    for line in FAITHFUL.read_text(encoding="utf-8").splitlines():
        o = json.loads(line)
        path = judged.ROOT.parent / o["path"]
        item = judged.JudgedItem(o["id"], path.name, int(o["cut"]), o["replacement"], sessions=path.parent)
        f = fidelity(item.original(), item.compacted())
        flagged += [(o["id"], it.text) for it in f.items if it.status in ("unsupported", "contradicted")]
    assert len(FAITHFUL.read_text(encoding="utf-8").splitlines()) == 236
    # (counts of 100 or more a writer made by hand are checked as values, by design: its README)
    # (and values a writer worked out, "risk $200 / $1.50 per share ~ 133.3 shares": checked as values too)
    assert flagged == [("L17-3-faithful", "794"), ("L17-3-faithful", "582"), ("L17-3-short", "794"),
                       ("L17-3-short", "582"), ("L17-h7-12-faithful", "1.50"), ("L17-h7-12-faithful", "133.3"),
                       ("L17-h7-12-faithful", "133")]


def _shop() -> list[Message]:
    return [
        sys("You are an airline agent. Use the tools."),
        user("Change reservation LU15PA's return, and keep the notes short."),
        asst("", [("s1", "get_reservation_details", '{"reservation_id": "LU15PA"}')]),
        tool("s1", '{"reservation_id": "LU15PA", "created_at": "2024-05-01T00:08:44", "total": 2366}'),
        asst("", [("s2", "update_memory", '{"block": "observations"}')]),
        tool("s2", "Edit failed: " + "x" * 20_500 + " Exceeds 10000 character limit (requested 10107)"),
        asst("", [("s3", "send_message", '{"text": "hi"}'), ("s4", "search_flights", '{"date": "05-27"}')]),
        tool("s3", "[ToolConstraintError] send_message is not allowed"),
        tool("s4", "[]"),
        asst("", [("s5", "bash", '{"command": "go vet ./..."}')]),
        tool("s5", "hooks.go:148:21: os/exec.Command must not be called\nexit status 1"),
        asst("Noted; telling the user."),
        user("Go on."),
    ]


def _shop_flags(summary: str) -> list[str]:
    return _flagged(_shop(), summary)


SHOP = "The user wants LU15PA's return changed; its total is $2366. "


def test_a_date_of_a_timestamp_and_a_value_past_a_long_messages_head_are_stated():
    assert _shop_flags(SHOP + "LU15PA was booked on 05-01.") == []
    assert "07" in _shop_flags(SHOP + "LU15PA was booked on 05-07.")
    assert _shop_flags(SHOP + "The memory edit failed (limit 10000, requested 10107).") == []
    assert "10207" in _shop_flags(SHOP + "The memory edit failed (limit 10000, requested 10207).")


def test_a_result_is_the_nearer_tools_and_a_files_line_is_where_a_failure_points():
    said = ("Only `update_memory` and `search_flights` are allowed: an early `send_message` call failed with "
            "\"[ToolConstraintError] send_message is not allowed\". ")
    assert _shop_flags(SHOP + said) == []
    said = "`go vet ./...` failed with one issue at hooks.go:148:21 (exit status 1). "
    assert _shop_flags(SHOP + said) == []


def test_an_address_in_another_width_or_in_a_label_is_the_same_address():
    msgs = [sys("You are a CTF player."), user("Get the flag from ./warmup."),
            asst("", [("d1", "disassemble", '{"function_name": "FUN_0040060d"}')]),
            tool("d1", "MOV EDI,s_cat_flag.txt_00400734 ; = \"cat flag.txt\"\nCALL system"),
            asst("Writing the exploit."), user("Go on.")]
    said = "FUN_0040060d runs system() on the string at 0x00400734; jump to 0x40060d. "
    assert _flagged(msgs, said) == []
    assert "0x00400744" in _flagged(msgs, said.replace("0x00400734", "0x00400744"))
