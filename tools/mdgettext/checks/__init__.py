"""Consistency checks: every way a translation can break the chapter.

Checks read a catalog and the source's segments; they never write the build. Each
family lives in its own module as small functions:

- per entry: `(entry, context) -> Iterable[Diagnostic]`, run on every translated entry;
- per catalog: `(entries, context) -> Iterable[Diagnostic]`, for what only shows
  in the whole (a stale catalog, mixed speech levels, the rebuilt document).

A translator silences one check on one entry with a translator comment
`# mdgettext-ignore: links.missing` (or the flag `#, mdgettext-ignore: ...`,
which `update` turns into that comment, since GNU gettext drops unknown flags).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import polib

from mdgettext.checks import completeness, front_matter, links, markup, names, safety, structure, typography
from mdgettext.checks.entry import Context, Entry, Family, Glossary, entries_of
from mdgettext.markdown.weave import weave
from mdgettext.model import Diagnostic, Document, Severity, TranslationMap

FAMILIES: tuple[Family, ...] = (
    safety.FAMILY,
    links.FAMILY,
    markup.FAMILY,
    names.FAMILY,
    structure.FAMILY,
    completeness.FAMILY,
    front_matter.FAMILY,
    typography.FAMILY,
)
SUPPRESSION = {
    "suppression.unknown-code": "a mdgettext-ignore comment names no known check",
    "suppression.not-allowed": "a mdgettext-ignore comment names a safety check, which nothing silences",
}
UNSILENCEABLE = ("safety.",)  # the build refuses such a translation whatever a comment says
CODES = {code: meaning for family in FAMILIES for code, meaning in family.codes.items()} | SUPPRESSION

__all__ = ["CODES", "Context", "Entry", "Glossary", "check_catalog", "entries_of", "run_checks"]


def check_catalog(
    doc: Document,
    po: polib.POFile,
    po_text: str,
    po_display: str,
    context: Context | None = None,
) -> list[Diagnostic]:
    """Every finding for one catalog of one chapter, in .po line order."""
    ctx = context or Context(language=po.metadata.get("Language", ""), doc=doc, po_path=po_display)
    return run_checks(entries_of(po, po_text, doc), ctx)


def run_checks(entries: Sequence[Entry], ctx: Context) -> list[Diagnostic]:
    """Every finding for one catalog's entries, in .po line order, suppressions applied."""
    if ctx.rebuilt is None:
        translations = TranslationMap({(e.msgctxt, e.msgid): e.msgstr for e in entries if e.translated})
        ctx = replace(ctx, rebuilt=weave(ctx.doc, translations, heading_ids=ctx.heading_ids))
    found: list[Diagnostic] = []
    for entry in entries:
        if entry.translated:
            for family in FAMILIES:
                if family.entry is not None:
                    found.extend(family.entry(entry, ctx))
        found.extend(_unknown_codes(entry, ctx))
    for family in FAMILIES:
        if family.catalog is not None:
            found.extend(family.catalog(entries, ctx))
    by_line = {e.line: e for e in entries}
    explained = {d.location.line for d in found if d.code.startswith(("links.", "markup."))}
    kept = [
        d
        for d in found
        if not _silenced(d, by_line.get(d.location.line))
        # a changed link or tag also changes the rebuilt page: one problem, one finding
        and not (d.code == "structure.changed" and d.location.line in explained)
    ]
    return sorted(kept, key=lambda d: (d.location.line, d.code))


def _silenced(finding: Diagnostic, entry: Entry | None) -> bool:
    return entry is not None and finding.code in entry.ignore and not finding.code.startswith(UNSILENCEABLE)


def _unknown_codes(entry: Entry, ctx: Context) -> Iterable[Diagnostic]:
    for code in sorted(c for c in entry.ignore if c.startswith(UNSILENCEABLE)):
        yield ctx.finding(
            entry,
            "suppression.not-allowed",
            Severity.WARNING,
            f"`mdgettext-ignore: {code}` has no effect: the build refuses an unsafe translation whatever a comment says",
        )
    for code in sorted(entry.ignore - set(CODES)):
        yield ctx.finding(
            entry,
            "suppression.unknown-code",
            Severity.WARNING,
            f"`mdgettext-ignore: {code}` names no known check; see `mdgettext check --list`",
        )
