"""The slotted models' base: pydantic dataclasses with `__slots__` that keep the
`BaseModel` methods this project uses (`Part`, `ToolCall`, `Usage`, `Message` in
`models`).

Why a module of its own: it is machinery, not the domain. A pydantic `BaseModel` keeps
its fields in an instance dict, beside a fields set and two more slots: ~250 bytes of
overhead per message and ~190 per part, where slots cost 8 bytes a field (bench
`rss_ratio_10k`: the 100k-message open path holds every message at once). `models`
declares the fields and the domain's properties; this module gives them the API.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from pydantic import TypeAdapter
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined


class Slotted:
    """What the slotted models (Part, ToolCall, Message) share: the pydantic model API
    this project uses (`model_dump`, `model_dump_json`, `model_validate`,
    `model_validate_json`, `model_copy`, `model_fields`), on pydantic dataclasses with
    `__slots__`.

    A pydantic `BaseModel` keeps its fields in an instance dict, beside a fields set and
    two more slots: ~250 bytes of overhead per message and ~190 per part, where slots
    cost 8 bytes a field (bench `rss_ratio_10k`). Validation, serialization and the
    JSON schema are pydantic's, as before; `trusted` builds an instance from values a
    reader already checked, without validating them again.
    """

    __slots__ = ()

    # (name, storage descriptor, default, default factory) per field, then the other
    # slots (name, storage descriptor): filled in by `_finish` once pydantic built the class.
    _FIELDS: ClassVar[tuple[tuple[str, Any, Any, Any], ...]] = ()
    _SLOTS: ClassVar[tuple[tuple[str, Any], ...]] = ()
    model_fields: ClassVar[dict[str, FieldInfo]] = {}

    @classmethod
    def _adapter(cls) -> TypeAdapter[Any]:
        adapter = _ADAPTERS.get(cls)
        if adapter is None:
            adapter = _ADAPTERS[cls] = TypeAdapter(cls)
        return adapter

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        """A validated instance from a dict (or an instance).

        Args:
            obj: the field values.

        Returns:
            The instance; pydantic's ValidationError for invalid values.
        """
        out: Self = cls._adapter().validate_python(obj)
        return out

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Self:
        """A validated instance from JSON text (what `model_dump_json` writes).

        Args:
            data: the JSON text.

        Returns:
            The instance; pydantic's ValidationError for invalid JSON or values.
        """
        out: Self = cls._adapter().validate_json(data)
        return out

    def model_dump(self, **kwargs: Any) -> dict[str, Any]:
        """The fields as a dict, as `BaseModel.model_dump` (same options).

        Args:
            kwargs: pydantic's dump options (`mode`, `exclude`, `exclude_none`, ...).

        Returns:
            The dict.
        """
        out: dict[str, Any] = self._adapter().dump_python(self, **kwargs)
        return out

    def model_dump_json(self, **kwargs: Any) -> str:
        """The fields as JSON text, as `BaseModel.model_dump_json` (same options).

        Args:
            kwargs: pydantic's dump options (`exclude`, `indent`, `fallback`, ...).

        Returns:
            The JSON text.
        """
        return self._adapter().dump_json(self, **kwargs).decode()

    @property
    def model_fields_set(self) -> set[str]:
        """Every field (the slotted models do not track which were given)."""
        return set(self.model_fields)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, as `BaseModel.model_copy`: `update` is assigned without validation.

        Args:
            update: field values to replace in the copy.
            deep: copy nested values too.

        Returns:
            The copy.
        """
        new = copy.deepcopy(self) if deep else self._copy()
        if update:
            for name, value in update.items():
                setattr(new, name, value)
        return new

    @classmethod
    def trusted(cls, **values: Any) -> Self:
        """An instance from values already of the fields' types, without validation
        (for a reader that checked its input: a few times faster than the
        constructor). Fields not given take their defaults. Replaced on each class by
        `_finish` with a function of the same signature as the constructor.

        Args:
            values: field values.

        Returns:
            The instance.
        """
        raise NotImplementedError

    def _copy(self) -> Self:
        """A shallow copy (the slots' stored values); generated per class by `_finish`."""
        raise NotImplementedError

    def _state(self) -> dict[str, Any]:
        state = {}
        for name, slot in type(self)._SLOTS:
            try:
                state[name] = slot.__get__(self)
            except AttributeError:
                pass
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        # The slots' stored values (a packed record stays packed), not the properties'.
        return _rebuild, (type(self), self._state())

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        for _name, slot, _, _ in self._FIELDS:
            if slot.__get__(self) != slot.__get__(other):
                return False
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable, as a BaseModel


