"""Hand-written replacements for set L9 (T[(session, variant)]) and the planted errors (P[session])."""
T, P = {}, {}

# ---------------------------------------------------------------- aider_census.json (cut 20)
S = "aider_census.json"
T[S, "faithful"] = """Summary of the conversation so far (messages 1-19):

The user is using aider (GPT-4) in a git repo to do a small US Census data analysis: choose a dataset, download it, suggest hypotheses, write code to test one, and summarize the result.

- Dataset: I recommended the American Community Survey (ACS) and the Census Bureau API. The script calls `https://api.census.gov/data/2019/acs/acs5` (ACS 5-year 2019) with `'for': 'state:*'` (all states) and an API key; I explained how to get a key at https://api.census.gov/data/key_signup.html.
- File: the download script was saved as `new_file/getdata.py` (the user approved creating it and adding it to git; commit `afcb9d1`). The user then gave the key `4ae31ed2a0f0dd62609e51cd95deadbeefe7774f`, which is now in `api_key` (commit `1d8b4a6`).
- Hypotheses I proposed: (1) income vs education, (2) population density vs housing prices, (3) employment vs crime, (4) public transport vs car ownership, (5) age distribution vs healthcare facilities. The user chose #2: higher population density areas have higher housing prices.
- I said I cannot download data myself; the user runs the script. For #2 I changed the requested variables (commit `81549ab`) to `'get': 'NAME,B01003_001E,B25077_001E'`: B01003_001E = total population, B25077_001E = median value of owner-occupied housing units. Note: this is total population per state, not a true density (no land area is fetched), although I have been calling it population density.
- Current state of `new_file/getdata.py`: `import requests`, the params above, `response = requests.get(url, params=params)`, `data = response.json()`, then `for row in data: print(row)`. pandas is not used yet.

Latest user request (message 19): "instead of printing all the data, print a summary table that shows whether the data supports the hypothesis".

Next step: edit `new_file/getdata.py` in aider's ORIGINAL/UPDATED edit-block format: load `data[1:]` with header `data[0]` into a pandas DataFrame, convert the two columns to numeric, compute the correlation between B01003_001E and B25077_001E, and print it as a summary instead of the rows. The user will then run it with `/run python3 new_file/getdata.py`."""
T[S, "faithful_short"] = """Summary so far: the user is doing a US Census analysis with aider. We chose the ACS 5-year 2019 API (`https://api.census.gov/data/2019/acs/acs5`, all states). The script is `new_file/getdata.py` (commits afcb9d1, 1d8b4a6 with the user's API key `4ae31ed2a0f0dd62609e51cd95deadbeefe7774f`, 81549ab). The user picked hypothesis #2: higher population density areas have higher housing prices. The script now requests `NAME,B01003_001E,B25077_001E` (total population, median home value; not a real density) and prints every row. Latest request: instead of printing all the data, print a summary table showing whether the data supports the hypothesis. Next: add pandas, build a DataFrame, compute the correlation and print it."""
T[S, "terse"] = """Census analysis with aider: script `new_file/getdata.py` fetches ACS 2019 5-year data for all states (API key set), variables B01003_001E (population) and B25077_001E (median home value) for hypothesis #2 (density vs housing prices). It prints all rows. User now wants a summary table showing whether the data supports the hypothesis."""
T[S, "planted_errors"] = """Summary of the conversation so far (messages 1-19):

The user is using aider (GPT-4) to run a small US Census data analysis: pick a dataset, download it, propose hypotheses, test one and summarize.

- Dataset: the American Community Survey (ACS) via the Census Bureau API, endpoint `https://api.census.gov/data/2019/acs/acs5`, all states (`'for': 'state:*'`). The user got an API key from https://api.census.gov/data/key_signup.html.
- File: the download script was saved as `getdata.py` in the repository root (commit `afcb9d1`). The user's key `4ae31ed2a0f0dd62609e51cd95deadbeefe7774f` is set in `api_key` (commit `1d8b4a6`).
- Hypotheses proposed: income vs education, population density vs housing prices, employment vs crime, public transport vs car ownership, age distribution vs healthcare facilities. The user chose #2: higher population density areas have higher housing prices.
- For #2 the variables were changed (commit `81549ab`) to `'get': 'NAME,B01003_001E,B25064_001E'`: total population and median gross rent. Population is a state total, not a true density.
- The script currently does `data = response.json()` and prints every row; pandas is not imported yet.

Latest user request: plot a scatter graph of population against housing prices so the correlation can be seen.

Next step: edit the script to build a pandas DataFrame from the JSON rows (header in the first row), convert the two columns to numbers and draw the scatter plot with matplotlib; then the user runs it with `/run python3 getdata.py`."""
P[S] = [
    "The script is said to be `getdata.py` in the repository root; it is `new_file/getdata.py`.",
    "The housing variable is given as B25064_001E (median gross rent); the script requests B25077_001E (median value of owner-occupied housing units).",
    "The latest request is given as plotting a scatter graph; the user asked to print a summary table that shows whether the data supports the hypothesis instead of printing all the data (the plot comes later).",
]
T[S, "keyword_dump"] = """what is a good basic us census dataset to analyze for interesting patterns? | American Community Survey (ACS) | https://api.census.gov/data/2019/acs/acs5 | 'for': 'state:*' | https://api.census.gov/data/key_signup.html | please save your download script as `getdata.py` | new_file/getdata.py | Allow creation of new file new_file/getdata.py? y | Add new_file/getdata.py to git? y | Commit afcb9d1 aider: Added `getdata.py` file with download script. | add my api key: 4ae31ed2a0f0dd62609e51cd95deadbeefe7774f | Commit 1d8b4a6 aider: Updated the API key in new_file/getdata.py. | 2. Impact of population density on housing prices: Higher population density areas have higher housing prices. | As an AI language model, I cannot directly download or access data. | B01003_001E: Total population | B25077_001E: Median value of owner-occupied housing units | 'get': 'NAME,B01003_001E,B25077_001E' | Commit 81549ab aider: Updated code to fetch population and housing price data for testing hypothesis #2. | for row in data: print(row) | instead of printing all the data, print a summary table that shows whether the data supports the hypothesis"""
T[S, "stale"] = """Summary of the conversation so far:

The user is using aider (GPT-4) to explore US Census data and asked what a good basic dataset would be for finding interesting patterns. I recommended the American Community Survey (ACS) from the US Census Bureau, which covers demographic, social, economic and housing characteristics, and suggested possible patterns to study (population change, ethnic composition, income inequality, education and income, housing affordability).

The user asked how to download ACS data. I explained the Census Bureau API and gave a Python example with `requests` that calls `https://api.census.gov/data/2019/acs/acs5` with `'get': 'NAME,B01001_001E'` (total population) and `'for': 'state:*'`, plus a `key` parameter. I also explained how to request an API key at https://api.census.gov/data/key_signup.html.

The user then asked me to save the download script as `getdata.py`. I created it as `new_file/getdata.py`; aider asked to create the file and add it to git (both approved) and committed it as `afcb9d1`. The script still contains the placeholder `api_key = 'your_api_key'` and prints every row of the response."""
T[S, "vague_long"] = """Summary of the conversation so far:

The user has been working with the coding assistant on an exploratory data analysis project built around publicly available US government statistics. It began with a general question about which dataset would be a sensible starting point, and the assistant recommended a well-known national survey covering demographic, social, economic and housing characteristics. Several directions for analysis were discussed at a high level.

The user then asked how the data could be obtained. The assistant explained that the statistics are available through an official web API that requires a personal key, described in general terms how to sign up for one, and provided a short Python example showing how to request data for geographic areas. At the user's request, this example was saved into a script file in the repository, and the user later supplied their own key so the script could authenticate. Each of these edits was committed to git by the tool.

Next, the assistant suggested a handful of hypotheses that could be tested with the available data, touching on topics such as income, education, housing, employment and demographics. The user selected one of the hypotheses relating the characteristics of an area's population to local housing costs. The assistant clarified that it cannot fetch data on its own and that the user needs to run the script, and it updated the requested variables so that the script retrieves the figures relevant to the chosen hypothesis.

At this point the script downloads the relevant figures and simply prints the raw response. The user would now like the output to be more useful, presenting the results in a way that indicates whether the evidence supports the hypothesis they chose. The natural next step is to update the script so that it processes the downloaded data, performs an appropriate statistical comparison, and reports the outcome in a concise, readable form that the user can run and interpret, possibly followed by a visualization of the relationship."""

