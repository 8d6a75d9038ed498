"""The release build's decisions for one chapter in one language, kept out of the I/O.

`commands.build` reads and writes files; what to publish is decided here: which
translations are safe to use, which text fell back to English, which languages each
chapter is published in (for links and the language switcher).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import page, safety
from .model import Document, Style, TranslationMap
from .project import Config
from .review import CatalogFile, Key
from .weave import Woven


def published(config: Config, languages: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Every chapter and the languages a page links to for it: the source language
    when this build makes it or an earlier one did, then each configured or
    requested locale that has a catalog for it. A language switcher never points
    at a page that is not there."""
    requested = list(languages)
    locales = list(dict.fromkeys([*config.configured_locales(), *requested]))
    source = config.source_language

    def source_page(chapter: str) -> tuple[str, ...]:
        built = source in requested or config.output_path(chapter, source, "html").exists()
        return (source,) if built else ()

    return {
        chapter: (
            *source_page(chapter),
            *(lang for lang in locales if lang != source and config.po_path(chapter, lang).exists()),
        )
        for chapter in config.chapters()
    }


def refuse_unsafe(
    doc: Document, translations: TranslationMap, catalog: CatalogFile | None
) -> tuple[TranslationMap, dict[Key, list[str]], list[str]]:
    """The translations the build may publish, the refused ones with reasons, and
    one warning line per refused entry naming the catalog and the msgid's line."""
    kept, refused = safety.safe_translations(translations)
    lines = catalog.msgid_lines() if catalog is not None else {}
    where = catalog.display if catalog is not None else "catalog"
    warnings = []
    for key, reasons in refused.items():
        line = lines.get(key)
        location = f"{where}:{line}" if line else where
        excerpt = key[1] if len(key[1]) <= 40 else key[1][:39] + "…"
        warnings.append(
            f"{location}: translation of {excerpt!r} refused, the English is used: {'; '.join(reasons)}"
        )
    return kept, refused, warnings


def fallbacks(woven: Woven | None, messages: int) -> page.Fallbacks:
    """What of a woven chapter stayed in English, for the page's marks and banner."""
    if woven is None:
        return page.Fallbacks(total=messages)
    spans = [(p.start, p.end) for p in woven.placed if not p.translated and p.segment.span.style is not Style.YAML]
    keys = frozenset(
        p.segment.kind.removeprefix("front matter: ")
        for p in woven.placed
        if not p.translated and p.segment.kind.startswith("front matter: ")
    )
    count = len({(s.context, s.msgid) for s in woven.fallbacks})
    return page.Fallbacks(spans, count, messages, keys)


def review_name(html_name: str) -> str:
    """`conclusion.html` -> `conclusion.review.html`."""
    return html_name.removesuffix(".html") + ".review.html"


def summary(rows: Sequence) -> str:
    counts = {state: sum(1 for r in rows if r.state == state) for state in ("translated", "fuzzy", "untranslated", "refused")}
    findings = sum(len(r.findings) for r in rows)
    return (
        f"review of {len(rows)} entries: {counts['translated']} translated, {counts['fuzzy']} fuzzy, "
        f"{counts['untranslated']} untranslated, {counts['refused']} refused; {findings} findings"
    )
