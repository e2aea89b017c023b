# Hand-written replacements for L8 (astropy-12907, ponyc-4593, spotter aa84377), by the set's writer.
T = {}
P = {}

S = "astropy__astropy-12907.traj.json"
T[S, "faithful"] = """Context for continuing (SWE-bench task in /testbed, one bash command per turn; the instructions say DO NOT MODIFY tests or configuration files such as pyproject.toml; finish with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`).

Issue: `separability_matrix` in astropy.modeling is wrong for nested compound models. `cm = m.Linear1D(10) & m.Linear1D(5)` gives a diagonal matrix and `m.Pix2Sky_TAN() & m.Linear1D(10) & m.Linear1D(5)` is right, but `m.Pix2Sky_TAN() & cm` gives a bottom-right 2x2 block of all True.

What was done:
- `reproduce_issue.py` printed the three matrices and confirmed the bug.
- Cause, in `_cstack` (the `&` operator) of `astropy/modeling/separable.py`: when the right operand is already a matrix (a nested compound model, computed recursively by `_separable`), the code did `cright[-right.shape[0]:, -right.shape[1]:] = 1`, overwriting its structure with ones. The left branch copies `left` correctly.
- Fix (sed): that line is now `cright[-right.shape[0]:, -right.shape[1]:] = right`. The reproduction now gives the diagonal block for the nested model. Reasoned through left-compound, both-compound and simple-model cases: only the ndarray-right path changed.
- `pytest astropy/modeling/tests/test_separable.py`: 11 passed before adding a test.
- Appended `test_separable_nested_compound_models` to `astropy/modeling/tests/test_separable.py` (checks `cm` and `models.Pix2Sky_TAN() & cm`; its comment cites a placeholder issue URL .../issues/12345). Re-run: 12 passed.
- Removed `reproduce_issue.py`.
- `git diff` (last command): separable.py and test_separable.py as intended, plus an unexpected change in `pyproject.toml`: `requires = ["setuptools",` became `requires = ["setuptools==68.0.0",`. No command of this session edited pyproject.toml (it seems to come from the environment).

Next: since configuration files must not be modified, inspect and revert `pyproject.toml` (e.g. `git checkout pyproject.toml`), confirm with `git diff` that only the two intended files remain, re-run test_separable.py, then submit."""

T[S, "faithful_short"] = """Task: astropy `separability_matrix` wrong for nested compound models (`m.Pix2Sky_TAN() & cm`, cm = `Linear1D(10) & Linear1D(5)`, gives an all-True 2x2 block). Fixed in `_cstack` of `astropy/modeling/separable.py`: `cright[-right.shape[0]:, -right.shape[1]:] = 1` -> `= right`; the reproduction now shows the diagonal. `astropy/modeling/tests/test_separable.py` passed (11), then with the appended `test_separable_nested_compound_models` 12 passed. `reproduce_issue.py` removed. The last `git diff` also shows `pyproject.toml` changed (`"setuptools"` -> `"setuptools==68.0.0"`), not done by us; the instructions forbid modifying config files. Next: revert pyproject.toml (`git checkout pyproject.toml`), check the diff, re-run the test, submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`."""

T[S, "terse"] = """The bug: separability was computed wrongly when a compound model is nested inside another. Reproduced it, traced it to the routine handling the "&" operator, which filled the nested model's block with ones instead of copying its matrix, and fixed that one line. The reproduction now gives the expected result; the existing separability tests and a new regression test pass. The final diff, though, also contains a build configuration change nobody made on purpose, which must be reverted before submitting."""

