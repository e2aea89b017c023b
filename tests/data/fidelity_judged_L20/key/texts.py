# Hand-written replacements for L20. T[(session, variant)] = text; P[session] = planted errors.
T, P = {}, {}

# ------------------------------------------------------------ pi theme port (user-message-selector / tui-renderer), cut 45
S = "pi_theme_port.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (user): read packages/coding-agent/docs/theme.md in full, then theme.ts (packages/coding-agent/src/theme/theme.ts), then oauth-selector or the other selectors, and port packages/coding-agent/src/tui/user-message-selector.ts to the theme patterns used there. I read theme.md, theme.ts and oauth-, theme-, model- and user-message-selector.ts (7 selectors exist in src/tui/).

What happened:
- First port: I rewrote user-message-selector.ts to the oauth-selector Container pattern and dropped the custom UserMessageList class. The user said I had broken the component badly, undid my changes himself and told me to read the whole file and try again.
- Second port (kept): three edits that leave the UserMessageList component intact: the local DynamicBorder class and the chalk import were replaced by imports of theme and ./dynamic-border.js; chalk.gray/chalk.dim -> theme.fg("muted", ...), chalk.blue("› ") -> theme.fg("accent", "› "), chalk.bold -> theme.bold; the header texts are themed.
- User: only tui-renderer.ts is left; I read it in full and grep found 77 chalk. uses. My batch of 16 edits to it was cut off and never applied. The user then removed almost all chalk uses by hand, except the thinking-level border, and asked how to solve that with the theme and whether new design tokens are needed.
- getThinkingBorderColor(level) in tui-renderer.ts (around line 720) still returns chalk functions: off chalk.gray, minimal chalk.dim.blue, low chalk.blue, medium chalk.cyan, high chalk.magenta; updateEditorBorderColor() assigns the result to this.editor.borderColor.
- I proposed three options (new thinking tokens, reuse existing tokens, a theme helper). custom-editor.ts has no borderColor (it only adds key handlers); packages/tui/src/editor.ts does not exist; in packages/tui/src/components/editor.ts, borderColor is typed (str: string) => string (lines 18, 32, 54, 62), so a function is needed.

Current state: nothing about the thinking border is decided or edited, and no check/build has been run. Next step: read theme.ts (Theme class) and add a helper that returns a border color function per thinking level built from existing theme colors, use it in tui-renderer.ts, drop the last chalk import, then run the check/build."""

T[S, "faithful_short"] = """Session so far (compacted): task was to port packages/coding-agent/src/tui/user-message-selector.ts to the theme system (after reading docs/theme.md, theme.ts and the other selectors). My first rewrite (Container pattern, dropped UserMessageList) was reverted by the angry user; the second port kept UserMessageList and only swapped chalk for theme.fg/theme.bold and the shared DynamicBorder. In tui-renderer.ts (77 chalk uses) my batch of edits never applied; the user removed chalk by hand except getThinkingBorderColor (chalk.gray/dim.blue/blue/cyan/magenta per level) and asked whether new tokens are needed. Editor.borderColor in packages/tui/src/components/editor.ts expects (str: string) => string. Next: add a Theme helper mapping thinking levels to existing colors and use it."""

T[S, "terse"] = """We ported the user message selector to the theme system; the first attempt rewrote the component and the user reverted it, the second only swapped the color calls and was kept. The user then cleaned the main renderer by hand except for the thinking-level border colors, and asked how to do those with the theme. The editor's border color must be a function from string to string. Next: add a theme helper for thinking levels and use it."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (user): read packages/coding-agent/docs/theme.md in full, then theme.ts (packages/coding-agent/src/theme/theme.ts), then oauth-selector or the other selectors, and port packages/coding-agent/src/tui/user-message-selector.ts to the theme patterns used there. I read theme.md, theme.ts and oauth-, theme-, model- and user-message-selector.ts (7 selectors exist in src/tui/).

What happened:
- First port: three small edits that kept the UserMessageList component and swapped chalk for theme calls. The user said I had broken the component badly, undid those changes and told me to read the whole file and try again.
- Second port (kept): I rewrote user-message-selector.ts to the oauth-selector Container pattern, dropped the custom UserMessageList class and the local DynamicBorder, and use theme.fg("muted", ...), theme.fg("accent", ...) and theme.bold throughout.
- User: only tui-renderer.ts is left; I read it in full and grep found 77 chalk. uses. I converted them in one batch of 16 edits, which applied cleanly. The user then asked how to handle the thinking-level border, which still uses chalk, and whether new design tokens are needed.
- getThinkingBorderColor(level) in tui-renderer.ts (around line 720) returns chalk functions: off chalk.gray, minimal chalk.dim.blue, low chalk.blue, medium chalk.cyan, high chalk.magenta; updateEditorBorderColor() assigns the result to this.editor.borderColor.
- I proposed three options (new thinking tokens, reuse existing tokens, a theme helper). The borderColor property is declared in custom-editor.ts (CustomEditor), typed (str: string) => string, so a function is needed.

