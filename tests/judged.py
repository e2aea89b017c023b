"""The labelled fidelity set (issue #23.6): compactions of real SWE-agent sessions at
graded quality, each judged blind by readers who did not write it.

Files, under `tests/data/fidelity_judged/` (or `$INSPECTOR_JUDGED_DIR`):

    items-*.jsonl        {"id", "session", "cut", "replacement"} per line; `session` is a file
                         name in tests/fixtures/swe-agent/
    key/key-*.json       id -> {"variant": faithful|terse|planted_errors|keyword_dump|nothing|
                         task_only|inspector, ...}
    judges/<judge>.jsonl {"id", "recall", "artifact", "continuation", "decision", "misleading",
                         "overall"} per line (overall 0-10)

The compacted context of an item is `[messages[0]] + [a user message holding the
replacement, if any] + messages[cut:]` of the session's `history`, read through
inspector's own reader (its message indices are the history's). An item's gold score
is its judges' mean `overall / 10`. Used by tests/engine/test_fidelity_judged.py and
bench/fidelity_bench.py.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from inspector.engine.models import Message

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "data" / "fidelity_judged"
# Other sessions, other writers and judges (development data since issue #23 session 3).
HELDOUT = ROOT / "data" / "fidelity_judged_heldout"
# Sessions in no other set, a fourth writer, two more judges; scored only once the measure
# was final (its README): the figures that say whether the measure generalizes.
BLIND = ROOT / "data" / "fidelity_judged_blind"
# Other origins and genres (mini-swe-agent, SWE-agent function calling; tau-bench customer
# service, Claude Code sub-agents): sessions of a fifth and sixth writer, four more judges.
L5 = ROOT / "data" / "fidelity_judged_L5"
L6 = ROOT / "data" / "fidelity_judged_L6"
# Origins no other set has (OpenHands, a Claude Code main session, AutoGen): a seventh writer.
L7 = ROOT / "data" / "fidelity_judged_L7"
# The final blind check of session 4: never seen while the measure was tuned (its README).
L8 = ROOT / "data" / "fidelity_judged_L8"
# Session 5's blind checks, never seen while the measure was tuned (their READMEs): L9
# (aider, moatless-tools, tau2-bench medical), L10 (Claude Code sessions of the Entire CLI).
L9 = ROOT / "data" / "fidelity_judged_L9"
L10 = ROOT / "data" / "fidelity_judged_L10"
# L11 (LangGraph's customer-support tutorial runs): blind until the position rule (its README).
L11 = ROOT / "data" / "fidelity_judged_L11"
# Session 6's first blind check (ReAct on WebShop, ToolBench), never seen while the measure was tuned.
L12 = ROOT / "data" / "fidelity_judged_L12"
# and its second (Claude Code and Codex CLI coding runs), never seen while the measure was tuned.
L13 = ROOT / "data" / "fidelity_judged_L13"
# Session 7's blind check (ChatDev multi-agent runs, acting through text), never seen while the
# measure was tuned.
L14 = ROOT / "data" / "fidelity_judged_L14"
# and its second (Letta agent files: companion chat, developer support, memory agents,
# customer service): never seen while the measure was tuned, and left out of its fit.
L15 = ROOT / "data" / "fidelity_judged_L15"
# Session 9's blind check (CAMEL role-play runs, InterCode CTF and Bash runs): read once blind
# on main, then the lead's classification changes were made with its sessions seen; left out
# of the fit.
L17 = ROOT / "data" / "fidelity_judged_L17"
# and its second (smolagents' GAIA runs: tool calling and code agents): read once blind on the
# merge of session 9, then one false flag it showed fixed; left out of the fit.
L18 = ROOT / "data" / "fidelity_judged_L18"
# Session 10's blind checks, read once blind on main before any of the session's changes, then on
# its merge; left out of the fit: AgentDojo's tool-calling runs (Slack, travel, workspace; two under
# a prompt-injection attack) ...
L19 = ROOT / "data" / "fidelity_judged_L19"
# ... and coding-agent sessions of two more origins (pi, Kimi CLI and its sub-agent).
L20 = ROOT / "data" / "fidelity_judged_L20"
# Session 16's blind check, read once blind on main before any of the session's changes, then on
# its merge; left out of the fit: NeMo Gym rollouts (legal review, a bookstore's customer service,
# financial research from filings) and a PaperBench reproduction run.
L21 = ROOT / "data" / "fidelity_judged_L21"
# ... and its second, read blind once its first merges were in: verifiers' wiki_search rollouts
# (trivia by function calls over a Wikipedia snapshot) and WebVoyager's browsing runs.
L22 = ROOT / "data" / "fidelity_judged_L22"
# Session 17's blind check, read once blind on main before any of the session's changes, then on
# its merge; left out of the fit: General AgentBench traces (one agent holding the tools of several
# benchmarks: MCP time and museum tasks, BrowseComp web research, a SWE-bench fix, Terminal-Bench's zork).
L23 = ROOT / "data" / "fidelity_judged_L23"
# Session 18's blind check, read once blind on main before any of the session's changes; left out
# of the fit: Google ADK samples' recorded sessions (customer service, personal shopping in WebShop).
L24 = ROOT / "data" / "fidelity_judged_L24"
# ... and its second, written while the session's changes were made and read once after its
# first two merges: ljoukov/llm's benchmark agent runs (reports to JSON files, function calls) and a
# TapeAgents WorkArena tape (a web agent ordering in a ServiceNow catalog).
L25 = ROOT / "data" / "fidelity_judged_L25"
# ... and its third, written and judged while the session's last changes were made and read once
# on its final main, nothing changed for it: DeerFlow's recorded research runs and UI-TARS
# desktop's GitHub reviewer agent snapshots.
L26 = ROOT / "data" / "fidelity_judged_L26"
# Session 19's blind check, written and judged before any of the session's changes and read once on its
# first main: Reflexion's ReAct runs on HotpotQA (Wikipedia question answering over several trials).
L27 = ROOT / "data" / "fidelity_judged_L27"
# ... and its second, written and judged before any of the session's changes, read once on main with
# only L27's rule in: beebot's runs of Auto-GPT-Benchmarks' TestRememberMultipleIds (a chain of files
# handing on ids, by function calls).
L28 = ROOT / "data" / "fidelity_judged_L28"
# Session 20's blind check, read once on main before any change for it: Spider2 SQL agent, kubectl-ai
# sessions, TradingAgents multi-agent analysis.
L29 = ROOT / "data" / "fidelity_judged_L29"
SESSIONS = ROOT / "fixtures" / "swe-agent"
# Pairs the judges separate by this much (overall, on 0..1) count for pairwise accuracy.
CLEAR_GAP = 0.2


@dataclass(frozen=True)
class LabelledSet:
    """One labelled set: where it is, what it holds, and what it is used for.

    `use` is "fit" (the blend's constants are chosen on it: `bench/fidelity_fit.py`),
    "study" (held out of the fit, a fold of `fidelity_fit.py --all` and covered by the
    digest `bench/fidelity_digest.py` compares) or "blind" (read only to check a change
    before it is adopted). The bench reports each set's agreement under its name.
    """

    name: str
    path: Path
    about: str
    use: str


# Every labelled set, in the order they were written: the one list the bench, the fit, the
# digest and the tests take them from (tests/engine/test_fidelity_judged.py checks that
# every tests/data/fidelity_judged* directory is here).
SETS: dict[str, LabelledSet] = {s.name: s for s in (
    LabelledSet("L1+L2", DATA, "SWE-agent runs, two writers", "fit"),
    LabelledSet("L3", HELDOUT, "other sessions, writers, judges", "fit"),
    LabelledSet("L4", BLIND, "sessions in no other set, a fourth writer, two more judges; blind until the "
                "measure's fourth pass", "fit"),
    LabelledSet("L5", L5, "other agents: mini-swe-agent, SWE-agent function calling", "fit"),
    LabelledSet("L6", L6, "other genres: tau-bench customer service, Claude Code sub-agents", "fit"),
    LabelledSet("L7", L7, "other origins: OpenHands, a Claude Code main session, AutoGen conversations", "fit"),
    LabelledSet("L8", L8, "blind in session 4: tau-bench, a Claude Code sub-agent, OpenHands, mini-swe-agent", "fit"),
    LabelledSet("L9", L9, "blind in session 5 until one rule: aider, moatless-tools, tau2-bench medical triage", "fit"),
    LabelledSet("L10", L10, "blind in session 5: Claude Code sessions of the Entire CLI, five genres", "fit"),
    LabelledSet("L11", L11, "blind in session 5 until one rule: LangGraph's customer-support tutorial runs", "fit"),
    LabelledSet("L12", L12, "blind in session 6 until three rules: ReAct on WebShop, ToolBench API calls", "fit"),
    LabelledSet("L13", L13, "blind in session 6 until three rules: Claude Code and Codex CLI coding runs", "fit"),
    LabelledSet("L14", L14, "blind in session 7 (0.317 / 0.66 on main): ChatDev multi-agent runs", "fit"),
    LabelledSet("L15", L15, "blind, and out of the fit: Letta agent files (companion, support, memory agents)",
                "study"),
    LabelledSet("L17", L17, "blind in session 9 (0.246 / 0.667 on main), out of the fit: CAMEL role-play, "
                "InterCode runs", "study"),
    LabelledSet("L18", L18, "blind in session 9 (0.488 / 0.777 on its merge), out of the fit: smolagents GAIA runs",
                "study"),
    LabelledSet("L19", L19, "blind in session 10 (0.521 / 0.712 on main), out of the fit: AgentDojo tool-calling "
                "runs", "blind"),
    LabelledSet("L20", L20, "blind in session 10 (0.591 / 0.831 on main), out of the fit: pi and Kimi CLI coding "
                "sessions", "blind"),
    LabelledSet("L21", L21, "blind in session 16 (0.577 / 0.808 on main), out of the fit: NeMo Gym legal, customer "
                "service and finance rollouts, a PaperBench run", "blind"),
    LabelledSet("L22", L22, "blind in session 16 (0.586 / 0.858 on its first merges), out of the fit: verifiers' "
                "wiki_search and WebVoyager runs", "blind"),
    LabelledSet("L23", L23, "blind in session 17 (0.245 / 0.661 on main), out of the fit: General AgentBench "
                "traces (MCP tools, web research, SWE-bench, Terminal-Bench)", "blind"),
    LabelledSet("L24", L24, "blind in session 18 (0.539 / 0.766 on main), out of the fit: Google ADK samples' recorded "
                "sessions (customer service, shopping)", "blind"),
    LabelledSet("L25", L25, "blind in session 18 (0.189 / 0.638 on main after its first two merges), out of the "
                "fit: ljoukov/llm's benchmark agent runs, a TapeAgents WorkArena tape", "blind"),
    LabelledSet("L26", L26, "blind in session 18 (0.513 / 0.810 on its final main, before any change for it), out of the "
                "fit: DeerFlow research runs, UI-TARS desktop's GitHub reviewer agent", "blind"),
    LabelledSet("L27", L27, "blind in session 19 (0.216 / 0.601 on main, before any change for it), out of the fit: "
                "Reflexion's ReAct runs on HotpotQA", "blind"),
    LabelledSet("L28", L28, "blind in session 19 (0.601 / 0.810 on main with L27's rule), out of the fit: beebot's "
                "Auto-GPT-Benchmarks runs following a chain of files", "blind"),
    LabelledSet("L29", L29, "blind in session 20 (read on main 17c27c0, before any change for it), out of the fit: "
                "Spider2's SQL agent, kubectl-ai sessions, TradingAgents' multi-agent analysis", "blind"),
)}


def sets(*uses: str) -> dict[str, Path]:
    """The labelled sets' directories by name, in order.

    Args:
        uses: the uses to keep ("fit", "study", "blind"); every set when none is given.

    Returns:
        name -> directory.
    """
    return {name: s.path for name, s in SETS.items() if not uses or s.use in uses}


class JudgedSetError(ValueError):
    """A file of the labelled set is malformed (the message names it and the line)."""


@dataclass
class JudgedItem:
    """One compaction of the labelled set and its judges' scores."""

    id: str
    session: str
    cut: int
    replacement: str
    variant: str | None = None
    overall: list[float] = field(default_factory=list)  # each judge's overall, 0..10
    sessions: Path = SESSIONS  # where `session` is: the set's own sessions/, else the fixtures

    @property
    def gold(self) -> float:
        """The judges' mean overall score, 0..1."""
        return sum(self.overall) / len(self.overall) / 10

    def original(self) -> list[Message]:
        """The session's messages (the `.traj` history, read by inspector)."""
        return list(_session(self.sessions / self.session))

    def compacted(self) -> list[Message]:
        """The context the judges read: the system prompt, the replacement as a user
        message (none when empty), then messages[cut:] unchanged."""
        msgs = _session(self.sessions / self.session)
        replacement = [Message.text_message("user", self.replacement)] if self.replacement else []
        return [msgs[0], *replacement, *msgs[self.cut:]]


@cache
def _session(path: Path) -> tuple[Message, ...]:
    if path.suffix == ".traj":
        from inspector.sources.swe_agent import read_traj

        return tuple(read_traj(path).messages)
    # Any other format inspector reads (mini-swe-agent, OpenAI chat or Anthropic JSON): the
    # reader its content calls for, as `inspector fidelity` would open it.
    from inspector.sources.registry import open_source

    return tuple(next(open_source(path).sessions()).messages)


def data_dir() -> Path:
    """Where the labelled set is: `$INSPECTOR_JUDGED_DIR`, else tests/data/fidelity_judged."""
    return Path(os.environ.get("INSPECTOR_JUDGED_DIR") or DATA)


def _lines(path: Path) -> Iterable[tuple[int, dict]]:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError as exc:
            raise JudgedSetError(f"{path}:{n}: not JSON ({exc})") from None
        if not isinstance(obj, dict) or "id" not in obj:
            raise JudgedSetError(f"{path}:{n}: expected an object with an id")
        yield n, obj


def load(directory: Path | None = None, judged_only: bool = True) -> list[JudgedItem]:
    """The labelled items with their variants and judges' scores.

    Args:
        directory: the set's directory (default `data_dir()`).
        judged_only: leave out the items no judge scored yet.

    Returns:
        The items, in file order.

    Raises:
        JudgedSetError: a malformed file, a cut outside its session, an unknown session.
    """
    d = directory or data_dir()
    # A set may carry sessions of its own (real runs not among the fixtures), with their LICENSE.
    sessions = d / "sessions" if (d / "sessions").is_dir() else SESSIONS
    items: dict[str, JudgedItem] = {}
    for path in sorted(d.glob("items-*.jsonl")):
        for n, obj in _lines(path):
            try:
                item = JudgedItem(str(obj["id"]), str(obj["session"]), int(obj["cut"]), str(obj.get("replacement") or ""),
                                  sessions=sessions)
            except (KeyError, TypeError, ValueError) as exc:
                raise JudgedSetError(f"{path}:{n}: {exc!r}") from None
            if not (sessions / item.session).is_file():
                raise JudgedSetError(f"{path}:{n}: no session {item.session} in {sessions}")
            if not 1 <= item.cut <= len(_session(sessions / item.session)):
                raise JudgedSetError(f"{path}:{n}: cut {item.cut} outside {item.session}")
            items[item.id] = item
    for path in sorted(d.glob("key/key-*.json")):
        try:
            key = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise JudgedSetError(f"{path}: not JSON ({exc})") from None
        for item_id, info in key.items():
            if item_id in items and isinstance(info, dict):
                items[item_id].variant = info.get("variant")
    for path in sorted(d.glob("judges/*.jsonl")):
        for n, obj in _lines(path):
            overall = obj.get("overall")
            if not isinstance(overall, int | float) or not 0 <= overall <= 10:
                raise JudgedSetError(f"{path}:{n}: overall must be 0..10, got {overall!r}")
            if obj["id"] in items:
                items[obj["id"]].overall.append(float(overall))
    out = list(items.values())
    return [it for it in out if it.overall] if judged_only else out


def ranks(xs: list[float]) -> list[float]:
    """Ranks (0-based) with ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (Pearson's on the ranks, ties averaged)."""
    return _spearman_ranked(ranks(a), ranks(b))


def _spearman_ranked(ra: list[float], rb: list[float]) -> float:
    """Pearson's correlation of two lists of ranks."""
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var if var else 0.0


def agreement(items: list[JudgedItem], score: Callable[[JudgedItem], float]) -> dict[str, float]:
    """How a measure agrees with the judges on `items`.

    Args:
        items: judged items.
        score: the measure of one item.

    Returns:
        {"spearman": over all items, "pairwise_accuracy": the share of the pairs within
        a session the judges separate by CLEAR_GAP or more that the measure orders the
        same way, "pairs", "items"}.
    """
    gold_ranks, pairs = _judged_pairs(tuple((it.session, it.gold) for it in items))
    scores = [score(it) for it in items]
    right = 0
    for i, j, gap in pairs:
        right += gap * (scores[i] - scores[j]) > 0
    return {"spearman": _spearman_ranked(gold_ranks, ranks(scores)),
            "pairwise_accuracy": right / len(pairs) if pairs else 1.0, "pairs": len(pairs), "items": len(items)}


@lru_cache(maxsize=256)
def _judged_pairs(judged: tuple[tuple[str, float], ...]) -> tuple[list[float], list[tuple[int, int, float]]]:
    """What `agreement` reads of its items whatever the measure, from each item's
    (session, gold score): the golds' ranks, and the pairs within a session the judges
    separate by CLEAR_GAP or more (positions among the items, in the order of a double
    loop over each session's items, with their gold difference). bench/fidelity_fit.py
    asks `agreement` about the same items for each of 5,600 grid points: these are made
    once."""
    by_session: dict[str, list[int]] = defaultdict(list)
    for k, (session, _) in enumerate(judged):
        by_session[session].append(k)
    pairs = []
    for group in by_session.values():
        for n, i in enumerate(group):
            for j in group[n + 1:]:
                gap = judged[i][1] - judged[j][1]
                if abs(gap) >= CLEAR_GAP - 1e-9:
                    pairs.append((i, j, gap))
    return ranks([gold for _, gold in judged]), pairs


def judges_agreement(directory: Path | None = None) -> dict[str, float]:
    """How the judges agree with each other: Spearman of each pair of judges' overall
    scores on the items both scored, averaged.

    Args:
        directory: the set's directory (default `data_dir()`).

    Returns:
        {"spearman": the mean, "judges": how many}.
    """
    d = directory or data_dir()
    per: list[dict[str, float]] = []
    for path in sorted(d.glob("judges/*.jsonl")):
        per.append({obj["id"]: float(obj["overall"]) for _, obj in _lines(path)})
    values = []
    for i, a in enumerate(per):
        for b in per[i + 1:]:
            common = sorted(set(a) & set(b))
            if len(common) >= 3:
                values.append(spearman([a[k] for k in common], [b[k] for k in common]))
    return {"spearman": sum(values) / len(values) if values else 0.0, "judges": len(per)}
