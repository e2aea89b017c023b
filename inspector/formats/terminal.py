"""Strings from session files and models, made safe for a terminal.

Everything a session file or a model supplied (ids, titles, tool names, file names,
error texts, summaries, message bodies) passes through `visible` on its way to a
terminal or a text export, so that no escape sequence reaches the terminal: an OSC 52
in a tool name would otherwise set the clipboard, an OSC 2 the window title, a CSI clear
the screen. Control characters are replaced one character for one (token spans in a
message body still line up) by characters that show what was there. `markup_safe`
additionally escapes Rich/Textual markup, for the few places that render markup; the
TUI prefers `Text` objects, which never parse markup. JSON exports keep data exact and
never use this.
"""

from __future__ import annotations

import re

# C0 controls as their control pictures (U+2400 + code), DEL as U+2421; C1 controls
# (0x80-0x9F: 8-bit CSI, OSC, ST...), bidirectional embeddings, overrides and isolates
# (they reorder what is shown: "Trojan Source") as U+FFFD; line and paragraph
# separators as U+2424 (they break lines in some terminals).
_CONTROL: dict[int, int] = {c: 0x2400 + c for c in range(32)}
_CONTROL[0x7F] = 0x2421
_CONTROL.update({c: 0xFFFD for c in range(0x80, 0xA0)})
_CONTROL.update({c: 0xFFFD for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))})
_CONTROL.update({0x2028: 0x2424, 0x2029: 0x2424})
# A lone surrogate (half a character, from a JSON escape) cannot be written as UTF-8.
_CONTROL.update({c: 0xFFFD for c in range(0xD800, 0xE000)})

_TABLE_ONE_LINE = dict(_CONTROL)
_TABLE_ONE_LINE[0x09] = 0x20  # a tab in a label is a space: tables stay aligned
_TABLE_TEXT = {c: r for c, r in _CONTROL.items() if c not in (0x09, 0x0A)}

# The markup Rich and Textual parse: a tag is `[` followed by a letter, `#`, `/` or `@`.
_MARKUP_TAG = re.compile(r"(\\*)(\[[a-zA-Z#/@][^[]*?])")


def visible(text: object, *, newlines: bool = False) -> str:
    """`text` with every control, escape and bidi-override character made visible.

    Args:
        text: a string from a session file or a model (anything else is `str()`-ed).
        newlines: keep line feeds and tabs (message bodies, summaries); otherwise the
            result is one line, tabs become spaces and a line feed shows as ␊.

    Returns:
        A string of the same length with nothing a terminal would interpret.
    """
    s = text if isinstance(text, str) else str(text)
    return s.translate(_TABLE_TEXT if newlines else _TABLE_ONE_LINE)


def escape_markup(text: str) -> str:
    """`text` with Rich/Textual markup tags escaped, so `[/]bash` shows as written.

    Args:
        text: any string.

    Returns:
        The string with a backslash before each `[` that would open a tag.
    """
    escaped = _MARKUP_TAG.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    if escaped.endswith("\\") and not escaped.endswith("\\\\"):
        escaped += "\\"
    return escaped


def markup_safe(text: object, *, newlines: bool = False) -> str:
    """`visible(text)` with its markup escaped: for a string rendered as markup.

    Args:
        text: a string from a session file or a model.
        newlines: as for `visible`.

    Returns:
        A string that renders as written, with nothing a terminal would interpret.
    """
    return escape_markup(visible(text, newlines=newlines))


# What `json.dumps(..., ensure_ascii=False)` leaves raw but a terminal interprets (C1
# controls such as the 8-bit CSI U+009B, DEL), or reorders (bidi controls), or cannot
# be encoded (lone surrogates): written as \uXXXX escapes, which read back the same.
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def terminal_json(value: object, **kwargs: object) -> str:
    """`value` as JSON for a terminal: the data exact (non-ASCII text kept readable),
    with nothing a terminal would interpret: C0 controls are escaped by `json.dumps`,
    C1 and bidi controls, DEL and lone surrogates by this function.

    Args:
        value: what to print.
        **kwargs: passed to `json.dumps` (`indent`, `sort_keys`, ...).

    Returns:
        One JSON document; `json.loads` of it equals `value`.
    """
    import json

    return escaped_in_strings(json.dumps(value, ensure_ascii=False, **kwargs))  # type: ignore[arg-type]


def escaped_in_strings(text: str) -> str:
    """JSON or TOML text (whose C0 controls its writer escaped already) with the C1 and
    bidi controls, DEL and lone surrogates of its strings written as `\\uXXXX`, an escape
    both languages read back as the character.

    Args:
        text: a JSON document, or TOML written with basic (double-quoted) strings.

    Returns:
        The same document, nothing in it a terminal would interpret.
    """
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
