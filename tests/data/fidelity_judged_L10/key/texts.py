"""Hand-written replacements for L10 (messages 1..cut-1). T[(session, variant)], P[session]."""
A = "entire_5d_755497c182.json"
B = "entire_44_bae9eebc2e.json"
C = "entire_b2_fb19a19759.json"
D = "entire_05_fc557f7824.json"
E = "entire_96_6462b9a8e7.json"
T, P = {}, {}

# ---------------- A: changelog 0.4.3 -> 0.4.4 (cut 33)
T[A, "faithful"] = """Summary of the conversation so far (entireio/cli repo at /Users/soph/Work/entire/devenv/cli, branch main):

The user asked: "can you generate me a changelog.md update for 0.4.3 -> 0.4.4". CHANGELOG.md exists at the repo root (Keep a Changelog format; latest section is "## [0.4.3] - 2026-02-12"). Only the tag v0.4.3 exists, so I used `git log v0.4.3..HEAD` (plain, with bodies, and `--merges` to map commits to PR numbers).

I proposed this draft (not yet written to the file; I asked whether to add it):

## [0.4.4] - 2026-02-13
### Added
- Gemini transcript support in the `explain` command for viewing session history (#236)
### Changed
- Agent hook parsing is now safer and preserves unknown hook types (#314)
- Auto-commit strategy now sets up git hooks earlier in the enable flow (#298)
- Initial checkpoints branch commit now uses the user's git config for author info (#262)
- Simplified agent identification: Gemini handled explicitly, others default to Claude (#236)
### Fixed
- Clarified `--local`/`--project` flags help text (.entire/ settings, not agent settings) (#306)
- Removed deprecated `entireID` references (#285)
- `entire enable` no longer prompts when already enabled  (no PR link)
### Docs
- Updated README (#312)
- Added requirements section to contributing guide (#231)
PR links use the form https://github.com/entireio/cli/pull/N.

The user then asked why the `entire enable` line has no PR. I traced commit 966e0df2 "don't ask to enable again" (parent 1d919c64). It is on main; `git log --oneline --ancestry-path 966e0df2..HEAD --merges --first-parent | tail -1` gave 46f74c20 "Merge pull request #231 from entireio/docs/update-contributing-requirements", and `git log --oneline 46f74c20^1..46f74c20^2` listed 966e0df2 don't ask to enable again, 1d919c64 Co-pilot feedback, a8b6afa9 Add requirements to contributing guide. So the change was bundled into PR #231, whose title is about the contributing guide.

Current state: I am about to report this to the user and offer options (attribute to #231, leave without PR, or note it as bundled). Next: follow the user's choice, then on request add the 0.4.4 section above the 0.4.3 section in CHANGELOG.md."""

T[A, "faithful_short"] = """The user wants a CHANGELOG.md entry for 0.4.3 -> 0.4.4 in the entire CLI repo. From `git log v0.4.3..HEAD` I drafted a "## [0.4.4] - 2026-02-13" section (Added: Gemini transcripts in `explain` #236; Changed: hook parsing #314, git hooks earlier #298, checkpoints-branch author #262, Gemini/Claude identification #236; Fixed: --local/--project help #306, entireID removal #285, `entire enable` no longer prompts when already enabled (no PR); Docs: README #312, contributing guide #231). It is not written to the file yet. The user asked why the enable line has no PR: commit 966e0df2 "don't ask to enable again" was merged via PR #231 (merge 46f74c20, docs/update-contributing-requirements). Next: tell the user and ask how to attribute it."""

T[A, "terse"] = """Drafting a CHANGELOG.md 0.4.4 section (2026-02-13) from git log v0.4.3..HEAD; draft shown to the user, not yet written. User asked why "`entire enable` no longer prompts" has no PR: commit 966e0df2 came in via PR #231 (merge 46f74c20, contributing-guide branch). Next: explain and ask how to link it."""

T[A, "planted_errors"] = """Summary so far (entireio/cli, branch main):

The user asked for a changelog update for 0.4.3 -> 0.4.4. CHANGELOG.md is at the repo root, Keep a Changelog format, newest section "## [0.4.3] - 2026-02-12". I listed the commits with `git log v0.4.3..HEAD` and the merge commits to get PR numbers.

I already wrote the new section into CHANGELOG.md, above 0.4.3:

## [0.4.4] - 2026-02-13
### Added
- Gemini transcript support in the `explain` command (#236)
### Changed
- Agent hook parsing is safer and preserves unknown hook types (#314)
- Auto-commit strategy sets up git hooks earlier in the enable flow (#298)
- Initial checkpoints branch commit uses the user's git config for author info (#262)
- Simplified agent identification: Gemini explicit, others default to Claude (#236)
### Fixed
- Clarified `--local`/`--project` flags help text (#306)
- Removed deprecated `entireID` references (#285)
- `entire enable` no longer prompts when already enabled (no PR link)
### Docs
- Updated README (#312)
- Added requirements section to contributing guide (#231)

The user asked why the `entire enable` line has no PR. The commit is 966e0df2 "don't ask to enable again". Tracing the first-parent merges after it, the first merge that brought it to main is 46f74c20, "Merge pull request #285 from entireio/gtrrz-victor/delete-old-sessionid-logic"; `git log 46f74c20^1..46f74c20^2` shows it together with the other commits of that branch. So the change was bundled into an unrelated PR.

Current state: about to report the finding and offer options: attribute the line to that PR, leave it without a link, or mark it as bundled. Next: apply the user's choice to the changelog."""
P[A] = [
    "Says the 0.4.4 section was already written into CHANGELOG.md; it was only shown as a draft and not yet added to the file (the user asks for that later).",
    "Names the merge 46f74c20 as PR #285 (gtrrz-victor/delete-old-sessionid-logic); it is PR #231 from entireio/docs/update-contributing-requirements.",
    "Implies the enable change belongs with the entireID-removal branch; the branch that carried 966e0df2 is the contributing-guide one with commits 1d919c64 Co-pilot feedback and a8b6afa9 Add requirements to contributing guide.",
]

