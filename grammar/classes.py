"""Dataclasses made in one step: what :func:`dataclasses.dataclass` makes of
a class, for the options the project's classes use, without the standard
library's cost per class.

The grammar and the engine define some 470 dataclasses, nearly all
``@dataclass(frozen=True, slots=True)``, at every start.  The standard
library writes each method from its own source text and runs each text on
its own (six or seven per class), looks every string annotation up twice
(is it a ``ClassVar``? an ``InitVar``?) and builds the class twice (the
second time with ``__slots__``); that was about a quarter of a one-card
``cardtext check``.  :func:`process_class` stands in for
``dataclasses._process_class`` within :class:`cardtext.grammar.codecache.dataclass_code`:
it reads the fields as the standard library does, writes the methods of a
class as one source text — each method's text the one ``dataclasses``
writes — compiled through the code cache, and makes the slotted class once.

A class it doesn't cover (``order``, ``unsafe_hash``, ``weakref_slot``,
``eq``, ``init`` or ``repr`` turned off, ``InitVar`` and ``KW_ONLY``
fields, annotations that aren't strings, names its method texts would
shadow, anything the standard library would refuse) is left to the standard
library, which makes it (or raises its own error) as ever.  The classes made
here are those the standard library makes: the test suite compares every
dataclass of the project made both ways (``tests/test_startup.py``).
Only Python 3.11 is covered (the version whose ``dataclasses`` this mirrors);
on others the standard library makes every class.
"""

from __future__ import annotations

import abc
import dataclasses
import inspect
import itertools
import re
import sys
import types
from typing import Any

from .codecache import code, code_named


def _version() -> str:
    """The hash of this module's source: the methods' texts are written by
    it, so their code is kept under it (:func:`_shape`); "" where the source
    can't be read (then the texts are written for every class)."""
    import hashlib

    try:
        with open(__file__, "rb") as f:
            return hashlib.blake2b(f.read(), digest_size=12).hexdigest()
    except (OSError, TypeError):
        return ""


_VERSION = _version()

ENABLED = sys.version_info[:2] == (3, 11) and hasattr(dataclasses, "_process_class")
"""Whether :func:`process_class` may stand in for the standard library's."""

_STDLIB: Any = getattr(dataclasses, "_process_class", None)
_MISSING: Any = dataclasses.MISSING
_Field: Any = dataclasses.Field
_FIELD: Any = getattr(dataclasses, "_FIELD", None)
_FIELD_CLASSVAR: Any = getattr(dataclasses, "_FIELD_CLASSVAR", None)
_MODULE_IDENTIFIER = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")
"""The standard library's pattern of a string annotation that may name a ``ClassVar`` or an ``InitVar``."""

made = 0
"""How many classes :func:`process_class` made in this process (not left to the standard library)."""

_RESERVED = frozenset({
    "self", "cls", "FrozenInstanceError", "MISSING", "_HAS_DEFAULT_FACTORY",
    "__dataclass_builtins_object__", "_return_type", "__create_fn__",
})  # fmt: skip
"""Names of the method texts' own: a field so named is left to the standard library."""


class _Refused(Exception):
    """A class :func:`process_class` leaves to the standard library."""


