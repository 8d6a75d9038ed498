"""The file layer: reading sources and catalogs, writing outputs atomically.

Everything in the middle of the pipeline works on `\\n`-terminated text; this
module hides line endings and byte-order marks and gives them back on output, and
never leaves a half-written file: it writes a temporary file beside the target and
renames it into place.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mdgettext.errors import InputError
from mdgettext.model import Key, key_of
from mdgettext.po import reader as poreader
from mdgettext.po import validate as povalidate
from mdgettext.po.catalog import CatalogFile, PolibCatalog
from mdgettext.shown import display as display  # noqa: PLC0414  re-exported, where the readers' callers find it

BOM = "\ufeff"
LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class SourceText:
    """A text file's content with `\\n` line endings, and how to write it back.

    `raw` is the text as read (without its byte-order mark): every line keeps its own
    ending (`\\r\\n`, `\\r` or `\\n`) when the file is written back, even in a file
    that mixes them, because an edit is made in `raw` itself (see `restore`).
    """

    text: str
    raw: str = ""  # as read; empty when it is `text` itself
    bom: bool = False

    def restore(self, edits: Sequence[tuple[int, int, str]]) -> str:
        """The file with `edits` made: each `(start, end, replacement)` replaces
        `text[start:end]`. Every line keeps its own ending; a line break inside a
        replacement gets the ending of the line the replacement ends on."""
        raw = self.raw or self.text
        if not self.raw:  # read_source keeps `raw` only for a file with a carriage return
            out = _splice(raw, edits, lambda at: at, lambda at: "\n")
        else:
            crlf = [m.start() - k for k, m in enumerate(re.finditer("\r\n", raw))]  # their \n, in `text`

            def at(offset: int) -> int:
                return offset + bisect_left(crlf, offset)

            out = _splice(raw, edits, at, lambda end: _ending(raw, at(end)))
        return BOM + out if self.bom else out


def _splice(
    raw: str, edits: Sequence[tuple[int, int, str]], at: Callable[[int], int], ending: Callable[[int], str]
) -> str:
    pieces, last = [], 0
    # by place only: two insertions at one offset (a translator's notes one after the
    # other) keep their order, never their text's
    for start, end, replacement in sorted(edits, key=lambda edit: edit[:2]):
        pieces += [raw[last : at(start)], replacement.replace("\n", ending(end))]
        last = at(end)
    pieces.append(raw[last:])
    return "".join(pieces)


def _ending(raw: str, offset: int) -> str:
    """The line ending of the line `offset` is on (`\\n` if it is the last line and has none)."""
    found = LINE_END.search(raw, offset)
    return found.group(0) if found else "\n"


def made_by(path: Path) -> str:
    """What makes a generated file, for a message that cannot read it: a template is
    `extract`'s, a catalog `update`'s (a fresh clone of a repository that ignores
    `*.pot`, as GitHub's Python .gitignore does, has none until `extract` runs)."""
    if path.suffix == ".pot":
        return "; `mdgettext extract` makes it"
    parts = path.parts
    if path.suffix == ".po" and "LC_MESSAGES" in parts[1:]:
        language = parts[len(parts) - 1 - parts[::-1].index("LC_MESSAGES") - 1]
        return f"; `mdgettext update -l {language}` makes it"
    return ""


def _read_utf8(path: Path, display: str) -> str:
    """A file's text; unreadable or non-UTF-8 bytes become one line naming the line."""
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise InputError(f"{display}: cannot read: {err.strerror}{made_by(path)}") from err
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise InputError(f"{display}:{line}: not valid UTF-8; save the file as UTF-8") from err


def read_text(path: Path, display: str) -> str:
    """A UTF-8 file's text (a BibTeX file); a problem is one line naming the file."""
    return _read_utf8(path, display)


def read_bytes(path: Path, display: str) -> bytes:
    """A file's bytes (an image the build copies); a problem is one line naming the file."""
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(f"{display}: cannot read: {err.strerror}") from err


def read_source(path: Path, display: str) -> SourceText:
    """A Markdown source with `\\n` line endings; what it had is kept for writing it back."""
    text = _read_utf8(path, display)
    if "\0" in text:
        line = text.count("\n", 0, text.index("\0")) + 1
        raise InputError(
            f"{display}:{line}: a NUL byte: this is not a text file (or it is corrupt); remove the byte or the file"
        )
    bom = text.startswith(BOM)
    if bom:
        text = text[1:]
    if "\r" not in text:
        return SourceText(text, bom=bom)
    return SourceText(text.replace("\r\n", "\n").replace("\r", "\n"), text, bom)


def read_po(path: Path, display: str) -> PolibCatalog:
    """A catalog parsed (po/reader.py), after the checks polib does not make: each
    problem becomes one line naming the file and line."""
    text = read_po_text(path, display)
    return _in_its_folder(parse_po(text, display), path, text, display)


def message_keys(path: Path, display: str) -> frozenset[Key]:
    """The messages a template (or catalog) holds, header aside: what a catalog of it should have."""
    return frozenset(key_of(e) for e in read_po(path, display) if e.msgid)


def read_catalog(path: Path, display: str) -> CatalogFile:
    """A catalog read once: parsed, and with its text, so entries are found by line."""
    text = read_po_text(path, display)
    return CatalogFile(_in_its_folder(parse_po(text, display), path, text, display), text, display)


def _in_its_folder(po: PolibCatalog, path: Path, text: str, display: str) -> PolibCatalog:
    """In a `LANG/LC_MESSAGES` folder, a catalog's Language header must be that language."""
    if path.parent.name == "LC_MESSAGES":
        problem = povalidate.language_problem(po.metadata.get("Language", ""), path.parent.parent.name)
        if problem:
            line = next((n for n, t in enumerate(text.split("\n"), 1) if t.startswith('"Language:')), 1)
            raise InputError(f"{display}:{line}: {problem}")
    return po


def current_text(path: Path) -> str | None:
    """A generated file as it is on disk, to compare with what would be written; None
    when there is none, or none that mdgettext could have written (not UTF-8)."""
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def read_po_text(path: Path, display: str) -> str:
    """A catalog's text, without a byte-order mark (some Windows editors add one; GNU tools do not want it)."""
    return _read_utf8(path, display).removeprefix(BOM)  # some Windows editors add one; GNU tools do not want it


def parse_po(text: str, display: str) -> PolibCatalog:
    """A catalog parsed (po/reader.py) after the checks polib does not make, each problem one line naming the file and line."""
    try:
        po = poreader.read(text)
    except povalidate.CatalogSyntaxError as err:
        raise InputError(f"{display}:{err.line}: {err}") from err
    except (OSError, ValueError) as err:  # polib's own syntax errors
        raise InputError(f"{display}: {err}") from err
    return po


def write_text(path: Path, text: str) -> None:
    """Write atomically: a reader sees the old file or the new one, never half of one."""
    write_all([(path, text)])


def write_all(writes: Sequence[tuple[Path, str | bytes]]) -> None:
    """Write several files as nearly all-or-nothing as a file system allows: every
    new content goes to a temporary file beside its target first, and only when all
    are written are they renamed into place. A full disk or a folder in the way
    stops the command before any target changes."""
    staged: list[tuple[str, Path]] = []
    current = Path()
    try:
        for current, text in writes:
            current.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{current.name}.", suffix=".tmp", dir=current.parent)
            staged.append((tmp, current))
            os.chmod(fd, _mode(current))
            if isinstance(text, bytes):  # a copied image
                with os.fdopen(fd, "wb") as binary:
                    binary.write(text)
                continue
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        for _, current in staged:
            if current.is_dir():
                raise IsADirectoryError(21, "a folder is in the way", str(current))
        for tmp, current in staged:
            os.replace(tmp, current)
    except OSError as err:
        raise InputError(f"{current}: cannot write: {err.strerror or err}") from err
    finally:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)


def _mode(path: Path) -> int:
    """The permissions a written file gets: those of the file it replaces, or what the
    umask gives a new file (a temporary file is 0600, which no web server can read)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _umask() -> int:
    current = os.umask(0o022)  # the only way to read it is to set it
    os.umask(current)
    return current
