"""`mdgettext import`: a Markdown file translated in place -> translations in the catalog."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from mdgettext.alignment.align import align
from mdgettext.alignment.importer import CatalogMismatch, fill
from mdgettext.commands.common import Reporter, creation_date, display, load, project_info
from mdgettext.files import InputError, read_po, write_po
from mdgettext.locale import locale_name
from mdgettext.po.update import new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config


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
    locale_name(language)
    source = source or _same_name_source(config, translated)
    source_display = display(source, config.root)
    try:
        chapter = source.resolve().relative_to(config.source_dir.resolve()).with_suffix("").as_posix()
    except ValueError:
        raise InputError(
            f"{source_display}: not under {config.source}; the catalog is named after the source's place there"
        ) from None
    _, source_doc = load(source, source_display, config)
    _, translated_doc = load(translated, display(translated, config.root), config)
    po_path, pot_path = config.po_path(chapter, language), config.pot_path(chapter)
    po_display = config.relative(po_path)
    if po_path.exists():
        po, stale = read_po(po_path, po_display), f"{po_display}: older than {source_display}"
        advice = f"run `mdgettext extract` and `mdgettext update -l {language}` first"
    elif pot_path.exists():
        po = new_catalog(read_po(pot_path, config.relative(pot_path)), language, project_info(config), creation_date())
        stale, advice = f"{config.relative(pot_path)}: older than {source_display}", "run `mdgettext extract` first"
    else:
        raise InputError(f"{config.relative(pot_path)}: no template; run `mdgettext extract` first")
    try:
        result = fill(po, align(source_doc, translated_doc), fuzzy=fuzzy, overwrite=overwrite)
    except CatalogMismatch as err:
        raise InputError(f"{stale} (no message for line {err.segment.location.line}); {advice}") from None
    for outcome in result.outcomes:
        report.info(str(outcome))
    text = dumps(po)
    if dry_run:
        state = "dry run: nothing written"
    elif po_path.exists() and po_path.read_text(encoding="utf-8") == text:
        state = "unchanged"
    else:
        write_po(po_path, po)
        state = "written"
    report.info(f"{po_display}: {result.summary()}; catalog entries changed: {result.imported} ({state})")
    return 0


def _same_name_source(config: Config, translated: Path) -> Path:
    """The chapter the translated file is named after; two of that name must be told apart."""
    same_name = [c for c in config.chapters() if PurePosixPath(c).name == translated.stem]
    if len(same_name) > 1:
        choices = ", ".join(config.relative(config.source_path(c)) for c in same_name)
        raise InputError(
            f"{display(translated, config.root)}: several chapters are named {translated.name} ({choices}); say which with --source"
        )
    return config.source_path(same_name[0]) if same_name else config.source_dir / translated.name
