"""The offline summary of a range the measure has not seen (a knob move's first visit)
at the cost of what changed since the last range, and exactly what the plain path
makes: on real sessions (tool pairs, demonstrations, an environment answering in user
messages, a framework's repeated template, earlier summaries) and the bench's session
shape, over knob moves that shrink and grow the summarized range under several
configs (reductions on, preserved users, incremental or not):

- `content_model` resuming the last classification gives the model classified from
  scratch (`forget_models`);
- `summary_request` (its messages and counts from the last range's,
  `applier.summarized_messages`) is the request made from `reduce_message` and a fresh
  count: the same messages, sizes and budgets, the same prompt a model gets, and the
  same extractive summary.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.engine import applier, make_counter, plan, preset
from inspector.engine.analysis import analyze
from inspector.engine.applier import reduce_message, summary_request
from inspector.engine.content import content_model, forget_models
from inspector.engine.summarize import SummaryRejected
from inspector.engine.summarize.extractive import ExtractiveSummarizer, build_summary, forget_reads
from inspector.engine.summarize.retry import chunk_messages
from inspector.engine.tokens import TokenCache, count_messages
from inspector.sources.registry import open_source
from tests.conftest import CLAUDE_CODE, FIXTURES, SWE_AGENT
from tests.engine.test_materialize_view import bench_session
from tests.sessions import asst, session, tool, user
from tests.sessions import sys as system

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "tool-pairs": FIXTURES / "claude-code-subagent/agent-a7be2f0.jsonl",
    "demonstration": SWE_AGENT / "ctf_web_i_got_id_demo.traj",
    "environment-users": SWE_AGENT / "marshmallow-1867_window100.traj",
    "function-calling": SWE_AGENT / "marshmallow-1867_function_calling.traj",
    "template": ROOT / "tests/data/fidelity_judged_L14/sessions/chatdev_gomoku.json",
    "codex": FIXTURES / "codex/rollout-2025-10-29T01-00-00-marshmallow.jsonl",
}
# Knob moves: the trigger as a share of the session's tokens, up (the range shrinks),
# then down (it grows), with jumps.
MOVES = (0.2, 0.24, 0.3, 0.45, 0.7, 0.9, 0.62, 0.33, 0.26, 0.21)
CONFIGS = {
    "balanced": ("balanced", {"summarization.keep.tokens": 0}),
    "reduced": ("balanced", {"summarization.keep.tokens": 0, "reduction.clear.enabled": True,
                             "reduction.truncation.max_chars": 800}),
    "not-incremental": ("balanced", {"summarization.keep.tokens": 0, "summarization.incremental": False,
                                     "reduction.clear.enabled": True}),
    "preserved-users": ("balanced", {"summarization.preserve_user_messages.enabled": True}),
    "eino": ("eino", {}),
}



def _read(path: Path):
    with open_source(path) as src:
        return src.read(src.session_ids()[0])


@pytest.fixture(scope="module")
def sessions():
    out = {name: _read(path) for name, path in SOURCES.items()}
    out["bench"] = bench_session(500)
    out["few-errors"] = _failing_now_and_then(300, 60)  # 5 errors: never full
    out["many-errors"] = _failing_now_and_then(300, 13)  # 23 errors: full after 8
    # an earlier compaction (Claude Code's record) a third of the way into a long session
    earlier = next(m for m in _read(CLAUDE_CODE / "branch_merge_compact.jsonl").messages if m.kind != "message")
    long = out["function-calling"]
    cut = len(long.messages) // 3
    out["compacted"] = long.model_copy(update={"id": "compacted", "messages": [
        *long.messages[:cut], earlier, *long.messages[cut:]]}).renumber()
    return out


def _demonstrated_then_answered():
    """SWE-agent's shape, long enough for the classification's kept states: a
    demonstration whose turns carry no flag (they become the demonstration's when the
    task statement comes), then the environment answering actions in marked user
    messages, then in unmarked ones (so whether the environment answers in user
    messages flips as the range grows)."""
    marked = "{k} files\n(Open file: n/a)\n(Current directory: /testbed)\nbash-$"
    msgs = [system("You are an autonomous programmer."),
            user("Here is a demonstration of how to correctly accomplish this task.")]
    for k in range(40):
        msgs += [asst(f"Let me look.\n```\nls dir{k}\n```"), user(marked.format(k=k))]
    msgs.append(user("We're currently solving the following issue within our repository.\n"
                     "<pr_description>TimeDelta serialization rounds 345 ms down to 344.</pr_description>"))
    for k in range(40):
        msgs += [asst(f"Next.\n```\nopen src/f{k}.py\n```"), user(marked.format(k=k + 100))]
    for k in range(100):
        msgs += [asst(f"Next.\n```\npython run{k}.py\n```"), user(f"the output of run {k} is 4{k}")]
    return session(*msgs, id="demonstrated").messages


def _failing_now_and_then(rounds: int, every: int):
    """An agent fixing a parser: a call per round naming its file, its output, a
    traceback every `every` rounds (a different error each time), a request now and
    then; so the summary's actions and files fill long before its errors do, or never."""
    msgs = [system("You are a coding agent."), user("Fix the date parser in src/parse.py: it drops time zones.")]
    for r in range(rounds):
        if r % 25 == 24:
            msgs.append(user(f"Also check case {r}: 2024-03-0{r % 9 + 1}T10:00+02:00 must keep its offset."))
        cid = f"call{r}"
        msgs.append(asst(f"Round {r}: I will run the tests of src/mod{r % 40}.py.",
                         [(cid, "bash", f'{{"cmd": "pytest tests/test_mod{r % 40}.py -x"}}')]))
        out = (f"Traceback (most recent call last):\n  File \"src/mod{r % 40}.py\", line {r}\n"
               f"ValueError: offset {r} out of range" if r % every == every - 1 else f"{r % 7 + 1} passed in 0.{r}s")
        msgs.append(tool(cid, out, "bash"))
    return session(*msgs, id=f"failing-{every}")


