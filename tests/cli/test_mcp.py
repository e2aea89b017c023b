"""`inspector mcp`: the recovery tool as an MCP stdio server, for Claude Code (which adds
tools only through MCP servers). Driven by the real MCP Python SDK client
(`mcp.client.stdio.stdio_client` + `ClientSession`), as Claude Code drives a server it
was given with `claude mcp add NAME -- inspector mcp --workspace DB`, on a workspace
holding the offloads of an applied compaction whose Claude Code export names them."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

import pytest

from inspector.engine.planning import plan
from inspector.engine.summarize.extractive import ExtractiveSummarizer
from inspector.service.mcp import PROTOCOL_VERSIONS, RecoveryMcpServer
from tests.exports.test_resume_matrix import _config, _session
from tests.lazy import installed

pytestmark = pytest.mark.skipif(not installed("mcp"), reason="the test extra installs the MCP Python SDK")


@pytest.fixture(autouse=True, scope="module")
def _mcp() -> None:
    """The MCP Python SDK, imported when these tests run (tests/lazy.py)."""
    global ClientSession, StdioServerParameters, stdio_client
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

OFFLOAD_ID = re.compile(r"off-[0-9a-f]{12}")


def _exported(tmp_path: Path, config=None):
    """A SWE-agent run compacted (offloads made), exported as a Claude Code transcript
    through the service, which stores the removed content in the workspace."""
    from inspector.engine.applier import apply
    from inspector.service.export import write_compacted
    from inspector.service.store import open_workspace

    s = _session("swe-agent")
    result = apply(s, plan(s, config or _config()), ExtractiveSummarizer())
    assert result.offloads
    with open_workspace(tmp_path / "ws.db") as ws:
        out = write_compacted(s, result, "claude-code", tmp_path / "cc.jsonl", offloads=ws)
    shown = set(OFFLOAD_ID.findall(out.path.read_text()))
    named = [o for o in result.offloads if o.id in shown]
    assert named, "the transcript's notices name offloads"
    return result, named, out


def _server(tmp_path: Path, *extra: str) -> StdioServerParameters:
    # the command `claude mcp add inspector-recover -- inspector mcp --workspace DB` registers
    return StdioServerParameters(command=sys.executable, args=[
        "-c", "import sys; from inspector.cli.main import main; sys.exit(main(sys.argv[1:]))",
        "mcp", "--workspace", str(tmp_path / "ws.db"), *extra], cwd=str(Path.cwd()))


async def _session_calls(params: StdioServerParameters, calls: list[tuple[str, dict]]):
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        listed = await session.list_tools()
        results = [await session.call_tool(name, args) for name, args in calls]
        return init, listed, results


def test_claude_code_reads_the_notices_back_through_the_mcp_server(tmp_path):
    result, named, out = _exported(tmp_path)
    tool = result.plan.config.recovery_tool
    (warning,) = [w for w in out.warnings if "inspector mcp" in w]
    # the command it gives names the workspace the export stored the content in, runnable as it is
    command = f"claude mcp add inspector-recover -- inspector mcp --workspace {(tmp_path / 'ws.db').resolve()}"
    assert command in warning and f"mcp__inspector-recover__{tool}" in warning
    longest = max(named, key=lambda o: len(o.content))
    init, listed, results = asyncio.run(_session_calls(_server(tmp_path), [
        (tool, {"id": longest.id}),
        (tool, {"id": longest.id, "offset": 5, "limit": 40}),
        (tool, {"id": "off-000000000000"}),
        (tool, {"id": longest.id, "offset": -1}),
        (tool, {}),
    ]))
    assert init.protocol_version in PROTOCOL_VERSIONS and init.server_info.name == "inspector"
    assert init.capabilities.tools is not None
    (offered,) = listed.tools
    assert offered.name == tool and offered.input_schema["required"] == ["id"]
    whole, part, unknown, negative, missing = results
    assert not whole.is_error and [c.text for c in whole.content] == [longest.content]
    assert not part.is_error and part.content[0].text == longest.content[5:45]
    assert unknown.is_error and "off-000000000000" in unknown.content[0].text
    assert negative.is_error and "offset" in negative.content[0].text
    assert missing.is_error and "id" in missing.content[0].text


def test_the_tool_is_named_as_the_config_names_it(tmp_path):
    config = _config().with_values({"recovery_tool": "read_file"})  # eino's name
    result, named, _ = _exported(tmp_path, config)
    _, listed, (answer,) = asyncio.run(_session_calls(
        _server(tmp_path, "--set", "recovery_tool=read_file"), [("read_file", {"id": named[0].id})]))
    assert [t.name for t in listed.tools] == ["read_file"]
    assert not answer.is_error and answer.content[0].text == named[0].content


def test_an_unknown_tool_is_a_protocol_error_and_the_server_goes_on(tmp_path):
    _, named, _ = _exported(tmp_path)

    async def go():
        async with stdio_client(_server(tmp_path)) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            with pytest.raises(Exception, match="unknown tool"):
                await session.call_tool("bash", {"cmd": "ls"})
            return await session.call_tool("read_offload", {"id": named[0].id})

    assert asyncio.run(go()).content[0].text == named[0].content


ODD_LINES = [
    "", "   ", "not json", "[]", "42", '"text"', "null", '{"id": 1}', '{"jsonrpc": "1.0", "id": 1, "method": "ping"}',
    '{"jsonrpc": "2.0", "id": 1, "method": 7}', '{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": []}',
    '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "read_offload", "arguments": "x"}}',
    '{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "read_offload", '
    '"arguments": {"id": "off-1", "limit": true}}}',
    '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "read_offload", '
    '"arguments": {"id": "off-1", "offset": 1e400}}}',
    '{"jsonrpc": "2.0", "id": 6, "method": "resources/list"}', '{"jsonrpc": "2.0", "method": "notifications/cancelled"}',
    '{"jsonrpc": "2.0", "id": 7, "result": {}}', '[{"jsonrpc": "2.0", "id": 8, "method": "ping"}, 5]',
    '{"jsonrpc": "2.0", "id": 9, "method": "initialize", "params": {"protocolVersion": "1999-01-01"}}',
]


@pytest.mark.parametrize("line", ODD_LINES)
def test_every_line_gets_a_json_rpc_answer_or_none_never_a_traceback(line):
    def recover(offload_id: str, offset: int, limit: int | None) -> str:
        if offload_id != "off-1":
            raise KeyError(offload_id)
        return "content"[offset:None if limit is None else offset + limit]

    answer = RecoveryMcpServer(recover).handle_line(line)
    if answer is None:
        return
    assert "\n" not in answer
    for message in (lambda d: d if isinstance(d, list) else [d])(json.loads(answer)):
        assert message["jsonrpc"] == "2.0" and "id" in message
        assert ("result" in message) != ("error" in message)
        if "error" in message:
            assert isinstance(message["error"]["code"], int) and message["error"]["message"]
        elif "content" in message["result"]:
            assert message["result"]["isError"] is True  # every odd call above is refused
        elif "protocolVersion" in message["result"]:
            assert message["result"]["protocolVersion"] == PROTOCOL_VERSIONS[-1]


def test_a_file_that_is_no_workspace_is_one_line_on_stderr_and_nothing_on_stdout(tmp_path):
    import subprocess

    (tmp_path / "ws.db").write_text("not a database\n" * 100)
    params = _server(tmp_path)
    done = subprocess.run([params.command, *params.args], input=b"", capture_output=True, timeout=120)
    assert done.returncode != 0 and done.stdout == b""
    assert len(done.stderr.decode().strip().splitlines()) == 1 and "ws.db" in done.stderr.decode()