# ---------------------------------------------------------------- aider history (cut 33)
S = "aider_history_2024-08-09_commit-before-message.json"
T[S, "faithful"] = """Summary of the session so far (messages 1-32):

We are in aider's own repo (aider v0.48.2-dev, claude-3-5-sonnet, diff edit format; every edit is auto-committed). The user is adding a per-message base commit so `/diff` and the undo hint work relative to the start of the current message, and making head lookups safe in a brand-new repo (no commits raises `ValueError: Reference at 'refs/heads/main' does not exist`).

Done so far:
- `423b6e1` (aider/coders/base_coder.py): class attribute `Coder.commit_before_message = None`; `init_before_message` sets it to `self.repo.repo.head.commit.hexsha` when there is a repo.
- `d9e7d64`: that lookup wrapped in `try/except ValueError` -> None (brand-new repo).
- `/add aider/commands.py`; `543227f`: `cmd_diff` now diffs from `commit_before_message` to `HEAD`, printing "No changes to display since the last message." when there is no base commit or it equals the current head.
- User said "again, catch ValueError on .head"; I started changing `init_before_message` to also catch `git.exc.GitCommandError`, but that reply was interrupted (^C) and never applied. The user clarified: catch `ValueError` in `cmd_diff` when setting `current_head` -> `55d55c3` (tool_error "Unable to get current commit. The repository might be empty.").
- `/drop aider/commands.py`, `/add aider/repo.py`.
- `show_undo_hint`: aider first committed the user's pending base_coder.py changes (`82679ee`), then `1a3f404`: `show_undo_hint(self, commit_hash)` only prints "You can use /undo ..." when `commit_before_message` differs from the head.
- `ca9ef60`: new `GitRepo.get_head()` in aider/repo.py, returning `self.repo.head.commit.hexsha` or None on ValueError.
- `2526426`: `show_undo_hint` now compares with `self.repo.get_head()`.

Current state: files in chat are aider/coders/base_coder.py and aider/repo.py. `init_before_message` still has the try/except ValueError block; `cmd_diff` (commands.py, not in chat) still has its own try/except.

Latest user request (message 32): "use it in `init_before_message`", i.e. replace the try/except with `self.commit_before_message = self.repo.get_head()` (keeping the `else: None` branch when there is no repo). Answer with a SEARCH/REPLACE block on aider/coders/base_coder.py."""
T[S, "faithful_short"] = """Session so far (aider repo, claude-3-5-sonnet, auto-commits): added `Coder.commit_before_message`, set in `init_before_message` from the head commit with try/except ValueError for brand-new repos (423b6e1, d9e7d64); `cmd_diff` in aider/commands.py diffs from it to HEAD and catches ValueError on current_head (543227f, 55d55c3; an interrupted GitCommandError edit was never applied); `show_undo_hint(commit_hash)` only shows the hint when the head moved (1a3f404); new `GitRepo.get_head()` in aider/repo.py returns the hexsha or None (ca9ef60), now used in show_undo_hint (2526426). commands.py was dropped; base_coder.py and repo.py are in the chat. Latest request: "use it in `init_before_message`": replace the try/except with `self.repo.get_head()`."""
T[S, "terse"] = """aider's own repo, auto-commits: `commit_before_message` added to Coder (set in init_before_message with try/except ValueError), cmd_diff uses it, show_undo_hint only when head changed, new `GitRepo.get_head()` (aider/repo.py) used in show_undo_hint. User now asks: use get_head() in `init_before_message` (aider/coders/base_coder.py), replacing its try/except ValueError block."""
T[S, "planted_errors"] = """Summary of the session so far (messages 1-32):

We are in aider's own repo (aider v0.48.2-dev, claude-3-5-sonnet, diff edit format, auto-commits). The user is adding a per-message base commit so `/diff` and the undo hint work relative to the start of the current message, and making head lookups safe in a brand-new repo (`ValueError: Reference at 'refs/heads/main' does not exist`).

Done so far:
- `423b6e1`: `Coder.commit_before_message = None` in aider/coders/base_coder.py; `init_before_message` sets it to `self.repo.repo.head.commit.hexsha`.
- `d9e7d64`: lookup wrapped in `try/except ValueError` -> None.
- `543227f`: `cmd_diff` in aider/commands.py diffs from `commit_before_message` to `HEAD`, with "No changes to display since the last message." when nothing changed.
- "again, catch ValueError on .head": `init_before_message` now also catches `git.exc.GitCommandError` (applied and committed); then `55d55c3` added the ValueError catch around `current_head` in `cmd_diff`.
- `1a3f404`: `show_undo_hint(self, commit_hash)` prints the undo hint only when `commit_before_message` differs from the head (after aider auto-committed pending changes as `82679ee`).
- `ca9ef60`: new `Coder.get_head()` method in aider/coders/base_coder.py, returning the head hexsha or None on ValueError.
- `2526426`: `show_undo_hint` uses `get_head()`.

Current state: aider/coders/base_coder.py and aider/repo.py are in the chat; commands.py was dropped, so it would need to be added back with `/add aider/commands.py`.

Latest user request (message 32): "use it in `cmd_diff`", i.e. replace the try/except around `current_head` in aider/commands.py with a `get_head()` call, using a SEARCH/REPLACE block as before."""
P[S] = [
    "The interrupted edit adding `git.exc.GitCommandError` to init_before_message is said to be applied and committed; it was cut off by ^C and never applied.",
    "get_head() is said to be a `Coder` method in aider/coders/base_coder.py; it is `GitRepo.get_head()` in aider/repo.py.",
    "The latest request is given as using get_head() in `cmd_diff`; the user asked to use it in `init_before_message`.",
]
T[S, "keyword_dump"] = """Aider v0.48.2-dev | claude-3-5-sonnet-20240620 with diff edit format | add a Coder.commit_before_message variable. in `init_before_message`, set it to the hash of the current commit | self.commit_before_message = self.repo.repo.head.commit.hexsha | Commit 423b6e1 | ValueError: Reference at 'refs/heads/main' does not exist | except ValueError: | Commit d9e7d64 fix: handle case of brand new repository with no commits | /add aider/commands.py | change cmd_diff to show a diff of everything since `commit_before_message` | Commit 543227f | again, catch ValueError on .head | ^C again to exit | no, in cmd_diff catch `ValueError` when you set `current_head` | Commit 55d55c3 | /drop aider/commands.py | /add aider/repo.py | change show_undo_hint to only show it if the current head is not `commit_before_message` | Commit 82679ee | Commit 1a3f404 | make a Repo.get_head() method that returns repo.head.commit.hexsha or None if there's a ValueError | Commit ca9ef60 feat: Add GitRepo.get_head() method | use that in `show_undo_hint` | Commit 2526426 fix: use get_head() in show_undo_hint | use it in `init_before_message`"""
T[S, "stale"] = """Summary of the session so far:

We are in aider's own repository (aider v0.48.2-dev, claude-3-5-sonnet-20240620, diff edit format; edits are auto-committed). The user wants aider to remember the commit at the start of each user message so `/diff` can show everything changed since then.

- Commit `423b6e1` (aider/coders/base_coder.py): added the class attribute `Coder.commit_before_message = None`, and `init_before_message` now sets it to `self.repo.repo.head.commit.hexsha` when there is a repo.
- The user hit `ValueError: Reference at 'refs/heads/main' does not exist` in a brand-new repo with no commits; commit `d9e7d64` wraps the lookup in `try/except ValueError` and sets None in that case.
- The user added aider/commands.py. Commit `543227f` changed `cmd_diff` to diff from `commit_before_message` to `HEAD`, and to print "No changes to display since the last message." when there is no base commit or it equals the current head.
- The user then asked to "again, catch ValueError on .head", and I began changing `init_before_message` to also catch `git.exc.GitCommandError`."""
T[S, "vague_long"] = """Summary of the session so far:

The user is working on the aider codebase itself with aider and a Claude model; every accepted change is committed automatically. The theme is making aider's git-related commands behave more sensibly across a single user message, and making the code robust when the repository has no commits yet.

Early on, the assistant introduced a new piece of state on the main coder object to remember where the repository stood before the current message was processed, and set it at the start of each message. The user then reported a crash in a freshly initialised repository, and the assistant added error handling so that the missing reference no longer breaks things. After that, the user brought the commands module into the chat and asked for the diff command to show everything that changed since the remembered point rather than only the last commit, with a friendly message when there is nothing to show.

There was a short misunderstanding when the user asked for more error handling: the assistant started changing the wrong place, the user interrupted and clarified, and the handling was then added where the user intended. Later the user swapped which files were in the chat, focusing on the coder and the repository helper, and asked that the hint about undoing changes only be shown when something was actually committed during the current message. The user then asked for a small helper on the repository class that safely returns the current head, and asked for it to be used in a couple of places so that duplicated error handling can be removed. Some of those replacements have been done and others remain, and the user is continuing to ask for the helper to be adopted in the remaining spots one at a time. The next step is to apply the user's latest request in the relevant method using the same search-and-replace edit format, keeping behaviour unchanged when there is no repository."""

