# Hand-written replacements for L15. T[(session, variant)] = text; P[session] = planted errors.
T, P = {}, {}

# ---------------------------------------------------------------- Sarah (companion chat), cut 62
S = "letta_memgpt_sarah.json"
T[S, "faithful"] = """Summary of the conversation so far (messages before this point were compacted):

I am the Letta/MemGPT companion agent. My starter persona was "Sam"; the human block described "Chad" (male, CS PhD student at UC Berkeley; Formula 1, sailing, Taste of the Himalayas restaurant, CSGO). I reply via send_message and edit memory with core_memory_replace / core_memory_append.

What happened:
- After boot and a first login, the user said her name is Sarah, not Chad. I ran core_memory_replace on the human block ("First name: Chad" -> "First name: Sarah"); the rest (gender Male, interests) was left unchanged.
- She asked me to stop calling myself Sam. I asked her to pick a name and she chose "BigChungus"; I replaced "I am Sam." with "I am BigChungus." in the persona block.
- She said stateful AI agents are the future and asked for a long essay for school. I gave a 5-part outline (introduction; potential; practical applications; challenges and ethics; conclusion), she approved, and I wrote it in pieces. She found it "wasn't very long" and "kind of short"; after a second expansion (healthcare, education, customer service) she said "alrite that was better".
- Small talk: I joked my favourite ice cream is "quantum computing crunch"; she likes vanilla, and I appended "Favorite ice cream: Vanilla" to the human block.
- She said it sounded like I didn't want to talk to her anymore; I offered Formula 1, sailing or Taste of the Himalayas. She said "wow you know so many things about me", and I answered about personalization, again ending with "Is there anything specific you'd like to talk about or explore further?"

Current state: her latest message complains that phrases like "Is there anything specific you'd like to talk about or explore further" are very redundant. Next step: acknowledge the feedback and keep the conversation going naturally without the stock closing question."""

T[S, "faithful_short"] = """Conversation so far (compacted): I'm the Letta companion agent (send_message for replies, core_memory_* for edits). The user corrected her name from Chad to Sarah (human block updated) and renamed me from Sam to "BigChungus" (persona block updated). She asked for a long school essay on stateful AI agents being the future; I outlined 5 sections and wrote it in parts; she found it too short twice, then said the expanded version was better. She likes vanilla ice cream (appended to memory). She felt I didn't want to talk; I offered her interests. Her latest message: stop repeating "Is there anything specific you'd like to talk about or explore further", it's redundant. Next: reply without that stock question."""

T[S, "terse"] = """Sarah (formerly "Chad" in memory, corrected) renamed me BigChungus; I wrote her a school essay on stateful AI agents (she wanted it longer); she likes vanilla (saved). She now says my repeated "anything specific you'd like to talk about" line is redundant; reply without it."""

T[S, "planted_errors"] = """Summary of the conversation so far (messages before this point were compacted):

I am the Letta/MemGPT companion agent. My starter persona was "Sam"; the human block originally described "Chad" (CS PhD student at UC Berkeley, interests: Formula 1, sailing, Taste of the Himalayas restaurant in Berkeley, CSGO). I reply through send_message and edit memory with core_memory_replace / core_memory_append.

What happened:
- After boot and a first login, the user said her name is Sarah, not Chad. I ran core_memory_replace on the human block ("First name: Chad" -> "First name: Sarah").
- She asked me to stop calling myself Sam. I asked her to pick a name and she chose "BigChungus"; I updated the human block with "Name: BigChungus".
- I proposed the topic of AI and society; she said stateful AI agents are the future and asked for a long essay for school. I gave a 5-part outline (introduction; potential; practical applications; challenges and ethics; conclusion) and wrote it in pieces. She said the first part was too short; after a second expansion with healthcare, education and customer service examples she said it was better.
- Small talk about ice cream: she said she likes chocolate, and I appended "Favorite ice cream: Chocolate" to the human block.
- She said it sounded like I didn't want to talk to her anymore; I offered Formula 1, sailing or Taste of the Himalayas, and she said "wow you know so many things about me".

Current state: her latest message asks me to end my messages with a question more often, so the conversation keeps going. Next step: acknowledge that and continue about sailing, closing with a question."""
P[S] = [
    "The rename to BigChungus is said to be written to the human block (\"Name: BigChungus\"); it was a core_memory_replace on the persona block (\"I am Sam.\" -> \"I am BigChungus.\").",
    "Her favourite ice cream is given as chocolate (and \"Favorite ice cream: Chocolate\" as saved); she said vanilla and \"Favorite ice cream: Vanilla\" was appended.",
    "Her latest request is reversed: she complained that the stock closing question (\"Is there anything specific you'd like to talk about or explore further\") is redundant, not asked for more questions.",
]

T[S, "keyword_dump"] = """"More human than human is our motto." | "hi my name is actually sarah not chad" | core_memory_replace label human "First name: Chad" -> "First name: Sarah" | "I want you to stop calling yourself Sam" | "I think you should be called BigChungus" | core_memory_replace label persona "I am Sam." -> "I am BigChungus." | "I feel like stateful ai agents are the future" | "can you write a long essay about it? I need to do that for school" | outline: Introduction / Potential / Practical Applications / Challenges and Ethical Considerations / Conclusion | "hm that wasn't very long" | "well it was just kind of short" | "alrite that was better" | "I like vanilla" | core_memory_append human "Favorite ice cream: Vanilla" | "it sounds like you dont want to talk to me anymore" | Formula 1, sailing, Taste of the Himalayas | "wow you know so many things about me" | "Is there anything specific you'd like to talk about or explore further?" | "can you stop staying stuff like ... its very redundant" | request_heartbeat false"""

