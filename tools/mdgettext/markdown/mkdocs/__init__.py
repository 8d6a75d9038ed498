"""The `mkdocs` flavor: Markdown as a MkDocs site reads it, Python-Markdown with the
extensions such sites enable (Material for MkDocs' recommended set):

- admonitions, details and content tabs, whose titles are messages (blocks.py);
- attribute lists, kept out of headings' and paragraphs' text (attributes.py);
- pymdownx.arithmatex's math (arithmatex.py; the flavor's `math`);
- pymdownx.snippets' include lines, left alone (snippets.py);
- heading ids as Python-Markdown's toc extension makes them (`TocSlugs`).

Python-Markdown is not CommonMark; where its blocks differ from markdown-it's in what
the MkDocs flavor offers (a list must follow a blank line, say), the messages are cut
as markdown-it cuts them and every byte of the page is still put back where it was:
tests/test_mkdocs.py lists what the real Python-Markdown reads otherwise, and why.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from html import escape

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from mdgettext.markdown.anchors import Slugger
from mdgettext.markdown.commonmark import no_task
from mdgettext.markdown.keys import FLAVORS
from mdgettext.markdown.kramdown.math import dollars_as_kramdown
from mdgettext.markdown.mkdocs.attributes import attributes_plugin, lists_in
from mdgettext.markdown.mkdocs.blocks import blocks_plugin, generic_blocks
from mdgettext.markdown.mkdocs.snippets import snippets_plugin
from mdgettext.model import Flavor

IDCOUNT = re.compile(r"^(.*)_([0-9]+)$")


class TocSlugs(Slugger):
    """Heading ids as Python-Markdown's toc extension makes them (its default `slugify`):
    letters folded to ASCII (others dropped, so a Korean heading has none), lower case,
    runs of spaces and hyphens one `-`; an id taken already, or none at all, gets `_1`,
    `_2`. Ids the author wrote count as taken."""

    def __init__(self) -> None:
        super().__init__()
        self.used: set[str] = set()

    def claim(self, given: str) -> str:
        """An id the author wrote (an attribute list's `#id`), as is."""
        self.used.add(given)
        return given

    def slug(self, text: str) -> str:
        """toc's `unique(slugify(text, "-"))`."""
        ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
        base = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", ascii_text).strip().lower())
        found = base
        if found in self.used or not found:
            counted = IDCOUNT.match(found)
            stem, count = (counted.group(1), int(counted.group(2))) if counted else (found, 0)
            count += 1
            while f"{stem}_{count}" in self.used:
                count += 1
            found = f"{stem}_{count}"
        self.used.add(found)
        return found


def _extend(md: MarkdownIt, math: str) -> None:
    md.use(snippets_plugin).use(blocks_plugin).use(attributes_plugin)
    dollars_as_kramdown(md, math)


def _default_title(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    """A title the source does not write (`!!! note`: "Note"), as the extension writes it."""
    token = tokens[idx]
    attrs = ' class="admonition-title"' if token.type == "admonition_title" else ""
    return f"<{token.tag}{attrs}>{escape(token.content)}</{token.tag}>\n"


def _nothing(self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
    return ""


FLAVOR = Flavor(
    "mkdocs",
    FLAVORS["mkdocs"].math,
    _extend,
    no_task,
    TocSlugs,
    {
        "admonition_title": _default_title,
        "details_title": _default_title,
        "tab_title": _default_title,
        "snippet": _nothing,  # the site fills it in; the page says nothing in its place
        "attr_list": _nothing,
    },
    slug_anchors=False,  # MkDocs makes its contents from the headings' ids
    attribute_lists=lists_in,  # attr_list's `{ … }`, with or without the colon, wherever it reads one
    given_ids=True,  # attr_list's `{ #id }` after a heading
    generic_blocks=generic_blocks,  # pymdownx.blocks' `/// tip | Title` and `///`: blocks, no table
)