# ---------------------------------------------------------------- moatless sklearn (cut 26)
S = "moatless_scikit-learn-13779.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-25):

Task: SWE-bench issue scikit-learn__scikit-learn-13779, "Voting estimator will fail at fit if weights are passed and an estimator is None". Reproduction: fit a `VotingClassifier` with `estimators=[('lr', LogisticRegression()), ('rf', RandomForestClassifier())]` and `sample_weight=np.ones(y.shape)`, then `voter.set_params(lr=None)` and fit again with sample_weight -> `AttributeError: 'NoneType' object has no attribute 'fit'`.

Work done (moatless states):
- SearchCode in `**/ensemble/voting.py` found `sklearn/ensemble/voting.py`: `VotingClassifier.fit`, `_BaseVoting.fit`, `VotingRegressor.fit` among the spans.
- IdentifyCode / DecideRelevance: relevant spans `_BaseVoting.fit` (it contains the per-estimator sample_weight support check and the Parallel fit) and `VotingClassifier.fit`; marked complete.
- PlanToCode 1 -> EditCode (lines 240-273 of `VotingClassifier.fit`), applied with no verification errors. Diff (`@@ -270,6 +270,9 @@`), inserted just before `return super().fit(X, transformed_y, sample_weight)`:
  `if sample_weight is not None: sample_weight = sample_weight if all(clf is not None for _, clf in self.estimators) else None`
  This only drops the weights when some estimator is None; `_BaseVoting.fit` and `VotingRegressor` are untouched.
