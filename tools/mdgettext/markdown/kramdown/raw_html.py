"""Raw HTML as kramdown reads it: `markdown="1"` elements are Markdown, custom elements are not.

kramdown leaves the content of a block-level HTML element raw unless the element
says `markdown="1"` (its own content model: block for `div`, span for `p` and
`h1`-`h6`), `markdown="block"` or `markdown="span"`; the book writes its takeaway
boxes and "next part" links that way. Inside a paragraph it reads the opposite
way round: the content of an element kramdown does not know as a span or block
element (`<d-footnote>`, `<d-cite>`, `<code>`) is raw, never Markdown.
(kramdown's parser/html.rb and parser/kramdown/html.rb.)
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

# kramdown's parser/html.rb lists, as written there.
BLOCK_MODEL = frozenset(
    "address applet article aside blockquote body dd details div dl fieldset figure figcaption footer "
    "form header hgroup iframe li main map menu nav noscript object section summary td".split()
)
SPAN_MODEL = frozenset(
    "a abbr acronym b bdo big button cite caption del dfn dt em h1 h2 h3 h4 h5 h6 i ins label legend "
    "optgroup p q rb rbc rp rt rtc ruby select small span strong sub sup th tt".split()
)
SPAN_ELEMENTS = frozenset(
    "a abbr acronym b big bdo br button cite code del dfn em i img input ins kbd label mark option q rb "
    "rbc rp rt rtc ruby samp select small span strong sub sup tt u var".split()
)
WITHOUT_BODY = frozenset("area base br col command embed hr img input keygen link meta param source track wbr".split())
MARKDOWN_ATTR = {"0": "raw", "1": "default", "span": "span", "block": "block"}

# An attribute name never holds `<` (kramdown's names are XML names): so a tag that is
# never finished ends its attribute list at the next `<`, and `<a <a <a …` is read in
# one pass, not one pass per `<`.
_ATTRIBUTE = r"""\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?"""
OPEN_TAG = re.compile(rf"<([A-Za-z][\w:-]*)((?:{_ATTRIBUTE})*)\s*(/?)>")
ATTRIBUTE = re.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
TAG_OR_COMMENT = re.compile(r"</?[A-Za-z][\w:-]*(?:" + _ATTRIBUTE + r")*\s*/?>|<!--")


def html_plugin(md: MarkdownIt) -> None:
    """`markdown="…"` blocks before CommonMark's HTML blocks; raw custom elements inside paragraphs."""
    md.block.ruler.before("html_block", "html_markdown", _block, {"alt": ["paragraph", "reference", "blockquote"]})
    md.inline.ruler.before("html_inline", "html_raw_span", _raw_span)


def content_model(tag: str) -> str:
    """What kramdown parses inside `tag` when asked to (`markdown="1"`)."""
    name = tag.lower()
    return "block" if name in BLOCK_MODEL else "span" if name in SPAN_MODEL else "raw"


def attributes(source: str) -> dict[str, str]:
    """A tag's attributes in source order, names lower-cased; the last of a repeated name wins, as in kramdown."""
    found: dict[str, str] = {}
    for match in ATTRIBUTE.finditer(source):
        name, *values = match.groups()
        found[name.lower()] = next((v for v in values if v is not None), "")
    return found


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    begin = state.bMarks[start] + state.tShift[start]
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    opening = OPEN_TAG.match(state.src, begin, state.eMarks[start])
    if opening is None or opening.group(1).lower() in SPAN_ELEMENTS or opening.group(3):
        return False
    tag, attrs = opening.group(1), attributes(opening.group(2))
    mode = MARKDOWN_ATTR.get(attrs.pop("markdown", ""), "")
    model = content_model(tag) if mode == "default" else mode
    if model == "span":
        return _span_block(state, start, end, silent, opening, tag, attrs)
    if model == "block":
        return _block_block(state, start, end, silent, opening, tag, attrs)
    return False


