# Hand-written replacements for set L13. T[(session, variant)] = text; P[session] = planted errors.
T, P = {}, {}

# ---------------------------------------------------------------------------------------------
A = "cc_python-to-rust-port_228d653.json"

T[A, "faithful"] = """Summary of the work so far (messages 1-53).

Task from the user: port the Python project in /tmp/tmpqwh7888i to a standalone Rust library (no Python bindings). When finished, delete all the Python source files but keep the Justfile, rewritten to run the Rust tests. Do not stop until every function is ported, the tests pass and coverage is 100%.

What the project was: five modules under src/ with one function each - string_utils.reverse_string, math_utils.factorial (raises ValueError for negative n), list_utils.flatten (one level deep), dict_utils.invert_dict, validation.is_valid_email (non-empty, exactly one "@", non-empty local part and domain, a dot in the domain) - plus tests/test_*.py, src/__init__.py, tests/__init__.py, pyproject.toml and uv.lock.

Done:
- `cargo init --lib --name python_utils` (edition 2024); Cargo.toml got `[lints.rust] missing_docs = "warn"`.
- src/lib.rs declares the five modules. Written: string_utils.rs (`reverse_string(&str) -> String`), math_utils.rs (`factorial(n: i64) -> Result<u64, NegativeInputError>`, a unit-struct error), list_utils.rs (`flatten` over `enum NestedItem<T> { Item(T), List(Vec<T>) }`), dict_utils.rs (`invert_dict<K, V>(HashMap<K, V>) -> HashMap<V, K>`), validation.rs (`is_valid_email(&str) -> bool`), each with unit tests and doctests.
- `cargo test`: 29 unit tests and 5 doctests pass.
- cargo-llvm-cov 0.6.23 was already installed. `cargo llvm-cov --fail-under-lines 100` passes: lines 188/188, functions 37/37; regions 345/346 (99.71%) - one region in math_utils.rs, probably the `?` on the recursive factorial call. Accepted, since the requirement is line coverage. HTML report in target/llvm-cov/html.
- Justfile rewritten: check = `cargo llvm-cov --fail-under-lines 100`, test = `cargo test`, format = `cargo fmt`, lint = `cargo clippy -- -D warnings`.

Current state: every todo item is complete except "Delete Python source files", now in progress. No Python file has been removed yet and nothing is committed.

Next: delete src/*.py (including __init__.py) and the tests/ directory - not the plugin scripts under .claude/plugins/ - and probably pyproject.toml and uv.lock; then run `just check`, `just lint` and `just format`, and commit."""

T[A, "faithful_short"] = """Porting the Python utils project in /tmp/tmpqwh7888i to a standalone Rust library (user: no bindings, delete the Python sources, keep the Justfile but make it run Rust tests, 100% coverage). The crate python_utils is written: five modules (reverse_string, factorial -> Result<u64, NegativeInputError>, flatten with NestedItem<T>, invert_dict, is_valid_email). cargo test passes with 29 unit tests and 5 doctests. `cargo llvm-cov --fail-under-lines 100` passes with lines at 100%; one region in math_utils.rs is uncovered, which is accepted. The Justfile now uses cargo llvm-cov, cargo test, cargo fmt and cargo clippy -- -D warnings. No Python file is deleted yet and nothing is committed. Next: delete src/*.py and tests/ (not .claude plugin scripts), run just check, then commit."""

T[A, "terse"] = """Rust port of the Python utils (crate python_utils, 5 modules) is written; 29 tests + 5 doctests pass; llvm-cov lines 100% (one math_utils region missed, accepted). Justfile switched to cargo commands. Remaining: delete the Python sources/tests, run just check, commit."""

T[A, "planted_errors"] = """Progress so far (messages 1-53).

The user asked for the Python project in /tmp/tmpqwh7888i to be ported to a standalone Rust library without Python bindings, with all Python source files deleted at the end, the Justfile kept but switched to the Rust tests, and 100% coverage before stopping.

The original code has five modules with one function each: reverse_string, factorial (ValueError for negative input), flatten (one level), invert_dict and is_valid_email, plus tests/test_*.py, pyproject.toml and uv.lock.

Work done:
- `cargo init --lib --name python_utils`, edition 2024, with `missing_docs = "warn"` added under [lints.rust].
- src/lib.rs lists the five modules. string_utils.rs, math_utils.rs (`factorial(n: i64) -> Result<u64, NegativeInputError>`), list_utils.rs (`NestedItem<T>` with Item and List variants), dict_utils.rs (generic invert_dict over HashMap) and validation.rs are written, each with unit tests and doctests.
- `cargo test`: 29 unit tests and 5 doctests pass.
- `cargo llvm-cov` reports 100% of lines and functions; one region is uncovered, in validation.rs (a branch of the email checks), and was judged acceptable because line coverage is what counts.
- The Justfile now reads: check = `cargo llvm-cov --fail-under-lines 90`, test = `cargo test`, format = `cargo fmt`, lint = `cargo clippy -- -D warnings`.
- The Python sources under src/ and the tests/ directory have already been deleted; pyproject.toml and uv.lock are still there.

Current state: the Rust library and the Justfile are done; nothing is committed yet.

Next: decide about pyproject.toml and uv.lock (probably remove them too), run `just check`, `just lint` and `just format` to confirm everything works, and then commit the port."""

P[A] = [
    "It says the missed coverage region is in validation.rs (a branch of the email checks); it is in math_utils.rs (the recursive factorial).",
    "It says the Justfile check recipe is `cargo llvm-cov --fail-under-lines 90`; it is `--fail-under-lines 100`.",
    "It says the Python sources under src/ and tests/ were already deleted; at the cut no Python file has been deleted yet.",
]

