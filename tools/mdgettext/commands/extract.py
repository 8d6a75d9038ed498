"""`mdgettext extract`: the English sources -> templates (.pot)."""

from __future__ import annotations

from pathlib import Path

import polib

from mdgettext.commands.common import Plan, load, load_chapter, project_info
from mdgettext.commands.terminal import Reporter, display
from mdgettext.errors import InputError
from mdgettext.files import current_text
from mdgettext.po import catalog
from mdgettext.po.writer import dumps
from mdgettext.project import Config

UNCLOSED_FENCE = "this code fence is never closed, so the rest of the file is code and nothing after it is offered for translation; close it"


def extract(config: Config, report: Reporter) -> int:
    """Every chapter's template; a template whose messages did not change is left alone."""
    chapters = config.chapters()
    if not chapters:
        raise InputError(
            f"{config.relative(config.source_dir)}: no Markdown files to extract (is this the project folder?)"
        )
    project = project_info(config)
    plan = Plan()
    for chapter in chapters:
        _, doc = load_chapter(config, chapter)
        if not doc.segments and not doc.text.strip():
            report.warn(f"{doc.path}: empty file: nothing to translate")
        for note in doc.notes:
            report.warn(f"{note}: {UNCLOSED_FENCE}")
        pot_path = config.pot_path(chapter)
        _plan_template(plan, pot_path, catalog.template([doc], project), config.relative(pot_path))
    for orphan in sorted(set(config.templates()) - set(chapters)):
        report.warn(
            f"{config.relative(config.pot_path(orphan))}: no {config.relative(config.source_path(orphan))} any more; delete the template if the chapter is gone"
        )
    plan.carry_out(report)
    return 0


def extract_file(source: Path, output: Path, config: Config, report: Reporter) -> int:
    """One file's template, for scripts and other projects."""
    _, doc = load(source, display(source, config.root), config)
    plan = Plan()
    _plan_template(plan, output, catalog.template([doc], project_info(config)), display(output, config.root))
    plan.carry_out(report)
    return 0


def _plan_template(plan: Plan, path: Path, pot: polib.POFile, shown: str) -> None:
    """Write a template unless only its creation date would change."""
    text = dumps(pot)
    unchanged = catalog.same_but_date(current_text(path), text)
    if not unchanged:
        plan.write(path, text)
    plan.lines.append(f"{shown}: {len(pot)} messages ({'unchanged' if unchanged else 'written'})")
