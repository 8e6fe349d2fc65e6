"""What went wrong with the database file, in words staff can act on.

A store call can fail for reasons that say nothing about the data: another program
holds the write lock (``busy``), the kiosk may not write the file or its folder
(``read-only``: permissions, a foreign owner, a read-only mount), the disk is full
(``full``), or the disk itself reports an error (``disk error``). Only ``damaged`` (SQLite
says the file is corrupt or not a database) is about the file's contents, and only
that may move a file aside. :func:`classify` sorts an exception into one of these,
or None for a bug (a closed journal, a value that is not JSON), which must not be
hidden as a disk problem.

>>> import sqlite3
>>> error = sqlite3.OperationalError("database or disk is full")
>>> error.sqlite_errorcode = sqlite3.SQLITE_FULL
>>> fault = classify(error, Path("/var/lib/kiosk/kiosk.sqlite3"))
>>> fault.kind.value
'full'
>>> print(fault.screen())
Scores cannot be saved: the disk is full — free space; nothing is lost while the kiosk stays on
"""

from __future__ import annotations

import errno
import os
import sqlite3
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

KEPT = "nothing is lost while the kiosk stays on"
_EFFECTIVE = os.access in os.supports_effective_ids  # the user files are opened as


class FaultKind(StrEnum):
    BUSY = "busy"
    READ_ONLY = "read-only"
    FULL = "full"
    DISK_ERROR = "disk error"
    DAMAGED = "damaged"
    UNUSABLE = "unusable"  # e.g. written by a newer kiosk: only staff can settle it


_BY_SQLITE_CODE = {
    sqlite3.SQLITE_BUSY: FaultKind.BUSY,
    sqlite3.SQLITE_LOCKED: FaultKind.BUSY,
    sqlite3.SQLITE_PROTOCOL: FaultKind.BUSY,  # a lock race in WAL: also passes
    sqlite3.SQLITE_READONLY: FaultKind.READ_ONLY,
    sqlite3.SQLITE_PERM: FaultKind.READ_ONLY,
    sqlite3.SQLITE_CANTOPEN: FaultKind.READ_ONLY,  # refined by access_problem()
    sqlite3.SQLITE_FULL: FaultKind.FULL,
    sqlite3.SQLITE_IOERR: FaultKind.DISK_ERROR,
    sqlite3.SQLITE_CORRUPT: FaultKind.DAMAGED,
    sqlite3.SQLITE_NOTADB: FaultKind.DAMAGED,
}
_BY_ERRNO = {
    errno.ENOSPC: FaultKind.FULL,
    errno.EDQUOT: FaultKind.FULL,
    errno.EFBIG: FaultKind.FULL,
    errno.EACCES: FaultKind.READ_ONLY,
    errno.EPERM: FaultKind.READ_ONLY,
    errno.EROFS: FaultKind.READ_ONLY,
    errno.EIO: FaultKind.DISK_ERROR,
}


@dataclass(frozen=True)
class StoreFault:
    """One problem with the database at ``path``; ``fix`` says what staff should do
    (for ``read-only``: the exact command), ``detail`` is SQLite's or the OS's words.
    ``owner``: another user the file or folder belongs to — a command typed in a shell
    was perhaps meant to run as that user (``sudo -u kiosk kiosk staff-pin``)."""

    kind: FaultKind
    path: Path
    detail: str = ""
    fix: str = ""
    owner: str = ""

    def screen(self) -> str:
        """The sentence the kiosk shows while the fault lasts (writes are kept meanwhile)."""
        if self.kind is FaultKind.FULL:
            return f"Scores cannot be saved: the disk is full — free space; {KEPT}"
        if self.kind is FaultKind.BUSY:
            return (f"Database busy — retrying: another program is writing {self.path}; "
                    f"{KEPT}")
        if self.kind is FaultKind.READ_ONLY:
            return f"Scores cannot be saved: {self.why()} — staff: {self.fix}; {KEPT}"
        if self.kind is FaultKind.DAMAGED:
            return (f"Scores cannot be saved: {self.path} is damaged — it is being moved "
                    f"aside and a fresh database started; {KEPT}")
        if self.kind is FaultKind.UNUSABLE:
            return f"Scores cannot be saved: {self.detail} — staff: see the kiosk log; {KEPT}"
        return (f"Scores cannot be saved: the disk reports an error for {self.path} "
                f"({self.detail}) — check or replace the SD card; {KEPT}")

    def line(self) -> str:
        """One line for a command run from a shell: what is wrong and what to do."""
        if self.kind is FaultKind.FULL:
            return (f"the disk holding {self.path} is full: free space on it "
                    f"(`df -h {self.path.parent}` shows how much), then try again")
        if self.kind is FaultKind.BUSY:
            return (f"the database {self.path} is busy: another program (the running "
                    "kiosk, a backup) kept it locked; try again in a moment")
        if self.kind is FaultKind.READ_ONLY:
            named = "" if str(self.path) in self.why() else f"the database {self.path}: "
            if self.owner and self.owner != user_name():
                return (f"{named}{self.why()}: run the command as {self.owner} (`sudo -u "
                        f"{self.owner} kiosk …`), or {self.fix}")
            return f"{named}{self.why()}: {self.fix}"
        if self.kind is FaultKind.DAMAGED:
            return (f"the database {self.path} is damaged ({self.detail}); the kiosk moves "
                    "it aside at its next start, or move it away by hand")
        if self.kind is FaultKind.UNUSABLE:
            return self.detail
        return (f"the disk reports an error for {self.path} ({self.detail}): check or "
                "replace the SD card")

    def why(self) -> str:
        return self.detail or f"the kiosk (user {user_name()}) may not write {self.path}"


