"""`fill` keeps each template it parsed (a plan fills the same placeholder tens of
thousands of times): what it writes is what parsing the template every time wrote,
for good fields, fields left as written, and braces that do not balance."""

from __future__ import annotations

from string import Formatter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.engine.templates import fill, template_problem
from tests.examples import examples


def _fill_parsing_each_time(template: str, **values: Any) -> str:
    """`fill` as it was before it kept parsed templates."""
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:
        out = template
        for k, v in values.items():
            out = out.replace("{" + k + "}", str(v))
        return out
    parts: list[str] = []
    for literal, name, spec, conversion in parsed:
        parts.append(literal)
        if name is None:
            continue
        spec = spec or ""
        field = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        if template_problem(field, set(values)) is not None:  # the field alone, checked as a template
            parts.append(field)
            continue
        parts.append(format(str(values[name]), spec[:-1] if spec.endswith("s") else spec))
    return "".join(parts)


PIECES = ["text ", "{offload_id}", "{tokens}", "{tokens:>8}", "{tokens:.3s}", "{tool!r}", "{tool!s}", "{x.y}",
          "{0}", "{unknown}", "{{", "}}", "{", "}", "{tokens:>99999}", "{tool:*^12}", "\n", "é"]


@settings(max_examples=min(examples(), 200), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8), st.sampled_from([{}, {"tokens": 12}, {"tool": "bash"}]))
def test_fill_writes_what_parsing_each_time_wrote(pieces, extra):
    template = "".join(pieces)
    values = {"offload_id": "off-0123456789ab", **extra}
    for _ in range(2):  # parsed, then kept
        assert fill(template, **values) == _fill_parsing_each_time(template, **values)


def test_the_same_template_with_other_names_is_filled_for_those_names():
    assert fill("{a} {b}", a=1) == "1 {b}"
    assert fill("{a} {b}", a=1, b=2) == "1 2"
    assert fill("{a} {b}", b=2) == "{a} 2"
