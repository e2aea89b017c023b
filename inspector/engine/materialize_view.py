"""The compacted context a plan describes, for measuring it (`engine.fidelity`): the
messages `applier.materialize` writes, in its order and with its content, at the cost
of what changed since the last knob move.

`materialize` writes a result to keep: each message renumbered (a copy of every
message whose position moved), each count known, each offload recorded, each reduced
message rewritten afresh. A measure reads the messages' content only, so here:

- the messages kept as they are are the session's own objects (not renumbered: the
  position is no part of a message's content or of what the measure reads);
- a reduced message (a cleared or cut tool result, cleared arguments) is rewritten
  once per message and reduction, and the same object comes back on every later move
  that reduces it the same way (its content hash and its reading stay memoised on it);
- no counts and no offloads.

tests/engine/test_materialize_view.py holds it to `materialize` on real sessions and
random plans: the same messages (role, name, kind, text, tool calls, content hash) in
the same order, and the same fidelity.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate, compress, groupby, pairwise
from operator import ne

from inspector.engine.applier import NOT_WRITTEN, REDUCED_ACTIONS, ContextWriter, SummaryMessages, reduce_message
from inspector.engine.bounded import Memo
from inspector.engine.models import Message, Session
from inspector.engine.planning.results import Action, Plan, Reduction
from inspector.engine.tokens import TokenCounter

# (the message, its reduction, the config's recovery tool and arguments placeholder) ->
# the message reduced; each holds the original message, so its id stays its own.
_REDUCED: Memo[tuple[object, ...], tuple[Message, Message]] = Memo(20_000)
# (id of the message, id of its Reduction) -> (the message, the Reduction, the settings,
# the message reduced): the same Reduction object, found without reading its fields.
_SAME: Memo[tuple[int, int], tuple[Message, Reduction, tuple[object, ...], Message]] = Memo(20_000)


def _reduction_key(red: Reduction) -> tuple[object, ...]:
    """Every field of a reduction (its call ids in order), as a key."""
    return tuple(tuple(v.items()) if isinstance(v, dict) else v
                 for v in (getattr(red, name) for name in Reduction.__slots__))


def reduced_message(session: Session, plan: Plan, i: int) -> Message:
    """Message `i` as the plan's reductions leave it (`applier.reduce_message`), the same
    object for the same message and reduction.

    Args:
        session: the session.
        plan: its plan.
        i: a message's position.

    Returns:
        The message reduced (the session's own when the plan reduces nothing of it).
    """
    msg = session.messages[i]
    red = plan.reductions.get(i)
    if red is None:
        return msg
    config = plan.config
    settings = (config.recovery_tool, config.reduction.clear.arguments_placeholder)
    # (the planner hands the same Reduction on from one plan to the next: found by its
    # identity first, by its fields when it is another object)
    same = _SAME.get((id(msg), id(red)))
    if same is not None and same[0] is msg and same[1] is red and same[2] == settings:
        return same[3]
    key = (id(msg), i, _reduction_key(red), *settings)
    hit = _REDUCED.get(key)
    if hit is not None and hit[0] is msg:
        reduced = hit[1]
    else:
        reduced, _ = reduce_message(session, plan, i)
        _REDUCED.put(key, (msg, reduced))
    _SAME.put((id(msg), id(red)), (msg, red, settings, reduced))
    return reduced


class _MeasuredWriter(ContextWriter):
    """`materialize`'s writer, its reductions memoised, no lineage and nothing counted."""

    def write_all(self) -> None:
        """`ContextWriter.write_all` without the lineage and the counts, by runs of one action:
        a run kept as it is is copied (split where a summary is inserted or merged), a
        run summarized or dropped writes only the summaries inserted in it, every other
        position is written one by one."""
        actions, n, msgs, out = self.plan.actions, self.n, self.msgs, self.out
        keep = Action.KEEP
        # (where the action changes, found in C: a 10,000-message plan has a few hundred
        # runs; `groupby`'s runs cost a third of comparing each action with the next)
        if len(actions) == n:
            bounds = [0, *accumulate(len(list(run)) for _, run in groupby(actions))] if n else [0]
        else:
            bounds = [0, *compress(range(1, n), map(ne, actions[1:], actions[:-1])), n] if n else [0]
        special = sorted(self.by_insert.keys() | self.merges.keys())
        for a, b in pairwise(bounds):
            act = actions[a]
            inside = special[bisect_left(special, a):bisect_left(special, b)]
            if act == keep:
                start = a
                for stop in inside:
                    out.extend(msgs[start:stop])
                    self.write(stop)
                    start = stop + 1
                out.extend(msgs[start:b])
            elif act in NOT_WRITTEN:
                for stop in inside:
                    self.write(stop)  # (the summary inserted before it; the message is not written)
            elif not inside and act in REDUCED_ACTIONS:  # (nothing inserted or merged: `write` emits each reduced)
                session, plan = self.session, self.plan
                out.extend([reduced_message(session, plan, i) for i in range(a, b)])
            else:
                for i in range(a, b):
                    self.write(i)
        self.write(n)

    def emit(self, m: Message, origin: list[int], count: int | None) -> None:
        """Appends `m` (its lineage and count are not kept)."""
        self.out.append(m)

    def reduced(self, i: int, act: Action) -> tuple[Message, int | None]:
        """Message `i` as the reductions leave it (no count: nothing here is counted)."""
        if act in REDUCED_ACTIONS:
            return reduced_message(self.session, self.plan, i), None
        return self.msgs[i], None


def measured_messages(session: Session, plan: Plan, summary_texts: dict[str, str], counter: TokenCounter
                      ) -> list[Message]:
    """The compacted context `plan` describes, as `fidelity` reads it: the messages of
    `materialize(session, plan, summary_texts, counter, offload_summarized=False)`, in
    its order, with the same content (kept messages are the session's own objects,
    not renumbered; no counts, no offloads).

    Args:
        session: the session (never mutated).
        plan: its plan.
        summary_texts: the summaries' texts by key; a missing one is a pending marker.
        counter: the plan's counter (a summary's body is fitted with it).

    Returns:
        The messages.
    """
    written = SummaryMessages(session, plan, summary_texts, counter, None, False)
    writer = _MeasuredWriter(session, plan, counter, written, None)
    writer.write_all()
    return writer.out
