"""The markdown-it-py parsers every stage shares, all set up here and nowhere else.

Each comes in the flavor a project names in its `flavor` setting (markdown/flavors.py:
CommonMark, kramdown as a Jekyll site with GFM input runs it, GitHub's own, MkDocs').
How `$` is read is the `math` setting (keys.MATHS), by default the flavor's way: a
document carries both, and every stage asks `parser(doc.flavor, doc.math)`.

Every stage must see the same blocks, or msgids extracted from the source would not
be found again when the translation is put back; so the preset lives here only.
Variants that read *messages* rather than files, always as CommonMark, serve the
places that must not trust a translation: `untrusted()` (and its block-only
`untrusted_blocks()`) keeps every link destination (markdown-it drops `javascript:`
links itself, kramdown on the Jekyll site does not, so the safety check must see
them), and `text_only()` renders raw HTML as text (the review page).
"""

from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from mdgettext.markdown.flavors import COMMONMARK
from mdgettext.markdown.keys import math_of
from mdgettext.model import Flavor


def parser(flavor: Flavor = COMMONMARK, math: str | None = None) -> MarkdownIt:
    """A whole chapter: tables, front matter, footnotes and math, read as `flavor` reads
    them and `$` as `math` says (None: the flavor's way)."""
    return _parser(flavor, math_of(flavor, math))


@lru_cache(maxsize=6)
def _parser(flavor: Flavor, math: str) -> MarkdownIt:
    return _preset(flavor, html=True, math=math).use(front_matter_plugin).use(row_offsets_plugin)


@lru_cache(maxsize=1)
def untrusted() -> MarkdownIt:
    """A message as the Jekyll site could read it: every link destination kept, and
    no front matter (a translation starting with `---` must not hide its links)."""
    md = _preset(COMMONMARK, html=True)
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


@lru_cache(maxsize=1)
def untrusted_blocks() -> MarkdownIt:
    """`untrusted()` without its inline pass: the block structure alone.

    Every inline rule that makes a link, an image, a footnote or HTML starts at `[`
    or `<`, and so does every block rule that makes a reference definition, a
    footnote definition or an HTML block; for a text with neither, this reads all
    that `untrusted()` would, for a quarter of the cost."""
    md = _preset(COMMONMARK, html=True).disable("inline")
    md.validateLink = lambda url: True  # type: ignore[method-assign]
    return md


@lru_cache(maxsize=3)
def text_only(math: str = "dollars") -> MarkdownIt:
    """A message with raw HTML off: what it says, never what it could run; `$` read as
    its project's `math` setting says."""
    return _preset(COMMONMARK, html=False, math=math)


def _preset(flavor: Flavor, html: bool, math: str | None = None) -> MarkdownIt:
    # no `^[inline notes]`: neither kramdown, GitHub nor CommonMark reads them (their tokens have no line map)
    md = MarkdownIt("commonmark", {"html": html}).enable("table").use(footnote_plugin, inline=False)
    math = math_of(flavor, math)
    flavor.extend(md, math)
    if math == "dollars":
        md.use(dollarmath_plugin, double_inline=True)
    elif math == "arithmatex":
        from mdgettext.markdown.mkdocs.arithmatex import arithmatex_plugin  # the MkDocs flavor's: for its sites only

        md.use(arithmatex_plugin)
    return md


def row_offsets_plugin(md: MarkdownIt) -> None:
    """Record where each table row's text starts and ends, in `table_open.meta["rows"]`.

    Line maps tell which line a row is on but not where its container prefix
    (`> `, list indentation) ends; the block state knows, while the table rule runs.
    """
    ruler = md.block.ruler
    original = ruler.__rules__[ruler.__find__("table")].fn

    def table(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
        first_token = len(state.tokens)
        found = original(state, start_line, end_line, silent)
        if found and not silent:
            rows = {
                line: (state.bMarks[line] + state.tShift[line], state.eMarks[line])
                for line in range(start_line, state.line)
            }
            state.tokens[first_token].meta["rows"] = rows
        return found

    ruler.at("table", table)


def normalize(text: str) -> str:
    """The text markdown-it-py parses: its `normalize` rule maps NUL to U+FFFD.

    Offsets stay the same (one character for one), so spans found in the normalized
    text are valid in the original. Line endings are the file layer's business.
    """
    return text.replace("\0", "\ufffd")
