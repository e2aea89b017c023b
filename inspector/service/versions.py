"""Compact and save: a session compacted into a new stored version.

The one implementation behind `inspector apply` and the TUI's Apply screen. Summaries
are generated first (network, outside any lock); then the store numbers and saves the
version in ONE write transaction, so two concurrent applies never take the same number.
The summary's recovery hint names the offload id only (it resolves without the version),
so the applied total is the planned, previewed and exported one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from inspector.service.pipeline import compact_session, summarizer_label

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.applier import Compacted
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.planning.results import Plan
    from inspector.engine.summarize import EventHandler, Summarizer
    from inspector.engine.tokens import TokenCounter
    from inspector.service.store import VersionStore


@dataclass(frozen=True)
class Saved:
    """A stored version: its id, the compaction stored, and what wrote its summaries."""

    version_id: str
    result: Compacted
    summarizer: str


def compact_and_save(
    store: VersionStore,
    session: Session,
    config: CompactionConfig,
    *,
    counter: TokenCounter | None = None,
    summarizer: Summarizer | None = None,
    on_event: EventHandler | None = None,
    on_plan: Callable[[Plan], None] | None = None,
    label: str = "",
    parent: str | None = None,
    now: datetime | None = None,
) -> Saved:
    """Compact `session` (already in `store`, `session.id` its id there) and store the
    result as its next version.

    Args:
        store: the workspace (or the TUI's memory store) holding the session.
        session: the stored session.
        config: the compaction config.
        counter: the token counter (default: the config's).
        summarizer: a summarizer to use instead of the config's (tests, fakes).
        on_event: summarization progress events.
        on_plan: called once with the first plan, before any summary is generated
            (to show its cost or that nothing changes).
        label: the version's label.
        parent: the version this one derives from.
        now: the planner's clock (for time-based triggers).

    Returns:
        The stored version's id, the compacted result and the summarizer label stored.

    Raises:
        SummaryFailed / SummaryRejected / CompactionFailed: nothing was stored.
    """
    result = compact_session(session, config, counter=counter, summarizer=summarizer,
                             summary_cache=store.summary_cache(), token_cache=store.token_cache(), now=now,
                             on_event=on_event, on_plan=on_plan, pause_collector=True)
    used = summarizer_label(config)
    vid = store.save_version(session.id, result, config, parent=parent, summarizer=used, label=label)
    return Saved(vid, result, used)