def process_class(cls: type, init: bool, repr: bool, eq: bool, order: bool, unsafe_hash: bool,  # noqa: A002
                  frozen: bool, match_args: bool, kw_only: bool, slots: bool, weakref_slot: bool) -> type:  # fmt: skip
    """``dataclasses._process_class``: the class made a dataclass."""
    args = (
        cls,
        init,
        repr,
        eq,
        order,
        unsafe_hash,
        frozen,
        match_args,
        kw_only,
        slots,
        weakref_slot,
    )
    if order or unsafe_hash or weakref_slot or not (init and repr and eq and match_args):
        return _STDLIB(*args)
    module = sys.modules.get(cls.__module__)
    if module is None:
        return _STDLIB(*args)
    try:
        own = _own_fields(cls, module.__dict__, kw_only)
        inherited, any_frozen_base, has_bases = _base_fields(cls)
    except _Refused:
        return _STDLIB(*args)
    if has_bases and any_frozen_base != frozen:  # the standard library's TypeError
        return _STDLIB(*args)
    fields = {**inherited, **{f.name: f for f in own}}
    every = [f for f in fields.values() if f._field_type is _FIELD]
    names = {f.name for f in every}
    if names & _RESERVED or (slots and "__slots__" in cls.__dict__):
        return _STDLIB(*args)
    positional = [
        f for f in every if f.init and not f.kw_only
    ]  # the parameters of __init__, in order
    keywords = [f for f in every if f.init and f.kw_only]
    seen_default = False
    for f in positional:
        if not (f.default is _MISSING and f.default_factory is _MISSING):
            seen_default = True
        elif seen_default:  # the standard library's TypeError
            return _STDLIB(*args)
    namespace = cls.__dict__
    if frozen and ("__setattr__" in namespace or "__delattr__" in namespace):
        return _STDLIB(*args)

    # From here on the class is changed, as the standard library changes it.
    cls.__dataclass_params__ = dataclasses._DataclassParams(  # type: ignore[attr-defined]
        init, repr, eq, order, unsafe_hash, frozen
    )
    for f in own:
        if isinstance(getattr(cls, f.name, None), _Field):
            if f.default is _MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    cls.__dataclass_fields__ = fields  # type: ignore[attr-defined]
    class_hash = namespace.get("__hash__", _MISSING)
    explicit_hash = not (class_hash is _MISSING or (class_hash is None and "__eq__" in namespace))
    methods = _methods(cls, module.__dict__, every, positional, keywords, frozen, slots,
                       add_hash=frozen and not explicit_hash)  # fmt: skip
    for name, fn in methods.items():
        if name == "__hash__" or name not in namespace:
            fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
            setattr(cls, name, fn)
    if not frozen and not explicit_hash:
        cls.__hash__ = None  # type: ignore[assignment]
    if not cls.__doc__:
        cls.__doc__ = cls.__name__ + _text_signature(cls, positional, keywords)
    if "__match_args__" not in cls.__dict__:
        setattr(cls, "__match_args__", tuple(f.name for f in positional))  # noqa: B010
    if slots:
        cls = _with_slots(cls, frozen, every)
    abc.update_abstractmethods(cls)
    global made  # noqa: PLW0603
    made += 1
    return cls


def _text_signature(cls: type, positional: list[Any], keywords: list[Any]) -> str:
    """``str(inspect.signature(cls))`` without `` -> None``, as the standard
    library writes it in the docstring of a class that has none: written
    from the fields where the signature is that of the ``__init__`` just
    made (no metaclass, no ``__new__``) and every annotation a string, as
    :func:`inspect.formatannotation` shows one (its ``repr``)."""
    plain = type(cls) is type and all("__new__" not in c.__dict__ for c in cls.__mro__[:-1])
    if plain and all(type(f.type) is str for f in positional) and all(type(f.type) is str for f in keywords):
        parts = [_shown(f) for f in positional]
        if keywords:
            parts += ["*", *(_shown(f) for f in keywords)]
        return f"({', '.join(parts)})".replace(" -> None", "")
    try:
        return str(inspect.signature(cls)).replace(" -> None", "")
    except (TypeError, ValueError):
        return ""


def _shown(f: Any) -> str:
    """A parameter of ``__init__`` as :class:`inspect.Parameter` shows it."""
    if f.default is not _MISSING:
        return f"{f.name}: {f.type!r} = {f.default!r}"
    if f.default_factory is not _MISSING:
        return f"{f.name}: {f.type!r} = <factory>"
    return f"{f.name}: {f.type!r}"


def _own_fields(cls: type, module_names: dict[str, Any], kw_only: bool) -> list[Any]:
    """The fields (and ``ClassVar`` pseudo-fields) the class's own annotations
    make, as ``dataclasses._get_field`` makes them."""
    annotations = cls.__dict__.get("__annotations__", {})
    typing = sys.modules.get("typing")
    out = []
    for name, kind in annotations.items():
        if not isinstance(kind, str):
            raise _Refused
        default = getattr(cls, name, _MISSING)
        if isinstance(default, _Field):
            f = default
        else:
            if isinstance(default, types.MemberDescriptorType):  # a slot of a base: no default
                default = _MISSING
            f = dataclasses.field(default=default)
        f.name = name
        f.type = kind
        f._field_type = _FIELD
        referred = _referred(kind, module_names)
        if referred is dataclasses.KW_ONLY or _is_initvar(referred):
            raise _Refused
        if typing is not None and _is_classvar(referred, typing):
            if f.default_factory is not _MISSING or f.kw_only is not _MISSING:
                raise _Refused
            f._field_type = _FIELD_CLASSVAR
        else:
            if f.kw_only is _MISSING:
                f.kw_only = kw_only
            if (
                f.default.__class__.__hash__ is None
            ):  # a mutable default: the standard library's ValueError
                raise _Refused
        out.append(f)
    for name, value in cls.__dict__.items():
        if isinstance(value, _Field) and name not in annotations:
            raise _Refused
    return out


