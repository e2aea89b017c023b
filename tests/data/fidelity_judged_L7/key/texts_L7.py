# Hand-written replacements of the L7 set (variants faithful, faithful_short, terse,
# planted_errors, keyword_dump, stale, vague_long). task_only, nothing and inspector are
# produced by build_L7.py from the sessions themselves. PLANTED lists what was planted.

A = "openhands_ponyc-4595.json"
B = "openhands_resolver_pr-viewer-dark-mode.json"
C = "spotter_main_create-beads.json"
D = "autogen_teaching_arxiv-trust.json"
E = "autogen_groupchat_cars-plot.json"

CUTS = {A: 30, B: 36, C: 16, D: 12, E: 15}

T = {A: {}, B: {}, C: {}, D: {}, E: {}}
PLANTED = {}

# ---------------------------------------------------------------------------------------
# A: OpenHands, ponyc single-element tuple segfault (style: markdown handoff, third person)
# ---------------------------------------------------------------------------------------

T[A]["faithful"] = r"""## Handoff: ponyc single-element tuple segfault

**Task.** In `/workspace/ponylang__ponyc__0.1` (the Pony compiler, written in C), make minimal changes to non-test files so that `ponyc` no longer segfaults when a `match` destructures a single-element tuple. The issue's example:

```pony
type CrashIt is (I32 | (I32, (I32)))
...
    match x
    | (456, (let t1: I32)) => None   // Segfaults
    // | (789, let t1: I32) => None  // Works
    end
```

Reported on ponyc 0.55.1 (also 0.55.0); the crash comes after the "Generating ... Functions" stage. Test files are already taken care of. The instructions: reproduce first, fix, rerun, cover edge cases, then diff against base commit `f8a2feebba3aea298bde89d445ad35ca48602ca7` and run the related tests.

**Explored.** `src/` (common, libponyc, libponyrt, ponyc) and `src/libponyc/ast/`. In `src/libponyc/ast/parser.c`: `DECL(pattern);` at line 29; `DEF(pattern)` at line 666 (`RULE("pattern", local, parampattern)`); `parampattern` at 651 (`prefix, postfix`); `caseparampattern` at 656; `idseqmulti` (builds `TK_TUPLE`) at 681; `idseqsingle` at 691. Nothing under `expr/` or `codegen/` has been read.

**Change made (untested hypothesis).** The agent decided to mark a single parenthesised element as such in the parser. The first `str_replace` failed (`ERROR: No replacement was performed, old_str ... did not appear verbatim`) because its `old_str` left out `PRINT_INLINE();` (line 692). The retry succeeded; `idseqsingle` now reads:

```
DEF(idseqsingle);
  PRINT_INLINE();
  AST_NODE(TK_LET);
  TOKEN("variable name", TK_ID);
  AST_NODE(TK_NONE);  // Type
  SET_FLAG(AST_FLAG_IN_PARENS);
  DONE();
```

This is the only edit in the repository.

**State.** Nothing has been built or run: the crash has not been reproduced and it is not known whether a built `ponyc` exists.

**Next.** Put the issue's example in a `.pony` file, find out how to build the compiler (Makefile / BUILD.md in the repo root), confirm the segfault, rebuild with the change and check it is gone. If the flag does not help, look at how `match` patterns are handled in `expr/` or `codegen/`. Then run the related tests and review the diff against the base commit."""

T[A]["faithful_short"] = r"""Task: stop ponyc (repo /workspace/ponylang__ponyc__0.1) from segfaulting on `match x | (456, (let t1: I32)) => None` with `type CrashIt is (I32 | (I32, (I32)))`; minimal non-test changes, reproduce before and after, compare with base commit f8a2feebba3aea298bde89d445ad35ca48602ca7, run related tests.
So far: read src/libponyc/ast/parser.c (pattern rule at line 666, parampattern at 651, idseqsingle at 691). The first str_replace on idseqsingle failed (its old_str missed `PRINT_INLINE();`); the retry added `SET_FLAG(AST_FLAG_IN_PARENS);` after `AST_NODE(TK_NONE);  // Type` in idseqsingle. That is the only edit, and it is an untested guess.
Nothing has been built or run; the crash is not reproduced yet.
Next: write the example to a .pony file, build ponyc, check the crash without and with the change, then run the related tests."""

T[A]["terse"] = r"""We are fixing a crash in the Pony compiler: a match on a single-element tuple pattern segfaults, while the same match without the extra parentheses works. After reading the parser's grammar rules, the agent changed the rule for a single identifier so that it is marked as parenthesised. The first try at that edit did not apply; the second did. Nothing has been built or tested yet. Next: reproduce the crash with the issue's example, build, verify the change, run related tests."""

T[A]["vague_long"] = r"""The work concerns a crash in a compiler. A user reported that a particular form of pattern matching, in which one element is wrapped in its own pair of parentheses inside a larger tuple pattern, makes the compiler crash during code generation instead of compiling or reporting an error. The equivalent pattern written without the extra parentheses works, as do tuples with more than one element. The goal is a minimal change to the compiler's own sources, leaving the tests alone, and the instructions ask for a careful workflow: reproduce the problem first, make the change, confirm the fix, think about related cases, compare the final state with the starting point, and run the relevant tests.

So far the agent has spent most of its effort getting oriented. It looked at the layout of the repository, moved into the source tree, then into the compiler library and its syntax-tree component, and concentrated on the parser. It read the grammar definitions that describe patterns, the rule that distinguishes local declarations from other pattern forms, and the rules that build tuples with several elements and single identifiers.

From this it formed a hypothesis: the parser does not record that a single element was written inside parentheses, so later stages treat it inconsistently. It then edited the rule for single identifiers to attach a marker saying the element appeared in parentheses. The first attempt did not apply because the text it tried to replace did not match the file exactly; after looking at those lines again, a corrected attempt went through.

At this point the change is only a hypothesis. The compiler has not been built, the crash has not been reproduced, and no tests have run, so it is not known whether this change addresses the problem at all. The remaining work is to reproduce the crash with the example from the report, build the compiler, verify the behaviour before and after the change, look elsewhere if it does not help, and finally run the related tests."""

