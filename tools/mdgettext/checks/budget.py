"""A bound on each translation, so no message can make `check` or the build crawl.

Every step is meant to be linear in a message's length, and the growth benchmark
(`benchmarks/growth.py`) measures the worst inputs found; but a translation is
anyone's text, and a parser we do not own (markdown-it-py's link and emphasis
rules, html5lib) may still have a slow path nobody has found. So a translation far
longer than its English, or holding far more markup characters than it, is not
read at all: `check` reports it once (`safety.too-complex`, which nothing silences)
and the build publishes the English, as for any refused translation.

The bounds are far beyond any real translation. In the book's Korean (six chapters)
and Chinese (one) catalogs, 624 translated messages: a translation is at most 1.0
times its English's length plus nothing (Hangul and Han are denser than English) and
holds at most 3 markup characters more than it. German or Russian run ~1.3x English,
a two-letter English word can become eight letters; so: at most 4x plus 200
characters, and at most twice the English's markup characters plus 64.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mdgettext.checks.entry import Context, Entry, Family
from mdgettext.model import Diagnostic, Key, Severity, TranslationMap
from mdgettext.po.catalog import State
from mdgettext.report import counted

CODE = "safety.too-complex"
CODES = {
    CODE: "the translation is far longer than its English, or holds far more markup characters; "
    "the build publishes the English, and no mdgettext-ignore comment silences this",
}
LENGTH_FACTOR, LENGTH_SLACK = 4, 200
MARKUP = frozenset("*_[](){}<>$&`\\|~^!")  # what opens or closes Markdown, HTML, Liquid, math
MARKUP_FACTOR, MARKUP_SLACK = 2, 64


def markup_count(text: str) -> int:
    """How many markup characters `text` holds."""
    return sum(text.count(c) for c in MARKUP)


def excess(msgid: str, msgstr: str) -> str | None:
    """Why `msgstr` is too much to read as a translation of `msgid`, or None."""
    longest = LENGTH_FACTOR * len(msgid) + LENGTH_SLACK
    if len(msgstr) > longest:
        return (
            f"the translation is {counted(len(msgstr), 'character')} for an English of "
            f"{counted(len(msgid), 'character')}, more than the {longest} any translation needs; "
            "write the translation of this English alone"
        )
    most = MARKUP_FACTOR * markup_count(msgid) + MARKUP_SLACK
    if (found := markup_count(msgstr)) > most:
        marks = "".join(sorted(MARKUP))
        return (
            f"the translation holds {found} markup characters ({marks}) where its English has "
            f"{markup_count(msgid)}, more than the {most} any translation needs; keep the English's markup only"
        )
    return None


def within(translations: TranslationMap) -> TranslationMap:
    """The translations inside the bounds: what may be read and woven at all."""
    if all(excess(msgid, msgstr) is None for (_, msgid), msgstr in translations.items()):
        return translations
    kept: dict[Key, str] = {key: msgstr for key, msgstr in translations.items() if excess(key[1], msgstr) is None}
    return TranslationMap(kept)


FAMILY = Family(CODES)  # run by `run_checks` itself, before every other family: see `bounded`


def bounded(entries: Sequence[Entry], ctx: Context) -> tuple[list[Entry], list[Diagnostic]]:
    """The entries as the other checks may read them (a translation out of bounds
    becomes untranslated: the build does not use it), and one finding for each such."""
    kept, found = [], []
    for entry in entries:
        why = excess(entry.msgid, entry.msgstr) if entry.translated else None
        if why is None:
            kept.append(entry)
            continue
        kept.append(replace(entry, msgstr="", state=State.UNTRANSLATED))
        found.append(ctx.finding(entry, CODE, Severity.ERROR, f"{why}; the build publishes the English instead"))
    return kept, found
