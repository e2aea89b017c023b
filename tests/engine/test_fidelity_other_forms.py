"""Values and paths the original states in another form than the summary (issue #23, session 17:
found on the blind set L23, where each such flag halved a faithful summary): an hour inside an
ISO 8601 timestamp, a file run as `./x` after `cd D`. Each on a small made-up session, with the
wrong statement of the same shape still flagged, and on L23's own summaries."""

from __future__ import annotations

import json
import random

import pytest

from inspector.engine.content import cd_paths, extract_errors
from inspector.engine.fidelity import claimed_tokens, digit_tokens, fidelity, iso_split
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def _times() -> list[Message]:
    return [
        sys("You are a scheduling assistant with a Time tool."),
        user("Find a one-hour slot on 29 Dec for Los Angeles, London and Tokyo."),
        asst("", [("c1", "convert_time", '{"source": "America/Los_Angeles", "time": "05:00", "target": "Asia/Tokyo"}')]),
        tool("c1", '{"target": {"timezone": "Asia/Tokyo", "datetime": "2025-12-29T22:00:00+09:00"}}'),
        asst("", [("c2", "convert_time", '{"source": "America/Los_Angeles", "time": "10:00", "target": "Europe/London"}')]),
        tool("c2", '{"target": {"timezone": "Europe/London", "datetime": "2025-12-29T18:00:00+00:00"}}'),
        asst("No slot fits all three.", [("c3", "convert_time", '{"time": "11:00"}')]),
        tool("c3", '{"target": {"datetime": "2025-12-29T19:00:00+00:00"}}'),
    ]


def test_an_hour_inside_an_iso_timestamp_is_stated_by_the_result():
    """The "T" of "2025-12-29T22:00:00+09:00" joined the day and the hour ("29t22"), so a
    summary saying "Tokyo 22:00" stated an hour no result held (L23's time-zone task: its
    faithful summary 0.32, judges 0.90). An hour no result holds is still flagged."""
    msgs = _times()
    assert _flagged(msgs, "LA 05:00 is Tokyo 22:00; LA 10:00 is London 18:00. No slot fits.") == []
    assert "17" in _flagged(msgs, "LA 05:00 is Tokyo 17:00; LA 10:00 is London 18:00. No slot fits.")


def test_iso_split_makes_the_t_a_space_and_nothing_else():
    low = "at 2025-12-29t22:00:00+09:00, build 29t22 and t22:00 and 2025-12-29t7:00"
    split = iso_split(low)
    assert len(split) == len(low)
    assert split == low.replace("29t22:00:00", "29 22:00:00", 1)
    assert {"29", "22"} <= digit_tokens(low) and "29t22" in digit_tokens(low)  # (the build's own token stays)
    assert claimed_tokens("2025-12-29T04:14:09-08:00")[:4] == ["2025", "12", "29", "04"]


def test_digit_tokens_and_claims_read_iso_timestamps_alike_direct_and_scanned():
    """The direct readings and the scans split the same way, on random texts of dates, times
    and glued runs (tests/engine/test_fidelity_readings.py checks the rest of them)."""
    rng = random.Random(17)
    parts = ["2025-12-29", "T", "t", "22:00", ":00", "+09:00", "-08:00", " ", "abc", "7", "x1", "...", "2024-01-02T3:04"]
    for _ in range(2000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 12)))
        assert digit_tokens(text) == digit_tokens(text, direct=False), text
        assert claimed_tokens(text) == claimed_tokens(text, direct=False), text


def test_cd_paths_join_what_a_command_runs_to_the_directory_it_changes_to():
    assert cd_paths("cd /app/frotz && TERM=dumb ./dfrotz zork1.z5") == ["/app/frotz/dfrotz"]
    assert cd_paths("cd /testbed && python reproduce.py && cat src/x.py; cd /other && ./run.sh") == [
        "/testbed/reproduce.py", "/testbed/src/x.py", "/other/run.sh"]
    # (inside a call's JSON arguments: the command ends at its string's escaped line break)
    assert cd_paths('{"command": "cd /app/frotz && ./dfrotz zork1.z5 <<\'EOF\'\\nlook ./x\\n", "t": 1}') == [
        "/app/frotz/dfrotz"]
    assert cd_paths("cd /app/frotz && make dfrotz && ls -l dfrotz") == []  # (no path written)
    assert cd_paths("cd src && ./run.sh") == []  # (a relative directory: where from is not known)
    assert cd_paths("abcd /x && ./y") == []


