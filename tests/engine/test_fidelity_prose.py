"""A sentence reads as prose by its words and the share of them that tie the others into a
statement (`fidelity.is_prose`); a path, an identifier or a hyphenated name is one word of
it, not one per component (issue #23, session 16): a short faithful summary names files and
functions in dense sentences, and counting `hooks_test.go` as three words put its next step
among the lists of strings that state nothing."""

from __future__ import annotations

import pytest

from inspector.engine.fidelity import fidelity, is_prose
from tests import judged

# L10 (Claude Code, the Entire CLI): the short faithful summary's next step. Its letters
# read one word per component are 27 words with 5 function words (0.19), read as it is
# written 21 with 5.
_NEXT = ("Next: look at the strategy package's *_test.go files (hooks_test.go) and add tests for each case (none, "
         "rebase-merge, rebase-apply, cherry-pick, revert, worktree).")


def test_a_path_or_identifier_is_one_word_of_a_sentence():
    assert is_prose(_NEXT)
    assert is_prose(_NEXT, direct=False)


@pytest.mark.parametrize("listing", [
    # lists of strings from the labelled sets' keyword dumps and file lists: no statement
    'execute[find /testbed -type f -printf "%f\\n" | sort | uniq -D] | execute[find /testbed -type f -printf '
    '"%f\\n" | sort | uniq -Di] | "uniq: option requires an argument -- \'f\'"',
    "send_discord_message | memory_finish_edits | client.agents.archives.attach() / "
    "client.archives.memories.create() | forum.letta.com status report, sleeptime, subconscious_channel",
    "Files: sklearn/ensemble/_voting.py, sklearn/ensemble/tests/test_voting.py, doc/whats_new/v1.2.rst",
])
def test_a_list_of_paths_and_identifiers_is_still_no_prose(listing):
    assert not is_prose(listing)
    assert not is_prose(listing, direct=False)


def test_the_short_faithful_summarys_next_step_is_kept():
    item = next(it for it in judged.load(judged.L10)
                if it.session.startswith("entire_05") and it.variant == "faithful_short")
    f = fidelity(item.original(), item.compacted())
    step = next(it for it in f.items if it.kind == "next_step")
    assert step.status == "kept"
    # (and it ranks above the summary written at an earlier point of the work, as the judges have it)
    stale = next(it for it in judged.load(judged.L10) if it.session == item.session and it.variant == "stale")
    assert item.gold > stale.gold
    assert f.score > fidelity(stale.original(), stale.compacted()).score
