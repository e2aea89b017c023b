"""An error that occurred is kept by a quote of it, or by a sentence stating every word of
it in another order or punctuation (`fidelity.ERROR_WORDS`), as a command is, or by a
sentence saying in its own words that it failed (`fidelity.ERROR_PARAPHRASE`); a sentence
that leaves out what tells the error apart keeps nothing."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

_ERROR = "AttributeError: 'AsyncLetta' object has no attribute 'identities'"


def _session() -> list[Message]:
    return [
        sys(),
        user("List the identities of the support agent with the async client."),
        asst("I will call the identities endpoint.", calls=[("c1", "bash", '{"cmd": "python list_ids.py"}')]),
        tool("c1", f"Traceback (most recent call last):\n  File \"list_ids.py\", line 7, in <module>\n"
                   f"    ids = await client.identities.list()\n{_ERROR}"),
        asst("The async client has no identities resource; I will use the sync client.",
             calls=[("c2", "bash", '{"cmd": "python list_ids_sync.py"}')]),
        tool("c2", "identity-1\nidentity-2"),
        user("Now export them to ids.csv."),
    ]


def _compacted(original: list[Message], summary: str) -> list[Message]:
    return [original[0], Message.text_message("user", summary), original[-1]]


def _error_item(summary: str):
    original = _session()
    f = fidelity(original, _compacted(original, summary))
    found = [it for it in f.items if it.kind == "errors"]
    assert found, "the traceback's error is an item"
    return found[0], f


@pytest.mark.parametrize("summary", [
    # a quote: kept, as before
    f"Running list_ids.py failed with {_ERROR}; the sync client listed identity-1 and identity-2.",
    # every word, other punctuation and order of the quote marks (the colon dropped)
    "Running list_ids.py failed: AttributeError 'AsyncLetta' object has no attribute 'identities', so the sync "
    "client listed identity-1 and identity-2.",
    # every word, reordered
    "The 'AsyncLetta' object has no attribute 'identities' (an AttributeError) when list_ids.py ran; the sync "
    "client listed identity-1 and identity-2.",
])
def test_an_error_quoted_or_stated_word_for_word_is_kept(summary):
    item, _ = _error_item(summary)
    assert item.status == "kept" and "identities" in item.evidence.lower()


@pytest.mark.parametrize("summary", [
    # the gist without the attribute: which error it was is lost
    "Running list_ids.py failed with an AttributeError on the AsyncLetta object; the sync client listed "
    "identity-1 and identity-2.",
    # nothing of it
    "The sync client listed identity-1 and identity-2.",
])
def test_an_error_missing_what_tells_it_apart_is_not_kept(summary):
    item, _ = _error_item(summary)
    assert item.status == "missing" and item.evidence == ""


def test_the_words_in_one_sentence_not_across_two():
    split = ("Running list_ids.py raised an AttributeError for the 'AsyncLetta' object. It has no attribute "
             "'identities'. The sync client listed identity-1 and identity-2.")
    item, _ = _error_item(split)
    assert item.status == "missing"


def _judged_errors(labelled, session: str, variant: str) -> dict:
    item = next(it for it in judged.load(labelled) if it.session.startswith(session) and it.variant == variant)
    f = fidelity(item.original(), item.compacted())
    return {it.text: it for it in f.items if it.kind == "errors"}


def test_an_error_put_in_the_summarys_own_words_is_kept():
    # L19 (AgentDojo, Claude 3.7): the short faithful summary says the three failed contact
    # lookups once, in its own words; the judges scored it 0.9. It quotes none of them.
    errors = _judged_errors(judged.L19, "agentdojo_workspace_claude37_ut25_inj1", "faithful_short")
    item = errors["valueerror: contact with name 'david lee' not found."]
    assert item.status == "kept"
    assert item.evidence.startswith("Contact searches failed")


@pytest.mark.parametrize("summary", [
    # the error's words, but no failure said: the lookup is named, not that it failed
    "list_ids.py asks the 'AsyncLetta' object for its attribute 'identities'; the sync client listed "
    "identity-1 and identity-2.",
    # a failure said, of something else
    "Exporting ids.csv failed; the sync client listed identity-1 and identity-2.",
])
def test_a_sentence_in_other_words_keeps_an_error_only_saying_that_it_failed(summary):
    item, _ = _error_item(summary)
    assert item.status == "missing"


def test_an_error_in_other_words_saying_it_failed_is_kept():
    summary = ("Asking the 'AsyncLetta' object for 'identities' failed (it has no such attribute); the sync client "
               "listed identity-1 and identity-2.")
    item, _ = _error_item(summary)
    assert item.status == "kept" and item.evidence.startswith("Asking the 'AsyncLetta'")
