"""A JSON file a replacement calls valid whose last write in the range is not valid JSON.

A summary with errors planted in it may call a broken file good: "public_summary.json:
written once and read back; it is valid" where the content the agent wrote has a raw
line break inside a string, or stops inside an array. The careful reader checks it
without knowing what was planted: the original holds the exact content of each write
(a writing call's content argument), and JSON either parses or does not.

Read: a sentence naming exactly one `.json` file and then calling it valid ("valid", "now
valid", "valid JSON"; calling nothing invalid or broken, not "not valid"), whose last whole-file write up
to the range's end (a writing call, not an edit: its arguments hold the path and the
whole content) does not parse. A file written by any other call after it (an edit, a
shell command) is not read: its content is not known. JSON with comments or trailing
commas (tsconfig.json, "JSONC") that parses once they are taken out is not read.

Cheap: the session's whole-file writes of JSON files are read once per index state;
a sentence is read only when it says "valid" and names a `.json` file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from inspector.engine.bounded import Memo, per_index_state
from inspector.engine.models import Message

_VALID = re.compile(r"(?<![\w-])valid\b", re.I)
# (a sentence also calling something invalid or broken mixes two files' states, or two
# writes': which one is called valid is not clear)
_DENIED = re.compile(r"\b(?:invalid|broken|malformed|truncated|not|never|no longer|isn't|wasn't|aren't|weren't|unclear|whether|if|check(?:s|ed|ing)?|"
                     r"validat\w*|next|will|should|must|needs?|to be)\b", re.I)
_JSON_FILE = re.compile(r"(?<![\w.-])([\w.-]+\.json)\b", re.I)
# A call that writes a whole file (not an edit of a part of it).
_WHOLE_WRITE = re.compile(r"write|create|save|put", re.I)
_PART_WRITE = re.compile(r"edit|replace|patch|insert|append|apply", re.I)
_LINE_COMMENT = re.compile(r"^\s*//.*$", re.M)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
EVIDENCE_CHARS = 200


@dataclass(frozen=True)
class Invalid:
    """A sentence calling a JSON file valid whose last write does not parse.

    Attributes:
        text: the file as the sentence names it.
        sentence: the replacement's sentence.
        source: where the original wrote it, and why it does not parse.
    """

    text: str
    sentence: str
    source: str


def _written(arguments: str, base: str) -> str | None:
    """The content a whole-file write's arguments give the file `base`, or None when
    they do not read as a path naming it and a content."""
    try:
        args = json.loads(arguments)
    except ValueError:
        return None
    if not isinstance(args, dict):
        return None
    strings = [(k, v) for k, v in args.items() if isinstance(v, str)]
    if not any(v.rstrip().endswith(base) and "\n" not in v for _, v in strings):
        return None
    contents = [v for _, v in strings if not v.rstrip().endswith(base)]
    return max(contents, key=len) if contents else None


def _parses(content: str) -> bool:
    for text in (content, _TRAILING_COMMA.sub(r"\1", _LINE_COMMENT.sub("", content))):
        try:
            json.loads(text)
            return True
        except ValueError:
            continue
    return False


_WRITES: Memo[tuple[int, int], dict[str, list[tuple[int, str | None]]]] = Memo(8)


@per_index_state(_WRITES)
def _writes(messages: Sequence[Message], serial: int) -> dict[str, list[tuple[int, str | None]]]:
    """JSON file name (lower case) -> (action index, its content, or None when the call
    changed it in a way not read: an edit, a shell command) of each call naming it."""
    out: dict[str, list[tuple[int, str | None]]] = {}
    for i, m in enumerate(messages):
        for c in m.tool_calls:
            if ".json" not in c.arguments_raw.lower():
                continue
            for base in {b.lower() for b in _JSON_FILE.findall(c.arguments_raw[:2000])}:
                if _PART_WRITE.search(c.name):
                    out.setdefault(base, []).append((i, None))
                elif _WHOLE_WRITE.search(c.name):
                    out.setdefault(base, []).append((i, _written(c.arguments_raw, base)))
                elif not re.search(r"read|view|cat|open|get|list|search|grep|find|show|fetch|head|tail|ls", c.name,
                                   re.I):
                    out.setdefault(base, []).append((i, None))  # (a shell command may write it)
    return out


def validity_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int,
                    horizon: int) -> list[Invalid]:
    """The sentences calling the one JSON file they name valid when its last write up to
    `horizon` does not parse (module doc).

    Args:
        sentences: the replacement's sentences.
        messages: the original's messages.
        serial: the original's index serial (the writes' cache key, with its length).
        horizon: the last message of the range the replacement stands for.

    Returns:
        One `Invalid` per sentence at most.
    """
    said = [s for s in sentences if "valid" in s.lower() and ".json" in s.lower() and _VALID.search(s)
            and not _DENIED.search(s)]
    if not said:
        return []
    writes = _writes(messages, serial)
    out = []
    for sentence in said:
        named = {b.lower() for b in _JSON_FILE.findall(sentence)}
        if len(named) != 1:
            continue
        base = named.pop()
        valid = _VALID.search(sentence)
        if valid is None or sentence.lower().find(base) > valid.start():
            continue  # (the file named after "valid": not what is called valid)
        calls = [(i, content) for i, content in writes.get(base, ()) if i <= horizon]
        if not calls:
            continue
        at, content = calls[-1]
        if content is None or _parses(content):
            continue
        out.append(Invalid(base, sentence, f"message {at} wrote {base} as content that is not valid JSON: "
                           f"{' '.join(content.split())[:EVIDENCE_CHARS]}"))
    return out
