"""`mdgettext import -l LANG FILE.xlf`: the translations of an XLIFF file back into its catalog.

The XLIFF file names its catalog (`<file original=...>`, as `export` writes it). Each
of its units whose English the catalog still has gives that entry its translation,
its state (`initial` is fuzzy) and its translator's comment; nothing else of the
catalog changes, so a file exported and imported untouched leaves the catalog byte for
byte as it was. A unit whose English the catalog no longer has (the English changed
since the export) is skipped and said. The catalog is written only when every file
named was read whole. A translation that would break the page is the build's to
refuse, as for one typed into the PO file: `check` and `build` judge it the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from mdgettext import catalogs
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import display, read_text
from mdgettext.model import key_of
from mdgettext.pipeline.plan import Plan
from mdgettext.po import entries, xliff
from mdgettext.po.entries import Catalog, Entry
from mdgettext.project import Config
from mdgettext.report import counted

SUFFIXES = (".xlf", ".xliff")


def is_xliff(paths: Sequence[Path]) -> bool:
    """Whether `import` was given XLIFF files (all of them: one import reads one kind)."""
    found = [path.suffix.lower() in SUFFIXES for path in paths]
    if any(found) and not all(found):
        raise InputError("import takes translated Markdown files or XLIFF files, not both: import them apart")
    return bool(found) and all(found)


def import_xliff(
    config: Config, paths: Sequence[Path], language: str, report: Reporter, fuzzy: bool = False, dry_run: bool = False
) -> int:
    """Each XLIFF file's translations into the catalog it names (`fuzzy`: every changed
    one as fuzzy, for a reviewer); exit 1 when a unit was skipped."""
    plan, skipped = Plan(), []
    for path in paths:
        shown = display(path, config.root)
        text = read_text(path, shown)
        try:
            original = xliff.original(text, shown)
        except xliff.XliffError as err:
            raise InputError(str(err)) from None
        po = _catalog_path(config, original, language, shown)
        theirs = catalogs.read(path, shown)
        if theirs.language and theirs.language != language:
            raise InputError(
                f"{shown}: translates into {theirs.language!r}, not {language!r}; pass -l {theirs.language}"
            )
        ours = catalogs.read(po, config.relative(po))
        merged, changed, missed = merge(ours, theirs, fuzzy)
        skipped += [f"{shown}: {msgid!r}: the catalog no longer has this English; not imported" for msgid in missed]
        if changed:
            plan.write(po, entries.write(merged))
        plan.lines.append(f"{config.relative(po)}: {counted(changed, 'message')} changed from {shown}")
    if not dry_run:
        plan.carry_out(report)
    else:
        for line in plan.lines:
            report.info(line)
    for line in skipped:
        report.warn(line)
    return 1 if skipped else 0


def _catalog_path(config: Config, original: str, language: str, shown: str) -> Path:
    """The catalog an XLIFF file names, one of the language's."""
    for name in config.catalogs(language):
        po = config.po_path(name, language)
        if config.relative(po) == original:
            return po
    raise InputError(
        f"{shown}: names the catalog {original!r}, which is not one of {language}'s; "
        f"export it again with `mdgettext export -l {language}`"
    )


def merge(ours: Catalog, theirs: Catalog, fuzzy: bool = False) -> tuple[Catalog, int, list[str]]:
    """`ours` with the translations of `theirs`: (the catalog, how many entries changed,
    the English of units `ours` has no live entry for). `fuzzy`: what changes is fuzzy."""
    translated = {key_of(e): e for e in theirs.entries if not e.obsolete}
    seen: set[tuple[str | None, str]] = set()
    result: list[Entry] = []
    changed = 0
    for entry in ours.entries:
        their = translated.get(key_of(entry)) if not entry.obsolete else None
        if their is None:
            result.append(entry)
            continue
        seen.add(key_of(entry))
        flags = tuple(f for f in entry.flags if f != "fuzzy")
        new = replace(
            entry,
            msgstr=their.msgstr,
            translator_comment=their.translator_comment if _kept_notes(their) else entry.translator_comment,
            flags=("fuzzy", *flags) if their.fuzzy and their.msgstr else flags,
        )
        if _seen_as(new) != _seen_as(entry):
            if fuzzy and new.msgstr and not new.fuzzy:
                new = replace(new, flags=("fuzzy", *new.flags))
            changed += 1
            result.append(new)
        else:
            result.append(entry)
    missed = [e.msgid for key, e in translated.items() if key not in seen]
    return replace(ours, entries=tuple(result)), changed, missed


def _seen_as(entry: Entry) -> tuple[str, str, bool]:
    """What an import may change, as the PO file shows it (GNU drops fuzzy from an empty translation)."""
    return entry.msgstr, entry.translator_comment, entry.fuzzy and bool(entry.msgstr)


def _kept_notes(entry: Entry) -> bool:
    """Whether the tool kept the unit's notes: a tool that drops them all must not erase
    the translator's comment (the catalog's notes always include the unit's references
    or extracted comment, which mdgettext writes for every message)."""
    return bool(entry.translator_comment or entry.extracted_comment or entry.references)
