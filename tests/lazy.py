"""Frameworks imported when a test needs them, not when the suite is collected.

Collecting imports every test module; a module-level `import` of an agent SDK (ADK,
LangChain, the Agents SDK, Anthropic's, Ray) costs each run seconds even when it selects
none of its tests. A test module instead checks that the framework is installed without
importing it (`installed`, for `pytest.mark.skipif`) and imports it in a module-scoped
autouse fixture that binds the module's names (`global`), so its tests read as before.
"""

from __future__ import annotations

import importlib.util


def installed(module: str) -> bool:
    """Whether `module` can be imported, found without importing it (only its parent
    packages are imported, which for namespace packages such as `google` is cheap)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False