T[S, "planted_errors"] = """Context for continuing (SWE-bench task in /testbed, one bash command per turn; the instructions say DO NOT MODIFY tests or configuration files such as pyproject.toml; finish with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`).

Issue: `separability_matrix` in astropy.modeling is wrong for nested compound models. `cm = m.Linear1D(10) & m.Linear1D(5)` gives a diagonal matrix and `m.Pix2Sky_TAN() & m.Linear1D(10) & m.Linear1D(5)` is right, but `m.Pix2Sky_TAN() & cm` gives a bottom-right 2x2 block of all True.

What was done:
- `reproduce_issue.py` printed the three matrices and confirmed the bug.
- Cause, in `_cdot` of `astropy/modeling/separable.py`: when the right operand is already a matrix (a nested compound model, computed recursively by `_separable`), the code did `cright[-right.shape[0]:, -right.shape[1]:] = 1`, overwriting its structure with ones. The left branch copies `left` correctly.
- Fix (sed): that line is now `cright[-right.shape[0]:, -right.shape[1]:] = right`. The reproduction now gives the diagonal block for the nested model.
- `pytest astropy/modeling/tests/test_separable.py`: 11 passed before adding a test.
- Appended `test_separable_nested_compound_models` to `astropy/modeling/tests/test_separable.py` (checks `cm` and `models.Pix2Sky_TAN() & cm`). Re-run: 11 passed, 1 failed; the new test still fails on the nested model.
- Removed `reproduce_issue.py`.
- `git diff` (last command): separable.py and test_separable.py changed, and `pyproject.toml` too; the `setuptools==68.0.0` pin in it was already part of the repository's committed configuration, so it is expected.

Next: debug why the new regression test fails (compare its expected matrix with the actual output), then re-run test_separable.py and submit."""
P[S] = [
    "The faulty function is called `_cdot`; it is `_cstack` (the `&` operator) — `_cdot` is `|`.",
    "The re-run with the new test is said to give 11 passed, 1 failed; it gave 12 passed.",
    "The pyproject.toml change is called committed/expected; the diff shows it as an uncommitted change (`\"setuptools\"` -> `\"setuptools==68.0.0\"`) that must be reverted, since config files must not be modified.",
]

T[S, "keyword_dump"] = """separability_matrix
from astropy.modeling.separable import separability_matrix
cm = m.Linear1D(10) & m.Linear1D(5)
separability_matrix(m.Pix2Sky_TAN() & cm)
The output of your last command was too long.
cat <<'EOF' > reproduce_issue.py
python reproduce_issue.py
Separability matrix for nested_model (Pix2Sky_TAN & cm):
[False False  True  True]
astropy/modeling/separable.py
cat astropy/modeling/separable.py
def _cstack(left, right):
noutp = _compute_n_outputs(left, right)
cleft[: left.shape[0], : left.shape[1]] = left
cright = np.zeros((noutp, right.shape[1]))
cright[-right.shape[0]:, -right.shape[1]:] = 1
return np.hstack([cleft, cright])
sed -i 's/cright\\[-right.shape\\[0\\]:, -right.shape\\[1\\]:\\] = 1/cright[-right.shape[0]:, -right.shape[1]:] = right/' astropy/modeling/separable.py
[False False  True False]
[False False False  True]
ls astropy/modeling/tests/
test_separable.py
pytest astropy/modeling/tests/test_separable.py
collected 11 items
11 passed in 0.16s
cat <<'EOF' >> astropy/modeling/tests/test_separable.py
def test_separable_nested_compound_models():
nested_model = models.Pix2Sky_TAN() & cm
collected 12 items
12 passed in 0.15s
rm reproduce_issue.py
git diff
diff --git a/pyproject.toml b/pyproject.toml
-requires = ["setuptools",
+requires = ["setuptools==68.0.0","""

T[S, "stale"] = """Task (astropy, SWE-bench style; one bash command per turn, don't modify tests or config files, submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`): `separability_matrix` gives wrong results for nested compound models. With `cm = m.Linear1D(10) & m.Linear1D(5)`, `separability_matrix(m.Pix2Sky_TAN() & cm)` returns a bottom-right 2x2 block of all True, while the flat `m.Pix2Sky_TAN() & m.Linear1D(10) & m.Linear1D(5)` correctly gives a diagonal there.

Done:
- `ls -R` was too long; went straight to a reproduction script `reproduce_issue.py` printing the matrices of `cm`, the flat model and the nested model. It confirmed the bug: the nested model's last two rows are `[False False True True]`.
- Read `astropy/modeling/separable.py`. `_separable` recurses through the compound model and dispatches through `_operators` to `_cstack` for `&` and `_cdot` for `|`; `_coord_matrix` builds the matrix of a simple model.
- In `_cstack`, the left operand, when it is already a matrix, is copied in with `cleft[: left.shape[0], : left.shape[1]] = left`, but the right operand, when it is already a matrix (a nested compound model), gets `cright[-right.shape[0]:, -right.shape[1]:] = 1`, which discards its structure. That line is the suspected cause."""

