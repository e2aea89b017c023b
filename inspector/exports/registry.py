"""Exports: a session, or its compacted version, in the formats agents and people use.

    export_session(session, "anthropic-json", "out.json", compacted=result)

Formats (`EXPORT_FORMATS`, from `inspector.exports.catalog`, with their suffixes), one
`Writer` each in `WRITERS`:

- `openai-json`: an OpenAI Chat Completions request body, `{"model", "messages": [...]}`
  (the model: `TargetOptions.model`, else the session's, else the config's `tokens.model`);
- `openai-jsonl`: the same conversation as one JSONL line `{"messages": [...]}` (the
  chat fine-tuning layout: append lines to collect several sessions);
- `anthropic-json`: an Anthropic Messages request body (`model`, `max_tokens` (the
  model's output limit in litellm's map unless given, lowered with a warning to what
  the Anthropic SDK sends without streaming when it refuses more), top-level `system`, alternating
  roles, `tool_use` / `tool_result` blocks, thinking signatures kept; `tools` defining
  every tool the history calls, as the API requires: the source's recorded definitions,
  else minimal ones with a warning, and the recovery tool when notices name it);
- `markdown`: a readable transcript;
- `openai-agents-sqlite`: a new session in an OpenAI Agents SDK `SQLiteSession`
  database (created if missing; existing sessions are never written to);
- `report`: the JSON compaction report (config, plan, stats, lineage);
- `langgraph`: a new thread (or checkpoint) in a LangGraph checkpointer
  (`inspector.exports.langgraph`).

`adk-sqlite`, `openai-agents-sqlite` and `langgraph` also take a PostgreSQL URL as the
output (`URL_FORMATS`): the session goes where the framework's own service keeps it
(`inspector.exports.postgres`, the `PostgresSaver`), in one transaction.

Files appear whole or not at all (temp file in the same folder, fsync, rename); the
Agents SDK session is inserted in one transaction. Untouched messages are written from
their source record when it is already in the target format, so opaque data
(encrypted reasoning, signatures, fields inspector does not model) survives byte for
byte. An existing file is never replaced unless asked (`force`), and the source being
read never (`_refuse`, the one place that decides).

The payloads are built by the codecs in `inspector.formats` (`to_openai_chat`,
`to_anthropic`, `to_markdown`, `to_responses_items`) and `exports.report.report`.
"""

from __future__ import annotations

import shlex
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from inspector.atomic import atomic_write_chunks
from inspector.engine.applier import Compacted
from inspector.engine.config import CompactionConfig
from inspector.engine.models import Message, Session
from inspector.engine.planning import Plan
from inspector.engine.recovery_tool import recovery_tool_function
from inspector.engine.validation import errors as only_errors
from inspector.engine.validation import validate
from inspector.engine.wording import plural
from inspector.exports.adk import DEFAULT_AUTHOR, AdkExportError, write_adk_session
from inspector.exports.agents_sqlite import AgentsExportError, write_agents_session
from inspector.exports.catalog import BY_NAME, EXPORT_FORMATS, FORMATS, URL_FORMATS, ExportFormat
from inspector.exports.claude_code import to_claude_code, write_claude_code
from inspector.exports.report import report
from inspector.formats.anthropic import body_tools, to_anthropic
from inspector.formats.common import json_text, unique_tool_call_ids
from inspector.formats.locations import DatabaseUrl, is_database_url, resolve
from inspector.formats.markdown import to_markdown
from inspector.formats.openai_chat import to_openai_chat
from inspector.formats.responses import to_responses_items

__all__ = ["EXPORT_FORMATS", "ExportError", "ExportResult", "ExportJob", "TargetOptions", "Writer", "WRITERS",
           "export_session"]


class ExportError(RuntimeError):
    """An export that cannot be written; one line naming the output and why."""


@dataclass(frozen=True)
class TargetOptions:
    """What the target needs that the session may not say (the CLI's flags).

    Attributes:
        model: the `model` of the openai-json and anthropic-json request bodies
            (`--model`; default: the session's, else the config's `tokens.model`).
        max_tokens: Anthropic's required `max_tokens` (`--max-tokens`; default: the
            model's output limit in litellm's model map, lowered to
            `nonstreaming_max_tokens(model)` when the SDK would refuse it).
        adk_author: the name of the ADK agent that will resume (`--adk-author`;
            default: the ADK source's agent, else `agent`).
        adk_app, adk_user: the ADK session's app name and user id (`--adk-app`,
            `--adk-user`; default: the ADK source's, else `inspector` / `user`).
        workspace: the workspace the removed content is stored in, named in the
            `inspector mcp` command the Claude Code export's warning gives (set by
            `service.export.write_compacted`).
    """

    model: str | None = None
    max_tokens: int | None = None
    adk_author: str | None = None
    adk_app: str | None = None
    adk_user: str | None = None
    workspace: str | None = None


