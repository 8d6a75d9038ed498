"""The commands' work: read files, run the pure pipeline, write results, report.

Each command returns an exit code and reports through `Reporter`, so the CLI
layer is only argument parsing, and tests can call these directly.
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TextIO

import polib

from . import catalog, checks, page, pofile, pomerge, release, review
from .align import align
from .importer import CatalogMismatch, fill
from . import report as reports
from .catalog import Project
from .files import InputError, SourceText, parse_po, read_po, read_po_text, read_source, write_all, write_po, write_text
from .frontmatter import FrontMatterError
from .checks.entry import Context, Glossary, entries_of
from .checks.names import authors, load_glossary
from .model import Diagnostic, Document, Location, Severity, TranslationMap
from .project import Config
from .segment import SegmentationError, segment
from .weave import weave

FORMATS = ("md", "html")


@dataclass
class Reporter:
    quiet: bool = False
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)

    def info(self, line: str) -> None:
        if not self.quiet:
            print(line, file=self.out)

    def warn(self, line: str) -> None:
        print(f"mdgettext: warning: {line}", file=self.err)


@dataclass
class Plan:
    """The files a command will write, gathered before any is written: if an input
    is bad, the command stops with nothing on disk changed, never half a project."""

    writes: list[tuple[Path, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def write(self, path: Path, text: str) -> None:
        self.writes.append((path, text))

    def carry_out(self, report: Reporter) -> None:
        write_all(self.writes)
        for line in self.lines:
            report.info(line)


def creation_date() -> str:
    """Now, or SOURCE_DATE_EPOCH for reproducible builds, in gettext's header format."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    stamp = time.gmtime(int(epoch)) if epoch and epoch.isdigit() else time.gmtime()
    return time.strftime("%Y-%m-%d %H:%M+0000", stamp)


def project_info(config: Config) -> Project:
    return Project(config.name, config.version, creation_date())


def load(path: Path, display: str, keys: Sequence[str]) -> tuple[SourceText, Document]:
    """A source file and its segments; parse problems become one-line input errors."""
    source = read_source(path, display)
    try:
        return source, segment(source.text, display, keys)
    except FrontMatterError as err:
        raise InputError(f"{display}:{err.line + 2}: {err}; fix the YAML between the --- lines") from err
    except SegmentationError as err:
        raise InputError(f"{display}: {err}") from err


# ---------------------------------------------------------------- extract


def extract(config: Config, report: Reporter) -> int:
    chapters = config.chapters()
    if not chapters:
        raise InputError(f"{config.relative(config.source_dir)}: no Markdown files to extract (is this the project folder?)")
    project = project_info(config)
    plan = Plan()
    for chapter in chapters:
        path = config.source_path(chapter)
        _, doc = load(path, config.relative(path), config.front_matter_keys)
        if not doc.segments and not doc.text.strip():
            report.warn(f"{config.relative(path)}: empty file: nothing to translate")
        for note in doc.notes:
            report.warn(f"{note}: this code fence is never closed, so the rest of the file is code and nothing after it is offered for translation; close it")
        _plan_template(plan, config.pot_path(chapter), catalog.template([doc], project), config.relative(config.pot_path(chapter)))
    for orphan in sorted(set(config.templates()) - set(chapters)):
        report.warn(f"{config.relative(config.pot_path(orphan))}: no {config.relative(config.source_path(orphan))} any more; delete the template if the chapter is gone")
    plan.carry_out(report)
    return 0


def extract_file(source: Path, output: Path, config: Config, report: Reporter) -> int:
    _, doc = load(source, _display(source, config.root), config.front_matter_keys)
    plan = Plan()
    _plan_template(plan, output, catalog.template([doc], project_info(config)), _display(output, config.root))
    plan.carry_out(report)
    return 0


def _plan_template(plan: Plan, path: Path, pot: polib.POFile, display: str) -> None:
    """Write a template unless only its creation date would change."""
    unchanged = path.exists() and catalog.same_content(read_po(path, display), pot)
    if not unchanged:
        plan.write(path, pofile.dumps(pot))
    plan.lines.append(f"{display}: {len(pot)} messages ({'unchanged' if unchanged else 'written'})")


# ---------------------------------------------------------------- update


