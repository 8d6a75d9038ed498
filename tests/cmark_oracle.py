"""A judge of CommonMark pages written by others: cmark-gfm (Debian's build).

engine_oracle.py and reader_oracle.py read the CommonMark flavor with the project's
own markdown-it-py preset, which changes in the same commits as the checks they
judge. This reads the same text with cmark-gfm, the reference C implementation
(`cmark-gfm -t xml`): `shape` as engine_oracle reduces a text (blocks in order, each
block's inline constructs a multiset, words gone), `page` and `breaks` as
reader_oracle does (blocks, links, HTML elements, markup shown as text). cmark-gfm
has no `$` math and no Liquid: pairs with either are not its to judge (`judges`).
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from functools import lru_cache
from typing import Any
from xml.etree import ElementTree

from engine_oracle import _tags

CMARK = "cmark-gfm"
NS = "{http://commonmark.org/xml/1.0}"
BLOCKS = frozenset(
    "document paragraph heading list item block_quote code_block html_block thematic_break table table_header"
    " table_row table_cell".split()
)
SEEN = re.compile(r"[*_`<>]")  # markup a reader sees when it is left as text


def judges(english: str, translation: str) -> bool:
    """Whether cmark-gfm can read this pair as the project's CommonMark flavor does."""
    return not any(mark in text for text in (english, translation) for mark in ("$", "{%", "{{"))


@lru_cache(maxsize=4096)
def shape(text: str) -> Any:
    xml = subprocess.run([CMARK, "-t", "xml"], input=text, capture_output=True, text=True, check=True).stdout
    return _node(ElementTree.fromstring(xml))


def _node(element: ElementTree.Element) -> Any:
    kind = element.tag.removeprefix(NS)
    attrs = tuple(sorted((k, v) for k, v in element.attrib.items() if k not in ("title", "tight") and "}" not in k))
    if kind in ("code", "code_block"):
        return (kind, attrs, element.text or "")
    if kind in ("html_inline", "html_block"):
        return (kind, tuple(_tags(element.text or "")))
    if kind == "text":
        return ("text", tuple(sorted(Counter(SEEN.findall(element.text or "")).items())))
    children = [_node(child) for child in element]
    if kind in BLOCKS and any(child.tag.removeprefix(NS) in BLOCKS for child in element):
        return (kind, attrs, tuple(children))  # blocks keep their order
    inline = Counter(c for c in _flat(children) if c not in (("text", ()), ("softbreak",), ("linebreak",)))
    return (kind, attrs, tuple(sorted(inline.items(), key=repr)))


def _flat(children: list[Any]) -> list[Any]:
    """The inline constructs, nested ones with their own multiset; text merged per character."""
    out: list[Any] = []
    marks: Counter[str] = Counter()
    for child in children:
        if child[0] == "text":
            marks.update(dict(child[1]))
        elif len(child) == 1:
            out.append(child)
        else:
            out.append(child)
    if marks:
        out.append(("text", tuple(sorted(marks.items()))))
    return out


def same_structure(english: str, translation: str) -> bool:
    return shape(english) == shape(translation)


# -- the reader's page (reader_oracle.Page), as cmark-gfm makes it --------------------------

CONTAINERS = frozenset({"emph", "strong", "link", "strikethrough"})


def page(text: str) -> Any:
    """The page cmark-gfm makes of a text, reduced as reader_oracle reduces
    markdown-it-py's: blocks nested, links, HTML elements, markup shown as text."""
    from reader_oracle import Page

    found = Page()
    xml = subprocess.run([CMARK, "-t", "xml"], input=text, capture_output=True, text=True, check=True).stdout
    found.blocks = _blocks(ElementTree.fromstring(xml), found)
    return found


def _blocks(element: ElementTree.Element, found: Any) -> list[Any]:
    from reader_oracle import PRESENTATIONAL

    blocks: list[Any] = []
    for child in element:
        kind = child.tag.removeprefix(NS)
        if kind in ("paragraph", "heading", "table_cell"):
            _inline(child, found)
            blocks.append((kind + child.attrib.get("level", ""), ()))
        elif kind in ("code_block", "thematic_break"):
            blocks.append((kind,))
        elif kind == "html_block":
            blocks.append((kind, tuple(t for t in _tags(child.text or "") if t[0].strip("/") not in PRESENTATIONAL)))
        else:  # a container: list, item, block quote, table and its rows
            blocks.append((kind + child.attrib.get("type", ""), tuple(_blocks(child, found))))
    return blocks


def _inline(element: ElementTree.Element, found: Any) -> None:
    from reader_oracle import PRESENTATIONAL, _text

    run: list[str] = []

    def walk(node: ElementTree.Element) -> None:
        for child in node:
            kind = child.tag.removeprefix(NS)
            if kind == "text":
                run.append(child.text or "")
                continue
            _text("".join(run), found, typeset=False)
            run.clear()
            if kind == "link":
                found.links[("a", child.attrib.get("destination", ""))] += 1
            elif kind == "image":
                found.links[("img", child.attrib.get("destination", ""))] += 1
                continue  # its alt text is no text of the page
            elif kind == "html_inline":
                for tag in _tags(child.text or ""):
                    if tag[0].strip("/") not in PRESENTATIONAL:
                        found.elements[tag] += 1
            if kind in CONTAINERS:
                walk(child)
                _text("".join(run), found, typeset=False)
                run.clear()

    walk(element)
    _text("".join(run), found, typeset=False)


def breaks(english: str, translation: str) -> list[str]:
    """reader_oracle.breaks for the CommonMark flavor, with cmark-gfm as the engine."""
    from reader_oracle import _compared

    return _compared(page(english), page(translation), {})