@dataclass
class ExportResult:
    """What an export wrote: its format, destination and counts, and the warnings to show."""

    format: str
    path: Path | DatabaseUrl  # a URL prints without its password
    messages: int  # messages exported
    items: int = 0  # records written (chat messages, Anthropic turns, SDK items)
    session_id: str | None = None  # the Agents SDK session created
    warnings: list[str] = field(default_factory=list)

    def __fspath__(self) -> str:
        return str(self.path)


def _is_source(out: Path, session: Session) -> bool:
    src = session.source_path
    try:
        return src is not None and out.exists() and out.samefile(src)
    except OSError:
        return False


# ----------------------------------------------------------------------------- writing


def _chat_document(messages: list[dict[str, Any]], model: str | None,
                   tools: list[dict[str, Any]] | None = None) -> Iterable[str]:
    yield "{"
    if model:
        yield f'"model": {json_text(model)}, '
    yield '"messages": ['
    for k, d in enumerate(messages):
        yield ("\n" if k == 0 else ",\n") + json_text(d)
    yield "\n]" + (f', "tools": {json_text(tools)}' if tools else "") + "}\n"


def _notice_tool(job: ExportJob) -> dict[str, Any] | None:
    """The recovery tool's definition when the compaction left notices naming it (the
    request body offers it, so the model can call it; the caller answers from the
    workspace, see README), else None."""
    if job.compacted is None or not job.compacted.offloads:
        return None
    return recovery_tool_function(job.compacted.plan.config.recovery_tool)


def _jsonl_line(messages: list[dict[str, Any]]) -> Iterable[str]:
    yield '{"messages": ['
    for k, d in enumerate(messages):
        yield ("" if k == 0 else ", ") + json_text(d)
    yield "]}\n"


def _problem_warnings(messages: Sequence[Message]) -> list[str]:
    return [f"provider would reject: {p}" for p in only_errors(validate(messages))]


@dataclass
class ExportJob:
    """What a writer gets: the session, the messages to write, where."""

    session: Session
    messages: list[Message]
    out: Path
    compacted: Compacted | None
    plan: Plan | None
    session_id: str | None
    fidelity: dict[str, Any] | None = None  # for the report: `service.pipeline.measure_fidelity`
    target: TargetOptions = field(default_factory=TargetOptions)
    url: DatabaseUrl | None = None  # a PostgreSQL output (`URL_FORMATS`) instead of `out`

    def model(self) -> str:
        """The request body's model: the flag, the session's, the config's; an error
        naming the flag when none is known."""
        config = (self.compacted.plan.config if self.compacted is not None
                  else self.plan.config if self.plan is not None else CompactionConfig())
        model = self.target.model or self.session.model or config.tokens.model
        if not model:
            raise ExportError(f"{self.out}: no model known for the request body of session {self.session.id!r} "
                              "(neither the session nor the config names one); give one with --model")
        return model


class Writer(Protocol):
    """Writes one format: fills `result.items` (and `session_id`, `warnings`)."""

    def __call__(self, job: ExportJob, result: ExportResult) -> None:
        """Write `job`'s messages in this format, recording counts and warnings in `result`."""


def _write_chat(job: ExportJob, result: ExportResult, jsonl: bool) -> None:
    result.warnings.extend(_problem_warnings(job.messages))
    chat = to_openai_chat(job.messages, result.warnings)
    result.items = len(chat)
    if jsonl:
        atomic_write_chunks(job.out, _jsonl_line(chat))
        return
    tool = _notice_tool(job)
    atomic_write_chunks(job.out, _chat_document(chat, job.model(),
                                                [{"type": "function", "function": tool}] if tool else None))


def _write_openai_json(job: ExportJob, result: ExportResult) -> None:
    _write_chat(job, result, jsonl=False)


def _write_openai_jsonl(job: ExportJob, result: ExportResult) -> None:
    _write_chat(job, result, jsonl=True)


