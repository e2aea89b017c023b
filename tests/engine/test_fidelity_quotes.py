"""A task quoted and cut short (`engine.fidelity_quotes`): an extractive summary that
copies the task verbatim and stops mid-way holds the task's first sentences (its items)
and loses the rest; its task credit is `TASK_CUT` of what the items give. Checked on a
real one of the labelled sets (L6's scikit-learn roc_curve run, whose judges noted
"truncated task") and on what must not fire: the task quoted whole, a quote that stops
at the task's last words, a paraphrase, and every faithful summary of the sets."""

from __future__ import annotations

from inspector.engine import fidelity as fidelity_module
from inspector.engine.content import content_model
from inspector.engine.fidelity import fidelity, sentences
from inspector.engine.fidelity_quotes import TASK_CUT, copies_task, cuts_short, quote_tail
from inspector.engine.models import Message
from tests import judged
from tests.sessions import asst, sys, tool, user

TASK = ("Thresholds can exceed 1 in `roc_curve` while providing probability estimate. While working on "
        "a related pull request, I found out that something was odd with `roc_curve` that returns a threshold "
        "greater than 1. A non-regression test could be added to sklearn/metrics/tests/test_ranking.py, and the "
        "fix is to clip the thresholds to not be above 1 when y_score is a probability estimate.")


def _session() -> list[Message]:
    return [sys("You are a coding agent."), user(TASK),
            asst("Looking at the function.", [("c1", "bash", '{"cmd": "grep -n \\"def roc_curve\\" ranking.py"}')]),
            tool("c1", "973:def roc_curve("),
            asst("Now the fix.", [("c2", "bash", '{"cmd": "sed -n 1080,1090p ranking.py"}')]),
            tool("c2", "1086:    thresholds = np.r_[thresholds[0] + 1, thresholds]"),
            asst("I will clip the extra threshold.")]


def _task_credit(summary: str) -> float:
    original = _session()
    compacted = [original[0], Message.text_message("user", summary), original[-1]]
    f = fidelity(original, compacted)
    return f.kinds["task"].fraction


def test_the_tail_of_a_cut_quote_is_read_before_its_ellipsis():
    assert quote_tail("- Thresholds can exceed 1 in `roc_curve` while providing probability\u2026") == (
        " `roc_curve` while providing probability")
    assert quote_tail("a short one…") == ""  # (too short to tell a quote from chance)
    task = " ".join(TASK.split()).lower()
    assert cuts_short(task, ["Task: " + TASK[:120].rstrip() + "\u2026"])
    assert not cuts_short(task, ["Task: " + TASK[:-1] + "..."])  # (it stops at the task's end)
    assert not cuts_short(task, ["The agent found the thresholds odd and went on with the fix as planned..."])
    # a task that writes an ellipsis itself, copied whole, is not cut there
    said = "the steps are: install the package, run the tests... then report what failed and why it failed."
    assert not cuts_short(said, ["the steps are: install the package, run the tests..."])


def test_a_task_quoted_and_cut_short_keeps_a_share_of_its_credit():
    cut = "Task:\n- " + TASK[:140] + "\u2026\nLast actions:\n- grep -n roc_curve"
    whole = "Task:\n- " + TASK + "\nLast actions:\n- grep -n roc_curve"
    assert _task_credit(whole) == 1.0
    assert _task_credit(cut) == TASK_CUT * _task_credit(whole)


def test_a_paraphrase_or_another_cut_quote_keeps_the_task_credit():
    paraphrase = ("Task: roc_curve thresholds can exceed 1 while providing a probability estimate; clip them. "
                  "Last output cut: 1086: thresholds = np.r_[thresholds[0] + 1, thres\u2026")
    assert _task_credit(paraphrase) == _task_credit(paraphrase.split(" Last output")[0])
    assert _task_credit(paraphrase) > TASK_CUT


def _labelled(directory, session: str, variant: str) -> judged.JudgedItem:
    return next(it for it in judged.load(directory) if it.session.startswith(session) and it.variant == variant)


def test_the_labelled_extractive_summary_with_a_truncated_task_loses_task_credit():
    """L6's extractive summary of the roc_curve run copies the PR description up to
    "roc_curve(y_true, y_score)…" (judges: "truncated task"); it read as the faithful one's
    task before, and ranked above the terse one the judges put below it only by that."""
    it = _labelled(judged.L6, "scikit-learn__scikit-learn-26194", "inspector")
    f = fidelity(it.original(), it.compacted())
    task = [x for x in f.items if x.kind == "task"]
    assert task and all(x.status == "kept" for x in task)  # (its gist is there)
    assert f.kinds["task"].fraction == TASK_CUT


def _cut_quotes(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.rstrip().endswith(("\u2026", "..."))]