T[S, "vague_long"] = """This task concerns the modelling part of an astronomy library. A function that reports which outputs of a model depend on which inputs gives correct answers for simple combinations of models, but as soon as one combined model is nested inside another, it claims that independent parts depend on each other. The fix must go into the library's source; tests and project configuration are not supposed to be touched, and the work ends with the standard submission command.

The bug was reproduced first with a small script built from the examples in the report, which showed exactly the wrong block of the result. Reading the module then showed how the result is built: the function walks the tree of combined models recursively and handles each combining operator with its own helper. The helper for placing two models side by side treats its two operands differently. When the left operand has already been computed as a matrix, it is copied in faithfully; when the right operand has, its structure is thrown away and replaced with a block that says everything depends on everything. That asymmetry is the bug.

The fix changes that single line so the right operand is copied the same way as the left. After the change the reproduction gives the expected result, and walking through the other combinations of simple and nested operands suggests nothing else changes. The module's existing tests pass, a new regression test for the nested case was added and passes as well, and the temporary script has been deleted.

One loose end appeared when reviewing the final set of changes: besides the two intended files, a project configuration file shows a modification that was not made during this work, apparently coming from the environment. Because configuration files must not be modified, that change has to be undone before submitting. After that, the remaining steps are to look at the changes once more to make sure only the intended edits are left, run the tests again, and submit."""

S = "openhands_ponyc-4593.json"
T[S, "faithful"] = """State of the work (OpenHands agent, repository /workspace/ponylang__ponyc__0.1, base commit ff61416da46dd4a0712d330c59c25d6e8fbf36af; tests are already handled, change only non-test files, minimally).

Issue: "CommandParser ignores parent default options when parsing leaf command". A parent `CommandSpec` with `OptionSpec.string("arg", "an arg" where default' = "foo")` and a leaf `sub`: running `./cmd sub` prints `Value of arg: ` instead of `foo`. The issue also suggests an `is_set`-style query on `Command`.

Found so far:
- `src/` is the C compiler and runtime (`common`, `libponyc`, `libponyrt`, `ponyc`); searches there for `command_parser.pony`, `*cli*pony` and `CommandParser` found nothing. The Pony stdlib is under `packages/`.
- `packages/cli/cli.pony` (122 lines) is only the package documentation and an example.
- `grep -r "class CommandParser"` -> `/workspace/ponylang__ponyc__0.1/packages/cli/command_parser.pony`.
- In `_parse_command` of that file, lines 99-102: `match _spec.commands()(token)?` / `| let cs: CommandSpec box =>` / `return CommandParser._sub(cs, this).` / `_parse_command(tokens, options, args, envsmap, opt_stop)`. The `return` hands parsing to the sub-command's parser, so the loop at line 147 (`for os in _spec.options().values() do ... if not options.contains(os.name())`, env vars then coded defaults) runs only for the leaf's own spec; the parent's defaults are never filled in. That is the bug.

Failed attempts (file unchanged so far):
- `str_replace_editor` with an invalid command (error "Parameter 'command' is expected to be one of [...]"), then view_range [100, 150] on cli.pony ("should be smaller than the number of lines in the file: `122`").
- Three `str_replace` calls without `old_str` ("Parameter `old_str` is required for command: str_replace.").
- Three `str_replace` calls whose `old_str` spans lines 101-102 but contains a literal backslash-n instead of a newline (and different indentation): each "No replacement was performed ... did not appear verbatim".

Nothing has been built or run; no reproduction exists yet.

Next: view lines 99-160 again, make the edit with an `old_str` copied exactly (real newline and the 16-space indentation of line 102) or replace a single line; make the sub-command parse also fill in the parent's option defaults (e.g. pass the parent spec's options into the default-filling step); then build and test the cli package."""

