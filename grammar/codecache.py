"""Functions written out from source at start-up, compiled once and kept.

The driver writes a callback for each grammar rule (:mod:`grammar.driver`)
and the node classes get a faster ``__init__`` (:func:`grammar.node._fast_init`),
each from a few lines of source.  Compiling ~1,500 such sources was most of a
small run's start-up, though most are the same few hundred texts.  Here a
source is compiled once per process, and the compiled code is kept on disk
(``marshal``, in the user's cache folder, one file per Python version and
cardtext version), so a later run compiles nothing.

The file holds code for exact source texts only: a source that changed (a
grammar edit) is a different key, compiled anew and added.  A cache that
can't be read or written (a read-only home, a corrupt file) is ignored, and
costs only the compile it would have saved.
"""

from __future__ import annotations

import atexit
import contextlib
import marshal
import os
import sys
import tempfile
from pathlib import Path
from types import CodeType
from typing import Any

__all__ = ["cache_file", "define"]

_CODE: dict[str, CodeType] = {}
_LOADED = False
_ADDED = False
_FORMAT = 1
_USED: set[str] = set()
compiled = 0
"""How many sources this process compiled (the others came from the cache)."""
_MAX_KEPT = 5000


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
            data = marshal.load(f)
    except (OSError, EOFError, ValueError, TypeError):
        return
    if isinstance(data, dict):
        _CODE.update({k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, CodeType)})


def _save() -> None:
    """Write the code compiled in this run (with what was there) for the next one."""
    path = cache_file()
    if path is None or not _ADDED:
        return
    with contextlib.suppress(OSError, ValueError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".code-", suffix=".tmp", dir=path.parent)
        try:
            kept = _CODE if len(_CODE) <= _MAX_KEPT else {k: _CODE[k] for k in _USED}  # old grammars' code dropped
            with os.fdopen(fd, "wb") as f:
                marshal.dump(dict(kept), f)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def define(source: str, names: dict[str, Any], function: str) -> Any:
    """The function named ``function`` that ``source`` (a ``def``) defines,
    with ``names`` as its globals."""
    global _ADDED, compiled
    if not _LOADED:
        _load()
    code = _CODE.get(source)
    _USED.add(source)
    if code is None:
        code = compile(source, "<cardtext generated>", "exec")
        compiled += 1
        _CODE[source] = code
        if not _ADDED:
            _ADDED = True
            atexit.register(_save)
    local: dict[str, Any] = {}
    exec(code, names, local)  # noqa: S102 - the code of a source made by cardtext itself
    return local[function]
