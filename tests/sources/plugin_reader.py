"""A reader another package would register under the `inspector.readers` entry points:
an OpenAI chat document with `"notebook": true` (which the built-in OpenAI chat reader
would also accept), its messages renamed by the notebook's author."""

from __future__ import annotations

from inspector.engine.models import Session
from inspector.formats.openai_chat import message_from_openai
from inspector.sources.model import Source
from inspector.sources.probing import Probe

FORMAT = "notebook"


def sniff(probe: Probe) -> bool:
    """A JSON document flagged as a notebook."""
    return probe.kind == "json" and isinstance(probe.document, dict) and probe.document.get("notebook") is True


def load(probe: Probe) -> NotebookSource:
    """The notebook's one session."""
    return NotebookSource(probe)


class NotebookSource(Source):
    """The one session of a notebook document."""

    def __init__(self, probe: Probe):
        super().__init__(probe.path)
        doc = probe.document
        messages = [message_from_openai(d, i) for i, d in enumerate(doc["messages"])]
        self.session = Session(id=doc["author"], source_format=FORMAT, source_path=str(probe.path),
                               messages=messages).renumber()

    def session_ids(self) -> list[str]:
        """The notebook's author names its session."""
        return [self.session.id]

    def _read(self, session_id: str) -> Session:
        return self.session