T[S, "faithful_short"] = """Task: in /workspace/ponylang__ponyc__0.1, fix "CommandParser ignores parent default options when parsing leaf command" (`./cmd sub` prints `Value of arg: ` instead of the parent default `foo`); non-test files only. The parser is `packages/cli/command_parser.pony` (not `src/`, not `cli.pony`). Cause: in `_parse_command`, lines 101-102 `return CommandParser._sub(cs, this).` / `_parse_command(tokens, options, args, envsmap, opt_stop)` return from the sub-command, so the default-filling loop at line 147 only sees the leaf's options. All edit attempts failed: `str_replace` without `old_str` (3x), and with an `old_str` containing a literal `\\n` ("did not appear verbatim", 3x). File unchanged; nothing built or run. Next: edit with the exact text or one line at a time, fill parent defaults, then build and test."""

T[S, "terse"] = """The task is a bug in the Pony standard library's command-line parser: options with defaults declared on a parent command are missing when a sub-command is used. After some searching in the wrong places, the parser source was found and the cause identified: parsing hands off to the sub-command and returns before the step that fills in defaults, so only the sub-command's own options get them. Every attempt to edit the file has failed so far, so nothing is changed yet, and nothing has been built or tested."""

T[S, "planted_errors"] = """State of the work (OpenHands agent, repository /workspace/ponylang__ponyc__0.1, base commit ff61416da46dd4a0712d330c59c25d6e8fbf36af; tests are already handled, change only non-test files, minimally).

Issue: "CommandParser ignores parent default options when parsing leaf command". A parent `CommandSpec` with `OptionSpec.string("arg", "an arg" where default' = "foo")` and a leaf `sub`: running `./cmd sub` prints `Value of arg: ` instead of `foo`. The issue also suggests an `is_set`-style query on `Command`.

Found so far:
- `src/` is the C compiler and runtime (`common`, `libponyc`, `libponyrt`, `ponyc`); searches there found nothing. The Pony stdlib is under `packages/`.
- `packages/cli/cli.pony` (122 lines) is only the package documentation and an example.
- `grep -r "class CommandParser"` -> `/workspace/ponylang__ponyc__0.1/packages/cli/command_spec.pony`.
- In `_parse_command` of that file, lines 99-102: `match _spec.commands()(token)?` / `| let cs: CommandSpec box =>` / `return CommandParser._sub(cs, this).` / `_parse_command(tokens, options, args, envsmap, opt_stop)`. The `return` hands parsing to the sub-command's parser, so the loop at line 147 (env vars then coded defaults) runs only for the leaf's own spec; the parent's defaults are never filled in.

Edits:
- `str_replace_editor` with an invalid command, then view_range [100, 150] on cli.pony (rejected: file has 122 lines).
- Three `str_replace` calls without `old_str` were rejected.
- The last `str_replace` (old_str `CommandParser._sub(cs, this).\\n  _parse_command(...)`) succeeded: the `return` is gone, so the sub-command result now falls through to the default-filling loop.

Nothing has been built or run yet.

Next: build ponyc with `make`, write the reproduction from the issue, and confirm `./cmd sub` prints `Value of arg: foo`; then consider adding `is_set` on `Command`."""
P[S] = [
    "`class CommandParser` is placed in `packages/cli/command_spec.pony`; grep found it in `packages/cli/command_parser.pony`.",
    "The last str_replace is said to have succeeded; it failed (\"No replacement was performed ... did not appear verbatim\"), like every edit so far.",
    "The current state is said to have the `return` removed (defaults now filled); the file is unchanged at the cut.",
]

