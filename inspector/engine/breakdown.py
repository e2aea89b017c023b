"""Where a session's tokens go: exact counts by category of content, before and after a plan.

Every token of the context (`Plan.total_before`, `Plan.total_after`) lands in exactly one
bar, so the bars add up to the totals every screen shows: the per-message framing goes
to the message's own category, the per-call framing to the tool arguments, the reply
priming to a bar of its own. Counts come from `count_messages` (cached); only messages
whose non-text content mixes two categories (reasoning and tool calls in one assistant
turn) have those pieces counted again, one by one, as `count_messages` counts them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from inspector.engine.models import SYSTEM_ROLES, Message, Session
from inspector.engine.planning.results import Action, Plan
from inspector.engine.tokens import TokenCache, TokenCounter, count_messages, framing_tokens


class Category(StrEnum):
    """A kind of content. The order here is the order the bars are listed in."""

    SYSTEM = "system prompt"
    REQUESTS = "user requests"
    ASSISTANT = "assistant text"
    ARGUMENTS = "tool arguments"
    RESULTS = "tool results"
    DEMONSTRATIONS = "demonstrations"
    REASONING = "reasoning"
    MEDIA = "images and files"
    SUMMARIES = "earlier summaries"
    NEW_SUMMARIES = "new summaries"
    PRIMING = "reply priming"


# Argument names under which a tool call names the file its result holds.
PATH_ARGUMENTS = ("file_path", "path", "filename", "file", "target_file", "notebook_path", "filepath")

# Content-model kinds (`inspector.engine.content.Kind` values) and the category of a
# message of that kind: an observation stored as a user message is a tool result, not
# a request.
KIND_CATEGORIES: dict[str, Category] = {
    "system": Category.SYSTEM,
    "task": Category.REQUESTS,
    "request": Category.REQUESTS,
    "demonstration": Category.DEMONSTRATIONS,
    "observation": Category.RESULTS,
    "action": Category.ARGUMENTS,
    "reasoning": Category.REASONING,
    "summary": Category.SUMMARIES,
}


@dataclass(frozen=True)
class Bar:
    """One bar of the breakdown: a category, or tool results of one tool.

    Attributes:
        category: the kind of content.
        tool: the tool's name for a tool-results bar, else "".
        before: tokens in the session as it is.
        after: tokens once the plan is applied (None without a plan).
        messages: positions of the messages holding some of these tokens.
    """

    category: Category
    tool: str
    before: int
    after: int | None
    messages: tuple[int, ...]

    @property
    def label(self) -> str:
        """The bar's label: the category, or `tool results: NAME`."""
        return f"{self.category.value}: {self.tool}" if self.tool else self.category.value


@dataclass(frozen=True)
class FileShare:
    """The tokens a file's contents take in tool results (a read of it, by path).

    Attributes:
        path: the path the tool call named.
        before: tokens of the results that returned it.
        after: the same after the plan (None without a plan).
        messages: positions of those results.
    """

    path: str
    before: int
    after: int | None
    messages: tuple[int, ...]


