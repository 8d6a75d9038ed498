"""Consistency across the book: the same English reads the same in every chapter.

A reader meets a heading such as "A Few Problems to Work" at the end of several
chapters; translated two ways, it reads as two different things. Each catalog
holds a message once, so this is a check of a language's catalogs side by side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.model import Diagnostic, Key, Severity, key_of

CODES = {
    "consistency.translation": "the same English is translated differently in another catalog of the language",
}


def check_book(catalogs: Sequence[tuple[Sequence[Entry], Context]]) -> Iterable[Diagnostic]:
    """Each translation that differs from the book's usual one for the same English,
    at its own line, naming a place of the usual one: the translation most catalogs
    use, or (a tie) the one of the earliest chapter."""
    places: dict[Key, list[tuple[Entry, Context]]] = {}
    for entries, ctx in catalogs:
        for entry in entries:
            if entry.translated:
                places.setdefault(key_of(entry), []).append((entry, ctx))
    for found in places.values():
        votes = Counter(entry.msgstr for entry, _ in found)
        if len(votes) < 2:
            continue
        usual = max(votes, key=votes.__getitem__)  # a tie goes to the first written: votes keep that order
        model, model_ctx = next((e, c) for e, c in found if e.msgstr == usual)
        for entry, ctx in found:
            if entry.msgstr != usual:
                yield ctx.finding(
                    entry,
                    "consistency.translation",
                    Severity.WARNING,
                    f"the same English is translated {_short(usual)!r} in {model_ctx.po_path}:{model.line}; "
                    "use one translation across the book (or add the term to the glossary)",
                )


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


FAMILY = Family(CODES, book=check_book)
