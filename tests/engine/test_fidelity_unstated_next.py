"""A next step kept only by lines lifted from the session (`fidelity.UNSTATED_NEXT`): a
summary that nowhere says, in its own words, where the work stands or goes keeps the
agent's next step at most in part, however many of the next action's words the lines it
copied hold. A piece of an old plan copied into a list of strings ("I will check them
against the schema ...") was said before the steps that followed it; a reader cannot
take it for where the work is now. A summary that states the state and the next step
(in full or tersely) keeps it as before; so does one whose plan is a dense list under
"Next:". Synthetic session: a data agent turning a ledger into monthly totals."""

from __future__ import annotations

from inspector.engine import fidelity as fidelity_module
from inspector.engine.fidelity import UNSTATED_NEXT, fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user

CUT = 8  # messages 1-7 are replaced; the agent's check of the file (8) and its result stay


def _session() -> list[Message]:
    return [sys("You are a data agent with file and shell tools."),
            user("Turn the sales ledger data/ledger.csv into monthly totals per region and write them to "
                 "out/monthly.json."),
            asst("First I will look at the ledger's columns.", [("c1", "shell", '{"cmd": "head -3 data/ledger.csv"}')]),
            tool("c1", "date,amount,region\n2024-01-03,120.50,north\n2024-01-09,75.00,south"),
            asst("The ledger has date, amount and region, so I will group by month and region with pandas, and once "
                 "the totals are written I will check them against the schema in schema/monthly.schema.json.",
                 [("c2", "shell", '{"cmd": "python group_ledger.py data/ledger.csv"}')]),
            tool("c2", "2024-01 north 3410.25\n2024-01 south 2980.00\n2024-02 north 3102.75"),
            asst("Grouping worked; writing the totals.",
                 [("c3", "write_file", '{"path": "out/monthly.json", "content": "{}"}')]),
            tool("c3", "wrote 412 bytes to out/monthly.json"),
            asst("The file is written; I will check it against the schema in schema/monthly.schema.json.",
                 [("c4", "shell",
                   '{"cmd": "check-jsonschema --schemafile schema/monthly.schema.json out/monthly.json"}')]),
            tool("c4", "ok -- validation done")]


# Strings lifted from the range, one a line: a piece of the agent's early plan among them.
LIFTED = ("head -3 data/ledger.csv | date,amount,region | python group_ledger.py data/ledger.csv | 2024-01 north 3410.25\n"
          "I will check them against the schema in schema/monthly.schema.json\n"
          "write_file out/monthly.json -> wrote 412 bytes to out/monthly.json")
OWN = ("Task: monthly totals per region from data/ledger.csv into out/monthly.json. The ledger has date, amount and "
       "region; python group_ledger.py grouped them (2024-01 north 3410.25). out/monthly.json is now written "
       "(412 bytes). Next: validate it with check-jsonschema against schema/monthly.schema.json.")
TERSE = ("Monthly totals per region were computed from the ledger and written to the output file; what is still to do "
         "is to check the file against its schema.")
DENSE = ("Ledger grouped by month and region (2024-01 north 3410.25), out/monthly.json written.\n"
         "Next: check-jsonschema on out/monthly.json, schema/monthly.schema.json.")


def _next_step(summary: str) -> float:
    original = _session()
    compacted = [original[0], Message.text_message("user", summary), *original[CUT:]]
    f = fidelity(original, compacted)
    return next(x.credit for x in f.items if x.kind == "next_step")


def test_lifted_lines_keep_the_next_step_only_in_part():
    assert _next_step(LIFTED) == UNSTATED_NEXT


def test_lifted_lines_kept_it_in_full_with_the_rule_off(monkeypatch):
    monkeypatch.setattr(fidelity_module, "UNSTATED_NEXT", 1.0)
    assert _next_step(LIFTED) == 1.0


def test_a_summary_in_its_own_words_keeps_it():
    assert _next_step(OWN) == 1.0
    assert _next_step(DENSE) == 1.0  # (a plan written as a dense list under "Next:")
    # a terse summary that names no file keeps what its words share, not capped
    assert _next_step(TERSE) > UNSTATED_NEXT


def test_a_heading_or_a_quoted_old_plan_is_not_the_summarys_own():
    # a heading with nothing under it says nothing of what comes next
    assert _next_step("Next step:\n- I will check them against the schema in schema/monthly.schema.json") \
        == UNSTATED_NEXT
    # an old plan quoted whole, bullet and all, is the agent's, not the summary's
    assert _next_step("- I will check them against the schema in schema/monthly.schema.json") == UNSTATED_NEXT
