"""Catalogs by format, behind one read/write pair: `read(path) -> Catalog`, `write(catalog, format) -> str`.

A PO file is read as every command reads one (files.read_po: GNU's syntax checked,
each problem one line); an XLIFF file by po/xliff.py, and the catalog it holds is
then written as PO and read back through the same checks, so an XLIFF file can hold
nothing a PO file could not. Both give mdgettext's own `Catalog` (po/entries.py).
"""

from __future__ import annotations

from pathlib import Path

from mdgettext.errors import InputError
from mdgettext.files import parse_po, read_po, read_text
from mdgettext.po import entries, xliff
from mdgettext.po.entries import Catalog

FORMATS = ("po", "xliff")
SUFFIXES = {".po": "po", ".pot": "po", ".xlf": "xliff", ".xliff": "xliff"}


def format_of(path: Path) -> str:
    """The format a file's name says; InputError for a name that says none."""
    found = SUFFIXES.get(path.suffix.lower())
    if found is None:
        raise InputError(f"{path}: not a catalog (.po, .pot, .xlf or .xliff)")
    return found


def read(path: Path, display: str) -> Catalog:
    """The catalog in a PO or XLIFF file; a problem is one line naming the file (InputError)."""
    if format_of(path) == "po":
        try:
            return entries.without_plurals(entries.from_po(read_po(path, display)))
        except entries.PluralsUnsupported as err:
            raise InputError(f"{display}: {err}") from None
    try:
        catalog = xliff.loads(read_text(path, display), display)
    except xliff.XliffError as err:
        raise InputError(str(err)) from None
    # the same checks as a PO file's: what the XLIFF says must be a catalog GNU gettext reads
    try:
        return entries.from_po(parse_po(entries.write(catalog), "PO"))
    except InputError as err:  # its line is the PO text's, which the user never sees
        problem = str(err).split(": ", 1)[-1]
        raise InputError(f"{display}: makes a catalog GNU gettext would refuse: {problem}") from None


def write(catalog: Catalog, format: str, original: str = "") -> str:
    """The catalog's text in `format` (`original`: the PO file it stands for, which XLIFF records)."""
    if format == "po":
        return entries.write(catalog)
    try:
        return xliff.dumps(catalog, original)
    except (xliff.XliffError, entries.PluralsUnsupported) as err:
        raise InputError(f"{original}: {err}") from None