def _write_anthropic(job: ExportJob, result: ExportResult) -> None:
    result.warnings.extend(_problem_warnings(job.messages))
    model = job.model()
    if model.startswith("anthropic/"):  # a litellm model string: the API takes the bare name
        model = model.split("/", 1)[1]
    if "claude" not in model.lower():
        result.warnings.append(f"model {model!r} does not look like an Anthropic model; give one with --model")
    recorded = job.session.metadata.get("max_tokens")  # an Anthropic request read as the source
    if not (isinstance(recorded, int) and recorded > 0 and job.session.model == model):
        recorded = None
    max_tokens = job.target.max_tokens or recorded or _sendable_limit(model, result.warnings)
    if max_tokens and max_tokens > nonstreaming_max_tokens(model):
        if not any(w.startswith("max_tokens is ") for w in result.warnings):
            result.warnings.append(
                f"max_tokens {max_tokens:,} is more than the Anthropic SDK sends without streaming for {model} "
                f"({nonstreaming_max_tokens(model):,}): send the body with stream=True or a timeout of your own")
    if not max_tokens:
        raise ExportError(f"{job.out}: the Messages API requires max_tokens and {model!r} is not in litellm's "
                          "model map; give it with --max-tokens")
    body = to_anthropic(job.messages, model=model, warnings=result.warnings)
    body = {"model": body.pop("model"), "max_tokens": max_tokens, **body}
    tool = _notice_tool(job)
    notice_tool = [] if tool is None else [{"name": tool["name"], "description": tool["description"],
                                            "input_schema": tool["parameters"]}]
    tools = body_tools(body["messages"], job.session.metadata.get("tools"), notice_tool, result.warnings)
    if tools:
        body["tools"] = tools
    result.items = len(body["messages"])
    atomic_write_chunks(job.out, [json_text(body, indent=1), "\n"])


def _write_markdown(job: ExportJob, result: ExportResult) -> None:
    session = job.session
    heading = f"{session.title or session.id} (compacted)" if job.compacted is not None else None
    atomic_write_chunks(job.out, [to_markdown(session, job.messages, heading)])
    result.items = len(job.messages)


def _write_report(job: ExportJob, result: ExportResult) -> None:
    if job.compacted is None and job.plan is None:
        raise ExportError(f"{job.out}: the report needs an applied compaction or a plan")
    doc = report(job.session, job.compacted, job.plan, fidelity=job.fidelity)
    _, renames = unique_tool_call_ids(job.messages)
    if renames:
        targets = ", ".join(f.name for f in FORMATS if f.unique_ids)
        doc["notes"] = [f"exports to {targets} rename duplicate tool-call ids: {n}" for n in renames]
    atomic_write_chunks(job.out, [json_text(doc, indent=1, default=str), "\n"])
    result.items = len(doc.get("lineage") or [])


def _write_agents(job: ExportJob, result: ExportResult) -> None:
    result.warnings.extend(_problem_warnings(job.messages))
    items = to_responses_items(job.messages, result.warnings, functions_only=True)
    result.items = len(items)
    wanted = job.session_id or _agents_id(job.session, job.compacted)
    offloads = job.compacted.offloads if job.compacted is not None else ()
    if job.url is not None:
        from inspector.exports.postgres import write_agents_session_pg

        result.session_id = write_agents_session_pg(items, job.url, wanted, offloads=offloads)
        return
    result.session_id = write_agents_session(items, job.out, wanted, offloads=offloads)


def _write_adk(job: ExportJob, result: ExportResult) -> None:
    session = job.session
    result.warnings.extend(_problem_warnings(job.messages))
    names: dict[str, Any] = dict(
        app_name=job.target.adk_app or str(session.metadata.get("app_name") or "inspector"),
        user_id=job.target.adk_user or str(session.metadata.get("user_id") or "user"),
        author=job.target.adk_author or _adk_author(job.messages), state=session.metadata.get("state"),
        warnings=result.warnings, offloads=job.compacted.offloads if job.compacted is not None else ())
    wanted = job.session_id or _agents_id(session, job.compacted)
    if job.url is not None:
        from inspector.exports.postgres import write_adk_session_pg

        result.session_id = write_adk_session_pg(job.messages, job.url, wanted, **names)
    else:
        result.session_id = write_adk_session(job.messages, job.out, wanted, **names)
    result.items = len(job.messages)