Current state: nothing about the thinking border is decided or edited, and no check/build has been run. Next step: read theme.ts (Theme class) and add a helper that returns a border color function per thinking level built from existing theme colors, use it in tui-renderer.ts, drop the last chalk import, then run the check/build."""
P[S] = [
    "The two ports are swapped: the first attempt (rewrite to the Container pattern, dropping UserMessageList) was the one the user reverted; the kept second port made three small edits and kept UserMessageList.",
    "The batch of 16 edits to tui-renderer.ts is said to have applied cleanly; it was cut off and never applied, and the user removed the chalk uses by hand.",
    "borderColor is attributed to custom-editor.ts; CustomEditor has none, it is declared in the base Editor, packages/tui/src/components/editor.ts.",
]

T[S, "keyword_dump"] = """packages/coding-agent/docs/theme.md
packages/coding-agent/src/theme/theme.ts
find packages/coding-agent/src -name "*selector.ts" -type f
packages/coding-agent/src/tui/thinking-selector.ts
packages/coding-agent/src/tui/theme-selector.ts
packages/coding-agent/src/tui/oauth-selector.ts
packages/coding-agent/src/tui/user-message-selector.ts
packages/coding-agent/src/tui/queue-mode-selector.ts
packages/coding-agent/src/tui/model-selector.ts
packages/coding-agent/src/tui/session-selector.ts
class UserMessageList implements Component
Successfully replaced text in packages/coding-agent/src/tui/user-message-selector.ts. Changed 4415 characters to 4150 characters.
you fucked thet component up REAL fucking good. i undid your changes, try again. reda the full fuckoing file
import { theme } from "../theme/theme.js";
import { DynamicBorder } from "./dynamic-border.js";
theme.fg("muted", ...)
theme.fg("accent", "› ")
theme.bold()
Changed 452 characters to 175 characters.
Changed 1610 characters to 1640 characters.
Changed 320 characters to 328 characters.
alright, i think there's only one file left to fix up, tui-renderer.ts, read it in full
grep -n "chalk\\." packages/coding-agent/src/tui/tui-renderer.ts | wc -l
77
ok, i manually removed almost all chalk uses, except for the thinking border shit. how can we solve this with our theme stuff? do we need additional design tokens?
private getThinkingBorderColor(level: ThinkingLevel): (str: string) => string
return chalk.gray;
return chalk.dim.blue;
return chalk.blue;
return chalk.cyan;
return chalk.magenta;
private updateEditorBorderColor(): void
this.editor.borderColor = color;
grep "borderColor" packages/coding-agent/src/tui/custom-editor.ts
Command exited with code 1
export class CustomEditor extends Editor
grep: packages/tui/src/editor.ts: No such file or directory
packages/tui/src/components/editor.ts
18:	borderColor: (str: string) => string;
32:	public borderColor: (str: string) => string;
54:		this.borderColor = theme.borderColor;
62:		const horizontal = this.borderColor("─");"""

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (user): read packages/coding-agent/docs/theme.md in full, then theme.ts (packages/coding-agent/src/theme/theme.ts), then oauth-selector or the other selectors, and port packages/coding-agent/src/tui/user-message-selector.ts to the theme patterns used there.

What happened:
- I read theme.md (all color tokens must be defined), theme.ts and oauth-, theme-, model- and user-message-selector.ts; find lists 7 selectors in src/tui/.
- First port: I rewrote user-message-selector.ts to the oauth-selector Container pattern and dropped the custom UserMessageList class. The user said I had broken the component, undid my changes himself and told me to read the full file and try again.
- Second port after reading the whole file: three edits that keep UserMessageList: the local DynamicBorder class and the chalk import replaced by imports of theme and ./dynamic-border.js; chalk.gray/chalk.dim -> theme.fg("muted", ...), chalk.blue("› ") -> theme.fg("accent", "› "), chalk.bold -> theme.bold; header texts themed.

Current state: the user says there is only one file left to fix, tui-renderer.ts, and wants me to read it in full. Next step: read packages/coding-agent/src/tui/tui-renderer.ts completely and convert its chalk uses to the theme system in the same way."""

T[S, "vague_long"] = """Summary of the work so far (earlier messages were compacted):

The user and I are moving a terminal application's user interface from hard-coded color calls to a central theming system. I began by reading the theming documentation and the theme implementation, and then looked at several existing selector components that had already been converted, so that I could follow the same conventions for the component that still needed work.

My first attempt at converting that component went too far: I restructured it instead of only changing how it applies colors, and the user was clearly unhappy with the result and reverted it. On the second attempt I read the whole file carefully and limited myself to replacing the old color calls with the theme equivalents and using the shared border component, leaving the structure as it was. That version was kept.

After that the user pointed to the last remaining file, the main renderer. It contained many direct color calls. An attempt to convert them in one large batch did not go through, and the user ended up cleaning most of them up by hand. The only part left is the logic that colors the editor border according to the current reasoning level, and the user asked whether this can be expressed with the existing theme or whether new design tokens are needed.

I looked at how the editor component consumes its border color and confirmed that it expects a function that takes text and returns colored text, so whatever we do has to produce such a function for each level.

No decision has been implemented yet and nothing has been compiled since. The next step is to look at the theme class, add a small helper that maps each reasoning level to a suitable existing theme color and returns such a function, use it in the renderer, remove the now unused color library import, and then run the project's checks and build to make sure everything still works."""

# ------------------------------------------------------------ pi issue #288 (start without API keys), cut 85
S = "pi_issue288_no_model.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task: the user pasted https://github.com/badlogic/pi-mono/issues/288 ("Error: No models available. Set an API key environment variable", by saeedesmaili): pi throws at startup when no API key env var is set, so a subscription user cannot get to /login (workaround: a fake env var). The owner already commented "Apologies, that's definitely a bug! Will fix tonight".

Findings: the throw was in createAgentSession in packages/coding-agent/src/core/sdk.ts ("Fall back to first available", ~line 522). main.ts (~337-343) already exits with an error in non-interactive mode when session.model is missing. The Agent class is packages/agent/src/agent.ts (it throws "No model configured" only when prompting); AgentState.model is typed Model<any> in packages/agent/src/types.ts.

Changes made (uncommitted), each followed by a passing `npm run check`:
1. sdk.ts: no throw when discoverAvailableModels() returns nothing; model stays undefined.
2. The thinking clamp, at the user's request, is now `if (!model || !model.reasoning) { thinkingLevel = "off"; }` (thinking off when there is no model).
3. At the user's request, an else branch sets modelFallbackMessage = "No models available. Use /login or set an API key environment variable."
4. packages/coding-agent/CHANGELOG.md, [Unreleased] / Fixed: "**Allow startup without API keys**: Interactive mode no longer throws when no API keys are configured. Users can now start the agent and use `/login` to authenticate. ([#288](...))", above the #287 entry.

Open question: the user asked whether hooks might be called expecting a model. `grep -rn "model" packages/coding-agent/src/core/hooks/` found nothing. His latest remark: if no model is set, hooks are probably never invoked, except session start maybe.

