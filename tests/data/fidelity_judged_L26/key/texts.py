# Hand-written replacements for L26. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L26.py checks that each one occurs in
# messages 1..cut-1 of the session, text or tool-call name + arguments, and joins them with newlines).
T, P, K = {}, {}, {}

# ------------------------------------------------ Tarko github-reviewer-agent, claude 3.7 sonnet, cut 20 of 31
S = "tarko_github_reviewer_claude37_sonnet.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Review https://github.com/bytedance/UI-TARS-desktop/pull/697". The agent has browser tools (browser_navigate, browser_click, browser_get_markdown, browser_screenshot) and filesystem tools (write_file etc.).

What was found:
- PR #697 "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)" by ulivz, already Merged (2 commits into main from fix/panel-ui-flicker-696), +5 −11, 2 files changed. PR summary: the panel UI flicker is solved by changing the motion.div of the Layout component to a normal div and optimizing the flex layout. It was "submitted via Agent TARS".
- Files changed: multimodal/agent-tars-cli/src/utils/console-interceptor.ts (3 deletions, 0 additions) and multimodal/agent-tars-web-ui/src/standalone/app/Layout/index.tsx (hunk @@ -47,24 +47,21 @@ export const Layout; the chat and workspace panels were `<motion.div layout className={isReplayMode ? 'w-[50%] flex flex-col' : 'w-[50%] flex flex-col'}>`, replaced by plain divs with flex-1).
- Commit ae94c2c1506935a888fadab086eea6cf82cc4559 alone changes only Layout/index.tsx: 13 changes, 5 additions & 8 deletions.

