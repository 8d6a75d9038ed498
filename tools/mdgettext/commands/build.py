"""`mdgettext build`: each chapter in each language -> build/<lang>/<name>.md, .html, .review.html.

Only what changed since the last build is redone (cache.py keeps the record in the build folder; `--force`
ignores it), and chapters are built in parallel processes (`-j N`, default one per core). The files are
written here, all at once and in chapter order, so the bytes are the same whatever order the work finished in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path

from mdgettext import __version__, cache
from mdgettext.commands.languages import require_catalogs, tell_missing_words
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import display, write_all
from mdgettext.project import Config
from mdgettext.report import counted

FORMATS = ("md", "html")
STYLESHEET_JOB = "stylesheet"


def build(
    config: Config,
    languages: Sequence[str],
    formats: Sequence[str],
    report: Reporter,
    jobs: int | None = None,
    force: bool = False,
) -> int:
    """Every chapter in every language asked for that is out of date, and the stylesheet once.
    Deciding costs a hash of the inputs; the pipeline is imported only when there is work."""
    require_catalogs(config, languages)
    chapters = config.chapters()
    if not chapters:
        raise InputError(f"{config.relative(config.source_dir)}: no Markdown files to build")
    build_dir, templates = config.build_folder, config.templates_folder
    record = cache.Record() if force else cache.load(build_dir)
    published = published_languages(config, chapters, languages)
    templates_digest = cache.tree_digest(templates, config.inside)
    keys = job_keys(config, chapters, languages, formats, published, templates_digest)
    stale = {
        c: tuple(lang for lang in languages if not record.fresh(_name(lang, c, formats), keys[lang, c]))
        for c in chapters
    }
    css_key = cache.digest(__version__, templates_digest)
    css_stale = "html" in formats and not record.fresh(STYLESHEET_JOB, css_key)
    total = len(chapters) * len(languages)
    shown, builds = display(build_dir, config.root), counted(total, "chapter build")
    if not css_stale and not any(stale.values()):
        report.info(f"{shown}: up to date ({builds}; --force redoes them)")
        return 0
    from mdgettext.pipeline.assets import copies
    from mdgettext.pipeline.jobs import Job, run
    from mdgettext.pipeline.judged import load_project_glossary
    from mdgettext.pipeline.plan import Plan, keep_edits
    from mdgettext.publish.links import STYLESHEET_PATH

    pages, translated = config.known_pages(chapters), [lang for lang in languages if lang != config.source_language]
    glossaries = {lang: load_project_glossary(config, lang) for lang in translated}  # read once, for every chapter
    todo = [
        Job(c, langs, tuple(formats), published, pages, glossaries, templates) for c, langs in stale.items() if langs
    ]
    tell_missing_words(stale, formats, report)
    plan = Plan()
    if css_stale:
        from mdgettext.publish.templates import stylesheet  # Jinja2's package: only when pages are made

        plan.write(config.build_path(STYLESHEET_PATH), stylesheet(templates))
    results = list(run(config, todo, jobs))
    for done in results:
        for warning in done.warnings:
            report.warn(warning)
        plan.writes.extend(done.writes)
        plan.lines.extend(done.lines)
    if unchanged := total - sum(len(job.languages) for job in todo):
        plan.lines.append(f"{shown}: {unchanged} of {builds} up to date")
    keep_edits(config, plan.writes, record, force)  # a translation in the repository that a person changed
    plan.writes.extend(copies(config, {pair for done in results for pair in done.images}))  # the pages' images
    plan.carry_out(report)
    for job, done in zip(todo, results, strict=True):
        for language, outputs in done.outputs.items():
            record.done(_name(language, job.chapter, formats), keys[language, job.chapter], outputs)
    if css_stale:
        record.done(STYLESHEET_JOB, css_key, [config.build_path(STYLESHEET_PATH)])
    write_all([(config.build_path(cache.NAME), cache.encode(record))])
    return 0


def job_keys(
    config: Config,
    chapters: Sequence[str],
    languages: Sequence[str],
    formats: Sequence[str],
    published: dict[str, tuple[str, ...]],
    templates_digest: str,
) -> dict[tuple[str, str], str]:
    """Each chapter's input key per language: what the book shares (the tool, settings, images, the
    README naming the book, templates, sources, pages), then the chapter's catalog and the glossary."""
    file = partial(cache.file_digest, display=config.relative)  # one that cannot be read: its path
    read = ((config.root / config.assets, "**/*"), (config.root, "README.md"))  # stamps; beside: the chapters' images
    beside = cache.listed_digest(config.source_dir, config.beside(), config.inside)
    shared = cache.digest(
        cache.digest(__version__, repr(config), beside, *(cache.stamps_digest(f, config.inside, g) for f, g in read)),
        templates_digest,
        *(f"{c}={file(config.source_path(c))}" for c in chapters),
        repr(sorted(published.items())),
        ",".join(formats),
    )
    glossaries = {lang: file(config.glossary_path(lang)) for lang in languages}
    return {
        (lang, c): cache.digest(shared, lang, c, file(config.po_path(c, lang)), glossaries[lang])
        for lang in languages
        for c in chapters
    }


def _name(language: str, chapter: str, formats: Sequence[str]) -> str:
    return f"{language}/{chapter} {'+'.join(formats)}"


def build_file(
    source_path: Path, po_path: Path | None, output: Path, config: Config, report: Reporter, language: str | None = None
) -> int:
    """One source file, with or without a catalog, to one output (`.md` or `.html`)."""
    from mdgettext.pipeline import jobs

    if output.suffix.lstrip(".") not in FORMATS:
        raise InputError(f"{output}: the output must end in .md or .html")
    done = jobs.build_file(config, source_path, po_path, output, language)
    for warning in done.warnings:
        report.warn(warning)
    done.carry_out(report)
    return 0


def published_languages(
    config: Config, chapters: Sequence[str], languages: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """Every chapter and the languages a page links to for it: the source language when this build
    makes it or an earlier one did, then each configured or requested locale that has a catalog for
    it. A language switcher never points at a page that is not there."""
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
        for chapter in chapters
    }
