"""`mdgettext build`: each chapter in each language -> build/<lang>/<name>.md, .html, .review.html.

Only what changed since the last build is redone (cache.py keeps the record in the build folder; `--force`
ignores it), and chapters are built in parallel processes (`-j N`, default one per core). The files are
written here, all at once and in chapter order, so the bytes are the same whatever order the work finished in.
"""

from __future__ import annotations

import os
from argparse import ArgumentParser, Namespace
from collections.abc import Sequence
from pathlib import Path

from mdgettext import __version__, cache
from mdgettext.commands.languages import require_catalogs, tell_missing_words
from mdgettext.commands.options import add_jobs, add_locales, locales
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError, UsageError
from mdgettext.locale import check_code
from mdgettext.pipeline import noop, stale
from mdgettext.project import Config
from mdgettext.report import counted, escape
from mdgettext.shown import display

FORMATS = ("md", "html")
STYLESHEET_JOB = "stylesheet"


def declare(command: ArgumentParser) -> None:
    """build's options."""
    command.description = "Build translated Markdown and HTML into the build folder."
    command.add_argument(
        "file", nargs="?", type=Path, metavar="FILE.md", help="one source file instead of the project's"
    )
    add_locales(command, default="every configured locale plus the source language")
    command.add_argument("--format", default="md,html", metavar="md,html", help="output formats (default: md,html)")
    command.add_argument("--po", type=Path, metavar="IN.po", help="the catalog to use (with FILE.md)")
    command.add_argument(
        "-o", "--output", type=Path, metavar="OUT.md|OUT.html", help="the file to write (with FILE.md)"
    )
    add_jobs(command, "build")
    command.add_argument(
        "--force",
        action="store_true",
        help="rebuild every chapter, even those whose inputs have not changed since the last build, and replace "
        "translated Markdown outside the build folder that no build or import here has read as it is",
    )


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The project's chapters in the languages asked for, or one file."""
    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise UsageError(f"--format: unknown format {bad[0] if bad else '(none)'!r} (choose from md, html)")
    root = config.root
    if args.file is None:
        default = (*config.configured_locales(), config.source_language)
        return build(config, locales(args.locale, default), formats, report, args.jobs, args.force)
    if args.output is None:
        raise UsageError("build FILE.md needs -o OUT.md or -o OUT.html")
    if args.locale and len(args.locale) > 1:
        raise UsageError("build FILE.md takes one -l LANG")
    po = root / args.po if args.po is not None else None
    return build_file(root / args.file, po, root / args.output, config, report, args.locale[0] if args.locale else None)


def build(
    config: Config,
    languages: Sequence[str],
    formats: Sequence[str],
    report: Reporter,
    jobs: int | None = None,
    force: bool = False,
) -> int:
    """Every chapter in every language asked for that is out of date, and the stylesheet once.
    Deciding costs a hash of the inputs and imports no reader, nor Babel: the pipeline is
    imported only when there is work, and each language checked against Babel's locales then
    (a record of a build in a language is a build that checked it, with the same version)."""
    for language in languages:
        check_code(language)  # a code, before it names a folder
    chapters = config.chapters()
    if not chapters:
        raise InputError(f"{config.relative(config.source_dir)}: no Markdown files to build")
    build_dir, templates = config.build_folder, config.templates_folder
    record = cache.Record(config.root) if force else cache.load(build_dir, config.root)
    published = stale.published_languages(config, chapters, languages)
    templates_digest = cache.tree_digest(templates, config.inside)
    keys = stale.job_keys(config, chapters, languages, formats, published, templates_digest)
    due = {
        c: tuple(lang for lang in languages if not record.fresh(stale.job_name(lang, c, formats), keys[lang, c]))
        for c in chapters
    }
    css_key = cache.digest(__version__, templates_digest)
    css_stale = "html" in formats and not record.fresh(STYLESHEET_JOB, css_key)
    total = len(chapters) * len(languages)
    shown, builds = display(build_dir, config.root), counted(total, "chapter build")
    if not css_stale and not any(due.values()):
        line = f"{shown}: up to date ({builds}; --force redoes them)"
        report.info(line)
        if noop.watchable(
            config.root, (build_dir, config.source_dir, config.locale_folder, templates, config.root / config.assets)
        ):
            noop.remember(str(build_dir), "" if report.quiet else escape(line) + "\n")  # the next one answers early
        return 0
    require_catalogs(config, languages)
    from mdgettext.files import write_all
    from mdgettext.pipeline.assets import copies
    from mdgettext.pipeline.jobs import Job
    from mdgettext.pipeline.jobs import run as build_chapters
    from mdgettext.pipeline.judged import load_project_glossary
    from mdgettext.pipeline.plan import Plan, keep_edits
    from mdgettext.publish.links import REVIEW_SCRIPT, REVIEW_SCRIPT_PATH, STYLESHEET_PATH

    pages, translated = config.known_pages(chapters), [lang for lang in languages if lang != config.source_language]
    glossaries = {lang: load_project_glossary(config, lang) for lang in translated}  # read once, for every chapter
    todo = [Job(c, langs, tuple(formats), published, pages, glossaries, templates) for c, langs in due.items() if langs]
    tell_missing_words(config, due, formats, report)
    plan = Plan()
    if css_stale:
        from mdgettext.publish.templates import static_file, stylesheet  # Jinja2's package: only when pages are made

        plan.write(config.build_path(STYLESHEET_PATH), stylesheet(templates))
        plan.write(config.build_path(REVIEW_SCRIPT_PATH), static_file(REVIEW_SCRIPT))
    results = []
    built = iter(build_chapters(config, todo, jobs))
    for finished, job in enumerate(todo):  # each result comes in chapter order: the one waited for is `job`
        report.progress(finished, len(todo), f"{job.chapter} ({', '.join(job.languages)})")
        results.append(next(built))
    for done in results:
        for warning in done.warnings:
            report.warn(warning)
        plan.writes.extend(done.writes)
        plan.lines.extend(done.lines)
    if unchanged := total - sum(len(job.languages) for job in todo):
        plan.lines.append(f"{shown}: {unchanged} of {builds} up to date")
    keep_edits(config, plan.writes, record, force)  # a translation in the repository that a person changed
    plan.writes.extend(copies(config, {pair for done in results for pair in done.images}))  # the pages' images
    writable(config.build_folder, config.relative(config.build_path(cache.NAME)))  # the record, written after the pages
    plan.carry_out(report)
    for job, done in zip(todo, results, strict=True):
        for language, outputs in done.outputs.items():
            record.done(stale.job_name(language, job.chapter, formats), keys[language, job.chapter], outputs)
    if css_stale:
        record.done(
            STYLESHEET_JOB, css_key, [config.build_path(STYLESHEET_PATH), config.build_path(REVIEW_SCRIPT_PATH)]
        )
    write_all([(config.build_path(cache.NAME), cache.encode(record))])
    return 0


def writable(folder: Path, shown: str) -> None:
    """Refuse before any page is written when the build's record cannot be written
    after them: pages replaced with no record would be rebuilt, or trusted, wrongly."""
    import tempfile

    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".mdgettext-probe.", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        raise InputError(f"{shown}: cannot write: {err.strerror or err}") from err


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
