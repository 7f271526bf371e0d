"""The base of every AST node, and the tables that tie nodes to the grammar.

Every node is a frozen, slotted dataclass named after the grammar rule that
builds it.  Its source position lives in ``span``, which takes no part in
equality, so two cards worded the same compare equal wherever they were
written.

Each concern of the language (objects, quantities, triggers, ...) lives in
one module of :mod:`cardtext.grammar.lang`, beside its ``.lark`` file: its node
classes, the builders the parser calls as it reduces each rule
(:func:`builds`), and the renderers that write each node back as Oracle text
(:func:`renders`).  These decorators fill the tables below; the parser and
the renderer only look things up in them.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple, TypeVar

from .codecache import define

T = TypeVar("T")

NODES: dict[str, type[Node]] = {}
"""Every node class, by name (filled by :func:`register_nodes`)."""

BUILDERS: dict[str, Callable[..., Any]] = {}
"""Grammar rule (or alias) → function(meta, *children) → node."""

RENDERERS: dict[type, Callable[..., str]] = {}
"""Node class → function(renderer, node, **context) → text."""


class Span(NamedTuple):
    """Where a node was written: 1-based line and column, end exclusive.

    A named tuple, not a dataclass: the parser makes one for every rule it
    reduces, and a tuple is made several times faster (``tuple.__new__``)."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Node:
    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)

    SUBJECT: ClassVar[str] = ""
    """The field a clause's subject fills ("target player draws" → ``player``);
    empty when the instruction takes no subject."""

    AMOUNT: ClassVar[str] = ""
    """The field that "for each ..." multiplies ("draw a card for each ...")."""

    DURATION: ClassVar[bool] = False
    """Whether the instruction takes a duration ("until end of turn")."""

    def children(self) -> tuple[Node, ...]:
        """The child nodes, in field order (for walks that need no per-node code)."""
        return children_of(self)

    def walk(self) -> Iterator[Node]:
        """Every node below and including this one, depth first."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))


_FIELDS: dict[type, tuple[str, ...]] = {}
_READERS: dict[str, dict[type, Callable[[Node], tuple[Node, ...]]]] = {}
"""Each class's reader of its children (:func:`_reader`), by the field left out."""
_MEMO: list[defaultdict[str, dict[int, Any]] | None] = [None]
_SCALAR = re.compile(r"\b(?:str|bool|int|float|None|tuple)\b|Literal\[[^\]]*\]|[\s|,.\[\]]")


def _remembered(kind: str) -> dict[int, Any] | None:
    """What is remembered of each node for ``kind`` within
    :func:`remembering_children`, by the node's ``id``; None outside it."""
    memo = _MEMO[0]
    return None if memo is None else memo[kind]


def per_node_while_checked(kind: str, node: Node, make: Callable[[Node], T]) -> T:
    """``make(node)``, made once per node and ``kind`` within
    :func:`remembering_children` (each time outside it)."""
    known = _remembered(kind)
    if known is None:
        return make(node)
    found = known.get(id(node))
    if found is None:
        found = known[id(node)] = make(node)
    return found


def children_of(node: Node, without: str = "") -> tuple[Node, ...]:
    """The child nodes of ``node`` in field order, leaving out the field
    named ``without`` (if any); read once per node within
    :func:`remembering_children` (the memory looked up here, not by
    :func:`_remembered`: a walk asks for the children of each node)."""
    memo = _MEMO[0]
    if memo is None:
        return _reader(type(node), without)(node)
    known = memo[without]
    found: tuple[Node, ...] | None = known.get(id(node))
    if found is None:
        found = known[id(node)] = _reader(type(node), without)(node)
    return found


_WALKS: dict[str, str] = {}
"""The memory's kind for the walks without a field, by the field's name."""


def walk_of(node: Node, without: str = "") -> tuple[Node, ...]:
    """Every node below and including ``node``, depth first (without the
    field named ``without``); walked once per node within
    :func:`remembering_children`."""
    memo = _MEMO[0]
    if memo is None:
        return _walk_all(node, without)
    kind = _WALKS.get(without)
    if kind is None:
        kind = _WALKS[without] = "walk " + without
    known = memo[kind]
    found: tuple[Node, ...] | None = known.get(id(node))
    if found is None:
        found = known[id(node)] = _walk_all(node, without)
    return found


