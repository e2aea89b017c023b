"""One Anthropic content-block parser: the Anthropic JSON reader and the Claude Code
reader turn the same blocks into the same parts."""

from __future__ import annotations

import json
from pathlib import Path

from inspector.sources.anthropic_json import session_from_anthropic
from inspector.sources.base import open_source

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "claude-code" / "representative_messages.jsonl"

DOCUMENT = {"type": "document", "title": "notes.txt",
            "source": {"type": "text", "media_type": "text/plain", "data": "The deploy key rotates every 90 days."}}
IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}


def _claude_code_with(tmp_path: Path, blocks: list[dict]) -> Path:
    """The real fixture with one more user record carrying `blocks` (as Claude Code
    writes an attached file)."""
    lines = FIXTURE.read_text().splitlines()
    last = json.loads(lines[-1])
    rec = {**last, "type": "user", "uuid": "msg_doc", "parentUuid": None,
           "message": {"role": "user", "content": blocks}}
    rec.pop("requestId", None)
    path = tmp_path / "with-document.jsonl"
    path.write_text("\n".join([*lines, json.dumps(rec)]) + "\n")
    return path


def _parts(message) -> list[tuple[str, str, str | None]]:
    return [(p.type, p.text, p.media_type) for p in message.parts]


def test_a_text_document_keeps_its_text_in_both_readers(tmp_path):
    blocks = [{"type": "text", "text": "Summarise the attached file."}, DOCUMENT, IMAGE]
    with open_source(_claude_code_with(tmp_path, blocks)) as src:
        cc = src.read(src.session_ids()[0]).messages[-1]
    aj = session_from_anthropic({"messages": [{"role": "user", "content": blocks}]}).messages[-1]
    assert cc.parts[1].text == "The deploy key rotates every 90 days."
    assert _parts(cc) == _parts(aj)
    assert [p.data for p in cc.parts] == [p.data for p in aj.parts]
