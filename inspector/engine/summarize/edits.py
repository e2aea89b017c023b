"""Which files an assistant's action changes, as opposed to the files it reads or names.

The offline summary lists the files an agent changed apart from those it only read or
named: listed together as "touched", a file the agent merely opened reads, to the next
agent and to a careful reader, as edited (the blind judges of set L16 marked that
misleading). The rules are the tools agent frameworks really use:

- an edit tool: a name that says so (Claude Code's `Edit`, `Write`, `MultiEdit`;
  Gemini CLI's `replace`, `write_file`; Cline's `write_to_file`, `replace_in_file`), or
  an editor tool whose `command` is an editing one (SWE-agent's and OpenHands'
  `str_replace_editor` with `create`, `str_replace`, `insert`; `view` only reads);
- a patch (Codex's `apply_patch`: its `*** Update File:` / `*** Add File:` lines);
- a shell command that writes: a redirect (`>`, `>>`), `tee`, `sed -i`, `perl -pi`,
  `touch`, `rm`, `mv`, `cp` (their target);
- SWE-agent's `create PATH` command written in the assistant's text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from inspector.engine.models import Message, ToolCall

# Words of a tool's name (or its editor command) that mean the call changes a file.
_WRITE_WORDS = frozenset({"edit", "write", "create", "replace", "insert", "patch", "delete", "remove",
                          "rename", "move", "append", "overwrite", "save", "multiedit"})
# ... and words that mean it only reads, winning over a write word ("view" of an editor).
_READ_WORDS = frozenset({"view", "read", "cat", "open", "search", "grep", "glob", "find", "list", "ls",
                         "show", "get", "fetch"})
# Arguments of an edit tool that hold the file it changes (not its new content).
_PATH_KEYS = frozenset({"path", "file", "filename", "file_name", "target_file", "filepath", "dest",
                        "destination", "target"})
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+?)\s*$|^\*\*\* Move to: (.+?)\s*$", re.M)
_SEGMENTS = re.compile(r"&&|\|\||[;|\n]")
# A redirect to a file: `> out.txt`, `2> err.log`, `>> log`, `cat > a.py <<EOF` (not `2>&1`,
# not the `->` of a C pointer in a pattern).
_REDIRECT = re.compile(r"(?:^|(?<=\s))\d?>>?\s*(?!&)([^\s;&|<>]+)")
_QUOTED = re.compile(r"'[^']*'|\"(?:\\.|[^\"\\])*\"")
# A here-document's body (`<<'EOF' ... EOF`) is text, not commands.
_HEREDOC_BODY = re.compile(r"(<<-?\s*['\"]?(\w+)['\"]?[^\n]*)\n.*?\n\s*\2\s*(?=\n|$)", re.S)
_SHELL_WRITERS = re.compile(r"^\s*(?:sudo\s+)?(?:sed\s+(?:-\w+\s+)*-i|perl\s+-\w*i|tee\b|touch\b|rm\b|"
                            r"mv\b|truncate\b)")
_SHELL_COPIES = re.compile(r"^\s*(?:sudo\s+)?(?:cp|install)\s.*?(\S+)\s*$")
_CREATE_COMMAND = re.compile(r"^\s*create\s+(\S+)\s*$", re.M)


def _words(name: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(name)}


def _args(call: ToolCall) -> dict[str, object]:
    try:
        args = json.loads(call.arguments_raw) if call.arguments_raw else {}
    except ValueError:
        return {}
    return args if isinstance(args, dict) else {}


def _shell_targets(command: str) -> Iterator[str]:
    """The text of a shell command line's parts that write files: a redirect's target,
    the whole part of a writing command (`sed -i`, `tee`, `mv`, ...)."""
    for part in _SEGMENTS.split(_HEREDOC_BODY.sub(r"\1", command)):
        for target in _REDIRECT.findall(_QUOTED.sub(" ", part)):
            if not target.startswith("/dev/"):
                yield target
        if _SHELL_WRITERS.match(part):
            yield part
        elif copy := _SHELL_COPIES.match(part):
            yield copy.group(1)  # (the copy, not its source)


def changed_texts(m: Message) -> list[str]:
    """The parts of an assistant message's actions that name the files it changes.

    Args:
        m: an assistant message.

    Returns:
        Texts (a path, a patch's file line, a writing shell command) in which the
        caller finds the changed paths with its own path pattern, so the paths read
        exactly as it lists every other path.
    """
    out = [text for call in m.tool_calls for text in call_changed_texts(call)]
    if not m.tool_calls:
        out.extend(_CREATE_COMMAND.findall(m.text[-4000:]))
    return out


def call_changed_texts(call: ToolCall) -> list[str]:
    """The parts of one call that name the files it changes (`changed_texts`).

    Args:
        call: a tool call.

    Returns:
        Its texts, as `changed_texts` gives them.
    """
    args = _args(call)
    out = _patch_files(call.arguments_raw)
    shell = next((v for k in ("cmd", "command", "script") if " " in (v := _text(args.get(k))).strip()), None)
    if shell is not None:
        out.extend(_shell_targets(shell))
        return out
    # an editor tool says what it does in a one-word argument (`"command": "view"`)
    verb = next((v for k in ("command", "action", "operation", "mode") if (v := _text(args.get(k)).strip())), "")
    words = _words(verb or call.name)
    if words & _WRITE_WORDS and not words & _READ_WORDS:
        out.extend(v for k, v in args.items() if isinstance(v, str) and _is_path_key(k))
    return out


def _patch_files(arguments_raw: str) -> list[str]:
    """The files a patch in a call's arguments adds, updates, deletes or moves to."""
    if "*** " not in arguments_raw:
        return []
    text = arguments_raw.replace("\\n", "\n")  # the patch is usually a JSON string's escaped text
    return [a or b for a, b in _PATCH_FILE.findall(text)]


def _text(value: object) -> str:
    """An argument as text: a string, or a command given as a list of words."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return " ".join(value)
    return ""


def _is_path_key(key: str) -> bool:
    low = key.lower()
    return low in _PATH_KEYS or low.endswith("path")
