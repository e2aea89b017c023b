"""How many examples the property tests run: the active hypothesis profile's count
(`bounded` by default, `deep` with `--hypothesis-profile=deep`; tests/conftest.py), or
`HYPOTHESIS_EXAMPLES` when set. Read when a test module is imported, which pytest does
after loading the profile its command line names."""

from __future__ import annotations

import os

from hypothesis import settings


def examples() -> int:
    """The example count of the run: `HYPOTHESIS_EXAMPLES`, else the profile's `max_examples`."""
    return int(os.environ.get("HYPOTHESIS_EXAMPLES") or settings().max_examples)