def _referred(annotation: str, module_names: dict[str, Any]) -> Any:
    """What a string annotation's first name is in the class's module, read
    as ``dataclasses._is_type`` reads it ("ClassVar[...]", "typing.ClassVar[...]")."""
    match = _MODULE_IDENTIFIER.match(annotation)
    if not match:
        return None
    prefix = match.group(1)
    if not prefix:
        return module_names.get(match.group(2))
    module = module_names.get(prefix)
    if module is sys.modules.get("typing") or module is dataclasses:
        return getattr(module, match.group(2), None)
    return None


def _is_classvar(value: Any, typing: Any) -> bool:
    return value is typing.ClassVar or (
        type(value) is typing._GenericAlias and value.__origin__ is typing.ClassVar
    )


def _is_initvar(value: Any) -> bool:
    return value is dataclasses.InitVar or type(value) is dataclasses.InitVar


def _base_fields(cls: type) -> tuple[dict[str, Any], bool, bool]:
    """The fields of the dataclasses among the bases (the most derived last),
    whether one of them is frozen, whether there is one."""
    fields: dict[str, Any] = {}
    any_frozen = has_bases = False
    for base in cls.__mro__[-1:0:-1]:
        found = getattr(base, "__dataclass_fields__", None)
        if found is not None:
            has_bases = True
            for f in found.values():
                fields[f.name] = f
            if base.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                any_frozen = True
    return fields, any_frozen, has_bases


def _tuple(obj: str, fields: list[Any]) -> str:
    return f"({','.join([f'{obj}.{f.name}' for f in fields])},)" if fields else "()"


def _methods(cls: type, globals: dict[str, Any], every: list[Any], positional: list[Any], keywords: list[Any],  # noqa: A002
             frozen: bool, slots: bool, *, add_hash: bool) -> dict[str, Any]:  # fmt: skip
    """``__init__``, ``__repr__``, ``__eq__`` (and ``__setattr__``,
    ``__delattr__`` and ``__hash__`` for a frozen class) from one source
    text, each method's text as ``dataclasses`` writes it.

    The text is made of the fields' names and options alone (their types and
    defaults are the values of its names): its code is kept under those
    (:func:`_shape`), so that a class whose code is kept has no text written."""
    local: dict[str, Any] = {f"_type_{f.name}": f.type for f in every}
    local.update({
        "MISSING": _MISSING, "_HAS_DEFAULT_FACTORY": dataclasses._HAS_DEFAULT_FACTORY,  # type: ignore[attr-defined]
        "__dataclass_builtins_object__": object,
    })  # fmt: skip
    for f in every:
        _field_value(f, local, slots)
    post_init = hasattr(cls, "__post_init__")
    local["_return_type"] = None
    names = ["__init__", "__repr__", "__eq__"]
    if frozen:
        local.update({"cls": cls, "FrozenInstanceError": dataclasses.FrozenInstanceError})
        names += ["__setattr__", "__delattr__"]
    if add_hash:
        names.append("__hash__")

    def source() -> str:
        return _source(list(local), every, positional, keywords, frozen, slots, add_hash, post_init, names)

    if _VERSION:
        key = _shape(every, frozen, slots, add_hash, post_init)
        made = code_named(key, source, "<string>")
    else:
        made = code(source(), "<string>")
    defined: dict[str, Any] = {}
    exec(made, globals, defined)  # noqa: S102 - the methods' text, written here
    functions = dict(zip(names, defined["__create_fn__"](**local), strict=True))
    functions["__repr__"] = dataclasses._recursive_repr(functions["__repr__"])  # type: ignore[attr-defined]
    return functions


def _shape(every: list[Any], frozen: bool, slots: bool, add_hash: bool, post_init: bool) -> str:
    """What the methods' text is written from, as a text: the version of
    this module, each field's name and the options that shape its lines,
    the class's options."""
    fields = tuple(
        (f.name, f.init, f.repr, f.compare, f.hash, f.kw_only, f.default is _MISSING, f.default_factory is _MISSING)
        for f in every
    )  # fmt: skip
    return f"dataclass methods {_VERSION} {(fields, frozen, slots, add_hash, post_init)!r}"


