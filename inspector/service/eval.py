"""Model-judged fidelity: compact a session, ask a judge model recall, artifact,
continuation and decision questions about what compaction removed, and grade its
answers against the original (`inspector eval SOURCE -s ID --judge MODEL`).

The questions and prompts are the engine's (`inspector.engine.probes`, deterministic);
the calls are `inspector.llm.Judge`'s. The offline fidelity measure of the same
compaction is reported beside the judged scores.

    report = evaluate(session, config, "gpt-4o-mini")
    report.score, report.category_scores()
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import SummaryCache
    from inspector.engine.config import CompactionConfig
    from inspector.engine.fidelity import Fidelity
    from inspector.engine.models import Session
    from inspector.engine.tokens import TokenCache, TokenCounter


class EvalError(Exception):
    """Bad input to the check (no judge model, its key not set): nothing was sent."""


class EvalFailed(Exception):
    """The judge model failed during the check."""


@dataclass
class ProbeResult:
    """One question: its category, the facts it was graded against, the answer and
    the judge's grade (0..MAX_SCORE)."""

    category: str
    question: str
    reference: list[str]
    answer: str
    score: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The question, its reference facts, answer and grade (also as a fraction), JSON-ready."""
        from inspector.engine.probes import MAX_SCORE

        return {"category": self.category, "question": self.question, "reference": self.reference,
                "answer": self.answer, "score": self.score, "max_score": MAX_SCORE,
                "fraction": round(self.score / MAX_SCORE, 4), "reason": self.reason}


@dataclass
class EvalReport:
    """The judged check of one session's compaction."""

    session_id: str
    judge: str
    preset: str
    tokens_before: int
    tokens_after: int
    removed_messages: int
    offline: Fidelity
    results: list[ProbeResult] = field(default_factory=list)
    judge_input_tokens: int = 0
    judge_output_tokens: int = 0

    def category_scores(self) -> dict[str, float]:
        """Per category asked: the mean of its questions' scores, as a fraction of the maximum."""
        from inspector.engine.probes import CATEGORIES, MAX_SCORE

        out = {}
        for c in CATEGORIES:
            scores = [r.score for r in self.results if r.category == c]
            if scores:
                out[c] = sum(scores) / (MAX_SCORE * len(scores))
        return out

    @property
    def score(self) -> float | None:
        """The mean of the category scores; None when nothing was asked (nothing removed)."""
        cats = self.category_scores()
        return sum(cats.values()) / len(cats) if cats else None

    @property
    def judge_usd(self) -> float | None:
        """What the judge's calls cost (litellm's price map); None for a model not in it."""
        from inspector.llm import estimate_cost

        return estimate_cost(self.judge, self.judge_input_tokens, self.judge_output_tokens)

    def to_dict(self) -> dict[str, Any]:
        """The whole report as JSON-ready data: tokens, scores per category, questions,
        the offline fidelity and what the judge cost."""
        return {
            "session": self.session_id, "judge": self.judge, "preset": self.preset,
            "tokens_before": self.tokens_before, "tokens_after": self.tokens_after,
            "removed_messages": self.removed_messages,
            "score": None if self.score is None else round(self.score, 4),
            "categories": {c: round(v, 4) for c, v in self.category_scores().items()},
            "questions": [r.to_dict() for r in self.results],
            "offline_fidelity": self.offline.to_dict(),
            "judge_tokens": {"input": self.judge_input_tokens, "output": self.judge_output_tokens,
                             "usd": self.judge_usd},
        }


def evaluate(
    session: Session,
    config: CompactionConfig,
    judge: str,
    *,
    counter: TokenCounter | None = None,
    summary_cache: SummaryCache | None = None,
    token_cache: TokenCache | None = None,
    completion: Callable[..., Any] | None = None,
    api_base: str | None = None,
) -> EvalReport:
    """Compact `session` with `config` and have `judge` answer and grade the probe
    questions about what the compaction removed.

    Args:
        session: the session (never modified).
        config: the compaction config.
        judge: the judge model (any litellm model string); it answers from the
            compacted context and grades the answers against the original.
        counter: the token counter (default: the config's).
        summary_cache: summaries already generated (a workspace's).
        token_cache: per-message counts already made.
        completion: replaces litellm's completion (tests: litellm's `mock_response`).
        api_base: the judge's API base URL.

    Returns:
        The report: per question, per category and overall scores, the offline
        fidelity of the same compaction, and the judge's token usage.

    Raises:
        EvalError: no judge model, or its API key is not set (nothing was sent).
        EvalFailed: a judge call failed, or its reply held no score.
        SummaryFailed / CompactionFailed: the compaction itself failed.
    """
    from inspector.engine.fidelity import fidelity
    from inspector.engine.probes import GradeError, answer_prompt, grade_prompt, parse_grade, probes
    from inspector.llm import Judge, JudgeFailed, JudgeUnavailable
    from inspector.service.pipeline import compact_session

    try:
        model = Judge(judge, api_base=api_base, completion=completion)
        model.check()
    except JudgeUnavailable as exc:
        raise EvalError(str(exc)) from None
    result = compact_session(session, config, counter=counter, summary_cache=summary_cache,
                             token_cache=token_cache)
    original, compacted = session.messages, result.messages
    offline = fidelity(original, compacted)
    report = EvalReport(session.id, judge, config.preset, result.plan.total_before, result.total_after,
                        offline.removed_messages, offline)
    for probe in probes(original, compacted):
        try:
            answer = model.ask(answer_prompt(compacted, probe))
            score, reason = parse_grade(model.ask(grade_prompt(probe, answer)))
        except (JudgeFailed, GradeError) as exc:
            raise EvalFailed(f"{session.id}: {probe.category} question: {exc}") from None
        report.results.append(ProbeResult(probe.category, probe.question, list(probe.reference), answer,
                                          score, reason))
    report.judge_input_tokens, report.judge_output_tokens = model.input_tokens, model.output_tokens
    return report
