"""`mdgettext check`: every catalog against its source; the CI gate."""

from __future__ import annotations

import os
from argparse import ArgumentParser, ArgumentTypeError, Namespace
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mdgettext import report as reports
from mdgettext.checks import CODES, Context, Entry, chosen, entries_of, reported, run_book_checks, run_checks
from mdgettext.checks.typography import LANGUAGES_OF
from mdgettext.commands.common import templates_required
from mdgettext.commands.languages import require_catalogs
from mdgettext.commands.options import add_locales, locales
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import UsageError
from mdgettext.files import read_catalog
from mdgettext.locale import check_known
from mdgettext.model import Diagnostic, Location, Severity
from mdgettext.pipeline.judged import Chapter, check_context, load_project_glossary, template_keys
from mdgettext.pipeline.read import load_chapter
from mdgettext.po.catalog import stats
from mdgettext.project import Config
from mdgettext.publish.words import words


@dataclass(frozen=True)
class CheckOptions:
    """How `check` reports: strictness, format, and which codes count."""

    strict: bool = False
    fmt: str = "text"
    min_translated: float | None = None
    select: tuple[str, ...] = ()  # codes or families ("links") to report; empty: all
    ignore: tuple[str, ...] = ()


def declare(command: ArgumentParser) -> None:
    """check's options."""
    command.description = "Check catalogs against their sources. Exit 0: nothing at error level; 1: errors found; 2: usage or input error."
    add_locales(command)
    command.add_argument(
        "--strict",
        action="store_true",
        help="warnings are errors, and every catalog must be 100%% translated unless --min-translated says otherwise",
    )
    command.add_argument(
        "--format",
        dest="check_format",
        choices=reports.FORMATS,
        default="text",
        help="text (default), json, or github (Actions annotations)",
    )
    command.add_argument(
        "--min-translated",
        type=_percent,
        metavar="PCT",
        help="share of translated messages each catalog needs (default: 100 under --strict)",
    )
    command.add_argument(
        "--select",
        default="",
        metavar="CODES",
        help="only these codes or families, comma-separated (e.g. links,markup.code)",
    )
    command.add_argument("--ignore", default="", metavar="CODES", help="never these codes or families, comma-separated")
    command.add_argument("--list", action="store_true", help="list every check code and what it means, and exit")


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The catalogs of the languages asked for, checked; or, with --list, the codes."""
    if args.list:
        for code, meaning in sorted(CODES.items()):
            only = f" (only in {', '.join(LANGUAGES_OF[code])})" if code in LANGUAGES_OF else ""
            print(f"{code:34} {meaning}{only}")
        return 0
    options = CheckOptions(
        strict=args.strict,
        fmt=args.check_format,
        min_translated=args.min_translated,
        select=_codes(args.select, "--select"),
        ignore=_codes(args.ignore, "--ignore"),
    )
    return check(config, locales(args.locale, config.configured_locales()), options, report)


def _codes(text: str, option: str) -> tuple[str, ...]:
    try:
        return chosen(text)
    except ValueError as err:  # a typo that selected nothing would switch the CI gate off without a word
        raise UsageError(f"{option}: {err}") from None


def _percent(text: str) -> float:
    """A share from 0 to 100: `nan` would switch the gate off, 150 could never pass."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value <= 100:  # nan too
        raise ArgumentTypeError(f"{text!r} is not a percentage from 0 to 100")
    return value


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
    require_catalogs(config, languages)
    for language in languages:
        check_known(language)
        words(language, config.own_page_words())  # the page words the build reads: a broken catalog stops check too
        glossary = load_project_glossary(config, language)
        book: list[tuple[Sequence[Entry], Context]] = []  # the language's catalogs side by side
        for done, chapter in enumerate(chapters):
            po_path = config.po_path(chapter, language)
            shown = config.relative(po_path)
            report.progress(done, len(chapters), shown)
            if not po_path.exists():
                message = f"no catalog for {chapter}; run `mdgettext update -l {language}`"
                findings.append(Diagnostic(Location(shown, 1), "completeness.stale", Severity.ERROR, message))
                continue
            catalog = read_catalog(po_path, shown)
            read = Chapter(chapter, docs[chapter], anchors, keys[chapter], pages)
            context = check_context(config, read, language, catalog, glossary, minimum)
            book.append((entries_of(catalog.catalog, docs[chapter]), context))
            findings.extend(run_checks(book[-1][0], context))
            counts = stats(catalog.po, keys[chapter])
            catalogs += 1
            entries += counts.total
            translated += counts.translated
        findings.extend(run_book_checks(book))
    report.clear()
    findings.sort(key=lambda d: (d.location.path, d.location.line, d.code))
    findings = [_escalate(d, options.strict) for d in findings if reported(d.code, options.select, options.ignore)]
    summary = reports.Summary(catalogs, entries, translated)
    output = reports.render(findings, summary, options.fmt)
    if options.fmt == "json":
        print(output, file=report.out)
        if not report.quiet:
            print(summary.line(findings), file=report.err)
    elif findings or not report.quiet:
        print(output, file=report.out)
    if options.fmt == "github" and os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as job_summary:  # GitHub's file: append
            job_summary.write(reports.step_summary(findings, summary))
    if any(d.code == "suppression.unknown-code" for d in findings):
        known = ", ".join(sorted(CODES))
        print(
            f"mdgettext: error: a mdgettext-ignore comment names an unknown check; known codes: {known}",
            file=report.err,
        )
        return 2
    return 1 if any(d.severity is Severity.ERROR for d in findings) else 0


def _escalate(d: Diagnostic, strict: bool) -> Diagnostic:
    if strict and d.severity is Severity.WARNING:
        return replace(d, severity=Severity.ERROR)
    return d