def _source(parameters: list[str], every: list[Any], positional: list[Any], keywords: list[Any], frozen: bool,
            slots: bool, add_hash: bool, post_init: bool, names: list[str]) -> str:  # fmt: skip
    """The text of ``__create_fn__``, which takes the names of ``parameters``
    and gives back the methods named ``names``."""
    body = []
    for f in every:
        line = _field_init(f, frozen, slots)
        if line:
            body.append(line)
    if post_init:
        body.append("self.__post_init__()")
    params = [_param(f) for f in positional]
    if keywords:
        params += ["*", *(_param(f) for f in keywords)]
    texts = [_def("__init__", ["self", *params], body or ["pass"], "->_return_type")]
    shown = ", ".join([f"{f.name}={{self.{f.name}!r}}" for f in every if f.repr])
    texts.append(
        _def("__repr__", ["self"], ['return self.__class__.__qualname__ + f"(' + shown + ')"'])
    )
    compared = [f for f in every if f.compare]
    texts.append(_def("__eq__", ["self", "other"], [
        "if other.__class__ is self.__class__:",
        f" return {_tuple('self', compared)}=={_tuple('other', compared)}",
        "return NotImplemented",
    ]))  # fmt: skip
    if frozen:
        listed = "(" + ",".join(repr(f.name) for f in every) + ",)" if every else "()"
        texts.append(_def("__setattr__", ["self", "name", "value"], [
            f"if type(self) is cls or name in {listed}:",
            ' raise FrozenInstanceError(f"cannot assign to field {name!r}")',
            "super(cls, self).__setattr__(name, value)",
        ]))  # fmt: skip
        texts.append(_def("__delattr__", ["self", "name"], [
            f"if type(self) is cls or name in {listed}:",
            ' raise FrozenInstanceError(f"cannot delete field {name!r}")',
            "super(cls, self).__delattr__(name)",
        ]))  # fmt: skip
    if add_hash:
        hashed = [f for f in every if (f.compare if f.hash is None else f.hash)]
        texts.append(_def("__hash__", ["self"], [f"return hash({_tuple('self', hashed)})"]))
    return (f"def __create_fn__({', '.join(parameters)}):\n" + "\n".join(texts)
            + f"\n return ({', '.join(names)},)")  # fmt: skip


def _def(name: str, args: list[str], body: list[str], annotation: str = "") -> str:
    inner = "\n".join(f"  {b}" for b in body)
    return f" def {name}({','.join(args)}){annotation}:\n{inner}"


def _param(f: Any) -> str:
    if f.default is _MISSING and f.default_factory is _MISSING:
        default = ""
    elif f.default is not _MISSING:
        default = f"=_dflt_{f.name}"
    else:
        default = "=_HAS_DEFAULT_FACTORY"
    return f"{f.name}:_type_{f.name}{default}"


def _field_value(f: Any, local: dict[str, Any], slots: bool) -> None:
    """The value a field's line of ``__init__`` reads, if any (its default or
    its default's factory), as ``dataclasses._field_init`` adds it to the
    method's names."""
    default_name = f"_dflt_{f.name}"
    if f.default_factory is not _MISSING:
        local[default_name] = f.default_factory
    elif f.init:
        if f.default is not _MISSING:
            local[default_name] = f.default
    elif slots and f.default is not _MISSING:
        local[default_name] = f.default


def _field_init(f: Any, frozen: bool, slots: bool) -> str | None:
    """The line of ``__init__`` that sets a field (``dataclasses._field_init``)."""
    default_name = f"_dflt_{f.name}"
    if f.default_factory is not _MISSING:
        value = (
            f"{default_name}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}"
            if f.init
            else f"{default_name}()"
        )
    elif f.init:
        value = f.name
    elif slots and f.default is not _MISSING:
        value = default_name
    else:
        return None
    if frozen:
        return f"__dataclass_builtins_object__.__setattr__(self,{f.name!r},{value})"
    return f"self.{f.name}={value}"


def _slots_of(cls: type) -> Any:
    slots = cls.__dict__.get("__slots__")
    if slots is None:
        return ()
    if isinstance(slots, str):
        return (slots,)
    if hasattr(slots, "__next__"):
        raise TypeError(f"Slots of '{cls.__name__}' cannot be determined")
    return slots


def _with_slots(cls: type, frozen: bool, every: list[Any]) -> type:
    """The class made again with ``__slots__`` (``dataclasses._add_slots``)."""
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in every)
    inherited = set(itertools.chain.from_iterable(map(_slots_of, cls.__mro__[1:-1])))
    cls_dict["__slots__"] = tuple(n for n in field_names if n not in inherited)
    for name in field_names:
        cls_dict.pop(name, None)
    cls_dict.pop("__dict__", None)
    cls_dict.pop("__weakref__", None)
    qualname = getattr(cls, "__qualname__", None)
    cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        cls.__qualname__ = qualname
    if frozen:
        if "__getstate__" not in cls_dict:
            setattr(cls, "__getstate__", dataclasses._dataclass_getstate)  # type: ignore[attr-defined]  # noqa: B010
        if "__setstate__" not in cls_dict:
            setattr(cls, "__setstate__", dataclasses._dataclass_setstate)  # type: ignore[attr-defined]  # noqa: B010
    return cls


__all__ = ["ENABLED", "made", "process_class"]
