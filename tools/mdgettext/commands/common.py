"""What every command shares: reporting to the terminal, staged writes, reading a chapter."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from mdgettext.files import InputError, SourceText, read_source, write_all
from mdgettext.markdown.frontmatter import FrontMatterError
from mdgettext.markdown.segment import SegmentationError, segment
from mdgettext.model import Document
from mdgettext.po.catalog import Project
from mdgettext.project import Config
from mdgettext.report import escape


@dataclass
class Reporter:
    """Where a command's lines go: results to stdout (unless quiet), warnings to stderr."""

    quiet: bool = False
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)

    def info(self, line: str) -> None:
        """A result line; `--quiet` silences it. Like every line printed, escaped:
        it may quote a file name or a msgstr (see report.escape)."""
        if not self.quiet:
            print(escape(line), file=self.out)

    def warn(self, line: str) -> None:
        """A warning: always shown, on standard error, so it never mixes with output a script reads."""
        print(f"mdgettext: warning: {escape(line)}", file=self.err)


@dataclass
class Plan:
    """The files a command will write, gathered before any is written: if an input
    is bad, the command stops with nothing on disk changed, never half a project."""

    writes: list[tuple[Path, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def write(self, path: Path, text: str) -> None:
        """Stage a file: nothing is written until `carry_out`."""
        self.writes.append((path, text))

    def carry_out(self, report: Reporter) -> None:
        """Write every staged file, then report: a failure leaves the project as it was."""
        write_all(self.writes)
        for line in self.lines:
            report.info(line)


def creation_date() -> str:
    """Now, or SOURCE_DATE_EPOCH for reproducible builds, in gettext's header format.

    A value that is not a count of seconds in ASCII digits (`²³`, `-1`, `1e9`) or
    that names no year from 1970 to 9999 is an input error, never a guess."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime())
    try:
        if not (epoch.isascii() and epoch.isdigit()):
            raise ValueError("not ASCII digits")
        stamp = time.gmtime(int(epoch))
        if stamp.tm_year > 9999:
            raise ValueError("after the year 9999")
    except (ValueError, OverflowError, OSError) as err:
        raise InputError(
            f"SOURCE_DATE_EPOCH={epoch!r} is not a number of seconds since 1970 ({err}); unset it or set it to one"
        ) from err
    return time.strftime("%Y-%m-%d %H:%M+0000", stamp)


def project_info(config: Config) -> Project:
    """What a catalog header says about the project, dated now."""
    return Project(config.name, config.version, creation_date())


def load(path: Path, display: str, config: Config) -> tuple[SourceText, Document]:
    """A source file and its segments; parse problems become one-line input errors."""
    source = read_source(path, display)
    try:
        return source, segment(source.text, display, config.front_matter_keys)
    except FrontMatterError as err:
        raise InputError(f"{display}:{err.line + 2}: {err}; fix the YAML between the --- lines") from err
    except SegmentationError as err:
        raise InputError(f"{display}: {err}") from err


def load_chapter(config: Config, chapter: str) -> tuple[SourceText, Document]:
    """A chapter of the project by name."""
    path = config.source_path(chapter)
    return load(path, config.relative(path), config)


def display(path: Path, root: Path) -> str:
    """A path as the user should read it: relative to the project folder when inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def templates_required(config: Config) -> list[str]:
    """The chapters that have a template; none is an error that says what to run."""
    chapters = [c for c in config.chapters() if config.pot_path(c).exists()]
    if not chapters:
        raise InputError(f"{config.locale_dir}: no templates (.pot); run `mdgettext extract` first")
    return chapters
