"""Reading a file of the player's or of a mod: only a regular file, within its limit.

A card file, a card's art, a save, a journal, the settings, the statistics, a deck, a
scenario or a lab report may be anything a folder can hold: a named pipe (``open``
waits for a writer forever), a device (``/dev/zero`` never ends), a socket, a folder, a
link that leads round in a loop. :func:`read_regular` looks before it opens: the path is
``os.stat``-ed (following links) and refused unless it is a regular file within the
size limit, then opened without blocking (``O_NONBLOCK``: opening a pipe swapped in after
the look returns at once), the open file is looked at again (``os.fstat``: the file
that was opened is the one checked), and at most ``limit + 1`` bytes are read. Anything
else raises :class:`UnusableFile` with a one-line message naming the file and saying
what it is; nothing is read from it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

#: how a file is opened: read-only, without waiting (a pipe, a device), binary (Windows),
#: never becoming the process's terminal, not inherited by a child process
_READ = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
         | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
#: how the autosave journal is opened for appending (created if it is not there)
_APPEND = (os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
           | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
           | getattr(os, "O_CLOEXEC", 0))

LOOP = "a link in a loop (a symlink loop)"


class UnusableFile(OSError):
    """A file that is not read: not a regular file, or over its size limit.

    ``str()`` is one line naming the file; ``strerror`` says what is wrong without the
    name (``it is a named pipe (FIFO), not a regular file``), for a message that names
    the file its own way."""

    def __init__(self, path: str | os.PathLike, code: int, strerror: str) -> None:
        super().__init__(code, strerror, os.fspath(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


class NotRegularFile(UnusableFile):
    """The path is a named pipe, a device, a socket, a folder or a link loop; ``what``
    says which (``a named pipe (FIFO)``, ``a link to a device``...)."""

    def __init__(self, path: str | os.PathLike, what: str, code: int = errno.EINVAL) -> None:
        self.what = what
        super().__init__(path, code, f"it is {what}, not a regular file")


class FileTooLarge(UnusableFile):
    """The file is over ``limit`` bytes: ``size`` as it was looked at, or None when it
    grew past the limit while being read."""

    def __init__(self, path: str | os.PathLike, size: int | None, limit: int) -> None:
        self.size, self.limit = size, limit
        said = f"{size:,} bytes" if size is not None else f"over {limit:,} bytes"
        super().__init__(path, errno.EFBIG,
                         f"it is too large ({said}; at most {limit:,} bytes are read)")

    @property
    def grew(self) -> bool:
        """Did the file grow past the limit while it was read (its size looked fine)?"""
        return self.size is None


def kind_of(mode: int) -> str:
    """What a file of ``mode`` (``st_mode``) is, in words: ``a named pipe (FIFO)``."""
    if stat.S_ISDIR(mode):
        return "a folder (a directory)"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISREG(mode):
        return "a regular file"
    return "a special file"


def _linked(path: str | os.PathLike, what: str) -> str:
    """``what`` as ``a link to <what>`` when ``path`` itself is a symbolic link."""
    try:
        return f"a link to {what}" if os.path.islink(path) else what
    except (OSError, ValueError):  # pragma: no cover - an odd path
        return what


def describe(path: str | os.PathLike) -> str:
    """What ``path`` is, in words, following links (``a named pipe (FIFO)``, ``a link
    to a device``, :data:`LOOP`...); ``nothing`` when it is not there."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return LOOP
        return "nothing" if isinstance(exc, FileNotFoundError) else "not readable"
    return _linked(path, kind_of(mode))


def _refuse_unless_regular(path: str | os.PathLike, mode: int) -> None:
    if not stat.S_ISREG(mode):
        code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
        raise NotRegularFile(path, _linked(path, kind_of(mode)), code)


def check_regular(path: str | os.PathLike, limit: int | None = None) -> os.stat_result:
    """``os.stat(path)`` if it is a regular file (within ``limit`` bytes); else raises
    :class:`NotRegularFile` (:class:`FileTooLarge`), or the ``OSError`` of a file that is
    not there or may not be read. Nothing is opened."""
    try:
        st = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile(path, LOOP, errno.ELOOP) from None
        raise
    _refuse_unless_regular(path, st.st_mode)
    if limit is not None and st.st_size > limit:
        raise FileTooLarge(path, st.st_size, limit)
    return st


@contextlib.contextmanager
def open_regular(path: str | os.PathLike, limit: int | None = None, looked: bool = False) \
        -> Iterator[tuple[int, os.stat_result]]:
    """The descriptor of ``path`` opened for reading, and its ``os.fstat``, when it is a
    regular file (within ``limit`` bytes), checked before and after it is opened; closed
    at the end of the block. Raises as :func:`check_regular`. ``looked``: the caller has
    just seen a regular file there (a folder listing's own look, ``os.scandir``), so it
    is not looked at again before it is opened (still after)."""
    if not looked:
        check_regular(path, limit)
    try:
        fd = os.open(path, _READ)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a link made into a loop since the look
            raise NotRegularFile(path, LOOP, errno.ELOOP) from None
        raise
    try:
        st = os.fstat(fd)  # the file opened: swapped for a pipe since the look?
        _refuse_unless_regular(path, st.st_mode)
        if limit is not None and st.st_size > limit:
            raise FileTooLarge(path, st.st_size, limit)
        yield fd, st
    finally:
        os.close(fd)


def read_upto(fd: int, count: int) -> bytes:
    """Up to ``count`` bytes from ``fd`` (fewer only at the end of the file)."""
    parts = []
    got = 0
    while got < count:
        chunk = os.read(fd, count - got)
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def read_regular(path: str | os.PathLike, limit: int, looked: bool = False) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes (see the
    module docstring); raises :class:`UnusableFile` (or the ``OSError`` of a file that
    is not there or may not be read, ``FileNotFoundError`` included). ``looked``: as
    :func:`open_regular`'s."""
    with open_regular(path, limit, looked) as (fd, st):
        # the size read first (a read of the whole limit would set aside all of it),
        # then whatever the file grew by, up to one byte over the limit
        raw = read_upto(fd, st.st_size + 1)
        if len(raw) > st.st_size:
            raw += read_upto(fd, limit + 1 - len(raw))
    if len(raw) > limit:
        raise FileTooLarge(path, None, limit)
    return raw


def open_append(path: str | os.PathLike) -> int:
    """A descriptor appending to ``path`` (created if missing) when it is a regular file;
    raises :class:`NotRegularFile` for anything else (a pipe would wait for a reader, a
    link to ``/dev/null`` would swallow every line) or the ``OSError`` of the open."""
    with contextlib.suppress(FileNotFoundError):
        check_regular(path)
    try:
        fd = os.open(path, _APPEND, 0o644)
    except OSError as exc:
        what = describe(path)
        if exc.errno == errno.ELOOP or what not in ("nothing", "not readable",
                                                      "a regular file"):
            raise NotRegularFile(path, what, exc.errno or errno.EINVAL) from None
        raise
    try:
        _refuse_unless_regular(path, os.fstat(fd).st_mode)
    except BaseException:
        os.close(fd)
        raise
    return fd


def is_special(path: Path) -> bool:
    """Is ``path`` there but neither a regular file nor a folder (a pipe, a device, a
    socket, a link loop)? A link to a missing file is not."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))