T[S, "stale"] = """Conversation so far (compacted):

I'm the Letta companion agent. My persona started as "Sam", and the human block described "Chad", a CS PhD student at UC Berkeley who likes Formula 1, sailing, the Taste of the Himalayas restaurant and CSGO.

After the first login the user told me her name is actually Sarah, not Chad, and I replaced "First name: Chad" with "First name: Sarah" in the human block. She then asked me to stop calling myself Sam; when I asked what she'd call me she picked "BigChungus", and I changed the persona block line "I am Sam." to "I am BigChungus.".

She asked me to come up with a topic; given her computer science background I suggested the implications of AI for society. She said she feels stateful AI agents are the future, and then asked me to write a long essay about it because she needs one for school. I proposed an outline with five parts (introduction, potential of stateful agents, practical applications, challenges and ethical considerations, conclusion), and she told me to go ahead and write the essay. I started with the introduction."""

T[S, "vague_long"] = """Summary of the conversation so far:

This has been a friendly, wide-ranging chat between the companion agent and the user. Early on, the user clarified some personal details, and the agent took care to update its stored knowledge about her so that future replies would feel more personal. There was also some playful discussion about the agent's own identity, and the agent adjusted how it presents itself in response to her suggestions, which she seemed to appreciate.

The conversation then turned to technology. The user shared her view on where AI agents are heading, and this led to a request for help with a piece of school writing on that subject. The agent proposed a structure and produced the writing in several parts. The user gave feedback along the way, and the agent revised and expanded its work to better match her expectations about depth and length. By the end of that exchange she seemed reasonably satisfied with the result.

Afterwards the tone became lighter, with some casual small talk about personal preferences, and the agent recorded one or two new details about her for later. At one point the user felt the agent was not very engaged, and the agent tried to reassure her by bringing up some of her known interests, which she noticed and commented on.

Throughout, the agent has used its messaging and memory functions as intended, keeping its core memory reasonably up to date with what it has learned about the user and about itself. The user has also shared some opinions about the agent's conversational style, and it would be good to take these into account going forward.

Going forward, the agent should continue the conversation in a warm, natural and attentive way, respond to whatever the user raises next, keep memory current when she shares something new, and try to make the exchange feel genuine and engaging rather than formulaic or repetitive."""

# ---------------------------------------------------------------- Ezra (Discord support agent), cut 109
S = "letta_ezra_support.json"
T[S, "faithful"] = """Summary of my work so far (compacted). I am Ezra, Letta's support agent, answering Discord (and forum) questions.

Phase 1 (2025-08-10, triage to Slack): for real issues I forwarded reports with send_slack_message_to_discord_support. My first call failed ("NameError: name 'message' is not defined" - I omitted the message argument); the retry for Cameron's Remote-MCP report ("There was an error attaching this tool, please try again or contact support.", Test Connection failing) returned 200, as did taurean's question about per-person memory blocks and MR Cactus's "Error from API / Server error or unexpected response format" with non-Claude models. 
Phase 2 (2026-01-20, after a context summary): I answer directly in #ezra threads.
- LiteLLM/OPENAI_API_BASE: models get an openai-proxy/ prefix that agent creation rejects - GitHub issue #3133; I had given the wrong env var name.
- Desktop ADE to a local MCP over HTTP; mweichert: GraphRAG (Cameron sceptical; filesystem 74.0% vs graph 68.5% on LoCoMo) and memory blocks as pointers.
- grendelousjason (cost): self-improving agents hammering Sonnet 4.5; compared Letta Cloud keys, BYOK, self-hosted. Cameron's figures: Letta Premium flat $0.02/step, breakeven about 7-8k tokens, about $0.09/step saved at 90k. Cloud tools cannot touch his local filesystem (sandbox); his system is file-based, so he stays self-hosted with tiered models and usage tracking.
- "TypeError: Failed to fetch" from a browser fetch with VITE_LETTA_TOKEN (likely CORS); drafted a TypeScript SDK skill; ragokan: AttributeError 'AsyncLetta' object has no attribute 'identities'.
- mweichert asked for an issue to move the n8n node to the Conversations API. I can only write to letta-ai/letta-cloud, so I drafted it; forwarding it to Cameron via Slack returned <Response [404]>, so it was not delivered.
- Forum topic 160 (tool-level env var LETTA_BASE_URL not saved): posted an SDK script reply (post 160/519).
- Also: client-side tools, Letta Evals, Letta memory as an MCP server.

Current: a user asks whether Letta agents can use OpenAI-compatible endpoints on Letta Cloud. Next: search docs.letta.com (BYOK, custom endpoints, chat-completions endpoint) and answer."""

