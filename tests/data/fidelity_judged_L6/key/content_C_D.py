# Replacements for the two Claude Code sub-agent sessions (spotter).

C = "spotter_subagent_a7be2f0.json"  # cut 21 of 34
D = "spotter_subagent_a93ccab.json"  # cut 29 of 38

TEXTS = {C: {}, D: {}}
PLANTED = {C: None, D: None}

# --------------------------------------------------------------------------- C: tmux / registry / test helpers
TEXTS[C]["faithful"] = """Sub-agent task (read-only research for the parent session), three questions:
1. how `Spotter.Services.Tmux.list_panes/0` works and what happens if tmux is not running (crash or `{:error, _}`?);
2. how `Spotter.Services.SessionRegistry.get_pane_id/1` works (ETS or GenServer?);
3. whether a `conn_case.ex` or LiveView test helper exists.
Look in lib/spotter/services/tmux.ex, lib/spotter/services/session_registry.ex and test/support/, then report the key findings. Worktree: /home/USER/projects/spotter-worktrees/spotter-fum.

Findings so far:
- tmux.ex: `list_panes/0` runs `System.cmd("tmux", ["list-panes", "-a", "-F", format], stderr_to_stdout: true)`. Exit 0 → `{:ok, panes}` (each line parsed by `parse_pane_line/1` into a map with :pane_id, :session_name, :window_index, :pane_index, :pane_title, :pane_width, :pane_height, :pane_current_command); non-zero exit → `{:error, String.trim(output)}`; a missing tmux binary raises ErlangError, caught by `rescue e in ErlangError -> {:error, Exception.message(e)}`. So it never crashes. capture_pane, send_keys, session_for_pane and launch_review_session use the same rescue; `pane_exists?/1` rescues everything to `false`; `kill_session/1` always returns `:ok`.
- session_registry.ex: a GenServer that only owns the table: `init/1` creates a `[:named_table, :public, :set]` ETS table named after the module. `register/2` inserts `{pane_id, session_id}` and broadcasts `{:session_registered, pane_id, session_id}` on `Spotter.PubSub`, topic "pane_sessions". `get_pane_id/1` is a direct ETS read, `:ets.match(@table, {:"$1", session_id})`, returning the first pane_id or `nil`; no GenServer call. `get_session_id/1` uses `:ets.lookup`.
- test/support/ holds only `data_case.ex` (`Spotter.DataCase`, ExUnit.CaseTemplate, Ecto SQL sandbox via `Sandbox.start_owner!`). Reading the directory with Read failed (`EISDIR: illegal operation on a directory, read`; the parallel Bash call was cancelled); `ls -la` then showed the single file.
- No conn_case/ConnCase/live_view in test/support ("No matches"), no other *case*/*helper* files, no *live*.exs tests, no `Phoenix.LiveViewTest`/`mount`/`render_submit` in any test.
- The 10 .exs files (test_helper.exs, hooks_controller_test.exs, error_rendering_test.exs, jsonl_parser_test.exs, config_test.exs, resources_test.exs, transcript_sync_test.exs, transcript_renderer_test.exs, tmux_output_test.exs, spotter_test.exs) all `use ExUnit.Case` directly.

Next: look at test/test_helper.exs and one controller test for the pattern, then write the report answering the three questions."""

TEXTS[C]["faithful_short"] = """Research task: (1) does `Tmux.list_panes/0` crash without tmux, (2) is `SessionRegistry.get_pane_id/1` ETS or GenServer, (3) is there a conn_case.ex / LiveView test helper (look in lib/spotter/services/tmux.ex, session_registry.ex, test/support/). Found: (1) no crash: non-zero exit gives `{:error, String.trim(output)}` and a missing binary is caught by `rescue e in ErlangError -> {:error, Exception.message(e)}`; `pane_exists?/1` returns false on any error. (2) plain ETS: `:ets.match(@table, {:"$1", session_id})`, nil if absent; the GenServer only creates the public named table; `register/2` broadcasts on "pane_sessions". (3) test/support/ has only data_case.ex (Read on the directory gave EISDIR; ls confirmed); no ConnCase, no LiveView tests; all tests `use ExUnit.Case`. Next: check test_helper.exs, then report."""

