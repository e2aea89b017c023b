"""Implementations of the CLI commands, imported only when their command runs."""