T[A, "keyword_dump"] = """/tmp/tmpqwh7888i; Justfile; pyproject.toml; uv.lock; src/string_utils.py; src/math_utils.py; src/list_utils.py; src/dict_utils.py; src/validation.py; tests/test_*.py; Explore; TodoWrite; cargo init --lib --name python_utils; edition = "2024"; [lints.rust] missing_docs = "warn"; pub mod dict_utils; pub mod list_utils; pub mod math_utils; pub mod string_utils; pub mod validation; reverse_string(s: &str) -> String; pub struct NegativeInputError; "factorial is not defined for negative numbers"; factorial(n: i64) -> Result<u64, NegativeInputError>; pub enum NestedItem<T> { Item(T), List(Vec<T>) }; invert_dict<K, V>(d: HashMap<K, V>) -> HashMap<V, K>; is_valid_email(email: &str) -> bool; cargo test 2>&1; test result: ok. 29 passed; 0 failed; Doc-tests python_utils: 5 passed; cargo install cargo-llvm-cov; Ignored package `cargo-llvm-cov v0.6.23` is already installed; cargo llvm-cov --fail-under-lines 100; math_utils.rs 55 1 98.18%; TOTAL 346 1 99.71% 37 0 100.00% 188 0 100.00%; cargo llvm-cov --html; target/llvm-cov/html; check: cargo llvm-cov --fail-under-lines 100; test: cargo test; format: cargo fmt; lint: cargo clippy -- -D warnings; Delete Python source files: in_progress"""

T[A, "stale"] = """Summary of the first part of the session.

The user wants the Python project in /tmp/tmpqwh7888i ported to a standalone Rust library (no Python bindings). At the end the Python source files are to be deleted, the Justfile kept but changed to run the Rust tests, and coverage must reach 100%; the agent should not stop before that.

An Explore sub-agent mapped the project: five modules in src/ with one function each (reverse_string, factorial - ValueError for negative n - flatten one level deep, invert_dict, is_valid_email), pytest tests in tests/, pyproject.toml, uv.lock, and a Justfile with check/test/format/lint recipes using uv run pytest and ruff.

A todo list was created for the port. `cargo init --lib --name python_utils` created the crate (edition 2024); `[lints.rust] missing_docs = "warn"` was added to Cargo.toml. src/lib.rs now declares the five modules. src/string_utils.rs (reverse_string) and src/math_utils.rs (`factorial(n: i64) -> Result<u64, NegativeInputError>`) are written with tests, and src/list_utils.rs was written using an enum `NestedItem<T>` (Item / List) to model the one-level flattening."""

T[A, "vague_long"] = """Here is an overview of the session up to this point.

The user asked for an existing Python project to be converted into Rust. The goal is a self-contained Rust library that does not depend on Python in any way, with the old Python code removed once the new implementation is in place. The task runner configuration is to be kept but adapted so that it drives the Rust toolchain instead of the Python one, and the user was clear that the work should not be considered finished until everything has been carried over, the tests are green and the coverage target is met.

The agent began by surveying the codebase to understand its layout, the handful of small utility modules it contains, and the tests that accompany them. With that picture in hand it set up a new Rust project and organised it into modules that mirror the original structure, so that each Python module has a Rust counterpart. Where the Python code relied on dynamic behaviour, the agent chose idiomatic Rust equivalents such as result types and a small enum.

Each module was given its own unit tests and documentation examples, and the test suite was run and came back passing. Coverage was then measured and the line-level target was met, with a very small gap at a finer granularity that the agent judged acceptable. The task runner configuration was then rewritten so that its recipes call the Rust equivalents for checking, testing, formatting and linting.

At this point the implementation side of the work looks complete and the remaining items are housekeeping. The old Python sources and tests still need to be cleaned up, the new setup should be exercised end to end through the task runner to be sure nothing was missed, and the changes have not yet been recorded in version control, so that will need to happen before the session can end."""

# ---------------------------------------------------------------------------------------------
B = "cc_python-to-rust-port_c92f63a.json"

T[B, "faithful"] = """Summary of the work so far (messages 1-60).

Task from the user: port the Python project in /tmp/tmpmky4jpk3 to a standalone Rust library (no Python bindings). When finished, delete all the Python source files but keep the Justfile, updated to run the Rust tests instead. Do not stop until all functions are ported, tests pass and coverage is 100%.

The Python project: src/math_utils.py factorial (raises ValueError "n must be non-negative"), string_utils.reverse_string, list_utils.flatten (one level deep), dict_utils.invert_dict, validation.is_valid_email, with tests/test_*.py. The Justfile's recipes were: check = `uv run pytest --cov=src --cov-report=term-missing --cov-fail-under=100`, test = `uv run pytest`, format = `uv run ruff format .`, lint = `uv run ruff check .`.

Done:
- `cargo init --lib --name rust_utils` (edition 2024).
- The first Write of src/lib.rs was refused ("File has not been read yet. Read it first before writing to it."); after reading it, lib.rs was written declaring the five modules.
- Modules written with unit tests and doctests: math_utils.rs (`factorial(n: i64) -> Result<u64, MathError>`, MathError::new("n must be non-negative")), string_utils.rs, list_utils.rs (`NestedItem<T>` with Single and List variants), dict_utils.rs (generic invert_dict over HashMap), validation.rs.
- `cargo test`: 8 unit tests and 5 doctests pass. cargo-llvm-cov 0.6.23 was already installed; `cargo llvm-cov --fail-under-lines 100` reports 100% regions (218), functions (16) and lines (117).
- Deleted: src/__init__.py and the five src/*.py files, the tests/ directory (rm -rf), pyproject.toml and uv.lock.
- Tried to Edit the Justfile, replacing the uv recipes with cargo ones (check = `cargo llvm-cov --fail-under-lines 100`, test = `cargo test`, format = `cargo fmt`, lint = `cargo clippy -- -D warnings`). That Edit FAILED with the same "File has not been read yet" error, so the Justfile still contains the Python recipes.

Current state: Rust library complete with 100% coverage; Python files removed; Justfile not updated; nothing committed.

Next: Read the Justfile, then write the cargo recipes, run `just check`, `just test` and `just lint` to verify, and commit."""