T[A, "keyword_dump"] = """changelog.md update for 0.4.3 -> 0.4.4; /Users/soph/Work/entire/devenv/cli/CHANGELOG.md; git tag -l -> v0.4.3; ## [0.4.3] - 2026-02-12; Keep a Changelog; git log v0.4.3..HEAD --oneline --no-merges; 2f112b29 handle gemini as gemini, everything else as claude for now; 25c86adb safer agent hook parsing; a179dd84 Clarify --local/--project flags; 70a3e80a ensure auto commit sets up git hooks; df21b898 delete all references to entireID; 966e0df2 don't ask to enable again; 58bd18f9 use general logic for commit author; e0a89c96 Support Gemini transcript format in explain command; Merge pull request #236 fix/gemini-explain; #314 soph/safer-agent-hook-parsing; #312 updatereadme; #262; #285; ## [0.4.4] - 2026-02-13; ### Added ### Changed ### Fixed ### Docs; #298 #306; "`entire enable` no longer prompts when already enabled <- why has this no PR?"; git branch -a --contains 966e0df2 -> main; --ancestry-path 966e0df2..HEAD --merges --first-parent | tail -1 -> 46f74c20 Merge pull request #231 from entireio/docs/update-contributing-requirements; 46f74c20^1..46f74c20^2: 966e0df2, 1d919c64 Co-pilot feedback, a8b6afa9 Add requirements to contributing guide"""

T[A, "stale"] = """Progress so far (entireio/cli repository, branch main):

The user asked me to generate a CHANGELOG.md update for 0.4.3 -> 0.4.4. I found CHANGELOG.md at the repository root; it follows Keep a Changelog and its newest section is "## [0.4.3] - 2026-02-12". The tag listing shows only v0.4.3 (no v0.4.4 tag yet), so the range is v0.4.3..HEAD.

`git log v0.4.3..HEAD --oneline --no-merges` lists the commits since the release, among them 2f112b29 handle gemini as gemini, everything else as claude; 25c86adb safer agent hook parsing, preserve unknown hook types; a179dd84 clarify --local/--project flags; 70a3e80a ensure auto commit sets up git hooks earlier; df21b898 delete all references to entireID; 966e0df2 don't ask to enable again; 58bd18f9 general commit author logic for the initial checkpoints branch commit; e0a89c96 support Gemini transcript format in explain. Merge commits map them to PRs #236, #314, #312, #262, #285 and others.

Next: group these into Added / Changed / Fixed / Docs with PR links and propose the section to the user."""

T[A, "vague_long"] = """Here is where things stand in this session.

The user asked for help preparing release notes for the next patch version of the command-line tool. The project keeps a changelog file in a conventional format, with sections per version and categories for additions, changes, fixes and documentation, so the new entry should follow the same structure and style as the existing ones.

I examined the repository history since the previous release to understand what had changed. There were a fair number of commits: some improved support for a second agent type, some made configuration and hook handling more robust, some adjusted how the setup flow works, some removed older identifiers, and a few touched documentation and contributor guidance. I also looked at the merge history so that entries could reference the relevant pull requests, as the existing changelog does.

Based on that, I put together a proposed entry grouped by category and shared it with the user for review. Most items had a clear pull request to link to, but one behavioural change did not obviously correspond to one, so it was listed without a reference.

The user then asked why that particular item had no associated pull request. I dug into the history of the commit in question, checking which branches contain it and how it reached the main branch. It turns out the commit was included as part of a pull request whose title and main purpose were about something else, which is why it did not stand out when matching commits to pull requests.

At this point I am ready to explain this finding to the user and ask how they would like the entry attributed, since there are a few reasonable options. After that, the remaining work is to finalise the wording and, if the user wants, insert the new section into the changelog file in the right place, keeping the formatting consistent with the rest of the document."""

# ---------------- B: test:ci failures (cut 32)
T[B, "faithful"] = """Summary of the session so far (entireio/cli at /Users/soph/Work/entire/devenv/cli, branch soph/do-not-truncate):

The user said: "when running mise run test:ci I get failures, can you check?" `mise run test:ci` (go test -tags=integration -race ./...) failed in cmd/entire/cli/integration_test with two tests: TestShadow_IncrementalContext and TestShadow_IncrementalCondensationWithIntermediateCommits. Both logged "completed successfully!" yet failed on t.Error assertions: they asserted that the second checkpoint's prompt.txt (read from the entire/sessions branch via ShardedCheckpointPath) contains only the new prompt ("create function C") and NOT the earlier prompts ("Create function A", "create function B"). All other packages passed.

Cause: the recent commit c384b36 "stop truncating transcripts" (Stefan Haubold, Jan 22 2026; changed strategy/manual_commit_condensation.go and manual_commit_hooks.go) intentionally stores full transcripts instead of incremental ones. So the tests, not the code, were out of date.

Changes, all in cmd/entire/cli/integration_test/manual_commit_workflow_test.go:
- TestShadow_IncrementalContext renamed to TestShadow_FullTranscriptContext (around line 715); its doc comment and the "Phase 5" assertions now require the second checkpoint to contain all prompts A, B and C.
- TestShadow_IncrementalCondensationWithIntermediateCommits renamed to TestShadow_FullTranscriptCondensationWithIntermediateCommits (around line 1292), with the same change to its Phase 5 check.

Verification: `mise run test:ci` now passes (integration_test ok, 19.8s); `mise run fmt && mise run lint` gives 0 issues. Nothing committed.

The user then asked: "can we double check we are not having test duplication now?" Other tests in the same file that could overlap: TestShadow_TranscriptCondensation (line 624, single commit, checks metadata.json/transcript/content_hash.txt/agent field) and TestShadow_IntermediateCommitsWithoutPrompts (around line 1165). Next step: list the test functions in manual_commit_workflow_test.go and compare what each renamed test covers against these, then report whether any are now redundant."""

