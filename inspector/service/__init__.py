"""The use cases: the only layer the CLI, the TUI and the runtime call."""
