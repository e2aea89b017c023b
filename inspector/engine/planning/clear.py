"""Stage 3, clear (Eino): above a token threshold, old tool results (and, optionally,
the arguments of their calls) are replaced by a placeholder, except in the latest
rounds; skipped when it would free less than `at_least_tokens` (the prompt cache is
worth more).
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from inspector.engine.analysis import PLACEHOLDER_MAX_CHARS, Analysis, has_offload_id
from inspector.engine.config import CompactionConfig
from inspector.engine.models import Message
from inspector.engine.planning.compaction import placeholder_counts
from inspector.engine.planning.memo import ClearResults, PlanMemo, Reduced
from inspector.engine.planning.results import NO_ARGUMENTS, Action, Reduction, SharedReductions, StageResult
from inspector.engine.planning.text import offload_id, render, text_floor
from inspector.engine.tokens import Framing, TokenCounter
from inspector.engine.wording import plural


def clear(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
          framing: Framing, s12: Reduced, key12: Hashable) -> tuple[Reduced, StageResult]:
    """Run stage 3 on the state after stages 1 and 2 (`s12`, memoised under `key12`).

    Returns:
        The state after clearing (`s12` itself when nothing is cleared; shared, so
        read-only) and the stage's result.
    """
    cl = config.reduction.clear
    before = s12.total
    if not cl.enabled:
        return s12, StageResult("clear", False, False, "disabled", before, before)
    if before <= cl.trigger_tokens:
        return s12, StageResult("clear", True, False,
                                f"{before:,} tokens, not over the {cl.trigger_tokens:,} trigger", before, before)
    # What clearing frees does not depend on its trigger or minimum, and the items
    # cleared not on the rounds kept either: each is memoised on what it depends on.
    key3 = (key12, cl.model_dump_json(exclude={"enabled", "trigger_tokens", "at_least_tokens"}))
    c3 = memo.cleared.get(key3)
    if c3 is None:
        key_items = (key12, cl.model_dump_json(exclude={"enabled", "trigger_tokens", "at_least_tokens",
                                                        "keep_rounds"}))
        items = memo.clear_items.get(key_items)
        if items is None:
            items = memo.clear_items.put(key_items, clear_items(a, msgs, config, memo, framing, s12))
        c3 = memo.cleared.put(key3, clear_candidates(a, msgs, config, memo, s12, items))
    if cl.at_least_tokens and c3.saved < cl.at_least_tokens:
        return s12, StageResult(
            "clear", True, False,
            f"would free {c3.saved:,} tokens, less than at_least_tokens {cl.at_least_tokens:,}: "
            "not cleared (keeps the prompt cache)", before, before)
    state = c3.state
    count = c3.results + c3.arg_messages
    return state, StageResult(
        "clear", True, count > 0,
        f"{before:,} tokens over {cl.trigger_tokens:,}: cleared {plural(c3.results, 'result')}"
        + (f" and the arguments of {plural(c3.arg_messages, 'call message')}" if c3.arg_messages else "")
        + f" before position {c3.protected} (latest {plural(cl.keep_rounds, 'round')} kept)",
        before, state.total, count)


@dataclass
class Cleared:
    """Stage 3 for one clear config (its trigger and minimum apart) on a stage-2 state."""

    state: Reduced  # after clearing
    saved: int
    results: int  # tool results cleared
    arg_messages: int  # call messages whose arguments are cleared
    protected: int



@dataclass
class ClearItems:
    """What stage 3 would do to each tool result, whatever the number of rounds kept:
    computed once per clear config (its trigger, minimum and kept rounds apart)."""

    positions: array[int]  # eligible tool results, in order (an array: 4 bytes an item)
    new_tokens: array[int]  # their size as a placeholder
    reductions: list[Reduction | None]  # None where the placeholder would not be smaller
    args: bytearray  # 1 where the result's call may have its arguments cleared
    # call message -> (old, new, oids) for all its calls: the tuple the `clear_arguments` memo
    # holds; only the messages whose arguments shrink (the others' is `_UNCHANGED`)
    full_args: dict[int, tuple[int, int, dict[str, str]]]


def clear_items(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo, framing: Framing,
                s12: Reduced) -> ClearItems:
    """What clearing would do to each eligible tool result of the stage-2 state."""
    cl = config.reduction.clear
    recovery = config.recovery_tool
    cur = s12.cur
    actions = s12.actions
    exclude = set(cl.exclude_tools)
    per_tool = config.reduction.truncation.per_tool
    items = ClearItems(array("i"), array("i"), [], bytearray(), {})
    by_call: dict[int, list[str]] = {}
    # (position, its tokens) -> (placeholder tokens, reduction): the same under every
    # truncation or compaction setting that leaves the result as it is.
    results = memo.clear_results.get((cl.placeholder, recovery, framing))
    if results is None:
        results = memo.clear_results.put((cl.placeholder, recovery, framing), ClearResults())
    eligible: list[int] = []
    for i in a.tool_results:
        name = a.tool_names[i] or ""
        if name in exclude or a.already_reduced[i] or actions[i] == Action.CLEAR:
            continue
        o = per_tool.get(name) if per_tool else None
        if o is not None and o.skip_clear:
            continue
        eligible.append(i)
    known = results.known
    missed = [i for i in eligible if not known(i, cur[i])]
    # counted through the placeholder memo, which replay's successive plans share, a
    # chunk at a time (`CHUNK`)
    for start in range(0, len(missed), CHUNK):
        part = missed[start:start + CHUNK]
        oids = [offload_id(a, i, "clear", memoise=False) for i in part]  # kept in the reduction
        counts = placeholder_counts(memo, framing, cl.placeholder, recovery, [
            (a.tool_names[i], cur[i], oid, msgs[i].tool_call_id) for i, oid in zip(part, oids)])
        for i, oid, new_tokens in zip(part, oids, counts):
            tokens = cur[i]
            results.put(i, tokens, new_tokens, Reduction(
                Action.CLEAR, "clear", oid, clear_result=True, template=cl.placeholder,
                shown_tokens=tokens) if new_tokens < tokens else None)
    get = results.get
    for i in eligible:
        hit = get(i, cur[i])
        assert hit is not None
        items.positions.append(i)
        items.new_tokens.append(hit[0])
        items.reductions.append(hit[1])
        arg = 0
        if cl.clear_arguments and i in a.result_call:
            cid = msgs[i].tool_call_id or ""
            if a.call_args_chars.get(cid):
                arg = 1
                by_call.setdefault(a.result_call[i], []).append(cid)
        items.args.append(arg)
    template = cl.arguments_placeholder
    calls = list(by_call.items())
    for start in range(0, len(calls), CHUNK):
        chunk = calls[start:start + CHUNK]
        unknown = [(c, ids) for c, ids in chunk if memo.clear_arguments.get(_arguments_key(c, ids, template)) is None]
        arg_oids = count_arguments(a, msgs, unknown, template, memo) if unknown else {}
        for c, ids in chunk:
            key = _arguments_key(c, ids, template)
            full = memo.clear_arguments.get(key)
            if full is None:
                full = memo.clear_arguments.put(key, clear_args(a, msgs, c, ids, template, memo, arg_oids))
            if full is not _UNCHANGED:  # the others are looked up as unchanged (`clear_candidates`)
                items.full_args[c] = full
    return items


# Tool results (and call messages) worked out at a time in stage 3's first pass: what
# each needs on the way (its requests, counts, keys) is made and dropped a chunk at a
# time, not held for all ~45,000 at once beside what the pass keeps (~30 MB on the
# 100k bench session, at the first plan's peak: bench `rss_ratio_100k`). Every item is
# worked out on its own, so the chunks give what one pass over all of them gave.
CHUNK = 4096


def _arguments_key(c: int, ids: Sequence[str], template: str) -> tuple[int, str | tuple[str, ...], str]:
    """The `clear_arguments` memo's key for call message `c`'s calls `ids`: one id as
    itself, not in a tuple of one (~45,000 such keys on the 100k bench session, ~2 MB
    of tuples); a text never equals a tuple, so keys stay distinct."""
    return (c, ids[0] if len(ids) == 1 else tuple(ids), template)


def count_arguments(a: Analysis, msgs: Sequence[Message], calls: Sequence[tuple[int, Sequence[str]]],
                    template: str, memo: PlanMemo) -> dict[tuple[int, str], tuple[str, int, int]]:
    """The counts `argument_counts` would make for the calls `clear_args` looks at,
    counted in two batches: each distinct arguments text once (a session repeats
    them: 114 texts for 45,725 calls in the 100k-message bench session) and the
    placeholders not memoised yet. Only those of a message with several calls go into
    the arguments memo: a message with one call is memoised whole (`clear_arguments`,
    which a split by the kept rounds never misses), and a second copy by offload id
    was ~10 MB at 100k messages.

    Args:
        a: the session's analysis.
        msgs: its messages.
        calls: (call message, ids of its calls whose arguments may be cleared).
        template: the arguments placeholder.
        memo: the plan memo.

    Returns:
        (offload id, tokens before, tokens after) of each call looked at, by (call
        message, call id), for `clear_args` (an id is a hash of the messages up to the
        call: made once).
    """
    made: dict[tuple[int, str], tuple[str, int, int]] = {}
    todo: dict[tuple[str, str], tuple[str, list[tuple[int, str]], bool]] = {}  # key -> (args, calls, memoise)
    for c, ids in calls:
        for call in msgs[c].tool_calls:
            if call.id in ids:
                args = call.arguments_raw
                if len(args) <= PLACEHOLDER_MAX_CHARS and has_offload_id(args):
                    continue
                oid = offload_id(a, c, "args:" + call.id, memoise=False)
                key = (oid, template)
                pair = memo.arguments.get(key)
                if pair is not None:
                    made[(c, call.id)] = (oid, *pair)
                elif key in todo:
                    todo[key][1].append((c, call.id))
                else:
                    todo[key] = (args, [(c, call.id)], len(ids) > 1)
    if todo:
        counter = memo.texts.counter
        distinct = list(dict.fromkeys(args for args, _, _ in todo.values()))
        # what the text cache counted already (replay's checks count every call's
        # arguments there) is not counted again
        by_text = {args: n for args in distinct if (n := memo.texts.known(args)) is not None}
        unknown = [args for args in distinct if args not in by_text]
        by_text.update(zip(unknown, counter.count_batch(unknown)))
        # a placeholder whose fewest possible tokens are not fewer than the arguments'
        # is not counted: it never replaces them (`argument_counts`)
        floor = arguments_floor(template, counter)
        keys = [key for key, (args, _, _) in todo.items() if by_text[args] > floor]
        counted = dict(zip(keys, counter.count_batch([render(template, offload_id=oid) for oid, _ in keys])))
        for key, (args, where, memoise) in todo.items():
            before = by_text[args]
            after = counted.get(key, floor)
            if memoise:
                memo.arguments.put(key, (before, after))
            for c_id in where:
                made[c_id] = (key[0], before, after)
    return made


# What `clear_args` gives a call message none of whose arguments shrink, shared: a tuple
# and an empty dict each were ~3 MB on the 100k bench session (~25,000 such messages).
_UNCHANGED: tuple[int, int, dict[str, str]] = (0, 0, NO_ARGUMENTS)


def clear_args(a: Analysis, msgs: Sequence[Message], c: int, ids: Sequence[str], template: str,
               memo: PlanMemo, made: dict[tuple[int, str], tuple[str, int, int]] | None = None,
               ) -> tuple[int, int, dict[str, str]]:
    """(tokens before, tokens after, oids) for the arguments of call message `c` that
    clearing shrinks, among the calls whose ids are given.

    Each call is decided on its own (its placeholder is shorter than its arguments, and
    they are not a placeholder already), so re-planning the output decides the same.

    The caller memoises the result per call message (and calls this again only for
    the one message the kept rounds split); the counts come from the arguments memo,
    which replay's successive plans share, or from `made` (what
    `count_arguments` counted for them)."""
    old = 0
    new = 0
    oids: dict[str, str] = {}
    for call in msgs[c].tool_calls:
        if call.id in ids:
            args = call.arguments_raw
            if len(args) <= PLACEHOLDER_MAX_CHARS and has_offload_id(args):
                continue
            known = made.get((c, call.id)) if made else None
            if known is None:
                oid = offload_id(a, c, "args:" + call.id, memoise=False)
                before, after = argument_counts(memo, args, oid, template)
            else:
                oid, before, after = known
            if after < before:
                oids[call.id] = oid
                old += before
                new += after
    return (old, new, oids) if oids else _UNCHANGED


def argument_counts(memo: PlanMemo, args: str, oid: str, template: str,
                    count_args: Callable[[str], int] | None = None) -> tuple[int, int]:
    """(tokens of a call's arguments `args`, of their placeholder under id `oid`); the
    id stands for the call message's content, so for `args` too. `count_args` counts
    the arguments when the caller memoises their counts already (replay: the text
    cache, which its bounds filled); by default they are counted.

    The placeholder's count is exact when it is fewer than the arguments' (the
    arguments are then cleared); otherwise it may be a lower bound not below them
    (`text_floor`: the placeholder is not counted when no id could make it smaller).
    Every reader only asks whether it is smaller (the memo `arguments` holds these pairs)."""
    key = (oid, template)
    pair = memo.arguments.get(key)
    if pair is None:
        # Counted, not through the text cache: this memo holds the pair by id already,
        # and a cache keyed by the texts kept every placeholder (one per call, unique
        # by its id) and a slot per arguments text: ~8 MB on a 100k-message session.
        counter = memo.texts.counter
        before = (count_args or counter.count)(args)
        floor = arguments_floor(template, counter)
        pair = memo.arguments.put(key, (before, floor if before <= floor else
                                        counter.count(render(template, offload_id=oid))))
    return pair


def arguments_floor(template: str, counter: TokenCounter) -> int:
    """The fewest tokens the arguments placeholder `template` renders to, whatever the
    offload id (`text_floor`): arguments of no more tokens are never cleared."""
    return text_floor(template, ("offload_id",), counter)


def clear_candidates(a: Analysis, msgs: Sequence[Message], config: CompactionConfig, memo: PlanMemo,
                     s12: Reduced, items: ClearItems) -> Cleared:
    """Stage 3 (Eino clear) on the stage-2 state, as if it fired and cleared: the
    eligible results before the latest `keep_rounds` rounds."""
    n = a.n
    cl = config.reduction.clear
    cur = list(s12.cur)
    actions = list(s12.actions)
    # Built in place, not copied once filled (~2.6 MB more at the first plan's peak on
    # the 100k bench session); nothing else holds it until it is returned.
    reductions = SharedReductions(s12.reductions)
    put = dict.__setitem__
    total = s12.total
    asst = a.assistant_positions
    protected = asst[-cl.keep_rounds] if cl.keep_rounds and len(asst) >= cl.keep_rounds else (
        0 if cl.keep_rounds else n)
    k = bisect_left(items.positions, protected)
    positions, new_tokens, reds = items.positions, items.new_tokens, items.reductions
    flags, result_call = items.args, a.result_call
    split = {result_call[positions[j]] for j in range(k, len(positions)) if flags[j]}
    # The call messages whose arguments may be cleared, in the order their first results
    # come; the ids only for those split by the protected position (the others' are all
    # their calls, worked out in `items.full_args`).
    args_saving: dict[int, list[str] | None] = {}
    for j in range(k):
        if flags[j]:
            i = positions[j]
            c = result_call[i]
            if c not in split:
                args_saving[c] = None
            else:
                ids = args_saving.get(c)
                if ids is None:
                    ids = args_saving[c] = []
                ids.append(msgs[i].tool_call_id or "")
    # Results, in order, each in place: saved as planned (the same sum as before
    # anything is changed: the arguments' counts do not read `cur`).
    saved = 0
    results = 0
    for j in range(k):
        red = reds[j]
        if red is not None:
            i = positions[j]
            delta = new_tokens[j] - cur[i]
            saved -= delta
            total += delta
            cur[i] = new_tokens[j]
            actions[i] = Action.CLEAR
            put(reductions, i, red)
            results += 1
    # Arguments: rewritten on the assistant message that made the calls.
    arg_messages = 0
    for c, ids in args_saving.items():
        # `ids` are the first of the message's call ids, in order: all of them unless
        # one of its results is at or after the protected position
        if ids is None:
            old, new, oids = items.full_args.get(c, _UNCHANGED)
        else:
            old, new, oids = clear_args(a, msgs, c, ids, cl.arguments_placeholder, memo)
        if new < old:
            delta = old - new
            saved += delta
            arg_messages += 1
            cur[c] -= delta
            total -= delta
            if actions[c] == Action.KEEP:
                actions[c] = Action.CLEAR
            previous = reductions.get(c)
            if previous is None:
                put(reductions, c, Reduction(Action.CLEAR, "clear", offload_id(a, c, "args"),
                                             clear_arguments=oids, template=cl.arguments_placeholder))
            else:  # never the shared stage-2 object: a copy with the arguments added
                put(reductions, c, replace(previous, clear_arguments=oids))
    return Cleared(Reduced(cur, actions, reductions, total), saved, results, arg_messages, protected)