TEXTS[C]["terse"] = """The sub-agent is answering three questions about an Elixir project: whether the tmux wrapper crashes when tmux is unavailable, how the session registry looks up a pane, and what test helpers exist for LiveView. So far: the tmux calls return error tuples instead of crashing, the registry reads an ETS table directly, and the only test support module is a data-layer case; there are no LiveView tests or connection helpers. It was about to check the test setup before reporting."""

TEXTS[C]["planted_errors"] = """Sub-agent task (read-only research for the parent session), three questions:
1. how `Spotter.Services.Tmux.list_panes/0` works and what happens if tmux is not running (crash or `{:error, _}`?);
2. how `Spotter.Services.SessionRegistry.get_pane_id/1` works (ETS or GenServer?);
3. whether a `conn_case.ex` or LiveView test helper exists.
Look in lib/spotter/services/tmux.ex, lib/spotter/services/session_registry.ex and test/support/, then report the key findings. Worktree: /home/USER/projects/spotter-worktrees/spotter-fum.

Findings so far:
- tmux.ex: `list_panes/0` runs `System.cmd("tmux", ["list-panes", "-a", "-F", format], stderr_to_stdout: true)`. Exit 0 → `{:ok, panes}` (each line parsed by `parse_pane_line/1` into a map with :pane_id, :session_name, :window_index, :pane_index, :pane_title, :pane_width, :pane_height, :pane_current_command); non-zero exit → `{:error, String.trim(output)}`; a missing tmux binary raises ErlangError, caught by `rescue e in ErlangError -> {:error, Exception.message(e)}`. So it never crashes. capture_pane, send_keys, session_for_pane and launch_review_session use the same rescue; `pane_exists?/1` rescues everything to `false`; `kill_session/1` always returns `:ok`.
- session_registry.ex: a GenServer holding a `[:named_table, :public, :set]` ETS table named after the module. `register/2` inserts `{pane_id, session_id}` and broadcasts `{:session_registered, pane_id, session_id}` on `Spotter.PubSub`, topic "pane_sessions". `get_pane_id/1` goes through the process: `GenServer.call(__MODULE__, {:get_pane_id, session_id})`, whose `handle_call` runs the `:ets.match` and replies with the pane_id or `nil`. `get_session_id/1` uses `:ets.lookup`.
- test/support/ holds `data_case.ex` (`Spotter.DataCase`, Ecto SQL sandbox via `Sandbox.start_owner!`) and `conn_case.ex` (`SpotterWeb.ConnCase`, imports Phoenix.ConnTest, sets `@endpoint`). Reading the directory with Read failed (`EISDIR: illegal operation on a directory, read`); `ls -la` then listed both files.
- No *live*.exs tests and no `Phoenix.LiveViewTest`/`mount`/`render_submit` in any test.
- The 10 .exs files (test_helper.exs, hooks_controller_test.exs, error_rendering_test.exs, jsonl_parser_test.exs, config_test.exs, resources_test.exs, transcript_sync_test.exs, transcript_renderer_test.exs, tmux_output_test.exs, spotter_test.exs) all `use ExUnit.Case` directly.

Next: look at test/test_helper.exs and one controller test for the pattern, then write the report answering the three questions."""
PLANTED[C] = [
    "wrong finding: get_pane_id/1 said to go through GenServer.call/handle_call; in fact it calls :ets.match directly (no GenServer call, there is no handle_call)",
    "wrong file/path: claims test/support/conn_case.ex (SpotterWeb.ConnCase) exists and ls listed two files; only data_case.ex exists and the grep found no ConnCase",
]

