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
    """Wait until every worker is done and the UI has processed their messages."""
    from textual.worker import WorkerFailed

    for _ in range(4):
        await pilot.pause()
        try:
            await app.workers.wait_for_complete()
        except WorkerFailed:
            # A worker started with exit_on_error=False failed and the app handles it (the
            # error shown): waiting on it raises only if it had not been removed yet, a race.
            pass
    await pilot.pause()


async def open_session(pilot, app, needle: str):
    from inspector.tui.screens.session import SessionScreen

    await settle(pilot, app)
    sid = next(r.id for r in app.session_rows if needle in r.id)
    app.open_session(sid)
    await settle(pilot, app)
    assert isinstance(app.screen, SessionScreen)
    assert app.screen.plan is not None
    return app.screen
