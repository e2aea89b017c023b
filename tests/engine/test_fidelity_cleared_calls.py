"""A message whose tool calls' arguments a compaction cleared (new on a knob move) takes
the keys its text gives alone (its words, file names, errors) from its original's, which
the session's index read (`fidelity.rewritten_reading` directly): the same keys as its own
reading (not directly), on every assistant message with tool calls of real sessions, some
or all of its calls cleared as `apply` clears them."""

from __future__ import annotations

import random

from inspector.engine import fidelity as fid
from inspector.engine.config import DEFAULT_ARGUMENTS_PLACEHOLDER
from inspector.engine.fidelity_signals import SIGNAL_KEYS
from inspector.engine.models import ToolCall
from inspector.engine.planning.text import render
from tests.engine.test_fidelity_search import SOURCES, _session


def _cleared(m, rng):
    calls = [ToolCall(id=c.id, name=c.name, type=c.type,
                      arguments_raw=render(DEFAULT_ARGUMENTS_PLACEHOLDER, offload_id=f"off-{rng.randrange(16**12):012x}"))
             if k == 0 or rng.random() < 0.6 else c for k, c in enumerate(m.tool_calls)]
    return m.model_copy(update={"tool_calls": calls})


def test_a_cleared_calls_message_has_the_keys_of_its_own_reading():
    checked, prefixes = 0, set()
    for path in SOURCES:
        original = _session(path)
        rng = random.Random(path.name)
        fid.forget(texts=True)
        fid.fidelity(original, original[: len(original) // 2])  # (the index: every original message's keys read)
        for m in original:
            if m.role != "assistant" or not m.tool_calls:
                continue
            for roots in ((), ("/testbed",)):
                cleared = _cleared(m, rng)
                _, keys = fid.rewritten_reading(cleared, roots)
                _, own = fid.rewritten_reading(cleared, roots, directly=False)
                assert keys == own, m.text[:200]
                # (the keys recency counts, `signal_key_parts`: the same it may weigh, none other)
                signal = frozenset().union(*fid.signal_key_parts(cleared, roots))
                assert signal <= keys and {k for k in keys if k[:2] in SIGNAL_KEYS} <= signal, m.text[:200]
                prefixes |= {k[:2] for k in keys}
                checked += 1
    assert checked >= 40
    assert {"w:", "n:", "t:"} <= prefixes  # (not a test of empty readings)
    fid.forget(texts=True)
