"""The terminal: where a command's lines go, and how paths are shown. Light on
purpose (the standard library and report.escape), so a command that finds nothing to do has
imported nothing else."""

from __future__ import annotations

import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from typing import TextIO

from mdgettext.report import escape


@dataclass
class Reporter:
    """Where a command's lines go: results to stdout (unless quiet), warnings to stderr,
    and a progress line that only a person at a terminal sees."""

    quiet: bool = False
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    # A progress line is for a job that makes a person wait: the command line shows one
    # only after this many seconds (`for_a_person`), and never in CI.
    progress_after: float = 0.0
    live: bool = True  # False in CI: a log gets result lines, never carriage returns
    _started: float = field(default_factory=time.monotonic)
    _progress: int = 0  # width of the progress line on the terminal, 0 when none is shown
    _warned: set[str] = field(default_factory=set)

    def info(self, line: str) -> None:
        """A result line; `--quiet` silences it. Like every line printed, escaped:
        it may quote a file name or a msgstr (see report.escape)."""
        self.clear()
        if not self.quiet:
            for one in line.split("\n"):  # each printed line escaped on its own (a table is several)
                print(escape(one), file=self.out)

    def warn(self, line: str) -> None:
        """A warning, on standard error, so it never mixes with output a script reads.
        `--quiet` keeps it (its promise is "errors and warnings only"); a warning that
        two stages of one command find (a missing catalog: the build's and the
        progress page's) is said once."""
        if line in self._warned:
            return
        self._warned.add(line)
        self.clear()
        print(f"mdgettext: warning: {escape(line)}", file=self.err)

    def progress(self, done: int, total: int, what: str) -> None:
        """`[3/13] locale/ko/LC_MESSAGES/tpus.po`, rewritten in place on standard error.

        Only on a terminal, without --quiet, outside CI, and once the job has run for
        `progress_after` seconds: a log, a pipe or CI gets the result lines alone, never
        carriage returns, and a job done in a blink prints no line it would wipe at once."""
        if self.quiet or not self.live or not self.err.isatty():
            return
        if time.monotonic() - self._started < self.progress_after:
            return
        line = f"[{done}/{total}] {escape(what)}"[: max(shutil.get_terminal_size().columns - 1, 10)]
        print("\r" + line.ljust(self._progress), end="", file=self.err, flush=True)
        self._progress = len(line)

    def clear(self) -> None:
        """Take the progress line off the terminal before anything else is printed."""
        if self._progress:
            print("\r" + " " * self._progress + "\r", end="", file=self.err, flush=True)
            self._progress = 0


PROGRESS_AFTER = "MDGETTEXT_PROGRESS_AFTER"  # seconds before a progress line shows (default 1; the tests set 0)


def for_a_person(quiet: bool) -> Reporter:
    """The command line's reporter: progress after a second of work, none in CI (where
    `CI` is set, as GitHub Actions, GitLab and most services set it)."""
    try:
        after = max(float(os.environ.get(PROGRESS_AFTER, "1")), 0.0)
    except ValueError:
        after = 1.0
    ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return Reporter(quiet=quiet, progress_after=after, live=not ci)
