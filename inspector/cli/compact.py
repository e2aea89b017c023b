"""`inspector plan | apply | export`: the headless path through `inspector.service.pipeline`,
the same pipeline the TUI and the runtime `Compactor` run.

Exit status: 0 done, 1 compaction failed (nothing written), 2 bad input or usage.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # pragma: no cover
    from inspector.engine.config import CompactionConfig
    from inspector.engine.models import Session
    from inspector.engine.planning import Plan
    from inspector.service.store import Workspace

import asyncio
import sys
import time
from pathlib import Path

from inspector.cli.main import EXIT_FAILED, CliError
from inspector.engine.wording import plural
from inspector.formats.terminal import terminal_json, visible
from inspector.service.opening import is_workspace

# ------------------------------------------------------------------------ plumbing


def _err(line: str) -> None:
    sys.stderr.write(visible(line.rstrip("\n")) + "\n")
    sys.stderr.flush()


def _config(args: argparse.Namespace) -> CompactionConfig:
    from inspector.engine.config import ConfigError
    from inspector.service.config import resolve_config

    try:
        return resolve_config(getattr(args, "config", None), getattr(args, "preset", None),
                              getattr(args, "set_values", None) or (), getattr(args, "summarizer", None))
    except ConfigError as exc:
        raise CliError(str(exc)) from None


def _open_workspace(path: str | None) -> Workspace:
    from inspector.service.store import WorkspaceError, open_workspace

    try:
        return open_workspace(path)
    except WorkspaceError as exc:
        raise CliError(str(exc)) from None


def _load(args: argparse.Namespace) -> tuple[Session, Workspace | None]:
    """(session, workspace-or-None): SOURCE is a session file/database, or a workspace."""
    from inspector.service.opening import load_session, where
    from inspector.service.pipeline import PipelineError

    try:
        path = where(args.source)
    except PipelineError as exc:
        raise CliError(str(exc)) from None
    if isinstance(path, Path) and path.is_file() and is_workspace(path):  # is_file: a FIFO would block the open
        from inspector.service.store import WorkspaceError

        ws = _open_workspace(str(path))
        try:
            sid = args.session
            if sid is None:
                ids = [s.id for s in ws.list_sessions()]
                if len(ids) != 1:
                    raise CliError(f"{path}: workspace with {len(ids)} sessions; choose one with --session")
                sid = ids[0]
            return ws.load_session(sid), ws
        except WorkspaceError as exc:
            ws.close()
            raise CliError(str(exc)) from None
    try:
        return load_session(path, args.session), None
    except PipelineError as exc:
        raise CliError(str(exc)) from None


class EventPrinter:
    """Summarization events as lines on stderr (progress for apply/export)."""

    def __init__(self, prefix: str = "", stream: TextIO | None = None) -> None:
        self.prefix = prefix
        self.stream = stream or sys.stderr

    def __call__(self, event: Any) -> None:
        """Print one summarization event (a successful attempt is left to the `after` event that follows)."""
        if event.kind == "attempt" and event.error is None:
            return  # "after" follows
        self.stream.write(visible(f"{self.prefix}{event.describe()}") + "\n")
        self.stream.flush()


def _fail(exc: BaseException) -> int:
    _err(f"inspector: compaction failed, nothing written: {exc}")
    return EXIT_FAILED


# ---------------------------------------------------------------------------- plan


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "0%"


def fidelity_line(report: Any) -> str:
    """One line: the fidelity score, what it is of, then kept/items per kind."""
    return str(report.headline())


def format_plan(session: Session, p: Plan, cost: Any = None, fidelity: Any = None) -> str:
    """The plan as a readable report: totals, stages, triggers, cutoff, warnings, the
    fidelity (`measure_fidelity`, when given), then the per-message actions with runs
    of the same action folded into one line."""
    from inspector.engine.planning import Action

    out: list[str] = []
    w = out.append
    w(f"session {session.id} ({session.source_format}, {len(session.messages):,} messages)")
    w(f"config: preset {p.config.preset}; counter {p.counter}"
      f"{'' if p.counter_exact else ' (estimate)'}; context window {p.context_window:,}")
    w(f"tokens: {p.total_before:,} -> {p.total_after:,} "
      f"(saved {p.saved:,}, {_pct(p.saved, p.total_before)})"
      + ("; summary size estimated" if p.estimated else ""))
    w("stages:")
    for s in p.stages:
        state = "ran" if s.ran else ("off" if not s.enabled else "idle")
        saved = f"-{s.saved:,}" if s.saved > 0 else (f"+{-s.saved:,}" if s.saved < 0 else "0")
        w(f"  {s.name:<11} {state:<4} {saved:>9}  {s.reason}")
    if p.triggers:
        w("triggers" + (" (fired)" if p.triggered else " (not fired)") + ":")
        for t in p.triggers:
            w(f"  {'*' if t.fired else '-'} {t.name}: {t.detail}")
    if p.cutoff is not None:
        w(f"cutoff: {p.cutoff.final} (target {p.cutoff.target}): {p.cutoff.reason}")
    for spec in p.summaries:
        size = f"{spec.estimated_tokens:,} tokens" + ("" if spec.exact else " (estimated)")
        kept = ""
        if spec.preserved_users or spec.preserved_tools:
            kept = f"; {plural(len(spec.preserved_users) + len(spec.preserved_tools), 'message')} carried verbatim"
        w(f"summary: messages {spec.start}\u2013{spec.end - 1} ({spec.replaced_tokens:,} tokens) -> {size}, "
          f"injected as {spec.injection}{kept}")
    if p.summaries:
        from inspector.service.pipeline import summarizer_label

        paid = cost is not None and cost.model != "extractive"
        w(f"summarizer: {summarizer_label(p.config)}" + (f"; cost before applying: {cost.describe()}" if paid else ""))
    if fidelity is not None:
        w(fidelity_line(fidelity))
        for line in fidelity.lost_lines():
            w(f"  {line}")
    if p.warnings:
        w("warnings:")
        for warn in p.warnings:
            w(f"  ! {warn.message}")
    if p.notes:
        w("notes:")
        for note in p.notes:
            w(f"  {note}")
    w("messages (position: action, tokens before -> after):")
    roles = [m.role for m in session.messages]
    i = 0
    n = len(p.actions)
    while i < n:
        act = p.actions[i]
        red = p.reductions.get(i)
        if red is not None:
            w(f"  {i}: {act} [{roles[i]}] {p.tokens_before[i]:,} -> {p.tokens_after[i]:,} "
              f"({red.stage}, {red.offload_id})")
            i += 1
            continue
        j = i
        while j + 1 < n and p.actions[j + 1] == act and (j + 1) not in p.reductions:
            j += 1
        before = sum(p.tokens_before[i:j + 1])
        after = sum(p.tokens_after[i:j + 1])
        where = f"{i}" if i == j else f"{i}\u2013{j}"
        what = f"[{roles[i]}]" if i == j else f"({j - i + 1} messages)"
        change = f"{before:,}" if act == Action.KEEP else f"{before:,} -> {after:,}"
        w(f"  {where}: {act} {what} {change}")
        i = j + 1
    # ids, tool names and reasons in it came from the session file
    return "".join(visible(line) + "\n" for line in out)


def _plan(args: argparse.Namespace, config: CompactionConfig) -> int:
    from inspector.service.pipeline import estimate_cost, measure_fidelity, plan_session
    from inspector.service.store import default_workspace_path

    session, ws = _load(args)
    try:
        # The summaries an apply generated count in the plan of the same session read
        # from its file too (issue 17.3); a workspace that does not exist is not created.
        path = Path(args.workspace) if args.workspace else default_workspace_path()
        if ws is None and path.is_file():
            try:
                ws = _open_workspace(str(path))
            except CliError as exc:
                if args.workspace:
                    raise
                # the default workspace, not asked for: the plan is made without it
                _err(f"warning: {exc}; planned without its summaries")
        cache = ws.summary_cache() if ws is not None else None
        p = plan_session(session, config, summary_cache=cache,
                         token_cache=ws.token_cache() if ws is not None else None)
        cost = estimate_cost(session, p, summary_cache=cache)
        fid = measure_fidelity(session, p, summary_cache=cache)
    finally:
        if ws is not None:
            ws.close()
    if args.json:
        d = p.to_dict()
        d["summarizer"] = config.summarization.model or "extractive"
        # tokens_after is an estimate until every summary's text exists (then exact)
        d["tokens_after_estimated"] = p.estimated
        d["cost"] = None if cost is None else {"model": cost.model, "input_tokens": cost.input_tokens,
                                                "output_tokens": cost.output_tokens, "usd": cost.usd}
        d["fidelity"] = fid.to_dict()
        sys.stdout.write(terminal_json(d) + "\n")
    else:
        sys.stdout.write(format_plan(session, p, cost, fid))
    return 0


# --------------------------------------------------------------------------- apply


def _apply(args: argparse.Namespace, config: CompactionConfig) -> int:
    from inspector.service.pipeline import estimate_cost, failure_types
    from inspector.service.store import WorkspaceError
    from inspector.service.versions import compact_and_save

    session, ws = _load(args)
    ws = ws or _open_workspace(args.workspace)
    try:
        try:
            if session.metadata.get("workspace_session_id"):  # a stored version (Claude Code sessions carry a "version" too)
                raise CliError(f"{session.id}: is a compacted version; apply to its session instead")
            stored = ws.import_session(session)
        except WorkspaceError as exc:
            raise CliError(str(exc)) from None
        wid = stored.id

        def planned(p: Plan) -> None:
            # The offline summarizer costs nothing: no estimate (its requests, built and
            # counted, were a tenth of applying 100,000 messages).
            if p.config.summarization.model not in ("", "extractive"):
                cost = estimate_cost(stored, p, summary_cache=ws.summary_cache())
                if cost is not None:
                    _err(f"summary cost before applying: {cost.describe()}")
            # over budget, "nothing to compact" would precede the failure's one line
            if not p.changed and not any(w.code == "over_budget" for w in p.warnings):
                _err(f"{wid}: nothing to compact ({p.total_before:,} tokens; no stage applies)")

        try:
            saved = compact_and_save(ws, stored, config, on_event=EventPrinter(), on_plan=planned)
        except failure_types() as exc:
            return _fail(exc)
        except WorkspaceError as exc:
            return _fail(exc)
    finally:
        ws.close()
    vid, result = saved.version_id, saved.result
    before, after = result.plan.total_before, result.total_after
    _err(f"{wid}: {before:,} -> {after:,} tokens (saved {before - after:,}, {_pct(before - after, before)}); "
         f"{plural(len(result.messages), 'message')}, {plural(len(result.offloads), 'offload')}"
         + (f"; summary by {', '.join(sorted({g.model for g in result.summaries}))}" if result.summaries else ""))
    if args.json:
        sys.stdout.write(terminal_json({
            "version": vid, "session": wid, "tokens_before": before, "tokens_after": after,
            "messages": len(result.messages), "offloads": [o.id for o in result.offloads],
            "summaries": [{"model": g.model, "extractive": g.extractive, "start": g.start, "end": g.end}
                          for g in result.summaries],
        }) + "\n")
    else:
        sys.stdout.write(visible(vid) + "\n")
    return 0


# -------------------------------------------------------------------------- export

def _export_one(session: Session, result: Any, args: argparse.Namespace, out: Path, ws: Any,
                say: Callable[[str], None] = _err, into_source: bool = False) -> Any:
    from inspector.service.export import write_compacted

    res = write_compacted(session, result, args.format, out, offloads=ws, into_source=into_source,
                          force=args.force, unique_ids=False if args.keep_duplicate_ids else None,
                          target=_target(args))
    for warning in res.warnings:
        say(f"{res.path}: warning: {warning}")  # a database URL shown without its password
    return res


def _target(args: argparse.Namespace) -> Any:
    """What the target needs that the session may not say: --model, --max-tokens, --adk-*."""
    from inspector.service.export import target_options

    return target_options(model=args.model, max_tokens=args.max_tokens, adk_author=args.adk_author,
                         adk_app=args.adk_app, adk_user=args.adk_user)


def _export_errors() -> tuple[type[BaseException], ...]:
    from inspector.service.export import export_errors

    return export_errors()


def _write_error(out: Path, exc: BaseException) -> str:
    from inspector.formats.locations import shown

    if isinstance(exc, OSError):
        return f"{shown(out)}: cannot write the export ({exc.strerror or exc})"
    return str(exc)  # ExportError names the output already


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a line per tenth
    otherwise."""

    def __init__(self, total: int, label: str = "sessions", stream: TextIO | None = None, width: int = 24) -> None:
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.width = width
        self.done = 0
        self.failed = 0
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.step = max(1, total // 10)
        self.last = 0.0

    def bar(self) -> str:
        """The bar as text: `[####....] done/total label`, with the failures if any."""
        filled = int(self.width * self.done / self.total) if self.total else self.width
        fail = f", {self.failed} failed" if self.failed else ""
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} {self.label}{fail}"

    def advance(self, ok: bool = True) -> None:
        """Count one more item done (`ok=False`: failed) and redraw the bar when due."""
        self.done += 1
        if not ok:
            self.failed += 1
        final = self.done == self.total
        if self.tty:
            now = time.monotonic()
            if final or now - self.last > 0.1:
                self.last = now
                self.stream.write("\r" + self.bar() + ("\n" if final else ""))
                self.stream.flush()
        elif final or self.done % self.step == 0:
            self.stream.write(self.bar() + "\n")
            self.stream.flush()

    def message(self, line: str) -> None:
        """Print a line of its own above the bar."""
        if self.tty:
            self.stream.write("\r\x1b[K")
        self.stream.write(visible(line) + "\n")
        self.stream.flush()


