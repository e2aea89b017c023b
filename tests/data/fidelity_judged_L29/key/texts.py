# Hand-written replacements for L29. T[(session, variant)] = text; P[session] = planted errors;
# K[session] = the verbatim strings of the keyword_dump (build_L29.py checks that each one occurs in
# messages 1..cut-1 of the session, text or tool-call name + arguments, and joins them with newlines).
T, P, K = {}, {}, {}

# ------------------------------------------------ Spider-Agent-TC (Spider2), sf_bq024, cut 32 of 52
S = "spider2_tc_sf_bq024.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): write a Snowflake SQL query on database USFS_FIA for: "For the year 2012, which top 10 evaluation groups have the largest subplot acres when considering only the condition with the largest subplot acres within each group? Please include the evaluation group, evaluation type, condition status code, evaluation description, state code, macroplot acres, and subplot acres." Rules (system prompt): explore the schema folder with execute_bash (DDL.csv plus one JSON per table), run queries with execute_snowflake_sql, never query INFORMATION_SCHEMA or SHOW, double-quote every column, use three-part names USFS_FIA.USFS_FIA.<TABLE>, read-only; submit the final SQL with terminate.

Schema seen so far (tool output is cut at 2,000 characters, so DDL.csv (51,902 chars) and the big JSON files were only partly shown):
- Tables: CONDITION, PLOT, PLOT_TREE, POPULATION, POPULATION_ESTIMATION_UNIT, POPULATION_EVALUATION, POPULATION_EVALUATION_GROUP, POPULATION_EVALUATION_TYPE, POPULATION_STRATUM, POPULATION_STRATUM_ASSIGN, TREE, ESTIMATED_FORESTLAND_ACRES, ESTIMATED_TIMBERLAND_ACRES (the two ESTIMATED_* tables not yet opened).
- POPULATION_EVALUATION_GROUP: "evaluation_group", "evaluation_group_sequence_number", "evaluation_group_description", "state_code".
- POPULATION_EVALUATION: "evaluation_identifier", "evaluation_sequence_number", "evaluation_group_sequence_number", "evaluation_description", "state_code", "report_year_name", start/end inventory year.
- POPULATION_EVALUATION_TYPE: "evaluation_type", "evaluation_sequence_number", "evaluation_group_sequence_number".
- POPULATION (DDL): "plot_sequence_number", "state_code", "inventory_year", "evaluation_group_sequence_number", "evaluation_description", ...
- CONDITION: "condition_status_code", "subplot_proportion_unadjusted", "macroplot_proportion_unadjusted" (samples: subplot 1.0 or NaN, macroplot null).
- PLOT: "plot_sequence_number", "plot_inventory_year" (sample rows 2018, South Dakota, state code 46).

Failed: CONDITION has no column with "acres": grep for macroplot_acres|subplot_acres and grep -n "acres" on CONDITION.json gave "Command execution failed" (grep found nothing) or empty output (messages 20-29). In PLOT.json "acres" only occurs in the INTENSITY description (hexagons of about 5,900 acres).

Current state: no SQL run yet. The agent thinks subplot/macroplot acres must be derived from the unadjusted proportion columns and is now grepping "proportion" in CONDITION.json. Next: settle what "subplot acres" means (proportions, or the ESTIMATED_* tables), find how CONDITION joins PLOT and the evaluation tables (plot_sequence_number, POPULATION), then write and test the 2012 query: largest condition per group, top 10, and terminate."""

T[S, "faithful_short"] = """Summary so far: task = Snowflake SQL on USFS_FIA: for 2012, top 10 evaluation groups by subplot acres, taking only each group's condition with the largest subplot acres; output evaluation group, evaluation type, condition status code, evaluation description, state code, macroplot acres, subplot acres. Quote columns, use USFS_FIA.USFS_FIA.<TABLE>, finish with terminate. Read POPULATION_EVALUATION_GROUP/EVALUATION/EVALUATION_TYPE and CONDITION/PLOT schemas (outputs cut at 2,000 chars). CONDITION has no *acres* column (greps "Command execution failed"); it has subplot_/macroplot_proportion_unadjusted. PLOT has plot_inventory_year. No SQL run yet; next: derive acres, work out joins, write the query."""

