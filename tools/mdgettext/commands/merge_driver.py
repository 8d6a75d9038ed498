"""`mdgettext merge-driver`: git's merge driver for catalogs, entry by entry."""

from __future__ import annotations

from argparse import ArgumentParser, Namespace, RawDescriptionHelpFormatter
from pathlib import Path

from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError
from mdgettext.files import parse_po, read_po_text, write_text
from mdgettext.po.entries import Catalog, from_po, write
from mdgettext.po.merge3 import merge3_catalogs
from mdgettext.project import Config
from mdgettext.report import counted, escape


def declare(command: ArgumentParser) -> None:
    """merge-driver's arguments, and the lines to paste into git's configuration."""
    command.description = (
        "Merge three versions of a catalog entry by entry, as a git merge driver;\n"
        "the result replaces OURS. Tell git once per clone:\n\n"
        '  git config merge.mdgettext-po.name "mdgettext catalog merge"\n'
        '  git config merge.mdgettext-po.driver "mdgettext merge-driver %O %A %B %P"\n'
    )
    # Raw, so the lines to paste keep their breaks. A description is %-formatted only
    # when it names %(prog)s, so %O is written as itself: `%%O` would print `%%O`.
    command.formatter_class = RawDescriptionHelpFormatter
    command.add_argument("base", type=Path, metavar="BASE", help="the catalog as both sides had it (git's %%O)")
    command.add_argument(
        "ours", type=Path, metavar="OURS", help="this branch's catalog (git's %%A): the merge is written over it"
    )
    command.add_argument("theirs", type=Path, metavar="THEIRS", help="the other branch's catalog (git's %%B)")
    command.add_argument(
        "path", nargs="?", metavar="PATH", help="the catalog's path in the work tree (git's %%P), for messages"
    )


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The three sides merged over OURS."""
    root = config.root
    return merge_driver(root / args.base, root / args.ours, root / args.theirs, report, args.path)


def merge_driver(base: Path, ours: Path, theirs: Path, report: Reporter, name: str | None = None) -> int:
    """`%O %A %B %P`: the result is written over %A (ours), as git expects; `name`
    (%P) is the catalog's path in the work tree, for messages (%A is a temporary file).

    A side that is empty, blank or not a catalog is a conflict (exit 1, ours left as
    it was): merged entry by entry, an empty theirs would read as "every entry
    deleted" and silently drop the translations only ours has."""
    shown = name or str(ours)
    sides = {"the base": base, "ours": ours, "theirs": theirs}
    catalogs: dict[str, Catalog] = {}
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
    merged = merge3_catalogs(catalogs["the base"], catalogs["ours"], catalogs["theirs"])
    write_text(ours, write(merged.catalog))
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


def _catalog(path: Path, side: str) -> Catalog:
    """One side, named `side` in errors. An empty base is no catalog: git gives one
    when both branches added the file."""
    text = read_po_text(path, side)
    if text.strip():
        return from_po(parse_po(text, side))
    if side == "the base":
        return Catalog(())
    raise InputError(f"{side} is {'empty' if not text else 'blank (whitespace only)'}")