T[B, "faithful_short"] = """User: `mise run test:ci` fails. Two integration tests in cmd/entire/cli/integration_test/manual_commit_workflow_test.go failed, TestShadow_IncrementalContext and TestShadow_IncrementalCondensationWithIntermediateCommits, because they asserted the second checkpoint's prompt.txt holds only the new prompt. Commit c384b36 "stop truncating transcripts" intentionally switched to full transcripts, so I updated the tests: renamed them TestShadow_FullTranscriptContext and TestShadow_FullTranscriptCondensationWithIntermediateCommits and changed the assertions to expect prompts A, B and C. test:ci now passes; fmt and lint clean (0 issues). The user now asks to check that there is no test duplication; next: list the Test functions in that file and compare them (e.g. with TestShadow_TranscriptCondensation and TestShadow_IntermediateCommitsWithoutPrompts)."""

T[B, "terse"] = """test:ci failed on two integration tests expecting incremental prompt.txt; commit c384b36 (stop truncating transcripts) made transcripts full. Renamed/updated them to TestShadow_FullTranscriptContext and TestShadow_FullTranscriptCondensationWithIntermediateCommits in manual_commit_workflow_test.go; tests and lint pass. Nothing committed. Now: the user asked to check for test duplication in that file."""

T[B, "planted_errors"] = """Summary of the session so far (entireio/cli, branch soph/do-not-truncate):

The user reported failures from `mise run test:ci` (go test -tags=integration -race ./...). Two tests failed in cmd/entire/cli/integration_test: TestShadow_IncrementalContext and TestShadow_IncrementalCondensationWithIntermediateCommits. Both asserted that the second checkpoint's prompt.txt on the entire/sessions branch holds only the new prompt ("create function C") and not the earlier "Create function A" / "create function B".

Cause: commit c384b36 "stop truncating transcripts" is a regression: it accidentally made condensation store the whole transcript. I reverted the behaviour in strategy/manual_commit_condensation.go so that checkpoints are incremental again, and left the two tests' assertions as they were.

Changes in cmd/entire/cli/integration_test/manual_commit_workflow_test.go: TestShadow_IncrementalContext was renamed TestShadow_FullTranscriptContext and TestShadow_IncrementalCondensationWithIntermediateCommits was renamed TestShadow_FullTranscriptCondensationWithIntermediateCommits, with updated doc comments.

Verification: `mise run test:ci` passes now (the integration_test package is ok again and all other packages are unchanged); `mise run lint` still reports 1 issue that has not been addressed yet. Nothing committed. I summarised the cause and the two renames for the user.

The user now asks to double check that there is no test duplication. Candidates in the same file: TestShadow_TranscriptCondensation (around line 624; single commit; checks metadata.json, transcript, content_hash.txt, agent field) and TestShadow_IntermediateCommitsWithoutPrompts (around line 1165; user commits unrelated files mid-session). Next: grep for "^func Test" in manual_commit_workflow_test.go, read the candidates, list the Test functions in the file, compare the scenarios, and report."""
P[B] = [
    "Says c384b36 was a regression and that the condensation code was reverted to incremental; in fact the change was intentional and only the tests were changed.",
    "Says the tests' assertions were left as they were; they were changed to expect all prompts (A, B and C) in the second checkpoint.",
    "Says lint still reports 1 issue; `mise run fmt && mise run lint` reported 0 issues.",
]

T[B, "keyword_dump"] = """mise run test:ci; go test -tags=integration -race ./...; --- FAIL: TestShadow_IncrementalContext (0.35s); TestShadow_IncrementalCondensationWithIntermediateCommits; cmd/entire/cli/integration_test/manual_commit_workflow_test.go; "Second prompt.txt should NOT contain 'Create function A' - that was in first commit"; "create function C"; ShardedCheckpointPath(checkpoint2ID); env.ReadFileFromBranch("entire/sessions", shardedPath2+"/prompt.txt"); "Phase 5: Verify incremental context"; git show c384b36 --stat; stop truncating transcripts; Stefan Haubold; manual_commit_condensation.go | 23; manual_commit_hooks.go | 4; func TestShadow_FullTranscriptContext(t *testing.T); TestShadow_FullTranscriptCondensationWithIntermediateCommits; ok entire.io/cli/cmd/entire/cli/integration_test 19.848s; mise run fmt && mise run lint; golangci-lint run ./... 0 issues.; "can we double check we are not having test duplication now?"; TestShadow_TranscriptCondensation; TestShadow_IntermediateCommitsWithoutPrompts; completed successfully!; t.Error; Read offset 855 limit 35; Read offset 1385 limit 35; offset 699; offset 1280; Edit x4 updated successfully; ok entire.io/cli/cmd/entire/cli 4.223s; geminicli (cached); checkpoint/id (cached)"""

