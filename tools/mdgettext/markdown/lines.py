"""Line starts of a text, so the parser's 0-based line maps become character offsets,
and where each line of a block's content sits in its source line."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markdown_it.common.utils import MD_TRIM_CHARS
from markdown_it.token import Token

from mdgettext.errors import UserError


@dataclass
class Lines:
    """Line starts of a text, so token line maps turn into character offsets."""

    text: str
    starts: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", self.text)]

    def start(self, line: int) -> int:
        """Offset of a 0-based line's first character (the text's end past the last line)."""
        return self.starts[line] if line < len(self.starts) else len(self.text)

    def end(self, line: int) -> int:
        """Offset of the line's end, before its newline."""
        nxt = self.start(line + 1)
        return nxt - 1 if nxt > 0 and self.text[nxt - 1 : nxt] == "\n" else nxt

    def get(self, line: int) -> str:
        """A line without its newline."""
        return self.text[self.start(line) : self.end(line)]


def block_lines(token: Token) -> tuple[int, int]:
    """A block token's 0-based, half-open line range (every block token has one)."""
    if token.map is None:
        raise ValueError(f"{token.type} has no line map")
    first, end = token.map
    return first, end


class SegmentationError(UserError, ValueError):
    """The parser's view of a block could not be matched to the source text."""


def content_starts(content: str, first_line: int, lines: Lines) -> list[int]:
    """Source offset where each content line's first non-blank character sits.

    markdown-it-py's content lines are the tails of their source lines (what follows
    the container prefix); only leading indentation may differ, when a tab was
    expanded, so each line is matched by its text after that indentation.
    """
    starts = []
    for offset, piece in enumerate(content.split("\n")):
        line = first_line + offset
        text = lines.get(line)
        core = piece.lstrip(" \t")
        if text.endswith(core):
            col = len(text) - len(core)
        else:
            trimmed = text.rstrip(MD_TRIM_CHARS)
            if not trimmed.endswith(core):
                raise SegmentationError(f"line {line + 1}: block text not found in the source line")
            col = len(trimmed) - len(core)
        starts.append(lines.start(line) + col)
    return starts


def offset_mapper(content: str, starts: list[int]) -> Callable[[int], int]:
    """Map an offset in a block's content to an offset in the source."""
    pieces = content.split("\n")
    piece_starts = [0]
    for piece in pieces[:-1]:
        piece_starts.append(piece_starts[-1] + len(piece) + 1)

    def source_offset(pos: int) -> int:
        line = content.count("\n", 0, pos)
        col = pos - piece_starts[line]
        indent = len(pieces[line]) - len(pieces[line].lstrip(" \t"))
        return starts[line] + max(col - indent, 0)

    return source_offset


def continuation(prefix: str) -> str:
    """The prefix of a new line inside the same container: quote markers stay,
    list markers and footnote labels become spaces of the same width."""
    return "".join(c if c in ">\t" else " " for c in prefix)
