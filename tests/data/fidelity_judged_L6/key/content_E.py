# Replacements for the mini-swe-agent / Gemini 3 Pro run on scikit-learn__scikit-learn-26194.

E = "scikit-learn__scikit-learn-26194.traj.json"  # cut 22 of 38

TEXTS = {E: {}}
PLANTED = {E: None}

TEXTS[E]["faithful"] = """Handover (mini-swe-agent, scikit-learn repo in /testbed)

Task: PR "Thresholds can exceed 1 in `roc_curve` while providing probability estimate". `roc_curve` prepends an extra threshold `thresholds[0] + 1` so that the curve starts at (0, 0); with probability scores that threshold is > 1. The PR proposes a non-regression test (RandomState(42), `y_score = rng.rand(10)`, thresholds checked against [0, 1]) and suggests clipping when `thresholds.max() <= 1`. Change non-test files only, in a general way; exactly ONE bash code block with one command per response; submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`.

Done so far:
1. `reproduce_issue.py` (the PR example) printed `Thresholds: [1.96990985 0.96990985 0.21233911 0.18182497 0.15599452 0.02058449]` and `FAIL: Thresholds > 1 found`.
2. In `sklearn/metrics/_ranking.py`, `roc_curve` starts at line 973; line 1086 is `thresholds = np.r_[thresholds[0] + 1, thresholds]` (docstring: thresholds[0] "is arbitrarily set to `max(y_score) + 1`"). `_binary_clf_curve` (line 739) returns decreasing scores, so thresholds[0] is the max score, and predictions are `score >= threshold`.
3. Decision: a threshold of 1 only works when the max score is < 1 (a score of exactly 1.0 still needs a threshold above 1). Planned replacement of line 1086:
   `if thresholds.size > 0 and thresholds[0] < 1: thresholds = np.r_[1, thresholds]`
   `else: thresholds = np.r_[thresholds[0] + 1, thresholds]`
4. Empty input already fails before that point: `test_empty.py` → "y_true takes value in {} and pos_label is not specified..."; `test_empty_pos.py` → "cannot do a non-empty take from an empty axes". No special handling needed.
5. The last response held two code blocks (a `sed -i '1086c...'` and `cat <<'EOF' > apply_fix.py`) and was rejected: "Please always provide EXACTLY ONE action in triple backticks, found 2 actions." Neither command ran.

Current state: `_ranking.py` is unchanged; `apply_fix.py` does not exist; scratch files `reproduce_issue.py`, `test_empty.py`, `test_empty_pos.py` are in /testbed.

Next: create and run the edit in a single command, rerun `python3 reproduce_issue.py`, try edge cases (max score = 1, > 1, negative scores), run `sklearn/metrics/tests/test_ranking.py`, delete the scratch files, submit."""

TEXTS[E]["faithful_short"] = """Task: fix `roc_curve` returning a threshold > 1 for probability scores (PR: clip when `thresholds.max() <= 1`); non-test files only, one bash block per response. Cause: `sklearn/metrics/_ranking.py` line 1086, `thresholds = np.r_[thresholds[0] + 1, thresholds]`. `reproduce_issue.py` printed first threshold `1.96990985` and `FAIL: Thresholds > 1 found`. Plan: if `thresholds[0] < 1` prepend 1, else keep `thresholds[0] + 1` (a max score of 1.0 still needs > 1). Empty input already crashes earlier, so ignored. The response that should have written `apply_fix.py` was rejected ("found 2 actions"), so the file was never created and `_ranking.py` is still unchanged. Next: write and apply the edit in one command, rerun the reproduction, run test_ranking.py, clean up, submit."""

TEXTS[E]["terse"] = """The agent is fixing a scikit-learn issue: the ROC curve function adds an extra leading threshold one above the highest score, which exceeds 1 when the scores are probabilities. It reproduced the problem, found the responsible line, and decided to use 1 as the extra threshold whenever the highest score is below 1, keeping the old rule otherwise. Its attempt to write the edit script was rejected for breaking the one-command format, so nothing has been changed yet."""

