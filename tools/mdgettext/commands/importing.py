"""`mdgettext import`: Markdown files translated in place -> translations in the catalogs."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from collections.abc import Sequence
from pathlib import Path

from mdgettext.alignment.align import align
from mdgettext.alignment.importer import CatalogMismatch, code_changes, fill
from mdgettext.commands.common import creation_date, project_info
from mdgettext.commands.extract import extract
from mdgettext.commands.options import add_locale
from mdgettext.commands.terminal import Reporter
from mdgettext.commands.xliff_import import import_xliff, is_xliff
from mdgettext.errors import InputError
from mdgettext.files import display, read_po
from mdgettext.locale import check_known, script
from mdgettext.pipeline.addenda import stage_addenda
from mdgettext.pipeline.code_setting import bring_up, turn_on
from mdgettext.pipeline.found import english_of, taken_in, translations_of
from mdgettext.pipeline.plan import Plan
from mdgettext.pipeline.read import Translated, load, load_translated
from mdgettext.po.entries import from_po, write
from mdgettext.po.update import new_catalog
from mdgettext.project import Config
from mdgettext.report import counted


def declare(command: ArgumentParser) -> None:
    """import's options."""
    command.description = (
        "Align a Markdown file translated in place with its English source and put its translations into "
        "locale/LANG/LC_MESSAGES/NAME.po. Doubtful pairs are imported and published all the same, each with a `# import:` comment saying why, listed for review until the translator deletes it."
    )
    command.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="TRANSLATED.md",
        help="the translated files, or XLIFF files from `export` (a whole book: ko/*.md; none: each chapter's where the translations setting puts it)",
    )
    add_locale(command, "the translation's locale code", required=True)
    command.add_argument(
        "--source",
        type=Path,
        metavar="SOURCE.md",
        help="the English file, with one translated file (default: the chapter the translations setting or the "
        "file's name says)",
    )
    command.add_argument("--fuzzy", action="store_true", help="import every translation as fuzzy")
    command.add_argument("--overwrite", action="store_true", help="replace translations the catalog already has")
    command.add_argument("--dry-run", action="store_true", help="print the report, write nothing")


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The translated files into their catalogs (none named: those the project's settings place)."""
    source = config.root / args.source if args.source is not None else None
    files = [config.root / path for path in args.files]
    if is_xliff(files):  # a CAT tool's work (export --format xliff), not a translated Markdown file
        return import_xliff(config, files, args.locale, report, fuzzy=args.fuzzy, dry_run=args.dry_run)
    return import_translation(
        config, files, args.locale, source, report, fuzzy=args.fuzzy, overwrite=args.overwrite, dry_run=args.dry_run
    )


def import_translation(
    config: Config,
    translated: Sequence[Path],
    language: str,
    source: Path | None,
    report: Reporter,
    fuzzy: bool = False,
    overwrite: bool = False,
    dry_run: bool = False,
) -> int:
    """Align Markdown files translated in place with their sources; their translations
    go into the catalogs. What cannot be read is skipped and said once, and the rest
    imported: a translated file's broken front matter costs its values, not its body;
    of several files, one that cannot be imported (a stale catalog, say) costs itself.
    A translated code block turns `code_blocks` on (pipeline/code_setting.py): the
    templates are made again, the catalogs brought up to them, and the import runs
    again. Exit 1 when anything was skipped; one file refused
    whole is an input error (2)."""
    check_known(language)
    if source is not None and len(translated) > 1:
        raise InputError("--source names the English of one translated file; import the others without it")
    plan = Plan()
    chapters = config.chapters() if source is None else []  # listed once for every file named after its chapter
    translated = translated or translations_of(config, chapters, language)
    skipped: list[str] = []  # one line per part or file not imported
    warnings: list[str] = []  # what the translator should fix, imported all the same
    imported: list[tuple[Path, Path]] = []  # (English, translation) of each file read in
    refused, code = 0, False
    for done, path in enumerate(translated, 1):
        report.progress(done, len(translated), display(path, config.root))
        try:
            english = source or english_of(config, chapters, path, language)
            read = _import_one(config, path, language, english, plan, fuzzy, overwrite, dry_run)
            code = code or read.code_changed
            skipped += read.skipped
            warnings += read.warnings
            if not read.skipped:  # read whole: a build may replace it
                imported.append((english, path))
        except InputError as err:
            if len(translated) == 1:
                raise
            skipped.append(f"{err}; not imported")
            refused += 1
    report.clear()
    if code and not config.code_blocks and (on := turn_on(config, dry_run)) is not None:
        config, line = on
        report.warn(line)
        if not dry_run:  # what `extract` and `update` would do, then this import with the code as messages
            extract(config, report)
            bring_up(config, (*config.configured_locales(), language))
            return import_translation(config, translated, language, source, report, fuzzy, overwrite)
    plan.carry_out(report)
    if not dry_run:
        taken_in(config, language, imported)
    for line in warnings + skipped:
        report.warn(line)
    if skipped:
        files, parts = counted(len(translated), "file"), counted(len(skipped) - refused, "part")
        report.warn(
            f"{len(translated) - refused} of {files} imported; {refused} refused, "
            f"{parts} of imported files skipped: fix what is named above and import again"
        )
    return 1 if skipped else 0


def _import_one(config: Config, translated: Path, language: str, source: Path, plan: Plan,
                fuzzy: bool, overwrite: bool, dry_run: bool) -> Translated:  # fmt: skip
    """Stage one file's catalog; the translated file as read (what it had to skip, what to fix)."""
    source_display = display(source, config.root)
    try:
        chapter = config.chapter_of(source)
    except ValueError:
        raise InputError(
            f"{source_display}: not under {config.source}; the catalog is named after the source's place there"
        ) from None
    _, source_doc = load(source, source_display, config)
    read = load_translated(translated, display(translated, config.root), config)
    translated_doc = read.doc
    po_path, pot_path = config.po_path(chapter, language), config.pot_path(chapter)
    po_display = config.relative(po_path)
    if any(path == po_path for path, _ in plan.writes):
        raise InputError(f"{display(translated, config.root)}: a second translation of {source_display}; import one")
    if po_path.exists():
        po, stale = read_po(po_path, po_display), f"{po_display}: older than {source_display}"
        advice = f"run `mdgettext extract` and `mdgettext update -l {language}` first"
    elif pot_path.exists():
        po = new_catalog(read_po(pot_path, config.relative(pot_path)), language, project_info(config), creation_date())
        stale, advice = f"{config.relative(pot_path)}: older than {source_display}", "run `mdgettext extract` first"
    else:
        raise InputError(f"{config.relative(pot_path)}: no template; run `mdgettext extract` first")
    latin = script(language) == "Latn" if script(language) else None
    try:
        alignment = align(source_doc, translated_doc, latin)
        result = fill(from_po(po), alignment, fuzzy=fuzzy, overwrite=overwrite, translated=translated_doc)
    except CatalogMismatch as err:
        raise InputError(f"{stale} (no message for line {err.segment.location.line}); {advice}") from None
    plan.lines.extend(str(outcome) for outcome in result.outcomes)
    if not config.code_blocks and (changes := code_changes(source_doc, translated_doc)):
        read.warnings.extend(changes)
        read.code_changed = True
    stage_addenda(config, chapter, language, source_display, result.addenda, plan, dry_run, whole=not read.skipped)
    text = write(result.catalog)
    if dry_run:
        state = "dry run: nothing written"
    elif po_path.exists() and po_path.read_text(encoding="utf-8") == text:
        state = "unchanged"
    else:
        plan.write(po_path, text)
        state = "written"
    plan.lines.append(f"{po_display}: {result.summary()}; catalog entries changed: {result.imported} ({state})")
    return read
