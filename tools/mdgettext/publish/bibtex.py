"""BibTeX read as BibTeX reads it (pybtex's scanner), entry by entry, within a budget.

pybtex's own `Parser` stops at the first problem in strict mode (or prints warnings
to stderr otherwise), splits the names of every entry as it reads (most of its time,
spent on entries a chapter never cites), and expands `@string` macros without limit:
twenty lines that each double the last make a megabyte a line. This keeps pybtex's
scanner, which is BibTeX's grammar, and changes those three things: a problem is
noted with its entry and line and the reading goes on with the next entry, names are
left as written (bibliography.py splits those of the cited entries), and the text
macros add is counted as it is made, so reading stops once it passes the budget.
"""

from __future__ import annotations

from typing import Any

from pybtex import textutils
from pybtex.database.input.bibtex import LowLevelParser, month_names
from pybtex.scanner import PybtexSyntaxError
from pybtex.utils import CaseInsensitiveDict

Entry = tuple[str, int, dict[str, str]]  # key, line, fields (lower-case names) with macros expanded
Problem = tuple[str | None, int, str]  # the entry's key (None: before any key), line, what is wrong


class TooLarge(Exception):
    """The file's macros expand beyond the budget; `line` is where reading stopped."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


class _Scanner(LowLevelParser):  # type: ignore[misc]  # pybtex has no type hints
    """pybtex's scanner, noting each command's line, problems instead of raising, and
    the characters macros add."""

    def __init__(self, text: str, budget: int) -> None:
        super().__init__(text, macros=CaseInsensitiveDict(month_names), handle_error=self._problem)
        self.budget = budget
        self.command_line = 1
        self.problems: list[Problem] = []

    def parse_command(self) -> Any:
        self.command_line = self.lineno
        return super().parse_command()

    def substitute_macro(self, name: str) -> str:
        value: str = super().substitute_macro(name)
        self.budget -= len(value)
        if self.budget < 0:
            raise TooLarge(self.lineno)
        return value

    def _problem(self, error: PybtexSyntaxError) -> None:
        key = self.current_entry_key
        what = f"{error.error_type}: {Exception.__str__(error)}"
        where = f"the entry {key!r}" if key else "an entry"
        self.problems.append(
            (key, error.lineno or self.command_line, f"cannot read {where}: {what}; correct it (the rest is read)")
        )


def scan(text: str, budget: int) -> tuple[list[Entry], list[Problem]]:
    """Every entry of a BibTeX text, in order, and what could not be read; TooLarge when
    its macros add more than `budget` characters. A repeated key or field keeps the
    first, as BibTeX does, and says so."""
    scanner = _Scanner(text, budget)
    entries: list[Entry] = []
    seen: set[str] = set()
    for command, body in scanner:
        if command.lower() in ("string", "preamble"):
            continue
        key, written = body
        line = scanner.command_line
        if not key:
            continue
        if key in seen:
            scanner.problems.append((key, line, f"a second entry {key!r}; BibTeX reads the first: remove one"))
            continue
        seen.add(key)
        fields: dict[str, str] = {}
        for name, parts in written:
            if name.lower() in fields:
                scanner.problems.append((key, line, f"the entry {key!r} has {name} twice; BibTeX reads the first"))
                continue
            fields[name.lower()] = textutils.normalize_whitespace("".join(parts))
        entries.append((key, line, fields))
    return entries, scanner.problems
