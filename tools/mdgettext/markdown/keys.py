"""Names the settings use, importable without a parser: what the book's Distill
layout does with each front-matter key (the one place that knows it), and the
Markdown flavors a project may be read as. Key paths name a scalar (`toc[].name`:
`name` in each `toc` item)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mdgettext.model import Flavor

TITLE = "title"  # the page title, and the browser tab's
DESCRIPTION = "description"  # the meta description search results show
TOC_NAME = "toc[].name"  # a table-of-contents entry: the layout links it to the heading of that name
TOC_SUBSECTION_NAME = "toc[].subsections[].name"  # an entry of its second level, linked the same way
PREVIOUS_NAME, PREVIOUS_URL = "previous_section_name", "previous_section_url"
NEXT_NAME, NEXT_URL = "next_section_name", "next_section_url"
SECTION_NUMBER = "section_number"
AUTHORS = "authors"
DATE = "date"
DEFAULT_KEYS = (TITLE, DESCRIPTION, TOC_NAME, TOC_SUBSECTION_NAME, PREVIOUS_NAME, NEXT_NAME)
REQUIRED_KEYS = (TITLE, DESCRIPTION)  # a page without them translated shows English in search results

# Which arguments of which Liquid includes are prose a reader sees (a figure's caption):
# each is offered as a message of its own (markdown/tagtext.py).
Prose = tuple[tuple[str, tuple[str, ...]], ...]  # (include file, its prose arguments), hashable as settings are
LIQUID_PROSE: Prose = (("figure.liquid", ("caption",)),)


def prose_setting(value: object) -> Prose | None:
    """`liquid_prose` as written in pyproject.toml (a table of lists of names), or None if it is not."""
    if isinstance(value, tuple):
        return value
    if not isinstance(value, dict):
        return None
    if not all(isinstance(v, list) and all(isinstance(a, str) for a in v) for v in value.values()):
        return None
    return tuple((str(file), tuple(names)) for file, names in value.items())


@dataclass(frozen=True)
class Registered:
    """A flavor as the settings know it, before any parser is imported: how its site
    reads `$` by default, the module whose `FLAVOR` it is (markdown/flavors.py imports
    it when a project asks for it), and one line for the docs."""

    math: str
    module: str
    doc: str


# How a project's Markdown may be read (the `flavor` setting). A new flavor is a module
# that defines `FLAVOR` (a model.Flavor: its parser rules, heading ids, page HTML and
# math) and one line here.
FLAVORS = {
    "commonmark": Registered("dollars", "mdgettext.markdown.commonmark", "CommonMark"),
    "kramdown": Registered("kramdown", "mdgettext.markdown.kramdown", "kramdown with GFM input, as Jekyll runs it"),
    "gfm": Registered("dollars", "mdgettext.markdown.gfm", "as GitHub renders it"),
    "mkdocs": Registered("arithmatex", "mdgettext.markdown.mkdocs", "Python-Markdown with pymdown-extensions"),
}

# How a project's site reads `$` (the `math` setting): markdown-it's dollarmath (`$x$`
# inline, `$$x$$` display), kramdown's (`$$…$$` only, inline or block by where it
# stands; `$…$` left to the browser's typesetter), pymdownx.arithmatex's (`$x$` with no
# space inside the dollars, `\(x\)`; `$$x$$`, `\[x\]` and `\begin{…}` as blocks of
# their own), or not at all: a site without math, where `$5 … $10` is prices and
# neither the parser nor a typesetter reads formulas.
MATHS = ("dollars", "kramdown", "arithmatex", "none")
# The default: as each flavor's site reads `$` (GitHub reads `$x$` and `$$x$$`).
FLAVOR_MATH = {name: each.math for name, each in FLAVORS.items()}


def dollars_in_text(math: str) -> bool:
    """Whether the site's typesetter reads `$…$` left in the text as math: where `$` is
    read as kramdown reads it (kramdown leaves `$x$` to the browser), not where
    markdown-it's dollarmath has taken every formula out of the text already (a `$` left
    there is a dollar sign) or where the site has no math."""
    return math == "kramdown"


def math_of(flavor: Flavor, math: str | None = None) -> str:
    """How a document reads math: its project's `math` setting, else its flavor's way."""
    return math or flavor.math
