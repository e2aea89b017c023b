"""Demo data files (package data; not code)."""
