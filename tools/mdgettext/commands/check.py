"""`mdgettext check`: every catalog against its source; the CI gate."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mdgettext import report as reports
from mdgettext.checks import Context, Glossary, entries_of, run_checks
from mdgettext.checks.names import authors, load_glossary
from mdgettext.commands.common import Reporter, load_chapter, templates_required
from mdgettext.files import read_catalog, read_po
from mdgettext.locale import locale_name
from mdgettext.markdown.weave import Woven
from mdgettext.model import Diagnostic, Document, Key, Location, Severity
from mdgettext.po.catalog import CatalogFile, stats
from mdgettext.project import Config


@dataclass(frozen=True)
class CheckOptions:
    """How `check` reports: strictness, format, and which codes count."""

    strict: bool = False
    fmt: str = "text"
    min_translated: float | None = None
    select: tuple[str, ...] = ()  # codes or families ("links") to report; empty: all
    ignore: tuple[str, ...] = ()


def check(config: Config, languages: Sequence[str], options: CheckOptions, report: Reporter) -> int:
    """Check every catalog; exit 1 if anything is at error level (warnings too under --strict)."""
    chapters = templates_required(config)
    docs = {c: load_chapter(config, c)[1] for c in chapters}
    anchors = {c: frozenset(d.headings) for c, d in docs.items()}
    keys = {c: template_keys(config, c) for c in chapters}
    pages = config.known_pages()
    minimum = options.min_translated if options.min_translated is not None else (100.0 if options.strict else None)
    findings: list[Diagnostic] = []
    catalogs = entries = translated = 0
    for language in languages:
        locale_name(language)
        glossary = load_project_glossary(config, language)
        for chapter in chapters:
            po_path = config.po_path(chapter, language)
            shown = config.relative(po_path)
            if not po_path.exists():
                message = f"no catalog for {chapter}; run `mdgettext update -l {language}`"
                findings.append(Diagnostic(Location(shown, 1), "completeness.stale", Severity.ERROR, message))
                continue
            catalog = read_catalog(po_path, shown)
            context = check_context(
                config,
                chapter,
                language,
                docs[chapter],
                anchors,
                catalog,
                glossary,
                keys[chapter],
                minimum,
                pages=pages,
            )
            findings.extend(run_checks(entries_of(catalog.po, catalog.text, docs[chapter]), context))
            counts = stats(catalog.po)
            catalogs += 1
            entries += counts.total
            translated += counts.translated
    findings = [_escalate(d, options.strict) for d in findings if _selected(d.code, options)]
    summary = reports.Summary(catalogs, entries, translated)
    output = reports.render(findings, summary, options.fmt)
    if options.fmt == "json":
        print(output, file=report.out)
        if not report.quiet:
            print(summary.line(findings), file=report.err)
    elif findings or not report.quiet:
        print(output, file=report.out)
    return 1 if any(d.severity is Severity.ERROR for d in findings) else 0


def load_project_glossary(config: Config, language: str) -> Glossary:
    """`locale/<lang>/glossary.po`, or an empty glossary."""
    path = config.glossary_path(language)
    return load_glossary(read_po(path, config.relative(path))) if path.exists() else Glossary()


def template_keys(config: Config, chapter: str) -> frozenset[Key]:
    """The messages of a chapter's template: a catalog without them is stale."""
    path = config.pot_path(chapter)
    return frozenset((e.msgctxt, e.msgid) for e in read_po(path, config.relative(path)) if e.msgid)


def check_context(
    config: Config,
    chapter: str,
    language: str,
    doc: Document,
    anchors: Mapping[str, frozenset[str]],
    catalog: CatalogFile,
    glossary: Glossary,
    keys: frozenset[Key] | None,
    minimum: float | None = None,
    rebuilt: Woven | None = None,
    pages: frozenset[str] | None = None,
) -> Context:
    """What the checks of one catalog need; `check` and the review page share it,
    so the page shows exactly what `check` reports. `pages`: the known pages, when
    the caller has listed them once for every catalog."""
    return Context(
        language=language,
        doc=doc,
        po_path=catalog.display,
        glossary=glossary,
        names=authors(doc.meta),
        pages=pages if pages is not None else config.known_pages(),
        anchors=anchors,
        page=chapter,
        template_keys=keys,
        min_translated=minimum,
        heading_ids=config.heading_ids,
        rebuilt=rebuilt,
    )


def _selected(code: str, options: CheckOptions) -> bool:
    def matches(patterns: tuple[str, ...]) -> bool:
        return any(code == p or code.startswith(p + ".") for p in patterns)

    return (not options.select or matches(options.select)) and not matches(options.ignore)


def _escalate(d: Diagnostic, strict: bool) -> Diagnostic:
    if strict and d.severity is Severity.WARNING:
        return Diagnostic(d.location, d.code, Severity.ERROR, d.message, d.source)
    return d
