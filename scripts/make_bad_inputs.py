"""Rebuild the committed bad-input corpus (tests/bad_inputs/) and its README table.

    python scripts/make_bad_inputs.py            # the small, committed cases + README.md
    python scripts/make_bad_inputs.py --large D  # also the 50 MB / 100,000-message cases, into D

The cases, their builders and the expected outcomes live in tests/bad_inputs/cases.py
(the tests read the same table).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bad_inputs.cases import CASES, HERE, build_all, readme  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--large", metavar="DIR", help="also build the large cases into DIR (never committed)")
    args = ap.parse_args()
    known = {c.file for c in CASES} | {"README.md", "cases.py", "__init__.py"}
    for stale in HERE.iterdir():
        if stale.is_file() and stale.name not in known:
            print(f"removing {stale.name} (no longer a case)")
            stale.unlink()
    paths = build_all(HERE)
    (HERE / "README.md").write_text(readme())
    print(f"wrote {len(paths)} cases and README.md to {HERE}")
    if args.large:
        out = Path(args.large)
        out.mkdir(parents=True, exist_ok=True)
        for case in CASES:
            if case.large:
                case.build(out / case.file)
                print(f"wrote {out / case.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