T[A]["planted_errors"] = r"""## Handoff: ponyc single-element tuple segfault

**Task.** In `/workspace/ponylang__ponyc__0.1` (the Pony compiler, written in C), make minimal changes to non-test files so that `ponyc` no longer segfaults when a `match` destructures a single-element tuple. The issue's example:

```pony
type CrashIt is (I32 | (I32, (I32)))
...
    match x
    | (456, (let t1: I32)) => None   // Segfaults
    // | (789, let t1: I32) => None  // Works
    end
```

Reported on ponyc 0.55.1 (also 0.55.0). Test files are already taken care of. The instructions: reproduce first, fix, rerun, cover edge cases, then diff against base commit `f8a2feebba3aea298bde89d445ad35ca48602ca7` and run the related tests.

**Reproduced.** The agent built the compiler with `make` and compiled the example: it segfaults exactly as reported, so the reproduction is in place and can be rerun after the fix.

**Explored.** `src/` (common, libponyc, libponyrt, ponyc) and `src/libponyc/ast/`. The grammar lives in `src/libponyc/ast/parserapi.c`: `DEF(pattern)` at line 666 (`RULE("pattern", local, parampattern)`); `parampattern` at 651 (`prefix, postfix`); `idseqmulti` (builds `TK_TUPLE`) at 681; `idseqsingle` at 691.

**Change made.** The agent decided to mark a single parenthesised element as such in the parser. The first `str_replace` failed because the file is indented with tabs and the `old_str` used spaces; the retry with tabs succeeded. `idseqsingle` now reads:

```
DEF(idseqsingle);
  PRINT_INLINE();
  AST_NODE(TK_LET);
  TOKEN("variable name", TK_ID);
  AST_NODE(TK_NONE);  // Type
  SET_FLAG(AST_FLAG_IN_PARENS);
  DONE();
```

This is the only edit in the repository.

**State.** The fix has not been tested yet.

**Next.** Rebuild with `make`, rerun the example and check that the segfault is gone. If the flag does not help, look at how `match` patterns are handled in `expr/` or `codegen/`. Then run the related tests and review the diff against the base commit."""
PLANTED[(A, "planted_errors")] = [
    "failed step called successful: says the compiler was built with `make` and the example reproduced the segfault; in the range nothing was built or run (and in the tail `ponyc` is not found and `make` fails)",
    "wrong path: puts the grammar and the edit in src/libponyc/ast/parserapi.c; the file is src/libponyc/ast/parser.c",
    "wrong cause: says the first str_replace failed because of tabs vs spaces; it failed because the old_str omitted `PRINT_INLINE();`",
]

T[A]["keyword_dump"] = r"""/workspace/ponylang__ponyc__0.1
ponyc segfaults when trying to match using a single element tuple form
type CrashIt is (I32 | (I32, (I32)))
| (456, (let t1: I32)) => None   // Segfaults
// | (789, let t1: I32) => None  // Works
[1]    70114 segmentation fault  ponyc
0.55.1-800527f7 [release]
Compiled with: LLVM 15.0.7 -- AppleClang-14.0.3.14030022-arm64
PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.
f8a2feebba3aea298bde89d445ad35ca48602ca7
ls -l /workspace/ponylang__ponyc__0.1/src/libponyc
drwxr-xr-x 2 root root  4096 Apr 30 08:32 codegen
drwxr-xr-x 2 root root  4096 Apr 30 08:32 expr
ls -l /workspace/ponylang__ponyc__0.1/src/libponyc/ast
-rw-r--r-- 1 root root 32720 Apr 30 08:32 parser.c
-rw-r--r-- 1 root root 17084 Apr 30 08:32 parserapi.c
/workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c
grep -n "DECL(pattern);" /workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c
29:DECL(pattern);
grep -n "DEF(pattern);" /workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c
666:DEF(pattern);
DEF(parampattern);
  RULE("pattern", prefix, postfix);
DEF(caseparampattern);
  RULE("pattern", caseprefix, casepostfix);
DEF(pattern);
  RULE("pattern", local, parampattern);
DEF(casepattern);
  RULE("pattern", local, caseparampattern);
DEF(idseqmulti);
  AST_NODE(TK_TUPLE);
  SKIP(NULL, TK_LPAREN, TK_LPAREN_NEW);
  RULE("variable name", idseq_in_seq);
  WHILE(TK_COMMA, RULE("variable name", idseq_in_seq));
ERROR:
No replacement was performed, old_str `DEF(idseqsingle);
did not appear verbatim in /workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c.
DEF(idseqsingle);
  PRINT_INLINE();
  AST_NODE(TK_LET);
  TOKEN("variable name", TK_ID);
  AST_NODE(TK_NONE);  // Type
  SET_FLAG(AST_FLAG_IN_PARENS);
  DONE();
The file /workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c has been edited.
Review the changes and make sure they are as expected. Edit the file again if necessary."""

T[A]["stale"] = r"""## Handoff: ponyc single-element tuple segfault

**Task.** In `/workspace/ponylang__ponyc__0.1` (the Pony compiler, C), make minimal non-test changes so that `ponyc` stops segfaulting on a `match` that destructures a single-element tuple, e.g. `| (456, (let t1: I32)) => None` with `type CrashIt is (I32 | (I32, (I32)))`, while `| (789, let t1: I32) => None` already works. Reported on 0.55.1 (and 0.55.0). Reproduce first, fix, rerun, cover edge cases, compare with base commit `f8a2feebba3aea298bde89d445ad35ca48602ca7`, run related tests.

**Explored so far.**
- Repo root: Makefile, CMakeLists.txt, BUILD.md, `src/`, `test/`, `packages/`, `examples/`.
- `src/`: common, libponyc, libponyrt, ponyc. `src/libponyc/`: ast, codegen, expr, pass, reach, type, verify, ...
- `src/libponyc/ast/`: `parser.c` (32720 bytes), `parserapi.c`, `lexer.c`, `ast.c`, ...
- Opened `src/libponyc/ast/parser.c`; its forward declarations include `DECL(parampattern);` (line 28), `DECL(pattern);` (line 29), `DECL(caseatom);` (36) and `DECL(caseparampattern);` (37). `grep -n "DECL(pattern);"` confirms line 29.

**Plan.** Focus on the `pattern` / `caseatom` rules in `parser.c` (and `parserapi.c`), which decide how a parenthesised single element in a match pattern is parsed.

**State / next.** No file has been changed and nothing has been built. Next: find where `pattern` is defined (not just declared) and read the surrounding rules."""

# ---------------------------------------------------------------------------------------
# B: OpenHands resolver, dark mode for pr-viewer (style: first person, prose + dashes)
# ---------------------------------------------------------------------------------------

T[B]["faithful"] = r"""I'm resolving the issue in /workspace, a Vite + React + TypeScript app that lists pull requests: add dark mode, i.e. a toggle in the JS/TSX that switches modes plus the CSS for it. Rules from the task: only work in this environment and never ask for human help; don't modify existing test files (src/PullRequestViewer.test.tsx); keep proper indentation in edits; when done, run `<execute_bash> exit </execute_bash>`.

Where things stand:

- `ls -R /workspace`: src/ has App.css, App.tsx, PullRequestViewer.tsx, PullRequestViewer.test.tsx, index.css, main.tsx, setupTests.ts, vite-env.d.ts.
- src/App.css is edited (42 -> 79 lines) and I consider it done: `body` (#ffffff background, #213547 text, 0.3s transition), `body.dark-mode` (#242424 background, #ffffff text), `.dark-mode-toggle` (position fixed, top 20px, right 20px, #646cff, hover #535bf2) and `.dark-mode .dark-mode-toggle` (white background, #242424 text, hover #e6e6e6).
- src/App.tsx (14 lines; renders `<div className="App"><PullRequestViewer /></div>`) is unchanged. I tried eight `edit_file_by_replace` versions (useState + useEffect adding/removing `dark-mode` on document.body, with and without semicolons, with type annotations, `classList.toggle`, a bare "Toggle Dark Mode" button). Every one came back "[Your proposed edit has introduced new syntax error(s)...]" (at /workspace/src/App.tsx:22, later :15, :14, :12) with "Your changes have NOT been applied". I stopped trying App.tsx.
- src/PullRequestViewer.tsx has 112 lines, the first three blank. Imports React/useState/useEffect, axios, Octokit, react-select; state at lines 25-27 (`repos`, `selectedRepo`, and `const [pullRequests, setPullRequests] = useState<PullRequest[]>([]);`); it fetches the repos and open pull requests of the 'OpenDevin' org; the JSX starts at line 83 (`<div>`, `<h1>Pull Request Viewer</h1>`, a `<Select ... aria-label="Select a repository" />`). I have only seen lines 1-100. Three big replacements failed with "No exact match found in /workspace/src/PullRequestViewer.tsx" (I assumed one leading blank line, and my blocks reached into lines I never saw). The file is unchanged.

Next: edit PullRequestViewer.tsx in small exact pieces: add `const [darkMode, setDarkMode] = useState(false);` after line 27, add a `toggleDarkMode` that flips the state and toggles `dark-mode` on document.body, add a toggle button in the JSX, check the result, then run exit."""