Next step: check where hookRunner emits events (session start etc.) and whether any event needs the model; then, when the user agrees, commit, push and comment on issue 288."""

T[S, "faithful_short"] = """Session so far (compacted): fixing pi-mono issue #288 (pi throws "No models available..." at startup without API keys, so /login is unreachable). In packages/coding-agent/src/core/sdk.ts createAgentSession no longer throws when no models are found; the clamp is now `if (!model || !model.reasoning) thinkingLevel = "off"`; an else branch sets modelFallbackMessage "No models available. Use /login or set an API key environment variable."; CHANGELOG.md has an "Allow startup without API keys" entry for #288. npm run check passes; nothing committed. main.ts already exits in non-interactive mode without a model. The user asked if hooks expect a model (grep in core/hooks found nothing) and thinks they only fire at session start. Next: check hookRunner events, then commit/push/comment when asked."""

T[S, "terse"] = """We are fixing the reported bug where the agent refuses to start without an API key, so users cannot log in. Startup no longer fails when no model is found, thinking is forced off without a model, a warning message tells the user to log in or set a key, and the changelog has an entry. Checks pass; nothing is committed yet. Current question: whether hooks could run expecting a model. Next: check when hooks fire."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task: the user pasted https://github.com/badlogic/pi-mono/issues/288 ("Error: No models available. Set an API key environment variable", by saeedesmaili): pi throws at startup when no API key env var is set, so a subscription user cannot get to /login (workaround: a fake env var). The owner already commented "Apologies, that's definitely a bug! Will fix tonight".

Findings: the throw was in main.ts, right after createAgentSession is called (~line 337), which exits when session.model is missing. The Agent class is packages/agent/src/agent.ts (it throws "No model configured" only when prompting); AgentState.model is typed Model<any> in packages/agent/src/types.ts.

Changes made, each followed by a passing `npm run check`:
1. main.ts: the throw on an empty model list is removed; the model stays undefined.
2. The thinking clamp, at the user's request, is now `if (model && !model.reasoning) { thinkingLevel = "off"; }`, so the configured thinking level is kept when there is no model.
3. At the user's request, an else branch sets modelFallbackMessage = "No models available. Use /login or set an API key environment variable."
4. packages/coding-agent/CHANGELOG.md, [Unreleased] / Fixed: "**Allow startup without API keys**: Interactive mode no longer throws when no API keys are configured. Users can now start the agent and use `/login` to authenticate. ([#288](...))", above the #287 entry.
5. Committed and pushed as "Allow startup without API keys, fixes #288".

Open question: the user asked whether hooks might be called expecting a model. `grep -rn "model" packages/coding-agent/src/core/hooks/` found nothing. His latest remark: if no model is set, hooks are probably never invoked, except session start maybe.

Next step: check where hookRunner emits events (session start etc.) and whether any event needs the model; then comment on issue 288."""
P[S] = [
    "The change is attributed to main.ts; the throw was removed from createAgentSession in packages/coding-agent/src/core/sdk.ts (main.ts was not edited; it already handled a missing model in non-interactive mode).",
    "The clamp is reversed: it was changed to `if (!model || !model.reasoning)`, so thinking is turned off when there is no model, not kept.",
    "A commit and push are invented: nothing was committed or pushed before the cut (that happens later, after the user asks).",
]

T[S, "keyword_dump"] = """https://github.com/badlogic/pi-mono/issues/288
gh issue view 288 --comments
Apologies, that's definitely a bug! Will fix tonight, you already found the temporary workaround by setting a faux env var.
Error: No models available. Set an API key environment variable
Error: No models available. Set an API key environment variable (ANTHROPIC_API_KEY, OPENAI_API_KEY, etc.) or provide a model explicitly.
packages/coding-agent/src/core/sdk.ts
522:				"No models available. Set an API key environment variable " +
// Fall back to first available
const available = await discoverAvailableModels();
packages/coding-agent/src/main.ts
if (!isInteractive && !session.model) {
if (!model.reasoning) {
grep: packages/ai/src/agent.ts: No such file or directory
packages/agent/src/agent.ts:62:export class Agent {
throw new Error("No model configured");
packages/agent/src/types.ts
model: Model<any>;
// If no models available, continue with model=undefined
// Interactive mode will let user /login or configure keys
npm run check 2>&1
packages/coding-agent/CHANGELOG.md
- **Allow startup without API keys**: Interactive mode no longer throws when no API keys are configured. Users can now start the agent and use `/login` to authenticate. ([#288](https://github.com/badlogic/pi-mono/issues/288))
if (model && !model.reasoning) { should probably also model && model.reasong || !model, no? turn off thinking of no model is given
if (!model || !model.reasoning) {
shouldl we maybe set a fallback messages if at the end of all the model checks, no model is defined
modelFallbackMessage = "No models available. Use /login or set an API key environment variable.";
ok, hooks, do they get called potentially expecting a model?
grep -rn "model" packages/coding-agent/src/core/hooks/ | grep -v node_modules | head -30
actually if no model get set, i would assume hooks are never invoked, except session start maybe?"""

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task: the user pasted https://github.com/badlogic/pi-mono/issues/288 ("Error: No models available. Set an API key environment variable", by saeedesmaili): pi throws at startup when no API key env var is set, so a subscription user cannot get to /login (workaround: a fake env var). The owner already commented "Apologies, that's definitely a bug! Will fix tonight".

Findings so far:
- The error is thrown in createAgentSession in packages/coding-agent/src/core/sdk.ts, in the "Fall back to first available" block (~line 522), when discoverAvailableModels() returns nothing.
- main.ts (~337-343) already handles a missing session.model in non-interactive mode (prints "No models available." and exits), so interactive mode could continue without a model.
- Further down in sdk.ts, `if (!model.reasoning)` (~line 543) would crash if model were undefined.
- The model is passed to `new Agent({ initialState: { ..., model, ... } })` (sdk.ts line 628). I am locating the Agent class to see whether it tolerates an undefined model: it is not in packages/ai/src/agent.ts (missing) and `grep "export class Agent" packages/ai/src` finds nothing; packages/ lists agent, ai, coding-agent, mom, pods, proxy, tui, web-ui.

Current state: no file has been changed yet. Next step: look in packages/agent/src for the Agent class and its AgentState type, then remove the throw in sdk.ts and guard the model.reasoning check."""

T[S, "vague_long"] = """Summary of the work so far (earlier messages were compacted):

The user pointed me to a bug report on the project's issue tracker. A new user who wants to use a subscription login could not even start the application, because it refused to start when no API key was configured, which in turn made the login command unreachable. The maintainer had already acknowledged it as a bug.