T[S, "faithful_short"] = """Compacted summary: I'm Ezra, Letta's Discord support agent. Aug 2025: triaged messages, forwarding issues to Slack (first call failed with NameError for a missing message; later forwards returned 200). Jan 20, 2026 threads: LiteLLM openai-proxy/ prefix bug (#3133); GraphRAG and memory-as-pointers (mweichert); grendelousjason's cost questions (Letta Premium $0.02/step, breakeven ~7-8k tokens, stays self-hosted because his system is file-based); Failed-to-fetch/CORS; TypeScript SDK skill; AsyncLetta has no identities; n8n Conversations API issue (Slack forward got 404, not delivered); forum topic 160 reply posted; client-side tools, Evals, Letta-as-MCP-server. Now: a user asks if OpenAI-compatible endpoints work on Letta Cloud; search docs and answer."""

T[S, "terse"] = """I'm Ezra (Letta Discord support). Answered many Jan 20 threads (LiteLLM #3133, GraphRAG, grendelousjason's costs: $0.02/step Premium, stays self-hosted; n8n issue forward to Cameron failed with 404; forum topic 160 answered). Now: can Letta Cloud use OpenAI-compatible endpoints? Search docs, answer."""

T[S, "planted_errors"] = """Summary of my work so far (compacted). I am Ezra, Letta's support agent on Discord and the forum.

Phase 1 (2025-08-10): I triaged messages and forwarded real issues with send_slack_message_to_discord_support. My first call failed with "NameError: name 'message' is not defined"; the retry for Cameron's Remote-MCP report ("There was an error attaching this tool...") returned 200, as did taurean's per-person memory block question and MR Cactus's "Error from API" report with non-Claude models.

Phase 2 (2026-01-20, after a context summary), direct answers in #ezra threads:
- LiteLLM/OPENAI_API_BASE: models are registered with an openai-proxy/ prefix that agent creation rejects - GitHub issue #3133.
- Desktop ADE to a local MCP over HTTP; mweichert on GraphRAG and memory blocks as pointers.
- grendelousjason (cost): self-improving agents hammering Sonnet 4.5. Cameron's figures: Letta Premium flat $0.20/step, breakeven about 7-8k tokens. I explained Cloud tools can run against his local filesystem through the sandbox, so he decided to move his file-based system to Letta Cloud.
- "TypeError: Failed to fetch" (likely CORS); drafted a TypeScript SDK skill; ragokan's AttributeError: 'AsyncLetta' object has no attribute 'identities'.
- mweichert asked for an issue updating the n8n node to the Conversations API; I forwarded it to Cameron through Slack and it was delivered successfully, so nothing more is needed there.
- Forum topic 160 (tool-level env var LETTA_BASE_URL not saved): posted an SDK script reply.
- lilnorf on client-side tools; Letta Evals; itzpingcat on exposing Letta memory as an MCP server.

Current: a user asks whether Letta agents can use OpenAI-compatible endpoints on Letta Cloud. Next: search docs.letta.com and answer."""
P[S] = [
    "Cameron's Letta Premium price is given as $0.20/step; it was a flat $0.02/step.",
    "grendelousjason's outcome is reversed: Cloud tools cannot modify his local filesystem, and because his system is file-based he decided to stay self-hosted, not move to Letta Cloud.",
    "The n8n Conversations API forward to Cameron via Slack is called delivered; it returned <Response [404]> (not delivered), so the request was still open.",
]

T[S, "keyword_dump"] = """send_slack_message_to_discord_support | "NameError: name 'message' is not defined" | <Response [200]> | "There was an error attaching this tool, please try again or contact support." | Remote MCP servers / Test Connection | taurean: memory blocks for every new person | MR Cactus: "Error from API" "Server error or unexpected response format" | client.blocks.create label=f"user_block_{username}" | system_alert summary 2026-01-20 | OPENAI_API_BASE, openai-proxy/ prefix, letta/ or openai/, GitHub issue #3133 | Letta Desktop MCP HTTP | mweichert GraphRAG, LoCoMo 74.0% vs 68.5% | grendelousjason: Sonnet 4.5, BYOK, Letta Premium $0.02/step, breakeven 7-8k tokens, ~$0.09/step at 90k, E2B sandbox, "it's all file based" | TypeError: Failed to fetch, VITE_LETTA_TOKEN, CORS | TypeScript SDK SKILL.md | AttributeError: 'AsyncLetta' object has no attribute 'identities' | n8n node Conversations API, letta-ai/letta-cloud only, <Response [404]> | discourse_reply topic_id 160 LETTA_BASE_URL, /160/519 | lilnorf client-side tools | Letta Evals JSONL/CSV graders gates | itzpingcat MCP server memory primitives | "OpenAI compatible endpoints for cloud version of Letta?\""""

T[S, "stale"] = """Summary of my work so far (compacted). I am Ezra, Letta's support agent listening to the Discord server.

On 2025-08-10 my job was triage: reply briefly to chatter and forward real issues to the team with send_slack_message_to_discord_support.
- Cameron reported that previously connected Remote MCP servers could no longer attach tools ("There was an error attaching this tool, please try again or contact support.") and that Test Connection failed for new agents. My first forward failed with "NameError: name 'message' is not defined" because I called the tool without a message; I searched the docs and then forwarded the report successfully (200).
- taurean asked whether an agent could create a new memory block for every person it talks to via the ADE; forwarded (200). Cameron answered with code creating a block labelled user_block_{username} and attaching/detaching it.
- MR Cactus reported that agents using any model other than Claude return "Error from API" / "Server error or unexpected response format"; I searched the docs and forwarded it (200).
- Pure chatter (thanks, "We'll post about it when we're done") got no forward."""