TEXTS[C]["keyword_dump"] = """/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter/services/tmux.ex
def list_panes do
case System.cmd("tmux", ["list-panes", "-a", "-F", format], stderr_to_stdout: true) do
{:ok, panes}
{output, _} ->
{:error, String.trim(output)}
e in ErlangError -> {:error, Exception.message(e)}
def capture_pane(pane_id) do
def pane_exists?(pane_id) do
_ -> false
def kill_session(name) do
defp parse_pane_line(line) do
/home/USER/projects/spotter-worktrees/spotter-fum/lib/spotter/services/session_registry.ex
use GenServer
@table __MODULE__
def register(pane_id, session_id) do
:ets.insert(@table, {pane_id, session_id})
Phoenix.PubSub.broadcast(
"pane_sessions",
{:session_registered, pane_id, session_id}
def get_pane_id(session_id) do
case :ets.match(@table, {:"$1", session_id}) do
[[pane_id] | _] -> pane_id
:ets.new(@table, [:named_table, :public, :set])
/home/USER/projects/spotter-worktrees/spotter-fum/test/support/data_case.ex
EISDIR: illegal operation on a directory, read
<tool_use_error>Sibling tool call errored</tool_use_error>
ls -la /home/USER/projects/spotter-worktrees/spotter-fum/test/support/
-rw-rw-r-- 1 marco marco  950 Feb 11 22:31 data_case.ex
defmodule Spotter.DataCase do
use ExUnit.CaseTemplate
pid = Sandbox.start_owner!(Spotter.Repo, shared: not tags[:async])
grep -r "conn_case\\|ConnCase\\|live_view" /home/USER/projects/spotter-worktrees/spotter-fum/test/support/ 2>/dev/null || echo "No matches"
No matches
find /home/USER/projects/spotter-worktrees/spotter-fum/test -name "*case*.ex" -o -name "*helper*.ex" 2>/dev/null
find /home/USER/projects/spotter-worktrees/spotter-fum/test -name "*live*.exs" 2>/dev/null
grep -r "Phoenix.LiveViewTest\\|mount\\|render_submit" /home/USER/projects/spotter-worktrees/spotter-fum/test --include="*.exs" 2>/dev/null | head -20
/home/USER/projects/spotter-worktrees/spotter-fum/test/test_helper.exs
/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter_web/controllers/hooks_controller_test.exs:  use ExUnit.Case, async: false
/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter_web/error_rendering_test.exs:  use ExUnit.Case, async: true
/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter/services/tmux_output_test.exs:  use ExUnit.Case, async: true
/home/USER/projects/spotter-worktrees/spotter-fum/test/spotter_test.exs:  use ExUnit.Case"""

TEXTS[C]["stale"] = """Notes from the first part of this sub-agent run:
- Task from the parent: explain (1) how `Spotter.Services.Tmux.list_panes/0` behaves when tmux is not running, (2) how `Spotter.Services.SessionRegistry.get_pane_id/1` works (ETS or GenServer), (3) whether a conn_case.ex or LiveView test helper exists; look in lib/spotter/services/tmux.ex, lib/spotter/services/session_registry.ex and test/support/ (worktree /home/USER/projects/spotter-worktrees/spotter-fum), and report.
- tmux.ex read: `list_panes/0` calls `System.cmd("tmux", ["list-panes", "-a", "-F", format], stderr_to_stdout: true)`; exit 0 gives `{:ok, panes}`, any other exit `{:error, String.trim(output)}`, and `rescue e in ErlangError -> {:error, Exception.message(e)}` covers a missing binary. The other tmux functions follow the same pattern; `pane_exists?/1` falls back to `false`.
- session_registry.ex read: GenServer whose `init/1` creates a public named ETS set; `get_pane_id/1` does `:ets.match(@table, {:"$1", session_id})` directly and returns the pane_id or nil; `register/2` broadcasts `{:session_registered, pane_id, session_id}` on "pane_sessions".
- Glob `test/support/**/*.ex` found only data_case.ex. Trying to Read the directory itself failed with `EISDIR: illegal operation on a directory, read` (the parallel Bash find was cancelled), so the agent ran `ls -la` on test/support/ (one file, data_case.ex, 950 bytes) and read it: `Spotter.DataCase`, an ExUnit.CaseTemplate with the Ecto SQL sandbox.
- Next: search the test tree for a ConnCase or LiveView helpers."""

