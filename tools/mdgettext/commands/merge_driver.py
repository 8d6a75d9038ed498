"""`mdgettext merge-driver`: git's merge driver for catalogs, entry by entry."""

from __future__ import annotations

from pathlib import Path

import polib

from mdgettext.commands.terminal import Reporter
from mdgettext.files import parse_po, read_po_text, write_text
from mdgettext.po.merge3 import merge3
from mdgettext.po.writer import dumps
from mdgettext.report import counted


def merge_driver(base: Path, ours: Path, theirs: Path, report: Reporter) -> int:
    """`%O %A %B`: the result is written over %A (ours), as git expects."""
    merged = merge3(*(_catalog_or_empty(path) for path in (base, ours, theirs)))
    write_text(ours, dumps(merged.po))
    if merged.conflicts:
        report.warn(
            f"{ours}: {counted(len(merged.conflicts), 'entry', 'entries')} translated differently on both branches; "
            "ours is kept and marked fuzzy, theirs is in a translator comment: review them"
        )
    return 0


def _catalog_or_empty(path: Path) -> polib.POFile:
    """git gives an empty file for a side where the catalog did not exist."""
    text = read_po_text(path, str(path))
    return parse_po(text, str(path)) if text.strip() else polib.POFile()
