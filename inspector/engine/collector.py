"""Python's cyclic garbage collector, paused while much is allocated that stays alive
or is freed by reference counting alone (reading a source, replaying a session)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """The cyclic collector off for the block.

    Parsing allocates millions of objects that all stay alive (records, messages), and
    every few thousand allocations the collector walks the older ones again: on a
    100,000-message transcript that was half the reading time. A replay allocates
    contexts, plans and results call after call, which reference counting frees; the
    collections they set off walked the session's messages each time (a sixth of a
    10,000-message replay). Neither makes reference cycles to collect. At the end, what
    was allocated and survives goes straight to the oldest generation (`freeze` then
    `unfreeze`: two list splices), else the first collection after would walk all of
    it once more (another second after a big read). That is skipped when the process
    froze objects itself (before a fork, say), so they stay frozen. Nested and
    concurrent uses leave the collector as the outermost one found it.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        gc.enable()