TEXTS[C]["vague_long"] = """This is a read-only research task delegated by a parent coding session to a sub-agent. The parent wants to understand a few pieces of an Elixir/Phoenix application before building on them: how a small wrapper around the terminal multiplexer behaves when the multiplexer is not available, how a registry that maps terminal panes to coding sessions answers lookups, and what test infrastructure exists for testing live, server-rendered pages.

The sub-agent has read the relevant modules. The multiplexer wrapper shells out to the external command for each operation and converts failures into error results rather than letting them crash the caller; one helper that checks whether a pane exists simply answers no when anything goes wrong. The registry is a lightweight process that owns an in-memory table; lookups read the table directly rather than sending messages to the process, and registering a mapping also announces it to interested subscribers.

For the test side, the agent looked at the support directory and the rest of the test tree. It hit a small tool mistake along the way, corrected it, and confirmed what support modules exist. There is a case template for data-layer tests, but nothing dedicated to HTTP connection tests or to live page tests, and no tests of the live pages exist yet; the existing test files use the standard test case module directly.

The remaining work is small: perhaps look at the test setup and one existing controller test to describe the current testing pattern, and then write a clear report back to the parent that answers each of the three questions, noting what would be needed to add support for live page tests."""

# --------------------------------------------------------------------------- D: hooks / registry exploration
TEXTS[D]["faithful"] = """Progress on the exploration request (lifecycle hooks + an active session registry; read-only; worktree /home/USER/projects/spotter-worktrees/spotter-a0y). The nine items asked for and what was found:

1. `lib/spotter_web/controllers/session_hook_controller.ex`: `session_start/2` needs binary `session_id` and `pane_id`, opens OTel span `spotter.hook.session_start` (headers `x-spotter-hook-event`/`x-spotter-hook-script`), calls `SessionRegistry.register(pane_id, session_id)` and `Sessions.find_or_create(session_id, cwd: params["cwd"])`, returns `{ok: true}`; otherwise 400 "session_id and pane_id are required".
2. `hooks_controller.ex`: `commit_event` (at most 50 40-hex hashes; Commit + SessionCommitLink; enqueues EnrichCommits, ComputeHeatmap, ComputeCoChange via Oban), `file_snapshot` (FileSnapshot, 201), `tool_call` (ToolCall upsert).
3. Router: `/api` scope with POST /hooks/session-start, /hooks/file-snapshot, /hooks/tool-call, /hooks/commit-event and GET /review-context/:token; browser scope with the live routes (/, /history, /reviews, /sessions/:session_id, /sessions/:session_id/agents/:agent_id, heatmap, co-change).
4. `lib/spotter/application.ex`, one_for_one: Phoenix.PubSub (Spotter.PubSub), SessionRegistry, ReviewSessionRegistry, ReviewTokenStore, Repo, Oban (AshOban.config), SpotterWeb.Endpoint.
5. `spotter-plugin/hooks/hooks.json`: SessionStart → notify-session.sh + review-context-session-start.sh; Pre/PostToolUse on Write|Edit|Bash → pre-/post-tool-capture.sh; PostToolUse and PostToolUseFailure `.*` → tool-call-capture.sh.
6. `notify-session.sh`: reads session_id/cwd from stdin with jq, exits unless TMUX_PANE is set, POSTs to `http://127.0.0.1:${PORT}/api/hooks/session-start` (port from ../.port, default 1100), fails silently.
7. Controller tests (4 in test/spotter_web/controllers/): `use ExUnit.Case, async: false`, `Sandbox.checkout(Spotter.Repo)`, `Phoenix.ConnTest.build_conn()` + `dispatch(@endpoint, :post, ...)`, traceparent cases checking `x-spotter-trace-id`. Service tests (11 in test/spotter/services/), e.g. review_session_registry_test.exs, poke ETS directly and `send(ReviewSessionRegistry, :sweep)`.
8. PubSub topics: "pane_sessions" (broadcast by SessionRegistry.register, subscribed in session_live.ex and pane_view_live.ex) and "sync:progress" (subscribed in ingest_progress.ex). Endpoint sockets /live and /socket (SpotterWeb.UserSocket).
9. 15 service modules; the ETS-backed GenServers are SessionRegistry (pane→session), ReviewSessionRegistry (sweep 15 s, TTL 30 s, kills the tmux session) and ReviewTokenStore (one-time tokens, TTL 120 s).

Last step: a grep for socket definitions in lib/spotter_web listed channels/user_socket.ex and channels/terminal_channel.ex. Next: read those two, list the other hook scripts, then write the final summary."""