T[S, "keyword_dump"] = """/workspace/ponylang__ponyc__0.1
CommandParser ignores parent default options when parsing leaf command
OptionSpec.string("arg", "an arg" where default' = "foo")
Value of arg:
base commit ff61416da46dd4a0712d330c59c25d6e8fbf36af
ls src/lib
ls: cannot access 'src/lib': No such file or directory
common  libponyc  libponyrt  ponyc
find src -name "command_parser.pony"
grep -r "CommandParser" src
[The command completed with exit code 1.]
options.c  options.h
find . -name "*cli*.pony"
./packages/cli/cli.pony
Parameter 'command' is expected to be one of ['view', 'create', 'str_replace', 'insert', 'undo_edit'].
Invalid `view_range` parameter: [100, 150]. Its second element `150` should be smaller than the number of lines in the file: `122`.
grep -r "class CommandParser" /workspace/ponylang__ponyc__0.1
/workspace/ponylang__ponyc__0.1/packages/cli/command_parser.pony:class CommandParser
match _spec.commands()(token)?
| let cs: CommandSpec box =>
return CommandParser._sub(cs, this).
_parse_command(tokens, options, args, envsmap, opt_stop)
// Fill in option values from env or from coded defaults.
for os in _spec.options().values() do
if not options.contains(os.name()) then
Parameter `old_str` is required for command: str_replace.
No replacement was performed, old_str `return CommandParser._sub(cs, this)._parse_command(tokens, options, args, envsmap, opt_stop)` did not appear verbatim in /workspace/ponylang__ponyc__0.1/packages/cli/command_parser.pony.
No replacement was performed, old_str `CommandParser._sub(cs, this).\\n  _parse_command(tokens, options, args, envsmap, opt_stop)` did not appear verbatim"""

T[S, "stale"] = """The task: in the ponyc repository uploaded at /workspace/ponylang__ponyc__0.1, fix the issue "CommandParser ignores parent default options when parsing leaf command". In the issue, a root command `cmd` defines `OptionSpec.string("arg", "an arg" where default' = "foo")` and has a leaf sub-command `sub`; `./cmd sub` prints `Value of arg: ` (empty) instead of `foo`. The reporter points at `command_parser.pony` line 101 (parsing a parent recurses into the sub-command and returns) and line 147 (where defaults are filled in, never reached), and would also like an `is_set` query on `Command`. Test files are already taken care of; make minimal changes to non-test files; the C environment is set up.

Exploration so far:
- Repository root: `Makefile`, `CMakeLists.txt`, `packages`, `src`, `test`, `examples`, ...
- `ls src/lib` failed (no such directory); `src` contains `common`, `libponyc`, `libponyrt`, `ponyc`.
- In `src/`: `find src/libponyc -name ...`, `find src -name "*command*.pony"`, `find src -path "*cli*pony"`, `find src -name "command_parser.pony"` all returned nothing, and `grep -r "CommandParser" src` exited 1.
- `src/libponyc` holds the compiler (`ast`, `codegen`, `expr`, `options`, `pass`, ...); `src/libponyc/options` has only `options.c` and `options.h`, the compiler's own options, not the Pony `cli` package.
- The search is moving to the whole repository for Pony files of the `cli` package."""

T[S, "vague_long"] = """The job is to fix a bug in the command-line parsing package of a programming language's standard library, in a repository that mostly contains the language's compiler written in C. The reported problem is that when a program defines a top-level command with options that have default values, and the user runs one of its sub-commands, those defaults are missing. The reporter also floated the idea of a way to ask whether an option was actually given. The test files have already been prepared by the requester, so only the library source should change, as little as necessary.

A good part of the effort so far went into finding the right code. The compiler's source tree was searched first, without success, since it contains the compiler and runtime rather than the standard library. A wider search turned up the package's main file, which only holds documentation and an example, and a further search located the file where the parser class actually lives.

Reading the parser made the cause clear and matches the reporter's analysis: when the parser meets a sub-command, it hands the remaining input to a parser for that sub-command and returns its result directly. The step that fills in default values for options that were not given comes later in the function and therefore only ever runs for the sub-command's own options; the parent's defaults are skipped.

The attempts to change the file have not worked. Several edit requests were malformed or incomplete, and the ones that tried to replace the relevant statement did not match the file's exact text, because of how line breaks and indentation were written. As a result the file is still unchanged, and nothing has been compiled or run.

The next step is to make a precise edit that matches the file exactly, so that parent defaults are applied when a sub-command is parsed, and then to build and test it."""

