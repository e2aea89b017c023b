"""Readers of the stores agent frameworks write: read-only, picked by content (`base.open_source`)."""
