"""The store the app browses, under the names the TUI has always used.

The interface and both implementations live in `inspector.service.store` (one store
interface for every front end); this module only names them for the screens.
"""

from __future__ import annotations

from inspector.demo import open_demo
from inspector.service.store import MemoryStore as MemoryData
from inspector.service.store import Opened, SessionRow, StoredVersion, VersionRow
from inspector.service.store import SessionStore as SessionData
from inspector.service.store import WorkspaceStore as WorkspaceData
from inspector.service.store import open_store as open_data

__all__ = ["MemoryData", "Opened", "SessionData", "SessionRow", "StoredVersion", "VersionRow", "WorkspaceData",
           "open_data", "open_demo"]
