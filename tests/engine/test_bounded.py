"""engine.bounded: the memo kept per state of a session's fidelity index."""

from __future__ import annotations

from inspector.engine.bounded import Memo, per_index_state


def test_a_reading_is_kept_per_serial_and_length_and_redone_when_either_changes():
    memo: Memo[tuple[int, int], tuple[str, ...]] = Memo(4)
    reads: list[tuple[int, int]] = []

    @per_index_state(memo)
    def read(messages: list[str], extra: str, serial: int) -> tuple[str, ...]:
        reads.append((serial, len(messages)))
        return (*messages, extra)

    session = ["a", "b"]
    assert read(session, "x", 1) == ("a", "b", "x")
    assert read(session, "y", 1) == ("a", "b", "x")  # the same state: kept, not read again
    session.append("c")
    assert read(session, "x", 1) == ("a", "b", "c", "x")  # the session grew
    assert read(session, "x", 2) == ("a", "b", "c", "x")  # another index
    assert reads == [(1, 2), (1, 3), (2, 3)]
    memo.clear()  # what fidelity.forget does: the next call reads again
    read(session, "x", 2)
    assert reads[-1] == (2, 3) and len(reads) == 4