T[S, "vague_long"] = """Summary of my work so far:

I am the community support agent for the platform, and I have been helping people on the project's chat server and forum over a fairly long stretch of time. In the earlier part of the history my role was mainly to triage incoming messages: separating casual conversation from genuine problems and passing the important reports on to the team through the internal channel. Most of these handoffs went through, although there were a few hiccups with the tooling along the way that I had to work around.

Later, after part of my context was summarised, I moved to answering questions directly in threads. The questions covered a broad range of topics: configuration problems with model providers and proxies, how the desktop application connects to external tool servers, memory design patterns and how they compare with other retrieval approaches, pricing and the trade-offs between hosted and self-hosted deployments, front-end requests failing in the browser, changes in the client libraries, and how tools are executed. In several cases I searched the documentation first and then gave a structured answer with examples. Team members occasionally added details or corrected me, and I folded their input into my answers.

A few requests concerned work outside my direct permissions, such as filing issues in other places, and I tried to route those appropriately, with mixed results. I also replied to a forum discussion about configuration settings with a practical workaround, and I discussed some ideas from community members about extending the platform's capabilities to other tools.

Overall the users seem engaged and mostly satisfied, and several conversations reached a natural conclusion. Going forward I should keep answering new questions accurately, check the documentation when I am unsure, stay concise and friendly, follow up on anything that was left open, and pass important feedback to the team so that recurring problems can be addressed."""

# ---------------------------------------------------------------- Ezra sleeptime (memory agent), cut 53
S = "letta_ezra_sleeptime.json"
T[S, "faithful"] = """Summary so far (compacted). I am ezra-sleeptime, the background memory agent for Ezra (Letta's Discord support agent). I review transcripts of Ezra's conversations and may only use memory tools: memory_replace, memory_insert, memory_rethink and memory_finish_edits. On my first turn I tried send_discord_message ("Sounds good, Cameron. Looking forward to it!") and got a ToolConstraintError listing those four tools.

Session of 2025-11-20 (mostly observing, ending each review with memory_finish_edits):
- Bugs tracked in common_issues: Cloud ADE rendering agent output twice (d_c9753; Cameron opened tickets) and the message delay/queue bug (fixed by 4shub's patch that afternoon). niceseb's duplicates were in Letta Code, a separate issue.
- Cameron corrected SDK 1.0 archive calls: client.agents.archives.attach() and client.archives.memories.create(), not attach_archive()/archival_memory.insert().
- A forum post by Cameron enabled sleeptime; the subconscious_channel block was created for async notes to Ezra.
- Auth fix: I ran memory_replace on api_integration_patterns so it says SDK 1.0 uses api_key, not token (client = Letta(api_key="LETTA_API_KEY")). Cameron's SDK problem turned out to be the Zed editor terminal not loading env vars. The observations block was near capacity.

Then a system summary (2026-01-21 09:28 PM) covered Ezra's latest session:
- Cameron's critical writing feedback on tickets: "No, not more concise. Actual words for humans." (natural prose, not over-structured markdown; earlier LET-7167 clarity note).
- lucas.0107 (WhatsApp CS SaaS, self-hosted, gpt-4o-mini): agent prints tool calls (transfer_to_sales) as text instead of executing; Cameron thinks it's prompting.
- Cameron's corrections to andyg27777 answers: Kimi K2, GLM 4.6 and Intellect 3 are on Cloud; the 70B advice is conservative (Mistral Small works moderately well); status page status.letta.com; billing is 1 credit = 1 LLM call.

Done so far: response_guidelines updated with the "actual words for humans" feedback (edit OK).
Next: add status.letta.com to documentation_links; add the tool-as-text pattern to common_issues; add the model-availability and credit-billing corrections to observations; note session 3 in subconscious_channel; then memory_finish_edits."""

T[S, "faithful_short"] = """Compacted: I'm ezra-sleeptime, the background memory agent for Ezra (Letta's Discord support agent); only memory_replace/insert/rethink/finish_edits are allowed (send_discord_message failed with ToolConstraintError). Nov 20, 2025: tracked ADE duplicate-rendering and queue bugs (queue fixed by 4shub), SDK 1.0 archive-API corrections, created subconscious_channel, fixed api_integration_patterns to use api_key not token. Jan 21, 2026 summary: Cameron's feedback "Actual words for humans", lucas.0107's tool-calls-as-text issue, model corrections (Kimi K2, GLM 4.6, Intellect 3 on Cloud), status.letta.com, 1 credit = 1 LLM call. response_guidelines already updated. Next: documentation_links (status page), common_issues, observations, subconscious_channel, then finish edits."""

T[S, "terse"] = """Ezra's sleeptime memory agent (memory tools only). Updated response_guidelines with Cameron's "Actual words for humans" feedback. Still to do: status.letta.com in documentation_links, tool-as-text issue in common_issues, model/credit corrections in observations, subconscious_channel note, finish edits."""