def _build() -> list[Message]:
    return [
        sys("You are a terminal agent."),
        user("Play zork with the frotz interpreter in /app/frotz."),
        asst("", [("c1", "bash", '{"command": "ls /app/frotz/doc /app/frotz/src/dumb"}')]),
        tool("c1", "/app/frotz/doc/dfrotz.6\n/app/frotz/src/dumb/dfrotz.h\n/app/frotz/src/dumb/dumb_init.c"),
        asst("", [("c2", "bash", '{"command": "cd /app/frotz && make dfrotz"}')]),
        tool("c2", "cc -o dfrotz\n** Done building Frotz with dumb interface."),
        asst("", [("c3", "bash", '{"command": "cd /app/frotz && TERM=dumb ./dfrotz zork1.z5"}')]),
        tool("c3", "West of House\nYou are standing in an open field west of a white house."),
    ]


def test_a_file_run_after_cd_is_named_by_its_whole_path():
    """`cd /app/frotz && ./dfrotz` runs /app/frotz/dfrotz: L23's play-zork faithful summary,
    which wrote that path, was taken for a file put in the wrong directory (dfrotz.6 and
    dfrotz.h are in doc/ and src/dumb/). A file put in another directory is still flagged."""
    msgs = _build()
    assert _flagged(msgs, "make dfrotz built /app/frotz/dfrotz; it runs zork1.z5.") == []
    assert "/app/frotz/bin/dfrotz" in _flagged(msgs, "make dfrotz built /app/frotz/bin/dfrotz; it runs zork1.z5.")


L23 = judged.load(judged.L23) if any(judged.L23.glob("items-*.jsonl")) else []


@pytest.mark.skipif(not L23, reason="the labelled set L23 is not there")
def test_l23_faithful_summaries_state_nothing_false():
    """On L23 (session 17's blind set) no faithful or short faithful summary is flagged."""
    for it in L23:
        if it.variant in ("faithful", "faithful_short"):
            f = fidelity(it.original(), it.compacted())
            flagged = [x.text for x in f.items if x.status in ("unsupported", "contradicted")]
            assert flagged == [], (it.session, it.variant, flagged)


def _escaped() -> list[Message]:
    return [
        sys("You are a terminal agent."),
        user("Play zork as a user other than root."),
        asst("", [("c1", "bash", '{"command": "whoami; id"}')]),
        tool("c1", '{"output": "root\\nuid=0(root) gid=0(root) groups=0(root)", "exit_code": 0}'),
        asst("", [("c2", "bash", '{"command": "useradd -m player && id player"}')]),
        tool("c2", '{"output": "uid=1001(player) gid=1001(player) groups=1001(player)", "exit_code": 0}'),
        asst("", [("c3", "bash", '{"command": "su player -c ./frotz"}')]),
        tool("c3", '{"output": "Error opening terminal: unknown.", "exit_code": 1}'),
    ]


def test_a_key_after_an_escaped_line_break_is_read_as_itself():
    """A tool's output inside a JSON string writes its line breaks as "\\n": the key after one
    was read glued to the escape's letter ("nuid=0"), so a summary quoting "uid=0(root)" was
    contradicted by the other binding, "uid=1001" (L23's play-zork keyword dump). A uid the
    original binds to no one is still contradicted."""
    msgs = _escaped()
    assert _flagged(msgs, "whoami: uid=0(root); the player has uid=1001(player).") == []
    assert _flagged(msgs, "whoami: uid=7(root); the player has uid=1001(player).") != []


def _calls() -> list[Message]:
    cities = ("Lima Oslo Rome Cairo Delhi Tokyo Paris Quito Seoul Dakar Perth Sofia Minsk Accra Hanoi Riga Bern Kyiv "
              "Male Apia Suva Doha Baku").split()
    out = [sys("You are a scheduling assistant."), user("Find the local time in each capital.")]
    for k, city in enumerate(cities):
        out += [asst("", [(f"c{k}", "get_current_time", json.dumps({"city": city}))]), tool(f"c{k}", '{"ok": true}')]
    return out