T[B, "stale"] = """Progress so far (entireio/cli, branch soph/do-not-truncate):

The user reported that `mise run test:ci` fails. I ran it (go test -tags=integration -race ./...): all packages pass except cmd/entire/cli/integration_test, where two tests fail: TestShadow_IncrementalContext and TestShadow_IncrementalCondensationWithIntermediateCommits. Oddly both log "completed successfully!" but fail on assertions.

Reading cmd/entire/cli/integration_test/manual_commit_workflow_test.go (around lines 720-890 and 1385-1420): both tests check, in "Phase 5", that the second checkpoint's prompt.txt (read from the entire/sessions branch at ShardedCheckpointPath(checkpoint2ID)) contains "create function C" but NOT "Create function A" or "create function B". In the failing runs the second prompt.txt contains all of them.

The most recent commit, c384b36 "stop truncating transcripts" (changes to strategy/manual_commit_condensation.go and manual_commit_hooks.go), looks like the cause. Next: read its diff to see whether the change to full transcripts was intentional, and then decide whether to fix the code or update the tests."""

T[B, "vague_long"] = """Here is a summary of the work done so far in this session.

The user mentioned that the continuous-integration test task was failing on their branch and asked me to look into it. I ran the full test suite with the integration tests enabled. Most packages passed, but a couple of tests in the integration test package failed. Interestingly, the failing tests printed messages suggesting they had run to completion, but some of their assertions did not hold.

I read through the relevant parts of the test file to understand what was being checked. The tests were verifying how checkpoint data is stored across multiple commits within a session, and specifically what content from earlier prompts should or should not appear in later checkpoints. The observed behaviour no longer matched those expectations.

Looking at the recent history of the branch, I found a commit that deliberately changed how session transcripts are stored. After reviewing its diff, it was clear that the new behaviour was intended and that the tests were simply written for the previous design. So rather than changing the production code, I updated the tests to reflect the new behaviour, adjusting names, descriptions and assertions accordingly.

After making those edits I re-ran the suite and everything passed. I also ran the formatter and the linter to make sure the changes were clean, and they were. I then summarised the cause and the changes for the user.

The user followed up by asking whether, after these changes, there might now be duplication among the tests, since several of them exercise similar workflows. That is what I am about to examine: I plan to list the tests in the file, look at what scenario each one covers, and compare the ones that seem related, so I can tell the user whether any of them are redundant or whether each still covers a distinct case. Depending on the outcome, we may consolidate or leave them as they are."""

# ---------------- C: issue templates (cut 31)
T[C, "faithful"] = """Summary of the session so far (entireio/cli at /Users/soph/Work/entire/devenv/cli, branch main):

The user asked for research on good open-source bug report templates and a proposed template for the entire CLI that captures OS, OS version, agent, strategy and entire version. The repo had no .github/ISSUE_TEMPLATE before. A research sub-agent compared templates (GitHub CLI, Go, Kubernetes, Charm Bubbletea, Docker CLI, Terraform, uv, React); takeaways: YAML forms (.yml) enforce required fields, 5-7 fields is the sweet spot, tell users the exact command for version info. I checked the code: version/commit come from cmd/entire/cli/buildinfo/buildinfo.go (Version="dev", Commit="unknown", set by ldflags); strategies are manual-commit and auto-commit; agent names like "claude-code".

The user agreed to separate bug and feature templates. Files created in .github/ISSUE_TEMPLATE/:
- bug_report.yml (labels ["bug"]): textareas description ("What happened?"), repro, expected (required); inputs version ("Run `entire version`", required) and platform ("OS and architecture", `uname -orsm`, required); dropdown agent (Claude Code, Cursor, Windsurf, Other); dropdown strategy (manual-commit (default), auto-commit); textarea logs (render: bash, optional, mentions .entire/logs/ and sensitive info); textarea additional (mentions Git version, shell, terminal emulator, worktree, tmux/SSH).
- config.yml: blank_issues_enabled: false, contact link to https://github.com/entireio/cli/discussions.
- feature_request.yml (labels ["enhancement"], 4 fields, only the problem/use case required), after a second research pass (Terraform's problem-first pattern, uv's usage example); the user said "yes" to it.

I also listed other templates those repos have (GitHub CLI feedback.md, Go language-change, Rust diagnostics, etc.); nothing created from that.

Latest request: add a free-text field for the terminal used, to the bug report only (user confirmed "bug report only"). Next: read bug_report.yml and add an optional `type: input` terminal field (between the strategy dropdown and logs), and drop "terminal emulator" from the additional-context description."""

T[C, "faithful_short"] = """Task: research OSS bug templates and propose one for the entire CLI (OS, version, agent, strategy, entire version). After research (GitHub CLI, Go, Kubernetes, Docker, Terraform, uv, Charm, React) I created .github/ISSUE_TEMPLATE/bug_report.yml (YAML form: what happened, repro, expected, version via `entire version`, OS/arch required; agent and strategy dropdowns; optional logs with render: bash; additional context), config.yml (blank issues disabled, Discussions link) and, after a second research pass and the user's "yes", feature_request.yml (4 fields, problem required). The user now wants a free-form terminal field, in the bug report only. Next: read bug_report.yml and add an optional input field for the terminal before the logs field."""

T[C, "terse"] = """Created .github/ISSUE_TEMPLATE/bug_report.yml (version, OS, agent and strategy dropdowns, logs), feature_request.yml and config.yml after researching other repos' templates. User now wants an optional free-text "terminal" field in the bug report only (not the feature form); next: read bug_report.yml and add it."""

