"""Command line: argument parsing and exit codes (0 ok, 1 findings, 2 usage or input error).

Each command is a module of `commands/` that declares its own options (`declare`) and
carries them out (`run`); `COMMANDS` lists them with the line `mdgettext --help` shows
for each. A command's module is imported only when it runs or its `--help` is asked
for, and argparse learns its options then: `--version`, `--help` and each command load
only what they need.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from mdgettext import __version__

if TYPE_CHECKING:
    from mdgettext.commands.terminal import Reporter
    from mdgettext.project import Config

# Each command: its module in commands/ and its line in `mdgettext --help`, in that list's order.
COMMANDS: dict[str, tuple[str, str]] = {
    "extract": ("extract", "source Markdown -> templates (.pot)"),
    "update": ("update", "create or merge translation catalogs (.po)"),
    "build": ("build", "translated Markdown and HTML"),
    "check": ("check", "find broken links, names, markup and structure in translations"),
    "import": ("importing", "align a translated Markdown file with its source into the catalog"),
    "export": ("export", "catalogs as XLIFF 2 files for CAT tools (import brings them back)"),
    "merge-driver": ("merge_driver", "git merge driver for .po files (see docs/merge-driver.md)"),
    "serve": ("serve", "a live preview of the built chapters on 127.0.0.1"),
    "tm": ("tm", "the translation memory: every translation of the project's catalogs"),
    "init": ("init", "write the project's settings (mdgettext.toml)"),
    "stats": ("stats", "translation progress per chapter and for the book"),
}
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
  mdgettext export -l ko                    # -> build/xliff/ko/*.xlf for a CAT tool; import takes them back
"""


class Command(Protocol):
    """What a command's module provides."""

    def declare(self, command: argparse.ArgumentParser) -> None:
        """Add the command's description and options to its parser."""

    def run(self, args: argparse.Namespace, config: Config, report: Reporter) -> int:
        """Carry out the command; its exit code."""


def command(name: str) -> Command:
    """The module of the command `name`, imported."""
    return cast("Command", import_module(f"mdgettext.commands.{COMMANDS[name][0]}"))


def parser() -> argparse.ArgumentParser:
    """The argument parser: the commands named, each one's options declared when it is chosen."""
    ap = argparse.ArgumentParser(
        prog="mdgettext",
        description="Translate Markdown with gettext catalogs.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.register("action", "parsers", _Commands)
    ap.add_argument(
        "-C", dest="directory", metavar="DIR", type=Path, default=Path("."), help="run as if started in DIR"
    )
    ap.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (_, line) in COMMANDS.items():
        sub.add_parser(name, help=line)
    return ap


def declared(name: str, chosen: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The parser of a command with its options: its module's, and `-q` after the command
    too (SUPPRESS keeps a `-q` given before it)."""
    command(name).declare(chosen)
    chosen.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS, help=QUIET_HELP)
    return chosen


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """`add_subparsers`' action: argparse finds the command's name before it reads the
    command's own arguments, and that is when its options are declared."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.declared: set[str] = set()

    def __call__(
        self, ap: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        name = values[0]
        if name in COMMANDS and name not in self.declared:
            declared(name, self.choices[name])
            self.declared.add(name)
        super().__call__(ap, namespace, values, option)


def _command_parser(ap: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    commands = next(a for a in ap._subparsers._group_actions if isinstance(a, _Commands))  # type: ignore[union-attr]
    found: argparse.ArgumentParser = commands.choices[name]
    return found


def run(argv: Sequence[str] | None = None) -> int:
    """`mdgettext ARGS` -> exit code."""
    ap = parser()
    args, extra = ap.parse_known_args(argv)
    chosen = _command_parser(ap, args.command)  # errors show the command's usage, as its --help does
    if extra:
        chosen.error(f"unrecognized arguments: {' '.join(extra)}")
    if not args.directory.is_dir():
        chosen.error(f"-C {args.directory}: no such folder")
    from mdgettext.commands.terminal import for_a_person
    from mdgettext.errors import UsageError, UserError
    from mdgettext.project import load_config

    report = for_a_person(args.quiet)
    try:
        config = load_config(args.directory)
        return command(args.command).run(args, config, report)
    except UsageError as err:
        chosen.error(str(err))
    except UserError as err:
        from mdgettext.report import escape

        print(f"mdgettext: error: {escape(str(err))}", file=sys.stderr)
        return 2


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