T[B, "faithful_short"] = """Porting the Python utils in /tmp/tmpmky4jpk3 to a standalone Rust library (user: delete the Python sources, keep the Justfile but switch it to Rust tests, 100% coverage). Crate rust_utils is written: factorial -> Result<u64, MathError>, reverse_string, flatten with NestedItem<T>, invert_dict, is_valid_email. cargo test: 8 unit + 5 doc tests pass; cargo llvm-cov --fail-under-lines 100 shows 100% everywhere. The Python sources, tests/, pyproject.toml and uv.lock are deleted. The Justfile Edit to cargo recipes failed ("File has not been read yet"), so the Justfile still has the uv/pytest recipes. Nothing committed. Next: Read the Justfile, write the cargo recipes (llvm-cov, test, fmt, clippy), run just check, commit."""

T[B, "terse"] = """Rust port of the Python utils (crate rust_utils, 5 modules) is done: 8 unit + 5 doc tests pass, cargo llvm-cov shows 100%. Python sources, tests/, pyproject.toml and uv.lock are deleted. The Justfile edit failed ("File has not been read yet"): read it, write the cargo recipes, run just check, commit."""

T[B, "planted_errors"] = """Summary of the session so far (messages 1-60).

The user asked for the Python project in /tmp/tmpmky4jpk3 to become a standalone Rust library with no Python bindings, with the Justfile kept and updated to run the Rust tests, the Python sources deleted, and 100% coverage before stopping.

The Python code: factorial (ValueError "n must be non-negative"), reverse_string, flatten (one level), invert_dict and is_valid_email, each in its own module under src/, with pytest tests in tests/. The Justfile used uv run pytest with --cov-fail-under=100 and ruff.

Done:
- `cargo init --lib --name rust_utils` (edition 2024).
- A first Write of src/lib.rs was refused because the file had not been read; after a Read it was written with the five module declarations.
- math_utils.rs (`factorial(n: i64) -> Result<u64, MathError>`), string_utils.rs, list_utils.rs (NestedItem<T> with Single and List), dict_utils.rs and validation.rs, all with unit tests and doctests.
- `cargo test`: 8 unit tests and 5 doctests pass.
- `cargo llvm-cov --fail-under-lines 100` reports 98.9% line coverage; the uncovered line is the negative-input branch of factorial in math_utils.rs.
- The user asked to keep the tests/ directory as well as the Justfile, so only the src/*.py files, pyproject.toml and uv.lock were deleted.
- The Justfile was edited to the cargo recipes: check = `cargo llvm-cov --fail-under-lines 100`, test = `cargo test`, format = `cargo fmt`, lint = `cargo clippy -- -D warnings`.

Current state: port written, Python sources removed, Justfile switched to cargo; nothing committed.

Next: add a test that covers the negative factorial path so that coverage reaches 100%, run `just check`, `just test` and `just lint`, and commit."""

P[B] = [
    "It says coverage is 98.9% of lines with the negative factorial branch uncovered; the run showed 100% regions, functions and lines.",
    "It says the user asked to keep the tests/ directory and that tests/ was not deleted; the user said only the Justfile is kept, and tests/ was removed with rm -rf.",
    "It says the Justfile was edited to the cargo recipes; that Edit failed with \"File has not been read yet\", so the Justfile still has the uv/pytest recipes.",
]

T[B, "keyword_dump"] = """/tmp/tmpmky4jpk3; Explore; src/math_utils.py; raise ValueError("n must be non-negative"); src/string_utils.py; src/list_utils.py; src/dict_utils.py; src/validation.py; tests/test_math_utils.py; uv run pytest --cov=src --cov-report=term-missing --cov-fail-under=100; uv run ruff format .; uv run ruff check .; cargo init --lib --name rust_utils; edition = "2024"; <tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>; src/lib.rs; pub struct MathError; MathError::new("n must be non-negative"); pub fn factorial(n: i64) -> Result<u64, MathError>; pub enum NestedItem<T> { Single(T), List(Vec<T>) }; invert_dict; is_valid_email; running 8 tests; test result: ok. 8 passed; Doc-tests rust_utils: 5 passed; cargo-llvm-cov v0.6.23 is already installed; cargo llvm-cov --fail-under-lines 100; TOTAL 218 0 100.00% 16 0 100.00% 117 0 100.00%; rm -f src/__init__.py src/math_utils.py src/string_utils.py src/list_utils.py src/dict_utils.py src/validation.py; rm -rf /tmp/tmpmky4jpk3/tests; rm -f pyproject.toml uv.lock; Edit /tmp/tmpmky4jpk3/Justfile; check: cargo llvm-cov --fail-under-lines 100; lint: cargo clippy -- -D warnings"""

