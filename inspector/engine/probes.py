"""Probe questions for a model-judged fidelity check (`inspector eval`): pure, no IO.

Published evaluations of agent context compression ask a model questions whose
answers were in the part compaction removed, in four kinds, and have a judge model
grade the answers against the original:

    recall        a specific fact: the task statement, an exact error line
    artifact      which files were created, modified or read
    continuation  the last action, the user's latest requests: what comes next
    decision      what was decided and why (the assistant's stated reasons)

Each session gets its own questions, built from its content model
(`engine.content`) over the part compaction removed or rewrote: the task and the error
a named command of the session gave (recall), the files it created, modified or read
and what was done to one of them (artifact), its last command, what came of it and the
next step (continuation), what the agent concluded from a named step and why
(decision). The facts each answer is graded against come from the same model, through
`fidelity`'s items of that range; so a question is asked only where compaction could
have lost its answer, and never about an observation mistaken for a request. The same
session and compaction give the same questions; this module only builds the prompts
and reads the grades, `inspector.llm` sends them.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from inspector.engine.content import (
    ContentModel,
    Kind,
    artifacts,
    call_texts,
    commands,
    content_model,
    extract_paths,
    looks_like_file,
    normalize_path,
    path_matches,
)
from inspector.engine.fidelity import fidelity
from inspector.engine.models import Message
from inspector.engine.summarize.protocol import format_conversation

CATEGORIES = ("recall", "artifact", "continuation", "decision")
MAX_SCORE = 5
# Reference facts per question at most (the newest first): a judge grades a short list.
MAX_FACTS = 5
# Characters of each tool result the answering model sees: the compacted context is
# what the agent has, but a megabyte of log output says nothing more to a judge.
RESULT_CHARS = 20_000

# The question of each category, before the session's own specifics are added.
QUESTIONS = {
    "recall": "What exactly was the task you were given?",
    "artifact": "Which files have you created, modified or only read so far? Give their paths and say which.",
    "continuation": "What should happen next?",
    "decision": "What have you found out and decided so far, and why?",
}

ANSWER_SYSTEM = ("You are the agent whose working context is given below. Answer the question from that "
                 "context only. If the context does not contain the answer, say \"not in the context\". "
                 "Be specific: quote exact file paths, commands and error messages.")
GRADE_SYSTEM = ("You grade an answer against reference facts taken from the original, uncompressed session. "
                f"Score from 0 to {MAX_SCORE}: {MAX_SCORE} when the answer contains every reference fact "
                "(paraphrase is fine; paths, commands, numbers and error messages must match), 0 when it "
                "contains none of them or says it does not know; in between, in proportion. Reply with JSON "
                f"only: {{\"score\": <0-{MAX_SCORE}>, \"reason\": \"<one sentence>\"}}")


@dataclass(frozen=True)
class Probe:
    """One question, and the facts from the original its answer is graded against."""

    category: str
    question: str
    reference: tuple[str, ...]


# Commands that create a file, change one, or only read one (the command's first word,
# or a tool's `command` argument).
_CREATES = frozenset({"create", "touch", "write", "write_file", "create_file"})
_CHANGES = frozenset({"edit", "str_replace", "insert", "patch", "apply_patch", "replace", "edit_file", "sed"})
_READS = frozenset({"open", "cat", "view", "head", "tail", "less", "nl", "read", "read_file", "goto", "scroll_down",
                    "scroll_up", "grep", "search_file", "find_file"})
_OPEN_FILE = re.compile(r"\(Open file: ([^)\s]+)\)")


def _cmd(command: str) -> str:
    return " ".join(command.split())[:120]


def _file_roles(model: ContentModel, removed: list[int]) -> dict[str, str]:
    """The files the removed actions worked on: path -> "created", "modified" or
    "read" (the strongest), from the commands and the file each acted on (SWE-agent's
    `edit` changes the open file)."""
    rank = {"read": 0, "modified": 1, "created": 2}
    roles: dict[str, str] = {}
    open_file = ""
    for i in removed:
        kind, m = model.kinds[i], model.messages[i]
        if kind is Kind.OBSERVATION:
            found = _OPEN_FILE.findall(m.text[-2000:])
            if found and found[-1].lower() != "n/a":
                open_file = normalize_path(found[-1])
            continue
        if kind is not Kind.ACTION:
            continue
        words_of = [w.lower() for c in m.tool_calls for w in call_texts(c)[:1]] + [
            c.split()[0].lower() for c in commands(m) if c.split()]
        names = [c.name.lower() for c in m.tool_calls]
        verbs = set(words_of) | set(names)
        role = ("created" if verbs & _CREATES else "modified" if verbs & _CHANGES or "-i" in " ".join(commands(m))
                else "read" if verbs & _READS else None)
        if role is None or (role != "read" and model.step_failed(i)):
            continue  # a rejected edit changed nothing
        # The file a command names on its first line (an edit's body names others), or
        # the open file an edit changes.
        heads = [c.split(" ", 1)[1] if " " in c else "" for c in commands(m)]
        paths = [p for h in heads for p in extract_paths(h)]
        if not paths and open_file and role == "modified":
            paths = [open_file]
        for p in paths:
            if not looks_like_file(p):
                continue
            same = next((q for q in roles if path_matches(p, q, model.roots)), None)
            key = p if same is None or len(p) > len(same) else same
            previous = roles.pop(same, None) if same is not None else None
            roles[key] = role if previous is None or rank[role] >= rank[previous] else previous
    return roles


def _preceding_action(model: ContentModel, i: int) -> int | None:
    for j in range(i - 1, -1, -1):
        if model.kinds[j] is Kind.ACTION:
            return j
        if model.kinds[j] in (Kind.TASK, Kind.REQUEST):
            return None
    return None


def _first_command(model: ContentModel, i: int | None) -> str:
    if i is None:
        return ""
    found = artifacts(model, i).commands
    return _cmd(found[0]) if found else ""


def _questions(model: ContentModel, removed: list[int], by_kind: dict[str, list[str]]) -> dict[str, tuple[str, list[str]]]:
    """Per category the question about this session and the facts to grade it by."""
    out: dict[str, tuple[str, list[str]]] = {}
    removed_set = set(removed)
    # recall: the task, and what the commands that failed printed.
    question, facts = [], []
    if by_kind.get("task"):
        question.append(QUESTIONS["recall"])
        facts += by_kind["task"][:2]
    failed = [(i, e) for i in reversed(removed) if model.kinds[i] is Kind.OBSERVATION
              for e in artifacts(model, i).errors[:1]]
    for i, error in failed[:2]:
        command = _first_command(model, _preceding_action(model, i))
        question.append(f"What error did `{command}` give? Quote it." if command else
                        "Which error messages came up? Quote them.")
        facts.append(error)
    if not failed and by_kind.get("values"):
        question.append("Which exact values (numbers, ids, hashes) did the work turn up?")
        facts += by_kind["values"][:3]
    if facts:
        out["recall"] = (" ".join(dict.fromkeys(question)), facts)
    # artifact: the files and what was done to each.
    roles = _file_roles(model, removed)
    changed = [f"{p} ({r})" for p, r in reversed(roles.items()) if r != "read"]
    # The other files the work used (read, run, fetched), as the content model has them.
    others = [p for p in by_kind.get("files", []) if not any(path_matches(p, q, model.roots) for q in roles
                                                              if roles[q] != "read")]
    facts = (changed[:3] + others)[:MAX_FACTS]
    if facts:
        named = [p for p, r in roles.items() if r != "read"]
        about = f" What have you done to `{named[-1].rsplit('/', 1)[-1]}`?" if named else ""
        out["artifact"] = (QUESTIONS["artifact"] + about, facts)
    # continuation: the last action of the removed range, its result, the next step.
    last = next((i for i in reversed(removed) if model.kinds[i] is Kind.ACTION), None)
    facts = []
    command = _first_command(model, last)
    if command:
        result = [j for j in model.result_of(last) if j in removed_set] if last is not None else []
        facts.append(command)
        facts += [x for x in by_kind.get("last_step", []) if x != command][:2]
        facts += by_kind.get("next_step", [])[:1]
        what = "What did it return, and what" if result else "What"
        out["continuation"] = (f"What was the last command you ran before the latest messages? (It began with "
                               f"`{command.split()[0]}`.) {what} should happen next?", facts)
    elif by_kind.get("last_step") or by_kind.get("requests"):
        out["continuation"] = (QUESTIONS["continuation"], by_kind.get("last_step", []) + by_kind.get("requests", []))
    # decision: what the agent concluded, tied to the step it concluded it from.
    decisions = by_kind.get("decisions", [])
    if decisions:
        said = next((i for i in reversed(removed) if model.kinds[i] in (Kind.ACTION, Kind.REASONING)
                     and decisions[0][:40] in " ".join(model.messages[i].text.split())), None)
        after = _first_command(model, _preceding_action(model, said)) if said is not None else ""
        question_text = (f"What did you conclude from the output of `{after}`, what did you decide, and why?"
                         if after else QUESTIONS["decision"])
        out["decision"] = (question_text, decisions)
    return out


def probes(original: Sequence[Message], compacted: Sequence[Message]) -> list[Probe]:
    """The questions to ask about what `compacted` removed or rewrote of `original`.

    Built from the original's content model (`engine.content`), so each session gets
    its own: the task, the error a named command gave, the files worked on and what
    was done to each (created, modified, read), the last command and what came of it,
    what the agent concluded from a named step. Each is graded against facts from the
    same model (through `fidelity`'s items of the removed range): never an
    observation taken for a request, never a source line taken for an error.

    Args:
        original: the session's messages before compaction.
        compacted: the messages compaction made of them.

    Returns:
        One probe per category that has facts in the removed range (none when nothing
        was removed), in `CATEGORIES` order; the same session and compaction give the
        same probes.
    """
    kept = {m.content_hash for m in compacted}
    if all(m.content_hash in kept for m in original):
        return []
    # Scored against the messages kept verbatim only, every item of the removed range
    # is lost: the items then list that range's facts, newest first per kind.
    lost = fidelity(original, [m for m in original if m.content_hash in kept])
    by_kind: dict[str, list[str]] = {}
    for item in lost.items:
        if item.status not in ("unsupported", "contradicted"):
            by_kind.setdefault(item.kind, []).append(item.text)
    model = content_model(original)
    removed = [i for i, h in enumerate(model.hashes) if h not in kept]
    asked = _questions(model, removed, by_kind)
    return [Probe(c, asked[c][0], tuple(dict.fromkeys(asked[c][1]))[:MAX_FACTS]) for c in CATEGORIES if c in asked
            and asked[c][1]]


def answer_prompt(compacted: Sequence[Message], probe: Probe) -> list[dict[str, str]]:
    """The chat messages that ask a model `probe`'s question from the compacted context.

    Args:
        compacted: the context the agent would continue from.
        probe: the question.

    Returns:
        OpenAI-style chat messages (system, user).
    """
    context = format_conversation(compacted, max_result_chars=RESULT_CHARS)
    return [{"role": "system", "content": ANSWER_SYSTEM},
            {"role": "user", "content": f"<context>\n{context}\n</context>\n\nQuestion: {probe.question}"}]


def grade_prompt(probe: Probe, answer: str) -> list[dict[str, str]]:
    """The chat messages that ask the judge to grade `answer` against `probe`'s facts.

    Args:
        probe: the question and its reference facts from the original.
        answer: what the model answered from the compacted context.

    Returns:
        OpenAI-style chat messages (system, user).
    """
    facts = "\n".join(f"- {f}" for f in probe.reference)
    return [{"role": "system", "content": GRADE_SYSTEM},
            {"role": "user", "content": f"Question: {probe.question}\n\nReference facts (from the original "
                                        f"session):\n{facts}\n\nAnswer to grade:\n{answer}"}]


class GradeError(ValueError):
    """The judge's reply holds no score."""


def parse_grade(text: str) -> tuple[int, str]:
    """The score (0..MAX_SCORE) and reason of a judge's reply.

    Args:
        text: the reply: the JSON object asked for, possibly inside prose or a code
            fence; a bare number is accepted too.

    Returns:
        (score, reason).

    Raises:
        GradeError: no score in the reply.
    """
    for match in re.finditer(r"\{[^{}]*\}", text):
        try:
            obj = json.loads(match.group())
        except ValueError:
            continue
        score = obj.get("score") if isinstance(obj, dict) else None
        if isinstance(score, int | float) and not isinstance(score, bool):
            if not math.isfinite(score):  # NaN or Infinity: JSON the judge should not write
                raise GradeError(f"the judge's score is not a finite number ({score!r})")
            return max(0, min(MAX_SCORE, round(score))), str(obj.get("reason", "")).strip()
    bare = re.fullmatch(r"\s*(\d+)\s*(?:/\s*\d+)?\s*", text)
    if bare:
        return max(0, min(MAX_SCORE, int(bare.group(1)))), ""
    raise GradeError(f"no score in the judge's reply: {text[:200]!r}")