def _export(args: argparse.Namespace, config: CompactionConfig) -> int:
    out = Path(args.output)
    if args.all:
        if args.session:
            raise CliError("give either --session ID or --all, not both")
        return _export_all(args, config, out)
    from inspector.service.export import export_compacted, export_destination
    from inspector.service.pipeline import failure_types

    session, ws = _load(args)
    # The workspace keeps what the export removes: `inspector recover ID` resolves its hints.
    ws = ws or _open_workspace(args.workspace)
    try:
        try:
            # A database URL stays a URL (refused for a file format before anything is compacted).
            dest = export_destination(args.output, session.id, args.format)
            exported = export_compacted(session, config, args.format, dest, offloads=ws,
                                        summary_cache=ws.summary_cache(), token_cache=ws.token_cache(),
                                        on_event=EventPrinter(), into_source=args.into_source, force=args.force,
                                        unique_ids=False if args.keep_duplicate_ids else None,
                                        target=_target(args))
        except failure_types() as exc:
            return _fail(exc)
        except _export_errors() as exc:
            raise CliError(_write_error(out, exc)) from None
    finally:
        ws.close()
    res = exported.written
    out = res.path  # type: ignore[assignment]  # a URL prints without its password
    for warning in res.warnings:
        _err(f"{out}: warning: {warning}")
    result = exported.result
    assert result is not None
    before, after = result.plan.total_before, result.total_after
    if res.session_id is not None:
        _err(f"{session.id}: {before:,} -> {after:,} tokens; wrote session {res.session_id} to {out}")
        sys.stdout.write(visible(res.session_id) + "\n")  # the id an agent resumes with
    else:
        _err(f"{session.id}: {before:,} -> {after:,} tokens; wrote {out}")
    return 0