T[B, "stale"] = """Summary of the first part of the session.

The user asked for the Python project in /tmp/tmpmky4jpk3 to be ported to a standalone Rust library (no Python bindings). The Python source files must be deleted at the end, the Justfile kept but updated to run the Rust tests, and the agent must not stop before all functions are ported, the tests pass and coverage is 100%.

An Explore sub-agent and direct reads established the code: src/math_utils.py factorial (raises ValueError "n must be non-negative" for n < 0), string_utils.reverse_string (s[::-1]), list_utils.flatten (one level deep), dict_utils.invert_dict ({v: k}), validation.is_valid_email (simple checks), plus one pytest file per module in tests/. The Justfile has check (`uv run pytest --cov=src --cov-report=term-missing --cov-fail-under=100`), test, format (ruff format) and lint (ruff check).

A todo list was made. `cargo init --lib --name rust_utils` created the crate (edition 2024). A first attempt to write src/lib.rs was refused with "File has not been read yet. Read it first before writing to it."; the agent then read lib.rs and wrote it with the five module declarations."""

T[B, "vague_long"] = """Here is where things stand in this session.

The user wants an existing Python utility project rewritten in Rust as a standalone library, with no bridge back to Python. The old Python code is to be removed once the port is in place, while the project's task runner file is to be kept and adapted for the Rust toolchain. The user also set a clear bar for completion: every function carried over, all tests passing, and full coverage.

The agent started by exploring the repository and reading the source and test files to understand what each module does. The project turned out to be small. It then created a new Rust library project and set up its module structure. There was a minor hiccup with the editing tool, which insists that a file be read before it is overwritten, and the agent worked around it by reading the file first.

Each module was then reimplemented in idiomatic Rust. Error cases that raised exceptions in Python became result types with a custom error, and the function that handles nested lists uses a small enum to represent either a single value or a sub-list. Unit tests and documentation examples were added alongside the code. The test suite ran cleanly, and a coverage run with the appropriate cargo tool showed that the coverage goal has been reached.

With the implementation verified, the agent moved on to cleanup and removed the old Python sources, tests and packaging files from the project. It also began adjusting the task runner configuration so that its recipes invoke the cargo equivalents for checking, testing, formatting and linting, although that part may still need attention before it can be relied on.

What remains is to make sure the task runner configuration is in its final form, exercise the checks through it to confirm the whole setup works end to end, and record the changes in version control before finishing."""

# ---------------------------------------------------------------------------------------------
C = "cc_coverage-test-fix_228d653.json"

T[C, "faithful"] = """Summary of messages 1-19.

Task from the user: add a function `multiply_numbers(a: int, b: int) -> int` that multiplies two numbers together, and add a test for it.

Project (/tmp/tmpw6sk2trg): src/math_utils.py holds add_numbers; tests/test_math_utils.py has test_add_numbers. The claude-reliability plugin is installed (.claude/plugins/claude-reliability/...), and its stop hook (stop.sh) checks the repository before the agent may stop.

Done:
- Added multiply_numbers to src/math_utils.py (line 9, docstring "Multiply two numbers together.", `return a * b`).
- Updated tests/test_math_utils.py to import it and added test_multiply_numbers at line 13: multiply_numbers(2, 3) == 6, (-1, 1) == -1, (0, 5) == 0.
- The first attempt to finish was blocked by the stop hook: "Cannot exit with unstaged changes" - run git status, run quality checks, stage, commit.
- git status showed the two modified files plus untracked .coverage, src/__pycache__/ and tests/__pycache__/.
- `python -m pytest tests/test_math_utils.py -v`: 2 passed (Python 3.12.3, pytest 9.0.2).
- Committed only the two source files: 6322cf4 "Add multiply_numbers function with test" (2 files changed, 13 insertions, 1 deletion).
- The second attempt to finish was blocked again: "Cannot exit with untracked files" - .coverage, src/__pycache__/__init__.cpython-312.pyc, src/__pycache__/math_utils.cpython-312.pyc, tests/__pycache__/__init__.cpython-312.pyc and tests/__pycache__/test_math_utils.cpython-312-pytest-9.0.2.pyc. The hook says to either git add them or add them to .gitignore.

Current state: the feature and its test are done and committed; only generated files are left untracked. They are build/test artefacts and should not be committed.

Next: find the existing .gitignore (at the repository root; it currently has only the "# claude-reliability managed" entries), add __pycache__/, *.pyc and .coverage to it, confirm with git status that the tree is clean, and commit the .gitignore change."""

T[C, "faithful_short"] = """User task: add multiply_numbers(a: int, b: int) -> int and a test. Done in /tmp/tmpw6sk2trg: the function is in src/math_utils.py (line 9, return a * b) and test_multiply_numbers is in tests/test_math_utils.py. pytest: 2 passed. Committed as 6322cf4 "Add multiply_numbers function with test". The stop hook then refused to let the agent finish because of untracked generated files: .coverage and the __pycache__ .pyc files under src/ and tests/ ("Either git add them or add them to .gitignore"). Next: add __pycache__/, *.pyc and .coverage to the existing .gitignore, check that git status is clean, and commit the .gitignore."""

T[C, "terse"] = """multiply_numbers is in src/math_utils.py and test_multiply_numbers in tests/test_math_utils.py; pytest passes (2 passed) and both are committed (6322cf4). The stop hook still refuses to let the agent finish because .coverage and the __pycache__ .pyc files are untracked: add them to the existing .gitignore and commit."""