def _write_langgraph(job: ExportJob, result: ExportResult) -> None:
    from inspector.exports.langgraph import write_thread

    result.warnings.extend(_problem_warnings(job.messages))
    meta = job.session.metadata
    source_thread = str(meta.get("thread_id")) if job.session.source_format == "langgraph" else None
    base = source_thread or job.session.id
    wanted = job.session_id or (f"{base}-compacted" if job.compacted is not None else base)
    written = write_thread(job.url if job.url is not None else job.out, job.messages, source_thread=source_thread,
                           thread_id=wanted, channel=str(meta.get("channel") or "messages"),
                           offloads=job.compacted.offloads if job.compacted is not None else ())
    result.session_id = written.thread_id
    result.items = written.messages


def _claude_code_records(job: ExportJob, warnings: list[str]) -> tuple[str, list[Any]]:
    """The transcript's session id and records. Claude Code finds a session by its file
    name, `<sessionId>.jsonl`: a file already named by a uuid keeps it."""
    session = job.session
    out = job.out
    wanted = job.session_id or (out.stem if not out.is_dir() and _is_uuid(out.stem) else None)
    return to_claude_code(
        job.messages, session_id=wanted, model=session.model, cwd=session.metadata.get("cwd"),
        git_branch=session.metadata.get("gitBranch"), warnings=warnings,
        pre_tokens=job.compacted.plan.total_before if job.compacted is not None else None)


# The name the README and the Claude Code export's warning register `inspector mcp` under.
MCP_SERVER_NAME = "inspector-recover"


def _write_claude_code(job: ExportJob, result: ExportResult) -> None:
    result.warnings.extend(_problem_warnings(job.messages))
    cc_id, records = _claude_code_records(job, result.warnings)
    if job.out.stem != cc_id:
        result.warnings.append(f"Claude Code resumes this session (sessionId {cc_id}) from a file named "
                               f"{cc_id}.jsonl in its project folder; rename {job.out.name} to that")
    if job.compacted is not None and job.compacted.offloads:
        # Claude Code adds tools only through MCP servers: `inspector mcp` serves the
        # notices' tool from the workspace the export stored the removed content in.
        tool = job.compacted.plan.config.recovery_tool
        where = (shlex.quote(job.target.workspace) if job.target.workspace
                 else "WORKSPACE (the workspace this export stored the removed content in)")
        result.warnings.append(
            f"{plural(len(job.compacted.offloads), 'notice')} name {tool}(id=...), a tool Claude Code has once "
            f"inspector's MCP server is registered: `claude mcp add {MCP_SERVER_NAME} -- inspector mcp --workspace "
            f"{where}` (Claude Code shows the tool as mcp__{MCP_SERVER_NAME}__{tool}); `inspector recover ID` "
            "answers them too")
    write_claude_code(job.out, records)
    result.session_id = cc_id
    result.items = len(records)


WRITERS: dict[str, Writer] = {
    "adk-sqlite": _write_adk,
    "claude-code": _write_claude_code,
    "openai-json": _write_openai_json,
    "openai-jsonl": _write_openai_jsonl,
    "anthropic-json": _write_anthropic,
    "markdown": _write_markdown,
    "openai-agents-sqlite": _write_agents,
    "report": _write_report,
    "langgraph": _write_langgraph,
}


def _refuse(out: Path, session: Session, fmt: ExportFormat, into_source: bool, force: bool) -> None:
    """The one place an export refuses its target: the source itself, a directory, or an
    existing file without `force`."""
    if into_source and not _is_source(out, session):
        where = f" ({session.source_path})" if session.source_path else ""
        raise ExportError(f"{out}: into_source / --into-source adds the session to the source database itself"
                          f"{where}: give that as the output, or leave out --into-source to write {out.name}")
    if _is_source(out, session) and not (into_source and fmt.adds_to_existing):
        hint = (" (into_source / --into-source adds the compacted session to it as a new session)"
                if fmt.adds_to_existing else "")
        raise ExportError(f"{out}: is the source being read; inspector never modifies a source{hint}")
    if out.is_dir():
        raise ExportError(f"{out}: is a directory (give a file name, or end the path with / to write into it)")
    if out.exists() and not out.is_file():  # a FIFO or a device: opening it could block
        raise ExportError(f"{out}: not a regular file; give the path of a file to write")
    if out.exists() and not force and not fmt.adds_to_existing:
        raise ExportError(f"{out}: exists; not replaced (--force replaces it)")


