"""Helpers for driving the real app with Pilot."""

from __future__ import annotations

from inspector.settings import AppSettings


def notices(app) -> list:
    """The notifications the app has on screen (Textual's `Notification`s: title, message,
    severity). Textual keeps them in a private attribute with no public reader; this is
    the suite's one reach into it."""
    return list(app._notifications)


def settings(**kw) -> AppSettings:
    return AppSettings(**kw)


async def settle(pilot, app) -> None:
    """Wait until the app is idle: no worker running, no message or callback queued,
    and the same screens, over two rounds in a row.

    Each round is one `pilot.pause()` (which processes the messages queued so far and
    repaints); an idle round costs little, a fixed number of rounds with a wait for the
    workers after each cost a Textual refresh apiece (issue 29). A handler may start a
    worker, post a message or push a screen, and the first pause may come before a
    worker exists: hence two idle rounds in a row. A worker's last messages are queued
    before it counts as finished (Textual posts them first).
    """
    stack = tuple(map(id, app.screen_stack))
    quiet = 0
    for _ in range(_MAX_ROUNDS):
        await pilot.pause()
        running = any(not w.is_finished for w in app.workers)
        if running:
            await app.workers.wait_for_complete()
        now = tuple(map(id, app.screen_stack))
        quiet = quiet + 1 if not running and now == stack and _all_handled(app) else 0
        if quiet == 2:
            return
        stack = now
    raise AssertionError(f"the app was still busy after {_MAX_ROUNDS} rounds")


_MAX_ROUNDS = 50


def _all_handled(app) -> bool:
    """No message or callback waiting in the app, its screens or their widgets."""
    pumps = [app, *(w for s in app.screen_stack for w in s.walk_children(with_self=True))]
    return all(p._message_queue.empty() and p._pending_message is None and not p._next_callbacks
               for p in pumps)


async def open_session(pilot, app, needle: str):
    from inspector.tui.screens.session import SessionScreen

    await settle(pilot, app)
    sid = next(r.id for r in app.session_rows if needle in r.id)
    app.open_session(sid)
    await settle(pilot, app)
    assert isinstance(app.screen, SessionScreen)
    assert app.screen.plan is not None
    return app.screen