T[B]["faithful_short"] = r"""Task: add a dark-mode toggle (TSX toggle + CSS) to the React/TypeScript app in /workspace; don't touch existing tests; finish with `<execute_bash> exit </execute_bash>`.
Done: src/App.css edited (79 lines): `body`, `body.dark-mode` (#242424 / #ffffff), `.dark-mode-toggle` button styles.
Failed: src/App.tsx is unchanged. Eight edit_file_by_replace attempts were all rejected with "Your proposed edit has introduced new syntax error(s)" (App.tsx:22 and others), changes not applied. src/PullRequestViewer.tsx (112 lines, three leading blank lines, state at lines 25-27, JSX from line 83, lines 101-112 never viewed) is unchanged too: three replacements failed with "No exact match found".
Next: small exact edits in PullRequestViewer.tsx: darkMode state after the pullRequests line, a toggleDarkMode that toggles `dark-mode` on document.body, a toggle button; then exit."""

T[B]["terse"] = r"""I'm adding a dark-mode toggle to a small React/TypeScript app. The stylesheet already has the light and dark styles and a style for the toggle button. Every attempt to add the toggle to the top-level component was rejected by the editor's syntax check, so that file is unchanged. I moved to the pull-request viewer component, where my large replacements did not match the file. Next I'll add the state, the toggle function and the button there in small steps, then finish."""

T[B]["vague_long"] = r"""I'm working on a feature request for a small web application that shows pull requests: users would like a dark mode, switched on and off with a toggle. That means two kinds of changes, some styling for the dark appearance and the toggle itself, and a bit of interface logic that keeps track of the current mode and applies it. The task also sets some ground rules: work only inside the provided environment without asking anyone for help, leave the existing tests alone, keep the code properly indented, and signal completion in the prescribed way when the work is finished.

I started by looking at how the project is organised, which is a typical single-page application with a stylesheet, a top-level component and one main feature component, plus tests and configuration. The styling part went smoothly: I added rules for the light and dark appearance and for the toggle button, and that change is in place.

The interface logic has been the hard part. My first plan was to put the toggle in the top-level component, and I tried several variations, with and without some language features and from fuller versions down to very minimal ones. The editing tool refused each of them because its syntax check objected, so none of those changes were applied and that component is as it was.

I then turned to the main feature component instead. My first attempts there replaced large blocks of the file, and they failed because the text I gave did not match the file exactly, partly because I had not looked at all of it. That component is also still unchanged.

The approach I'm taking now is to make small, precise edits to the feature component one step at a time: add the piece of state for the mode, a function that switches it, and a button that calls it, checking each step. Once that works I'll review the result and finish."""

T[B]["planted_errors"] = r"""I'm resolving the issue in /workspace, a Vite + React + TypeScript app that lists pull requests: add dark mode, i.e. a toggle in the JS/TSX that switches modes plus the CSS for it. Rules from the task: only work in this environment and never ask for human help; don't modify existing test files (src/PullRequestViewer.test.tsx); keep proper indentation in edits; when done, run `<execute_bash> exit </execute_bash>`.

Where things stand:

- `ls -R /workspace`: src/ has App.css, App.tsx, PullRequestViewer.tsx, PullRequestViewer.test.tsx, index.css, main.tsx, setupTests.ts, vite-env.d.ts.
- src/index.css is edited and I consider it done: `body` (#ffffff background, #213547 text, 0.3s transition), `body.dark-theme` (#242424 background, #ffffff text), `.dark-mode-toggle` (position fixed, top 20px, right 20px, #646cff, hover #535bf2) and `.dark-theme .dark-mode-toggle` (white background, #242424 text, hover #e6e6e6).
- src/App.tsx: the first attempts were rejected by the syntax check ("[Your proposed edit has introduced new syntax error(s)...]" at /workspace/src/App.tsx:22), but the version with type annotations (`function App(): JSX.Element`, `useState<boolean>(false)`) went through. App.tsx now holds the darkMode state, a useEffect that adds/removes the class on document.body, and a `dark-mode-toggle` button above `<PullRequestViewer />`.
- src/PullRequestViewer.tsx has 112 lines, the first three blank. Imports React/useState/useEffect, axios, Octokit, react-select; state at lines 25-27; it fetches the repos and open pull requests of the 'OpenDevin' org; the JSX starts at line 83. I have only seen lines 1-100. Three big replacements there failed with "No exact match found in /workspace/src/PullRequestViewer.tsx". The file is unchanged.

Next: the toggle already works from App.tsx, so PullRequestViewer.tsx only needs small exact edits if the component should know the mode: add `const [darkMode, setDarkMode] = useState(false);` after line 27 and a class on its root `<div>`. Then check the result and run exit."""
PLANTED[(B, "planted_errors")] = [
    "failed step called successful / wrong state: says the typed App.tsx edit went through and App.tsx holds the toggle; all eight App.tsx edits were rejected and App.tsx is unchanged",
    "wrong path: says the styles were added to src/index.css; they were added to src/App.css",
    "wrong value: class `dark-theme` (`body.dark-theme`, `.dark-theme .dark-mode-toggle`); the CSS uses `dark-mode`",
]

T[B]["keyword_dump"] = r"""ls -R /workspace
App.css  PullRequestViewer.test.tsx  assets	main.tsx       vite-env.d.ts
App.tsx  PullRequestViewer.tsx	     index.css	setupTests.ts
open_file('/workspace/src/App.css')
[File: /workspace/src/App.css (42 lines total)]
edit_file_by_replace(
[File: /workspace/src/App.css (79 lines total after edit)]
body.dark-mode {
  background-color: #242424;
.dark-mode-toggle {
  background-color: #646cff;
.dark-mode .dark-mode-toggle {
open_file('/workspace/src/App.tsx')
[File: /workspace/src/App.tsx (14 lines total)]
    <div className="App">
      <PullRequestViewer />
  const [darkMode, setDarkMode] = useState(false);
      document.body.classList.add('dark-mode');
      document.body.classList.remove('dark-mode');
      <button className="dark-mode-toggle" onClick={toggleDarkMode}>
        {darkMode ? 'Light Mode' : 'Dark Mode'}
[Your proposed edit has introduced new syntax error(s). Please understand the errors and retry your edit command.]
/workspace/src/App.tsx:22
/workspace/src/App.tsx:15
/workspace/src/App.tsx:14
/workspace/src/App.tsx:12
Your changes have NOT been applied. Please fix your edit command and try again.
DO NOT re-run the same failed edit command. Running it again will lead to the same error.
function App(): JSX.Element {
    document.body.classList.toggle('dark-mode')
      <button onClick={toggleDarkMode}>Toggle Dark Mode</button>
open_file('/workspace/src/PullRequestViewer.tsx')
[File: /workspace/src/PullRequestViewer.tsx (112 lines total)]
const octokit = new Octokit({ auth: import.meta.env.VITE_GITHUB_TOKEN });
const PullRequestViewer: React.FC = () => {
  const [pullRequests, setPullRequests] = useState<PullRequest[]>([]);
          org: 'OpenDevin',
      <h1>Pull Request Viewer</h1>
        aria-label="Select a repository"
(12 more lines below)
[No exact match found in /workspace/src/PullRequestViewer.tsx for"""

