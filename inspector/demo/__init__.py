"""The bundled demo: real SWE-agent runs (MIT, see data/LICENSE) in several source
formats (SWE-agent `.traj`, OpenAI chat JSON and JSONL, an OpenAI Agents SDK SQLite
database with a long "marathon" session). Regenerate with `scripts/build_demo.py`.

`inspector demo` imports these files into a demo workspace of its own (in the user
data directory, or a temporary directory when that is not writable) and opens the
app (`open_demo`). No network, no API key.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inspector.engine.models import Session

if TYPE_CHECKING:  # pragma: no cover
    from inspector.service.store import SessionStore

DATA = Path(__file__).resolve().parent / "data"
# Opened first: the long session past the default window, which the default preset compacts.
FIRST_SESSION = "marathon-30-tasks"


def demo_files() -> list[Path]:
    """The demo sources, in a stable order (the license is not a source)."""
    files = sorted(p for p in DATA.iterdir() if p.is_file() and p.name != "LICENSE" and p.suffix not in (".py", ".pyc")
                   and not p.name.startswith("."))
    if not files:
        raise FileNotFoundError(f"{DATA}: demo data missing (run scripts/build_demo.py)")
    return files


def demo_workspace_path() -> Path:
    """Where the demo workspace lives: the user data dir, else a temp dir."""
    from inspector.settings import user_data_dir

    base = user_data_dir()
    try:
        base.mkdir(parents=True, exist_ok=True)
        probe = base / ".write-test"
        probe.write_text("")
        probe.unlink()
        return base / "demo-workspace.db"
    except OSError:
        return Path(tempfile.gettempdir()) / f"inspector-demo-{os.getuid() if hasattr(os, 'getuid') else 0}.db"


def demo_sessions() -> list[Session]:
    """Every demo session, read with the sources' readers (no workspace)."""
    from inspector.service.opening import iter_sessions

    return [s for p in demo_files() for s in iter_sessions(p)]


def open_demo(workspace: str | Path | None = None, *, use_workspace: bool = True) -> SessionStore:
    """The bundled demo as a store: imported into its own workspace (in the app's
    loading worker), or held in memory.

    Args:
        workspace: the demo workspace's path (default: `demo_workspace_path()`).
        use_workspace: False to hold the demo sessions in memory instead.

    Returns:
        The store the app browses.
    """
    from inspector.service.store import MemoryStore, WorkspaceStore, open_workspace

    if not use_workspace:
        return MemoryStore(demo_sessions(), label="demo")
    ws = open_workspace(workspace or demo_workspace_path())
    return WorkspaceStore(ws, label=f"demo · {ws.path}", imports=demo_files())


def synthetic_session(n: int = 10_000, sessions: list[Session] | None = None) -> Session:
    """A long session for performance work: the demo runs' turns repeated (tool call
    ids made unique) after one system prompt until `n` messages. Real content, made-up
    length; its title says so."""
    sessions = sessions if sessions is not None else demo_sessions()
    system = next(m for s in sessions for m in s.messages if m.role == "system")
    out = [system]
    k = 0
    while len(out) < n:
        s = sessions[k % len(sessions)]
        for m in s.messages:
            if m.role == "system":
                continue
            update: dict[str, Any] = {}
            if m.tool_call_id:
                update["tool_call_id"] = f"{m.tool_call_id}~{k}"
            if m.tool_calls:
                update["tool_calls"] = [c.model_copy(update={"id": f"{c.id}~{k}"}) for c in m.tool_calls]
            out.append(m.model_copy(update=update) if update else m)
        k += 1
    out = out[:n]
    # Never end inside a tool-call group: cut back to the last message that closes one.
    while out and (out[-1].tool_calls or out[-1].role == "tool"):
        out.pop()
    return Session(id=f"synthetic-{n}", source_format="synthetic", title=f"synthetic: demo runs repeated to {n:,} messages",
                   messages=[m.model_copy(update={"position": i}) for i, m in enumerate(out)])