def export_session(
    session_or_messages: Session | Sequence[Message],
    fmt: str,
    out_path: str | Path | DatabaseUrl,
    *,
    compacted: Compacted | None = None,
    plan: Plan | None = None,
    session_id: str | None = None,
    into_source: bool = False,
    force: bool = False,
    unique_ids: bool | None = None,
    fidelity: dict[str, Any] | None = None,
    target: TargetOptions | None = None,
) -> ExportResult:
    """Write the session — or, given `compacted`, its compacted messages — as `fmt`.

    Args:
        session_or_messages: the session (or bare messages).
        fmt: a name in `EXPORT_FORMATS`.
        out_path: the file to write (or the Agents SDK, ADK or LangGraph database to
            add a session to: a file, or for those a PostgreSQL URL).
        compacted: write these compacted messages instead of the session's own.
        plan: for the `report` format when nothing was applied.
        session_id: names the Agents SDK session to create (a suffix is added if it
            is taken); other formats ignore it.
        into_source: the one exception to "sources are never modified": a new session
            added to the Agents SDK database being read (nothing existing changes), so
            the agent can resume from it.
        force: replace an existing file (never done otherwise).
        unique_ids: rename duplicate tool-call ids (default: the format's
            `unique_ids`, on for targets that reject duplicates); each rename is a
            warning.
        fidelity: for the `report` format, what the compaction kept of what it
            removed (`service.pipeline.measure_fidelity(...).to_dict()`).
        target: the model, Anthropic `max_tokens` and ADK names the target needs
            (`TargetOptions`; default: from the session and the config).

    Returns:
        What was written (path, counts, the Agents SDK session id, warnings).

    Raises:
        ExportError: unknown format, refused target, or a failed write (nothing is
            left behind: files appear whole or not at all).
    """
    spec = BY_NAME.get(fmt)
    if spec is None:
        raise ExportError(f"unknown export format {fmt!r} (choose from {', '.join(EXPORT_FORMATS)})")
    if isinstance(session_or_messages, Session):
        session = session_or_messages
    else:
        session = Session(id=session_id or "session", messages=list(session_or_messages))
    messages = list(compacted.messages if compacted is not None else session.messages)
    out = _output(out_path, session, spec, into_source)
    if isinstance(out, DatabaseUrl):
        return _write(ExportJob(session=session, messages=messages, out=Path(), compacted=compacted, plan=plan,
                                session_id=session_id, target=target or TargetOptions(), url=out),
                      spec, unique_ids)
    if fmt == "claude-code" and out.is_dir():
        # Claude Code looks a session up by its file name: <sessionId>.jsonl in a folder.
        cc_id, _ = _claude_code_records(ExportJob(session, messages, out, compacted, plan, session_id), [])
        session_id = session_id or cc_id
        out = out / f"{cc_id}.jsonl"
    _refuse(out, session, spec, into_source, force)
    return _write(ExportJob(session=session, messages=messages, out=out, compacted=compacted, plan=plan,
                            session_id=session_id, fidelity=fidelity, target=target or TargetOptions()),
                  spec, unique_ids)


def _write(job: ExportJob, spec: ExportFormat, unique_ids: bool | None) -> ExportResult:
    """Run the format's writer on `job` (its messages' duplicate tool-call ids renamed
    first when the format or `unique_ids` asks); its errors as `ExportError`."""
    from inspector.exports.langgraph import LangGraphExportError
    from inspector.exports.postgres import PostgresExportError

    warnings: list[str] = []
    if spec.name != "report" and (spec.unique_ids if unique_ids is None else unique_ids):
        job.messages, renames = unique_tool_call_ids(job.messages)
        warnings.extend(renames)
    where: Path | DatabaseUrl = job.url if job.url is not None else job.out
    result = ExportResult(format=spec.name, path=where, messages=len(job.messages), warnings=warnings)
    try:
        WRITERS[spec.name](job, result)
    except (AgentsExportError, AdkExportError, LangGraphExportError, PostgresExportError) as exc:
        raise ExportError(str(exc)) from None
    except OSError as exc:
        raise ExportError(f"{where}: cannot write ({exc.strerror or exc})") from None
    return result


def refuse_file_format(where: object, fmt: str) -> None:
    """Refuse a database URL as the output of a format that writes a file.

    Args:
        where: the URL as shown (without its password).
        fmt: the export format.

    Raises:
        ExportError: `fmt` writes a file (names the formats a URL takes).
    """
    if fmt not in URL_FORMATS:
        raise ExportError(f"{where}: {fmt} writes a file; a database URL takes {', '.join(URL_FORMATS)}")


