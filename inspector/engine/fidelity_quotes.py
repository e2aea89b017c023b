"""Quotes of the task: a compaction that copies the task and stops mid-way, and a copy
of the task offered where the next step is read.

An extractive summary (ours, a keyword dump) copies the task statement verbatim up to a
length and cuts it there ("... `_, _, thresholds = roc_curve(y_true, y_score)…`"). The
task's first sentences, which fidelity's task items are (`fidelity._task_items`: its
gist), are all there, so the task reads as kept; what the task said after the cut (the
expected behaviour, the line a link points at, the test to add) is not, and the agent
cannot tell what is missing. The labelled sets' judges mark it down in the notes on 85
of 186 of our extractive summaries ("truncated task (loses the L1474 pointer)"), and
score them 0.49 where the measure read 0.59. A paraphrase of the task is not a quote and
is not read here: how much of the task it states is what its items measure.

A cut quote is a line of the rewritten text that ends in an ellipsis (`ELLIPSES`) right
after its last character, whatever that is (a copy cut after a bracket is cut too); it
quotes the task when the last `TAIL_CHARS` characters before its ellipsis (white space
collapsed, lower case) stand in the task's text, and it
is cut short when the task goes on after them for more than `REST_CHARS` characters (and
not with an ellipsis of its own: a task that writes "..." copied whole is not cut).
A sentence that copies the task's words (`copies_task`: at least `COPY_CHARS` of them, in
the task as they stand) states what the user asked at the start, not the step the agent
takes next: it earns no next-step credit (the README's rule that a quote of output or of
the instructions states no finding or step, for a copy the summary cut into windows or
put under a label, "- <pr_description> I just found quite strange behaviour of ...").
Session 16: it takes the next-step credit of seven extractive summaries and one
task-only one (0.05-1.0 each: L6's "Check if there's a conn_case.ex ..." from the
task's list read as the agent's next read), and of no summary a writer composed.

Pure functions of the texts; the caller keeps the task's normalized text.
"""

from __future__ import annotations

from collections.abc import Iterable

# What a task quoted and cut short keeps of its items' credit. Session 16, on the
# eighteen labelled sets, of 0, 0.25, 0.5, 0.75 and 1 (no rule): mean Spearman 0.795,
# 0.795, 0.795, 0.793, 0.792; 0.5, the mildest of the three alike (a cut copy still
# holds the task's gist); leaving one set out at a time (bench/fidelity_fit.py --all,
# sixteen folds) 0.790 / 0.931 -> 0.796 / 0.934. It fires on 39 of the 93 extractive
# summaries the judges read and on no other labelled summary; on today's extractive
# summaries of the same cuts (the task cut at 600 characters) on 33 of the 38 whose task
# line is cut (the rest cut within the task's last words or where the task's own text
# differs).
TASK_CUT = 0.5
# The end of a cut quote looked for in the task: long enough that a chance match of a
# few common words is not taken for a quote.
TAIL_CHARS = 40
# ... and what the task must go on for after it: a quote that stops at the task's last
# words (an ellipsis the task itself ends with) lost nothing.
REST_CHARS = 20
# A copy of the task shorter than this is not read as one: a few words a step and the task
# share ("run the tests") are no quote. (Session 16, on the eighteen labelled sets: 30 and
# 60 alike but on L12, 0.726 at 60 and 0.720 at 30.)
COPY_CHARS = 60
# The endings of a quote cut short.
ELLIPSES = ("\u2026", "...")


def quote_tail(sentence: str) -> str:
    """The end of a line (or sentence) cut short, before its ellipsis, normalized.

    Args:
        sentence: a line of a rewritten text that ends in an ellipsis (a quote
            closing after it is allowed: `"...`).

    Returns:
        Its last `TAIL_CHARS` characters before the ellipsis, white space collapsed and
        lower case; "" when it holds fewer, or when a space stands before the ellipsis
        ("the market? ... Google": words left out, not a cut).
    """
    text = sentence.rstrip().rstrip("\"'`")
    for e in ELLIPSES:
        if text.endswith(e):
            text = text[:-len(e)]
            break
    if not text or text[-1].isspace():
        return ""  # (an ellipsis after a space marks words left out, not a copy cut there)
    norm = " ".join(text.split()).lower()
    return norm[-TAIL_CHARS:] if len(norm) >= TAIL_CHARS else ""


def cuts_short(task_norm: str, fragments: Iterable[str]) -> bool:
    """Whether one of `fragments` quotes the task and stops before its end.

    Args:
        task_norm: the task's text, white space collapsed and lower case.
        fragments: the lines of the rewritten text that end in an ellipsis.

    Returns:
        True when the end of one of them stands in the task and the task goes on for
        more than `REST_CHARS` characters after it.
    """
    for s in fragments:
        tail = quote_tail(s)
        if not tail:
            continue
        at = task_norm.find(tail)
        if at < 0:
            continue
        rest = task_norm[at + len(tail):]
        # (an ellipsis the task itself writes there is the task's, not a cut)
        if len(rest) > REST_CHARS and not rest.startswith(ELLIPSES):
            return True
    return False


def copies_task(sentence: str, task_norm: str) -> bool:
    """Whether a sentence of the rewritten text copies the task's words verbatim.

    Args:
        sentence: the sentence (a bullet, a label before the copy and an ellipsis after it
            are read past).
        task_norm: the task's text, white space collapsed and lower case.

    Returns:
        True when at least `COPY_CHARS` characters of it (its first 200 at most) stand in
        the task as they are.
    """
    n = " ".join(sentence.split()).lower().lstrip("-*\u2022 ").rstrip("\u2026.")
    if len(n) < COPY_CHARS:
        return False
    if n[:200] in task_norm:
        return True
    label, sep, rest = n.partition(": ")
    return bool(sep) and len(label) <= 30 and len(rest) >= COPY_CHARS and rest[:200] in task_norm