T[B]["stale"] = r"""I'm resolving the issue in /workspace, a Vite + React + TypeScript app that lists pull requests: add dark mode with a toggle in the JS/TSX and the matching CSS. Rules: work only in this environment, never ask for human help, don't modify existing tests (src/PullRequestViewer.test.tsx), keep proper indentation, and finish by running `<execute_bash> exit </execute_bash>`.

So far:
- `ls -R /workspace`: src/ holds App.css, App.tsx, PullRequestViewer.tsx, PullRequestViewer.test.tsx, index.css, main.tsx, setupTests.ts.
- src/App.css is edited (42 -> 79 lines): `body` (#ffffff / #213547, 0.3s transition), `body.dark-mode` (#242424 / #ffffff), `.dark-mode-toggle` (fixed at top 20px / right 20px, #646cff, hover #535bf2) and `.dark-mode .dark-mode-toggle` (white / #242424, hover #e6e6e6).
- src/App.tsx (14 lines) renders `<div className="App"><PullRequestViewer /></div>`. I'm adding `useState`/`useEffect` there: a `darkMode` state, an effect that adds or removes `dark-mode` on document.body, a `toggleDarkMode` function and a `<button className="dark-mode-toggle">` showing 'Light Mode' / 'Dark Mode'. The editor's syntax check has rejected the first four versions ("[Your proposed edit has introduced new syntax error(s)...]", at /workspace/src/App.tsx:22), including one with semicolons removed and one with type annotations (`function App(): JSX.Element`, `useState<boolean>(false)`); nothing was applied.

Next: try another App.tsx version that passes the syntax check, then verify and run exit."""

# ---------------------------------------------------------------------------------------
# C: Claude Code, spotter create-beads (style: Claude Code /compact summary, numbered sections)
# ---------------------------------------------------------------------------------------

T[C]["faithful"] = r"""This session is being continued from a previous conversation that ran out of context. Summary:

1. Primary request and intent: the user ran `/handgemacht:create-beads` with "websearch to learn how to fastest setup credo, dialyzer, mix_audit (basically all supported by https://github.com/bradleygolden/claude-marketplace-elixir) Maybe there are igniter scripts?". The skill ONLY creates beads (epic + tasks + dependencies via `bd create`); no code, no project changes. Phases, in order: (1) understand input, ask the rig prefix; (2) explore if needed; (3) draft the complete bead content with the Task tool, `subagent_type=Plan` (epic: Problem, Solution, Acceptance Tests as GIVEN/WHEN/THEN, Rabbit Holes, No-gos, then Rig/Appetite/Target/Architecture/Sources; each task: output files, technical specs, component usage, source references, edge cases, architecture constraints, only the relevant Definition of Done items); (4) present the exact bead text, write it to the plan file, get approval through ExitPlanMode (AskUserQuestion is only for clarifying); (5) only after approval: `bd create --type=epic`, tasks with `--parent=<epic-id>`, `bd dep add <task> <depends-on>`, then a summary table ending "Run `bd ready`". Never use `bd edit`.

2. Research findings: the marketplace is a Claude Code plugin collection (combined `elixir@elixir`; legacy plugins incl. credo, dialyzer, mix_audit, sobelow). None of credo, dialyxir, mix_audit, sobelow ships an Igniter installer, but `mix igniter.install` still adds a dep to mix.exs. Dep lines: `{:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}`, `{:mix_audit, "~> 2.1", only: [:dev, :test], runtime: false}`; credo is at 1.7.16. Commands: `mix dialyzer`, `mix deps.audit`. Sobelow would be `mix escript.install hex sobelow`.

3. Project: /home/marco/projects/spotter/mix.exs, `elixir: "~> 1.19"`; deps (lines 27-45) already include `{:igniter, "~> 0.6", only: [:dev, :test]}`; `aliases()` (lines 74-76) is `[test: ["ash.setup --quiet", "test"]]`. None of the quality tools is installed.

4. User answers (AskUserQuestion): rig = "No rig"; tools = "Credo + Dialyxir + mix_audit" (Sobelow left out).

5. Current state: nothing drafted, no plan file, no beads created.

6. Next step: Phase 3, the Task (Plan) call to draft one small epic with its task(s) for installing and configuring the three tools, then present it and wait for ExitPlanMode approval."""

T[C]["faithful_short"] = r"""Summary so far:
- Request: `/handgemacht:create-beads` — web-search the fastest setup of credo, dialyzer, mix_audit (cf. github.com/bradleygolden/claude-marketplace-elixir; igniter scripts?). The skill only creates beads: draft the full content via Task `subagent_type=Plan`, present it, get approval with ExitPlanMode, then `bd create` (epic, tasks with `--parent`), `bd dep add`. No code changes.
- Findings: no Igniter installers for credo/dialyxir/mix_audit/sobelow; `mix igniter.install` still adds deps. `{:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}`, `{:mix_audit, "~> 2.1", ...}`; `mix dialyzer`, `mix deps.audit`.
- /home/marco/projects/spotter/mix.exs already has `{:igniter, "~> 0.6"}`; aliases() at lines 74-76.
- User: no rig prefix; tools Credo + Dialyxir + mix_audit (no Sobelow).
- Next: draft the beads with the Plan sub-agent; nothing created yet."""

T[C]["terse"] = r"""The user asked, through a bead-creation skill, for a plan to set up three Elixir code-quality tools in their Phoenix project, after researching the quickest setup. Research showed none of the tools has an automatic installer, though the project's existing generator dependency can still add them. The user chose no rig prefix and the three tools without the security scanner. Nothing is drafted or created yet; next is drafting the epic and tasks with a planning sub-agent and getting approval."""

T[C]["vague_long"] = r"""The user invoked a workflow whose only purpose is to create work items, a parent item with child tasks and the dependencies between them, after showing a full preview and getting explicit approval. The workflow is strict: it must not change the project or write code, it asks clarifying questions only when needed, it drafts the complete text of every item with a separate planning helper, it presents that text exactly as it will be saved, and it creates anything only after the user has approved the plan through the designated approval step.

The subject of the work items is setting up a handful of standard quality tools for the user's web application: static analysis, type checking and a scan of dependencies for known vulnerabilities. The user also wondered whether there is a quick, automated way to install them, and pointed to a collection of editor plugins that bundles such tools.

The assistant researched this on the web. The plugin collection turned out to be an editor-integration bundle rather than an installer. For each of the tools it found the usual way to add them to the project and the commands that run them, and it learned that none of them offers an automated installer of the kind the user hoped for, although a generator the project already uses can still add them as dependencies. It also looked at a fourth, security-focused tool. It then read the project's build configuration to see what is already there and where new settings would go.

Before drafting, the assistant asked the user two questions. The user answered that the items do not belong to any particular grouping prefix and that only three of the four tools should be covered, leaving the security scanner out.

Nothing has been drafted or created yet. The next step is to have the planning helper draft the parent item and its tasks in the required format, present them in full, and wait for approval before creating anything."""

