"""README's Performance table, written from one run of `bench/run.py -o bench.json`.

    python bench/readme_table.py bench.json            # print the table
    python bench/readme_table.py bench.json --write    # replace it in README.md

The table sits between the `<!-- bench:begin -->` and `<!-- bench:end -->` markers, so
every figure in it comes from the same run (the commit, machine and load are printed
above it) and none is typed by hand.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def _number(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int) or abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:,.3g}" if abs(value) < 1 else f"{value:,.2f}".rstrip("0").rstrip(".")


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def table(result: dict[str, Any], commit: str) -> str:
    """The Markdown block: a line on the run, then one row per target and per detail figure.

    Args:
        result: the JSON `bench/run.py` wrote.
        commit: the commit the run measured.

    Returns:
        The block, markers included.
    """
    m = result.get("machine", {})
    details = result.get("details", {})
    load = " ".join(m.get("loadavg_at_start", []) or ["?"])
    versions = ", ".join(f"{k} {m[k]}" for k in ("tiktoken", "pydantic", "textual", "langchain-core") if k in m)
    lines = [BEGIN,
             f"Latest run (one run, every figure below): commit {commit}, {m.get('cpu', '?')} ({m.get('nproc')} "
             f"cores, {m.get('mem_gib', '?')} GiB, load average {load} at the start), Python {m.get('python')}"
             + (f", {versions}" if versions else "") + f"; {_number(details.get('total_s', '?'))} s in all.",
             "",
             "| key | what | target | measured | met |",
             "|---|---|---|---|---|"]
    for key, t in result["targets"].items():
        met = "report" if t["met"] is None else ("yes" if t["met"] else "**no**")
        what = str(t["what"]).replace("|", "\\|")
        lines.append(f"| `{key}` | {what} | {t['target']} | **{_number(t['value'])}** | {met} |")
    from run import DETAIL_FIGURES  # the seconds behind the ratios, as the run's own table lists them

    shown = [key for key in DETAIL_FIGURES if key in result["figures"]]
    if shown:
        lines += ["", "The seconds behind the ratios (same run, for reading, not targets): "
                  + ", ".join(f"`{key}` {_number(result['figures'][key])}" for key in shown) + "."]
    lines.append(END)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the table, or write it into README.md between the markers."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench_json", type=Path)
    parser.add_argument("--write", action="store_true", help="replace the table in README.md")
    parser.add_argument("--commit", default=None, help="the commit measured (default: HEAD)")
    args = parser.parse_args(argv)
    result = json.loads(args.bench_json.read_text())
    block = table(result, args.commit or _commit())
    if not args.write:
        print(block)
        return 0
    readme = ROOT / "README.md"
    text = readme.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        print(f"{readme}: no {BEGIN} ... {END} block to replace", file=sys.stderr)
        return 2
    readme.write_text(pattern.sub(lambda _: block, text, count=1))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
