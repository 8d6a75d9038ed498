"""`mdgettext update`: templates -> each language's catalogs, keeping every translation."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import polib

from mdgettext.commands.common import Plan, Reporter, creation_date, project_info, templates_required
from mdgettext.files import InputError, parse_po, read_po, read_po_text
from mdgettext.locale import locale_name
from mdgettext.po import catalog
from mdgettext.po.update import merge, new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config


def update(config: Config, languages: Sequence[str], report: Reporter, prune: bool = False) -> int:
    """Create or merge `locale/<lang>/LC_MESSAGES/<chapter>.po` for every chapter.

    A catalog whose chapter is gone is left alone with a warning (or, with `prune`,
    its translations become obsolete entries): it never stops the other catalogs."""
    chapters = templates_required(config)
    project = project_info(config)
    plan = Plan()
    for language in languages:
        locale_name(language)
        orphans = _orphans(config, language, chapters)
        for done, chapter in enumerate(chapters, 1):
            po_path = config.po_path(chapter, language)
            shown = config.relative(po_path)
            report.progress(done, len(chapters), shown)
            pot_path = config.pot_path(chapter)
            pot = read_po(pot_path, config.relative(pot_path))
            old_text = read_po_text(po_path, shown) if po_path.exists() else None
            if old_text is not None:
                po = merge(parse_po(old_text, shown), pot)
            else:
                po = new_catalog(pot, language, project, creation_date())
            _plan_catalog(plan, po_path, shown, po, old_text)
        for name in orphans:
            po_path = config.po_path(name, language)
            shown, source = config.relative(po_path), config.relative(config.source_path(name))
            if prune:
                old_text = read_po_text(po_path, shown)
                _plan_catalog(plan, po_path, shown, merge(parse_po(old_text, shown), polib.POFile()), old_text)
            else:
                report.warn(
                    f"{shown}: no chapter {source} any more; left as it is. If the chapter was renamed, rename "
                    "the catalog the same way (`git mv`); `update --prune` keeps its translations as obsolete entries"
                )
    report.clear()
    plan.carry_out(report)
    return 0


def _plan_catalog(plan: Plan, path: Path, shown: str, po: polib.POFile, old_text: str | None) -> None:
    text = dumps(po)
    if text != old_text:
        plan.write(path, text)
    s = catalog.stats(po)
    obsolete = sum(1 for e in po if e.obsolete)
    plan.lines.append(
        f"{shown}: {s.translated} translated, {s.fuzzy} fuzzy, {s.untranslated} untranslated, "
        f"{obsolete} obsolete ({'unchanged' if text == old_text else 'written'})"
    )


def _orphans(config: Config, language: str, chapters: Sequence[str]) -> list[str]:
    """Catalogs whose chapter is gone. One whose chapter is there but has no
    template is an error: `extract` was not run, and updating it would lose nothing
    but tell nothing either."""
    orphans = []
    for name in config.catalogs(language):
        if name in chapters:
            continue
        if config.source_path(name).exists():
            po = config.relative(config.po_path(name, language))
            raise InputError(
                f"{po}: its template {config.relative(config.pot_path(name))} is missing; run `mdgettext extract` first"
            )
        orphans.append(name)
    return orphans