TEXTS[E]["planted_errors"] = """Handover (mini-swe-agent, scikit-learn repo in /testbed)

Task: PR "Thresholds can exceed 1 in `roc_curve` while providing probability estimate". `roc_curve` prepends an extra threshold `thresholds[0] + 1` so that the curve starts at (0, 0); with probability scores that threshold is > 1. The PR proposes a non-regression test (RandomState(42), `y_score = rng.rand(10)`, thresholds checked against [0, 1]) and suggests clipping when `thresholds.max() <= 1`. Change non-test files only, in a general way; exactly ONE bash code block with one command per response; submit with `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`.

Done so far:
1. `reproduce_issue.py` (the PR example) printed `Thresholds: [1.96990985 0.96990985 0.21233911 0.18182497 0.15599452 0.02058449]` and `FAIL: Thresholds > 1 found`.
2. In `sklearn/metrics/_base.py`, `roc_curve` starts at line 973; line 1068 is `thresholds = np.r_[thresholds[0] + 1, thresholds]` (docstring: thresholds[0] "is arbitrarily set to `max(y_score) + 1`"). `_binary_clf_curve` (line 739) returns decreasing scores, so thresholds[0] is the max score, and predictions are `score >= threshold`.
3. Decision: a threshold of 1 only works when the max score is < 1 (a score of exactly 1.0 still needs a threshold above 1). Replacement of that line:
   `if thresholds.size > 0 and thresholds[0] < 1: thresholds = np.r_[1, thresholds]`
   `else: thresholds = np.r_[thresholds[0] + 1, thresholds]`
4. Empty input already fails before that point: `test_empty.py` → "y_true takes value in {} and pos_label is not specified..."; `test_empty_pos.py` → "cannot do a non-empty take from an empty axes". No special handling needed.
5. The edit was written to `apply_fix.py` and applied; the format warning that followed ("found 2 actions") only concerned the extra `sed` block, which was skipped.

Current state: the if/else is in place in `_base.py`; scratch files `reproduce_issue.py`, `test_empty.py`, `test_empty_pos.py`, `apply_fix.py` are in /testbed.

Next: rerun `python3 reproduce_issue.py` to confirm, try edge cases (max score = 1, > 1, negative scores), run `sklearn/metrics/tests/test_ranking.py`, delete the scratch files, submit."""
PLANTED[E] = [
    "wrong path: sklearn/metrics/_base.py instead of sklearn/metrics/_ranking.py",
    "wrong value: line 1068 instead of line 1086",
    "failed step called successful / wrong current state: says apply_fix.py was written and applied and the if/else is in place; in fact the whole response was rejected, apply_fix.py does not exist and the file is unchanged (the next command, python3 apply_fix.py, fails)",
]

