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

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

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
    outer = next(e for e in _elements(msgstr, reader(msgstr)) if e.end < 0)  # the first never closed holds the rest
    same = [e for e in _elements(msgid, reader(msgid)) if e.name == outer.name]
    if outer.number >= len(same):
        return msgstr
    english = msgid[same[outer.number].start : same[outer.number].end]
    translated = msgstr[outer.start :] + ending.removesuffix(f"</{outer.name}>")
    return msgstr + ending if _shape(reader(english)) == _shape(reader(translated)) else msgstr


@dataclass(frozen=True, slots=True)
class _Element:
    """An element the inline HTML opens: where its content starts and ends (-1: never
    closed), and its number among the elements of its name."""

    name: str
    start: int
    end: int
    number: int


def _elements(markdown: str, inventory: Inventory) -> list[_Element]:
    """The elements the inline HTML of `markdown` opens, in order, with where their content lies."""
    found: list[_Element] = []
    open_: list[int] = []
    counts: Counter[str] = Counter()
    cursor = 0
    for raw in inventory.html:
        at = markdown.find(raw, cursor)
        cursor = at + len(raw) if at >= 0 else cursor
        tag = read_tag(raw)
        if tag is None or at < 0:
            continue
        if tag.closing and open_ and found[open_[-1]].name == tag.name:
            i = open_.pop()
            found[i] = replace(found[i], end=at)
        elif not tag.closing and not tag.self_closing and tag.name not in WITHOUT_BODY:
            open_.append(len(found))
            found.append(_Element(tag.name, cursor, -1, counts[tag.name]))
            counts[tag.name] += 1
    return found


def _shape(inventory: Inventory) -> tuple[object, ...]:
    """What an element holds, words aside: the constructs a reader sees."""
    parts = ("links", "code", "math", "footnotes", "tags", "liquid")
    return (inventory.emphasis, inventory.strong, *(sorted(inventory.counted(p).items()) for p in parts))