T[C]["planted_errors"] = r"""This session is being continued from a previous conversation that ran out of context. Summary:

1. Primary request and intent: the user ran `/handgemacht:create-beads` with "websearch to learn how to fastest setup credo, dialyzer, mix_audit (basically all supported by https://github.com/bradleygolden/claude-marketplace-elixir) Maybe there are igniter scripts?". The skill ONLY creates beads (epic + tasks + dependencies via `bd create`); no code, no project changes. Phases, in order: (1) understand input, ask the rig prefix; (2) explore if needed; (3) draft the complete bead content with the Task tool, `subagent_type=Plan` (epic: Problem, Solution, Acceptance Tests as GIVEN/WHEN/THEN, Rabbit Holes, No-gos, then Rig/Appetite/Target/Architecture/Sources; each task: output files, technical specs, component usage, source references, edge cases, architecture constraints, only the relevant Definition of Done items); (4) present the exact bead text, write it to the plan file, get approval through ExitPlanMode; (5) only after approval: `bd create --type=epic --rig=<prefix>`, tasks with `--parent=<epic-id>`, `bd dep add <task> <depends-on>`, then a summary table ending "Run `bd ready`". Never use `bd edit`.

2. Research findings: the marketplace is a Claude Code plugin collection (combined `elixir@elixir`; legacy plugins incl. credo, dialyzer, mix_audit, sobelow). None of the tools ships an Igniter installer. Dep lines: `{:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}`, `{:mix_audit, "~> 2.1", only: [:dev, :test], runtime: false}`; credo is at 1.7.16. Commands: `mix dialyzer`, `mix deps.audit`.

3. Project: /home/marco/projects/spotter/mix.exs, `elixir: "~> 1.19"`; Igniter is not a dependency yet, so `mix igniter.install` is unavailable until `{:igniter, ...}` is added to deps (lines 27-45) by hand; `aliases()` (lines 74-76) is `[test: ["ash.setup --quiet", "test"]]`.

4. User answers (AskUserQuestion): rig = `spotter`; tools = "All four" (Credo, Dialyxir, mix_audit and Sobelow).

5. Current state: nothing drafted, no plan file, no beads created.

6. Next step: Phase 3, the Task (Plan) call to draft one epic (rig `spotter`) with tasks for adding Igniter and then installing and configuring the four tools, then present it and wait for ExitPlanMode approval."""
PLANTED[(C, "planted_errors")] = [
    "wrong value: rig prefix `spotter`; the user answered \"No rig\"",
    "wrong state: user chose all four tools including Sobelow; the user chose \"Credo + Dialyxir + mix_audit\" (Sobelow left out)",
    "wrong state: says Igniter is not yet a dependency of mix.exs; `{:igniter, \"~> 0.6\", only: [:dev, :test]}` is already in deps",
]

T[C]["keyword_dump"] = r"""/handgemacht:create-beads
websearch to learn how to fastest setup credo, dialyzer, mix_audit (basically all supported by https://github.com/bradleygolden/claude-marketplace-elixir)
Maybe there are igniter scripts?
bd create --title="[Epic title]" --type=epic --priority=[0-4] --rig=[rig-prefix] --description="[EXACT description from the approved plan — copy verbatim]"
bd dep add [task-id] [depends-on-id]
Use the Task tool with `subagent_type=Plan`
call `EnterPlanMode`, write the full bead content to the plan file, and call `ExitPlanMode`
Run `bd ready` to see available work.
credo elixir igniter installer 2025 2026
dialyxir igniter install elixir
mix_audit hex elixir setup
/plugin marketplace add bradleygolden/claude-marketplace-elixir
/plugin install elixir@elixir
`{:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}`
`{:mix_audit, "~> 2.1", only: [:dev, :test], runtime: false}`
`mix deps.audit`
mix escript.install hex mix_audit
Recent versions include release 1.7.16 published on Jan 27, 2026
mix igniter.install
sobelow igniter install elixir phoenix security
mix escript.install hex sobelow
**/mix.exs
/home/marco/projects/spotter/deps/igniter/mix.exs
/home/marco/projects/spotter/mix.exs
      elixir: "~> 1.19",
      {:igniter, "~> 0.6", only: [:dev, :test]}
  defp aliases() do
    [test: ["ash.setup --quiet", "test"]]
"mix igniter.install" credo dialyxir sobelow
mix igniter.install credo dialyxir sobelow
- **No Igniter installers** exist for credo, dialyxir, mix_audit, or sobelow — they're simple deps added to `mix.exs`
- The project already has `igniter` as a dependency
"Which rig do these beads belong to? (This is a single-app project — should I use 'spotter'?)"="No rig"
"Which tools should we set up?"="Credo + Dialyxir + mix_audit". You can now continue with the user's answers in mind."""

T[C]["stale"] = r"""This session is being continued from a previous conversation. Summary:

1. Primary request: `/handgemacht:create-beads` with "websearch to learn how to fastest setup credo, dialyzer, mix_audit (basically all supported by https://github.com/bradleygolden/claude-marketplace-elixir) Maybe there are igniter scripts?". The skill only creates beads (epic + tasks + deps via `bd create`), never code. Phases: (1) understand input and ask the rig prefix; (2) explore if needed; (3) draft the full bead content with Task `subagent_type=Plan`; (4) present it, write the plan file, get approval through ExitPlanMode; (5) only then `bd create` the epic and tasks (`--parent=<epic-id>`), `bd dep add`, and print the summary table ("Run `bd ready`"). Never `bd edit`.

2. Research so far (one WebFetch, three WebSearches):
   - The marketplace repo is a Claude Code plugin collection: the combined plugin `elixir@elixir`, installed with `/plugin marketplace add bradleygolden/claude-marketplace-elixir` and `/plugin install elixir@elixir`; legacy single plugins include credo, dialyzer, mix_audit, sobelow, ex_doc, precommit.
   - Credo: current release 1.7.16 (Jan 27, 2026). Igniter needs Elixir 1.15+ (1.17+ recommended); `mix igniter.install <pkg>` adds the dep and runs the package's installer if it has one.
   - Dialyxir: `{:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}`, then `mix deps.get` and `mix dialyzer`; no Igniter installer found.
   - mix_audit: `{:mix_audit, "~> 2.1", only: [:dev, :test], runtime: false}` or `mix escript.install hex mix_audit`; run `mix deps.audit`.

3. Next: check the project's current state (its mix.exs, whether any of these tools or igniter are already there), then ask the user the rig prefix before drafting."""

# ---------------------------------------------------------------------------------------
# D: AutoGen teaching, arXiv trust calibration (style: plain prose, third person)
# ---------------------------------------------------------------------------------------