TEXTS[E]["keyword_dump"] = """Thresholds can exceed 1 in `roc_curve` while providing probability estimate
y_true = rng.randint(0, 2, size=10)
y_score = rng.rand(10)
assert np.logical_or(thresholds <= 1, thresholds >= 0).all()
https://github.com/scikit-learn/scikit-learn/blob/e886ce4e1444c61b865e7839c9cff5464ee20ace/sklearn/metrics/_ranking.py#L1086
A potential workaround would be to check `thresholds.max() <= 1` in which case we should clip `thresholds` to not be above 1.
DO NOT MODIFY: Tests, configuration files (pyproject.toml, setup.cfg, etc.)
echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached
cat <<'EOF' > reproduce_issue.py
python3 reproduce_issue.py
Thresholds: [1.96990985 0.96990985 0.21233911 0.18182497 0.15599452 0.02058449]
FAIL: Thresholds > 1 found
grep -n "def roc_curve" sklearn/metrics/_ranking.py
973:def roc_curve(
nl -ba sklearn/metrics/_ranking.py | sed -n '973,1100p'
# Add an extra threshold position
# to make sure that the curve starts at (0, 0)
tps = np.r_[0, tps]
fps = np.r_[0, fps]
thresholds = np.r_[thresholds[0] + 1, thresholds]
and is arbitrarily set to `max(y_score) + 1`.
739:def _binary_clf_curve(y_true, y_score, pos_label=None, sample_weight=None):
desc_score_indices = np.argsort(y_score, kind="mergesort")[::-1]
if thresholds.size > 0 and thresholds[0] < 1:
    thresholds = np.r_[1, thresholds]
cat <<'EOF' > test_empty.py
Crashed: y_true takes value in {} and pos_label is not specified: either make y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly.
roc_curve([], [], pos_label=1)
Crashed: cannot do a non-empty take from an empty axes.
sed -i '1086c\\    if thresholds.size > 0 and thresholds[0] < 1:\\n        thresholds = np.r_[1, thresholds]\\n    else:\\n        thresholds = np.r_[thresholds[0] + 1, thresholds]' sklearn/metrics/_ranking.py
cat <<'EOF' > apply_fix.py
file_path = 'sklearn/metrics/_ranking.py'
Please always provide EXACTLY ONE action in triple backticks, found 2 actions."""

TEXTS[E]["stale"] = """Progress notes (first part of the run):
- Task: the PR reports that `roc_curve` can return a threshold greater than 1 when `y_score` holds probability estimates, because an extra threshold `thresholds[0] + 1` is added so the curve starts at (0, 0). It suggests a non-regression test in `sklearn/metrics/tests/test_ranking.py` and, as a workaround, clipping when `thresholds.max() <= 1`. Only non-test files may change; one bash command per response; submission command `echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached`.
- `ls -la` showed the scikit-learn checkout in /testbed.
- `reproduce_issue.py` was written from the PR example and run: `Thresholds: [1.96990985 0.96990985 0.21233911 0.18182497 0.15599452 0.02058449]`, `FAIL: Thresholds > 1 found` (the max score 0.96990985 plus 1).
- `grep -n "def roc_curve" sklearn/metrics/_ranking.py` → line 973. Lines 973-1100 show, at line 1086, `thresholds = np.r_[thresholds[0] + 1, thresholds]` right after `tps = np.r_[0, tps]` and `fps = np.r_[0, fps]`; the docstring says `thresholds[0]` "is arbitrarily set to `max(y_score) + 1`".
- Next: look at how `_binary_clf_curve` builds `thresholds` and decide how to change line 1086."""

TEXTS[E]["vague_long"] = """The agent is working on a bug report in a widely used machine-learning library. The report concerns the function that computes a receiver operating characteristic curve: to make the curve start at the origin, the function adds one extra threshold above all the observed scores, and the way that extra value is chosen means it can exceed the valid range when the scores are probabilities. The reporter suggested a small regression test and a possible direction for the fix, and the task is to change library code only, not tests, following the environment's rules about issuing a single shell command per response and finishing with the prescribed submission command.

So far the agent has reproduced the problem with a small script based on the report, which confirmed that the first threshold comes out above the valid range. It then located the function in the library, read the part where the extra threshold is added and the helper that produces the sorted thresholds, and reasoned carefully about the boundary cases. Its conclusion was to cap the extra threshold at the top of the valid range only when all scores are strictly below it, and to keep the existing behaviour otherwise, because a score exactly at the top still needs a strictly larger threshold. It also checked how the function behaves on empty input and concluded that case needs no special handling.

The agent then tried to apply the edit, but its response broke the environment's formatting rule, so it was rejected and nothing was executed. The library code is therefore still unchanged. The next steps are to apply the planned edit with a single well-formed command, confirm the reproduction script now passes, check a few edge cases, run the existing tests for the affected module, remove temporary files and submit."""
