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

A BibTeX file is untrusted input like a translation. So its `@string` macros are
expanded within a budget (doubling macros would otherwise make gigabytes from a few
lines, as YAML aliases would, see markdown/frontmatter.py); an entry pybtex cannot
read, an author field it cannot split or a URL whose scheme is not on the links'
allow-list (markdown/urls.py) is a warning for that entry, with its line, and the
rest of the list stands. Names, TeX and URLs are worked out only for the entries a
chapter cites, once: a shared file of thousands of entries costs one scan.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mdgettext.markdown import urls

if TYPE_CHECKING:
    from pybtex.database import Person

URL_COMMAND = re.compile(r"\\url\{([^}]*)\}")
MAX_AUTHORS = 6  # a longer list is shortened to its first three, "et al."
VENUE_FIELDS = ("journal", "booktitle", "publisher", "howpublished", "school", "institution")
PERSON_FIELDS = ("author", "editor")
EXPANSION_LIMIT = 1_000_000  # characters `@string` macros may add to a file, beyond 10 per character of it


@dataclass(frozen=True)
class Reference:
    """One entry as the reference list shows it; every field plain text."""

    key: str
    authors: str = ""
    title: str = ""
    venue: str = ""
    year: str = ""
    url: str = ""  # empty, or a URL whose scheme is allowed


@dataclass(frozen=True)
class Raw:
    """One entry as the file has it: its line, and its fields with macros expanded."""

    line: int
    fields: Mapping[str, str]


@dataclass(frozen=True)
class Bibliography:
    """The BibTeX file a chapter names: where it is (for messages), its entries by key
    (each made into a Reference when first asked for), what could not be read."""

    display: str
    raw: Mapping[str, Raw] = field(default_factory=dict)
    error: str = ""  # why the file could not be read at all; then it has no entries
    problems: tuple[tuple[str | None, int, str], ...] = ()  # (entry key or None, line, what is wrong)
    _made: dict[str, tuple[Reference, tuple[str, ...]]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def entries(self) -> Mapping[str, Reference]:
        """The references by key, each made on first use."""
        return _Entries(self)

    def reference(self, key: str) -> tuple[Reference, tuple[str, ...]]:
        """The entry `key` as the list shows it, and the warnings it gives (made once)."""
        if key not in self._made:
            raw = self.raw[key]
            self._made[key] = _reference(key, raw, f"{self.display}:{raw.line}")
        return self._made[key]

    def warnings(self, cited: Iterable[str], citing: str) -> list[str]:
        """What a chapter (`citing`) that cites `cited` should be told: what could not be
        read of the file and of each cited entry, and each key the file lacks."""
        cited = list(cited)
        told = [f"{self.display}:{line}: {what}" for key, line, what in self.problems if key is None or key in cited]
        for key in cited:
            if key in self.raw:
                told.extend(self.reference(key)[1])
            else:
                told.append(f"{self.display}: no entry {key!r}, which {citing} cites; add it or correct the key")
        return told


class _Entries(Mapping[str, Reference]):
    """A bibliography's references, made as they are looked up."""

    def __init__(self, bib: Bibliography) -> None:
        self.bib = bib

    def __getitem__(self, key: str) -> Reference:
        return self.bib.reference(key)[0]

    def __iter__(self) -> Iterator[str]:
        return iter(self.bib.raw)

    def __len__(self) -> int:
        return len(self.bib.raw)


def read(text: str, display: str) -> Bibliography:
    """The entries of a BibTeX file's text, read once per process for the same text
    (a build's chapters share one file); a file that cannot be read at all is one
    error, named by the file and line, and no entries (the citations then show their keys)."""
    return _read(hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(), text, display)


@lru_cache(maxsize=8)
def _read(digest: str, text: str, display: str) -> Bibliography:
    from mdgettext.publish.bibtex import TooLarge, scan  # pybtex: only a chapter that cites needs it

    budget = EXPANSION_LIMIT + 10 * len(text)
    try:
        entries, problems = scan(text, budget)
    except TooLarge as err:
        return Bibliography(
            display,
            error=f"{display}:{err.line}: @string macros expand to more than {budget:,} characters; "
            "cannot read the BibTeX file: define each string once, without doubling it",
        )
    raw = {key: Raw(line, fields) for key, line, fields in entries}
    return Bibliography(display, raw, problems=tuple(problems))


def _reference(key: str, raw: Raw, where: str) -> tuple[Reference, tuple[str, ...]]:
    fields, told = raw.fields, []
    howpublished = fields.get("howpublished", "")
    url = (fields.get("url", "") or _url_in(howpublished) or _doi(fields.get("doi", ""))).strip()
    if url and not urls.allowed(url):
        told.append(
            f"{where}: the URL of {key!r} is a {urls.scheme(url)}: URL, which no page links to; "
            f"give it an http(s) address (the reference is listed without its link)"
        )
        url = ""
    authors = ""
    for role in PERSON_FIELDS:
        if not fields.get(role):
            continue
        try:
            authors = _names(fields[role])
        except Exception as err:  # pybtex's name reader raises several kinds for a malformed name
            told.append(
                f"{where}: cannot read the {role} field of {key!r}: {err}; "
                "write the names as `Last, First and Last, First` (the reference is listed without them)"
            )
        break
    venue = next((fields[f] for f in VENUE_FIELDS if fields.get(f) and not _url_in(fields[f])), "")
    reference = Reference(
        key=key,
        authors=authors,
        title=_plain(fields.get("title", "")),
        venue=_plain(venue),
        year=_plain(fields.get("year", "")),
        url=url,
    )
    return reference, tuple(told)


def _names(value: str) -> str:
    """The names of an author field as the list shows them; only those shown are read
    (an entry of the book lists 60 authors, and the list shows three)."""
    from pybtex.bibtex.utils import split_name_list
    from pybtex.database import Person

    written = split_name_list(value)
    shown = written[:3] if len(written) > MAX_AUTHORS else written
    names = [_name(Person(name)) for name in shown]
    if len(written) > MAX_AUTHORS:
        return ", ".join(names) + " et al."
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


@lru_cache(maxsize=4096)
def _plain(latex: str) -> str:
    """BibTeX's TeX as text: braces dropped, accents as Unicode, spaces collapsed."""
    from pybtex.richtext import Text

    try:
        text = Text.from_latex(latex).render(_backend())
    except Exception:  # pybtex's TeX reader raises several kinds for unbalanced input
        text = latex.replace("{", "").replace("}", "")
    return " ".join(str(text).split())


@lru_cache(maxsize=1)
def _backend() -> Any:
    """pybtex's plain-text writer, made once: `render_as("text")` looks it up among the
    installed packages' entry points on every call, some 6 ms each."""
    from pybtex.backends.plaintext import Backend

    return Backend()


def _url_in(value: str) -> str:
    found = URL_COMMAND.search(value)
    return found.group(1) if found else ""


def _doi(doi: str) -> str:
    doi = doi.strip()
    return "" if not doi else doi if doi.startswith("http") else f"https://doi.org/{doi}"
