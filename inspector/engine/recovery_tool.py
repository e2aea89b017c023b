"""The recovery tool compaction's notices name, as a function definition: what an
agent's tool list offers so the model can read removed content back (the runtime's
`Compactor.recover` and the frameworks' adapters answer its calls)."""

from __future__ import annotations

from typing import Any


def recovery_tool_function(name: str) -> dict[str, Any]:
    """The recovery tool a compaction's notices name, as a function definition
    (`name`, `description`, `parameters`: the one `inspector.runtime.Compactor.recovery_tool`
    gives the runtime, which answers its calls).

    Args:
        name: the config's `recovery_tool`.

    Returns:
        The function definition.
    """
    return {
        "name": name,
        "description": "Read back tool output or arguments that were truncated or cleared, "
                       "or messages a summary replaced, by the id the notice or summary shows.",
        "parameters": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "the id the notice shows: off- and 12 hex digits"},
                "offset": {"type": "integer", "minimum": 0, "description": "first character"},
                "limit": {"type": "integer", "minimum": 1, "description": "characters to read"},
            },
            "required": ["id"],
        },
    }