def _output(out_path: str | Path | DatabaseUrl, session: Session, spec: ExportFormat,
            into_source: bool) -> Path | DatabaseUrl:
    """The file, or the PostgreSQL database, `out_path` names (a `sqlite:///` URL is its
    file). A database is refused for a format that writes files, and when it is the
    source unless `into_source` adds a session to it."""
    if not (isinstance(out_path, DatabaseUrl) or is_database_url(out_path)):
        return Path(out_path) if not isinstance(out_path, DatabaseUrl) else out_path
    try:
        where = resolve(out_path if isinstance(out_path, DatabaseUrl) else str(out_path))
    except ValueError as exc:
        raise ExportError(str(exc)) from None
    if not isinstance(where, DatabaseUrl):
        return where
    refuse_file_format(where, spec.name)
    is_source = session.source_path == where.redacted
    if into_source and not is_source:
        raise ExportError(f"{where}: into_source / --into-source adds the session to the source database itself "
                          f"({session.source_path}): give that as the output")
    if is_source and not into_source:
        raise ExportError(f"{where}: is the source being read; inspector never modifies a source (into_source / "
                          "--into-source adds the compacted session to it as a new session)")
    return where


# The most max_tokens the Anthropic SDK's `messages.create` sends without streaming (with
# its default timeout): it refuses a request it expects to take over 10 minutes
# (anthropic._base_client._calculate_nonstreaming_timeout: 3,600 s x max_tokens / 128,000
# > 600 s, so above 21,333), and above its per-model limits
# (anthropic._constants.MODEL_NONSTREAMING_TOKENS, looked up by the exact model name;
# the copy below is used when the SDK is not installed).
NONSTREAMING_MAX_TOKENS = 21_333
_NONSTREAMING_BY_MODEL = {
    "claude-opus-4-20250514": 8_192, "claude-opus-4-0": 8_192, "claude-4-opus-20250514": 8_192,
    "anthropic.claude-opus-4-20250514-v1:0": 8_192, "claude-opus-4@20250514": 8_192,
    "anthropic.claude-opus-4-1-20250805-v1:0": 8_192, "claude-opus-4-1@20250805": 8_192,
}


def nonstreaming_max_tokens(model: str) -> int:
    """The largest `max_tokens` the Anthropic SDK's `messages.create(**body)` accepts for
    `model` without streaming and without a timeout of the caller's own.

    Args:
        model: the body's model name (the SDK looks its per-model limits up exactly).

    Returns:
        The limit in tokens.
    """
    try:
        from anthropic._constants import MODEL_NONSTREAMING_TOKENS as by_model
    except ImportError:  # the SDK is not needed to write a body
        by_model = _NONSTREAMING_BY_MODEL
    limit = by_model.get(model)
    return min(NONSTREAMING_MAX_TOKENS, limit) if isinstance(limit, int) else NONSTREAMING_MAX_TOKENS


def _sendable_limit(model: str, warnings: list[str]) -> int | None:
    """The model's output limit (litellm's map); lowered only when the Anthropic SDK
    would refuse `messages.create(**body)` with it, and then said in `warnings`."""
    from inspector.llm import model_output_limit

    limit = model_output_limit(model)
    if limit is None:
        return None
    cap = nonstreaming_max_tokens(model)
    if limit <= cap:
        return limit
    warnings.append(
        f"max_tokens is {cap:,}, not {model}'s output limit of {limit:,} (litellm's map): the Anthropic SDK refuses "
        f"a non-streaming messages.create(**body) with more than {cap:,} unless the call or the client sets its "
        f"own timeout; give --max-tokens {limit} to stream or send with a timeout")
    return cap


def _agents_id(session: Session, compacted: Compacted | None) -> str:
    base = str(session.metadata.get("source_session_id") or session.id)
    return f"{base}-compacted" if compacted is not None else base


def _is_uuid(text: str) -> bool:
    try:
        return str(uuid.UUID(text)) == text.lower()
    except ValueError:
        return False


def _adk_author(messages: Sequence[Message]) -> str:
    """The agent that wrote an ADK source's model turns (ADK shows other authors' turns
    to an agent as quoted context), else the default."""
    for m in messages:
        if m.role == "assistant" and m.name and isinstance(m.raw, dict) and m.raw.get("author") == m.name:
            return m.name
    return DEFAULT_AUTHOR
