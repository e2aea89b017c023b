"""Summaries: the protocol every summarizer follows, the sans-IO retry/failover steps
a model summarizer is driven by (`retry`; the network calls are in `inspector.llm`),
and the offline extractive summarizer."""

from inspector.engine.summarize.extractive import ExtractiveSummarizer
from inspector.engine.summarize.protocol import (
    EXTRACTIVE,
    EventHandler,
    Summarizer,
    SummaryEvent,
    SummaryFailed,
    SummaryRejected,
    SummaryRequest,
    SummaryResult,
    check_summary,
    format_conversation,
)

__all__ = ["EXTRACTIVE", "EventHandler", "ExtractiveSummarizer", "Summarizer", "SummaryEvent", "SummaryFailed",
           "SummaryRejected", "SummaryRequest", "SummaryResult", "check_summary", "format_conversation"]
