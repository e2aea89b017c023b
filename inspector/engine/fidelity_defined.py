"""A name put in a file that does not define it.

A summary with errors planted in it puts a function, a method or a class in the wrong
file: "sklearn/base.py, where `_safe_set_output` is defined" when the session read its
definition in sklearn/utils/_set_output.py; "a new `Coder.get_head()` method in
aider/coders/base_coder.py" when the edit added `def get_head` to aider/repo.py. The name
and the file are both real, so no artifact is unsupported; what is false is where the one
is. A careful reader, who saw where the definition was, marks it wrong.

The original's definitions are read where a file's contents show with the file they
are in: a tool call's result whose call names one file (a read, a `cat`), a viewer's
`[File: path]` header, a search's `path:line:` prefix, an edit's new text with the file
it writes (a call's arguments, aider's SEARCH/REPLACE block under its file's line). A
claim is checked only when it says where the name is defined (defined, declared,
implemented, lives in; a method, function or class in a file; a file where the name is
defined), and only when the original shows the name defined somewhere and never in the
file the claim names: a name defined in several files (an override) is in each.

Cheap: only the sentences naming a file and a definition cue are read (`reads_defined`),
and for a name one of them claims, only the messages holding it (a substring search), each
read once per index (kept by its serial and the message).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence

from inspector.engine.bounded import Memo
from inspector.engine.fidelity_bindings import EVIDENCE_CHARS, SCAN, Binding, base_name
from inspector.engine.models import Message

# A definition line: Python's def and class, JavaScript's function and class, Go's func,
# Rust's fn (the name is the group; a method's receiver or modifiers before it).
_DEFINITION = re.compile(
    r"^[ \t+\-]*(?:\d+[:|\u2192\t]\s*)?(?:export\s+|pub(?:\([\w ]+\))?\s+|async\s+|default\s+|abstract\s+|static\s+)*"
    r"(?:def|class|function\*?|fn|func(?:\s*\([^)]*\))?)\s+([A-Za-z_]\w*)", re.M)
# A search's hit line: "path:12:   def name" (grep -n, ripgrep).
_SEARCH_HIT = re.compile(r"^([\w./@+-]+\.[A-Za-z]{1,6}):\d+:(.*)$", re.M)
# SWE-agent's viewer header.
_VIEWER = re.compile(r"\[File: ([^\]\s]+)(?: \(\d+ lines total\))?\]")
# aider's edit block: the file's line, then a fence holding <<<<<<< SEARCH ... >>>>>>> REPLACE.
_AIDER_BLOCK = re.compile(r"^([\w./@+-]+\.[A-Za-z]{1,6})\s*\n```[^\n]*\n(.*?)\n```", re.M | re.S)
# A command showing one file whole.
_SHOW_COMMAND = re.compile(r"^\s*(?:cat|open|less|more|head|tail|nl|bat)\s+(?:-\S+\s+)*([\w./@+-]+\.[A-Za-z]{1,6})\s*$")
# Keys of a call's arguments naming the one file it reads or writes.
_PATH_KEYS = ("path", "file_path", "filename", "file", "filepath", "target_file", "absolute_path")
# A source file a sentence names.
_FILE = re.compile(r"(?<![\w./-])((?:[\w@+-]+/)*[\w@+-]+\.(?:py|pyi|pyx|js|jsx|ts|tsx|mjs|go|rs|rb|java|kt|ex|exs))\b")
# A name as a sentence writes it: `Coder.get_head()`, get_head(), `_safe_set_output`.
_NAME = r"`?(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)(?:\(\))?`?"
# The ways a clause says where a name is defined.
_CLAIMS = (
    # "get_head is defined in repo.py", "`borderColor` is declared in editor.ts"
    re.compile(_NAME + r"(?:\s+(?:property|method|function|class|field|attribute|member|helper|type))?"
               r"\s+(?:is|was|are|were|gets|got)?\s*(?:now\s+)?(?:defined|declared|implemented|lives|"
               r"located)\s+in\s+`?(?:the\s+)?(?:file\s+)?`?(\S+?)`?(?=[\s,;:)]|$)"),
    # "a new `Coder.get_head()` method in aider/coders/base_coder.py"
    re.compile(_NAME + r"\s+(?:method|function|class|helper|func)\s+(?:is\s+)?(?:in|of|inside)\s+`?(\S+?)`?"
               r"(?=[\s,;:)]|$)"),
)
# "sklearn/base.py, where _safe_set_output is defined"
_WHERE = re.compile(r"`?(\S+?)`?,?\s+where\s+" + _NAME + r"\s+(?:is|was|are)\s+(?:defined|declared|implemented)")
# A word that says a claim is about something other than the definition, in it or in the
# characters before it.
_CUE_REACH = 30
_NOT_DEFINITION = re.compile(r"\b(?:call(?:s|ed|ing)?|us(?:es|ed|ing)|import(?:s|ed|ing)?|invok\w+|test(?:s|ed)?)\b",
                             re.I)


def _base(path: str) -> str:
    return base_name(path.strip("`'\"()[],.;:"))


def _call_files(m: Message) -> dict[str, tuple[str, list[str]]]:
    """Call id -> the one file its arguments name (a read's, an edit's) and the texts its
    other arguments hold (an edit's new text)."""
    out: dict[str, tuple[str, list[str]]] = {}
    for call in m.tool_calls:
        try:
            args = json.loads(call.arguments_raw[:SCAN]) if call.arguments_raw else {}
        except ValueError:
            continue
        if isinstance(args, dict):
            named = [v for k, v in args.items() if k in _PATH_KEYS and isinstance(v, str)]
            command = args.get("command") or args.get("cmd")
            if not named and isinstance(command, str) and (shown := _SHOW_COMMAND.match(command)):
                named = [shown.group(1)]
            if len(named) == 1:
                out[call.id] = (named[0], [v for k, v in args.items() if k not in _PATH_KEYS and isinstance(v, str)])
    return out


# A TypeScript class member's declaration ("  borderColor: (str: string) => string;",
# "  private readonly cache?: Map<...>"), read in a .ts file only: anywhere else a key and a
# colon are an object's entry.
_MEMBER = re.compile(r"^[ \t+\-]*(?:\d+[:|\u2192\t]\s*)?[ \t]+(?:(?:public|private|protected|readonly|static|declare|"
                     r"override|abstract)\s+)*([A-Za-z_$][\w$]*)[?!]?\s*:\s*[^\s,}]", re.M)
_TYPESCRIPT = (".ts", ".tsx", ".mts")


def _definitions_in(text: str, file: str) -> Iterator[tuple[str, str]]:
    """(name, the definition's line with its file) per definition in `text`, a part of `file`."""
    found = [*_DEFINITION.finditer(text), *(_MEMBER.finditer(text) if file.lower().endswith(_TYPESCRIPT) else ())]
    for d in found:
        yield d.group(1), " ".join(f"{file}: {d.group().strip()}".split())[:EVIDENCE_CHARS]


# (the index's serial, a message) -> the definitions it shows with their files
# (`_message_definitions`): read only for the messages that may hold a name claimed.
_DEFINED: Memo[tuple[int, int], tuple[tuple[str, str, str], ...]] = Memo(20_000)
# How far back a tool result's call is looked for (its assistant message, a few before it).
_CALL_REACH = 64


def _result_file(messages: Sequence[Message], i: int) -> str | None:
    """The one file the call a tool result answers names (a read's, a `cat`'s), if any."""
    call_id = messages[i].tool_call_id
    if not call_id:
        return None
    for j in range(i - 1, max(-1, i - _CALL_REACH), -1):
        if any(c.id == call_id for c in messages[j].tool_calls):
            named = _call_files(messages[j]).get(call_id)
            return named[0] if named else None
    return None


def _message_definitions(messages: Sequence[Message], i: int, serial: int) -> tuple[tuple[str, str, str], ...]:
    """(name, the file's base name, the definition's line) per definition message `i`
    shows with the file it is in: an edit's new text with the file its call writes,
    aider's block under its file's line, a read's result, a viewer's, a search's hit."""
    hit = _DEFINED.get((serial, i))
    if hit is not None:
        return hit
    m = messages[i]
    out: list[tuple[str, str, str]] = []
    for file, texts in _call_files(m).values():
        for text in texts:
            out.extend((name, _base(file), shown) for name, shown in _definitions_in(text, file))
    text = m.text[:SCAN]
    if text:
        if "```" in text and ("<<<<<<< SEARCH" in text or "<<<<<<< ORIGINAL" in text):
            for block in _AIDER_BLOCK.finditer(text):
                out.extend((name, _base(block.group(1)), shown)
                           for name, shown in _definitions_in(block.group(2), block.group(1)))
        viewer = _VIEWER.search(text[:2000])
        where = (_result_file(messages, i) if m.role == "tool" else None) or (viewer.group(1) if viewer else None)
        if where is not None:
            out.extend((name, _base(where), shown) for name, shown in _definitions_in(text, where))
        if ":" in text:
            for found in _SEARCH_HIT.finditer(text):
                out.extend((name, _base(found.group(1)), shown)
                           for name, shown in _definitions_in(found.group(2), found.group(1)))
    return _DEFINED.put((serial, i), tuple(out))


def _claims_of(sentence: str) -> Iterator[tuple[str, str]]:
    """(name, file) for each place `sentence` says a name is defined (not where the words
    just before it say it is called, used, imported or tested there)."""
    found = [(c, c.group(1), c.group(2)) for pattern in _CLAIMS for c in pattern.finditer(sentence)]
    found += [(c, c.group(2), c.group(1)) for c in _WHERE.finditer(sentence)]
    for c, name, file in found:
        if _FILE.fullmatch(file.strip("`'\"()[],.;:")) and not _NOT_DEFINITION.search(
                sentence[max(0, c.start() - _CUE_REACH):c.end()]):
            yield name, file


# (the index's serial, the session's length, a name) -> the messages holding it
_NAMING: Memo[tuple[int, int, str], tuple[int, ...]] = Memo(512)


def _naming(messages: Sequence[Message], serial: int, name: str) -> tuple[int, ...]:
    """The messages whose text or call arguments hold `name` (a plain substring search,
    in C), asked only of a name a sentence claims is defined somewhere."""
    key = (serial, len(messages), name)
    hit = _NAMING.get(key)
    if hit is None:
        hit = _NAMING.put(key, tuple(i for i, m in enumerate(messages) if name in m.text[:SCAN]
                                     or any(name in c.arguments_raw[:SCAN] for c in m.tool_calls)))
    return hit


def defined_claims(sentences: Sequence[str], messages: Sequence[Message], serial: int,
                   horizon: int) -> list[Binding]:
    """The sentences putting a name's definition in a file where the original never shows
    it defined, while it shows it defined elsewhere.

    Args:
        sentences: the replacement's sentences (those `reads_defined` reads).
        messages: the original's messages.
        serial: the original's index serial (the definitions' cache key, with a message).
        horizon: the last message of the range the replacement stands for.

    Returns:
        One `Binding` per sentence at most: "name in file", the sentence, where the
        original shows it defined.
    """
    out: list[Binding] = []
    for sentence in sentences:
        for name, file in _claims_of(sentence):
            known: dict[str, str] = {}
            for i in _naming(messages, serial, name):
                if i <= horizon:
                    for defined, where, shown in _message_definitions(messages, i, serial):
                        if defined == name:
                            known.setdefault(where, shown)
            if known and _base(file) not in known:
                out.append(Binding(f"{name} in {file}", sentence, next(iter(known.values()))))
                break
    return out


def reads_defined(sentence: str) -> bool:
    """Whether `defined_claims` reads `sentence`: it names a source file and says where
    something is defined.

    Args:
        sentence: a replacement's sentence.

    Returns:
        True when it may make a claim.
    """
    return ("defined" in sentence or "declared" in sentence or "implemented" in sentence or "method" in sentence
            or "function" in sentence or "class" in sentence or "lives" in sentence) and bool(_FILE.search(sentence))