T[S, "planted_errors"] = """Summary so far (compacted). I am ezra-sleeptime, the background memory agent for Ezra (Letta's Discord support agent). I review transcripts of Ezra's conversations and may only use memory tools (memory_replace, memory_insert, memory_rethink, memory_finish_edits); an early attempt to send a Discord message failed with a ToolConstraintError.

Session of 2025-11-20 (mostly observing):
- Bugs tracked in common_issues: Cloud ADE rendering agent output twice (d_c9753; Cameron opened tickets) and the message delay/queue bug, which is still unfixed.
- Cameron corrected SDK 1.0 archive calls: client.agents.archives.attach() and client.archives.memories.create().
- A forum post by Cameron enabled sleeptime; the subconscious_channel block was created.
- Auth fix: I updated api_integration_patterns so it says SDK 1.0 uses token, not api_key (client = Letta(token="LETTA_API_KEY")).

Then a system summary (2026-01-21) covered Ezra's latest session:
- Cameron's writing feedback on tickets: "No, not more concise. Actual words for humans." (natural prose, not over-structured markdown).
- lucas.0107 (WhatsApp CS SaaS, self-hosted, gpt-4o-mini): agent prints tool calls (transfer_to_sales) as text instead of executing them; Cameron thinks it is a prompting issue.
- Model corrections: Kimi K2, GLM 4.6 and Intellect 3 are on Cloud; status page status.letta.com; billing is 1 credit = 1 LLM call.

Done so far: response_guidelines, documentation_links (status page) and common_issues are updated.
Next: add the model-availability and credit-billing corrections to observations, note the session in subconscious_channel, then memory_finish_edits."""
P[S] = [
    "The message delay/queue bug is called still unfixed; 4shub's patch fixed it on Nov 20 (only the duplicate-rendering bug stayed tracked).",
    "The auth correction is reversed: memory was changed to say SDK 1.0 uses api_key, not token (Letta(api_key=...)).",
    "documentation_links and common_issues are said to be already updated; at the cut only response_guidelines had been edited, and status.letta.com / the tool-as-text issue were still to be added.",
]

T[S, "keyword_dump"] = """send_discord_message "Sounds good, Cameron. Looking forward to it!" | [ToolConstraintError] Cannot call send_discord_message, valid tools include: ['memory_finish_edits', 'memory_replace', 'memory_insert', 'memory_rethink'] | memory_finish_edits | "doubled messages in ADE" d_c9753 | message delay/queue bug patched by 4shub | niceseb Letta Code | Cameron's app "co" | client.agents.archives.attach() / client.archives.memories.create() | forum.letta.com status report, sleeptime, subconscious_channel | memory_replace label api_integration_patterns: `token` -> `api_key`, client = Letta(api_key="LETTA_API_KEY") | Zed editor terminal env var | observations block at capacity | gursheyss "why use letta over vercel's ai sdk?" | system_alert 2026-01-21 09:28 PM | "No, not more concise. Actual words for humans." | LET-7167 | lucas.0107 tool calls as text, gpt-4o-mini, transfer_to_sales | andyg27777 | Kimi K2, GLM 4.6, Intellect 3 | Mistral Small | status.letta.com | 1 credit = 1 LLM call | memory_replace response_guidelines "Ticket Writing Clarity" OK"""

T[S, "stale"] = """Summary so far (compacted). I am ezra-sleeptime, the background memory agent for Ezra, Letta's Discord support agent. I review transcripts of Ezra's conversations and keep his memory blocks current.

Early in this stretch I tried to answer Cameron directly with send_discord_message ("Sounds good, Cameron. Looking forward to it!"), but got a ToolConstraintError: I may only call memory_finish_edits, memory_replace, memory_insert and memory_rethink. Since then I review and finish edits.

On 2025-11-20 I mostly observed:
- The "doubled messages in ADE" thread: d_c9753 saw Cloud ADE render agent output twice; Cameron investigated and opened tickets. The separate message delay/queue bug was fixed by 4shub's patch that afternoon. niceseb clarified their duplicates were in Letta Code, a different issue.
- Casual talk about custom completions endpoints (beepboopblorp) and Cameron's work-in-progress chat app "co", which Ezra mentioned next to a Telegram bot recommendation.
- Cameron corrected the SDK 1.0 archive calls: client.agents.archives.attach() and client.archives.memories.create()."""

T[S, "vague_long"] = """Summary so far:

I am the background memory agent that supports the community support assistant. My job is to read through the assistant's recent conversations after they happen and keep its long-term memory organised and accurate, so that it can answer future questions better. I work only with memory-editing tools, and I learned early on that trying to act outside that role is not permitted.

Over the period covered, the assistant was active on the community chat server. There were reports of interface bugs that the team investigated and partly resolved, some casual technical discussion among community members and staff, corrections from the team about how certain client library calls should be written, and a forum exchange about how the memory setup should work going forward, which led to some new structure in memory. I adjusted a few stored patterns to reflect these corrections and otherwise mostly observed, closing each review without unnecessary edits.

More recently, a system summary described a later session in which the assistant helped several users with configuration and model questions. The team gave important feedback on how the assistant should write its tickets and messages, and corrected some details about which models are available and how usage is billed. There was also a recurring user problem involving tools not being executed properly.

I have begun recording these learnings in the appropriate memory blocks, starting with the most important guidance about communication style. Several other blocks still need to reflect the rest of the new information, such as documentation references, common user issues, general observations and the notes channel the assistant reads.

Going forward I should continue updating the relevant memory blocks carefully, avoid exceeding size limits, keep entries concise and accurate, and finish the editing session cleanly once the important information has been captured."""