- PlanToCode 2 ("skip None estimators when passing sample_weight to the Parallel call", span `VotingClassifier.fit`, lines 240-276) -> EditCode returned unchanged code twice -> "The code in the replace tag is the same as in the search. Use the reject function..." -> rejected.
- PlanToCode 3 (same instruction, adding "in the parent class's fit method", still span `VotingClassifier.fit`) -> same retry -> rejected.

Current state: only the first edit is in the file. The agent is looping: it keeps planning on `VotingClassifier.fit`, where the requested change cannot be expressed, so the editor returns identical code and rejects.

Next step: stop re-planning the same span. Plan a modify on `_BaseVoting.fit` in `sklearn/ensemble/voting.py`, so that the sample_weight support check (and the fitting) skips estimators that are None, and consider reverting the weight-dropping workaround in `VotingClassifier.fit`."""
T[S, "faithful_short"] = """Run so far: issue scikit-learn-13779 (VotingClassifier fit with sample_weight fails with `AttributeError: 'NoneType' object has no attribute 'fit'` after `set_params(lr=None)`). Relevant file `sklearn/ensemble/voting.py`, spans `_BaseVoting.fit` and `VotingClassifier.fit`. Edit 1 (applied) added before `return super().fit(...)` in VotingClassifier.fit: sample_weight set to None unless all estimators are not None (a workaround that drops weights). Two further plans on VotingClassifier.fit (lines 240-276, "skip None estimators ... Parallel call") produced identical code, got "The code in the replace tag is the same as in the search" and were rejected. Next: plan the change in `_BaseVoting.fit` instead of repeating it."""
T[S, "terse"] = """SWE-bench sklearn-13779 (VotingClassifier sample_weight + None estimator). In sklearn/ensemble/voting.py a workaround was applied in VotingClassifier.fit (drop sample_weight if any estimator is None). Two later edit attempts on the same span were rejected as no-ops (identical code). Next: fix `_BaseVoting.fit` instead."""
T[S, "planted_errors"] = """Summary of the run so far (messages 1-25):

Task: SWE-bench issue scikit-learn__scikit-learn-13779, "Voting estimator will fail at fit if weights are passed and an estimator is None": after `voter.set_params(lr=None)`, fitting again with `sample_weight=np.ones(y.shape)` raises `AttributeError: 'NoneType' object has no attribute 'fit'`.