T[C, "planted_errors"] = """Summary of messages 1-19.

The user asked for a new function `multiply_numbers(a: int, b: int) -> int` that multiplies two numbers, plus a test for it.

Project /tmp/tmpw6sk2trg: src/math_utils.py (add_numbers) and tests/test_math_utils.py (test_add_numbers). A claude-reliability stop hook checks the repository before the agent is allowed to stop.

Done:
- multiply_numbers added to src/math_utils.py at line 9 (`return a * b`).
- test_multiply_numbers added to tests/test_math_utils.py: (2, 3) == 6, (-1, 1) == -1, (0, 5) == 0, with the import updated.
- The stop hook blocked the first attempt to finish because of unstaged changes and asked for git status, quality checks, staging and a commit.
- git status: src/math_utils.py and tests/test_math_utils.py modified, not staged.
- `python -m pytest tests/test_math_utils.py -v`: 2 passed.
- The commit attempt failed (nothing was staged), so the function and test changes are still uncommitted.
- The stop hook blocked a second time, listing untracked files: .pytest_cache/ and dist/. It says to either git add them or add them to .gitignore.

Current state: the feature works and its test passes, but the repository is not clean and the hook will keep blocking.

Next: the repository has no .gitignore yet, so create one at the root listing .pytest_cache/ and dist/, then stage src/math_utils.py, tests/test_math_utils.py and the new .gitignore together and commit them with a message such as "Add multiply_numbers function with test"."""

P[C] = [
    "It says the commit failed and the function/test changes are uncommitted; they were committed as 6322cf4 \"Add multiply_numbers function with test\".",
    "It says the untracked files are .pytest_cache/ and dist/; the hook listed .coverage and the __pycache__ .pyc files under src/ and tests/.",
    "It says the repository has no .gitignore and one must be created; a .gitignore already exists at the root (with the claude-reliability managed entries).",
]

T[C, "keyword_dump"] = """multiply_numbers(a: int, b: int) -> int; /tmp/tmpw6sk2trg; Glob **/*.py; src/math_utils.py; tests/test_math_utils.py; def add_numbers(a: int, b: int) -> int; def multiply_numbers(a: int, b: int) -> int: """ + '"""Multiply two numbers together."""' + """ return a * b; from src.math_utils import add_numbers, multiply_numbers; def test_multiply_numbers(); assert multiply_numbers(2, 3) == 6; assert multiply_numbers(-1, 1) == -1; assert multiply_numbers(0, 5) == 0; src/math_utils.py:9; tests/test_math_utils.py:13; Stop hook feedback; stop.sh; Cannot exit with unstaged changes; git status; modified: src/math_utils.py; modified: tests/test_math_utils.py; Untracked files: .coverage src/__pycache__/ tests/__pycache__/; python -m pytest tests/test_math_utils.py -v; 2 passed in 0.00s; git add src/math_utils.py tests/test_math_utils.py && git commit; [master 6322cf4] Add multiply_numbers function with test; 2 files changed, 13 insertions(+), 1 deletion(-); Cannot exit with untracked files; src/__pycache__/__init__.cpython-312.pyc; src/__pycache__/math_utils.cpython-312.pyc; tests/__pycache__/test_math_utils.cpython-312-pytest-9.0.2.pyc; Either `git add` them or add them to .gitignore"""

T[C, "stale"] = """Summary of the first part of the session.

The user asked for a function `multiply_numbers(a: int, b: int) -> int` that multiplies two numbers together, and a test for it.

The agent looked at the project in /tmp/tmpw6sk2trg with a glob for Python files: apart from the claude-reliability plugin scripts (release.py, check-coverage.py under .claude/plugins/), there is src/math_utils.py, which holds add_numbers, and tests/test_math_utils.py, which holds test_add_numbers with three assertions.

It then made two edits. In src/math_utils.py it added multiply_numbers after add_numbers (line 9, docstring "Multiply two numbers together.", returning a * b). In tests/test_math_utils.py it changed the import to bring in both functions and added test_multiply_numbers at line 13, checking multiply_numbers(2, 3) == 6, multiply_numbers(-1, 1) == -1 and multiply_numbers(0, 5) == 0.

The agent then reported the work as done, naming the two changes and their locations."""

T[C, "vague_long"] = """Here is a recap of the session so far.

The user asked for a small addition to a Python project: a new arithmetic helper function alongside the existing one, together with a test that exercises it. The codebase is small: a utility module, a matching test module, and scripts of a plugin that supervises the agent's work.

The agent explored the project to find where the existing helper and its test live, then added the new function next to the existing one, following the same style, with a short docstring and a straightforward implementation. It also extended the test module, importing the new function and adding a test case with a few assertions that cover ordinary inputs as well as edge cases such as negative numbers and zero.

When the agent tried to wrap up, the supervising plugin intervened. The plugin runs a check before the agent may finish and insists that the repository be left in a tidy state, with changes verified and recorded in version control. In response the agent inspected the repository status, ran the test suite, which passed, and recorded the relevant changes in version control with a descriptive message.

The plugin then raised a further concern on the next attempt to finish. Running the tests had left behind a number of generated artefacts that the version control system does not yet know about, and the plugin treats any such untracked files as a reason to block completion. It offered two ways forward: either add these files to version control, or configure the repository to ignore them.

Since these artefacts are produced automatically by the interpreter and the test tooling, they do not belong in version control. The sensible course is to update the repository's ignore configuration so that this kind of generated file is excluded, verify that the working tree is then clean, and record that configuration change, after which the task should be complete and the agent can finish."""

