"""Command line: argument parsing and exit codes (0 ok, 1 findings, 2 usage or input error)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mdgettext import __version__

if TYPE_CHECKING:
    from mdgettext.commands.common import Reporter
    from mdgettext.project import Config

REPORT_FORMATS = ("text", "json", "github")  # report.FORMATS, named here so --help imports nothing

EPILOG = """\
commands work on a project folder (the current one, or -C DIR): source/en/*.md,
locale/*.pot, locale/LANG/LC_MESSAGES/*.po, build/LANG/*. Settings live in
[tool.mdgettext] in its pyproject.toml.

typical use:
  mdgettext extract              # source/en/*.md -> locale/*.pot
  mdgettext update -l ko         # -> locale/ko/LC_MESSAGES/*.po (translations kept)
  mdgettext build -l ko          # -> build/ko/*.md and build/ko/*.html
  mdgettext stats -l ko
  mdgettext check -l ko --strict # what CI runs: links, names, markup, structure
  mdgettext import -l ko ko/conclusion.md   # a file translated in place -> the catalog
"""


def parser() -> argparse.ArgumentParser:
    """The argument parser; its help is the command line's documentation."""
    ap = argparse.ArgumentParser(
        prog="mdgettext",
        description="Translate Markdown with gettext catalogs.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "-C", dest="directory", metavar="DIR", type=Path, default=Path("."), help="run as if started in DIR"
    )
    ap.add_argument("-q", "--quiet", action="store_true", help="print errors and warnings only")
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", required=True)

    ex = sub.add_parser(
        "extract", help="source Markdown -> templates (.pot)", description="Extract translatable text into templates."
    )
    ex.add_argument("file", nargs="?", type=Path, metavar="FILE.md", help="one file instead of the project's sources")
    ex.add_argument("-o", "--output", type=Path, metavar="OUT.pot", help="the template to write (with FILE.md)")

    up = sub.add_parser(
        "update",
        help="create or merge translation catalogs (.po)",
        description="Create or update catalogs from the templates; translations are never dropped.",
    )
    up.add_argument(
        "-l",
        "--locale",
        action="append",
        metavar="LANG",
        help="locale code, may repeat (default: every configured locale)",
    )

    bu = sub.add_parser(
        "build",
        help="translated Markdown and HTML",
        description="Build translated Markdown and HTML into the build folder.",
    )
    bu.add_argument("file", nargs="?", type=Path, metavar="FILE.md", help="one source file instead of the project's")
    bu.add_argument(
        "-l",
        "--locale",
        action="append",
        metavar="LANG",
        help="locale code, may repeat (default: every configured locale plus the source language)",
    )
    bu.add_argument("--format", default="md,html", metavar="md,html", help="output formats (default: md,html)")
    bu.add_argument("--po", type=Path, metavar="IN.po", help="the catalog to use (with FILE.md)")
    bu.add_argument("-o", "--output", type=Path, metavar="OUT.md|OUT.html", help="the file to write (with FILE.md)")

    ch = sub.add_parser(
        "check",
        help="find broken links, names, markup and structure in translations",
        description="Check catalogs against their sources. Exit 0: nothing at error level; 1: errors found; 2: usage or input error.",
    )
    ch.add_argument(
        "-l",
        "--locale",
        action="append",
        metavar="LANG",
        help="locale code, may repeat (default: every configured locale)",
    )
    ch.add_argument(
        "--strict",
        action="store_true",
        help="warnings are errors, and every catalog must be 100%% translated unless --min-translated says otherwise",
    )
    ch.add_argument(
        "--format",
        dest="check_format",
        choices=REPORT_FORMATS,
        default="text",
        help="text (default), json, or github (Actions annotations)",
    )
    ch.add_argument(
        "--min-translated",
        type=float,
        metavar="PCT",
        help="share of translated messages each catalog needs (default: 100 under --strict)",
    )
    ch.add_argument(
        "--select",
        default="",
        metavar="CODES",
        help="only these codes or families, comma-separated (e.g. links,markup.code)",
    )
    ch.add_argument("--ignore", default="", metavar="CODES", help="never these codes or families, comma-separated")
    ch.add_argument("--list", action="store_true", help="list every check code and what it means, and exit")

    im = sub.add_parser(
        "import",
        help="align a translated Markdown file with its source into the catalog",
        description="Align a Markdown file translated in place with its English source and put its translations into locale/LANG/LC_MESSAGES/NAME.po. Doubtful pairs are imported as fuzzy, with a comment saying why.",
    )
    im.add_argument("file", type=Path, metavar="TRANSLATED.md", help="the translated file")
    im.add_argument("-l", "--locale", required=True, metavar="LANG", help="the translation's locale code")
    im.add_argument(
        "--source",
        type=Path,
        metavar="SOURCE.md",
        help="the English file (default: the file of the same name in source/en)",
    )
    im.add_argument("--fuzzy", action="store_true", help="import every translation as fuzzy")
    im.add_argument("--overwrite", action="store_true", help="replace translations the catalog already has")
    im.add_argument("--dry-run", action="store_true", help="print the report, write nothing")

    mg = sub.add_parser(
        "merge-driver",
        help="git merge driver for .po files (see README: merging catalogs)",
        description="Merge three versions of a catalog entry by entry, as a git merge driver: "
        "git config merge.mdgettext-po.driver 'mdgettext merge-driver %%O %%A %%B'. The result replaces OURS.",
    )
    mg.add_argument("base", type=Path, metavar="BASE")
    mg.add_argument("ours", type=Path, metavar="OURS")
    mg.add_argument("theirs", type=Path, metavar="THEIRS")

    st = sub.add_parser(
        "stats",
        help="translation progress per catalog",
        description="Show translated, fuzzy and untranslated messages and words.",
    )
    st.add_argument(
        "-l",
        "--locale",
        action="append",
        metavar="LANG",
        help="locale code, may repeat (default: every configured locale)",
    )
    return ap


def run(argv: Sequence[str] | None = None) -> int:
    """`mdgettext ARGS` -> exit code. Each command's module is imported only when it
    runs, so `--version`, `--help` and light commands start fast."""
    ap = parser()
    args = ap.parse_args(argv)
    from mdgettext.commands.common import Reporter
    from mdgettext.files import InputError
    from mdgettext.locale import LocaleError
    from mdgettext.project import ConfigError, load_config

    report = Reporter(quiet=args.quiet)
    try:
        config = load_config(args.directory)
        return _dispatch(ap, args, config, report)
    except (InputError, ConfigError, LocaleError) as err:
        from mdgettext.report import escape

        print(f"mdgettext: error: {escape(str(err))}", file=sys.stderr)
        return 2


def _dispatch(ap: argparse.ArgumentParser, args: argparse.Namespace, config: Config, report: Reporter) -> int:
    root = config.root
    if args.command == "extract":
        from mdgettext.commands import extract

        if args.file is None:
            return extract.extract(config, report)
        if args.output is None:
            ap.error("extract FILE.md needs -o OUT.pot")
        return extract.extract_file(root / args.file, root / args.output, config, report)
    if args.command == "update":
        from mdgettext.commands.update import update

        return update(config, _locales(args.locale, config.configured_locales(), ap), report)
    if args.command == "build":
        from mdgettext.commands import build

        formats = [f.strip() for f in args.format.split(",") if f.strip()]
        bad = [f for f in formats if f not in build.FORMATS]
        if bad or not formats:
            ap.error(f"--format: unknown format {bad[0] if bad else '(none)'!r} (choose from md, html)")
        if args.file is not None:
            if args.output is None:
                ap.error("build FILE.md needs -o OUT.md or -o OUT.html")
            po = root / args.po if args.po is not None else None
            return build.build_file(root / args.file, po, root / args.output, config, report)
        default = (*config.configured_locales(), config.source_language)
        return build.build(config, _locales(args.locale, default, ap), formats, report)
    if args.command == "check":
        from mdgettext.commands import check

        if args.list:
            from mdgettext.checks import CODES

            for code, meaning in sorted(CODES.items()):
                print(f"{code:28} {meaning}")
            return 0
        options = check.CheckOptions(
            strict=args.strict,
            fmt=args.check_format,
            min_translated=args.min_translated,
            select=_codes(args.select),
            ignore=_codes(args.ignore),
        )
        return check.check(config, _locales(args.locale, config.configured_locales(), ap), options, report)
    if args.command == "import":
        from mdgettext.commands.importing import import_translation

        source = root / args.source if args.source is not None else None
        return import_translation(
            config,
            root / args.file,
            args.locale,
            source,
            report,
            fuzzy=args.fuzzy,
            overwrite=args.overwrite,
            dry_run=args.dry_run,
        )
    if args.command == "merge-driver":
        from mdgettext.commands.merge_driver import merge_driver

        return merge_driver(root / args.base, root / args.ours, root / args.theirs, report)
    if args.command == "stats":
        from mdgettext.commands.stats import stats

        return stats(config, _locales(args.locale, config.configured_locales(), ap), report)
    return 2


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in text.split(",") if c.strip())


def _locales(given: list[str] | None, default: Sequence[str], ap: argparse.ArgumentParser) -> list[str]:
    locales = list(dict.fromkeys(given or default))
    if not locales:
        ap.error("no locale: pass -l LANG or set locales in [tool.mdgettext]")
    return locales


def main() -> None:
    """The `mdgettext` console script."""
    sys.exit(run())