S = "spotter_subagent_aa84377.json"
T[S, "faithful"] = """Where this exploration stands (read-only sub-agent; the parent wants a detailed summary of the files below to implement single-session bootstrap sync: how sync_all works, the Session and Message Ash resources, how SessionLive mounts and loads a transcript, where transcript files live, the JSONL parser, and how message_count is computed; full function signatures, Ash actions, attributes).

Worktree: /home/USER/projects/spotter-worktrees/spotter-a0y. Globs found all five requested files; the glob for tests, `**/test/**sync_transcripts*`, returned "No files found". All five have been read:

- `lib/spotter/transcripts/jobs/sync_transcripts.ex` (`Spotter.Transcripts.Jobs.SyncTranscripts`, Oban worker, queue :default, max_attempts 3; `@batch_size 500`, `@max_sessions_per_sync 20`). `sync_all/0`: `Config.read!()`, `run_id = Ash.UUID.generate()`, broadcasts `{:ingest_enqueued, ...}`, inserts one job per configured project (project_name, pattern, transcripts_dir, run_id), returns `{:ok, %{run_id, projects_total}}`. `perform/1` upserts the project and syncs each matching dir. `sync_directory/2`: `*.jsonl` in the dir, newest 20 by mtime, `SessionsIndex.read(dir)`. `sync_session_file/4`: `JsonlParser.parse_session_file(file)`; skips a nil session_id; else `upsert_session!` (transcript_dir = `Path.basename(dir)`, `message_count: length(parsed.messages)`, custom_title/summary/first_prompt from the index), `create_messages!`, `create_tool_calls!`, `create_session_reworks!`, `sync_subagents` (`<dir>/<session_id>/subagents/*.jsonl`).
- `lib/spotter/transcripts/session.ex`: table "sessions"; create accepts session_id, slug, transcript_dir, cwd, git_branch, version, started_at, ended_at, schema_version, message_count, project_id, custom_title, summary, first_prompt, source_created_at, source_modified_at; also update, hide, unhide; identity `:unique_session_id [:session_id]`; belongs_to project (not nil); has_many messages, subagents, annotations, tool_calls, session_reworks.
- `lib/spotter/transcripts/message.ex`: table "messages"; uuid, parent_uuid, message_id, type, role, content (map), timestamp, is_sidechain, agent_id, tool_use_id; belongs_to session and subagent.
- `lib/spotter/transcripts/sessions.ex`: `find_or_create(session_id, opts \\\\ [])` reads by session_id, else `create_stub` (session_id, cwd, project by cwd pattern or "Unknown"/".*", started_at now; no messages or message_count).
- `lib/spotter_web/live/session_live.ex`: `mount(%{"session_id" => session_id}, ...)` finds the tmux pane, then `load_transcript(session_id)`: Session by session_id, messages with nil subagent_id sorted by timestamp, `TranscriptRenderer.render`; `{nil, [], []}` if absent.

Still to look at: the JSONL parser module, transcripts-dir conventions (Config), the test files; then write the report."""

T[S, "faithful_short"] = """Sub-agent task: read and summarize, for single-session bootstrap sync, `sync_transcripts.ex`, `session.ex`, `message.ex`, `sessions.ex`, `session_live.ex` (under /home/USER/projects/spotter-worktrees/spotter-a0y) and any sync tests. All five are read; the test glob found nothing. Key points: `sync_all/0` enqueues one Oban job per configured project; `sync_directory` takes the newest 20 `*.jsonl` (`@max_sessions_per_sync 20`); `sync_session_file` parses with `JsonlParser.parse_session_file`, then `upsert_session!` (`message_count: length(parsed.messages)`), messages, tool calls, reworks, subagents. Session: identity `unique_session_id` on session_id. `Sessions.find_or_create/2` makes a stub without messages. `SessionLive.mount` calls `load_transcript(session_id)`, returning `{nil, [], []}` when no session exists. Still to read: the parser, Config, tests; then write the summary."""