@dataclass(frozen=True)
class Breakdown:
    """A session's tokens by category.

    Attributes:
        bars: every category with tokens, tool results one bar per tool, in
            `Category` order (tools by tokens, most first).
        files: the files whose contents take the most tokens in tool results.
        total_before: the sum of the bars' `before` (the plan's `total_before`).
        total_after: the sum of their `after` (the plan's `total_after`), or None.
        tool_definitions: tokens of the tool definitions the source recorded (sent
            with every request but not stored as messages, so outside the totals), or
            None when the source has none.
    """

    bars: list[Bar]
    files: list[FileShare]
    total_before: int
    total_after: int | None
    tool_definitions: int | None = None
    messages: int = 0

    def largest(self) -> Bar | None:
        """The bar holding the most tokens before the plan (None when empty)."""
        return max(self.bars, key=lambda b: b.before, default=None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (`inspector stats --breakdown --json`)."""
        return {
            "tokens_before": self.total_before,
            "tokens_after": self.total_after,
            "tool_definitions": self.tool_definitions,
            "categories": [
                {"category": b.category.value, "tool": b.tool or None, "label": b.label, "tokens_before": b.before,
                 "tokens_after": b.after, "messages": len(b.messages)}
                for b in self.bars
            ],
            "files": [{"path": f.path, "tokens_before": f.before, "tokens_after": f.after,
                       "messages": len(f.messages)} for f in self.files],
        }


@dataclass
class _Tally:
    before: int = 0
    after: int = 0
    messages: list[int] = field(default_factory=list)


def _primary(m: Message, kind: str | None, tool_names: Mapping[str, str]) -> tuple[Category, str]:
    """The category of a message's own text (and of its framing)."""
    if m.kind in ("summary", "compaction"):
        return Category.SUMMARIES, ""
    if m.role in SYSTEM_ROLES:
        return Category.SYSTEM, ""
    if m.role == "tool":
        return Category.RESULTS, m.name or tool_names.get(m.tool_call_id or "", "") or "tool"
    category = KIND_CATEGORIES.get(kind or "")
    if category == Category.DEMONSTRATIONS:
        return category, ""
    if m.role == "user":
        if category in (Category.RESULTS, Category.SUMMARIES, Category.SYSTEM):
            return category, ("(in user messages)" if category == Category.RESULTS else "")
        return Category.REQUESTS, ""
    return Category.ASSISTANT, ""


def _other_pieces(m: Message, own: Category) -> list[tuple[Category, str]]:
    """The non-text pieces `count_messages` counts in `m` (its `other` list, in order),
    each with its category."""
    out: list[tuple[Category, str]] = []
    for part in m.parts:
        t = part.type
        if t == "text" or t == "image":
            continue
        if t == "reasoning":
            if part.text:
                out.append((Category.REASONING, part.text))
        elif t == "file":
            if part.text:
                out.append((Category.MEDIA, part.text))
        elif part.text:
            out.append((own, part.text))
    for call in m.tool_calls:
        out.append((Category.ARGUMENTS, call.name))
        out.append((Category.ARGUMENTS, call.arguments_raw))
    return out


def _split(m: Message, total: int, text_tokens: int, own: Category, counter: TokenCounter,
           pending: list[tuple[int, Category, str]], index: int) -> dict[Category, int]:
    """`total` (m's exact count) by category. Non-text pieces of two categories are
    queued on `pending` (index, category, text) to be counted in one batch; their
    tokens are then taken from `own`."""
    framing = counter.framing
    images = sum(1 for p in m.parts if p.type == "image")
    files = sum(1 for p in m.parts if p.type == "file" and not p.text)
    media = images * framing.image + files * framing.file
    per_calls = framing.per_tool_call * len(m.tool_calls)
    own_framing = framing_tokens(m, framing) - per_calls
    out: dict[Category, int] = {}

    def add(category: Category, n: int) -> None:
        if n:
            out[category] = out.get(category, 0) + n

    add(Category.MEDIA, media)
    add(Category.ARGUMENTS, per_calls)
    other = total - text_tokens - media - per_calls - own_framing
    pieces = _other_pieces(m, own)
    kinds = {c for c, _ in pieces}
    if len(kinds) == 1:
        add(next(iter(kinds)), other)
        other = 0
    elif len(kinds) > 1:
        pending.extend((index, c, text) for c, text in pieces)
    add(own, text_tokens + own_framing + other)  # `other` of mixed pieces: moved by the caller
    return out


# Commands whose output is a file's contents (or a window of it): `cat x.py`, SWE-agent's
# `open x.py`, `str_replace_editor view x.py`. Running a script is not reading it.
READERS = frozenset({"cat", "open", "view", "head", "tail", "less", "more", "nl", "bat", "sed", "edit", "create",
                     "str_replace_editor", "read", "read_file"})


def _path_of(arguments: Any) -> str | None:
    """The file a tool call reads: a path argument, or the one file a reading command
    names."""
    if isinstance(arguments, dict):
        for key in PATH_ARGUMENTS:
            value = arguments.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
        command = arguments.get("command") or arguments.get("cmd")
        if isinstance(command, str):
            return read_path(command)
    return None


def _last_command(text: str) -> str:
    """The last line of an assistant's text outside code fences: the command of a
    thought-action turn (SWE-agent's "DISCUSSION ... ```open x.py```")."""
    lines = [line for line in text.strip().splitlines() if line.strip() and not line.strip().startswith("```")]
    return lines[-1] if lines else ""


def read_path(command: str) -> str | None:
    """The one file a reading command shows (`cat src/x.py`, `open x.py 120`), else None."""
    from inspector.engine.content import extract_paths

    words = command.strip().split(None, 1)
    if len(words) != 2 or words[0].rsplit("/", 1)[-1] not in READERS or "\n" in command.strip():
        return None
    paths = extract_paths(words[1])
    return paths[0] if len(paths) == 1 else None


def _splits(messages: Sequence[Message], counter: TokenCounter, totals: Sequence[int], texts: Sequence[int],
            owns: Sequence[Category]) -> list[dict[Category, int]]:
    pending: list[tuple[int, Category, str]] = []
    out = [_split(m, totals[i], texts[i], owns[i], counter, pending, i) for i, m in enumerate(messages)]
    if pending:
        counts = counter.count_batch([text for _, _, text in pending])
        for (i, category, _), n in zip(pending, counts):
            if n:
                split = out[i]
                split[category] = split.get(category, 0) + n
                split[owns[i]] -= n
    return out


def breakdown(
    session: Session,
    counter: TokenCounter,
    *,
    plan: Plan | None = None,
    kinds: Sequence[str] | None = None,
    cache: TokenCache | None = None,
    top_files: int = 10,
) -> Breakdown:
    """The session's tokens by category, before and (with `plan`) after the plan.

    Args:
        session: the session.
        counter: the counter the plan used (its framing splits the fixed costs).
        plan: a plan of this session with this counter; without it, `after` is None.
        kinds: the content model's kind of each message (`content_model(...).kinds`,
            as strings), so observations stored as user messages count as tool
            results; None: by role.
        cache: the token cache the counts were made with.
        top_files: how many files to list.

    Returns:
        The breakdown; its totals equal the plan's `total_before` and `total_after`
        (or `context_total` of the counts without a plan).
    """
    messages = session.messages
    totals, texts = count_messages(messages, counter, cache)
    if plan is not None and len(plan.tokens_before) == len(messages):
        totals = list(plan.tokens_before)  # the plan's own figures (a rewriter may have counted more)
    tool_names: dict[str, str] = {}
    call_paths: dict[str, str] = {}
    observed: dict[int, str] = {}  # an observation stored as a user message -> the file its action read
    last_action: str | None = None
    for i, m in enumerate(messages):
        for c in m.tool_calls:
            tool_names[c.id] = c.name
            path = _path_of(c.arguments)
            if path:
                call_paths[c.id] = path
        if m.role == "assistant":
            last_action = read_path(_last_command(m.text)) if m.text.strip() and not m.tool_calls else None
        elif m.role == "user" and kinds is not None and i < len(kinds) and kinds[i] == "observation":
            if last_action:
                observed[i] = last_action
            last_action = None
    owned = [_primary(m, kinds[i] if kinds is not None and i < len(kinds) else None, tool_names)
             for i, m in enumerate(messages)]
    owns = [c for c, _ in owned]
    before = _splits(messages, counter, totals, texts, owns)
    after: list[dict[Category, int]] | None = None
    if plan is not None:
        after = _after(session, plan, counter, cache, before, owns)
    tallies: dict[tuple[Category, str], _Tally] = {}
    files: dict[str, _Tally] = {}
    for i, split in enumerate(before):
        tool = owned[i][1]
        for category, n in split.items():
            key = (category, tool if category == Category.RESULTS else "")
            tally = tallies.setdefault(key, _Tally())
            tally.before += n
            if n:
                tally.messages.append(i)
        if after is not None:
            for category, n in after[i].items():
                key = (category, tool if category == Category.RESULTS else "")
                tallies.setdefault(key, _Tally()).after += n
        m = messages[i]
        path = (call_paths.get(m.tool_call_id or "") or observed.get(i)) if owns[i] == Category.RESULTS else None
        if path:
            f = files.setdefault(path, _Tally())
            f.before += split.get(Category.RESULTS, 0)
            f.after += after[i].get(Category.RESULTS, 0) if after is not None else 0
            f.messages.append(i)
    priming = counter.framing.reply_priming if messages else 0
    if priming:
        tallies[(Category.PRIMING, "")] = _Tally(priming, priming if plan is not None else 0)
    if plan is not None:
        extra = sum(s.estimated_tokens for s in plan.summaries)
        if extra:
            summarized = sorted({i for s in plan.applied_summaries() for i in range(s.start, s.end)})
            tallies.setdefault((Category.NEW_SUMMARIES, ""), _Tally(messages=summarized)).after += extra
    order = list(Category)
    bars = [Bar(c, tool, t.before, t.after if plan is not None else None, tuple(t.messages))
            for (c, tool), t in tallies.items() if t.before or t.after]
    bars.sort(key=lambda b: (order.index(b.category), -b.before, b.tool))
    ranked = sorted(files.items(), key=lambda kv: (-kv[1].before, kv[0]))[:top_files]
    shares = [FileShare(p, t.before, t.after if plan is not None else None, tuple(t.messages)) for p, t in ranked]
    total_before = sum(b.before for b in bars)
    total_after = sum(b.after or 0 for b in bars) if plan is not None else None
    return Breakdown(bars, shares, total_before, total_after, _tool_definitions(session, counter), len(messages))


def _after(session: Session, plan: Plan, counter: TokenCounter, cache: TokenCache | None,
           before: list[dict[Category, int]], owns: Sequence[Category]) -> list[dict[Category, int]]:
    """Each message's split once the plan is applied: gone when summarized or dropped,
    as before when kept, a reduced message counted as the applier writes it."""
    from inspector.engine.applier import reduce_message

    out: list[dict[Category, int]] = []
    reduced: dict[int, Message] = {}
    for i, action in enumerate(plan.actions):
        if action in (Action.TRUNCATE, Action.CLEAR) and plan.tokens_after[i]:
            reduced[i] = reduce_message(session, plan, i)[0]
    splits: dict[int, dict[Category, int]] = {}
    if reduced:
        idx = sorted(reduced)
        msgs = [reduced[i] for i in idx]
        totals, texts = count_messages(msgs, counter, cache)
        for k, split in enumerate(_splits(msgs, counter, totals, texts, [owns[i] for i in idx])):
            splits[idx[k]] = split
    for i, action in enumerate(plan.actions):
        target = plan.tokens_after[i]
        if action in (Action.SUMMARIZE, Action.DROP) or not target:
            out.append({})
            continue
        split = dict(splits.get(i, before[i]))
        diff = target - sum(split.values())
        if diff:  # the plan counted this message otherwise (a clear rewriter): its own category absorbs it
            split[owns[i]] = split.get(owns[i], 0) + diff
        out.append(split)
    return out


def _tool_definitions(session: Session, counter: TokenCounter) -> int | None:
    """Tokens of the tool definitions a source recorded in the session's metadata."""
    tools = session.metadata.get("tools") if isinstance(session.metadata, dict) else None
    if not tools:
        return None
    text = tools if isinstance(tools, str) else json.dumps(tools, ensure_ascii=False, sort_keys=True, default=str)
    return counter.count(text)