def update(config: Config, languages: Sequence[str], report: Reporter) -> int:
    chapters = [c for c in config.chapters() if config.pot_path(c).exists()]
    if not chapters:
        raise InputError(f"{config.locale_dir}: no templates (.pot); run `mdgettext extract` first")
    project = project_info(config)
    plan = Plan()
    for language in languages:
        catalog.locale_name(language)
        _refuse_orphans(config, language, chapters)
        for chapter in chapters:
            pot_path = config.pot_path(chapter)
            pot = read_po(pot_path, config.relative(pot_path))
            po_path = config.po_path(chapter, language)
            display = config.relative(po_path)
            old_text = read_po_text(po_path, display) if po_path.exists() else None
            if old_text is not None:
                po = catalog.merge(parse_po(old_text, display), pot)
            else:
                po = catalog.new_catalog(pot, language, project, creation_date())
            text = pofile.dumps(po)
            if text != old_text:
                plan.write(po_path, text)
            s = catalog.stats(po)
            obsolete = sum(1 for e in po if e.obsolete)
            plan.lines.append(
                f"{display}: {s.translated} translated, {s.fuzzy} fuzzy, {s.untranslated} untranslated, "
                f"{obsolete} obsolete ({'unchanged' if text == old_text else 'written'})"
            )
    plan.carry_out(report)
    return 0


def _refuse_orphans(config: Config, language: str, chapters: Sequence[str]) -> None:
    """A catalog must belong to a chapter with a source and a template."""
    for name in config.catalogs(language):
        if name in chapters:
            continue
        po = config.relative(config.po_path(name, language))
        if config.source_path(name).exists():
            raise InputError(f"{po}: its template {config.relative(config.pot_path(name))} is missing; run `mdgettext extract` first")
        raise InputError(
            f"{po}: no chapter {config.relative(config.source_path(name))} any more; if it was renamed, "
            "rename the catalog the same way (`git mv`), or delete it (its translations stay in git history)"
        )


# ---------------------------------------------------------------- build


def build(config: Config, languages: Sequence[str], formats: Sequence[str], report: Reporter) -> int:
    chapters = config.chapters()
    if not chapters:
        raise InputError(f"{config.relative(config.source_dir)}: no Markdown files to build")
    published = release.published(config, languages)
    templates = config.root / "templates"  # the project's overrides of the page templates
    sources = {c: load(config.source_path(c), config.relative(config.source_path(c)), config.front_matter_keys) for c in chapters}
    anchors = {c: frozenset(doc.headings) for c, (_, doc) in sources.items()}
    plan = Plan()
    if "html" in formats:
        stylesheet = config.root / config.build_dir / page.STYLESHEET_PATH
        css = page.stylesheet(templates)
        if not stylesheet.exists() or stylesheet.read_text(encoding="utf-8") != css:
            plan.write(stylesheet, css)
    for language in languages:
        if language != config.source_language:
            catalog.locale_name(language)
            glossary = _glossary(config, language)
        for chapter in chapters:
            source, doc = sources[chapter]
            translations = TranslationMap()
            catalog_file, findings = None, ()
            if language != config.source_language:
                po_path = config.po_path(chapter, language)
                if po_path.exists():
                    display = config.relative(po_path)
                    text = read_po_text(po_path, display)
                    po = parse_po(text, display)
                    translations = catalog.translation_map(po)
                    catalog_file = review.CatalogFile(po, text, display)
                    if "html" in formats:  # the review page shows what `check` finds
                        ctx = _check_context(config, chapter, language, doc, anchors, display, glossary)
                        findings = tuple(checks.run_checks(entries_of(po, text, doc), ctx))
                else:
                    report.warn(f"{config.relative(po_path)}: no catalog; run `mdgettext update -l {language}`")
            outputs = {fmt: config.output_path(chapter, language, fmt) for fmt in formats}
            site = page.Site(chapter, published, config.source_language, templates=templates)
            _build_one(plan, source, doc, translations, language, outputs, config, report, catalog_file, site, findings)
    plan.carry_out(report)
    return 0


def build_file(source_path: Path, po_path: Path | None, output: Path, config: Config, report: Reporter) -> int:
    fmt = output.suffix.lstrip(".")
    if fmt not in FORMATS:
        raise InputError(f"{output}: the output must end in .md or .html")
    source, doc = load(source_path, _display(source_path, config.root), config.front_matter_keys)
    translations = TranslationMap()
    language = config.source_language
    catalog_file = None
    if po_path is not None:
        display = _display(po_path, config.root)
        text = read_po_text(po_path, display)
        po = parse_po(text, display)
        translations = catalog.translation_map(po)
        language = po.metadata.get("Language") or language
        catalog_file = review.CatalogFile(po, text, display)
    plan = Plan()
    _build_one(plan, source, doc, translations, language, {fmt: output}, config, report, catalog_file)
    plan.carry_out(report)
    return 0