_MISSING: Any = object()
_ADAPTERS: dict[type, TypeAdapter[Any]] = {}
_new = object.__new__


def _rebuild(cls: type[Slotted], state: dict[str, Any]) -> Slotted:
    obj = _new(cls)
    slots = dict(cls._SLOTS)
    for name, value in state.items():
        slots[name].__set__(obj, value)
    return obj


def finish_slotted(cls: type[Slotted], behind_property: tuple[str, ...] = ()) -> None:
    """Record `cls`'s storage descriptors (before a property replaces a field's: the
    fields named in `behind_property`) and give it its `trusted` constructor and copier.
    """
    slots: list[tuple[str, Any]] = []
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            slots.append((name, klass.__dict__[name]))
    by_name = dict(slots)
    fields = cls.__pydantic_fields__  # type: ignore[attr-defined]
    cls.model_fields = fields
    cls._SLOTS = tuple(slots)
    cls._FIELDS = tuple(
        (name, by_name[name], info.default if info.default_factory is None else None, info.default_factory)
        for name, info in fields.items())
    # Generated, as dataclasses generate `__init__`: one keyword per field, one store
    # per slot (a loop over the fields costs as much as pydantic's validation).
    # Attribute syntax reaches a slot fastest; a field behind a property through its
    # storage descriptor.
    namespace: dict[str, Any] = {"_new": _new, "_cls": cls, "_MISSING": _MISSING}

    def store(target: str, name: str, value: str) -> str:
        if name in behind_property:
            namespace[f"_set_{name}"] = by_name[name].__set__
            return f"_set_{name}({target}, {value})"
        return f"{target}.{name} = {value}"

    def load(source: str, name: str) -> str:
        if name in behind_property:
            namespace[f"_get_{name}"] = by_name[name].__get__
            return f"_get_{name}({source})"
        return f"{source}.{name}"

    params, body = [], []
    for name, _slot, default, factory in cls._FIELDS:
        if factory is not None:
            namespace[f"_make_{name}"] = factory
            params.append(f"{name}=_MISSING")
            body.append("    " + store("obj", name, f"_make_{name}() if {name} is _MISSING else {name}"))
        else:
            if default is PydanticUndefined:
                params.append(name)
            else:
                namespace[f"_default_{name}"] = default
                params.append(f"{name}=_default_{name}")
            body.append("    " + store("obj", name, name))
    copy_body = []
    for name, _slot in slots:
        line = store("new", name, load("self", name))
        if name in fields:
            copy_body.append(f"    {line}")
        else:  # a memo slot, maybe unset
            copy_body.append(f"    try:\n        {line}\n    except AttributeError:\n        pass")
    source = (f"def trusted(*, {', '.join(params)}):\n    obj = _new(_cls)\n" + "\n".join(body) + "\n    return obj\n"
              + "def copy(self):\n    new = _new(_cls)\n" + "\n".join(copy_body) + "\n    return new\n")
    exec(source, namespace)  # noqa: S102  # our own field names, nothing from outside
    trusted = namespace["trusted"]
    trusted.__qualname__ = f"{cls.__name__}.trusted"
    trusted.__doc__ = Slotted.trusted.__doc__
    setattr(cls, "trusted", staticmethod(trusted))  # noqa: B010
    setattr(cls, "_copy", namespace["copy"])  # noqa: B010