Steps and errors:
- Clicked "Files changed" (element 33), read the diff with browser_get_markdown, navigated to /pull/697/files.
- browser_screenshot with the diff hunk header as a CSS selector FAILED: "SyntaxError: Failed to execute 'querySelector' ... is not a valid selector."
- Clicked element 65 and re-read the markdown (same diff), opened the commit page, then /pull/697/files/ae94c2c... (the commit's diff).

Current state: the agent is on the files view of commit ae94c2c. It has the diff as text but no screenshot; no review has been written yet and nothing has been saved.

Next step: take a full-page screenshot of the diff (browser_screenshot fullPage), possibly read issue #696, then write the review (summary of changes, possible issues such as the removed console-interceptor fields, suggestions) and save it with write_file as a markdown file in an allowed directory."""

T[S, "faithful_short"] = """Summary so far: task = review https://github.com/bytedance/UI-TARS-desktop/pull/697. The PR "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)" is merged (+5 −11, 2 files): console-interceptor.ts (3 deletions) and agent-tars-web-ui/src/standalone/app/Layout/index.tsx, where motion.div layout wrappers (w-[50%] panels) become plain divs. Commit ae94c2c only touches Layout/index.tsx (5 additions, 8 deletions). A browser_screenshot using the hunk header as selector failed with a querySelector SyntaxError; the diff was read via browser_get_markdown instead. Now on the commit's files view; next: full-page screenshot, then write and save the review (nothing written yet)."""

T[S, "terse"] = """Summary so far: the agent is reviewing a merged pull request that fixes a flickering panel in a web UI by replacing animated wrapper elements with plain ones and adjusting the layout; a small cleanup in another file is also part of it. It has opened the PR, read the changed files and one commit's diff as text. One attempt to capture part of the page failed. No review has been written yet."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Review https://github.com/bytedance/UI-TARS-desktop/pull/697". The agent has browser tools (browser_navigate, browser_click, browser_get_markdown, browser_screenshot) and filesystem tools (write_file etc.).

What was found:
- PR #697 "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)" by ulivz, still open and awaiting review (2 commits from fix/panel-ui-flicker-696), +5 −11, 2 files changed. PR summary: the panel UI flicker is solved by changing the motion.div of the Layout component to a normal div and optimizing the flex layout.
- Files changed: multimodal/agent-tars-cli/src/utils/console-interceptor.ts and multimodal/agent-tars-web-ui/src/standalone/app/Layout/index.tsx (hunk @@ -47,24 +47,21 @@ export const Layout; the panels were `<motion.div layout className={isReplayMode ? 'w-[50%] flex flex-col' : 'w-[50%] flex flex-col'}>`, replaced by plain divs with flex-1).
- Commit ae94c2c1506935a888fadab086eea6cf82cc4559 changes both files: 13 changes, 5 additions & 8 deletions.

Steps:
- Clicked "Files changed" (element 33), read the diff with browser_get_markdown, navigated to /pull/697/files.
- browser_screenshot of the diff hunk (selected by its header) worked and captured the Layout change.
- Clicked element 65 and re-read the markdown, opened the commit page, then /pull/697/files/ae94c2c... (the commit's diff).

Current state: the agent is on the files view of commit ae94c2c with the diff as text and a screenshot of the hunk; no review has been written yet and nothing has been saved.

Next step: read issue #696, then write the review (summary of changes, possible issues, suggestions) and save it with write_file as a markdown file."""

P[S] = [
    "the PR is said to be still open and awaiting review; it is already Merged (messages 3, 7)",
    "commit ae94c2c is said to change both files; it changes only Layout/index.tsx (5 additions & 8 deletions, messages 17, 19)",
    "the browser_screenshot with the hunk header as selector is said to have worked; it failed with a querySelector SyntaxError (message 11)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Review https://github.com/bytedance/UI-TARS-desktop/pull/697". The agent has browser tools (browser_navigate, browser_click, browser_get_markdown, browser_screenshot) and filesystem tools.

What was found:
- PR #697 "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)" by ulivz, merged into main from fix/panel-ui-flicker-696 in 2 commits, +5 −11, 2 files changed. PR summary: the panel UI flicker is solved by changing the motion.div of the Layout component to a normal div and optimizing the flex layout.
- The agent clicked "Files changed" (element 33) and read the page with browser_get_markdown: the files are multimodal/agent-tars-cli/src/utils/console-interceptor.ts and multimodal/agent-tars-web-ui/src/standalone/app/Layout/index.tsx; the Layout hunk (@@ -47,24 +47,21 @@) shows the panels wrapped in `<motion.div layout className={isReplayMode ? 'w-[50%] flex flex-col' : 'w-[50%] flex flex-col'}>`.

Current state: the agent has just navigated to https://github.com/bytedance/UI-TARS-desktop/pull/697/files and has the page's clickable elements. Next step: look at the Layout diff more closely (for example a screenshot of the hunk), then write the review and save it with write_file."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked the agent to review a pull request in an open-source repository. The agent works with a set of browser tools that let it open pages, click on elements, read a page as text and take screenshots, and with file tools that let it save documents.

So far the agent has been gathering the information it needs for the review. It opened the pull request and read its description, which explains the purpose of the change: a visual problem in the user interface is addressed by simplifying how part of the page layout is built. The pull request is small and touches a couple of files, one of them in the user interface and one elsewhere in the project. The agent looked at the list of changed files and read the changes as text, and it also looked at one of the individual commits to see what it contains on its own.

Not everything went smoothly: one of the ways the agent tried to capture part of the page did not work, so it fell back to reading the page content in another form and navigating to other views of the same changes. This did not block the work, since the content of the changes was already available as text.

At this point the agent has a good picture of what the pull request does, but it has not yet produced the review itself. The remaining work is to look at the changes once more in a visual form if possible, perhaps check the related bug report, and then write a structured review: a summary of the changes, possible problems or risks, code quality remarks and suggestions for improvement. Finally the review should be saved as a document in a location the agent is allowed to write to, and a short summary should be given to the user."""

K[S] = [
    "Review https://github.com/bytedance/UI-TARS-desktop/pull/697",
    "browser_navigate {\"url\": \"https://github.com/bytedance/UI-TARS-desktop/pull/697\"}",
    "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)",
    "fix/panel-ui-flicker-696",
    "The panel UI flickering problem is solved by adjusting the motion.div of the Layout component to a normal div and optimizing the flex layout.",
    "browser_click {\"index\": 33}",
    "Clicked element: 33",
    "multimodal/agent-tars-cli/src/utils/console-interceptor.ts",
    "multimodal/agent-tars-web-ui/src/standalone/app/Layout/index.tsx",
    "@@ -47,24 +47,21 @@ export const Layout: React.FC<LayoutProps> = ({ isReplayMode: propIsReplayMode }",
    "SyntaxError: Failed to execute 'querySelector' on 'Document'",
    "browser_click {\"index\": 65}",
    "https://github.com/bytedance/UI-TARS-desktop/pull/697/commits/ae94c2c1506935a888fadab086eea6cf82cc4559",
    "13 changes: 5 additions & 8 deletions",
    "https://github.com/bytedance/UI-TARS-desktop/pull/697/files/ae94c2c1506935a888fadab086eea6cf82cc4559",
]

# ------------------------------------------------ Tarko github-reviewer-agent, doubao-seed-1.6, cut 14 of 21
S = "tarko_github_reviewer_doubao_seed_1_6.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Review https://github.com/bytedance/UI-TARS-desktop/pull/697". The agent (doubao-seed-1.6) has browser tools and filesystem tools (write_file, create_directory, ...).

What happened:
- The first browser_navigate to the PR FAILED ("Navigation failed net::ERR_ABORTED"); the retry worked. PR #697 "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)", merged, +5 −11, 2 files.
- browser_click on element 33 ("Files changed"), browser_scroll 1000 ("Scrolled 777.5 pixels. Reached the bottom of the page."), browser_get_markdown: the diff of multimodal/agent-tars-cli/src/utils/console-interceptor.ts (removes `private originalStdout: typeof process.stdout;` and `private originalStderr: typeof process.stderr;`) and of the Layout component index.tsx (motion.div layout wrappers replaced by divs, workspace panel becomes `w-[50%] flex flex-col flex-1`).
- The agent drafted the whole review and called write_file with path "review__doubao-seed-1.6.md". It FAILED: "Error: SyntaxError: Bad control character in string literal in JSON at position 95" — the content had raw newlines, so the tool arguments were not valid JSON. Nothing was written.

The draft review (to keep): summary of the two changed files; possible bugs: the removed originalStdout/originalStderr may still be used (runtime errors), closing tags of the Layout look inconsistent (`</motion.div>` -> `</div>`); code quality: the ternary `isReplayMode ? 'w-[50%] flex flex-col' : 'w-[50%] flex flex-col'` has identical branches, the 50% width should be a constant, nested flex classes are redundant; suggestions: restore the stdout/stderr fields (or remove them in a separate PR), extract panelWidth/panelShellClasses constants, drop the ternary; overall: the fix is right, approve with minor changes.

Next step: call write_file again with the same path and the content properly escaped (\\n), then confirm to the user."""

T[S, "faithful_short"] = """Summary so far: task = review PR https://github.com/bytedance/UI-TARS-desktop/pull/697 ("resolve panel UI flicker", merged, +5 −11). The first navigation failed (net::ERR_ABORTED), the retry worked; the agent opened Files changed (element 33), scrolled and read the diff: console-interceptor.ts drops the originalStdout/originalStderr fields, Layout index.tsx replaces motion.div with div. It drafted the review (possible runtime errors from the removed fields, inconsistent closing tags, redundant identical ternary, magic w-[50%]) and called write_file "review__doubao-seed-1.6.md", which failed: "Bad control character in string literal in JSON" (unescaped newlines). Nothing saved yet; next: retry write_file with escaped content."""

T[S, "terse"] = """Summary so far: the agent is reviewing a small merged pull request that fixes a flickering panel by replacing animated layout wrappers with plain ones and also removes two fields in another file. After one failed page load it read the changes, drafted a review with concerns and suggestions, and tried to save it to a file, but the save call was malformed and nothing was written. It will retry saving."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Review https://github.com/bytedance/UI-TARS-desktop/pull/697". The agent (doubao-seed-1.6) has browser tools and filesystem tools (write_file, create_directory, ...).

What happened:
- browser_navigate to the PR worked at once. PR #697 "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)", merged, +5 −11, 2 files.
- browser_click on element 33 ("Files changed"), browser_scroll 1000 ("Scrolled 777.5 pixels. Reached the bottom of the page."), browser_get_markdown: the diff of the Layout component index.tsx (removes `private originalStdout: typeof process.stdout;` and `private originalStderr: typeof process.stderr;`) and of multimodal/agent-tars-cli/src/utils/console-interceptor.ts (motion.div layout wrappers replaced by divs, workspace panel becomes `w-[50%] flex flex-col flex-1`).
- The agent drafted the whole review and called write_file with path "review__doubao-seed-1.6.md". It FAILED: "Error: Access denied - path outside allowed directories". Nothing was written.

The draft review (to keep): summary of the two changed files; possible bugs: the removed originalStdout/originalStderr may still be used (runtime errors), closing tags of the Layout look inconsistent; code quality: the ternary `isReplayMode ? 'w-[50%] flex flex-col' : 'w-[50%] flex flex-col'` has identical branches, the 50% width should be a constant, nested flex classes are redundant; suggestions: restore the stdout/stderr fields, extract constants, drop the ternary; overall: approve with minor changes.

Next step: call write_file again with a path inside an allowed directory, then confirm to the user."""

P[S] = [
    "the first browser_navigate is said to have worked at once; it failed with net::ERR_ABORTED and was retried (messages 3-5)",
    "the two diffs are swapped between files: the originalStdout/originalStderr removal is in console-interceptor.ts and the motion.div change in Layout index.tsx (messages 11, 12)",
    "the write_file failure is given as 'Access denied - path outside allowed directories'; the actual error was 'Bad control character in string literal in JSON' (message 13); the access error only comes later, after the cut",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Review https://github.com/bytedance/UI-TARS-desktop/pull/697". The agent (doubao-seed-1.6) has browser tools and filesystem tools.

What happened:
- The first browser_navigate to the PR failed ("Navigation failed net::ERR_ABORTED at https://github.com/bytedance/UI-TARS-desktop/pull/697"); the retry worked. The page shows PR #697 "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)" by ulivz, merged into main from fix/panel-ui-flicker-696, +5 −11, 2 files changed; summary: the flicker is solved by changing the Layout component's motion.div to a normal div and optimizing the flex layout.
- The agent clicked element 33 ("Files changed").

Current state: the files-changed view of the PR is open but its content has not been read yet. Next step: scroll and read the diff (browser_get_markdown), then write the review and save it with write_file."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked the agent to review a pull request in an open-source project. The agent can browse web pages (open, click, scroll, read a page as text) and use file tools to save documents.

The agent first had a little trouble reaching the pull request page, but a second attempt succeeded. It then opened the view with the changed files, moved through the page and read its content as text. The pull request is a small fix for a visual problem in the user interface: part of the layout used animated containers that caused the interface to flicker, and the change replaces them with simpler elements and tidies the layout. A small change in a different part of the project is included as well.

Based on what it read, the agent put together a complete review. The review summarises the changes, points out a few possible risks (for example that something removed in the change might still be needed elsewhere, and that the structure of the edited markup may not be entirely consistent), comments on code quality (duplicated logic, hard-coded values, more nesting than necessary) and proposes concrete improvements. Its overall verdict is positive: the approach is right, with some minor changes recommended.

The agent then tried to save the review as a document, but the attempt did not succeed because of a problem in the way the request was formed, so nothing has been saved yet. The next step is to try saving the review again in a correct form and, once it is stored, to report back to the user with a short summary of the findings."""

K[S] = [
    "Review https://github.com/bytedance/UI-TARS-desktop/pull/697",
    "Navigation failed net::ERR_ABORTED at https://github.com/bytedance/UI-TARS-desktop/pull/697",
    "fix(agent-tars-web-ui): resolve panel UI flicker (close: #696)",
    "browser_click {\"index\":33}",
    "browser_scroll {\"amount\":1000}",
    "Scrolled 777.5 pixels. Reached the bottom of the page.",
    "multimodal/agent-tars-cli/src/utils/console-interceptor.ts",
    "- private originalStdout: typeof process.stdout;",
    "+ <div className=\"w-[50%] flex flex-col flex-1\">",
    "write_file {\"path\":\"review__doubao-seed-1.6.md\"",
    "Error: SyntaxError: Bad control character in string literal in JSON at position 95 (line 1 column 96)",
    "**Recommendation:** The layout changes should be approved with minor modifications",
]

# ------------------------------------------------ DeerFlow: top trending GitHub repo, cut 14 of 20
S = "deerflow_github_top_trending_repo.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Write a brief on the top 1 trending repo on Github today." DeerFlow's coordinator handed off to the planner (handoff_to_planner), which wrote "Research Plan: Top Trending GitHub Repository Today" (en-US, has_enough_context false) with three research steps: (1) Identify and Profile the Top Trending Repository, (2) Gather Repository Statistics and Community Data (stars, forks, open/closed issues, contributors, commit activity, releases), (3) Determine Context and Significance.

Step 1 (done): get_github_trending_repositories {"since":"daily"} -> #1 is kortix-ai/suna, "Suna - Open Source Generalist AI Agent", TypeScript, 4350 stars, 497 forks, 1105 stars today. Next in the list: RVC-Boss/GPT-SoVITS (45237 stars, +128), cloudcommunity/Free-Certifications (31414, +894), bytedance/UI-TARS (5024, +410), microsoft/generative-ai-for-beginners.

Step 2 (done, incomplete): the trending list was fetched again (same numbers). crawl_tool on https://github.com/kortix-ai/suna FAILED: InsufficientBalanceError (code 402, "Account balance not enough to run this query, please recharge."), so no repository page data. Fallback web_search "kortix-ai/suna community activity releases discussions": the GitHub activity page, an aisharenet.com article (Python/FastAPI backend, Next.js/React frontend, Supabase database, Daytona sandbox; browsing, file management, crawling, website deployment) and News9Live (Kortix launched Suna as "the world's first open-source general AI agent", Apache 2.0, self-hostable). No figures were found for issues, contributors or commits; only stars/forks from the trending API.

Current state: steps 1 and 2 are finished; step 3 (context and significance: purpose, background, users, news, licence) starts now. The crawl tool should be considered unusable (no balance).

Next: research step 3 with search, then the reporter writes the brief on kortix-ai/suna."""

T[S, "faithful_short"] = """Summary so far: task = a brief on today's #1 trending GitHub repo. Plan (3 steps): identify the repo; statistics/community; context and significance. Step 1: get_github_trending_repositories (daily) -> kortix-ai/suna, "Suna - Open Source Generalist AI Agent", TypeScript, 4350 stars, 497 forks, +1105 today (ahead of GPT-SoVITS, Free-Certifications, bytedance/UI-TARS). Step 2: crawl_tool on github.com/kortix-ai/suna failed with InsufficientBalanceError (402); a web search gave the architecture (FastAPI, Next.js/React, Supabase, Daytona), Apache 2.0 and the launch news, but no issue/contributor/commit numbers. Now starting step 3 (context and significance); then the reporter writes the brief."""

T[S, "terse"] = """Summary so far: a multi-agent research system is writing a short brief on today's top trending code repository. It planned three research steps, identified the repository (an open-source general AI agent) with its star counts, then tried to gather detailed statistics; fetching the repository page failed, so it relied on web search, which gave architecture, licence and launch news but no detailed activity figures. The third step, context and significance, is next."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Write a brief on the top 1 trending repo on Github today." DeerFlow's coordinator handed off to the planner (handoff_to_planner), which wrote "Research Plan: Top Trending GitHub Repository Today" (en-US) with three research steps: (1) Identify and Profile the Top Trending Repository, (2) Gather Repository Statistics and Community Data, (3) Determine Context and Significance.

Step 1 (done): get_github_trending_repositories {"since":"daily"} -> #1 is kortix-ai/suna, "Suna - Open Source Generalist AI Agent", TypeScript, 4350 stars, 497 forks, 1105 stars today. Next in the list: RVC-Boss/GPT-SoVITS (45237 stars, +128), cloudcommunity/Free-Certifications (31414, +894), bytedance/UI-TARS (5024, +410).

Step 2 (done): the trending list was fetched again (same numbers). crawl_tool on https://github.com/kortix-ai/suna succeeded and returned the repository page, with its README and activity. A web_search "kortix-ai/suna community activity releases discussions" added an aisharenet.com article (Python/FastAPI backend, Next.js/React frontend, Supabase database, Daytona sandbox) and News9Live (Kortix launched Suna as "the world's first open-source general AI agent", MIT licence, self-hostable).

Current state: steps 1 and 2 are finished with the repository statistics in hand; step 3 (context and significance) starts now.

Next: research step 3 with search, then the reporter writes the brief on kortix-ai/suna."""

P[S] = [
    "crawl_tool on github.com/kortix-ai/suna is said to have succeeded; it failed with InsufficientBalanceError (402) and no repository page data was obtained (message 10)",
    "the licence is given as MIT; the sources say Apache 2.0 (messages 12, 13)",
    "step 2 is said to have the repository statistics in hand; no issue, contributor or commit figures were found",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Write a brief on the top 1 trending repo on Github today." DeerFlow's coordinator handed off to the planner, which wrote "Research Plan: Top Trending GitHub Repository Today" with three research steps: (1) Identify and Profile the Top Trending Repository, (2) Gather Repository Statistics and Community Data (stars, forks, open/closed issues, contributors, commit activity, releases), (3) Determine Context and Significance.

Step 1 (done): get_github_trending_repositories {"since":"daily"} -> #1 is kortix-ai/suna, "Suna - Open Source Generalist AI Agent", TypeScript, 4350 stars, 497 forks, 1105 stars today. Next in the list: RVC-Boss/GPT-SoVITS (45237 stars, +128), cloudcommunity/Free-Certifications (31414, +894), bytedance/UI-TARS (5024, +410), microsoft/generative-ai-for-beginners.

Current state: step 1 is finished; step 2 (repository statistics and community data) starts now. Next: crawl https://github.com/kortix-ai/suna for issues, contributors and commit activity, then step 3, then the brief."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked for a short brief about the repository that is trending most strongly on a popular code hosting site today. The work is done by a multi-agent research system: a coordinator passed the request to a planner, the planner wrote a research plan, and a researcher agent carries out the plan step by step with search and page-reading tools before a reporter writes the final text.

The plan has three parts: first identify the top repository and describe it briefly, then collect statistics and information about its community, and finally explain its context and why it matters.

The first part is complete. Using a tool that lists trending repositories, the researcher found the leading project, which is an open-source general-purpose AI agent, and noted its basic figures and how many people starred it today, as well as which other projects follow it in the ranking.

The second part is also complete, though not fully successful. The attempt to read the repository's own page did not work because of a problem with the service used for fetching pages, so the researcher turned to a general web search instead. That search produced useful background, such as how the project is built, what it can do, under what terms it is published and how its launch was reported, but it did not produce detailed activity figures for the project.

The researcher is now starting the third part, which looks at the broader context and significance of the project. Once that is done, the reporter will combine all findings into the requested brief for the user."""

K[S] = [
    "Write a brief on the top 1 trending repo on Github today.",
    "handoff_to_planner {\"task_title\":\"Write a brief on the top 1 trending repo on Github today\"}",
    "Research Plan: Top Trending GitHub Repository Today",
    "Gather Repository Statistics and Community Data",
    "get_github_trending_repositories {\"since\":\"daily\"}",
    "\"fullname\": \"kortix-ai/suna\"",
    "\"current_period_stars\": 1105",
    "crawl_tool {\"url\":\"https://github.com/kortix-ai/suna\"}",
    "InsufficientBalanceError: Account balance not enough to run this query, please recharge.",
    "web_search {\"query\":\"kortix-ai/suna community activity releases discussions\"}",
    "https://www.aisharenet.com/en/suna/",
    "Python/FastAPI backend, a Next.js/React frontend, a Supabase database, and a Daytona sandbox",
]

# ------------------------------------------------ DeerFlow: Nanjing traditional dishes, cut 20 of 33
S = "deerflow_nanjing_traditional_dishes.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Write an article about Nanjing's traditional dishes." The coordinator handed off (task_title "Explore Nanjing's culinary scene, documenting traditional dishes"); the planner's "Research Plan: Nanjing's Culinary Scene and Traditional Dishes" (en-US) has three research steps: (1) Identify and Document Key Traditional Nanjing Dishes, (2) Investigate the History and Cultural Significance of Nanjing Cuisine, (3) Analyze the Current State of Nanjing's Culinary Scene and Identify Key Restaurants.

Step 1 (done): web_search "traditional Nanjing dishes" gave ten dishes: Nanjing Salted Duck (南京盐水鸭), Jinling Roast Duck (金陵烤鸭), Duck Blood Vermicelli Soup (鸭血粉丝汤), Tangbao (汤包), Egg Shaomai (蛋饺烧卖), Pan-fried Beef Dumplings (牛肉锅贴), Stinky Tofu (臭豆腐), Gansi Tofu (干丝), Mandarin Sweet and Sour Fish (糖醋鱼), Freshwater Crabs (大闸蟹). Recipe searches: salted duck (chinafoodbook: salt + Szechuan peppercorn cure, 24 h in the fridge, simmer about 1.5 h); Jinling roast duck (the top result was a Peking-duck page, decology.com, next a chinafoodbook Jinling roast duck recipe; marinate 2-3 days, roast over fruit-tree wood; "Jinling" = Nanjing's historical name); duck blood vermicelli soup (the top result was an unrelated Polish Czernina recipe, then TasteAtlas and Atlas Obscura). The step-1 report lists all ten dishes with ingredients, preparation and serving.

Step 2 (done): searches on history and cultural significance (chinatraveltips.de "A Culinary Journey Through Nanjing", letstraveltochina.com, streetvillageeats.com): Nanjing's role as a former capital and the Ming Dynasty shaped the cuisine; Yangtze River freshwater fish; balance of salty and sweet; signature dishes Salted Duck (盐水鸭, centuries old), Duck Blood Soup (鸭血汤), Nanjing-style Dried Tofu (干豆腐); street food: Nanjing-style Pancakes (南京薄饼), Fried Dumplings (炸饺子), Sweet Rice Cakes (糖年糕); modern fusion trends.

Current state: step 3 (current culinary scene, key restaurants, prices, reviews, trends, chefs) starts now; nothing on restaurants has been collected yet.

Next: search for key restaurants, then the reporter writes the article from the three steps."""

T[S, "faithful_short"] = """Summary so far: task = an article on Nanjing's traditional dishes. Plan: (1) key dishes, (2) history and cultural significance, (3) current culinary scene and key restaurants. Step 1 done: ten dishes documented (Nanjing Salted Duck 南京盐水鸭, Jinling Roast Duck 金陵烤鸭, Duck Blood Vermicelli Soup 鸭血粉丝汤, Tangbao, Egg Shaomai, Pan-fried Beef Dumplings, Stinky Tofu, Gansi Tofu, Sweet and Sour Fish, Freshwater Crabs) with recipes; some searches returned off-target pages (Peking duck, a Polish blood soup). Step 2 done: former capital and Ming Dynasty influence, Yangtze freshwater fish, salty-sweet balance, street food (南京薄饼, 炸饺子, 糖年糕). Now starting step 3: restaurants; then the article."""

T[S, "terse"] = """Summary so far: a multi-agent research system is preparing an article about a Chinese city's traditional food. It planned three research steps. The first, a list of signature dishes with ingredients and preparation, is done, although some searches returned unrelated pages. The second, on the cuisine's history and cultural background, is also done. The third step, on today's food scene and notable restaurants, is starting; the article will be written afterwards."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Write an article about Nanjing's traditional dishes." The coordinator handed off (task_title "Explore Nanjing's culinary scene, documenting traditional dishes"); the planner's "Research Plan: Nanjing's Culinary Scene and Traditional Dishes" (en-US) has three research steps: (1) Identify and Document Key Traditional Nanjing Dishes, (2) Investigate the History and Cultural Significance of Nanjing Cuisine, (3) Analyze the Current State of Nanjing's Culinary Scene and Identify Key Restaurants.

Step 1 (done): web_search "traditional Nanjing dishes" gave ten dishes: Nanjing Salted Duck (南京盐水鸭), Jinling Roast Duck (金陵烤鸭), Duck Blood Vermicelli Soup (鸭血粉丝汤), Tangbao (汤包), Egg Shaomai (蛋饺烧卖), Pan-fried Beef Dumplings (牛肉锅贴), Stinky Tofu (臭豆腐), Gansi Tofu (干丝), Mandarin Sweet and Sour Fish (糖醋鱼), Freshwater Crabs (大闸蟹). Recipe searches: salted duck (chinafoodbook: salt + Szechuan peppercorn cure, 24 h in the fridge, then roasted over fruit-tree wood); Jinling roast duck (the top result was an unrelated Polish Czernina recipe; marinate 2-3 days); duck blood vermicelli soup (TasteAtlas and Atlas Obscura pages). The step-1 report lists all ten dishes with ingredients, preparation and serving.

Step 2 (done): searches on history and cultural significance (chinatraveltips.de, letstraveltochina.com, streetvillageeats.com): Nanjing's role as a former capital and the Qing Dynasty shaped the cuisine; Yangtze River freshwater fish; balance of salty and sweet; signature dishes Salted Duck (盐水鸭), Duck Blood Soup (鸭血汤), Nanjing-style Dried Tofu (干豆腐); street food: Nanjing-style Pancakes (南京薄饼), Fried Dumplings (炸饺子), Sweet Rice Cakes (糖年糕).

Current state: step 3 (current culinary scene, key restaurants, prices, reviews, trends, chefs) starts now; nothing on restaurants has been collected yet.

Next: search for key restaurants, then the reporter writes the article from the three steps."""

P[S] = [
    "the salted duck is said to be roasted over fruit-tree wood; the salted duck is simmered about 1.5 h, fruit-tree-wood roasting belongs to Jinling Roast Duck (messages 8, 10)",
    "the unrelated Polish Czernina result is attributed to the Jinling roast duck search; it came from the duck blood vermicelli soup search (message 11), the roast duck search's top result was a Peking-duck page (message 9)",
    "the dynasty is given as Qing; the findings name the Ming Dynasty (message 19)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): "Write an article about Nanjing's traditional dishes." The coordinator handed off (task_title "Explore Nanjing's culinary scene, documenting traditional dishes"); the planner's "Research Plan: Nanjing's Culinary Scene and Traditional Dishes" (en-US) has three research steps: (1) Identify and Document Key Traditional Nanjing Dishes, (2) Investigate the History and Cultural Significance of Nanjing Cuisine, (3) Analyze the Current State of Nanjing's Culinary Scene and Identify Key Restaurants.

Step 1 (in progress): web_search "traditional Nanjing dishes" gave a first list: Nanjing Salted Duck (南京盐水鸭), Jinling Roast Duck (金陵烤鸭), Duck Blood Vermicelli Soup (鸭血粉丝汤), Tangbao (汤包), Egg Shaomai (蛋饺烧卖), Pan-fried Beef Dumplings (牛肉锅贴), Stinky Tofu (臭豆腐), Gansi Tofu (干丝), Mandarin Sweet and Sour Fish (糖醋鱼), Freshwater Crabs (大闸蟹). The researcher is now looking up each dish's recipe: salted duck is done (chinafoodbook: salt + Szechuan peppercorn cure, 24 h in the fridge, simmer about 1.5 h); Jinling Roast Duck is being searched ("Jinling Roast Duck recipe ingredients preparation").

Current state: step 1 continues with the recipes of the remaining dishes; steps 2 and 3 have not started. Next: finish the dish descriptions, then history, then restaurants, then the article."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked for an article about the traditional dishes of a well-known Chinese city. The request is handled by a multi-agent research system: a coordinator handed the task to a planner, the planner wrote a research plan, and a researcher agent works through it with web search before a reporter writes the article.

The plan has three research steps: documenting the city's key traditional dishes, looking into the history and cultural meaning of the local cuisine, and describing the present-day food scene including notable places to eat.

The first step is complete. The researcher searched for the city's typical dishes and assembled a list of about ten of them, ranging from famous poultry dishes and soups to dumplings, tofu preparations, fish and seasonal seafood. For several of them it looked up recipes and described ingredients, preparation and how they are served. Not all searches were on target: some returned pages about similar dishes from other places, which the researcher had to work around.

The second step is also complete. The researcher found that the cuisine has been shaped by the city's long history and former political importance, by its location on a major river, and by a characteristic balance of flavours. It also noted popular street foods and a trend towards modern reinterpretations of traditional food.

The researcher is now starting the third step, about the current food scene and well-known restaurants; nothing has been gathered on that yet. After this step the reporter will turn all the findings into the article requested by the user."""

K[S] = [
    "Write an article about Nanjing's traditional dishes.",
    "handoff_to_planner {\"task_title\":\"Explore Nanjing's culinary scene, documenting traditional dishes\"}",
    "Research Plan: Nanjing's Culinary Scene and Traditional Dishes",
    "Analyze the Current State of Nanjing's Culinary Scene and Identify Key Restaurants",
    "web_search {\"query\":\"traditional Nanjing dishes\"}",
    "**Nanjing Salted Duck (南京盐水鸭):**",
    "web_search {\"query\":\"Jinling Roast Duck recipe ingredients preparation\"}",
    "Peking Duck: A Culinary Legacy from Beijing",
    "Polish Duck Blood Soup (Czernina)",
    "**Duck Blood Vermicelli Soup (鸭血粉丝汤)**",
    "web_search {\"query\":\"history and cultural significance of Nanjing cuisine\"}",
    "The Ming Dynasty had a significant impact on Nanjing’s culinary traditions",
    "Nanjing-style Pancakes (南京薄饼), Fried Dumplings (炸饺子), and Sweet Rice Cakes (糖年糕)",
]

# ------------------------------------------------ DeerFlow: 外卖大战 (JD vs Meituan food delivery), cut 15 of 26
S = "deerflow_china_food_delivery.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1, Chinese): "如何看待外卖大战" (how to view the food-delivery war). The coordinator handed off (task_title "如何看待外卖大战", locale zh-CN); the planner's plan "全面分析京东和美团的外卖大战" (JD vs Meituan) has three web-search steps: (1) 历史背景和演变 (history and evolution, market-share changes), (2) 当前市场状态和关键数据 (current market share, users, orders, delivery efficiency, technology/operations, consumer feedback), (3) 未来趋势和风险评估 (future trends and risks).

Step 1 (done): web_search "京东和美团在外卖市场的历史发展情况". crawl_tool on wallstreetcn.com/articles/3745313 ("京东美团正面硬刚") worked: on 15 April Meituan launched its instant-retail brand 美团闪购 (24-hour, 30-minute delivery); the same afternoon JD announced over 5 million (500万) orders and at least 50,000 more full-time riders this quarter; Meituan's non-food orders passed 18 million; JD privatised Dada (达达) and pays riders' social insurance; per MOFCOM, instant retail grew >50% a year since 2018, possibly 47.1% in 2026. Two crawls FAILED: news.ifeng.com/c/8ipq0GcUtuA ("upstream connect error ... connection termination") and iyiou.com/news/202504271096406 (TypeError "Incoming markup is of an invalid type: None"). Search snippets (iyiou) add that JD passed 1 million orders 40 days after launch and 5 million daily orders on 15 April; the step-1 report states the 5 million on 15 April 2025 and that Meituan plans 100 billion yuan (1000亿元) for the restaurant industry over three years.

Step 2 (in progress): web_search "京东 外卖市场 最新数据 市场份额 用户数量 订单量 配送效率": on 22 April at 20:19 JD's daily delivery orders passed 10 million (1000万), 166 cities, from 5 to 10 million in one week; JD App DAU 1.36亿 on 17 April (+2073万 since launch); QuestMobile: 1.26 million riders used both 美团众包 and 达达秒送 in March 2025.

Current state: JD data collected; Meituan's current data, technology/operations and consumer feedback are still missing. Next: search Meituan's market data, then both platforms' technology and operations, then step 3 and the report (in Chinese)."""

T[S, "faithful_short"] = """Summary so far: task (Chinese) = "如何看待外卖大战", analysed as JD vs Meituan in a 3-step plan (history; current market data; future trends and risks). Step 1 done: the wallstreetcn article was crawled (15 April: Meituan launched 美团闪购, JD announced 5 million orders and 50,000 more full-time riders; JD privatised Dada; instant retail >50%/year growth); two other crawls failed (ifeng connection reset, iyiou TypeError). Step 2 in progress: JD daily orders passed 10 million on 22 April (5→10 million in a week, 166 cities), JD App DAU 1.36亿 on 17 April. Next: Meituan's current data, technology/operations, then step 3 and the Chinese report."""

T[S, "terse"] = """Summary so far: a multi-agent research system is answering a Chinese question about the price war between two big food-delivery platforms. It planned three steps: history, current market data, and future trends and risks. The history step is done (one article was read in full; two other pages could not be fetched). For the current data it has found the newcomer's fast order growth and user numbers; the market leader's current figures are still to be searched."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1, Chinese): "如何看待外卖大战" (how to view the food-delivery war). The coordinator handed off (task_title "如何看待外卖大战", locale zh-CN); the planner's plan "全面分析京东和美团的外卖大战" (JD vs Meituan) has three web-search steps: (1) 历史背景和演变, (2) 当前市场状态和关键数据, (3) 未来趋势和风险评估.

Step 1 (done): web_search "京东和美团在外卖市场的历史发展情况". All three crawls worked: wallstreetcn.com/articles/3745313 ("京东美团正面硬刚"), news.ifeng.com/c/8ipq0GcUtuA and iyiou.com/news/202504271096406. From them: on 15 April Meituan launched its instant-retail brand 美团闪购 (24-hour, 30-minute delivery); the same afternoon JD announced over 5 million (500万) orders and at least 50,000 more full-time riders this quarter; Meituan's non-food orders passed 18 million; Meituan privatised Dada (达达); per MOFCOM, instant retail grew >50% a year since 2018, possibly 47.1% in 2026. JD passed 1 million orders 40 days after launch; Meituan plans 100 billion yuan (1000亿元) for the restaurant industry over three years.

Step 2 (in progress): web_search "京东 外卖市场 最新数据 市场份额 用户数量 订单量 配送效率": on 22 April at 20:19 JD's daily delivery orders passed 10 million (1000万), 166 cities, from 5 to 10 million in one month; JD App DAU 1.36亿 on 17 April; QuestMobile: 1.26 million riders used both 美团众包 and 达达秒送 in March 2025.

Current state: JD data collected; Meituan's current data, technology/operations and consumer feedback are still missing. Next: search Meituan's market data, then technology and operations, then step 3 and the report (in Chinese)."""

P[S] = [
    "all three crawls are said to have worked; the ifeng crawl failed (upstream connect error) and the iyiou crawl failed (TypeError), only wallstreetcn was read (messages 9, 11)",
    "the privatisation of Dada (达达) is attributed to Meituan; it was JD (message 7)",
    "JD's growth from 5 to 10 million daily orders is said to have taken one month; the source says one week (message 14)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1, Chinese): "如何看待外卖大战" (how to view the food-delivery war). The coordinator handed off (task_title "如何看待外卖大战", locale zh-CN); the planner's plan "全面分析京东和美团的外卖大战" (JD vs Meituan) has three web-search steps: (1) 历史背景和演变 (history and evolution, market-share changes), (2) 当前市场状态和关键数据 (current market data), (3) 未来趋势和风险评估 (future trends and risks).

Step 1 (in progress): web_search "京东和美团在外卖市场的历史发展情况" returned wallstreetcn.com/articles/3745313 ("京东美团正面硬刚"), news.ifeng.com/c/8ipq0GcUtuA ("只看门道：京东和美团，在争什么？") and iyiou.com/news/202504271096406 (JD orders: 1 million after 40 days, 5 million on 15 April). crawl_tool on the wallstreetcn article worked: on 15 April Meituan launched its instant-retail brand 美团闪购; JD announced over 5 million orders and at least 50,000 more full-time riders; JD privatised Dada (达达); instant retail grew >50% a year since 2018.

Current state: the researcher is reading the remaining articles of step 1. Next: crawl the ifeng and iyiou articles, write the step-1 findings, then step 2 (current data) and step 3."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked, in Chinese, how to view the ongoing "war" between food-delivery platforms. A multi-agent research system handles the request: a coordinator passed it to a planner, which framed it as a comparison between the two main competing platforms and wrote a three-step research plan, and a researcher agent carries out the steps with web search and page fetching before a reporter writes the answer in Chinese.

The three steps cover the history and evolution of the competition, the current state of the market with key figures, and the future trends and risks.

The first step is complete. The researcher searched for the background of the competition and read one detailed news article in full, which describes how both companies recently escalated their efforts, with new brands, announcements of order volumes, hiring of delivery riders and investment plans, and how fast the wider instant-retail market has been growing. Two other pages could not be retrieved because of technical problems, so the findings rely mainly on the one article and the search snippets.

The second step is under way. A search about the newcomer platform's current performance showed very rapid growth in daily orders over a short period, wide geographic coverage and a clear rise in app usage, along with some figures on delivery riders who work for both platforms.

What is still missing is comparable current data for the market leader, information on both companies' technology and operations, and consumer feedback, followed by the step on future trends and risks. After that, the reporter will write the final analysis in Chinese."""

K[S] = [
    "如何看待外卖大战",
    "全面分析京东和美团的外卖大战",
    "web_search {\"query\": \"京东和美团在外卖市场的历史发展情况\"}",
    "crawl_tool {\"url\": \"https://wallstreetcn.com/articles/3745313\"}",
    "4月15日，美团正式发布即时零售品牌“美团闪购”",
    "京东宣布，外卖订单量将超过500万单，本季度再招收不低于5万名全职外卖员",
    "upstream connect error or disconnect/reset before headers. reset reason: connection termination",
    "Failed to crawl. Error: TypeError('Incoming markup is of an invalid type: None.",
    "美团还计划在未来三年向餐饮行业投入1000亿元人民币",
    "web_search {\"query\": \"京东 外卖市场 最新数据 市场份额 用户数量 订单量 配送效率\"}",
    "4月22日晚上8时19分，京东外卖日订单量突破1000万单，已覆盖全国166座城市",
    "京东App日活跃用户规模1.36亿，较外卖业务上线首日增长2073万",
]