T[C, "planted_errors"] = """Summary of the session so far (entireio/cli, branch main):

The user asked for research on open-source bug report templates and a proposal for the entire CLI capturing OS, OS version, agent, strategy and entire version. A research sub-agent compared GitHub CLI, Go, Kubernetes, Charm Bubbletea, Docker CLI, Terraform, uv and React; conclusions: YAML issue forms enforce required fields, keep it to about 5-7 fields, and give users the exact command for version info. From the code: version and commit come from cmd/entire/cli/buildinfo/buildinfo.go (set with ldflags); strategies are manual-commit and auto-commit.

The user preferred a single combined template for bugs and feature requests, so I wrote one file, .github/ISSUE_TEMPLATE/bug_report.yml, with a "type of issue" selector, plus config.yml (blank issues disabled, link to GitHub Discussions). The bug form has: what happened, steps to reproduce, expected behaviour (required); Entire CLI version ("Run `entire version`") and OS/architecture inputs (required); agent and strategy as free-text inputs; optional logs (render: bash) and additional context mentioning shell, terminal emulator, worktree, tmux/SSH.

I also summarised which other templates the researched repos have (feedback, language change, diagnostics); nothing created from that.

Latest request: add a free-text field for the terminal used. The user wants it in both the bug form and the feature section. Next: read bug_report.yml and add an optional input for the terminal before the logs field."""
P[C] = [
    "Says the user preferred one combined template and no feature_request.yml exists; the user agreed to separate templates and feature_request.yml (4 fields, problem required) was created after a second research pass.",
    "Says agent and strategy are free-text inputs; at this point both are dropdowns (agent: Claude Code, Cursor, Windsurf, Other; strategy: manual-commit, auto-commit).",
    "Says the user wants the terminal field in both forms; the user answered 'yeah bug report only'.",
]

T[C, "keyword_dump"] = """research good open source repository bug templates; propose template (os, os version, agent, strategy, entire version); Glob .github/ISSUE_TEMPLATE/**/* -> No files found; Task: Research bug report templates; GitHub CLI (cli/cli), Go, Kubernetes, Charm Bubbletea, Docker CLI, Terraform, uv, React; YAML form format; 5-7 fields; cmd/entire/cli/buildinfo/buildinfo.go Version = "dev" Commit = "unknown"; StrategyNameManualCommit; AgentName: "claude-code"; "do they have unique templates for feature requests?"; mkdir -p .github/ISSUE_TEMPLATE; Task: Research feature request templates; Write bug_report.yml: name: Bug Report, labels: ["bug"], id: description, repro, expected, version ("Run `entire version`"), platform (uname -orsm), dropdown agent (Claude Code, Cursor, Windsurf, Other), dropdown strategy (manual-commit (default), auto-commit), logs render: bash, additional; config.yml blank_issues_enabled: false, https://github.com/entireio/cli/discussions; feature_request.yml labels: ["enhancement"]; 4 fields, 1 required; Terraform problem-first; "can we add a free field for the terminal used to the form?"; "yeah bug report only" """

T[C, "stale"] = """Progress so far (entireio/cli, branch main):

The user asked me to research good open-source bug report templates and propose one for the entire CLI that records OS, OS version, agent, strategy and entire version. There is no .github/ISSUE_TEMPLATE directory in the repo yet.

A research sub-agent gathered templates from GitHub CLI, Go, Kubernetes, Charm Bubbletea, Docker CLI, Terraform, uv and React. Main lessons: YAML issue forms (.yml) are the modern standard because they enforce required fields; 5-7 fields avoids form fatigue; the best CLI templates tell users the exact command for version/environment info; use `type: input` for version/OS and `render: bash` for logs.

In the code, the version and commit come from cmd/entire/cli/buildinfo/buildinfo.go (Version = "dev", Commit = "unknown", set via ldflags); strategies are manual-commit and auto-commit; agents have names such as "claude-code".

I proposed a bug_report.yml form (what happened, repro, expected, version, OS/arch, agent and strategy dropdowns, logs, additional context) plus a config.yml disabling blank issues. Next: answer whether feature requests should get their own template, and create the files if the user agrees."""

T[C, "vague_long"] = """Here is an overview of the session up to this point.

The user wanted to improve how issues are reported for their command-line project. They asked me to look at how well-known open-source projects structure their bug report templates and then propose something suitable for their own tool, making sure it captures the environment details that matter most to the maintainers when triaging problems.

I gathered examples from a range of popular projects, including several command-line tools and large infrastructure projects, and summarised the common patterns: structured forms work better than free-form markdown, a moderate number of fields avoids fatiguing reporters, and it helps to tell users exactly how to obtain version information. I also checked the codebase to see what diagnostic information the tool already exposes so the template could ask for the right things.

Based on this I proposed a template and, after some discussion with the user about whether bug reports and feature requests should share a template, created the issue template files in the repository's GitHub configuration directory. A separate pass of research informed a template for feature requests as well, which the user approved, and a small configuration file controls how the issue chooser behaves. I also answered a question about what other kinds of templates the researched projects provide.

Most recently the user asked for an additional field capturing one more piece of environment information, and we clarified which of the templates it should go into. The next step is to open the relevant template file, add the new field in a sensible position with appropriate wording, and tidy up any related text elsewhere in the form so the information is not requested twice. After that, the user may want to review or test the forms, and we can adjust the wording or required fields based on their feedback."""

