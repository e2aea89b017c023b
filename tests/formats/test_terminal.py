"""`inspector.formats.terminal`: what reaches a terminal from a session file or a model."""

from __future__ import annotations

import pytest
from rich.text import Text

from inspector.formats.terminal import escape_markup, markup_safe, visible
from tests.bad_inputs.cases import BIDI, C1_CSI, CSI, HOSTILE, OSC2, OSC52

# C0 (but tab/newline in text mode), DEL, C1, bidi embeddings/overrides/isolates, separators
DANGEROUS = {chr(c) for c in (*range(32), 0x7F, *range(0x80, 0xA0), *range(0x202A, 0x202F),
                                *range(0x2066, 0x206A), 0x2028, 0x2029)}


def assert_inert(text: str, newlines: bool = False) -> None:
    allowed = {"\n", "\t"} if newlines else set()
    assert not (set(text) & (DANGEROUS - allowed)), repr(text)


@pytest.mark.parametrize("s", HOSTILE)
def test_every_escape_is_made_visible_one_character_for_one(s):
    out = visible(s)
    assert_inert(out)
    assert len(out) == len(s)
    assert "\n" not in out


def test_the_pictures_say_what_was_there():
    assert visible(OSC52).startswith("\u241b]52;c;") and visible(OSC52).endswith("\u2407")
    assert visible(CSI) == "\u241b[2J\u241b[H"
    assert visible(C1_CSI) == "\ufffd2J"
    assert visible(BIDI) == "\ufffdtxt.exe"
    assert visible("a\nb\tc") == "a\u240ab c"
    assert visible("a\nb\tc", newlines=True) == "a\nb\tc"
    assert visible("half \ud83d") == "half \ufffd"
    assert visible(OSC2 + "ok") == "\u241b]2;pwned\u2407ok"


def test_plain_text_and_non_latin_scripts_are_untouched():
    for s in ("Fix the failing test.", "naïve café", "日本語のテキスト", "שלום עולם", "emoji 🎉", "[1, 2]"):
        assert visible(s) == s


def test_markup_is_escaped_so_it_renders_as_written():
    for s in ("[/]bash", "x[/]y[bold=]", "[bold red]hi[/]", "end\\", "[link=https://x]y[/link]"):
        rendered = Text.from_markup(f"[bold]{escape_markup(s)}[/bold]")  # embedded in markup
        assert rendered.plain == s, (s, rendered.plain)
    assert Text.from_markup(markup_safe(f"[/]bash{OSC52}")).plain == "[/]bash" + visible(OSC52)
    assert escape_markup("no tags [1, 2]") == "no tags [1, 2]"


def test_textual_content_markup_renders_it_as_written_too():
    from textual.content import Content

    for s in ("[/]bash", "x[/]y[bold=]", "[b]x[/b]"):
        assert Content.from_markup(f"[b]{escape_markup(s)}[/b]").plain == s
