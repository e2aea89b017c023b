"""A sweep's progress (`inspector.service.progress`): the ETA from this run's own rate,
reused results not counted as speed, and the event and line the CLI prints."""

from __future__ import annotations

from inspector.service.progress import ProgressClock, duration


def test_eta_comes_from_the_sessions_replayed_in_this_run():
    now = [100.0]
    clock = ProgressClock(total=1000, reused=400, engine="ray", clock=lambda: now[0])
    start = clock.at(400)
    assert start.eta_s is None and start.done == 400  # nothing replayed yet: no rate
    now[0] += 30.0
    p = clock.at(460)  # 60 replayed in 30 s: 540 left at 2 per second
    assert p.eta_s == 270.0 and p.elapsed_s == 30.0
    assert p.to_event() == {"event": "progress", "done": 460, "total": 1000, "reused": 400, "elapsed_s": 30.0,
                            "eta_s": 270.0, "engine": "ray"}
    assert p.line() == "460/1,000 sessions (400 reused), 30s, about 4m30s left"
    now[0] += 270.0
    end = clock.at(1000)
    assert end.eta_s == 0 and end.line() == "1,000/1,000 sessions (400 reused), 5m00s"


def test_durations_read_as_a_person_would_say_them():
    assert [duration(s) for s in (0, 42.4, 185, 7800)] == ["0s", "42s", "3m05s", "2h10m"]
