"""One chapter in one language -> everything the build writes for it.

The single pure step between catalogs and files: the command reads the source and
the catalog and writes what comes back. Unsafe translations are refused here for
every output at once (the Markdown goes to the Jekyll site too, so it must never
carry what the HTML page would refuse) and counted as text that fell back to English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mdgettext.checks import safety
from mdgettext.checks.addenda import usable
from mdgettext.markdown.weave import Woven, places, weave
from mdgettext.model import Addendum, Diagnostic, Fallbacks, Key, Style, TranslationMap, key_of
from mdgettext.po.catalog import CatalogFile, awaiting_review, live, translation_map
from mdgettext.publish.context import Publishing
from mdgettext.report import counted

if TYPE_CHECKING:
    from mdgettext.publish.review import Row


@dataclass(frozen=True)
class Outputs:
    """What one chapter in one language becomes, and what to tell the user about it."""

    note: str  # "source text", or how many messages fell back to English
    # How the translated Markdown differs from the source: (start, end, replacement) in
    # the source's text, so the file layer makes the same edits in the file as it was
    # read (its line endings and byte-order mark kept).
    edits: tuple[tuple[int, int, str], ...] = ()
    page: str | None = None  # the HTML page, when HTML is built
    review: str | None = None  # the review page: translations, in a build with a stylesheet
    review_note: str | None = None
    warnings: tuple[str, ...] = ()  # one line per refused translation, naming its .po line


def publish(
    context: Publishing,
    language: str,
    catalog: CatalogFile | None,
    *,
    html: bool,
    findings: Sequence[Diagnostic] = (),
    woven: Woven | None = None,
    refuse: Mapping[Key, Sequence[Diagnostic]] | None = None,
    judging: safety.Judge | None = None,
    addenda: Sequence[Addendum] = (),
) -> Outputs:
    """Weave the usable, safe translations into the chapter and render its pages.

    `context` is the chapter and what its pages need (publish/context.py). `catalog` is
    None for the source language (the page is the source itself) and
    for a translation with no catalog yet (every message falls back). `findings` are
    `check`'s findings for the catalog, which the review page shows. `woven` is
    the chapter with every translation put back, when the caller has woven it
    already (for the checks): it is used as is unless a translation is refused.
    `refuse` names the translations `check` reports as errors, with its findings:
    they are not published, and the page shows the English for them. `judging` is
    the safety judge that judged the catalog for `check` (each message is judged once).
    `addenda` are the translator's own blocks: those with a place and nothing the
    chapter never uses are woven in after the English block they follow. The context's
    `accepted` are the translations a maintainer accepts (the `accept` setting).
    """
    doc, site = context.doc, context.site
    messages = len({key_of(s) for s in doc.segments})
    if language == site.source_language:
        if not html:
            return Outputs("source text")
        from mdgettext.publish.page import chapter_page  # the HTML stack: only a build that makes pages

        whole = Fallbacks(total=messages)
        told: list[str] = []
        page = chapter_page(context, doc.text, language, whole, doc.tokens, told)
        return Outputs("source text", page=page, warnings=tuple(f"{doc.path}: {t}" for t in told))
    translations = translation_map(catalog.po) if catalog is not None else TranslationMap()
    if refuse:
        translations = TranslationMap({k: v for k, v in translations.items() if k not in refuse})
    kept, unsafe = safety.safe_translations(doc, translations, judging, context.accepted)
    by_check = {k: [f"{d.message} [{d.code}]" for d in found] for k, found in (refuse or {}).items()}
    refused = {**by_check, **{k: [r.text for r in v] for k, v in unsafe.items()}}
    # the review page says, for each refusal, what is wrong and what to change: check's message
    review_refusals = {**refused, **{k: [safety.message(v)] for k, v in unsafe.items()}}
    shown, left_out = usable(doc, addenda)
    insertions, _ = places(doc, shown)
    if (
        woven is None or refused or kept != translations or insertions
    ):  # refused, closed as kramdown closes it, added to
        woven = weave(doc, kept, heading_ids=context.heading_ids, insertions=insertions)
    fell_back = fallbacks(woven, messages)
    note = f"{fell_back.count} of {counted(messages, 'message')} fell back to English"
    used = {key_of(s) for s in doc.segments}
    to_review = (
        sum(1 for e in live(catalog.po) if awaiting_review(e) and key_of(e) in kept and key_of(e) in used)
        if catalog is not None
        else 0
    )
    if to_review:  # published as the translator wrote them: not English, but not yet reviewed
        note += f"; {to_review} imported, awaiting review (`# import:` comments)"
    warnings = tuple(refusal_warnings(refused, catalog)) + tuple(str(d) for d in left_out)
    edits = tuple(
        (p.segment.span.start, p.segment.span.end + p.dropped, woven.text[p.start : p.end])
        for p in woven.placed
        if p.translated
        and (p.dropped or woven.text[p.start : p.end] != doc.text[p.segment.span.start : p.segment.span.end])
    ) + tuple((at, at, text) for at, text in woven.inserted)
    if not html:
        return Outputs(note, edits, warnings=warnings)
    from mdgettext.publish.page import chapter_page  # the HTML stack (Jinja2, MathML): only for pages
    from mdgettext.publish.review import review_page

    told = []
    page = chapter_page(context, woven.text, language, fell_back, woven.tokens, told, woven.added)
    where = catalog.display if catalog is not None else doc.path
    warnings += tuple(f"{where}: {t}" for t in told)
    if catalog is None or site.stylesheet is None:
        return Outputs(note, edits, page, warnings=warnings)
    review, rows = review_page(doc, catalog, language, site, review_refusals, findings)
    return Outputs(note, edits, page, review, summary(rows), warnings)


def refusal_warnings(refused: dict[Key, list[str]], catalog: CatalogFile | None) -> list[str]:
    """How many translations were refused, then one line per refused entry, at the
    catalog line of its msgstr (where the translator edits)."""
    lines = catalog.msgstr_lines if catalog is not None else {}
    where = catalog.display if catalog is not None else "catalog"
    n = len(refused)
    warnings = [f"{where}: {counted(n, 'translation')} refused, the pages show the English there"] if n else []
    for key, reasons in refused.items():
        line = lines.get(key)
        location = f"{where}:{line}" if line else where
        excerpt = key[1] if len(key[1]) <= 40 else key[1][:39] + "…"
        warnings.append(f"{location}: translation of {excerpt!r} refused, the English is used: {'; '.join(reasons)}")
    return warnings


def fallbacks(woven: Woven, messages: int) -> Fallbacks:
    """What of a woven chapter stayed in English, for the page's marks and banner."""
    # A value inside a tag cannot be marked without breaking the tag: the banner counts it.
    inside = (Style.YAML, Style.LIQUID, Style.ATTRIBUTE)
    spans = [(p.start, p.end) for p in woven.placed if not p.translated and p.segment.span.style not in inside]
    keys = frozenset(p.segment.key for p in woven.placed if not p.translated and p.segment.key is not None)
    # ... but what the page draws from a Liquid tag (a figure's caption, an answer button) is marked there
    in_tags = [(p.start, p.end) for p in woven.placed if not p.translated and p.segment.span.style is Style.LIQUID]
    count = len({key_of(s) for s in woven.fallbacks})
    return Fallbacks(spans, count, messages, keys, in_tags)


def summary(rows: Sequence[Row]) -> str:
    """The build's line about a review page: how its entries stand."""
    from mdgettext.publish.review import STATES  # imported with the review page that made `rows`

    counts = {state.value: sum(1 for r in rows if r.state is state) for state in STATES}
    found = sum(len(r.findings) for r in rows)
    imported = f", {counts['imported']} imported awaiting review" if counts["imported"] else ""
    return (
        f"review of {counted(len(rows), 'entry', 'entries')}: {counts['translated']} translated{imported}, {counts['fuzzy']} fuzzy, "
        f"{counts['untranslated']} untranslated, {counts['refused']} refused; {counted(found, 'finding')}"
    )