T[D]["faithful"] = r"""Two AutoGen agents: `assistant` writes Python, `user_proxy` runs it in work_dir and sends back the exit code and output. Each code block runs as a fresh script, so nothing carries over between runs. The assistant ends a finished request with TERMINATE.

First request: "Find arxiv papers that show how are people studying trust calibration in AI based systems". The assistant queried the arXiv API (`http://export.arxiv.org/api/query?search_query=all:{query}`, query "trust calibration AI", max_results=10) with requests and feedparser; exit code 0. The ten papers, in order:
1. Who Should I Trust: AI or Myself? Leveraging Human and AI Correctness Likelihood to Promote Appropriate Trust in AI-Assisted Decision-Making (2301.05809v1)
2. Effect of Confidence and Explanation on Accuracy and Trust Calibration in AI-Assisted Decision Making (2001.02114v1)
3. Trust Explanations to Do What They Say (2303.13526v1)
4. A Systematic Literature Review of User Trust in AI-Enabled Systems: An HCI Perspective (2304.08795v1)
5. Trust Calibration and Trust Respect: A Method for Building Team Cohesion in Human Robot Teams (2110.06809v1)
6. Trust Considerations for Explainable Robots: A Human Factors Perspective (2005.05940v1)
7. Experimental Investigation of Trust in Anthropomorphic Agents as Task Partners (2202.01077v2)
8. Uncalibrated Models Can Improve Human-AI Collaboration (2202.05983v3)
9. Knowing About Knowing: An Illusion of Human Competence Can Hinder Appropriate Reliance on AI Systems (2301.11333v1)
10. A Turing Test for Transparency (2106.11394v1)

Second request: "analyze the above the results to list the application domains studied by these papers". The assistant's first code printed the abstracts from the earlier `papers` variable and failed with `NameError: name 'papers' is not defined`; it re-ran the full search and printed all ten abstracts (exit code 0), then answered with five domains:
- AI-assisted decision-making: papers 1, 2, 9 (3 papers)
- Human-robot interaction and human-autonomous teams: 5, 6 (2)
- Explainable AI (XAI) and transparency: 3, 8, 10 (3)
- HCI perspective on user trust in AI-enabled systems: 4 (1)
- Anthropomorphic agents and social robots: 7 (1)
user_proxy then sent an empty reply.

State: the second request is answered; nothing has been plotted or saved yet. Any further code has to be self-contained (define its data again rather than rely on earlier variables)."""

T[D]["faithful_short"] = r"""assistant writes Python that user_proxy runs (work_dir; exit code + output returned; every block is a fresh script, so earlier variables are gone).
Request 1, find arXiv papers on how people study trust calibration in AI-based systems: done via the arXiv API (query "trust calibration AI", 10 results), e.g. 2301.05809v1, 2001.02114v1, 2304.08795v1, 2106.11394v1.
Request 2, list the application domains of these papers: a first run failed with `NameError: name 'papers' is not defined`; after re-fetching the abstracts the assistant answered with five domains: AI-assisted decision-making (papers 1, 2, 9 = 3), human-robot interaction/teams (5, 6 = 2), explainable AI and transparency (3, 8, 10 = 3), HCI view of user trust (4 = 1), anthropomorphic agents/social robots (7 = 1). Answered; user_proxy replied with an empty message. No chart or file exists yet."""

T[D]["terse"] = r"""Two agents: an assistant that writes code and a proxy that runs it. First the assistant searched arXiv for ten papers on how people study trust calibration in AI systems and listed them. Then it was asked which application domains those papers cover; after one failed run that relied on a variable from the earlier run, it re-fetched the abstracts and grouped the papers into five domains with their paper counts. Both requests are answered; nothing has been charted or saved."""

T[D]["vague_long"] = r"""This conversation pairs a coding assistant with a proxy that executes whatever code the assistant proposes and reports back whether it ran and what it printed. The human's requests arrive one after another in the same conversation, and each is considered finished when the assistant signals that it is done.

The first request was a small literature search: find research papers about how people study the calibration of trust in systems that use artificial intelligence. The assistant wrote a short script against a public preprint service, ran a keyword search, and printed the titles and links of the top results. The search worked on the first try and returned a set of relevant papers spanning several years, which the assistant then listed for the user.

The second request asked the assistant to analyse those results and say which application areas the papers study. The assistant's first script assumed that the results of the earlier search were still available, but each script runs on its own, so it failed. The assistant then wrote a complete script that repeated the search and printed the summaries of the papers, which succeeded. Reading those summaries, it grouped the papers into a handful of application areas and said which papers fall in each area and how many. The proxy replied without further input.

At this point both requests have been answered, and no chart, file or other output has been produced. The main practical lesson so far is that any further code has to be self-contained, because nothing is remembered between executions. If the user asks for a follow-up, such as a visual summary of the analysis, the assistant will need to carry the grouping and counts from its own analysis into new code rather than rely on earlier results."""

T[D]["planted_errors"] = r"""Two AutoGen agents: `assistant` writes Python, `user_proxy` runs it in coding/ and sends back the exit code and output. The assistant ends a finished request with TERMINATE.

First request: "Find arxiv papers that show how are people studying trust calibration in AI based systems". The assistant queried the arXiv API (`http://export.arxiv.org/api/query?search_query=all:{query}`, query "trust calibration AI", max_results=10) with requests and feedparser; exit code 0. The ten papers, in order:
1. Who Should I Trust: AI or Myself? Leveraging Human and AI Correctness Likelihood to Promote Appropriate Trust in AI-Assisted Decision-Making (2301.05809v1)
2. Effect of Confidence and Explanation on Accuracy and Trust Calibration in AI-Assisted Decision Making (2001.02114v1)
3. Trust Explanations to Do What They Say (2303.13526v1)
4. A Systematic Literature Review of User Trust in AI-Enabled Systems: An HCI Perspective (2304.08795v1)
5. Trust Calibration and Trust Respect: A Method for Building Team Cohesion in Human Robot Teams (2110.06809v1)
6. Trust Considerations for Explainable Robots: A Human Factors Perspective (2005.05940v1)
7. Experimental Investigation of Trust in Anthropomorphic Agents as Task Partners (2202.01077v2)
8. Uncalibrated Models Can Improve Human-AI Collaboration (2202.05983v3)
9. Knowing About Knowing: An Illusion of Human Competence Can Hinder Appropriate Reliance on AI Systems (2301.11333v1)
10. A Turing Test for Transparency (2106.11394v1)

Second request: "analyze the above the results to list the application domains studied by these papers". The assistant printed the abstracts straight from the `papers` variable of the first run (exit code 0), then answered with five domains:
- AI-assisted decision-making: papers 1, 2, 8, 9 (4 papers)
- Human-robot interaction and human-autonomous teams: 5, 6 (2)
- Explainable AI (XAI) and transparency: 3, 10 (2)
- HCI perspective on user trust in AI-enabled systems: 4 (1)
- Anthropomorphic agents and social robots: 7 (1)
user_proxy then sent an empty reply.

State: the second request is answered; nothing has been plotted or saved yet. The `papers` list from the search is still loaded, so follow-up code can use it directly."""
PLANTED[(D, "planted_errors")] = [
    "wrong path: says code runs in coding/; the work_dir is work_dir",
    "failed step called successful / wrong state: says the abstracts were printed from the earlier `papers` variable and that it is still loaded; that run failed with NameError and nothing carries over between runs",
    "wrong values: puts paper 8 under AI-assisted decision-making (4 papers) and XAI/transparency at 2 (3, 10); the analysis had decision-making 1, 2, 9 (3) and XAI 3, 8, 10 (3)",
]

