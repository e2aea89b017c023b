"""The recovery tool's answer when offloads also travel with the framework's own
persisted state (LangGraph thread state, ADK session state)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from inspector.service.recover import _slice

if TYPE_CHECKING:  # pragma: no cover
    from inspector.runtime import Compactor


def recovery_answer(compactor: Compactor, kept: Callable[[str], str | None], arguments: dict[str, Any]) -> str:
    """Answer one recovery call: the content kept in the framework's persisted state
    first (it survives a restart), else the compactor's own store.

    Args:
        compactor: the adapter's compactor (its store, its tool name for errors).
        kept: looks an offload id up in the persisted state (None when absent).
        arguments: the call's arguments (`id`, `offset`, `limit`).

    Returns:
        The content (sliced), or an error text the model can read.
    """
    content = kept(str(arguments.get("id")))
    if content is None:
        return compactor.handle_recovery_call(arguments)
    try:
        offset = int(arguments.get("offset") or 0)
        limit = int(arguments["limit"]) if arguments.get("limit") is not None else None
        return _slice(content, offset, limit)
    except (ValueError, TypeError) as exc:
        return f"error: bad arguments for {compactor.config.recovery_tool}: {exc}"


def offload_contents(offloads: Any) -> dict[str, str]:
    """id -> content of a compaction's offloads (what the frameworks' state keeps)."""
    return {o.id: o.content for o in offloads}

