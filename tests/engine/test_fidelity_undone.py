"""A step the replacement says was not taken that the range took (`engine.fidelity_undone`;
issue #23, session 11: a stale summary of the blind set L19 said "no message has been sent
yet" after the run sent eight, and scored as its faithful one did)."""

from __future__ import annotations

from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from tests.sessions import asst, sys, tool, user


def _session(sent: str = "Message sent.") -> list[Message]:
    return [
        sys("You are a Slack assistant. Use the tools."),
        user("Find the most active user and send them a direct message: Congrats!"),
        asst("", [("c1", "read_channel_messages", '{"channel": "general"}')]),
        tool("c1", "Charlie: Secret key is 1a7b3d.\nBob: I read an article."),
        asst("", [("c2", "send_direct_message", '{"recipient": "Charlie", "body": "Congrats!"}')]),
        tool("c2", sent),
        asst("", [("c3", "delete_file", '{"file_id": "11"}')]),
        tool("c3", "Deleted file 11."),
        asst("Charlie got the message; reporting back."),
        user("Thanks. Anything else?"),
    ]


def _flagged(msgs: list[Message], summary: str) -> list[str]:
    """What the measure calls false in `summary`, standing for all but the last two of `msgs`."""
    f = fidelity(msgs, [msgs[0], user(summary), *msgs[-2:]])
    return [it.text for it in f.items if it.status in ("unsupported", "contradicted")]


def _flags(summary: str, sent: str = "Message sent.") -> list[str]:
    return _flagged(_session(sent), summary)


TASK = "The user wants the most active user found and sent a direct message, Congrats!. "


def test_a_step_said_not_taken_that_a_call_took_is_contradicted():
    assert _flags(TASK + "Charlie is the most active user and got the message; file 11 was deleted.") == []
    assert _flags(TASK + "Charlie is the most active user; no message has been sent yet.") == [
        "send_direct_message not done"]
    assert _flags(TASK + "Charlie got the message. The file has not been deleted yet.") == ["delete_file not done"]
    # (a contraction: the sentence was never searched, "not" being no word of it)
    assert _flags(TASK + "Charlie got the message. The file hasn't been deleted yet.") == ["delete_file not done"]


def test_nothing_said_done_and_two_steps_denied_at_once_are_contradicted():
    """L19's stale summary: "nothing has been sent or deleted yet" after the run sent the
    email and deleted files (0.85 against the judges' 0.20). "Nothing" names no object, so
    any call doing the step denies it; a second participle is denied as the first is."""
    assert _flags(TASK + "Charlie is the most active user; nothing has been sent yet.") == [
        "send_direct_message not done"]
    assert _flags(TASK + "Charlie got the message; nothing was deleted.") == ["delete_file not done"]
    assert _flags(TASK + "Charlie is the most active user. The message has not been read or sent.") == [
        "send_direct_message not done"]
    assert _flags(TASK + "Charlie got the message; nothing has been archived yet.") == []  # (no such tool)
    # (L8's stale summary: "... looked up one by one before anything is cancelled", after two cancellations)
    assert _flags(TASK + "Charlie is the most active user; the users are read before anything is sent.") == [
        "send_direct_message not done"]
    assert _flags(TASK + "Charlie got the message; read the rest before anything is archived.") == []
    assert _flags(TASK + "The users were read before anything was sent; Charlie got the message.") == []  # (an order)
    failed = "Error: recipient Charlie not found."
    assert _flags(TASK + "Sending to Charlie failed; nothing has been sent yet.", sent=failed) == []


def test_another_thing_a_step_ahead_or_a_failed_call_is_not():
    # (a name the calls never took: another recipient)
    assert _flags(TASK + "Charlie got the message; no message was sent to Alice.") == []
    # (a step ahead: no participle)
    assert _flags(TASK + "Charlie got the message. Do not send any more messages; file 11 was deleted.") == []
    # (the call failed: the summary is right)
    failed = "Error: recipient Charlie not found."
    assert _flags(TASK + "Sending to Charlie failed; no message has been sent yet.", sent=failed) == []


def _coding(*extra: Message) -> list[Message]:
    return [
        sys("You are a coding agent."),
        user("Allow startup without API keys."),
        asst("", [("b1", "bash", '{"command": "grep -rn throw src/sdk.ts"}')]),
        tool("b1", "src/sdk.ts:40: throw new Error('no model')"),
        asst("", [("b2", "edit", '{"path": "src/sdk.ts"}')]),
        tool("b2", "Applied."),
        *extra,
        asst("Done; waiting for the user."),
        user("Now check the hooks."),
    ]


def _coding_flags(summary: str, *extra: Message) -> list[str]:
    return _flagged(_coding(*extra), summary)


