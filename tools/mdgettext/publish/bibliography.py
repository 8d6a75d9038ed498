"""A chapter's BibTeX file, read into the few facts a reference list shows.

The book's chapters cite with `<d-cite key="…">` and name their BibTeX file in the
front matter (`bibliography: main.bib`); the site's Distill template builds the
reference list from it in the reader's browser. Our page has no script, so the
build reads the file and `notes.py` draws the list.

Read with pybtex, not bibtexparser: pybtex reads BibTeX as BibTeX itself does
(`@string` and month macros, `#` concatenation, brace-protected words), splits
names by BibTeX's own rules ("Pope, Reiner", "{DeepSeek-AI}", "von" parts), and
turns TeX accents into Unicode through latexcodec; bibtexparser 2 needs a chain of
middlewares to approach that and splits names less faithfully. Only the parse is
pybtex's: the list's format is ours (authors, title, venue, year, link), plain
and the same in every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pybtex.database import Entry, Person

URL_COMMAND = re.compile(r"\\url\{([^}]*)\}")
MAX_AUTHORS = 6  # a longer list is shortened to its first three, "et al."
VENUE_FIELDS = ("journal", "booktitle", "publisher", "howpublished", "school", "institution")


@dataclass(frozen=True)
class Reference:
    """One entry as the reference list shows it; every field plain text."""

    key: str
    authors: str = ""
    title: str = ""
    venue: str = ""
    year: str = ""
    url: str = ""


@dataclass(frozen=True)
class Bibliography:
    """The BibTeX file a chapter names: where it is (for messages) and its entries by key."""

    display: str
    entries: Mapping[str, Reference] = field(default_factory=dict)
    error: str = ""  # why the file could not be read; then it has no entries


@lru_cache(maxsize=8)
def read(text: str, display: str) -> Bibliography:
    """The entries of a BibTeX file's text; a file pybtex cannot read is one error,
    named by the file and line, and no entries (the citations then show their keys).
    pybtex is imported here: only a chapter with a bibliography needs it."""
    from pybtex.database import parse_string
    from pybtex.scanner import PybtexError

    try:
        data = parse_string(text, "bibtex")
    except PybtexError as err:
        return Bibliography(display, error=f"{display}: cannot read the BibTeX file: {err}")
    return Bibliography(display, {key: _reference(key, entry) for key, entry in data.entries.items()})


def _reference(key: str, entry: Entry) -> Reference:
    fields = entry.fields
    howpublished = fields.get("howpublished", "")
    url = fields.get("url", "") or _url_in(howpublished) or _doi(fields.get("doi", ""))
    venue = next((fields[f] for f in VENUE_FIELDS if fields.get(f) and not _url_in(fields[f])), "")
    return Reference(
        key=key,
        authors=_names(entry.persons.get("author") or entry.persons.get("editor") or []),
        title=_plain(fields.get("title", "")),
        venue=_plain(venue),
        year=_plain(fields.get("year", "")),
        url=url.strip(),
    )


def _names(people: list[Person]) -> str:
    names = [_name(p) for p in people]
    if len(names) > MAX_AUTHORS:
        return ", ".join(names[:3]) + " et al."
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


def _name(person: Person) -> str:
    """ "Pope, Reiner" -> "Reiner Pope"; a corporate "{DeepSeek-AI}" stays whole."""
    parts = [
        *person.first_names,
        *person.middle_names,
        *person.prelast_names,
        *person.last_names,
        *person.lineage_names,
    ]
    return _plain(" ".join(parts))


def _plain(latex: str) -> str:
    """BibTeX's TeX as text: braces dropped, accents as Unicode, spaces collapsed."""
    from pybtex.richtext import Text

    try:
        text = Text.from_latex(latex).render_as("text")
    except Exception:  # pybtex's TeX reader raises several kinds for unbalanced input
        text = latex.replace("{", "").replace("}", "")
    return " ".join(str(text).split())


def _url_in(value: str) -> str:
    found = URL_COMMAND.search(value)
    return found.group(1) if found else ""


def _doi(doi: str) -> str:
    doi = doi.strip()
    return "" if not doi else doi if doi.startswith("http") else f"https://doi.org/{doi}"
