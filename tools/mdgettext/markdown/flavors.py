"""The flavors a project's Markdown may be read as, each one value (model.Flavor).

- `commonmark`: markdown-it-py's CommonMark, with tables and footnotes;
- `kramdown`: kramdown with GFM input, as the book's Jekyll site runs it
  (`markdown/kramdown/`): its math, raw HTML, emphasis, lists, attribute lists;
- `gfm`: Markdown as GitHub renders it (`markdown/gfm.py`).

Every stage takes the flavor from the document it reads (`doc.flavor`); the setting
names one (`named`).
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from mdgettext.markdown import gfm
from mdgettext.markdown.keys import FLAVOR_MATH, FLAVORS
from mdgettext.markdown.kramdown import kramdown_plugin
from mdgettext.markdown.kramdown.math import math_plugin
from mdgettext.markdown.kramdown.tasks import task_marker as kramdown_marker
from mdgettext.model import Flavor


def _math_only(md: MarkdownIt, math: str) -> None:
    """kramdown's `$$` where the project reads `$` that way (`math = "kramdown"`)."""
    if math == "kramdown":
        md.use(math_plugin)


def _kramdown(md: MarkdownIt, math: str) -> None:
    md.use(kramdown_plugin, math=math == "kramdown")


def _gfm(md: MarkdownIt, math: str) -> None:
    md.use(gfm.gfm_plugin)
    _math_only(md, math)


def _no_task(tokens: list[Token], index: int) -> int | None:
    return None


def _kramdown_task(tokens: list[Token], index: int) -> int | None:
    """kramdown's parser keeps `[ ] ` in the paragraph's content: the segmenter skips it."""
    if not gfm.first_in_item(tokens, index):
        return None
    return kramdown_marker(tokens[index].content) or None


COMMONMARK = Flavor("commonmark", FLAVOR_MATH["commonmark"], _math_only, _no_task)
KRAMDOWN = Flavor(
    "kramdown",
    FLAVOR_MATH["kramdown"],
    _kramdown,
    _kramdown_task,
    github_ids=True,
    spaced_destinations=True,
    closes_elements=True,
    emphasis_by_spaces=True,
    kramdown_html=True,
    contents_by_slug=True,
)
GFM = Flavor("gfm", FLAVOR_MATH["gfm"], _gfm, gfm.task_marker, github_ids=True)
BY_NAME = {each.name: each for each in (COMMONMARK, KRAMDOWN, GFM)}
assert tuple(BY_NAME) == FLAVORS  # the setting's choices (keys.py, importable without a parser)


def named(name: str) -> Flavor:
    """The flavor a setting names (settings.py has checked it is one of FLAVORS)."""
    return BY_NAME[name]
