"""Command line: argument parsing and exit codes (0 ok, 1 findings, 2 usage or input error).

It is long because the argparse declarations are the command line's documentation:
every command and option with its help text, in one place.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from mdgettext import __version__

if TYPE_CHECKING:
    from mdgettext.commands.terminal import Reporter
    from mdgettext.project import Config

    Commands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]  # what add_subparsers returns

REPORT_FORMATS = ("text", "json", "github")  # report.FORMATS, named here so --help imports nothing
QUIET_HELP = "print errors and warnings only"
# What a shell reports for a process that a closed pipe stopped (128 + SIGPIPE), as `yes | head -1` does.
CLOSED_PIPE = 141

EPILOG = """\
commands work on a project folder (the current one, or -C DIR): source/en/*.md,
locale/*.pot, locale/LANG/LC_MESSAGES/*.po, build/LANG/*. Settings live in
mdgettext.toml or [tool.mdgettext] in its pyproject.toml (see docs/settings.md).

typical use:
  mdgettext init --locale ko     # -> mdgettext.toml, every setting listed
  mdgettext extract              # source/en/*.md -> locale/*.pot
  mdgettext update -l ko         # -> locale/ko/LC_MESSAGES/*.po (translations kept)
  mdgettext build -l ko          # -> build/ko/*.md and build/ko/*.html
  mdgettext serve -l ko          # live preview on 127.0.0.1, rebuilt when a file changes
  mdgettext stats -l ko
  mdgettext check -l ko --strict # what CI runs: links, names, markup, structure
  mdgettext import -l ko ko/conclusion.md   # a file translated in place -> the catalog
  mdgettext tm --export ko.po -l ko         # every Korean translation, as one compendium
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
    ap.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for declare in COMMANDS:  # in the order `mdgettext --help` lists them
        command = declare(sub)
        # -q after the command too; SUPPRESS keeps one given before it
        command.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS, help=QUIET_HELP)
    return ap


# Each command's arguments, one function per command; an option that several commands
# share is declared once below (_add_locales, _add_locale, _add_jobs), so its flags,
# metavar and wording cannot drift apart between commands.


def _extract(sub: Commands) -> argparse.ArgumentParser:
    ex = sub.add_parser(
        "extract", help="source Markdown -> templates (.pot)", description="Extract translatable text into templates."
    )
    ex.add_argument("file", nargs="?", type=Path, metavar="FILE.md", help="one file instead of the project's sources")
    ex.add_argument("-o", "--output", type=Path, metavar="OUT.pot", help="the template to write (with FILE.md)")
    _add_jobs(ex, "read")
    return ex


def _update(sub: Commands) -> argparse.ArgumentParser:
    up = sub.add_parser(
        "update",
        help="create or merge translation catalogs (.po)",
        description="Create or update catalogs from the templates; translations are never dropped.",
    )
    _add_locales(up)
    up.add_argument(
        "--compendium",
        action="append",
        type=Path,
        default=[],
        metavar="FILE.po",
        help="more translations to offer new messages, as msgmerge -C reads them; may repeat",
    )
    up.add_argument(
        "--tm-exact",
        action="store_true",
        help="a translation the memory has for exactly the same English is taken as translated, not fuzzy",
    )
    up.add_argument(
        "--prune",
        action="store_true",
        help="a catalog whose chapter is gone keeps its translations as obsolete entries (default: left as it is)",
    )
    return up


def _build(sub: Commands) -> argparse.ArgumentParser:
    bu = sub.add_parser(
        "build",
        help="translated Markdown and HTML",
        description="Build translated Markdown and HTML into the build folder.",
    )
    bu.add_argument("file", nargs="?", type=Path, metavar="FILE.md", help="one source file instead of the project's")
    _add_locales(bu, default="every configured locale plus the source language")
    bu.add_argument("--format", default="md,html", metavar="md,html", help="output formats (default: md,html)")
    bu.add_argument("--po", type=Path, metavar="IN.po", help="the catalog to use (with FILE.md)")
    bu.add_argument("-o", "--output", type=Path, metavar="OUT.md|OUT.html", help="the file to write (with FILE.md)")
    _add_jobs(bu, "build")
    bu.add_argument(
        "--force",
        action="store_true",
        help="rebuild every chapter, even those whose inputs have not changed since the last build, and replace "
        "translated Markdown outside the build folder that no build or import here has read as it is",
    )
    return bu


def _check(sub: Commands) -> argparse.ArgumentParser:
    ch = sub.add_parser(
        "check",
        help="find broken links, names, markup and structure in translations",
        description="Check catalogs against their sources. Exit 0: nothing at error level; 1: errors found; 2: usage or input error.",
    )
    _add_locales(ch)
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
    return ch


def _import(sub: Commands) -> argparse.ArgumentParser:
    im = sub.add_parser(
        "import",
        help="align a translated Markdown file with its source into the catalog",
        description="Align a Markdown file translated in place with its English source and put its translations into locale/LANG/LC_MESSAGES/NAME.po. Doubtful pairs are imported as fuzzy, with a comment saying why.",
    )
    im.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="TRANSLATED.md",
        help="the translated files (a whole book: ko/*.md; none: each chapter's where the translations setting puts it)",
    )
    _add_locale(im, "the translation's locale code", required=True)
    im.add_argument(
        "--source",
        type=Path,
        metavar="SOURCE.md",
        help="the English file, with one translated file (default: the chapter the translations setting or the "
        "file's name says)",
    )
    im.add_argument("--fuzzy", action="store_true", help="import every translation as fuzzy")
    im.add_argument("--overwrite", action="store_true", help="replace translations the catalog already has")
    im.add_argument("--dry-run", action="store_true", help="print the report, write nothing")
    return im


def _merge_driver(sub: Commands) -> argparse.ArgumentParser:
    mg = sub.add_parser(
        "merge-driver",
        help="git merge driver for .po files (see docs/merge-driver.md)",
        description="Merge three versions of a catalog entry by entry, as a git merge driver;\n"
        "the result replaces OURS. Tell git once per clone:\n\n"
        '  git config merge.mdgettext-po.name "mdgettext catalog merge"\n'
        '  git config merge.mdgettext-po.driver "mdgettext merge-driver %O %A %B %P"\n',
        # Raw, so the lines to paste keep their breaks. A description is %-formatted only
        # when it names %(prog)s, so %O is written as itself: `%%O` would print `%%O`.
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    mg.add_argument("base", type=Path, metavar="BASE")
    mg.add_argument("ours", type=Path, metavar="OURS")
    mg.add_argument("theirs", type=Path, metavar="THEIRS")
    mg.add_argument(
        "path", nargs="?", metavar="PATH", help="the catalog's path in the work tree (git's %%P), for messages"
    )
    return mg


def _serve(sub: Commands) -> argparse.ArgumentParser:
    sv = sub.add_parser(
        "serve",
        help="a live preview of the built chapters on 127.0.0.1",
        description="Build, serve the build folder on 127.0.0.1, and rebuild when a source, a catalog or a template changes; an open page reloads itself. Ctrl-C stops.",
    )
    _add_locales(sv)
    sv.add_argument("--port", type=_port, default=0, metavar="N", help="the port (default: a free one)")
    return sv


def _tm(sub: Commands) -> argparse.ArgumentParser:
    tm = sub.add_parser(
        "tm",
        help="the translation memory: every translation of the project's catalogs",
        description="Write the project's translation memory (every translated message of a language's catalogs, each English once) as one compendium, for update --compendium or msgmerge -C.",
    )
    tm.add_argument("--export", required=True, type=Path, metavar="FILE.po", help="the compendium to write")
    _add_locale(tm, "locale code (default: the one configured locale)")
    return tm


def _init(sub: Commands) -> argparse.ArgumentParser:
    it = sub.add_parser(
        "init",
        help="write the project's settings (mdgettext.toml)",
        description="Write the project's settings to mdgettext.toml (with --pyproject: as [tool.mdgettext] at the "
        "end of the existing pyproject.toml): the settings given as options, and every other one commented out at "
        "its default with a line saying what it does. At a terminal, asks for source, locales and flavor when no "
        "option gives them; otherwise asks nothing. Never overwrites settings: exit 2 when the project has some.",
    )
    it.add_argument("--pyproject", action="store_true", help="write [tool.mdgettext] into pyproject.toml instead")
    from mdgettext.settings import SETTINGS, TABLES  # light: what init's options are made from

    for spec in SETTINGS:
        if spec.kind in TABLES:  # a table is written in the settings file
            continue
        how: dict[str, Any] = {"help": spec.doc, "metavar": spec.option.lstrip("-").upper().replace("-", "_")}
        if spec.kind == "list of strings":
            how.update(action="append", help=f"{spec.doc}; may repeat")
        elif spec.kind == "boolean":
            how = {"help": spec.doc, "action": argparse.BooleanOptionalAction}
        elif spec.choices:
            how = {"help": spec.doc, "choices": spec.choices}
        # Only what is given is written: the rest stays commented out at its default.
        it.add_argument(spec.option, dest=spec.key, default=argparse.SUPPRESS, **how)
    return it


def _stats(sub: Commands) -> argparse.ArgumentParser:
    st = sub.add_parser(
        "stats",
        help="translation progress per chapter and for the book",
        description="Show translated, fuzzy and untranslated messages and words, per chapter and for the whole book.",
    )
    _add_locales(st)
    st.add_argument(
        "--format", dest="stats_format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    st.add_argument("--html", action="store_true", help="also write the progress page, build/progress.html")
    return st


COMMANDS: tuple[Callable[[Commands], argparse.ArgumentParser], ...] = (
    _extract,
    _update,
    _build,
    _check,
    _import,
    _merge_driver,
    _serve,
    _tm,
    _init,
    _stats,
)


def _add_locales(command: argparse.ArgumentParser, default: str = "every configured locale") -> None:
    """`-l LANG`, repeatable: the languages a command works in."""
    _add_locale(command, f"locale code, may repeat (default: {default})", action="append")


def _add_locale(command: argparse.ArgumentParser, help: str, **how: Any) -> None:
    """`-l/--locale LANG`, as every command that takes a language spells it."""
    command.add_argument("-l", "--locale", metavar="LANG", help=help, **how)


def run(argv: Sequence[str] | None = None) -> int:
    """`mdgettext ARGS` -> exit code. Each command's module is imported only when it
    runs, so `--version`, `--help` and light commands start fast."""
    ap = parser()
    args = ap.parse_args(argv)
    from mdgettext.commands.terminal import Reporter
    from mdgettext.errors import InputError
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
            return extract.extract(config, report, args.jobs)
        if args.output is None:
            ap.error("extract FILE.md needs -o OUT.pot")
        return extract.extract_file(root / args.file, root / args.output, config, report)
    if args.command == "update":
        from mdgettext.commands.update import update

        return update(
            config,
            _locales(args.locale, config.configured_locales(), ap),
            report,
            prune=args.prune,
            compendia=[root / path for path in args.compendium],
            tm_exact=args.tm_exact,
        )
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
            if args.locale and len(args.locale) > 1:
                ap.error("build FILE.md takes one -l LANG")
            language = args.locale[0] if args.locale else None
            return build.build_file(root / args.file, po, root / args.output, config, report, language)
        default = (*config.configured_locales(), config.source_language)
        return build.build(config, _locales(args.locale, default, ap), formats, report, args.jobs, args.force)
    if args.command == "check":
        from mdgettext.commands import check

        if args.list:
            from mdgettext.checks import CODES
            from mdgettext.checks.typography import LANGUAGES_OF

            for code, meaning in sorted(CODES.items()):
                only = f" (only in {', '.join(LANGUAGES_OF[code])})" if code in LANGUAGES_OF else ""
                print(f"{code:34} {meaning}{only}")
            return 0
        options = check.CheckOptions(
            strict=args.strict,
            fmt=args.check_format,
            min_translated=args.min_translated,
            select=_known_codes(args.select, "--select", ap),
            ignore=_known_codes(args.ignore, "--ignore", ap),
        )
        return check.check(config, _locales(args.locale, config.configured_locales(), ap), options, report)
    if args.command == "import":
        from mdgettext.commands.importing import import_translation

        source = root / args.source if args.source is not None else None
        return import_translation(
            config,
            [root / path for path in args.files],
            args.locale,
            source,
            report,
            fuzzy=args.fuzzy,
            overwrite=args.overwrite,
            dry_run=args.dry_run,
        )
    if args.command == "merge-driver":
        from mdgettext.commands.merge_driver import merge_driver

        return merge_driver(root / args.base, root / args.ours, root / args.theirs, report, args.path)
    if args.command == "serve":
        from mdgettext.commands.serve import serve

        return serve(config, _locales(args.locale, config.configured_locales(), ap), args.port, report)
    if args.command == "tm":
        from mdgettext.commands.tm import export

        languages = _locales([args.locale] if args.locale else None, config.configured_locales(), ap)
        if len(languages) > 1:
            ap.error("tm --export writes one language: pass -l LANG")
        return export(config, languages[0], root / args.export, report)
    if args.command == "init":
        from mdgettext.commands.init import init
        from mdgettext.settings import SETTINGS

        given = {spec.key: getattr(args, spec.key) for spec in SETTINGS if hasattr(args, spec.key)}
        return init(root, given, report, pyproject=args.pyproject, ask=input if sys.stdin.isatty() else None)
    if args.command == "stats":
        from mdgettext.commands.stats import stats

        languages = _locales(args.locale, config.configured_locales(), ap)
        return stats(config, languages, report, fmt=args.stats_format, html=args.html)
    return 2


def _add_jobs(command: argparse.ArgumentParser, verb: str) -> None:
    command.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help=f"{verb} chapters in N processes (default: one per core; output is the same for any N)",
    )


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes (1 or more)")
    return int(text)


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535; 0 picks a free one)")
    return int(text)


def _known_codes(text: str, option: str, ap: argparse.ArgumentParser) -> tuple[str, ...]:
    """The codes or families of `--select`/`--ignore`, all known: a typo that selected
    nothing would switch the CI gate off without a word, so it is a usage error."""
    from difflib import get_close_matches

    from mdgettext.checks import CODES, selectable

    names = selectable()
    codes = tuple(c.strip() for c in text.split(",") if c.strip())
    for code in codes:
        if code not in names:
            close = get_close_matches(code, sorted(names), n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            ap.error(f"{option}: unknown check '{code}'; {hint}known codes: {', '.join(sorted(CODES))}")
    return codes


def _locales(given: list[str] | None, default: Sequence[str], ap: argparse.ArgumentParser) -> list[str]:
    locales = list(dict.fromkeys(given or default))
    if not locales:
        ap.error("no locale: pass -l LANG, or set locales in mdgettext.toml or [tool.mdgettext]")
    return locales


def tune_collector() -> None:
    """A command is a short process that builds large trees of tokens and YAML nodes
    and frees them at once; at the cyclic collector's default pace (a collection per
    700 new objects) it scans those trees again and again, superlinearly in their
    size (a 32,000-line front matter took 2.3x longer per doubling). mypy raises the
    threshold the same way; a book builds some 12% faster."""
    gc.set_threshold(200_000, 30, 30)


def main() -> None:
    """The `mdgettext` console script."""
    tune_collector()
    try:
        try:
            code = run()
        finally:
            sys.stdout.flush()  # here, so a reader that went away is met below and not at exit
    except BrokenPipeError:
        code = _reader_gone()
    sys.exit(code)


def _reader_gone() -> int:
    """`mdgettext check | head -1`: the reader closed the pipe. Stop quietly, as other
    command-line tools do, instead of printing a traceback; both streams go to
    /dev/null, since Python flushes them once more on its way out."""
    null = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        os.dup2(null, stream.fileno())
    return CLOSED_PIPE