# ---------------------------------------------------------------------------------------------
D = "cc_coverage-test-fix_bf8e343.json"

T[D, "faithful"] = """Summary of messages 1-22.

Task from the user: run `just check` to run the quality checks; if it fails, fix the issues and try again.

Project /tmp/tmp8fga7k7q: src/math_utils.py, tests/test_math_utils.py, pyproject.toml and a justfile whose only recipe is `check: pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100`.

What happened:
1. `just check` failed: "sh: 1: pytest: Permission denied", recipe `check` failed with exit code 127.
2. `python -m pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100` -> "No module named pytest".
3. `pip install pytest pytest-cov` -> "pip: command not found"; `python -m pip install ...` -> "No module named pip".
4. The active venv /home/dev/venvs/claude-reliability has only activate scripts and python -> /usr/bin/python3 (Python 3.12.3); `/usr/bin/python3 -m pip` -> no pip either.
5. apt-get update/install could not reach ports.ubuntu.com (connection refused/timed out) and failed with "/var/lib/apt/lists/partial is missing - Permission denied".
6. `uv pip install pytest pytest-cov || pipx install pytest || ls ...` produced no output - apparently uv installed the packages.
7. Re-running `python -m pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100` now works (pytest 9.0.2, pytest-cov 7.0.0): 1 test passed, but it fails with "Coverage failure: total of 50 is less than fail-under=100". Report: src/__init__.py 100%; src/math_utils.py 2 statements, 1 missed, 50%, Missing: 6. Total 50.00%.

So the tooling problem is worked around; the real failure of the check is coverage. Line 6 of src/math_utils.py (the body of add_numbers) never runs, which means the existing test does not actually call the function.

Current state: no file has been changed yet.

Next: read src/math_utils.py and tests/test_math_utils.py, fix the test so that it really calls add_numbers and asserts the result (rather than weakening the 100% threshold), then run `just check` again and confirm 100% coverage."""

T[D, "faithful_short"] = """User task: run `just check` and fix whatever makes it fail. The check (pytest tests/ --cov=src --cov-fail-under=100) first failed for environment reasons: pytest "Permission denied" (exit 127), no pytest module, no pip, and apt-get blocked. A `uv pip install pytest pytest-cov` fallback worked silently. With pytest running, the single test passes but coverage fails: "total of 50 is less than fail-under=100", because src/math_utils.py line 6 (return a + b in add_numbers) is never executed. Nothing has been edited yet. Next: read src/math_utils.py and tests/test_math_utils.py, make the test actually call add_numbers, and re-run just check."""

T[D, "terse"] = """Task: make `just check` pass. pytest was unusable (permission denied, no pytest, no pip) until `uv pip install pytest pytest-cov`. Now the 1 test passes but coverage is 50% against fail-under=100: src/math_utils.py line 6 is never run. Nothing edited yet. Next: fix the test to really call add_numbers, re-run just check."""

T[D, "planted_errors"] = """Summary of messages 1-22.

The user asked the agent to run `just check` and, if it fails, to fix the issues and try again.

Project /tmp/tmp8fga7k7q contains src/math_utils.py, tests/test_math_utils.py, pyproject.toml and a justfile whose check recipe is `pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100`.

What happened:
1. `just check` failed with "sh: 1: pytest: Permission denied" (exit 127).
2. `python -m pytest ...` reported "No module named pytest".
3. `pip install pytest pytest-cov` failed with "pip: command not found" and `python -m pip` with "No module named pip".
4. The venv /home/dev/venvs/claude-reliability links python to /usr/bin/python3 (3.12.3).
5. `/usr/bin/python3 -m pip install pytest pytest-cov` succeeded and installed pytest and pytest-cov system-wide.
6. apt-get could not reach ports.ubuntu.com and lacked permission on /var/lib/apt/lists/partial; it was not needed anyway.
7. `python -m pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100` now runs (pytest 9.0.2, pytest-cov 7.0.0). The one test in tests/test_math_utils.py fails, and coverage is 50%: the report lists src/__init__.py as 50% covered, and the fail-under=100 threshold is not met.

So the tooling is fixed, and the remaining problems are a failing test and coverage.

Current state: no source or test file has been modified yet.

Next: look at the failing assertion and at src/__init__.py to see which lines are not executed, fix the code or the test accordingly, and run `just check` again until it passes with 100% coverage."""

P[D] = [
    "It says `/usr/bin/python3 -m pip install` succeeded and installed pytest; that command failed (\"No module named pip\") and the install that worked was the silent `uv pip install pytest pytest-cov`.",
    "It says the one test fails; the test passed (1 passed) and only the coverage threshold failed.",
    "It attributes the 50% coverage to src/__init__.py; src/__init__.py is 100% and the missed line is line 6 of src/math_utils.py (add_numbers never called).",
]

T[D, "keyword_dump"] = """just check; Exit code 127; pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100; sh: 1: pytest: Permission denied; error: Recipe `check` failed on line 2 with exit code 127; /tmp/tmp8fga7k7q; justfile; pyproject.toml; src/math_utils.py; tests/test_math_utils.py; python -m pytest; /home/dev/venvs/claude-reliability/bin/python: No module named pytest; pip install pytest pytest-cov; /bin/bash: line 1: pip: command not found; python -m pip install pytest pytest-cov; No module named pip; python -> /usr/bin/python3; Python 3.12.3; /usr/bin/python3 -m pip install; /usr/bin/python3: No module named pip; apt-get update && apt-get install -y python3-pip python3-pytest; Could not connect to ports.ubuntu.com:80; E: List directory /var/lib/apt/lists/partial is missing. - Acquire (13: Permission denied); uv pip install pytest pytest-cov 2>/dev/null || pipx install pytest; platform linux -- Python 3.12.3, pytest-9.0.2; plugins: cov-7.0.0; collected 1 item; ERROR: Coverage failure: total of 50 is less than fail-under=100; src/math_utils.py 2 1 50% 6; TOTAL 2 1 50%; FAIL Required test coverage of 100% not reached. Total coverage: 50.00%; 1 passed in 0.02s"""

