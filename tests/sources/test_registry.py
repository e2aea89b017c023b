"""The readers are entry points (group `inspector.readers`): ours are the built-in table,
another package's are found and asked before the loosest built-in reader."""

from __future__ import annotations

import json
from importlib.metadata import EntryPoint, entry_points

import pytest

from inspector.sources import registry
from inspector.sources.model import SourceError
from inspector.sources.registry import ENTRY_POINT_GROUP, READERS, detect_format, open_source, readers


@pytest.fixture
def installed(monkeypatch):
    """Install entry points beside the real ones: `installed([EntryPoint(...)])`; with
    `real=False`, the package's metadata is missing (a source checkout on sys.path)."""

    def install(extra: list[EntryPoint], real: bool = True) -> None:
        found = list(entry_points(group=ENTRY_POINT_GROUP)) if real else []
        monkeypatch.setattr(registry, "entry_points", lambda group: [*found, *extra])
        readers.cache_clear()

    yield install
    readers.cache_clear()


def _notebook(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text(json.dumps({"notebook": True, "author": "ada",
                                "messages": [{"role": "user", "content": "hello"}]}))
    return path


def test_the_installed_entry_points_are_the_built_in_table():
    """pyproject.toml registers every built-in reader, under the name READERS gives it."""
    ours = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.dist.name == "inspector"}
    assert ours == dict(READERS)
    assert readers() == tuple(READERS)


def test_a_plugin_reader_is_found_and_asked_before_the_loosest_built_in(tmp_path, installed):
    path = _notebook(tmp_path)
    assert detect_format(path) == "openai-chat"  # not installed yet: the loosest reader takes it
    installed([EntryPoint("notebook", "tests.sources.plugin_reader", ENTRY_POINT_GROUP)])
    assert [name for name, _ in readers()][-2:] == ["notebook", "openai-chat"]
    assert detect_format(path) == "notebook"
    with open_source(path) as src:
        assert src.format == "notebook"
        assert [m.text for m in src.read("ada").messages] == ["hello"]


def test_a_plugin_cannot_replace_a_built_in_reader(tmp_path, installed):
    installed([EntryPoint("openai-chat", "tests.sources.plugin_reader", ENTRY_POINT_GROUP)])
    assert readers() == tuple(READERS)
    assert detect_format(_notebook(tmp_path)) == "openai-chat"


def test_without_package_metadata_the_built_in_table_is_used(tmp_path, installed):
    installed([], real=False)
    assert readers() == tuple(READERS)
    assert detect_format(_notebook(tmp_path)) == "openai-chat"


def test_an_unknown_file_names_the_plugin_formats_too(tmp_path, installed):
    installed([EntryPoint("notebook", "tests.sources.plugin_reader", ENTRY_POINT_GROUP)])
    path = tmp_path / "x.json"
    path.write_text('{"neither": 1}')
    with pytest.raises(SourceError, match=r"supported: .*notebook, openai-chat"):
        open_source(path)
