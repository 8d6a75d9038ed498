"""markdown-it-py reading Markdown as kramdown does with GFM input, as the book's Jekyll site runs it.

Each module teaches markdown-it one of kramdown's rules (math, raw HTML, emphasis,
lists, attribute lists); `kramdown_plugin` applies them all. The rules were read
from kramdown 2.4's source and checked against its output on the book's chapters
(tests/test_kramdown_structure.py lists what still differs, and why).
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from mdgettext.markdown.anchors import GfmSlugger
from mdgettext.markdown.keys import FLAVORS
from mdgettext.markdown.kramdown import html
from mdgettext.markdown.kramdown.attributes import attributes_plugin
from mdgettext.markdown.kramdown.emphasis import emphasis_plugin
from mdgettext.markdown.kramdown.lists import lists_plugin
from mdgettext.markdown.kramdown.math import math_plugin
from mdgettext.markdown.kramdown.raw_html import html_plugin
from mdgettext.markdown.kramdown.tasks import task_marker, tasks_plugin
from mdgettext.model import Flavor


def kramdown_plugin(md: MarkdownIt, math: bool = True) -> None:
    """All of kramdown's rules that change what the book's pages show; `math`: its
    `$$` too (a project's `math` setting may read `$` otherwise)."""
    if math:
        md.use(math_plugin)
    md.use(html_plugin).use(emphasis_plugin).use(lists_plugin).use(tasks_plugin).use(attributes_plugin)
    md.enable("strikethrough")  # kramdown's GFM parser reads `~~x~~` (STRIKETHROUGH_MATCH in parser/gfm.rb)


def _extend(md: MarkdownIt, math: str) -> None:
    md.use(kramdown_plugin, math=math == "kramdown")


def _task(tokens: list[Token], index: int) -> int | None:
    """kramdown's parser keeps `[ ] ` in the paragraph's content: the segmenter skips it."""
    opening = tokens[index - 2] if index >= 2 else None
    if opening is None or opening.type != "list_item_open":
        return None
    return task_marker(tokens[index].content) or None


FLAVOR = Flavor(
    "kramdown",
    FLAVORS["kramdown"].math,
    _extend,
    _task,
    GfmSlugger,  # kramdown's GFM parser's ids (the book's site has `input: GFM`)
    html.HTML,
    spaced_destinations=True,
    closes_elements=True,
    emphasis_by_spaces=True,
    raw_notes=True,
    contents_by_slug=True,
    given_ids=True,
)