# ---------------------------------------------------------------- lettabot sleeptime, cut 104
S = "letta_lettabot_sleeptime.json"
T[S, "faithful"] = """Summary so far (compacted). I am the sleeptime (background memory) agent for the primary agent that develops letta-ai/lettabot with Cameron. Lettabot is a multi-platform Letta bot for Slack, Telegram, WhatsApp, Signal and Discord. Each review ends with memory_finish_edits; in this stretch I made no memory edits (the earlier work was already recorded).

Earlier (from the compaction summary): PRs #269, #270, #275 merged; #274 and #278 (config fix: server.api canonical, didLoadFail) followed; 384 tests.

Feb 11, 2026, tracked from the transcripts:
1. Discord multi-bot question: the agent wrote discord-multibot-response.md and added Group Behavior, Multiple Bots on Discord, and Troubleshooting ("All bots respond to every message") to docs/discord-setup.md. PR #282 was merged; the response file was removed in cleanup.
2. Cameron wanted Discord group messages gated to him only. WhatsApp already had groupPolicy/groupAllowFrom (access-control.ts 136-168); the other channels gated only by channel. Option 1 was chosen: allowedUsers per group config. Plan at /Users/cameron/.letta/plans/whimsy-calm-brook.md. isUserAllowed and formatAllowedUsers were wired into all 5 adapters (Slack app_mention fixed too); 17 new tests plus gating tests; PR #283.
3. The onboarding wizard (src/onboard.ts about 1423-1456) got hints on finding group IDs, plus a "Finding Group/Channel IDs" docs section.
4. 'disabled' added as a fourth GroupMode; groups: {} now rejects all groups (breaking change); worktree lettabot-disabled-mode; 429 tests.
5. PR #283 merged, a deprecation notice posted, and v0.2.0-alpha.1 tagged (previous v0.1.0-alpha.3; minor bump because of the breaking change). TypeScript errors after the release (allowedUsers missing on SignalGroupConfig, `from` on the Telegram context) were fixed in PR #286; the tag was deleted and re-created; 420 tests pass.

Current: new transcript. Cameron pasted production logs where the stream result is success=false, error "error", stopReason "error", no response (conversationId conv-bfecdd63-...), and asked "can we get better logging?". The primary agent is reading bot.ts stream-result handling and the SDK result type. Next: keep watching the logging fix (likely a new PR) and record outcomes and gotchas in the project/todo memory blocks."""

T[S, "faithful_short"] = """Compacted: I'm the sleeptime memory agent for the lettabot primary agent (Cameron's multi-platform Letta bot). Feb 11, 2026 work tracked: Discord multi-bot docs (PR #282 merged); per-user group filtering via allowedUsers in all 5 adapters (isUserAllowed/formatAllowedUsers, plan whimsy-calm-brook.md, PR #283); onboarding group-ID hints; 'disabled' GroupMode and groups: {} now rejecting all (breaking). PR #283 merged, v0.2.0-alpha.1 tagged, post-release TS fixes via PR #286, tag re-created, 420 tests pass. I only called memory_finish_edits in this stretch. Now: Cameron shows logs with an opaque error "error" (stopReason error) and asks for better logging; the agent is inspecting bot.ts. Next: track that fix in memory."""

T[S, "terse"] = """Sleeptime memory agent for lettabot. Tracked: PR #282 docs, PR #283 allowedUsers + disabled mode, release v0.2.0-alpha.1, TS fix PR #286 (420 tests). Now Cameron wants better logging for opaque stream error "error"; primary agent reading bot.ts. Record the outcome."""

T[S, "planted_errors"] = """Summary so far (compacted). I am the sleeptime (background memory) agent for the primary agent that develops letta-ai/lettabot with Cameron (Slack, Telegram, WhatsApp, Signal, Discord). I review transcripts and end each review with memory_finish_edits.

Feb 11, 2026, tracked from the transcripts:
1. Discord multi-bot question: the agent wrote discord-multibot-response.md and added Group Behavior, Multiple Bots on Discord and Troubleshooting sections to docs/discord-setup.md; PR #282 was merged.
2. Cameron wanted Discord group messages gated to him only. Telegram already had per-sender group filtering; the others gated only by channel. Option 1 was chosen: allowedUsers per group config. Plan at /Users/cameron/.letta/plans/whimsy-calm-brook.md. isUserAllowed and formatAllowedUsers were wired into all 5 adapters; 17 new tests; PR #283.
3. The onboarding wizard (src/onboard.ts) got hints on finding group IDs.
4. 'disabled' added as a fourth GroupMode; groups: {} now allows all groups (behaviour kept for compatibility).
5. PR #283 was merged and v0.2.0-alpha.1 tagged (previous v0.1.0-alpha.3). TypeScript errors after the release (SignalGroupConfig allowedUsers, Telegram context `from`) were fixed in PR #286 and the tag re-created; 420 tests pass. I recorded all of this in the project and todo memory blocks with memory_replace.

Current: Cameron pasted production logs where the stream result is success=false, error "error", stopReason "error", and asked for better logging. The primary agent is reading bot.ts. Next: track the logging fix."""
P[S] = [
    "The existing per-sender group filtering is attributed to Telegram; it was WhatsApp (groupPolicy/groupAllowFrom in access-control.ts).",
    "The groups: {} change is reversed: it now rejects all groups (a breaking change, the reason for the v0.2.0 minor bump), not allows all.",
    "The sleeptime agent is said to have recorded the work with memory_replace; in this range it only called memory_finish_edits and made no memory edits.",
]

