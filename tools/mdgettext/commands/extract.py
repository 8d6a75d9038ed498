"""`mdgettext extract`: the English sources -> templates (.pot)."""

from __future__ import annotations

import re
from pathlib import Path

import polib

from mdgettext.commands.common import Plan, load, load_chapter, project_info
from mdgettext.commands.terminal import Reporter, display
from mdgettext.errors import InputError
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
    unchanged = _undated(_old_text(path)) == _undated(text)
    if not unchanged:
        plan.write(path, text)
    plan.lines.append(f"{shown}: {len(pot)} messages ({'unchanged' if unchanged else 'written'})")


# The header line that changes with every run; one line, as every writer of PO files lays it out.
CREATION_DATE = re.compile(r'^"POT-Creation-Date: [^"\\\n]*\\n"$', re.MULTILINE)


def _undated(text: str | None) -> str | None:
    """A template's text with its creation date blanked: a template is generated, so it is
    compared as the text this run would write, never parsed (that cost as much as the
    extraction), and one laid out by hand or by an older version is written again."""
    return None if text is None else CREATION_DATE.sub('"POT-Creation-Date: \\n"', text, count=1)


def _old_text(path: Path) -> str | None:
    """The template as it is on disk; None when there is none, or none this run could have written."""
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
