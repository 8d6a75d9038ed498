"""MkDocs' titled blocks: admonitions (`!!! note "Title"`), details (`??? note`,
`???+ note`) and content tabs (`=== "Tab"`), as Python-Markdown's admonition and
pymdownx's details and tabbed extensions read them.

Each is a marker line, at the start of a line, with an optional quoted title, then a
body indented four spaces (blank lines inside it and after it do not end it; the
first line indented less does). The marker line interrupts a paragraph, as those
extensions split a block at it. The title is a message of its own, its span the text
between the quotes (`model.TITLE`); a title the source does not write (`!!! note`
shows "Note") is the page's, not a message. The body is Markdown in a container
(`model.CONTAINER`), so its paragraphs are messages like any other.

The regular expressions are those of Python-Markdown 3 and pymdown-extensions 10,
anchored to one line; tests/test_mkdocs.py holds our reading to theirs.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from mdgettext.model import CONTAINER, SPAN, TITLE

ADMONITION = re.compile(r'!!! ?(?P<kind>[\w\-]+(?: +[\w\-]+)*)(?: +"(?P<title>.*?)")? *$')
DETAILS = re.compile(
    r'\?{3}(?P<open>\+)? ?(?:(?P<kind>[\w\-]+(?: +[\w\-]+)*?)?(?: +"(?P<title>.*?)")|(?P<bare>[\w\-]+(?: +[\w\-]+)*?)) *$'
)
TAB = re.compile(r'={3}(?P<special>\+|\+!|!\+|!)? +"(?P<title>.*?)" *$')
MARKERS = {"!!!": ADMONITION, "???": DETAILS, "===": TAB}
# pymdownx.blocks' lines (its `RE_START` and `RE_END`, one line each): `/// tip | Title`
# opens a block, its title after the `|`, and the lines indented four spaces right under
# it are its YAML options (`RE_INDENT_YAML_LINE`: `attrs` puts any attribute on it); `///`
# alone closes one
GENERIC_LINE = re.compile(r"^[ ]{0,3}(/{3,})[ ]*(?:([\w-]+)[ ]*(?:\|(.*))?)?$((?:\n[ ]{4,}\S.*)*)", re.MULTILINE)
ELEMENT_ARGUMENT = frozenset({"html"})  # pymdownx.blocks.html: `/// html | div` names the element, no title
INDENT = 4  # Python-Markdown's tab_length: a body is indented by one tab stop
SPACES = re.compile(r" {2,}")


def generic_blocks(text: str) -> tuple[str, list[tuple[str, bool]]]:
    """pymdownx.blocks' lines in `text` (`/// tip | 팁` opens an admonition titled 팁,
    `///` closes it): the text with each opening line's pipes blanked, and each line as
    what it does (`/// tip`, `///`), so a translation keeps the English's blocks, with
    whether it makes markup of its own (YAML options under it, whose `attrs` put any
    attribute on the block, or the element `/// html | script` names).

    The first pipe starts the block's title and the rest are the title's text
    (Python-Markdown writes `<p class="admonition-title">a | b</p>`), none a table's;
    the judge reads the title's other markup (links, HTML, emphasis) as any line's.
    Python-Markdown makes no table of a single line, so a line it does not read as a
    block (a type the site does not register) is no row either."""
    if "///" not in text:
        return text, []
    found: list[tuple[str, bool]] = []

    def blank(match: re.Match[str]) -> str:
        slashes, name, argument, options = match.groups()
        line = f"{slashes} {name}" if name else slashes
        element = name in ELEMENT_ARGUMENT and argument is not None
        if element:
            line += f" | {argument.strip()}"
        if options:
            line += " with the options " + " ".join(options.split())
        found.append((line, element or bool(options)))
        return match.group(0).replace("|", " ")

    return GENERIC_LINE.sub(blank, text), found


def blocks_plugin(md: MarkdownIt) -> None:
    """The three block rules, before fences (as the extensions run before the paragraph's)."""
    md.block.ruler.before("fence", "mkdocs_blocks", _block, {"alt": ["paragraph", "reference", "blockquote", "list"]})


def _block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    indent = state.sCount[start] - state.blkIndent
    # At the start of the line, as `(?:^|\n)!!!`; in a list item, wherever Python-Markdown's
    # four-space indent for the item's blocks puts it (markdown-it's item starts after its marker).
    if indent < 0 or indent >= INDENT or (indent and not _in_list_item(state)):
        return False
    begin, line_end = state.bMarks[start] + state.tShift[start], state.eMarks[start]
    kind = MARKERS.get(state.src[begin : begin + 3])
    found = kind.match(state.src, begin, line_end) if kind is not None else None
    if found is None:
        return False
    if silent:
        return True
    last = start  # the body's last line that is not blank
    line = start + 1
    while line < end:
        if not state.isEmpty(line):
            if state.sCount[line] < state.sCount[start] + INDENT:
                break
            last = line
        line += 1
    name = "admonition" if kind is ADMONITION else "details" if kind is DETAILS else "tab"
    opening = state.push(f"{name}_open", {"admonition": "div", "details": "details", "tab": "div"}[name], 1)
    opening.block, opening.map, opening.markup = True, [start, last + 1], found.group(0)[:3]
    opening.meta = {CONTAINER: name}
    _attributes(opening.attrs, name, found)
    _title(state, name, found, start)
    old = (state.parentType, state.lineMax, state.blkIndent)
    state.parentType, state.lineMax = "admonition", last + 1
    state.blkIndent = state.sCount[start] + INDENT
    state.md.block.tokenize(state, start + 1, last + 1)
    state.parentType, state.lineMax, state.blkIndent = old
    closing = state.push(f"{name}_close", opening.tag, -1)
    closing.block, closing.meta = True, {CONTAINER: name}
    state.line = last + 1
    return True


def _in_list_item(state: StateBlock) -> bool:
    """Whether the block being read is a list item's (markdown-it's `parentType` can be
    left at "paragraph" by its setext rule, so the open tokens say it)."""
    opened = next((t for t in reversed(state.tokens) if t.nesting == 1 and t.level == state.level - 1), None)
    return opened is not None and opened.type == "list_item_open"


def _attributes(attrs: dict[str, str | int | float], name: str, found: re.Match[str]) -> None:
    """The element's attributes as the extension writes them."""
    if name == "admonition":
        attrs["class"] = "admonition " + SPACES.sub(" ", found["kind"].lower())
    elif name == "details":
        kind = found["bare"] or found["kind"]
        if kind:
            attrs["class"] = SPACES.sub(" ", kind.lower())
        if found["open"]:
            attrs["open"] = "open"
    else:
        attrs["class"] = "tabbed-block"


def _title(state: StateBlock, name: str, found: re.Match[str], line: int) -> None:
    """The title: a message where the source writes one, else the extension's own word
    (`!!! note` is titled "Note"), or none (`!!! note ""`)."""
    tag = {"admonition": "p", "details": "summary", "tab": "label"}[name]
    written = None if name == "details" and found["bare"] else found["title"]
    if written is None:  # the first class, capitalized, as the extensions title it
        kind = found["bare"] if name == "details" else found["kind"]
        default = state.push(f"{name}_title", tag, 0)
        default.block, default.map, default.content = True, [line, line + 1], kind.lower().split(" ")[0].capitalize()
        return
    if not written.strip():  # nothing to translate: an admonition shows no title, the others an empty one
        if name != "admonition":
            empty = state.push(f"{name}_title", tag, 0)
            empty.block, empty.map, empty.content = True, [line, line + 1], written
        return
    opening = state.push(f"{name}_title_open", tag, 1)
    opening.block, opening.map = True, [line, line + 1]
    if name == "admonition":
        opening.attrs["class"] = "admonition-title"
    first, stop = found.span("title")
    first += len(written) - len(written.lstrip())  # spaces inside the quotes are no words
    stop -= len(written) - len(written.rstrip())
    inline = state.push("inline", "", 0)
    inline.content, inline.map, inline.children = state.src[first:stop], [line, line + 1], []
    inline.meta = {TITLE: f"{name} title", SPAN: (first, stop)}
    state.push(f"{name}_title_close", tag, -1).block = True
