"""`mdgettext build`: each chapter in each language -> build/<lang>/<name>.md, .html, .review.html."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from mdgettext.checks import entries_of, run_checks
from mdgettext.commands.check import check_context, load_project_glossary, template_keys
from mdgettext.commands.common import Plan, Reporter, display, load, load_chapter
from mdgettext.files import InputError, SourceText, read_catalog
from mdgettext.locale import locale_name
from mdgettext.markdown.weave import weave
from mdgettext.po.catalog import CatalogFile, translation_map
from mdgettext.project import Config
from mdgettext.publish.chapter import Outputs, publish, review_name
from mdgettext.publish.links import Site, single_file
from mdgettext.publish.templates import STYLESHEET_PATH, TEMPLATE_FILES, stylesheet

FORMATS = ("md", "html")


def build(config: Config, languages: Sequence[str], formats: Sequence[str], report: Reporter) -> int:
    """Every chapter in every language asked for; the stylesheet once for all pages."""
    chapters = config.chapters()
    if not chapters:
        raise InputError(f"{config.relative(config.source_dir)}: no Markdown files to build")
    published = published_languages(config, languages)
    templates = config.inside(config.root / "templates")  # the project's overrides of the page templates
    for name in TEMPLATE_FILES:  # read from the project only: a symbolic link must not lead out of it
        config.inside(templates / name)
    sources = {c: load_chapter(config, c) for c in chapters}
    anchors = {c: frozenset(doc.headings) for c, (_, doc) in sources.items()}
    pages = config.known_pages()
    html = "html" in formats
    plan = Plan()
    if html:
        path = config.build_path(STYLESHEET_PATH)
        css = stylesheet(templates)
        if not path.exists() or path.read_text(encoding="utf-8") != css:
            plan.write(path, css)
    for language in languages:
        translating = language != config.source_language
        if translating:
            locale_name(language)
            glossary = load_project_glossary(config, language)
        for chapter in chapters:
            source, doc = sources[chapter]
            catalog, woven, findings = None, None, []
            if translating:
                catalog = _catalog(config, chapter, language, report)
            if catalog is not None:
                woven = weave(doc, translation_map(catalog.po), heading_ids=config.heading_ids)
                if html:  # the review page shows what `check` finds, in the text the page shows
                    keys = template_keys(config, chapter)
                    context = check_context(
                        config, chapter, language, doc, anchors, catalog, glossary, keys, rebuilt=woven, pages=pages
                    )
                    findings = run_checks(entries_of(catalog.po, catalog.text, doc), context)
            site = Site(chapter, published, config.source_language, templates=templates)
            outputs = publish(
                doc,
                language,
                catalog,
                site,
                source_language=config.source_language,
                html=html,
                heading_ids=config.heading_ids,
                findings=findings,
                woven=woven,
            )
            paths = {fmt: config.output_path(chapter, language, fmt) for fmt in formats}
            _plan_outputs(plan, outputs, source, paths, config.root, report)
    plan.carry_out(report)
    return 0


def build_file(source_path: Path, po_path: Path | None, output: Path, config: Config, report: Reporter) -> int:
    """One source file, with or without a catalog, to one output (`.md` or `.html`)."""
    fmt = output.suffix.lstrip(".")
    if fmt not in FORMATS:
        raise InputError(f"{output}: the output must end in .md or .html")
    source, doc = load(source_path, display(source_path, config.root), config)
    language = config.source_language
    catalog = None
    if po_path is not None:
        catalog = read_catalog(po_path, display(po_path, config.root))
        language = catalog.po.metadata.get("Language") or language
    site = single_file(Path(doc.path).stem, language, config.source_language)
    outputs = publish(
        doc,
        language,
        catalog,
        site,
        source_language=config.source_language,
        html=fmt == "html",
        heading_ids=config.heading_ids,
    )
    plan = Plan()
    _plan_outputs(plan, outputs, source, {fmt: output}, config.root, report)
    plan.carry_out(report)
    return 0


def _catalog(config: Config, chapter: str, language: str, report: Reporter) -> CatalogFile | None:
    po_path = config.po_path(chapter, language)
    if po_path.exists():
        return read_catalog(po_path, config.relative(po_path))
    report.warn(f"{config.relative(po_path)}: no catalog; run `mdgettext update -l {language}`")
    return None


def published_languages(config: Config, languages: Iterable[str]) -> dict[str, tuple[str, ...]]:
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


def _plan_outputs(
    plan: Plan, outputs: Outputs, source: SourceText, paths: dict[str, Path], root: Path, report: Reporter
) -> None:
    for warning in outputs.warnings:
        report.warn(warning)
    for fmt, path in paths.items():
        plan.write(path, source.restore(outputs.edits) if fmt == "md" else outputs.page or "")
        plan.lines.append(f"{display(path, root)}: {outputs.note}")
    if "html" in paths and outputs.review is not None:
        path = paths["html"].with_name(review_name(paths["html"].name))
        plan.write(path, outputs.review)
        plan.lines.append(f"{display(path, root)}: {outputs.review_note}")
