"""The end tags kramdown writes for an inline element a message leaves open.

kramdown parses a paragraph's (a heading's, a list item's, a table cell's) inline
HTML as a tree, and closes each element still open at the end of that text
("Found no end tag for 'span' - auto-closing it"): `a <d-footnote>note` publishes
as `a <d-footnote>note</d-footnote>`. So a translation that drops the last
`</span>` or `</d-footnote>` of its paragraph shows the reader what the English
shows, and refusing it would throw correct work away. The build writes those end
tags into the translation, so the Markdown the site takes and the HTML page (where
a browser would otherwise carry an open `<b>` into the next paragraph) are the
page kramdown makes; `check` says so as a warning.

Only a message whose tags nest is closed, and only when the element it leaves
open holds what the English's holds: kramdown shows an end tag that closes nothing
open as text, and an element closed at the end swallows the link or the bold the
English had after it; both are different pages.
"""

from __future__ import annotations

from collections.abc import Sequence

from mdgettext.markdown.inline import Inventory, Reader, Tag, read_tag
from mdgettext.markdown.kramdown.raw_html import WITHOUT_BODY


def end_tags(tags: Sequence[Tag]) -> tuple[str, ...] | None:
    """The names of the elements `tags` leave open, innermost first; None when an end
    tag closes something other than the innermost open element."""
    open_: list[str] = []
    for tag in tags:
        if tag.closing:
            if not open_ or open_[-1] != tag.name:
                return None
            open_.pop()
        elif not tag.self_closing and tag.name not in WITHOUT_BODY:
            open_.append(tag.name)
    return tuple(reversed(open_))


def closed(msgid: str, msgstr: str, reader: Reader) -> str:
    """`msgstr` with the end tags kramdown adds at the end of its text, when its English
    closes every element it opens and the element left open holds what the English's
    holds; otherwise `msgstr` as it is. Only for a project read as kramdown."""
    if not reader.flavor.closes_elements or "<" not in msgstr:
        return msgstr
    names = end_tags(reader(msgstr).tags)
    if not names or end_tags(reader(msgid).tags) != ():
        return msgstr
    ending = "".join(f"</{name}>" for name in names)
    opened = _elements(msgstr, reader(msgstr))
    outer = next(e for e in opened if e[2] < 0)  # the first element never closed holds the others
    same = [e for e in _elements(msgid, reader(msgid)) if e[0] == outer[0]]
    if outer[3] >= len(same):
        return msgstr
    _, start, end, _ = same[outer[3]]
    inside = (msgid[start:end], msgstr[outer[1] :] + ending[: -len(f"</{outer[0]}>")])
    return msgstr + ending if _shape(reader(inside[0])) == _shape(reader(inside[1])) else msgstr


# An element's name, where its content starts and ends (-1: never closed), its number among its name's.
Element = tuple[str, int, int, int]


def _elements(markdown: str, inventory: Inventory) -> list[Element]:
    """The elements the inline HTML of `markdown` opens, in order, with where their content lies."""
    found: list[Element] = []
    open_: list[int] = []
    counts: dict[str, int] = {}
    cursor = 0
    for raw in inventory.html:
        at = markdown.find(raw, cursor)
        cursor = at + len(raw) if at >= 0 else cursor
        tag = read_tag(raw)
        if tag is None or at < 0:
            continue
        if tag.closing and open_ and found[open_[-1]][0] == tag.name:
            i = open_.pop()
            name, start, _, number = found[i]
            found[i] = (name, start, at, number)
        elif not tag.closing and not tag.self_closing and tag.name not in WITHOUT_BODY:
            open_.append(len(found))
            found.append((tag.name, cursor, -1, counts.get(tag.name, 0)))
            counts[tag.name] = counts.get(tag.name, 0) + 1
    return found


def _shape(inventory: Inventory) -> tuple[object, ...]:
    """What an element holds, words aside: the constructs a reader sees."""
    parts = ("links", "code", "math", "footnotes", "tags", "liquid")
    return (inventory.emphasis, inventory.strong, *(sorted(inventory.counted(p).items()) for p in parts))
