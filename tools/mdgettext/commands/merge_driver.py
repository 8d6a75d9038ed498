"""`mdgettext merge-driver`: git's merge driver for catalogs, entry by entry."""

from __future__ import annotations

from pathlib import Path

import polib

from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import parse_po, read_po_text, write_text
from mdgettext.po.merge3 import merge3
from mdgettext.po.writer import dumps
from mdgettext.report import counted, escape


def merge_driver(base: Path, ours: Path, theirs: Path, report: Reporter, name: str | None = None) -> int:
    """`%O %A %B %P`: the result is written over %A (ours), as git expects; `name`
    (%P) is the catalog's path in the work tree, for messages (%A is a temporary file).

    A side that is empty, blank or not a catalog is a conflict (exit 1, ours left as
    it was): merged entry by entry, an empty theirs would read as "every entry
    deleted" and silently drop the translations only ours has."""
    shown = name or str(ours)
    sides = {"the base": base, "ours": ours, "theirs": theirs}
    catalogs: dict[str, polib.POFile] = {}
    problems = []
    for side, path in sides.items():
        try:
            catalogs[side] = _catalog(path, side)
        except InputError as err:
            problems.append(str(err))
    if problems:
        print(
            f"mdgettext: error: {escape(shown)}: not merged: {escape('; '.join(problems))}; ours is left as it was: "
            f"restore the catalog on its branch, or resolve by hand and `git add {escape(shown)}`",
            file=report.err,
        )
        return 1
    merged = merge3(catalogs["the base"], catalogs["ours"], catalogs["theirs"])
    write_text(ours, dumps(merged.po))
    if merged.conflicts:
        report.warn(
            f"{shown}: {counted(len(merged.conflicts), 'entry', 'entries')} translated differently on both branches; "
            "ours is kept and marked fuzzy, theirs is in a translator comment: review them"
        )
    if merged.offered:
        report.info(
            f"{shown}: {counted(len(merged.offered), 'fuzzy entry', 'fuzzy entries')} given the other branch's "
            "newer translation of the English they were made for (#| msgid): review them"
        )
    return 0


def _catalog(path: Path, side: str) -> polib.POFile:
    """One side, named `side` in errors. An empty base is no catalog: git gives one
    when both branches added the file."""
    text = read_po_text(path, side)
    if text.strip():
        return parse_po(text, side)
    if side == "the base":
        return polib.POFile()
    raise InputError(f"{side} is {'empty' if not text else 'blank (whitespace only)'}")
