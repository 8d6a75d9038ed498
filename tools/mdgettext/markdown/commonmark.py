"""The `commonmark` flavor: markdown-it-py's CommonMark, with tables and footnotes (the
preset every flavor starts from, markdown/parser.py), heading ids as plain kramdown
makes them, and markdown-it's own HTML for the page."""

from __future__ import annotations

from markdown_it.token import Token

from mdgettext.markdown.anchors import Slugger
from mdgettext.markdown.keys import FLAVORS
from mdgettext.markdown.kramdown.math import dollars_as_kramdown
from mdgettext.model import Flavor


def no_task(tokens: list[Token], index: int) -> int | None:
    """No task lists: `[ ]` is text."""
    return None


FLAVOR = Flavor("commonmark", FLAVORS["commonmark"].math, dollars_as_kramdown, no_task, Slugger)