TEXTS[D]["faithful_short"] = """Exploring spotter-a0y for lifecycle hooks + session registry (read-only). Hooks: notify-session.sh (SessionStart, needs TMUX_PANE) POSTs to /api/hooks/session-start → SessionHookController.session_start → SessionRegistry.register(pane_id, session_id) + Sessions.find_or_create; HooksController handles /hooks/file-snapshot, /hooks/tool-call, /hooks/commit-event (Oban jobs). hooks.json also wires pre-/post-tool-capture.sh and tool-call-capture.sh. Supervision (one_for_one): PubSub, SessionRegistry, ReviewSessionRegistry, ReviewTokenStore, Repo, Oban, Endpoint. PubSub topics: "pane_sessions", "sync:progress". Registries are ETS-backed GenServers (ReviewSessionRegistry sweeps every 15 s, TTL 30 s). Tests: ExUnit.Case async: false, Sandbox.checkout, Phoenix.ConnTest dispatch; service tests touch ETS directly. Next: read channels/user_socket.ex and terminal_channel.ex, then write the summary."""

TEXTS[D]["terse"] = """The sub-agent is surveying a Phoenix application to prepare for adding session lifecycle hooks and a registry of active sessions. It has read the hook controllers, the routes, the supervision tree, the plugin's hook configuration and its session-start script, the existing registries and token store, the pub/sub usage and the controller and service tests. It was about to look at the socket and channel modules, then write the requested summary."""

TEXTS[D]["planted_errors"] = """Progress on the exploration request (lifecycle hooks + an active session registry; read-only; worktree /home/USER/projects/spotter-worktrees/spotter-a0y). The nine items asked for and what was found:

1. `lib/spotter_web/controllers/session_hook_controller.ex`: `session_start/2` needs binary `session_id` and `pane_id`, opens OTel span `spotter.hook.session_start` (headers `x-spotter-hook-event`/`x-spotter-hook-script`), calls `SessionRegistry.register(pane_id, session_id)` and `Sessions.find_or_create(session_id, cwd: params["cwd"])`, returns `{ok: true}`; otherwise 400 "session_id and pane_id are required".
2. `hooks_controller.ex`: `commit_event` (at most 50 40-hex hashes; Commit + SessionCommitLink; enqueues EnrichCommits, ComputeHeatmap, ComputeCoChange via Oban), `file_snapshot` (FileSnapshot, 201), `tool_call` (ToolCall upsert).
3. Router: `/api` scope with POST /hooks/session-start, /hooks/file-snapshot, /hooks/tool-call, /hooks/commit-event, /hooks/session-end and GET /review-context/:token; browser scope with the live routes (/, /history, /reviews, /sessions/:session_id, /sessions/:session_id/agents/:agent_id, heatmap, co-change).
4. `lib/spotter/application.ex`, one_for_one: Phoenix.PubSub (Spotter.PubSub), SessionRegistry, ReviewSessionRegistry, ReviewTokenStore, Repo, Oban (AshOban.config), SpotterWeb.Endpoint.
5. `spotter-plugin/hooks/hooks.json`: SessionStart → notify-session.sh + review-context-session-start.sh; Pre/PostToolUse on Write|Edit|Bash → pre-/post-tool-capture.sh; PostToolUse and PostToolUseFailure `.*` → tool-call-capture.sh.
6. `spotter-plugin/hooks/notify-session.sh`: reads session_id/cwd from stdin with jq, exits unless TMUX_PANE is set, POSTs to `http://127.0.0.1:${PORT}/api/hooks/session-start` (port from ../.port, default 4000), fails silently.
7. Controller tests (4 in test/spotter_web/controllers/): `use ExUnit.Case, async: false`, `Sandbox.checkout(Spotter.Repo)`, `Phoenix.ConnTest.build_conn()` + `dispatch(@endpoint, :post, ...)`, traceparent cases checking `x-spotter-trace-id`. Service tests (11 in test/spotter/services/), e.g. review_session_registry_test.exs, poke ETS directly and `send(ReviewSessionRegistry, :sweep)`.
8. PubSub topics: "pane_sessions" (broadcast by SessionRegistry.register, subscribed in session_live.ex and pane_view_live.ex) and "sync:progress" (subscribed in ingest_progress.ex). Endpoint sockets /live and /socket (SpotterWeb.UserSocket).
9. 15 service modules; the ETS-backed GenServers are SessionRegistry (pane→session), ReviewSessionRegistry (sweep 15 s, TTL 30 s, kills the tmux session) and ReviewTokenStore (one-time tokens, TTL 120 s).

Last step: a grep for socket definitions in lib/spotter_web listed channels/user_socket.ex and channels/terminal_channel.ex. Next: read those two, list the other hook scripts, then write the final summary."""
PLANTED[D] = [
    "made-up route: POST /hooks/session-end listed in the /api scope (the router has no session-end route; that is what the task is preparing to add)",
    "wrong path: spotter-plugin/hooks/notify-session.sh instead of spotter-plugin/scripts/notify-session.sh",
    "wrong value: default port 4000 instead of 1100",
]

