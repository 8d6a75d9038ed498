"""`mdgettext update`: templates -> each language's catalogs, keeping every translation."""

from __future__ import annotations

from collections.abc import Sequence

from mdgettext.commands.common import Plan, Reporter, creation_date, project_info, templates_required
from mdgettext.files import InputError, parse_po, read_po, read_po_text
from mdgettext.locale import locale_name
from mdgettext.po import catalog
from mdgettext.po.update import merge, new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config


def update(config: Config, languages: Sequence[str], report: Reporter) -> int:
    """Create or merge `locale/<lang>/LC_MESSAGES/<chapter>.po` for every chapter."""
    chapters = templates_required(config)
    project = project_info(config)
    plan = Plan()
    for language in languages:
        locale_name(language)
        _refuse_orphans(config, language, chapters)
        for chapter in chapters:
            pot_path = config.pot_path(chapter)
            pot = read_po(pot_path, config.relative(pot_path))
            po_path = config.po_path(chapter, language)
            shown = config.relative(po_path)
            old_text = read_po_text(po_path, shown) if po_path.exists() else None
            if old_text is not None:
                po = merge(parse_po(old_text, shown), pot)
            else:
                po = new_catalog(pot, language, project, creation_date())
            text = dumps(po)
            if text != old_text:
                plan.write(po_path, text)
            s = catalog.stats(po)
            obsolete = sum(1 for e in po if e.obsolete)
            plan.lines.append(
                f"{shown}: {s.translated} translated, {s.fuzzy} fuzzy, {s.untranslated} untranslated, "
                f"{obsolete} obsolete ({'unchanged' if text == old_text else 'written'})"
            )
    plan.carry_out(report)
    return 0


def _refuse_orphans(config: Config, language: str, chapters: Sequence[str]) -> None:
    """A catalog must belong to a chapter with a source and a template."""
    for name in config.catalogs(language):
        if name in chapters:
            continue
        po = config.relative(config.po_path(name, language))
        if config.source_path(name).exists():
            raise InputError(
                f"{po}: its template {config.relative(config.pot_path(name))} is missing; run `mdgettext extract` first"
            )
        raise InputError(
            f"{po}: no chapter {config.relative(config.source_path(name))} any more; if it was renamed, "
            "rename the catalog the same way (`git mv`), or delete it (its translations stay in git history)"
        )