def _export_all(args: argparse.Namespace, config: CompactionConfig, out: Path) -> int:
    from inspector.formats.locations import is_database_url, shown
    from inspector.service.catalog import BY_NAME, default_name, safe_name
    from inspector.service.export import compact_many, export_destination
    from inspector.service.opening import iter_sessions, where
    from inspector.service.pipeline import PipelineError

    to_url = is_database_url(args.output)  # every session into that one database
    if to_url:
        try:  # refused for a file format before anything is read or compacted
            export_destination(args.output, "", args.format)
        except _export_errors() as exc:
            raise CliError(str(exc)) from None
    if not to_url and out.exists() and not out.is_dir():
        raise CliError(f"{out}: --all writes one file per session; give a directory")

    try:
        src = where(args.source)
    except PipelineError as exc:
        raise CliError(str(exc)) from None
    if isinstance(src, Path) and src.is_file() and is_workspace(src):
        with _open_workspace(str(src)) as wsrc:
            sessions = [wsrc.load_session(info.id) for info in wsrc.list_sessions()]
    else:
        try:
            sessions = list(iter_sessions(src, on_skip=lambda why: _err(f"inspector: skipped {why}")))
        except PipelineError as exc:
            raise CliError(str(exc)) from None
    if not sessions:
        raise CliError(f"{src}: no session to export")
    try:
        if not to_url:
            out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"{out}: cannot create the directory ({exc.strerror})") from None
    ws = _open_workspace(args.workspace)  # keeps the removed content: the hints resolve
    progress = Progress(len(sessions))
    names: dict[str, Any] = {}
    names_itself = BY_NAME[args.format].names_itself  # Claude Code: <sessionId>.jsonl, a fresh uuid each
    for s in sessions:  # distinct file names, decided up front
        if names_itself or to_url:
            names[s.id] = args.output if to_url else out
            continue
        base = safe_name(s.id)
        name, k = base, 1
        while out / default_name(name, args.format) in names.values():
            k += 1
            name = f"{base}-{k}"
        names[s.id] = out / default_name(name, args.format)

    def write(session: Session, result: Any) -> Any:  # a file's Path, or a database's URL
        res = _export_one(session, result, args, names[session.id], ws, say=progress.message)
        if res.session_id is not None:
            progress.message(f"{session.id}: wrote session {res.session_id}")
        return res.path

    def done(item: Any) -> None:
        if not item.ok:
            progress.message(f"inspector: {item.session_id}: compaction failed, not written: {item.error}")
        progress.advance(item.ok)

    def event(e: Any) -> None:
        if e.kind in ("failed",) or (e.kind == "attempt" and e.error):
            progress.message(f"{e.key[:8]}: {e.describe()}")

    try:
        items = asyncio.run(compact_many(
            sessions, config, write, concurrency=max(1, args.concurrency),
            summary_cache=ws.summary_cache(), on_event=event, on_done=done))
    except _export_errors() as exc:
        raise CliError(_write_error(out, exc)) from None
    finally:
        ws.close()
    ok = sum(1 for i in items if i.ok)
    _err(f"exported {ok} of {plural(len(items), 'session')} to {shown(args.output)}")
    return 0 if ok == len(items) else EXIT_FAILED


# ----------------------------------------------------------------------------- run


def run(args: argparse.Namespace) -> int:
    """Run `inspector plan`, `apply` or `export`; the exit code."""
    config = _config(args)
    if args.command == "plan":
        return _plan(args, config)
    if args.command == "apply":
        return _apply(args, config)
    if args.command == "export":
        return _export(args, config)
    raise CliError(f"unknown command {args.command!r}")