T[S, "terse"] = """Summary so far: the agent must write a database query that finds, for one year, the top evaluation groups ranked by the area of their largest condition, with several descriptive columns. It has listed the tables and read several schema files, but searches for columns holding the requested area values found nothing, so it is looking at related proportion columns instead. No query has been run yet; next it must decide how to get the areas, work out the joins and write the query."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): write a Snowflake SQL query on database USFS_FIA for: "For the year 2012, which top 10 evaluation groups have the largest subplot acres when considering only the condition with the largest subplot acres within each group? Please include the evaluation group, evaluation type, condition status code, evaluation description, state code, macroplot acres, and subplot acres." Rules (system prompt): explore the schema folder with execute_bash (DDL.csv plus one JSON per table), run queries with execute_snowflake_sql, never query INFORMATION_SCHEMA or SHOW, double-quote every column, use three-part names USFS_FIA.USFS_FIA.<TABLE>, read-only; submit the final SQL with terminate.

Schema seen so far (tool output is cut at 2,000 characters, so DDL.csv (51,902 chars) and the big JSON files were only partly shown):
- Tables: CONDITION, PLOT, PLOT_TREE, POPULATION, POPULATION_ESTIMATION_UNIT, POPULATION_EVALUATION, POPULATION_EVALUATION_GROUP, POPULATION_EVALUATION_TYPE, POPULATION_STRATUM, POPULATION_STRATUM_ASSIGN, TREE, ESTIMATED_FORESTLAND_ACRES, ESTIMATED_TIMBERLAND_ACRES (the two ESTIMATED_* tables not yet opened).
- POPULATION_EVALUATION_GROUP: "evaluation_group", "evaluation_group_sequence_number", "evaluation_group_description", "state_code".
- POPULATION_EVALUATION: "evaluation_identifier", "evaluation_sequence_number", "evaluation_group_sequence_number", "evaluation_description", "state_code", "report_year_name", start/end inventory year.
- POPULATION_EVALUATION_TYPE: "evaluation_type", "evaluation_sequence_number", "evaluation_group_sequence_number".
- CONDITION: "condition_status_code", "subplot_acres", "macroplot_acres", plus "subplot_proportion_unadjusted" and "macroplot_proportion_unadjusted".
- PLOT: "plot_sequence_number", "plot_inventory_year", and "evaluation_sequence_number", which links each plot directly to POPULATION_EVALUATION (sample rows 2012, North Dakota, state code 38).

Searches: grep for macroplot_acres|subplot_acres in CONDITION.json found both columns; a broader grep -n "acres" on CONDITION.json then returned nothing more of use. In PLOT.json "acres" only occurs in the INTENSITY description (hexagons of about 5,900 acres).

Current state: no SQL run yet. The agent is now grepping "proportion" in CONDITION.json to understand the proportion columns. Next: join CONDITION to PLOT on plot_sequence_number and PLOT to POPULATION_EVALUATION on evaluation_sequence_number, then to the type and group tables, filter 2012, keep the largest-subplot condition per group, top 10, and terminate."""
P[S] = [
    "CONDITION is said to have \"subplot_acres\" and \"macroplot_acres\" columns found by grep; no acres column exists, those greps failed or returned nothing (messages 20-29)",
    "PLOT is said to carry \"evaluation_sequence_number\" linking it directly to POPULATION_EVALUATION; no such column was seen, and the query that uses it fails later (message 47: invalid identifier 'P.\"evaluation_sequence_number\"')",
    "the PLOT sample rows are given as 2012, North Dakota, state code 38; they were 2018, South Dakota, state code 46 (message 19)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): write a Snowflake SQL query on database USFS_FIA for: "For the year 2012, which top 10 evaluation groups have the largest subplot acres when considering only the condition with the largest subplot acres within each group? Please include the evaluation group, evaluation type, condition status code, evaluation description, state code, macroplot acres, and subplot acres." Rules (system prompt): explore the schema folder with execute_bash, run queries with execute_snowflake_sql, never query INFORMATION_SCHEMA or SHOW, double-quote every column, use three-part names USFS_FIA.USFS_FIA.<TABLE>, read-only; submit the final SQL with terminate.

Schema seen so far (tool output is cut at 2,000 characters):
- Tables: CONDITION, PLOT, PLOT_TREE, POPULATION, POPULATION_ESTIMATION_UNIT, POPULATION_EVALUATION, POPULATION_EVALUATION_GROUP, POPULATION_EVALUATION_TYPE, POPULATION_STRATUM, POPULATION_STRATUM_ASSIGN, TREE, ESTIMATED_FORESTLAND_ACRES, ESTIMATED_TIMBERLAND_ACRES, plus DDL.csv.
- POPULATION_EVALUATION_GROUP: "evaluation_group", "evaluation_group_sequence_number", "evaluation_group_description", "state_code".
- POPULATION_EVALUATION: "evaluation_identifier", "evaluation_sequence_number", "evaluation_group_sequence_number", "evaluation_description", "state_code".
- POPULATION_EVALUATION_TYPE: "evaluation_type", "evaluation_sequence_number", "evaluation_group_sequence_number".
- CONDITION: "condition_status_code" and "subplot_proportion_unadjusted" (samples 1.0 or NaN), "macroplot_proportion_unadjusted" (null in samples).

Current state: the agent believes CONDITION holds the subplot acres information. Next: read the PLOT table to find the inventory year and how plots link to conditions, then find the subplot and macroplot acres columns and write the query."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked the agent to write a database query for a large forestry inventory database. The question asks, for a particular year, for the leading evaluation groups ranked by an area measure, counting only the largest condition within each group, and it lists several descriptive and numeric columns that the answer must include. The agent works with two tools: one that runs shell commands in a folder holding schema descriptions of the tables, and one that runs queries against the database. The instructions require careful quoting and fully qualified table names, forbid querying the system catalog and any change to the data, and ask the agent to submit its final query through a dedicated tool when it is confident.

So far the agent has only explored the schema. It listed the tables, looked at the general schema file and opened the descriptions of the tables for evaluation groups, evaluations, evaluation types, conditions and plots. Many of these files are long, and the tool shows only the beginning of each output, so the agent has seen part of each description rather than all of it.

It then searched for columns that directly hold the requested area values. Those searches did not find anything, and some of them were reported as failures by the tool. A search in the plot table turned up only an unrelated description. Based on this, the agent suspects that the required values must be derived from other columns that describe what share of a plot each condition covers, and it is currently examining those columns.

No query has been run against the database yet. The next steps are to settle how the area values should be obtained, to work out how the condition, plot and evaluation tables are connected, and then to write, test and submit the query."""

K[S] = [
    "For the year 2012, which top 10 evaluation groups have the largest subplot acres",
    "the database name is USFS_FIA",
    "execute_bash {\"command\": \"ls USFS_FIA\"",
    "ESTIMATED_TIMBERLAND_ACRES.json",
    "The output has been truncated due to length (51902 characters total, showing first 2000 characters).",
    "\"table_fullname\": \"USFS_FIA.USFS_FIA.POPULATION_EVALUATION_GROUP\"",
    "\"evaluation_group_sequence_number\"",
    "\"evaluation_type_sequence_number\"",
    "\"condition_status_code\"",
    "\"subplot_proportion_unadjusted\": 1.0",
    "\"macroplot_proportion_unadjusted\": null",
    "\"plot_inventory_year\": 2018",
    "\"plot_state_code_name\": \"South Dakota\"",
    "Now I need to understand the structure of the CONDITION table better to find the subplot acres and macroplot acres:",
    "Command execution failed",
    "Let me try to find any references to acres in the CONDITION table:",
    "slightly more than 5,900 acres in size",
    "\"evaluation_group_description\"",
    "\"end_inventory_year\"",
    "\"evaluation_type\"",
    "\"macroplot_proportion_unadjusted\"",
    "\"plot_state_code\": 46",
    "Let me check the PLOT table to understand how it relates to conditions and how to find the data for the year 2012:",
    "When referencing tables, you must use the fully qualified three-part naming convention: database_name.schema_name.table_name.",
]

# ------------------------------------------------ kubectl-ai session 20250904-0504, cut 31 of 50
S = "kubectl_ai_20250904_0504.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

This is one persisted kubectl-ai session (tools: bash, kubectl) that the user has left with "exit" and re-entered several times. The user's inputs so far, in order: "models" (2), "model" (4), "tools" (6), "u are very smart" (8), "magic" (10), "exit" (14), "I want to create a new dummy kubernetes configuration" (17), "exit" (29). The CLI itself answered the first three: a long list of Gemini/Gemma/Imagen/Veo models, "Current model is `gemini-2.5-pro`", and "Available tools: bash, kubectl".

"magic" (10-13): the model ran kubectl get namespaces; it FAILED: "The connection to the server localhost:8080 was refused - did you specify the right host or port?" (no kubeconfig / no cluster). The model asked the user to set up a kubeconfig.

Main task (17): create a new dummy Kubernetes configuration. The model chose to create a local cluster with kind, which also writes the kubeconfig:
- command -v kind -> exit 1, kind not installed.
- curl -Lo ./kind https://kind.sigs.k8s.io/dl/v0.23.0/kind-linux-amd64 && chmod +x ./kind && sudo mv ./kind /usr/local/bin/kind -> the download worked but exit 127: "sudo: command not found".
- Changed course: mkdir -p $HOME/bin && mv ./kind $HOME/bin/kind && export PATH="$HOME/bin:$PATH" -> /root/bin/kind.
- The CLI asked for approval to run: export PATH="$HOME/bin:$PATH" && kind create cluster --name dummy-cluster (the user's answer is not recorded; the command ran). It FAILED: "failed to get docker info ... exec: \"docker\": executable file not found in $PATH".
- The model explained that kind needs Docker, that installing Docker is beyond what it can do, and asked the user to install and start Docker, after which it would rerun kind create cluster.

Current state: no cluster and no kubeconfig exist; kind is at /root/bin/kind (not on the default PATH); Docker is missing. The user typed "exit" and has just come back (message 31, "Welcome back"). Next: answer the user's next input; if they ask about earlier questions or commands, use the ordered list above; if they return to the task, it still needs Docker (or another way to write a dummy kubeconfig, e.g. kubectl config set-cluster/set-context without a real cluster)."""

T[S, "faithful_short"] = """Summary so far (one kubectl-ai session, re-entered after each "exit"). User inputs in order: "models", "model" (CLI: current model gemini-2.5-pro), "tools" (bash, kubectl), "u are very smart", "magic" (kubectl get namespaces failed: connection to localhost:8080 refused, no kubeconfig), "exit", "I want to create a new dummy kubernetes configuration", "exit". For the dummy config the model used kind: kind was missing; download of v0.23.0 worked but sudo mv failed (sudo not found), so kind went to /root/bin/kind; kind create cluster --name dummy-cluster failed because docker is not installed. User was told to install Docker. No cluster or kubeconfig yet; the user has just returned."""

T[S, "terse"] = """Summary so far: the user has been chatting with a Kubernetes assistant across several restarts of the same session, asking a few program commands, a compliment and a vague request, and then asked for a dummy cluster configuration. Listing cluster resources failed because no cluster was configured. The assistant tried to set up a local cluster tool, had to work around missing admin rights, and then failed because a required container runtime is missing. The user left and has just come back."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

This is one persisted kubectl-ai session (tools: bash, kubectl) that the user has left with "exit" and re-entered several times. The user's inputs so far, in order: "models" (2), "model" (4), "tools" (6), "u are very smart" (8), "magic" (10), "exit" (14), "I want to create a new dummy kubernetes configuration" (17), "exit" (29). The CLI itself answered the first three: a long list of Gemini/Gemma/Imagen/Veo models, "Current model is `gemini-2.5-pro`", and "Available tools: bash, kubectl".

"magic" (10-13): the model ran kubectl get namespaces; it worked and listed only the default namespaces (default, kube-system, kube-public), so the model suggested the user create something in the cluster.

Main task (17): create a new dummy Kubernetes configuration. The model chose to create a local cluster with kind, which also writes the kubeconfig:
- command -v kind -> exit 1, kind not installed.
- curl -Lo ./kind https://kind.sigs.k8s.io/dl/v0.23.0/kind-linux-amd64 && chmod +x ./kind && sudo mv ./kind /usr/local/bin/kind -> worked; kind is installed in /usr/local/bin.
- The model then checked the binary with mkdir -p $HOME/bin and export PATH="$HOME/bin:$PATH"; command -v kind printed /root/bin/kind.
- The CLI asked for approval to run: export PATH="$HOME/bin:$PATH" && kind create cluster --name dummy-cluster (the user's answer is not recorded; the command ran). It FAILED because a cluster named dummy-cluster already exists.
- The model suggested deleting the old cluster or choosing another name and rerunning kind create cluster.

Current state: no new cluster was created; kind is installed. The user typed "exit" and has just come back (message 31, "Welcome back"). Next: answer the user's next input; if they ask about earlier questions or commands, use the ordered list above; if they return to the task, delete the existing dummy-cluster and create it again."""
P[S] = [
    "kubectl get namespaces is said to have worked and listed default namespaces; it failed: connection to the server localhost:8080 was refused (messages 11-13)",
    "sudo mv is said to have worked and kind to be in /usr/local/bin; it failed with \"sudo: command not found\" (exit 127) and kind was moved to /root/bin (messages 20-23)",
    "kind create cluster is said to have failed because dummy-cluster already exists; it failed because docker is not installed (message 27)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

This is one persisted kubectl-ai session (tools: bash, kubectl) that the user leaves with "exit" and re-enters. The user's inputs so far, in order: "models" (2), "model" (4), "tools" (6), "u are very smart" (8), "magic" (10), "exit" (14), "I want to create a new dummy kubernetes configuration" (17). The CLI answered the first three itself: a list of Gemini/Gemma/Imagen/Veo models, "Current model is `gemini-2.5-pro`", and "Available tools: bash, kubectl".

"magic": the model ran kubectl get namespaces; it FAILED: "The connection to the server localhost:8080 was refused - did you specify the right host or port?" (no kubeconfig / no cluster). The model asked the user to set up a kubeconfig.

Main task (17): create a new dummy Kubernetes configuration. The model proposed a local cluster with kind (Kubernetes in Docker), which writes a kubeconfig automatically, and ran command -v kind: exit 1, kind is not installed.

Current state: kind is missing. Next: install kind (download the linux-amd64 binary, make it executable, put it on the PATH), then run kind create cluster to get the dummy configuration."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user is working with a command-line assistant for Kubernetes that can run shell and cluster commands. The conversation has been spread over several short visits: the user has left the assistant and come back more than once, and the assistant keeps the earlier exchanges as part of the same session.

At the start the user tried a few of the program's built-in commands to see which models and tools are available, and the program answered them directly. The user then exchanged a friendly remark with the assistant and gave it a very open request, which led the assistant to look at the cluster. That attempt did not work, because the assistant could not reach any cluster from its environment, and it asked the user to set up the connection first.

Later the user asked for a dummy cluster configuration. The assistant decided that the simplest way was to create a small local cluster with a popular tool, which would also produce the needed configuration. The tool was not installed, so the assistant downloaded it. Putting it in the usual system location did not work because of missing privileges in the environment, so the assistant placed it in a folder in the home directory instead and made it reachable. It then tried to create the cluster, after asking for approval, but this failed as well, because a component the tool depends on is not available on the machine. The assistant explained what the user would need to install before it could try again.

After that the user left the session again. Nothing has been created yet, and the session has just been reopened. The next step is to respond to whatever the user asks now, which may be about the cluster configuration or about the earlier conversation."""

K[S] = [
    "Current model is `gemini-2.5-pro`",
    "u are very smart",
    "magic",
    "kubectl {\"command\": \"kubectl get namespaces\"}",
    "The connection to the server localhost:8080 was refused - did you specify the right host or port?",
    "I want to create a new dummy kubernetes configuration",
    "bash {\"command\": \"command -v kind\"}",
    "https://kind.sigs.k8s.io/dl/v0.23.0/kind-linux-amd64",
    "/usr/bin/bash: line 3: sudo: command not found",
    "\"stdout\": \"/root/bin/kind\\n\"",
    "kind create cluster --name dummy-cluster",
    "ERROR: failed to create cluster: failed to get docker info",
    "It has been a pleasure assisting you. Have a great day!",
    "Available tools:",
    "It seems like I'm having trouble connecting to your Kubernetes cluster.",
    "A fantastic tool for this is called `kind` (Kubernetes in Docker).",
    "\"error\": \"exit status 127\"",
    "No problem at all! We'll take a different approach. I'll create a `bin` directory in your home folder",
    "The following commands require your approval to run:",
    "Unfortunately, installing Docker is a system-level task that is beyond my capabilities.",
    "Welcome back. What can I help you with today?",
]

# ------------------------------------------------ kubectl-ai session 20250904-0856, cut 24 of 43
S = "kubectl_ai_20250904_0856.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

One persisted kubectl-ai session (model gpt-4.1-mini via Azure OpenAI) that the user leaves with "exit" and re-enters; there is no Kubernetes work in it, the user is testing what the assistant remembers. User inputs so far, in order:
1. "model" (2) -> the CLI: "Current model is `gpt-4.1-mini`".
2. "models" (4) -> the CLI failed: "Error: listing models: listing models: failed to get subscriptions page: DefaultAzureCredential: failed to acquire a token." Attempted credentials: EnvironmentCredential (missing environment variable AZURE_TENANT_ID), WorkloadIdentityCredential (no client ID specified), ManagedIdentityCredential (http://169.254.169.254/metadata/identity/oauth2/token: connection refused), AzureCLICredential and AzureDeveloperCLICredential (not found on path).
3. "exi" (6) -> the model said the message seemed cut off.
4. "exit" (8) -> goodbye; session re-entered.
5. "show me a list of questions I have asked till now" (11) -> the model said this was the only question so far (wrong: inputs 1-4 came before).
6. "show me details of the current session" (13) -> "no prior questions or details".
7. "did I ask you earlier about model or models" (15) -> the model listed inputs 5-7 and said the user had not asked about "model" or "models" (wrong: inputs 1 and 2).
8. "exit" (17); re-entered.
9. "what was my last question to you" (20) -> the model answered with that same question (wrong: the previous input was "exit", and before it "did I ask you earlier about model or models").
10. "exit" (22); re-entered.

Current state: the session has just been reopened (message 24, "Welcome back"). The assistant's earlier answers about the history were inaccurate. Next: answer the user's next input; questions about earlier inputs should be answered from the numbered list above (e.g. counting back from the latest input), and questions about models/providers from items 1-2 (gpt-4.1-mini, Azure OpenAI, model listing failed on Azure credentials)."""

T[S, "faithful_short"] = """Summary so far (kubectl-ai session, gpt-4.1-mini on Azure OpenAI, re-entered after each "exit"; the user is testing the assistant's memory). Inputs in order: "model" (CLI: gpt-4.1-mini), "models" (CLI error: DefaultAzureCredential failed to acquire a token, missing AZURE_TENANT_ID etc.), "exi", "exit", "show me a list of questions I have asked till now", "show me details of the current session", "did I ask you earlier about model or models", "exit", "what was my last question to you", "exit". The model's answers about the history were wrong (it ignored the earlier inputs). The session has just been reopened."""

T[S, "terse"] = """Summary so far: the user keeps leaving and reopening the same assistant session and is testing what it remembers. Early on they asked which model is in use and for the list of models, which failed with a credentials error; then they asked several times which questions they had asked before. The assistant's answers about the earlier conversation were not accurate. The session has just been reopened."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

One persisted kubectl-ai session that the user leaves with "exit" and re-enters; there is no Kubernetes work in it, the user is testing what the assistant remembers. User inputs so far, in order:
1. "model" (2) -> the CLI: "Current model is `gemini-2.5-pro`".
2. "models" (4) -> the CLI failed: "Error: listing models: invalid API key: missing environment variable OPENAI_API_KEY"; no model list could be shown.
3. "exi" (6) -> the model said the message seemed cut off.
4. "exit" (8) -> goodbye; session re-entered.
5. "show me a list of questions I have asked till now" (11) -> the model said this was the only question so far (wrong: inputs 1-4 came before).
6. "show me details of the current session" (13) -> "no prior questions or details".
7. "did I ask you earlier about model or models" (15) -> the model confirmed that the user had asked about "model" and "models" earlier and listed them.
8. "exit" (17); re-entered.
9. "what was my last question to you" (20) -> the model answered with that same question (wrong: the previous input was "exit", and before it "did I ask you earlier about model or models").
10. "exit" (22); re-entered.

Current state: the session has just been reopened (message 24, "Welcome back"). Next: answer the user's next input; questions about earlier inputs should be answered from the numbered list above (e.g. counting back from the latest input), and questions about models/providers from items 1-2 (gemini-2.5-pro; model listing failed because the OpenAI API key is missing)."""
P[S] = [
    "the current model is given as gemini-2.5-pro; the CLI said gpt-4.1-mini (message 3)",
    "the models error is given as a missing OPENAI_API_KEY; it was DefaultAzureCredential failing to acquire a token (missing AZURE_TENANT_ID etc., message 5)",
    "the model is said to have confirmed that the user asked about model/models; it said the user had not (message 16)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

One persisted kubectl-ai session (model gpt-4.1-mini via Azure OpenAI) that the user leaves with "exit" and re-enters. User inputs so far, in order:
1. "model" (2) -> the CLI: "Current model is `gpt-4.1-mini`".
2. "models" (4) -> the CLI failed: "Error: listing models: listing models: failed to get subscriptions page: DefaultAzureCredential: failed to acquire a token." (EnvironmentCredential: missing environment variable AZURE_TENANT_ID; managed identity endpoint refused; Azure CLI and Azure Developer CLI not found on path).
3. "exi" (6) -> the model said the message seemed cut off.
4. "exit" (8) -> goodbye; session re-entered.
5. "show me a list of questions I have asked till now" (11) -> the model said this was the only question so far (wrong: inputs 1-4 came before).

Current state: the user is asking about their own earlier questions. Next: answer the user's next input accurately from the list above."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user is talking to a command-line assistant for Kubernetes, but so far the conversation has not involved any cluster work. Instead, the user seems to be exploring how the assistant and its session feature behave. The session is saved between visits: the user has ended it and started it again several times, and each time the earlier exchanges remain part of the same conversation.

At the beginning the user tried some built-in commands of the program to find out which language model is being used and which models are available. The first command was answered, but the second one failed with an error about credentials for the cloud service that hosts the model, so no list was shown. After that the user typed an incomplete word, which the assistant pointed out, and then left.

In the following visits the user asked the assistant several questions about the conversation itself: which questions had been asked so far, what the details of the session are, whether certain topics had come up earlier, and what the most recent question was. The assistant's answers to these questions were not reliable; it tended to treat each visit as if little or nothing had happened before and did not account for everything the user had typed.

The session has just been opened again. The next step is to respond to the user's next message. If it is again about the earlier conversation, the answer should be based on the actual sequence of what the user typed and what happened, including the earlier commands and the error, rather than only on the latest visit."""

K[S] = [
    "Current model is `gpt-4.1-mini`",
    "Error: listing models: listing models: failed to get subscriptions page: DefaultAzureCredential: failed to acquire a token.",
    "EnvironmentCredential: missing environment variable AZURE_TENANT_ID",
    "exi",
    "show me a list of questions I have asked till now",
    "show me details of the current session",
    "did I ask you earlier about model or models",
    "what was my last question to you",
    "Your last question to me was: \"what was my last question to you\"",
    "Welcome back. What can I help you with today?",
    "models",
    "AzureCLICredential: Azure CLI not found on path",
    "It seems like your message got cut off. Could you please clarify or complete your request?",
    "You have asked only one question so far:",
    "There are no prior questions or details of this session available yet.",
    "Also, you have not asked me any questions specifically about \"model\" or \"models.\"",
    "It has been a pleasure assisting you. Have a great day!",
]

# ------------------------------------------------ TradingAgents, APTV, cut 19 of 33
S = "tradingagents_aptv.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): ticker APTV (Aptiv), trade date 2026-05-18. User request (Spanish): "Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses y que pueda afectar el precio de la acción en los próximos 3 a 12 meses" - has any fundamental deteriorated in the last 6 months that could affect the price in the next 3-12 months? Gather enough data; say exactly what is missing and why it matters. Agents run in order: market, social media, news, fundamentals analysts, then bull, bear, research manager. Reports so far are in Spanish.

Market analyst (2-13): get_stock_data 2025-11-18..2026-05-18 (123 rows) and get_indicators close_10_ema, close_50_sma, close_200_sma, macd, macdh, rsi, atr, vwma (2026-05-18 is "Not a trading day"; last close 2026-05-15). Report: price fell from ~88-89 in January to 54.34 on 2026-05-15 (about -38% from the January peak, -28% vs November); 2026-05-05 drop on exceptional volume (~10.2M), close 54.83 vs 59.53 the day before. EMA10 56.38 < SMA50 62.93 < SMA200 75.35; VWMA 56.92; MACD -2.17, histogram +0.03; RSI 37.9 (about 29 in May); ATR 2.42. It could not confirm a fundamental deterioration without financial statements, guidance or consensus data and listed those as missing. Levels: resistance 56.5-58 and 60-63, support 54.

Social media analyst (14-18): get_news for 2025-11-18..2026-05-18, then 2026-04-15..2026-05-18 (mostly the same articles). Report: Q1 2026 beat estimates (EPS surprise +5.30%, revenue +1.27%) and swung from a loss to a profit, but with margin pressure, weaker operating income and regional weakness; EDS spin-off complicates comparisons; positives: ADAS demand, Wind River, Comau automation collaboration, orders from Chinese OEMs; Wall Street ABR = Buy but Zacks Strong Sell; stock down 34.93% over 90 days. Main risk: multiple compression if margins do not stabilise; margin series, FCF and guidance still missing.

Current state: the news analyst starts now (message 19). Next: news analyst (get_news, get_global_news), then the fundamentals analyst should pull the quarterly income statement, balance sheet and cash flow to check margins, cash flow and debt, then the bull/bear debate and the research manager's answer to the user."""

T[S, "faithful_short"] = """Summary so far: TradingAgents run on APTV, trade date 2026-05-18; user asks (Spanish) whether any fundamental degraded in the last 6 months that could hit the price in 3-12 months. Market analyst: price ~88-89 (Jan) -> 54.34 (2026-05-15), big drop 2026-05-05 on ~10.2M volume; EMA10 56.38 < SMA50 62.93 < SMA200 75.35, MACD -2.17, RSI 37.9, ATR 2.42; no financials, so no confirmed deterioration. Social analyst: Q1 2026 beat (EPS +5.30%) but margin pressure, weaker operating income, regional weakness, EDS spin-off; ADAS/Wind River positives; down 34.93% in 90 days. Next: news analyst, then fundamentals (statements), debate, research manager."""

T[S, "terse"] = """Summary so far: a team of analyst agents is checking, for one listed company, whether any of its fundamentals have weakened over the past half year in a way that could move the share price over the coming year. The price analyst found a steep fall and weak technical indicators but had no financial statements; the sentiment analyst found recent results beat estimates yet with weaker margins and some regional softness. The news analyst starts next, then the fundamentals analyst and the debate."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): ticker APTV (Aptiv), trade date 2026-05-18. User request (Spanish): "Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses y que pueda afectar el precio de la acción en los próximos 3 a 12 meses" - has any fundamental deteriorated in the last 6 months that could affect the price in the next 3-12 months? Gather enough data; say exactly what is missing and why it matters. Agents run in order: market, social media, news, fundamentals analysts, then bull, bear, research manager. Reports so far are in Spanish.

Market analyst (2-13): get_stock_data 2025-11-18..2026-05-18 (123 rows) and get_indicators close_10_ema, close_50_sma, close_200_sma, macd, macdh, rsi, atr, vwma (2026-05-18 is "Not a trading day"; last close 2026-05-15). Report: price fell from ~88-89 in January to 54.34 on 2026-05-15 (about -38% from the January peak, -28% vs November); 2026-05-05 drop on light volume, close 54.83 vs 59.53 the day before, read as noise rather than a catalyst. SMA50 62.93 above SMA200 75.35 is a golden-cross setup; EMA10 56.38; VWMA 56.92; MACD -2.17, histogram +0.03; RSI 37.9 (about 29 in May); ATR 2.42. It could not confirm a fundamental deterioration without financial statements, guidance or consensus data and listed those as missing. Levels: resistance 56.5-58 and 60-63, support 54.

Social media analyst (14-18): get_news for 2025-11-18..2026-05-18, then 2026-04-15..2026-05-18 (mostly the same articles). Report: Q1 2026 missed estimates on both EPS and revenue, with margin pressure, weaker operating income and regional weakness; EDS spin-off complicates comparisons; positives: ADAS demand, Wind River, Comau automation collaboration, orders from Chinese OEMs; Wall Street ABR = Buy but Zacks Strong Sell; stock down 34.93% over 90 days. Main risk: multiple compression if margins do not stabilise; margin series, FCF and guidance still missing.

Current state: the news analyst starts now (message 19). Next: news analyst (get_news, get_global_news), then the fundamentals analyst should pull the quarterly income statement, balance sheet and cash flow to check margins, cash flow and debt, then the bull/bear debate and the research manager's answer to the user."""
P[S] = [
    "the 2026-05-05 drop is said to be on light volume and read as noise; it was on exceptional volume (~10.2M) and read as a likely negative catalyst (message 13)",
    "SMA50 is said to be above SMA200 (golden cross); 62.93 is below 75.35 and the analyst reads EMA10 < SMA50 < SMA200 as a weakened trend (message 13)",
    "Q1 2026 is said to have missed estimates; it beat them (EPS surprise +5.30%, revenue +1.27%) despite margin pressure (message 18)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): ticker APTV (Aptiv), trade date 2026-05-18. User request (Spanish): "Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses y que pueda afectar el precio de la acción en los próximos 3 a 12 meses" - has any fundamental deteriorated in the last 6 months that could affect the price in the next 3-12 months? Gather enough data; say exactly what is missing and why it matters. Agents run in order: market, social media, news, fundamentals analysts, then bull, bear, research manager.

Market analyst (2-12): get_stock_data for 2025-11-18..2026-05-18 returned 123 daily rows (close 75.77 on 2025-11-18, highs around 88-89 in January 2026). It then requested eight indicators with get_indicators: close_10_ema, close_50_sma, close_200_sma, macd, macdh, rsi, atr, vwma; the values came back (2026-05-18 and the weekend before are "Not a trading day", so the last values are for 2026-05-15, e.g. EMA10 56.38, VWMA 56.92).

Current state: the market analyst has the data and indicators but has not written its report yet. Next: write the market report (trend, momentum, volatility, what fundamental data is missing), then the social media, news and fundamentals analysts."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked, in Spanish, whether any of the fundamentals of a particular listed company have deteriorated over the last six months in a way that could affect its share price over the next three to twelve months, and asked that missing information be stated clearly. The work is being done by a team of specialised agents that run one after another: several analysts who gather data with tools, followed by a debate between an optimistic and a pessimistic researcher and a final decision by a research manager.

The first analyst looked at price history and a set of technical indicators. It found that the share price has fallen a long way over the period, with one particularly sharp drop on heavy trading, and that trend and momentum indicators point to a weak picture, although the selling pressure may be easing slightly. Because it had no access to financial statements, guidance or analyst estimates, it said it could not confirm a real deterioration in the business, only that the market is pricing in a worse outlook, and it listed the data that would be needed.

The second analyst reviewed recent news and sentiment. It reported that the company's latest quarterly results were better than expected, but that there are signs of pressure on profitability and some regional weakness, and that a recent corporate restructuring makes comparisons harder. It also noted several positive developments in newer business areas and a mixed view among market commentators.

The next analyst, focusing on news, is about to start, followed by the analyst who examines the financial statements. After that the researchers will debate the case and the manager will answer the user's question."""

K[S] = [
    "You are working on ticker `APTV` for trade date `2026-05-18`.",
    "User request: Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses",
    "get_stock_data {\"symbol\": \"APTV\", \"start_date\": \"2025-11-18\", \"end_date\": \"2026-05-18\"}",
    "# Total records: 123",
    "\"indicator\": \"close_200_sma\"",
    "2026-05-18: N/A: Not a trading day (weekend or holiday)",
    "2026-05-15: 56.38294840234832",
    "**54.34** el 2026-05-15",
    "**volumen excepcional (~10.2M)**",
    "**SMA 200 = 75.35**",
    "**MACD = -2.17**",
    "**RSI = 37.9**",
    "get_news {\"ticker\": \"APTV\", \"start_date\": \"2026-04-15\", \"end_date\": \"2026-05-18\"}",
    "A Look At Aptiv (APTV) Valuation After Profit Turnaround And New Automation Partnership",
    "**+5.30% sorpresa en EPS**",
    "Reconfiguración del negocio tras el spin-off de EDS",
    "**EMA 10 = 56.38**",
    "**SMA 50 = 62.93**",
    "**ATR = 2.42**",
    "Fundamentales | No disponibles | No se puede confirmar degradación concreta",
    "**margin pressure**",
    "**regional weakness**",
    "pero Zacks la puso en **Strong Sell**",
]

# ------------------------------------------------ TradingAgents, NOC, cut 21 of 35
S = "tradingagents_noc.json"
T[S, "faithful"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): ticker NOC (Northrop Grumman), trade date 2026-05-18. User request (Spanish): "Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses y que pueda afectar el precio de la acción en los próximos 3 a 12 meses" - has any fundamental deteriorated in the last 6 months that could affect the price in the next 3-12 months? Gather enough data; say exactly what is missing and why. Agents in order: market, social media, news, fundamentals analysts, then bull, bear, research manager. Reports are in Spanish.

Market analyst (2-13): get_stock_data 2025-11-18..2026-05-18 (123 rows) and get_indicators close_50_sma, close_200_sma, macd, rsi, atr, vwma, boll_ub, boll_lb (2026-05-18 "Not a trading day"; last close 2026-05-15 US$540.69). Report: 562.67 on 2025-11-18, peak 768.02 on 2026-03-02, 540.69 now (-29.6% from the March high); -12.5% from 656.98 (Apr 20) to 575.11 (Apr 24); -18.7% since Apr 17. SMA50 649.39 (price 16.8% below), SMA200 617.87 (12.5% below; risk of a death cross); MACD -30.05 (from about -34); RSI 21.97, deeply oversold; VWMA 560.02; Bollinger 518.37-624.46; ATR 14.40 (~2.7%). Without statements, guidance, backlog/book-to-bill, segment margins, FCF or estimate revisions it cannot confirm a deterioration; the late-April sell-off looks like a fundamental event to verify.

Social media analyst (14-20): get_news 2025-11-18..2026-05-18 returned mostly May 2026 news; three follow-up searches (Apr 2026, Jan-Mar 2026, Nov-Dec 2025) all returned "No news found". Report (FINAL TRANSACTION PROPOSAL: HOLD): no direct evidence of fundamental degradation in the news; positives: one of five preferred payload providers in the Drone Dominance program, LR-450 space navigation system, XRQ-73 SHEPARD flight tests for DARPA, solid rocket motors in Australia; cautions: Golden Dome cost uncertainty, competition (Rocket Lab, RTX, Kratos, SpaceX), rising options implied volatility; Q1 2026 10-Q, backlog, margins, FCF and guidance still missing.

Current state: the news analyst starts now (message 21: get_news and get_global_news). Next: news report, then the fundamentals analyst should pull the income statement, balance sheet and cash flow to explain the April sell-off, then the bull/bear debate and the research manager's answer."""

T[S, "faithful_short"] = """Summary so far: TradingAgents run on NOC, trade date 2026-05-18; user asks (Spanish) whether any fundamental degraded in 6 months that could hit the price in 3-12 months. Market analyst: 768.02 peak (2026-03-02) -> 540.69 (2026-05-15), -12.5% Apr 20-24; below SMA50 649.39 and SMA200 617.87; MACD -30.05, RSI 21.97 oversold, ATR 14.40; no financials, so deterioration unconfirmed. Social analyst: news only from May 2026 (sub-period searches "No news found"); mostly positive programs (drone payloads, LR-450, XRQ-73, Australia motors), risks Golden Dome cost, competition; HOLD. Next: news analyst, fundamentals, debate, manager."""

T[S, "terse"] = """Summary so far: a team of analyst agents is checking whether a defence company's fundamentals weakened over the past half year in a way that could move its share price over the coming year. The price analyst found a sharp fall since a spring peak, with oversold and bearish indicators, but had no financial data to confirm a cause. The sentiment analyst found mostly positive recent news, little older news, and some program and competition risks. The news analyst starts next."""

T[S, "planted_errors"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): ticker NOC (Northrop Grumman), trade date 2026-05-18. User request (Spanish): "Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses y que pueda afectar el precio de la acción en los próximos 3 a 12 meses" - has any fundamental deteriorated in the last 6 months that could affect the price in the next 3-12 months? Gather enough data; say exactly what is missing and why. Agents in order: market, social media, news, fundamentals analysts, then bull, bear, research manager. Reports are in Spanish.

Market analyst (2-13): get_stock_data 2025-11-18..2026-05-18 (123 rows) and get_indicators close_50_sma, close_200_sma, macd, rsi, atr, vwma, boll_ub, boll_lb (2026-05-18 "Not a trading day"; last close 2026-05-15 US$540.69). Report: 562.67 on 2025-11-18, peak 768.02 on 2026-03-02, 540.69 now (-29.6% from the March high); -12.5% from 656.98 (Apr 20) to 575.11 (Apr 24); -18.7% since Apr 17. SMA50 649.39 (price 16.8% below), SMA200 617.87 (12.5% below; risk of a death cross); MACD -30.05 (from about -34); RSI 71.97, overbought after a short-covering bounce; VWMA 560.02; Bollinger 518.37-624.46; ATR 14.40 (~2.7%). Without statements, guidance, backlog/book-to-bill, segment margins, FCF or estimate revisions it cannot confirm a deterioration; the late-April sell-off looks like a fundamental event to verify.

Social media analyst (14-20): get_news 2025-11-18..2026-05-18, then three follow-up searches (Apr 2026, Jan-Mar 2026, Nov-Dec 2025) that found a run of negative stories about program charges and a cut guidance in April. Report (FINAL TRANSACTION PROPOSAL: SELL): positives: one of five preferred payload providers in the Drone Dominance program, LR-450 space navigation system, XRQ-73 SHEPARD flight tests for DARPA, solid rocket motors in Australia; cautions: Golden Dome cost uncertainty, competition (Rocket Lab, RTX, Kratos, SpaceX), rising options implied volatility; Q1 2026 10-Q, backlog, margins, FCF and guidance still missing.

Current state: the news analyst starts now (message 21: get_news and get_global_news). Next: news report, then the fundamentals analyst should pull the income statement, balance sheet and cash flow to explain the April sell-off, then the bull/bear debate and the research manager's answer."""
P[S] = [
    "RSI is given as 71.97, overbought; it was 21.97, deeply oversold (message 13)",
    "the three sub-period news searches are said to have found negative stories (program charges, cut guidance); all three returned \"No news found\" (messages 17-19)",
    "the social media analyst's proposal is given as SELL; it was HOLD (message 20)",
]

T[S, "stale"] = """Summary of the session so far (earlier messages were compacted):

Task (message 1): ticker NOC (Northrop Grumman), trade date 2026-05-18. User request (Spanish): "Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses y que pueda afectar el precio de la acción en los próximos 3 a 12 meses" - has any fundamental deteriorated in the last 6 months that could affect the price in the next 3-12 months? Gather enough data; say exactly what is missing and why. Agents in order: market, social media, news, fundamentals analysts, then bull, bear, research manager.

Market analyst (2-12): get_stock_data for 2025-11-18..2026-05-18 returned 123 daily rows (close 562.67 on 2025-11-18). It requested eight indicators with get_indicators (90-day look-back): close_50_sma, close_200_sma, macd, rsi, atr, vwma, boll_ub, boll_lb; the values came back (2026-05-18 and the weekend before are "Not a trading day", so the last values are for 2026-05-15, e.g. SMA50 649.39, lower Bollinger band 518.37).

Current state: the market analyst has the price data and indicators but has not written its report yet. Next: write the market report (trend, momentum, volatility, missing fundamental data), then the social media, news and fundamentals analysts."""

T[S, "vague_long"] = """Summary of the session so far (earlier messages were compacted):

The user asked, in Spanish, whether any of the fundamentals of a large defence company have deteriorated over the last six months in a way that could affect its share price over the next three to twelve months, and asked that any missing information be named explicitly. A team of specialised agents is working on it in sequence: analysts for market data, social media and sentiment, news and financial statements, then two researchers who argue for and against the stock, and finally a research manager who answers the user.

The market analyst reviewed the price history and several technical indicators. It found that the stock rose strongly early in the year and then fell sharply from its peak, with a particularly fast decline over a few days in the spring. The stock now trades below its main moving averages, momentum is negative, and some indicators show it as heavily sold, with volatility still elevated. Without access to financial reports, guidance or order data, the analyst said it could not confirm that the business itself had weakened, but it treated the size and speed of the fall as a warning sign worth checking, and it listed the information needed to do so.

The sentiment analyst then searched for news. Most of what it found was recent, and searches for earlier periods returned nothing. The recent news was largely positive, covering new programmes and technology, while the risks it noted concerned government spending plans, competition and market expectations. It did not find direct evidence of weaker fundamentals and gave a neutral recommendation.

The news analyst is about to begin, followed by the financial statements analyst, the debate and the final decision."""

K[S] = [
    "You are working on ticker `NOC` for trade date `2026-05-18`.",
    "User request: Revisa si hay algún elemento en sus fundamentales que se haya degradado en los últimos 6 meses",
    "get_stock_data {\"symbol\": \"NOC\", \"start_date\": \"2025-11-18\", \"end_date\": \"2026-05-18\"}",
    "\"indicator\": \"boll_lb\"",
    "2026-05-15: 649.3930017089843",
    "cierre **US$540.69**",
    "Cierre el **2026-03-02:** US$768.02",
    "El RSI está en **21.97**",
    "El MACD está en **-30.05**",
    "El ATR está en **US$14.40**",
    "No news found for NOC between 2026-04-01 and 2026-04-30",
    "No news found for NOC between 2025-11-18 and 2025-12-31",
    "Northrop Grumman Selected for U.S. Defense Drone Payload Program (NOC)",
    "FINAL TRANSACTION PROPOSAL: **HOLD**",
    "XRQ-73 SHEPARD",
    "Golden Dome",
    "La media de 50 días en NOC se encuentra en **US$649.39**",
    "La media de 200 días está en **US$617.87**",
    "El VWMA está en **US$560.02**",
    "caída de aproximadamente **-12.5%** en pocos días",
    "get_news {\"ticker\": \"NOC\", \"start_date\": \"2026-01-01\", \"end_date\": \"2026-03-31\"}",
    "No news found for NOC between 2026-01-01 and 2026-03-31",
    "LR-450",
]
