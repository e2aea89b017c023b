"""Large inputs (issue 14): a 100,000-message source JSONL read, and a session holding
one 50 MB tool output planned.

- `write_claude_code_100k(path)`: `data.big_session(100_000)` (the bench session's
  re-sampled real SWE-agent runs, about 30 M tokens) written as a Claude Code
  transcript by inspector's own Claude Code export (fresh uuids, a `parentUuid`
  chain, one record per assistant block as Claude Code writes them).
- `big_output_chat()`: a short chat session whose one tool result is 50 MB of real
  SWE-agent tool outputs (code, tracebacks, test logs) concatenated.

Each is timed against a reference in the same run: the transcript against
`orjson.loads` of each of its lines (`read_jsonl_100k_vs_orjson`), the plan against
tiktoken's own `encode_ordinary` of the 50 MB text (`plan_50mb_vs_tiktoken`).
Each figure is the best of `runs` cold runs (wall time; `cpu_s`, the process's CPU time
over all threads, beside it, as the machine is shared): the reader starts from the
file, the planner from a new session, a new counter and an empty token cache.
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

import data


def write_claude_code_100k(path: Path, n: int = 100_000) -> dict[str, Any]:
    """Write the transcript; returns what it holds."""
    from inspector.exports.registry import export_session

    session = data.big_session(n)
    result = export_session(session, "claude-code", path)
    return {"messages": len(session.messages), "records": result.items, "bytes": path.stat().st_size,
            "session_id": result.session_id}


def measure_read_jsonl(path: Path, runs: int = 2) -> dict[str, Any]:
    """`open_source(path).read(id)`: probe, detection, parse, canonical messages."""
    from inspector.sources.registry import open_source

    times: list[float] = []
    cpu: list[float] = []
    messages = 0
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        with open_source(path) as src:
            session = src.read(src.session_ids()[0])
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        messages = len(session.messages)
        del session
    orjson_s = [_orjson_lines_s(path) for _ in range(runs)]
    return {"messages": messages, "runs_s": [round(x, 3) for x in times], "cpu_s": [round(x, 3) for x in cpu],
            "best_s": round(min(times), 3), "orjson_runs_s": [round(x, 3) for x in orjson_s],
            "orjson_best_s": round(min(orjson_s), 3)}


def _orjson_lines_s(path: Path) -> float:
    """Seconds to read the file and `orjson.loads` every line: the floor of a reader."""
    import orjson

    t = time.perf_counter()
    with open(path, "rb") as f:
        records = [orjson.loads(line) for line in f if line.strip()]
    seconds = time.perf_counter() - t
    del records
    return seconds


def big_output_chat(chars: int = 50_000_000, seed: int = 5) -> list[dict[str, Any]]:
    """OpenAI chat messages whose one tool result is `chars` characters of real tool
    output."""
    system, _, outputs = data._episodes()
    rng = random.Random(seed)
    pieces, size = [], 0
    while size < chars:
        piece = rng.choice(outputs)
        pieces.append(piece)
        size += len(piece) + 1
    text = "\n".join(pieces)[:chars]
    call = {"id": "call_log", "type": "function", "function": {"name": "bash", "arguments": '{"command": "pytest -vv"}'}}
    return [dict(system), {"role": "user", "content": "Run the whole test suite and show me the log."},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_log", "content": text},
            {"role": "assistant", "content": "The suite ran; the failures are in the log above."},
            {"role": "user", "content": "Fix the first failure."}]


def measure_plan_big_output(chat: list[dict[str, Any]], runs: int = 2) -> dict[str, Any]:
    """plan() with the balanced preset, cold: a new session, a new counter and an
    empty token cache each run, so the 50 MB text is tokenized every time."""
    from inspector.engine import make_counter, plan, preset
    from inspector.engine.models import Session
    from inspector.engine.tokens import TokenCache
    from inspector.formats.openai_chat import from_openai

    times: list[float] = []
    cpu: list[float] = []
    out: dict[str, Any] = {}
    for _ in range(runs):
        session = Session(id="bench-50mb", source_format="openai-chat", model="gpt-4o",
                          messages=from_openai(chat)).renumber()
        counter = make_counter(model=session.model)
        t, c = time.perf_counter(), time.process_time()
        p = plan(session, preset("balanced"), counter, token_cache=TokenCache())
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        out = {"tokens_before": p.total_before, "tokens_after": p.total_after, "counter": counter.name,
               "estimated": bool(getattr(counter, "estimated_runs", 0))}
    tool = max(len(m.get("content") or "") for m in chat)
    text = max((m.get("content") or "" for m in chat), key=len)
    encoding = counter._enc  # the counter's own tiktoken Encoding
    raw: list[float] = []
    for _ in range(runs):
        t = time.perf_counter()
        tokens = len(encoding.encode_ordinary(text))
        raw.append(time.perf_counter() - t)
    return {**out, "tool_output_chars": tool, "runs_s": [round(x, 3) for x in times],
            "cpu_s": [round(x, 3) for x in cpu], "best_s": round(min(times), 3), "median_s": round(statistics.median(times), 3),
            "tiktoken_runs_s": [round(x, 3) for x in raw], "tiktoken_best_s": round(min(raw), 3),
            "tiktoken_tokens": tokens,
            "tiktoken_definition": "encode_ordinary of the 50 MB tool output alone, the same encoding"}
