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
    """Wait until every worker is done and the UI has processed their messages: pauses
    (each lets the app and every widget of the screen handle what was queued before it)
    until two in a row end with the same workers, none of them pending or running, and
    no message queued anywhere in the app; at most eight. A worker that started or ended
    since the pause before may still have a message on its way from its thread, so it
    takes one more. A settle with nothing to do took five pauses and four waits before,
    ~100 ms of CPU on the session screen's 150 widgets (Pilot posts one callback to each
    per pause); now two, ~40 ms."""
    from textual.worker import WorkerFailed, WorkerState

    seen: set | None = None
    for _ in range(8):
        await pilot.pause()
        workers = set(app.workers)
        if any(w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in workers):
            try:
                await app.workers.wait_for_complete()
            except WorkerFailed:
                # A worker started with exit_on_error=False failed and the app handles it (the
                # error shown): waiting on it raises only if it had not been removed yet, a race.
                pass
            seen = None  # what the workers posted is handled by the next pauses
            continue
        if workers == seen and _nothing_queued(app):
            return
        seen = workers


def _nothing_queued(app) -> bool:
    """No message waits in the app's queue or in that of any widget of any screen open."""
    if app.message_queue_size:
        return False
    return not any(node.message_queue_size for screen in app.screen_stack
                   for node in screen.walk_children(with_self=True))


async def click_button(pilot, selector: str) -> None:
    """Click a button as a user would: once the press before has shown. Textual ignores a
    click while the button still shows the previous press (its `-active` class, 0.2 s), so
    two clicks a fast settle() apart would be one."""
    from textual.widgets import Button

    button = pilot.app.screen.query_one(selector, Button)
    for _ in range(50):
        if not button.has_class("-active"):
            break
        await pilot.pause(0.02)
    await pilot.click(selector)


async def open_session(pilot, app, needle: str):
    from inspector.tui.screens.session import SessionScreen

    await settle(pilot, app)
    sid = next(r.id for r in app.session_rows if needle in r.id)
    app.open_session(sid)
    await settle(pilot, app)
    assert isinstance(app.screen, SessionScreen)
    assert app.screen.plan is not None
    return app.screen


class Running:
    """An app running under Pilot with a session screen open, shared by the read-only
    checks of one test module (`shared_session`): starting an app and opening the
    demo's marathon costs ~3 s of CPU, most of a short TUI test."""

    def __init__(self, app, pilot, screen):
        self.app, self.pilot, self.screen = app, pilot, screen
        self.config = screen.config

    async def back_to_start(self) -> None:
        """The state every sharing test starts from: the session screen on top, no
        filter, session order, the first row under the cursor and at the top, the heatmap focused, token
        boundaries hidden. Fails when the config changed: a test that changes it (or
        stores anything) needs an app of its own."""
        from inspector.tui.widgets.heatmap import Heatmap

        app, pilot, screen = self.app, self.pilot, self.screen
        while app.screen is not screen:
            await pilot.press("escape")
            await settle(pilot, app)
        heatmap = screen.query_one(Heatmap)
        if heatmap.only is not None:
            await pilot.press("escape")  # on the session screen, esc clears the filter first
            await settle(pilot, app)
        assert heatmap.only is None and app.screen is screen
        if heatmap.by_tokens:
            heatmap.set_view(None, by_tokens=False)
        screen.show_tokens = False
        heatmap.move_to(0)
        heatmap.scroll_to(y=0, animate=False)
        heatmap.focus()
        await settle(pilot, app)
        assert screen.config == self.config, "a test changed the shared app's config: give it an app of its own"


async def run_shared(make_app, size, needle, tmp_dir):
    """Start `make_app()` at `size` with the environment a test's `app_env` gives
    (no user settings, no INSPECTOR_*, data and config dirs in `tmp_dir`), open the
    session whose id holds `needle`, and yield it `Running` until the module ends
    (an async generator for a module-scoped fixture)."""
    import os

    import pytest

    with pytest.MonkeyPatch.context() as mp:
        for key in list(os.environ):
            if key.startswith("INSPECTOR_"):
                mp.delenv(key)
        mp.setenv("INSPECTOR_SETTINGS", str(tmp_dir / "no-settings.toml"))
        mp.setenv("XDG_DATA_HOME", str(tmp_dir / "data"))
        mp.setenv("XDG_CONFIG_HOME", str(tmp_dir / "config"))
        mp.chdir(tmp_dir)
        app = make_app()
        async with app.run_test(size=size) as pilot:
            screen = await open_session(pilot, app, needle)
            yield Running(app, pilot, screen)