def classify(error: BaseException, path: Path) -> StoreFault | None:
    """The fault behind ``error``, or None if it is not about the file or the disk."""
    fault = getattr(error, "fault", None)
    if isinstance(fault, StoreFault):
        return fault
    kind: FaultKind | None = None
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        kind = None if code is None else _BY_SQLITE_CODE.get(code & 0xFF)
    elif isinstance(error, OSError) and error.errno is not None:
        kind = _BY_ERRNO.get(error.errno, FaultKind.DISK_ERROR)
    if kind is None:
        return None
    if kind in (FaultKind.READ_ONLY, FaultKind.DISK_ERROR):
        found = access_problem(path)
        if found is not None:
            return found
        if kind is FaultKind.READ_ONLY and isinstance(error, sqlite3.Error):
            code = getattr(error, "sqlite_errorcode", 0) & 0xFF
            if code == sqlite3.SQLITE_CANTOPEN:  # not permissions: something else is wrong
                kind = FaultKind.DISK_ERROR
    detail = str(error) if not isinstance(error, OSError) else (error.strerror or str(error))
    if kind is FaultKind.READ_ONLY:
        return StoreFault(kind, path, f"{path} is read-only ({detail})",
                          f"check the file with `ls -l {path}*` and `kiosk paths`")
    return StoreFault(kind, path, detail)


def access_problem(path: Path) -> StoreFault | None:
    """Why this process may not create, read or write the database, or None if it may.

    Checked before SQLite opens the file, so a permission problem is reported as one —
    never mistaken for a damaged file — and the message names the exact command.
    """
    user = user_name()
    folder = path.parent
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if _read_only_mount(existing):
        return StoreFault(FaultKind.READ_ONLY, path,
                          f"{existing} is on a read-only file system",
                          "remount it read-write or set the data location to the data "
                          "partition (hardware/pi/overlay-and-data.md, `kiosk paths`)")
    if existing != folder or not folder.is_dir():
        if not folder.exists() and os.access(existing, os.W_OK | os.X_OK,
                                             effective_ids=_EFFECTIVE):
            return None  # the store creates the folder
        if folder.exists():
            return StoreFault(FaultKind.READ_ONLY, path, f"{folder} is not a folder",
                              f"move {folder} away or choose another data location")
        return StoreFault(FaultKind.READ_ONLY, path,
                          f"the kiosk (user {user}) may not create the folder {folder}",
                          f"run `sudo install -d -o {user} -m 0700 {folder}`")
    if not os.access(folder, os.W_OK | os.X_OK, effective_ids=_EFFECTIVE):
        owner = _owner(folder)
        return StoreFault(FaultKind.READ_ONLY, path,
                          f"the kiosk (user {user}) may not write in the folder {folder} "
                          f"(owned by {owner})",
                          f"run `sudo chown {user}: {folder}`", _other(owner))
    for file in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if file.is_dir():
            return StoreFault(FaultKind.READ_ONLY, path,
                              f"{file} is a folder, not the database file",
                              f"move {file} away (the kiosk then starts a new database)")
        if file.exists() and not os.access(file, os.R_OK | os.W_OK,
                                           effective_ids=_EFFECTIVE):
            owner = _owner(file)
            fix = (f"run `chmod 600 {file}`" if owner == user else
                   f"run `sudo chown {user}: {path}*`")
            return StoreFault(FaultKind.READ_ONLY, path,
                              f"the kiosk (user {user}) may not write {file} (owned by "
                              f"{owner}, mode {file.stat().st_mode & 0o777:04o})", fix,
                              _other(owner))
    return None


def _other(owner: str) -> str:
    """``owner`` if it is a user a person might run the kiosk as (not root)."""
    return "" if owner in ("root", user_name()) else owner


def user_name() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError):
        return str(os.geteuid())


def _owner(path: Path) -> str:
    try:
        import pwd

        return pwd.getpwuid(path.stat().st_uid).pw_name
    except (ImportError, KeyError, OSError):
        try:
            return str(path.stat().st_uid)
        except OSError:
            return "?"


def _read_only_mount(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False