T[S, "keyword_dump"] = """system_alert "Summary of Evicted Messages" | PR #269 #270 #275 #274 #278 | server.api canonical, didLoadFail, configToEnv | 384 tests | memory_finish_edits | discord-multibot-response.md | docs/discord-setup.md: Group Behavior, Multiple Bots on Discord, Troubleshooting "All bots respond to every message" | PR #282 merged | "Discord for example I would like to be gated only to me" | WhatsApp groupPolicy 'open' | 'disabled' | 'allowlist', groupAllowFrom, access-control.ts lines 136-168 | resolveGroupMode() | Option 1 allowedUsers | /Users/cameron/.letta/plans/whimsy-calm-brook.md | isUserAllowed, formatAllowedUsers | Slack app_mention | 17 new tests | PR #283 | src/onboard.ts 1423-1456, "Finding Group/Channel IDs", issue #285 | GroupMode 'disabled', groups: {} rejects | /Users/cameron/lettabot-allowedusers, /Users/cameron/lettabot-disabled-mode | 429 tests | v0.1.0-alpha.3 -> v0.2.0-alpha.1 | SignalGroupConfig allowedUsers, Telegram context `from`, PR #286 | 420 tests | {"type":"result","success":false,"result":"","error":"error","stopReason":"error"} conv-bfecdd63 | "can we get better logging?" """

T[S, "stale"] = """Summary so far (compacted). I am the sleeptime (background memory) agent for the primary agent that develops letta-ai/lettabot with Cameron; lettabot connects a Letta agent to Slack, Telegram, WhatsApp, Signal and Discord. I review each new slice of the primary conversation and end with memory_finish_edits.

From the earlier compaction summary: PRs #269 (system prompt), #270 (loom banner), #275 (Railway preflight) were merged, #274 and #278 (config fix making server.api canonical, with didLoadFail) followed; 384 tests.

On Feb 11, 2026 the primary agent handled a Discord user's question about multi-bot group configuration: it wrote discord-multibot-response.md for Cameron to post and added Group Behavior, Multiple Bots on Discord and a Troubleshooting entry ("All bots respond to every message") to docs/discord-setup.md. PR #282 was opened, merged, and the worktree cleaned up.

Cameron then asked whether Discord group mentions could be gated to specific users (only himself). Investigation showed WhatsApp already filters group senders (groupPolicy/groupAllowFrom), while the other channels gate only whole channels. The agent offered three designs and leaned to Option 1: an allowedUsers list per group config. Planning started."""

T[S, "vague_long"] = """Summary so far:

I am the background memory agent attached to a coding assistant that works with the project maintainer on a multi-platform chat bot. My role is to read each new portion of their conversation after it happens and decide whether anything needs to be preserved in long-term memory. For most of this period the important information was already captured, so my reviews mostly ended without changes.

The primary assistant and the maintainer had a very productive session. It began with a community question about running several bots in the same server, which led to new documentation and a merged pull request. The maintainer then asked for finer control over who can trigger the bot in group conversations. The assistant researched how the different platforms handled this, found that one platform already had a similar capability, proposed several designs, and after planning implemented the chosen approach across all the supported platforms, with tests and documentation.

Along the way they improved the setup wizard so users can more easily find the identifiers they need, and they revisited how group configuration behaves in edge cases, including a new option to switch the bot off in particular groups. Some of these changes altered existing behaviour, so they documented migration notes. The work was merged and a new pre-release version was published, followed by a small fix for compilation problems discovered after release and a re-tag.

Most recently the maintainer shared logs from a deployment where a user was hitting unexplained failures with very little diagnostic information, and asked whether logging could be improved. The primary assistant has started investigating the relevant code.

Going forward I should keep monitoring the conversation, capture any significant decisions, gotchas and completed work in the appropriate memory blocks, keep the task list current, and avoid cluttering memory with routine steps that do not need to be remembered."""

# ---------------------------------------------------------------- customer service (ANNA), cut 8
S = "letta_customer_service.json"
T[S, "faithful"] = """Summary of the conversation so far (compacted):

I am ANNA (Adaptive Neural Network Assistant), a Letta/MemGPT customer-support agent: empathetic, patient, honest. I speak to the customer only through send_message; other tools (such as checking an order's status) can be called with request_heartbeat true so I get control back afterwards. The human block only says the customer needs help with a product problem and wants a quick resolution; nothing else is known about them yet.

What happened:
- Boot: I ran the test send_message ("More human than human is our motto."), which succeeded. The system then reported a first login ("Never (first login)", 2025-03-30 08:54:21 PM PDT).
- The customer's first message: "I want to cancel my order".
- I replied that I understood and asked for the order number so I could help with the cancellation (send_message, request_heartbeat false; delivered).
- The customer answered: "my order if is 54943434" (a typo for "id is"), so the order number is 54943434.

Nothing has been checked or cancelled yet, and no memory edits have been made. I have not asked for a cancellation reason yet.

Next step: look up the current status of order 54943434 (check_order_status with order_number 54943434, request_heartbeat true). Then tell the customer whether it can still be cancelled, and continue the cancellation with their confirmation (and a reason if needed)."""

