"""THE list of export formats: name, file suffix, what it is. The CLI's `--format`
choices, the TUI's format list, default file names and `export_session` all read it.

Kept free of heavy imports: the CLI builds its parser from it, and `inspector --help`
stays fast.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ExportFormat:
    """One export format.

    Attributes:
        name: what `--format` takes.
        suffix: the file suffix of a default name; unique per format, so exports of
            one session in several formats into one folder never share a name.
        description: one line for help texts.
        unique_ids: rename duplicate tool-call ids by default (the target rejects or
            drops duplicates: Anthropic answers "tool_use ids must be unique", the Agents
            SDK silently drops items on resume).
        adds_to_existing: the target is a database a new session is added to (an
            existing file is expected, and never replaced).
        names_itself: given a directory, the writer picks the file name (Claude Code
            finds a transcript by its `<sessionId>.jsonl` name).
    """

    name: str
    suffix: str
    description: str
    unique_ids: bool = False
    adds_to_existing: bool = False
    names_itself: bool = False


FORMATS: tuple[ExportFormat, ...] = (
    ExportFormat("openai-json", ".json", "OpenAI Chat Completions request body {model, messages}"),
    ExportFormat("openai-jsonl", ".jsonl", "one JSONL line {messages} (the fine-tuning layout)"),
    ExportFormat("anthropic-json", ".anthropic.json", "Anthropic Messages request body {model, system, messages}",
                 unique_ids=True),
    ExportFormat("markdown", ".md", "a readable transcript"),
    ExportFormat("openai-agents-sqlite", ".db", "a new session in an OpenAI Agents SDK SQLiteSession database",
                 unique_ids=True, adds_to_existing=True),
    ExportFormat("report", ".report.json", "the JSON compaction report (config, plan, stats, lineage)"),
    ExportFormat("adk-sqlite", ".adk.db", "a new session in a Google ADK session database",
                 unique_ids=True, adds_to_existing=True),
    # Claude Code looks a session up by its file name: given a directory, the writer
    # names the file <sessionId>.jsonl itself (`names_itself`).
    ExportFormat("claude-code", ".claude.jsonl", "a Claude Code transcript (resumable with claude --resume)",
                 unique_ids=True, names_itself=True),
    ExportFormat("langgraph", ".langgraph.db", "a new thread in a LangGraph checkpointer (SqliteSaver file or "
                 "PostgresSaver URL), resumable with its thread_id", unique_ids=True, adds_to_existing=True),
)

BY_NAME: dict[str, ExportFormat] = {f.name: f for f in FORMATS}
# The formats that also write to a PostgreSQL URL: the tables the framework's own service
# keeps there (ADK DatabaseSessionService, Agents SDK SQLAlchemySession, LangGraph PostgresSaver).
URL_FORMATS: tuple[str, ...] = ("adk-sqlite", "openai-agents-sqlite", "langgraph")
EXPORT_FORMATS: tuple[str, ...] = tuple(BY_NAME)


def safe_name(session_id: str) -> str:
    """A file-name stem for a session id (anything but letters, digits, `._-` becomes `_`)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", session_id).strip("._") or "session"


def default_name(session_id: str, fmt: str) -> str:
    """The default file name of `session_id` exported as `fmt`.

    Args:
        session_id: the session's id.
        fmt: a name in `EXPORT_FORMATS`.

    Returns:
        `<safe id><format suffix>`.
    """
    return safe_name(session_id) + BY_NAME[fmt].suffix


def is_directory_target(output: str | os.PathLike[str]) -> bool:
    """Does `-o OUTPUT` name a directory: an existing one, or a path ending in a separator?"""
    text = os.fspath(output)
    return text.endswith(("/", os.sep)) or Path(text).is_dir()


def resolve_target(output: str | os.PathLike[str], session_id: str, fmt: str) -> Path:
    """The file an export writes for `-o OUTPUT`.

    Args:
        output: what the user gave: a file, or a directory (existing, or written with a
            trailing slash, created when missing).
        session_id: the session exported (names the file inside a directory).
        fmt: the export format.

    Returns:
        The file path: `OUTPUT` itself, or `OUTPUT/<default_name>` for a directory.
    """
    if is_directory_target(output):
        if BY_NAME[fmt].names_itself:
            Path(output).mkdir(parents=True, exist_ok=True)
            return Path(output)
        return Path(output) / default_name(session_id, fmt)
    return Path(output)
