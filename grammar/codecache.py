"""Functions written out from source at start-up, compiled once and kept.

The driver writes a callback for each grammar rule (:mod:`cardtext.grammar.driver`)
and the node classes get a faster ``__init__`` (:func:`cardtext.grammar.node._fast_init`),
each from a few lines of source; :mod:`dataclasses` writes ``__init__``,
``__repr__``, ``__eq__``, ``__hash__`` and the frozen ``__setattr__`` of each
of the ~350 node classes the same way (:func:`dataclass_code`).  Compiling
these ~3,500 sources was most of a small run's start-up, though they are the
same texts from one run to the next.  Here a source is compiled once per
process, and the compiled code is kept on disk (``marshal``, in the user's
cache folder, one file per Python version), so a later run compiles nothing.

The file holds code for exact source texts only: a source that changed (a
grammar edit) is a different key, compiled anew and added.  A cache that
can't be read or written (a read-only home, a corrupt file) is ignored, and
costs only the compile it would have saved.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import gc
import marshal
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import CodeType
from typing import Any

__all__ = ["cache_file", "code", "code_named", "dataclass_code", "define", "loading"]

_CODE: dict[str, CodeType] = {}
"""The code of each source this process has asked for."""
_KEPT: dict[str, bytes] = {}
"""What the cache file holds: each source's code, still marshalled (made a
code object when a source is asked for: the file also holds the code of
sources this run doesn't ask for, an older grammar's or a command's that
isn't run)."""
_LOADED = False
_ADDED = False
_FORMAT = 3
"""Bumped when the code made of a source changes (3: compiled without this
module's ``from __future__`` flags, as :mod:`dataclasses` compiles its own)."""
_USED: set[str] = set()
compiled = 0
"""How many sources this process compiled (the others came from the cache)."""
_MAX_KEPT = 8000


def cache_file() -> Path | None:
    """Where compiled code is kept; None when there is no cache folder to use
    (``CARDTEXT_NO_CACHE`` set, or no home folder)."""
    if os.environ.get("CARDTEXT_NO_CACHE"):
        return None
    home = os.path.expanduser("~")
    base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(home, ".cache") if home != "~" else "")
    if not base:
        return None
    tag = sys.implementation.cache_tag or "python"
    return Path(base) / "cardtext" / f"code-{tag}-{_FORMAT}.marshal"


def _load() -> None:
    global _LOADED
    _LOADED = True
    path = cache_file()
    if path is None:
        return
    try:
        with open(path, "rb") as f:
            data = marshal.loads(f.read())  # read at once: marshal.load reads a file piece by piece
    except (OSError, EOFError, ValueError, TypeError):
        return
    if isinstance(data, dict):
        _KEPT.update({k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, bytes)})


def _save() -> None:
    """Write the code compiled in this run (with what was there) for the next one."""
    path = cache_file()
    if path is None or not _ADDED:
        return
    with contextlib.suppress(OSError, ValueError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".code-", suffix=".tmp", dir=path.parent)
        try:
            kept = {**_KEPT, **{k: marshal.dumps(v) for k, v in _CODE.items() if k not in _KEPT}}
            if len(kept) > _MAX_KEPT:  # old grammars' code dropped
                kept = {k: v for k, v in kept.items() if k in _USED}
            with os.fdopen(fd, "wb") as f:
                marshal.dump(kept, f)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def code(source: str, filename: str = "<cardtext generated>") -> CodeType:
    """``source`` compiled (``exec`` mode), from the cache when it has it."""
    found = _CODE.get(source)
    if found is not None:
        return found
    return _kept_or_compiled(source, lambda: source, filename)


def code_named(key: str, source: Callable[[], str], filename: str = "<cardtext generated>") -> CodeType:
    """The code of the text ``source()`` gives, kept under ``key``: a text
    that names that source as surely as the source itself (made of what
    the source is written from, and of the version of the code that writes
    it), so that the source is written only when its code is not kept."""
    found = _CODE.get(key)
    if found is not None:
        return found
    return _kept_or_compiled(key, source, filename)


def _kept_or_compiled(key: str, source: Callable[[], str], filename: str) -> CodeType:
    global _ADDED, compiled
    if not _LOADED:
        _load()
    _USED.add(key)
    found: Any = None
    kept = _KEPT.get(key)
    if kept is not None:
        with contextlib.suppress(EOFError, ValueError, TypeError):
            found = marshal.loads(kept)
    if not isinstance(found, CodeType):
        _KEPT.pop(key, None)
        # dont_inherit: the source alone says how it is compiled (this module's
        # ``from __future__ import annotations`` would make the annotations
        # of the methods dataclasses writes strings, where it evaluates them)
        found = compile(source(), filename, "exec", dont_inherit=True)
        compiled += 1
        if not _ADDED:
            _ADDED = True
            atexit.register(_save)
    _CODE[key] = found
    return found