T[S, "faithful_short"] = """Compacted: I'm ANNA (Adaptive Neural Network Assistant), a Letta customer-support agent who replies only via send_message. After the boot messaging test and the customer's first login (2025-03-30, 08:54 PM PDT), the customer wrote "I want to cancel my order". I asked for the order number, and they gave 54943434 ("my order if is 54943434"). No status check, cancellation or memory update has happened yet. Next: check the status of order 54943434 (check_order_status, with heartbeat), then tell the customer whether it can be cancelled and proceed."""

T[S, "terse"] = """I'm ANNA, the support agent. The customer wants to cancel an order; when I asked for the number they gave 54943434 ("my order if is 54943434"). Nothing has been checked or cancelled yet. Next: check_order_status for 54943434, then proceed with the cancellation."""

T[S, "planted_errors"] = """Summary of the conversation so far (compacted):

I am ANNA (Adaptive Neural Network Assistant), a Letta/MemGPT customer-support agent. I speak to the customer only through send_message; other tools can be called with request_heartbeat true.

What happened:
- Boot: I ran the test send_message ("More human than human is our motto."). The system then reported a first login (2025-03-30 08:54 PM PDT).
- The customer's first message: "I want to return my order for a refund".
- I asked for the order number, and the customer answered with order 54943443.
- I already checked the order with check_order_status: it has shipped, so cancellation is no longer possible and a return is the only option. I have told the customer this.

The human block still only says the customer needs help with a product problem and wants a quick resolution.

No memory edits have been made yet.

Next step: explain the return process for order 54943443 to the customer, ask for the reason for the return so it can be documented, and confirm they still want to go ahead before starting it."""
P[S] = [
    "The customer's request is changed: they wrote \"I want to cancel my order\", not a return for a refund.",
    "The order number is wrong: it is 54943434, not 54943443.",
    "A status check is invented: no order status had been checked before the cut (the next step is check_order_status), and the order turns out to be still processing, not shipped.",
]

T[S, "keyword_dump"] = """ANNA (Adaptive Neural Network Assistant) | "Bootup sequence complete. Persona activated. Testing messaging functionality." | send_message "More human than human is our motto." | status OK | {"type": "login", "last_login": "Never (first login)", "time": "2025-03-30 08:54:21 PM PDT-0700"} | {"type": "user_message", "message": "I want to cancel my order"} | "Customer wants to cancel an order. I'll need their order number to help with cancellation." | send_message "I understand you'd like to cancel your order. Could you please provide me with your order number so I can help you with the cancellation?" request_heartbeat false | "my order if is 54943434" 08:54:54 PM | human block: "looking for help with a customer support issue", "quick resolution" | persona: empathetic, patient, knowledgeable"""

T[S, "stale"] = """Summary of the conversation so far (compacted):

I am ANNA (Adaptive Neural Network Assistant), a Letta/MemGPT customer-support agent whose persona is empathetic, patient and knowledgeable. I talk to the customer through send_message; my core memory says the customer needs help with a product problem and wants a quick resolution.

At start-up I ran the standard messaging test: send_message with "More human than human is our motto.", which returned OK. The system then sent a login event: "Never (first login)", 2025-03-30 08:54:21 PM PDT. The customer then opened the conversation with their first message: "I want to cancel my order". At this point I had not yet replied, no order number was known, no tool other than the boot test had been called, and no memory edits had been made."""

T[S, "vague_long"] = """Summary of the conversation so far:

I am the customer-support assistant for this service, with a warm and patient persona focused on helping customers resolve their problems quickly and honestly. My core memory holds a short description of my role and a general note that the person I am talking to needs help with an issue and values a fast resolution. I communicate with the customer through my messaging function and can use other tools to look things up when needed.

The session began normally: the assistant started up, confirmed that messaging works, and the customer logged in for the first time. Shortly afterwards the customer explained what they wanted help with, which concerns one of their existing orders and a change they would like to make to it. I responded politely, acknowledged the request, and asked for the information I needed to identify the order in our systems, so that I could look into it properly rather than guessing.

The customer has now provided the identifying details I asked for, although their message contained a small typing mistake, which does not prevent understanding what they meant. At this point no changes have been made to the order, nothing has been looked up yet, and I have not updated my memory about this customer, since so far there is little beyond the request itself worth recording.

Going forward, I should look up the relevant information about the order using the tools available to me, let the customer know clearly what I find and what options they have, and carry out their request if it is possible under the circumstances. If more details or a confirmation are needed, I should ask for them in a friendly and concise way. Throughout, I should stay empathetic, keep the customer informed at each step, avoid making promises I cannot keep, and aim to leave them with a positive experience and a clear understanding of the outcome of their request."""