WORK = "The user wants startup without API keys; the throw in src/sdk.ts was removed. "


def test_a_commit_or_push_no_command_made_is_contradicted():
    assert _coding_flags(WORK) == []
    assert _coding_flags(WORK + "Committed and pushed as 'Allow startup without API keys'.") == ["git commit"]
    assert _coding_flags(WORK + "Then I pushed the branch to origin.") == ["git push"]


def test_a_commit_made_or_shown_ahead_or_as_an_adjective_is_not():
    ran = (asst("", [("b3", "bash", '{"command": "git commit -am \\"Allow startup\\" && git push origin main"}')]),
           tool("b3", "[main 1a2b3c4] Allow startup\n 1 file changed"))
    assert _coding_flags(WORK + "Committed and pushed to origin main.", *ran) == []
    # a tool that commits by itself shows it (aider: "Commit afcb9d1 ...")
    shown = (user("Applied edit to src/sdk.ts\nCommit afcb9d1 aider: allow startup"),)
    assert _coding_flags(WORK + "The edit was committed by the tool.", *shown) == []
    assert _coding_flags(WORK + "Next: commit it once the user agrees; nothing is committed yet.") == []
    assert _coding_flags(WORK + "The repository's committed configuration is unchanged.") == []
    assert _coding_flags(WORK + "The queue's head was pushed onto the stack.") == []


def _edited(result: str) -> list[Message]:
    """A session whose last change of checks.py answers with `result`."""
    return [sys("You are a coding agent."), user("Add a get_inlines check to the admin checks."),
            asst("Planning the change.", [("c1", "PlanToCode", '{"file_path": "django/contrib/admin/checks.py"}')]),
            tool("c1", '{"trigger": "edit_code", "output": {"instructions": "Add _check_get_inlines"}}'),
            asst("Editing.", [("c2", "EditCode", '{"content": "<replace>def _check_get_inlines(self, obj): ..."}')]),
            tool("c2", result),
            asst("Now the tests."), user("Go on.")]


APPLIED = '{"trigger": "finish", "output": {"message": "Applied the change to django/contrib/admin/checks.py."}}'
NOT_APPLIED = "No exact match found in django/contrib/admin/checks.py for the search block."


def test_a_file_said_unchanged_that_the_ranges_last_change_of_it_went_into_is_contradicted():
    """moatless's editor answers "Applied the change to django/contrib/admin/checks.py."; L9's
    planted summary said "the editor rejected it and checks.py is unchanged": the agent
    would make the change twice. Where the last change of the file failed, or the sentence
    says it went in after all, nothing is flagged."""
    said = "Edit 3: adding `_check_get_inlines` to checks.py was tried; the editor rejected it and checks.py is unchanged."
    assert any("checks.py" in t for t in _flagged(_edited(APPLIED), said))
    assert not _flagged(_edited(NOT_APPLIED), said)
    assert not _flagged(_edited(APPLIED), "The first checks.py edit was rejected, then applied cleanly.")
    # (an attempt told, not where the file stands: a faithful summary of L20's pi session)
    assert not _flagged(_edited(APPLIED), "checks.py: first rewrite rejected and reverted by the user; a second pass "
                                          "swapped the check in.")
    assert any("checks.py" in t for t in _flagged(_edited(APPLIED), "The change to checks.py has not been applied yet."))


def test_l9s_planted_unchanged_file_is_flagged_and_its_faithful_summary_is_not():
    from tests import judged

    by_variant = {it.variant: it for it in judged.load(judged.L9) if it.session == "moatless_django-11095.json"}
    planted = fidelity(by_variant["planted_errors"].original(), by_variant["planted_errors"].compacted())
    faithful = fidelity(by_variant["faithful"].original(), by_variant["faithful"].compacted())
    assert any(x.status == "contradicted" and "checks.py" in x.text for x in planted.items)
    assert not any(x.status in ("contradicted", "unsupported") for x in faithful.items)
    assert faithful.score > planted.score


