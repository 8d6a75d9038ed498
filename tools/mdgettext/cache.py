"""Incremental builds: what a build's outputs were made from, kept in the build folder.

A build hashes its inputs (mdgettext's version, the settings, the page templates,
every source, and for each chapter in each language its catalog, the translator's
notes beside it and the language's glossary) and records, per chapter and language, that key and the files it wrote.
The next build redoes a chapter only when its key changed or a file it wrote is gone
or was changed since: an edited `.po` redoes its chapter alone; an edited source,
setting or template redoes everything (a heading renamed in one chapter changes
the links of the others). Nothing else is trusted, so output bytes are the same as
a build from scratch (`--force` ignores the record).

The record names each file by its path in the project (`build/ko/roofline.html`), never
by where the project is: a project moved or copied with its files' times (`cp -a`, a CI
cache restored elsewhere) is up to date there. A record from before, which named them
by absolute path, is read as no record: everything is built once more.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from mdgettext.errors import InputError

NAME = ".mdgettext-build.json"  # in the build folder: removing build/ removes it too
PATHS = "project"  # the record's files are named by their path in the project (older records: absolute)


def digest(*parts: bytes | str) -> str:
    """One hash of several inputs, each length-prefixed so no two lists collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def file_digest(path: Path, display: Callable[[Path], str] = str) -> str:
    """The hash of a file's bytes, or of its absence. One that cannot be read (a folder
    where a catalog should be) is an InputError naming it as `display` does: the build
    stops here, before the file's reader would have said so."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return "absent"
    except OSError as err:
        from mdgettext.files import made_by  # the catalogs' readers: only for the error

        raise InputError(f"{display(path)}: cannot read: {err.strerror or err}{made_by(path)}") from err


def tree_digest(folder: Path, inside: Callable[[Path], Path]) -> str:
    """Every file under a folder, by relative path and content (templates), each
    passed through `inside` first: a symbolic link must not lead the build (even its
    hashing) out of the project."""
    if not inside(folder).is_dir():
        return "absent"
    files = sorted(inside(p) for p in folder.rglob("*") if p.is_file())
    return digest(*(f"{p.relative_to(folder).as_posix()}={file_digest(p)}" for p in files))


def stamps_digest(folder: Path, inside: Callable[[Path], Path], pattern: str = "**/*") -> str:
    """Every file under a folder (or those `pattern` names) by relative path, size and
    time: cheap for a folder of images (the pages' assets), whose contents
    `tree_digest` would read."""
    if not inside(folder).is_dir():
        return "absent"
    stamps = [(p.relative_to(folder).as_posix(), _stamp(p)) for p in sorted(folder.glob(pattern)) if p.is_file()]
    return digest(*(f"{name}={stamp}" for name, stamp in stamps))


def listed_digest(folder: Path, names: Iterable[str], inside: Callable[[Path], Path]) -> str:
    """The files `names` under `folder` by relative path, size and time, as `stamps_digest`
    reads a whole folder's (the files beside the chapters, which a page may load)."""
    return digest(*(f"{name}={_stamp(inside(folder / name))}" for name in sorted(names)))


@dataclass
class Record:
    """The last build: per job (`ko/roofline html`), its input key and the files it
    wrote, each named by its path in the project at `root`, with its size and
    modification time when written."""

    root: Path
    jobs: dict[str, dict[str, object]] = field(default_factory=dict)

    def fresh(self, job: str, key: str) -> bool:
        """Whether the job's outputs are there, untouched, and made from these inputs."""
        done = self.jobs.get(job)
        if not done or done.get("key") != key:
            return False
        outputs = done.get("outputs")
        return isinstance(outputs, dict) and all(
            (path := self._path(name)) is not None and _stamp(path) == stamp for name, stamp in outputs.items()
        )

    def wrote(self, path: Path) -> bool:
        """Whether a job of this record wrote `path` (or read it, for `import`) and it is unchanged since."""
        name, stamp = self._name(path), _stamp(path)
        return name is not None and any(
            isinstance(outputs, dict) and outputs.get(name) == stamp
            for outputs in (done.get("outputs") for done in self.jobs.values())
        )

    def done(self, job: str, key: str, outputs: Iterable[Path]) -> None:
        """Note a job made its outputs from inputs with this key (after they are written).
        A file outside the project cannot be named in it: the job is not noted, and redone."""
        names = {p: self._name(p) for p in outputs}
        if None in names.values():
            self.jobs.pop(job, None)
            return
        self.jobs[job] = {"key": key, "outputs": {name: _stamp(p) for p, name in names.items()}}

    def _name(self, path: Path) -> str | None:
        """`path` as the record names it: its path in the project, `/`-separated."""
        try:
            return Path(os.path.abspath(path)).relative_to(self.root).as_posix()
        except ValueError:
            return None

    def _path(self, name: object) -> Path | None:
        """The file the record names `name`; None for a name that is no path in the
        project (an absolute one, or one leading out): it never matches a file."""
        if not isinstance(name, str) or PurePosixPath(name).is_absolute() or ".." in PurePosixPath(name).parts:
            return None
        return self.root / name


def _stamp(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return [st.st_size, st.st_mtime_ns]


def load(build_dir: Path, root: Path) -> Record:
    """The last build's record of the project at `root`; an unreadable or missing one,
    or one naming files by absolute path (an older mdgettext's), means "build everything"."""
    try:
        data = json.loads((build_dir / NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Record(root)
    if not isinstance(data, dict) or data.get("paths") != PATHS:
        return Record(root)
    jobs = data.get("jobs")
    return Record(root, jobs if isinstance(jobs, dict) else {})


def encode(record: Record) -> str:
    """The record as the file keeps it (JSON, sorted: a diff of two shows what changed)."""
    return json.dumps({"jobs": record.jobs, "paths": PATHS}, indent=0, sort_keys=True) + "\n"
