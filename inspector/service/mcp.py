"""The recovery tool as a Model Context Protocol server, for agents that add tools only
through MCP (Claude Code: `claude mcp add inspector-recover -- inspector mcp --workspace PATH`).

`RecoveryMcpServer` is the protocol without the IO: `handle_line(line)` takes one
newline-delimited JSON-RPC 2.0 message (a request, a notification or a batch) and
returns the line to answer with, or None. `inspector mcp` runs it over stdin/stdout.
It speaks the handshake revisions of MCP (`initialize`, `notifications/initialized`,
`ping`, `tools/list`, `tools/call`) with one tool, named as the config's
`recovery_tool`, defined as the runtime defines it (`engine.recovery_tool`), and
answered from the workspace's offloads. A failed recovery (an unknown id, bad
arguments) is a tool result with `isError`, which the model reads; a malformed message
is a JSON-RPC error; nothing raises out of `handle_line`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from inspector.engine.recovery_tool import recovery_tool_function

__all__ = ["PROTOCOL_VERSIONS", "RecoveryMcpServer", "workspace_recovery_server"]

# The MCP revisions negotiated by `initialize` (oldest first); a client asking for
# another gets the newest, and decides.
PROTOCOL_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")

# JSON-RPC 2.0 error codes
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603

Recover = Callable[[str, int, "int | None"], str]


class RecoveryMcpServer:
    """One MCP tool that reads removed content back by its offload id.

    Args:
        recover: `(offload_id, offset, limit) -> text`; raises `KeyError` (or a
            `LookupError`) for an unknown id, `ValueError` for a bad offset or limit.
        tool_name: the tool's name: the config's `recovery_tool`, the name the
            notices show.
        version: the server version `initialize` reports.
    """

    def __init__(self, recover: Recover, tool_name: str = "read_offload", version: str = "0") -> None:
        self.recover = recover
        function = recovery_tool_function(tool_name)
        self.tool = {"name": function["name"], "description": function["description"],
                     "inputSchema": function["parameters"]}
        self.version = version

    # ------------------------------------------------------------------ messages

    def handle_line(self, line: str) -> str | None:
        """Answer one line of the stdio transport.

        Args:
            line: one JSON-RPC message (or batch), without its newline.

        Returns:
            The answer as one line without a newline, or None (a notification, a
            batch of notifications, a blank line).
        """
        if not line.strip():
            return None
        try:
            message = json.loads(line)
        except ValueError as exc:
            return _dump(_error(None, PARSE_ERROR, f"not JSON: {exc}"))
        if isinstance(message, list):
            answers = [a for a in (self.handle(m) for m in message) if a is not None]
            if not message:
                return _dump(_error(None, INVALID_REQUEST, "empty batch"))
            return _dump(answers) if answers else None
        answer = self.handle(message)
        return None if answer is None else _dump(answer)

    def handle(self, message: Any) -> dict[str, Any] | None:
        """Answer one decoded JSON-RPC message.

        Args:
            message: the decoded message.

        Returns:
            The response object, or None for a notification or a response.
        """
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return _error(message.get("id") if isinstance(message, dict) else None, INVALID_REQUEST,
                          "expected a JSON-RPC 2.0 object")
        method = message.get("method")
        if "id" not in message:  # a notification (notifications/initialized, cancelled): nothing to answer
            return None
        ident = message["id"]
        if not isinstance(method, str):
            if "result" in message or "error" in message:  # a response to nothing we asked
                return None
            return _error(ident, INVALID_REQUEST, "a request needs a string method")
        params = message.get("params")
        if params is not None and not isinstance(params, dict):
            return _error(ident, INVALID_PARAMS, "params must be an object")
        params = params or {}
        if method == "initialize":
            return _result(ident, self._initialize(params))
        if method == "ping":
            return _result(ident, {})
        if method == "tools/list":
            return _result(ident, {"tools": [self.tool]})
        if method == "tools/call":
            name = params.get("name")
            if name != self.tool["name"]:
                return _error(ident, INVALID_PARAMS, f"unknown tool {name!r} (this server has {self.tool['name']!r})")
            return _result(ident, self.call(params.get("arguments")))
        return _error(ident, METHOD_NOT_FOUND, f"method {method!r} is not served (only the recovery tool is)")

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any]:
        asked = params.get("protocolVersion")
        return {
            "protocolVersion": asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[-1],
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "inspector", "version": self.version},
            "instructions": f"Compacted history shows notices naming {self.tool['name']}(id=\"off-...\"): call "
                            f"this server's {self.tool['name']} with that id to read the removed content back.",
        }

    # ------------------------------------------------------------------ the tool

    def call(self, arguments: Any) -> dict[str, Any]:
        """Run the recovery tool: a `tools/call` result, `isError` when it failed.

        Args:
            arguments: the call's `arguments` (`id`, optional `offset` and `limit`).

        Returns:
            The result: the content as one text block, or the reason it failed.
        """
        name = self.tool["name"]
        if not isinstance(arguments, dict) or not isinstance(arguments.get("id"), str) or not arguments["id"]:
            return _tool_error(f"{name}: give the id the notice shows, as {{\"id\": \"off-...\"}}")
        try:
            offset = _whole(arguments.get("offset"), "offset", 0)
            limit = _whole(arguments.get("limit"), "limit", None)
        except ValueError as exc:
            return _tool_error(f"{name}: {exc}")
        try:
            text = self.recover(arguments["id"], offset if offset is not None else 0, limit)
        except LookupError:
            return _tool_error(f"{name}: no offloaded content with id {arguments['id']!r} in this workspace")
        except ValueError as exc:
            return _tool_error(f"{name}: {exc}")
        except Exception as exc:  # noqa: BLE001 - a tool error the model reads, never a dead server
            return _tool_error(f"{name}: could not read the workspace ({type(exc).__name__}: {exc})")
        return {"content": [{"type": "text", "text": text}], "isError": False}


def _whole(value: Any, what: str, default: int | None) -> int | None:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number of characters, 0 or more, not {value!r}")
    if value > 2**63 - 1:  # the workspace's SQLite integers are 64-bit
        raise ValueError(f"{what} must be at most {2**63 - 1:,}")
    return value


def _result(ident: Any, result: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "result": result}


def _error(ident: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}


def _tool_error(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": f"error: {text}"}], "isError": True}


def _dump(value: Any) -> str:
    # One line: the transport delimits messages by newlines (json escapes those in strings).
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def workspace_recovery_server(workspace: Any, tool_name: str) -> RecoveryMcpServer:
    """The recovery server answering from an open workspace's offloads.

    Args:
        workspace: the workspace (`service.store.open_workspace`); its `recover`.
        tool_name: the config's `recovery_tool`.

    Returns:
        The server.
    """
    from importlib.metadata import PackageNotFoundError, version

    from inspector.service.store import WorkspaceError

    def recover(offload_id: str, offset: int, limit: int | None) -> str:
        try:
            text = workspace.recover(offload_id, offset, limit)
        except KeyError:  # the workspace's UnknownIdError
            raise
        except WorkspaceError as exc:
            raise ValueError(str(exc)) from None
        if text is None:
            raise KeyError(offload_id)
        return str(text)

    try:
        ours = version("inspector")
    except PackageNotFoundError:
        ours = "0"
    return RecoveryMcpServer(recover, tool_name, ours)
