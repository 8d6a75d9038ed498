"""Symbolic links followed the same way on every Python the project supports.

Python 3.13's non-strict `Path.resolve()` returns a path whose links loop as it is,
where 3.11 and 3.12 raise: a loop in `source/en` was skipped there instead of refused.
"""

from __future__ import annotations

from pathlib import Path


def followed(path: Path) -> Path:
    """`path` with every symbolic link followed; OSError or RuntimeError for a loop."""
    try:
        return path.resolve(strict=True)
    except FileNotFoundError:  # a link to a file not written yet leads where it points
        return path.resolve()
