"""Reading a session for the session screen: its heatmap rows as it is read and
counted, then the whole session and its counts (`SessionReady`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from textual.message import Message

from inspector.engine.models import Message as SessionMessage
from inspector.tui.messages import SessionReady
from inspector.tui.widgets.heatmap import RowBuilder, RowData, row_data

COUNT_CHUNK = 2000  # messages read and counted between two progress updates of a big session


@dataclass
class RowsLoaded(Message):
    """Heatmap rows of the next messages of a session that is still loading."""

    rows: RowData
    expected: int | None  # messages the session has, when known


def expected_messages(app: Any, session_id: str) -> int | None:
    """How many messages session `session_id` has, when the app's sessions list says."""
    return next((r.messages for r in app.session_rows if r.id == session_id), None)


def show_expected(bar: Any, app: Any, session_id: str) -> None:
    """Set the loading bar to 0 of the session's messages, when known: a bar that fills
    from the start, not an indeterminate one repainting the screen 15 times a second
    while the first rows are read (tests/tui/test_open_work.py)."""
    expected = expected_messages(app, session_id)
    if expected:
        bar.update(total=expected, progress=0)


def read_session(store: Any, session_id: str, counter: Any, expected: int | None,
                 post: Callable[[Message], Any]) -> None:
    """Read and count session `session_id` of `store` (in a worker thread), posting
    `RowsLoaded` as batches arrive, then `SessionReady`.

    Args:
        store: the app's `SessionStore`.
        session_id: the session.
        counter: the token counter.
        expected: how many messages the session has, when the store said.
        post: posts a message to the screen.
    """
    from inspector.service.loading import load_analysed

    start = time.perf_counter()
    builder = RowBuilder()

    def rows(batch: Sequence[SessionMessage], tokens: list[int]) -> None:
        # Rows of a big session as it is read, counted and analysed (a cold count is slow).
        post(RowsLoaded(builder.add(batch, tokens), expected))

    # The counts the store keeps, read in one query (a lookup per batch cost ~1 s on
    # 100,000 messages: bench `open_100k_first_plan_vs_library`).
    stored = store.counts_by_position(session_id, counter.name)
    session, a = load_analysed(store.load_session, session_id, counter, store.token_cache(), rows, COUNT_CHUNK,
                               stored_counts=stored)
    # The analysis' own list, not a copy (0.8 MB at 100,000 messages): nothing changes
    # it once the scan is done (an extended analysis makes lists of its own).
    post(SessionReady(session, a.tokens, counter, time.perf_counter() - start))


def show_loaded_rows(heatmap: Any, session: Any, counter: Any, tokens: list[int]) -> None:
    """Show a loaded session's rows: the rows shown while it loaded when they are its
    rows, made to hold the lists its analysis holds (counts, roles, kinds; nothing
    changes them once the session is loaded): one list of each, not two (~2.4 MB at
    100,000 messages); else its rows made anew.

    Args:
        heatmap: the session screen's heatmap.
        session: the loaded session.
        counter: the counter it was analysed with.
        tokens: its per-message counts (`SessionReady.tokens`, the analysis' list).
    """
    from inspector.engine.analysis import analysis_of

    rows = heatmap.rows
    if rows.tokens != tokens:  # not the rows shown while loading
        heatmap.set_rows(row_data(session, tokens))
        return
    rows.tokens = tokens
    a = analysis_of(session, counter)
    if a is not None and a.roles == rows.roles and a.kinds == rows.kinds:
        rows.roles, rows.kinds = a.roles, a.kinds


def show_tuning_panel(screen: Any, on_change: Callable[[str, Any], None]) -> None:
    """Show the session screen's preset in its tuning panel, or mount the panel: once
    the first plan is shown (or planning failed). Its ~1,000 widgets are laid out
    several times as they mount, on the thread that paints, holding the interpreter
    lock the first plan needs: mounted with the session, they delayed a
    100,000-message session's first plan by about a second (bench/run.py
    `open_100k_first_plan_vs_library`).

    Args:
        screen: the session screen.
        on_change: the panel's channel for knob changes.
    """
    from inspector.tui.widgets.knobs import TuningPanel

    panel = screen.query_one_optional("#tuning", TuningPanel)
    if panel is not None:
        panel.show_preset(screen.config.preset, bool(screen.tuning.changed))
        return
    if screen.session is None:
        return
    if (placeholder := screen.query_one_optional("#tuning-loading")) is not None:
        placeholder.remove()
    panel = TuningPanel(screen.config, screen.session.tool_names(), id="tuning", on_change=on_change)
    screen.query_one("#session-body").mount(panel)
    if screen.tuning.changed:  # tuned from code before the panel was there (`set_config`)
        screen.call_after_refresh(panel.show_preset, screen.config.preset, True)