def _build_one(
    plan: Plan,
    source: SourceText,
    doc: Document,
    translations: TranslationMap,
    language: str,
    outputs: dict[str, Path],
    config: Config,
    report: Reporter,
    catalog_file: review.CatalogFile | None = None,
    site: page.Site | None = None,
    findings: Sequence[Diagnostic] = (),
) -> None:
    """One chapter in one language: the Markdown, the HTML page and, for a
    translation, its review page. Unsafe translations are refused for both outputs
    (the Markdown goes to the Jekyll site too) and counted as fallbacks."""
    messages = len({(s.context, s.msgid) for s in doc.segments})
    woven, refused = None, {}
    if language == config.source_language:
        text, note = doc.text, "source text"
    else:
        translations, refused, warnings = release.refuse_unsafe(doc, translations, catalog_file)
        for warning in warnings:
            report.warn(warning)
        woven = weave(doc, translations, heading_ids=config.heading_ids)
        fallbacks = len({(s.context, s.msgid) for s in woven.fallbacks})
        text, note = woven.text, f"{fallbacks} of {messages} messages fell back to English"
    chapter = Path(doc.path).stem
    site = site or page.single_file(chapter, language, config.source_language)
    for fmt, path in outputs.items():
        if fmt == "md":
            content = source.restore(text)
        else:
            content = page.chapter_page(text, language, doc.headings, site, release.fallbacks(woven, messages))
        plan.write(path, content)
        plan.lines.append(f"{_display(path, config.root)}: {note}")
    if "html" in outputs and catalog_file is not None and site.stylesheet:
        content, rows = review.review_page(doc, catalog_file, language, site, refused, findings)
        path = outputs["html"].with_name(release.review_name(outputs["html"].name))
        plan.write(path, content)
        plan.lines.append(f"{_display(path, config.root)}: {release.summary(rows)}")


# ---------------------------------------------------------------- check


@dataclass(frozen=True)
class CheckOptions:
    strict: bool = False
    fmt: str = "text"
    min_translated: float | None = None
    select: tuple[str, ...] = ()  # codes or families ("links") to report; empty: all
    ignore: tuple[str, ...] = ()


def check(config: Config, languages: Sequence[str], options: CheckOptions, report: Reporter) -> int:
    """Check every catalog; exit 1 if anything is at error level (warnings too under --strict)."""
    chapters = [c for c in config.chapters() if config.pot_path(c).exists()]
    if not chapters:
        raise InputError(f"{config.locale_dir}: no templates (.pot); run `mdgettext extract` first")
    docs = {c: load(config.source_path(c), config.relative(config.source_path(c)), config.front_matter_keys)[1] for c in chapters}
    anchors = {c: frozenset(d.headings) for c, d in docs.items()}
    minimum = options.min_translated if options.min_translated is not None else (100.0 if options.strict else None)
    findings: list[Diagnostic] = []
    catalogs = entries = translated = 0
    for language in languages:
        catalog.locale_name(language)
        glossary = _glossary(config, language)
        for chapter in chapters:
            po_path = config.po_path(chapter, language)
            display = config.relative(po_path)
            if not po_path.exists():
                findings.append(
                    Diagnostic(Location(display, 1), "completeness.stale", Severity.ERROR, f"no catalog for {chapter}; run `mdgettext update -l {language}`")
                )
                continue
            po_text = read_po_text(po_path, display)
            po = parse_po(po_text, display)
            ctx = _check_context(config, chapter, language, docs[chapter], anchors, display, glossary, minimum)
            found = checks.run_checks(entries_of(po, po_text, docs[chapter]), ctx)
            findings.extend(found)
            live = [e for e in po if e.msgid and not e.obsolete]
            catalogs += 1
            entries += len(live)
            translated += sum(1 for e in live if e.msgstr and not e.fuzzy)
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


def _glossary(config: Config, language: str) -> Glossary:
    path = config.glossary_path(language)
    return load_glossary(read_po(path, config.relative(path))) if path.exists() else Glossary()


def _check_context(
    config: Config,
    chapter: str,
    language: str,
    doc: Document,
    anchors: Mapping[str, frozenset[str]],
    po_display: str,
    glossary: Glossary,
    minimum: float | None = None,
) -> Context:
    """What the checks of one catalog need; `check` and the review page share it,
    so the page shows exactly what `check` reports."""
    pot_path = config.pot_path(chapter)
    pot = read_po(pot_path, config.relative(pot_path))
    return Context(
        language=language,
        doc=doc,
        po_path=po_display,
        glossary=glossary,
        names=authors(doc.meta),
        pages=config.known_pages(),
        anchors=anchors,
        page=chapter,
        template_keys=frozenset((e.msgctxt, e.msgid) for e in pot if e.msgid),
        min_translated=minimum,
        heading_ids=config.heading_ids,
    )


