"""`mdgettext update`: templates -> each language's catalogs, keeping every translation."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from collections.abc import Sequence
from pathlib import Path

from mdgettext.commands.common import creation_date, load_memory, project_info, read_catalogs, templates_required
from mdgettext.commands.options import add_locales, locales
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import read_po
from mdgettext.locale import check_known
from mdgettext.pipeline import page_words as words_template
from mdgettext.pipeline.plan import Plan
from mdgettext.po import catalog
from mdgettext.po.entries import Catalog, to_po
from mdgettext.po.update import merge, new_catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config


def declare(command: ArgumentParser) -> None:
    """update's options."""
    command.description = "Create or update catalogs from the templates; translations are never dropped."
    add_locales(command)
    command.add_argument(
        "--compendium",
        action="append",
        type=Path,
        default=[],
        metavar="FILE.po",
        help="more translations to offer new messages, as msgmerge -C reads them; may repeat",
    )
    command.add_argument(
        "--tm-exact",
        action="store_true",
        help="a translation the memory has for exactly the same English is taken as translated, not fuzzy",
    )
    command.add_argument(
        "--prune",
        action="store_true",
        help="a catalog whose chapter is gone keeps its translations as obsolete entries (default: left as it is)",
    )


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The catalogs of the languages asked for (default: the configured ones)."""
    return update(
        config,
        locales(args.locale, config.configured_locales()),
        report,
        prune=args.prune,
        compendia=[config.root / path for path in args.compendium],
        tm_exact=args.tm_exact,
    )


def update(
    config: Config,
    languages: Sequence[str],
    report: Reporter,
    prune: bool = False,
    compendia: Sequence[Path] = (),
    tm_exact: bool = False,
) -> int:
    """Create or merge `locale/<lang>/LC_MESSAGES/<chapter>.po` for every chapter.

    New and changed messages are offered what the language's memory has (its other
    catalogs, `compendia`). A catalog whose chapter is gone is left alone with a
    warning (or, with `prune`, its translations become obsolete entries): it never
    stops the other catalogs."""
    chapters = templates_required(config)
    project = project_info(config)
    plan = Plan()
    templates: dict[str, catalog.PolibCatalog] = {}  # read once for every language (merging only reads them)
    for language in languages:
        check_known(language)
        orphans = _orphans(config, language, chapters)
        catalogs = read_catalogs(config, language)
        memory = load_memory(config, catalogs, compendia)
        for done, chapter in enumerate(chapters, 1):
            po_path = config.po_path(chapter, language)
            shown = config.relative(po_path)
            report.progress(done, len(chapters), shown)
            if chapter not in templates:
                pot_path = config.pot_path(chapter)
                templates[chapter] = read_po(pot_path, config.relative(pot_path))
            pot = templates[chapter]
            old = catalogs.get(chapter)
            if old is not None:
                po = merge(old.po, pot, memory, tm_exact)
            else:
                po = new_catalog(pot, language, project, creation_date(), memory, tm_exact)
            catalog.limit_references(po, config.references)  # a template extracted under another setting
            _plan_catalog(plan, po_path, shown, po, old.text if old else None)
        noted = set(config.noted(language))
        for name in orphans:
            po_path = config.po_path(name, language)
            shown, source = config.relative(po_path), config.relative(config.source_path(name))
            notes = f" and its notes {config.relative(config.addenda_path(name, language))}" if name in noted else ""
            if prune:
                _plan_catalog(plan, po_path, shown, merge(catalogs[name].po, to_po(Catalog(()))), catalogs[name].text)
                if notes:  # notes have no obsolete entries: they stay, and are said to
                    report.warn(
                        f"{config.relative(config.addenda_path(name, language))}: the notes of {shown}, whose chapter "
                        f"{source} is gone, are left as they are; if the chapter was renamed, rename them the same way "
                        "(`git mv`)"
                    )
            else:
                report.warn(
                    f"{shown}: no chapter {source} any more; left as it is. If the chapter was renamed, rename "
                    f"the catalog{notes} the same way (`git mv`); `update --prune` keeps its translations as "
                    "obsolete entries"
                )
        for name in sorted(noted - set(chapters) - set(orphans)):  # notes whose catalog went without them
            path = config.addenda_path(name, language)
            report.warn(
                f"{config.relative(path)}: the translator's notes of no chapter ({config.relative(config.source_path(name))}"
                " is gone) and of no catalog; the build leaves them out. If the chapter was renamed, rename this file "
                "as its catalog was renamed (`git mv`)"
            )
    if config.own_page_words() is not None and words_template.template_path(config).is_file():
        for language in languages:  # the page words: the project translates its own (pipeline/page_words.py)
            path, page, old_text = words_template.catalog(config, language, project, creation_date())
            _plan_catalog(plan, path, config.relative(path), to_po(page), old_text)
    report.clear()
    plan.carry_out(report)
    return 0


def _plan_catalog(plan: Plan, path: Path, shown: str, po: catalog.PolibCatalog, old_text: str | None) -> None:
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
    excluded = config.excluded()  # an excluded chapter's catalog is an orphan too: `--prune` keeps its work
    for name in config.catalogs(language):
        if name in chapters:
            continue
        if config.source_path(name).exists() and config.source_path(name) not in excluded:
            po = config.relative(config.po_path(name, language))
            raise InputError(
                f"{po}: its template {config.relative(config.pot_path(name))} is missing; run `mdgettext extract` first"
            )
        orphans.append(name)
    return orphans