I traced the error to the place where the agent session is created and where a model is chosen at startup. I also checked how the command-line entry point behaves when no model is available, and how the underlying agent class treats a missing model, to be sure that starting without one would not cause problems elsewhere.

I then changed the startup logic so that it no longer fails when no model can be found, and the project's checks passed. The user followed up with two refinements: reasoning should be switched off when there is no model, and the user should see a clear message explaining how to get a model. I made both changes, the checks passed again each time, and I added an entry to the changelog describing the fix and referencing the issue.

The user then asked whether the extension hooks might be called in a way that assumes a model exists. A first search in the hooks code found nothing relevant, and the user suggested that without a model the hooks are probably never invoked, except perhaps at the very start of a session.

Nothing has been committed yet. The next step is to check when the hooks are actually triggered and what information they receive, to confirm that none of them depends on a model, and then, once the user is satisfied, to commit the work, push it and reply on the issue."""

# ------------------------------------------------------------ pi docs / system prompt review, cut 41
S = "pi_docs_sysprompt.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Start: the user pasted a wrong earlier answer of pi (that custom tools are "skills" made with a SKILL.md file) and said the system prompt needs review. I read the installed README.md and docs/custom-tools.md and explained the two kinds: the bash/README "CLI tool" pattern and TypeScript Custom Tools (~/.pi/agent/tools/*.ts, .pi/tools/*.ts). I opened packages/coding-agent/src/core/system-prompt.ts in VS Code (`code ...`) for the user.

Request: make the Documentation section say where the README (${readmePath}) and docs (${docsPath}) are and what to read when: custom models/providers -> README is enough; themes -> docs/theme.md; skills -> docs/skills.md; hooks -> docs/hooks.md; custom tools -> docs/custom-tools.md; RPC -> docs/rpc.md; keep it super concise. Then check each of those docs against the current code.

Done: two edits to system-prompt.ts; it now reads "- Main documentation: ${readmePath} / - Additional docs: ${docsPath} / - When asked about: custom models/providers (README sufficient), themes (docs/theme.md), skills (docs/skills.md), hooks (docs/hooks.md), custom tools (docs/custom-tools.md), RPC (docs/rpc.md)". Not checked/compiled yet. README.md has two "### Custom Tools" sections (line 606, TypeScript tools; line 796 under Tools, the bash pattern); I suggested renaming the second.

I then claimed all five docs looked up to date; the user objected that I had not compared them with the source and said to start with theme.md. Comparing docs/theme.md with packages/coding-agent/src/modes/interactive/theme/theme.ts and dark.json I found: tokens thinkingXhigh and bashMode undocumented; "Thinking Level Borders (5 colors)" should be 6; total 44 -> 46; the Theme class docs list a dim() method that does not exist (the class has bold, italic, underline). (I also mentioned toolText vs toolTitle/toolOutput, but the doc already uses toolTitle/toolOutput.)

Current state: no .md file edited yet. Next: edit theme.md (thinking section + bashMode, counts, dim() -> underline(), examples), run npm run check, then review skills.md, hooks.md, custom-tools.md and rpc.md against their sources."""

T[S, "faithful_short"] = """Session so far (compacted): the user found pi's system prompt gave a wrong answer about custom tools. I updated the Documentation section of packages/coding-agent/src/core/system-prompt.ts as asked (README path, docs path, and which doc to read for models/providers (README), themes, skills, hooks, custom tools, RPC). Then I was to check docs/theme.md, skills.md, hooks.md, custom-tools.md and rpc.md against the code. I wrongly said they looked up to date; the user told me to compare with the source, starting with theme.md. Found in theme.md vs src/modes/interactive/theme/theme.ts: thinkingXhigh and bashMode missing, 5 -> 6 thinking colors, 44 -> 46 tokens, a nonexistent dim() method (underline() exists). Nothing edited in the docs yet. Next: fix theme.md, then the other docs."""

T[S, "terse"] = """The user noticed the agent's own system prompt led to a wrong answer, so we shortened the documentation section to say which doc file to read for which topic. Then the docs had to be checked against the code; after I wrongly called them up to date, the user asked for a real comparison, starting with the theme doc. I found several missing or wrong items there. Next: fix the theme doc, then review the others."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Start: the user pasted a wrong earlier answer of pi (that custom tools are "skills" made with a SKILL.md file) and said the system prompt needs review. I read the installed README.md and docs/custom-tools.md and explained the two kinds: the bash/README "CLI tool" pattern and TypeScript Custom Tools (~/.pi/agent/tools/*.ts, .pi/tools/*.ts). I opened packages/coding-agent/src/core/system-prompt.ts in VS Code (`code ...`) for the user.

Request: make the Documentation section say where the README (${readmePath}) and docs (${docsPath}) are and what to read when: custom models/providers -> docs/custom-models.md; themes -> docs/theme.md; skills -> docs/skills.md; hooks -> docs/hooks.md; custom tools -> docs/custom-tools.md; RPC -> docs/rpc.md; keep it super concise. Then check each of those docs against the current code.

Done: two edits to system-prompt.ts; the Documentation section now lists the main documentation path, the docs path and the topic-to-file mapping above. Not checked/compiled yet. README.md has two "### Custom Tools" sections (line 606, TypeScript tools; line 796 under Tools, the bash pattern); I suggested renaming the second.

I reported that all five docs looked up to date; the user agreed with that assessment but asked me to double-check theme.md against the source anyway. Comparing docs/theme.md with packages/coding-agent/src/modes/interactive/theme/theme.ts and dark.json I found: tokens thinkingXhigh and bashMode undocumented; "Thinking Level Borders (5 colors)" should be 6; total 44 -> 46; the Theme class docs list an underline() method that does not exist (the class has bold, italic and dim).

Current state: no .md file edited yet. Next: edit theme.md (thinking section + bashMode, counts, the method list, examples), run npm run check, then review skills.md, hooks.md, custom-tools.md and rpc.md against their sources."""
P[S] = [
    "The requested mapping is changed: for custom models/providers the README is sufficient (the prompt says \"README sufficient\"); there is no docs/custom-models.md.",
    "The user's reaction is reversed: he rejected the \"all docs look up to date\" claim (\"how can you say things look up-to-date if you haven't checked the source code\"), he did not agree with it.",
    "The method finding is swapped: the docs list a dim() method that does not exist; the Theme class has underline() (bold, italic, underline), not dim.",
]

