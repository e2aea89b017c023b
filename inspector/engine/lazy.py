"""Lazy exports of a package: its names imported from their modules when first read.

`inspector.engine` and `inspector.engine.planning` export their vocabulary this way, so
importing one piece (the plan's `Action` for the app's colours) does not load the rest
(tests/system/test_import_hygiene.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The module `__getattr__` of a package that exports names lazily.

    Args:
        package: the package's `__name__`.
        exports: each exported name -> the submodule (relative to `package`) defining it.
        namespace: the package's `globals()`: a name read once is kept there.

    Returns:
        The `__getattr__` to assign in the package.
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    return __getattr__
