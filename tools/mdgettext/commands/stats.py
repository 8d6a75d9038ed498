"""`mdgettext stats`: how far along each chapter and the whole book are."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from collections.abc import Sequence

from mdgettext.commands.options import add_locales, locales
from mdgettext.commands.terminal import Reporter
from mdgettext.files import message_keys, read_po
from mdgettext.locale import check_known
from mdgettext.pipeline.name import book_name
from mdgettext.pipeline.plan import Plan
from mdgettext.po import catalog
from mdgettext.project import Config
from mdgettext.publish import progress
from mdgettext.publish.links import STYLESHEET_PATH
from mdgettext.publish.templates import stylesheet
from mdgettext.report import counted, escape

PAGE = "progress.html"  # in the build folder


def declare(command: ArgumentParser) -> None:
    """stats's options."""
    command.description = (
        "Show translated, fuzzy and untranslated messages and words, per chapter and for the whole book."
    )
    add_locales(command)
    command.add_argument(
        "--format", dest="stats_format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    command.add_argument("--html", action="store_true", help="also write the progress page, build/progress.html")


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The progress of the languages asked for."""
    languages = locales(args.locale, config.configured_locales())
    return stats(config, languages, report, fmt=args.stats_format, html=args.html)


def stats(config: Config, languages: Sequence[str], report: Reporter, fmt: str = "text", html: bool = False) -> int:
    """A row per chapter and the book's total, as a table or JSON; with `html`, the progress page too."""
    # Where the page goes and what it is made from, each refused before any work as `build` refuses it.
    folders = (config.build_folder, config.templates_folder) if html else None
    rows = progress_rows(config, languages, report)
    if fmt == "json":
        print(progress.as_json(rows), file=report.out)
    else:  # the table is what was asked for, as check's findings are: `-q` keeps it
        for line in progress.table(rows).split("\n"):
            print(escape(line), file=report.out)
    if folders is not None:
        plan = Plan()
        page, css_path = config.build_path(PAGE), config.build_path(STYLESHEET_PATH)
        templates = folders[1]
        plan.write(page, progress.page(rows, book_name(config), STYLESHEET_PATH, templates))
        css = stylesheet(templates)
        if not css_path.is_file() or css_path.read_text(encoding="utf-8") != css:
            plan.write(css_path, css)
        if fmt != "json":
            plan.lines.append(f"{config.relative(page)}: progress of {counted(len(rows), 'catalog')}")
        plan.carry_out(report)
    return 0


def progress_rows(config: Config, languages: Sequence[str], report: Reporter) -> list[progress.Row]:
    """Every chapter in every language; a chapter with no catalog yet counts its template as untranslated."""
    rows = []
    chapters = config.chapters()
    for language in languages:
        check_known(language)
        for chapter in chapters:
            po_path, pot_path = config.po_path(chapter, language), config.pot_path(chapter)
            if po_path.exists():
                found = read_po(po_path, config.relative(po_path))
                template = message_keys(pot_path, config.relative(pot_path)) if pot_path.exists() else None
                rows.append(progress.Row(language, chapter, catalog.stats(found, template), config.relative(po_path)))
                continue
            report.warn(f"{config.relative(po_path)}: no catalog; run `mdgettext update -l {language}`")
            if pot_path.exists():
                rows.append(
                    progress.Row(language, chapter, catalog.stats(read_po(pot_path, config.relative(pot_path))), None)
                )
    return rows
