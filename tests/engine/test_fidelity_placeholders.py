"""A cleared tool result's notice (config's default placeholder, filled in as `apply`
fills it) is read from its pieces (`fidelity.rewritten_reading`): the same view and the
same keys as the general reading of any rewritten message, on many generated notices
(tool names, counts with and without thousands separators, ids of every hex shape),
and a knob move measured with the direct reading measures as with the general one."""

from __future__ import annotations

import dataclasses
import random
import string

import pytest

from inspector.engine import fidelity
from inspector.engine.config import DEFAULT_ARGUMENTS_PLACEHOLDER, DEFAULT_CLEAR_PLACEHOLDER
from inspector.engine.content import extract_values
from inspector.engine.models import Message, ToolCall
from inspector.engine.planning.text import render

TOOLS = ["bash", "str_replace_editor", "decompile", "edit", "insert", "open", "find_file", "search_dir", "submit",
         "read_file", "python", "tool", "message", "turns", "error", "failed", "ls", "cat", "e", "x_", "_"]
ROOTS = [(), ("/testbed",), ("/repo", "/tmp")]


def _count(rng: random.Random) -> str:
    if rng.random() < 0.2:  # (the shape the notice's pattern takes, leading zeros too: another writer's)
        return ",".join([str(rng.randrange(1000))] + [f"{rng.randrange(1000):03d}" for _ in range(rng.randrange(3))])
    n = rng.choice([0, 1, 7, 10, 99, 100, 999, 1000, 1001, 12345, 999999, 1000000, rng.randrange(10**8)])
    return f"{n:,}"


def _oid(rng: random.Random) -> str:
    # (and ids whose letter runs are function words: "a", "be" count in the prose test)
    alphabet = rng.choice(["0123456789abcdef", "0123456789", "abcdef", "0e", "ed", "1a", "0a1be"])
    oid = "".join(rng.choice(alphabet) for _ in range(12))
    return "off-" + (oid[:10] + "ed" if rng.random() < 0.1 else oid)


def _notices(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        tool = rng.choice(TOOLS) if rng.random() < 0.6 else "".join(
            rng.choice(string.ascii_lowercase + "_") for _ in range(rng.randint(1, 40)))
        out.append(render(DEFAULT_CLEAR_PLACEHOLDER, tool=tool, tokens=_count(rng), offload_id=_oid(rng),
                          recovery_tool="read_offload", tool_call_id="call_1"))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_cleared_results_notice_reads_as_any_rewritten_message(seed):
    rng = random.Random(seed)
    odd = [render(DEFAULT_CLEAR_PLACEHOLDER, tool=tool, tokens=count, offload_id=_oid(rng),
                  recovery_tool="read_offload", tool_call_id="") for tool in TOOLS[:4]
           for count in ("0", "00", "000", "007", "0,123", "00,000", "12", "123,456,789")]
    for text in _notices(400, seed) + odd:
        # (the pattern follows config's template: a template changed alone would leave every
        # notice to the general reading, equal by construction, and this test blind)
        assert fidelity.cleared_notice(text), text
        roots = rng.choice(ROOTS)
        for role in ("tool", "user"):
            m = Message.text_message(role, text, **({"tool_call_id": "call_1"} if role == "tool" else {}))
            view, keys = fidelity.rewritten_reading(m, roots)
            general_view, general_keys = fidelity.rewritten_reading(m, roots, directly=False)
            assert dataclasses.asdict(view) == dataclasses.asdict(general_view), text
            assert keys == general_keys, text


def test_other_notices_are_read_as_any_message():
    """A notice with another tool name shape, recovery tool or template: the general
    reading (the same answer by construction: checked it is still given)."""
    texts = [render(DEFAULT_CLEAR_PLACEHOLDER, tool="Bash", tokens="12", offload_id="off-0123456789ab",
                    recovery_tool="read_offload", tool_call_id=""),
             render(DEFAULT_CLEAR_PLACEHOLDER, tool="bash", tokens="12", offload_id="off-0123456789ab",
                    recovery_tool="fetch_back", tool_call_id=""),
             "[bash output cleared to save context (12 tokens).]"]
    for text in texts:
        assert not fidelity.cleared_notice(text), text
        m = Message.text_message("tool", text, tool_call_id="c")
        view, keys = fidelity.rewritten_reading(m)
        general_view, general_keys = fidelity.rewritten_reading(m, directly=False)
        assert dataclasses.asdict(view) == dataclasses.asdict(general_view)
        assert keys == general_keys


@pytest.mark.parametrize("seed", range(2))
def test_a_cleared_notices_keys_come_in_the_general_order(seed):
    """The direct keys of a notice take its values from its pieces, not from
    `extract_values`: the same keys, built from one list in the same order (the recency
    signal sums over them in their set's order, and its last bits follow it)."""
    rng = random.Random(seed)
    odd = [render(DEFAULT_CLEAR_PLACEHOLDER, tool="bash", tokens=count, offload_id=oid, recovery_tool="read_offload",
                  tool_call_id="") for count in ("0", "000", "007", "100", "999", "0,123", "1,000")
           for oid in ("off-0123456789ab", "off-012345678901", "off-abcdefabcdef", "off-00000000000e")]
    for text in _notices(400, seed) + odd:
        m = Message.text_message("tool", text, tool_call_id="call_1")
        _, keys = fidelity.rewritten_reading(m, rng.choice(ROOTS))
        values = extract_values(text)
        general = frozenset(["w:" + w for w in fidelity.words(text)] + ["t:" + t for t in fidelity.digit_tokens(text)]
                            + ["v:" + v for v in values] + ["a:" + v for v in values])
        assert list(keys) == list(general), text


@pytest.mark.parametrize("seed", range(3))
def test_the_sentences_around_an_offload_id_read_as_their_words_and_prose_test_give(seed):
    """A notice's sentence holding an offload id (a cleared result's second one, cleared
    arguments) is read from its fixed rest and the id: each sentence of the view has
    the words `words` gives it, is prose as `is_prose` says, no cut quote, no plan,
    no step; in a notice, in arguments, and in a summary's line quoting a notice."""
    rng = random.Random(seed)
    for notice in _notices(300, seed):
        oid = _oid(rng)
        args = render(DEFAULT_ARGUMENTS_PLACEHOLDER, offload_id=oid)
        messages = [Message.text_message("tool", notice, tool_call_id="call_1"),
                    Message.text_message("assistant", "Let me look.", tool_calls=[
                        ToolCall(id="call_1", name="bash", arguments_raw=args)]),
                    Message.text_message("user", "Summary:\n- bash: " + notice + "\n- args " + args + " (step 3)")]
        for m in messages:
            view, _ = fidelity.rewritten_reading(m)
            held = [s for s in view.sentences if "off-" in s]
            assert held, m.text
            for k, sentence in enumerate(view.sentences):
                assert view.words[k] == fidelity.words(sentence), sentence
                assert view.lower[k] == sentence.lower()
                assert (k in view.prose) == (fidelity.is_prose(sentence) and not sentence.endswith("...")), sentence
            assert view.fragments == 0 and not view.plans and not view.steps
