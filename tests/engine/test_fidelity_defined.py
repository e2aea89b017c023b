"""A name put in a file that does not define it (`engine.fidelity_defined`): a planted
error of coding summaries that no artifact check sees (the name and the file are both
real). Checked on hand-made sessions of each way a definition shows (a read's result, a
viewer, a search, an edit, aider's block, a TypeScript member) and on the labelled sets:
the three planted ones it catches, none of the faithful, terse or vague summaries."""

from __future__ import annotations

import json

import pytest

from inspector.engine.fidelity import fidelity, sentences
from inspector.engine.fidelity_defined import defined_claims, reads_defined
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

HELPER = "def _safe_set_output(estimator, *, transform=None):\n    return estimator.set_output(transform=transform)\n"


def _read(path: str, text: str, call: str = "c1") -> list[Message]:
    return [asst(f"Reading {path}.", [(call, "Read", json.dumps({"file_path": path}))]), tool(call, text)]


def _claims(messages: list[Message], summary: str) -> list[str]:
    said = [s for line in summary.split("\n") for s in sentences(line) if reads_defined(s)]
    return [b.text for b in defined_claims(said, messages, id(messages), len(messages))]


SHOWN = {
    "a read's result": _read("sklearn/utils/_set_output.py", HELPER),
    "a viewer": [asst("open it\n```\nopen sklearn/utils/_set_output.py\n```"),
                 user("[File: /testbed/sklearn/utils/_set_output.py (280 lines total)]\n244:" + HELPER)],
    "a search": [asst("grep\n```\ngrep -rn _safe_set_output sklearn\n```"),
                 user("sklearn/utils/_set_output.py:244:def _safe_set_output(estimator, *, transform=None):\n"
                      "sklearn/compose/_column_transformer.py:301:        _safe_set_output(trans, transform=transform)")],
    "an edit": [asst("Adding it.", [("c1", "Edit", json.dumps({"file_path": "sklearn/utils/_set_output.py",
                                                                "old_string": "", "new_string": HELPER}))]),
                tool("c1", "The file was edited.")],
    "aider's block": [asst("Here is the change:\n\nsklearn/utils/_set_output.py\n```python\n<<<<<<< SEARCH\n=======\n"
                           + HELPER + ">>>>>>> REPLACE\n```")],
}


@pytest.mark.parametrize("shown", list(SHOWN))
def test_a_definition_put_in_another_file_is_flagged_and_its_own_file_is_not(shown):
    messages = [sys("You are a coding agent."), user("Fix set_output for the remainder."), *SHOWN[shown]]
    assert _claims(messages, "sklearn/base.py, where _safe_set_output is defined, calls set_output.") == [
        "_safe_set_output in sklearn/base.py"]
    assert _claims(messages, "The `_safe_set_output()` function in sklearn/base.py wraps set_output.") == [
        "_safe_set_output in sklearn/base.py"]
    assert _claims(messages, "_safe_set_output is defined in sklearn/utils/_set_output.py.") == []
    assert _claims(messages, "_safe_set_output is defined in /testbed/sklearn/utils/_set_output.py.") == []


def test_a_name_used_in_a_file_or_never_shown_defined_is_no_claim():
    messages = [sys("You are a coding agent."), user("Fix it."), *_read("sklearn/utils/_set_output.py", HELPER)]
    # (called there, not defined there)
    assert _claims(messages, "The fix calls _safe_set_output in sklearn/compose/_column_transformer.py.") == []
    assert _claims(messages, "I used the `_safe_set_output()` function in sklearn/compose/_column_transformer.py.") == []
    # (a name the session never shows defined: nothing to compare with)
    assert _claims(messages, "`check_is_fitted` is defined in sklearn/utils/validation.py.") == []


def test_a_typescript_member_is_read_in_a_typescript_file_only():
    editor = "export class Editor {\n  borderColor: (str: string) => string;\n  text = '';\n}\n"
    messages = [sys("You are a coding agent."), user("Theme the editor."),
                *_read("packages/tui/src/components/editor.ts", editor),
                *_read("config.json", '{\n  "borderColor": "blue"\n}', "c2")]
    assert _claims(messages, "The borderColor property is declared in custom-editor.ts (CustomEditor).") == [
        "borderColor in custom-editor.ts"]
    assert _claims(messages, "The borderColor property is declared in editor.ts.") == []
    # (a JSON file's key is no declaration: a name shown only there is never shown defined)
    json_only = [sys("You are a coding agent."), user("Theme it."), *_read("config.json", '{\n  "accent": 1\n}')]
    assert _claims(json_only, "accent is declared in theme.ts.") == []


def test_the_measure_calls_it_contradicted_with_where_the_definition_is():
    original = [sys("You are a coding agent."), user("Make set_output reach the remainder."),
                *_read("sklearn/utils/_set_output.py", HELPER),
                *_read("sklearn/base.py", "class BaseEstimator:\n    def set_output(self, *, transform=None):\n", "c2"),
                asst("The helper is in _set_output.py; I will call it for the remainder."), user("Go on.")]
    compacted = [original[0], original[1], user("sklearn/base.py, where _safe_set_output is defined, wraps "
                                                "set_output; next, call it for the remainder."), original[-1]]
    f = fidelity(original, compacted)
    wrong = [it for it in f.items if it.status == "contradicted" and "_safe_set_output" in it.text]
    assert wrong and "_set_output.py" in (wrong[0].contradicts or "")
    right = fidelity(original, [*compacted[:2], user("sklearn/utils/_set_output.py, where _safe_set_output is "
                                                     "defined, wraps set_output; next, call it."), original[-1]])
    assert not [it for it in right.items if it.status == "contradicted"]
    assert right.score > f.score


def test_on_the_labelled_sets_it_flags_planted_errors_only():
    flagged: dict[str, list[str]] = {}
    for directory in judged.sets().values():
        for it in judged.load(directory):
            if not it.replacement:
                continue
            messages = list(it.original())
            found = _claims(messages[:it.cut], it.replacement)
            if found:
                flagged.setdefault(it.variant or "", []).extend(found)
    assert set(flagged) == {"planted_errors"}
    assert len(flagged["planted_errors"]) >= 3


def test_the_measure_flags_the_planted_definitions():
    """Through the measure (its index, its sentences, the checks' order), the planted
    definitions of L9 and L20 are false statements: two by this check, with the file the
    session defines the name in; L20's "sklearn/base.py, where _safe_set_output is defined"
    already by its path, which that session never shows (one flag per sentence)."""
    contradicted, false = set(), set()
    for directory in (judged.L9, judged.L20):
        for it in judged.load(directory):
            if it.variant == "planted_errors":
                f = fidelity(it.original(), it.compacted())
                contradicted |= {x.text for x in f.items if x.status == "contradicted"}
                false |= {x.evidence for x in f.items if x.status in ("contradicted", "unsupported")}
    assert {"get_head in aider/coders/base_coder.py", "borderColor in custom-editor.ts"} <= contradicted
    assert any("where _safe_set_output is defined" in sentence for sentence in false)
