"""Errors about MEANING (issue #23, session 8): a summary that states values and steps
the original has, bound the wrong way. The value is supported (the original holds it),
so only the binding can tell: a key bound to another of its values
(`engine.fidelity_bindings`), a step's outcome turned around (`engine.fidelity_outcomes`),
an error reported of another object than the one it was raised for. Each flagged
sentence is `contradicted`, with the original's statement as evidence, and lowers the
score; the faithful wording of the same facts is not flagged. Made-up sessions."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_bindings import bindings_in
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _flagged(f) -> list:
    return [it for it in f.items if it.status in ("unsupported", "contradicted")]


def _contradicted(f, text: str):
    return next((it for it in f.items if it.status == "contradicted" and it.text == text), None)


# ---------------------------------------------------------------- a key bound to another value

def _travel() -> list[Message]:
    return [
        sys("You are a travel assistant. Use the tools."),
        user("Please book me a hotel in Basel for May 1-8, something moderate."),
        asst("Searching hotels.", [("c1", "search_hotels", '{"location": "Basel", "price_tier": "Midscale"}')]),
        tool("c1", '[{"id": 1, "name": "Hilton Basel", "price_tier": "Luxury"}, '
                   '{"id": 8, "name": "Holiday Inn Basel", "price_tier": "Midscale"}]'),
        asst("I recommend the Holiday Inn Basel.", [("c2", "book_hotel", '{"hotel_id": 8}')]),
        tool("c2", "Hotel 8 successfully booked."),
        user("Thanks! Now a car, please."),
        asst("Looking for cars.", [("c3", "search_car_rentals", '{"location": "Basel"}')]),
        tool("c3", '[{"id": 1, "name": "Europcar", "price_tier": "Economy"}]'),
    ]


BOOKED = "She asked for a moderate hotel in Basel for May 1-8; I booked the Holiday Inn Basel (hotel_id 8). "


def _measure_travel(summary: str):
    msgs = _travel()
    return fidelity(msgs, [msgs[0], user(summary), *msgs[6:]])


def test_a_bindings_key_is_a_name_or_a_record_noun_not_a_prose_word():
    assert [(k, n) for k, n, _, _ in bindings_in("booked hotel_id 8 on port 8000; reservation KA7I60")] == [
        ("hotel_id", "8"), ("port", "8000"), ("reservation", "ka7i60")]
    # prose words, counts and positions name no fact
    assert bindings_in("systems: 4, line 1068, step 3, 12 tests, version 2") == []


def test_a_value_of_the_session_bound_to_a_key_the_session_binds_to_another_is_contradicted():
    right = _measure_travel(BOOKED)
    assert _flagged(right) == []
    # 1 is a real hotel id (the Hilton's), just not the one booked: no value is made up
    wrong = _measure_travel(BOOKED.replace("Holiday Inn Basel (hotel_id 8)", "Hilton Basel (hotel_id 1)"))
    item = _contradicted(wrong, "hotel_id 1")
    assert item is not None
    assert "hotel_id 1" in item.evidence  # the summary's sentence
    assert "8" in item.contradicts  # the original's binding
    assert wrong.score < right.score


def test_a_key_the_session_binds_to_many_values_is_not_checked():
    msgs = [sys("You are a coding agent."), user("Fix the parser."),
            asst("", [("c1", "run_tests", '{"shard": "shard_id 1"}')]), tool("c1", "shard_id 1 ok"),
            asst("", [("c2", "run_tests", '{"shard": "shard_id 2"}')]), tool("c2", "shard_id 2 ok"),
            asst("", [("c3", "run_tests", '{"shard": "shard_id 3"}')]), tool("c3", "shard_id 3 ok"),
            user("Good.")]
    f = fidelity(msgs, [msgs[0], user("Ran the shards; shard_id 4 is still to run."), msgs[-1]])
    assert _contradicted(f, "shard_id 4") is None


# ---------------------------------------------------------------- an outcome turned around

def _shop() -> list[Message]:
    return [
        sys("You are a web shopping agent. Act with search[...] and click[...]."),
        user("WebShop Instruction: i need khaki steel toe shoes in size 11 women under 70 dollars [Search]"),
        asst("search[khaki steel toe shoes]"),
        user("Observation: [Back to Search] B07X63DQ2K LARNMERN Steel Toe Shoes $19.99"),
        asst("click[B07X63DQ2K]"),
        user("Observation: color [black][khaki] size [11 women | 9 men][12 women | 10 men] [Buy Now]"),
        asst("click[khaki]"),
        user("Observation: You have clicked khaki."),
        asst("click[size 11]"),
        user("Observation: Invalid action!"),
        asst("click[11 women | 9 men]"),
        user("Observation: You have clicked 11 women | 9 men."),
    ]


def _measure_shop(summary: str):
    msgs = _shop()
    return fidelity(msgs, [msgs[0], msgs[1], user(summary), *msgs[10:]])


SHOPPED = ("Searched for khaki steel toe shoes and opened B07X63DQ2K. click[khaki] selected the color; "
           "click[size 11] returned \"Invalid action!\", so the size label must be given whole. ")


def test_a_text_agents_action_that_went_well_said_to_have_failed_is_contradicted():
    right = _measure_shop(SHOPPED)
    assert _flagged(right) == []
    wrong = _measure_shop(SHOPPED.replace("click[khaki] selected the color",
                                          "click[khaki] returned \"Invalid action!\""))
    item = _contradicted(wrong, "click[khaki]")
    assert item is not None and "You have clicked khaki" in item.contradicts
    assert wrong.score < right.score


def test_a_failed_action_said_to_have_failed_and_a_retry_still_to_make_are_not_flagged():
    planned = _measure_shop(SHOPPED + "Next: click[khaki] again if the page reloads.")
    assert _contradicted(planned, "click[khaki]") is None
    assert _contradicted(_measure_shop(SHOPPED), "click[size 11]") is None


def _tools() -> list[Message]:
    return [
        sys("You are AutoGPT. Use the tools."),
        user("Find the latest iPhone 14 cases and the news about the iPhone 14."),
        asst("", [("c1", "search_for_products_api", '{"query": "iPhone 14 case"}')]),
        tool("c1", '{"error": "", "response": "{\'products\': [{\'title\': \'LEOMAKRON case\', \'price\': 14.99}]}"}'),
        asst("", [("c2", "news_for_seo_api", '{"query": "iPhone 14"}')]),
        tool("c2", '{"error": "Message error...", "response": "{\'entries\': []}"}'),
        user("This is not the first time you try this task; choose another action."),
    ]


def _measure_tools(summary: str):
    msgs = _tools()
    return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])


TOOLS = ("search_for_products_api found the LEOMAKRON case at 14.99. news_for_seo_api failed with "
         "\"Message error...\" and no entries. ")


def test_a_tool_call_that_failed_said_to_have_succeeded_is_contradicted():
    right = _measure_tools(TOOLS)
    assert _flagged(right) == []
    wrong = _measure_tools(TOOLS.replace("news_for_seo_api failed with \"Message error...\" and no entries",
                                         "news_for_seo_api({\"query\": \"iPhone 14\"}) succeeded and returned "
                                         "a feed of news entries"))
    item = _contradicted(wrong, "news_for_seo_api")
    assert item is not None and "Message error" in item.contradicts
    assert wrong.score < right.score
    # an empty error field is no failure: the product search went well
    assert _contradicted(_measure_tools("search_for_products_api succeeded and returned the LEOMAKRON case. "),
                         "search_for_products_api") is None


def test_a_count_after_a_name_is_no_value_bound_to_it():
    assert bindings_in("Doc-tests rust_utils: 5 passed; rust_utils: 3 failed") == []


# ---------------------------------------------------------------- an error of another object

def _game() -> list[Message]:
    return [
        sys("You are a programmer of a software company. Write the code, then test it."),
        user("Write a Texas Hold'em game with a human and an AI player."),
        asst("Here is game.py and player.py.", [("c1", "write_file", '{"path": "game.py"}')]),
        tool("c1", "game.py written."),
        asst("Running the tests.", [("c2", "bash", '{"command": "python main.py"}')]),
        tool("c2", "Traceback (most recent call last):\n  File \"game.py\", line 28, in initialize_blinds\n"
                   "    player.set_blind(self.small_blind)\nAttributeError: 'AIPlayer' object has no attribute "
                   "'set_blind'"),
        asst("Fixing: adding set_blind to AIPlayer.", [("c3", "write_file", '{"path": "player.py"}')]),
        tool("c3", "player.py written."),
        asst("Running again.", [("c4", "bash", '{"command": "python main.py"}')]),
        tool("c4", "Traceback (most recent call last):\n  File \"main.py\", line 3, in <module>\n"
                   "    from image_finder import ImageFinder\nModuleNotFoundError: No module named 'image_finder'"),
        user("Please go on."),
    ]


GAME = ("The first test run failed in game.py line 28: AttributeError: 'AIPlayer' object has no attribute "
        "'set_blind'. After set_blind was added to AIPlayer, the second run raised ModuleNotFoundError: No module "
        "named 'image_finder'. ")


def _measure_game(summary: str):
    msgs = _game()
    return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])


def test_an_error_quoted_of_another_object_than_it_was_raised_for_is_contradicted():
    right = _measure_game(GAME)
    assert _flagged(right) == []
    wrong_type = _measure_game(GAME.replace("'AIPlayer' object", "'HumanPlayer' object"))
    item = _contradicted(wrong_type, "humanplayer set_blind")
    assert item is not None and "'AIPlayer' object has no attribute 'set_blind'" in item.contradicts
    assert wrong_type.score < right.score
    wrong_module = _measure_game(GAME.replace("named 'image_finder'", "named 'markdown_maker'"))
    item = _contradicted(wrong_module, "markdown_maker")
    assert item is not None and "No module named 'image_finder'" in item.contradicts
    assert wrong_module.score < right.score


def test_an_error_described_in_words_names_no_object():
    vague = _measure_game("The program fails with an error about a name that is not defined. ")
    assert [it for it in vague.items if it.status == "contradicted"] == []


def _edits() -> list[Message]:
    rejected = "[Your proposed edit has introduced new syntax error(s). Please retry your edit command.]"
    return [
        sys("You are a coding agent. Use the tools."),
        user("Add a dark mode toggle to the PR viewer."),
        asst("Styling first.", [("c1", "str_replace_editor", '{"command": "str_replace", "path": "/w/src/App.css"}')]),
        tool("c1", "The file /w/src/App.css has been edited."),
        asst("Now the toggle.", [("c2", "str_replace_editor", '{"command": "str_replace", "path": "/w/src/App.tsx"}')]),
        tool("c2", rejected),
        asst("Again, typed.", [("c3", "str_replace_editor", '{"command": "str_replace", "path": "/w/src/App.tsx"}')]),
        tool("c3", rejected),
        user("Keep going."),
    ]


def test_an_edit_of_a_file_rejected_each_time_said_to_have_gone_through_is_contradicted():
    msgs = _edits()

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])

    right = measure("The App.css edit added the dark-mode styles. Each App.tsx edit was rejected with a syntax error. ")
    assert _flagged(right) == []
    wrong = measure("The App.css edit added the dark-mode styles. The typed App.tsx edit went through. ")
    item = _contradicted(wrong, "app.tsx")
    assert item is not None and "syntax error" in item.contradicts
    assert wrong.score < right.score


# ---------------------------------------------------------------- code put at another line

def _viewed() -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("The sitemap crashes with ValueError when there are no items."),
        asst("", [("c1", "bash", '{"command": "nl -ba django/contrib/sitemaps/__init__.py | sed -n 165,173p"}')]),
        tool("c1", "   165\t    def get_latest_lastmod(self):\n   170\t            return max([self.lastmod(item) for item in "
                   "self.items()])\n   171\t            except TypeError:\n   172\t                return None"),
        asst("", [("c2", "bash", '{"command": "sed -i \'171s/TypeError/(TypeError, ValueError)/\' '
                                 'django/contrib/sitemaps/__init__.py"}')]),
        tool("c2", ""),
        user("Now run the tests."),
    ]


def test_code_put_at_another_line_than_the_viewer_showed_it_at_is_contradicted():
    msgs = _viewed()

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])

    said = "In django/contrib/sitemaps/__init__.py, `except TypeError:` at line {}; sed widened it to catch ValueError."
    right = measure(said.format(171))
    assert _flagged(right) == []
    wrong = measure(said.format(172))
    item = _contradicted(wrong, "line 172")
    assert item is not None and "171: except TypeError:" in item.contradicts
    assert wrong.score < right.score
    # a position next to a line, and a list of lines and code, bind no code to a line
    assert _flagged(measure("Next: add a guard after line 172, then `except TypeError:` stays. ")) == []
    assert _flagged(measure("The max call at line 170, `except TypeError:` at line 171. ")) == []


# ---------------------------------------------------------------- a sigil before a key (session 9)

def test_a_key_led_by_a_sigil_is_a_key_and_an_address_is_not():
    assert [(k, n) for k, n, _, _ in bindings_in("`@max_sessions_per_sync 20`; $retry_limit=3")] == [
        ("max_sessions_per_sync", "20"), ("retry_limit", "3")]
    # (the "@" of an address glues two words: nothing after it is a key)
    assert bindings_in("mail ops@batch_size 20") == []


def test_a_module_attribute_given_another_value_is_contradicted():
    msgs = [sys("You are a coding agent. Use the tools."),
            user("Why does the transcript sync stop early?"),
            asst("", [("c1", "read", '{"path": "lib/sync.ex"}')]),
            # (50 is a number of the session: the value is real, its binding is not)
            tool("c1", "   18  @batch_size 500\n   19  @max_sessions_per_sync 20\n   20  def sync_all do\n"
                       "   21    Logger.info(\"first 50 sessions\")"),
            user("Go on.")]

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])

    said = "lib/sync.ex caps each run at `@max_sessions_per_sync {}` (batches of 500)."
    assert _flagged(measure(said.format(20))) == []
    wrong = measure(said.format(50))
    item = _contradicted(wrong, "max_sessions_per_sync 50")
    assert item is not None and "@max_sessions_per_sync 20" in item.contradicts
    assert wrong.score < measure(said.format(20)).score


# ---------------------------------------------------------------- a label given other words (session 9)

def _companion() -> list[Message]:
    return [
        sys("You are a companion agent with a memory. Save what you learn about the user."),
        user("hi! my name is Sarah"),
        asst("", [("c1", "core_memory_append", '{"label": "human", "content": "First name: Sarah"}')]),
        tool("c1", "OK"),
        user("my favorite ice cream is vanilla, what's yours?"),
        asst("", [("c2", "core_memory_append", '{"label": "human", "content": "Favorite ice cream: Vanilla"}')]),
        tool("c2", "OK"),
        asst("", [("c3", "send_message", '{"message": "Vanilla is a classic! Mine would be mint."}')]),
        tool("c3", "OK"),
        user("haha ok. tell me a joke"),
    ]


def _measure_companion(summary: str):
    msgs = _companion()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


COMPANION = 'The user is Sarah. She likes vanilla ice cream; I appended "Favorite ice cream: {}" to the human block.'


def test_a_label_given_words_the_original_never_gives_it_is_contradicted():
    right = _measure_companion(COMPANION.format("Vanilla"))
    assert _flagged(right) == []
    wrong = _measure_companion(COMPANION.format("Chocolate").replace("vanilla", "chocolate"))
    item = _contradicted(wrong, "favorite ice cream: chocolate")
    assert item is not None and "Favorite ice cream: Vanilla" in item.contradicts
    assert wrong.score < right.score


def test_a_reworded_value_and_a_heading_are_not_labelled_values_contradicted():
    # a value sharing a word with the original's is a rewording ("vanilla bean" of "Vanilla")
    assert _contradicted(_measure_companion(COMPANION.format("Vanilla bean")), "favorite ice cream: vanilla bean") is None
    # a one-word label is a heading ("Next: ..."), not a field
    f = _measure_companion(COMPANION.format("Vanilla") + "\nNext: answer the joke request.")
    assert _flagged(f) == []


# ---------------------------------------------------------------- an error put in another file (session 9)

def _reminders() -> list[Message]:
    tb = ("Traceback (most recent call last):\n  File \"main.py\", line 4, in <module>\n"
          "    from drink_water_reminder import DrinkWaterReminder\n  File \"drink_water_reminder.py\", line 15\n"
          "    avoid_sitting_reminder\nNameError: name 'avoid_sitting_reminder' is not defined")
    tb2 = ("Traceback (most recent call last):\n  File \"main.py\", line 5, in <module>\n"
           "    from avoid_sitting_reminder import AvoidSittingReminder\n  File \"avoid_sitting_reminder.py\", line 13\n"
           "    leave_work_reminder\nNameError: name 'leave_work_reminder' is not defined")
    return [
        sys("You are a programmer of a software company. Write the code, then test it."),
        user("Write reminders: drink water, avoid sitting, leave work."),
        asst("Files written: main.py, drink_water_reminder.py, avoid_sitting_reminder.py, leave_work_reminder.py."),
        user("Test report of cycle 1:\n" + tb),
        asst("Removed the stray line from drink_water_reminder.py."),
        user("Test report of cycle 2:\n" + tb2),
        asst("Removed the stray line from avoid_sitting_reminder.py."),
        user("Test report of cycle 3: all reminders run."),
    ]


def _measure_reminders(summary: str):
    msgs = _reminders()
    return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])


REMINDERS = ("Cycle 1 failed with NameError: name 'avoid_sitting_reminder' is not defined in {} line 15. "
             "Cycle 2 failed in avoid_sitting_reminder.py line 13 with NameError: name 'leave_work_reminder' is not "
             "defined. Both stray lines are removed.")


def test_an_error_put_in_a_file_its_traceback_never_passes_through_is_contradicted():
    right = _measure_reminders(REMINDERS.format("drink_water_reminder.py"))
    assert _flagged(right) == []
    wrong = _measure_reminders(REMINDERS.format("leave_work_reminder.py"))
    item = _contradicted(wrong, "NameError in leave_work_reminder.py")
    assert item is not None and "drink_water_reminder.py" in item.contradicts
    assert wrong.score < right.score


def test_the_file_an_errors_message_names_is_no_place_it_is_put():
    # cycle 2's message names leave_work_reminder: the file that is missing the name is not
    # where the summary says it was raised
    f = _measure_reminders("Cycle 2's NameError names leave_work_reminder.py's module, which was not imported.")
    assert [it for it in f.items if it.status == "contradicted"] == []


# ---------------------------------------------------------------- a user's choice swapped (session 9)

def _asked() -> list[Message]:
    questions = ('{"questions": [{"question": "Which rig do these beads belong to? Should I use \'spotter\'?", '
                 '"options": [{"label": "spotter"}, {"label": "No rig"}]}, {"question": "Which tools should we set up?", '
                 '"options": [{"label": "All four (Recommended)"}, {"label": "Credo + Dialyxir + mix_audit"}]}]}')
    return [
        sys("You are a coding agent. Ask the user when a choice is theirs."),
        user("Set up credo, dialyxir and mix_audit for the project."),
        asst("Before drafting, two questions.", [("q1", "AskUserQuestion", questions)]),
        tool("q1", 'User has answered your questions: "Which rig do these beads belong to? Should I use \'spotter\'?"='
                   '"No rig", "Which tools should we set up?"="Credo + Dialyxir + mix_audit".'),
        asst("Which do you like better for the docs, tables or bullets?"),
        user("bullets please"),
        asst("Drafting the epic now."),
        user("Go on."),
    ]


def _measure_asked(summary: str):
    msgs = _asked()
    return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])


def test_an_offered_option_the_user_did_not_choose_said_to_be_the_choice_is_contradicted():
    right = _measure_asked("The user answered: rig = No rig; tools = Credo + Dialyxir + mix_audit. She prefers bullets.")
    assert _flagged(right) == []
    wrong_rig = _measure_asked("The user answered: rig = spotter; tools = Credo + Dialyxir + mix_audit.")
    item = _contradicted(wrong_rig, "spotter")
    assert item is not None and '"No rig"' in item.contradicts
    assert wrong_rig.score < right.score
    # the option's note "(Recommended)" is not part of what a summary names
    assert _contradicted(_measure_asked("The user chose all four tools."), "all four") is not None
    # an agent's own "A or B?" answered in the user's next message
    assert _contradicted(_measure_asked("She prefers tables for the docs."), "tables") is not None


def test_an_option_named_beside_the_one_chosen_or_not_as_a_choice_is_not_flagged():
    assert _flagged(_measure_asked("The user chose No rig rather than spotter.")) == []
    # no choice told: the agent's own offer
    assert _flagged(_measure_asked("I offered the rig spotter and asked about the tools.")) == []


def test_an_error_put_at_a_line_of_another_file_than_its_frame_is_contradicted():
    msgs = [sys("You are a programmer of a software company."),
            user("Make an umbrella game: drops fall, the umbrella catches them."),
            asst("Files written: main.py (the app, is_collision) and raindrop.py (class Raindrop, fall)."),
            user("Comments: after about 50 raindrops it fails: error File main.py, line 26, in is_collision "
                 "x3, y3, x4, y4 = coords2 ValueError: not enough values to unpack (expected 4, got 0)"),
            asst("Fixed: is_collision now skips deleted drops."),
            user("Next feedback, please.")]

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])

    said = "After about 50 drops the game failed with a ValueError. The error came from {} line 26, in {}."
    right = measure(said.format("main.py", "is_collision"))
    assert _flagged(right) == []
    wrong = measure(said.format("raindrop.py", "fall()"))
    item = _contradicted(wrong, "raindrop.py line 26")
    assert item is not None and "main.py, line 26" in item.contradicts
    assert wrong.score < right.score
    # a line of a file named with no error said of it is a place in the code, not an error's
    assert _flagged(measure("raindrop.py line 26 moves the drop; main.py holds is_collision.")) == []


# ---------------------------------------------------------------- a step named by its command's word (session 9)

def _committed(commit_output: str) -> list[Message]:
    return [
        sys("You are a coding agent. Use the tools."),
        user("Add multiply_numbers with a test, then commit."),
        asst("", [("c1", "Bash", '{"command": "pytest -q"}')]),
        tool("c1", "1 passed in 0.01s"),
        asst("", [("c2", "Bash", '{"command": "git add src/math_utils.py tests/test_math_utils.py && git commit -m '
                                 '\\"Add multiply_numbers\\""}')]),
        tool("c2", commit_output),
        user("Thanks. Anything else to clean up?"),
    ]


def _measure_committed(summary: str, commit_output: str = "[master 6322cf4] Add multiply_numbers\n 2 files changed"):
    msgs = _committed(commit_output)
    return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])


def test_a_step_named_by_its_commands_word_said_to_have_failed_when_it_went_well_is_contradicted():
    right = _measure_committed("The test passed. The commit went through as 6322cf4.")
    assert _flagged(right) == []
    wrong = _measure_committed("The test passed. The commit attempt failed, so the changes are still uncommitted.")
    item = _contradicted(wrong, "commit")
    assert item is not None and "6322cf4" in item.contradicts
    assert wrong.score < right.score
    # a commit that did fail, said to have failed, and one still to make, are not flagged
    failed = "error: pathspec 'src/math_utils.py' did not match any file(s) known to git\nfatal: commit failed"
    assert _contradicted(_measure_committed("The commit attempt failed: the path was wrong.", failed), "commit") is None
    assert _contradicted(_measure_committed("Next: the commit, once the lint passes."), "commit") is None


# ---------------------------------------------------------------- a result of another call (session 9)

def test_a_result_quoted_as_another_calls_is_contradicted():
    msgs = _tools()

    def measure(summary: str):
        return fidelity(msgs, [msgs[0], msgs[1], user(summary), msgs[-1]])

    right = measure('search_for_products_api found the LEOMAKRON case at 14.99; news_for_seo_api -> "Message error...".')
    assert _flagged(right) == []
    wrong = measure('news_for_seo_api found nothing; search_for_products_api returned "Message error..." for the case.')
    item = _contradicted(wrong, "search_for_products_api")
    assert item is not None and "news_for_seo_api" in item.contradicts
    assert wrong.score < right.score
    # the call's own arguments quoted after it are not a result
    assert _flagged(measure('news_for_seo_api was called with "query": "iPhone 14" and returned no entries.')) == []


def test_counts_swapped_between_named_entries_of_a_list_are_contradicted():
    # A search result lists each country with its count in brackets; the summary swaps two.
    msgs = [sys("You answer questions by web search."),
            user("Which country sent the fewest athletes to the 1928 Olympics?"),
            asst("Searching.", [("c1", "web_search", '{"q": "1928 olympics athletes by nation"}')]),
            tool("c1", "Participating nations: Belgium (186) · Bulgaria (5) · Canada (69) · Chile (38) · Cuba (1)."),
            asst("Cuba sent one athlete.")]

    def flagged(summary: str) -> list[str]:
        return [it.text for it in _flagged(fidelity(msgs, [msgs[0], user(summary), msgs[4]]))]

    assert flagged("The search lists Bulgaria (5) and Cuba (1); Cuba sent the fewest.") == []
    assert bindings_in("Belgium (186) · Cuba (1), Alice (3 votes)")[-1][:2] == ("listed alice", "3")
    assert bindings_in("Step (2) of the plan")[:1] == []  # a word that names no entry
    swapped = flagged("The search lists Bulgaria (1) and Cuba (5); Bulgaria sent the fewest.")
    assert swapped and "bulgaria (1)" in swapped[0]


def test_bindings_and_errors_skipping_patterns_answer_as_the_patterns():
    """`bindings_in` and `errors_in` skip their patterns where nothing can be kept (no
    digit; no "_" or fact noun in an ASCII text; no "no"): the same bindings and errors as
    every pattern searched, on every message and sentence of the labelled sessions and
    their compactions, and on keys written in other cases or glued to other words."""
    from inspector.engine.content import sentences
    from inspector.engine.fidelity_bindings import FACT_NOUNS, bindings_in, errors_in

    texts = {"PORT 8080 and Booking #4412", "the import 42 report", "max_retries = 3", "x_y: 5 (Alice (3 votes))",
             "Pid\u00a0512", "\u212aey_a = 5", "Bulgaria (5) \u00b7 Cuba (1)", "NO MODULE NAMED 'foo'",
             "'A' object has no attribute 'b'", "name 'x' is not defined", "endpoint '/v1/x' not found"}
    texts |= {f"{pre}{noun.upper() if k % 2 else noun}{post} 1{k}" for k, noun in enumerate(sorted(FACT_NOUNS))
              for pre, post in (("", ""), ("the ", ":"), ("x", ""), ("", "s"))}
    for d in (judged.L11, judged.L12, judged.L13, judged.L17, None):
        for it in judged.load(d):
            for m in (*it.original(), *it.compacted()):
                texts.add(m.text[:20_000])
                texts.update(sentences(m.text))
    bound = errors = 0
    for t in sorted(texts):
        found = bindings_in(t)
        assert found == bindings_in(t, direct=False), t
        assert errors_in(t) == errors_in(t, direct=False), t
        bound += bool(found)
        errors += bool(errors_in(t))
    assert bound and errors  # (some texts bind values, some quote errors)