TEXTS[D]["keyword_dump"] = """SpotterWeb.SessionHookController
def session_start(conn, %{"session_id" => session_id, "pane_id" => pane_id} = params)
SessionRegistry.register(pane_id, session_id)
case Sessions.find_or_create(session_id, cwd: params["cwd"]) do
|> json(%{error: "session_id and pane_id are required"})
@max_commit_hashes 50
|> json(%{error: "too many commit hashes (max 50)"})
def file_snapshot(conn, %{"session_id" => session_id} = params)
case Ash.create(ToolCall, attrs, action: :upsert) do
post("/hooks/session-start", SessionHookController, :session_start)
post("/hooks/file-snapshot", HooksController, :file_snapshot)
post("/hooks/tool-call", HooksController, :tool_call)
post("/hooks/commit-event", HooksController, :commit_event)
live("/sessions/:session_id", SessionLive)
{Phoenix.PubSub, name: Spotter.PubSub},
Spotter.Services.SessionRegistry,
Spotter.Services.ReviewSessionRegistry,
Spotter.Services.ReviewTokenStore,
opts = [strategy: :one_for_one, name: Spotter.Supervisor]
"command": "${CLAUDE_PLUGIN_ROOT}/scripts/notify-session.sh",
"command": "${CLAUDE_PLUGIN_ROOT}/scripts/review-context-session-start.sh",
"matcher": "Write|Edit|Bash",
"command": "${CLAUDE_PLUGIN_ROOT}/scripts/post-tool-capture.sh",
"command": "${CLAUDE_PLUGIN_ROOT}/scripts/tool-call-capture.sh",
"PostToolUseFailure": [
if [ -z "${SESSION_ID:-}" ] || [ -z "${TMUX_PANE:-}" ]; then
PORT_FILE="$PLUGIN_DIR/../.port"
PORT=1100
"http://127.0.0.1:${PORT}/api/hooks/session-start"
socket("/socket", SpotterWeb.UserSocket)
@sweep_interval 15_000
@ttl 30
Process.send_after(self(), :sweep, @sweep_interval)
/home/USER/projects/spotter-worktrees/spotter-a0y/lib/spotter/services/review_token_store.ex
@default_ttl_seconds 120
/home/USER/projects/spotter-worktrees/spotter-a0y/test/spotter_web/controllers/session_hook_controller_test.exs
use ExUnit.Case, async: false
Sandbox.checkout(Spotter.Repo)
|> Phoenix.ConnTest.dispatch(@endpoint, :post, "/api/hooks/session-start", params)
assert Plug.Conn.get_resp_header(conn, "x-spotter-trace-id") != []
lib/spotter_web/live/pane_view_live.ex:27:      Phoenix.PubSub.subscribe(Spotter.PubSub, "pane_sessions")
lib/spotter_web/live/ingest_progress.ex:26:    Phoenix.PubSub.subscribe(Spotter.PubSub, "sync:progress")
/home/USER/projects/spotter-worktrees/spotter-a0y/test/spotter/services/review_session_registry_test.exs
send(ReviewSessionRegistry, :sweep)
lib/spotter_web/channels/terminal_channel.ex
lib/spotter_web/channels/user_socket.ex"""