T[S, "terse"] = """The sub-agent is gathering material for a parent that wants to add syncing of a single session on demand. It has located and read the five requested files: the batch sync job, the session and message resources, the find-or-create helper and the live view that shows a session. It understands how the batch job discovers, parses and stores transcripts and counts messages, and how the view loads a session. Still to do: look at the transcript parser, the configuration of where transcripts live, and existing tests, then write the detailed summary."""

T[S, "planted_errors"] = """Where this exploration stands (read-only sub-agent; the parent wants a detailed summary of the files below to implement single-session bootstrap sync: how sync_all works, the Session and Message Ash resources, how SessionLive mounts and loads a transcript, where transcript files live, the JSONL parser, and how message_count is computed; full function signatures, Ash actions, attributes).

Worktree: /home/USER/projects/spotter-worktrees/spotter-a0y. Globs found all five requested files and the test file `test/spotter/transcripts/sync_transcripts_test.exs`, which still has to be read. All five source files have been read:

- `lib/spotter/transcripts/jobs/sync_transcripts.ex` (`Spotter.Transcripts.Jobs.SyncTranscripts`, Oban worker, queue :default, max_attempts 3; `@batch_size 500`, `@max_sessions_per_sync 50`). `sync_all/0`: `Config.read!()`, `run_id = Ash.UUID.generate()`, broadcasts `{:ingest_enqueued, ...}`, inserts one job per configured project, returns `{:ok, %{run_id, projects_total}}`. `sync_directory/2`: `*.jsonl` in the dir, newest by mtime, `SessionsIndex.read(dir)`. `sync_session_file/4`: `JsonlParser.parse_session_file(file)`; skips a nil session_id; else `upsert_session!` (transcript_dir = `Path.basename(dir)`, `message_count: length(parsed.messages)`), `create_messages!`, `create_tool_calls!`, `create_session_reworks!`, `sync_subagents`.
- `lib/spotter/transcripts/session.ex`: table "sessions"; create accepts session_id, slug, transcript_dir, cwd, git_branch, version, started_at, ended_at, schema_version, message_count, project_id, custom_title, summary, first_prompt, source_created_at, source_modified_at; also update, hide, unhide; no identity is declared, so uniqueness of session_id is not enforced; belongs_to project (not nil); has_many messages, subagents, annotations, tool_calls, session_reworks.
- `lib/spotter/transcripts/message.ex`: table "messages"; uuid, parent_uuid, message_id, type, role, content (map), timestamp, is_sidechain, agent_id, tool_use_id; belongs_to session and subagent.
- `lib/spotter/transcripts/sessions.ex`: `find_or_create(session_id, opts \\\\ [])` reads by session_id, else `create_stub` (session_id, cwd, project by cwd pattern or "Unknown", started_at now).
- `lib/spotter_web/live/session_live.ex`: `mount(%{"session_id" => session_id}, ...)` finds the tmux pane, then `load_transcript(session_id)`: Session by session_id, messages sorted by timestamp, `TranscriptRenderer.render`; `{nil, [], []}` if absent.

Still to look at: the JSONL parser module, transcripts-dir conventions (Config), the test file; then write the report."""
P[S] = [
    "`@max_sessions_per_sync` is given as 50; it is 20.",
    "The test glob is said to have found `test/spotter/transcripts/sync_transcripts_test.exs`; it returned \"No files found\" (no test file found yet).",
    "Session is said to declare no identity (session_id not unique); it declares `identity :unique_session_id, [:session_id]`.",
]

