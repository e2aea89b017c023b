"""`inspector fidelity ORIGINAL COMPACTED`: score any compaction, ours or another
tool's (a chat JSON a LangChain summarization run wrote, a Claude Code transcript after
`/compact`), through `inspector.service.pipeline.compare_compaction`.

Exit status: 0 done, 2 bad input (a file that cannot be read, an unknown session),
naming the file.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from inspector.cli.main import CliError


def to_json(f: Any) -> dict[str, Any]:
    """The measure as `--json` prints it: score, per kind, every item with its evidence."""
    return {
        "score": round(f.score, 4),
        "kinds": {name: {"items": k.items, "kept": k.kept, "fraction": round(k.fraction, 4),
                         "missing": list(k.missing), "unsupported": list(k.unsupported)}
                  for name, k in f.kinds.items()},
        # (a contradicted item also names the original's line it contradicts)
        "items": [{key: value for key, value in it.to_dict().items()
                   if key in ("kind", "text", "status", "evidence", "contradicts")} for it in f.items],
    }


def format_fidelity(f: Any) -> str:
    """The measure as text: the score, one row per kind, then what was lost and why."""
    from inspector.cli.replay import _table
    from inspector.engine.intro import shorten

    out = [f"fidelity {f.score:.2f} ({f.removed_messages:,} messages of the original removed or rewritten)\n"]
    rows: list[tuple[str, ...]] = [("kind", "kept", "items", "unsupported")]
    rows += [(name.replace("_", " "), str(k.kept), str(k.items), str(len(k.unsupported)))
             for name, k in f.kinds.items() if k.scored]
    out.append(_table(rows, right_from=1))
    lost = f.lost()
    if lost:
        out.append("lost:\n")
        for it in lost:
            why = {"unsupported": "stated, but not in the original",
                   "contradicted": f"contradicts the original: {shorten(it.contradicts, 90)}",
                   "stale": "the compacted context stops short of it"}.get(it.status, "missing")
            out.append(f"  {it.kind.replace('_', ' ')}: {shorten(it.text, 90)}  ({why})\n")
    return "".join(out)


def _read(path: str, session: str | None, role: str) -> Any:
    from inspector.service.opening import load_session
    from inspector.service.pipeline import PipelineError

    try:
        return load_session(path, session)
    except PipelineError as exc:
        raise CliError(f"{role}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    """Run `inspector fidelity`: what a compacted session lost against its original; the exit code."""
    from inspector.formats.terminal import visible
    from inspector.service.pipeline import compare_compaction

    original = _read(args.original, args.session, "ORIGINAL")
    compacted_id = args.compacted_session
    if compacted_id is None and args.session is not None:
        try:
            compacted = _read(args.compacted, args.session, "COMPACTED")
        except CliError:
            compacted = _read(args.compacted, None, "COMPACTED")
    else:
        compacted = _read(args.compacted, compacted_id, "COMPACTED")
    f = compare_compaction(original, compacted)
    if args.json:
        sys.stdout.write(json.dumps(to_json(f), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(visible(format_fidelity(f), newlines=True))
    return 0
