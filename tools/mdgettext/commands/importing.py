"""`mdgettext import`: Markdown files translated in place -> translations in the catalogs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from mdgettext.alignment.align import align
from mdgettext.alignment.importer import CatalogMismatch, fill
from mdgettext.commands.common import Plan, creation_date, load, project_info
from mdgettext.commands.terminal import Reporter, display
from mdgettext.errors import InputError
from mdgettext.files import read_po
from mdgettext.locale import check_known
from mdgettext.po.update import new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config


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
    go into the catalogs. A whole book is all or nothing: a stale catalog stops the
    import before any catalog is written."""
    check_known(language)
    if source is not None and len(translated) > 1:
        raise InputError("--source names the English of one translated file; import the others without it")
    plan = Plan()
    chapters = config.chapters() if source is None else []  # listed once for every file named after its chapter
    for done, path in enumerate(translated, 1):
        report.progress(done, len(translated), display(path, config.root))
        english = source or _same_name_source(config, chapters, path)
        _import_one(config, path, language, english, plan, fuzzy, overwrite, dry_run)
    report.clear()
    plan.carry_out(report)
    return 0


def _import_one(
    config: Config,
    translated: Path,
    language: str,
    source: Path,
    plan: Plan,
    fuzzy: bool,
    overwrite: bool,
    dry_run: bool,
) -> None:
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
    try:
        result = fill(po, align(source_doc, translated_doc), fuzzy=fuzzy, overwrite=overwrite)
    except CatalogMismatch as err:
        raise InputError(f"{stale} (no message for line {err.segment.location.line}); {advice}") from None
    plan.lines.extend(str(outcome) for outcome in result.outcomes)
    text = dumps(po)
    if dry_run:
        state = "dry run: nothing written"
    elif po_path.exists() and po_path.read_text(encoding="utf-8") == text:
        state = "unchanged"
    else:
        plan.write(po_path, text)
        state = "written"
    plan.lines.append(f"{po_display}: {result.summary()}; catalog entries changed: {result.imported} ({state})")


def _same_name_source(config: Config, chapters: Sequence[str], translated: Path) -> Path:
    """The chapter the translated file is named after; two of that name must be told apart."""
    same_name = [c for c in chapters if PurePosixPath(c).name == translated.stem]
    if len(same_name) > 1:
        choices = ", ".join(config.relative(config.source_path(c)) for c in same_name)
        raise InputError(
            f"{display(translated, config.root)}: several chapters are named {translated.name} ({choices}); say which with --source"
        )
    return config.source_path(same_name[0]) if same_name else config.source_dir / translated.name
