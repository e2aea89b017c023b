"""The heatmap's rows: previews made as they are drawn equal the ones made eagerly
for every message, and a big session makes only those of the rows on screen."""

from __future__ import annotations

import pytest

from inspector.engine.models import Message, ToolCall
from inspector.tui.render import clean, strip_escapes
from inspector.tui.widgets import heatmap as heatmap_module
from inspector.tui.widgets.heatmap import Heatmap, Previews, RowBuilder, row_data


def eager_preview(m) -> str:
    """The preview as the heatmap made it for every message before it made them lazily."""
    text = m.text
    if not text and m.tool_calls:
        text = m.tool_calls[0].arguments_raw
    return clean(" ".join(strip_escapes(text[:480]).split())[:160])


def awkward_messages() -> list[Message]:
    return [
        Message.text_message("user", "\x1b[31mred\x1b[0m  text\twith\n\nwhitespace " + "x" * 600),
        Message(role="assistant", tool_calls=[ToolCall(id="c1", name="grep", arguments_raw='{"q": "ä \x1b[2J ✓"}')]),
        Message(role="tool", tool_call_id="c1"),
        Message.text_message("assistant", "\u200b\x07bell and zero width " * 40),
        Message(role="system"),
    ]


def test_lazy_previews_equal_eager_ones_in_batches(demo_sessions_cached):
    sessions = [*demo_sessions_cached, None]
    for session in sessions:
        messages = awkward_messages() if session is None else session.messages
        eager = [eager_preview(m) for m in messages]
        builder = RowBuilder()
        rows = None
        for start in range(0, len(messages), 7):  # batches, as a big session loads
            batch = messages[start:start + 7]
            part = builder.add(batch, [1] * len(batch))
            if rows is None:
                rows = part
            else:
                rows.previews.extend(part.previews)
        assert rows is not None
        assert len(rows.previews) == len(eager)
        # read backwards, by negative index and by slice: each is the eager preview
        assert [rows.previews[i] for i in reversed(range(len(eager)))] == eager[::-1]
        assert rows.previews[-1] == eager[-1]
        assert rows.previews[1:4] == eager[1:4]
        assert list(rows.previews) == eager
        assert rows.previews == eager
        assert row_data(type("S", (), {"messages": messages})(), [1] * len(messages)).previews == rows.previews


def test_previews_copy_keeps_the_messages_and_what_was_made():
    messages = awkward_messages()
    previews = Previews(messages)
    first = previews[0]
    copied = previews.copy()
    copied.extend(Previews(messages[:2]))
    assert len(previews) == len(messages)  # the copy grew, not the original
    assert len(copied) == len(messages) + 2
    assert copied[0] is first
    assert copied[len(messages)] == eager_preview(messages[0])


@pytest.mark.anyio
async def test_a_big_session_makes_only_the_previews_on_screen(demo_sessions_cached, monkeypatch):
    from inspector.demo import synthetic_session
    from inspector.service.store import MemoryStore
    from inspector.tui.app import InspectorApp

    from .helpers import open_session, settings

    session = synthetic_session(5_000, demo_sessions_cached)
    made: list[int] = []
    original = heatmap_module.preview_of

    def counting(message):
        made.append(id(message))
        return original(message)

    monkeypatch.setattr(heatmap_module, "preview_of", counting)
    app = InspectorApp(MemoryStore([session], label="big"), settings=settings())
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await open_session(pilot, app, "synthetic")
        heatmap = screen.query_one(Heatmap)
        assert heatmap.rows.n == len(session.messages)
        visible = len(heatmap.visible_range())
        assert made, "the rows on screen show previews"
        assert len(set(made)) <= 2 * visible + 4, (len(set(made)), visible)
        shown = heatmap.row_text(0)
        assert eager_preview(session.messages[0])[:20] in shown


def eager_tools(messages) -> list[str]:
    """The tool column as the heatmap made it, one string per row."""
    from inspector.formats.terminal import visible

    names: dict[str, str] = {}
    tools = []
    for m in messages:
        for c in m.tool_calls:
            names[c.id] = visible(c.name)
        if m.role == "tool":
            tools.append(visible(m.name or names.get(m.tool_call_id or "", "") or "tool"))
        elif m.tool_calls:
            shown = [visible(c.name) for c in m.tool_calls]
            tools.append("→" + (shown[0] if len(shown) == 1 else f"{shown[0]} +{len(shown) - 1}"))
        else:
            tools.append(visible(m.name or ""))
    return tools


def test_tool_labels_equal_the_per_row_ones_and_are_shared(demo_sessions_cached):
    calls = [ToolCall(id="a1", name="read\x1b[2J"), ToolCall(id="a2", name="grep")]
    extra = [
        Message(role="assistant", tool_calls=calls),
        Message(role="tool", tool_call_id="a1"),
        Message(role="tool", tool_call_id="a2", name="named\u202e"),
        Message(role="tool", tool_call_id="unknown"),
        Message(role="assistant", tool_calls=[ToolCall(id="a3", name="read\x1b[2J")]),
        Message(role="tool", tool_call_id="a3"),
    ]
    for messages in [*(s.messages for s in demo_sessions_cached), extra]:
        builder = RowBuilder()
        tools: list[str] = []
        for start in range(0, len(messages), 5):  # a result named after a call in an earlier batch
            batch = messages[start:start + 5]
            tools += builder.add(batch, [1] * len(batch)).tools
        assert tools == eager_tools(messages)
        by_text: dict[str, str] = {}
        for label in tools:  # equal labels are one string
            assert by_text.setdefault(label, label) is label


@pytest.mark.anyio
async def test_rows_loaded_in_batches_draw_as_all_rows_at_once_and_colour_only_what_is_drawn(monkeypatch):
    """A longer message in a later batch moves every row's colour: the rows drawn after
    it equal the rows of the whole session set at once, and the scale is asked about
    the rows drawn, not about every row again."""
    from textual.app import App, ComposeResult

    from inspector.tui.colors import TokenScale

    messages = [Message.text_message("user" if k % 2 else "assistant", f"message {k} " * (1 + k % 7))
                for k in range(3000)]
    tokens = [10 + (k * 37) % 500 for k in range(3000)]
    tokens[2500] = 90_000  # the longest arrives last

    class Host(App):
        def compose(self) -> ComposeResult:
            yield Heatmap(id="batched")
            yield Heatmap(id="whole")

    asked: list[int] = []
    original = TokenScale.step

    def counting(self, n):
        asked.append(n)
        return original(self, n)

    monkeypatch.setattr(TokenScale, "step", counting)
    app = Host()
    async with app.run_test(size=(160, 40)) as pilot:
        batched, whole = app.query_one("#batched", Heatmap), app.query_one("#whole", Heatmap)
        builder = RowBuilder()
        for start in range(0, 3000, 500):
            batched.extend_rows(builder.add(messages[start:start + 500], tokens[start:start + 500]))
            await pilot.pause()
        whole.set_rows(row_data(type("S", (), {"messages": messages})(), tokens))
        await pilot.pause()
        assert len(asked) < 400, len(asked)  # a screenful per batch, not 3,000 rows per longer message
        for i in (0, 1, 499, 2500, 2999):
            assert batched.row_text(i) == whole.row_text(i)
            assert batched.render_row(i, 150) == whole.render_row(i, 150)
