"""Engine measurements on the 10k session: re-plan, LangChain `trim_messages` on the
same budgets, cold counting against raw tiktoken, and reopening from the workspace.

Every ratio compares two timings taken in this process, one right after the other.
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

THRESHOLDS = [int(8000 * 1.2 ** k) for k in range(20)]  # 8,000 .. 255,591 tokens

REPLAN_CONFIGS = {
    "balanced": ("preset balanced with the summarization trigger on tokens: "
                 "summarization.trigger.context_ratio=0, summarization.trigger.context_tokens=T, "
                 "summarization.keep.tokens=0 (the kept window is T/2, so every threshold is a different plan)"),
    "eino": "preset eino with summarization.trigger.context_tokens=T (preserved user messages up to T/3)",
}


def replan_config(name: str, threshold: int):
    from inspector.engine import preset

    values: dict[str, Any] = {"summarization.trigger.context_tokens": threshold}
    if name == "balanced":
        values.update({"summarization.trigger.context_ratio": 0.0, "summarization.keep.tokens": 0})
    return preset(name).with_values(values)


def _stats(ms: Sequence[float]) -> dict[str, float]:
    s = sorted(ms)
    return {"median": round(statistics.median(s), 3), "min": round(s[0], 3),
            "p90": round(s[min(len(s) - 1, int(0.9 * len(s)))], 3), "max": round(s[-1], 3)}


def _time(fn: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - t


# ------------------------------------------------------------------------------ re-plan


def measure_replan(session, counter) -> dict[str, Any]:
    """plan() for each threshold once (first time each), after the counts are cached."""
    from inspector.engine import plan
    from inspector.engine.analysis import analyze

    analyze(session, counter)  # counts cached: the session is open
    out: dict[str, Any] = {"thresholds": THRESHOLDS}
    for name in REPLAN_CONFIGS:
        plan(session, replan_config(name, 1_000_000), counter)  # the plan shown on opening
        configs = [replan_config(name, t) for t in THRESHOLDS]  # built outside the timing
        ms, budgets, plans = [], [], []
        for cfg in configs:
            p, dt = _time(lambda cfg=cfg: plan(session, cfg, counter))
            ms.append(dt * 1000)
            budgets.append(p.total_after)
            plans.append(p)
        again = [_time(lambda cfg=cfg: plan(session, cfg, counter))[1] * 1000 for cfg in configs]
        out[name] = {
            "ms": [round(x, 3) for x in ms],
            **_stats(ms),
            "revisit_median": round(statistics.median(again), 3),
            "budgets": budgets,
            "actions_at_median_threshold": plans[len(plans) // 2].action_counts(),
            "tokens_before": plans[0].total_before,
        }
    out["other_knobs_balanced"] = measure_knobs(session, counter)
    return out


KNOBS = {
    "reduction.truncation.max_chars": [int(5000 * 1.15 ** k) for k in range(20)],
    "reduction.clear.keep_rounds": list(range(1, 21)),
    "reduction.clear.trigger_tokens": [int(20_000 * 1.2 ** k) for k in range(20)],
    "tailoring.budget_tokens": [int(5000 * 1.2 ** k) for k in range(20)],
}


def measure_knobs(session, counter) -> dict[str, Any]:
    """The other sliders (balanced preset): each moved through 20 values, one plan each."""
    from inspector.engine import plan, preset

    base = preset("balanced")
    plan(session, base, counter)
    out = {}
    for key, values in KNOBS.items():
        configs = [base.with_values({key: v}) for v in values]
        ms = [_time(lambda cfg=cfg: plan(session, cfg, counter))[1] * 1000 for cfg in configs]
        out[key] = _stats(ms)
    return out


# ------------------------------------------------------------------------- trim_messages


def to_langchain(session) -> list:
    """The session as LangChain messages (outside every timed region)."""
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    out = []
    for m in session.messages:
        text = m.text
        if m.role in ("system", "developer"):
            out.append(SystemMessage(text))
        elif m.role == "user":
            out.append(HumanMessage(text))
        elif m.role == "assistant":
            calls = []
            for c in m.tool_calls:
                args = c.arguments if isinstance(c.arguments, dict) else {"input": c.arguments_raw}
                calls.append({"name": c.name, "args": args, "id": c.id, "type": "tool_call"})
            out.append(AIMessage(text, tool_calls=calls))
        else:
            out.append(ToolMessage(text, tool_call_id=m.tool_call_id or "", name=m.name))
    return out


def tiktoken_counter(encoding_name: str = "o200k_base") -> Callable[[list], int]:
    """An exact token counter for trim_messages, after LangChain's how-to (OpenAI's
    recipe: 3 tokens per message, the role and content, 1 per name, 3 to prime the
    reply) plus tool-call names and arguments."""
    from langchain_core.messages import AIMessage, BaseMessage

    from inspector.engine.tokens import _get_encoding

    enc = _get_encoding(encoding_name)
    encode = enc.encode_ordinary

    def count(messages: list[BaseMessage]) -> int:
        n = 3
        for msg in messages:
            content = msg.content if isinstance(msg.content, str) else json.dumps(msg.content)
            n += 3 + len(encode(msg.type)) + len(encode(content))
            if msg.name:
                n += 1 + len(encode(msg.name))
            if isinstance(msg, AIMessage):
                for c in msg.tool_calls:
                    n += 3 + len(encode(c["name"])) + len(encode(json.dumps(c["args"])))
        return n

    return count


def measure_trim(session, budgets: list[int], replan: dict[str, Any], tiktoken_budgets: int) -> dict[str, Any]:
    import langchain_core
    from langchain_core.messages import trim_messages
    from langchain_core.messages.utils import count_tokens_approximately

    lc = to_langchain(session)
    exact = tiktoken_counter()

    def run(counter, budget):
        return trim_messages(lc, max_tokens=budget, strategy="last", start_on="human",
                             include_system=True, token_counter=counter)

    run(count_tokens_approximately, budgets[0])  # warm-up, untimed (ours had one too)
    approx_ms, kept = [], []
    for b in budgets:
        r, dt = _time(lambda b=b: run(count_tokens_approximately, b))
        approx_ms.append(dt * 1000)
        kept.append(len(r))
    # The exact counter re-tokenizes on every call; a subset of the budgets (spread
    # over the range) keeps the run short. Its median is compared with ours.
    k = max(1, min(len(budgets), tiktoken_budgets))
    picked = [budgets[round(i * (len(budgets) - 1) / max(1, k - 1))] for i in range(k)] if k > 1 else [budgets[len(budgets) // 2]]
    tk_ms = []
    for b in picked:
        _, dt = _time(lambda b=b: run(exact, b))
        tk_ms.append(dt * 1000)
    ours = replan["balanced"]["median"]
    return {
        "langchain_core": langchain_core.__version__,
        "call": ("trim_messages(messages, max_tokens=budget, strategy='last', start_on='human', "
                 "include_system=True, token_counter=...) on the session as LangChain messages "
                 "(converted outside the timing); budget = the plan's total_after for each threshold "
                 "(balanced)"),
        "approx": {"counter": "count_tokens_approximately", "ms": [round(x, 2) for x in approx_ms],
                   **_stats(approx_ms), "messages_kept": kept},
        "tiktoken": {"counter": "exact o200k_base per-message counter (LangChain how-to recipe + tool calls)",
                     "budgets": picked, "ms": [round(x, 1) for x in tk_ms], **_stats(tk_ms)},
        "replan_vs_trim_approx": round(statistics.median(approx_ms) / ours, 1),
        "replan_vs_trim_tiktoken": round(statistics.median(tk_ms) / ours, 1),
        "eino_vs_trim_approx": round(statistics.median(approx_ms) / replan["eino"]["median"], 1),
    }


# ------------------------------------------------------------------------------ counting


def measure_count(make_session: Callable[[], Any], counter, texts: list[str], repeats: int = 3) -> dict[str, Any]:
    """Our cold exact count (hashing, extraction, the batch) vs raw encode_ordinary_batch
    on the same texts (the distinct messages' texts, which is what we tokenize)."""
    from inspector.engine.tokens import TokenCache, count_messages

    enc = counter._enc
    enc.encode_ordinary("warm up")
    ours, raw = [], []
    tokens = None
    for _ in range(repeats):
        session = make_session()  # fresh message objects: no memoised hashes
        gc.collect()
        r, dt = _time(lambda: enc.encode_ordinary_batch(texts))
        raw.append(dt)
        tokens = sum(map(len, r))
        del r
        gc.collect()
        _, dt = _time(lambda: count_messages(session.messages, counter, TokenCache()))  # noqa: B023
        ours.append(dt)
    raw_s, ours_s = statistics.median(raw), statistics.median(ours)
    return {
        "texts": len(texts), "chars": sum(map(len, texts)), "tokens": tokens,
        "raw_s": round(raw_s, 3), "ours_s": round(ours_s, 3),
        "raw_tokens_per_s": round(tokens / raw_s), "ours_tokens_per_s": round(tokens / ours_s),
        "raw_call": "tiktoken encode_ordinary_batch(texts) (default num_threads=8)",
        "count_cold_vs_raw": round(raw_s / ours_s, 2),
    }


def measure_warm(session, counter, tmp: Path, cold_s: float, repeats: int = 3) -> dict[str, Any]:
    """Reopening the session from the workspace: a fresh Workspace (nothing in memory),
    the session loaded, and its counts served by the persistent token cache, with
    the same `count_messages` call the cold count makes. Also timed: the whole
    reopen (load + counts), and `stored_counts` (counts without building messages)."""
    from inspector.engine.tokens import count_messages
    from inspector.workspace.database import Workspace

    path = tmp / "warm.db"
    with Workspace(path) as ws:
        wid, store_s = _time(lambda: ws.add_session(session))
        (totals, _), fill_s = _time(lambda: count_messages(session.messages, counter, ws.token_cache()))
        ws.record_tokens(wid, counter.name, sum(totals))

    def counts_on_reopen() -> float:
        with Workspace(path) as ws:
            s = ws.load_session(wid)
            gc.collect()  # the load's deferred collection is not the count's
            (warm, _), dt = _time(lambda: count_messages(s.messages, counter, ws.token_cache()))
        assert warm == totals, "counts from the workspace differ from tiktoken's"
        return dt

    def full_reopen() -> float:
        def run():
            with Workspace(path) as ws:
                s = ws.load_session(wid)
                return count_messages(s.messages, counter, ws.token_cache())[0]
        warm, dt = _time(run)
        assert warm == totals
        return dt

    def stored() -> float | None:
        with Workspace(path) as ws:
            if not hasattr(ws, "stored_counts"):
                return None
            got, dt = _time(lambda: ws.stored_counts(wid, counter.name))
        assert got is not None and got[0] == totals
        return dt

    counts, reopen, direct = [], [], []
    for _ in range(repeats):
        gc.collect()
        counts.append(counts_on_reopen())
        gc.collect()
        reopen.append(full_reopen())
        direct.append(stored())
    counts_s, reopen_s = statistics.median(counts), statistics.median(reopen)
    out = {
        "store_s": round(store_s, 3), "fill_cache_s": round(fill_s, 3), "db_bytes": path.stat().st_size,
        "cold_count_s": round(cold_s, 3),
        "counts_on_reopen_s": round(counts_s, 4),
        "count_warm_speedup": round(cold_s / counts_s, 1),
        "reopen_with_load_s": round(reopen_s, 4),
        "reopen_with_load_speedup": round(cold_s / reopen_s, 1),
        "definition": ("cold count (count_messages on fresh messages, empty cache) / the same count_messages "
                       "call on the reopened session (fresh Workspace, load_session not timed) served by the "
                       "persistent token cache; reopen_with_load adds load_session (fresh Workspace, 10k "
                       "messages built from their stored JSON)"),
    }
    if direct[0] is not None:
        stored_s = statistics.median(direct)
        out.update(stored_counts_s=round(stored_s, 4), stored_counts_speedup=round(cold_s / stored_s, 1))
    return out