# ---------------- D: rebase prompt (cut 31)
T[D, "faithful"] = """Summary of the session so far (entireio/cli at /Users/soph/Work/entire/devenv/cli):

The user hit this during `git rebase main`: the hook repeatedly asked "Link this commit to Agent session context? [Y/n]" while replaying commits (Rebasing (23/25)). Their diagnosis: the replayed commits had no trailer, but because a session was still active the hooks tried to link them; this should not happen.

Findings: the prompt comes from PrepareCommitMsg in cmd/entire/cli/strategy/manual_commit_hooks.go (around line 136; it adds an Entire-Checkpoint trailer). Git does not pass a special source to prepare-commit-msg during rebase, and the codebase had no existing check for rebase-merge / rebase-apply / CHERRY_PICK_HEAD / REVERT_HEAD.

Fix (in manual_commit_hooks.go, placed just above PrepareCommitMsg, with a doc comment listing the detected states): a new helper isGitSequenceOperation() gets the git dir with `git rev-parse --git-dir` (works in worktrees) and returns true if .git/rebase-merge/, .git/rebase-apply/, .git/CHERRY_PICK_HEAD or .git/REVERT_HEAD exists; PrepareCommitMsg returns immediately (no prompt, no trailer) when it is true. Imports os/exec and path/filepath were added. The first lint run failed with noctx: "os/exec.Command must not be called. use os/exec.CommandContext" at manual_commit_hooks.go:148; I switched to exec.CommandContext and lint now reports 0 issues. `mise run test` passes (go test ./..., all packages ok). Nothing committed. I explained to the user that the git source parameter does not reliably indicate a rebase, so checking git's state files is the standard approach.

The user then asked: "can we add tests for this?" Next: find the existing strategy tests (cmd/entire/cli/strategy/*_test.go, e.g. hooks_test.go, manual_commit_test.go), follow their pattern (temp git repo), and add tests for isGitSequenceOperation covering no operation, rebase-merge, rebase-apply, cherry-pick, revert and a worktree case; then run them and the full suite and lint."""

T[D, "faithful_short"] = """The user got "Link this commit to Agent session context? [Y/n]" prompts for each replayed commit during `git rebase main` and wants that prevented. I added isGitSequenceOperation() to cmd/entire/cli/strategy/manual_commit_hooks.go: it runs `git rev-parse --git-dir` (via exec.CommandContext, after lint's noctx error on exec.Command) and checks for rebase-merge/, rebase-apply/, CHERRY_PICK_HEAD or REVERT_HEAD; PrepareCommitMsg returns early when true. Lint: 0 issues; `mise run test` passes; not committed. The user now asks for tests. Next: look at the strategy package's *_test.go files (hooks_test.go) and add tests for each case (none, rebase-merge, rebase-apply, cherry-pick, revert, worktree)."""

T[D, "terse"] = """Fixed prompts during rebase: isGitSequenceOperation() in strategy/manual_commit_hooks.go checks the git dir for rebase-merge, rebase-apply, CHERRY_PICK_HEAD, REVERT_HEAD and PrepareCommitMsg returns early. Lint (after switching to exec.CommandContext) and tests pass. User now wants tests for it; next: add them in the strategy package and run them."""

T[D, "planted_errors"] = """Summary of the session so far (entireio/cli):

During `git rebase main` the user kept getting "Link this commit to Agent session context? [Y/n]" for replayed commits (Rebasing (23/25)). They think the replayed commits had no trailer but the still-active session made the hooks try to link them, and want this prevented.

Findings: the prompt comes from the commit-msg hook handler CommitMsg in cmd/entire/cli/strategy/auto_commit.go. Git passes no special source during a rebase, and the codebase had no existing check for rebase state.

Fix: a helper isGitSequenceOperation() gets the git directory with `git rev-parse --git-dir` and returns true if .git/rebase-merge/, .git/rebase-apply/, .git/CHERRY_PICK_HEAD or .git/REVERT_HEAD exists; the hook returns early in that case without prompting or adding a trailer. The detection reads git's own state files because git calls the hook normally for every replayed commit, with no special source argument. Imports os/exec and path/filepath were added. Lint passed on the first run with 0 issues, and `mise run test` (go test ./...) passes for all packages. Nothing committed. I explained the change to the user, listing the four state paths it checks.

Also, I already added a first test, TestIsGitSequenceOperation_RebaseMerge, to hooks_test.go.

The user then asked: "can we add tests for this?" Next: look at the strategy package's test files and extend coverage to the remaining cases (no operation, rebase-apply, cherry-pick, revert, worktree), then run the new tests, the full suite and lint."""
P[D] = [
    "Puts the change in CommitMsg in strategy/auto_commit.go; the fix is in PrepareCommitMsg in cmd/entire/cli/strategy/manual_commit_hooks.go.",
    "Says lint passed on the first run; it first failed with noctx (os/exec.Command must not be called, use exec.CommandContext) at manual_commit_hooks.go:148 and passed only after switching to exec.CommandContext.",
    "Says a test TestIsGitSequenceOperation_RebaseMerge already exists in hooks_test.go; no tests had been written before the user asked.",
]

T[D, "keyword_dump"] = """git rebase main; "Link this commit to Agent session context? [Y/n] n"; Rebasing (23/25); prepare-commit-msg|PrepareCommitMsg; cmd/entire/cli/strategy/manual_commit_hooks.go; rebase-merge|rebase-apply|CHERRY_PICK|REVERT_HEAD -> No files found; "// PrepareCommitMsg is called by the git prepare-commit-msg hook."; Entire-Checkpoint trailer; cmd/entire/cli/paths/paths.go; func isGitSequenceOperation() bool; git rev-parse --git-dir; .git/rebase-merge/ .git/rebase-apply/ .git/CHERRY_PICK_HEAD .git/REVERT_HEAD; imports os/exec, path/filepath; mise run fmt && mise run lint; manual_commit_hooks.go:148:21: os/exec.Command must not be called. use os/exec.CommandContext (noctx); exec.CommandContext; golangci-lint run ./... 0 issues.; mise run test -> ok entire.io/cli/cmd/entire/cli; "checks for: rebase-merge, rebase-apply, CHERRY_PICK_HEAD, REVERT_HEAD ... returns immediately without prompting"; "can we add tests for this?"; Grep rebase -i: auto_commit.go, trailers/trailers.go, manual_commit_rewind.go, clean.go, CLAUDE.md; Read manual_commit_hooks.go offset 136 limit 50; Edit import block; gitDir := strings.TrimSpace(string(output)); os.Stat(filepath.Join(gitDir, "rebase-merge")); ok entire.io/cli/cmd/entire/cli 2.109s; Read offset 136 limit 60"""

