"""What a test run leaves behind outside its temporary folders (issue 44: tmp_path-only writes).

A test writes only under `tmp_path` (or the repository's `build/`, which is not committed):
a test that wrote into the repository could hide a file the suite needs, or leave one a
commit picks up; one that wrote into `$HOME` changes the next run and the user's
machine. conftest takes a footprint when the session starts and another when it ends,
and fails the run, naming each path, when they differ.

The repository's footprint is what git sees (`git status --ignored`, every untracked and
ignored file listed, tracked files' changes too) with a digest of each listed file's
bytes, less `build/`, `.pytest_cache/`, virtual environments and bytecode caches. A
copy that is no git checkout (a mutation tool's copy, an unpacked sdist) has none.
`$HOME`'s footprint is the names two levels deep: new files or folders there are what a
tool leaves when a test forgets to point it at `tmp_path` (`PRE_COMMIT_HOME`, a browser's
profile). Names, not times: other programs on the machine may touch what is already there.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

# Where a run may write inside the repository, as git pathspecs.
ALLOWED = (":(exclude)build", ":(exclude).pytest_cache", ":(exclude).venv*", ":(exclude,glob)**/__pycache__/**")


@dataclass(frozen=True)
class Footprint:
    repository: dict[str, str] | None  # path -> digest of its bytes ("" for a folder or a link)
    home: frozenset[str]

    def changes(self, after: Footprint) -> list[str]:
        """What changed from `self` to `after`, one line per path."""
        lines = []
        if self.repository is not None and after.repository is not None:
            for path in sorted(self.repository.keys() | after.repository.keys()):
                if path not in self.repository:
                    lines.append(f"repository: {path} written")
                elif path not in after.repository:
                    lines.append(f"repository: {path} deleted, or put back as committed")
                elif self.repository[path] != after.repository[path]:
                    lines.append(f"repository: {path} changed")
        lines += [f"$HOME: {name} written" for name in sorted(after.home - self.home)]
        return lines


def repository(root: Path) -> dict[str, str] | None:
    """Every file git reports in `root` (changed, untracked, ignored) and its digest."""
    if not (root / ".git").exists():
        return None
    status = subprocess.run(
        ["git", "status", "--porcelain=v1", "-z", "--ignored", "--untracked-files=all", "--", ".", *ALLOWED],
        cwd=root,
        capture_output=True,
        check=False,
    )
    if status.returncode != 0:
        return None
    fields = iter(status.stdout.decode("utf-8", "surrogateescape").split("\0"))
    found = {}
    for field in fields:
        if not field:
            continue
        code, path = field[:2], field[3:]
        if "R" in code or "C" in code:
            next(fields, None)  # a rename's second field is where it came from
        full = root / path
        found[path] = hashlib.sha256(full.read_bytes()).hexdigest() if full.is_file() else ""
    return found


def home(folder: Path) -> frozenset[str]:
    """The names in `folder` and in each of its folders."""
    names: set[str] = set()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return frozenset()
    for entry in entries:
        names.add(entry.name)
        try:
            if entry.is_dir(follow_symlinks=False):
                names.update(f"{entry.name}/{name}" for name in os.listdir(entry.path))
        except OSError:
            continue
    return frozenset(names)


def now(root: Path) -> Footprint:
    return Footprint(repository(root), home(Path.home()))