def _span_block(
    state: StateBlock, start: int, end: int, silent: bool, opening: re.Match[str], tag: str, attrs: dict[str, str]
) -> bool:
    """`<p markdown=1 class="x">text</p>`: the text up to the first closing tag is a paragraph's inline content."""
    close = re.compile(rf"</{re.escape(tag)}\s*>", re.IGNORECASE).search(state.src, opening.end())
    if close is None:
        return False
    last = start
    while last < end and state.eMarks[last] < close.end():
        last += 1
    if last >= end or state.src[close.end() : state.eMarks[last]].strip():
        return False  # more after the closing tag: leave the line to CommonMark's HTML rules
    if silent:
        return True
    _open(state, tag, attrs, [start, last + 1])
    inline = state.push("inline", "", 0)
    inline.content = state.src[opening.end() : close.start()]
    inline.map = [start, last + 1]
    inline.children = []
    inline.meta = {"offsets": (opening.end(), close.start())}  # where the text sits in the source
    _close(state, tag)
    state.line = last + 1
    return True


def _block_block(
    state: StateBlock, start: int, end: int, silent: bool, opening: re.Match[str], tag: str, attrs: dict[str, str]
) -> bool:
    """`<div markdown="1">` alone on its line: the lines up to `</div>` at a line start are blocks."""
    if state.src[opening.end() : state.eMarks[start]].strip():
        return False
    closing = re.compile(rf"\s*</{re.escape(tag)}\s*>\s*$", re.IGNORECASE)
    nested = re.compile(rf"\s*<{re.escape(tag)}[\s>]", re.IGNORECASE)
    depth, line = 1, start + 1
    while line < end:
        text = state.src[state.bMarks[line] : state.eMarks[line]]
        depth += 1 if nested.match(text) else -1 if closing.match(text) else 0
        if depth == 0:
            break
        line += 1
    if line >= end:
        return False
    if silent:
        return True
    _open(state, tag, attrs, [start, line + 1])
    old_max = state.lineMax
    state.lineMax = line
    state.md.block.tokenize(state, start + 1, line)
    state.lineMax = old_max
    _close(state, tag)
    state.line = line + 1
    return True


def _open(state: StateBlock, tag: str, attrs: dict[str, str], lines: list[int]) -> None:
    token = state.push("html_element_open", tag, 1)
    token.attrs = dict(attrs)
    token.map = lines
    token.block = True


def _close(state: StateBlock, tag: str) -> None:
    token = state.push("html_element_close", tag, -1)
    token.block = True


def _raw_span(state: StateInline, silent: bool) -> bool:
    """An element whose content kramdown keeps raw: its tags stay tags, its text stays text, no Markdown."""
    if not state.md.options.get("html") or not state.src.startswith("<", state.pos):
        return False
    opening = OPEN_TAG.match(state.src, state.pos, state.posMax)
    if opening is None or opening.group(3):
        return False
    tag = opening.group(1)
    mode = MARKDOWN_ATTR.get(attributes(opening.group(2)).get("markdown", ""), "")
    if content_model(tag) != "raw" or tag.lower() in WITHOUT_BODY or mode in ("span", "block"):
        return False
    flags = re.IGNORECASE if tag.lower() in SPAN_ELEMENTS else 0  # a raw tag is in neither model (above)
    close = re.compile(rf"</{re.escape(tag)}\s*>", flags).search(state.src, opening.end(), state.posMax)
    stop = close.start() if close else state.posMax  # no closing tag: kramdown takes the rest
    if not silent:
        state.push("html_inline", "", 0).content = opening.group(0)
        _raw_content(state, state.src[opening.end() : stop])
        if close:
            state.push("html_inline", "", 0).content = close.group(0)
    state.pos = close.end() if close else state.posMax
    return True


def _raw_content(state: StateInline, raw: str) -> None:
    """Tags as inline HTML; text as text, its character references decoded (the renderer escapes it again)."""
    last = 0
    for start, end in _tags(raw):
        if start > last:
            state.push("text", "", 0).content = html.unescape(raw[last:start])
        state.push("html_inline", "", 0).content = raw[start:end]
        last = end
    if last < len(raw):
        state.push("text", "", 0).content = html.unescape(raw[last:])


def _tags(raw: str) -> Iterator[tuple[int, int]]:
    """Where each tag and each finished `<!-- … -->` comment of `raw` is, left to right.

    A comment is looked for once past the last `-->`, never again for each `<!--`
    that follows: so a run of unfinished `<!--` is text, found in linear time."""
    pos, comments = 0, True
    while (found := TAG_OR_COMMENT.search(raw, pos)) is not None:
        if found.group(0) != "<!--":
            yield found.span()
            pos = found.end()
            continue
        close = raw.find("-->", found.end()) if comments else -1
        if close < 0:
            comments, pos = False, found.start() + 1
            continue
        yield found.start(), close + 3
        pos = close + 3