T[D, "stale"] = """Progress so far (entireio/cli at /Users/soph/Work/entire/devenv/cli):

The user got repeated "Link this commit to Agent session context? [Y/n]" prompts while running `git rebase main` (at Rebasing (23/25)). Their reading: the replayed commits had no trailer, but the session was still active, so the hooks tried to link them; that should not happen.

I searched for the hook: prepare-commit-msg is handled by PrepareCommitMsg in cmd/entire/cli/strategy/manual_commit_hooks.go (it adds the Entire-Checkpoint trailer and can ask the user). "rebase" appears in several files (auto_commit.go, trailers.go, manual_commit_rewind.go, clean.go, CLAUDE.md), but a search for git's rebase state markers (rebase-merge, rebase-apply, CHERRY_PICK_HEAD, REVERT_HEAD) found nothing: there is no existing detection.

Git calls prepare-commit-msg normally for each replayed commit during a rebase (no special source argument), so the way to detect it is to check git's state files in the git directory. Next: read PrepareCommitMsg (around line 136) and the paths package helpers, then add a rebase/cherry-pick/revert check at the start of PrepareCommitMsg."""

T[D, "vague_long"] = """Here is a summary of what has happened in this session.

The user ran into an annoying behaviour while rebasing a branch: one of the tool's git hooks kept interrupting the rebase with an interactive question about linking commits to the agent session, once for each commit being replayed. They suspected the hook was reacting to the still-active session even though the commits being replayed were pre-existing ones, and asked for this to be prevented.

I looked through the codebase to find where the question is asked and whether there was already any handling for special git states. The relevant logic lives in the strategy code that implements the git hook handlers. There was no existing detection of operations in which git replays commits, and git itself does not tell the hook explicitly that it is running during such an operation.

I therefore added a small helper that determines whether git is currently in the middle of one of these replay-style operations by looking at the state git keeps in its own directory, taking care that it works in worktrees too. The hook handler now checks this first and simply does nothing in that situation. While doing this I had to adjust the implementation slightly to satisfy the project's linter rules, after which formatting, linting and the test suite all came back clean. I explained the change and what it checks to the user.

The user then asked whether we could add tests for the new behaviour. The next step is to look at how the existing tests in that package are organised, follow the same conventions (for example creating temporary repositories), and write tests covering the normal case as well as each of the special states the helper detects, plus the worktree situation. After writing them I will run the new tests, then the whole suite and the linter, and report back to the user."""

# ---------------- E: merge conflicts (cut 26)
T[E, "faithful"] = """Summary of the session so far (entireio/cli worktree at /Users/alex/workspace/cli/.worktrees/2, branch alex/ent-207-fix-agent-name-misattribution):

The user said "we need to fix some merge conflicts". `git status` showed no merge in progress (branch up to date with its origin; only untracked docs/generated/); an earlier merge commit f9d5e461 had completed. The user said "yeah merge from main": `git merge main` gave "Already up to date." The user clarified "origin/main": I ran `git fetch origin main` and `git merge origin/main`, which auto-merged manual_commit_hooks.go and manual_commit_test.go but stopped with CONFLICT (content) in cmd/entire/cli/strategy/manual_commit_git.go. The merge is still in progress (not committed).

The file had two conflict regions (markers at lines 39-49 and 182-193), both where a session is initialised when state is nil or has no BaseCommit. HEAD (this branch) uses the new helper `agentType := resolveAgentType(ctx.AgentType, state)` (defined in strategy/common.go:206, the fix for agent name misattribution) and calls `s.initializeSession(repo, sessionID, agentType, "")`; origin/main's side instead computed the agent type inline (`agentType := DefaultAgentType`, keeping `state.AgentType` if a partial state has one) and called initializeSession with one more argument: the signature is now `initializeSession(repo, sessionID, agentType, transcriptPath, userPrompt string)` (manual_commit_session.go:198).

Resolution: in both regions I kept the branch's resolveAgentType call and passed origin/main's extra "" argument for userPrompt, i.e. `s.initializeSession(repo, sessionID, agentType, "", "")` in the first region and the same with `ctx.SessionID` in the second. Both edits applied successfully.

Next: check that no conflict markers (<<<<<<< / ======= / >>>>>>>) remain in manual_commit_git.go, run `go build ./cmd/entire/cli/strategy/` to confirm it compiles (LSP diagnostics may be stale), then tell the user it is ready to commit the merge and offer to run mise run fmt, lint and test:ci first."""

T[E, "faithful_short"] = """The user wants merge conflicts fixed on branch alex/ent-207-fix-agent-name-misattribution (worktree /Users/alex/workspace/cli/.worktrees/2). No merge was in progress and `git merge main` was up to date; the user meant origin/main. After `git fetch origin main` and `git merge origin/main`, cmd/entire/cli/strategy/manual_commit_git.go conflicted in two places (around lines 39 and 182). I resolved both by keeping the branch's `resolveAgentType(ctx.AgentType, state)` and adding origin/main's new userPrompt argument: `s.initializeSession(repo, sessionID / ctx.SessionID, agentType, "", "")`. (origin/main's own side had inlined DefaultAgentType logic, now replaced by the helper.) The merge is not committed. Next: grep for leftover conflict markers, `go build ./cmd/entire/cli/strategy/`, then report."""

