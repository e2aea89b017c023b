"""Anthropic Messages API JSON files (a request body) as a source; the parsing is
`inspector.formats.anthropic.messages_from_anthropic`.

Accepted documents: `{"system": ..., "messages": [...], "model": ...}` (a Messages API
request, as `inspector export --format anthropic-json` writes it) or a bare list of
messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspector.engine.models import Session
from inspector.formats.anthropic import AnthropicFormatError, is_anthropic_document, messages_from_anthropic

FORMAT = "anthropic-json"

def read_anthropic_json(path: str | Path) -> Session:
    """One session from an Anthropic Messages JSON file (id: the file name's stem)."""
    p = Path(path)
    from inspector.sources.model import audit_open

    audit_open(p)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AnthropicFormatError(f"{p}: no such file") from None
    except UnicodeDecodeError as exc:
        raise AnthropicFormatError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    except ValueError as exc:
        raise AnthropicFormatError(f"{p}: invalid JSON ({exc})") from None
    return session_from_anthropic(doc, p)


def session_from_anthropic(doc: Any, path: str | Path | None = None, session_id: str | None = None) -> Session:
    """An Anthropic Messages request body (`system`, `messages`, `model`) as a session.

    Args:
        doc: the parsed request body.
        path: the file it came from, named in errors and kept as the source path.
        session_id: the session's id; the file's stem (or `anthropic`) when None.

    Returns:
        The session, its scalar top-level fields kept as metadata.
    """
    p = Path(path) if path is not None else None
    where = str(p) if p is not None else "document"
    messages = messages_from_anthropic(doc, where)
    model = doc.get("model") if isinstance(doc, dict) and isinstance(doc.get("model"), str) else None
    meta: dict[str, Any] = {}
    if isinstance(doc, dict):
        meta = {k: v for k, v in doc.items() if k not in ("messages", "system", "model")
                and isinstance(v, (str, int, float, bool))}
        if isinstance(doc.get("tools"), list) and doc["tools"]:
            meta["tools"] = doc["tools"]  # the definitions a body written from it carries again
    sid = session_id or (p.stem if p is not None else "anthropic")
    return Session(id=sid, source_format=FORMAT, source_path=str(p) if p is not None else None, title=sid,
                   model=model, metadata=meta, messages=messages)


# ----------------------------------------------------------------------- sources registry


def sniff(probe: Any) -> bool:
    """For `inspector.sources.registry`: a JSON document in Anthropic's request shape."""
    return getattr(probe, "kind", None) == "json" and is_anthropic_document(probe.document)


def load(probe: Any) -> Any:
    """For `inspector.sources.registry`: a Source with the one session of the document."""
    from inspector.sources.model import Source, SourceError

    try:
        session = session_from_anthropic(probe.document, probe.path)
    except AnthropicFormatError as exc:
        raise SourceError(str(exc)) from None

    class AnthropicSource(Source):
        format = FORMAT

        def session_ids(self) -> list[str]:
            return [session.id]

        def _read(self, session_id: str) -> Session:
            return session

    return AnthropicSource(probe.path)
