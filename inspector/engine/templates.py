"""Notice and placeholder templates (`{offload_id}`, `{tokens}`, ...) filled in safely.

Templates come from config files, which are shared: `str.format` would let one read
attributes and items of the values (`{offload_id.__init__.__globals__}`) or build a
gigabyte string (`{removed_chars:>999999999}`). Here only the documented names are
filled, with at most an alignment, a width and a precision up to `MAX_WIDTH`; anything
else is left as written, and `template_problem` names it for the config's validation.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

from inspector.engine.bounded import Memo

MAX_WIDTH = 1000  # largest width or precision a template field may ask for

# [[fill]align][width][.precision][s]: what a field of text can sensibly use.
_SPEC = re.compile(r"(?:[^{}]?[<>^])?(?P<width>\d*)(?:\.(?P<precision>\d+))?s?")
_FORMATTER = Formatter()


def _field_problem(name: str, conversion: str | None, spec: str, allowed: frozenset[str] | set[str]) -> str | None:
    if name not in allowed:
        if name.isidentifier():
            return f"unknown field {{{name}}} (fields: {', '.join(sorted(allowed))})"
        return f"field {{{name}}}: only a plain name (no attribute, index or position)"
    if conversion not in (None, "s"):
        return f"field {{{name}!{conversion}}}: no conversion"
    m = _SPEC.fullmatch(spec)
    if m is None:
        return f"field {{{name}:{spec}}}: only [[fill]align][width][.precision]"
    for part in ("width", "precision"):
        if m.group(part) and int(m.group(part)) > MAX_WIDTH:
            return f"field {{{name}:{spec}}}: {part} at most {MAX_WIDTH}"
    return None


def template_problem(template: str, fields: frozenset[str] | set[str]) -> str | None:
    """What is wrong with a template, or None.

    Args:
        template: the text, `{name}` fields and `{{`/`}}` for braces.
        fields: the names it may use.

    Returns:
        One line naming the first bad field (unbalanced braces, an unknown name,
        attribute or index access, a conversion, a width over `MAX_WIDTH`).
    """
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError as exc:
        return f"{exc} (write {{{{ and }}}} for literal braces)"
    for _, name, spec, conversion in parsed:
        if name is not None:
            problem = _field_problem(name, conversion, spec or "", fields)
            if problem:
                return problem
    return None


# A template as `fill` uses it, per (template, the names given): (literal, field name
# or None, format spec) pieces, a field `fill` leaves as written folded into its
# literal; no pieces for braces that do not balance. A plan fills the same few templates
# tens of thousands of times (a placeholder per tool result of a 100,000-message
# session): parsing and checking each time was most of a first plan's Python time.
_Pieces = tuple[tuple[str, str | None, str], ...]
_COMPILED: Memo[tuple[str, tuple[str, ...]], _Pieces] = Memo(512)


def _compile(template: str, names: tuple[str, ...]) -> _Pieces:
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError:
        return ()
    allowed = set(names)
    pieces: list[tuple[str, str | None, str]] = []
    literal = ""
    for text, name, spec, conversion in parsed:
        literal += text
        if name is None:
            continue
        spec = spec or ""
        if _field_problem(name, conversion, spec, allowed) is not None:
            literal += "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            continue
        pieces.append((literal, name, spec[:-1] if spec.endswith("s") else spec))
        literal = ""
    pieces.append((literal, None, ""))
    return tuple(pieces)


def pieces(template: str, names: tuple[str, ...]) -> _Pieces:
    """How `fill(template, **values)` with `values` named `names` (in that order) builds
    its text: (literal, field name or None, format spec) pieces, the literal written
    first; () when the braces do not balance (the fields are then replaced as written).

    Args:
        template: the text.
        names: the names of the values `fill` is given.

    Returns:
        The pieces (memoised: `fill` reads them here).
    """
    key = (template, names)
    got = _COMPILED.get(key)
    if got is None:
        got = _COMPILED.put(key, _compile(template, names))
    return got


def fill(template: str, **values: Any) -> str:
    """`template` with its fields filled from `values` (each `str()`-ed).

    A field that is not one of `values`' names, or that asks for more than alignment,
    width and precision, is left as written (a config's validation reports it); so is
    the whole template when its braces do not balance.

    Args:
        template: the text.
        **values: the documented fields.

    Returns:
        The filled-in text.
    """
    parts_of = pieces(template, tuple(values))
    if not parts_of:
        out = template
        for k, v in values.items():
            out = out.replace("{" + k + "}", str(v))
        return out
    parts: list[str] = []
    for literal, name, spec in parts_of:
        parts.append(literal)
        if name is not None:
            # (no spec: the text as it is, what `format` gives, without the call)
            parts.append(format(str(values[name]), spec) if spec else str(values[name]))
    return "".join(parts)
