"""The export formats front ends offer, and the file names they write.

The catalog itself lives with the writers (`inspector.exports.catalog`); front ends
read it here. Light on purpose: the CLI's parser imports it for `--format`'s choices,
and `inspector --help` must stay fast.
"""

from __future__ import annotations

from inspector.exports.catalog import BY_NAME, EXPORT_FORMATS, ExportFormat, default_name, resolve_target, safe_name

__all__ = ["BY_NAME", "EXPORT_FORMATS", "ExportFormat", "default_name", "resolve_target", "safe_name"]
