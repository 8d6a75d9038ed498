"""`mdgettext import`: Markdown files translated in place -> translations in the catalogs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from mdgettext.alignment.align import align
from mdgettext.alignment.importer import CatalogMismatch, fill
from mdgettext.commands.common import creation_date, project_info
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import display, read_po, read_source
from mdgettext.locale import check_known
from mdgettext.markdown.frontmatter import FrontMatterError
from mdgettext.markdown.lines import SegmentationError
from mdgettext.markdown.parser import parser
from mdgettext.markdown.segment import segment
from mdgettext.model import Document
from mdgettext.pipeline.plan import Plan
from mdgettext.pipeline.read import flavor_of, load
from mdgettext.po.update import new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config
from mdgettext.report import counted


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
    Exit 1 when anything was skipped; one file refused whole is an input error (2)."""
    check_known(language)
    if source is not None and len(translated) > 1:
        raise InputError("--source names the English of one translated file; import the others without it")
    plan = Plan()
    chapters = config.chapters() if source is None else []  # listed once for every file named after its chapter
    skipped: list[str] = []  # one line per part or file not imported
    refused = 0
    for done, path in enumerate(translated, 1):
        report.progress(done, len(translated), display(path, config.root))
        try:
            english = source or _same_name_source(config, chapters, path)
            skipped += _import_one(config, path, language, english, plan, fuzzy, overwrite, dry_run)
        except InputError as err:
            if len(translated) == 1:
                raise
            skipped.append(f"{err}; not imported")
            refused += 1
    report.clear()
    plan.carry_out(report)
    for line in skipped:
        report.warn(line)
    if skipped:
        files, parts = counted(len(translated), "file"), counted(len(skipped) - refused, "part")
        report.warn(
            f"{len(translated) - refused} of {files} imported; {refused} refused, "
            f"{parts} of imported files skipped: fix what is named above and import again"
        )
    return 1 if skipped else 0


def _import_one(
    config: Config,
    translated: Path,
    language: str,
    source: Path,
    plan: Plan,
    fuzzy: bool,
    overwrite: bool,
    dry_run: bool,
) -> list[str]:
    """Stage one file's catalog; the parts of the translated file it had to skip."""
    source_display = display(source, config.root)
    try:
        chapter = source.resolve().relative_to(config.source_dir.resolve()).with_suffix("").as_posix()
    except ValueError:
        raise InputError(
            f"{source_display}: not under {config.source}; the catalog is named after the source's place there"
        ) from None
    _, source_doc = load(source, source_display, config)
    translated_doc, skipped = _load_translated(translated, config)
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
    return skipped


def _load_translated(path: Path, config: Config) -> tuple[Document, list[str]]:
    """A translated file's segments; front matter that is not YAML is read as empty
    (its lines kept blank, so every line number stays) and named as skipped."""
    shown = display(path, config.root)
    try:
        return load(path, shown, config)[1], []
    except InputError as err:
        if not isinstance(err.__cause__, FrontMatterError):
            raise
        problem = err
    text = read_source(path, shown).text
    front = next((t for t in parser(flavor_of(config), config.math).parse(text) if t.type == "front_matter"), None)
    if front is None or front.map is None:
        raise problem
    first, end = front.map
    lines = text.split("\n")
    blank = "\n".join(lines[: first + 1] + [""] * (end - first - 2) + lines[end - 1 :])
    try:
        doc = segment(blank, shown, config.front_matter_keys, flavor_of(config), config.liquid_prose, config.math)
    except SegmentationError as again:
        raise InputError(f"{shown}: {again}") from again
    return doc, [f"{problem}; its values were not imported, the rest of the file was"]


def _same_name_source(config: Config, chapters: Sequence[str], translated: Path) -> Path:
    """The chapter the translated file is named after; two of that name must be told apart."""
    same_name = [c for c in chapters if PurePosixPath(c).name == translated.stem]
    if len(same_name) > 1:
        choices = ", ".join(config.relative(config.source_path(c)) for c in same_name)
        raise InputError(
            f"{display(translated, config.root)}: several chapters are named {translated.name} ({choices}); say which with --source"
        )
    return config.source_path(same_name[0]) if same_name else config.source_dir / translated.name