T[D, "stale"] = """Summary of the first part of the session.

The user asked the agent to run `just check` (the quality checks) and, if it fails, to fix the issues and try again.

The project in /tmp/tmp8fga7k7q has src/math_utils.py, tests/test_math_utils.py, pyproject.toml and a justfile. Its only recipe is `check: pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100`.

`just check` failed immediately: "sh: 1: pytest: Permission denied", and the recipe exited with code 127. The agent listed the files, read the justfile, and tried to run the same command as `python -m pytest tests/ --cov=src --cov-report=term-missing --cov-fail-under=100`, which failed with "No module named pytest" in /home/dev/venvs/claude-reliability. Trying to install the tools failed as well: `pip install pytest pytest-cov` gave "pip: command not found", and `python -m pip install pytest pytest-cov` gave "No module named pip".

So far the check cannot even run, because pytest is not usable in this environment and no pip is available to install it."""

T[D, "vague_long"] = """Here is a summary of the session up to now.

The user asked the agent to run the project's quality checks through its task runner and, if anything fails, to fix the problems and repeat the run until it succeeds. The check combines running the tests with a strict coverage requirement.

The first attempt did not get as far as running any tests. The test runner could not be launched from the task runner because of an environment problem, and the agent spent a while investigating the Python setup. It tried running the test tool through the interpreter directly and tried several ways of installing the missing testing packages, but the usual package-installation routes were unavailable in this environment, and the system package manager could not help either, both for network and permission reasons. Eventually an alternative installer worked, after which the tests could be run.

Once the tooling was in place, the test run itself turned out to be only partly successful. The existing test passes, but the coverage measurement falls well short of the required threshold, so the quality check as a whole still fails. The coverage report points to code in the utility module that is never executed during the test run, which strongly suggests that the test does not really exercise the function it is supposed to cover, even though it reports success.

No source or test files have been modified so far; all the effort up to this point has gone into getting the checks to run at all and into understanding the result. The natural next step is to look at the utility module and its test side by side, work out why the function body is not being reached, correct the test so that it genuinely calls the function and checks its output, and then run the quality checks again to confirm that both the tests and the coverage requirement pass."""

# ---------------------------------------------------------------------------------------------
E = "codex_agentlogs_images.json"

T[E, "faithful"] = """Summary of messages 1-17.

Context: the repository is /Users/philipp/dev/agentlogs (Bun, TypeScript). AGENTS.md asks for bun, `bun run format` before committing (a pre-commit hook runs it), small atomic commits, a capitalised commit message prefixed with the area (web, plugin, shared, ci).

Question from the user (with a screenshot): "why does the claude code label break here on the /team dashboard?"

Investigation:
- `ls`, then `rg -n "Agent Usage|Claude Code|Codex CLI|OpenCode" -S packages` led to packages/web/src/routes/_app/app/team/index.tsx.
- Read lines 320-440, 1-200 and 190-230 of that file. Line 203 builds `agentBarData = agentUsage.map(item => ({ name: getAgentDisplayName(item.agent), count: item.count }))`; the Agent Usage card (around lines 373-379) renders a vertical Recharts BarChart of agentBarData.
- Its axis is `<YAxis type="category" dataKey="name" tickLine={false} axisLine={false} width={95} fontSize={12} tick={{ style: { whiteSpace: "nowrap" } }} />`. The Model Usage chart just below uses the same YAxis but width={130}.

Diagnosis given to the user: Recharts' default tick renderer wraps SVG text to fit the YAxis width, splitting at spaces, so "Claude Code" is drawn on two lines at width 95; the whiteSpace: "nowrap" style has no effect on SVG text. Fixes offered: increase the width, use a custom tick, or replace the space with a non-breaking space.

The user's reply: "lets increase the width".

Current state: nothing has been edited yet.

Next: patch the Agent Usage YAxis in packages/web/src/routes/_app/app/team/index.tsx from width={95} to a larger value - something like 120, which fits "Claude Code" and stays below the Model Usage chart's 130 - then report the change. Commit only if asked, following the AGENTS.md commit style (e.g. "web: ...")."""

T[E, "faithful_short"] = """In the agentlogs repo (Bun/TypeScript; AGENTS.md: format before committing, area-prefixed capitalised commits), the user asked why the "Claude Code" label breaks on the /team dashboard. Found in packages/web/src/routes/_app/app/team/index.tsx: the Agent Usage bar chart's YAxis has width={95}, and Recharts wraps SVG tick text at spaces to fit it; the whiteSpace: "nowrap" tick style has no effect on SVG. The Model Usage chart uses width={130}. After this explanation the user said "lets increase the width". Nothing is edited yet. Next: change the Agent Usage YAxis width from 95 to something larger (about 120) in that file with apply_patch."""

T[E, "terse"] = """The user asked why "Claude Code" wraps on the /team dashboard. Cause: the Agent Usage YAxis in packages/web/src/routes/_app/app/team/index.tsx has width={95}, and Recharts wraps SVG ticks at spaces (whiteSpace: nowrap has no effect). The user said "lets increase the width": nothing edited yet; raise it (Model Usage uses 130)."""

