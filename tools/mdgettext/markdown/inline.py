"""What a msgid or msgstr holds besides words: the parts a translation must keep.

Both sides are parsed with the same markdown-it-py parser and the source
document's link definitions, so `[text][label]` and autolinks count as links
exactly when the page would render them as links.
"""
from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from html.parser import HTMLParser

from markdown_it.token import Token

from mdgettext.markdown.parser import parser

LIQUID = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.DOTALL)
FOOTNOTE_REF = re.compile(r"\[\^[^\]\s]+\](?!:)")
MASKED_ATTRIBUTES = {"title", "alt"}  # translatable: their presence counts, not their words


@dataclass(frozen=True)
class Inventory:
    links: Counter  # link and image destinations, autolinks
    code: Counter  # code spans, as written
    math: Counter  # $...$ and $$...$$ inside the text
    liquid: Counter
    footnotes: Counter
    tags: Counter  # inline HTML tags: name and attributes
    emphasis: int
    strong: int
    text: str  # the visible text, for prose checks


def inventory(markdown: str, references: Mapping[str, Mapping[str, object]]) -> Inventory:
    env = {"references": copy.deepcopy(dict(references))}
    tokens = parser().parseInline(markdown, env)
    children = tokens[0].children or [] if tokens else []
    links, code, math, tags = Counter(), Counter(), Counter(), Counter()
    emphasis = strong = 0
    text: list[str] = []
    for tok in _flatten(children):
        if tok.type == "link_open":
            links[str(tok.attrs.get("href", ""))] += 1
        elif tok.type == "image":
            links[str(tok.attrs.get("src", ""))] += 1
        elif tok.type == "code_inline":
            code[f"{tok.markup}{tok.content}{tok.markup}"] += 1
        elif tok.type in ("math_inline", "math_inline_double"):
            math[f"{tok.markup}{tok.content}{tok.markup}"] += 1
        elif tok.type == "html_inline":
            tag = normalize_tag(tok.content)
            if tag is not None:
                tags[tag] += 1
        elif tok.type == "em_open":
            emphasis += 1
        elif tok.type == "strong_open":
            strong += 1
        elif tok.type == "text":
            text.append(tok.content)
        elif tok.type in ("softbreak", "hardbreak"):
            text.append(" ")
    return Inventory(
        links=links,
        code=code,
        math=math,
        liquid=Counter(m.group(0) for m in LIQUID.finditer(markdown)),
        footnotes=Counter(m.group(0) for m in FOOTNOTE_REF.finditer(markdown)),
        tags=tags,
        emphasis=emphasis,
        strong=strong,
        text="".join(text),
    )


def _flatten(tokens: list[Token]):
    for tok in tokens:
        yield tok
        if tok.children and tok.type != "image":
            yield from _flatten(tok.children)


class _TagReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: str | None = None

    def _record(self, tag: str, attrs: list[tuple[str, str | None]], close: str = "") -> None:
        kept = sorted((k, "…" if k in MASKED_ATTRIBUTES else (v or "")) for k, v in attrs)
        shown = "".join(f' {k}="{v}"' for k, v in kept)
        self.found = f"<{tag}{shown}{close}>"

    def handle_starttag(self, tag, attrs):
        self._record(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        self._record(tag, attrs, " /")

    def handle_endtag(self, tag):
        self.found = f"</{tag}>"


def normalize_tag(raw: str) -> str | None:
    """An inline HTML tag as a comparable string: attribute order and quoting do not
    matter; the words of `title` and `alt` may be translated. Comments, processing
    instructions and declarations are not tags: None."""
    reader = _TagReader()
    reader.feed(raw)
    reader.close()
    return reader.found


def difference(expected: Counter, actual: Counter) -> tuple[list[str], list[str]]:
    """What `actual` lacks and what it adds, each once per missing or extra copy."""
    missing = list((expected - actual).elements())
    added = list((actual - expected).elements())
    return missing, added