def _model_facts(model):
    return (model.kinds, model.task, model.environment_users, model.hashes, model.roots,
            [id(m) for m in model.messages])


@pytest.mark.parametrize("name", [*SOURCES, "bench", "compacted", "demonstrated"])
def test_a_resumed_classification_is_the_one_made_from_scratch(sessions, name):
    msgs = sessions[name].messages if name != "demonstrated" else _demonstrated_then_answered()
    n = len(msgs)
    # ranges that grow and shrink at their end, from a few starts, then jump
    ranges = [(a, b) for a in (0, 1, min(3, n)) for b in (n, n - 1, n * 3 // 4, n * 3 // 4 + 70, n // 3,
                                                          n // 3 + 1, n // 2, n - 5, 2, n // 5) if b > a]
    ranges += [(0, n), (n // 4, n), (n // 4, n // 2), (0, 65), (0, 64), (0, 63), (0, 129), (0, 90), (0, 70),
               (0, 200), (0, 260), (0, 300), (0, 250), (0, 180), (0, 75), (0, 84)]
    forget_models()
    served = [(r, _model_facts(content_model(msgs[r[0]:r[1]]))) for r in ranges if r[1] <= n]
    for r, facts in served:
        forget_models()
        assert facts == _model_facts(content_model(msgs[r[0]:r[1]])), (name, r)


def _plain_summarized(session, p, start, end, counter):
    """The range's messages reduced from scratch (`reduce_message`), counted afresh."""
    msgs = [reduce_message(session, p, i)[0] for i in range(start, end)]
    return msgs, count_messages(msgs, counter, TokenCache())[0]


def _request_facts(req):
    sample = "(extractive summary, generated offline without a model)\nTask:\n- fix the parser in src/x.py"
    return {
        "messages": [m.model_dump() for m in req.messages],
        "fields": (req.key, req.previous_summary, req.prompt_template, req.system_prompt, req.max_words,
                   req.replaced_tokens, req.max_input_tokens, req.overhead_tokens, req.total_replaced_tokens,
                   req.max_text_tokens),
        "measure": req.measure(sample) if req.measure is not None else None,
        "count": req.count(sample),
        # what a summary model gets (inspector.llm drives these steps)
        "prompt": req.prompt_messages(),
        "chunks": [[m.model_dump() for m in chunk] for chunk in chunk_messages(req)],
    }


def _summary(req) -> str | None:
    try:
        return ExtractiveSummarizer().summarize(req).text
    except SummaryRejected:
        return None


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("name", [*SOURCES, "bench", "compacted", "few-errors", "many-errors"])
def test_knob_moves_summarize_as_the_plain_path(sessions, name, config, monkeypatch):
    session = sessions[name]
    counter = make_counter(model=session.model)
    total = analyze(session, counter).total
    preset_name, values = CONFIGS[config]
    plans = []
    for share in MOVES:
        cfg = preset(preset_name).with_values(
            values | {"summarization.trigger.context_tokens": max(200, int(total * share)),
                      "summarization.trigger.context_ratio": 0.0})
        plans.append(plan(session, cfg, counter))
    specs = [(p, spec) for p in plans for spec in p.applied_summaries()]
    if not specs:
        pytest.skip(f"{name} under {config}: nothing summarized")
    forget_models()
    forget_reads()
    # every move in order, each range's work reused from the last one's
    served = []
    for p, spec in specs:
        req = summary_request(session, p, spec, counter)
        served.append((_request_facts(req), _summary(req)))
    if values.get("summarization.keep.tokens") == 0:  # (the kept window is half the trigger)
        assert len({(spec.start, spec.end) for _, spec in specs}) >= 2, "the range moved with the knob"
    monkeypatch.setattr(applier, "summarized_messages", _plain_summarized)
    for (p, spec), (facts, text) in zip(specs, served, strict=True):
        forget_models()
        forget_reads()
        plain = summary_request(session, p, spec, counter)
        expected = _request_facts(plain)
        assert facts["fields"] == expected["fields"], (spec.start, spec.end)
        assert facts == expected, (spec.start, spec.end)
        # what the summary stands for, counted afresh from the messages reduced
        summarized = [reduce_message(session, p, i)[0] for i in spec.summarized]
        assert plain.replaced_tokens == sum(count_messages(summarized, counter, TokenCache())[0])
        assert text == _summary(plain), (spec.start, spec.end)


@pytest.mark.parametrize("name", ["few-errors", "many-errors", "environment-users", "bench"])
def test_a_range_moved_one_message_at_a_time_summarizes_as_read_afresh(sessions, name):
    msgs = sessions[name].messages
    counter = make_counter(model=sessions[name].model)
    n = len(msgs)
    # around the first failing result after a third of the session (else the middle)
    at = next((i for i in range(n // 3, n) if msgs[i].role == "tool" and "Error" in msgs[i].text), n // 2)
    ends = [*range(at - 12, min(n, at + 40)), *range(min(n, at + 40), at - 18, -3), n, n - 3, n // 3]
    forget_models()
    forget_reads()
    served = [build_summary(msgs[1:end], [], 300, counter.count, 600) for end in ends]
    for end, text in zip(ends, served, strict=True):
        forget_models()
        forget_reads()
        assert text == build_summary(msgs[1:end], [], 300, counter.count, 600), end
