"""Issue 17.2: every recovery hint that reaches an output resolves. An export names
offloaded content (`off-…`); `inspector recover` finds every one of them, in every
export format, with the content that was removed."""

from __future__ import annotations

import re

import pytest

from inspector.cli.main import main
from tests.conftest import SWE_AGENT

SOURCE = SWE_AGENT / "function_calling_simple.traj"
# Truncation and clearing remove content; the summary then folds reduced messages in
# (and may quote their ids).
REDUCE = ["--preset", "balanced", "--set", "reduction.truncation.max_chars=300",
          "--set", "reduction.clear.trigger_tokens=1000", "--set", "reduction.clear.at_least_tokens=0",
          "--set", "summarization.trigger.context_tokens=1000", "--set", "summarization.keep.tokens=400"]
OFFLOAD_ID = re.compile(rb"off-[0-9a-f]{8,}")


def _formats() -> tuple[str, ...]:
    from inspector.exports.registry import EXPORT_FORMATS

    return EXPORT_FORMATS


def _text_of(path, fmt: str) -> bytes:
    """The export's text: a SQLite export's text values, one a line (its raw pages may
    run an id into the next record's bytes), else the file."""
    if not fmt.endswith("-sqlite"):
        return path.read_bytes()
    import sqlite3

    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        values = [v for t in tables for row in db.execute(f'SELECT * FROM "{t}"') for v in row if isinstance(v, str)]
    return "\n".join(values).encode()


@pytest.mark.parametrize("fmt", _formats())
def test_every_offload_id_in_an_export_is_recoverable(fmt, tmp_path, monkeypatch, capsys):
    from inspector.engine.config import preset
    from inspector.service.pipeline import compact_session
    from inspector.sources.swe_agent import read_traj

    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "ws.db"))  # the default workspace
    out = tmp_path / f"export.{fmt}"
    code = main(["export", str(SOURCE), *REDUCE, "-f", fmt, "-o", str(out)])
    _, err = capsys.readouterr()
    assert code == 0, err
    data = _text_of(out, fmt)
    ids = sorted(set(OFFLOAD_ID.findall(data)))
    assert ids, f"{fmt}: the export names no offloaded content (nothing to check)"
    assert b"summary" in data.lower()

    # What was removed, as the pipeline computes it.
    config = preset("balanced").with_set([v for v in REDUCE[3::2]])
    removed = {o.id: o.content for o in compact_session(read_traj(SOURCE), config).offloads}
    for oid in (i.decode() for i in ids):
        code = main(["recover", oid])
        text, err = capsys.readouterr()
        assert code == 0, f"{fmt}: {oid}: {err}"
        assert text == removed[oid]
    # The summary's hint: "the original messages … summarized here are stored as off-…":
    # that id is among those recovered above, and gives the summarized messages back.
    hinted = re.search(rb"summarized here are stored as (off-[0-9a-f]+)", data)
    if fmt == "report":  # figures, not the messages: no summary text
        return
    assert hinted is not None and hinted.group(1) in ids
    assert removed[hinted.group(1).decode()].startswith("assistant: ")  # the request itself is kept


def test_an_export_from_a_workspace_stores_its_offloads_there(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("INSPECTOR_WORKSPACE", str(tmp_path / "default.db"))
    ws = tmp_path / "ws.db"
    assert main(["apply", str(SOURCE), "-w", str(ws), "--preset", "none"]) == 0
    capsys.readouterr()
    out = tmp_path / "out.md"
    assert main(["export", str(ws), *REDUCE, "-f", "markdown", "-o", str(out)]) == 0
    capsys.readouterr()
    ids = sorted({i.decode() for i in OFFLOAD_ID.findall(out.read_bytes())})
    assert ids
    for oid in ids:
        assert main(["recover", oid, "-w", str(ws)]) == 0
        assert capsys.readouterr()[0]
