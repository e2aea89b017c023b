"""The service's error for bad input, in a module of its own: `opening` (which every
front end imports to open a source) raises it without loading the pipeline, and with
it the applier and the planner, before the app's first frame."""

from __future__ import annotations


class PipelineError(Exception):
    """Bad input to the pipeline (source, session id, config): nothing was done."""


__all__ = ["PipelineError"]
