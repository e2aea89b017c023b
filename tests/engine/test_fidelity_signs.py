"""A number stated with the sign the original never gives it (issue #23, session 19):
"+42.7 kJ" where the session computed "-42.7" only. The digits are supported, the sign
is not; the sentence is `contradicted`, with the original's line as evidence. A number
the original writes with both signs, unsigned only, or a range, a date or a time is
not read as signed. Made-up sessions (`engine.fidelity_signs`)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.fidelity_signs import signed_in
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _flagged(f) -> list:
    return [it for it in f.items if it.status in ("unsupported", "contradicted")]


def _lab() -> list[Message]:
    return [
        sys("You are a lab assistant. Use the tools."),
        user("Compute the enthalpy change of the reaction from the bond energies in data.txt and report it."),
        asst("Reading the data.", [("c1", "read_file", '{"path": "data.txt"}')]),
        tool("c1", "bonds broken: 1250 kJ\nbonds formed: 1292.7 kJ\n"),
        asst("Computing.", [("c2", "run_python", '{"code": "print(1250 - 1292.7)"}')]),
        tool("c2", "-42.7"),
        asst("The enthalpy change is -42.7 kJ per mole, so the reaction releases heat. Writing the report.",
             [("c3", "write_file", '{"path": "report.md", "content": "dH = -42.7 kJ/mol (exothermic)"}')]),
        tool("c3", "written"),
        user("Thanks. Now compare it with the tabulated value."),
    ]


SAID = ("Read data.txt (bonds broken 1250 kJ, formed 1292.7 kJ); run_python gave {} kJ per mole for the "
        "enthalpy change and report.md was written with it.")


def _measure(summary: str):
    msgs = _lab()
    return fidelity(msgs, [msgs[0], user(summary), msgs[-1]])


def test_signed_numbers_are_read_against_the_digits_not_inside_ranges_dates_or_names():
    assert [(s, n) for s, n, _ in signed_in("dH = \u221242.7 kJ; epsilon (+0.23 / -0.14); P04 +814 kJ")] == [
        ("-", "42.7"), ("+", "0.23"), ("-", "0.14"), ("+", "814")]
    # a range, a date, a time's offset, a name, a hash, a single digit: no sign read
    assert signed_in("L45-L47, 0.3-1.0 bar, 2025-12-29T05:00:00-08:00, UTC+9, C++17, rev -3f2a1b, x -1") == []


def test_a_number_given_the_sign_the_original_never_gives_it_is_contradicted():
    right = _measure(SAID.format("-42.7"))
    assert _flagged(right) == []
    wrong = _measure(SAID.format("+42.7"))
    item = next((it for it in wrong.items if it.status == "contradicted" and it.text == "+42.7"), None)
    assert item is not None and "-42.7" in item.contradicts
    assert wrong.score < right.score


def test_an_unsigned_number_or_one_written_with_both_signs_is_not_contradicted():
    # unsigned: the magnitude ("42.7 kJ released") states no sign
    assert _flagged(_measure(SAID.format("42.7"))) == []
    msgs = _lab()
    msgs[-1] = user("The tabulated value is +42.7 kJ for the reverse reaction. Compare.")
    assert _flagged(fidelity(msgs, [msgs[0], user(SAID.format("+42.7")), msgs[-1]])) == []


def test_the_sessions_signs_are_read_with_its_index_not_by_a_knob_move(monkeypatch):
    """The original's signed numbers are read when the measure builds the session's index
    (`read_signs`): a later measure whose summary states a signed number reads only that
    summary, not the whole session again (on the 10k bench session that reading took
    ~0.35 s, landing in whichever knob move first stated a signed number)."""
    import inspector.engine.fidelity_signs as signs

    # (a session no other test has indexed: an index extended from a prefix leaves its readings
    # to the move that needs them)
    msgs = [sys("You are the lab's second assistant."), *_lab()[1:], asst("Comparing with the table.")]
    fidelity(msgs, [msgs[0], user("Read data.txt."), msgs[-1]])  # builds the index
    read: list[str] = []
    real = signs.signed_in
    monkeypatch.setattr(signs, "signed_in", lambda text: read.append(text) or real(text))
    f = fidelity(msgs, [msgs[0], user(SAID.format("+42.7")), msgs[-1]])
    assert [it.text for it in _flagged(f)] == ["+42.7"]
    assert not any(m.text in read for m in msgs if "-42.7" in m.text)  # (the session's texts: read before)