T[D]["keyword_dump"] = r"""Find arxiv papers that show how are people studying trust calibration in AI based systems
http://export.arxiv.org/api/query?
search_query=all:{query}
query = "trust calibration AI"
response = requests.get(url)
def search_arxiv(query, max_results=10):
feed = feedparser.parse(response.content)
exitcode: 0 (execution succeeded)
URL: http://arxiv.org/abs/2301.05809v1
URL: http://arxiv.org/abs/2001.02114v1
URL: http://arxiv.org/abs/2303.13526v1
URL: http://arxiv.org/abs/2304.08795v1
URL: http://arxiv.org/abs/2110.06809v1
URL: http://arxiv.org/abs/2005.05940v1
URL: http://arxiv.org/abs/2202.01077v2
URL: http://arxiv.org/abs/2202.05983v3
URL: http://arxiv.org/abs/2301.11333v1
URL: http://arxiv.org/abs/2106.11394v1
1. Who Should I Trust: AI or Myself? Leveraging Human and AI Correctness
3. Trust Explanations to Do What They Say
10. A Turing Test for Transparency
TERMINATE
analyze the above the results to list the application domains studied by these papers
exitcode: 1 (execution failed)
NameError: name 'papers' is not defined
for i, paper in enumerate(papers):
Abstract: In AI-assisted decision-making, it is critical for human decision-makers to
experiment (N=293) showed that our CL exploitation strategies promoted more
print(f"Abstract: {paper.summary}\n")
1. AI-assisted decision-making: Papers 1, 2, and 9 focus on how humans can appropriately trust AI systems in decision-making processes
2. Human-robot interaction (HRI) and human-autonomous teams (HATs): Papers 5 and 6 discuss trust calibration in the context of human-robot teams
3. Explainable AI (XAI) and transparency: Papers 3, 8, and 10 explore the role of explanations and transparency in AI systems
4. Human-computer interaction (HCI) perspective on user trust in AI-enabled systems: Paper 4 presents a systematic literature review
5. Anthropomorphic agents and social robots: Paper 7 investigates the influence of anthropomorphic physicality on human trust in agents"""

T[D]["stale"] = r"""Two AutoGen agents: `assistant` writes Python, `user_proxy` runs it in work_dir and returns the exit code and output; the assistant ends a finished request with TERMINATE.

First request: "Find arxiv papers that show how are people studying trust calibration in AI based systems". The assistant wrote `search_arxiv(query, max_results=10)` against the arXiv API (`http://export.arxiv.org/api/query?search_query=all:{query}`) using requests and feedparser, with query "trust calibration AI"; it ran with exit code 0 and printed ten papers:
1. Who Should I Trust: AI or Myself? ... (2301.05809v1)
2. Effect of Confidence and Explanation on Accuracy and Trust Calibration in AI-Assisted Decision Making (2001.02114v1)
3. Trust Explanations to Do What They Say (2303.13526v1)
4. A Systematic Literature Review of User Trust in AI-Enabled Systems: An HCI Perspective (2304.08795v1)
5. Trust Calibration and Trust Respect: A Method for Building Team Cohesion in Human Robot Teams (2110.06809v1)
6. Trust Considerations for Explainable Robots: A Human Factors Perspective (2005.05940v1)
7. Experimental Investigation of Trust in Anthropomorphic Agents as Task Partners (2202.01077v2)
8. Uncalibrated Models Can Improve Human-AI Collaboration (2202.05983v3)
9. Knowing About Knowing: An Illusion of Human Competence Can Hinder Appropriate Reliance on AI Systems (2301.11333v1)
10. A Turing Test for Transparency (2106.11394v1)
The assistant listed these with their URLs and closed the request with TERMINATE.

Latest request: "analyze the above the results to list the application domains studied by these papers". Next: print the abstracts of these ten papers and derive the application domains from them."""

# ---------------------------------------------------------------------------------------
# E: AutoGen group chat, cars weight vs horsepower (style: numbered timeline)
# ---------------------------------------------------------------------------------------

T[E]["faithful"] = r"""Context so far (group chat: User_proxy runs code in work dir `groupchat` and reports exit code and output; Coder writes the code; Critic scores it on bugs, transformation, compliance, type, encoding, aesthetics and lists fixes).

Task from User_proxy: "download data from https://raw.githubusercontent.com/uwdata/draco/master/data/cars.csv and plot a visualization that tells us about the relationship between weight and horsepower. Save the plot to a file. Print the fields in a dataset before visualizing it."

What happened (six executions, all exitcode 1, no plot saved):
1. Coder: `pd.read_csv(url)`, `print(df.columns)`, `sns.scatterplot(data=df, x='Weight_in_lbs', y='Horsepower')`, `plt.savefig('weight_vs_horsepower.png')`. Critic gave 10/10 on every dimension. Run: `ValueError: Could not interpret value `Weight_in_lbs` for parameter `x``.
2. Coder switched to `x='weight', y='horsepower'` and added `print(df)`; Critic 10/10 again. Run: `ValueError: Could not interpret value `weight` for parameter `x``.
3. Coder went back to `'Weight_in_lbs'`/`'Horsepower'` with `print(df.head())`; that code was executed twice, both times the same ValueError for `Weight_in_lbs`.
4. Coder downloaded with `requests` + `io.StringIO` but left out the `url` definition: `NameError: name 'url' is not defined`.
5. Coder re-added `url` (same draco CSV): again `ValueError: Could not interpret value `Weight_in_lbs` for parameter `x``.

Key observation: no output ever showed the printed column names, only tracebacks, so the real columns of the draco cars.csv are still unknown; both guessed spellings fail, and the Critic's perfect scores did not catch it.

State: no working script and no `weight_vs_horsepower.png`. Next: establish the actual fields (or use a cars dataset whose fields are known to include weight and horsepower), print them, then draw the weight-vs-horsepower scatter plot and save it to a file."""

T[E]["faithful_short"] = r"""Task: download https://raw.githubusercontent.com/uwdata/draco/master/data/cars.csv, print its fields, plot weight vs horsepower, save the plot to a file. Coder writes code, User_proxy runs it, Critic scores it.
1. `sns.scatterplot(..., x='Weight_in_lbs', y='Horsepower')` -> `ValueError: Could not interpret value `Weight_in_lbs` for parameter `x`` (Critic had given 10/10).
2. `x='weight', y='horsepower'` -> same ValueError for `weight`.
3. back to Weight_in_lbs/Horsepower (run twice) -> same error.
4. requests + io.StringIO without defining `url` -> `NameError: name 'url' is not defined`.
5. with `url` -> ValueError for `Weight_in_lbs` again.
The printed column names never appeared in any output, so the real fields are unknown. No plot saved (`weight_vs_horsepower.png` missing). Next: find the actual fields or another cars source, then plot and save."""

