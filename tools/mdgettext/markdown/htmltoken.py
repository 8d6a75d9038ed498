"""One HTML token as a browser's tokenizer makes it, with its place in the text.

Its own module so that what reads tokens (`html.py`'s users) and what makes them
(`whatwg.py`, which imports html5lib) share it without the readers importing html5lib.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

START, END, COMMENT, DOCTYPE, TEXT = "start", "end", "comment", "doctype", "text"
UNTERMINATED = "unterminated"  # text from a `<` the tokenizer never finished (EOF inside a tag) to the end


@dataclass(frozen=True, slots=True)
class Token:
    """One token as the browser's tokenizer makes it, with its place in the text."""

    kind: str  # START, END, COMMENT, DOCTYPE, TEXT or UNTERMINATED
    name: str  # a tag's name (lowercase); a comment's or doctype's text; the characters of text
    start: int
    end: int
    # Every attribute as written, in order: names lowercase, values with character
    # references decoded. A repeated name stays repeated: a browser keeps the first,
    # kramdown (which rewrites the tag for the Jekyll site) the last.
    attrs: tuple[tuple[str, str], ...] = ()
    self_closing: bool = False
    closed: bool = True  # a comment that reaches its `>`, not the end of the text

    def duplicates(self) -> list[str]:
        """Attribute names written more than once."""
        counts = Counter(name for name, _ in self.attrs)
        return sorted(name for name, count in counts.items() if count > 1)
