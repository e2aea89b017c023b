"""The process edge (inspector/edge.py): the collector pause holds across threads."""

from __future__ import annotations

import gc
import threading

from inspector.edge import collection_paused, hold_survivors


def test_the_collector_stays_off_until_the_last_of_two_threads_leaves_its_pause():
    """Regression (issue 29, point 4): the pause said "off for the block", but a second
    thread that entered while the first held it saw it back on as soon as the first left."""
    assert gc.isenabled()
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, bool] = {}

    def first() -> None:
        with collection_paused():
            first_in.set()
            second_in.wait(10)
        first_out.set()

    def second() -> None:
        first_in.wait(10)
        with collection_paused():
            second_in.set()
            first_out.wait(10)
            seen["inside after the first left"] = gc.isenabled()
        seen["after both"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert seen == {"inside after the first left": False, "after both": True}
    assert gc.isenabled()


def test_many_threads_pausing_at_once_leave_the_collector_as_they_found_it():
    start = threading.Barrier(8)
    states: list[bool] = []

    def work() -> None:
        start.wait(10)
        for _ in range(200):
            with collection_paused():
                states.append(gc.isenabled())

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(states) == 1600 and not any(states)
    assert gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled(), "a collector the caller turned off stays off"
    finally:
        gc.enable()


def test_survivors_stay_out_of_reach_until_the_last_holder_lets_go():
    """Two tunings open at once (two session screens): closing one must not hand the
    other's session back to the collector, which `gc.unfreeze` alone did."""
    assert gc.get_freeze_count() == 0
    first_session = [object() for _ in range(1000)]
    let_go_first = hold_survivors()
    frozen_by_first = gc.get_freeze_count()
    second_session = [object() for _ in range(1000)]
    let_go_second = hold_survivors()
    assert gc.get_freeze_count() > frozen_by_first > 0
    let_go_first()
    let_go_first()  # a second call does nothing
    assert gc.get_freeze_count() > frozen_by_first, "the second holder's objects thawed"
    let_go_second()
    assert gc.get_freeze_count() == 0
    del first_session, second_session

