"""One catalog value of mdgettext's own entries, and its conversion to and from polib's.

A second catalog format (XLIFF, po/xliff.py) needs a model no file format owns: this
is it, in gettext's vocabulary, as Babel's `Catalog` sits between its `read_po` and
`write_po`. Frozen dataclasses, so a format's reader returns a value and its writer
takes one. polib stays here and in the rest of po/: `from_po` and `to_po` are the
seam, and a PO text is written by `writer.dumps` exactly as GNU gettext writes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polib

from mdgettext.errors import UserError
from mdgettext.po.validate import msgid_line, msgstr_line


@dataclass(frozen=True, slots=True)
class Entry:
    """One message, as a PO file holds it."""

    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    translator_comment: str = ""  # `# ` lines, joined by newlines
    extracted_comment: str = ""  # `#. ` lines: what extraction says about the message
    references: tuple[tuple[str, str], ...] = ()  # `#: path:line`, line "" when only the file is named
    flags: tuple[str, ...] = ()  # `#, ` flags as written, `fuzzy` among them
    previous_msgctxt: str | None = None  # `#| msgctxt`: the context of the English a fuzzy entry translates
    previous_msgid: str | None = None  # `#| msgid`: the English a fuzzy entry translates
    obsolete: bool = False  # `#~`: kept for reference, used by nothing
    msgid_plural: str = ""  # `msgid_plural`: the English plural ("" for a message without plural forms)
    msgstr_plural: tuple[tuple[int, str], ...] = ()  # `msgstr[N]`: each form's index and translation
    previous_msgid_plural: str | None = None  # `#| msgid_plural`: the plural of the English a fuzzy entry translates
    # Where the file has the entry, 1-based (0: made in memory, read from no file). They say
    # where, not what: two entries alike but for them are equal.
    line: int = field(default=0, compare=False)  # the `msgid` keyword's line: findings name it
    msgstr_line: int = field(default=0, compare=False)  # the `msgstr` (`msgstr[0]`) keyword's: where one types

    @property
    def fuzzy(self) -> bool:
        """Whether the translation is of older English (or doubtful): the build keeps the English."""
        return "fuzzy" in self.flags


@dataclass(frozen=True, slots=True)
class Catalog:
    """A catalog: its header and its entries, in the file's order."""

    entries: tuple[Entry, ...]
    metadata: tuple[tuple[str, str], ...] = ()  # header fields, in order
    header_comment: str = ""  # the `# ` lines above the header
    header_fuzzy: bool = False  # a template's header is fuzzy

    @property
    def live(self) -> tuple[Entry, ...]:
        """The entries a build or a check looks at: not obsolete."""
        return tuple(e for e in self.entries if e.msgid and not e.obsolete)

    @property
    def language(self) -> str:
        """The `Language` header, or "" (a template)."""
        return dict(self.metadata).get("Language", "")


# The fields an Entry and a polib.POEntry name alike.
_SAME_NAMES = (
    "msgid",
    "msgstr",
    "msgctxt",
    "previous_msgctxt",
    "previous_msgid",
    "msgid_plural",
    "previous_msgid_plural",
)


class PluralsUnsupported(UserError, ValueError):
    """An entry with `msgid_plural`: Markdown messages have none, and XLIFF here carries none."""


def from_po(po: polib.POFile, text: str = "") -> Catalog:
    """polib's catalog as mdgettext's value; with the `text` it was read from, each
    entry knows its lines (without it, they are 0)."""
    lines = text.split("\n") if text else None
    entries = []
    for e in po:
        if not e.msgid and not e.obsolete:
            continue  # polib keeps the header in `metadata`; an entry without msgid is not one
        entries.append(
            Entry(
                **{name: getattr(e, name) for name in _SAME_NAMES},
                translator_comment=e.tcomment or "",
                extracted_comment=e.comment or "",
                references=tuple((str(path), str(line)) for path, line in e.occurrences),
                flags=tuple(e.flags),
                obsolete=bool(e.obsolete),
                msgstr_plural=tuple(sorted((int(i), s) for i, s in e.msgstr_plural.items())),
                line=msgid_line(lines, e) if lines else 0,
                msgstr_line=msgstr_line(lines, e) if lines else 0,
            )
        )
    return Catalog(
        entries=tuple(entries),
        metadata=tuple(po.metadata.items()),
        header_comment=po.header or "",
        header_fuzzy="fuzzy" in fuzzy if isinstance(fuzzy := po.metadata_is_fuzzy, (list, tuple)) else bool(fuzzy),
    )


def without_plurals(catalog: Catalog) -> Catalog:
    """The catalog, refused (PluralsUnsupported) if a message has plural forms: a
    format that carries none (XLIFF here) must not drop them."""
    for e in catalog.entries:
        if e.msgid_plural:
            raise PluralsUnsupported(f"the message {e.msgid!r} has plural forms, which this format does not carry")
    return catalog


def to_po(catalog: Catalog) -> polib.POFile:
    """mdgettext's value as polib's catalog (for the code that still asks for one)."""
    po = polib.POFile(wrapwidth=79)
    po.header = catalog.header_comment
    po.metadata = dict(catalog.metadata)
    po.metadata_is_fuzzy = catalog.header_fuzzy
    for e in catalog.entries:
        po.append(
            polib.POEntry(
                **{name: getattr(e, name) for name in _SAME_NAMES},
                tcomment=e.translator_comment,
                comment=e.extracted_comment,
                occurrences=list(e.references),
                flags=list(e.flags),
                obsolete=e.obsolete,
                msgstr_plural=dict(e.msgstr_plural),
            )
        )
    return po


def write(catalog: Catalog) -> str:
    """The catalog as a PO text, byte for byte as GNU gettext's `msgcat` writes it.
    The writer (and its line-breaking tables) is loaded here: a job that only reads
    catalogs, a Markdown build say, never pays for it (tests/test_startup.py)."""
    from mdgettext.po.writer import dumps

    return dumps(to_po(catalog))