TEXTS[D]["stale"] = """So far in this exploration (worktree /home/USER/projects/spotter-worktrees/spotter-a0y, read-only; the parent wants a summary of hooks end-to-end, the router, the supervision tree, PubSub topics, existing services and testing patterns, to prepare lifecycle hooks and an active session registry):

- session_hook_controller.ex: `session_start/2` requires `session_id` and `pane_id`, calls `SessionRegistry.register(pane_id, session_id)` and `Sessions.find_or_create(session_id, cwd: ...)`, returns `{ok: true}`, else 400.
- hooks_controller.ex: `commit_event` (max 50 hashes, Oban jobs EnrichCommits/ComputeHeatmap/ComputeCoChange), `file_snapshot`, `tool_call`.
- router.ex: `/api` POST /hooks/session-start, /hooks/file-snapshot, /hooks/tool-call, /hooks/commit-event, GET /review-context/:token; live routes in the browser scope.
- application.ex children: Phoenix.PubSub (Spotter.PubSub), SessionRegistry, ReviewSessionRegistry, ReviewTokenStore, Repo, Oban, Endpoint (one_for_one).
- hooks.json: SessionStart → notify-session.sh and review-context-session-start.sh; Pre/PostToolUse → capture scripts; tool-call-capture.sh also on PostToolUseFailure.
- notify-session.sh: needs session_id and TMUX_PANE, POSTs to /api/hooks/session-start on port from ../.port (default 1100), silent on failure.
- lib/spotter/services/ has 15 modules; endpoint.ex mounts sockets /live and /socket.
- SessionRegistry: ETS pane→session, broadcasts on "pane_sessions"; ReviewSessionRegistry: ETS with a sweep every 15_000 ms and a 30 s TTL.
- Glob found four controller tests under test/spotter_web/controllers/ (session_hook_controller_test.exs, hooks_controller_test.exs, reviews_redirect_controller_test.exs, review_context_controller_test.exs).

Next: read the controller tests to see the testing pattern and check where PubSub is used."""

TEXTS[D]["vague_long"] = """This sub-agent was asked by a parent session to survey a Phoenix web application before new work on session lifecycle hooks and a registry of active coding sessions. The request listed several areas to read and asked for a comprehensive written summary: how hooks flow end to end, how routing is organised, what the supervision tree contains, which publish/subscribe topics exist, what service modules are already there, and how tests are written.

The agent has worked through most of that list. It read the controllers that receive hook events from the editor plugin, and it traced how the plugin's configuration maps editor events to small shell scripts that post to the application's API, failing quietly when the server is down. It looked at the routing module, which separates a JSON API from the browser pages, and at the application module, which starts the pub/sub system, a few in-memory registries and stores, the database repository, the background job system and the web endpoint.

It also reviewed the existing in-memory registries, which keep their data in tables owned by long-lived processes and in one case periodically clean up stale entries, and it checked which parts of the code publish or subscribe to events. On the testing side, it read controller tests and a service test and noted the conventions they follow for database isolation and for dispatching requests to the endpoint.

The remaining steps are to look at the socket and channel modules, glance at the other plugin scripts, and then write the final structured summary covering each of the requested points, so that the parent session can design the lifecycle hooks and the session registry on top of the existing patterns."""
