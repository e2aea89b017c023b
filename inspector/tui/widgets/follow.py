"""Following a session's source while it is shown: a widget with nothing to show,
whose timer checks the source file (one stat) and whose worker reads it again once it
changes (incrementally), posting `SessionGrew`."""

from __future__ import annotations

from typing import Any

from textual import work
from textual.message import Message
from textual.widget import Widget

from inspector.tui.messages import ReportsWorkerErrors


class SessionGrew(Message):
    """The session's source changed: the session as it is now, and its counts."""

    def __init__(self, session: Any, tokens: list[int]) -> None:
        super().__init__()
        self.session = session
        self.tokens = tokens


class SourceFollow(ReportsWorkerErrors, Widget):
    """Follows the source file of `session` (not a database), if it still reads; a
    worker that fails goes to the app's error handler, as the screen's do.

    Args:
        session: the session shown.
        counter: the counter the screen counts with.
        token_cache: the store's token cache.
    """

    DEFAULT_CSS = "SourceFollow { display: none; }"
    FOLLOW_SECONDS = 0.5  # how often the source is checked (one stat)

    def __init__(self, session: Any, counter: Any, token_cache: Any) -> None:
        super().__init__()
        self.session = session
        self.counter = counter
        self.token_cache = token_cache
        self.follower: Any = None  # service.follow.Follower of the source, once primed

    def on_mount(self) -> None:
        """Start following the source (on a worker thread)."""
        self._start()

    @work(thread=True, exclusive=True, group="follow-start", exit_on_error=False, description="follow-start")
    def _start(self) -> None:
        from inspector.service.follow import Follower
        from inspector.service.pipeline import PipelineError

        path = self.session.source_path
        if not path or "://" in path:
            return
        try:
            follower = Follower(path, self.session.metadata.get("source_session_id") or self.session.id)
            follower.mark_seen()  # what is shown was read from the source as it is
        except (PipelineError, ValueError, OSError):
            return  # moved or unreadable since: nothing to follow
        self.app.call_from_thread(self._following, follower)

    def _following(self, follower: Any) -> None:
        if not self.is_attached:
            follower.close()
            return
        self.follower = follower
        self.set_interval(self.FOLLOW_SECONDS, self._check)

    def _stop(self, why: str) -> None:
        if self.follower is not None:
            self.follower.close()
            self.follower = None
            self.notify(why, title="no longer following the source", severity="warning", timeout=8)

    def _check(self) -> None:
        if self.follower is not None and self.follower.changed():
            self._read()

    @work(thread=True, exclusive=True, group="follow", exit_on_error=False, description="follow")
    def _read(self) -> None:
        from inspector.service.pipeline import PipelineError

        follower = self.follower
        if follower is None:
            return
        try:  # the messages shown kept, the new ones appended, the analysis extended over them
            grown = follower.update(self.session, self.counter, self.token_cache)
        except PipelineError as exc:  # the source went away or broke: said once, then no longer followed
            self.app.call_from_thread(self._stop, str(exc))
            return
        if grown is None:
            return
        self.session = grown.session  # what the screen shows next: the base of the next update
        self.post_message(SessionGrew(grown.session, grown.tokens))

    def on_unmount(self) -> None:
        """Stop following the source."""
        if self.follower is not None:
            self.follower.close()
            self.follower = None