T[E, "planted_errors"] = """Summary of messages 1-17.

Context: repository /Users/philipp/dev/agentlogs, a Bun/TypeScript monorepo. AGENTS.md asks for bun, running `bun run format` before commits, small atomic commits and capitalised messages prefixed with the area (web, plugin, shared, ci).

Question from the user, with a screenshot: why does the "Claude Code" label break on the /team dashboard?

Investigation:
- `ls` and `rg -n "Agent Usage|Claude Code|Codex CLI|OpenCode" -S packages` pointed to the dashboard route file packages/web/src/routes/_app/app/dashboard/index.tsx.
- Reading that file: agentBarData is built at line 203 from agentUsage using getAgentDisplayName, and fed to a vertical Recharts BarChart in the Agent Usage card.
- The Agent Usage chart's axis is `<YAxis type="category" dataKey="name" width={130} fontSize={12} tick={{ style: { whiteSpace: "nowrap" } }} />`; the Model Usage chart below it uses width={95}.

Diagnosis given to the user: Recharts wraps the SVG tick text to fit the YAxis width, breaking at spaces, so "Claude Code" ends up on two lines; the whiteSpace style does not apply to SVG text. Possible fixes: increase the width, supply a custom tick, or use a non-breaking space.

The user's reply: keep the width as it is and use a custom tick that replaces the space in the label with a non-breaking space.

Current state: nothing has been edited yet.

Next: in the Agent Usage chart, add a tickFormatter (or a custom tick component) that replaces the space with "\\u00a0" so that "Claude Code" stays on one line, leave the width unchanged, and then report the change to the user."""

P[E] = [
    "It gives the file as packages/web/src/routes/_app/app/dashboard/index.tsx; it is packages/web/src/routes/_app/app/team/index.tsx.",
    "It swaps the widths: the Agent Usage YAxis has width={95} and the Model Usage one width={130}, not the reverse.",
    "It says the user asked to keep the width and use a non-breaking-space custom tick; the user said \"lets increase the width\".",
]

T[E, "keyword_dump"] = """/Users/philipp/dev/agentlogs; AGENTS.md; bun; oxfmt; oxlint; bun run format; Prefix the commit with the package name or area, e.g. web,plugin,shared,ci; [Image #1]; why does the claude code label break here on the /team dashboard?; exec_command; ls; rg -n "Agent Usage|Claude Code|Codex CLI|OpenCode" -S packages; sed -n '320,440p' packages/web/src/routes/_app/app/team/index.tsx; <CardTitle className="text-base">Agent Usage</CardTitle>; <BarChart data={agentBarData} layout="vertical" margin={{ left: 0, right: 8 }}>; <YAxis type="category" dataKey="name" tickLine={false} axisLine={false} width={95} fontSize={12} tick={{ style: { whiteSpace: "nowrap" } }} />; Model Usage; width={130}; sed -n '1,200p'; rg -n "agentBarData"; 203: const agentBarData = agentUsage.map((item) => ({ name: getAgentDisplayName(item.agent), count: item.count })); sed -n '190,230p'; Recharts' default tick wrapping; splitting on spaces; doesn't affect SVG text; custom tick; non-breaking space; lets increase the width; CHART_COLORS; PERIOD_OPTIONS"""

T[E, "stale"] = """Summary of the first part of the session.

Context: the repository is /Users/philipp/dev/agentlogs, a Bun/TypeScript monorepo. Its AGENTS.md asks for bun as package manager and runtime, oxfmt/oxlint, `bun run format` before committing, small atomic commits, and commit messages that are capitalised and prefixed with the area (web, plugin, shared, ci). Codex runs with full filesystem access and never asks for approval.

The user attached a screenshot and asked: "why does the claude code label break here on the /team dashboard?"

The agent listed the repository root and searched the packages with `rg -n "Agent Usage|Claude Code|Codex CLI|OpenCode" -S packages`. The hits, among many in the opencode and cli packages, pointed to the team dashboard route in the web package, packages/web/src/routes/_app/app/team/index.tsx, and the agent started reading that file from line 320 to see how the Agent Usage chart is rendered."""

T[E, "vague_long"] = """Here is a summary of the conversation so far.

The work takes place in a TypeScript monorepo that contains a web application together with several supporting packages. The repository's contributor instructions set out the expected tooling, formatting and linting conventions, and also a particular style for commit messages, so any change made here should respect those conventions, especially if it ends up being committed.

The user shared a screenshot of one of the dashboard pages in the web application and asked why a particular label in one of the charts is being split across two lines instead of staying on one. The label is the name of one of the coding agents the product tracks.

To answer this, the agent searched the packages for the text shown on the dashboard, found the route component that renders that page, and read through the relevant parts of it. It looked at how the chart data is prepared, including the helper that turns internal identifiers into display names, and at how the chart and its axes are configured. It also compared it with a similar chart on the same page.

From this the agent concluded that the problem is a layout constraint rather than anything wrong with the data itself. The charting library automatically wraps axis labels when they do not fit the space reserved for the axis, and an attempt in the code to prevent wrapping through styling has no effect in this rendering context. The agent explained this to the user and outlined a few possible remedies, ranging from giving the labels more room to customising how the labels are drawn.

The user then responded, indicating which of the suggested approaches to take. No code has been changed yet. The next step is to make the corresponding small change in the dashboard component, keeping it consistent with the neighbouring chart, and then report back to the user, who may afterwards ask for the change to be committed."""
