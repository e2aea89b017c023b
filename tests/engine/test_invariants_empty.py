"""`no_empty_message` (`engine.invariants.check`): an output message that is the input's
own object (per its lineage) is not examined again, so the check must still find every
empty message compaction made, and only those: compared with the examination of every
output message on random outputs."""

from __future__ import annotations

import random

from inspector.engine import preset
from inspector.engine.invariants import NO_EMPTY, check, is_empty
from inspector.engine.models import Message, Part, ToolCall

CONFIG = preset("balanced").with_values({"summarization.keep.latest_user": False})


def _empties_reference(before, after, lineage):
    """Every output message examined: empty, and not from a single input message that was."""
    out = []
    for k, m in enumerate(after):
        if not is_empty(m):
            continue
        origin = lineage[k] if lineage is not None and k < len(lineage) else ()
        if len(origin) == 1 and origin[0] < len(before) and is_empty(before[origin[0]]):
            continue
        out.append(k)
    return out


def _no_empty(before, after, lineage):
    return [v for v in check(before, after, CONFIG, lineage=lineage) if v.invariant == NO_EMPTY]


def _message(rng: random.Random) -> Message:
    kind = rng.randrange(6)
    if kind == 0:
        return Message(role="assistant")  # empty
    if kind == 1:
        return Message(role="user", parts=[Part(text="  \n")])  # empty
    if kind == 2:
        return Message(role="assistant", tool_calls=[ToolCall(id=f"c{rng.randrange(99)}", name="f")])
    if kind == 3:
        return Message(role="tool", tool_call_id="c1")
    return Message(role=rng.choice(["user", "assistant"]), parts=[Part(text=f"t{rng.randrange(99)}")])


def test_an_emptied_copy_of_a_message_is_caught_next_to_the_inputs_own_objects():
    before = [Message(role="user", parts=[Part(text="hello")]), Message(role="assistant", parts=[Part(text="hi")])]
    emptied = before[1].model_copy(update={"parts": []})
    # the first output message is the input's own object; the second a rewrite of input 1 left empty
    broken = _no_empty(before, [before[0], emptied], [[0], [1]])
    assert len(broken) == 1 and "first at 1" in broken[0].detail
    # the input's own empty object passes (it was empty already) ...
    blank = Message(role="assistant")
    assert _no_empty([before[0], blank], [before[0], blank], [[0], [1]]) == []
    # ... but not when the lineage names another, non-empty, input message
    assert len(_no_empty([before[0], blank], [before[0], blank], [[0], [0]])) == 1
    # nor when it stands for several input messages (a summary), nor without lineage
    assert len(_no_empty([blank, before[0]], [blank, before[0]], [[1], [1]])) == 1
    assert len(_no_empty([before[0], blank], [before[0], blank], [[0], [0, 1]])) == 1
    assert len(_no_empty([before[0], blank], [before[0], blank], None)) == 1


def test_no_empty_message_finds_what_examining_every_message_finds():
    rng = random.Random(7)
    caught = 0
    for _ in range(3000):
        before = [_message(rng) for _ in range(rng.randrange(1, 8))]
        # most outputs start with the input's own leading messages, lineage [k] at k (a
        # lineage that says otherwise somewhere, or a copy among them, now and then)
        lead = rng.randrange(len(before) + 1) if rng.randrange(4) else 0
        after, lineage = list(before[:lead]), [[k] for k in range(lead)]
        if lead and rng.randrange(3) == 0:
            k = rng.randrange(lead)
            if rng.randrange(2):
                lineage[k] = [rng.randrange(len(before) + 1)]
            else:
                after[k] = _message(rng)
        for _ in range(rng.randrange(0, 9)):
            j = rng.randrange(len(before) + 1)  # len(before): an origin outside the input
            how = rng.randrange(4)
            m = before[j] if j < len(before) and how == 0 else _message(rng)
            if j < len(before) and how == 1:
                m = before[j].model_copy(update={"position": 5})  # a renumbered copy
            after.append(m)
            lineage.append([j] if how != 3 else [j, j + 1])
        cut = None if rng.randrange(5) == 0 else lineage[:rng.randrange(len(lineage) + 1)]
        want = _empties_reference(before, after, cut)
        got = _no_empty(before, after, cut)
        assert (len(got) == 1) == bool(want)
        if want:
            assert got[0].excess == len(want) and f"first at {want[0]}" in got[0].detail
            caught += 1
    assert caught > 300
