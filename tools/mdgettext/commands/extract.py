"""`mdgettext extract`: the English sources -> templates (.pot)."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from mdgettext.commands.common import project_info
from mdgettext.commands.options import add_jobs
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError, UsageError
from mdgettext.files import current_text, display
from mdgettext.model import Document
from mdgettext.pipeline import page_words as words_template
from mdgettext.pipeline.plan import Plan
from mdgettext.pipeline.pool import file_size, ordered
from mdgettext.pipeline.read import import_readers, load, load_chapter
from mdgettext.po import catalog
from mdgettext.po.catalog import Project
from mdgettext.po.writer import dumps
from mdgettext.project import PAGE_WORDS, Config
from mdgettext.report import counted

UNCLOSED_FENCE = "this code fence is never closed, so the rest of the file is code and nothing after it is offered for translation; close it"


@dataclass(frozen=True)
class Template:
    """One chapter's template as this run makes it, and what to tell the user about it."""

    path: Path
    text: str
    line: str  # "locale/x.pot: 12 messages (written)"
    unchanged: bool
    warnings: tuple[str, ...] = ()


def declare(command: ArgumentParser) -> None:
    """extract's options."""
    command.description = "Extract translatable text into templates."
    command.add_argument(
        "file", nargs="?", type=Path, metavar="FILE.md", help="one file instead of the project's sources"
    )
    command.add_argument("-o", "--output", type=Path, metavar="OUT.pot", help="the template to write (with FILE.md)")
    command.add_argument(
        "--page-words",
        action="store_true",
        help="also write locale/page.pot, the pages' own words ('Contents', 'Next', the review page's), for the "
        "project to translate in locale/LANG/LC_MESSAGES/page.po (`update` makes them); once it is there, every "
        "extract refreshes it",
    )
    add_jobs(command, "read")


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The project's templates, or one file's."""
    if args.file is None:
        return extract(config, report, args.jobs, args.page_words)
    if args.output is None:
        raise UsageError("extract FILE.md needs -o OUT.pot")
    return extract_file(config.root / args.file, config.root / args.output, config, report)


def extract(config: Config, report: Reporter, jobs: int | None = None, page_words: bool = False) -> int:
    """Every chapter's template, chapters in `jobs` processes (default: one per core);
    a template whose messages did not change is left alone. The page words' template
    too, with `page_words` or when the project has one already."""
    chapters = config.chapters()
    if not chapters:
        raise InputError(
            f"{config.relative(config.source_dir)}: no Markdown files to extract (is this the project folder?)"
        )
    work = partial(chapter_template, config, project_info(config))  # one creation date for every template
    plan = Plan()
    readers = partial(import_readers, [config.source_path(chapter) for chapter in chapters])
    made = ordered(work, chapters, jobs, lambda chapter: file_size(config.source_path(chapter)), readers)
    for done, chapter in enumerate(chapters):  # results come in chapter order: the one waited for is `chapter`
        report.progress(done, len(chapters), chapter)
        _stage(plan, next(made), report)
    if page_words or words_template.template_path(config).is_file():
        _page_words(config, plan, report)
    for orphan in sorted(set(config.templates()) - set(chapters)):
        report.warn(
            f"{config.relative(config.pot_path(orphan))}: no {config.relative(config.source_path(orphan))} any more; delete the template if the chapter is gone"
        )
    plan.carry_out(report)
    return 0


def _page_words(config: Config, plan: Plan, report: Reporter) -> None:
    if config.page_words_chapter():
        raise InputError(
            f"{config.relative(config.source_path(PAGE_WORDS))}: a chapter named {PAGE_WORDS} has "
            f"{config.relative(words_template.template_path(config))} for its template, so the page words cannot be there; "
            "rename the chapter to translate them in the project"
        )
    path, text, unchanged = words_template.template(config, project_info(config))
    _stage(
        plan,
        Template(
            path,
            text,
            f"{config.relative(path)}: the page words ({'unchanged' if unchanged else 'written'})",
            unchanged,
        ),
        report,
    )


def extract_file(source: Path, output: Path, config: Config, report: Reporter) -> int:
    """One file's template, for scripts and other projects."""
    _, doc = load(source, display(source, config.root), config)
    plan = Plan()
    _stage(
        plan, template_of(doc, project_info(config), output, display(output, config.root), config.references), report
    )
    plan.carry_out(report)
    return 0


def chapter_template(config: Config, project: Project, chapter: str) -> Template:
    """A chapter of the project read and its template made: the work of one process."""
    _, doc = load_chapter(config, chapter)
    path = config.pot_path(chapter)
    return template_of(doc, project, path, config.relative(path), config.references)


def template_of(doc: Document, project: Project, path: Path, shown: str, references: str = "full") -> Template:
    """A document's template, unchanged when only its creation date would change."""
    warnings = [f"{doc.path}: empty file: nothing to translate"] if not doc.segments and not doc.text.strip() else []
    warnings += [f"{note}: {UNCLOSED_FENCE}" for note in doc.notes]
    pot = catalog.template([doc], project, references)
    text = dumps(pot)
    unchanged = catalog.same_but_date(current_text(path), text)
    line = f"{shown}: {counted(len(pot), 'message')} ({'unchanged' if unchanged else 'written'})"
    return Template(path, text, line, unchanged, tuple(warnings))


def _stage(plan: Plan, made: Template, report: Reporter) -> None:
    """A template's warnings said now; the file staged unless unchanged, and its line."""
    for warning in made.warnings:
        report.warn(warning)
    if not made.unchanged:
        plan.write(made.path, made.text)
    plan.lines.append(made.line)
