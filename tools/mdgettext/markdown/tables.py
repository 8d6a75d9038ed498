"""Table rows split into cells exactly where markdown-it-py splits them.

A row's cells are found in the source text itself (after the row's container
prefix), so a cell's translation replaces those characters and nothing else.
"""

from __future__ import annotations

import re

from markdown_it.common.utils import MD_TRIM_CHARS
from markdown_it.token import Token

UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")  # what splits a row into cells, in a table's text
# What protects a pipe from kramdown's table rows: a code span, `$$` math, an inline HTML element.
PROTECTED = re.compile(r"(`+)(?:(?!\1).)+?\1|\$\$.+?\$\$|<([A-Za-z][\w-]*)\b[^<>]*>.*?</\2\s*>", re.S)


def table_pipes(text: str) -> int:
    """How many pipes kramdown would split a paragraph's line into table cells at: those
    outside code spans, `$$` math and inline HTML elements, where its span parsers
    take them first (checked against kramdown: `$V / |X|$` makes a table row, the
    same inside `<d-footnote>` does not). A text without a pipe has none to count: it is
    not read, since PROTECTED reads to the end of the text for each element it finds
    unclosed (n unclosed `<d-footnote>` cost n readings)."""
    if "|" not in text:
        return 0
    return len(UNESCAPED_PIPE.findall(PROTECTED.sub(" ", text)))


def table_cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Offsets of a table row's cells, split as markdown-it-py's `escapedSplit` does.

    `start`/`end` bound the row's text after its container prefix.
    """
    start, end = _trim(text, start, end)
    pieces: list[tuple[int, int]] = []
    last = start
    escaped = False
    for pos in range(start, end):
        ch = text[pos]
        if ch == "|" and not escaped:
            pieces.append((last, pos))
            last = pos + 1
        escaped = ch == "\\"
    pieces.append((last, end))
    if pieces and pieces[0][0] == pieces[0][1]:
        pieces.pop(0)
    if pieces and pieces[-1][0] == pieces[-1][1]:
        pieces.pop()
    return [_trim(text, a, b) for a, b in pieces]


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a] in MD_TRIM_CHARS:
        a += 1
    while b > a and text[b - 1] in MD_TRIM_CHARS:
        b -= 1
    return a, b


class Cursor:
    """Which table and column a walk over the token stream is in, kept as it goes:
    finding a cell's column by looking back through earlier tokens would cost a
    walk over the whole table for every cell."""

    def __init__(self) -> None:
        self.table: Token | None = None
        self.column = -1
        self.row: tuple[int, list[tuple[int, int]]] | None = None  # the last row split: (line, cells)

    def see(self, token: Token) -> None:
        """Call for every token, in order."""
        if token.type == "table_open":
            self.table = token
            self.row = None
        elif token.type == "tr_open":
            self.column = -1
        elif token.type in ("th_open", "td_open"):
            self.column += 1

    def cell(self, text: str, line: int) -> tuple[int, int] | None:
        """Offsets in `text` of the current cell of the row on `line` (0-based), if the row has it.
        A row is split once, not once per cell: a wide table would cost its width squared."""
        if self.table is None:
            return None
        if self.row is None or self.row[0] != line:
            self.row = (line, table_cells(text, *self.table.meta["rows"][line]))
        cells = self.row[1]
        return cells[self.column] if 0 <= self.column < len(cells) else None