def test_no_summary_written_by_a_reader_quotes_the_task_cut_short():
    """No labelled summary a writer composed (faithful, short, terse, vague, stale, planted,
    a keyword dump, the task alone) quotes the task cut short; our extractive ones, which
    cut the task at a length, do."""
    read_cut: dict[str, int] = {}
    for directory in judged.sets().values():
        for it in judged.load(directory):
            original = it.original()
            model = content_model(original)
            if not it.replacement or model.task is None:
                continue
            task = " ".join(original[model.task].text.split()).lower()
            if cuts_short(task, _cut_quotes(it.replacement)):
                read_cut[it.variant] = read_cut.get(it.variant, 0) + 1
    assert set(read_cut) == {"inspector"}, read_cut
    assert read_cut.get("inspector", 0) >= 20


def test_a_copy_cut_after_a_bracket_is_cut_and_words_left_out_are_not():
    """A copy cut right after any character ("roc_curve(y_true, y_score)…", how today's
    extractive summary cuts the same task) is cut; "? ... " after a space marks words a
    keyword dump left out of the middle (L12's ToolBench dump), not a cut."""
    task = " ".join(TASK.split()).lower()
    at = TASK.index("`roc_curve` that returns")
    assert cuts_short(task, ["- " + TASK[:at + len("`roc_curve`")] + "\u2026"])
    left_out = TASK[:TASK.index("While")] + "... " + TASK[TASK.index("A non-regression"):]
    assert not cuts_short(task, [TASK[:TASK.index("While")] + "..."])
    assert _task_credit("Task: " + left_out) == 1.0


def test_a_copy_of_the_task_is_read_as_one_under_a_bullet_or_a_label():
    task = " ".join(TASK.split()).lower()
    assert copies_task("- " + TASK[:90] + "\u2026", task)
    assert copies_task("Task: " + TASK[TASK.index("While"):][:100], task)
    assert not copies_task("Next: clip the thresholds in roc_curve and rerun the tests.", task)
    assert not copies_task("the fix is to clip the thresholds", task)  # (too few words to be a copy)


def _next_step(it: judged.JudgedItem) -> list[float]:
    return [x.credit for x in fidelity(it.original(), it.compacted()).items if x.kind == "next_step"]


def _both_ways(it: judged.JudgedItem, monkeypatch) -> tuple[list[float], list[float]]:
    """Its next-step credits with the rule, and without it (`TASK_COPIES_STATE_NO_STEP`);
    both without the cap on a summary that says nowhere where the work stands
    (`UNSTATED_NEXT`), which an extractive summary's copy of the task is under too."""
    monkeypatch.setattr(fidelity_module, "UNSTATED_NEXT", 1.0)
    fidelity_module.forget()
    on = _next_step(it)
    with monkeypatch.context() as m:
        m.setattr(fidelity_module, "TASK_COPIES_STATE_NO_STEP", False)
        fidelity_module.forget()
        off = _next_step(it)
    fidelity_module.forget()
    return on, off


def test_a_copy_of_the_task_states_no_next_step(monkeypatch):
    """L6's extractive summary of a Claude Code sub-agent copies its task, whose list says
    "Check if there's a conn_case.ex or live_view test helper anywhere in the project":
    read as the agent's next read (credit 1.0, the next step weighing three items) though
    it is the instructions the run began with. The faithful summary of the run keeps the
    credit it had."""
    on, off = _both_ways(_labelled(judged.L6, "spotter_subagent_a7be2f0", "inspector"), monkeypatch)
    assert max(off) == 1.0 and max(on) < 0.1
    on, off = _both_ways(_labelled(judged.L6, "spotter_subagent_a7be2f0", "faithful"), monkeypatch)
    assert on == off and max(on) > 0.5


def test_a_writers_quote_of_the_task_keeps_its_next_step_credit(monkeypatch):
    """The summaries the labelled sets' writers composed quote the task in a sentence now
    and then (a rule of it, its directory: nine of them); none of those was their next
    step, and the rule takes none of their credit."""
    quoting = []
    for directory in judged.sets().values():
        for it in judged.load(directory):
            if it.variant not in ("faithful", "faithful_short", "terse", "vague_long", "stale", "planted_errors"):
                continue
            original = it.original()
            model = content_model(original)
            if model.task is None or not it.replacement:
                continue
            task = " ".join(original[model.task].text.split()).lower()
            if any(copies_task(s, task) for line in it.replacement.split("\n") for s in sentences(line)):
                quoting.append(it)
    assert len(quoting) >= 5
    for it in quoting:
        on, off = _both_ways(it, monkeypatch)
        assert on == off, (it.session, it.variant)


def test_the_cut_lines_kept_per_summary_give_what_a_fresh_measure_gives():
    """`fidelity` keeps each summary's lines ending in an ellipsis and the task's text per
    hash: measured again warm, after other summaries of the same sessions, every extractive
    summary of two sets scores as measured from scratch."""
    items = [it for directory in (judged.L5, judged.L6) for it in judged.load(directory)
             if it.variant in ("inspector", "keyword_dump", "task_only")]
    fidelity_module.forget(texts=True)
    cold = []
    for it in items:
        cold.append(fidelity(it.original(), it.compacted()).score)
        fidelity_module.forget(texts=True)
    for _ in range(2):
        warm = [fidelity(it.original(), it.compacted()).score for it in items]
        assert warm == cold
