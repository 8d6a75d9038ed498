"""Line starts of a text, so the parser's 0-based line maps become character offsets."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.token import Token


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