def is_remembering() -> bool:
    """Whether a :func:`remembering_children` block is open."""
    return _MEMO[0] is not None


def _walk_all(node: Node, without: str) -> tuple[Node, ...]:
    """The walk itself: one loop for a walk whose children are remembered,
    one for a walk outside :func:`remembering_children` (a walk is made for
    every ability checked: the per-node work is kept to a look-up by class)."""
    readers = _readers(without)
    out: list[Node] = []
    add = out.append
    stack: list[Node] = [node]
    pop = stack.pop
    push = stack.extend
    known = _remembered(without)
    kids: tuple[Node, ...] | None
    if known is None:
        while stack:
            n = pop()
            add(n)
            read = readers.get(type(n)) or _reader(type(n), without)
            kids = read(n)
            if kids:
                push(kids[::-1])
        return tuple(out)
    get = known.get
    while stack:
        n = pop()
        add(n)
        kids = get(id(n))
        if kids is None:
            read = readers.get(type(n)) or _reader(type(n), without)
            kids = known[id(n)] = read(n)
        if kids:
            push(kids[::-1])
    return tuple(out)


def remembering_children() -> _Remembering:
    """Within the block, each node's children are read once.

    For code that walks the same trees many times over (the link check and
    the engine-support check of one card): the trees must stay alive and
    unchanged inside the block — nodes are frozen, and a node is known by its
    ``id`` — so the memory is dropped when the outermost block ends."""
    return _Remembering()


class _Remembering:
    """The block of :func:`remembering_children`: a class, not a generator
    made a context manager, as a block is opened three times a card
    (coverage, link check, support check) and a generator's costs twice as
    much."""

    __slots__ = ("outermost",)

    def __enter__(self) -> None:
        self.outermost = _MEMO[0] is None
        if self.outermost:
            _MEMO[0] = defaultdict(dict)

    def __exit__(self, *exc: object) -> None:
        if self.outermost:
            _MEMO[0] = None


def _reader(cls: type, without: str) -> Callable[[Node], tuple[Node, ...]]:
    """A function giving a node's children, made once per class: the fields
    that can hold a node (not those typed as text, numbers, flags or literal
    words) read at once, then the nodes among them (and in tuples of them)."""
    readers = _readers(without)
    read = readers.get(cls)
    if read is not None:
        return read
    names = tuple(n for n in _node_fields(cls) if n != without)
    if not names:
        read = lambda node: ()  # noqa: E731
        readers[cls] = read
        return read
    get = attrgetter(*names)
    single = len(names) == 1

    def read_children(node: Node) -> tuple[Node, ...]:
        values = (get(node),) if single else get(node)
        out: list[Node] = []
        for value in values:
            if isinstance(value, Node):
                out.append(value)
            elif type(value) is tuple and value:
                for v in value:
                    if isinstance(v, Node):
                        out.append(v)
                    elif type(v) is tuple:
                        out.extend(x for x in v if isinstance(x, Node))
        return tuple(out)

    readers[cls] = read_children
    return read_children


def _readers(without: str) -> dict[type, Callable[[Node], tuple[Node, ...]]]:
    """The readers of children made so far for walks without the field ``without``."""
    readers = _READERS.get(without)
    if readers is None:
        readers = _READERS[without] = {}
    return readers