def test_a_tools_tally_in_our_offline_summary_is_a_count_it_makes():
    """Our offline summary lists the tools used with their tallies ("get_current_time \u00d723"): a
    count it makes, not a value the original must state (L23's time-zone task: "\u00d733"
    flagged as made up). A number stated otherwise is still flagged."""
    msgs = _calls()
    assert len(msgs) == 2 + 2 * 23
    assert _flagged(msgs, "Tools used: get_current_time \u00d723.") == []
    assert "4321" in _flagged(msgs, "Tools used: get_current_time \u00d723, at offset 4321.")


def _answer_file() -> list[Message]:
    return [
        sys("You are a terminal agent."),
        user("Play zork to the end, then write the ending message to the file /app/answer.txt."),
        asst("", [("c1", "terminal_write_file", json.dumps({"path": "/app/commands.txt", "content": "look\nquit\n"}))]),
        tool("c1", "ok"),
        asst("", [("c2", "terminal_write_file", json.dumps({"path": "/app/quit_commands.txt", "content": "quit\n"}))]),
        tool("c2", "ok"),
        asst("", [("c3", "terminal_execute_bash", json.dumps({"command": "cd /app/frotz && ./dfrotz zork1.z5"}))]),
        tool("c3", "West of House"),
        # (after the range: the answer written later does not make the clause false of the range)
        asst("", [("c4", "terminal_write_file", json.dumps({"path": "/app/answer.txt", "content": "score 0"}))]),
        tool("c4", "ok"),
    ]


def test_a_file_the_user_named_and_no_call_wrote_may_be_the_one_said_unwritten():
    """"The output file has not been written" names no file; the calls of the write tool wrote
    the command lists, not the answer file the task names, so the clause says a true thing of
    that one (L23's zork run: its vague summary was taken to deny the write_file calls). Said
    of the files the calls did write, it is still flagged."""
    msgs = _answer_file()[:-2]
    assert _flagged(_answer_file(), "The game has not started: the output file has not been written yet.") == []
    assert _flagged(msgs, "The game has not started: the output file has not been written yet.") == []
    assert _flagged(msgs, "Nothing has been written yet: no file exists.") != []
    assert _flagged(msgs, "The file /app/commands.txt has not been written.") != []


@pytest.mark.skipif(not L23, reason="the labelled set L23 is not there")
def test_a_number_written_with_separators_as_the_original_writes_it_is_kept():
    """The BrowseComp question gives "34,317" and "35,315"; its value items read them as 34317
    and 35315, and the faithful summary, which wrote them as the question does, only found
    them in the kept messages (restated later: no credit of its own) where the stale one,
    writing "43375/35315", kept them in full. Now the summary's own sentence is the evidence."""
    item = next(it for it in L23 if it.session.startswith("gab_browsecomp90") and it.variant == "faithful")
    f = fidelity(item.original(), item.compacted())
    summary = item.compacted()[1].text
    for value in ("34317", "35315"):
        found = next(it for it in f.items if it.kind == "values" and it.text == value)
        assert found.status == "kept" and found.credit == 1.0, found
        assert found.evidence in summary and f"{int(value):,}" in found.evidence, found


def test_errors_of_an_output_inside_a_json_string_are_read_by_its_lines():
    """A tool's output inside a JSON string writes its line breaks as escapes: "nEXIT:0" (the
    escape's letter glued to the next line) was read as an exception name, so a harmless
    "hello / EXIT:0" became an error item and a failed step (L23's zork run, where the judges
    called our offline summary's "error" a non-error). The real error line of such an output
    is still found, on its own."""
    assert extract_errors('{"output": "hello\\nhello\\nEXIT:0", "exit_code": 0}') == []
    found = extract_errors('{"output": "x\\nTraceback (most recent call last):\\n  File \\"a.py\\"\\n'
                           'ValueError: bad input", "exit_code": 1}')
    assert len(found) == 1 and found[0].startswith("valueerror: bad input"), found
    assert extract_errors('{"output": "hello\\nhello\\nEXIT:0"}', direct=False) == []
