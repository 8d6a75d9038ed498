"""Typography checks, per language: each language's rules in its own module.

A language's module exports `FAMILY` (its codes and checks); `LANGUAGES` maps a
primary language subtag to it, so a second language adds a module and a line here.
Languages without rules get none of these checks; `check --list` names each code's
languages (`LANGUAGES_OF`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.checks.typography import ko, zh
from mdgettext.locale import primary
from mdgettext.model import Diagnostic

LANGUAGES: dict[str, Family] = {"ko": ko.FAMILY, "zh": zh.FAMILY}


def check_entry(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """The entry rules of the catalog's language, if it has any."""
    rules = LANGUAGES.get(primary(ctx.language))
    if rules is not None and rules.entry is not None:
        yield from rules.entry(entry, ctx)


def check_catalog(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """The catalog rules of the catalog's language, if it has any."""
    rules = LANGUAGES.get(primary(ctx.language))
    if rules is not None and rules.catalog is not None:
        yield from rules.catalog(entries, ctx)


LANGUAGES_OF: dict[str, tuple[str, ...]] = {}  # code -> the languages whose rules have it
for _language, _rules in LANGUAGES.items():
    for _code in _rules.codes:
        LANGUAGES_OF[_code] = (*LANGUAGES_OF.get(_code, ()), _language)

FAMILY = Family(
    {code: meaning for rules in LANGUAGES.values() for code, meaning in rules.codes.items()},
    check_entry,
    check_catalog,
    errors=False,  # house style is advice: its findings are warnings and notes
)