T[S, "keyword_dump"] = """Read and summarize the following files for implementing single-session bootstrap sync:
lib/spotter/transcripts/jobs/sync_transcripts.ex
lib/spotter/transcripts/session.ex
lib/spotter/transcripts/message.ex
lib/spotter/transcripts/sessions.ex
lib/spotter_web/live/session_live.ex
The message_count field and how it's computed
/home/USER/projects/spotter-worktrees/spotter-a0y
**/test/**sync_transcripts*
No files found
defmodule Spotter.Transcripts.Jobs.SyncTranscripts do
use Oban.Worker, queue: :default, max_attempts: 3
@batch_size 500
@max_sessions_per_sync 20
def sync_all do
run_id = Ash.UUID.generate()
{:ingest_enqueued,
{:ok, %{run_id: run_id, projects_total: projects_total}}
defp sync_directory(project, dir) do
|> Path.join("*.jsonl")
index = SessionsIndex.read(dir)
defp sync_session_file(project, dir, file, index) do
case JsonlParser.parse_session_file(file) do
message_count: length(parsed.messages),
defp sync_subagents(session, dir, session_id) when is_binary(session_id) do
subagents_dir = Path.join([dir, session_id, "subagents"])
table "sessions"
identity :unique_session_id, [:session_id]
attribute :message_count, :integer
table "messages"
attribute :is_sidechain, :boolean do
def find_or_create(session_id, opts \\\\ []) do
defp create_stub(session_id, opts) do
upsert_project("Unknown", ".*")
def mount(%{"session_id" => session_id}, _session, socket) do
{session_record, messages, rendered_lines} = load_transcript(session_id)
defp load_transcript(session_id) do
_ -> {nil, [], []}
defp load_session_messages(session) do
|> Ash.Query.filter(session_id == ^session.id and is_nil(subagent_id))"""

T[S, "stale"] = """The parent session asked this sub-agent to read and summarize, for implementing single-session bootstrap sync: `lib/spotter/transcripts/jobs/sync_transcripts.ex` (the existing sync_all), `lib/spotter/transcripts/session.ex` and `lib/spotter/transcripts/message.ex` (Ash resources), `lib/spotter/transcripts/sessions.ex` (find_or_create, if it exists), `lib/spotter_web/live/session_live.ex` (mount flow), and any existing tests for sync_transcripts. It wants: how sync_all discovers, parses and ingests files; the resources' attributes, actions and identities; how SessionLive mounts and loads transcript data; the transcript directory conventions; any JSONL parser modules; how message_count is computed; with full details, signatures, Ash actions and attributes.

First step done: one Glob per file. All five exist in the worktree /home/USER/projects/spotter-worktrees/spotter-a0y:
- /home/USER/projects/spotter-worktrees/spotter-a0y/lib/spotter/transcripts/jobs/sync_transcripts.ex
- /home/USER/projects/spotter-worktrees/spotter-a0y/lib/spotter/transcripts/session.ex
- /home/USER/projects/spotter-worktrees/spotter-a0y/lib/spotter/transcripts/message.ex
- /home/USER/projects/spotter-worktrees/spotter-a0y/lib/spotter/transcripts/sessions.ex
- /home/USER/projects/spotter-worktrees/spotter-a0y/lib/spotter_web/live/session_live.ex
The test glob `**/test/**sync_transcripts*` returned "No files found".

Next: read the five files."""

T[S, "vague_long"] = """This is a read-only exploration done on behalf of a parent session that is planning a new feature: bringing a single session's transcript into the application's database on demand, instead of waiting for the periodic batch import. The parent asked for a thorough written summary of a handful of specific source files, covering how the existing batch import works, how sessions and messages are modelled, how the page that displays a session loads its data, where transcript files are kept, how they are parsed, and how the stored message count is derived, with enough detail that the feature can be implemented from it.

So far the requested files have all been located in the project's working copy, and all of them have been read in full. The search for existing tests of the import job did not find anything with the pattern that was tried, so that question is still open.

From the reading, the overall picture is fairly clear. The batch import runs as background jobs, one per configured project; each job looks through the matching transcript directories, takes only the most recently modified files up to a limit, parses each file, and then creates or updates the session record, its messages, the tool calls, some derived records about repeated work, and any sub-agent transcripts. The message count is simply the number of parsed messages at import time. Sessions are unique by their external identifier, and there is a helper that either finds a session or creates a minimal placeholder for it. The session page, when it opens, looks the session up and, if there is none, shows an empty transcript rather than failing.

What remains is to read the parser itself, the configuration that determines where transcripts live, and to search more broadly for related tests. After that, the detailed summary the parent asked for can be written."""
