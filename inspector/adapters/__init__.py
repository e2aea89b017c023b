"""Adapters that plug the runtime `Compactor` into agent frameworks. Each one imports
its framework only when used (install the matching extra, e.g. `inspector[agents]`)."""