def define(source: str, names: dict[str, Any], function: str) -> Any:
    """The function named ``function`` that ``source`` (a ``def``) defines,
    with ``names`` as its globals."""
    local: dict[str, Any] = {}
    exec(code(source), names, local)  # noqa: S102 - the code of a source made by cardtext itself
    return local[function]


# --------------------------------------------------------------------------
# The methods dataclasses write
# --------------------------------------------------------------------------

_STDLIB_CREATE_FN: Any = getattr(dataclasses, "_create_fn", None)
_PATCHABLE = _STDLIB_CREATE_FN is not None and sys.version_info < (3, 13)
"""Whether :mod:`dataclasses` makes each method through ``_create_fn(name,
args, body, *, globals, locals, return_type)`` from a source text (Python
3.11 and 3.12; 3.13 writes all methods of a class in one text, and is left
as it is)."""
_DEPTH = [0]
_STDLIB_PROCESS_CLASS: Any = getattr(dataclasses, "_process_class", None)
_ONE_STEP: list[Any] = [None]
""":func:`cardtext.grammar.classes.process_class` where it is used, False where not; None until known."""


def _create_fn(name: str, args: Any, body: Any, *, globals: Any = None, locals: Any = None,
               return_type: Any = dataclasses.MISSING) -> Any:  # fmt: skip
    """What ``dataclasses._create_fn`` does (the same source text, run with
    the same globals and locals), with the text compiled through :func:`code`."""
    if locals is None:
        locals = {}
    annotation = ""
    if return_type is not dataclasses.MISSING:
        locals["_return_type"] = return_type
        annotation = "->_return_type"
    inner = "\n".join(f"  {b}" for b in body)
    text = f"def __create_fn__({', '.join(locals.keys())}):\n def {name}({','.join(args)}){annotation}:\n{inner}\n return {name}"
    ns: dict[str, Any] = {}
    exec(code(text, "<string>"), globals, ns)  # noqa: S102 - the source dataclasses itself wrote
    return ns["__create_fn__"](**locals)


class dataclass_code:  # noqa: N801 - used as a context manager, like a function
    """Within the block, the methods :func:`dataclasses.dataclass` writes for a
    class are compiled through the cache (:func:`code`): the same source
    texts, the same functions, without compiling them again in each process.
    Outside every such block, :mod:`dataclasses` is as the standard library
    has it (the block is opened while the grammar's modules are imported).

    Where :mod:`cardtext.grammar.classes` covers the Python version, the classes are
    made by :func:`cardtext.grammar.classes.process_class` in the block (all methods
    of a class from one text); ``CARDTEXT_PLAIN_DATACLASSES=1`` leaves that
    to the standard library (to compare the two)."""

    __slots__ = ()

    def __enter__(self) -> None:
        if _PATCHABLE:
            if _DEPTH[0] == 0:
                dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
                if _ONE_STEP[0] is None:
                    from . import classes

                    plain = bool(os.environ.get("CARDTEXT_PLAIN_DATACLASSES"))
                    _ONE_STEP[0] = classes.process_class if classes.ENABLED and not plain else False
                if _ONE_STEP[0]:
                    dataclasses._process_class = _ONE_STEP[0]  # type: ignore[attr-defined]
            _DEPTH[0] += 1

    def __exit__(self, *exc: object) -> None:
        if _PATCHABLE:
            _DEPTH[0] -= 1
            if _DEPTH[0] == 0:
                dataclasses._create_fn = _STDLIB_CREATE_FN  # type: ignore[attr-defined]
                dataclasses._process_class = _STDLIB_PROCESS_CLASS  # type: ignore[attr-defined]


class loading:  # noqa: N801 - used as a context manager, like a function
    """The block in which modules that make many classes are imported (the
    grammar's, the engine's): the methods of their dataclasses compiled
    through the cache (:class:`dataclass_code`), and the cyclic garbage
    collector paused, as what a module makes at import lives as long as the
    process (there is no cycle to look for, and the collector walked the
    growing heap dozens of times over).  At the block's end what is alive is
    frozen (:func:`gc.freeze`): the first collections after it walked the
    whole loaded grammar and engine once more, for the few hundred objects
    of cyclic garbage an import leaves (which the freeze keeps)."""

    __slots__ = ("_collecting", "_code")

    def __init__(self) -> None:
        self._collecting = False
        self._code = dataclass_code()

    def __enter__(self) -> None:
        self._collecting = gc.isenabled()
        gc.disable()
        self._code.__enter__()

    def __exit__(self, *exc: object) -> None:
        self._code.__exit__(*exc)
        if self._collecting:
            gc.freeze()  # what the block made stays: later collections don't walk it
            gc.enable()