T[S, "keyword_dump"] = """do you know how to create a custom tool?
well, that's wrong no? i suppose we need to review the system prompt
/opt/homebrew/lib/node_modules/@mariozechner/pi-coding-agent/README.md
/opt/homebrew/lib/node_modules/@mariozechner/pi-coding-agent/docs/custom-tools.md
open the syspormpt .ts file in code for me so i can review
code /Users/badlogic/workspaces/pi-mono/packages/coding-agent/src/core/system-prompt.ts
- Your own documentation is here ${readmePath}
- Additional documentation can be found here: ${docsPath}
please update system-prompt.ts accordingly, keep it super concise.
- Main documentation: ${readmePath}
- Additional docs: ${docsPath}
- When asked about: custom models/providers (README sufficient), themes (docs/theme.md), skills (docs/skills.md), hooks (docs/hooks.md), custom tools (docs/custom-tools.md), RPC (docs/rpc.md)
packages/coding-agent/docs/theme.md
packages/coding-agent/docs/skills.md
packages/coding-agent/docs/hooks.md
packages/coding-agent/docs/custom-tools.md
packages/coding-agent/docs/rpc.md
606:### Custom Tools
796:### Custom Tools
Pi relies on CLI tools invoked via bash rather than MCP. Create a tool with a README:
my dude, how can you say things look up-to-date if you haven't checked the source code ... and matched what's int he .md files against it. let's start with theme.md
packages/coding-agent/src/modes/interactive/theme/theme.ts
packages/coding-agent/src/modes/interactive/theme/theme-schema.json
dark.json
light.json
"thinkingOff": "darkGray"
thinkingXhigh
bashMode
Total: 44 color tokens
Thinking Level Borders (5 colors)
dim(text: string): string
349:	underline(text: string): string {
toolTitle
toolOutput"""

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Start: the user pasted a wrong earlier answer of pi (that custom tools are "skills" made with a SKILL.md file) and said the system prompt needs review. I read the installed README.md and docs/custom-tools.md and explained the two kinds: the bash/README "CLI tool" pattern and TypeScript Custom Tools (~/.pi/agent/tools/*.ts, .pi/tools/*.ts). I opened packages/coding-agent/src/core/system-prompt.ts in VS Code for the user.

Request: make the Documentation section say where the README (${readmePath}) and docs (${docsPath}) are and what to read when: custom models/providers -> README is enough; themes -> docs/theme.md; skills -> docs/skills.md; hooks -> docs/hooks.md; custom tools -> docs/custom-tools.md; RPC -> docs/rpc.md; keep it super concise. Then check each of those docs for outdated or missing content.

Done: two edits to system-prompt.ts; it now reads "- Main documentation: ${readmePath} / - Additional docs: ${docsPath} / - When asked about: custom models/providers (README sufficient), themes (docs/theme.md), skills (docs/skills.md), hooks (docs/hooks.md), custom tools (docs/custom-tools.md), RPC (docs/rpc.md)".

Current state: I have just read the five docs (theme.md, skills.md, hooks.md, custom-tools.md, rpc.md in packages/coding-agent/docs/). Next step: go through them and report whether they still describe the current state of affairs, and compare README.md's Custom Tools section with custom-tools.md."""

T[S, "vague_long"] = """Summary of the work so far (earlier messages were compacted):

The session started because the agent had given the user an incorrect explanation of one of its own extension features. The user suspected that the instructions the agent receives at startup were not pointing it clearly enough at its own documentation, so we looked at what the documentation says about the different ways of extending the agent and clarified the difference between two similar-sounding mechanisms.

The user then asked for the documentation section of those startup instructions to be rewritten in a very concise form: it should say where the main documentation and the additional documents live, and which document to consult for which kind of question. I made that change in the file that builds the instructions, in a compact form that follows the user's outline.

The second part of the request was to review each of the referenced documents and make sure they still match the current behavior, since some might be outdated or miss newer features. I read all of them and initially reported that they looked fine, noting only a confusing duplication of a section heading in the main readme. The user pushed back, rightly, because I had not compared the documents with the actual source code, and asked me to start the proper comparison with the theming document.

Comparing that document with the theming implementation and the bundled themes turned up several discrepancies: some newer settings are not documented, a couple of counts are out of date, and the described programming interface lists something that does not exist in the code.

None of the documents has been edited yet, and the project's checks have not been run since the instruction change. The next step is to correct the theming document, verify the project still passes its checks, and then continue with the remaining documents one by one, each time checking them against the corresponding source code."""

# ------------------------------------------------------------ Kimi CLI main (SWE-bench sklearn 26323), cut 66
S = "kimi_sklearn26323_main.json"
T[S, "faithful"] = """Summary of the run so far (earlier messages were compacted):

Task: SWE-bench issue in /testbed (scikit-learn): "`ColumnTransformer.set_output` ignores the `remainder` if it's an estimator". With remainder=VarianceThreshold() and set_output(transform="pandas"), bool column a comes out as 1/0 instead of True/False.

Investigation: a ReadContext sub-agent reported that ColumnTransformer.set_output (sklearn/compose/_column_transformer.py, lines 275-306) only calls _safe_set_output on transformers from chain(self.transformers, getattr(self, "transformers_", [])), skipping "passthrough"/"drop"; the remainder lives in self._remainder (line 457) and is added only in _iter (lines 378-379). _safe_set_output is in sklearn/utils/_set_output.py (line 244).

Reproduction: /testbed/reproduce_issue.py showed a as int64 (1/0) with the remainder estimator, bool with an explicit second transformer.

Fix (done) in set_output, after the loop:
    # Handle remainder if it's an estimator
    if hasattr(self, "remainder") and self.remainder not in {"passthrough", "drop"}:
        _safe_set_output(self.remainder, transform=transform)
The repro now gives bool for both cases.

Verification so far: scratch scripts in /testbed all pass: test_comprehensive.py (bool preservation, StandardScaler remainder, drop/passthrough), test_remainder_set_output.py (2 tests, also via pytest), test_edge_cases.py. pytest on sklearn/compose/tests/test_column_transformer.py: -k set_output 10 passed; -k remainder 53 passed; -k transform -x 188 passed. One command failed: the node id ::test_column_transformer_mixed_types does not exist (exit code 4, no tests ran).

Not done yet: no regression test in the repository's own test file, and the set_output docstring still says it configures only transformers and transformers_.

Next step: find the existing set_output tests in sklearn/compose/tests/test_column_transformer.py, add a test with an estimator remainder there (with the needed imports), run it and the set_output tests, and update the docstring."""

T[S, "faithful_short"] = """Run so far (compacted): SWE-bench fix in /testbed for "ColumnTransformer.set_output ignores the remainder if it's an estimator". set_output in sklearn/compose/_column_transformer.py only configured transformers/transformers_. Fix applied: after the loop, `if hasattr(self, "remainder") and self.remainder not in {"passthrough", "drop"}: _safe_set_output(self.remainder, transform=transform)`. reproduce_issue.py now keeps the bool column; scratch tests (test_comprehensive.py, test_remainder_set_output.py, test_edge_cases.py) pass; pytest -k set_output 10 passed, -k remainder 53 passed, -k transform 188 passed; a pytest run on a nonexistent test id exited 4. Next: add a regression test to sklearn/compose/tests/test_column_transformer.py and update the set_output docstring."""

T[S, "terse"] = """The bug (the output setting is not applied to the leftover-columns estimator) is understood, reproduced and fixed in the column transformer's output method. The reproduction now behaves correctly, ad-hoc checks pass and the relevant existing tests pass. Still missing: a regression test in the project's own test file and a docstring update. Next: find the existing tests for this method and add one."""

T[S, "planted_errors"] = """Summary of the run so far (earlier messages were compacted):

Task: SWE-bench issue in /testbed (scikit-learn): "`ColumnTransformer.set_output` ignores the `remainder` if it's an estimator". With remainder=VarianceThreshold() and set_output(transform="pandas"), bool column a comes out as 1/0 instead of True/False.

Investigation: a ReadContext sub-agent reported that ColumnTransformer.set_output (sklearn/compose/_column_transformer.py, lines 275-306) only handles transformers from chain(self.transformers, getattr(self, "transformers_", [])), skipping "passthrough"/"drop"; the remainder lives in self._remainder (line 457) and is added only in _iter (lines 378-379).

Reproduction: /testbed/reproduce_issue.py showed a as int64 (1/0) with the remainder estimator, bool with an explicit second transformer.

Fix (done) in sklearn/utils/_set_output.py: _safe_set_output now also configures a ColumnTransformer's remainder when it is an estimator (not "passthrough"/"drop"). The repro now gives bool for both cases.

Verification so far: scratch scripts in /testbed all pass: test_comprehensive.py (bool preservation, StandardScaler remainder, drop/passthrough), test_remainder_set_output.py (2 tests, also via pytest), test_edge_cases.py. pytest on sklearn/compose/tests/test_column_transformer.py: -k set_output 10 passed; ::test_column_transformer_mixed_types passed; -k remainder 53 passed; -k transform -x 188 passed.

Also done: the regression test test_column_transformer_set_output_with_remainder_estimator is already in sklearn/compose/tests/test_column_transformer.py and passes.

Not done yet: the set_output docstring still says it configures only transformers and transformers_.

Next step: update the docstring and run the full set_output test selection once more."""
P[S] = [
    "The fix is attributed to the wrong file: it was made in ColumnTransformer.set_output in sklearn/compose/_column_transformer.py (calling _safe_set_output(self.remainder, ...)), not in _safe_set_output in sklearn/utils/_set_output.py.",
    "A failed step is called successful: `pytest ...::test_column_transformer_mixed_types` found no such test and exited with code 4; nothing passed.",
    "The regression test is said to be already in the repository's test file; before the cut only scratch scripts in /testbed existed (the test is added after the cut, and first fails with a NameError).",
]

T[S, "keyword_dump"] = """`ColumnTransformer.set_output` ignores the `remainder` if it's an estimator
remainder=VarianceThreshold()
set_output(transform="pandas")
<system>Context gathered successfully. Transcript saved to: /root/.kimi/sessions/00d5060aaec3fda180930ea52304b87b/d8447fa8-9d8e-41af-9fc6-a12e4a196b6c_read_1.jsonl</system>
## Structured Report: ColumnTransformer set_output Bug Analysis
sklearn/compose/_column_transformer.py
The `ColumnTransformer.set_output` method (lines 275-306)
self._remainder = ("remainder", self.remainder, remaining)
if self._remainder[2]:
    transformers = chain(transformers, [self._remainder])
for _, trans, _ in chain(
self.transformers, getattr(self, "transformers_", [])
if trans not in {"passthrough", "drop"}
<system>Command failed with exit code: 1.</system>
/testbed/reproduce_issue.py
Test case 1: remainder=VarianceThreshold() (BROKEN)
a    int64
./sklearn/utils/_set_output.py
244:def _safe_set_output(estimator, *, transform=None):
# Handle remainder if it's an estimator
if hasattr(self, "remainder") and self.remainder not in {"passthrough", "drop"}:
    _safe_set_output(self.remainder, transform=transform)
<system>File successfully edited. Applied 1 edit(s) with 1 total replacement(s).</system>
/testbed/test_comprehensive.py
🎉 All tests passed! The fix works correctly.
python -m pytest sklearn/compose/tests/test_column_transformer.py -v -k "set_output"
collected 188 items / 178 deselected / 10 selected
10 passed
python -m pytest sklearn/compose/tests/test_column_transformer.py::test_column_transformer_mixed_types -v
<system>Command failed with exit code: 4.</system>
ERROR: not found: /testbed/sklearn/compose/tests/test_column_transformer.py::test_column_transformer_mixed_types
python -m pytest sklearn/compose/tests/test_column_transformer.py -v -k "remainder" --tb=short
53 passed
/testbed/test_remainder_set_output.py
test_remainder_set_output.py::test_column_transformer_set_output_with_remainder_estimator
test_remainder_set_output.py::test_column_transformer_set_output_with_string_remainder
2 passed
/testbed/test_edge_cases.py
🎉 All edge case tests passed!
python -m pytest sklearn/compose/tests/test_column_transformer.py -v -k "transform" --tb=short -x
188 passed
Actual: First case has boolean converted to int (0/1)"""

T[S, "stale"] = """Summary of the run so far (earlier messages were compacted):

Task: SWE-bench issue in /testbed (scikit-learn): "`ColumnTransformer.set_output` ignores the `remainder` if it's an estimator". With remainder=VarianceThreshold() and set_output(transform="pandas"), bool column a comes out as 1/0 instead of True/False.

Investigation: a ReadContext sub-agent reported that ColumnTransformer.set_output (sklearn/compose/_column_transformer.py, lines 275-306) only calls _safe_set_output on transformers from chain(self.transformers, getattr(self, "transformers_", [])), skipping "passthrough"/"drop"; the remainder lives in self._remainder (line 457, set in _validate_remainder) and is added only in _iter (lines 378-379). I read set_output and the pandas concatenation code near line 853.

Reproduction: /testbed/reproduce_issue.py confirms it: with the remainder estimator, a becomes int64 (1/0); with an explicit second transformer it stays bool.

_safe_set_output (sklearn/utils/_set_output.py, line 244) calls estimator.set_output(transform=transform) when the estimator has transform/fit_transform, and raises if set_output is missing.

Current state: the cause is clear and no code has been changed yet. Next step: edit set_output in sklearn/compose/_column_transformer.py so that it also calls _safe_set_output on self.remainder when the remainder is an estimator (not "passthrough" or "drop"), then rerun reproduce_issue.py and the set_output tests."""

T[S, "vague_long"] = """Summary of the run so far (earlier messages were compacted):

The task is to resolve a reported bug in a widely used machine-learning library. A composite transformer lets users route different columns of a table to different preprocessing steps, and optionally send all remaining columns to an extra step. When users ask for table-shaped output, that setting is passed on to the regular steps but not to the extra step for the remaining columns, so values in those columns lose their original type in the result.

I first asked a helper agent to study the relevant code and report back, then looked at the method that propagates the output setting and at how the remaining-columns step is stored and used internally. I wrote a small reproduction script, which confirmed the reported behavior.

I then changed the method so that it also passes the output setting to the remaining-columns step when that step is an actual estimator rather than one of the special keyword values. After the change the reproduction script produced the expected result in both of its cases.

To check the change more broadly, I wrote several ad-hoc test scripts covering the original scenario, a different estimator for the remaining columns, and the keyword values; they all passed. I also ran relevant selections of the project's existing test suite, which passed. One test command referred to a test that does not exist and therefore ran nothing, which does not affect the result.

What is still missing is a proper regression test inside the project's own test suite, so that the fix stays covered, and a small update to the method's documentation to mention the new behavior. The next step is to look at the existing tests for this method, add a new test alongside them, run it together with the related tests, and then update the documentation."""

# ------------------------------------------------------------ Kimi CLI ReadContext sub-agent, cut 26
S = "kimi_sklearn26323_readcontext.json"
T[S, "faithful"] = """Summary of my work so far (earlier messages were compacted):

Objective (from the main agent): understand ColumnTransformer.set_output and how the remainder is handled in sklearn/compose/_column_transformer.py, where set_output does not apply the output setting to a remainder given as an estimator; deliver a structured report listing inspected files with paths and snippets, ending with an explanation and any missing information or follow-up work. I am read-only (Glob, ReadFile, Grep, Think); nothing is to be changed.

Inspected so far:
- /testbed/sklearn/compose/_column_transformer.py in full (1000 lines, then 145 more from line 1000).
- sklearn/utils/_set_output.py (282 lines): _safe_set_output calls estimator.set_output(transform=...) for estimators with transform/fit_transform.

Findings:
- set_output (lines 275-306) calls super().set_output and then _safe_set_output on every trans in chain(self.transformers, getattr(self, "transformers_", [])) except "passthrough"/"drop" (lines 296-304). The remainder is not part of those lists.
- _validate_remainder (lines 449-458) stores self._remainder = ("remainder", self.remainder, remaining) (line 457); _iter adds it only when it has columns: `if self._remainder[2]: transformers = chain(transformers, [self._remainder])` (lines 378-379). Other uses at 735 and 891-892.
- So a remainder that is an estimator never gets _safe_set_output.
- Tests: grep for set_output with remainder only matches sklearn/compose/tests/test_column_transformer.py; test_column_transformer_set_output (line 1945), test_column_transform_set_output_mixed (1970) and test_column_transform_set_output_after_fitting (2016) are all parametrized with remainder "drop"/"passthrough" only. A regex grep for remainder=StandardScaler/OneHotEncoder/...Transformer returned only the file name, without lines.

Next step: grep the test file with line numbers for remainders passed as estimator instances (remainder=...(...)) to see whether any test combines one with set_output, then write the final report: files, bug location (lines 296-302), cause, suggested fix (call _safe_set_output on self.remainder when it is an estimator) and the missing test coverage."""

T[S, "faithful_short"] = """Work so far (compacted): read-only investigation for the main agent of why ColumnTransformer.set_output (sklearn/compose/_column_transformer.py, lines 275-306) ignores an estimator remainder; the deliverable is a structured report. Read the whole file and sklearn/utils/_set_output.py (_safe_set_output). set_output only covers chain(self.transformers, transformers_) minus passthrough/drop; the remainder is stored in self._remainder (line 457, _validate_remainder) and added only in _iter (378-379), so it never gets _safe_set_output. Existing set_output tests in sklearn/compose/tests/test_column_transformer.py (lines 1945, 1970, 2016) use only "drop"/"passthrough". Next: grep for tests with an estimator remainder (with line numbers), then write the report."""

T[S, "terse"] = """I am investigating, read-only, why the output-format method of the column transformer skips the leftover-columns estimator, and must end with a structured report. I read the main implementation and the helper that applies the setting: the method only loops over the declared steps, and the leftover step is stored separately. Existing tests only use the keyword values. Next: look for tests with an estimator there, then write the report."""

T[S, "planted_errors"] = """Summary of my work so far (earlier messages were compacted):

Objective (from the main agent): understand ColumnTransformer.set_output and how the remainder is handled in sklearn/compose/_column_transformer.py, where set_output does not apply the output setting to a remainder given as an estimator; deliver a structured report listing inspected files with paths and snippets, ending with an explanation and any missing information or follow-up work.

Inspected so far:
- /testbed/sklearn/compose/_column_transformer.py in full (1000 lines, then 145 more from line 1000).
- sklearn/base.py, where _safe_set_output is defined: it calls estimator.set_output(transform=...) for estimators with transform/fit_transform.

Findings:
- set_output (lines 275-306) calls super().set_output and then _safe_set_output on every trans in chain(self.transformers, getattr(self, "transformers_", [])) except "passthrough"/"drop" (lines 296-304). The remainder is not part of those lists.
- _validate_remainder (lines 449-458) stores self._remainder = ("remainder", self.remainder, remaining) (line 457); _iter adds it only when it has columns (lines 378-379).
- So a remainder that is an estimator never gets _safe_set_output. I have already patched set_output to call _safe_set_output(self.remainder, transform=transform) for estimator remainders.
- Tests: test_column_transformer_set_output (line 1945) is parametrized with remainder "drop", "passthrough" and StandardScaler(), so the estimator case is covered but does not check the dtypes; test_column_transform_set_output_mixed (1970) and test_column_transform_set_output_after_fitting (2016) use the string values.

Next step: grep the test file with line numbers for other remainders passed as estimator instances, then write the final report: files, bug location (lines 296-302), cause, the fix and what the existing test misses."""
P[S] = [
    "_safe_set_output is placed in the wrong file: it is in sklearn/utils/_set_output.py (found by grep and read in full), not sklearn/base.py.",
    "An edit is invented: the sub-agent is read-only and changed nothing; the patch to set_output is only a suggestion (the main agent applies it later).",
    "The test coverage is wrong: test_column_transformer_set_output is parametrized with remainder \"drop\" and \"passthrough\" only; no existing set_output test uses an estimator remainder such as StandardScaler().",
]

T[S, "keyword_dump"] = """You are assisting the main agent by gathering project context.
Deliver a structured report that lists inspected files, cites paths and relevant snippets, and ends with a concise explanation of how the findings support the objective.
{"pattern": "sklearn/compose/_column_transformer.py"}
/testbed/sklearn/compose/_column_transformer.py
<system>1000 lines read from file starting from line 1.</system>
<system>145 lines read from file starting from line 1000. End of file reached.</system>
{"pattern": "_safe_set_output", "path": "sklearn/utils"}
sklearn/utils/_set_output.py
sklearn/utils/tests/test_set_output.py
<system>282 lines read from file starting from line 1. End of file reached.</system>
def _safe_set_output(estimator, *, transform=None):
chain(self.transformers, getattr(self, "transformers_", []))
if trans not in {"passthrough", "drop"}
<system>Thought logged</system>
378:            if self._remainder[2]:
379:                transformers = chain(transformers, [self._remainder])
449:    def _validate_remainder(self, X):
457:        self._remainder = ("remainder", self.remainder, remaining)
735:        self._validate_remainder(X)
891:        elif hasattr(self, "_remainder"):
892:            remainder_columns = self._remainder[2]
{"pattern": "set_output.*remainder", "path": "sklearn"}
{"pattern": "_remainder", "path": "sklearn/compose/_column_transformer.py", "output_mode": "content", "-n": true}
@pytest.mark.parametrize("remainder", ["drop", "passthrough"])
sklearn/compose/tests/test_column_transformer.py
1944-@pytest.mark.parametrize("remainder", ["drop", "passthrough"])
1945:def test_column_transformer_set_output(verbose_feature_names_out, remainder):
1970:def test_column_transform_set_output_mixed(remainder, fit_transform):
2016:def test_column_transform_set_output_after_fitting(remainder):
remainder.*StandardScaler|remainder.*OneHotEncoder|remainder.*\\w+Transformer"""

T[S, "stale"] = """Summary of my work so far (earlier messages were compacted):

Objective (from the main agent): understand ColumnTransformer.set_output and how the remainder is handled in sklearn/compose/_column_transformer.py, where set_output does not apply the output setting to a remainder given as an estimator; deliver a structured report listing inspected files with paths and snippets, ending with an explanation and any missing information or follow-up work. I am read-only.

Inspected so far:
- /testbed/sklearn/compose/_column_transformer.py in full (1000 lines, then 145 more from line 1000).
- sklearn/utils/_set_output.py (282 lines), found by grepping sklearn/utils for _safe_set_output: _safe_set_output calls estimator.set_output(transform=...) for estimators with transform/fit_transform and raises if set_output is missing.

Findings: set_output (lines 275-306) loops over chain(self.transformers, getattr(self, "transformers_", [])), skipping "passthrough"/"drop", and calls _safe_set_output on each; the remainder is handled separately in _iter (lines 378-379), so an estimator remainder seems to be missed.

Current state: I suspect set_output never reaches a remainder estimator. Next step: find where _remainder is defined (grep `_remainder` in the file) to confirm how the remainder is stored, then look at the existing tests."""

T[S, "vague_long"] = """Summary of my work so far (earlier messages were compacted):

I am a helper agent gathering context for the main agent, which is fixing a bug in a machine-learning library. The bug concerns the component that applies different preprocessing to different groups of columns: when a user asks it to produce table-shaped output, that preference is passed on to the regular steps but apparently not to the optional step that handles all remaining columns. My job is only to read and analyze, not to change anything, and to finish with a structured report that names the files I looked at, quotes the relevant parts, explains the cause and points out anything still missing.

So far I have read the whole implementation file of that component and the utility module that applies the output preference to individual steps. The method responsible for passing the preference on only walks through the explicitly declared steps, while the step for the remaining columns is stored separately and only joined in when the component iterates over its steps during fitting and transforming. That explains why it is skipped.

I have also started looking at the existing tests. The tests that exercise the output preference only use the special keyword values for the remaining columns, never an actual estimator, which would explain why the problem was not caught earlier. A broader search for tests that pass an estimator for the remaining columns has only told me that the test file contains such cases, not where they are.

The next step is to look more precisely at the tests that use an estimator for the remaining columns, to confirm that none of them combines it with the output preference, and then to write the final report for the main agent, including the exact location of the problem, the likely fix and the missing test coverage."""