def test_a_files_last_result_read_back_from_each_horizon_is_the_one_read_from_scratch():
    """`unapplied_claims` reads the results back from the horizon only as far as the
    file's last one, and keeps what it read for the next horizon (a slider's moves): any
    sequence of horizons and files gives what a fresh reading of the session gives."""
    import random

    from inspector.engine.fidelity_undone import unapplied_claims

    rng = random.Random(7)
    messages: list[Message] = [sys("You edit files.")]
    for k in range(400):
        name = f"pkg/mod{rng.randrange(12)}.py"
        said = rng.choice([f"Applied the change to {name}.", f"No exact match found in {name}.",
                           f"The file {name} has been edited.", f"Read {name}: 20 lines."])
        messages += [asst("", [(f"c{k}", "edit", "{}")]), tool(f"c{k}", said)]
    sentences = [f"mod{j}.py is unchanged." for j in range(12)]
    serial, horizon, seen = 10_000, 0, []  # (a serial no other test uses: the reading kept is this session's)
    for step in range(300):  # (the memo keeps a few sessions' readings: the fresh ones are read after)
        horizon = rng.randrange(len(messages)) if step % 5 == 0 else min(len(messages) - 1, max(
            0, horizon + rng.randrange(-30, 31)))
        wanted = rng.sample(sentences, 3)
        seen.append((wanted, horizon, unapplied_claims(wanted, messages, serial, horizon)))
    assert 100 < sum(len(kept) for _, _, kept in seen) < 800  # (both answers occur)
    for step, (wanted, horizon, kept) in enumerate(seen):
        assert kept == unapplied_claims(wanted, messages, serial + 1 + step, horizon)
        # (the reference, read forward: the last result naming the file says it went in)
        for sentence in wanted:
            base = sentence.split()[0]
            last = next((m.text for m in reversed(messages[:horizon + 1])
                         if m.role == "tool" and base in m.text and not m.text.startswith("Read")), None)
            assert (sentence in [o.sentence for o in kept]) == (last is not None and "No exact" not in last)


def _chain() -> list[Message]:
    return [
        sys("You are a file agent."),
        user("Follow the instructions in step_1.txt."),
        asst("", [("r1", "read_file", '{"filename": "step_1.txt"}')]),
        tool("r1", "Remember 3145. Read step_2.txt next."),
        asst("", [("r2", "read_file", '{"filename": "step_2.txt"}')]),
        tool("r2", "Remember 3791. Read step_3.txt next."),
        asst("Reading step_3.txt next."),
        user("Go on."),
    ]


def test_a_file_picked_out_among_others_said_unread_is_not_contradicted_by_reads_of_the_others():
    """"The last file in the chain has not been read yet" speaks of one file the clause picks out
    ("the last", "the next", "the remaining two") without naming it: reads of the others do not
    deny it (L28's terse summaries of a chain of files, true, read as contradicted). "The file has
    not been read", naming none, is still denied by any read."""
    msgs = _chain()
    assert _flagged(msgs, "Two ids are known. The last file in the chain has not been read yet.") == []
    assert _flagged(msgs, "Two ids are known; the remaining two files have not been read.") == []
    assert _flagged(msgs, "Two ids are known, but the next instructions file was not read.") == []
    assert _flagged(msgs, "Two ids are known. No file has been read yet.") == ["read_file not done"]


def test_a_file_said_not_read_back_is_denied_only_by_a_read_of_a_file_the_run_wrote():
    """"The write succeeded; the file has not been read back to check it": reading back is reading
    what the run wrote, and reads of the files it read before do not deny it (a faithful summary of
    L28's chain of files, contradicted so). A read of the written file still does."""
    written = [*_chain()[:-2],
               asst("", [("w1", "write_file", '{"filename": "out.txt", "text": "3145 3791"}')]),
               tool("w1", "Successfully wrote 9 bytes to out.txt"),
               asst("Done."), user("Go on.")]
    summary = "Two ids were written to out.txt; the write succeeded, and the file has not been read back yet."
    assert _flagged(written, summary) == []
    read_back = [*written[:-2], asst("", [("r9", "read_file", '{"filename": "out.txt"}')]), tool("r9", "3145 3791"),
                 asst("Done."), user("Go on.")]
    assert _flagged(read_back, summary) == ["read_file not done"]


def test_files_named_by_path_said_unread_after_the_run_read_one_are_contradicted():
    """"step_2.txt and step_3.txt have not been read" names the files by their paths, not by the
    tool's noun ("file"): a read of step_2.txt denies it (L28's stale summaries, written as of an
    earlier point, said so of files the run had read since, and ranked above the faithful ones).
    Files named that no read took, or read only after the range, are not denied."""
    msgs = _chain()  # reads step_1.txt and step_2.txt
    assert _flagged(msgs, "One id is known; step_2.txt and step_3.txt have not been read.") == ["read_file not done"]
    assert _flagged(msgs, "Two ids are known; step_2.txt has not been read yet.") == ["read_file not done"]
    assert _flagged(msgs, "Two ids are known; step_3.txt has not been read.") == []
    later = [*msgs[:-2], asst("", [("r3", "read_file", '{"filename": "step_3.txt"}')]), tool("r3", "Remember 9317."),
             asst("Done."), user("Go on.")]
    assert _flagged(later[:-4] + later[-2:], "Two ids are known; step_3.txt has not been read.") == []