Work done (moatless states; Claude 3.5 Sonnet plans, GPT-4o edits):
- SearchCode in `**/ensemble/voting.py` (class VotingClassifier, function fit) found `sklearn/ensemble/_voting.py` with spans `VotingClassifier.fit`, `_BaseVoting.fit` and `VotingRegressor.fit`.
- IdentifyCode / DecideRelevance: relevant spans `_BaseVoting.fit` and `VotingClassifier.fit`; marked complete.
- PlanToCode 1 -> EditCode applied to `_BaseVoting.fit` with no verification errors: the sample_weight is set to None unless `all(clf is not None for _, clf in self.estimators)`, just before the estimators are fitted.
- PlanToCode 2 ("skip None estimators when passing sample_weight to the Parallel call", lines 240-276) -> EditCode applied successfully.
- PlanToCode 3 (same instruction, this time for the parent class's fit method) -> EditCode applied successfully as well, with no verification errors reported.

Current state: three edits are in the file. The parent class now skips None estimators in the Parallel call, and the guard on sample_weight makes sure weights are never passed to a missing estimator, which covers both VotingClassifier and VotingRegressor.

Next step: the fix should be complete; no more planning on this span is needed. Verify it with the reproduction from the issue (fit, `set_params(lr=None)`, fit again with `sample_weight=np.ones(y.shape)`) and finish."""
P[S] = [
    "The file is given as `sklearn/ensemble/_voting.py`; it is `sklearn/ensemble/voting.py`.",
    "The first edit is said to be in `_BaseVoting.fit`; it was applied to `VotingClassifier.fit` (before `return super().fit(...)`), and `_BaseVoting.fit` was never changed.",
    "The second and third edits are said to be applied successfully; both returned identical code, got the retry message and were rejected, so nothing changed.",
]
T[S, "keyword_dump"] = """Voting estimator will fail at fit if weights are passed and an estimator is None | voter.set_params(lr=None) | AttributeError: 'NoneType' object has no attribute 'fit' | SearchCode | file_pattern: **/ensemble/voting.py | sklearn/ensemble/voting.py | VotingClassifier.fit | _BaseVoting.fit | VotingRegressor.fit | IdentifyCode | DecideRelevance relevant: True, complete: True | PlanToCode action: modify | Add a check to ensure that sample_weight is not passed to estimators that are None. | start_line: 240, end_line: 273 | Applied the change to sklearn/ensemble/voting.py. | @@ -270,6 +270,9 @@ | if sample_weight is not None: | sample_weight = sample_weight if all(clf is not None for _, clf in self.estimators) else None | return super().fit(X, transformed_y, sample_weight) | Modify the fit method to skip None estimators when passing sample_weight to the Parallel call. | end_line: 276 | trigger: retry | The code in the replace tag is the same as in the search. Use the reject function if you can't do any changes and want to reject the instructions. | <reject> | trigger: reject | in the parent class's fit method"""
T[S, "stale"] = """Summary of the run so far:

Task: SWE-bench issue scikit-learn__scikit-learn-13779, "Voting estimator will fail at fit if weights are passed and an estimator is None". Reproduction: fit a `VotingClassifier` (lr = LogisticRegression, rf = RandomForestClassifier) with `sample_weight=np.ones(y.shape)`, call `voter.set_params(lr=None)`, fit again with sample_weight -> `AttributeError: 'NoneType' object has no attribute 'fit'`.

- SearchCode in `**/ensemble/voting.py` (class VotingClassifier, function fit) returned spans of `sklearn/ensemble/voting.py`, among them `VotingClassifier.fit`, `_BaseVoting.fit` and `VotingRegressor.fit`.
- IdentifyCode selected `_BaseVoting.fit` (contains the sample_weight support check and the fitting of the estimators) and `VotingClassifier.fit` (calls the parent's fit); DecideRelevance marked the context relevant and complete.
- PlanToCode: modify `VotingClassifier.fit`, "Add a check to ensure that sample_weight is not passed to estimators that are None", lines 240-273. The edit is being made in that span."""
T[S, "vague_long"] = """Summary of the run so far:

The agent is working on a bug report for a popular machine-learning library. The report says that an ensemble estimator which combines several sub-estimators fails during fitting when per-sample weights are supplied and one of the sub-estimators has been disabled by setting it to nothing. A short reproduction is included in the report, ending in an attribute error because the code tries to call a method on a missing object.

The agent first searched the codebase for the ensemble module and located the file that implements the voting-based estimators, including the classifier, the regressor and a shared base class. It reviewed the search results and selected the fitting logic of the shared base class and of the classifier as the relevant code, and it judged the collected context to be sufficient to start making changes.

The agent then planned and applied a first modification in the classifier's fitting method. The change adds a guard related to the sample weights when some of the sub-estimators are disabled. The edit was applied without any reported verification problems, although it works around the symptom rather than addressing where the check on the sub-estimators actually happens.

After that, the agent tried to refine the fix several times with similar instructions about skipping disabled sub-estimators when weights are passed down to the parallel fitting step. These attempts did not lead to further changes: the editing step produced code identical to what was already there, the tool asked it to either change something or reject the instruction, and the attempts ended up being rejected. The agent appears to be repeating the same plan without progress.

The next step is to break out of this loop, reconsider which part of the module really needs to change so that disabled sub-estimators are ignored when weights are checked and used, apply a proper fix there, and then verify the behaviour against the reproduction from the report before finishing."""

# ---------------------------------------------------------------- moatless django (cut 20)
S = "moatless_django-11095.json"
T[S, "faithful"] = """Summary of the run so far (messages 1-19):

Task: SWE-bench issue django__django-11095: add a `ModelAdmin.get_inlines(request, obj=None)` hook so inlines can be chosen from the request or the model instance, instead of overriding `get_inline_instances` and copying its for loop.

Work done (moatless states):
- SearchCode in `django/contrib/admin/options.py` (ModelAdmin and inline-related methods, `get_inline_instances`, `get_inline_formsets`).
- IdentifyCode: spans `ModelAdmin`, `ModelAdmin.get_inline_instances`, `ModelAdmin.__init__`; DecideRelevance: relevant and complete.
- Edit 1 (applied, no verification errors): in options.py, `ModelAdmin` (span lines 538-572) now has
  `def get_inlines(self, request, obj=None): return self.inlines`
  right after `checks_class = ModelAdminChecks` and before `__init__` (hunk `@@ -571,6 +571,9 @@`).
- Edit 2 (applied): `get_inline_instances` (lines 586-599): `for inline_class in self.inlines:` became `for inline_class in self.get_inlines(request, obj):`. With edits 1 and 2 the issue's request is implemented.
- Edit 3 (applied, not requested by the issue): plan "add `_check_get_inlines` to `ModelAdminChecks`" in `django/contrib/admin/checks.py` (span `ModelAdminChecks`, lines 615-615). The replacement re-emitted the class body, so the diff `@@ -613,6 +613,118 @@` inserts a second copy of `check()`, `_check_save_as`, `_check_save_on_top`, `_check_inlines` and `_check_inlines_item`, plus a new `_check_get_inlines` (errors `admin.E131` "'get_inlines' must be a callable." and `admin.E132` "'get_inlines' must return an iterable.", calling `obj.get_inlines(request=None)`); `_check_inlines` now also calls it. The original methods are still below, so checks.py has duplicated method definitions.

Current state: the feature is done in options.py; checks.py holds a duplicated, unrequested change that may break or confuse the system checks.

Next step: do not plan the `_check_get_inlines` change again (the span edit duplicates code). Revert or shrink the checks.py change to the original class, then finish (optionally with a docstring for `get_inlines`)."""
T[S, "faithful_short"] = """Run so far: django-11095, add `ModelAdmin.get_inlines(request, obj=None)`. In django/contrib/admin/options.py, `get_inlines` returning `self.inlines` was added to ModelAdmin before `__init__`, and `get_inline_instances` now loops over `self.get_inlines(request, obj)`: the issue is implemented. Search and identify pointed to the ModelAdmin spans; both edits applied without verification errors. Then an unrequested edit to django/contrib/admin/checks.py (span ModelAdminChecks, line 615), meant to add a check for the hook, inserted a second copy of `check()`, `_check_save_as`, `_check_save_on_top`, `_check_inlines`, `_check_inlines_item` plus `_check_get_inlines` (admin.E131/E132); checks.py now has duplicated methods. Next: revert or reduce the checks.py change rather than re-planning it (repeating it duplicates more code), then finish."""
T[S, "terse"] = """django-11095 (moatless): the hook `ModelAdmin.get_inlines(request, obj=None)`, returning `self.inlines`, was added in django/contrib/admin/options.py and is now used in `get_inline_instances` (feature done). An extra, unrequested edit to django/contrib/admin/checks.py duplicated several ModelAdminChecks methods while adding `_check_get_inlines`; it should be reverted, not planned again."""
T[S, "planted_errors"] = """Summary of the run so far (messages 1-19):

Task: SWE-bench issue django__django-11095: add a `ModelAdmin.get_inlines(request, obj=None)` hook so inlines can be chosen from the request or the model instance, instead of overriding `get_inline_instances` and copying its for loop.

Work done (moatless states):
- SearchCode in `django/contrib/admin/options.py` for the ModelAdmin class and the inline methods (`get_inline_instances`, `get_inline_formsets`); IdentifyCode selected `ModelAdmin`, `ModelAdmin.get_inline_instances` and `ModelAdmin.__init__`; DecideRelevance: relevant and complete.
- Edit 1 (applied, no verification errors): `def get_inlines(self, request, obj=None): return self.inlines` was added to `BaseModelAdmin` in options.py, so inline admins inherit it too.
- Edit 2: the plan to change `get_inline_instances` (lines 586-599) so that it loops over `self.get_inlines(request, obj)` instead of `self.inlines` has been made, but the edit has not been applied yet.
- Edit 3: a plan to add `_check_get_inlines` to `ModelAdminChecks` in `django/contrib/admin/checks.py` (line 615) was tried; the editor rejected it and checks.py is unchanged.

Current state: options.py contains the new hook, but nothing calls it yet: `get_inline_instances` still iterates `self.inlines`, so overriding `get_inlines` has no effect. checks.py is untouched and has no check for the hook.

Next step: apply the `get_inline_instances` change (replace `for inline_class in self.inlines:` with `for inline_class in self.get_inlines(request, obj):`), then retry the `_check_get_inlines` system check in `ModelAdminChecks` in checks.py (new errors admin.E131 for a non-callable hook and admin.E132 for a non-iterable result), and finish once both are applied."""
P[S] = [
    "get_inlines is said to be added to `BaseModelAdmin`; it was added to `ModelAdmin` (after `checks_class`, before `__init__`).",
    "The get_inline_instances change is said to be not applied yet; it was applied (the loop already uses `self.get_inlines(request, obj)`).",
    "The checks.py edit is said to be rejected with checks.py unchanged; it was applied and inserted duplicated ModelAdminChecks methods plus `_check_get_inlines`.",
]
T[S, "keyword_dump"] = """add ModelAdmin.get_inlines() hook to allow set inlines based on the request or model instance. | get_inline_instances | a for loop should be copied to my code | get_inlines(request, obj=None) | SearchCode | django/contrib/admin/options.py | ModelAdmin.get_inline_instances | ModelAdmin.__init__ | IdentifyCode | DecideRelevance relevant: True, complete: True | PlanToCode span_id: ModelAdmin start_line: 538 end_line: 572 | def get_inlines(self, request, obj=None): | return self.inlines | @@ -571,6 +571,9 @@ | checks_class = ModelAdminChecks | Applied the change to django/contrib/admin/options.py. | for inline_class in self.inlines: | for inline_class in self.get_inlines(request, obj): | start_line: 586 end_line: 599 | Add a new check method called `_check_get_inlines` to the `ModelAdminChecks` class. | django/contrib/admin/checks.py | start_line: 615 end_line: 615 | @@ -613,6 +613,118 @@ | class ModelAdminChecks(BaseModelAdminChecks): | def _check_get_inlines(self, obj): | 'get_inlines' must be a callable. | admin.E131 | 'get_inlines' must return an iterable. | admin.E132 | Applied the change to django/contrib/admin/checks.py. | verification_errors: []"""
T[S, "stale"] = """Summary of the run so far:

Task: SWE-bench issue django__django-11095: add a `ModelAdmin.get_inlines(request, obj=None)` hook so that inlines can be set based on the request or the model instance. Today one has to override `get_inline_instances` and copy its for loop.

- SearchCode in `django/contrib/admin/options.py` for the ModelAdmin class and inline-related methods (`get_inline_instances`, `get_inline_formsets`) returned the ModelAdmin, InlineModelAdmin and BaseModelAdmin spans.
- IdentifyCode selected `ModelAdmin`, `ModelAdmin.get_inline_instances` and `ModelAdmin.__init__`; DecideRelevance marked the context relevant and complete.
- PlanToCode: add `get_inlines(self, request, obj=None)` returning `self.inlines` to `ModelAdmin` (span lines 538-572). EditCode applied it: the method sits right after `checks_class = ModelAdminChecks` and before `__init__` (hunk `@@ -571,6 +571,9 @@`), with no verification errors. For now the hook simply returns the class attribute, keeping the current behaviour."""
T[S, "vague_long"] = """Summary of the run so far:

The agent is addressing a feature request for a widely used web framework's administration interface. The request asks for a new overridable hook on the main admin class so that developers can decide which inline editors to show depending on the incoming request or the object being edited, without having to copy an existing loop from a related method into their own code.

The agent searched the admin options module, found the main admin class together with the existing methods that build inline instances and formsets, and selected the class definition, its initialiser and the inline-building method as the relevant context. It judged the context to be sufficient and moved on to planning changes.

It then implemented the new hook on the admin class with a simple default behaviour that keeps the current results, and updated the existing method that builds inline instances so that it goes through the new hook instead of reading the configuration directly. Both edits were applied without reported verification problems, and together they cover what the request asked for.

After that, the agent decided to go further than the request and add a system check for the new hook in the module that validates admin configuration. The edit to that module was applied, but the way the replacement was produced appears to have introduced a considerable amount of repeated code in the checks class, which could cause confusing behaviour and is not needed to satisfy the feature request.

The next step is to review the extra change to the checks module carefully, clean it up or undo it so that the module is consistent again, avoid repeating the same kind of edit, and then conclude the task, possibly adding a short explanation of the new hook's purpose in the code so users understand how to override it."""

# ---------------------------------------------------------------- tau2 medical (cut 23)
S = "tau2_medical_adaptive-agent_task36.json"
T[S, "faithful"] = """Summary of the conversation so far (messages 1-22):

I am the medical triage agent (policy above: current time 2026-03-15 10:00 EST; a patient's identity must be verified before I access records or schedule anything; changes need explicit confirmation).

- The caller wants to schedule an appointment with a cardiologist because she is worried about her heart.
- I asked for her first and last name, date of birth and patient ID. She gave **Margaret Sullivan**, DOB **March 15, 1962** (confirmed correct), no patient ID at hand. She also goes by **Maggie Sullivan**.
- Lookups so far, all failed:
  - `find_patient_by_name_dob(Margaret, Sullivan, 1962-03-15)` -> "Error: Patient not found with provided name and date of birth";
  - `find_patient_by_name_dob(Maggie, Sullivan, 1962-03-15)` -> same error;
  - `get_patient_details(PS-84201)` (an ID she read from her phone) -> "Error: Patient PS-84201 not found";
  - `get_patient_details(PT-84201)` (her re-reading) -> "Error: Patient PT-84201 not found".
- I told her I cannot look patients up by phone number or address; verification needs name, DOB and patient ID; I suggested her patient portal, old appointment letters, or calling the front desk.
- Triage: I asked about acute symptoms. She has **no chest pain** or acute symptoms; she is **diabetic** and wants a proactive cardiology check because diabetes raises heart-disease risk.
- No record has been found, nothing has been scheduled or modified.

Latest customer message (22): she says she is now logged into the portal and her profile shows patient ID **PS-48210**; she apologizes for the earlier confusion and asks me to try it.

Next step: call `get_patient_details` with `PS-48210`. If it is found, confirm the name and DOB match before going on to insurance/referral checks and cardiology scheduling; if not, keep identity unverified, do not book, and direct her to the front desk to confirm her patient ID."""
T[S, "faithful_short"] = """So far: the caller wants a cardiology appointment (worried about her heart; diabetic, no chest pain or acute symptoms). Identity is not verified. She is Margaret ("Maggie") Sullivan, DOB 1962-03-15. All lookups failed: find_patient_by_name_dob for Margaret and for Maggie Sullivan ("Patient not found"), get_patient_details PS-84201 and PT-84201 ("not found"). I explained that I can't search by phone or address and need name, DOB and patient ID, and suggested the portal or the front desk. Nothing is scheduled. Her latest message gives patient ID PS-48210 from her portal profile; next I look it up with get_patient_details and verify name and DOB before anything else."""
T[S, "terse"] = """Caller Margaret (Maggie) Sullivan, DOB 1962-03-15, wants a cardiology appointment (diabetic, no acute symptoms). Identity unverified: name/DOB lookups and IDs PS-84201, PT-84201 all not found. She now offers patient ID PS-48210 from her portal; look it up next with get_patient_details. Nothing scheduled."""
T[S, "planted_errors"] = """Summary of the conversation so far (messages 1-22):

I am the medical triage agent (policy above; identity must be verified before I access records or schedule anything).

- The caller wants to schedule an appointment with a cardiologist because she is worried about her heart.
- I asked for name, date of birth and patient ID. She gave **Margaret Sullivan**, DOB **May 13, 1962** (1962-05-13), no patient ID at hand; she also goes by **Maggie Sullivan**.
- Lookups so far, all failed:
  - `find_patient_by_name_dob` for Margaret Sullivan and for Maggie Sullivan -> "Error: Patient not found with provided name and date of birth";
  - `get_patient_details(PS-84201)` -> "Error: Patient PS-84201 not found";
  - `get_patient_details(PT-84201)` -> "Error: Patient PT-84201 not found".
- I told her I cannot search by phone number or address; verification needs name, DOB and patient ID; I suggested the patient portal or the front desk.
- Triage: when I asked about symptoms she said she has been having some chest pressure and shortness of breath lately; she is also diabetic.
- No record has been found and nothing has been scheduled.

Latest customer message (22): she is logged into the portal and reads patient ID **PS-84210** from her profile, asking me to try it.

Next step: call `get_patient_details` with `PS-84210` and, given her chest symptoms, remind her to seek emergency care if they worsen."""
P[S] = [
    "Her date of birth is given as May 13, 1962 (1962-05-13); it is March 15, 1962 (1962-03-15), which she confirmed.",
    "She is said to report chest pressure and shortness of breath; she said she has no chest pain or acute symptoms and wants a proactive check because she is diabetic.",
    "The newest patient ID is given as PS-84210; she gave PS-48210.",
]
T[S, "keyword_dump"] = """I'd like to schedule an appointment with a cardiologist | first and last name | date of birth | patient ID | Margaret Sullivan, date of birth is March 15, 1962 | find_patient_by_name_dob first_name: Margaret last_name: Sullivan date_of_birth: 1962-03-15 | Error: Patient not found with provided name and date of birth | Maggie Sullivan | find_patient_by_name_dob first_name: Maggie | Is there any other way you can look me up? Maybe by my phone number or address? | I'm not able to look up patients by phone number or address. | Call our front desk | chest pain, pressure, shortness of breath | No, no, I'm not having any chest pain | I'm a diabetic | My patient ID is PS-84201 | get_patient_details patient_id: PS-84201 | Error: Patient PS-84201 not found | PT-84201 | Error: Patient PT-84201 not found | Log into your patient portal directly | It says my patient ID is PS-48210 | Can you try that one?"""
T[S, "stale"] = """Summary of the conversation so far:

I am the medical triage agent (policy above: identity must be verified before any record access or scheduling).

- After my greeting, the caller said she would like to schedule an appointment with a cardiologist because she has concerns about her heart and wants it checked.
- I asked for her first and last name, date of birth and patient ID for verification. She gave Margaret Sullivan, born March 15, 1962, and said she does not have her patient ID handy, asking whether she could be looked up by name and date of birth.
- `find_patient_by_name_dob(Margaret, Sullivan, 1962-03-15)` returned "Error: Patient not found with provided name and date of birth". I asked whether she might be registered under another name, whether the date of birth is exact, and whether she has her patient ID.
- She confirmed the date of birth and said she usually goes by Maggie; `find_patient_by_name_dob(Maggie, Sullivan, 1962-03-15)` returned the same error. I told her I need her patient ID to locate her record and listed where she might find it (patient portal, appointment letters, insurance card, visit summaries)."""
T[S, "vague_long"] = """Summary of the conversation so far:

I am acting as the triage agent for a health system, following the policy above, which requires me to confirm who a caller is before looking at records or making bookings.

The caller contacted us because she would like to see a heart specialist. She explained that she has some concerns about her cardiovascular health and wants to be checked out. In line with the policy, I asked her for the usual identifying details before doing anything else. She was able to give her name and date of birth but did not initially have her identifier to hand.

I then tried to locate her record in several ways, using the details she gave and a variation of her name that she mentioned, and later using identifiers that she read out from an online account on her phone. None of these attempts located a matching patient record, and each returned an error from the system. I explained that I cannot use other personal details such as contact information to find her, and I suggested some places where she might find the correct identifier, including the patient portal and the front desk.

Along the way I also checked on her current condition to make sure this was not an emergency. Her answers suggested that this is a preventive concern linked to an existing chronic condition rather than an acute problem, so there was no need to direct her to emergency services at that point.

So far no record has been matched, her identity has not been verified, and no appointment or record change has been made. Most recently she came back with another identifier she found on a portal and asked me to try it. The next step is to look up that identifier, confirm that the details match if a record is found, and otherwise continue to guide her towards resolving her identification before any scheduling or referral questions are handled."""
