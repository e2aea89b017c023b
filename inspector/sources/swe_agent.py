"""SWE-agent trajectories (`.traj` JSON): the `history` list is OpenAI-chat-like.

The function-calling runs store `tool_calls` and `tool_call_ids` as Python reprs
(strings), which are parsed with `ast.literal_eval` (literals only, never code).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from inspector.engine.models import Session
from inspector.formats.openai_chat import message_from_openai
from inspector.sources.jsonio import parse_json
from inspector.sources.model import audit_open


class TrajError(ValueError):
    """The file is not a SWE-agent trajectory; the message names it."""


def _literal(value: Any, where: str) -> Any:
    if isinstance(value, str):
        try:
            return ast.literal_eval(value)
        except (ValueError, SyntaxError, RecursionError, MemoryError) as exc:
            raise TrajError(f"{where}: cannot parse {value[:60]!r}: {exc}") from None
    return value


def history_to_openai(history: list[dict[str, Any]], where: str = "traj") -> list[dict[str, Any]]:
    """SWE-agent history entries as OpenAI chat message dicts."""
    out: list[dict[str, Any]] = []
    for i, h in enumerate(history):
        loc = f"{where}: history[{i}]"
        if not isinstance(h, dict):
            raise TrajError(f"{loc}: expected an object, got {type(h).__name__}")
        role = h.get("role")
        d: dict[str, Any] = {"role": role, "content": h.get("content")}
        if isinstance(d["content"], list):  # [{'type': 'text', 'text': ...}]
            texts = [p.get("text", "") for p in d["content"] if isinstance(p, dict)]
            bad = next((k for k, t in enumerate(texts) if not isinstance(t, str)), None)
            if bad is not None:
                raise TrajError(f"{loc}: content[{bad}].text is not a string ({type(texts[bad]).__name__})")
            d["content"] = "".join(texts)
        if role == "assistant" and h.get("tool_calls"):
            calls = _literal(h["tool_calls"], loc)
            d["tool_calls"] = [
                {"id": c["id"], "type": c.get("type", "function"),
                 "function": {"name": c["function"]["name"], "arguments": c["function"].get("arguments", "")}}
                for c in calls
            ]
        if role == "tool":
            ids = _literal(h.get("tool_call_ids") or [], loc)
            if not ids:
                raise TrajError(f"{loc}: tool message without tool_call_ids")
            d["tool_call_id"] = ids[0]
        out.append(d)
    return out


def read_traj(path: str | Path) -> Session:
    """A SWE-agent `.traj` file's history as a session.

    Raises:
        TrajError: not JSON, or no `history` list of messages.
    """
    p = Path(path)
    audit_open(p)
    try:
        data = parse_json(p.read_bytes())
    except ValueError as exc:
        raise TrajError(f"{p}: not a SWE-agent trajectory ({exc})") from None
    history = data.get("history") if isinstance(data, dict) else None
    if not isinstance(history, list):
        raise TrajError(f"{p}: no 'history' list")
    msgs = [message_from_openai(d, i) for i, d in enumerate(history_to_openai(history, str(p)))]
    for m, h in zip(msgs, history, strict=True):
        if h.get("is_demo"):  # a demonstration's turns (`engine.content` reads it)
            m.meta["is_demo"] = True
    info = data.get("info") or {}
    model = None
    cfg = data.get("replay_config")
    if isinstance(cfg, str):
        try:
            cfg = json.loads(cfg)
        except ValueError:
            cfg = None
    if isinstance(cfg, dict):
        model = ((cfg.get("agent") or {}).get("model") or {}).get("name")
    return Session(id=p.stem, source_format="swe-agent", source_path=str(p), title=p.stem,
                   model=model, metadata={"exit_status": info.get("exit_status")}, messages=msgs)


# --------------------------------------------------------------------------- source registry

FORMAT = "swe-agent"


def sniff(probe: Any) -> bool:
    """Is the probed file a SWE-agent trajectory (a `history` of role messages, no `messages`)?"""
    doc = probe.document if probe.kind == "json" else None
    if not (isinstance(doc, dict) and isinstance(doc.get("history"), list) and "messages" not in doc):
        return False
    h = doc["history"]
    return not h or (isinstance(h[0], dict) and "role" in h[0])


def load(probe: Any) -> Any:
    """The one session of the probed trajectory."""
    from inspector.sources.model import Source, SourceError

    try:
        session = read_traj(probe.path)
    except TrajError as exc:
        raise SourceError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise SourceError(f"{probe.path}: invalid UTF-8 ({exc.reason})") from None

    class TrajSource(Source):
        format = FORMAT

        def session_ids(self) -> list[str]:
            return [session.id]

        def _read(self, session_id: str) -> Session:
            return session

    return TrajSource(probe.path)