T[E, "terse"] = """Merging origin/main into alex/ent-207-fix-agent-name-misattribution: two conflicts in strategy/manual_commit_git.go resolved by keeping resolveAgentType() and adding main's extra "" userPrompt argument to initializeSession. Merge not yet committed. Next: grep for leftover conflict markers and run go build on the strategy package."""

T[E, "planted_errors"] = """Summary of the session so far (worktree /Users/alex/workspace/cli/.worktrees/2, branch alex/ent-207-fix-agent-name-misattribution):

The user asked to fix merge conflicts. `git status` showed no merge in progress (earlier merge commit f9d5e461 had completed; only docs/generated/ untracked). The user said "yeah merge from main"; `git merge main` reported "Already up to date." The user then specified origin/main; after `git fetch origin main`, `git merge origin/main` auto-merged manual_commit_hooks.go and manual_commit_test.go but hit CONFLICT (content) in cmd/entire/cli/strategy/manual_commit_session.go. The merge is still uncommitted.

There were two conflict regions, both where a new session is initialised when state is nil or lacks BaseCommit. The branch side calls the helper `resolveAgentType(ctx.AgentType, state)` (in strategy/common.go) and then `s.initializeSession(repo, sessionID, agentType, "")`. origin/main added a new parameter to initializeSession: `userPrompt string` after transcriptPath.

origin/main's side computed the agent type inline from DefaultAgentType, keeping state.AgentType when a partial state has one.

Resolution: I took origin/main's side in both regions, i.e. dropped the branch's resolveAgentType call in favour of main's version and kept main's extra "" argument for userPrompt. Both edits applied.

I also already ran `go build ./cmd/entire/cli/strategy/` and it compiled cleanly.

Next: grep the file for leftover <<<<<<< / ======= / >>>>>>> markers (LSP diagnostics may be stale after the edits), then tell the user the merge is ready to commit and offer to run mise run fmt, lint and test:ci."""
P[E] = [
    "Names the conflicted file as strategy/manual_commit_session.go; the conflict was in cmd/entire/cli/strategy/manual_commit_git.go (manual_commit_session.go only holds the initializeSession signature).",
    "Says origin/main's side was taken and resolveAgentType dropped; the resolution kept the branch's resolveAgentType (the point of the branch) and only added main's extra \"\" userPrompt argument.",
    "Says the package was already built successfully; no build had been run before the cut (the marker check and go build come next).",
]

T[E, "keyword_dump"] = """"we need to fix some merge conflicts"; git status: On branch alex/ent-207-fix-agent-name-misattribution, up to date with origin, untracked docs/generated/; merge commit f9d5e461; "yeah merge from main"; git merge main -> Already up to date.; "origin/main"; git fetch origin main; git merge origin/main; Auto-merging manual_commit_hooks.go, manual_commit_test.go; CONFLICT (content): Merge conflict in cmd/entire/cli/strategy/manual_commit_git.go; 39:<<<<<<< HEAD 42:======= 49:>>>>>>> origin/main 182:<<<<<<< HEAD 185:======= 193:>>>>>>> origin/main; /Users/alex/workspace/cli/.worktrees/2; state.BaseCommit == ""; agentType := resolveAgentType(ctx.AgentType, state); common.go:206: func resolveAgentType(ctxAgentType agent.AgentType, state *SessionState) agent.AgentType; manual_commit_session.go:198: initializeSession(repo, sessionID, agentType, transcriptPath string, userPrompt string); s.initializeSession(repo, sessionID, agentType, "") // No transcript path; origin/main: agentType := DefaultAgentType; if state != nil && state.AgentType != ""; s.initializeSession(repo, sessionID, agentType, "", "") // No transcript/prompt in fallback; Edit x2: updated successfully; s.initializeSession(repo, ctx.SessionID, agentType, "", "")"""

T[E, "stale"] = """Progress so far (entireio/cli worktree at /Users/alex/workspace/cli/.worktrees/2, branch alex/ent-207-fix-agent-name-misattribution):

The user said we need to fix some merge conflicts. `git status` showed nothing in progress: the branch is up to date with its origin, only docs/generated/ is untracked, and an earlier merge commit f9d5e461 had already completed. I asked what operation they meant.

The user answered "yeah merge from main". `git merge main` reported "Already up to date." because the local main's changes were already in the branch through f9d5e461.

The user then clarified "origin/main", meaning the remote's newer main, which the local main does not have yet. Next: `git fetch origin main` and merge origin/main into the branch, then look at any conflicts that come up."""

T[E, "vague_long"] = """Here is a summary of the session so far.

The user asked for help with merge conflicts on their feature branch, which is working on a fix related to how agents are identified in sessions. When I first checked the repository state there was nothing in progress, since a previous merge had already been completed, so I asked what they wanted to do. After a short back-and-forth it became clear that they wanted the latest changes from the remote main branch merged into the feature branch, rather than the local copy of main, which was already included.

I fetched the latest remote changes and started the merge. Most files merged automatically, but one source file in the strategy package ended up with conflicts. I located the conflicting regions and read the surrounding code to understand what each side had changed. On one side, the feature branch had introduced a helper to decide which agent a session belongs to, which is the purpose of the branch. On the other side, the main branch had changed the signature of a session-initialisation function, adding a new argument.

Since the two changes are complementary rather than contradictory, I resolved the conflicts by combining them: keeping the feature branch's logic while adapting the calls to the updated function signature from main. I applied the edits to the file for each conflicting region.

The merge has not been committed yet. The next steps are to make sure there are no conflict markers left anywhere in the file, confirm that the package still compiles, and then let the user know the merge is ready for them to review and commit. I may also offer to run the project's formatting, linting and test tasks before they commit, to make sure nothing else was affected by the changes coming in from main."""
