"""Version-control steps a replacement says were taken that no command took.

"Committed and pushed as 'Allow startup without API keys'" in a summary of a range where
no `git commit` and no `git push` ran sends the agent on as if the work were saved and
shared (a planted error of the blind set L20: the commit came later, when the user asked).
A commit and a push are steps an agent takes by a command the session shows; a clause
saying one was taken (in the past, not negated, not ahead) in a session that runs commands,
none of them that one up to the range's end, is contradicted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from inspector.engine.fidelity_outcomes import Outcome
from inspector.engine.fidelity_text import clause_around

# The steps, as a summary says they were taken, and the git subcommand taking each: a
# commit, and a push where the clause names where to ("pushed" alone is as often a stack's).
_TAKEN = re.compile(r"\b(committed)\b|\b(pushed)\b(?=[^.;\n]{0,40}\b(?:origin|remote|github|gitlab|upstream|main|"
                    r"master|branch)\b)|(?<=committed and )(pushed)\b", re.I)
_SUBCOMMAND = {"committed": "commit", "pushed": "push"}
# A clause saying the step was not taken, or is still to take, or was taken by someone else.
_NOT_TAKEN = re.compile(r"\b(?:not|never|no|nothing|nor|yet to|until|once|if|unless|will|would|should|must|"
                        r"needs?|next|plan\w*|to be|ready to|remaining|todo|user|upstream|pr|pull request)\b|\?",
                        re.I)
_CLAUSE_END = re.compile(r";|\.\s|\s(?:but|while|whereas|although|though)\s|\u2014|\n")


# "the repository's committed configuration": the word as an adjective, after a determiner.
_ADJECTIVE = re.compile(r"(?:\b(?:the|a|an|its|their|his|her|our|your|my|this|that|these|those)|'s)\s+$", re.I)
# What an environment prints when a commit was made: git's "[main 1a2b3c4] message", a tool's
# "Commit 1a2b3c4 ..." (aider commits each edit itself).
_COMMIT_SHOWN = re.compile(r"^\[[\w./-]+(?: \(root-commit\))? [0-9a-f]{7,40}\]|\bcommit(?:ted)?\b[^\n]{0,20}\b[0-9a-f]{7,40}\b",
                           re.I | re.M)


def reads_vcs(sentence: str) -> bool:
    """Whether `vcs_claims` reads `sentence`: it says a commit or a push was made.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return _says_taken(sentence) and _TAKEN.search(sentence) is not None


def _says_taken(sentence: str) -> bool:
    """Whether `sentence` holds a word `_TAKEN` needs (the pattern only where they are)."""
    return "ommit" in sentence or "ush" in sentence or "OMMIT" in sentence or "USH" in sentence


def vcs_claims(sentences: Sequence[str], commands: Sequence[tuple[int, str]], horizon: int,
               shown: Callable[[], Iterable[str]] = tuple) -> list[Outcome]:
    """The sentences saying a commit or a push was made that no command
    up to `horizon` made (module doc).

    Args:
        sentences: the replacement's sentences.
        commands: the session's commands as run, normalized, with their action's index, in order.
        horizon: the last message of the range the replacement stands for.
        shown: the texts of the messages up to `horizon` (a commit an environment or a tool shows
            made counts), read only when a commit is said made and no command made one.

    Returns:
        One `Outcome` per sentence at most.
    """
    # (the pattern only where its words are: a knob move hands every sentence of the summary)
    said = [(s, m) for s in sentences if _says_taken(s) for m in _TAKEN.finditer(s)]
    if not said:
        return []
    ran = [c for i, c in commands if i <= horizon]
    if not ran:
        return []  # (no command in the range: the session acts otherwise, nothing to tell by)
    out: list[Outcome] = []
    committed_shown: bool | None = None
    for sentence, m in said:
        if out and out[-1].sentence == sentence:
            continue
        if _NOT_TAKEN.search(clause_around(sentence, m.start(), m.start(), _CLAUSE_END)) or _ADJECTIVE.search(sentence, 0, m.start()):
            continue
        sub = _SUBCOMMAND[(m.group(1) or m.group(2) or m.group(3)).lower()]
        if any(f"git {sub}" in c or re.search(rf"\bgit\b.*\b{sub}\b", c) for c in ran):
            continue
        if sub == "commit":
            if committed_shown is None:
                committed_shown = any(_COMMIT_SHOWN.search(t) for t in shown())
            if committed_shown:
                continue
        out.append(Outcome(f"git {sub}", sentence, f"no `git {sub}` ran before message {horizon + 1}"))
    return out
