"""`mdgettext export --format xliff`: each catalog of a language as an XLIFF 2 file, for CAT tools.

One `.xlf` per catalog, under `build/xliff/LANG/` (or `-o DIR/LANG/`), named as the
catalog is; `mdgettext import -l LANG FILE.xlf` brings the translations back. What
an entry is and how XLIFF holds it: po/xliff.py.
"""

from __future__ import annotations

from argparse import ArgumentParser, Namespace
from pathlib import Path

from mdgettext import catalogs
from mdgettext.commands.options import add_locale, locales
from mdgettext.commands.terminal import Reporter
from mdgettext.errors import InputError, UsageError
from mdgettext.files import display
from mdgettext.locale import check_known
from mdgettext.pipeline.plan import Plan
from mdgettext.project import Config
from mdgettext.report import counted


def declare(command: ArgumentParser) -> None:
    """export's options."""
    command.description = (
        "Write each catalog of a language as an XLIFF 2 file (build/xliff/LANG/NAME.xlf) for a CAT tool "
        "(OmegaT, memoQ, Trados, Crowdin); `mdgettext import -l LANG NAME.xlf` brings the translations back."
    )
    command.add_argument("--format", choices=["xliff"], default="xliff", help="the format to write (default: xliff)")
    add_locale(command, "locale code (default: the one configured locale)")
    command.add_argument(
        "-o", "--output", type=Path, metavar="DIR", help="write DIR/LANG/NAME.xlf (default: build/xliff)"
    )


def run(args: Namespace, config: Config, report: Reporter) -> int:
    """The catalogs of one language, each written as XLIFF."""
    languages = locales([args.locale] if args.locale else None, config.configured_locales())
    if len(languages) > 1:
        raise UsageError("export writes one language: pass -l LANG")
    language = languages[0]
    check_known(language)
    names = config.catalogs(language)
    if not names:
        raise InputError(
            f"{config.locale_dir}/{language}/LC_MESSAGES: no catalogs; run `mdgettext update -l {language}`"
        )
    folder = config.root / args.output if args.output is not None else config.build_folder / "xliff"
    plan = Plan()
    for name in names:
        po = config.po_path(name, language)
        shown = config.relative(po)
        text = catalogs.write(catalogs.read(po, shown), "xliff", shown)
        plan.write(config.target(folder / language / f"{name}.xlf"), text)
    plan.lines.append(
        f"{display(folder / language, config.root)}: {counted(len(names), 'catalog')} written as XLIFF 2; "
        f"bring them back with `mdgettext import -l {language} FILE.xlf`"
    )
    plan.carry_out(report)
    return 0
