"""Writing a file the user named, without ever losing what is in it.

``cardtext fmt``, ``export`` and ``import`` write files that people edit in
other programs at the same time.  The rules here are those of careful
formatters:

- **All or nothing.**  The new text goes to a temporary file in the same
  folder, is synced, and is renamed over the original: a full disk or a crash
  leaves the old file or the new one, never half of each.  The temporary
  file is removed on every way out, an interruption (Ctrl-C, ``SIGTERM``,
  ``SIGHUP``) included.
- **Nothing written over an edit.**  With a :class:`Snapshot` of the file as
  it was read, the file is compared again (size, modification time, inode and
  content) just before the rename; a file that changed in between (an
  editor's save, a card appended) is refused and left as the other program
  wrote it.
- **Links kept.**  A file with other hard links is written in place, so every
  name still shows the same file; a symbolic link is followed.
- **Permissions kept.**  A file that is read-only (no write bit, or one the
  user can't write) is refused, as a text editor would refuse it; a new file
  gets the permissions of a new file (0666 less the umask).
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from cardtext.grammar.errors import CardTextError

__all__ = ["FileChanged", "Snapshot", "interruptible", "write_file"]


class FileChanged(CardTextError):
    """The file changed between the reading and the writing; it was not rewritten."""


@dataclass(frozen=True)
class Snapshot:
    """A file as it was read: what must still be there when it is rewritten."""

    data: bytes
    size: int
    mtime_ns: int
    inode: int
    device: int

    @classmethod
    def of(cls, path: Path | str, data: bytes) -> Snapshot:
        info = os.stat(path)
        return cls(data, info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)

    def matches(self, info: os.stat_result, data: bytes) -> bool:
        return (info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev) == (
            self.size, self.mtime_ns, self.inode, self.device,
        ) and data == self.data  # fmt: skip


class _Interrupted(BaseException):
    """A signal that ends the program, raised where the program was, so that
    ``finally`` blocks (the temporary file's removal) run."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise like Ctrl-C does; after it,
    the program ends as the signal would have ended it (exit status 128+N).

    Only the main thread can set signal handlers; elsewhere the block runs as
    it is."""
    wanted = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s]

    def handler(number: int, frame: FrameType | None) -> None:
        raise _Interrupted(number)

    try:
        previous = {s: signal.signal(s, handler) for s in wanted}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    except _Interrupted as exc:
        raise SystemExit(128 + exc.number) from None
    finally:
        for s, old in previous.items():
            signal.signal(s, old)


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _writable(info: os.stat_result, target: Path) -> bool:
    """False for a file with no write bit at all (root too is refused: the
    owner marked it read-only) or one this user may not write."""
    return bool(stat.S_IMODE(info.st_mode) & 0o222) and os.access(target, os.W_OK)


def _read_back(target: Path) -> bytes:
    with open(target, "rb") as f:
        return f.read()


def _check_unchanged(target: Path, snapshot: Snapshot | None) -> None:
    if snapshot is None:
        return
    info = os.stat(target)
    if not snapshot.matches(info, _read_back(target)):
        raise FileChanged(
            f"{target}: changed while cardtext was working on it (another program wrote it); "
            "it was not rewritten: run the command again"
        )


def _write_in_place(target: Path, data: bytes, snapshot: Snapshot | None) -> None:
    """For a file with other hard links: the same inode, so every name keeps it."""
    with open(target, "r+b") as f:
        if snapshot is not None:
            now = f.read()
            if not snapshot.matches(os.fstat(f.fileno()), now):
                raise FileChanged(
                    f"{target}: changed while cardtext was working on it (another program "
                    "wrote it); it was not rewritten: run the command again"
                )
            f.seek(0)
        f.write(data)
        f.truncate()
        f.flush()
        os.fsync(f.fileno())


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # make the rename itself survive a crash
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_file(path: Path | str, text: str, *, snapshot: Snapshot | None = None) -> None:
    """Replace a file's content with ``text`` (UTF-8, ``\\n`` line ends) by the
    rules of the module's docstring.

    Raises :class:`FileChanged` if ``snapshot`` no longer matches the file,
    :class:`PermissionError` for a read-only file, and :class:`OSError` for
    what the system refuses (the caller words the message)."""
    target = Path(os.path.realpath(path))
    data = text.encode("utf-8")
    info = os.stat(target) if target.exists() else None
    if info is not None and not _writable(info, target):
        raise PermissionError(13, "the file is read-only")
    if info is not None and info.st_nlink > 1:
        _write_in_place(target, data, snapshot)
        return
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(info.st_mode) if info else _new_file_mode())
        mine = os.stat(tmp)
        if info and (mine.st_uid, mine.st_gid) != (info.st_uid, info.st_gid):
            with contextlib.suppress(OSError):  # only root may give a file away
                os.chown(tmp, info.st_uid, info.st_gid)
        _check_unchanged(target, snapshot if info is not None else None)
        os.replace(tmp, target)
        tmp = None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    _sync_folder(target.parent)