T[E]["terse"] = r"""A coder and a critic are trying to download a cars dataset, print its fields, and save a scatter plot of weight against horsepower. Every run so far has failed: the plotting library does not recognise either guessed spelling of the column names, and one attempt forgot to define the download address. The printed field names never appeared in the output, so the actual columns are still unknown, and no plot exists. Next: find the real fields or a source with known fields, then plot."""

T[E]["vague_long"] = r"""Three participants are collaborating on a small data-visualisation job: one writes code, one reviews it and scores it against a list of visualisation best practices, and a proxy for the human runs the code and reports what happened. The human's request was to fetch a public dataset about cars, print the names of its fields before doing anything else, and produce a chart that shows how the weight of a car relates to its power, saved to a file.

The first proposal was a reasonable one: load the file, print its fields, draw a scatter plot of the two quantities, and save the figure. The reviewer found nothing wrong with it and gave it top marks. When the code ran, however, it failed at the plotting step because the plotting library did not recognise the column names it was given.

What followed was a series of attempts to work around this. The coder tried a different spelling of the column names, which failed the same way. It then returned to the original spelling while printing part of the data, and that version was run more than once, failing each time. It changed how the file was downloaded, but that version forgot to define where to download from and failed for that reason. Once that was corrected, the original plotting error came back.

Two things stand out. First, although every version tried to print the dataset's fields, none of the outputs ever showed them, so the team still does not know what the columns are actually called. Second, the reviewer's consistently perfect scores did nothing to catch the underlying problem.

So far nothing has been produced: there is no working script and no saved chart. The sensible next step is to establish for certain which fields the data contains, or to switch to a version of the dataset whose fields are known, and only then draw the chart and save it."""

T[E]["planted_errors"] = r"""Context so far (group chat: User_proxy runs code in work dir `groupchat` and reports exit code and output; Coder writes the code; Critic scores it on bugs, transformation, compliance, type, encoding, aesthetics and lists fixes).

Task from User_proxy: "download data from https://raw.githubusercontent.com/uwdata/draco/main/data/cars.json and plot a visualization that tells us about the relationship between weight and horsepower. Save the plot to a file. Print the fields in a dataset before visualizing it."

What happened:
1. Coder: `pd.read_csv(url)`, `print(df.columns)`, `sns.scatterplot(data=df, x='Weight_in_lbs', y='Horsepower')`, `plt.savefig('weight_vs_horsepower.png')`. Critic gave 10/10 on every dimension. Run: `ValueError: Could not interpret value `Weight_in_lbs` for parameter `x``. The printed fields were `Index(['Name', 'Miles_per_Gallon', 'Cylinders', 'Displacement', 'Horsepower', 'Weight_in_lbs', 'Acceleration', 'Year', 'Origin'])`.
2. Coder switched to `x='weight', y='horsepower'` and added `print(df)`; Critic 10/10 again. This run succeeded (exitcode 0) and saved `weight_vs_horsepower.png`, but the axes are labelled with the lowercase names.
3. Coder went back to `'Weight_in_lbs'`/`'Horsepower'` with `print(df.head())`; that code was executed twice, both times `ValueError` for `Weight_in_lbs`.
4. Coder downloaded with `requests` + `io.StringIO` but left out the `url` definition: `NameError: name 'url' is not defined`.
5. Coder re-added `url`: again `ValueError: Could not interpret value `Weight_in_lbs` for parameter `x``.

Key observation: the columns are there as printed, so the ValueError must come from how seaborn is called, not from the data.

State: a plot from step 2 exists. Next: go back to the step-2 version (lowercase names), or fix the seaborn call for the capitalised names, and make the axis labels readable."""
PLANTED[(E, "planted_errors")] = [
    "wrong path/URL: gives the data as https://raw.githubusercontent.com/uwdata/draco/main/data/cars.json; the task's URL is https://raw.githubusercontent.com/uwdata/draco/master/data/cars.csv",
    "failed step called successful: says the lowercase 'weight'/'horsepower' run succeeded and saved weight_vs_horsepower.png; it failed with ValueError and no plot exists",
    "wrong value/state: says the printed fields (Name, ..., Weight_in_lbs, ...) were shown; no output ever showed the column names (that Index appears only after the cut, for the vega-datasets cars.json)",
]

T[E]["keyword_dump"] = r"""download data from https://raw.githubusercontent.com/uwdata/draco/master/data/cars.csv and plot a visualization that tells us about the relationship between weight and horsepower. Save the plot to a file. Print the fields in a dataset before visualizing it.
url = "https://raw.githubusercontent.com/uwdata/draco/master/data/cars.csv"
df = pd.read_csv(url)
print(df.columns)
sns.scatterplot(data=df, x='Weight_in_lbs', y='Horsepower')
plt.savefig('weight_vs_horsepower.png')
- bugs (bugs): 10/10; There are no bugs, logic errors, syntax errors, or typos I can identify.
exitcode: 1 (execution failed)
  File "", line 14, in <module>
ValueError: Could not interpret value `Weight_in_lbs` for parameter `x`
sns.scatterplot(data=df, x='weight', y='horsepower')
print(df)
ValueError: Could not interpret value `weight` for parameter `x`
- Data encoding (encoding): 10/10; With the corrected column names, the code now properly encodes the variables in the x and y axes using the 'weight' and 'horsepower' columns.
print(df.head())
  File "", line 17, in <module>
  File "", line 15, in <module>
import requests
import io
response = requests.get(url)
csv_file = io.StringIO(content)
response.raise_for_status()
content = response.content.decode('utf-8')
df = pd.read_csv(csv_file)
NameError: name 'url' is not defined
# URL to download the data
I apologize for the confusion. It looks like there is still an issue with the column names.
  File "", line 23, in <module>
    p = _ScatterPlotter(data=data, variables=variables, legend=legend)
  File "/home/vscode/.local/lib/python3.9/site-packages/seaborn/_oldcore.py", line 938, in _assign_variables_longform
    raise ValueError(err)"""

T[E]["stale"] = r"""Context so far (group chat: User_proxy runs code in work dir `groupchat` and reports exit code and output; Coder writes the code; Critic scores it on bugs, transformation, compliance, type, encoding, aesthetics and lists fixes).

Task from User_proxy: "download data from https://raw.githubusercontent.com/uwdata/draco/master/data/cars.csv and plot a visualization that tells us about the relationship between weight and horsepower. Save the plot to a file. Print the fields in a dataset before visualizing it."

What happened:
1. Coder: `pd.read_csv(url)`, `print(df.columns)`, `sns.scatterplot(data=df, x='Weight_in_lbs', y='Horsepower')`, `plt.savefig('weight_vs_horsepower.png')`, `plt.show()`. Critic gave 10/10 on every dimension.
2. Run (exitcode 1): `ValueError: Could not interpret value `Weight_in_lbs` for parameter `x`` (raised in seaborn's `_assign_variables_longform`).
3. Coder concluded the column names differ, switched to `x='weight', y='horsepower'` and added `print(df)` to see the data; Critic again 10/10 ("The issue with column names is now resolved").
4. Run (exitcode 1): `ValueError: Could not interpret value `weight` for parameter `x``.

State: both guessed spellings fail and the printed fields did not appear in the output. Next: the Coder should print the columns and the first rows to see the real field names, then fix the scatter plot call."""
