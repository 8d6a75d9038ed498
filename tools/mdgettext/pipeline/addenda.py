"""The translator's own blocks, found by `import`, staged into the chapter's addenda file
(po/addenda.py) beside the catalog it writes: the command stays a reader and a writer."""

from __future__ import annotations

from collections.abc import Sequence

from mdgettext.errors import InputError
from mdgettext.files import read_text
from mdgettext.locale import locale_name
from mdgettext.model import Addendum
from mdgettext.pipeline.plan import Plan
from mdgettext.po import addenda
from mdgettext.project import Config
from mdgettext.report import counted


def stage_addenda(
    config: Config,
    chapter: str,
    language: str,
    shown: str,
    found: Sequence[Addendum],
    plan: Plan,
    dry_run: bool,
    whole: bool = True,
) -> None:
    """The translator's own blocks into the chapter's addenda file. The file follows the
    translation read whole: a note edited there replaces the old one, a note deleted
    there is deleted, and importing it again changes nothing (the build writes the
    notes into the translation, so it holds them all). A translation read in part
    (its front matter skipped) only adds what is new."""
    where = config.relative(path := config.addenda_path(chapter, language))
    exists = path.exists()
    try:
        old = addenda.loads(read_text(path, where), where) if exists and (found or whole) else []
    except addenda.AddendaError as err:
        raise InputError(err.at(where)) from None
    every = list(found) if whole else addenda.merged(old, found)
    mine, theirs = [_same(a) for a in old], [_same(a) for a in every]
    if mine == theirs or not (every or exists):
        return
    if not dry_run:
        plan.write(path, addenda.dumps(every, f"{shown} in {locale_name(language)} ({language})"))
    state = "dry run: nothing written" if dry_run else "written"
    added = sum(1 for a in theirs if a not in mine)
    removed = sum(1 for a in mine if a not in theirs)
    gone = f", {removed} no longer in the translation removed" if removed else ""
    plan.lines.append(f"{where}: {counted(added, 'addition')} of the translator's{gone} ({state})")


def _same(addendum: Addendum) -> tuple[object, ...]:
    """What makes two addenda the same note: its place and its text."""
    return (addendum.after, addendum.occurrence, addendum.markdown.strip())
