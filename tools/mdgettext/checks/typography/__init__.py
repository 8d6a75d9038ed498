"""Typography checks, per language: each language's rules in its own module.

`LANGUAGES` registers a language's rules by its primary subtag: their codes, known
here for `check --list` and for suppressions, and the module that checks them
(exporting `check_entry` and `check_catalog`), imported the first time a catalog in
that language is checked, so a build or check in one language loads no other's
rules. A second language adds a module and an entry here. Languages without rules
get none of these checks; `check --list` names each code's languages (`LANGUAGES_OF`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import import_module
from typing import NamedTuple

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.locale import primary
from mdgettext.model import Diagnostic


class Rules(NamedTuple):
    """One language's rules: their codes and the module that checks them."""

    codes: Mapping[str, str]
    module: str


LANGUAGES: dict[str, Rules] = {
    "ko": Rules(
        {
            "typography.copied": "the translation is identical to an English source with words to translate",
            "typography.no-hangul": "a translated prose entry has no Hangul",
            "typography.particle-space": "a space separates a Latin word or closing markup from its particle",
            "typography.particle": "a particle does not fit the glossary's Korean reading of the name before it (Frostig이, not Frostig가)",
            "typography.final-colon": "a block ends with a colon that introduces nothing after it",
            "typography.double-space": "two spaces in a row inside the text",
            "typography.speech-level": "a sentence ends at another speech level than the catalog's usual one",
        },
        "mdgettext.checks.typography.ko",
    ),
    "zh": Rules(
        {
            "typography.half-width-punctuation": "an ASCII comma, colon, stop, or ? ! ; follows Chinese text (use ，：。？！；)",
            "typography.space-at-full-width": "a space before full-width punctuation or after an opening bracket",
            "typography.han-latin-spacing": "spacing between Chinese and Latin words goes against the catalog's own convention",
        },
        "mdgettext.checks.typography.zh",
    ),
}


def check_entry(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    """The entry rules of the catalog's language, if it has any."""
    rules = LANGUAGES.get(primary(ctx.language))
    if rules is not None:
        yield from import_module(rules.module).check_entry(entry, ctx)


def check_catalog(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """The catalog rules of the catalog's language, if it has any."""
    rules = LANGUAGES.get(primary(ctx.language))
    if rules is not None:
        yield from import_module(rules.module).check_catalog(entries, ctx)


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
