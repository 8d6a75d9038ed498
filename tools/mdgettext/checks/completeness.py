"""Completeness: what the page will still show in English, and catalogs out of date."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mdgettext.checks.code import is_code
from mdgettext.checks.entry import Context, Entry, Family, live
from mdgettext.model import Diagnostic, Severity, key_of
from mdgettext.po.catalog import IMPORT_DOUBT, State
from mdgettext.report import counted

CODES = {
    "completeness.untranslated": "an entry has no translation: the page shows the English",
    "completeness.fuzzy": "an entry is marked fuzzy: the English changed, or its translation is in doubt",
    "completeness.imported": "an imported translation, published, whose pairing with the English awaits review",
    "completeness.obsolete": "an obsolete translation is kept in the catalog",
    "completeness.stale": "the catalog does not match its template: run `mdgettext update`",
    "completeness.below-minimum": "fewer translated messages than --min-translated asks for",
}


def _why_fuzzy(entry: Entry) -> str:
    """What the translator has to decide, from what made the entry fuzzy."""
    if entry.doubts:
        return f"fuzzy: {'; '.join(entry.doubts)}; review the translation and remove the fuzzy flag"
    if entry.previous_msgid:
        return "fuzzy: the English changed since this was translated; update the translation and remove the fuzzy flag"
    return "fuzzy: review the translation and remove the fuzzy flag"


def _imported(entry: Entry) -> tuple[str, ...]:
    """Why an import doubted the pairing of a translated entry: its `# import:` comments."""
    return tuple(d[len(IMPORT_DOUBT) :] for d in entry.doubts if d.startswith(IMPORT_DOUBT))


def check(entries: Sequence[Entry], ctx: Context) -> Iterable[Diagnostic]:
    """What the page will still show in English, and whether the catalog is older than its template."""
    current = live(entries)
    for entry in entries:
        found = _imported(entry) if entry.state is State.TRANSLATED else ()
        if entry.state is State.OBSOLETE:
            code, severity = "obsolete", Severity.INFO
            message = "obsolete translation (`#~`) kept for reference; delete it once it is of no use"
        elif entry.state is State.FUZZY:
            code, severity, message = "fuzzy", Severity.WARNING, _why_fuzzy(entry)
        elif found:
            code, severity = "imported", Severity.INFO
            message = (
                f"imported, check the pairing: {'; '.join(found)}; the page shows this translation; "
                "delete the `# import:` comment once it translates this English"
            )
        elif entry.state is State.UNTRANSLATED and is_code(entry.segments):  # code mostly needs none
            code, severity = "untranslated", Severity.INFO
            message = (
                "code block not translated: the page shows the English code, right where its comments "
                "and strings need no translation"
            )
        elif entry.state is State.UNTRANSLATED:
            code, severity = "untranslated", Severity.WARNING
            message = "not translated yet: the page shows the English text"
        else:
            continue
        yield ctx.finding(entry, f"completeness.{code}", severity, message)
    new = 0  # the template's messages the catalog lacks: English on the page, so not translated
    if ctx.template_keys is not None:
        mine = {key_of(e) for e in current}
        new, gone = len(ctx.template_keys - mine), len(mine - ctx.template_keys)
        if new or gone:
            yield ctx.finding(
                None,
                "completeness.stale",
                Severity.WARNING,
                f"catalog is older than its template ({counted(new, 'new message')}, {gone} removed); run `mdgettext update -l {ctx.language}`",
            )
    if ctx.min_translated is not None and (current or new):
        share = 100.0 * sum(e.translated for e in current) / (len(current) + new)
        if share < ctx.min_translated:
            yield ctx.finding(
                None,
                "completeness.below-minimum",
                Severity.ERROR,
                f"{share:.1f}% of messages translated, fewer than the required {ctx.min_translated:g}%",
            )


FAMILY = Family(CODES, catalog=check)
