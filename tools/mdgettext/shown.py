"""How a path is shown to the user: relative to the project folder when inside it.

Apart from files.py, whose catalog readers a command that reads no catalog (a no-op
build) must not import, so that it can still name its files as every command does.
"""

from __future__ import annotations

from pathlib import Path


def display(path: Path, root: Path) -> str:
    """A path as the user should read it: relative to the project folder when inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)
