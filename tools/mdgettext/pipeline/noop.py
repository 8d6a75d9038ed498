"""A build with nothing to do, answered before the project is read (issue 43).

Deciding a build is up to date costs the input keys of cache.py, and those need the
settings read and checked, the chapters found and every input hashed: some 300 million
instructions of imports and work where Python starts in 40. Yet the answer is the same
as last time when nothing in the project folder changed. So when a build found
everything up to date, it leaves beside its record the key of that answer: the command
line, the folder it ran in, mdgettext's version and every file and folder under the
project (its name, kind, size, modification and change times and inode: a file
written, renamed or added, even with its old time put back, changes its change time),
taken before the settings were read. The next `build` with the same command line
computes that key first and, if it matches, prints what the build printed and stops;
on any difference the build decides as before, from the keys.

Only what cannot be trusted is left out: a project with a symbolic link (its target
may change with nothing under the project changing), a build folder other than
`build/`, and inputs inside a dot folder (never walked: `.git` changes with every
commit) make no key, and those builds decide as before. This module imports nothing
of mdgettext's, so the answer costs the walk and one hash.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from mdgettext import __version__

BUILD = "build"  # the default build folder, the only one looked in before the settings are read
NAME = ".mdgettext-noop.json"  # beside the build's record (cache.NAME)

# this process's key, taken before the build read any input, and the project folder it is of
taken: dict[str, str] = {}


def answer(argv: Sequence[str]) -> str | None:
    """What a build with this command line printed last time, if nothing changed since
    (its lines, "" under -q); None otherwise, and the key is kept for `remember`."""
    taken.clear()
    root = _root(argv)
    if root is None:
        return None
    try:
        with open(os.path.join(root, BUILD, NAME), encoding="utf-8") as file:
            kept = json.load(file)
    except (OSError, ValueError):
        kept = None
    now = key(root, argv)
    if now is None:
        return None
    taken.update(key=now, root=root)
    if not isinstance(kept, dict) or kept.get("key") != now:
        return None
    printed = kept.get("printed")
    return printed if isinstance(printed, str) else None


def remember(build_folder: str, printed: str) -> None:
    """After a build found everything up to date in `build_folder`: keep the key taken
    before it read its inputs, and what it printed. Nothing is kept without a key or
    where the next build would not look, and a write that fails only costs the next
    build its shortcut."""
    if not taken or os.path.realpath(build_folder) != os.path.realpath(os.path.join(taken["root"], BUILD)):
        return
    path = os.path.join(taken["root"], BUILD, NAME)
    try:
        with open(path + ".tmp", "w", encoding="utf-8") as file:
            json.dump({"key": taken["key"], "printed": printed}, file)
        os.replace(path + ".tmp", path)
    except OSError:
        return


def _root(argv: Sequence[str]) -> str | None:
    """The project folder of a `build` of the project, from its command line: `build`
    after nothing but `-C DIR` and `-q`, as `mdgettext -C book -q build -l ko` has it;
    None for any other command line (`-C build serve` is no build)."""
    root, i = ".", 0
    while i < len(argv) and argv[i] in ("-C", "-q", "--quiet"):
        if argv[i] == "-C":
            if i + 1 == len(argv):
                return None
            root = argv[i + 1]
            i += 1
        i += 1
    if argv[i : i + 1] != ["build"] or any(a in ("--force", "-h", "--help", "--version") for a in argv):
        return None
    return os.path.abspath(root)


def key(root: str, argv: Sequence[str]) -> str | None:
    """The hash of the command line and of every entry under `root` but dot folders and
    this file; None when there is a symbolic link, or a folder cannot be listed."""
    h = hashlib.sha256()
    h.update(json.dumps([__version__, sys.executable, os.getcwd(), list(argv)]).encode("utf-8"))
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as found:
                entries = sorted(found, key=lambda e: e.name)
        except OSError:
            return None
        for entry in entries:
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                return None
            if stat.S_ISLNK(st.st_mode):
                return None
            if stat.S_ISDIR(st.st_mode):
                if not entry.name.startswith("."):
                    stack.append(entry.path)
                    h.update(f"{entry.path}/\0{st.st_ino}\n".encode())
                continue
            if entry.name in (NAME, NAME + ".tmp"):
                continue
            h.update(
                f"{entry.path}\0{st.st_mode}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}\n".encode()
            )
    return h.hexdigest()


def watchable(root: Path, folders: Sequence[Path]) -> bool:
    """Whether the key sees every folder the build reads or writes: none in a dot folder
    or out of the project, where the key never looks (such a project keeps no key)."""
    for folder in folders:
        try:
            parts = folder.resolve().relative_to(root.resolve()).parts
        except ValueError:
            return False
        if any(part.startswith(".") for part in parts):
            return False
    return True