def _node_fields(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` whose type allows a node: all but those
    annotated as plain data (``str``, ``bool``, ``int``, ``Literal[...]``,
    ``tuple[str, ...]`` and their unions with None)."""
    types = {f.name: f.type for f in fields(cls)}
    return tuple(n for n in _field_names(cls) if _SCALAR.sub("", str(types[n])))


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.name != "span")
        _FIELDS[cls] = names
    return names


def class_fields(cls: type) -> tuple[str, ...]:
    """The names of a node class's fields, without ``span``."""
    return _field_names(cls)


def node_fields(node: Node) -> tuple[str, ...]:
    """The names of a node's fields, without ``span``."""
    return _field_names(type(node))


def builds(*rules: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the builder of grammar rules: ``fn(meta, *children)``.

    ``meta`` has the rule's span (``span(meta)``); children are the rule's
    meaningful parts in order (keywords dropped, ``[optional]`` parts None).
    """

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        for rule in rules:
            if rule in BUILDERS:
                raise ValueError(f"two builders for grammar rule {rule!r}")
            BUILDERS[rule] = fn
        return fn

    return register


def renders(*classes: type) -> Callable[[Callable[..., str]], Callable[..., str]]:
    """Register the renderer of node classes: ``fn(r, node, **context)``."""

    def register(fn: Callable[..., str]) -> Callable[..., str]:
        for cls in classes:
            if cls in RENDERERS:
                raise ValueError(f"two renderers for {cls.__name__}")
            RENDERERS[cls] = fn
        return fn

    return register


def register_nodes(module: Any) -> None:
    """Add a module's node classes to :data:`NODES`, each with a faster
    ``__init__`` (:func:`_fast_init`)."""
    for name, value in vars(module).items():
        if isinstance(value, type) and issubclass(value, Node) and value is not Node:
            if name not in NODES and value.__module__ == module.__name__:
                _fast_init(value)
            NODES.setdefault(name, value)


_INIT_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str]]] = {}


def replace(node: T, /, **changes: Any) -> T:
    """A copy of ``node`` with some fields changed: :func:`dataclasses.replace`
    with the class's fields looked up once (builders copy a node for most
    sentences they make, and ``dataclasses.replace`` walks every field's
    options at each call).  A change to a field that ``__init__`` doesn't
    take is left to ``dataclasses.replace``, for its error."""
    cls = type(node)
    known = _INIT_FIELDS.get(cls)
    if known is None:
        names = tuple(f.name for f in fields(cls) if f.init)  # type: ignore[arg-type]
        known = _INIT_FIELDS[cls] = (names, frozenset(names))
    names, allowed = known
    if not changes.keys() <= allowed:
        return dataclasses.replace(node, **changes)  # type: ignore[type-var]
    for name in names:
        if name not in changes:
            changes[name] = getattr(node, name)
    return cls(**changes)


_NO_VALUE = object()


def _fast_init(cls: type) -> None:
    """Give a frozen, slotted node class an ``__init__`` that fills its slots
    through their descriptors, as the one ``dataclass`` writes does through
    ``object.__setattr__`` (same parameters, defaults and ``__post_init__``),
    about twice as fast: the parser makes a node for most rules it reduces.

    It is made when the class is first instantiated (a run of one card makes
    nodes of a few dozen of the ~400 classes): until then ``__init__`` is a
    stand-in that makes it, puts it in its place and calls it, with the
    signature, name and docstring of the one ``dataclass`` wrote
    (``__wrapped__``, as :func:`inspect.signature` reads it).
    """
    if "__slots__" not in cls.__dict__ or "__init__" not in cls.__dict__:
        return
    written = cls.__dict__["__init__"]

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N807 - the class's __init__
        init = cls.__dict__["__init__"]
        if init is __init__:
            init = _made_fast_init(cls, written)
        init(self, *args, **kwargs)

    __init__.__qualname__ = written.__qualname__
    __init__.__doc__ = written.__doc__
    __init__.__wrapped__ = written  # type: ignore[attr-defined]
    setattr(cls, "__init__", __init__)  # noqa: B010 - replacing the method dataclass wrote


def _made_fast_init(cls: type, written: Any) -> Any:
    """The fast ``__init__`` of :func:`_fast_init`, made now and put in place."""
    names: dict[str, Any] = {"_NO_VALUE": _NO_VALUE}
    params: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if not f.init:
            continue
        names[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            names[f"_default_{f.name}"] = f.default
            param = f"{f.name}=_default_{f.name}"
        elif f.default_factory is not MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            param = f"{f.name}=_NO_VALUE"
            body.append(f"    if {f.name} is _NO_VALUE: {f.name} = _factory_{f.name}()")
        else:
            param = f.name
        (keywords if f.kw_only else params).append(param)
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    signature = ", ".join(["self", *params, *(["*", *keywords] if keywords else [])])
    source = f"def __init__({signature}):\n" + ("\n".join(body) or "    pass") + "\n"
    init = define(source, names, "__init__")  # code made from the class's own fields, compiled once
    init.__qualname__ = written.__qualname__
    init.__doc__ = written.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - replacing the stand-in
    return init
