"""Names and terms: the glossary's renderings, and the authors' names, are kept.

Korean particles attach to a name with no space (`Jacob Austin에게`), so the
rendering is looked for as a substring of the translation, never as a word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from mdgettext.checks.entry import Context, Entry, Family, Glossary
from mdgettext.model import Diagnostic, Severity
from mdgettext.po.entries import Catalog

CODES = {
    "names.missing": "a person's name from the front matter's authors is missing from the translation",
    "glossary.missing": "a glossary term's required rendering is missing from the translation",
}


def load_glossary(catalog: Catalog, places: Mapping[str, str] | None = None) -> Glossary:
    """A glossary catalog: msgid the English term, msgstr its required rendering
    (equal to the msgid for names kept in Latin script). A translator comment
    `reading: 프로스티그` gives a Latin name's Korean reading, which the particles
    after it must agree with."""
    entries = catalog.live
    readings = {}
    for entry in entries:
        for line in entry.translator_comment.split("\n"):
            if line.strip().startswith("reading:"):
                readings[entry.msgstr or entry.msgid] = line.split(":", 1)[1].strip()
    return Glossary({e.msgid: e.msgstr or e.msgid for e in entries}, readings, places or {})


def check(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """Authors' names and glossary renderings appear wherever the English mentions them."""
    for name in ctx.names:
        if _mentions(entry.msgid, name) and name not in entry.msgstr:
            yield ctx.finding(
                entry,
                "names.missing",
                Severity.ERROR,
                f"the author's name {name!r} is missing; keep names as the English writes them",
            )
    for term, rendering in ctx.glossary.terms.items():
        if term in ctx.names or not _mentions(entry.msgid, term):
            continue
        if not _contains(entry.msgstr, rendering, case_sensitive=not term.islower()):
            yield ctx.finding(
                entry,
                "glossary.missing",
                Severity.ERROR,
                f"glossary{' (' + ctx.glossary.places[term] + ')' if term in ctx.glossary.places else ''}: "
                f"{term!r} should appear as {rendering!r} in the translation",
            )


def _mentions(english: str, term: str) -> bool:
    if not term.islower() and term not in english:  # matched as written: absent as a substring, absent
        return False
    return _pattern(term).search(english) is not None


def _contains(text: str, rendering: str, case_sensitive: bool) -> bool:
    return rendering in text if case_sensitive else rendering.lower() in text.lower()


@lru_cache(maxsize=1024)
def _pattern(term: str) -> re.Pattern[str]:
    """A whole-word match in English, plurals included (`kernel` matches `kernels`);
    lowercase terms match any case (a title may capitalise them), names only as written."""
    flags = re.IGNORECASE if term.islower() else 0
    return re.compile(rf"(?<![\w-]){re.escape(term)}(?:s|es)?(?![\w-])", flags)


def authors(front_matter: Mapping[str, object]) -> tuple[str, ...]:
    """The people the front matter lists: their names stay as written in every language."""
    people = front_matter.get("authors") or []
    if not isinstance(people, list):
        return ()
    return tuple(str(p["name"]) for p in people if isinstance(p, dict) and p.get("name"))


FAMILY = Family(CODES, entry=check)