def _selected(code: str, options: CheckOptions) -> bool:
    def matches(patterns: tuple[str, ...]) -> bool:
        return any(code == p or code.startswith(p + ".") for p in patterns)

    return (not options.select or matches(options.select)) and not matches(options.ignore)


def _escalate(d: Diagnostic, strict: bool) -> Diagnostic:
    if strict and d.severity is Severity.WARNING:
        return Diagnostic(d.location, d.code, Severity.ERROR, d.message, d.source)
    return d


# ---------------------------------------------------------------- merge driver


def merge_driver(base: Path, ours: Path, theirs: Path, report: Reporter) -> int:
    """git's merge driver for catalogs: `%O %A %B`, the result written over %A."""
    catalogs = [_catalog_or_empty(path) for path in (base, ours, theirs)]
    merged = pomerge.merge3(*catalogs)
    write_text(ours, pofile.dumps(merged.po))
    if merged.conflicts:
        report.warn(
            f"{ours}: {len(merged.conflicts)} entries were translated differently on both branches; "
            "ours is kept and marked fuzzy, theirs is in a translator comment: review them"
        )
    return 0


def _catalog_or_empty(path: Path) -> polib.POFile:
    text = read_po_text(path, str(path))
    return parse_po(text, str(path)) if text.strip() else polib.POFile()


# ---------------------------------------------------------------- stats


def stats(config: Config, languages: Sequence[str], report: Reporter) -> int:
    rows = []
    for language in languages:
        for chapter in config.chapters():
            po_path = config.po_path(chapter, language)
            if not po_path.exists():
                report.warn(f"{config.relative(po_path)}: no catalog; run `mdgettext update -l {language}`")
                continue
            s = catalog.stats(read_po(po_path, config.relative(po_path)))
            rows.append((config.relative(po_path), s))
    for name, s in rows:
        report.info(
            f"{name}: {s.percent:.1f}% translated; messages: {s.translated} translated, {s.fuzzy} fuzzy, "
            f"{s.untranslated} untranslated; words: {s.translated_words} translated, {s.fuzzy_words} fuzzy, "
            f"{s.untranslated_words} untranslated"
        )
    return 0


def _display(path: Path, root: Path) -> str:
    """Paths relative to where the command runs, as the user typed them."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- import


def import_translation(
    config: Config,
    translated: Path,
    language: str,
    source: Path | None,
    report: Reporter,
    fuzzy: bool = False,
    overwrite: bool = False,
    dry_run: bool = False,
) -> int:
    """Align a Markdown file translated in place with its source; its translations go into the catalog."""
    catalog.locale_name(language)
    if source is None:
        same_name = [c for c in config.chapters() if PurePosixPath(c).name == translated.stem]
        if len(same_name) > 1:
            choices = ", ".join(config.relative(config.source_path(c)) for c in same_name)
            raise InputError(f"{_display(translated, config.root)}: several chapters are named {translated.name} ({choices}); say which with --source")
        source = config.source_path(same_name[0]) if same_name else config.source_dir / translated.name
    source_display = _display(source, config.root)
    try:
        chapter = source.resolve().relative_to(config.source_dir.resolve()).with_suffix("").as_posix()
    except ValueError:
        raise InputError(f"{source_display}: not under {config.source}; the catalog is named after the source's place there") from None
    _, source_doc = load(source, source_display, config.front_matter_keys)
    _, translated_doc = load(translated, _display(translated, config.root), config.front_matter_keys)
    po_path, pot_path = config.po_path(chapter, language), config.pot_path(chapter)
    po_display = config.relative(po_path)
    if po_path.exists():
        po, stale = read_po(po_path, po_display), f"{po_display}: older than {source_display}"
        advice = f"run `mdgettext extract` and `mdgettext update -l {language}` first"
    elif pot_path.exists():
        po = catalog.new_catalog(read_po(pot_path, config.relative(pot_path)), language, project_info(config), creation_date())
        stale, advice = f"{config.relative(pot_path)}: older than {source_display}", "run `mdgettext extract` first"
    else:
        raise InputError(f"{config.relative(pot_path)}: no template; run `mdgettext extract` first")
    try:
        result = fill(po, align(source_doc, translated_doc), fuzzy=fuzzy, overwrite=overwrite)
    except CatalogMismatch as err:
        raise InputError(f"{stale} (no message for line {err.segment.location.line}); {advice}") from None
    for outcome in result.outcomes:
        report.info(str(outcome))
    text = pofile.dumps(po)
    if dry_run:
        state = "dry run: nothing written"
    elif po_path.exists() and po_path.read_text(encoding="utf-8") == text:
        state = "unchanged"
    else:
        write_po(po_path, po)
        state = "written"
    report.info(f"{po_display}: {result.summary()}; catalog entries changed: {result.imported} ({state})")
    return 0
